"""Play Connect Four against the program, and see how deep it looked and what it thought.

Vocabulary
----------
- The program is alpha-beta with centre-first ordering, a transposition table
  and iterative deepening under a time budget (:func:`~minimax_lessons.search.engine.analyse`:
  each depth values every column with the full window), scoring the positions
  where it stops with an evaluation function (the open-lines estimate by default).
- After each of its moves, :class:`ConnectFourBoard` keeps its *analysis*: the
  depth it reached in the time and the value of each column at that depth,
  from X's (MAX's) point of view: +1 a forced win for X, -1 for O, and an
  estimate strictly between otherwise. Shown to a player, a value is turned to
  their side (:func:`describe`).
- :func:`board_svg` draws a position as SVG (a pure function of the state);
  :func:`board_picture` shows it in a notebook (with a PNG beside it, for
  notebooks opened untrusted); the widget shows it with a button above each column.

>>> board = ConnectFourBoard(human="X", max_depth=2)
>>> board.play(3)                   # you drop a piece in the middle; the program answers
>>> board.analysis.depth, sorted(board.analysis.values) == list(range(7))
(2, True)
"""

from __future__ import annotations

import html

from ..games.connectfour import ConnectFour
from ..search.engine import Analysis, analyse, centre_first
from ..games.game import MAX
from ..pictures.jupyter import mimebundle, picture_makers, widget_makers

#: Disc colours (X, O) and their text marks, so colour is never the only cue.
COLOURS = {"X": ("#f2c200", "#5c4700"), "O": ("#c62828", "#ffffff")}


def describe(value, player_is_x: bool) -> str:
    """A column's value (X's point of view) in words for one player: win, loss or estimate.

    >>> describe(1, True), describe(1, False), describe(0.25, True), describe(0.25, False)
    ('win', 'loss', '+0.25', '-0.25')
    """
    mine = value if player_is_x else -value
    return "win" if mine >= 1 else "loss" if mine <= -1 else f"{mine:+.2f}"


def board_svg(game, state, *, values=None, player_is_x=True) -> str:
    """The position as SVG: discs marked X and O, column numbers, and values underneath.

    ``values`` maps columns to values (X's point of view), written in words for
    X when ``player_is_x``, else for O. A pure function of its arguments.

    >>> svg = board_svg(ConnectFour(rows=2, cols=3), (1, 0), values={0: 1})
    >>> svg.startswith("<svg") and svg.count("<circle") == 6 and ">win</text>" in svg
    True
    """
    cell, pad = 40, 8
    width = game.cols * cell + 2 * pad
    rows = game.board(state)
    height = game.rows * cell + 2 * pad + 22 + (22 if values else 0)
    font = 'font-family="Helvetica,sans-Serif"'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}pt" height="{height}pt" '
           f'viewBox="0 0 {width} {height}">',
           f'<rect x="0" y="0" width="{width}" height="{game.rows * cell + 2 * pad}" rx="8" '
           'fill="#1e4bb0"/>']
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            x, y = pad + c * cell + cell / 2, pad + r * cell + cell / 2
            fill, ink = COLOURS.get(mark, ("#ffffff", "#222222"))
            out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{cell / 2 - 4:g}" fill="{fill}" '
                       'stroke="#0d2a6b" stroke-width="2"/>')
            if mark != ".":
                out.append(f'<text x="{x:g}" y="{y + 7:g}" text-anchor="middle" {font} '
                           f'font-size="20" font-weight="bold" fill="{ink}">{mark}</text>')
    base = game.rows * cell + 2 * pad
    for c in range(game.cols):
        x = pad + c * cell + cell / 2
        out.append(f'<text x="{x:g}" y="{base + 16}" text-anchor="middle" {font} '
                   f'font-size="14" fill="#222222">{c}</text>')
        if values and c in values:
            out.append(f'<text x="{x:g}" y="{base + 38}" text-anchor="middle" {font} '
                       f'font-size="12" fill="#222222">'
                       f'{html.escape(describe(values[c], player_is_x))}</text>')
    out.append("</svg>")
    return "\n".join(out)


class BoardPicture:
    """A still picture of a position: SVG, a PNG beside it, and the text board.

    >>> repr(BoardPicture(ConnectFour(rows=2, cols=3), (1, 0))).splitlines()
    ['...', 'X..']
    """

    def __init__(self, game, state, *, values=None, player_is_x=True):
        self.game, self.state = game, state
        self.svg = board_svg(game, state, values=values, player_is_x=player_is_x)

    def __repr__(self):
        return self.game.text(self.state)

    def _repr_mimebundle_(self, include=None, exclude=None):
        return mimebundle(picture_makers(lambda: self.svg, lambda: repr(self)), include, exclude)


def board_picture(game, state, *, values=None, player_is_x=True) -> BoardPicture:
    """A position (with each column's value underneath, if given) to show in a notebook."""
    return BoardPicture(game, state, values=values, player_is_x=player_is_x)


class ConnectFourBoard:
    """Connect Four against the program, in a widget or by calling :meth:`play`.

    ``human`` is "X" (you move first) or "O"; ``seconds`` the program's time
    per move (iterative deepening), or ``max_depth`` a fixed depth instead (the
    same move every time: use it in tests); ``evaluate`` the estimate at the
    depth limit (``game.estimate``, open lines, by default).
    """

    def __init__(self, game=None, *, human="X", seconds=1.0, max_depth=None, evaluate=None):
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', not {human!r}")
        self.game = game or ConnectFour()
        self.human = human
        self.seconds = None if max_depth is not None else seconds
        self.max_depth = max_depth
        self.evaluate = evaluate or self.game.estimate
        self.order = centre_first(self.game)
        self.analysis = None
        self._widget = None
        self.reset()

    def reset(self):
        """Start again from the game's first position."""
        self.state = self.game.initial_state()
        self.analysis = None
        self._reply()
        self._refresh()

    def _human_to_move(self):
        return (self.game.to_move(self.state) == MAX) == (self.human == "X")

    def think(self, state) -> Analysis:
        """The program's search in ``state``: depth reached, column values, chosen move."""
        return analyse(self.game, state, seconds=self.seconds, max_depth=self.max_depth,
                       evaluate=self.evaluate, order=self.order)

    def _reply(self):
        if not self.game.is_terminal(self.state) and not self._human_to_move():
            self.analysis = self.think(self.state)
            self.state = self.game.result(self.state, self.analysis.move)

    def play(self, column: int):
        """Drop your piece in ``column``; the program answers at once."""
        if self.game.is_terminal(self.state):
            raise ValueError("the game is over: call reset() to play again")
        self.state = self.game.result(self.state, column)
        self._reply()
        self._refresh()

    def status(self) -> str:
        """One line, from your side: your move, or how the game ended for you."""
        if self.game.is_terminal(self.state):
            who = self.game.winner(self.state)
            if who is None:
                return "Draw: the board is full."
            return "You win: four in a row." if who == self.human else f"You lose: {who} has four in a row."
        return f"Your move ({self.human}): click a column."

    def thoughts(self) -> str:
        """The program's last analysis in words."""
        if self.analysis is None:
            return "The program has not moved yet."
        a = self.analysis
        me = self.human != "X"  # the program plays X when you play O
        values = ", ".join(f"{c}: {describe(v, me)}" for c, v in sorted(a.values.items()))
        return (f"The program looked {a.depth} plies ahead ({a.nodes:,} nodes) and played "
                f"column {a.move}. Its values (for itself): {values}.")

    def widget(self):
        """The ipywidgets view (built on first use)."""
        if self._widget is None:
            import ipywidgets as widgets

            buttons = [widgets.Button(description=f"↓ {c}", tooltip=f"drop a piece in column {c}",
                                      layout=widgets.Layout(width="52px"))
                       for c in range(self.game.cols)]
            for c, b in enumerate(buttons):
                b.on_click(lambda _, c=c: self._click(c))
            again = widgets.Button(description="New game", icon="refresh")
            again.on_click(lambda _: self.reset())
            side = widgets.ToggleButtons(options=[("Play X (first)", "X"), ("Play O", "O")],
                                         value=self.human, description="You:")
            side.observe(lambda change: self._switch(change["new"]), names="value")
            self._buttons = buttons
            self._board, self._status, self._thoughts = (widgets.HTML(), widgets.HTML(),
                                                         widgets.HTML())
            self._widget = widgets.VBox([side, widgets.HBox(buttons), self._board,
                                         widgets.HBox([self._status, again]), self._thoughts])
            self._refresh()
        return self._widget

    def _switch(self, human):
        self.human = human
        self.reset()

    def _click(self, column):
        if not self.game.is_terminal(self.state) and column in self.game.actions(self.state):
            self.play(column)

    def _refresh(self):
        if self._widget is None:
            return
        open_columns = self.game.actions(self.state)
        for c, b in enumerate(self._buttons):
            b.disabled = c not in open_columns
        picture = self.picture()
        self._board.value = picture.svg
        self._status.value = f'<b style="font-size:18px">{html.escape(self.status())}</b>'
        self._thoughts.value = html.escape(self.thoughts())

    def picture(self) -> BoardPicture:
        """A still picture: the board, with the program's last column values underneath."""
        values = self.analysis.values if self.analysis else None
        return board_picture(self.game, self.state, values=values, player_is_x=self.human != "X")

    def __repr__(self):
        return self.game.text(self.state) + "\n" + self.status()

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The clickable board where widgets run, a still picture elsewhere."""
        picture = self.picture()
        return mimebundle(widget_makers(self.widget, lambda: picture.svg, lambda: repr(self)),
                          include, exclude)
