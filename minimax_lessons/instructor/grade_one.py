"""Grade one student in a process of its own: ``python -m minimax_lessons.instructor.grade_one``.

The grader (:func:`~.grading.grade_student`) starts this module once per
student and sends it the job on stdin (pickled, trusted): the student's files,
the key (never its path), the options, the assigned seed, the folders a jail
must hide, and a random token. The answer goes back as one JSON object on a
private copy of stdout that carries the token; the student's kernel inherits
neither (its fd 1 points at stderr). So a student's code:

- starts from a fresh process: a checker worker of its own, shared with nobody;
- can kill only this process (the grader records a crash and goes on);
- cannot forge the answer (it does not know the token or the descriptor);
- leaves no process behind: this process is a *subreaper* (Linux), so every
  process the student started ends up its child, and all are killed before it
  answers; in a jail, the PID namespace does the same.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import sys
import tempfile
import time

from ..runner import sandbox as sandbox_module
from .grading import Options, grade_here
from .isolation import Jail

PR_SET_CHILD_SUBREAPER = 36
PR_SET_DUMPABLE = 4


def _prctl(option, value):
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def children(pid) -> list:
    """Process ids whose parent is ``pid`` (Linux /proc; empty elsewhere)."""
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 1 and int(fields[1]) == pid:
            found.append(int(name))
    return found


def kill_descendants(rounds=50):
    """Kill every process below this one (orphans come back to a subreaper) and reap them."""
    me = os.getpid()
    for _ in range(rounds):
        pids = children(me)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except (ChildProcessError, OSError):
                pass
        time.sleep(0.02)


def main():
    answer_fd = os.dup(1)  # not inherited by the kernel (os.dup makes it non-inheritable)
    os.dup2(2, 1)
    _prctl(PR_SET_DUMPABLE, 0)
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    job = pickle.loads(sys.stdin.buffer.read())
    token = job.pop("token")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    options = Options(**job["options"])
    bwrap, hide = job.get("bwrap"), job.get("hide", [])
    jail = (lambda folder: Jail(str(folder), hide=hide + [job["work_root"]], bwrap=bwrap)) \
        if bwrap else None
    checker_dir = tempfile.mkdtemp(prefix="checker-", dir=job["work_root"])
    box = sandbox_module.Sandbox(isolate="item",
                                 wrapper=jail(checker_dir).prefix() if jail else None)
    sandbox_module.use_default(box)
    try:
        result, executed = grade_here(job["student"], job["files"], job["key"], options,
                                      work_root=job["work_root"], seed=job.get("seed"),
                                      jail=jail)
    finally:
        box.stop()
        kill_descendants()
    text = json.dumps({"token": token, "result": result.to_data(), "executed": executed})
    with os.fdopen(answer_fd, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
