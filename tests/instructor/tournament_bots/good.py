# A sound bot: open lines weighted by the pieces in them, with the default deepening search.
from minimax_lessons.games.connectfour import lines_of_four

LINES = {}


def evaluate(board):
    size = len(board), len(board[0])
    if size not in LINES:
        LINES[size] = lines_of_four(*size)
    score = 0
    for line in LINES[size]:
        cells = "".join(board[r][c] for r, c in line)
        if "O" not in cells:
            score += 4 ** cells.count("X") - 1
        elif "X" not in cells:
            score -= 4 ** cells.count("O") - 1
    return score / (abs(score) + 1000)
