"""Students graded per minute, serially and with ``--jobs`` (figures to read, nothing asserted).

Run with: PYTHONPATH=. python bench/bench_grading.py [STUDENTS] [JOBS]
(defaults: 6 students, as many jobs as cores). Each student submits the course's
graded minimax notebook with its solutions; the class is graded serially, then
with JOBS students at once, in bubblewrap when it works here. Prints both
rates, their ratio, and whether the two ``grades.csv`` are byte-identical.
With bubblewrap it first prints the first drawing of a jailed Python with the
grader's compiled Graphviz (bound read-only into the jail) and without it.
"""

import copy
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from minimax_lessons._process import with_package_path
from minimax_lessons.instructor import grade, release
from minimax_lessons.instructor.common import student_environment
from minimax_lessons.instructor.isolation import Jail, find_bwrap, shared_graphviz_cache

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


def rate(tmp: Path, key, jobs: int, count: int) -> float:
    """Students per minute with ``jobs`` at once (a fresh output folder)."""
    start = time.perf_counter()
    grade(tmp / "submitted", key, tmp / f"graded-{jobs}", jobs=jobs, progress=False,
          stream=io.StringIO())
    return count * 60 / (time.perf_counter() - start)


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


def main(count, jobs):
    bwrap = find_bwrap()
    where = "in bubblewrap" if bwrap else "without isolation"
    if bwrap and shared_graphviz_cache():
        for label, cache in (("with", shared_graphviz_cache()), ("without", None)):
            print(f"first drawing in a jailed Python {label} the grader's Graphviz cache: "
                  f"{jailed_first_drawing(bwrap, cache)}")
    print(f"grading {count} students ({SOURCE.name}, every answer right), {where}, "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        key = make_class(tmp, count)
        serial = rate(tmp, key, 1, count)
        print(f"  serial (--jobs 1):   {serial:6.1f} students/minute")
        parallel = rate(tmp, key, jobs, count)
        print(f"  --jobs {jobs}:{'':<{11 - len(str(jobs))}}{parallel:6.1f} students/minute")
        print(f"  ratio --jobs {jobs} / serial: {parallel / serial:.2f}x")
        same = ((tmp / "graded-1" / "grades.csv").read_bytes()
                == (tmp / f"graded-{jobs}" / "grades.csv").read_bytes())
        print(f"  grades.csv byte-identical: {'yes' if same else 'NO'}")
        totals = (tmp / "graded-1" / "totals.csv").read_text().splitlines()[1].split(",")
        print(f"  each student's total: {totals[1]}/{totals[2]} (expected full marks)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6,
         int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1))
