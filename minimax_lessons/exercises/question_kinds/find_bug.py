"""Find the bug: ``(line number, bug id)`` for a planted bug.

>>> Bug("max-at-every-level", 3, "min(").line
3
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import feedback as F
from .question import Question, by_hand


# -- find the bug ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Bug:
    """A bug to plant: on ``line`` (1-based) of the correct code, write ``text`` instead."""

    diagnosis: str
    line: int
    text: str


class FindBugQuestion(Question):
    """Which line holds the bug, and which kind of bug is it: ``(line, "bug-id")``.

    ``code`` is a correct function; each seed plants one of ``bugs`` in it.
    With ``ask_kind=False`` the answer is just the line number.
    """

    kind = "find-bug"

    def __init__(self, id, prompt, code, bugs, *, ask_kind=True, **kw):
        lines = code.strip("\n").splitlines()
        for bug in bugs:
            if not 1 <= bug.line <= len(lines):
                raise ValueError(f"question {id}: bug line {bug.line} is outside the code")
        super().__init__(id, prompt, make=lambda rng: self._plant(rng), **kw)
        self._lines = lines
        self.bugs = list(bugs)
        self.ask_kind = ask_kind
        self.bug_ids = sorted({b.diagnosis for b in bugs})

    @property
    def answer_hint(self):
        return ("(line number, bug id) with the bug id one of " + ", ".join(self.bug_ids)
                if self.ask_kind else "a line number")

    def _plant(self, rng):
        bug = rng.choice(self.bugs)
        lines = list(self._lines)
        indent = lines[bug.line - 1][:len(lines[bug.line - 1]) - len(lines[bug.line - 1].lstrip())]
        lines[bug.line - 1] = indent + bug.text.strip()
        return {"code": "\n".join(lines), "line": bug.line, "bug": bug.diagnosis}

    def listing(self, seed=0):
        lines = self.data(seed)["code"].splitlines()
        return "\n".join(f"{i:>2}  {line}" for i, line in enumerate(lines, 1))

    def code(self, seed=0) -> str:
        """The buggy code of this variant (to run it)."""
        return self.data(seed)["code"]

    def check(self, answer, seed=0, **options):
        data = self.data(seed)
        if self.ask_kind:
            if isinstance(answer, dict):
                answer = (answer.get("line"), answer.get("bug") or answer.get("kind"))
            if not isinstance(answer, (tuple, list)) or len(answer) != 2:
                return self._bad(seed, f"{F.show(answer)} is not a pair.")
            line, bug = answer
        else:
            line, bug = answer, data["bug"]
        if isinstance(line, bool) or not isinstance(line, int):
            return self._bad(seed, f"{F.show(line)} is not a line number.")
        bug = str(bug).strip().lower().replace(" ", "-").replace("_", "-")
        if self.ask_kind and bug not in self.bug_ids:
            return self._bad(seed, f"{bug!r} is not one of the bug ids.")
        right_line, right_bug = line == data["line"], bug == data["bug"]
        if right_line and right_bug:
            return self._feedback(True, None, f"Right: line {line}, {bug}.", seed)
        if right_line:
            return self._feedback(False, "wrong-bug-kind", by_hand("wrong-bug-kind"), seed)
        if right_bug and self.ask_kind:
            return self._feedback(False, "wrong-line", by_hand("wrong-line"), seed)
        return self._feedback(False, "wrong", f"Line {line} is correct as it is.", seed)
