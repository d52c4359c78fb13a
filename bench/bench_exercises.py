"""How long the exercise checks and the grader take (figures to read, nothing asserted).

Run with `make bench`, or: PYTHONPATH=. python bench/bench_exercises.py [N]
where N is the number of notebooks to grade (default 6).
"""

import copy
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from minimax_lessons.exercises import check, check_function
from minimax_lessons.runner.sandbox import Sandbox, default_sandbox
from minimax_lessons.exercises.variants import SOLUTIONS, minimax_max_everywhere
from minimax_lessons.instructor import grade, release

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "course" / "source" / "03-minimax-exercises.ipynb"  # the one with solutions


def timed(fn, repeat=1):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def sandbox_start():
    box = Sandbox()
    start = time.perf_counter()
    box.start()
    box._wait_ready()
    seconds = time.perf_counter() - start
    box.stop()
    return seconds


def main(count):
    starts = [sandbox_start() for _ in range(5)]
    median = statistics.median(starts) * 1000
    print(f"sandbox worker start (cold process, ready):    {median:7.1f} ms  (median of 5)")
    default_sandbox().start()
    check_function("minimax", SOLUTIONS["minimax"])  # warm: worker up, caches filled
    for kind, fn in SOLUTIONS.items():
        seconds = timed(lambda: check_function(kind, fn), repeat=5)
        print(f"check_function({kind!r}), correct:{'':<{16 - len(kind)}}{seconds * 1000:7.1f} ms")
    seconds = timed(lambda: check_function("minimax", minimax_max_everywhere), repeat=5)
    print(f"check_function('minimax'), wrong + diagnosis:  {seconds * 1000:7.1f} ms"
          "  (includes per-node values and the drawing data)")
    seconds = timed(lambda: check_function("minimax", minimax_max_everywhere)._repr_html_(), 3)
    print(f"  ... and its HTML with the SVG drawing:       {seconds * 1000:7.1f} ms")
    seconds = timed(lambda: check("q3.1", 3), repeat=20)
    print(f"check('q3.1', 3), a value question:            {seconds * 1000:7.1f} ms")

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        key = tmp / "key.json"
        release(SOURCE, tmp / "release", key)
        blank = nbformat.read(tmp / "release" / SOURCE.name, as_version=4)
        solutions = {c.metadata["nbgrader"]["grade_id"]: c.source
                     for c in nbformat.read(SOURCE, as_version=4).cells
                     if c.metadata.get("nbgrader", {}).get("solution")}
        for i in range(count):
            nb = copy.deepcopy(blank)
            for c in nb.cells:
                grade_id = c.metadata.get("nbgrader", {}).get("grade_id")
                if grade_id in solutions:
                    c.source = solutions[grade_id]
            (tmp / "submitted" / f"student{i:02d}").mkdir(parents=True)
            nbformat.write(nb, tmp / "submitted" / f"student{i:02d}" / SOURCE.name)
        start = time.perf_counter()
        grade(tmp / "submitted", key, tmp / "graded", progress=False)
        seconds = time.perf_counter() - start
        print(f"grading {count} notebooks (9 questions each):    {seconds:7.1f} s "
              f"({seconds / count:.1f} s per notebook)")
        start = time.perf_counter()
        grade(tmp / "submitted", key, tmp / "graded", progress=False)
        print(f"re-running the same batch (all resumed):       "
              f"{(time.perf_counter() - start) * 1000:7.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
