"""The seed's C++ tic-tac-toe program (lesson 4's q4.7 and q4.8): the Python port says what
the compiled C++ prints, on every position where X is to move; the bug is where q4.8 says."""

import functools
import shutil
import subprocess

import pytest

from minimax_lessons import TicTacToe, minimax, solve
from minimax_lessons.exercises import check
from minimax_lessons.exercises.banks import seed_program
from minimax_lessons.exercises.banks.seed_program import (BUGGY_LINE, FIXED_LINE, MAIN_BOARD,
                                                          SEED_PROGRAM, line_of,
                                                          seed_best_move)

GAME = TicTacToe()
X_TO_MOVE = sorted(s for s in solve(GAME) if not GAME.is_terminal(s)
                   and GAME.to_move(s) == "max")

#: A main that runs bestMove (pos starting at 2, as the program's own main sets it) on
#: each board read from the input, one per line.
EVERY_BOARD_MAIN = """int main() {
    char line[16];
    while (cin >> line) {
        char b[9];
        for (int i = 0; i < 9; i++) b[i] = line[i];
        int pos = 2;
        bestMove(b, pos);
        cout << pos << "\\n";
    }
    return 0;
}
"""


def compiled(tmp_path, program, name):
    source = tmp_path / f"{name}.cpp"
    source.write_text(program)
    binary = tmp_path / name
    subprocess.run(["g++", "-O2", "-o", str(binary), str(source)], check=True,
                   capture_output=True, timeout=120)
    return binary


def run(binary, boards=()):
    out = subprocess.run([str(binary)], input="\n".join(boards) + "\n", text=True,
                         capture_output=True, check=True, timeout=120).stdout
    return out.split()


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    if shutil.which("g++") is None:
        pytest.skip("no C++ compiler (.ci/run installs Debian's g++)")
    tmp = tmp_path_factory.mktemp("seed")
    head = SEED_PROGRAM[:SEED_PROGRAM.index("int main() {")]
    fixed = head.replace(BUGGY_LINE + "\n", FIXED_LINE + "\n")
    assert fixed != head
    return {"as written": compiled(tmp, SEED_PROGRAM, "seed"),
            "every board": compiled(tmp, head + EVERY_BOARD_MAIN, "every"),
            "fixed": compiled(tmp, fixed + EVERY_BOARD_MAIN, "fixed")}


def test_the_program_as_written_plays_os_square_on_its_own_board(programs):
    assert run(programs["as written"]) == ["X", "plays", "square", "2"]
    assert MAIN_BOARD[2] == "O" and seed_best_move(MAIN_BOARD) == 2
    assert all(minimax(GAME, GAME.result(MAIN_BOARD, a)).value == -1
               for a in GAME.actions(MAIN_BOARD))


@pytest.fixture
def port_remembers(monkeypatch):
    """The port's minimax remembers each board's value while a test runs: the same values
    (it is a function of the board and whose turn it is), its search of the 2,423 boards
    in 0.1 s instead of 6.5. The port itself stays line for line."""
    monkeypatch.setattr(seed_program, "minimax", functools.cache(seed_program.minimax))


def test_the_port_prints_what_the_cpp_prints_on_every_position(programs, port_remembers):
    printed = [int(p) for p in run(programs["every board"], X_TO_MOVE)]
    assert printed == [seed_best_move(board) for board in X_TO_MOVE]
    lost = [b for b, p in zip(X_TO_MOVE, printed) if b[p] != "."]
    assert lost and all(solve(GAME)[b] == -1 and b[2] != "." for b in lost)


def test_the_fixed_program_plays_minimaxs_move_everywhere(programs, port_remembers):
    printed = [int(p) for p in run(programs["fixed"], X_TO_MOVE)]
    assert printed == [seed_best_move(b, fixed=True) for b in X_TO_MOVE]
    assert printed == [minimax(GAME, b).move for b in X_TO_MOVE]


def test_q4_8_takes_the_sentinel_line_and_explains_the_others():
    assert check("q4.8", line_of(BUGGY_LINE)).passed
    comparison = check("q4.8", line_of("if (temp > value) {"))
    assert not comparison.passed and "-10" in comparison.message
    assert not check("q4.8", line_of("int pos = 2;")).passed
    assert check("q4.7", 2).passed and check("q4.7", 3).diagnosis == "sentinel-equals-loss"
