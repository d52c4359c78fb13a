"""What a tournament costs: starting a bot, one move over the pipe, one game (figures only).

Run with: PYTHONPATH=. python bench/bench_tournament.py [ROWS] [COLS]
(defaults: 6 7). Prints the seconds to start a bot process (plain, and in bubblewrap
when it works here), the round trip of one move of the random bot (the protocol's
overhead), the reference bots' slowest move in a game against random, and the seconds of
one game between the depth-4 reference bot and itself, in processes and in this process.
"""

import statistics
import sys
import tempfile
import time

from minimax_lessons.play.bots import game_spec, reference_bot
from minimax_lessons.games.connectfour import ConnectFour
from minimax_lessons.play.arena import BotPool, BotProcess, Player, play_game
from minimax_lessons.instructor.grading.isolation import Jail, find_bwrap


def start_seconds(player, spec, jail=None, runs=5):
    times = []
    with tempfile.TemporaryDirectory() as work:
        for _ in range(runs):
            proc = BotProcess(player, spec, jail=jail, work_root=work)
            began = time.perf_counter()
            assert proc.start() is None
            times.append(time.perf_counter() - began)
            proc.kill()
    return statistics.median(times)


def main():
    rows, cols = (int(a) for a in (sys.argv[1:3] if len(sys.argv) > 2 else (6, 7)))
    game = ConnectFour(rows=rows, cols=cols)
    spec = game_spec(game)
    rand = Player("random", "reference", builtin="random")
    print(f"board {rows}x{cols}")
    print(f"start a bot, plain:       {start_seconds(rand, spec):.3f} s (median of 5)")
    bwrap = find_bwrap()
    if bwrap:
        jail = lambda folder: Jail(str(folder), bwrap=bwrap)  # noqa: E731
        print(f"start a bot, bubblewrap:  {start_seconds(rand, spec, jail):.3f} s")
    else:
        print("start a bot, bubblewrap:  (bubblewrap cannot start here)")
    proc = BotProcess(rand, spec)
    proc.start()
    state, trips = game.initial_state(), []
    for _ in range(200):
        began = time.perf_counter()
        move, _ = proc.ask(state, 1, 1.0, 5.0)
        trips.append(time.perf_counter() - began)
    proc.kill()
    print(f"one move of random over the pipe: {1000 * statistics.median(trips):.2f} ms (median "
          "of 200)")
    for name in ("greedy", "depth-2", "depth-4"):
        bot, other = reference_bot(game, name), reference_bot(game, "random")
        state, slowest = game.initial_state(), 0.0
        while not game.is_terminal(state):
            began = time.perf_counter()
            move = (bot if game.to_move(state) == "max" else other)(state, 1.0)
            if game.to_move(state) == "max":
                slowest = max(slowest, time.perf_counter() - began)
            state = game.result(state, move)
        print(f"{name:>8}: slowest move against random {1000 * slowest:.1f} ms")
    deep = Player("depth-4", "reference", builtin="depth-4")
    deep2 = Player("depth-4b", "reference", builtin="depth-4")
    pools = {p.name: BotPool(p, spec) for p in (deep, deep2)}
    for p in pools.values():  # start both before timing
        p.release(p.acquire()[0])
    began = time.perf_counter()
    record = play_game(game, 1, deep, deep2, pools, move_time=10.0)
    in_processes = time.perf_counter() - began
    for p in pools.values():
        p.close()
    bot = reference_bot(game, "depth-4")
    began = time.perf_counter()
    state = game.initial_state()
    while not game.is_terminal(state):
        state = game.result(state, bot(state, 10.0))
    here = time.perf_counter() - began
    print(f"depth-4 against itself, {len(record.moves)} moves: {in_processes:.2f} s in "
          f"processes, {here:.2f} s in this process (ratio {in_processes / here:.2f})")


if __name__ == "__main__":
    main()
