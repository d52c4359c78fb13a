"""When a mistake comes back: a Leitner schedule of cards, one per mistake and kind of question.

Vocabulary
----------
- A *named* mistake is a diagnosis of :data:`minimax_lessons.mistakes.DIAGNOSES` that says
  what the student believed (``max-at-every-level``), not merely that the answer was
  wrong, ran too long or could not be read (:func:`is_named`).
- A *card* is one named mistake in one kind of question: its *key* is
  ``(diagnosis, kind)``, the kind as the logbook writes it (``value``, ``pruned``,
  ``practice-values``, ``quiz-look``, ...).
- A card sits in a *box*, 1 to :data:`BOXES`. A wrong answer that shows the mistake
  puts it in box 1, *due* at once. A right answer that *bears on* the card, once the card
  is due, moves it up a box, due again after that box's interval (:data:`INTERVALS`: at
  once, 10 minutes, a day, 3 days, a week, 3 weeks). So wrong answers bring a mistake
  back and right ones push it out, further each time.
- A right answer bears on a card when it was served for that card (its *aim*, by
  ``review()``), or when it answers a *fresh variant* of a question where the mistake was
  made: the same question with another seed, or practice of the same kind on another
  tree. Answering again the variant whose answer was just shown proves nothing.
- A card is *still there* in box 1, *fading* in boxes 2 and 3, *gone for now* from box 4.
- The cards *due* at a time come most urgent first: the lowest box, then the mistake
  made most often, then the one made most recently, counting every kind of question it
  was made in (:func:`due`).

The clock is the entries' own ``time``, and ``now`` is always passed in, so a test can
run weeks in a second:

>>> from minimax_lessons.logbook import answer
>>> book = [answer("q2.1", 1, False, ["max-at-every-level"], kind="value", time=0),
...         answer("q6.1", 1, False, ["prune-strict"], kind="pruned", time=10),
...         answer("q6.1", 2, True, kind="pruned", time=20)]        # a fresh variant, right
>>> [c.diagnosis for c in due(cards(book), now=30)]
['max-at-every-level']
>>> card = cards(book)[("prune-strict", "pruned")]
>>> card.box, card.due - 20, card.state
(2, 600.0, 'fading')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..mistakes import DIAGNOSES, GENERIC

__all__ = ["Card", "cards", "due", "is_named", "BOXES", "INTERVALS", "NOT_NAMED"]

MINUTE, DAY = 60.0, 86400.0
#: Seconds a card waits in each box before it is due again (box 1: none).
INTERVALS = (0.0, 10 * MINUTE, DAY, 3 * DAY, 7 * DAY, 21 * DAY)
BOXES = len(INTERVALS)
#: Diagnoses that name no belief: generic ones, and not answering at all.
NOT_NAMED = frozenset(GENERIC) | {"not-answered", "unknown-question", "bad-answer"}


def is_named(diagnosis) -> bool:
    """Whether ``diagnosis`` names a mistake worth reviewing.

    >>> is_named("max-at-every-level"), is_named("wrong"), is_named("timeout")
    (True, False, False)
    """
    return diagnosis in DIAGNOSES and diagnosis not in NOT_NAMED


@dataclass
class Card:
    """One named mistake in one kind of question, and where it stands (see the module)."""

    diagnosis: str
    kind: str
    box: int = 1
    due: float = 0.0
    wrong: int = 0
    right: int = 0
    last_wrong: float = 0.0
    last_seen: float = 0.0
    #: question (``p2.1``, ``practice:values``) -> the seeds it was answered wrongly on
    made_on: dict = field(default_factory=dict)
    #: question -> the last wrong answer's entry (what to serve again: its level, stage)
    examples: dict = field(default_factory=dict)
    #: ``(time, right)`` of every answer that moved the card (a wrong one, or a right one
    #: when it was due), oldest first
    history: list = field(default_factory=list)

    @property
    def key(self) -> tuple:
        return (self.diagnosis, self.kind)

    @property
    def state(self) -> str:
        return "still there" if self.box == 1 else "fading" if self.box <= 3 else "gone for now"

    def missed(self, entry):
        """A wrong answer that shows the mistake: back to box 1, due at once."""
        t = entry["time"]
        self.box, self.due = 1, t
        self.wrong += 1
        self.last_wrong = self.last_seen = t
        self.made_on.setdefault(entry["question"], set()).add(_seed(entry))
        self.examples[entry["question"]] = entry
        self.history.append((t, False))

    def answered(self, entry):
        """A right answer that bears on the card: one box up when the card was due."""
        t = entry["time"]
        self.right += 1
        self.last_seen = t
        if t >= self.due:
            self.box = min(self.box + 1, BOXES)
            self.due = t + INTERVALS[self.box - 1]
            self.history.append((t, True))

    def fresh(self, entry) -> bool:
        """Whether a right ``entry`` answers a fresh variant of a question the mistake was
        made on (the same question, another seed)."""
        seeds = self.made_on.get(entry["question"])
        return seeds is not None and _seed(entry) not in seeds


def _seed(entry):
    seed = entry.get("seed")
    return seed if isinstance(seed, (int, str)) else None


def _aim(entry):
    aim = entry.get("aim")
    if isinstance(aim, list) and len(aim) == 2 and all(isinstance(x, str) for x in aim):
        return tuple(aim)
    return None


def cards(found) -> dict:
    """Key -> :class:`Card`, from the answer entries ``found`` (any order; levels ignored)."""
    out, bearing = {}, {}  # bearing: question -> keys of the cards made on it
    for entry in sorted((e for e in found if "question" in e), key=lambda e: e["time"]):
        aim = _aim(entry)
        if entry["right"]:
            keys = {k for k in bearing.get(entry["question"], ()) if out[k].fresh(entry)}
            if aim in out:
                keys.add(aim)
            for key in sorted(keys):
                out[key].answered(entry)
            continue
        keys = [(d, entry.get("kind", "")) for d in entry.get("diagnoses", ()) if is_named(d)]
        if aim in out and aim not in keys:  # wrong where a review served the card: back it comes
            keys.append(aim)
        for key in keys:
            if key not in out:
                out[key] = Card(*key)
            out[key].missed(entry)
            bearing.setdefault(entry["question"], set()).add(key)
    return out


def due(found_cards, now) -> list:
    """The cards due at ``now``, most urgent first (see the module): how often and how
    recently a mistake was made counts over every kind of question it was made in."""
    every = list(found_cards.values() if isinstance(found_cards, dict) else found_cards)
    made, last = {}, {}
    for c in every:
        made[c.diagnosis] = made.get(c.diagnosis, 0) + c.wrong
        last[c.diagnosis] = max(last.get(c.diagnosis, c.last_wrong), c.last_wrong)
    ready = [c for c in every if c.due <= now]
    return sorted(ready, key=lambda c: (c.box, -made[c.diagnosis], -last[c.diagnosis],
                                        -c.wrong, -c.last_wrong, c.key))
