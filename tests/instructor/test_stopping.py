"""The first Ctrl-C (or SIGTERM) stops grading (issue 20): a real signal to a real grading
process, with kernels running, must leave no process, no temporary folder and no
half-written result behind, say in one line how to resume, and resuming must finish the
class."""

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from .assignment_kit import make_assignment, submit

#: Starts the grader three times: not for make test-fast.
pytestmark = pytest.mark.slow



def sleeper(mark) -> str:
    """A cell that starts ``sleep <mark>`` (so its kernel can be found) and sleeps."""
    return f'''\
import subprocess, time
subprocess.Popen(["sleep", "{mark}"])
time.sleep(600)
'''


def sleepers(mark) -> list:
    """Pids of the processes the sleeping notebooks started (inside their jails too)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if f.read().split(b"\0")[:2] == [b"sleep", mark.encode()]:
                        found.append(int(name))
            except OSError:
                pass
    return found


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"waited {seconds} s for {what}")


def grade_command(base):
    return [sys.executable, "-m", "minimax_lessons.instructor", "grade", str(base / "submitted"),
            "--key", str(base / "instructor" / "key.json"), "--out", str(base / "graded"),
            "--jobs", "2", "--timeout", "900", "--notebook-timeout", "900", "--quiet"]


def stop_with(signum, said, code, base, mark, env, temp):
    """Start the grader, send it ``signum`` once ann is graded and both sleepers' kernels
    run, and check that it stopped cleanly, saying how to resume."""
    grader = subprocess.Popen(grade_command(base), env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        graded = base / "graded" / "results"
        wait_for(lambda: (graded / "ann.json").exists() and len(sleepers(mark)) == 2, 240,
                 "ann graded and both sleeping kernels running")
        grader.send_signal(signum)
        out, err = grader.communicate(timeout=60)
    finally:
        grader.kill()
    assert grader.returncode == code
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines[-1] == (f"grading stopped ({said}): 1 of 3 student(s) graded and kept; run "
                         "the same command again to grade the other 2.")
    assert "Traceback" not in err and not any("stopped" in line for line in lines[:-1])
    wait_for(lambda: not sleepers(mark), 60, "the sleeping kernels to be killed")
    assert list(temp.iterdir()) == [], "temporary folders removed"
    leftovers = sorted(p.name for p in graded.iterdir())
    assert leftovers == ["ann.json"], "nothing half-written, no student marked as crashed"
    assert not list((base / "graded").rglob("*.tmp"))


def test_each_signal_stops_grading_cleanly_and_the_next_run_resumes(tmp_path):
    """Ctrl-C stops the first run (ann graded, bob's and cat's kernels sleeping); SIGTERM
    the second, the same command again (ann resumed, their kernels sleeping again); the
    third, the sleepers fixed, finishes the class."""
    key, blank = make_assignment(tmp_path)
    submitted = tmp_path / "submitted"
    mark = str(random.randrange(10**6, 10**7))  # this test's own: others may run beside it
    submit(submitted, blank, "ann")
    for student in ("bob", "cat"):
        submit(submitted, blank, student, before=[sleeper(mark)])
    temp = Path(tempfile.mkdtemp(prefix="mml-stop-", dir="/tmp"))  # short: sockets go there
    env = {**os.environ, "TMPDIR": str(temp)}
    stop_with(signal.SIGINT, "Ctrl-C", 130, tmp_path, mark, env, temp)
    stop_with(signal.SIGTERM, "SIGTERM", 143, tmp_path, mark, env, temp)
    temp.rmdir()

    for student in ("bob", "cat"):  # the sleepers fixed: the same command finishes the class
        submit(submitted, blank, student)
    again = subprocess.run(grade_command(tmp_path)[:-1], env=env, capture_output=True,
                           text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert "ann: already graded" in again.stderr
    totals = (tmp_path / "graded" / "totals.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in totals[1:]] == ["ann", "bob", "cat"]
    assert all(line.split(",")[1] == "5" for line in totals[1:]), "everyone graded in full"
