"""The browser's way of checking a function (in the kernel, no process) says what a worker says.

Under Pyodide the sandbox runs its jobs in the kernel (:mod:`minimax_lessons.runner.in_kernel`,
chosen by ``sandbox.IN_KERNEL``). Here that path is switched on in CPython and each verdict
is compared with the one the worker process gives for the same function: the same
diagnosis and the same message, the kernel alive after a loop. (The browser itself runs it
in tests/browser/test_site.py.)
"""

import sys

import pytest

from minimax_lessons.exercises import check_function
from minimax_lessons.runner import sandbox
from minimax_lessons.runner.in_kernel import Deadline, TimeLimit, student_codes


def loops(node, is_maximizing):
    while True:
        pass


def loops_on_one_line(node, is_maximizing):
    while True: pass  # noqa: E701  (no line events: the time limit must still hold)


def maximises_everywhere(node, is_maximizing):
    if not isinstance(node, list):
        return node
    return max(maximises_everywhere(child, not is_maximizing) for child in node)


def sorts_its_input(node, is_maximizing):
    if not isinstance(node, list):
        return node
    node.sort()
    values = [sorts_its_input(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def prints_and_is_right(node, is_maximizing):
    print("looking at", node)
    if not isinstance(node, list):
        return node
    values = [prints_and_is_right(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def recurses_forever(node, is_maximizing):
    return recurses_forever(node, is_maximizing)


CASES = [loops, loops_on_one_line, maximises_everywhere, sorts_its_input, prints_and_is_right]
if sys.version_info >= (3, 12):  # sys.monitoring, as in Pyodide; a trace hook before that
    CASES.append(recurses_forever)  # (which the checker's guard takes for an evasion)


def verdict(fn):
    result = check_function("minimax", fn, time_limit=0.5)
    return result.passed, result.diagnosis, result.message, result.run.output


@pytest.fixture
def in_kernel(monkeypatch):
    monkeypatch.setattr(sandbox, "IN_KERNEL", True)


@pytest.mark.parametrize("fn", CASES, ids=lambda fn: fn.__name__)
def test_in_the_kernel_a_function_gets_the_verdict_a_worker_gives(fn, monkeypatch):
    by_worker = verdict(fn)
    monkeypatch.setattr(sandbox, "IN_KERNEL", True)
    starts = sandbox.default_sandbox().starts
    assert verdict(fn) == by_worker
    assert sandbox.default_sandbox().starts == starts  # no process was started


def test_a_loop_is_stopped_at_its_deadline_and_the_kernel_goes_on(in_kernel):
    before = sys.stdout, sys.stderr, sys.gettrace(), sys.getrecursionlimit()
    passed, diagnosis, message, _ = verdict(loops)
    assert (passed, diagnosis) == (False, "timeout")
    assert "did not finish within the time limit" in message
    assert (sys.stdout, sys.stderr, sys.gettrace(), sys.getrecursionlimit()) == before
    assert verdict(prints_and_is_right)[0]  # the next check runs as usual


@pytest.mark.skipif(sys.version_info < (3, 12), reason="sys.monitoring (Pyodide has it); "
                    "Python drops a trace hook that raised, so before 3.12 it stops once")
def test_a_loop_that_catches_the_stop_is_stopped_again():
    def stubborn():
        while True:
            try:
                while True:
                    pass
            except BaseException:
                pass

    from minimax_lessons.runner.shipping import rebuild, ship

    fn, namespace, _ = rebuild(ship(stubborn), "<student:")
    import time

    with pytest.raises(TimeLimit):
        with Deadline(time.monotonic() + 0.2, student_codes({**namespace, "": fn})):
            fn()
