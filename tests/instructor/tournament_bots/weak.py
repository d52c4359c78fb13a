# A weak bot that talks: always the leftmost column that is not full, and a line per move.
def evaluate(board):
    return 0


def choose_move(state, time_left):
    print("I always play on the left")
    return game.actions(state)[0]
