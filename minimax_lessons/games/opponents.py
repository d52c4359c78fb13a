"""Opponents that do not play minimax: a game whose MIN picks its moves at random.

Vocabulary
----------
- :class:`RandomMin` wraps a two-player game: wherever MIN would move, a chance node picks
  each of MIN's moves with the same probability (CS188's random ghost). Expectiminimax on
  it is *expectimax* for MAX: the best MAX can do against that opponent on average; solving
  it gives every position's expected score.
- Everything else (moves, results, the end, the scores) is the wrapped game's, so a search
  result or a played game means the same in both.

>>> from minimax_lessons import FIGURE_5_2, expectiminimax, minimax
>>> minimax(FIGURE_5_2).value, expectiminimax(RandomMin(FIGURE_5_2)).value
(3, Fraction(23, 3))
"""

from __future__ import annotations

from fractions import Fraction

from .game import CHANCE, MIN, Game


class RandomMin(Game):
    """``game`` with MIN's moves picked at random, each with the same probability."""

    def __init__(self, game):
        self.game = game
        self.named_tree = getattr(game, "named_tree", False)

    def initial_state(self):
        return self.game.initial_state()

    def to_move(self, state):
        player = self.game.to_move(state)
        return CHANCE if player == MIN else player

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state):
        return self.game.is_terminal(state)

    def utility(self, state):
        return self.game.utility(state)

    def chances(self, state):
        """Each of MIN's moves with probability 1/n, as an exact fraction."""
        moves = list(self.actions(state))
        return [(a, Fraction(1, len(moves))) for a in moves]

    def text(self, state):
        return self.game.text(state)

    def board(self, state):
        board = getattr(self.game, "board", None)
        return board(state) if board is not None else None


__all__ = ["RandomMin"]
