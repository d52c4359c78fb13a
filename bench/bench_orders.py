"""Benchmark: move orders learned during the search (killer moves, the history heuristic)
against centre-first order on Connect Four, and expectiminimax with and without bounds.

Prints, for middle-game positions (seeded random games of 6 to 16 moves) searched to
depths 6, 7 and 8 with the open-lines estimate: the total nodes and seconds of alpha-beta
with centre-first order alone, with killer moves (two per ply), with the history
heuristic, and with both; each one's node ratio and time ratio against centre-first
alone (the learned orders cost a little per node: the time ratio shows whether the
saved nodes pay for it). Then expectiminimax on random MAX / chance trees against the
same search with bounds (Star1): nodes and seconds. Best of N runs for the times; node
counts are the same every run.

Run: make bench   (or .venv/bin/python bench/bench_orders.py [--repeat N] [--positions P])
"""

import argparse
import gc
import math
import time

from minimax_lessons import ConnectFour, GameTree, alphabeta, centre_first, expectiminimax
from minimax_lessons.experiments import random_positions


def timed(fn, repeat):
    """(result, best seconds) over ``repeat`` runs."""
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return result, best


def orders_at(game, positions, depth, orders, repeat):
    """{name: (total nodes, seconds)} and whether every order found the same values."""
    out, values = {}, {}
    for name, options in orders.items():
        def run():
            return [alphabeta(game, s, depth=depth, evaluate=game.estimate, **options)
                    for s in positions]
        results, seconds = timed(run, repeat)
        out[name] = (sum(r.nodes for r in results), seconds)
        values[name] = [r.value for r in results]
    return out, len({tuple(v) for v in values.values()}) == 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--depth", type=int, default=8)
    args = parser.parse_args()
    game = ConnectFour()
    order = centre_first(game)
    positions = random_positions(game, args.positions, seed=10)
    orders = {"centre first": {"order": order},
              "+ killers": {"order": order, "killers": 2},
              "+ history": {"order": order, "history": True},
              "+ both": {"order": order, "killers": 2, "history": True}}
    print(f"Connect Four, {len(positions)} middle-game positions (seed 10), totals per depth")
    print(f"{'depth':>5} {'order':<14} {'nodes':>10} {'s':>7} {'nodes ratio':>12} {'time ratio':>11}")
    for depth in range(6, args.depth + 1):
        found, same = orders_at(game, positions, depth, orders, args.repeat)
        base_nodes, base_seconds = found["centre first"]
        for name, (nodes, seconds) in found.items():
            print(f"{depth:>5} {name:<14} {nodes:>10,} {seconds:>7.2f} "
                  f"{nodes / base_nodes:>11.2f}x {seconds / base_seconds:>10.2f}x")
        if not same:
            print("      VALUES DIFFER")

    print("\nexpectiminimax on 20 random MAX / chance trees (3 moves and outcomes, scores 0-10)")
    print(f"{'plies':>5} {'no bounds nodes':>16} {'s':>6} {'bounds (0, 10) nodes':>21} {'s':>6} "
          f"{'nodes ratio':>12}")
    for depth in (4, 6):
        trees = [GameTree.random(3, depth, seed=s, low=0, high=10, levels=("max", "chance"))
                 for s in range(20)]
        plain, t_plain = timed(lambda: [expectiminimax(t) for t in trees], args.repeat)
        cut, t_cut = timed(lambda: [expectiminimax(t, bounds=(0, 10)) for t in trees],
                           args.repeat)
        same = all(math.isclose(a.value, b.value, abs_tol=1e-9) for a, b in zip(plain, cut))
        n_plain, n_cut = sum(r.nodes for r in plain), sum(r.nodes for r in cut)
        print(f"{depth:>5} {n_plain:>16,} {t_plain:>6.2f} {n_cut:>21,} {t_cut:>6.2f} "
              f"{n_cut / n_plain:>11.2f}x" + ("" if same else "  VALUES DIFFER"))


if __name__ == "__main__":
    main()
