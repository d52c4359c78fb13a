"""Seconds per notebook and students per minute, serially and with ``--jobs`` (figures to read,
nothing asserted).

Run with: PYTHONPATH=. python bench/bench_grading.py [STUDENTS] [JOBS] [ISOLATION]
(defaults: 20 students, as many jobs as cores, auto). Each student submits the course's
graded minimax notebook with its solutions; the class is graded serially, then
with JOBS students at once, in bubblewrap when it works here (ISOLATION as ``grade
--isolation`` takes it: ``user`` grades as an unprivileged user of its own, as root
where no jail can be built). Prints both
rates, the seconds per notebook (the goal with two jobs on two cores: under 1.0 s),
their ratio, whether the two runs' ``grades.csv`` and ``totals.csv`` are byte-identical,
the machine's load average before and after (other work on the machine slows
every figure), and the seconds from the first Ctrl-C to the grader's exit while two
sleeping notebooks are graded (goal: under 5 s).
With bubblewrap it first prints the first drawing of a jailed Python with the
grader's compiled Graphviz (bound read-only into the jail) and without it.
"""

import copy
import io
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from minimax_lessons._process import with_package_path
from minimax_lessons.instructor import grade, release
from minimax_lessons.instructor.common.environment import student_environment
from minimax_lessons.instructor.grading.isolation import Jail, find_bwrap, shared_graphviz_cache

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "course" / "source" / "03-minimax-exercises.ipynb"


def make_class(tmp: Path, count: int):
    """Release the notebook and submit it ``count`` times with its solutions; the key."""
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
        folder = tmp / "submitted" / f"student{i:02d}"
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / SOURCE.name)
    return key


def rate(tmp: Path, key, jobs: int, count: int, isolation="auto") -> tuple:
    """(students per minute, CPU seconds per notebook) with ``jobs`` at once (a fresh output
    folder). The CPU seconds are those of every process grading started (kernels, jails,
    checkers), as their parents collected them: what other work on the machine does not
    change, unlike the minutes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    grade(tmp / "submitted", key, tmp / f"graded-{jobs}", jobs=jobs, progress=False,
          stream=io.StringIO(), isolation=isolation)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return count * 60 / wall, cpu / count


def stop_seconds(tmp: Path, key, isolation="auto") -> float:
    """Seconds from the first Ctrl-C (SIGINT) to the grader's exit, two sleeping notebooks
    being graded at once (goal: under 5 s)."""
    blank = nbformat.read(tmp / "release" / SOURCE.name, as_version=4)
    blank.cells.insert(2, nbformat.v4.new_code_cell("import time\ntime.sleep(600)"))
    for student in ("sleeper1", "sleeper2"):
        (tmp / "sleepers" / student).mkdir(parents=True)
        nbformat.write(blank, tmp / "sleepers" / student / SOURCE.name)
    out = tmp / "graded-sleepers"
    grader = subprocess.Popen([sys.executable, "-m", "minimax_lessons.instructor", "grade",
                               str(tmp / "sleepers"), "--key", str(key), "--out", str(out),
                               "--jobs", "2", "--timeout", "900", "--quiet",
                               "--isolation", isolation],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while len(list((out / "results").glob("*.started"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(5)  # the kernels are in their sleeping cell by now
    start = time.perf_counter()
    grader.send_signal(signal.SIGINT)
    grader.wait(timeout=120)
    return time.perf_counter() - start


def load() -> str:
    """The load average over 1, 5 and 15 minutes (Linux), as text."""
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


#: What a jailed Python prints: the seconds of its first drawing, and where Graphviz came from.
FIRST_DRAWING = ("import time; start = time.perf_counter(); "
                 "from minimax_lessons.pictures import render; "
                 "render.dot_to_svg('digraph { a -> b }'); "
                 "print(f'{time.perf_counter() - start:.2f}', render.embedded_origin)")


def jailed_first_drawing(bwrap, cache) -> str:
    """'seconds origin' of the first drawing in a fresh jailed Python."""
    with tempfile.TemporaryDirectory() as work:
        command = Jail(work, bwrap=bwrap, graphviz_cache=cache).prefix() + [
            sys.executable, "-c", FIRST_DRAWING]
        done = subprocess.run(command, capture_output=True, text=True,
                              env=with_package_path(student_environment()))
    return done.stdout.strip() or done.stderr.strip()[-200:]


def main(count, jobs, isolation="auto"):
    bwrap = find_bwrap() if isolation in ("auto", "bwrap") else None
    where = {"user": "as an unprivileged user of its own"}.get(
        isolation, "in bubblewrap" if bwrap else "without isolation")
    if bwrap and shared_graphviz_cache():
        for label, cache in (("with", shared_graphviz_cache()), ("without", None)):
            print(f"first drawing in a jailed Python {label} the grader's Graphviz cache: "
                  f"{jailed_first_drawing(bwrap, cache)}")
    print(f"grading {count} students ({SOURCE.name}, every answer right), {where}, "
          f"{os.cpu_count()} cores; load average {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        key = make_class(tmp, count)
        serial, cpu = rate(tmp, key, 1, count, isolation)
        print(f"  serial (--jobs 1):   {serial:6.1f} students/minute, "
              f"{60 / serial:.2f} s per notebook, {cpu:.2f} CPU s per notebook")
        parallel, cpu = rate(tmp, key, jobs, count, isolation)
        print(f"  --jobs {jobs}:{'':<{11 - len(str(jobs))}}{parallel:6.1f} students/minute, "
              f"{60 / parallel:.2f} s per notebook (goal with 2 jobs on 2 cores: < 1.0 s), "
              f"{cpu:.2f} CPU s per notebook")
        print(f"  ratio --jobs {jobs} / serial: {parallel / serial:.2f}x")
        for table in ("grades.csv", "totals.csv"):
            same = ((tmp / "graded-1" / table).read_bytes()
                    == (tmp / f"graded-{jobs}" / table).read_bytes())
            print(f"  {table} byte-identical: {'yes' if same else 'NO'}")
        totals = (tmp / "graded-1" / "totals.csv").read_text().splitlines()[1].split(",")
        print(f"  each student's total: {totals[1]}/{totals[2]} (expected full marks)")
        print(f"  first Ctrl-C to the grader's exit, two notebooks running: "
              f"{stop_seconds(tmp, key, isolation):.2f} s (goal: under 5 s)")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20,
         int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1),
         sys.argv[3] if len(sys.argv) > 3 else "auto")
