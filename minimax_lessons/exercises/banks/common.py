"""What several lessons' questions draw with: random positions, numbered boards, shown code.

Vocabulary
----------
- A question's *maker* draws its data from a seeded ``rng`` (``random.Random``), so a
  seed always gives the same variant: random trees come from
  :func:`~minimax_lessons.exercises.nested.random_nested`, tic-tac-toe positions from
  :func:`random_position`.
- A *numbered* board shows each square's number beside it, for questions answered with
  a square (0-8, row by row).
- *Shown code* is a function of the package as a question prints it: its real source
  (:func:`shown_code`), never a copy that could drift from the code that runs.

>>> print(numbered("XO..X...O"))
X O .    0 1 2
. X .    3 4 5
. . O    6 7 8
"""

from __future__ import annotations

import inspect
import string

from ...games.tictactoe import TicTacToe
from ...play.match import move_values as exact_move_values
from ..nested import random_nested  # noqa: F401  (the banks draw their trees with it)

GAME = TicTacToe()
LETTERS = string.ascii_lowercase


def random_position(rng, empty, *, terminal=False):
    """A board reached by random play with ``empty`` squares left (over or not, as asked)."""
    while True:
        board = GAME.initial_state()
        while board.count(".") > empty and not GAME.is_terminal(board):
            board = GAME.result(board, rng.choice(GAME.actions(board)))
        if board.count(".") == empty and GAME.is_terminal(board) == terminal:
            return board


def numbered(board) -> str:
    """A board beside the numbers of its squares (the digit 0 never sits next to an O)."""
    rows = []
    for r in (0, 3, 6):
        marks = " ".join(board[r:r + 3])
        rows.append(f"{marks}    {' '.join(str(i) for i in range(r, r + 3))}")
    return "\n".join(rows)


def mover(board) -> str:
    """'X (MAX)' or 'O (MIN)': who moves next on ``board``."""
    return "X (MAX)" if GAME.to_move(board) == "max" else "O (MIN)"


def move_values(board) -> dict:
    """Square -> minimax value of playing there."""
    return exact_move_values(GAME, board)


def best_squares(board, *, for_player=None) -> frozenset:
    """The squares that reach the best value for the player to move (or ``for_player``)."""
    values = move_values(board)
    player = for_player or GAME.to_move(board)
    best = max(values.values()) if player == "max" else min(values.values())
    return frozenset(a for a, v in values.items() if v == best)


def signed(x) -> str:
    """A score as a student writes it: +10, 0, -10."""
    return f"{x:+d}" if x else "0"


def shown_code(fn, name=None) -> str:
    """A function's source as a question shows it: without its one-line docstring, and
    called ``name`` (its own name where it is called, too) when one is given.

    >>> from minimax_lessons.exercises.variants import minimax
    >>> print(shown_code(minimax).splitlines()[0])
    def minimax(node, is_maximizing):
    """
    lines = inspect.getsource(fn).splitlines(keepends=True)
    code = "".join(line for line in lines if not line.strip().startswith('"""'))
    return code if name is None else code.replace(f"{fn.__name__}(", f"{name}(")


__all__ = ["GAME", "LETTERS", "random_nested", "random_position", "numbered", "mover",
           "move_values", "best_squares", "signed", "shown_code"]
