"""Benchmark: the generic searches on empty tic-tac-toe against a specialised loop.

Prints, for plain minimax and alpha-beta through the generic Game interface:
states visited, seconds, microseconds per state, and the ratio to a plain
20-line minimax over a 9-cell list written below (same process, same machine);
then the cost of tracing (trace=True against trace=False). Best of N runs, with
garbage collected between runs so one run's leftovers are not charged to the next.
``--cpu`` times by the process's CPU time instead of the wall clock: steadier on a
machine that other work keeps busy (a run that waits for a core is not charged).

Run: make bench   (or .venv/bin/python bench/bench_search.py [--repeat N] [--cpu])
"""

import argparse
import gc
import time

from minimax_lessons import TicTacToe, alphabeta, minimax, negamax
from minimax_lessons.games.tictactoe import _describe

WIN_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def specialised_minimax(board, player, counter):
    """The textbook loop: one list, mutated and restored, X maximises."""
    counter[0] += 1
    for a, b, c in WIN_LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return 1 if board[a] == "X" else -1
    if " " not in board:
        return 0
    best = -2 if player == "X" else 2
    for i in range(9):
        if board[i] == " ":
            board[i] = player
            value = specialised_minimax(board, "O" if player == "X" else "X", counter)
            board[i] = " "
            if (player == "X" and value > best) or (player == "O" and value < best):
                best = value
    return best


class UncachedTicTacToe(TicTacToe):
    """TicTacToe working out the rules afresh at every call (no per-board memory),
    to show how much of the speed the game's own rule cache gives."""

    def to_move(self, state):
        return _describe(state)[0]

    def actions(self, state):
        return _describe(state)[2]

    def is_terminal(self, state):
        return _describe(state)[1] is not None

    def utility(self, state):
        return self._score[_describe(state)[1]]

    def result(self, state, action):
        return state[:action] + ("X" if _describe(state)[0] == "max" else "O") + state[action + 1:]


def best_time(run, repeat, clock=time.perf_counter):
    """The best time of ``repeat`` calls of ``run`` by ``clock``, and its last result."""
    best, out = float("inf"), None
    for _ in range(repeat):
        out = None
        gc.collect()
        start = clock()
        out = run()
        best = min(best, clock() - start)
    return best, out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpu", action="store_true",
                        help="time by CPU time (time.process_time), not the wall clock")
    args = parser.parse_args()
    repeat = args.repeat
    clock = time.process_time if args.cpu else time.perf_counter
    game = TicTacToe()

    def special():
        counter = [0]
        value = specialised_minimax([" "] * 9, "X", counter)
        return value, counter[0]

    base, (value, states) = best_time(special, repeat, clock)
    print(f"{'search':<36} {'states':>9} {'seconds':>8} {'us/state':>9} {'vs loop':>8}")
    print(f"{'specialised 9-cell loop':<36} {states:>9,} {base:>8.3f} {base / states * 1e6:>9.2f} {1:>8.2f}")
    rows = {}
    for name, run in [
        ("minimax", lambda: minimax(game)),
        ("minimax trace=True", lambda: minimax(game, trace=True)),
        ("negamax", lambda: negamax(game)),
        ("minimax, rules re-checked per call", lambda: minimax(UncachedTicTacToe())),
        ("alphabeta", lambda: alphabeta(game)),
        ("alphabeta trace=True", lambda: alphabeta(game, trace=True)),
    ]:
        seconds, result = best_time(run, repeat, clock)
        rows[name] = seconds
        assert result.value == value == 0
        ratio = seconds / base
        print(f"{name:<36} {result.nodes:>9,} {seconds:>8.3f} "
              f"{seconds / result.nodes * 1e6:>9.2f} {ratio:>8.2f}")
    print()
    print(f"generic minimax vs specialised loop: {rows['minimax'] / base:.2f}x (target <= 2x)")
    print(f"tracing cost, minimax:   {rows['minimax trace=True'] / rows['minimax']:.2f}x (target <= 2x)")
    print(f"tracing cost, alphabeta: {rows['alphabeta trace=True'] / rows['alphabeta']:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
