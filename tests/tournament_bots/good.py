# A sound bot: open lines weighted by pieces, with the default deepening search.
from minimax_lessons.bots import windows


def evaluate(board):
    cells = "".join(board)
    score = 0
    for line in windows(len(board), len(board[0])):
        text = "".join(cells[i] for i in line)
        if "O" not in text:
            score += 4 ** text.count("X") - 1
        elif "X" not in text:
            score -= 4 ** text.count("O") - 1
    return score
