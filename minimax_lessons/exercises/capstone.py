"""The Connect Four capstone: try your bot in the notebook, then enter it in the tournament.

Vocabulary
----------
- Your bot is ``evaluate(board)`` (a number strictly between -1 and +1, from X's
  point of view: high is good for X, the first player, whoever is to move; ``board``
  is ``game.board(state)``) and, if you like, a whole ``choose_move(state,
  time_left)``; see :mod:`minimax_lessons.play.bots`. Without ``choose_move`` your bot is
  :func:`~minimax_lessons.play.bots.deepening_bot` with your ``evaluate``.
- :func:`try_bot` plays a few quick games against the reference bots, and
  :func:`enter_tournament` checks your functions on the starting board. Both run your
  bot exactly as the tournament does: in a process of its own
  (:mod:`minimax_lessons.play.arena`), asked for one move at a time, with the clock
  enforced (a bot that runs past it is stopped, so a cell never hangs).
- When the instructor's tournament runs your notebook, :func:`try_bot` does nothing and
  :func:`enter_tournament` records your functions (as their source, like ``check``
  does for graded functions); ``python -m minimax_lessons.instructor tournament``
  then plays your bot (see ``docs/exercises.md``).

>>> from minimax_lessons import TicTacToe
>>> from minimax_lessons.play.bots import reference_evaluation
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
from dataclasses import dataclass, field

from ..play.bots import REFERENCE_BOTS, board_view, game_spec
from .check import RECORD_ENV, record_answer

#: The ids under which the tournament finds the functions in a notebook's record.
EVALUATE_ID = "tournament.evaluate"
CHOOSE_MOVE_ID = "tournament.choose_move"
YOU = "your bot"


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

    def score(self) -> float:
        """Your points: 1 per win, 0.5 per draw."""
        return sum({"won": 1.0, "drew": 0.5}.get(r.outcome, 0.0) for r in self.rows)

    def warning(self) -> str:
        """A sentence when some move used over half the time allowed (else empty)."""
        slowest = max((r.slowest for r in self.rows), default=0.0)
        if slowest <= self.move_time / 2:
            return ""
        return (f"Careful: your slowest move took {slowest:.2f} s of the {self.move_time:g} s "
                "allowed; the tournament's machine may be slower.")

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


def _player(evaluate, choose_move):
    """Your functions as a tournament :class:`~minimax_lessons.play.arena.Player`, or why not."""
    from ..play.arena import Player
    from ..runner.shipping import ShippingError, ship

    shipped = {}
    for name, fn in (("evaluate", evaluate), ("choose_move", choose_move)):
        if fn is None or fn is Ellipsis:
            continue
        if not callable(fn):
            return None, f"{name} is a {type(fn).__name__}, not a function"
        try:
            shipped[name] = ship(fn).to_data()
        except ShippingError as exc:
            return None, f"{name} cannot be sent to a bot process: {exc}"
    if not shipped:
        return None, "evaluate is not a function yet: define evaluate(board) above"
    return Player(YOU, "student", **shipped), None


def try_bot(game, evaluate=None, choose_move=None, *, opponents=("random", "greedy", "depth-2"),
            games=2, move_time=1.0) -> MatchTable:
    """Play ``games`` games (alternating colours) against each reference bot named.

    Exactly as in the tournament: a move slower than ``move_time`` seconds, an exception,
    a crash or an illegal move loses that game. While the tournament loads your
    notebook, this does nothing.
    """
    from ..play.arena import BotPool, Player, play_game

    if os.environ.get(RECORD_ENV):
        return MatchTable(note="(try_bot does not play while the tournament loads your notebook)")
    unknown = [o for o in opponents if o not in REFERENCE_BOTS]
    if unknown:
        raise ValueError(f"unknown opponent {unknown[0]!r}; choose from {', '.join(REFERENCE_BOTS)}")
    you, why = _player(evaluate, choose_move)
    if you is None:
        return MatchTable(note=f"No games played: {why}.")
    spec = game_spec(game)
    players = [Player(name, "reference", builtin=name) for name in opponents]
    pools = {p.name: BotPool(p, spec) for p in [you] + players}
    table = MatchTable(move_time=move_time)
    try:
        for rival in players:
            for number in range(games):
                first, second = (you, rival) if number % 2 == 0 else (rival, you)
                record = play_game(game, number, first, second, pools, move_time=move_time,
                                   limits={rival.name: max(10.0, 10 * move_time)})
                outcome = ("drew" if record.winner is None else
                           "won" if record.winner == YOU else "lost")
                table.rows.append(GameRow(rival.name, "first" if first is you else "second",
                                          outcome, record.moves, record.reason,
                                          record.slowest.get(YOU, 0.0)))
    finally:
        for pool in pools.values():
            pool.close()
    return table


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


def enter_tournament(game, evaluate, choose_move=None, *, move_time=1.0) -> Entry:
    """Check your bot on the starting board, as the tournament runs it; under the
    tournament, record your functions instead."""
    from ..play.arena import new_bot

    path = os.environ.get(RECORD_ENV)
    if path:
        record_answer(path, EVALUATE_ID, 0, evaluate)
        if choose_move is not None:
            record_answer(path, CHOOSE_MOVE_ID, 0, choose_move)
        return Entry(True, "Recorded for the tournament.")
    you, why = _player(evaluate, choose_move)
    if you is None:
        return Entry(False, why[0].upper() + why[1:] + ".")
    start = game.initial_state()
    bot = new_bot(you, game_spec(game))
    try:
        problem = bot.start()
        if problem is not None:
            return Entry(False, f"Your bot could not start: {problem}.")
        value = None
        if evaluate is not None and evaluate is not Ellipsis:
            value, problem = bot.estimate(board_view(game, start), move_time)
            if problem is not None:
                return Entry(False, f"evaluate(board) on the empty board: {problem[1]}.")
            if not isinstance(value, numbers.Real) or isinstance(value, bool) or \
                    math.isnan(value):
                return Entry(False, f"evaluate(board) returned {value!r} on the empty board: "
                                    "it must return a number.")
            if not -1 < value < 1:
                return Entry(False, f"evaluate(board) returned {value!r} on the empty board: "
                                    "keep estimates strictly between -1 and +1 (the "
                                    "utilities of a loss and a win).")
        move, problem = bot.ask(start, 1, move_time, move_time)
        if problem is not None:
            return Entry(False, f"On the empty board your bot {problem[1]}.")
        if move not in game.actions(start) or isinstance(move, bool):
            return Entry(False, f"On the empty board your bot played {move!r}, not a legal "
                                "move.")
    finally:
        bot.kill()
    which = "your choose_move" if choose_move is not None else "the deepening search"
    estimate = f"evaluate(empty board) = {value:g}; " if value is not None else ""
    return Entry(True, f"Ready: {estimate}{which} plays {move!r} first.")


__all__ = ["try_bot", "enter_tournament", "MatchTable", "GameRow", "Entry", "EVALUATE_ID",
           "CHOOSE_MOVE_ID"]
