"""What the exercises write in the learner's logbook: checked answers, practice, its levels.

Vocabulary
----------
- A checked answer (``check(id, answer)``) is *noted* as one answer entry of the logbook
  (:mod:`minimax_lessons.logbook`): the question's id and kind, the seed, right or wrong,
  and the ids of the mistakes its verdict names (both, when two mistakes give one
  answer). Not noted: an answer not given yet (``...``), an unknown question, an answer
  that could not be read, and every answer to a graded question (its verdict says
  nothing of right or wrong, and neither may the logbook).
- A *practice message* is what the practice widget sends the kernel when it judges an
  answer on the tree (``{"type": "answer", "stage", "node", "level", "seed", "right",
  "diagnoses"}``, the ids a list) or finishes one (``{"type": "tree", "level",
  "clean"}``): the first becomes an answer entry whose question is ``practice:<kind>``
  and whose kind is ``practice-<kind>``, the second a level entry, from which
  :func:`remembered_level` tells where practice of that kind starts next time, in any
  kernel.
- An *aim* is the card a review served the question for (``[diagnosis, kind]``, see
  :mod:`minimax_lessons.progress.schedule`); it travels in the entry.

>>> import tempfile, os
>>> os.environ["MINIMAX_LESSONS_PROGRESS_DIR"] = tempfile.mkdtemp()
>>> note_practice("values", {"type": "answer", "stage": "values", "node": "A", "level": 1,
...                          "seed": "0:1", "right": False, "diagnoses": ["max-at-every-level"]})
True
>>> note_practice("values", {"type": "tree", "level": 2, "clean": True})
True
>>> remembered_level("values")
2
>>> import shutil; shutil.rmtree(os.environ["MINIMAX_LESSONS_PROGRESS_DIR"])
"""

from __future__ import annotations

from .. import logbook

__all__ = ["note_verdict", "note_practice", "remembered_level", "diagnoses_of", "NOT_ANSWERS",
           "practice_question"]

#: Verdicts that are not answers to note: nothing given yet, no such question, unreadable.
NOT_ANSWERS = {"not-answered", "unknown-question", "bad-answer"}


def diagnoses_of(named) -> list:
    """Mistake ids, once each, in order: of a list or tuple of ids (nothing of anything else,
    such as what a message from the browser holds in its place).

    >>> diagnoses_of(("max-at-every-level", "players-swapped", "max-at-every-level"))
    ['max-at-every-level', 'players-swapped']
    >>> diagnoses_of("max-at-every-level"), diagnoses_of(None)
    ([], [])
    """
    out = []
    for vid in named if isinstance(named, (list, tuple)) else ():
        if isinstance(vid, str) and vid and vid not in out:
            out.append(vid)
    return out


def note_verdict(verdict, question, *, aim=None) -> bool:
    """Write the verdict on an answer to ``question`` in the logbook (see the module)."""
    if verdict.recorded or verdict.diagnosis in NOT_ANSWERS or question.graded:
        return False
    extra = {"aim": list(aim)} if aim else {}
    return logbook.append(logbook.answer(question.id, verdict.seed, verdict.passed,
                                         verdict.diagnoses, kind=question.kind,
                                         **extra))


def practice_question(kind) -> str:
    """The question id practice of ``kind`` writes its answers under."""
    return f"practice:{kind}"


def note_practice(kind, message, *, aim=None) -> bool:
    """Write one practice message (see the module) in the logbook; False for any other."""
    if not isinstance(message, dict):
        return False
    extra = {"aim": list(aim)} if aim else {}
    if message.get("type") == "tree":
        number = message.get("level")
        if isinstance(number, bool) or not isinstance(number, int):
            return False
        return logbook.append(logbook.level(kind, number, clean=bool(message.get("clean")),
                                            **extra))
    if message.get("type") != "answer" or not isinstance(message.get("right"), bool):
        return False
    found = diagnoses_of(message.get("diagnoses")) if not message["right"] else []
    details = {key: message[key] for key in ("stage", "node", "level")
               if isinstance(message.get(key), (int, str)) and not isinstance(message[key], bool)}
    return logbook.append(logbook.answer(practice_question(kind), message.get("seed"),
                                         message["right"], found, kind=f"practice-{kind}",
                                         **details, **extra))


def remembered_level(kind, default=1) -> int:
    """The level practice of ``kind`` last got to (in any kernel), else ``default``."""
    return logbook.levels().get(kind, default)
