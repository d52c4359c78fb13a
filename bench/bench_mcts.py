"""Benchmark: Monte Carlo tree search play-outs per second, textbook UCT against the engine.

Prints, for tic-tac-toe from the empty board and from a middle-game position (and for
Connect Four's empty board when ``minimax_lessons.games.connectfour`` exists): play-outs per
second of ``textbook.uct_search`` and of ``mcts`` (trace off and on), and the engine's
speed-up over the textbook. Both grow the same tree for the same seed (the tests check
it), so the ratio compares the same work. Best of N runs.

Run: make bench   (or .venv/bin/python bench/bench_mcts.py [--playouts N] [--repeat N])
"""

import argparse
import gc
import importlib
import time

from minimax_lessons import TicTacToe, mcts, textbook


def best_time(fn, repeat):
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def games():
    """(name, game) pairs to measure; Connect Four only when its module exists."""
    out = [("tic-tac-toe, empty board", TicTacToe()),
           ("tic-tac-toe, X...O....", TicTacToe("X...O...."))]
    try:
        connectfour = importlib.import_module("minimax_lessons.games.connectfour")
    except ModuleNotFoundError:
        print("(minimax_lessons.games.connectfour not found: Connect Four skipped)")
    else:
        game_class = getattr(connectfour, "ConnectFour", None)
        if game_class is not None:
            out.append(("Connect Four, empty board", game_class()))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.playouts
    print(f"{n:,} play-outs per search, best of {args.repeat} runs\n")
    print(f"{'game':<28}{'textbook /s':>14}{'engine /s':>12}{'traced /s':>12}{'speed-up':>10}")
    for name, game in games():
        state = game.initial_state()
        book = best_time(lambda: textbook.uct_search(game, state, n, 0), args.repeat)
        engine = best_time(lambda: mcts(game, state, playouts=n, seed=0), args.repeat)
        traced = best_time(lambda: mcts(game, state, playouts=n, seed=0, trace=True), args.repeat)
        print(f"{name:<28}{n / book:>14,.0f}{n / engine:>12,.0f}{n / traced:>12,.0f}"
              f"{book / engine:>9.1f}x")


if __name__ == "__main__":
    main()
