"""Connect Four as a game for the searches.

Vocabulary
----------
- The board has ``rows`` rows and ``cols`` columns (6 and 7 by default). An
  *action* is a column number ``0 .. cols-1``; the piece drops to the lowest
  empty cell of that column. Legal actions come in column order, left to right.
- X moves first and is MAX; O is MIN. Four in a row (across, up, or along
  either diagonal) wins: utility +1 when X has four, -1 when O has, 0 when
  the board fills with no four (a draw).
- A *state* is a pair of whole numbers ``(x, o)``: the *bitboards* of X's and
  O's pieces. The cell in column ``c`` and row ``r`` (row 0 at the bottom) is
  bit ``c * (rows + 1) + r``: each column takes ``rows`` bits plus one spare
  bit on top, so that four-in-a-row checks are a few shifts and ``&``
  (the classic 7x(6+1) layout). States are hashable and compare by value; X is
  to move when both have as many pieces.

Writing positions as text
-------------------------
``game.text(state)`` draws the board as ``rows`` lines of ``cols`` characters,
top row first: ``X``, ``O`` and ``.`` for an empty cell. ``game.parse(text)``
reads it back (``-`` and ``_`` also mean empty, spaces are ignored, lower case
is fine) and refuses impossible boards (floating pieces, wrong piece counts,
two winners, a winner who did not move last) with a clear error.
``game.play("3343")`` plays a string (or list) of columns from the start.

What an evaluation function sees
--------------------------------
``game.board(state)`` is the plain view a student's ``evaluate(board)``
receives: a tuple of ``rows`` strings, top row first, each ``cols`` characters
of ``X``, ``O`` and ``.``. So ``board[-1][3]`` is the bottom cell of the
middle column; ``evaluate`` returns a number from X's (MAX's) point of view.

The reference estimate counts *open lines*: a line is four cells in a row
(any direction); it is open for X when it holds an X and no O. ``open_lines(board)``
is X's open lines minus O's, divided by one more than the number of lines, so
it stays strictly between a loss (-1) and a win (+1). ``game.estimate(state)``
is the same number computed on the bitboards (faster, for searches):
``alphabeta(game, state, depth=4, evaluate=game.estimate)``.

>>> game = ConnectFour()
>>> state = game.play("3324")
>>> game.board(state)[-3:]
('.......', '...O...', '..XXO..')
>>> game.to_move(state), game.actions(state)
('max', (0, 1, 2, 3, 4, 5, 6))
>>> len(game.text(state).splitlines()), game.winner(state)
(6, None)
>>> game.parse(game.text(state)) == state
True
"""

from __future__ import annotations

import operator

from .game import MAX, MIN, Game, GameError

EMPTY_CELLS = ".-_"


def four_in_a_row(bits: int, height: int) -> bool:
    """True when the pieces ``bits`` hold four in a row (columns of ``height`` bits).

    >>> four_in_a_row(0b1111, 7), four_in_a_row(0b0111, 7)
    (True, False)
    """
    for step in (1, height, height + 1, height - 1):  # up, across, both diagonals
        pairs = bits & (bits >> step)
        if pairs & (pairs >> (2 * step)):
            return True
    return False


def lines_of_four(rows: int, cols: int) -> tuple:
    """Every line of four cells as a tuple of (row from the top, column) pairs.

    >>> len(lines_of_four(6, 7)), len(lines_of_four(4, 5))
    (69, 17)
    """
    lines = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = tuple((r + k * dr, c + k * dc) for k in range(4))
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    lines.append(cells)
    return tuple(lines)


def open_lines(board) -> float:
    """X's open lines minus O's, over (lines + 1): an estimate strictly inside -1..+1.

    ``board`` is the plain view: row strings, top row first. A line is open for
    a player when it holds at least one of their pieces and none of the other's.

    >>> open_lines(("....", "....", "....", ".X..")) * 11   # 10 lines, 2 through the X
    2.0
    """
    lines = lines_of_four(len(board), len(board[0]))
    score = 0
    for line in lines:
        cells = {board[r][c] for r, c in line}
        if "X" in cells and "O" not in cells:
            score += 1
        elif "O" in cells and "X" not in cells:
            score -= 1
    return score / (len(lines) + 1)


class ConnectFour(Game):
    """Connect Four on a board of ``rows`` x ``cols`` (6 x 7 by default).

    ``start`` is the first position (a state or a drawn board), empty by default.

    >>> game = ConnectFour(rows=4, cols=5)
    >>> game
    ConnectFour(rows=4, cols=5)
    >>> game.actions(game.initial_state())
    (0, 1, 2, 3, 4)
    """

    def __init__(self, rows: int = 6, cols: int = 7, *, start=None):
        for name, n in (("rows", rows), ("cols", cols)):
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 16:
                raise GameError(f"{name} must be a whole number from 1 to 16, not {n!r}")
        self.rows, self.cols = rows, cols
        self.height = rows + 1  # bits per column: `rows` cells and one spare bit
        h = self.height
        self._bottom = tuple(1 << (c * h) for c in range(cols))
        self._top = tuple(1 << (c * h + rows - 1) for c in range(cols))
        self._column = tuple(((1 << rows) - 1) << (c * h) for c in range(cols))
        self._full = sum(self._column)
        self._tops = sum(self._top)
        self._open = {}  # the open columns for each set of full columns
        # the shifts that find four in a row (up, across, both diagonals): a pair's
        # shift, then twice it
        self._shifts = (1, 2, h, 2 * h, h + 1, 2 * h + 2, h - 1, 2 * h - 2)
        self._last = (None, False)  # the state is_terminal judged last, and its verdict
        self.lines = tuple(sum(1 << (c * h + rows - 1 - r) for r, c in line)
                           for line in lines_of_four(rows, cols))
        self.start = (0, 0) if start is None else (
            self.parse(start) if isinstance(start, str) else self.check(start))

    # -- the six rules ---------------------------------------------------------

    def initial_state(self):
        """The starting board (empty unless ``start`` was given)."""
        return self.start

    def to_move(self, state):
        """``"max"`` when X is to move (as many X as O), ``"min"`` when O is."""
        try:
            x, o = state
            return MAX if x.bit_count() == o.bit_count() else MIN
        except (TypeError, ValueError, AttributeError):
            raise self._not_a_state(state) from None

    def actions(self, state):
        """The columns that are not full, left to right (none once the game is over)."""
        if self.is_terminal(state):
            return ()
        tops = (state[0] | state[1]) & self._tops
        known = self._open.get(tops)
        if known is None:
            known = self._open[tops] = tuple(c for c, top in enumerate(self._top) if not tops & top)
        return known

    def result(self, state, action):
        """The board after the player to move drops a piece in column ``action``."""
        x, o = self.check(state) if type(state) is not tuple or len(state) != 2 else state
        if type(action) is not int:
            if isinstance(action, bool) or not hasattr(type(action), "__index__"):
                raise GameError(f"a move is a column number 0-{self.cols - 1}, "
                                f"not {action!r} ({type(action).__name__})")
            action = operator.index(action)  # numpy integers are fine
        if not 0 <= action < self.cols:
            raise GameError(f"column {action} is out of range: the columns are 0-{self.cols - 1}")
        if self.is_terminal(state):
            raise GameError(f"column {action} cannot be played: the game is over "
                            f"({self._outcome_words(state)})")
        taken = x | o
        if taken & self._top[action]:
            raise GameError(f"column {action} is full: legal columns are "
                            + ", ".join(map(str, self.actions(state))))
        piece = (taken + self._bottom[action]) & self._column[action]
        return (x | piece, o) if x.bit_count() == o.bit_count() else (x, o | piece)

    def is_terminal(self, state):
        """True when X or O has four in a row or the board is full."""
        last = self._last  # a search asks twice of each node: itself, then actions()
        if last[0] is state:
            return last[1]
        try:
            x, o = state
            over = x | o == self._full
        except (TypeError, ValueError):
            raise self._not_a_state(state) from None
        if not over:
            up, up2, across, across2, rising, rising2, falling, falling2 = self._shifts
            for bits in (x, o):  # pairs of pieces, then pairs of pairs, in each direction
                a, b = bits & (bits >> up), bits & (bits >> across)
                c, d = bits & (bits >> rising), bits & (bits >> falling)
                if a & (a >> up2) or b & (b >> across2) or c & (c >> rising2) or d & (d >> falling2):
                    over = True
                    break
        if type(state) is tuple:  # a list could change before it is asked of again
            self._last = (state, over)
        return over

    def utility(self, state):
        """+1 when X has four in a row, -1 when O has, 0 for a full board."""
        x, o = self.check(state)
        if four_in_a_row(x, self.height):
            return 1
        if four_in_a_row(o, self.height):
            return -1
        if x | o == self._full:
            return 0
        raise GameError(f"the game is not over on\n{self.text(state)}\nit has no utility yet")

    def estimate(self, state) -> float:
        """:func:`open_lines` on the bitboards: X's open lines minus O's, over (lines + 1).

        >>> game = ConnectFour(rows=4, cols=4)
        >>> game.estimate(game.play("1")) == open_lines(game.board(game.play("1")))
        True
        """
        x, o = state
        score = 0
        for line in self.lines:
            if line & x:
                if not line & o:
                    score += 1
            elif line & o:
                score -= 1
        return score / (len(self.lines) + 1)

    # -- reading and writing positions -----------------------------------------

    def winner(self, state):
        """``"X"`` or ``"O"`` if that player has four in a row, else None.

        >>> ConnectFour().winner(ConnectFour().play("0101010"))
        'X'
        """
        x, o = self.check(state)
        return "X" if four_in_a_row(x, self.height) else "O" if four_in_a_row(o, self.height) else None

    def board(self, state) -> tuple:
        """The plain view for an ``evaluate(board)``: row strings, top row first (pictures
        draw them as a grid).

        >>> ConnectFour(rows=2, cols=3).board(ConnectFour(rows=2, cols=3).play("1"))
        ('...', '.X.')
        """
        x, o = self.check(state)
        return self._rows(x, o)

    def text(self, state) -> str:
        """The board as ``rows`` lines of ``cols`` characters, top row first."""
        return "\n".join(self.board(state))

    def parse(self, text: str):
        """Read a drawn board (top row first) into a state, refusing impossible ones.

        >>> ConnectFour(rows=2, cols=3).parse('''
        ... ...
        ... xo.''')
        (1, 8)
        """
        if not isinstance(text, str):
            raise GameError(f"parse reads a drawn board (a string), not {type(text).__name__}")
        lines = [line.replace(" ", "").replace("\r", "") for line in text.split("\n")]
        lines = [line for line in lines if line]
        shape = f"write {self.rows} rows of {self.cols} cells using X, O and '.'"
        if len(lines) != self.rows:
            raise GameError(f"cannot read {text!r} as a board: found {len(lines)} rows; {shape}")
        x = o = 0
        for i, line in enumerate(lines):
            r = self.rows - 1 - i
            if len(line) != self.cols or set(line.upper()) - set("XO" + EMPTY_CELLS):
                raise GameError(f"cannot read row {i + 1} from the top, {line!r}: {shape}")
            for c, ch in enumerate(line.upper()):
                bit = 1 << (c * self.height + r)
                if ch == "X":
                    x |= bit
                elif ch == "O":
                    o |= bit
        return self.check((x, o))

    def play(self, moves, state=None):
        """The state after playing ``moves`` (columns, e.g. ``"3342"`` or ``[3, 3, 4]``).

        >>> ConnectFour(rows=2, cols=3).board(ConnectFour(rows=2, cols=3).play([0, 0, 2]))
        ('O..', 'X.X')
        """
        state = self.start if state is None else self.check(state)
        for i, move in enumerate(moves):
            if isinstance(move, str):
                if not move.isdigit():
                    raise GameError(f"move {i + 1} of {moves!r} is {move!r}, not a column digit")
                move = int(move)
            try:
                state = self.result(state, move)
            except GameError as error:
                raise GameError(f"move {i + 1} of {moves!r}: {error}") from None
        return state

    def check(self, state):
        """Return ``state`` if it is a possible position of this board, else raise.

        Checks the shape (a pair of whole numbers), that pieces sit on cells of
        the board, do not overlap and do not float, the piece counts (X moved
        first) and the winner (only one, and it moved last).
        """
        if (not isinstance(state, tuple) or len(state) != 2
                or any(isinstance(b, bool) or not isinstance(b, int) or b < 0 for b in state)):
            raise self._not_a_state(state)
        x, o = state
        if x & o or (x | o) & ~self._full:
            raise GameError(f"{state!r} is not a board of {self!r}: pieces overlap or lie "
                            "outside the board")
        taken = x | o
        for c, column in enumerate(self._column):
            filled = (taken & column) >> (c * self.height)
            if filled & (filled + 1):
                raise GameError(f"impossible board: a piece floats in column {c} "
                                f"(pieces fall to the lowest empty cell)\n{self.text_unchecked(x, o)}")
        xs, os_ = x.bit_count(), o.bit_count()
        if not 0 <= xs - os_ <= 1:
            raise GameError(f"impossible board: X moves first, so X has as many pieces as O or "
                            f"one more, but X has {xs} and O has {os_}\n{self.text_unchecked(x, o)}")
        x_won, o_won = four_in_a_row(x, self.height), four_in_a_row(o, self.height)
        if x_won and o_won:
            raise GameError(f"impossible board: both X and O have four in a row\n"
                            f"{self.text_unchecked(x, o)}")
        if x_won and xs != os_ + 1 or o_won and xs != os_:
            who = "X" if x_won else "O"
            raise GameError(f"impossible board: {who} has won, so {who} moved last, but X has "
                            f"{xs} pieces and O {os_}\n{self.text_unchecked(x, o)}")
        return state

    def text_unchecked(self, x, o) -> str:
        """The drawing of bitboards ``x`` and ``o`` without checking them."""
        return "\n".join(self._rows(x, o))

    def _rows(self, x, o):
        h = self.height
        return tuple(
            "".join("X" if x >> (c * h + r) & 1 else "O" if o >> (c * h + r) & 1 else "."
                    for c in range(self.cols))
            for r in range(self.rows - 1, -1, -1))

    def _outcome_words(self, state):
        who = self.winner(state)
        return f"{who} has four in a row" if who else "the board is full, a draw"

    def _not_a_state(self, state):
        hint = " (use game.parse(text) to read a drawn board)" if isinstance(state, str) else ""
        return GameError(f"{state!r} is not a Connect Four state: a state is a pair (x, o) of "
                         f"bitboards{hint}")

    def __repr__(self):
        size = "" if (self.rows, self.cols) == (6, 7) else f"rows={self.rows}, cols={self.cols}"
        start = "" if self.start == (0, 0) else f"start={self.start!r}"
        return f"ConnectFour({', '.join(p for p in (size, start) if p)})"
