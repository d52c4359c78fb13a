# A random bot (seeded by the position, so the same board gets the same move).
import random


def evaluate(board):
    return 0


def choose_move(state, time_left):
    return random.Random(repr(state)).choice(game.actions(state))
