"""Play Connect Four against the program, and see how deep it looked and what it thought.

Vocabulary
----------
- The program is alpha-beta with centre-first ordering, a transposition table
  and iterative deepening under a time budget (:func:`~minimax_lessons.engine.deepen`),
  scoring the positions where it stops with an evaluation function (the
  open-lines estimate by default).
- After each of its moves, :class:`ConnectFourBoard` keeps its *analysis*: the
  depth it reached in the time and the value of each column at that depth,
  from X's (MAX's) point of view: +1 a forced win for X, -1 for O, and an
  estimate strictly between otherwise.
- :func:`board_html` draws a position as an HTML table (a pure function of the
  state); the widget shows it with a button above each column.

>>> board = ConnectFourBoard(human="X", max_depth=2)
>>> board.play(3)                   # you drop a piece in the middle; the program answers
>>> board.analysis.depth, sorted(board.analysis.values) == list(range(7))
(2, True)
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from .connectfour import ConnectFour
from .engine import TranspositionTable, centre_first, column_values, deepen
from .games import MAX

#: Disc colours (X, O) and their text marks, so colour is never the only cue.
COLOURS = {"X": ("#f2c200", "#5c4700"), "O": ("#c62828", "#ffffff")}


@dataclass(frozen=True)
class Analysis:
    """What the program found before its move: depth reached, value per column, move."""

    depth: int
    values: dict
    move: int
    nodes: int


def describe(value, player_is_x: bool) -> str:
    """A column's value in words for one player: "win", "loss" or the estimate.

    >>> describe(1, True), describe(1, False), describe(0.25, True)
    ('win', 'loss', '+0.25')
    """
    mine = value if player_is_x else -value
    return "win" if mine >= 1 else "loss" if mine <= -1 else f"{value:+.2f}"


def board_html(game, state, *, values=None, player_is_x=True, highlight=()) -> str:
    """The position as an HTML table, with each column's value in words underneath.

    >>> "<table" in board_html(ConnectFour(rows=2, cols=3), (1, 0))
    True
    """
    rows = game.board(state)
    cell = ("width:48px;height:48px;border-radius:50%;text-align:center;font:bold 20px sans-serif;"
            "border:2px solid #0d2a6b;")
    out = ['<table style="border-collapse:separate;border-spacing:4px;background:#1e4bb0;'
           'border-radius:8px">']
    for r, row in enumerate(rows):
        out.append("<tr>")
        for c, mark in enumerate(row):
            fill, ink = COLOURS.get(mark, ("#ffffff", "#222222"))
            ring = "outline:4px solid #111111;" if (r, c) in highlight else ""
            out.append(f'<td style="{cell}background:{fill};color:{ink};{ring}">'
                       f'{"" if mark == "." else mark}</td>')
        out.append("</tr>")
    out.append('<tr>' + "".join(f'<td style="text-align:center;color:#ffffff;'
                                f'font:14px sans-serif">{c}</td>' for c in range(game.cols))
               + "</tr>")
    if values:
        out.append('<tr>' + "".join(
            f'<td style="text-align:center;color:#ffffff;font:12px sans-serif">'
            f'{html.escape(describe(values[c], player_is_x)) if c in values else ""}</td>'
            for c in range(game.cols)) + "</tr>")
    out.append("</table>")
    return "".join(out)


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
        table = TranspositionTable()
        runs = deepen(self.game, state, seconds=self.seconds, max_depth=self.max_depth,
                      evaluate=self.evaluate, order=self.order, table=table)
        depth = runs[-1].depth
        values = column_values(self.game, state, depth=depth, evaluate=self.evaluate,
                               order=self.order, table=table)
        return Analysis(depth, values, runs[-1].move, sum(r.nodes for r in runs))

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
        self._board.value = self.picture()
        self._status.value = f'<b style="font-size:18px">{html.escape(self.status())}</b>'
        self._thoughts.value = html.escape(self.thoughts())

    def picture(self) -> str:
        """The board as HTML, with the program's last column values underneath."""
        values = self.analysis.values if self.analysis else None
        return board_html(self.game, self.state, values=values, player_is_x=self.human != "X")

    def __repr__(self):
        return self.game.text(self.state) + "\n" + self.status()

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The clickable board where widgets run, a still picture elsewhere."""
        bundle = {"text/html": self.picture()}
        bundle.update(self.widget()._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/plain"] = repr(self)
        return bundle
