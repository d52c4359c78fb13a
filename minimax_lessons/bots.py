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
  9 characters.
- The bots' searches score a won game as :data:`WIN` (a lost one as ``-WIN``), so
  an estimate must stay strictly between ``-WIN`` and ``WIN``: then a search never
  takes an estimate for a real win.
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

from .games import Game
from .search import alphabeta

#: The order the reference bots are listed and played in.
REFERENCE_BOTS = ("random", "greedy", "depth-2", "depth-4")
#: How many plies :func:`deepening_bot` searches at most, unless told otherwise.
DEFAULT_DEPTH = 4
#: What the bots' searches score a won game (``-WIN`` a lost one); estimates stay inside.
WIN = 1_000_000


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


def board_view(game, state):
    """What ``evaluate(board)`` sees: Connect Four's row strings, tic-tac-toe's 9 characters.

    >>> from minimax_lessons.connectfour import ConnectFour
    >>> game = ConnectFour(rows=2, cols=3)
    >>> board_view(game, game.play("1"))
    ('...', '.X.')
    """
    return game.board(state) if hasattr(game, "board") else state


class Scored(Game):
    """``game`` with a win scored :data:`WIN` (a loss ``-WIN``), for the bots' searches."""

    def __init__(self, game):
        self.game = game
        self.initial_state, self.to_move = game.initial_state, game.to_move
        self.actions, self.result, self.is_terminal = game.actions, game.result, game.is_terminal
        self.text = game.text

    def utility(self, state):
        value = self.game.utility(state)
        return WIN if value > 0 else -WIN if value < 0 else 0


_WINDOWS: dict = {}


def windows(rows, cols, length=4) -> tuple:
    """Every run of ``length`` cells in a line (across, up, both diagonals), as indices
    into the board's cells read row by row (``"".join(board)``); computed once per size
    (a plain function, not ``functools.lru_cache``, so that a student function using it
    ships to a bot process by reference).

    >>> len(windows(6, 7, 4)), windows(1, 4, 4)
    (69, ((0, 1, 2, 3),))
    """
    known = _WINDOWS.get((rows, cols, length))
    if known is not None:
        return known
    found = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(length)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    found.append(tuple(rr * cols + cc for rr, cc in cells))
    _WINDOWS[rows, cols, length] = tuple(found)
    return _WINDOWS[rows, cols, length]


def reference_evaluation(game):
    """The evaluation the reference bots use: open lines, counted for X and for O.

    For each run of cells that could still make a winning line (four in Connect Four,
    three in tic-tac-toe) and holds pieces of only one player, that player scores
    ``4 ** pieces``; the estimate is X's total minus O's (always far below :data:`WIN`).

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe()
    >>> evaluate = reference_evaluation(game)
    >>> evaluate("....X....") > 0 > evaluate("X...O...O")
    True
    """
    if type(game).__name__.lower() == "tictactoe":
        lines = windows(3, 3, 3)
    else:
        lines = windows(game.rows, game.cols, 4)

    def evaluate(board):
        cells = "".join(board)
        score = 0
        for line in lines:
            mine = theirs = 0
            for i in line:
                if cells[i] == "X":
                    mine += 1
                elif cells[i] == "O":
                    theirs += 1
            if not theirs and mine:
                score += 4 ** mine
            elif not mine and theirs:
                score -= 4 ** theirs
        return score

    return evaluate


def move_order(game):
    """The order the bots try moves in: Connect Four's centre columns first, else as given."""
    if type(game).__name__.lower() != "connectfour":
        return None
    centre = (game.cols - 1) / 2

    def order(state, actions):
        return sorted(actions, key=lambda column: (abs(column - centre), column))

    return order


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
    order, scored = move_order(game), Scored(game)

    def on_state(state):
        return evaluate(board_view(game, state))

    def choose_move(state, time_left):
        return alphabeta(scored, state, depth=depth, evaluate=on_state, order=order).move

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
    order, scored = move_order(game), Scored(game)

    def choose_move(state, time_left):
        deadline = time.monotonic() + share * time_left

        def timed(s):
            if time.monotonic() > deadline:
                raise OutOfTime
            return evaluate(board_view(game, s))

        actions = game.actions(state)
        move = (order(state, actions) if order else actions)[0]
        for depth in range(1, max_depth + 1):
            try:
                move = alphabeta(scored, state, depth=depth, evaluate=timed, order=order).move
            except OutOfTime:
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


__all__ = ["REFERENCE_BOTS", "DEFAULT_DEPTH", "WIN", "OutOfTime", "Scored", "game_spec",
           "make_game", "board_view", "windows", "reference_evaluation", "move_order",
           "random_bot", "search_bot", "greedy_bot", "deepening_bot", "reference_bot"]
