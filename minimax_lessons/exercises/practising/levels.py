"""The kinds of practice, its levels, and the items a tree asks for.

Vocabulary
----------
- A *kind* of practice (:data:`KINDS`) says what the student answers: ``"values"``,
  ``"pruning"`` or ``"best-move"``.
- A :class:`Level` (1 to 5, :data:`LEVELS`) sets the tree: branching, depth, a MIN
  root, chance nodes, ties; a streak of :data:`STREAK` trees done without a mistake
  raises it.
- An :class:`Item` is one node to answer, with the right answer, the "show me" text,
  and the likely mistake behind each common wrong answer.

>>> KINDS
('values', 'pruning', 'best-move')
>>> len(LEVELS), STREAK
(5, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field



KINDS = ("values", "pruning", "best-move")
#: Trees in a row without a mistake (and without "show me") that raise the level.
STREAK = 3
#: The line under the still picture (the first tree): what to do to practise.
HINT = "Run this cell to practise: you answer on the tree."


@dataclass(frozen=True)
class Level:
    """What trees look like at one level."""

    number: int
    branching: tuple
    depth: int
    min_root: bool = False     # the root may be MIN
    chance: bool = False       # chance nodes (in values practice only)
    ties: bool = False         # few distinct leaf values, so ties are common
    description: str = ""

    def describe(self, kind) -> str:
        """The level in words for ``kind`` (chance nodes come only with values)."""
        return self.description if kind == "values" else \
            self.description.replace(", chance nodes", "")


LEVELS = (
    Level(1, (2, 2), 2, description="two moves each, two plies, MAX at the root"),
    Level(2, (2, 3), 2, min_root=True, description="two or three moves, MAX or MIN at the root"),
    Level(3, (2, 3), 3, min_root=True, description="three plies"),
    Level(4, (2, 3), 3, min_root=True, chance=True, ties=True,
          description="three plies, chance nodes, ties"),
    Level(5, (3, 3), 3, min_root=True, chance=True, ties=True,
          description="three moves each, three plies, chance nodes, ties"),
)


@dataclass(frozen=True)
class Item:
    """One thing to answer at one node: the right ``answer``, ``why`` (the "show me"
    sentence) and ``wrong``: canonical wrong answer -> (diagnosis id, sentence)."""

    node: str
    answer: object
    why: str
    wrong: dict = field(default_factory=dict)
    otherwise: tuple = ("wrong", "")


def check_kind(kind):
    if kind not in KINDS:
        raise ValueError(f"unknown practice kind {kind!r}; the kinds are "
                         + ", ".join(repr(k) for k in KINDS))


def check_level(level):
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= len(LEVELS):
        raise ValueError(f"unknown practice level {level!r}; the levels are 1 to {len(LEVELS)}: "
                         + "; ".join(f"{lv.number} {lv.description}" for lv in LEVELS))
