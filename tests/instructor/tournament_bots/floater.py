# Answers on its own pipe with a value the codec cannot read (issue 19: it stopped the tournament).
import json
import sys


def evaluate(board):
    return 0


def choose_move(state, time_left):
    frame = sys._getframe(1)  # up to the bot process's own loop: its pipe and request
    while "out" not in frame.f_locals:
        frame = frame.f_back
    serving = frame.f_locals
    request = json.loads(serving["request"]) if isinstance(serving["request"], str) \
        else serving["request"]
    serving["out"].write(f"{request['id']} {json.dumps({'$float': 'zz'})}\n")
    serving["out"].flush()
    return game.actions(state)[0]
