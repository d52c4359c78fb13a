"""How fast this machine is right now: one fixed piece of pure Python, to put beside a time.

A figure such as "make test-fast took 137 s" says little on its own here: the same code on
the same 2-core virtual machine took 77 s on 2026-12-02 and 124 s the day after, idle
both times (the host's own load is not in the load average, and only part of it shows as
stolen time). Run this just before (or after) a timing and quote its figure
beside it: two times taken on days whose figures differ by a third differ by a third for
no fault of the code.

The work is fixed and does not use this package (its speed must not change when the
package does): textbook minimax over one seeded tree of 4^9 leaves, in nested lists, and
a little string and dict work, as the tests do. Prints the median of :data:`ROUNDS` rounds
(CPU seconds of this process, and wall) with the fastest and the slowest round (on
2026-12-03, the machine idle, the medians of runs a minute apart went from 0.31 to 0.75 CPU
s, and the rounds of one run from 0.42 to 0.77), the load average, and the CPU time the virtual
machine's host took from this machine meanwhile (``steal`` in ``/proc/stat``, where
Linux has it). Nothing about time is asserted.

>>> isinstance(leaves(2, 2, 1), list)
True
"""

import os
import statistics
import time

ROUNDS = 9
BRANCHING, DEPTH, SEED = 4, 9, 2026


def leaves(branching, depth, seed):
    """A uniform tree as nested lists, leaves -50..49 from a small seeded generator."""
    state = seed

    def grow(d):
        nonlocal state
        if d == 0:
            state = (state * 1103515245 + 12345) % 2**31
            return state % 100 - 50
        return [grow(d - 1) for _ in range(branching)]

    return grow(depth)


def minimax(node, maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax(child, not maximizing) for child in node]
    return max(values) if maximizing else min(values)


def words(n):
    """String and dict work: count the words of a made-up text."""
    counts = {}
    for i in range(n):
        word = f"w{i * 7919 % 1009}"
        counts[word] = counts.get(word, 0) + 1
    return len(counts)


def one_round():
    tree = leaves(BRANCHING, DEPTH, SEED)
    return minimax(tree, True), words(300_000)


def steal():
    """CPU seconds the host took from this machine so far (None where unknown)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def rounds(n=ROUNDS):
    """CPU and wall seconds of ``n`` rounds of the fixed work: ([cpu], [wall])."""
    cpu, wall, answers = [], [], set()
    for _ in range(n):
        c, w = time.process_time(), time.perf_counter()
        answers.add(one_round())
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    assert len(answers) == 1  # the same work every round
    return cpu, wall


def speed(n=ROUNDS) -> str:
    """The machine's speed now, in one line, for another benchmark to print beside its times."""
    cpu, wall = rounds(n)
    return (f"machine speed: {statistics.median(cpu):.2f} CPU s a round of bench_machine.py, "
            f"from {min(cpu):.2f} to {max(cpu):.2f} ({statistics.median(wall):.2f} s wall; "
            f"median of {n}; less is faster)")


def main():
    load = os.getloadavg()
    stolen = steal()
    print(speed())
    after = steal()
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
          + ("stolen by the host meanwhile: "
             f"{after - stolen:.1f} CPU s" if stolen is not None else "steal unknown"))


if __name__ == "__main__":
    main()
