"""What the learner's logbook costs: recording a checked answer, and progress() over 10,000.

Prints:
- a checked answer (``check("p2.1", 12)``) with recording on and off, the median of 300,
  and the difference: what recording adds (goal: under 5 ms); one ``logbook.append``;
- ``progress()`` over a logbook of 10,000 answers of every kind (questions of lessons 1-10,
  practice, quizzes, over 60 days), as a student meets it: in a fresh Python (a kernel
  just started), after ``import minimax_lessons``, the first call (its HTML made, as
  JupyterLab asks for it) and a second one; then, in another fresh Python, the first
  call's parts one after the other: reading the logbook, the course's plan (the question
  banks and the lessons' notebooks, read once a process), the summary, the picture (SVG)
  and the rest of the HTML. Wall clock and CPU seconds (the CPU time is steadier on a
  busy machine), each the median of :data:`FRESH` fresh processes; whether matplotlib
  was imported. Goal: the first call under 0.5 s.

The logbook is a temporary folder's (never the user's). Nothing is asserted. To measure
another checkout's package, copy this file into its ``bench/`` and run it there.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["MINIMAX_LESSONS_PROGRESS_DIR"] = tempfile.mkdtemp(prefix="bench-progress-")

from minimax_lessons import check, logbook  # noqa: E402
from minimax_lessons.logbook import answer, level  # noqa: E402

ROUNDS = 300
RECORDS = 10_000
FRESH = 5
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


#: The start of a script run in a fresh Python: its clocks (wall and CPU seconds since).
CLOCKS = """
import json, sys, time
def clocks():
    return time.perf_counter(), time.process_time()
def since(start):
    wall, cpu = clocks()
    return [wall - start[0], cpu - start[1]]
"""

#: Run in a fresh Python: the first progress() and a second one, after the package's import.
FIRST_AND_AGAIN = CLOCKS + """
out, start = {}, clocks()
import minimax_lessons
out["import minimax_lessons"] = since(start)
for label in ("progress(), first call", "progress(), again"):
    start = clocks()
    page = minimax_lessons.progress()._repr_html_()
    out[label] = since(start)
out["HTML KB"] = len(page) / 1024
out["matplotlib imported"] = "matplotlib" in sys.modules
print(json.dumps(out))
"""

#: Run in a fresh Python: the parts of a first progress(), one after the other.
FIRST_CALL_PARTS = CLOCKS + """
import minimax_lessons
from minimax_lessons import logbook
from minimax_lessons.progress import Progress, places
out, start = {}, clocks()
found = logbook.entries()
out["read the logbook"] = since(start)
start = clocks()
places.plan()
out["the course's plan"] = since(start)
start = clocks()
board = Progress(found)
out["summary"] = since(start)
start = clocks()
picture = board.picture()
out["picture"] = since(start)
start = clocks()
board._repr_html_()
out["HTML (the picture again)"] = since(start)
out["picture KB"] = len(picture) / 1024
print(json.dumps(out))
"""


def fresh(code, runs=FRESH) -> dict:
    """The medians, over ``runs`` fresh Pythons, of what ``code`` prints as JSON."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    found = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                              text=True, check=True)
        found.append(json.loads(done.stdout))
    out = {}
    for key, value in found[0].items():
        if isinstance(value, list):
            out[key] = [statistics.median(f[key][i] for f in found) for i in range(len(value))]
        elif isinstance(value, bool):
            out[key] = any(f[key] for f in found)
        else:
            out[key] = statistics.median(f[key] for f in found)
    return out


def dashboard():
    logbook.clear()
    for entry in book():
        logbook.append(entry)
    size = logbook.where().stat().st_size / 1024
    print(f"\nprogress() over {RECORDS:,} answers ({size:,.0f} KB of logbook), in a fresh "
          f"Python, medians of {FRESH}")
    print(f"{'':<32}{'wall s':>8}{'CPU s':>8}")
    first = fresh(FIRST_AND_AGAIN)
    for label in ("import minimax_lessons", "progress(), first call", "progress(), again"):
        print(f"{label:<32}{first[label][0]:>8.3f}{first[label][1]:>8.3f}")
    print(f"  ({first['HTML KB']:,.0f} KB of HTML; matplotlib imported: "
          f"{first['matplotlib imported']})")
    parts = fresh(FIRST_CALL_PARTS)
    print("the first call's parts:")
    for label, (wall, cpu) in ((k, v) for k, v in parts.items() if isinstance(v, list)):
        print(f"  {label:<30}{wall:>8.3f}{cpu:>8.3f}")
    print(f"  ({parts['picture KB']:,.0f} KB of picture)")
    print("goal: the first call under 0.5 s")


if __name__ == "__main__":
    recording()
    dashboard()
