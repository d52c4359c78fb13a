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
- :func:`board_svg` draws a position as SVG (a pure function of the state), a
  finished game's four in a row marked by a white band joining its discs and a
  black ring round each (:func:`winning_lines`), and the values, if given, labelled with
  whose they are; :func:`board_picture` shows it in a notebook (with a PNG beside
  it, for notebooks opened untrusted); the widget shows it with a button above each
  column.
- The widget lets the program *think* in a thread of its own: meanwhile the status
  says so and every button is disabled, and a click that arrives all the same is
  ignored (the kernel hears it at once instead of queueing it behind the search).
  :meth:`ConnectFourBoard.wait` waits for the answer; :meth:`~ConnectFourBoard.play`
  answers at once, without a thread.

>>> board = ConnectFourBoard(human="X", max_depth=2)
>>> board.play(3)                   # you drop a piece in the middle; the program answers
>>> board.analysis.depth, sorted(board.analysis.values) == list(range(7))
(2, True)
"""

from __future__ import annotations

import html
import math
import threading

from ..games.connectfour import ConnectFour, lines_of_four
from ..search.engine import Analysis, analyse, centre_first
from ..games.game import MAX
from ..pictures import lecture
from ..pictures.jupyter import mimebundle, picture_makers, widget_makers

#: The line under the still picture: what to do to play.
HINT = "Run this cell to play against the program."
#: Disc colours (X, O) and their text marks, so colour is never the only cue.
COLOURS = {"X": ("#f2c200", "#5c4700"), "O": ("#c62828", "#ffffff")}


def describe(value, player_is_x: bool) -> str:
    """A column's value (X's point of view) in words for one player: win, loss or estimate.

    >>> describe(1, True), describe(1, False), describe(0.25, True), describe(0.25, False)
    ('win', 'loss', '+0.25', '-0.25')
    """
    mine = round(value if player_is_x else -value, 2)
    if mine == 0:
        return "0.00"  # never "-0.00" for a value a hair below zero
    return "win" if mine >= 1 else "loss" if mine <= -1 else f"{mine:+.2f}"


def winning_lines(rows) -> list:
    """The lines of four cells ``(row from the top, column)`` that one player fills.

    >>> winning_lines(("....", "OOO.", "XXXX"))
    [((2, 0), (2, 1), (2, 2), (2, 3))]
    """
    return [line for line in lines_of_four(len(rows), len(rows[0]))
            if rows[line[0][0]][line[0][1]] in COLOURS
            and len({rows[r][c] for r, c in line}) == 1]


#: A four in a row: a white band joins its discs, each ringed in black inside the band.
WIN_BAND, WIN_RING = "#ffffff", "#111111"


#: A square of the board and the board's margin (points, before lecture mode's scale).
CELL, PAD = 40, 8


def board_scale(game, scale) -> float:
    """How much larger a board is drawn under lecture mode's ``scale`` (None: off, 1): by
    its font factor, but no wider than a projector's output column
    (:data:`~minimax_lessons.pictures.lecture.ROOM`), where a widget cannot shrink it.

    >>> from minimax_lessons.pictures.lecture import Scale
    >>> board_scale(ConnectFour(), None), board_scale(ConnectFour(), Scale())
    (1.0, 1.368)
    >>> board_scale(ConnectFour(rows=4, cols=5), Scale())
    1.5
    """
    if scale is None:
        return 1.0
    natural = (game.cols * CELL + 2 * PAD) * 4 / 3  # CSS pixels
    return min(scale.font, math.floor(lecture.ROOM / natural * 1000) / 1000)


def board_svg(game, state, *, values=None, player_is_x=True, label=None, scale=1.0) -> str:
    """The position as SVG: discs marked X and O, column numbers, and values underneath.

    ``values`` maps columns to values (X's point of view), written in words for
    X when ``player_is_x``, else for O, above a ``label`` saying whose they are (one or
    two lines; by default "each column's value for X"). A four in a row is marked by a
    white band joining its discs and a black ring round each (a shape, not a colour
    alone). ``scale`` draws all of it that much larger (lecture mode: :func:`board_scale`).
    A pure function of its arguments.

    >>> svg = board_svg(ConnectFour(rows=2, cols=3), (1, 0), values={0: 1})
    >>> svg.startswith("<svg") and svg.count("<circle") == 6 and ">win</text>" in svg
    True
    >>> "value for X" in svg
    True
    """
    cell, pad = CELL, PAD
    width = game.cols * cell + 2 * pad
    rows = game.board(state)
    if values and label is None:
        label = f"\u2191 each column's value for {'X' if player_is_x else 'O'}"
    label_lines = label.split("\n") if values and label else []
    height = game.rows * cell + 2 * pad + 22 + (22 if values else 0) + 15 * len(label_lines)
    font = 'font-family="Helvetica,sans-Serif"'
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}pt" '
           f'height="{height * scale:g}pt" viewBox="0 0 {width} {height}">',
           f'<rect x="0" y="0" width="{width}" height="{game.rows * cell + 2 * pad}" rx="8" '
           'fill="#1e4bb0"/>']

    def centre(r, c):
        return pad + c * cell + cell / 2, pad + r * cell + cell / 2

    won = winning_lines(rows)
    ringed = {cell_at for line in won for cell_at in line}
    for line in won:  # a band joining the four, under the discs
        (x1, y1), (x2, y2) = centre(*line[0]), centre(*line[-1])
        out.append(f'<line class="winning-four" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" '
                   f'y2="{y2:g}" stroke="{WIN_BAND}" stroke-width="{cell - 8}" '
                   'stroke-linecap="round"/>')
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            x, y = centre(r, c)
            fill, ink = COLOURS.get(mark, ("#ffffff", "#222222"))
            outline = (f'stroke="{WIN_RING}" stroke-width="4"' if (r, c) in ringed
                       else 'stroke="#0d2a6b" stroke-width="2"')
            radius = cell / 2 - (7 if (r, c) in ringed else 4)
            out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" '
                       f'{outline}/>')
            if mark != ".":
                out.append(f'<text class="disc" x="{x:g}" y="{y + 7:g}" text-anchor="middle" '
                           f'{font} font-size="20" font-weight="bold" fill="{ink}">{mark}</text>')
    base = game.rows * cell + 2 * pad
    for c in range(game.cols):
        x = pad + c * cell + cell / 2
        out.append(f'<text class="column" x="{x:g}" y="{base + 16}" text-anchor="middle" '
                   f'{font} font-size="14" fill="#222222">{c}</text>')
        if values and c in values:
            out.append(f'<text class="column-value" x="{x:g}" y="{base + 38}" '
                       f'text-anchor="middle" {font} font-size="12" fill="#222222">'
                       f'{html.escape(describe(values[c], player_is_x))}</text>')
    for n, text in enumerate(label_lines):
        out.append(f'<text class="values-label" x="{pad}" y="{base + 56 + 15 * n}" {font} '
                   f'font-size="11" font-style="italic" fill="#222222">'
                   f'{html.escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


class BoardPicture:
    """A still picture of a position: SVG, a PNG beside it, and the text board.

    >>> repr(BoardPicture(ConnectFour(rows=2, cols=3), (1, 0))).splitlines()
    ['...', 'X..']
    """

    def __init__(self, game, state, *, values=None, player_is_x=True, label=None, scale=None):
        self.game, self.state = game, state
        if scale is None:  # made in lecture mode: larger
            scale = board_scale(game, lecture.current())
        self.svg = board_svg(game, state, values=values, player_is_x=player_is_x, label=label,
                             scale=scale)

    def __repr__(self):
        return self.game.text(self.state)

    def _repr_mimebundle_(self, include=None, exclude=None):
        return mimebundle(picture_makers(lambda: self.svg, lambda: repr(self)), include, exclude)


def board_picture(game, state, *, values=None, player_is_x=True, label=None) -> BoardPicture:
    """A position (with each column's value underneath, if given) to show in a notebook;
    larger when made in lecture mode."""
    return BoardPicture(game, state, values=values, player_is_x=player_is_x, label=label)


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
        #: How much larger the board is drawn: made in lecture mode, as large as fits.
        self.scale = board_scale(self.game, lecture.current())
        #: True while the widget's program thinks (in a thread): clicks are ignored.
        self.thinking = False
        self._thread = None
        self._failure = None
        self._widget = None
        self.reset()

    def _start(self):
        self.state = self.game.initial_state()
        self.analysis = None

    def reset(self):
        """Start again from the game's first position (the program moves first if you are O)."""
        self.wait()
        self._start()
        self._reply()
        self._refresh()

    def _human_to_move(self):
        return (self.game.to_move(self.state) == MAX) == (self.human == "X")

    def _program_to_move(self):
        return not self.game.is_terminal(self.state) and not self._human_to_move()

    def think(self, state) -> Analysis:
        """The program's search in ``state``: depth reached, column values, chosen move."""
        return analyse(self.game, state, seconds=self.seconds, max_depth=self.max_depth,
                       evaluate=self.evaluate, order=self.order)

    def _answer(self, state, analysis):
        self.analysis = analysis
        self.state = self.game.result(state, analysis.move)

    def _reply(self):
        if self._program_to_move():
            self._answer(self.state, self.think(self.state))

    def play(self, column: int):
        """Drop your piece in ``column``; the program answers at once."""
        self.wait()
        if self.game.is_terminal(self.state):
            raise ValueError("the game is over: call reset() to play again")
        self.state = self.game.result(self.state, column)
        self._reply()
        self._refresh()

    def wait(self, timeout=None) -> bool:
        """Wait until the widget's program has moved (True), or ``timeout`` seconds (False).

        A search that failed raises its error here (the board says so too).
        """
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                return False
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure
        return True

    def status(self) -> str:
        """One line, from your side: your move, the program thinking, or how the game ended."""
        if self.thinking:
            budget = (f"up to {self.seconds:g} s" if self.seconds is not None
                      else f"{self.max_depth} plies deep")
            return f"The program ({self._program_side()}) is thinking ({budget})\u2026"
        if self.game.is_terminal(self.state):
            who = self.game.winner(self.state)
            if who is None:
                return "Draw: the board is full."
            return ("You win: four in a row (marked)." if who == self.human
                    else f"You lose: {who} has four in a row (marked).")
        return f"Your move ({self.human}): click a column."

    def _program_side(self):
        return "O" if self.human == "X" else "X"

    def thoughts(self) -> str:
        """The program's last analysis in words."""
        if self._failure is not None:
            return f"The program's search failed: {self._failure!r}"
        if self.analysis is None:
            return "The program has not moved yet."
        a = self.analysis
        me = self.human != "X"  # the program plays X when you play O
        values = ", ".join(f"{c}: {describe(v, me)}" for c, v in sorted(a.values.items()))
        return (f"The program looked {a.depth} plies ahead ({a.nodes:,} nodes) and played "
                f"column {a.move}. Its values (for itself): {values}.")

    # -- the widget ---------------------------------------------------------------
    def widget(self):
        """The ipywidgets view (built on first use)."""
        if self._widget is None:
            import ipywidgets as widgets

            width = f"{round(CELL * 4 / 3 * self.scale) - 4}px"  # a column, less 2 px margins
            buttons = [widgets.Button(description=f"↓ {c}", tooltip=f"drop a piece in column {c}",
                                      layout=widgets.Layout(width=width))
                       for c in range(self.game.cols)]
            for c, b in enumerate(buttons):
                b.on_click(lambda _, c=c: self._click(c))
            again = widgets.Button(description="New game", icon="refresh")
            again.on_click(lambda _: self._new_game())
            side = widgets.ToggleButtons(options=[("Play X (first)", "X"), ("Play O", "O")],
                                         value=self.human, description="You:")
            side.observe(lambda change: self._switch(change["new"]), names="value")
            self._buttons, self._again, self._side = buttons, again, side
            self._board, self._status, self._thoughts = (widgets.HTML(), widgets.HTML(),
                                                         widgets.HTML())
            row = widgets.HBox(buttons, layout=widgets.Layout(  # over the board's squares
                padding=f"0 0 0 {round(PAD * 4 / 3 * self.scale)}px"))
            self._widget = widgets.VBox([side, row, self._board,
                                         widgets.HBox([self._status, again]), self._thoughts])
            self._refresh()
        return self._widget

    def _switch(self, human):
        if human == self.human:
            return
        if self.thinking:  # too late to change sides: put the switch back
            self._side.value = self.human
            return
        self.human = human
        self._new_game()

    def _new_game(self):
        if self.thinking:
            return
        self._start()
        self._respond()

    def _click(self, column):
        """A click on a column's button: ignored while the program thinks or the game is over."""
        if self.thinking or self.game.is_terminal(self.state) or \
                column not in self.game.actions(self.state):
            return
        self.state = self.game.result(self.state, column)
        self._respond()

    def _respond(self):
        """Show the position; if the program is to move, let it think in a thread (the board
        says so and takes no clicks meanwhile) and show its answer when it has one."""
        if not self._program_to_move():
            self._refresh()
            return
        self.thinking = True
        self._refresh()
        state = self.state

        def work():
            try:
                self._answer(state, self.think(state))
            except Exception as error:  # noqa: BLE001  (shown on the board, raised by wait())
                self._failure = error
            finally:
                self.thinking = False
                self._refresh()

        self._thread = threading.Thread(target=work, name="connect-four-program", daemon=True)
        self._thread.start()

    def _refresh(self):
        if self._widget is None:
            return
        open_columns = self.game.actions(self.state)
        for c, b in enumerate(self._buttons):
            b.disabled = self.thinking or c not in open_columns
        self._again.disabled = self._side.disabled = self.thinking
        picture = self.picture()
        self._board.value = picture.svg
        self._status.value = f'<b style="font-size:18px">{html.escape(self.status())}</b>'
        self._thoughts.value = html.escape(self.thoughts())

    def picture(self) -> BoardPicture:
        """A still picture: the board, with the program's last column values underneath."""
        if self.analysis is None:
            return BoardPicture(self.game, self.state, scale=self.scale)
        side = self._program_side()
        return BoardPicture(self.game, self.state, values=self.analysis.values,
                            player_is_x=side == "X", scale=self.scale,
                            label=f"\u2191 the program's values at its last move:\n"
                                  f"its own view as {side}, not your result there")

    def __repr__(self):
        return self.game.text(self.state) + "\n" + self.status()

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The clickable board where widgets run, a still picture elsewhere."""
        picture = self.picture()
        return mimebundle(widget_makers(self.widget, lambda: picture.svg, lambda: repr(self),
                                        hint=HINT),
                          include, exclude)
