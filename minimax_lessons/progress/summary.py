"""What the logbook says of a learner: lessons done, mistakes made, what to do next.

Vocabulary
----------
- A lesson's *row* counts its predictions and exercises (graded ones aside): how many
  were answered (*done*) and how many were right at the first answer (*right first
  time*: a prediction is a guess made before the lesson tells; later answers come after
  it has).
- A *misconception* is one named mistake (:mod:`.schedule`) over every kind of question
  it was made in: its name (the id with spaces, as the widgets say it), how often it
  was made, when last, and its *state*, the least advanced of its cards' (*still there*,
  *fading*, *gone for now*), with every answer that moved its cards (its *history*).
- Practice has a row per kind (answers, right, the level reached), the quizzes of the
  animations one row.
- A *step* is the next thing to do: review a mistake (``review()``), go on with a lesson
  (a link to the cell of its first question not answered), practise on the tree.

>>> from minimax_lessons.logbook import answer
>>> s = summarise([answer("p2.1", 0, False, ["max-at-every-level"], kind="value", time=0)],
...               now=120)
>>> s.lessons[1].predictions_done, s.lessons[1].predictions_right
(1, 0)
>>> m = s.misconceptions[0]
>>> m.name, m.times, m.state, ago(s.now - m.last)
('max at every level', 1, 'still there', '2 minutes ago')
>>> [step.code or step.link.rpartition("/")[2] for step in s.steps][:2]
['review()', '01-game-trees.ipynb#cell-id=c14']
"""

from __future__ import annotations

import time as clock
from dataclasses import dataclass

from .. import logbook
from ..exercises.remember import practice_question
from ..exercises.practising import KINDS
from ..mistakes import explain
from .places import link, plan
from .schedule import cards, due

__all__ = ["summarise", "Summary", "LessonRow", "Misconception", "PracticeRow", "Step", "ago",
           "times", "mistake_name", "question_name"]


@dataclass(frozen=True)
class LessonRow:
    lesson: int
    title: str
    predictions: int
    predictions_done: int
    predictions_right: int
    exercises: int
    exercises_done: int
    exercises_right: int


@dataclass(frozen=True)
class Misconception:
    diagnosis: str
    name: str
    sentence: str
    times: int
    last: float
    state: str
    box: int
    due: float
    where: tuple      # the questions it was made in, the most recent first
    history: tuple    # (time, right) of the answers that moved it, oldest first


@dataclass(frozen=True)
class PracticeRow:
    kind: str
    answers: int
    right: int
    level: int | None


@dataclass(frozen=True)
class Step:
    text: str
    link: str | None = None
    code: str | None = None


@dataclass(frozen=True)
class Summary:
    now: float
    answers: int
    lessons: tuple
    misconceptions: tuple
    practice: tuple
    quizzes: tuple    # (stops answered, right)
    steps: tuple


def mistake_name(diagnosis) -> str:
    """A mistake as the widgets name it: ``max at every level``."""
    return diagnosis.replace("-", " ")


def question_name(question) -> str:
    """Where an answer was given, in words: ``p2.1``, ``practice values``, ``quiz (minimax)``.

    >>> question_name("practice:best-move"), question_name("quiz:alphabeta")
    ('practice best-move', 'quiz (alphabeta)')
    """
    kind, _, rest = question.partition(":")
    if kind == "practice":
        return f"practice {rest}"
    if kind == "quiz":
        return f"quiz ({rest})"
    return question


def ago(seconds) -> str:
    """How long ago, in words.

    >>> ago(20), ago(90), ago(3 * 3600), ago(86400 * 1.5), ago(86400 * 9)
    ('just now', '1 minute ago', '3 hours ago', 'yesterday', '9 days ago')
    """
    minutes, hours, days = seconds / 60, seconds / 3600, seconds / 86400
    if minutes < 1:
        return "just now"
    if hours < 1:
        return _count(int(minutes), "minute") + " ago"
    if days < 1:
        return _count(int(hours), "hour") + " ago"
    if days < 2:
        return "yesterday"
    return _count(int(days), "day") + " ago"


def times(n) -> str:
    """``once``, ``twice``, ``3 times``."""
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def _count(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def summarise(found=None, now=None, *, course=None) -> Summary:
    """The summary of the entries ``found`` (else the logbook's) at ``now`` (else now)."""
    found = logbook.entries() if found is None else found
    now = clock.time() if now is None else now
    course = course or plan()
    answered = logbook.answers(found)
    first = {}
    for e in answered:
        first.setdefault(e["question"], e["right"])
    rows = tuple(_lesson_row(course, n, first) for n in course.predictions)
    found_cards = cards(answered)
    mistakes = _misconceptions(found_cards)
    levels = logbook.levels(found)
    practice_rows = []
    for kind in KINDS:
        mine = [e for e in answered if e["question"] == practice_question(kind)]
        if mine or kind in levels:
            practice_rows.append(PracticeRow(kind, len(mine), sum(e["right"] for e in mine),
                                             levels.get(kind)))
    quizzes = [e for e in answered if e["question"].startswith("quiz:")]
    return Summary(now, len(answered), rows, mistakes, tuple(practice_rows),
                   (len(quizzes), sum(e["right"] for e in quizzes)),
                   _steps(course, rows, mistakes, due(found_cards, now), first, levels, now))


def _lesson_row(course, n, first) -> LessonRow:
    title = course.titles.get(n, (None, f"Lesson {n}"))[1]
    preds, exes = course.predictions[n], course.exercises[n]
    return LessonRow(n, title, len(preds), sum(q in first for q in preds),
                     sum(first.get(q, False) for q in preds), len(exes),
                     sum(q in first for q in exes), sum(first.get(q, False) for q in exes))


def _misconceptions(found_cards) -> tuple:
    by_id = {}
    for card in found_cards.values():
        by_id.setdefault(card.diagnosis, []).append(card)
    out = []
    for vid, group in by_id.items():
        examples = sorted((e for c in group for e in c.examples.values()),
                          key=lambda e: -e["time"])
        where = tuple(dict.fromkeys(e["question"] for e in examples))
        box = min(c.box for c in group)
        state = next(c.state for c in group if c.box == box)
        out.append(Misconception(vid, mistake_name(vid), explain(vid, hand=True),
                                 sum(c.wrong for c in group), max(c.last_wrong for c in group),
                                 state, box, min(c.due for c in group), where,
                                 tuple(sorted(h for c in group for h in c.history))))
    return tuple(sorted(out, key=lambda m: (m.box, -m.times, -m.last, m.diagnosis)))


def _steps(course, rows, mistakes, ready, first, levels, now) -> tuple:
    steps = []
    if ready:  # the mistake review() serves first
        m = next(m for m in mistakes if m.diagnosis == ready[0].diagnosis)
        steps.append(Step(f"Review your mistake '{m.name}' (made {times(m.times)}, last "
                          f"{ago(now - m.last)}) on fresh questions and trees:",
                          code="review()"))
    for row in rows:
        todo = [q for q in course.predictions[row.lesson] + course.exercises[row.lesson]
                if q not in first]
        if todo:
            place = course.places.get(todo[0])
            where = f"lesson {row.lesson} ({row.title})"
            if place is not None:
                steps.append(Step(f"Go on with {where}: {todo[0]} is the next question you "
                                  "have not answered.", link=link(place)))
            else:
                steps.append(Step(f"Go on with {where}: answer {todo[0]}.",
                                  code=f'question("{todo[0]}")'))
            break
    for kind in ("values", "pruning"):
        struggling = any(m.state == "still there" and
                         any(w == practice_question(kind) for w in m.where) for m in mistakes)
        if struggling or (kind not in levels and _lesson_done(rows, 2 if kind == "values" else 6)):
            level = levels.get(kind, 1)
            steps.append(Step(f"Practise {kind} on the tree (you start at level {level}):",
                              code=f'practice("{kind}")'))
            break
    return tuple(steps)


def _lesson_done(rows, lesson) -> bool:
    row = next((r for r in rows if r.lesson == lesson), None)
    return row is not None and row.predictions_done == row.predictions
