"""The seed's C++ tic-tac-toe program, and a faithful Python port of it (lesson 4's q4.7, q4.8).

Vocabulary
----------
- :data:`SEED_PROGRAM` is the C++ program the course's seed notes give for tic-tac-toe, as
  the pedagogy review describes it: X (MAX) picks its square with ``bestMove``, whose best
  value starts at ``-10``, the score of a loss, and changes only on ``temp > value``. When
  every move loses, no move scores more than -10, so ``pos`` is never set and ``main``
  prints the square it set ``pos`` to before the call, 2. A sentinel that equals a score a
  move can have is the bug; :data:`FIXED_LINE` is the one-line fix (start below every score).
- :func:`seed_best_move` is the same program in Python, line for line (``score``,
  ``minimax``, ``bestMove``): what the C++ prints, without a compiler. A test compiles the
  C++ and compares the two on every position where X is to move.
- Boards are strings of 9 characters, ``"X"``, ``"O"`` or ``"."``, row by row (the course's
  tic-tac-toe boards); the C++ reads the same characters.

>>> seed_best_move("XXO..O...")    # X is lost (O threatens 8): the program plays O's square
2
>>> seed_best_move("XXO..O...", fixed=True)   # the fix plays the first of the losing squares
3
"""

from __future__ import annotations

from ...games.tictactoe import LINES

#: The seed's program. ``bestMove`` is X's (MAX's) choice; ``minimax`` scores a win for X
#: +10, for O -10, a full board 0.
SEED_PROGRAM = r"""#include <algorithm>
#include <iostream>
using namespace std;

const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

int score(const char b[9]) {          // +10: X has a line, -10: O has
    for (int k = 0; k < 8; k++) {
        char c = b[LINES[k][0]];
        if (c != '.' && c == b[LINES[k][1]] && c == b[LINES[k][2]])
            return c == 'X' ? 10 : -10;
    }
    return 0;
}

bool full(const char b[9]) {
    for (int i = 0; i < 9; i++)
        if (b[i] == '.') return false;
    return true;
}

int minimax(char b[9], bool isMax) {
    int s = score(b);
    if (s != 0) return s;
    if (full(b)) return 0;
    int best = isMax ? -1000 : 1000;
    for (int i = 0; i < 9; i++) {
        if (b[i] == '.') {
            b[i] = isMax ? 'X' : 'O';
            int v = minimax(b, !isMax);
            b[i] = '.';
            best = isMax ? max(best, v) : min(best, v);
        }
    }
    return best;
}

void bestMove(char b[9], int &pos) {
    int value = -10;
    for (int i = 0; i < 9; i++) {
        if (b[i] == '.') {
            b[i] = 'X';
            int temp = minimax(b, false);
            b[i] = '.';
            if (temp > value) {
                value = temp;
                pos = i;
            }
        }
    }
}

int main() {
    char b[9] = {'X', 'X', 'O',
                 '.', '.', 'O',
                 '.', '.', '.'};
    int pos = 2;
    bestMove(b, pos);
    cout << "X plays square " << pos << endl;
    return 0;
}
"""

#: The line with the bug, as it stands in :data:`SEED_PROGRAM`, and the line that fixes it.
BUGGY_LINE = "    int value = -10;"
FIXED_LINE = "    int value = -1000;"
#: The board in the program's ``main``: lesson 4's lost position (O threatens 8, and wins
#: whatever X does).
MAIN_BOARD = "XXO..O..."


def line_of(text: str) -> int:
    """The number (from 1) of the program's line that is ``text`` (stripped).

    >>> line_of("int value = -10;"), line_of("if (temp > value) {")
    (40, 46)
    """
    lines = [line.strip() for line in SEED_PROGRAM.splitlines()]
    return lines.index(text.strip()) + 1


def numbered_program(program: str = SEED_PROGRAM) -> str:
    """The program with its line numbers, as a question lists it."""
    return "\n".join(f"{i:>2}  {line}" for i, line in enumerate(program.splitlines(), 1))


# -- the port, line for line ------------------------------------------------------------
def score(b):
    for line in LINES:
        c = b[line[0]]
        if c != "." and c == b[line[1]] and c == b[line[2]]:
            return 10 if c == "X" else -10
    return 0


def full(b):
    return "." not in b


def minimax(b, is_max):
    s = score(b)
    if s != 0:
        return s
    if full(b):
        return 0
    best = -1000 if is_max else 1000
    for i in range(9):
        if b[i] == ".":
            v = minimax(b[:i] + ("X" if is_max else "O") + b[i + 1:], not is_max)
            best = max(best, v) if is_max else min(best, v)
    return best


def seed_best_move(board, pos=2, *, fixed=False):
    """The square the seed's program prints for ``board`` (X to move): its ``bestMove``,
    with ``pos`` as ``main`` sets it before the call (2). ``fixed=True``: with the bug
    fixed (the best value starting at -1000, below every score)."""
    value = -1000 if fixed else -10
    for i in range(9):
        if board[i] == ".":
            temp = minimax(board[:i] + "X" + board[i + 1:], False)
            if temp > value:
                value = temp
                pos = i
    return pos


__all__ = ["SEED_PROGRAM", "BUGGY_LINE", "FIXED_LINE", "MAIN_BOARD", "line_of",
           "numbered_program", "seed_best_move"]
