"""One way to say right or wrong: the verdict every check gives, shown in a notebook.

Vocabulary
----------
- A :class:`Verdict` is what every check returns: ``check(id, answer)`` on a question
  (a prediction, an exercise), ``check_function(kind, fn)`` on a function the student
  wrote, and ``PracticeTree.judge(...)`` on one node of a practice tree.
- ``passed`` (also ``bool(verdict)``); ``diagnosis``: None, or the id of the likely
  mistake (:mod:`.mistakes`); ``diagnoses``: every mistake that gives this answer when
  several do (``diagnosis`` is the first); ``message``: what to tell the student;
  ``score``: the share of the points earned, 0..1 (by default 1.0 when passed, else the
  share of a function's tests passed, 0 for the mistakes that earn nothing).
- ``subject``: what was judged, the first word of the verdict's title: a question's id
  (``"q3.1"``), a function's kind (``"minimax"``) or a node of a practice tree (``"B"``).
- ``hand``: True when the answer was worked out by hand (a number, a set of leaves), so
  the explanation speaks of that answer; False for a function, whose explanation speaks
  of "your function". A function question's verdict holds the function's own verdict in
  ``detail``, and shows that.
- ``picture``: ``(tree, notes, highlight)``, the answer drawn on the tree (over the search
  ``picture_result`` when given, with ``picture_key``, ``[(mark, meaning)]``, under it);
  ``recorded``: True when the answer was only recorded for grading.
- What running a function adds: ``tests`` and ``failed`` (counts), ``hidden`` (graded
  use: no input is shown), ``call`` (the smallest failing call as code), ``failing_input``,
  ``expected`` and ``got``, ``error`` (an :class:`~minimax_lessons.runner.sandbox.ErrorInfo`
  when the function raised), ``output`` (what it printed), ``board`` (a text board to
  show), ``seconds``.

Older names of the same class: ``Feedback`` (questions), ``FunctionCheck`` (functions)
and practice's ``Verdict``; and of its fields: ``question`` and ``kind`` for
``subject``, ``correct`` and ``right`` for ``passed``, ``sentence`` for ``message``,
``points_fraction`` for ``score``.

>>> v = Verdict("q3.7", False, "max-at-every-level", "Your answer 9 is not right.")
>>> bool(v), v.score, v.diagnoses
(False, 0.0, ('max-at-every-level',))
>>> print(v.text())  # doctest: +ELLIPSIS
✘ q3.7: Your answer 9 is not right.
That is what taking the largest child value at every level gives ...
"""

from __future__ import annotations

from dataclasses import dataclass

from . import feedback as F
from ..mistakes import GENERIC, ZERO_CREDIT, explain


@dataclass(frozen=True, repr=False)
class Verdict:
    """The verdict on one answer (see the module docstring); shows itself in a notebook."""

    subject: str
    passed: bool
    diagnosis: str | None = None
    message: str = ""
    seed: object = None
    detail: Verdict | None = None
    picture: tuple | None = None
    recorded: bool = False
    score: float | None = None
    diagnoses: tuple = ()
    picture_result: object = None
    picture_key: tuple = ()
    hand: bool = True
    # what running a function adds
    tests: int = 0
    failed: int = 0
    hidden: bool = False
    call: str | None = None
    failing_input: object = None
    expected: object = None
    got: object = None
    error: object = None
    output: str = ""
    board: str | None = None
    seconds: float = 0.0

    def __post_init__(self):
        if not self.diagnoses and self.diagnosis is not None:
            object.__setattr__(self, "diagnoses", (self.diagnosis,))
        score = self.score
        if score is None:
            share = ((self.tests - self.failed) / self.tests
                     if self.tests and self.diagnosis not in ZERO_CREDIT else 0.0)
            score = 1.0 if self.passed else share
        object.__setattr__(self, "score", max(0.0, min(1.0, float(score))))

    def __bool__(self):
        return self.passed

    @property
    def waiting(self) -> bool:
        """True when there was no answer yet (``...`` or a function's stub): a question
        waiting, shown as such, not as a wrong answer."""
        return self.diagnosis == "not-answered" and not self.passed

    @property
    def explanation(self) -> str:
        """The diagnosis in a sentence ('' when there is none): about the answer given by
        hand, or about "your function" (both mistakes' sentences when two give the answer)."""
        if self.detail is not None:
            return self.detail.explanation
        return explain(" or ".join(self.diagnoses) or None, hand=self.hand)

    # -- the older names ---------------------------------------------------------------------
    @property
    def question(self) -> str:
        """``subject`` by its old name (``kind`` for a function)."""
        return self.subject

    kind = question

    @property
    def correct(self) -> bool:
        """``passed`` by its old name (``right`` in practice)."""
        return self.passed

    right = correct

    @property
    def sentence(self) -> str:
        """``message`` by its old name in practice."""
        return self.message

    @property
    def points_fraction(self) -> float:
        """``score`` by its old name."""
        return self.score

    # -- showing it ----------------------------------------------------------------------------
    def pictures(self) -> tuple:
        """The trees this verdict shows, as data: ``((svg, alt text), ...)``, the drawings
        :meth:`_repr_html_` shows as PNG (none for a recorded answer or a hidden test, nor
        where the tree cannot be drawn). The grader's feedback pages show the same."""
        if self.detail is not None:
            return self.detail.pictures()
        if self.recorded or not self.picture or (not self.hand and self.hidden):
            return ()
        game, notes, highlight = (*self.picture, None, ())[:3]
        svg = F.tree_svg(game, notes or {}, set(highlight),
                         self.picture_result if self.hand else None)
        return ((svg, F.text_tree(game, notes, highlight)),) if svg else ()

    def text(self) -> str:
        """The verdict as plain text."""
        if self.detail is not None:
            return f"{self.subject}: " + self.detail.text()
        if self.recorded:
            return f"{self.subject}: {self.message}"
        mark = F.PASS_MARK if self.passed else F.WAIT_MARK if self.waiting else F.FAIL_MARK
        lines = [f"{mark} {self.subject}: {self.message}"]
        return "\n".join(lines + (self._answer_lines() if self.hand else self._run_lines()))

    def __repr__(self):
        return self.text()

    def _repr_html_(self):
        if self.detail is not None:
            return self.detail._repr_html_()
        if self.recorded:
            return F.box(True, f"{self.subject}: recorded", F.para(self.message))
        if self.waiting:  # a question waiting for its answer: no cross, no red
            return F.box(None, f"{self.subject}: waiting for your answer", F.para(self.message))
        if self.hand:
            named = " or ".join(self.diagnoses) if self.diagnoses else "wrong"
            title = "right" if self.passed else named.replace("-", " ")
            return F.box(self.passed, f"{self.subject}: {title}", self._answer_html())
        title = "passed" if self.passed else (self.diagnosis or "wrong").replace("-", " ")
        return F.box(self.passed, f"{self.subject}: {title}", self._run_html())

    # -- an answer given by hand ---------------------------------------------------------
    def _explains(self) -> bool:
        """Whether the diagnosis' sentence adds to the message of a hand answer."""
        return (self.diagnosis not in (None, "wrong", "not-answered")
                and self.explanation not in self.message)

    def _answer_lines(self) -> list:
        lines = [self.explanation] if self._explains() else []
        if self.picture:
            lines.append(F.text_tree(*self.picture))
            marks = set(self.picture[1].values()) if len(self.picture) > 1 else set()
            lines += [f"{mark}: {meaning}" for mark, meaning in self.picture_key
                      if mark in marks]
        return lines

    def _answer_html(self) -> str:
        body = F.para(self.message)
        if self._explains():
            body += F.para(self.explanation)
        if self.picture:
            body += F.tree_picture_html(*self.picture, key=self.picture_key,
                                        result=self.picture_result)
        return body

    # -- a function's run ------------------------------------------------------------------
    def _likely_mistake(self) -> bool:
        return bool(self.diagnosis) and self.diagnosis not in GENERIC

    def _run_lines(self) -> list:
        lines = []
        if self._likely_mistake():
            lines.append(f"Likely mistake ({self.diagnosis}): {self.explanation}")
        if self.hidden:
            return lines
        if self.error and self.error.steps:
            lines.append("Where: " + " -> ".join(f"{name} line {n}" for name, n, _ in
                                                 self.error.steps))
        if self.output:
            lines.append("It printed:\n" + F.capped(self.output, 600))
        if self.picture:
            lines.append(F.text_tree(*self.picture))
        if self.board:
            lines.append(self.board)
        return lines

    def _run_html(self) -> str:
        body = F.para(self.message)
        if self._likely_mistake():
            body += F.para(f"Likely mistake: {self.explanation}")
        if self.hidden:
            return body
        if self.call:
            body += F.code(self.call)
        if self.error and self.error.steps:
            body += F.details("Where in your code", F.code("\n".join(
                f"{name}, line {n}: {text}" for name, n, text in self.error.steps)))
        if self.picture:
            body += F.tree_picture_html(*self.picture)
        if self.board:
            body += F.code(self.board)
        if self.output:
            body += F.details("What your function printed", F.code(F.capped(self.output)))
        return body


__all__ = ["Verdict"]
