"""Predict the output: a value, an exception, or ``FOREVER`` ("runs forever").

>>> q = PredictQuestion("demo.p", "What does it give?", "1 + 1")
>>> q.check(2).passed, q.check("TypeError").diagnosis
(True, 'expects-error')
"""

from __future__ import annotations

import ast
import re

from ...runner.codec import Opaque, exception_name
from ..answers import as_number, same_number
from ...runner.shipping import from_source
from .question import Question, by_hand


#: The answer "it runs forever" for predict-the-output questions.
FOREVER = "runs forever"
_FOREVER_WORDS = {"runs forever", "forever", "infinite loop", "loops forever", "never ends",
                  "never stops", "endless loop", "runs forever loop", "hangs", "infinite",
                  "does not stop", "doesn't stop", "does not end", "doesn't end", "loops"}
# -- predict the output ---------------------------------------------------------------------
class PredictQuestion(Question):
    """What does this code give: a value, an error, or does it run forever?

    The snippet's last line is an expression; its value is the output. The
    right answer is found by running the snippet in the sandbox (a snippet
    still running after ``time_limit`` seconds "runs forever").
    """

    kind = "predict"
    answer_hint = 'a value, an exception such as TypeError, or FOREVER ("runs forever")'

    def __init__(self, id, prompt, code=None, *, make=None, mistakes=None, time_limit=1.0,
                 **kw):
        if make is None and code is None:
            raise ValueError(f"question {id}: give code= or make=")
        super().__init__(id, prompt, make=make, data={"code": code} if code else None, **kw)
        self._mistakes = mistakes or {}
        self.time_limit = time_limit
        self._outcomes = {}

    def listing(self, seed=0):
        return self.data(seed)["code"]

    def outcome(self, seed=0):
        """("value", v) | ("raises", name) | ("forever", None): what the snippet does.
        Run once per snippet: seeds that give the same code share its outcome (a snippet
        that loops costs its time limit once, not once per seed)."""
        code = self.data(seed)["code"]
        if code not in self._outcomes:
            self._outcomes[code] = run_snippet(code, self.time_limit)
        return self._outcomes[code]

    def check(self, answer, seed=0, **options):
        said = _prediction(answer)
        what, value = self.outcome(seed)
        if said[0] == what and (what == "forever" or _same_prediction(said[1], value)):
            return self._feedback(True, None, "Right.", seed)
        if what == "raises" and value == "RecursionError" and said[0] == "forever":
            return self._feedback(False, "expects-loop", "Close: it would recurse forever, "
                                  "but Python stops endless recursion with an error. Which one?",
                                  seed)
        diagnosis = {("value", "raises"): "expects-error", ("value", "forever"): "expects-loop",
                     ("raises", "value"): "misses-error", ("raises", "raises"): "wrong-error",
                     ("raises", "forever"): "expects-loop", ("forever", "value"): "misses-loop",
                     ("forever", "raises"): "misses-loop"}.get((what, said[0]), "wrong")
        if diagnosis == "wrong":
            for wrong, vid in self._mistakes.items():
                if _same_prediction(said[1], wrong):
                    diagnosis = vid
                    break
        return self._feedback(False, diagnosis, by_hand(diagnosis), seed)


def _prediction(answer):
    if isinstance(answer, str) and _words(answer) in _FOREVER_WORDS:
        return ("forever", None)
    name = exception_name(answer)
    if name is not None:
        return ("raises", name)
    return ("value", answer)


def _words(text):
    return " ".join(re.sub(r"[^a-z' ]", " ", text.lower()).split())


def _same_prediction(said, value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = as_number(said)
        return number is not None and same_number(number, value)
    if isinstance(said, str) and isinstance(value, str):
        return said.strip().strip("'\"") == value.strip()
    if isinstance(value, Opaque):
        return isinstance(said, str) and said.strip() == value.repr
    return said == value and type(said) is type(value) or (
        isinstance(said, (list, tuple)) and isinstance(value, (list, tuple))
        and list(said) == list(value))


def run_snippet(code: str, time_limit: float = 1.0):
    """Run a snippet in the sandbox: ("value", v), ("raises", name) or ("forever", None)."""
    from ..harness import call_args
    from ...runner.sandbox import default_sandbox

    tree = ast.parse(code)
    body = tree.body or [ast.Pass()]
    if isinstance(body[-1], ast.Expr):
        body[-1] = ast.Return(body[-1].value)
    func = ast.FunctionDef(name="snippet", args=ast.arguments(
        posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=body, decorator_list=[], returns=None, type_params=[])
    source = ast.unparse(ast.fix_missing_locations(ast.Module([func], [])))
    run = default_sandbox().run(from_source(source, "snippet", "the snippet"), [()],
                                harness=f"{call_args.__module__}:call_args",
                                time_limit=time_limit)
    if run.setup_error is not None:
        return ("raises", run.setup_error.type)
    outcome = run.outcomes[0]
    if outcome.status == "timeout":
        return ("forever", None)
    if outcome.status == "raised":
        return ("raises", outcome.error.type)
    if outcome.status != "ok":
        raise RuntimeError(f"the snippet could not be run: {outcome}")
    return ("value", outcome.value)
