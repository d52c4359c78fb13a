"""Child Pythons that answer: the job on stdin, one answer on stdout, carrying a token.

The grader and the tournament never run a student's notebook in their own process. Each
starts a *child*: a fresh Python with the *job* on its stdin, which runs the notebook and
answers on its stdout. This module holds both ends of that exchange.

Vocabulary:

- *child*: a Python process started by :func:`run_child` in a session (process group) of
  its own, so that :func:`kill_session` ends it and everything it started outside a jail.
- *token*: a random string :func:`run_child` adds to the job; the child's answer must
  carry it, so output that student code writes can never pass for the answer.
- *subreaper*: a Linux process that inherits the orphans of its descendants; a child is
  one (:func:`take_job`), so :func:`~minimax_lessons._process.kill_descendants` finds
  every process its student started.
- *stopping*: :func:`stop_children` ends every child :func:`run_child` is running (SIGTERM
  to its session, SIGKILL a moment later) and lets no new one start, until
  :func:`allow_children`; the grader calls it on the first Ctrl-C.

>>> child = ("from minimax_lessons.instructor.common.children import take_job; "
...          "job, reply = take_job(); print('printed, not an answer'); "
...          "reply.send({'said': job['say']})")
>>> run = run_child(child, {"say": "hi"}, timeout=60)
>>> run.answer["said"], run.timed_out
('hi', False)
"""

from __future__ import annotations

import json
import os
import pickle
import secrets
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass

from ..._process import TailPipe, with_package_path
from .environment import student_environment


# -- the parent's end: start a child, read back its answer ----------------------------------------
@dataclass
class ChildRun:
    """What a child gave back: its answer (only when it carried the token), else why not."""

    answer: dict | None
    timed_out: bool = False
    exit_code: int | None = None
    last_error: str | None = None  # its last line on stderr, when it exited with code 1
    stopped: bool = False  # ended by :func:`stop_children` (or never started after it)


#: The children :func:`run_child` is running (pid -> Popen), for :func:`stop_children`.
_RUNNING = {}
_RUNNING_LOCK = threading.Lock()
_STOPPING = threading.Event()
#: Seconds a child has to end after SIGTERM before it is killed.
STOP_GRACE = 2.0


def stop_children(grace: float = STOP_GRACE):
    """End every running child: SIGTERM to its session now, SIGKILL after ``grace`` s.

    No child starts after this (:func:`run_child` answers ``stopped``) until
    :func:`allow_children`. Safe to call from a signal handler.
    """
    _STOPPING.set()
    with _RUNNING_LOCK:
        running = list(_RUNNING.values())
    for proc in running:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except OSError:
            pass
    if running:
        timer = threading.Timer(grace, lambda: [kill_session(p) for p in running])
        timer.daemon = True
        timer.start()


def allow_children():
    """Let :func:`run_child` start children again after :func:`stop_children`."""
    _STOPPING.clear()


def run_child(code: str, job: dict, *, timeout: float) -> ChildRun:
    """Run ``python -c code`` with ``job`` (plus a fresh token) on stdin; its :class:`ChildRun`.

    The child runs in the student environment with the package importable, in a session
    of its own that is killed when it answers, fails or takes longer than ``timeout``
    seconds. ``code`` is usually :func:`~minimax_lessons._process.launch` of a function
    that starts with :func:`take_job` and ends with :meth:`Reply.send`.
    """
    token = secrets.token_hex(16)
    env = with_package_path(student_environment())
    errors = TailPipe()  # a pipe that keeps its tail: what the child writes fills no disk
    try:
        with _RUNNING_LOCK:
            if _STOPPING.is_set():
                return ChildRun(None, stopped=True)
            try:
                proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=errors.write_fd,
                                        env=env, start_new_session=True)
            finally:
                errors.started()
            _RUNNING[proc.pid] = proc
        try:
            out, _ = proc.communicate(pickle.dumps({**job, "token": token}), timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_session(proc)
            proc.communicate()
            return ChildRun(None, timed_out=True, exit_code=proc.returncode)
        finally:
            kill_session(proc)
            with _RUNNING_LOCK:
                _RUNNING.pop(proc.pid, None)
        if _STOPPING.is_set():
            return ChildRun(None, exit_code=proc.returncode, stopped=True)
        try:
            answer = json.loads(out.decode("utf-8"))
        except ValueError:
            answer = None
        if isinstance(answer, dict) and answer.get("token") == token:
            return ChildRun(answer, exit_code=proc.returncode)
        errors.close(wait=1.0)
        tail = errors.text()[-300:].strip().splitlines()
        return ChildRun(None, exit_code=proc.returncode,
                        last_error=tail[-1] if tail and proc.returncode == 1 else None)
    finally:
        errors.close(wait=0)


def kill_session(proc):
    """Kill the session (process group) that ``proc`` leads, if it still runs."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


# -- the child's end: take the job, answer once ----------------------------------------------------
PR_SET_CHILD_SUBREAPER = 36
PR_SET_DUMPABLE = 4


def prctl(option, value):
    """Linux's ``prctl(option, value)`` for this process; nothing elsewhere."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


@dataclass(frozen=True)
class Reply:
    """Where a child answers its parent: a private copy of its stdout, and the job's token."""

    fd: int
    token: str

    def send(self, answer: dict):
        """Write the answer (with the token) for :func:`run_child`; once, at the end."""
        with os.fdopen(self.fd, "w", encoding="utf-8") as out:
            out.write(json.dumps({"token": self.token, **answer}))


def take_job() -> tuple[dict, Reply]:
    """In a child: the job :func:`run_child` sent, and the :class:`Reply` to answer with.

    What the child starts (a student's kernel) inherits neither the answer's descriptor
    (``os.dup`` makes it non-inheritable; fd 1 becomes stderr) nor the token; the child
    becomes a subreaper and hides its memory from processes of the same user.
    """
    answer_fd = os.dup(1)
    os.dup2(2, 1)
    prctl(PR_SET_DUMPABLE, 0)
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    job = pickle.loads(sys.stdin.buffer.read())
    token = job.pop("token")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    return job, Reply(answer_fd, token)


__all__ = ["run_child", "ChildRun", "kill_session", "stop_children", "allow_children",
           "take_job", "Reply", "prctl", "PR_SET_CHILD_SUBREAPER", "PR_SET_DUMPABLE",
           "STOP_GRACE"]
