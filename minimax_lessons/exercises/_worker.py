"""The checker's worker process: runs student code and reports what happened.

Started by :class:`~minimax_lessons.exercises.sandbox.Sandbox` as
``python -m minimax_lessons.exercises._worker``. It reads jobs (pickled, from
the trusted parent) on stdin and writes one JSON line per result on a copy of
its stdout; the real file descriptors 0, 1 and 2 point elsewhere, so student
prints and stray writes can never corrupt the channel.

A job names a *harness*: a function ``harness(fn, item, call)`` from an
importable module that prepares one input, calls the student's function
through ``call(*args)`` and returns ``(value, extra)``. ``call`` captures the
output, checks whether the arguments were mutated, and turns any exception
into a report that quotes the student's own line.
"""

from __future__ import annotations

import copy
import importlib
import io
import json
import os
import pickle
import signal
import struct
import sys
import threading
import time
import traceback

from .codec import encode
from .shipping import rebuild

STUDENT_PREFIX = "<student:"
#: After this long past a call's deadline the worker ends itself (the parent
#: normally kills it much sooner; this guards against an orphaned worker).
GRACE = 15.0


class OutputFlood(BaseException):
    """Raised inside student code when it prints more than the flood limit."""


class StudentError(Exception):
    """Student code raised; carries the original exception."""

    def __init__(self, exc):
        super().__init__(repr(exc))
        self.exc = exc


class Capture(io.TextIOBase):
    """A stdout/stderr replacement: keeps the first ``keep`` characters, counts all."""

    def __init__(self):
        self.reset(10_000, 1_000_000)

    def reset(self, keep, flood):
        self.parts, self.kept, self.total = [], 0, 0
        self.keep, self.flood, self.flooded = keep, flood, False

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.total += len(text)
        if self.kept < self.keep:
            piece = text[: self.keep - self.kept]
            self.parts.append(piece)
            self.kept += len(piece)
        if self.total > self.flood:
            self.flooded = True
            raise OutputFlood()
        return len(text)

    def text(self):
        return "".join(self.parts)


class State:
    """What the watchdog and the call wrapper share."""

    deadline = None
    mutated = False


_NO_COPY = object()


def make_call(fn, state):
    """The ``call(*args, watch=, freeze=)`` a harness uses to run the student's function."""

    def call(*args, watch=_NO_COPY, freeze=copy.deepcopy):
        target = args if watch is _NO_COPY else watch
        try:
            before = freeze(target)
        except Exception:
            before = _NO_COPY
        try:
            return fn(*args)
        except OutputFlood:
            raise
        except BaseException as exc:
            raise StudentError(exc) from None
        finally:
            if before is not _NO_COPY:
                try:
                    if before != freeze(target):
                        state.mutated = True
                except Exception:
                    pass

    return call


def error_info(exc, sources):
    """A report of ``exc`` naming the last line of student code it passed through."""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if f.filename.startswith(STUDENT_PREFIX)]
    info = {"type": type(exc).__name__, "message": _message(exc),
            "recursion": isinstance(exc, RecursionError),
            "lineno": None, "line": None, "function": None, "where": None, "steps": []}
    if mine:
        last = mine[-1]
        label, lines = sources.get(last.filename, ("your code", {}))
        info.update(lineno=last.lineno, line=lines.get(last.lineno, "").strip(),
                    function=last.name, where=label)
        shown = mine[-6:] if not info["recursion"] else mine[-2:]
        info["steps"] = [[f.name, f.lineno, sources.get(f.filename, ("", {}))[1]
                          .get(f.lineno, "").strip()] for f in shown]
    return info


def _message(exc):
    try:
        return str(exc)[:500]
    except BaseException:
        return "(the error message itself could not be printed)"


def resolve(ref):
    """The harness function named ``"module:function"``."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def run_job(job, send, capture, state):
    """Rebuild the student's code, then run the harness on each item."""
    sys.setrecursionlimit(job.get("recursion_limit", 1000))
    try:
        fn, namespace, sources = rebuild(job["code"], STUDENT_PREFIX)
    except BaseException as exc:
        send({"type": "setup", "ok": False, "error": error_info(exc, {})})
        return
    try:
        harness = resolve(job["harness"])
    except Exception as exc:
        send({"type": "setup", "ok": False, "error": error_info(exc, {})})
        return
    send({"type": "setup", "ok": True, "missing": namespace.get("__missing__", {})})
    call = make_call(fn, state)
    for index, item in enumerate(job["items"]):
        send(run_item(harness, fn, item, call, job, capture, state, sources, index))
    send({"type": "done"})


def run_item(harness, fn, item, call, job, capture, state, sources, index):
    """Run one input and describe the outcome as JSON-compatible data."""
    capture.reset(job["output_limit"], job["flood_limit"])
    state.mutated = False
    sys.setrecursionlimit(job.get("recursion_limit", 1000))
    out = {"type": "outcome", "index": index, "status": "ok", "value": None, "extra": None,
           "error": None}
    start = time.perf_counter()
    state.deadline = time.monotonic() + job["time_limit"]
    try:
        value, extra = harness(fn, item, call)
        out["value"], out["extra"] = encode(value), encode(extra)
    except OutputFlood:
        out["status"] = "flood"
    except StudentError as err:
        out["status"] = "raised"
        out["error"] = error_info(err.exc, sources)
        if isinstance(err.exc, OutputFlood):
            out["status"] = "flood"
    except BaseException as exc:  # a bug in the harness, not in student code
        out["status"] = "internal"
        out["error"] = {"type": type(exc).__name__, "message": _message(exc),
                        "traceback": traceback.format_exc()[-2000:]}
    finally:
        state.deadline = None
    if capture.flooded:
        out["status"] = "flood"
    out.update(seconds=time.perf_counter() - start, output=capture.text(),
               output_chars=capture.total, mutated=state.mutated)
    return out


def watchdog(state, parent):
    """End the worker if it is orphaned or stuck far past a deadline."""
    while True:
        time.sleep(0.5)
        if os.name == "posix" and os.getppid() != parent:
            os._exit(0)
        deadline = state.deadline
        if deadline is not None and time.monotonic() > deadline + GRACE:
            os._exit(3)


def read_frame(stream):
    head = stream.read(8)
    if len(head) < 8:
        return None
    (size,) = struct.unpack("<Q", head)
    return pickle.loads(stream.read(size))


def limit_memory(limit):
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError, AttributeError):
        pass


def main():
    """Set up the channel and the guards, then serve jobs until stdin closes."""
    fd_in, fd_out = os.dup(0), os.dup(1)
    if sys.platform == "win32":  # pipes must not translate line ends
        import msvcrt

        msvcrt.setmode(fd_in, os.O_BINARY)
        msvcrt.setmode(fd_out, os.O_BINARY)
    inbox = os.fdopen(fd_in, "rb")
    channel = os.fdopen(fd_out, "w", encoding="ascii", newline="\n")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    capture, state = Capture(), State()
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = capture
    sys.stdin = sys.__stdin__ = io.StringIO("")

    def send(message):
        channel.write(json.dumps(message) + "\n")
        channel.flush()

    threading.Thread(target=watchdog, args=(state, os.getppid()), daemon=True).start()
    send({"type": "ready", "pid": os.getpid()})
    while True:
        job = read_frame(inbox)
        if job is None or job.get("type") == "stop":
            break
        if job.get("memory_limit"):
            limit_memory(job["memory_limit"])
        sys.path[:] = job.get("sys_path", sys.path)
        run_job(job, send, capture, state)


if __name__ == "__main__":
    main()
