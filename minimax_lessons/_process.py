"""Child Pythons that import this package: where it lies, and how they start fast.

The grader, the tournament, the checker's worker and each bot run in a Python process of
their own. Each needs the package importable (the folder that holds it first on
``PYTHONPATH``: :func:`with_package_path`) and starts from :func:`launch`, which skips
slow imports: nbformat checks notebooks with jsonschema, which on import loads a package for
each optional string format it could check ("iri", "uri", "date-time", "duration", ...),
for checks nbformat never asks of it (it gives jsonschema no format checker). One of them
(``rfc3987_syntax``) builds some forty grammars, about 3 s a process on a slow machine; the
others (:data:`SLOW_IMPORTS`) about 50 ms of every start. The instructor's command line
skips them too (:func:`skip_slow_import`).

A child may start others that outlive it (bubblewrap's process inside the jail, a
process in a session of its own): :func:`kill_tree` ends a process and everything below
it, :func:`kill_descendants` everything below this process, both read from ``/proc`` on
Linux.

>>> launch("minimax_lessons.play.bot_process").endswith(
...     "from minimax_lessons.play.bot_process import main; main()")
True
>>> with_package_path({"PYTHONPATH": "/mine"})["PYTHONPATH"].endswith(":/mine")
True
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

#: The folder that holds the ``minimax_lessons`` package (a checkout or site-packages).
PACKAGE_ROOT = Path(__file__).resolve().parents[1]


def with_package_path(env) -> dict:
    """A copy of the environment ``env`` with the package's folder first on ``PYTHONPATH``."""
    env = dict(env)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PACKAGE_ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


#: The slow imports :func:`launch` and :func:`skip_slow_import` skip: the optional packages
#: jsonschema loads to check string formats, which nbformat never asks it to check. First
#: the grammars of the "iri" formats (``rfc3987_syntax``), then those of "duration" (with
#: ``arrow``), "uri", "date-time", "color", "uri-template", "hostname" and "json-pointer".
#: ``idna`` stays: other packages (urllib3, httpx) need it.
SLOW_IMPORTS = ("rfc3987_syntax", "isoduration", "rfc3986_validator", "rfc3339_validator",
                "webcolors", "uri_template", "fqdn", "jsonpointer")


def launch(module: str, function: str = "main") -> str:
    """``python -c`` code that runs ``module.function()`` without the slow imports."""
    return (f"import sys; [sys.modules.setdefault(m, None) for m in {SLOW_IMPORTS!r}]; "
            f"from {module} import {function}; {function}()")


def skip_slow_import():
    """Skip the slow imports in this process from now on (those not done already).

    The instructor's package calls this before it imports nbformat: each of its commands
    starts about 1 s sooner, and jsonschema then checks none of the string formats of
    :data:`SLOW_IMPORTS`, which nothing here asks it to.

    >>> import sys
    >>> skip_slow_import(); all(name in sys.modules for name in SLOW_IMPORTS)
    True
    """
    for name in SLOW_IMPORTS:
        sys.modules.setdefault(name, None)


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


def _state(pid) -> str:
    """The state letter of process ``pid`` (R, S, T, Z, ...), or "" when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return ""


def _freeze(pid, seconds) -> bool:
    """Stop ``pid`` (SIGSTOP) and wait until it is stopped, so that a fork it was making
    has finished and its children can be read. False when it is gone."""
    try:
        os.kill(pid, signal.SIGSTOP)
    except OSError:
        return False
    deadline = time.monotonic() + seconds
    while _state(pid) not in ("T", "t", "Z", "X", "") and time.monotonic() < deadline:
        time.sleep(0.001)
    return True


def kill_tree(pid, *, settle=0.5) -> list:
    """Kill process ``pid`` and every process below it, even those in sessions or process
    namespaces of their own; the process ids killed.

    Each process is stopped before its children are read (it can start no more), and
    all are killed together at the end, so none is left behind as an orphan; ``settle``:
    seconds to wait for one process to stop. Without ``/proc``, only ``pid`` is killed.

    >>> import subprocess
    >>> shell = subprocess.Popen(["sh", "-c", "setsid sleep 60 & echo started; wait"],
    ...                          stdout=subprocess.PIPE)
    >>> shell.stdout.readline() and None  # it has started sleep, in a session of its own
    >>> len(kill_tree(shell.pid)), shell.wait()  # the shell and its sleep
    (2, -9)
    >>> shell.stdout.close()
    """
    if not os.path.isdir("/proc"):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        return [pid]
    frozen, todo = [], [pid]
    while todo:
        one = todo.pop()
        if one not in frozen and _freeze(one, settle):
            frozen.append(one)
            todo += children(one)
    for one in frozen:
        try:
            os.kill(one, signal.SIGKILL)
        except OSError:
            pass
    return frozen


def kill_descendants(rounds=50):
    """Kill every process below this one and reap them: a process that is a subreaper (the
    grader's child for a student) gets back the orphans of its descendants, so none is left."""
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


class TailPipe:
    """A pipe to give a child process as its stdout or stderr: a thread reads it as it
    comes and keeps only the last ``keep`` bytes (and counts them all), so a child that
    writes without end fills no disk and no memory.

    >>> import subprocess, sys
    >>> pipe = TailPipe(keep=8)
    >>> child = subprocess.Popen([sys.executable, "-c", "print('x' * 100000 + 'end')"],
    ...                          stdout=pipe.write_fd)
    >>> pipe.started(); child.wait(); pipe.close()
    0
    >>> pipe.text(), pipe.total
    ('xxxxend\\n', 100004)
    """

    def __init__(self, keep: int = 64 << 10):
        import threading

        self.keep, self.total, self.tail = keep, 0, bytearray()
        self.read_fd, self.write_fd = os.pipe()
        self._thread = threading.Thread(target=self._drain, daemon=True, name="tail-pipe")
        self._thread.start()

    def _drain(self):
        try:
            while True:
                chunk = os.read(self.read_fd, 1 << 16)
                if not chunk:
                    return
                self.total += len(chunk)
                self.tail += chunk
                if len(self.tail) > 2 * self.keep:
                    del self.tail[:-self.keep]
        except OSError:
            pass
        finally:
            try:
                os.close(self.read_fd)
            except OSError:
                pass

    def started(self):
        """Close this process's copy of the write end (the child has its own now)."""
        if self.write_fd is not None:
            try:
                os.close(self.write_fd)
            except OSError:
                pass
            self.write_fd = None

    def close(self, wait: float = 2.0):
        """Stop waiting for more (the reader ends when every writer has closed; a writer
        that lingers is left to it, a daemon thread)."""
        self.started()
        self._thread.join(wait)

    def text(self) -> str:
        """The last bytes written, as text."""
        return bytes(self.tail[-self.keep:]).decode("utf-8", "replace")


__all__ = ["PACKAGE_ROOT", "with_package_path", "launch", "children", "kill_tree",
           "kill_descendants", "TailPipe"]
