# Answers on its own pipe with a value the codec cannot read (issue 19: it stopped the tournament).
import json
import sys


def evaluate(board):
    return 0


def choose_move(state, time_left):
    serving = sys._getframe(1).f_locals  # the bot process's own loop: its pipe and request
    serving["out"].write(f"{serving['request']['id']} {json.dumps({'$float': 'zz'})}\n")
    serving["out"].flush()
    return game.actions(state)[0]
