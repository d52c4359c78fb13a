"""Run student code in a separate, disposable Python process.

What it guards against
----------------------
Student functions that loop forever, recurse without end, raise, print floods
of output, return things that cannot be compared, or change their input. Each
of these becomes a clear :class:`Outcome` within a few seconds, and the
notebook's kernel stays alive and responsive.

The worker runs with the rights of the person running the check. What it does
guarantee, on POSIX: student code cannot change how another input or a later check is
judged, cannot forge the results of inputs other than the one it runs on, and leaves no
process behind (each input runs in a child forked for it, see
:mod:`~minimax_lessons.runner._worker`); and that child is locked before any of the
answer's code runs (:mod:`~minimax_lessons.runner.lockdown`): only that code and the
standard library already imported can run, no file can be opened, nothing imported,
nothing started. The instructor's grader adds isolation of files and network with
bubblewrap (:mod:`minimax_lessons.instructor.grading.isolation`).

How it works
------------
A :class:`Sandbox` keeps one worker process (``python -m
minimax_lessons.runner._worker``, less the package's ``__init__``:
:data:`._worker.BOOT`), started on first use and reused from check to check, so a check costs milliseconds, not a process start. The function is
sent as source text (:mod:`~minimax_lessons.runner.shipping`), which works
for functions defined in notebook cells. Each input gets a time limit; the
worker kills the child running an input that exceeds it (where there is no
``fork``, this process kills the whole worker and a fresh one starts on the
next check). With ``isolate="item"`` (hidden tests, grading) a timeout costs only
its own input: the rest of the inputs run in fresh children, each with its own
limit, until :data:`MAX_TIMEOUTS` inputs have timed out (or the first
:data:`GIVE_UP_AFTER` all did); the inputs left then are not run and
:attr:`Run.stopped` says why. Results come back as JSON lines
(:mod:`~minimax_lessons.runner.codec`), never as pickles, so nothing the
student's code produces is executed here. Each job carries a fresh random token
that the worker stamps on its messages; messages without the current job's
token (leftovers of an earlier job, anything forged) are dropped.

>>> def twice(x):
...     return 2 * x
>>> run(twice, [(1,), (2,)], harness="minimax_lessons.exercises.harness:call_args")
[Outcome('ok', 2), Outcome('ok', 4)]
"""

from __future__ import annotations

import atexit
import json
import os
import pickle
import queue
import secrets
import struct
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

from .._process import TailPipe, kill_tree, with_package_path
from .codec import DecodeError, decode
from ._worker import BOOT
from .shipping import Shipped, ship

#: Seconds one input may run before the worker is stopped.
TIME_LIMIT = 2.0
#: Characters of printed output kept (shown in feedback).
OUTPUT_KEEP = 2_000
#: Characters of printed output after which the call is stopped ("output-flood").
FLOOD_LIMIT = 200_000
#: Address space allowed to the worker (where the OS enforces it); huge lists raise
#: MemoryError instead of starving the machine.
MEMORY_LIMIT = 4 << 30
#: Seconds allowed for a worker to start (a cold start on a slow laptop).
START_TIMEOUT = 60.0
#: Seconds :meth:`Sandbox.stop` waits for the killed worker and for its reader thread.
STOP_WAIT = 5.0
#: Jobs after which a worker is replaced anyway (stray global state stays bounded).
RECYCLE_AFTER = 200
#: With ``isolate="item"``: timeouts after which the inputs left are not run (they count
#: as timed out). Large enough for a whole class of inputs (9 hidden MIN roots) to time
#: out and the rest still earn their share; small enough that a function slow on every
#: input costs at most this many time limits.
MAX_TIMEOUTS = 10
#: With ``isolate="item"``: when the first this many inputs all time out, the inputs left
#: are not run either (a function slow on every input stops early).
GIVE_UP_AFTER = 3
#: In the browser (Pyodide) there are no processes: jobs run in this one
#: (:mod:`~minimax_lessons.runner.in_kernel`), with the same time limit and outcomes.
IN_KERNEL = sys.platform == "emscripten"


@dataclass(frozen=True)
class ErrorInfo:
    """An exception raised by student code, located in the student's own source."""

    type: str
    message: str
    lineno: int | None = None
    line: str | None = None
    function: str | None = None
    where: str | None = None
    recursion: bool = False
    steps: tuple = ()

    @classmethod
    def from_data(cls, data) -> "ErrorInfo | None":
        if not data:
            return None
        return cls(str(data.get("type", "Exception")), str(data.get("message", "")),
                   data.get("lineno"), data.get("line"), data.get("function"),
                   data.get("where"), bool(data.get("recursion")),
                   tuple(tuple(s) for s in data.get("steps", ()) or ()))

    def sentence(self) -> str:
        """E.g. ``TypeError: 'int' object is not iterable, at line 4 (for child in node:)``."""
        text = f"{self.type}: {self.message}" if self.message else self.type
        if self.lineno is not None:
            text += f", at line {self.lineno}"
            if self.function:
                text += f" of {self.function}"
            if self.line:
                text += f" ({self.line})"
        return text


@dataclass(frozen=True)
class Outcome:
    """What happened when the student's function ran on one input.

    ``status``: "ok", "raised", "timeout", "flood" (printed too much),
    "crash" (the worker process died), "setup" (the code could not be rebuilt)
    or "internal" (a bug in the checker). ``value`` and ``extra`` are what the
    harness returned (decoded; unknown objects become ``codec.Opaque``).
    """

    status: str
    value: object = None
    extra: object = None
    error: ErrorInfo | None = None
    output: str = ""
    output_chars: int = 0
    mutated: bool = False
    seconds: float = 0.0
    detail: str = field(default="", compare=False)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def __repr__(self):
        if self.ok:
            return f"Outcome({self.status!r}, {self.value!r})"
        why = self.error.sentence() if self.error else self.detail
        return f"Outcome({self.status!r}, error={why!r})"


@dataclass(frozen=True)
class Run:
    """All outcomes of one job, plus names the code uses that could not be copied.

    ``stopped`` says why inputs were left unrun after timeouts, e.g. "the first 3
    inputs all took too long" ('' when every input ran, or the job stopped at its
    first timeout or crash as it does without ``isolate="item"``).
    """

    outcomes: list
    missing: dict
    setup_error: ErrorInfo | None = None
    stopped: str = ""


class Sandbox:
    """One reusable worker process; :meth:`run` sends it a job and collects outcomes.

    ``time_limit`` (seconds per input), ``output_keep``, ``flood_limit`` and
    ``memory_limit`` are defaults that :meth:`run` can override.
    """

    def __init__(self, *, time_limit=TIME_LIMIT, output_keep=OUTPUT_KEEP,
                 flood_limit=FLOOD_LIMIT, memory_limit=MEMORY_LIMIT, python=None,
                 wrapper=None, fork=True, isolate="job"):
        self.time_limit = time_limit
        self.output_keep = output_keep
        self.flood_limit = flood_limit
        self.memory_limit = memory_limit
        self.python = python or sys.executable
        self.wrapper = list(wrapper or [])  # e.g. a bubblewrap command line to run inside
        self.fork = fork
        self.isolate = isolate  # "job": one child per run; "item": one per input
        self.dropped = 0  # messages dropped because they were not bound to the current job
        self._token = None
        self._proc = None
        self._reader = None
        self._inbox = None
        self._stderr = None
        self._ready = False
        self._jobs = 0
        self._lock = threading.RLock()
        self.starts = 0
        self.last_start_seconds = None

    # -- the process ------------------------------------------------------------
    def start(self):
        """Start the worker if none is running (returns at once; it warms up meanwhile)."""
        with self._lock:
            if IN_KERNEL or self._proc is not None and self._proc.poll() is None:
                return
            self._spawn()

    def _spawn(self):
        env = with_package_path(os.environ)
        env["PYTHONIOENCODING"] = "utf-8"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy in student code: no thread pools
        env.setdefault("OMP_NUM_THREADS", "1")
        # a pipe that keeps the tail of what the worker writes, never a file (a worker
        # could write without end)
        self._stderr = TailPipe() if os.name == "posix" else tempfile.TemporaryFile()
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
        self._started_at = time.perf_counter()
        try:
            self._proc = subprocess.Popen(
                [*self.wrapper, self.python, "-c", BOOT],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=getattr(self._stderr, "write_fd", self._stderr), env=env,
                creationflags=flags)
        finally:
            if isinstance(self._stderr, TailPipe):
                self._stderr.started()
        self._inbox = queue.Queue()
        self._ready = False
        self._jobs = 0
        self.starts += 1
        self._reader = threading.Thread(target=_read_lines, args=(self._proc.stdout,
                                                                  self._inbox, self._proc),
                                        daemon=True, name="sandbox-reader")
        self._reader.start()

    def _wait_ready(self):
        if self._ready:
            return
        message = self._next(START_TIMEOUT)
        if message is None or message.get("type") != "ready":
            detail = self._stderr_tail()
            self.stop()
            raise RuntimeError("the checker's worker process did not start"
                               + (f":\n{detail}" if detail else ""))
        self._ready = True
        self.last_start_seconds = time.perf_counter() - self._started_at

    def _next(self, timeout):
        """The next message of the current job from the worker, or None on timeout.

        Messages stamped with another job's token, or with none while a job
        runs, are dropped (counted in ``dropped``).
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self._inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
            if not isinstance(message, dict):
                self.dropped += 1
                continue
            if message.get("type") in ("eof", "garbled", "ready") or self._token is None \
                    or message.get("job") == self._token:
                return message
            self.dropped += 1

    def _stderr_tail(self):
        try:
            if isinstance(self._stderr, TailPipe):
                return self._stderr.text()[-3000:].strip()
            self._stderr.seek(0)
            return self._stderr.read()[-3000:].decode("utf-8", "replace").strip()
        except (OSError, ValueError, AttributeError):
            return ""

    def stop(self):
        """Kill the worker and everything it started (a new one starts on the next
        :meth:`run`). Never blocks for long: the worker's output pipe is closed by the
        thread that reads it, at its end, and that thread is waited for
        :data:`STOP_WAIT` seconds at most."""
        with self._lock:
            proc, self._proc = self._proc, None
            reader, self._reader = self._reader, None
            self._ready = False
            if proc is None:
                return
            if proc.poll() is None:  # (an exited worker's pid may be another's by now)
                # the whole tree: a wrapper's process (bubblewrap's, inside the jail) can
                # outlive the worker when killed early, and would keep the pipe open
                kill_tree(proc.pid)
            try:
                proc.wait(timeout=STOP_WAIT)
            except subprocess.TimeoutExpired:
                pass
            try:
                proc.stdin.close()
            except OSError:
                pass
            if reader is not None:
                reader.join(STOP_WAIT)
            if self._stderr is not None:
                if isinstance(self._stderr, TailPipe):
                    self._stderr.close(wait=0.2)
                else:
                    self._stderr.close()
                self._stderr = None

    close = stop

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    # -- jobs -------------------------------------------------------------------
    def run(self, fn, items, *, harness, time_limit=None, output_keep=None,
            flood_limit=None, recursion_limit=1000, isolate=None, max_timeouts=None,
            lock=True) -> Run:
        """Run ``harness(fn, item, call)`` on each item in the worker.

        ``lock=False`` (only for the package's own functions: the checker checking its
        buggy variants) runs them without the lock of :mod:`.lockdown`, so that they may
        import the package's modules they use.

        ``isolate="item"`` runs each input in a process of its own, so nothing
        the code does on one input can change how another is judged (slower:
        a fork per input); the default is the sandbox's ``isolate``.

        Stops at the first input that kills the worker, and at the first that
        times out unless ``max_timeouts`` (default: :data:`MAX_TIMEOUTS` with
        ``isolate="item"``, else 1) allows more: then the inputs after a timeout
        run in a fresh child (or worker), until ``max_timeouts`` inputs timed
        out or the first :data:`GIVE_UP_AFTER` all did. The outcomes list is
        shorter than ``items`` when it stopped early, and ends with that
        "timeout" or "crash" outcome.
        """
        code = fn if isinstance(fn, Shipped) else ship(fn)
        items = list(items)
        isolate = isolate or self.isolate
        if max_timeouts is None:
            max_timeouts = MAX_TIMEOUTS if isolate == "item" else 1
        options = dict(harness=harness, time_limit=time_limit, output_keep=output_keep,
                       flood_limit=flood_limit, recursion_limit=recursion_limit,
                       isolate=isolate, lock=lock)
        first = self._run_job(code, items, **options)
        outcomes, stopped = list(first.outcomes), ""
        while max_timeouts > 1 and first.setup_error is None \
                and 0 < len(outcomes) < len(items) and outcomes[-1].status == "timeout":
            stopped = _give_up(outcomes, max_timeouts)
            if stopped:
                break
            more = self._run_job(code, items[len(outcomes):], **options)
            if more.setup_error is not None or not more.outcomes:
                break
            outcomes += more.outcomes
        return Run(outcomes, first.missing, first.setup_error, stopped)

    def _run_job(self, code, items, *, harness, time_limit, output_keep, flood_limit,
                 recursion_limit, isolate, lock=True) -> Run:
        """Send one job to the worker and collect its outcomes (it stops at a timeout)."""
        limit = self.time_limit if time_limit is None else time_limit
        if IN_KERNEL:
            return self._run_in_kernel(code, items, harness, limit, output_keep,
                                       flood_limit, recursion_limit)
        token = secrets.token_hex(16)
        job = {"type": "job", "token": token, "fork": self.fork,
               "isolate": isolate,
               "code": code, "harness": harness, "items": items,
               "time_limit": limit, "recursion_limit": recursion_limit,
               "output_limit": self.output_keep if output_keep is None else output_keep,
               "flood_limit": self.flood_limit if flood_limit is None else flood_limit,
               "memory_limit": self.memory_limit, "sys_path": list(sys.path),
               "lock": bool(lock)}
        with self._lock:
            if self._jobs >= RECYCLE_AFTER:
                self.stop()
            self.start()
            try:
                self._wait_ready()
                self._drain()
                self._token = token
                self._send(job)
                self._jobs += 1
                return self._collect(len(job["items"]), limit)
            except BaseException:
                self.stop()  # a KeyboardInterrupt leaves no worker half-way through a job
                raise

    def _run_in_kernel(self, code, items, harness, limit, output_keep, flood_limit,
                       recursion_limit):
        """The job run in this process (the browser); it stops at a timeout, as a worker's."""
        from .in_kernel import run_job

        setup, messages = run_job(
            code, items, harness=harness, time_limit=limit,
            output_keep=self.output_keep if output_keep is None else output_keep,
            flood_limit=self.flood_limit if flood_limit is None else flood_limit,
            recursion_limit=recursion_limit)
        if not setup["ok"]:
            return Run([], {}, ErrorInfo.from_data(setup["error"]))
        return Run([_outcome(m) for m in messages], dict(setup.get("missing", {})))

    def _drain(self):
        """Drop whatever is waiting in the inbox (leftovers of an earlier job)."""
        while True:
            try:
                message = self._inbox.get_nowait()
            except queue.Empty:
                return
            if isinstance(message, dict) and message.get("type") == "eof":
                self._inbox.put(message)
                return
            self.dropped += 1

    def _send(self, job):
        data = pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self._proc.stdin.write(struct.pack("<Q", len(data)) + data)
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError):
            detail = self._stderr_tail()
            self.stop()
            raise RuntimeError("the checker's worker process stopped unexpectedly"
                               + (f":\n{detail}" if detail else "")) from None

    def _collect(self, count, limit) -> Run:
        setup = self._next(max(10.0, limit + 5))
        if setup is not None and setup.get("type") == "ready":  # a restarted worker
            setup = self._next(max(10.0, limit + 5))
        if setup is None or setup.get("type") != "setup":
            return Run([self._failure(setup, "the code could not be loaded in time")], {})
        if not setup["ok"]:
            return Run([], {}, ErrorInfo.from_data(setup["error"]))
        outcomes = []
        while len(outcomes) < count:
            message = self._next(limit + 2.5)
            if message is not None and message.get("type") == "done" and outcomes \
                    and message.get("stopped"):
                return Run(outcomes, dict(setup.get("missing", {})))  # a violation ended it
            if message is None or message.get("type") != "outcome":
                outcomes.append(self._failure(message, ""))
                break
            outcomes.append(_outcome(message))
            if outcomes[-1].status in ("timeout", "crash"):  # the worker stopped the job
                break
        else:
            done = self._next(limit + 1)
            if done is None or done.get("type") != "done":
                self.stop()
        return Run(outcomes, dict(setup.get("missing", {})))

    def _failure(self, message, detail) -> Outcome:
        """The outcome when no result came: a timeout (worker stopped) or a crash."""
        if message is None:
            self.stop()
            return Outcome("timeout", detail=detail or "no answer within the time limit")
        tail = self._stderr_tail()
        code = self._proc.poll() if self._proc else None
        self.stop()
        return Outcome("crash", detail=f"the process ended (exit code {code})"
                       + (f": {tail[-500:]}" if tail else ""))


def _give_up(outcomes, max_timeouts) -> str:
    """Why the inputs after ``outcomes`` should not run ('' to go on), in words.

    >>> slow, fine = Outcome("timeout"), Outcome("ok", 1)
    >>> _give_up([slow, slow, slow], 10), _give_up([fine, slow, slow, slow], 10)
    ('the first 3 inputs all took too long', '')
    >>> _give_up([fine, slow, slow], 2)
    '2 inputs took too long'
    """
    timeouts = sum(o.status == "timeout" for o in outcomes)
    if timeouts >= max_timeouts:
        return f"{timeouts} input{'s' if timeouts != 1 else ''} took too long"
    if timeouts >= GIVE_UP_AFTER and timeouts == len(outcomes):
        return f"the first {timeouts} inputs all took too long"
    return ""


def _outcome(message) -> Outcome:
    status = str(message.get("status", "crash"))
    value, extra, error = message.get("value"), message.get("extra"), message.get("error")
    error = error if isinstance(error, dict) else None
    detail = message.get("detail") if status in ("timeout", "crash") else ""
    if status == "internal":
        detail = (error or {}).get("traceback", "")
    try:
        return Outcome(status, decode(value) if value is not None else None,
                       decode(extra) if extra is not None else None,
                       ErrorInfo.from_data(error), str(message.get("output", ""))[:100_000],
                       int(message.get("output_chars", 0) or 0), bool(message.get("mutated")),
                       float(message.get("seconds", 0.0) or 0.0), detail=str(detail or ""))
    except (DecodeError, TypeError, ValueError, AttributeError) as exc:  # not the checker's
        return Outcome("crash", detail=f"the process sent a result the checker cannot read "
                                       f"({str(exc)[:120]})")


def _read_lines(stream, inbox, proc=None):
    """Reader thread: one JSON message per line; an EOF message when the worker ends.
    The thread owns ``stream`` and closes it (closing it from another thread would wait
    for the read under way). Then it reaps the worker ``proc``: one killed from outside
    is not left a zombie. (ipykernel, shutting down or restarting, terminates its
    children and waits until none is left: an unreaped worker kept a kernel from
    stopping until it was itself terminated, 2.5 s later.)"""
    try:
        for line in stream:
            try:
                inbox.put(json.loads(line))
            except ValueError:
                inbox.put({"type": "garbled"})
    except (OSError, ValueError):
        pass
    finally:
        inbox.put({"type": "eof"})
        try:
            stream.close()
        except OSError:
            pass
        if proc is not None:
            try:
                proc.wait(timeout=STOP_WAIT)
            except subprocess.TimeoutExpired:
                pass


_DEFAULT = None
_DEFAULT_LOCK = threading.Lock()


def default_sandbox() -> Sandbox:
    """The shared sandbox of this process (created on first use, stopped at exit)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = Sandbox()
            atexit.register(_DEFAULT.stop)
        return _DEFAULT


def use_default(box: Sandbox):
    """Make ``box`` the shared sandbox of this process (the grader's per-student worker)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is not None and _DEFAULT is not box:
            _DEFAULT.stop()
        _DEFAULT = box
        atexit.register(box.stop)


def warm_up():
    """Start the shared worker now, so the first check does not wait for it."""
    default_sandbox().start()


def run(fn, items, *, harness, **options) -> list:
    """Outcomes of ``harness(fn, item, call)`` for each item, in the shared sandbox."""
    result = default_sandbox().run(fn, items, harness=harness, **options)
    if result.setup_error is not None:
        return [Outcome("setup", error=result.setup_error)]
    return result.outcomes


__all__ = ["Sandbox", "Outcome", "ErrorInfo", "Run", "default_sandbox", "use_default",
           "warm_up", "run",
           "TIME_LIMIT", "FLOOD_LIMIT", "MAX_TIMEOUTS", "GIVE_UP_AFTER"]
