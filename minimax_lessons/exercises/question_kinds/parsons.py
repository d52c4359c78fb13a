"""Parsons problems: the lines' labels in the order that makes the function.

>>> ParsonsQuestion.kind
'parsons'
"""

from __future__ import annotations

import re

from .. import feedback as F
from ...mistakes import DIAGNOSES, GENERIC, explain
from ...runner.shipping import from_source
from ...words import counted
from .question import Question


# -- Parsons problems -----------------------------------------------------------------------
class ParsonsQuestion(Question):
    """Put the given lines in order. Answer: the labels (1, 2, ...) in order, or the lines.

    ``lines`` is the solution in order (with indentation); ``distractors``
    are lines that do not belong; ``alternatives`` are other correct orders
    (lists of line texts). With ``function_kind`` (and ``function_name``) any
    order whose code passes ``check_function`` is also accepted. With ``diagnose=True``
    every other order is run too, and named by what it does: Python refuses it, it uses
    a name before setting it, or it makes a known mistake of its kind. ``given`` is code
    run before the lines (a function they call), never shown as a line.
    """

    kind = "parsons"
    answer_hint = "a list of line labels (the numbers shown) in order"

    def __init__(self, id, prompt, lines, *, distractors=(), alternatives=(),
                 function_kind=None, function_name=None, diagnose=False, given="",
                 **kw):
        self.lines = [line.rstrip() for line in lines]
        self.distractors = [line.rstrip() for line in distractors]
        self.alternatives = [[line.rstrip() for line in alt] for alt in alternatives]
        self.function_kind = function_kind
        self.function_name = function_name
        self.diagnose = diagnose  # run every wrong order and name what it does
        self.given = given
        super().__init__(id, prompt, make=self._shuffle, **kw)

    def _shuffle(self, rng):
        shown = self.lines + self.distractors
        order = list(range(len(shown)))
        while True:
            rng.shuffle(order)
            if order[:len(self.lines)] != list(range(len(self.lines))) or len(shown) < 2:
                break
        return {"shown": [shown[i] for i in order]}

    def listing(self, seed=0):
        return "\n".join(f"{i:>2}: {line}" for i, line in enumerate(self.data(seed)["shown"], 1))

    def check(self, answer, seed=0, **options):
        shown = self.data(seed)["shown"]
        chosen = _as_lines(answer, shown, prefer=self.lines)
        if chosen is None:
            return self._bad(seed, f"{F.show(answer)} does not name the lines shown.")
        used_distractor = [line for line in chosen if line in self.distractors]
        solutions = [self.lines] + self.alternatives
        if chosen in solutions:
            return self._feedback(True, None, "Right.", seed)
        if self.diagnose and self.function_kind:
            found = self._run_order(chosen, shown, used_distractor, seed)
            if found is not None:
                return found
        if self.function_kind and not used_distractor:
            from ..functions import check_function

            result = check_function(self.function_kind,
                                    from_source("\n".join(chosen) + "\n", self.function_name),
                                    seed=seed)
            if result.passed:
                return self._feedback(True, None, "Right: your order works too.", seed)
        if used_distractor:
            return self._feedback(False, "distractor-used",
                                  f"Line {_label(shown, used_distractor[0])} "
                                  f"({used_distractor[0].strip()}) does not belong in the "
                                  "solution.", seed)
        best = max(solutions, key=lambda s: _common_prefix(chosen, s))
        k = _common_prefix(chosen, best)
        missing = [line for line in best if line not in chosen]
        if k == len(chosen) < len(best):
            missing_at_end = len(best) - k
            return self._feedback(False, "missing-line", f"Right so far, but "
                                  f"{counted(missing_at_end, 'line')} "
                                  f"{'is' if missing_at_end == 1 else 'are'} missing at the end.",
                                  seed)
        if k == len(best):
            return self._feedback(False, "misplaced-line", f"The first {k} lines are right, "
                                  "but then there are extra lines.", seed)
        line = chosen[k]
        right = "The first line is right" if k == 1 else f"The first {k} lines are right"
        where = (f"{right}; line {_label(shown, line)} ({line.strip()}) is out of place."
                 if k else f"Line {_label(shown, line)} ({line.strip()}) is out of place.")
        if missing:
            return self._feedback(False, "missing-line", f"{where} Also, "
                                  f"{counted(len(missing), 'line')} of the solution "
                                  f"{'is' if len(missing) == 1 else 'are'} not used.", seed)
        return self._feedback(False, "misplaced-line", where, seed)


    def _run_order(self, chosen, shown, used_distractor, seed):
        """The verdict on a wrong order from what its code does (None: nothing to name):
        Python refuses it, it uses a name before setting it, or it behaves like a known
        mistake (``check_function``'s diagnosis)."""
        from ..functions import check_function

        source = "\n".join(chosen) + "\n"
        try:
            compile(source, "<your order>", "exec")
        except SyntaxError as error:
            line = chosen[min(max((error.lineno or 1) - 1, 0), len(chosen) - 1)]
            return self._feedback(
                False, "misplaced-line", f"Python cannot run the lines in this order: "
                f"{error.msg} at line {_label(shown, line)} ({line.strip()}). Look at how "
                "far each line is indented: it says which block the line belongs to.",
                seed)
        given = self.given.rstrip() + "\n\n\n" if self.given else ""
        result = check_function(self.function_kind,
                                from_source(given + source, self.function_name), seed=seed)
        if result.passed:
            return self._feedback(True, None, "Right: your order works too.", seed)
        where = ""
        if used_distractor:
            where = (f"Line {_label(shown, used_distractor[0])} "
                     f"({used_distractor[0].strip()}) does not belong in the solution. ")
        error = result.error
        if error is not None and error.type in ("UnboundLocalError", "NameError"):
            name = re.search(r"'(\w+)'", error.message)
            user = next((line for line in chosen if name and re.search(
                rf"\b{name[1]}\b", line) and not re.match(rf"\s*{name[1]} =", line)), None)
            if name and user is not None:
                return self._feedback(
                    False, "used-before-set", f"{where}Line {_label(shown, user)} "
                    f"({user.strip()}) uses {name[1]} before any line gives it a value: "
                    f"the line that sets {name[1]} must come first.", seed)
        if result.diagnosis in DIAGNOSES and result.diagnosis not in GENERIC:
            return self._feedback(False, result.diagnosis,
                                  f"{where}{explain(result.diagnosis)}", seed)
        return None


def _label(shown, line):
    return shown.index(line) + 1


def _as_lines(answer, shown, prefer=()):
    """The lines an answer names (labels, or the lines' text), None if it names none.

    A line given as text matches its indentation first; a text that matches several
    lines once stripped is taken as one of ``prefer`` (the solution's lines) if it can.
    """
    if not isinstance(answer, (list, tuple)) or not answer:
        return None
    out = []
    for a in answer:
        if isinstance(a, int) and not isinstance(a, bool):
            if not 1 <= a <= len(shown):
                return None
            out.append(shown[a - 1])
        elif isinstance(a, str):
            matches = [s for s in shown if s.rstrip() == a.rstrip()] or \
                sorted((s for s in shown if s.strip() == a.strip()),
                       key=lambda s: s not in prefer)
            if not matches:
                return None
            out.append(matches[0])
        else:
            return None
    return out


def _common_prefix(a, b):
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k
