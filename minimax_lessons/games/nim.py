"""Nim: take counters from heaps; whoever cannot move loses (normal play).

Vocabulary
----------
- A *state* is a pair ``(heaps, player)``: a tuple of heap sizes and who moves.
- An *action* is ``(heap, count)``: take ``count`` counters (1 to ``max_take``,
  any number when ``max_take`` is None) from heap number ``heap``. Actions come
  heap by heap, smallest count first.
- The game ends when every heap is empty; the player to move then has lost:
  utility +1 if MIN is stuck, -1 if MAX is.

>>> game = Nim([1, 2])
>>> game.actions(game.initial_state())
((0, 1), (1, 1), (1, 2))
>>> from minimax_lessons import minimax
>>> minimax(game).value   # heaps 1 and 2: the first player wins (take 1 from heap 2)
1
"""

from __future__ import annotations

from .game import MAX, MIN, Game, GameError, other


class Nim(Game):
    """Nim with the given heaps; MAX moves first.

    >>> Nim([3, 4, 5], max_take=2)
    Nim([3, 4, 5], max_take=2)
    """

    def __init__(self, heaps, max_take=None):
        heaps = tuple(heaps)
        if not heaps or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in heaps):
            raise GameError(f"heaps must be a non-empty list of whole numbers >= 0, not {heaps!r}")
        if max_take is not None and (not isinstance(max_take, int) or max_take < 1):
            raise GameError(f"max_take must be None or a whole number >= 1, not {max_take!r}")
        self.heaps = heaps
        self.max_take = max_take

    def initial_state(self):
        """All heaps full, MAX to move."""
        return (self.heaps, MAX)

    def _check(self, state):
        if (not isinstance(state, tuple) or len(state) != 2 or state[1] not in (MAX, MIN)
                or not isinstance(state[0], tuple) or len(state[0]) != len(self.heaps)):
            raise GameError(
                f"{state!r} is not a state of this Nim: a state is (heaps, player) with "
                f"{len(self.heaps)} heaps and player 'max' or 'min'"
            )
        return state

    def to_move(self, state):
        """The player whose turn it is."""
        return self._check(state)[1]

    def actions(self, state):
        """Every ``(heap, count)`` the player may take."""
        heaps, _ = self._check(state)
        return tuple((i, n) for i, h in enumerate(heaps)
                     for n in range(1, (h if self.max_take is None else min(h, self.max_take)) + 1))

    def result(self, state, action):
        """Take ``count`` from heap ``heap``; the turn passes."""
        heaps, player = self._check(state)
        if action not in self.actions(state):
            raise GameError(f"action {action!r} is not legal in {self.text(state)}; "
                            "an action is (heap, count)")
        i, n = action
        return (heaps[:i] + (heaps[i] - n,) + heaps[i + 1:], other(player))

    def is_terminal(self, state):
        """True when every heap is empty."""
        return not any(self._check(state)[0])

    def utility(self, state):
        """+1 if MIN cannot move, -1 if MAX cannot."""
        heaps, player = self._check(state)
        if any(heaps):
            raise GameError(f"the game is not over in {self.text(state)}: it has no utility yet")
        return -1 if player == MAX else 1

    def text(self, state):
        """For example ``'heaps 1 2, MAX to move'``."""
        heaps, player = self._check(state)
        return f"heaps {' '.join(map(str, heaps))}, {player.upper()} to move"

    def board(self, state) -> str:
        """The heaps as pictures show them: their sizes on one line, ``'1 2'``."""
        heaps, _ = self._check(state)
        return " ".join(map(str, heaps))

    def __repr__(self):
        extra = "" if self.max_take is None else f", max_take={self.max_take}"
        return f"Nim({list(self.heaps)}{extra})"
