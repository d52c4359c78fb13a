"""One way to say right or wrong: the verdict every check gives, shown in a notebook.

Vocabulary
----------
- A :class:`Verdict` is what every check returns: ``check(id, answer)`` on a question
  (a prediction, an exercise), ``check_function(kind, fn)`` on a function the student
  wrote, and ``PracticeTree.judge(...)`` on one node of a practice tree.
- ``subject``: what was judged, the first word of the verdict's title: a question's id
  (``"q3.1"``), a function's kind (``"minimax"``) or a node of a practice tree (``"B"``).
- ``passed`` (also ``bool(verdict)``); ``diagnoses``: the ids of the mistakes that give
  this answer (:mod:`minimax_lessons.mistakes`), a tuple, empty when right or when no
  mistake is named; two when two mistakes give the same answer
  (``("max-at-every-level", "players-swapped")``), never one text naming both;
  ``diagnosis`` reads the first (None when there is none).
- ``message``: what to tell the student; ``score``: the share of the points earned,
  0..1 (by default 1.0 when passed, else the share of a function's tests passed, 0 for
  the mistakes that earn nothing).
- ``picture``: a :class:`Picture`, the answer drawn on the tree, as data (the tree, the
  notes at its nodes, the nodes to point at, a traced search drawn under the notes, and
  the key ``[(mark, meaning)]`` under it); :meth:`Verdict.pictures` renders it.
- ``seed``: the variant of the question answered; ``recorded``: True when the answer was
  only recorded for grading.
- ``run``: a :class:`FunctionRun` when the answer is a function (``check_function``, or a
  question answered by a function), None for an answer given by hand (a number, a set of
  leaves). It holds what only running a function gives: ``kind`` (the function kind
  run, the title of what it shows), ``tests`` and ``failed`` (counts), ``hidden`` (graded
  use: no input is shown), ``call`` (the smallest failing call as code),
  ``failing_input``, ``expected`` and ``got``, ``error`` (an
  :class:`~minimax_lessons.runner.sandbox.ErrorInfo` when the function raised),
  ``output`` (what it printed), ``board`` (a text board to show), ``seconds``. A hand
  answer is explained in words about that answer, a function in words about "your
  function".

>>> v = Verdict("q3.7", False, "max-at-every-level", "Your answer 9 is not right.")
>>> bool(v), v.score, v.diagnoses
(False, 0.0, ('max-at-every-level',))
>>> print(v.text())  # doctest: +ELLIPSIS
✘ q3.7: Your answer 9 is not right.
That is what taking the largest child value at every level gives ...
>>> Verdict("B", False, ("max-at-every-level", "players-swapped")).diagnosis
'max-at-every-level'
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from . import feedback as F
from ..mistakes import GENERIC, ZERO_CREDIT, explain


@dataclass(frozen=True)
class Picture:
    """A tree with an answer drawn on it: ``notes`` (node -> mark), ``highlight`` (nodes
    pointed at), ``search`` (a search made with ``trace=True``, drawn under the notes: its
    values, its pruned leaves dashed) and ``key``, ``((mark, meaning), ...)`` said under it.

    >>> from minimax_lessons.games.tree import GameTree
    >>> print(Picture(GameTree.from_nested([3, 5]), {"B": "you"}, {"B"}).text())
    A (MAX)
    ├── B = 3  you  <--
    └── C = 5
    """

    tree: object
    notes: dict = field(default_factory=dict)
    highlight: frozenset = frozenset()
    search: object = None
    key: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "notes", dict(self.notes or {}))
        object.__setattr__(self, "highlight", frozenset(self.highlight or ()))
        object.__setattr__(self, "key", tuple(self.key or ()))

    def text(self) -> str:
        """The tree as text, the notes at their nodes, ``<--`` at the highlighted ones."""
        return F.text_tree(self.tree, self.notes, self.highlight)

    def key_lines(self) -> list:
        """``"mark: meaning"`` for each mark of the key that the notes use."""
        marks = set(self.notes.values())
        return [f"{mark}: {meaning}" for mark, meaning in self.key if mark in marks]

    def svg(self) -> str | None:
        """The drawing (None where the tree cannot be drawn)."""
        return F.tree_svg(self.tree, self.notes, set(self.highlight), self.search)

    def html(self) -> str:
        """The drawing as a PNG ``<img>`` (text where it cannot be drawn), the key under it."""
        return F.tree_picture_html(self.tree, self.notes, self.highlight, key=self.key,
                                   result=self.search)


@dataclass(frozen=True)
class FunctionRun:
    """What running a student's function adds to its verdict (see the module docstring)."""

    kind: str
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


def _ids(diagnoses) -> tuple:
    """``diagnoses`` as a tuple of ids (one id may be given alone, None for none)."""
    found = () if diagnoses is None else (diagnoses,) if isinstance(diagnoses, str) \
        else tuple(diagnoses)
    for vid in found:
        if not isinstance(vid, str) or " or " in vid:
            raise ValueError(f"a diagnosis is one mistake id, not {vid!r}: give several "
                             "as a tuple of ids")
    return found


@dataclass(frozen=True, repr=False)
class Verdict:
    """The verdict on one answer (see the module docstring); shows itself in a notebook:
    ``Verdict(subject, passed, diagnoses, message, *, score, picture, seed, recorded, run)``.
    """

    subject: str
    passed: bool
    diagnoses: tuple = ()
    message: str = ""
    _: KW_ONLY  # the rest by name
    score: float | None = None
    picture: Picture | None = None
    seed: object = None
    recorded: bool = False
    run: FunctionRun | None = None

    def __post_init__(self):
        object.__setattr__(self, "diagnoses", _ids(self.diagnoses))
        score, run = self.score, self.run
        if score is None:
            share = ((run.tests - run.failed) / run.tests
                     if run and run.tests and self.diagnosis not in ZERO_CREDIT else 0.0)
            score = 1.0 if self.passed else share
        object.__setattr__(self, "score", max(0.0, min(1.0, float(score))))

    def __bool__(self):
        return self.passed

    @property
    def diagnosis(self) -> str | None:
        """The first of the diagnoses, the one a function's verdict names (None if none)."""
        return self.diagnoses[0] if self.diagnoses else None

    @property
    def waiting(self) -> bool:
        """True when there was no answer yet (``...`` or a function's stub): a question
        waiting, shown as such, not as a wrong answer."""
        return self.diagnosis == "not-answered" and not self.passed

    @property
    def explanation(self) -> str:
        """The diagnoses in a sentence each ('' when there is none): about the answer given
        by hand, or about "your function"."""
        return explain(self.diagnoses, hand=self.run is None)

    # -- showing it ----------------------------------------------------------------------------
    def pictures(self) -> tuple:
        """The trees this verdict shows, as data: ``((svg, alt text), ...)``, the drawings
        :meth:`_repr_html_` shows as PNG (none for a recorded answer or a hidden test, nor
        where the tree cannot be drawn). The grader's feedback pages show the same."""
        if self.recorded or not self.picture or (self.run and self.run.hidden):
            return ()
        svg = self.picture.svg()
        return ((svg, self.picture.text()),) if svg else ()

    def text(self) -> str:
        """The verdict as plain text."""
        if self.recorded:
            return f"{self.subject}: {self.message}"
        mark = F.PASS_MARK if self.passed else F.WAIT_MARK if self.waiting else F.FAIL_MARK
        lines = [f"{mark} {self._title_subject()}: {self.message}"]
        text = "\n".join(lines + (self._run_lines() if self.run else self._answer_lines()))
        return f"{self.subject}: {text}" if self._shows_function() else text

    def __repr__(self):
        return self.text()

    def _repr_html_(self):
        if self.recorded:
            return F.box(True, f"{self.subject}: recorded", F.para(self.message))
        if self.waiting:  # a question waiting for its answer: no cross, no red
            return F.box(None, f"{self.subject}: waiting for your answer", F.para(self.message))
        if self.run is None:
            named = " or ".join(self.diagnoses) if self.diagnoses else "wrong"
            title = "right" if self.passed else named.replace("-", " ")
            return F.box(self.passed, f"{self.subject}: {title}", self._answer_html())
        title = "passed" if self.passed else (self.diagnosis or "wrong").replace("-", " ")
        return F.box(self.passed, f"{self._title_subject()}: {title}", self._run_html())

    def _shows_function(self) -> bool:
        """Whether this is a question answered by a function: it shows the function's run,
        under the question's id."""
        return self.run is not None and self.run.kind != self.subject

    def _title_subject(self) -> str:
        return self.run.kind if self.run is not None else self.subject

    # -- an answer given by hand ---------------------------------------------------------
    def _explains(self) -> bool:
        """Whether the diagnosis' sentence adds to the message of a hand answer."""
        return (self.diagnosis not in (None, "wrong", "not-answered")
                and self.explanation not in self.message)

    def _answer_lines(self) -> list:
        lines = [self.explanation] if self._explains() else []
        if self.picture:
            lines += [self.picture.text(), *self.picture.key_lines()]
        return lines

    def _answer_html(self) -> str:
        body = F.para(self.message)
        if self._explains():
            body += F.para(self.explanation)
        if self.picture:
            body += self.picture.html()
        return body

    # -- a function's run ------------------------------------------------------------------
    def _likely_mistake(self) -> bool:
        return bool(self.diagnosis) and self.diagnosis not in GENERIC

    def _run_lines(self) -> list:
        run, lines = self.run, []
        if self._likely_mistake():
            lines.append(f"Likely mistake ({self.diagnosis}): {self.explanation}")
        if run.hidden:
            return lines
        if run.error and run.error.steps:
            lines.append("Where: " + " -> ".join(f"{name} line {n}" for name, n, _ in
                                                 run.error.steps))
        if run.output:
            lines.append("It printed:\n" + F.capped(run.output, 600))
        if self.picture:
            lines.append(self.picture.text())
        if run.board:
            lines.append(run.board)
        return lines

    def _run_html(self) -> str:
        run, body = self.run, F.para(self.message)
        if self._likely_mistake():
            body += F.para(f"Likely mistake: {self.explanation}")
        if run.hidden:
            return body
        if run.call:
            body += F.code(run.call)
        if run.error and run.error.steps:
            body += F.details("Where in your code", F.code("\n".join(
                f"{name}, line {n}: {text}" for name, n, text in run.error.steps)))
        if self.picture:
            body += self.picture.html()
        if run.board:
            body += F.code(run.board)
        if run.output:
            body += F.details("What your function printed", F.code(F.capped(run.output)))
        return body


__all__ = ["Verdict", "FunctionRun", "Picture"]
