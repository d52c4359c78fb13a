"""Benchmark: alpha-beta on Connect Four from the empty board, with and without its helpers.

Prints, for depths 2, 4, 6, 8 from the empty 6 x 7 board, with the open-lines
estimate at the cut-off: nodes and seconds for plain alpha-beta (columns left to
right), alpha-beta with centre-first ordering, and the full set (ordering, a
transposition table with bound flags, iterative deepening to that depth, all
its searches counted), then the ratio of plain alpha-beta's nodes to the full
set's (goal at depth 8: at least 10). Also the raw speed of the rules: plain
minimax nodes per second to depth 5. Best of N runs for the times; node counts
are the same every run.

Run: make bench   (or .venv/bin/python bench/bench_connect4.py [--repeat N] [--depth D])
"""

import argparse
import gc
import time

from minimax_lessons import ConnectFour, alphabeta, centre_first, deepen, minimax


def timed(fn, repeat):
    """(result, best seconds) over ``repeat`` runs."""
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return result, best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--depth", type=int, default=8)
    args = parser.parse_args()
    game = ConnectFour()
    order = centre_first(game)

    r, seconds = timed(lambda: minimax(game, depth=5, evaluate=lambda s: 0), args.repeat)
    print(f"rules: plain minimax to depth 5, {r.nodes:,} nodes in {seconds:.2f} s, "
          f"{r.nodes / seconds:,.0f} nodes/s")
    print(f"{'depth':>5} {'plain a-b nodes':>16} {'s':>6} {'ordered nodes':>14} {'s':>6} "
          f"{'full set nodes':>15} {'s':>6} {'ratio':>6}")
    for depth in range(2, args.depth + 1, 2):
        plain, t_plain = timed(lambda: alphabeta(game, depth=depth, evaluate=game.estimate),
                               args.repeat)
        ordered, t_ordered = timed(lambda: alphabeta(game, depth=depth, evaluate=game.estimate,
                                                     order=order), args.repeat)
        runs, t_full = timed(lambda: deepen(game, max_depth=depth, evaluate=game.estimate,
                                            order=order), args.repeat)
        full = sum(r.nodes for r in runs)
        same = plain.value == ordered.value == runs[-1].value
        print(f"{depth:>5} {plain.nodes:>16,} {t_plain:>6.2f} {ordered.nodes:>14,} "
              f"{t_ordered:>6.2f} {full:>15,} {t_full:>6.2f} {plain.nodes / full:>5.1f}x"
              + ("" if same else "  VALUES DIFFER"))
    print(f"goal: the full set >= 10x fewer nodes than plain alpha-beta at depth 8 "
          f"({'met' if plain.nodes / full >= 10 else 'NOT met'} at depth {depth})")


if __name__ == "__main__":
    main()
