"""Where the test suite's CPU goes: CPU seconds by kind of process, and the machine's total.

The suite is CPU-bound on this 2-core machine (``make test`` with three workers instead of
two kept the cores 99% busy and finished no sooner), so its wall time is its CPU seconds
over two, and a time goal is a CPU budget: 5 minutes of ``make test`` is at most 600 CPU
seconds, 8 minutes 960. This prints how many each kind of process spends:

- Chromium's renderers (JupyterLab's page, RISE's, the site's page and its Pyodide kernel,
  which runs in a worker of the renderer), its browser, GPU and other processes;
- Jupyter kernels (nbval's, JupyterLab's, the grader's), the JupyterLab server;
- pytest and its xdist workers; the grader's process for each student, the tournament's
  bots and entries, the checker's workers (by the module they run);
- the rest by its command's name;

and, from ``/proc/stat``, the whole machine's busy, idle and stolen CPU seconds over the
run (the processes sampled add up to a little less: a process's last fraction of a
second before it ends, between two samples, is not seen).

Usage: ``.venv/bin/python bench/bench_suite_cpu.py [pytest arguments ...]``; without
arguments, the tests of ``make test-fast``. For the whole ``make test``::

    .venv/bin/python bench/bench_suite_cpu.py --make test

``--by-file`` first (``--by-file --make test``) also prints the CPU seconds of each test
file (a notebook's cells: the notebook; a lesson of ``test_pictures_fit.py``: its own),
counted over the worker that ran it and every process under it (``bench/cpu_by_test.py``,
a pytest plugin; it reads ``/proc`` twice a test, a few per cent more CPU), and the
machine's busy and idle CPU seconds before the first test began, while tests ran, and
after the last ended: how much of the run's time went to tests, and how much of it a core
stood idle.

Nothing is asserted; quote ``bench_machine.py``'s figure beside the numbers.

>>> kind("/usr/lib/chromium/chromium --type=renderer --lang=en-US")
'chromium renderer'
>>> kind(".venv/bin/python -c import sys; [sys.modules.setdefault(m, None) for m in ('fqdn',)]; "
...      "from minimax_lessons.play.bot_process import main; main()")
'python minimax_lessons.play.bot_process'
>>> kind(".venv/bin/python -m ipykernel_launcher -f /tmp/kernel.json")
'jupyter kernel'
"""

import bisect
import collections
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Seconds between two looks at every process.
EVERY = 0.2
#: What ``make test-fast`` runs (Makefile), the default: a worker per core (as ``nproc``
#: counts them) and one more.
WORKERS = len(os.sched_getaffinity(0)) + 1
FAST = [str(ROOT / ".venv/bin/python"), "-m", "pytest", "-p", "tests.fast_start", "tests",
        "minimax_lessons", "-m", "not browser and not slow", "-n", str(WORKERS), "--dist",
        "loadgroup", "--no-loadscope-reorder", "-q"]


def kind(command: str) -> str:
    """The kind of process a command line is, for the table."""
    if "chrom" in command:
        found = re.search(r"--type=([a-z-]+)", command)
        return f"chromium {found.group(1) if found else 'browser'}"
    if "ipykernel" in command:
        return "jupyter kernel"
    if "jupyter" in command and ("lab" in command or "server" in command):
        return "jupyterlab server"
    if "exec(eval(sys.stdin" in command:
        return "pytest worker"
    if "pytest" in command:
        return "pytest"
    launched = re.search(r"from (minimax_lessons\S*) import", command)
    if launched:
        return f"python {launched.group(1)}"
    module = re.search(r"python\S* (?:-\S+ )*-m (\S+)", command)
    if module:
        return f"python -m {module.group(1)}"
    if "playwright" in command or command.startswith("node"):
        return "playwright driver"
    return (command.split() or ["?"])[0].rsplit("/", 1)[-1]


def machine():
    """(busy, idle, steal) CPU seconds of the whole machine since it started."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    hz = os.sysconf("SC_CLK_TCK")
    user, nice, system, idle, iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq) / hz, (idle + iowait) / hz, steal / hz


def sample(seen, hz):
    """Look at every process once: seen[(pid, start)] = [kind, first CPU s, last CPU s].

    A process is classed by its command line as last seen: one started with
    ``subprocess`` is first seen as a copy of its parent (before its ``exec``), so the
    command line is read again whenever the process has used CPU since the last look
    (an ended process, which shows none, keeps its kind).
    """
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
            fields = stat.rsplit(b")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / hz
            key = (pid, fields[19])
            known = seen.get(key)
            if known is None or cpu != known[2]:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    command = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
            if known is None:
                # a process already running when the run began counts from now on; one
                # started since counts whole
                what = kind(command or stat.split(b"(", 1)[1].split(b")")[0].decode())
                known = seen[key] = [what, 0.0 if seen.get("ready") else cpu, cpu]
            elif cpu != known[2] and command:  # an ended process shows none: kept
                known[0] = kind(command)
            known[2] = cpu
        except (OSError, IndexError, ValueError):
            continue


def phases(marks, first, last):
    """Print the machine's busy and idle CPU s before ``first``, between it and ``last``
    and after, from ``marks``: [(time, (busy, idle, steal))], one per look."""
    times = [t for t, _ in marks]

    def at(when):  # the machine's counters at the look nearest before ``when``
        return marks[max(0, bisect.bisect_right(times, when) - 1)][1]

    print("\nthe machine, busy and idle CPU s:")
    for name, a, b in (("before the first test", marks[0][0], first),
                       ("while tests ran", first, last),
                       ("after the last test", last, marks[-1][0])):
        busy, idle, _ = (y - x for x, y in zip(at(a), at(b)))
        print(f"{b - a:8.1f} s  {name}: busy {busy:.1f}, idle {idle:.1f}")


def by_file(folder, top=40):
    """Print the CPU seconds of each test file, most first, from cpu_by_test.py's rows;
    returns (when the first test began, when the last ended)."""
    import json

    files, lost, spans = collections.Counter(), 0.0, []
    for name in os.listdir(folder):
        with open(os.path.join(folder, name)) as f:
            for nodeid, own, under, wall, began in json.load(f):
                spans.append((began, began + wall))
                path = nodeid.split("::")[0]
                group = nodeid.split("[")[0] + "[" + nodeid.split("[")[1] \
                    if path.endswith("test_pictures_fit.py") and "[" in nodeid else path
                if own + under < 0:  # processes ended outside the tree (the module's note)
                    lost -= own + under
                else:
                    files[group] += own + under
    print(f"\n{sum(files.values()):8.1f}  CPU s of the tests, by file ({lost:.0f} more lost "
          "with processes whose parents ended first):")
    for group, seconds in files.most_common(top):
        print(f"{seconds:8.1f}  {group}")
    return min(a for a, _ in spans), max(b for _, b in spans)


def main(argv):
    folder = None
    if argv[:1] == ["--by-file"]:
        import tempfile

        argv, folder = argv[1:], tempfile.mkdtemp(prefix="cpu-by-test-")
        os.environ["CPU_BY_TEST"] = folder
        os.environ["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")]))
        os.environ["PYTEST_ADDOPTS"] = " ".join(
            filter(None, [os.environ.get("PYTEST_ADDOPTS"), "-p cpu_by_test"]))
    command = (["make", "-C", str(ROOT)] + argv[1:]) if argv[:1] == ["--make"] else \
        (FAST if not argv else FAST[:5] + argv)
    hz = os.sysconf("SC_CLK_TCK")
    seen = {}
    sample(seen, hz)  # what runs already
    seen["ready"] = True
    before, start = machine(), time.monotonic()
    marks = [(time.time(), before)]
    child = subprocess.Popen(command, cwd=ROOT)
    me = os.getpid()
    while child.poll() is None:
        sample(seen, hz)
        time.sleep(EVERY)
        marks.append((time.time(), machine()))
    wall, after = time.monotonic() - start, machine()
    del seen["ready"]
    by_kind, started = collections.Counter(), collections.Counter()
    for (pid, _), (what, first, last) in seen.items():
        if int(pid) != me:
            by_kind[what] += last - first
            started[what] += 1
    busy, idle, steal = (b - a for a, b in zip(before, after))
    print(f"\n{' '.join(command)}\nexit {child.returncode}, wall {wall:.0f} s; machine: "
          f"busy {busy:.0f} CPU s, idle {idle:.0f}, stolen by the host {steal:.1f}; "
          f"load now {os.getloadavg()[0]:.1f}")
    for what, seconds in by_kind.most_common():
        if seconds >= 0.5:
            print(f"{seconds:8.1f}  {100 * seconds / busy:4.1f}%  {started[what]:6d}  {what}")
    print(f"{sum(by_kind.values()):8.1f}  seen in the {sum(started.values())} processes sampled "
          "(the third column: how many of each kind were seen)")
    if folder and os.listdir(folder):
        phases(marks, *by_file(folder))
    return child.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
