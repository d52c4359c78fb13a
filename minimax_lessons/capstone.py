"""The Connect Four capstone: try your bot in the notebook, then enter it in the tournament.

Vocabulary
----------
- Your bot is ``evaluate(board)`` (a number strictly between -1 and +1, from X's
  point of view: high is good for X, the first player, whoever is to move; ``board``
  is ``game.board(state)``)
  and, if you like, a whole ``choose_move(state, time_left)``; see
  :mod:`minimax_lessons.bots`. Without ``choose_move`` your bot is
  :func:`~minimax_lessons.bots.deepening_bot` with your ``evaluate``.
- :func:`try_bot` plays a few quick games against the reference bots, here in the
  notebook, and shows each game's result and moves.
- :func:`enter_tournament` checks your functions on the starting board; when the
  instructor's tournament runs your notebook it records them instead (as their
  source, like ``check`` does for graded functions), and each of your games is then
  played by a process of its own with a clock (``python -m minimax_lessons.instructor
  tournament``, see ``docs/exercises.md``).

>>> from minimax_lessons import TicTacToe
>>> from minimax_lessons.bots import reference_evaluation
>>> game = TicTacToe()
>>> table = try_bot(game, reference_evaluation(game), opponents=["random"], games=2)
>>> [row.colour for row in table.rows], "lost" in [row.outcome for row in table.rows]
(['first', 'second'], False)
"""

from __future__ import annotations

import html
import math
import numbers
import os
import time
from dataclasses import dataclass, field

from .bots import REFERENCE_BOTS, board_view, deepening_bot, reference_bot
from .exercises.check import RECORD_ENV, record_answer
from .games import MAX

#: The ids under which the tournament finds the functions in a notebook's record.
EVALUATE_ID = "tournament.evaluate"
CHOOSE_MOVE_ID = "tournament.choose_move"


@dataclass
class GameRow:
    """One game of :func:`try_bot`, from your bot's side."""

    opponent: str
    colour: str  # "first" or "second"
    outcome: str  # "won", "drew" or "lost"
    moves: list
    reason: str
    slowest: float  # your longest move, in seconds


@dataclass
class MatchTable:
    """The games :func:`try_bot` played; shows itself as a table."""

    rows: list = field(default_factory=list)
    note: str = ""
    move_time: float = 1.0

    def warning(self) -> str:
        """A sentence when some move used over half the time allowed (else empty)."""
        slowest = max((r.slowest for r in self.rows), default=0.0)
        if slowest <= self.move_time / 2:
            return ""
        return (f"Careful: your slowest move took {slowest:.2f} s of the {self.move_time:g} s "
                "allowed; the tournament's machine may be slower.")

    def score(self) -> float:
        """Your points: 1 per win, 0.5 per draw."""
        return sum({"won": 1.0, "drew": 0.5}.get(r.outcome, 0.0) for r in self.rows)

    def __repr__(self):
        if self.note:
            return self.note
        lines = [f"{r.opponent:>8}, you play {r.colour:<6}: {r.reason}; moves "
                 f"{' '.join(map(str, r.moves)) or '(none)'}" for r in self.rows]
        lines.append(f"Score: {self.score():g} of {len(self.rows)}")
        return "\n".join(lines + ([self.warning()] if self.warning() else []))

    def _repr_html_(self):
        if self.note:
            return f"<p>{html.escape(self.note)}</p>"
        body = "".join(
            f"<tr><td>{html.escape(r.opponent)}</td><td>{r.colour}</td><td>{r.outcome}</td>"
            f"<td>{html.escape(r.reason)}</td>"
            f"<td><code>{' '.join(map(str, r.moves))}</code></td></tr>" for r in self.rows)
        warning = f"<p><b>{html.escape(self.warning())}</b></p>" if self.warning() else ""
        return ("<table><tr><th>opponent</th><th>you play</th><th>result</th><th>why</th>"
                "<th>moves</th></tr>" + body + "</table>"
                f"<p>Score: {self.score():g} of {len(self.rows)}</p>" + warning)


def _your_bot(game, evaluate, choose_move):
    if choose_move is not None and choose_move is not Ellipsis:
        return choose_move
    return deepening_bot(game, evaluate)


def try_bot(game, evaluate=None, choose_move=None, *, opponents=("random", "greedy", "depth-2"),
            games=2, move_time=1.0) -> MatchTable:
    """Play ``games`` games (alternating colours) against each reference bot named.

    A move slower than ``move_time`` seconds, an exception or an illegal move loses that
    game, as in the tournament (here the clock only measures: it cannot stop your code).
    While the tournament loads your notebook, this does nothing.
    """
    if os.environ.get(RECORD_ENV):
        return MatchTable(note="(try_bot does not play while the tournament loads your notebook)")
    unknown = [o for o in opponents if o not in REFERENCE_BOTS]
    if unknown:
        raise ValueError(f"unknown opponent {unknown[0]!r}; choose from {', '.join(REFERENCE_BOTS)}")
    mine = _your_bot(game, evaluate, choose_move)
    table = MatchTable(move_time=move_time)
    for name in opponents:
        for number in range(games):
            theirs = reference_bot(game, name, seed=number)
            colour = "first" if number % 2 == 0 else "second"
            table.rows.append(_play(game, mine, theirs, name, colour, move_time))
    return table


def _play(game, mine, theirs, name, colour, move_time) -> GameRow:
    me = MAX if colour == "first" else "min"
    state, moves, slowest = game.initial_state(), [], 0.0
    while not game.is_terminal(state):
        mover = game.to_move(state)
        if mover != me:
            move = theirs(state, move_time)
        else:
            began = time.perf_counter()
            try:
                move = mine(state, move_time)
            except Exception as exc:
                return GameRow(name, colour, "lost", moves, f"your bot raised {_error(exc)}",
                               slowest)
            spent = time.perf_counter() - began
            slowest = max(slowest, spent)
            if spent > move_time:
                return GameRow(name, colour, "lost", moves,
                               f"move {len(moves) + 1} took {spent:.2f} s (limit {move_time:g} s)",
                               slowest)
            if move not in game.actions(state) or isinstance(move, bool):
                return GameRow(name, colour, "lost", moves,
                               f"your bot played {move!r}, not a legal move", slowest)
        moves.append(move)
        state = game.result(state, move)
    utility = game.utility(state) * (1 if me == MAX else -1)
    outcome = "won" if utility > 0 else "lost" if utility < 0 else "drew"
    return GameRow(name, colour, outcome, moves, f"{outcome} in {len(moves)} moves", slowest)


def _error(exc) -> str:
    """``ValueError: bad`` or just ``NotImplementedError`` when there is no message."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


@dataclass
class Entry:
    """What :func:`enter_tournament` found: ready, or the problem to fix."""

    ready: bool
    message: str

    def __repr__(self):
        return self.message

    def _repr_html_(self):
        mark = "&#10004;" if self.ready else "&#10008;"
        return f"<p>{mark} {html.escape(self.message)}</p>"


def enter_tournament(game, evaluate, choose_move=None) -> Entry:
    """Check your functions on the starting board; under the tournament, record them."""
    path = os.environ.get(RECORD_ENV)
    if path:
        record_answer(path, EVALUATE_ID, 0, evaluate)
        if choose_move is not None:
            record_answer(path, CHOOSE_MOVE_ID, 0, choose_move)
        return Entry(True, "Recorded for the tournament.")
    if evaluate is Ellipsis or not callable(evaluate):
        return Entry(False, "evaluate is not a function yet: define evaluate(board) above.")
    start = game.initial_state()
    try:
        value = evaluate(board_view(game, start))
    except Exception as exc:
        return Entry(False, f"evaluate(start) raised {_error(exc)}")
    if not isinstance(value, numbers.Real) or isinstance(value, bool) or math.isnan(value):
        return Entry(False, f"evaluate(start) returned {value!r}: it must return a number")
    if not -1 < value < 1:
        return Entry(False, f"evaluate(start) returned {value!r}: keep estimates strictly "
                            "between -1 and +1 (the utilities of a loss and a win)")
    bot = _your_bot(game, evaluate, choose_move)
    try:
        move = bot(start, 1.0)
    except Exception as exc:
        return Entry(False, f"your bot raised {_error(exc)} on the starting board")
    if move not in game.actions(start) or isinstance(move, bool):
        return Entry(False, f"your bot played {move!r} on the starting board, not a legal move")
    which = "your choose_move" if choose_move is not None else "the deepening search"
    return Entry(True, f"Ready: evaluate(start) = {value:g}; {which} plays {move!r} first.")


__all__ = ["try_bot", "enter_tournament", "MatchTable", "GameRow", "Entry", "EVALUATE_ID",
           "CHOOSE_MOVE_ID"]
