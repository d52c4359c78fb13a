"""Tic-tac-toe as a game for the searches.

Vocabulary
----------
- Squares are numbered 0-8 row by row; an *action* is a square number, and the
  legal actions come in square order.
- A *state* is a 9-character string of ``X``, ``O`` and ``.`` (row by row), for
  example ``"XO..X...O"``. X is MAX and moves first; the utility is +1 when X
  has three in a row, -1 when O has, 0 for a draw (other scores: ``scores=``).
- ``game.text(state)`` writes a state as three lines, ``game.parse(text)``
  reads it back and rejects impossible boards with a clear error.
- What players know of the board: :data:`LINES_THROUGH` (how many lines pass through
  each square), :func:`symmetries` (a board's 8 images under turns and reflections),
  :data:`EVAL_PAIRS` and :func:`eval_pairs` (pairs of boards any sound evaluation
  orders alike), :func:`moved_piece` (a pair's difference in words), :func:`grid` (a
  board as three rows).

>>> game = TicTacToe()
>>> state = game.parse("XO.\\n.X.\\n..O")
>>> state
'XO..X...O'
>>> game.to_move(state), game.actions(state)
('max', (2, 3, 5, 6, 7))
>>> print(game.text(game.result(state, 6)))
XO.
.X.
X.O
"""

from __future__ import annotations

from .game import MAX, MIN, Game, GameError

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY = "." * 9

#: What is known of each board seen so far: (player to move, winner or "" or
#: None while the game goes on, legal actions). The rules are pure, so every
#: game object shares it.
_KNOWN: dict = {}


def winner(board: str):
    """``"X"`` or ``"O"`` if that player has three in a row, else None.

    >>> winner("XXXOO....")
    'X'
    """
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def open_lines(board: str) -> int:
    """An estimate for X: lines X could still complete minus lines O could still complete.

    >>> open_lines("....X...."), open_lines("X........")
    (4, 3)
    """
    x_open = sum(1 for line in LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in LINES if all(board[i] != "X" for i in line))
    return x_open - o_open


def _describe(board):
    """Check ``board`` and work out (player to move, outcome, legal actions)."""
    if not isinstance(board, str) or len(board) != 9 or set(board) - set("XO."):
        hint = " (use game.parse(text) to read a drawn board)" if isinstance(board, str) else ""
        raise GameError(
            f"{board!r} is not a tic-tac-toe state: a state is 9 characters of X, O and '.'{hint}"
        )
    xs, os_ = board.count("X"), board.count("O")
    if not 0 <= xs - os_ <= 1:
        raise GameError(
            f"impossible board {board!r}: X moves first, so X has as many pieces as O or one "
            f"more, but X has {xs} and O has {os_}"
        )
    x_won = any(board[a] == board[b] == board[c] == "X" for a, b, c in LINES)
    o_won = any(board[a] == board[b] == board[c] == "O" for a, b, c in LINES)
    if x_won and o_won:
        raise GameError(f"impossible board {board!r}: both X and O have three in a row")
    if x_won and xs != os_ + 1:
        raise GameError(f"impossible board {board!r}: X has won, so X moved last, "
                        f"but X has {xs} pieces and O {os_}")
    if o_won and xs != os_:
        raise GameError(f"impossible board {board!r}: O has won, so O moved last, "
                        f"but X has {xs} pieces and O {os_}")
    outcome = "X" if x_won else "O" if o_won else ("" if "." not in board else None)
    actions = () if outcome is not None else tuple(i for i, c in enumerate(board) if c == ".")
    info = (MAX if xs == os_ else MIN, outcome, actions)
    _KNOWN[board] = info
    return info


class TicTacToe(Game):
    """Noughts and crosses: X (MAX) against O (MIN) on a 3x3 board.

    ``start`` is the first position (a state or a drawn board), empty by default;
    ``scores`` the utilities of an X win, a draw and an O win.

    >>> TicTacToe(scores=(10, 0, -10)).utility("XXXOO....")
    10
    """

    def __init__(self, start: str = EMPTY, *, scores=(1, 0, -1)):
        self.start = self.parse(start) if "\n" in start or len(start) != 9 else start
        _describe(self.start)
        self.scores = tuple(scores)
        self._score = {"X": scores[0], "": scores[1], "O": scores[2]}

    def initial_state(self):
        """The starting board."""
        return self.start

    def to_move(self, state):
        """``"max"`` when X is to move, ``"min"`` when O is."""
        info = _KNOWN.get(state) or _describe(state)
        return info[0]

    def actions(self, state):
        """Empty squares, in order (none once the game is over)."""
        info = _KNOWN.get(state) or _describe(state)
        return info[2]

    def result(self, state, action):
        """The board after the player to move marks square ``action``."""
        info = _KNOWN.get(state) or _describe(state)
        if action not in info[2]:
            raise GameError(
                f"square {action!r} is not a legal move on {state!r}; legal squares: "
                + (", ".join(map(str, info[2])) or "none, the game is over")
            )
        return state[:action] + ("X" if info[0] == MAX else "O") + state[action + 1:]

    def is_terminal(self, state):
        """True when someone has three in a row or the board is full."""
        info = _KNOWN.get(state) or _describe(state)
        return info[1] is not None

    def utility(self, state):
        """+1 (X wins), 0 (draw), -1 (O wins), or the ``scores`` given."""
        info = _KNOWN.get(state) or _describe(state)
        if info[1] is None:
            raise GameError(f"the game is not over on {state!r}: it has no utility yet")
        return self._score[info[1]]

    def text(self, state) -> str:
        """The board as three lines of three characters."""
        return "\n".join(self.board(state))

    def board(self, state) -> tuple:
        """The three rows, top row first, as pictures draw them (a 3x3 grid).

        >>> TicTacToe().board("XO..X...O")
        ('XO.', '.X.', '..O')
        """
        _KNOWN.get(state) or _describe(state)
        return (state[0:3], state[3:6], state[6:9])

    @staticmethod
    def parse(text: str) -> str:
        """Read a drawn board (``.``, ``-``, ``_`` or space for empty squares).

        >>> TicTacToe.parse("x o\\n x \\n  o")
        'X.O.X...O'
        """
        rows = [r for r in text.split("\n") if r.strip()] if "\n" in text else [text]
        cells = "".join(r.rstrip("\r").ljust(3) if len(rows) == 3 else r for r in rows)
        board = "".join("." if c in " .-_" else c.upper() for c in cells)
        if len(board) != 9 or set(board) - set("XO."):
            raise GameError(
                f"cannot read {text!r} as a board: write 3 rows of 3 squares using X, O and '.'"
            )
        _describe(board)
        return board

    def __repr__(self):
        start = "" if self.start == EMPTY else repr(self.start)
        return f"TicTacToe({start})"


# -- what players know of the board: squares, lines, symmetries -----------------------
def grid(board: str) -> str:
    """A tic-tac-toe board of 9 characters as three rows.

    >>> print(grid("XO..X...O"))
    XO.
    .X.
    ..O
    """
    return "\n".join(board[i:i + 3] for i in (0, 3, 6))


#: Pairs of unfinished boards, the same player to move, with the same pieces but one, which
#: stands on a square that lies on more lines in the first board if it is X's (on fewer if it
#: is O's): ``(better for X, worse for X)``. Open lines agree with each pair, and so does the
#: exact value (the first is worth at least as much); the tests check both.
EVAL_PAIRS = (
    ("....X....", ".X......."),   # X on the centre rather than an edge square; O to move
    ("X........", ".X......."),   # X on a corner rather than an edge square
    ("....X....", "X........"),   # X on the centre rather than a corner
    ("X..O.....", "X...O...."),   # O on an edge square rather than the centre; X to move
    ("...OX....", "O...X...."),   # O on an edge square rather than a corner
    ("XOXO.....", "XOX.O...."),   # later in the game: O on an edge rather than the centre
    ("XOXOX....", "XOXO.X..."),   # X on the centre rather than an edge square
    ("XOX.XO...", "XOXX.O..."),   # the same, another position
    ("XOXX.O...", "XOXXO...."),   # O on an edge rather than the centre; O to move
)

#: How many lines pass through each square (the centre 4, a corner 3, an edge square 2).
LINES_THROUGH = (3, 2, 3, 2, 4, 2, 3, 2, 3)
_SQUARE_KIND = {4: "the centre", 3: "a corner", 2: "an edge square"}


def moved_piece(better: str, worse: str) -> str:
    """What differs between the boards of a pair, in words.

    >>> moved_piece("....X....", ".X.......")
    'X stands on the centre (4 lines) rather than on an edge square (2 lines)'
    >>> moved_piece("X..O.....", "X...O....")
    'O stands on an edge square (2 lines) rather than on the centre (4 lines)'
    """
    (here,) = [i for i in range(9) if better[i] != "." and worse[i] == "."]
    (there,) = [i for i in range(9) if worse[i] != "." and better[i] == "."]
    a, b = LINES_THROUGH[here], LINES_THROUGH[there]
    return (f"{better[here]} stands on {_SQUARE_KIND[a]} ({a} lines) rather than on "
            f"{_SQUARE_KIND[b]} ({b} lines)")


def eval_pairs() -> list:
    """Every pair of :data:`EVAL_PAIRS` and its images under the board's 8 symmetries (the
    same turn or reflection applied to both boards), each once."""
    out = []
    for better, worse in EVAL_PAIRS:
        for pair in zip(symmetries(better), symmetries(worse)):
            if pair not in out:
                out.append(pair)
    return out


def symmetries(board: str) -> list:
    """The 8 images of a board under rotation and reflection (the board first).

    >>> symmetries("X........")[:4]
    ['X........', '..X......', '........X', '......X..']
    """
    rotate = (6, 3, 0, 7, 4, 1, 8, 5, 2)
    mirror = (2, 1, 0, 5, 4, 3, 8, 7, 6)
    out, b = [], board
    for _ in range(4):
        out.append(b)
        b = "".join(b[i] for i in rotate)
    b = "".join(board[i] for i in mirror)
    for _ in range(4):
        out.append(b)
        b = "".join(b[i] for i in rotate)
    return out
