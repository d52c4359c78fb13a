# Sleeps far past the move time once two pieces are on the board.
import time


def evaluate(board):
    return 0


def choose_move(state, time_left):
    if sum(row.count("X") + row.count("O") for row in game.board(state)) >= 2:
        time.sleep(60)
    return game.actions(state)[-1]
