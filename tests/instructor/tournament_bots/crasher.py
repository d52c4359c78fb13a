# Crashes Python on its move once four pieces are on the board (mid-game, every game).
import os


def evaluate(board):
    return 0


def choose_move(state, time_left):
    if sum(row.count("X") + row.count("O") for row in game.board(state)) >= 4:
        os._exit(3)
    return game.actions(state)[-1]
