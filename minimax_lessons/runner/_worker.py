"""The checker's worker process: runs student code and reports what happened.

Started by :class:`~minimax_lessons.runner.sandbox.Sandbox` with :data:`BOOT` (as
``python -m minimax_lessons.runner._worker`` would, less the package's ``__init__``).
It reads jobs (pickled, from
the trusted parent) on stdin and writes one JSON line per result on a copy of
its stdout; the real file descriptors 0, 1 and 2 point elsewhere, so student
prints and stray writes can never corrupt the channel.

A job names a *harness*: a function ``harness(fn, item, call)`` from an
importable module that prepares one input, calls the student's function
through ``call(*args)`` and returns ``(value, extra)``. ``call`` captures the
output, checks whether the arguments were mutated, and turns any exception
into a report that quotes the student's own line.

Student code never runs in this process (on POSIX)
--------------------------------------------------
Each job runs in a child forked for it (:func:`run_in_child`), or, with
``isolate="item"`` (hidden tests, grading), each input in a child of its own:
the child rebuilds the student's code, runs the harness, writes its reports to
a pipe of its own and exits. Before any student code runs, the child closes the
result channel and the job's stdin, forgets the job's token and moves to a
process group of its own, so student code cannot write messages to the
parent, cannot change how a later check is judged (each child starts from this
clean process: replacing :func:`run_item` or any other global dies with the
child; with ``isolate="item"`` not even a later input of the same check) and
cannot leave processes behind (the group is killed when the child is done).
This process reads one setup and then one outcome per input it expects, and
fills in the index itself; it stamps every message with the job's token, so the parent drops
anything not bound to the job it is waiting for. Where ``fork`` does not exist
(Windows), inputs run in this process as before: that contains accidents only.
"""

from __future__ import annotations

import copy
import importlib
import io
import json
import os
import pickle
import select
import signal
import struct
import sys
import threading
import time
import traceback

from . import lockdown
from .boundary import worker_parts
from .codec import encode
from .shipping import build, prepare, rebuild

STUDENT_PREFIX = "<student:"
#: ``python -c`` code that starts the worker (:class:`~.sandbox.Sandbox` runs it) without
#: running the package's ``__init__``: ``minimax_lessons`` and ``minimax_lessons.exercises``
#: are bare stand-ins, so the process that runs student code imports the runner, the games
#: and the harness only, never a search nor the checker's reference code (nothing there
#: computes a game value for a student's function to find, by frames, ``gc`` or
#: ``sys.modules``). :func:`main` then gives the stand-ins the names an answer may use.
BOOT = ("import importlib.util, os, sys, types\n"
        "where = list(importlib.util.find_spec('minimax_lessons').submodule_search_locations)[0]\n"
        "for name in ('minimax_lessons', 'minimax_lessons.exercises'):\n"
        "    stub = sys.modules[name] = types.ModuleType(name)\n"
        "    stub.__path__ = [os.path.join(where, *name.split('.')[1:])]\n"
        "from minimax_lessons.runner._worker import main\n"
        "main()\n")
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
    from .guard import watch as guarded  # a call using the package's searches raises (guard.py)

    fn = guarded(fn)

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
    frames = traceback.StackSummary.extract(traceback.walk_tb(exc.__traceback__),
                                            lookup_lines=False)  # a locked child opens no file
    mine = [f for f in frames if f.filename.startswith(STUDENT_PREFIX)]
    if isinstance(exc, RecursionError) and len(mine) > 1 and _entered(exc.__traceback__):
        mine = mine[:-1]  # the limit was hit entering a call: the caller's line made it
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


def _entered(tb) -> bool:
    """Is the last student frame of the traceback on its function's first line (the
    recursion limit was hit entering the call, e.g. by the checker's watch)?"""
    last = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith(STUDENT_PREFIX):
            last = tb
        tb = tb.tb_next
    return last is not None and last.tb_lineno == last.tb_frame.f_code.co_firstlineno


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
    """Run the harness on each item: each in a forked child where possible."""
    if hasattr(os, "fork") and job.get("fork", True):
        return run_job_forked(job, send, capture, state)
    return run_job_inline(job, send, capture, state)


def run_job_inline(job, send, capture, state):
    """Rebuild the student's code here, then run the harness on each item (no fork)."""
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


#: Seconds a child may take beyond the time limit to start and report (fork, rebuild).
CHILD_SLACK = 1.0
_STATUSES = {"ok", "raised", "flood", "internal"}


def run_job_forked(job, send, capture, state):
    """Run the items in forked children: one per item (``isolate="item"``) or one per job.

    Stops at the first timeout or crash. With one child per item, student code
    cannot touch how any other input is judged, its own job's included.
    """
    try:
        harness = resolve(job["harness"])
    except Exception as exc:
        send({"type": "setup", "ok": False, "error": error_info(exc, {})})
        return
    count = len(job["items"])
    groups = ([[i] for i in range(count)] if job.get("isolate") == "item"
              else [list(range(count))])
    stopped = False
    for number, group in enumerate(groups):
        if not group:
            continue
        outcomes = run_in_child(harness, group, job, capture, state, send,
                                first=number == 0)
        if outcomes is None:  # the code could not be loaded
            return
        if outcomes and outcomes[-1]["status"] in ("timeout", "crash"):
            break
        if outcomes and outcomes[-1].get("violation"):  # no input runs after a violation
            stopped = True
            break
    if count == 0:
        send({"type": "setup", "ok": True, "missing": {}})
    send({"type": "done", "stopped": stopped})


def run_in_child(harness, indexes, job, capture, state, send, *, first, _exit=os._exit):
    """Fork, run ``indexes`` in the child, forward its reports; None if setup failed.

    An input's outcome counts only as the child reports it: one outcome per input, then
    the end of the child. A violation (:mod:`.lockdown`) at any time, or the child ending
    with :data:`~.lockdown.VIOLATION_EXIT`, makes the input it was on "raised" with the
    guard's error, and stops the job; more messages than inputs (the student's code wrote
    on the pipe) make the last input a crash.
    """
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(read_end)
            _child(harness, indexes, job, capture, state, write_end, parent)
        finally:
            _exit(70)
    os.close(write_end)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    reader = _LineReader(read_end)
    limit = job["time_limit"] + CHILD_SLACK
    sent = []
    try:
        setup = reader.next_message(limit)
        if lockdown.violation_line(setup):  # while the answer's definitions ran
            if first:
                send({"type": "setup", "ok": True, "missing": {}})
            message = _violation_outcome(setup)
            message.update(type="outcome", index=indexes[0])
            send(message)
            return [message]
        if setup is None or setup.get("type") != "setup":
            setup = None
        if first:
            if setup is not None and not setup.get("ok"):
                send({"type": "setup", "ok": False, "error": setup.get("error")})
                return None
            send({"type": "setup", "ok": True,
                  "missing": (setup or {}).get("missing", {}) or {}})
        pending = None
        for index in indexes:
            message = None if setup is None else reader.next_message(limit)
            if lockdown.violation_line(message):
                message = _violation_outcome(message)
            elif not (isinstance(message, dict) and message.get("type") == "outcome"
                      and message.get("status") in _STATUSES):
                message = _stopped(pid, reader.timed_out)
            message.update(type="outcome", index=index)
            if pending is not None:
                send(pending)
                sent.append(pending)
            pending = message
            if message["status"] in ("timeout", "crash") or message.get("violation"):
                break
        else:
            if pending is not None and not pending.get("violation"):
                pending = _after_the_last(pid, reader, pending)
                pending.update(type="outcome", index=indexes[-1])
        if pending is not None:
            send(pending)
            sent.append(pending)
        return sent
    finally:
        os.close(read_end)
        _kill_group(pid)
        _reap(pid)
        _kill_orphans()


def _violation_outcome(message) -> dict:
    """The outcome of an input during which the child committed a violation."""
    kind, what = lockdown.violation_line(message) or ("code", "did something an answer may "
                                                              "not do (the details were lost)")
    return {"status": "raised", "violation": True, "output": "", "value": None,
            "extra": None, "error": {"type": lockdown.KINDS[kind], "message": "your function "
                                     + what, "lineno": None, "line": None}}


def _after_the_last(pid, reader, outcome) -> dict:
    """The last outcome of a child, once the child has ended: replaced by a violation if the
    child ended on one, by a crash if it wrote more than its outcomes."""
    extra = reader.rest(CHILD_SLACK)
    for message in extra:
        if lockdown.violation_line(message):
            return _violation_outcome(message)
    _kill_group(pid)
    code = _reap(pid)
    if code == lockdown.VIOLATION_EXIT:
        return _violation_outcome(None)
    if extra or reader.garbled:
        return {"status": "crash", "error": None, "index": outcome.get("index"),
                "detail": "the function wrote on the checker's private pipe"}
    return outcome


def _kill_orphans():
    """Kill what the children left (this worker is a subreaper: orphans come back to it)."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children", "rb") as f:
            pids = [int(p) for p in f.read().split()]
    except (OSError, ValueError):
        return
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (OSError, ChildProcessError):
            continue


class _LineReader:
    """JSON messages read line by line from a child's pipe, each within a time limit."""

    def __init__(self, fd):
        self.fd, self.buffer, self.closed, self.timed_out = fd, b"", False, False
        self.garbled = False

    def rest(self, seconds) -> list:
        """Every message until the child closes its end (within ``seconds``); anything
        else it wrote (a partial line, text that is no message) sets ``garbled``."""
        found, deadline = [], time.monotonic() + seconds
        self.timed_out = False
        while True:
            message = self.next_message(max(0.0, deadline - time.monotonic()))
            if message is not None:
                found.append(message)
                continue
            if not (self.closed and not self.buffer.strip()):
                self.garbled = True  # still writing at the deadline, or a partial line
            return found

    def next_message(self, seconds):
        """The next JSON message (a dict), or None: timed out (``timed_out``), the pipe
        closed, or a line that is no message (``garbled``). Blank lines are skipped."""
        deadline = time.monotonic() + seconds
        while True:
            while b"\n" not in self.buffer:
                if self.closed or len(self.buffer) > 50_000_000:
                    return None
                left = deadline - time.monotonic()
                ready = select.select([self.fd], [], [], max(0.0, left))[0] if left > 0 else []
                if not ready:
                    self.timed_out = True
                    return None
                data = os.read(self.fd, 65536)
                if not data:
                    self.closed = True
                self.buffer += data
            line, self.buffer = self.buffer.split(b"\n", 1)
            if line.strip():  # (a violation starts on a line of its own)
                break
        try:
            message = json.loads(line.decode("ascii", "replace"))
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            self.garbled = True
            return None
        return message


def _stopped(pid, timed_out):
    """The outcome of an input whose child gave no report: a timeout or a crash."""
    if timed_out:
        return {"status": "timeout", "error": None, "detail": "no answer within the time limit"}
    _kill_group(pid)
    code = _reap(pid)
    return {"status": "crash", "error": None,
            "detail": f"the process ended (exit code {code})"}


def _child(harness, indexes, job, capture, state, write_end, parent, *, _exit=os._exit):
    """In the forked child: drop the parent's channels, compile the answer, lock this
    process (:mod:`.lockdown`), then build the answer and run the items."""
    code = 0
    try:
        os.setpgid(0, 0)
        die_with_parent(parent)
        for fd in _CHANNEL_FDS:
            try:
                os.close(fd)
            except OSError:
                pass
        _forget_token()
        if job.get("memory_limit"):
            limit_memory(job["memory_limit"])
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 2)  # nothing the answer writes reaches the worker's own stderr
        os.close(devnull)
        report = os.fdopen(write_end, "w", encoding="ascii", newline="\n")

        def tell(message):
            report.write(json.dumps(message) + "\n")
            report.flush()

        sys.setrecursionlimit(job.get("recursion_limit", 1000))
        try:
            prepared = prepare(job["code"], STUDENT_PREFIX)
        except BaseException as exc:
            tell({"type": "setup", "ok": False, "error": error_info(exc, {})})
            _exit(0)
        if job.get("lock", True):
            lockdown.restrict_kernel()
            lockdown.lock(write_end, **_LOCK)
        try:
            fn, namespace, sources = build(prepared)
        except BaseException as exc:
            tell({"type": "setup", "ok": False, "error": error_info(exc, prepared.sources)})
            _exit(0)
        tell({"type": "setup", "ok": True, "missing": namespace.get("__missing__", {})})
        call = make_call(fn, state)
        for index in indexes:
            tell(run_item(harness, fn, job["items"][index], call, job, capture, state,
                          sources, index))
    except BaseException:
        code = 70
    _exit(code)


#: How a child is locked (set by :func:`main`, before any job).
_LOCK: dict = {}


def _prepare_lock():
    """Import what answers may use and the guard, and work out the lock's settings, once
    per worker (its children inherit all of it)."""
    import collections

    from .guard import ALLOWED_MODULES, PACKAGE_DIR, install

    lockdown.offer_modules()
    install()
    worker = [os.path.join(PACKAGE_DIR, *part.split("/")) for part in worker_parts()]
    _LOCK.update(package_dir=lockdown.folders([PACKAGE_DIR]),
                 worker_dirs=lockdown.folders(worker),
                 pickles=lockdown.pickle_globals(ALLOWED_MODULES),
                 namedtuple=collections.namedtuple)


def _kill_group(pid):
    """Kill the child and every process left in its group."""
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            kill()
        except OSError:
            pass


def _reap(pid):
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return None
    return os.waitstatus_to_exitcode(status)


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
                        "traceback": _where(exc)[-2000:]}
    finally:
        state.deadline = None
    if capture.flooded:
        out["status"] = "flood"
    out.update(seconds=time.perf_counter() - start, output=capture.text(),
               output_chars=capture.total, mutated=state.mutated)
    return out


def _where(exc) -> str:
    """Where ``exc`` was raised, frame by frame, without reading any source file."""
    frames = traceback.StackSummary.extract(traceback.walk_tb(exc.__traceback__),
                                            lookup_lines=False)
    return "".join(f"  File {f.filename!r}, line {f.lineno}, in {f.name}\n" for f in frames) \
        + f"{type(exc).__name__}: {_message(exc)}"


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


#: File descriptors of the channels to the parent (closed in every forked child).
_CHANNEL_FDS = []
#: The current job's token (a bytearray, zeroed in every forked child).
_TOKEN = bytearray()


def _forget_token():
    _TOKEN[:] = bytes(len(_TOKEN))


def die_with_parent(parent):
    """Linux: this forked child is killed when the worker ends, however it ends, so an
    answer that loops forever never runs on as an orphan (the child has no watchdog thread:
    threads do not survive a fork)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the worker ended before the line above took effect
        os._exit(0)


def not_dumpable():
    """Linux: other processes of this user cannot read this one's memory or descriptors."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 4
    except (OSError, AttributeError):
        pass


def subreaper():
    """Linux: processes this worker's children leave behind come back to it (killed after
    each child: :func:`_kill_orphans`)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def main():
    """Set up the channel and the guards, then serve jobs until stdin closes."""
    fd_in, fd_out = os.dup(0), os.dup(1)
    if sys.platform == "win32":  # pipes must not translate line ends
        import msvcrt

        msvcrt.setmode(fd_in, os.O_BINARY)
        msvcrt.setmode(fd_out, os.O_BINARY)
    _CHANNEL_FDS[:] = [fd_in, fd_out]
    inbox = os.fdopen(fd_in, "rb")
    channel = os.fdopen(fd_out, "w", encoding="ascii", newline="\n")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    not_dumpable()
    subreaper()
    from .guard import furnish_stand_ins

    furnish_stand_ins()
    _prepare_lock()
    capture, state = Capture(), State()
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = capture
    sys.stdin = sys.__stdin__ = io.StringIO("")

    def send(message):
        if _TOKEN:
            message["job"] = _TOKEN.decode("ascii")
        channel.write(json.dumps(message) + "\n")
        channel.flush()

    threading.Thread(target=watchdog, args=(state, os.getppid()), daemon=True).start()
    send({"type": "ready", "pid": os.getpid()})
    while True:
        job = read_frame(inbox)
        if job is None or job.get("type") == "stop":
            break
        _TOKEN[:] = str(job.pop("token", "")).encode("ascii", "replace")
        forked = hasattr(os, "fork") and job.get("fork", True)
        if job.get("memory_limit") and not forked:
            limit_memory(job["memory_limit"])
        sys.path[:] = job.get("sys_path", sys.path)
        run_job(job, send, capture, state)


if __name__ == "__main__":
    main()
