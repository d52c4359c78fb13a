"""Bots: programs that choose a move, the reference bots, and the search a bot uses.

Vocabulary
----------
- A *bot* is a function ``choose_move(state, time_left) -> move``: ``state`` is a
  state of the game (whoever is to move; use ``game.actions(state)``,
  ``game.result(state, move)``, ``game.to_move(state)``), ``time_left`` the seconds
  it may think, and the move one of ``game.actions(state)``.
- An *evaluation* is a function ``evaluate(board) -> number`` that estimates a
  position that is not over, **from MAX's point of view** (X, the first player):
  high is good for X, low for O, whoever is to move. It sees the plain *board
  view* (:func:`board_view`): for Connect Four ``game.board(state)``, a tuple of row
  strings, top row first, of ``X``, ``O`` and ``.``; for tic-tac-toe the state's
  9 characters. Like every estimate in the course it stays **strictly between -1
  and +1**, the utilities of a loss and a win, so that a search never takes an
  estimate for a real win.
- The *reference bots* every capstone bot meets: ``random`` (any legal move,
  seeded), ``greedy`` (looks one ply ahead with :func:`reference_evaluation`),
  ``depth-2`` and ``depth-4`` (alpha-beta to 2 and 4 plies with it, centre
  columns first). For Connect Four the reference evaluation is lesson 9's
  :func:`~minimax_lessons.games.connectfour.open_lines` (``game.estimate`` on the states).
- :func:`deepening_bot` turns an evaluation into a bot: alpha-beta to depth 1, 2,
  ... up to ``max_depth`` plies, keeping the move of the deepest search that
  finished in time (the clock is read at every estimate).

>>> from minimax_lessons import TicTacToe
>>> game = TicTacToe()
>>> bot = reference_bot(game, "depth-2")
>>> bot(game.parse("XX.\\nOO.\\n..."), 1.0)  # X completes the row
2
"""

from __future__ import annotations

import random
import time

from ..games.game import board_of
from ..search.adversarial import alphabeta

#: The order the reference bots are listed and played in.
REFERENCE_BOTS = ("random", "greedy", "depth-2", "depth-4")
#: How many plies :func:`deepening_bot` searches at most, unless told otherwise.
DEFAULT_DEPTH = 4


class OutOfTime(Exception):
    """Raised inside a search when its time is up (caught by :func:`deepening_bot`)."""


def game_spec(game) -> dict:
    """The data that rebuilds ``game`` in another process (see :func:`make_game`).

    >>> from minimax_lessons import TicTacToe
    >>> game_spec(TicTacToe())
    {'kind': 'tictactoe'}
    """
    kind = type(game).__name__.lower()
    if kind == "tictactoe":
        return {"kind": "tictactoe"}
    if kind == "connectfour":
        return {"kind": "connectfour", "rows": game.rows, "cols": game.cols}
    raise ValueError(f"bots play tic-tac-toe and Connect Four, not {type(game).__name__}")


def make_game(spec: dict):
    """The game described by :func:`game_spec` (a clear error for an unknown kind)."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    if kind == "tictactoe":
        from ..games.tictactoe import TicTacToe

        return TicTacToe()
    if kind == "connectfour":
        from ..games.connectfour import ConnectFour

        return ConnectFour(rows=int(spec["rows"]), cols=int(spec["cols"]))
    raise ValueError(f"unknown game {spec!r}: expected kind 'tictactoe' or 'connectfour'")


def board_view(game, state):
    """What ``evaluate(board)`` sees: Connect Four's row strings, tic-tac-toe's 9 characters.

    >>> from minimax_lessons.games.connectfour import ConnectFour
    >>> game = ConnectFour(rows=2, cols=3)
    >>> board_view(game, game.play("1"))
    ('...', '.X.')
    >>> from minimax_lessons import TicTacToe
    >>> board_view(TicTacToe(), "X........")
    'X........'
    """
    if type(game).__name__.lower() == "tictactoe":
        return state  # tic-tac-toe evaluations have always read the 9 characters
    board = board_of(game, state)
    return state if board is None else board


def reference_evaluation(game):
    """The reference bots' evaluation, on the board view: open lines, X's minus O's.

    Connect Four: lesson 9's :func:`~minimax_lessons.games.connectfour.open_lines`;
    tic-tac-toe: :func:`~minimax_lessons.games.tictactoe.open_lines` over 9. Both stay
    strictly between -1 and +1.

    >>> from minimax_lessons import TicTacToe
    >>> evaluate = reference_evaluation(TicTacToe())
    >>> evaluate("....X....") > 0 > evaluate("X...O...O")
    True
    """
    if type(game).__name__.lower() == "connectfour":
        from ..games.connectfour import open_lines

        return open_lines
    from ..games.tictactoe import open_lines as lines_open

    return lambda board: lines_open(board) / 9


def _on_states(game, evaluate):
    """``evaluate(board)`` as a function of states, for the searches."""
    if evaluate is reference_evaluation(game) and hasattr(game, "estimate"):
        return game.estimate  # the same numbers, computed on the bitboards
    return lambda state: evaluate(board_view(game, state))


def move_order(game):
    """The order the bots try moves in: Connect Four's centre columns first, else as given."""
    if type(game).__name__.lower() != "connectfour":
        return None
    from ..search.engine import centre_first

    return centre_first(game)


def random_bot(game, seed=0):
    """A bot that plays any legal move, the same one for the same state and seed.

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe()
    >>> bot = random_bot(game, seed=1)
    >>> bot("X........", 1.0) == bot("X........", 1.0)
    True
    """

    def choose_move(state, time_left):
        return random.Random(f"{seed}:{state!r}").choice(list(game.actions(state)))

    return choose_move


def search_bot(game, evaluate, depth):
    """A bot that searches ``depth`` plies with alpha-beta and ``evaluate`` (no clock)."""
    order, on_states = move_order(game), _on_states(game, evaluate)

    def choose_move(state, time_left):
        return alphabeta(game, state, depth=depth, evaluate=on_states, order=order).move

    return choose_move


def greedy_bot(game, evaluate):
    """A bot that looks one ply ahead: the move to the board ``evaluate`` likes best."""
    return search_bot(game, evaluate, 1)


def deepening_bot(game, evaluate, max_depth=DEFAULT_DEPTH, share=0.6):
    """A bot that deepens alpha-beta one ply at a time, up to ``max_depth`` plies.

    It stops deepening when ``share`` of ``time_left`` has gone (the clock is read at
    every estimate, so a search stops within one call of ``evaluate``), and plays the
    move of the deepest search that finished (the first move in its order if none did).
    With a quick evaluation it always reaches ``max_depth``, so it plays the same move
    every time.

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe()
    >>> deepening_bot(game, reference_evaluation(game))(game.parse("XX.\\nOO.\\n..."), 1.0)
    2
    """
    order, on_states = move_order(game), _on_states(game, evaluate)

    def choose_move(state, time_left):
        deadline = time.monotonic() + share * time_left

        def timed(s):
            if time.monotonic() > deadline:
                raise OutOfTime
            return on_states(s)

        actions = game.actions(state)
        move = (order(state, actions) if order else actions)[0]
        for depth in range(1, max_depth + 1):
            try:
                found = alphabeta(game, state, depth=depth, evaluate=timed, order=order)
            except OutOfTime:
                break
            move = found.move
            if found.estimated == 0:  # the search saw every line to the end
                break
        return move

    return choose_move


def reference_bot(game, name, seed=0):
    """One of the :data:`REFERENCE_BOTS` by name (``seed`` only matters to ``random``)."""
    if name == "random":
        return random_bot(game, seed)
    depths = {"greedy": 1, "depth-2": 2, "depth-4": 4}
    if name not in depths:
        raise ValueError(f"unknown reference bot {name!r}; choose from {', '.join(REFERENCE_BOTS)}")
    return search_bot(game, reference_evaluation(game), depths[name])


__all__ = ["REFERENCE_BOTS", "DEFAULT_DEPTH", "OutOfTime", "game_spec", "make_game",
           "board_view", "reference_evaluation", "move_order", "random_bot", "search_bot",
           "greedy_bot", "deepening_bot", "reference_bot"]
