"""Where no jail can be built and the grader is root: student code as a user of its own.

Docker's default seccomp profile refuses the ``clone`` and ``unshare`` calls bubblewrap
needs for its namespaces, and Gradescope runs its autograder as root in such a container.
There a :class:`UserJail` still keeps root's rights away from student code (``grade
--isolation user``, and what the Gradescope autograder takes when bubblewrap cannot work):

- the kernel and the checker's worker start through ``setpriv`` (util-linux) as a user id
  of their own (:data:`~.isolation.JAIL_UIDS`, one per jail, far above real users'): no
  group, no capability (none left to gain: the bounding set is empty), ``no_new_privs``;
- under ``prlimit``: memory, processes (the limit holds: that user is not root) and the
  size of one file (:data:`~.isolation.WORK_SPACE`: without a namespace there is no sized
  tmpfs);
- in a folder of its own (its ``HOME``, ``TMPDIR`` and current folder), given to that
  user with mode 0700; the grader's folders above it let it pass (0711), never list;
- the answers' pipe and the kernel's connection file are that user's alone (0600);
- everything else it reaches as any user does (*others*): so the grader refuses to start
  while the key, the submissions or the output folder is open to others
  (:func:`open_to_others`), and the Gradescope autograder closes its own folders first.

- where Linux has Landlock (5.13 and later; a container's seccomp profile may refuse it),
  a wall that lets it write only in its folder, the answers' pipe and ``/dev/null``
  (:data:`WALL`): ``/tmp`` and ``/dev/shm`` are out of its reach, as ``/dev`` is in a jail.

What it does not do, unlike bubblewrap: hide the network, the other processes (their
command lines in ``/proc``) or the files every user may read (the package's source among
them, which the checker's worker refuses to open or run: :mod:`...runner.lockdown`), nor,
without Landlock, stop writes to ``/tmp`` and ``/dev/shm``. :func:`probe` checks from
inside, before any student runs, that such a user is not root, holds no capability, and
can run Python with the package.

>>> jail = UserJail("/tmp/w", uid=1_000_000_123, setpriv="setpriv", prlimit=None,
...                 hand_over=False, python="python3")
>>> jail.prefix()[:3], jail.prefix()[-3:]  # the wall: write here and to /dev/null only
(['setpriv', '--reuid=1000000123', '--regid=1000000123'], ['/tmp/w', '/dev/null', '--'])
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..._process import PACKAGE_ROOT
from ...pictures.render import CACHE_ENV
from . import limits
from .limits import MEMORY, PROCESSES, WORK_SPACE, as_root, next_uid

#: The permission bits of "others": what a user of its own may do with a file or folder.
OTHERS = stat.S_IRWXO


def closed_on_the_way(path) -> str | None:
    """The first folder above ``path`` that other users cannot pass, or None.

    >>> closed_on_the_way("/")
    """
    here = Path(os.path.realpath(path))
    for folder in reversed(here.parents):
        try:
            if not folder.stat().st_mode & stat.S_IXOTH:
                return str(folder)
        except OSError:
            return str(folder)
    return None


def open_to_others(path) -> str | None:
    """Why a user of its own could reach ``path`` (read it, list it, pass or write into
    it), or None when it cannot.

    >>> open_to_others("/etc/hostname") is not None  # world-readable, as it should be
    True
    """
    real = os.path.realpath(path)
    try:
        mode = os.stat(real).st_mode
    except OSError:
        return None
    if closed_on_the_way(real) is not None or not mode & OTHERS:
        return None
    return f"{path} is open to every user (mode {stat.filemode(mode)})"


def refuse_open(paths) -> list:
    """What is wrong, in words, with each of ``paths`` that other users could reach."""
    return [f"{why}: close it (chmod o-rwx {os.path.realpath(path)})"
            for path in paths if path and (why := open_to_others(path)) is not None]


def _pass_through(folder):
    """Let other users pass ``folder`` (not list it): 0711 at most for the grader's own."""
    mode = os.stat(folder).st_mode
    if not mode & stat.S_IXOTH:
        os.chmod(folder, stat.S_IMODE(mode) | stat.S_IXOTH | stat.S_IXGRP)


def _give(path, uid, mode):
    os.chown(path, uid, uid, follow_symlinks=False)
    os.chmod(path, mode)


@dataclass
class UserJail:
    """One student's confinement without namespaces: ``work`` is their folder, given to
    ``uid``; ``root``: the grader's folder above it (the folders from ``work`` up to it
    are opened for passage); ``seed``: a host folder whose files are copied into ``work``
    as the jail starts; ``channel``: the grader's folder with the answers' pipe and the
    kernel's connection file. ``hand_over=False`` only builds the command line."""

    work: str
    root: str | None = None
    seed: str | None = None
    channel: str | None = None
    package: str = "all"  # the worker sees the whole package here (no mount to hide it)
    uid: int | None = None
    setpriv: str | None = field(default_factory=lambda: shutil.which("setpriv"))
    prlimit: str | None = field(default_factory=lambda: shutil.which("prlimit"))
    memory: int | None = None
    processes: int | None = None
    space: int | None = None
    graphviz_cache: str | None = None
    hand_over: bool = True
    wall: bool = True  # Landlock's wall on writes, where the kernel has it (WALL)
    python: str | None = None

    def __post_init__(self):
        self.uid = next_uid() if self.uid is None else self.uid
        self.memory = MEMORY if self.memory is None else self.memory
        self.processes = PROCESSES if self.processes is None else self.processes
        self.space = WORK_SPACE if self.space is None else self.space
        if self.hand_over:
            self._hand_over()

    def _hand_over(self):
        """Give the work folder (and the seed) to the jail's user; let it pass the
        grader's folders up to ``root``; its pipe and connection file are its alone."""
        work = os.path.realpath(self.work)
        if self.root is not None:
            root = os.path.realpath(self.root)
            folder = os.path.dirname(work)
            while folder.startswith(root.rstrip("/") + "/") or folder == root:
                _pass_through(folder)
                if folder == root:
                    break
                folder = os.path.dirname(folder)
        _give(work, self.uid, 0o700)
        if self.seed and os.path.isdir(self.seed):
            _give(self.seed, self.uid, 0o700)
            for item in Path(self.seed).iterdir():
                _give(item, self.uid, 0o600)
        if self.channel:
            os.chmod(self.channel, 0o711)
            answers = Path(self.channel) / "answers"
            if answers.exists():
                _give(answers, self.uid, 0o600)

    def prefix(self) -> list:
        """The command line to put before a program to run it as the jail's user."""
        work = os.path.abspath(self.work)
        cmd = [self.setpriv or "setpriv", f"--reuid={self.uid}", f"--regid={self.uid}",
               "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs",
               "--"]
        if self.prlimit:
            cmd += [self.prlimit, f"--data={self.memory}", f"--nproc={self.processes}",
                    f"--fsize={self.space}", "--"]
        cmd += ["env", f"--chdir={work}", f"HOME={work}", f"TMPDIR={work}"]
        if self.graphviz_cache and closed_on_the_way(self.graphviz_cache) is None:
            cmd.append(f"{CACHE_ENV}={os.path.realpath(self.graphviz_cache)}")
        if self.wall:
            answers = os.path.join(self.channel, "answers") if self.channel else None
            cmd += [self.python or sys.executable, "-S", "-c", WALL, work,
                    *([answers] if answers else []), os.devnull, "--"]
        if self.seed and os.path.isdir(self.seed) and os.listdir(self.seed):
            cmd += ["/bin/sh", "-c", 'cp -R "$0"/. . 2>/dev/null; exec "$@"',
                    os.path.realpath(self.seed)]
        return cmd

    def outside(self, inside: str, pid: int) -> str:
        """Where the host reaches ``inside``: the same place (no namespace here)."""
        return inside

    def share(self, path):
        """A file of the grader's that the jail's user alone reads (a connection file), or
        a folder of the grader's it passes through (the channel)."""
        if os.path.isdir(path):
            os.chmod(path, 0o711)
        else:
            _give(path, self.uid, 0o400)


#: ``python -S -c WALL FOLDER FILE... -- COMMAND...``: Landlock (where the kernel has it)
#: lets the process write only in FOLDER and to the FILEs (the answers' pipe, /dev/null),
#: then runs COMMAND in its place. Reading is left as it was. Without Landlock it only
#: runs COMMAND. Plain ctypes, no import of the package: it costs one small Python start.
WALL = r"""
import ctypes, os, sys
args = sys.argv[1:]
cut = args.index("--")
places, command = args[:cut], args[cut + 1:]
try:
    libc = ctypes.CDLL(None, use_errno=True)
    call = libc.syscall
    call.restype = ctypes.c_long
    version = call(ctypes.c_long(444), None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    if version >= 1 and os.uname().machine in ("x86_64", "aarch64"):
        write_file = 1 << 1
        folder = write_file | sum(1 << b for b in range(4, 13))  # remove and make anything
        folder |= (1 << 13) if version >= 2 else 0  # refer
        truncate = (1 << 14) if version >= 3 else 0
        folder |= truncate
        attr = ctypes.c_uint64(folder)
        ruleset = call(ctypes.c_long(444), ctypes.byref(attr), ctypes.c_size_t(8),
                       ctypes.c_uint32(0))
        if ruleset >= 0:
            class Beneath(ctypes.Structure):
                _pack_ = 1
                _fields_ = [("allowed", ctypes.c_uint64), ("parent", ctypes.c_int32)]
            for place in places:
                fd = os.open(place, os.O_PATH | os.O_CLOEXEC)
                allowed = folder if os.path.isdir(place) else write_file | truncate
                rule = Beneath(allowed, fd)
                call(ctypes.c_long(445), ctypes.c_int(ruleset), ctypes.c_int(1),
                     ctypes.byref(rule), ctypes.c_uint32(0))
                os.close(fd)
            libc.prctl(38, 1, 0, 0, 0)  # no_new_privs (setpriv set it already)
            call(ctypes.c_long(446), ctypes.c_int(ruleset), ctypes.c_uint32(0))
            os.close(ruleset)
except OSError:
    pass
os.execvp(command[0], command)
"""


@functools.lru_cache(maxsize=None)
def probe() -> str | None:
    """None when student code can run here as a user of its own (not root, no capability
    left, Python and the package within its reach); else why not, in words."""
    if not as_root():
        return "it needs root, to switch to a user of its own"
    for tool in ("setpriv", "prlimit"):
        if shutil.which(tool) is None:
            return f"{tool} (util-linux) is not installed"
    for needed, what in ((sys.executable, "Python"), (PACKAGE_ROOT / "minimax_lessons",
                                                      "the package")):
        closed = closed_on_the_way(needed)
        if closed is not None:
            real = os.path.realpath(needed)
            where = f"{needed}, that is {real}" if real != str(needed) else str(needed)
            return (f"other users cannot reach {what} ({where}): {closed} is closed to them "
                    "(install it where every user may run it, or open that folder to "
                    "others with chmod o+x)")
    with tempfile.TemporaryDirectory(prefix="mml-probe-") as root:
        work = os.path.join(root, "work")
        os.mkdir(work)
        return limits.probe(UserJail(work, root=root).prefix(), bounding=True)


__all__ = ["UserJail", "probe", "open_to_others", "refuse_open", "closed_on_the_way"]
