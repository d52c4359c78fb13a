"""Bots: programs that choose a move, the reference bots, and the search a bot uses.

Vocabulary
----------
- A *bot* is a function ``choose_move(board, time_left) -> move``: ``board`` is a
  state of the game (whoever is to move), ``time_left`` the seconds it may think,
  and the move one of ``game.actions(board)``.
- An *evaluation* is a function ``evaluate(board) -> number`` that estimates a
  board that is not over, **from MAX's point of view** (the first player's), like
  every utility in the course: high is good for MAX, low for MIN, whoever is to
  move. It must stay strictly between the utilities of a loss and a win, so that a
  search never takes an estimate for a real win (:data:`WIN_LIMIT`).
- The *reference bots* every capstone bot meets: ``random`` (any legal move,
  seeded), ``greedy`` (looks one ply ahead with :func:`reference_evaluation`),
  ``depth-2`` and ``depth-4`` (alpha-beta to 2 and 4 plies with it).
- :func:`deepening_bot` turns an evaluation into a bot: alpha-beta to depth 1, 2,
  ... up to ``max_depth`` plies, keeping the move of the deepest search that
  finished in time.

>>> from minimax_lessons import TicTacToe
>>> game = TicTacToe()
>>> bot = search_bot(game, reference_evaluation(game), depth=2)
>>> bot(game.parse("XX.\\nOO.\\n..."), 1.0)  # X completes the row
2
"""

from __future__ import annotations

import random
import time

from .games import MAX
from .search import alphabeta

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
        from .tictactoe import TicTacToe

        return TicTacToe()
    if kind == "connectfour":
        from .connectfour import ConnectFour

        return ConnectFour(rows=int(spec["rows"]), cols=int(spec["cols"]))
    raise ValueError(f"unknown game {spec!r}: expected kind 'tictactoe' or 'connectfour'")


def win_value(game) -> float:
    """The utility of a win for MAX (the largest utility of the game)."""
    scores = getattr(game, "scores", None)
    return max(scores) if scores else 1


def reference_evaluation(game):
    """The evaluation the reference bots use: open lines, scaled into (-win, +win).

    For each line of the board (a row, column or diagonal as long as a winning
    line) that only one player has pieces in, that player gets ``4 ** pieces``;
    the estimate is MAX's total minus MIN's, squeezed strictly between the
    utilities of a loss and a win.

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe()
    >>> evaluate = reference_evaluation(game)
    >>> evaluate("....X....") > 0 > evaluate("X...O...O")
    True
    """
    lines, marks = _lines_and_marks(game)
    limit = win_value(game) * WIN_LIMIT
    first, second = marks

    def evaluate(board):
        cells = _cells(game, board)
        score = 0
        for line in lines:
            mine = sum(1 for i in line if cells[i] == first)
            theirs = sum(1 for i in line if cells[i] == second)
            if theirs == 0 and mine:
                score += 4 ** mine
            elif mine == 0 and theirs:
                score -= 4 ** theirs
        return limit * score / (abs(score) + 64)

    return evaluate


#: An evaluation's estimates stay within this share of a win's utility.
WIN_LIMIT = 0.9


def _lines_and_marks(game):
    """The winning lines as tuples of cell indices, and the marks of MAX and MIN."""
    kind = type(game).__name__.lower()
    if kind == "tictactoe":
        from .tictactoe import LINES

        return LINES, ("X", "O")
    if kind == "connectfour":
        from . import connectfour

        return tuple(connectfour.lines(game.rows, game.cols)), connectfour.MARKS
    raise ValueError(f"no reference evaluation for {type(game).__name__}")


def _cells(game, board):
    """The board as one sequence of cells, row by row."""
    if isinstance(board, str):
        return board
    return game.cells(board)


def move_order(game):
    """The order the bots try moves in: Connect Four's centre columns first, else as given."""
    if type(game).__name__.lower() != "connectfour":
        return None
    centre = (game.cols - 1) / 2

    def order(state, actions):
        return sorted(actions, key=lambda column: (abs(column - centre), column))

    return order


def random_bot(game, seed=0):
    """A bot that plays any legal move, the same one for the same board and seed.

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe()
    >>> bot = random_bot(game, seed=1)
    >>> bot("X........", 1.0) == bot("X........", 1.0)
    True
    """

    def choose_move(board, time_left):
        return random.Random(f"{seed}:{board!r}").choice(list(game.actions(board)))

    return choose_move


def search_bot(game, evaluate, depth):
    """A bot that searches ``depth`` plies with alpha-beta and ``evaluate`` (no clock)."""
    order = move_order(game)

    def choose_move(board, time_left):
        return alphabeta(game, board, depth=depth, evaluate=evaluate, order=order).move

    return choose_move


def greedy_bot(game, evaluate):
    """A bot that looks one ply ahead: the move to the board ``evaluate`` likes best."""
    return search_bot(game, evaluate, 1)


def deepening_bot(game, evaluate, max_depth=DEFAULT_DEPTH, share=0.6):
    """A bot that deepens alpha-beta one ply at a time, up to ``max_depth`` plies.

    It stops deepening when ``share`` of ``time_left`` has gone, and plays the move of
    the deepest search that finished (the first legal move if none did). With a quick
    evaluation it always reaches ``max_depth``, so it plays the same move every time.
    """
    order = move_order(game)

    def choose_move(board, time_left):
        deadline = time.monotonic() + share * time_left

        def timed(state):
            if time.monotonic() > deadline:
                raise OutOfTime
            return evaluate(state)

        move = next(iter(order(board, game.actions(board)) if order else game.actions(board)))
        for depth in range(1, max_depth + 1):
            try:
                move = alphabeta(game, board, depth=depth, evaluate=timed, order=order).move
            except OutOfTime:
                break
        return move

    return choose_move


def reference_bot(game, name, seed=0):
    """One of the :data:`REFERENCE_BOTS` by name (``seed`` only matters to ``random``)."""
    if name == "random":
        return random_bot(game, seed)
    evaluate = reference_evaluation(game)
    depths = {"greedy": 1, "depth-2": 2, "depth-4": 4}
    if name not in depths:
        raise ValueError(f"unknown reference bot {name!r}; choose from {', '.join(REFERENCE_BOTS)}")
    return search_bot(game, evaluate, depths[name])


def mover_sign(game, board) -> int:
    """+1 when MAX is to move on ``board``, -1 when MIN is."""
    return 1 if game.to_move(board) == MAX else -1


__all__ = ["REFERENCE_BOTS", "DEFAULT_DEPTH", "WIN_LIMIT", "OutOfTime", "game_spec", "make_game",
           "reference_evaluation", "move_order", "random_bot", "search_bot", "greedy_bot",
           "deepening_bot", "reference_bot", "win_value", "mover_sign"]
