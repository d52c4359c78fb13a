"""Play a game: the exact value of every move, players, and a match between two of them.

Vocabulary
----------
- :func:`move_values` gives the exact minimax value of each legal move in a
  state (what the game is worth, with perfect play by both sides, after that
  move), from MAX's point of view.
- A *player* here is a function ``player(game, state) -> action``:
  :func:`perfect_player` plays a best move, :func:`random_player` any legal move.
- :func:`play_match` plays one game between two players and returns the moves
  and the final utility. The clickable board that uses them is
  :class:`~minimax_lessons.play.tictactoe_board.TicTacToeBoard`.

>>> from minimax_lessons import TicTacToe
>>> game = TicTacToe()
>>> move_values(game, game.parse("XX.\\nOO.\\n..."))
{2: 1, 5: 0, 6: -1, 7: -1, 8: -1}
"""

from __future__ import annotations

import random
import weakref

from ..games.game import MAX
from ..search.adversarial import solve
from ..games.tictactoe import TicTacToe


#: Exact values already solved, per game (forgotten with the game).
_SOLVED = weakref.WeakKeyDictionary()


def _exact_values(game, state) -> dict:
    known = _SOLVED.setdefault(game, {})
    if state not in known:
        known.update(solve(game, state))
    return known


def move_values(game, state) -> dict:
    """The exact value of each legal move in ``state`` (MAX's point of view)."""
    values = _exact_values(game, state)
    return {a: values[game.result(state, a)] for a in game.actions(state)}


def perfect_player(game, state):
    """A first best move (by exact values).

    >>> game = TicTacToe()
    >>> perfect_player(game, game.parse("XX.\\nOO.\\n..."))
    2
    """
    values = move_values(game, state)
    pick = max if game.to_move(state) == MAX else min
    return pick(values, key=values.get)


def random_player(seed=None):
    """A player that picks a legal move at random (seeded)."""
    rng = random.Random(seed)

    def player(game, state):
        return rng.choice(list(game.actions(state)))

    return player


def play_match(game, max_player, min_player, state=None):
    """Play one game; returns ``(moves, utility)``.

    >>> moves, score = play_match(TicTacToe(), perfect_player, perfect_player)
    >>> score, len(moves)
    (0, 9)
    """
    state = game.initial_state() if state is None else state
    moves = []
    while not game.is_terminal(state):
        player = max_player if game.to_move(state) == MAX else min_player
        action = player(game, state)
        moves.append(action)
        state = game.result(state, action)
    return moves, game.utility(state)



__all__ = ["move_values", "perfect_player", "random_player", "play_match"]
