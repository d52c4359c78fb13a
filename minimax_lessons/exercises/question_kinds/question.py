"""What every question has: an id, a prompt, seeded variants, and a verdict on an
answer; with the salted hash fixed answers are stored under and the seed of a name.

Vocabulary
----------
- A :class:`Question` has an id (``"q3.1"``), a prompt and a kind; its data comes from
  ``make(rng)``, so each ``seed`` gives a *variant* (``question.data(seed)``).
- :func:`hash_answer` is the salted hash a fixed answer is stored under;
  :func:`seed_of` turns a student's name or id into a whole-number seed.

>>> seed_of(7), hash_answer("q1.1", "b") == hash_answer("q1.1", " B ")
(7, True)
"""

from __future__ import annotations

import hashlib
import json
import random

from ...runner.codec import encode
from ..answers import canonical
from ...mistakes import explain
from ..verdict import Verdict


#: The verdict on an answer, by its old name here
#: (:class:`~minimax_lessons.exercises.verdict.Verdict`).
Feedback = Verdict


def by_hand(diagnosis) -> str:
    """The explanation of a diagnosis, worded for an answer given by hand (not a function)."""
    return explain(diagnosis, hand=True)


def hash_answer(question_id: str, answer) -> str:
    """The salted hash under which a fixed answer is stored (salt: the question id).

    >>> hash_answer("q1.1", "b") == hash_answer("q1.1", " B ")
    True
    """
    text = json.dumps(encode(canonical(answer)), sort_keys=True)
    return hashlib.sha256(f"minimax-lessons|{question_id}|{text}".encode()).hexdigest()[:24]


def seed_of(seed) -> int:
    """An integer seed from an int or a string (a student's name or id).

    >>> seed_of("alice") == seed_of("alice"), seed_of(7)
    (True, 7)
    """
    if seed is None:
        return 0
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed is a whole number or a string, not {seed!r}")
    if isinstance(seed, int):
        return seed
    return int(hashlib.sha256(seed.encode()).hexdigest()[:12], 16)


class Question:
    """Base class: an id, a prompt, points, and seeded data from ``make(rng)``.

    ``graded=True`` for a question of a graded notebook: ``check`` records its answer and
    never says whether it is right (see :mod:`~minimax_lessons.exercises.check`).
    """

    kind = ""
    answer_hint = "an answer"

    def __init__(self, id, prompt, *, make=None, data=None, points=1, title=None,
                 graded=False):
        if not isinstance(id, str) or not id:
            raise ValueError(f"a question id is a non-empty string, not {id!r}")
        self.id = id
        self.prompt = prompt
        self.points = points
        self.title = title or id
        self.graded = graded
        self._make = make
        self._fixed = data
        self._cache = {}
        self._worked_out = {}

    def data(self, seed=0):
        """The variant's data for ``seed`` (the same seed, the same data)."""
        seed = seed_of(seed)
        if seed not in self._cache:
            if self._make is None:
                self._cache[seed] = self._fixed
            else:
                self._cache[seed] = self._make(random.Random(f"{self.id}:{seed}"))
        return self._cache[seed]

    def _for_variant(self, work, seed):
        """``work(self.data(seed))``, worked out once per seed: each answer to a variant is
        checked against the same right answer and mistakes (the teaching guide tries
        hundreds of answers on each question)."""
        key = (work, seed_of(seed))
        if key not in self._worked_out:
            self._worked_out[key] = work(self.data(seed))
        return self._worked_out[key]

    @property
    def seeded(self) -> bool:
        """Whether seeds give variants of their own (the data of seeds 0 and 1 differ)."""
        if self._make is None:
            return False
        try:
            return bool(self.data(0) != self.data(1))
        except Exception:  # data that cannot be compared: take each seed to differ
            return True

    def prompt_text(self, seed=0) -> str:
        data = self.data(seed)
        if callable(self.prompt):
            return self.prompt(data)
        if isinstance(data, dict):
            try:
                return self.prompt.format(**data)
            except (KeyError, IndexError, ValueError):
                return self.prompt
        return self.prompt

    def picture(self, seed=0):
        """A GameTree to draw beside the prompt, or ``(tree, notes[, highlight])`` (or None)."""
        return None

    def listing(self, seed=0) -> str | None:
        """Code or lines shown with the prompt (None when there are none)."""
        return None

    def check(self, answer, seed=0, **options) -> Verdict:
        raise NotImplementedError

    def _feedback(self, passed, diagnosis, message, seed, **extra) -> Verdict:
        """The verdict (``diagnoses=`` when several mistakes give the answer)."""
        return Verdict(self.id, passed, diagnosis, message, seed, **extra)

    def _bad(self, seed, why) -> Verdict:
        return self._feedback(False, "bad-answer", f"{why} Expected {self.answer_hint}.", seed)
