"""A pytest plugin for ``bench_suite_cpu.py --by-file``: the CPU seconds of each test.

Each test's CPU is what its worker and every process under it spent while it ran (the
worker, its kernels, its JupyterLab server, its Chromium and that browser's renderers,
its graders, bots and checker workers), from ``/proc`` and the children the worker
waited for. Each worker writes ``[nodeid, its own CPU s, the CPU s of the processes
under it, wall s, when it started (s since the epoch)]`` per test to
``$CPU_BY_TEST/<pid>.json``.

A process that ends during a test and whose parent is gone first (Chromium's renderers
when the browser closes at the end of a worker's session) is lost: its CPU until then
comes off the test that was running (a negative figure, which the bench prints apart).
"""

import json
import os
import resource
import time

import pytest

HZ = os.sysconf("SC_CLK_TCK")
ROWS = []
#: How deep in pytests this one is: 0 the one the bench started, 1 its xdist workers, 2 and
#: more a pytest a test started (counted in its worker's tree already, so not written).
DEPTH = int(os.environ.get("CPU_BY_TEST_DEPTH", "0"))
os.environ["CPU_BY_TEST_DEPTH"] = str(DEPTH + 1)


def tree_cpu():
    """(this process's CPU s, the CPU s of every process under it and those it waited for)."""
    children, cpu = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(pid))
        cpu[int(pid)] = sum(int(x) for x in fields[11:15]) / HZ  # its own and its waited-for
    under, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        under += cpu.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    me = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, under + waited.ru_utime + waited.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    (own, under), start, began = tree_cpu(), time.monotonic(), time.time()
    yield
    own_after, under_after = tree_cpu()
    ROWS.append((item.nodeid, round(own_after - own, 3), round(under_after - under, 3),
                 round(time.monotonic() - start, 3), round(began, 3)))


def pytest_sessionfinish(session):
    folder = os.environ.get("CPU_BY_TEST")
    if folder and ROWS and DEPTH <= 1:
        with open(os.path.join(folder, f"{os.getpid()}.json"), "w") as f:
            json.dump(ROWS, f)
