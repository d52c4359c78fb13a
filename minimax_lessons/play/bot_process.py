"""One bot in a process of its own, answering moves over a tiny line protocol.

The tournament (:mod:`minimax_lessons.play.arena`) starts ``python -m minimax_lessons.play.bot_process``
(inside bubblewrap for a student's bot) and talks to it over its standard input
and output, one line each way:

1. in: the bot, as one JSON object: ``{"game": game spec, "builtin": name or
   null, "evaluate": shipped function or null, "choose_move": shipped function
   or null, "max_depth": plies}``; out: ``ready`` (or ``error <why>``).
2. in, per move: ``{"id": n, "game": game number, "board": encoded state,
   "time": seconds}``; out: ``<n> <move as JSON>``, or ``<n> error <why>`` when
   the bot raised. (``{"id": n, "evaluate": board view}`` asks for the student's
   estimate of one board instead: the notebook's own check uses it.
   ``{"id": n, "alive": token}``, the tournament's question before it gives an idle
   bot a new game, is answered ``<n> alive <token>`` without calling the student's code.)

Student code never writes on the protocol by accident: ``print`` goes to the
process's standard error (which the tournament discards), and the protocol uses
private copies of the two pipes. A student's ``choose_move`` is called with the
board and the time left; with only ``evaluate``, the bot is
:func:`~minimax_lessons.play.bots.deepening_bot` with it. A global ``game`` in the
student's functions is replaced by the game being played (its board size).
"""

from __future__ import annotations

import json
import os
import sys
import traceback


def _load(job, sources, namespaces=None):
    """``(choose_move, renew, evaluate)``: the bot's ``choose_move(state, time_left)``, a
    function of the game number that rebuilds it for a new game (only the random
    reference bot needs one), and the student's ``evaluate`` (or None). The student's
    source lines go into ``sources`` (for error messages)."""
    from .bots import DEFAULT_DEPTH, deepening_bot, make_game, reference_bot
    from ..runner.shipping import Shipped, rebuild

    game = make_game(job["game"])
    if job.get("builtin"):
        name = job["builtin"]
        return (reference_bot(game, name), (lambda number: reference_bot(game, name, number)),
                None)
    functions = {}
    for name in ("evaluate", "choose_move"):
        if job.get(name) is not None:
            fn, namespace, lines = rebuild(Shipped.from_data(job[name]), f"<{name}:")
            sources.update(lines)
            if namespaces is not None:
                namespaces.append(namespace)
            if "game" in namespace:
                namespace["game"] = game
            functions[name] = fn
    evaluate = functions.get("evaluate")
    if "choose_move" in functions:
        return functions["choose_move"], None, evaluate
    if evaluate is not None:
        depth = int(job.get("max_depth") or DEFAULT_DEPTH)
        return deepening_bot(game, evaluate, depth), None, evaluate
    raise ValueError("neither evaluate nor choose_move was given")


def _short(exc, sources=None) -> str:
    """The error and the student's line it came from, on one line.

    >>> try:
    ...     1 / 0
    ... except ZeroDivisionError as exc:
    ...     _short(exc)
    'ZeroDivisionError: division by zero'
    """
    where = ""
    entering = isinstance(exc, RecursionError)  # the limit may be hit entering a call
    for frame, lineno in reversed(list(traceback.walk_tb(exc.__traceback__))):
        name = frame.f_code.co_filename
        if sources and name in sources:
            if entering and lineno == frame.f_code.co_firstlineno:
                entering = False  # (a watch on calls raised it): the caller's line made it
                continue
            label, lines = sources[name]
            text = lines.get(lineno, "").strip()
            where = f" (line {lineno} of {label}: {text[:80]})"
            break
    message = str(exc)[:200]
    return (f"{type(exc).__name__}{': ' + message if message else ''}{where}").replace("\n", " ")


def serve(inp, out):
    """Read the bot, then answer move requests until the input closes."""
    def say(text):
        out.write(text + "\n")
        out.flush()

    bot, line = load(inp.readline())
    say(line)
    if bot is None:
        return
    for request in inp:
        say(bot.answer(request))


def load(line, namespaces=None):
    """``(bot, "ready")`` for the bot that the first protocol line (JSON) describes, or
    ``(None, "error <why>")``. ``namespaces`` (a list) gets the namespaces the student's
    functions were rebuilt in."""
    sources = {}
    try:
        choose, renew, evaluate = _load(json.loads(line), sources, namespaces)
    except Exception as exc:
        return None, "error " + _short(exc, sources)
    return Bot(choose, renew, evaluate, sources), "ready"


class Bot:
    """A loaded bot: :meth:`answer` turns one request line into one answer line."""

    def __init__(self, choose, renew, evaluate, sources):
        self.choose, self.renew, self.evaluate = choose, renew, evaluate
        self.sources = sources
        self.current = None

    def answer(self, line) -> str:
        """``<id> <move as JSON>`` (or the estimate), or ``<id> error <why>``."""
        from ..runner.codec import decode, encode

        request = json.loads(line)
        if "alive" in request:  # a sign of life asked between games
            return f"{request['id']} alive {request['alive']}"
        if self.renew is not None and request.get("game") != self.current:
            self.current = request.get("game")
            self.choose = self.renew(self.current)
        try:
            if "evaluate" in request:  # the notebook's check: one estimate of one board
                if self.evaluate is None:
                    raise ValueError("this bot has no evaluate")
                answer = json.dumps(encode(self.evaluate(decode(request["evaluate"]))))
            else:
                move = self.choose(decode(request["board"]), float(request["time"]))
                answer = json.dumps(encode(move))
        except BaseException as exc:  # SystemExit and KeyboardInterrupt too: a lost game
            return f"{request['id']} error {_short(exc, self.sources)}"
        return f"{request['id']} {answer}"


def main():
    protocol_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    protocol_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)  # print() in student code lands on stderr, never on the protocol
    sys.setrecursionlimit(10_000)
    serve(protocol_in, protocol_out)


if __name__ == "__main__":
    main()
