"""Multiple-choice questions: the answer a letter (or the option's text), stored only
as a salted hash, a diagnosis per wrong option.

>>> q = ChoiceQuestion("demo.c", "Who moves first?", ["MAX", "MIN"], answer="a")
>>> q.check("a").passed, q.check("b").passed
(True, False)
"""

from __future__ import annotations

import string

from .. import feedback as F
from ...mistakes import DIAGNOSES
from .question import Question, by_hand, hash_answer


class ChoiceQuestion(Question):
    """One of the options, answered by letter (``"b"``) or by the option's text.

    The right option is given by ``answer_hash`` (see :func:`hash_answer`; the
    hash of the letter), by ``answer`` (plain: for instructor-side keys only),
    or computed by ``solve(data)`` for seeded variants. ``mistakes`` maps
    wrong letters (or their hashes) to a diagnosis id or to a sentence for students;
    for seeded variants it may be ``mistakes(data)`` returning that mapping.
    ``options`` may be ``options(data)`` too; ``tree(data)`` gives a picture as
    for :class:`ValueQuestion`.
    """

    kind = "choice"

    def __init__(self, id, prompt, options, *, answer=None, answer_hash=None, solve=None,
                 mistakes=None, tree=None, **kw):
        super().__init__(id, prompt, **kw)
        self._tree = tree
        if sum(x is not None for x in (answer, answer_hash, solve)) != 1:
            raise ValueError(f"question {id}: give exactly one of answer=, answer_hash=, solve=")
        self.options = options
        self._hash = answer_hash or (hash_answer(id, answer) if answer is not None else None)
        self._solve = solve
        self._mistakes_of = mistakes if callable(mistakes) else None
        self._mistakes = {} if callable(mistakes) else self._hashed(mistakes or {})

    def _hashed(self, mistakes):
        return {(k if _is_hash(k) else hash_answer(self.id, k)): v for k, v in mistakes.items()}

    @property
    def answer_hint(self):
        return "one of the letters " + ", ".join(string.ascii_lowercase[:len(self._options())])

    def _options(self, seed=0):
        return list(self._for_variant(self.options, seed) if callable(self.options)
                    else self.options)

    def picture(self, seed=0):
        return self._tree(self.data(seed)) if self._tree else None

    def listing(self, seed=0):
        return "\n".join(f"{letter}) {text}" for letter, text in
                         zip(string.ascii_lowercase, self._options(seed)))

    def check(self, answer, seed=0, **options):
        letters = string.ascii_lowercase[:len(self._options(seed))]
        letter = _as_letter(answer, self._options(seed), letters)
        if letter is None:
            return self._bad(seed, f"{F.show(answer)} is not one of the options.")
        right = (hash_answer(self.id, self._for_variant(self._solve, seed)) if self._solve
                 else self._hash)
        if hash_answer(self.id, letter) == right:
            return self._feedback(True, None, f"Right: {letter}.", seed)
        mistakes = (self._hashed(self._for_variant(self._mistakes_of, seed))
                    if self._mistakes_of else self._mistakes)
        note = mistakes.get(hash_answer(self.id, letter))
        if note in DIAGNOSES:
            return self._feedback(False, note, f"{letter} is not right. {by_hand(note)}", seed)
        return self._feedback(False, "wrong", f"{letter} is not right." + (
            f" {note}" if note else ""), seed)


def _is_hash(key) -> bool:
    return isinstance(key, str) and len(key) == 24 and all(c in string.hexdigits for c in key)


def _as_letter(answer, options, letters):
    if isinstance(answer, str):
        text = answer.strip().rstrip(")").strip().lower()
        if len(text) == 1 and text in letters:
            return text
        for letter, option in zip(letters, options):
            if answer.strip().lower() == str(option).strip().lower():
                return letter
    if isinstance(answer, int) and not isinstance(answer, bool):
        for letter, option in zip(letters, options):
            if option == answer or str(option) == str(answer):
                return letter
    return None
