"""Run a student's code where it cannot reach the key, other students or the grades.

A :class:`Jail` describes one student's confinement with bubblewrap (``bwrap``,
Debian's ``bubblewrap`` package): the whole system mounted read-only, empty
read-only folders over ``/tmp``, the home folder, the key's folder, the
submissions and the output folder (and over the course checkout, except the
package and its Python environment), one private writable folder holding only
that student's notebook, the grader's compiled Graphviz to read (so a kernel that
draws need not compile it again: :func:`shared_graphviz_cache`), no network
(``--unshare-net``), its own process namespace (``--unshare-pid``: every process
the student starts dies with it), ``--die-with-parent``, no capabilities even when
the grader runs as root (``--cap-drop ALL``), and limits on memory and on
processes (``prlimit``; Linux never limits the number of root's processes).

Without bwrap (or when it cannot start here, e.g. user namespaces are off),
:func:`find_bwrap` returns None and the grader says so once and runs as
before; set ``MINIMAX_LESSONS_NO_BWRAP=1`` to force that.

>>> jail = Jail("/tmp/w", hide=["/secret"], bwrap="/usr/bin/bwrap", prlimit=None)
>>> cmd = jail.prefix()
>>> cmd[0], "--unshare-net" in cmd, cmd[cmd.index("--bind") + 1]
('/usr/bin/bwrap', True, '/tmp/w')
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from jupyter_client.manager import AsyncKernelManager

from .._process import PACKAGE_ROOT, with_package_path
from ..pictures.render import CACHE_ENV, cache_dir
from .release import ReleaseError

NO_BWRAP_ENV = "MINIMAX_LESSONS_NO_BWRAP"
#: Memory a student's kernel may allocate (bytes; ``prlimit --data``: what it allocates,
#: not the address space it only reserves, for the embedded Graphviz reserves 4 GiB and
#: uses a few MiB of it) and processes it may run (per user).
MEMORY = 4 << 30
PROCESSES = 256
NO_BWRAP_NOTE = ("bubblewrap (bwrap) is not available here, so student code runs with your "
                 "rights: it can read the key and the other submissions and write to the output "
                 "folder. Install it (apt-get install bubblewrap) to isolate each student.")


@functools.lru_cache(maxsize=None)
def _probe(bwrap: str) -> str | None:
    """None when bwrap can build a student's jail here and Python finds the package in
    it, else why not (so a machine where it cannot never costs students their grades)."""
    with tempfile.TemporaryDirectory(prefix="mml-probe-") as work:
        cmd = Jail(work, bwrap=bwrap).prefix() + [
            sys.executable, "-c", "import minimax_lessons.runner.codec"]
        env = with_package_path(os.environ)
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=60, env=env)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"{type(exc).__name__}: {exc}"
    if done.returncode != 0:
        text = done.stderr.decode("utf-8", "replace").strip()
        return text[-300:] or f"exit {done.returncode}"
    return None


def find_bwrap() -> str | None:
    """The path of a bwrap that works here, or None (absent, disabled, or cannot start)."""
    if os.environ.get(NO_BWRAP_ENV, "").strip() not in ("", "0"):
        return None
    if not sys.platform.startswith("linux"):
        return None
    path = shutil.which("bwrap")
    if path is None or _probe(path) is not None:
        return None
    return path


def why_no_bwrap() -> str:
    """One sentence for the grader's output when :func:`find_bwrap` gives None."""
    if os.environ.get(NO_BWRAP_ENV, "").strip() not in ("", "0"):
        return (f"{NO_BWRAP_ENV} is set, so student code runs with your rights (no "
                "bubblewrap isolation).")
    path = shutil.which("bwrap")
    if path is not None and sys.platform.startswith("linux"):
        return (f"bubblewrap ({path}) cannot start a sandbox here ({_probe(path)}), so student "
                "code runs with your rights.")
    return NO_BWRAP_NOTE


def bwrap_to_use(isolation="auto", stream=None) -> str | None:
    """The bwrap to run student code in, or None; says once on ``stream`` why there is none.

    ``isolation`` is "auto" (bubblewrap when it works here), "bwrap" (an error without
    it) or "none" (never).
    """
    stream = stream or sys.stderr
    if isolation == "none":
        print("grading without isolation (NOT a security sandbox): it was switched off "
              "(isolation none), so student code runs with your rights.", file=stream)
        return None
    path = find_bwrap()
    if path is None:
        if isolation == "bwrap":
            raise ReleaseError("isolation with bubblewrap was asked for, but: " + why_no_bwrap())
        print("grading without isolation (NOT a security sandbox): " + why_no_bwrap(),
              file=stream)
    return path


@dataclass
class Jail:
    """One student's confinement: ``work`` is the only writable folder they see."""

    work: str
    hide: list = field(default_factory=list)
    bwrap: str | None = None
    prlimit: str | None = field(default_factory=lambda: shutil.which("prlimit"))
    memory: int = MEMORY
    processes: int = PROCESSES
    graphviz_cache: str | None = field(default_factory=lambda: shared_graphviz_cache())

    def prefix(self) -> list:
        """The command line to put before a program to run it inside the jail."""
        work = str(Path(self.work).resolve())
        # --cap-drop ALL: bwrap started by root leaves root every capability, and with
        # them it could remount the read-only folders writable or unmount what hides the key
        cmd = [self.bwrap or "bwrap", "--cap-drop", "ALL", "--ro-bind", "/", "/", "--dev", "/dev",
               "--proc", "/proc", "--unshare-net", "--unshare-pid", "--unshare-ipc",
               "--unshare-uts", "--die-with-parent", "--hostname", "student"]
        cache = os.path.realpath(self.graphviz_cache) if self.graphviz_cache else None
        exposed = sorted(_exposed() + ([cache] if cache else []), key=len)
        hidden = _hidden(self.hide)
        for path in hidden:
            cmd += ["--tmpfs", path]
            cmd += _rebind(path, exposed)
        for path in self.hide:  # a hidden file inside a re-exposed folder
            real = os.path.realpath(path)
            if os.path.isfile(real) and any(_under(real, e) for e in exposed):
                cmd += ["--ro-bind", "/dev/null", real]
        cmd += ["--bind", work, work, "--chdir", work, "--setenv", "HOME", work,
                "--setenv", "TMPDIR", work,
                # the kernel's parent is PID 1 in the jail: no parent polling (the jail
                # dies with its parent anyway)
                "--setenv", "JPY_PARENT_PID", "1"]
        if cache:  # the compiled Graphviz, read-only (HOME is the work folder in here)
            cmd += ["--setenv", CACHE_ENV, cache]
        for path in hidden:  # the empty folders are read-only too: nothing lands there
            cmd += ["--remount-ro", path]
        if self.prlimit:
            cmd += ["--", self.prlimit, f"--data={self.memory}", f"--nproc={self.processes}"]
        cmd.append("--")
        return cmd


def shared_graphviz_cache() -> str | None:
    """The folder of compiled Graphviz that jailed kernels may read, if there is one.

    Without it, every jailed kernel that draws compiles Graphviz again (about 2.5 s).
    """
    folder = cache_dir()
    return str(folder) if folder is not None and folder.is_dir() else None


def _hidden(extra) -> list:
    """Folders replaced by empty ones: temp and home folders, the checkout, ``extra``."""
    paths = ["/tmp", "/var/tmp", "/dev/shm", os.path.expanduser("~"), "/root", "/home"]
    if (PACKAGE_ROOT / ".git").exists() or (PACKAGE_ROOT / "course").exists():
        paths.append(str(PACKAGE_ROOT))  # a checkout: its instructor sources stay hidden
    for path in extra:
        real = os.path.realpath(path)
        paths.append(real if os.path.isdir(real) else os.path.dirname(real))
    out = []
    for path in sorted(set(os.path.realpath(p) for p in paths if p), key=len):
        if path != "/" and os.path.isdir(path) and not any(_under(path, o) for o in out):
            out.append(path)
    return out


def _exposed() -> list:
    """What the kernel needs to see: the package and the Python environment."""
    package = PACKAGE_ROOT / "minimax_lessons"
    places = [str(package), sys.prefix, sys.base_prefix, sys.exec_prefix]
    places += [p for p in sys.path if p and os.path.isdir(p) and "site-packages" in p]
    return sorted({os.path.realpath(p) for p in places if p}, key=len)


def _rebind(hidden, exposed) -> list:
    cmd = []
    for path in exposed:
        if _under(path, hidden) and path != hidden:
            cmd += ["--ro-bind", path, path]
    return cmd


def _under(path, folder) -> bool:
    path, folder = os.path.normpath(path), os.path.normpath(folder)
    return path == folder or path.startswith(folder.rstrip("/") + "/")


class JailedKernelManager(AsyncKernelManager):
    """A kernel manager that starts the kernel inside a :class:`Jail` (set ``jail``)."""

    jail: Jail | None = None

    def format_kernel_cmd(self, extra_arguments=None):
        if self.jail is not None:  # signals from outside do not reach into the jail
            self.kernel_spec.interrupt_mode = "message"
        cmd = super().format_kernel_cmd(extra_arguments)
        return (self.jail.prefix() + cmd) if self.jail is not None else cmd


__all__ = ["Jail", "JailedKernelManager", "find_bwrap", "why_no_bwrap", "bwrap_to_use",
           "shared_graphviz_cache", "NO_BWRAP_ENV", "NO_BWRAP_NOTE"]
