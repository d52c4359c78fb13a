"""Write the function: answered by a function, checked as ``check_function`` does.

>>> FunctionQuestion("demo.fn", "Write minimax.", "minimax").answer_hint
'a function'
"""

from __future__ import annotations

import ast
import textwrap

from .. import feedback as F
from .question import Question, seed_of


# -- write the function -----------------------------------------------------------------------
class FunctionQuestion(Question):
    """Write a function of one of the kinds of :mod:`~minimax_lessons.exercises.function_kinds`."""

    kind = "function"
    answer_hint = "a function"

    def __init__(self, id, prompt, function_kind, *, prune_ties=True, time_limit=None,
                 partial=True, **kw):
        super().__init__(id, prompt, **kw)
        self.function_kind = function_kind
        self.prune_ties = prune_ties
        self.time_limit = time_limit
        self.partial = partial

    def check(self, answer, seed=0, *, hidden=False, salt=None, **options):
        """Run the function on the kind's tests; ``salt`` (the grader's secret, for hidden
        tests) makes the inputs ones no student can work out beforehand."""
        from ..functions import check_function
        from ...runner.shipping import Shipped

        if not callable(answer) and not isinstance(answer, Shipped):
            return self._bad(seed, f"{F.show(answer)} is not a function.")
        if _is_stub(answer):
            return self._feedback(False, "not-answered", "Not answered yet: write the body of "
                                  "the function (replace the ... line with your code).", seed)
        tests = seed_of(seed) if salt is None else f"{seed_of(seed)}:{salt}"
        result = check_function(self.function_kind, answer, seed=tests, hidden=hidden,
                                time_limit=self.time_limit, prune_ties=self.prune_ties)
        return self._feedback(result.passed, result.diagnosis, result.message, seed,
                              detail=result,
                              score=result.score if self.partial else float(result.passed))


def _is_stub(fn) -> bool:
    """True for a function whose body is only ``...`` or ``pass`` (and a docstring)."""
    from ...runner.shipping import Shipped, ShippingError, ship

    try:
        source = (fn if isinstance(fn, Shipped) else ship(fn)).source
        tree = ast.parse(textwrap.dedent(source or ""))
    except (ShippingError, SyntaxError, TypeError, ValueError):
        return False
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return False
    body = defs[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return all(isinstance(n, ast.Pass) or (isinstance(n, ast.Expr) and isinstance(
        n.value, ast.Constant) and n.value.value is Ellipsis) for n in body)
