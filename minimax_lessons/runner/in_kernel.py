"""Run a check's job in this very process: the browser's way (Pyodide has no processes).

In JupyterLab in the browser (JupyterLite, ``sys.platform == "emscripten"``) there is no
``subprocess`` and no ``fork``, so :class:`~minimax_lessons.runner.sandbox.Sandbox` hands
its jobs to :func:`run_job` here instead of to a worker process. The student's function
runs in the kernel, called by the same harness, through the same ``call`` (output
captured, input watched for changes, the package's searches refused: see
:mod:`~minimax_lessons.runner._worker` and :mod:`~minimax_lessons.runner.guard`), and each
input's outcome is the same message a worker sends, so a verdict reads the same.

What differs, and why it is enough there:

- **The time limit** is kept on the student's own code (:class:`Deadline`): every call
  and every turn of a loop in it after the input's deadline raises :class:`TimeLimit`,
  again and again (a loop that catches it is stopped at its next turn), so an endless loop ends within
  the same limit, with the same "timeout" outcome, and the kernel lives on. A loop inside
  one call of C code (``sum(itertools.count())``) cannot be stopped this way; the
  browser's kernel then has to be restarted, as on any machine where the student runs it.
- **Deep recursion** is measured from where the student's function is called: the
  kernel's own frames below it do not count, so ``RecursionError`` comes at the same depth
  of the student's calls as in a worker.
- **No isolation**: the code runs with the kernel's rights and could change the kernel's
  state. In the browser that is the student's own tab; integrity does not matter there
  (the instructor's grader never runs in a browser), correctness does.

>>> from minimax_lessons.runner.shipping import ship
>>> def twice(x):
...     return 2 * x
>>> setup, outcomes = run_job(ship(twice), [(1,), (2,)],
...                           harness="minimax_lessons.exercises.harness:call_args")
>>> setup["ok"], [(o["status"], o["value"]) for o in outcomes]
(True, [('ok', 2), ('ok', 4)])
"""

from __future__ import annotations

import copy
import sys
import time
import types

from ._worker import STUDENT_PREFIX, Capture, State, error_info, make_call, resolve, run_item
from .shipping import rebuild


class TimeLimit(BaseException):
    """Raised in the student's code once its input's time is up."""


def run_job(code, items, *, harness, time_limit=2.0, output_keep=2_000, flood_limit=200_000,
            recursion_limit=1000):
    """``(setup, outcomes)``: the setup message and one outcome message per input run, as a
    worker sends them; the outcomes stop after the first input that timed out."""
    try:
        fn, namespace, sources = rebuild(code, STUDENT_PREFIX)
        run = resolve(harness)
    except BaseException as exc:  # the student's code could not be loaded
        return {"type": "setup", "ok": False, "error": error_info(exc, {})}, []
    setup = {"type": "setup", "ok": True, "missing": namespace.get("__missing__", {})}
    state, capture = State(), Capture()
    call = make_call(fn, state)
    codes = student_codes({**namespace, "": fn})
    job = {"time_limit": time_limit, "output_limit": output_keep, "flood_limit": flood_limit}
    outcomes = []
    for index, item in enumerate(copy.deepcopy(list(items))):  # as a worker gets them: copies
        outcome = _run_one(run, fn, item, call, job, capture, state, sources, index,
                           recursion_limit, codes)
        outcomes.append(outcome)
        if outcome["status"] == "timeout":
            break
    return setup, outcomes


def _run_one(harness, fn, item, call, job, capture, state, sources, index, recursion_limit,
             codes=()):
    """One input, with the deadline kept, print captured and the recursion limit counted
    from here; the kernel's own output and limit put back after."""
    saved = sys.stdout, sys.stderr, sys.getrecursionlimit()
    job = dict(job, recursion_limit=depth() + recursion_limit)
    clock = Deadline(time.monotonic() + job["time_limit"], codes)
    sys.stdout = sys.stderr = capture
    try:
        with clock:
            message = run_item(harness, fn, item, call, job, capture, state, sources, index)
    finally:
        sys.stdout, sys.stderr = saved[0], saved[1]
        sys.setrecursionlimit(saved[2])
    if clock.fired:
        return {"type": "outcome", "index": index, "status": "timeout", "error": None,
                "detail": "no answer within the time limit"}
    return message


def student_codes(namespace, prefix=STUDENT_PREFIX) -> list:
    """Every code object of the student's rebuilt code (file names starting with
    ``prefix``): its functions, their inner functions, the methods of its classes."""
    found, todo = [], []
    for value in namespace.values():
        todo += [getattr(value, "__code__", None)]
        if isinstance(value, type):
            todo += [getattr(v, "__code__", None) for v in vars(value).values()]
    while todo:
        code = todo.pop()
        if isinstance(code, types.CodeType) and code.co_filename.startswith(prefix) \
                and code not in found:
            found.append(code)
            todo += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    return found


class Deadline:
    """While entered, the student's code raises :class:`TimeLimit` after ``deadline``
    (``time.monotonic()``), at every function start and every jump back of a loop.

    With ``sys.monitoring`` (Python 3.12 and later, Pyodide's included) only the
    student's code objects ``codes`` are watched, so the package's code runs at full
    speed; else a trace function watches every instruction of the student's frames
    (Python drops a trace function once it raised: there a loop that catches
    :class:`TimeLimit` is stopped only once).
    """

    def __init__(self, deadline, codes=()):
        self.deadline = deadline
        self.codes = list(codes)
        self.files = {code.co_filename for code in self.codes} or None
        self.fired = False
        self.tool = _monitoring_tool() if self.codes else None

    def __enter__(self):
        global _CURRENT
        _CURRENT = self
        if self.tool is not None:
            events = sys.monitoring.events.PY_START | sys.monitoring.events.JUMP
            for code in self.codes:
                sys.monitoring.set_local_events(self.tool, code, events)
        else:
            self._saved = sys.gettrace()
            sys.settrace(self.trace)
        return self

    def __exit__(self, *exc):
        global _CURRENT
        if self.tool is not None:
            for code in self.codes:
                sys.monitoring.set_local_events(self.tool, code, 0)
        else:
            sys.settrace(self._saved)
        _CURRENT = None
        return False

    def check(self):
        if self.fired or time.monotonic() > self.deadline:
            self.fired = True
            raise TimeLimit("no answer within the time limit")

    def trace(self, frame, event, arg):
        name = frame.f_code.co_filename
        if name not in self.files if self.files else not name.startswith(STUDENT_PREFIX):
            return None  # the package's own code is not traced (it ends)
        frame.f_trace_opcodes = True  # a loop on one line has no line events
        self.check()
        return self.local

    def local(self, frame, event, arg):
        self.check()
        return self.local


_CURRENT = None
_TOOL = []


def _on_event(*args):
    if _CURRENT is not None:
        _CURRENT.check()


def _monitoring_tool():
    """A ``sys.monitoring`` tool id of our own (taken once), or None."""
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None:
        return None
    if not _TOOL:
        for tool in (4, 3, 2, 1, 0, 5):
            if monitoring.get_tool(tool) is None:
                monitoring.use_tool_id(tool, "minimax-lessons time limit")
                for event in (monitoring.events.PY_START, monitoring.events.JUMP):
                    monitoring.register_callback(tool, event, _on_event)
                _TOOL.append(tool)
                break
        else:
            _TOOL.append(None)
    return _TOOL[0]


def depth() -> int:
    """How many frames deep this call is."""
    frame, count = sys._getframe(), 0
    while frame is not None:
        frame, count = frame.f_back, count + 1
    return count


__all__ = ["run_job", "TimeLimit", "Deadline", "student_codes", "depth"]
