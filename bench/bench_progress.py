"""What the learner's logbook costs: recording a checked answer, and progress() over 10,000.

Prints:
- a checked answer (``check("p2.1", 12)``) with recording on and off, the median of 300,
  and the difference: what recording adds (goal: under 5 ms); one ``logbook.append``;
- ``progress()`` over a logbook of 10,000 answers of every kind (questions of lessons 1-10,
  practice, quizzes, over 60 days): reading the file, the summary, the picture and the
  whole HTML, the first time in this process (matplotlib imported then) and again; wall
  clock and CPU time (steadier on a busy machine). Goal: under 0.5 s.

The logbook is a temporary folder's (never the user's). Nothing is asserted.
"""

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["MINIMAX_LESSONS_PROGRESS_DIR"] = tempfile.mkdtemp(prefix="bench-progress-")

from minimax_lessons import check, logbook  # noqa: E402
from minimax_lessons.logbook import answer, level  # noqa: E402

ROUNDS = 300
RECORDS = 10_000
MISTAKES = ["max-at-every-level", "players-swapped", "min-at-every-level", "prune-strict",
            "no-pruning", "window-after", "pruned-too-few", "assumes-alternation",
            "counts-leaves", "chance-as-min", "bound-as-exact", "greedy-mean"]


def timed(call, rounds=ROUNDS):
    """Median seconds of ``call()`` over ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def recording():
    check("p2.1", 12)  # questions loaded, outside the timings
    on = timed(lambda: check("p2.1", 12))
    os.environ[logbook.SWITCH_ENV] = "off"
    off = timed(lambda: check("p2.1", 12))
    del os.environ[logbook.SWITCH_ENV]
    entry = answer("p2.1", 0, False, ["max-at-every-level"], kind="value")
    append = timed(lambda: logbook.append(entry))
    print(f"check with recording on   {on * 1000:8.3f} ms (median of {ROUNDS})")
    print(f"check with recording off  {off * 1000:8.3f} ms")
    print(f"recording adds            {(on - off) * 1000:8.3f} ms  (goal < 5 ms)")
    print(f"logbook.append alone      {append * 1000:8.3f} ms")


def book(n=RECORDS, seed=7):
    """A made-up logbook of ``n`` answers over 60 days, mostly right, later more so."""
    from minimax_lessons.progress.places import plan

    rng = random.Random(seed)
    course = plan()
    questions = [q for lesson in course.predictions
                 for q in course.predictions[lesson] + course.exercises[lesson]]
    now, out = time.time(), []
    for i in range(n):
        t = now - 60 * 86400 * (1 - i / n)
        right = rng.random() < 0.5 + 0.4 * i / n
        wrong = [] if right else [rng.choice(MISTAKES)]
        where = rng.random()
        if where < 0.5:
            out.append(answer(rng.choice(questions), rng.randrange(50), right, wrong,
                              kind="value", time=t))
        elif where < 0.9:
            kind = rng.choice(["values", "pruning", "best-move"])
            out.append(answer(f"practice:{kind}", f"0:{i}", right, wrong,
                              kind=f"practice-{kind}", level=1 + i * 5 // n, time=t))
        else:
            out.append(answer("quiz:alphabeta", None, right, wrong, kind="quiz-look", time=t))
        if i % 500 == 0:
            out.append(level("values", 1 + i * 5 // n, time=t))
    return out


def dashboard():
    logbook.clear()
    for entry in book():
        logbook.append(entry)
    size = logbook.where().stat().st_size / 1024
    from minimax_lessons.progress import Progress  # noqa: E402 (the package is imported)
    from minimax_lessons.progress.summary import summarise

    print(f"\nprogress() over {RECORDS:,} answers ({size:,.0f} KB of logbook)")
    print(f"{'':<28}{'wall s':>8}{'CPU s':>8}")
    for label in ("first in this process", "again"):
        wall, cpu = time.perf_counter(), time.process_time()
        page = Progress()._repr_html_()
        print(f"{label:<28}{time.perf_counter() - wall:>8.3f}{time.process_time() - cpu:>8.3f}"
              f"   ({len(page) / 1024:,.0f} KB of HTML)")
    parts = [("read the logbook", lambda: logbook.entries()),
             ("summary", lambda: summarise(found)),
             ("picture (PNG)", lambda: board.picture())]
    found = logbook.entries()
    board = Progress(found)
    for label, call in parts:
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        print(f"  {label:<26}{time.perf_counter() - wall:>8.3f}{time.process_time() - cpu:>8.3f}")
    print("goal: under 0.5 s")


if __name__ == "__main__":
    recording()
    dashboard()
