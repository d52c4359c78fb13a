"""A clickable tic-tac-toe board against the perfect player, with the value of every move.

:class:`TicTacToeBoard` is a board (ipywidgets) where a person plays against
:func:`~minimax_lessons.play.match.perfect_player`, each empty square showing the value of
playing there (:func:`~minimax_lessons.play.match.move_values`); where widgets do not run it
shows a still picture of that board: the squares and what each empty one is worth.

>>> board = TicTacToeBoard(human="X")
>>> board.play(4)          # you take the centre; the program answers
>>> board.state.count("X"), board.state.count("O")
(1, 1)
"""

from __future__ import annotations

import html

from ..games.game import MAX
from ..pictures.jupyter import mimebundle, widget_makers
from ..games.tictactoe import LINES, TicTacToe
from .match import move_values, perfect_player


#: The line under the still picture: what to do to play.
HINT = "Run this cell to play against the perfect player."


def _describe_value(value, mover_is_max):
    mine = value if mover_is_max else -value
    return "win" if mine > 0 else "loss" if mine < 0 else "draw"


class TicTacToeBoard:
    """A clickable tic-tac-toe board against the perfect player.

    Each empty square shows what playing there is worth for you with perfect
    play afterwards (win, draw or loss, and the minimax value). ``human`` is
    "X" (you move first) or "O"; ``show_values=False`` hides the values (play
    first, look later). The widget has switches for both, a New game button,
    and a finished game marks its winning line and says how it ended for you.

    >>> board = TicTacToeBoard(human="X")
    >>> board.play(4)          # you take the centre; the program answers
    >>> board.state.count("X"), board.state.count("O")
    (1, 1)
    """

    #: Sizes for a room: squares, marks and labels readable from the back row.
    SQUARE = ("132px", "96px")
    MARK_FONT, LABEL_FONT, STATUS_FONT = "44px", "17px", "20px"

    def __init__(self, game=None, *, human="X", show_values=True):
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', not {human!r}")
        self.game = game or TicTacToe()
        self.human = human
        self.show_values = show_values
        self._widget = None
        self.reset()

    def reset(self):
        """Start again from the game's first position."""
        self.state = self.game.initial_state()
        self._reply()
        self._refresh()

    def play_as(self, human: str):
        """Switch sides ("X" or "O") and start a new game."""
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', not {human!r}")
        self.human = human
        self.reset()

    def _human_to_move(self):
        return (self.game.to_move(self.state) == MAX) == (self.human == "X")

    def _reply(self):
        if not self.game.is_terminal(self.state) and not self._human_to_move():
            self.state = self.game.result(self.state, perfect_player(self.game, self.state))

    def play(self, square: int):
        """Play ``square`` for the person; the program answers at once."""
        if self.game.is_terminal(self.state):
            raise ValueError("the game is over: call reset() to play again")
        self.state = self.game.result(self.state, square)
        self._reply()
        self._refresh()

    def winning_line(self):
        """The three squares of a completed line, or None.

        >>> TicTacToeBoard(TicTacToe("XX.\\nOO.\\n..."), human="O").winning_line()
        (0, 1, 2)
        """
        return next((line for line in LINES
                     if self.state[line[0]] != "." and
                     self.state[line[0]] == self.state[line[1]] == self.state[line[2]]), None)

    def status(self) -> str:
        """One line, from your side: your move, or how the game ended for you."""
        if self.game.is_terminal(self.state):
            line = self.winning_line()
            if line is None:
                return "Draw: nobody can win against perfect play."
            squares = "-".join(map(str, line))
            if self.state[line[0]] == self.human:
                return f"You win ({self.human} on squares {squares})."
            return f"You lose: {self.state[line[0]]} completed squares {squares}."
        return f"Your move ({self.human})."

    def labels(self) -> list:
        """The nine square labels shown on the board."""
        if self.game.is_terminal(self.state) or not self.show_values:
            return [c if c != "." else " " for c in self.state]
        values = move_values(self.game, self.state)
        is_max = self.game.to_move(self.state) == MAX
        return [c if c != "." else f"{_describe_value(values[i], is_max)} ({values[i]:+d})"
                for i, c in enumerate(self.state)]

    def widget(self):
        """The ipywidgets view (built on first use)."""
        if self._widget is None:
            import ipywidgets as widgets

            width, height = self.SQUARE
            buttons = [widgets.Button(layout=widgets.Layout(width=width, height=height))
                       for _ in range(9)]
            for i, b in enumerate(buttons):
                b.on_click(lambda _, i=i: self._click(i))
            status = widgets.HTML()
            again = widgets.Button(description="New game", icon="refresh")
            again.on_click(lambda _: self.reset())
            side = widgets.ToggleButtons(options=[("Play X (first)", "X"), ("Play O", "O")],
                                         value=self.human, description="You:")
            side.observe(lambda change: self.play_as(change["new"]), names="value")
            values = widgets.Checkbox(value=self.show_values, description="show values",
                                      indent=False)
            values.observe(lambda change: self._show_values(change["new"]), names="value")
            grid = widgets.GridBox(buttons, layout=widgets.Layout(
                grid_template_columns=f"repeat(3, {width})", grid_gap="6px"))
            self._buttons, self._status = buttons, status
            self._widget = widgets.VBox([widgets.HBox([side, values]), grid,
                                         widgets.HBox([status, again])])
            self._refresh()
        return self._widget

    def _show_values(self, show):
        self.show_values = bool(show)
        self._refresh()

    def _click(self, square):
        if not self.game.is_terminal(self.state) and self.state[square] == ".":
            self.play(square)

    def _refresh(self):
        if self._widget is None:
            return
        over = self.game.is_terminal(self.state)
        line = set(self.winning_line() or ())
        for i, (button, label, c) in enumerate(zip(self._buttons, self.labels(), self.state)):
            button.description = label
            # Taken squares stay enabled (a disabled button fades its text); clicks
            # on them are ignored.
            # its place on the board too (a screen reader reads the tooltip after the label)
            button.tooltip = square_words(i, "the winning line" if i in line else "taken"
                                          if c != "." else "game over" if over else "play here")
            button.style.button_color = ("#ffd54f" if i in line else
                                         {"X": "#cfe2ff", "O": "#ffd8cc"}.get(c, "#f6f6f6"))
            # The winning line is marked by a thick frame too, not by colour alone.
            button.layout.border = "4px solid #222222" if i in line else ""
            button.style.font_weight = "bold" if c != "." else "normal"
            button.style.font_size = self.MARK_FONT if c != "." else self.LABEL_FONT
            button.style.text_color = {"X": "#0b3d91", "O": "#a8320a"}.get(c, "#222222")
        self._status.value = (f'<span style="font-size: {self.STATUS_FONT}; font-weight: bold;">'
                              f"{self.status()}</span>")

    def picture(self) -> "BoardPicture":
        """A still picture of the board as the widget shows it: the 3x3 squares, each empty
        one with what playing there is worth for you, and the status line under them."""
        return BoardPicture(self.state, self.labels(), set(self.winning_line() or ()),
                            self.status())

    def __repr__(self):
        return self.game.text(self.state) + "\n" + self.status()

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The clickable board where widgets run, a still picture elsewhere."""
        picture = self.picture()
        return mimebundle(widget_makers(self.widget, lambda: picture.svg, lambda: repr(self),
                                        hint=HINT, alt=lambda: picture.description),
                          include, exclude)


#: Where each square is, in words (square 0 top left, 8 bottom right).
POSITIONS = tuple(f"{row} row, {column}" for row in ("top", "middle", "bottom")
                  for column in ("left", "centre", "right"))


def square_words(square: int, label: str) -> str:
    """A square in words, with its place on the board: "square 4, middle row, centre: draw
    (+0)" (an empty square's label says what playing there is worth).

    >>> square_words(0, "X"), square_words(8, " ")
    ('square 0, top row, left: X', 'square 8, bottom row, right: empty')
    """
    return f"square {square}, {POSITIONS[square]}: {label.strip() or 'empty'}"


class BoardPicture:
    """A tic-tac-toe position drawn as the widget's board: SVG (squares, marks, the value of
    each empty square, the status line), and the same in words (:attr:`description`).

    >>> picture = BoardPicture("X...O....", ["X", "draw (+0)", " ", " ", "O", " ", " ", " ", " "],
    ...                        set(), "Your move (X).")
    >>> picture.svg.count('class="square"'), picture.description.split(": ", 1)[0]
    (9, 'Tic-tac-toe board, square 0, top row, left')
    """

    #: Sizes in CSS pixels, as the widget's (a square, the gap, the mark and label fonts).
    SQUARE, GAP, MARK, LABEL, STATUS = 120, 6, 44, 17, 20

    def __init__(self, state, labels, line, status):
        self.state, self.labels, self.line, self.status = state, list(labels), line, status

    @property
    def description(self) -> str:
        return ("Tic-tac-toe board, " + "; ".join(square_words(i, label) for i, label in
                                                    enumerate(self.labels)) + f". {self.status}")

    @property
    def svg(self) -> str:
        size, gap = self.SQUARE, self.GAP
        width = 3 * size + 2 * gap + 16
        height = width + self.STATUS + 16
        fills = {"X": "#cfe2ff", "O": "#ffd8cc"}
        inks = {"X": "#0b3d91", "O": "#a8320a"}
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}px" '
                 f'height="{height}px" viewBox="0 0 {width} {height}" role="img">',
                 f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
        for i, label in enumerate(self.labels):
            x, y = 8 + (i % 3) * (size + gap), 8 + (i // 3) * (size + gap)
            mark = self.state[i]
            won = i in self.line
            parts.append(f'<g id="square_{i}" class="square"><title>'
                         f'{html.escape(square_words(i, label))}</title>'
                         f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="6" '
                         f'fill="{"#ffd54f" if won else fills.get(mark, "#f6f6f6")}" '
                         f'stroke="#222222" stroke-width="{4 if won else 1}"/>')
            middle = x + size / 2
            if mark in ("X", "O"):
                parts.append(f'<text x="{middle}" y="{y + size / 2 + self.MARK * 0.35:g}" '
                             f'text-anchor="middle" font-family="Helvetica,sans-Serif" '
                             f'font-size="{self.MARK}" font-weight="bold" '
                             f'fill="{inks[mark]}">{mark}</text>')
            elif label.strip():
                word, _, value = label.partition(" ")
                for k, line in enumerate((word, value)):
                    parts.append(f'<text x="{middle}" y="{y + size / 2 + (k - 0.2) * 21:g}" '
                                 f'text-anchor="middle" font-family="Helvetica,sans-Serif" '
                                 f'font-size="{self.LABEL}" fill="#222222">'
                                 f'{html.escape(line)}</text>')
            parts.append("</g>")
        parts.append(f'<text x="8" y="{width + self.STATUS:g}" font-family="Helvetica,sans-Serif" '
                     f'font-size="{self.STATUS}" font-weight="bold" fill="#222222" '
                     f'class="status">{html.escape(self.status)}</text>')
        parts.append("</svg>")
        return "".join(parts)


__all__ = ["TicTacToeBoard", "BoardPicture", "square_words", "POSITIONS"]
