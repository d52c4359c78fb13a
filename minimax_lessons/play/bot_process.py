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
   estimate of one board instead: the notebook's own check uses it.)

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


def _load(job, sources):
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
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if sources and frame.filename in sources:
            label, lines = sources[frame.filename]
            text = lines.get(frame.lineno, "").strip()
            where = f" (line {frame.lineno} of {label}: {text[:80]})"
            break
    message = str(exc)[:200]
    return (f"{type(exc).__name__}{': ' + message if message else ''}{where}").replace("\n", " ")


def serve(inp, out):
    """Read the bot, then answer move requests until the input closes."""
    from ..runner.codec import decode, encode

    def say(text):
        out.write(text + "\n")
        out.flush()

    sources = {}
    try:
        job = json.loads(inp.readline())
        choose, renew, evaluate = _load(job, sources)
    except Exception as exc:
        say("error " + _short(exc, sources))
        return
    say("ready")
    current = None
    for line in inp:
        request = json.loads(line)
        if renew is not None and request.get("game") != current:
            current = request.get("game")
            choose = renew(current)
        try:
            if "evaluate" in request:  # the notebook's check: one estimate of one board
                if evaluate is None:
                    raise ValueError("this bot has no evaluate")
                answer = json.dumps(encode(evaluate(decode(request["evaluate"]))))
            else:
                move = choose(decode(request["board"]), float(request["time"]))
                answer = json.dumps(encode(move))
        except BaseException as exc:  # SystemExit and KeyboardInterrupt too: a lost game
            say(f"{request['id']} error {_short(exc, sources)}")
            continue
        say(f"{request['id']} {answer}")


def main():
    protocol_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    protocol_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)  # print() in student code lands on stderr, never on the protocol
    sys.setrecursionlimit(10_000)
    serve(protocol_in, protocol_out)


if __name__ == "__main__":
    main()
