"""Run a student's code where it cannot reach the key, other students or the grades.

A :class:`Jail` describes one student's confinement with bubblewrap (``bwrap``,
Debian's ``bubblewrap`` package):

- the whole system mounted read-only; empty read-only folders over ``/tmp``, the home
  folder, the key's folder, the submissions and the output folder (and over the course
  checkout, except the package and its Python environment);
- one writable folder, the student's: a fresh *sized* tmpfs (:data:`WORK_SPACE`), so
  that filling it costs that notebook only ("No space left on device"), into which the
  plain files submitted beside the notebook are copied (``seed``);
- a *channel* folder of the grader's, read-only (the kernel's connection file and the
  pipe on which the notebook's answers travel, :mod:`.untrusted`): nothing of the host
  that a student's code can write to;
- the grader's compiled Graphviz to read (so a kernel that draws need not compile it
  again: :func:`shared_graphviz_cache`);
- for the checker's worker (``package="games"``), of the package only the games and the
  runner: the searches, the checker's reference code and every other file of the
  course are not there to import, read or copy;
- no network (``--unshare-net``), its own process, IPC and host name namespaces, a new
  terminal session, ``--die-with-parent``;
- no capabilities and never uid 0: started by root, bubblewrap keeps only what
  ``setpriv`` needs to switch to an unprivileged user id of the jail's own
  (:data:`JAIL_UIDS`, one per jail), which then drops every capability, its bounding
  set and gains no privileges from any program; started by another user, bubblewrap
  maps that user in a user namespace, drops every capability and forbids nested user
  namespaces (``--disable-userns``);
- limits on memory, on processes (``prlimit``; the process limit holds because the
  user is never root) and on the size of one file (the work folder's size);
- ``/dev`` read-only (a tmpfs with the devices, which bubblewrap's user owns when it
  runs without root: it would be a writable folder of the host's memory otherwise).

:func:`choose_isolation` decides, and gives an :class:`Isolation`: bubblewrap when a jail
like that works here (a probe checks from inside that the uid is not 0 and no capability
is left); when it cannot, a grader run as root refuses to start and says what to do,
another user is warned loudly and grades with their own rights. ``--isolation user``
(root only) is the explicit choice of a lesser isolation where no jail can be built, as
in a Docker container: student code as a user of its own, no capability, in a folder of
its own (:mod:`.unprivileged`). ``--isolation strongest`` takes the strongest this
machine allows and says which: bubblewrap when it works, else, as root, a user of its own
(a container's pod, Gradescope's autograder: :func:`strongest_kind`), else, as another
user, no isolation. ``--isolation none`` (or ``MINIMAX_LESSONS_NO_BWRAP=1``) is the
explicit choice to grade without isolation.

>>> jail = Jail("/tmp/w", hide=["/secret"], bwrap="/usr/bin/bwrap", prlimit=None)
>>> cmd = jail.prefix()
>>> cmd[0], "--unshare-net" in cmd, cmd[cmd.index("--tmpfs", cmd.index("--size")) + 1]
('/usr/bin/bwrap', True, '/tmp/w')
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..._process import PACKAGE_ROOT
from ...pictures.render import CACHE_ENV, cache_dir
from ...runner.boundary import worker_parts
from ..assignment.release import ReleaseError
from .limits import JAIL_UIDS, MEMORY, PROCESSES, WORK_SPACE, as_root, next_uid, probe
from .kernels import CappedKernelManager
from .unprivileged import UserJail, probe as probe_user, refuse_open

NO_BWRAP_ENV = "MINIMAX_LESSONS_NO_BWRAP"
#: What the part of the package a checker's worker sees (``package="games"``) holds:
#: the games it is given and the runner that calls it; nothing that computes a value
#: (:func:`~minimax_lessons.runner.boundary.worker_parts`).
WORKER_FILES = tuple(os.path.join(*part.split("/")) for part in worker_parts())
NO_BWRAP_NOTE = ("bubblewrap (bwrap) is not available here. Install it (apt-get install "
                 "bubblewrap) to isolate each student.")
_WARNING = ("grading without isolation (NOT a security sandbox): {why} Student code runs "
            "with your rights{root}: it can read the key and the other submissions and write "
            "to the output folder.")
_ROOT_REFUSAL = ("the grader runs as root and cannot build a jail that takes root's rights "
                 "away from student code: {why} Install bubblewrap (apt-get install "
                 "bubblewrap) where it can create namespaces, run the grader as an ordinary "
                 "user, pass --isolation user to run student code as an unprivileged user "
                 "of its own without a jail (it then sees the network, the processes and "
                 "the files open to every user), or --isolation none to grade with root's "
                 "rights anyway (NOT a security sandbox).")
_USER_WARNING = ("grading without a jail: {why} Student code runs as an unprivileged user of "
                 "its own (not root, no capability, in a folder of its own, with the process "
                 "limit), but it sees the network, the other processes and every file open "
                 "to all users.")
@functools.lru_cache(maxsize=None)
def _probe(bwrap: str) -> str | None:
    """None when bwrap can build a student's jail here, Python finds the package in it,
    and the student there is not root and holds no capability; else why not."""
    if as_root() and shutil.which("setpriv") is None:
        return "setpriv (util-linux) is not installed, so the jail would run as root"
    with tempfile.TemporaryDirectory(prefix="mml-probe-") as work:
        return probe(Jail(work, bwrap=bwrap).prefix())


def find_bwrap() -> str | None:
    """The path of a bwrap that builds a safe jail here, or None (absent, disabled, or
    cannot start one that runs student code without privileges)."""
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
        return f"{NO_BWRAP_ENV} is set (no bubblewrap isolation)."
    path = shutil.which("bwrap")
    if path is not None and sys.platform.startswith("linux"):
        return f"bubblewrap ({path}) cannot build a jail here ({_probe(path)})."
    return NO_BWRAP_NOTE


@dataclass(frozen=True)
class Isolation:
    """How student code is kept from the grades: ``kind`` is "bwrap" (a jail, with the
    ``bwrap`` found), "user" (a user of its own, no jail: :mod:`.unprivileged`) or "none".

    >>> Isolation("user").words
    'as an unprivileged user of its own (no jail could be built here)'
    """

    kind: str = "none"
    bwrap: str | None = None

    def jails(self, *, hide=(), root=None):
        """``jail(folder, **options)``: the confinement of each student folder, or None
        without isolation. ``hide``: what a jail hides besides the grader's own folders;
        ``root``: the grader's temporary folder those student folders lie in."""
        hidden = [*hide, *([str(root)] if root else [])]
        if self.kind == "bwrap":
            return lambda folder, **kw: Jail(str(folder), hide=hidden, bwrap=self.bwrap, **kw)
        if self.kind == "user":
            return lambda folder, **kw: UserJail(
                str(folder), root=root, graphviz_cache=shared_graphviz_cache(), **kw)
        return None

    @property
    def words(self) -> str:
        """How a student's code ran, in words (for results and reports)."""
        return {"bwrap": "in a bubblewrap jail",
                "user": "as an unprivileged user of its own (no jail could be built here)"}.get(
            self.kind, "without isolation, with the grader's rights")

    def to_data(self) -> dict:
        return {"kind": self.kind, "bwrap": self.bwrap}

    @classmethod
    def from_data(cls, data) -> "Isolation":
        return cls(**data) if data else cls()


#: The choices of ``--isolation`` (see :func:`choose_isolation`).
CHOICES = ("auto", "strongest", "bwrap", "user", "none")


def strongest_kind() -> str:
    """The strongest isolation this machine allows: "bwrap" when bubblewrap builds a jail,
    else "user" as root (no jail, as in a container), else "none"."""
    if find_bwrap() is not None:
        return "bwrap"
    return "user" if as_root() else "none"


def choose_isolation(isolation="auto", stream=None, *, private=(), own=()) -> Isolation:
    """The :class:`Isolation` to run student code in; says loudly on ``stream`` when it is
    less than a jail.

    ``isolation`` is "auto" (bubblewrap when it works here; run as root, an error without
    it), "strongest" (bubblewrap, else as root "user", else "none": :func:`strongest_kind`;
    says what it chose), "bwrap" (an error without it), "user" (root only: an unprivileged
    user of its own, no jail; ``private``, the instructor's folders and key, must then be
    closed to other users, and ``own``, the grader's output, is closed) or "none" (never:
    the explicit choice; ``MINIMAX_LESSONS_NO_BWRAP=1`` is the same).
    """
    stream = stream or sys.stderr
    root = " (as root: every file here)" if as_root() else ""
    if isolation not in CHOICES:
        raise ReleaseError(f"isolation {isolation!r}: expected one of {', '.join(CHOICES)}")
    if isolation == "strongest":
        kind = strongest_kind()
        if kind == "bwrap":
            return Isolation("bwrap", find_bwrap())
        print(f"--isolation strongest: {why_no_bwrap()} Chose --isolation {kind}"
              + (" (the grader runs as root)." if kind == "user" else "."), file=stream)
        if kind == "user":
            return _as_a_user_of_its_own(stream, private, own)
        _warn(stream, _WARNING.format(why=why_no_bwrap(), root=root))
        return Isolation("none")
    if isolation == "none":
        _warn(stream, _WARNING.format(why="it was switched off (isolation none).", root=root))
        return Isolation("none")
    if isolation == "user":
        return _as_a_user_of_its_own(stream, private, own)
    path = find_bwrap()
    if path is not None:
        return Isolation("bwrap", path)
    if isolation == "bwrap":
        raise ReleaseError("isolation with bubblewrap was asked for, but: " + why_no_bwrap())
    chosen = os.environ.get(NO_BWRAP_ENV, "").strip() not in ("", "0")
    if as_root() and not chosen:
        raise ReleaseError(_ROOT_REFUSAL.format(why=why_no_bwrap()))
    _warn(stream, _WARNING.format(why=why_no_bwrap(), root=root))
    return Isolation("none")


def _as_a_user_of_its_own(stream, private, own) -> Isolation:
    why = probe_user()
    if why is not None:
        raise ReleaseError("isolation as an unprivileged user was asked for, but " + why)
    problems = refuse_open(private)
    if problems:
        raise ReleaseError("student code would run as a user of its own, and every user "
                           "can reach what it must not: " + "; ".join(problems))
    for path in own:  # the grader's own output: nobody else's business
        if path and os.path.exists(path):
            os.chmod(path, os.stat(path).st_mode & ~0o007)
    _warn(stream, _USER_WARNING.format(why=why_no_bwrap()))
    return Isolation("user")


def _warn(stream, text):
    line = "!" * 78
    print(f"{line}\n{text}\n{line}", file=stream)


@dataclass
class Jail:
    """One student's confinement: ``work`` is the only writable folder they see.

    ``seed``: a host folder whose files are copied into ``work`` as the jail starts;
    ``channel``: a host folder the jail sees read-only (the kernel's connection file and
    the answers' pipe); ``package``: "all" (a notebook's kernel, a bot) or "games" (the
    checker's worker: of the package only :data:`WORKER_FILES`); ``uid``: the user id
    student code runs as when the grader is root.
    """

    work: str
    hide: list = field(default_factory=list)
    bwrap: str | None = None
    prlimit: str | None = field(default_factory=lambda: shutil.which("prlimit"))
    memory: int = MEMORY
    processes: int = PROCESSES
    graphviz_cache: str | None = field(default_factory=lambda: shared_graphviz_cache())
    space: int = WORK_SPACE
    seed: str | None = None
    channel: str | None = None
    package: str = "all"
    uid: int = field(default_factory=next_uid)
    setpriv: str | None = field(default_factory=lambda: shutil.which("setpriv"))

    def prefix(self) -> list:
        """The command line to put before a program to run it inside the jail."""
        work = os.path.abspath(self.work)
        root = as_root()
        cmd = [self.bwrap or "bwrap", "--new-session", "--die-with-parent", "--unshare-net",
               "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--hostname", "student"]
        if root:  # only what setpriv needs to become the jail's own user; it drops them
            cmd += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
                    "--cap-add", "CAP_SETPCAP"]
        else:
            cmd += ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"]
        cmd += ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
        cache = os.path.realpath(self.graphviz_cache) if self.graphviz_cache else None
        exposed = sorted(_exposed() + ([cache] if cache else []), key=len)
        hidden = _hidden(self.hide)
        made = set()
        for path in hidden:
            cmd += ["--tmpfs", path]
            cmd += _rebind(path, exposed, hidden, made)
        for path in self.hide:  # a hidden file inside a re-exposed folder
            real = os.path.realpath(path)
            if os.path.isfile(real) and any(_under(real, e) for e in exposed):
                cmd += ["--ro-bind", "/dev/null", real]
        if self.package == "games":
            cmd += _worker_view(made)
        cmd += _parents(work, hidden, made)
        cmd += ["--perms", "01777", "--size", str(self.space), "--tmpfs", work]
        for host in (self.channel, self.seed):
            if host:
                host = os.path.realpath(host)
                cmd += _parents(host, hidden, made) + ["--ro-bind", host, host]
        cmd += ["--chdir", work, "--setenv", "HOME", work, "--setenv", "TMPDIR", work,
                # the kernel's parent is PID 1 in the jail: no parent polling (the jail
                # dies with its parent anyway)
                "--setenv", "JPY_PARENT_PID", "1"]
        if cache:  # the compiled Graphviz, read-only (HOME is the work folder in here)
            cmd += ["--setenv", CACHE_ENV, cache]
        for path in hidden + ([_package()] if self.package == "games" else []):
            cmd += ["--remount-ro", path]  # the empty folders are read-only: nothing lands there
        cmd += ["--remount-ro", "/dev"]  # its devices, and no file of any size there
        cmd.append("--")
        if root:
            cmd += [self.setpriv or "setpriv", f"--reuid={self.uid}", f"--regid={self.uid}",
                    "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
                    "--no-new-privs", "--"]
        if self.prlimit:
            cmd += [self.prlimit, f"--data={self.memory}", f"--nproc={self.processes}",
                    f"--fsize={self.space}", "--"]
        if self.seed and os.path.isdir(self.seed) and os.listdir(self.seed):
            cmd += ["/bin/sh", "-c", 'cp -R "$0"/. . 2>/dev/null; exec "$@"',
                    os.path.realpath(self.seed)]
        return cmd

    def outside(self, inside: str, pid: int) -> str:
        """Where the host reaches ``inside`` (a path in the jail, e.g. a kernel's socket)
        of the jail that bwrap process ``pid`` started: through its first child's root."""
        child = _first_child(pid)
        return f"/proc/{child}/root{inside}" if child is not None else inside

    def share(self, path):
        """A file or folder of the grader's that the jail's user reads (the channel, the
        kernel's connection file), mounted read-only in the jail."""
        os.chmod(path, 0o755 if os.path.isdir(path) else 0o644)


def _first_child(pid, seconds=10.0):
    """The process bwrap ``pid`` started in the new namespaces (waits for it a moment)."""
    import time

    from ..._process import children

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = children(pid)
        if found:
            return min(found)
        time.sleep(0.005)
    return None


def shared_graphviz_cache() -> str | None:
    """The folder of compiled Graphviz that jailed kernels may read, if there is one.

    Without it, every jailed kernel that draws compiles Graphviz again (about 2.5 s).
    """
    folder = cache_dir()
    if folder is None or not folder.is_dir():
        return None
    if as_root():  # the jail's own user reads it: the renderer writes its files 0600
        for path in folder.glob("*.cwasm"):
            with contextlib.suppress(OSError):
                mode = path.stat().st_mode
                if mode & 0o044 != 0o044:
                    path.chmod(mode | 0o044)
    return str(folder)


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


def _rebind(hidden, exposed, tmpfs, made) -> list:
    cmd, bound = [], []
    for path in exposed:  # shortest first: one inside another that is bound comes along
        if _under(path, hidden) and path != hidden and not any(_under(path, b) for b in bound):
            bound.append(path)
            cmd += _parents(path, tmpfs, made) + ["--ro-bind", path, path]
    return cmd


def _parents(path, tmpfs, made) -> list:
    """``--dir`` for each folder bwrap would create above ``path`` inside one of the
    ``tmpfs`` folders, readable by everyone (bwrap makes them 0700, which a jail that
    switched its user could not enter)."""
    cmd = []
    for root in tmpfs:
        if _under(path, root) and path != root:
            parts = Path(os.path.relpath(path, root)).parts[:-1]
            for i in range(1, len(parts) + 1):
                folder = os.path.join(root, *parts[:i])
                if folder not in made:
                    made.add(folder)
                    cmd += ["--perms", "0755", "--dir", folder]
    return cmd


def _package() -> str:
    return os.path.realpath(PACKAGE_ROOT / "minimax_lessons")


def _worker_view(made) -> list:
    """Hide the package but for :data:`WORKER_FILES` (the checker's worker's view)."""
    package = _package()
    cmd = ["--tmpfs", package]
    for name in WORKER_FILES:
        path = os.path.join(package, name)
        if os.path.exists(path):
            cmd += _parents(path, [package], made) + ["--ro-bind", path, path]
    return cmd


def _under(path, folder) -> bool:
    path, folder = os.path.normpath(path), os.path.normpath(folder)
    return path == folder or path.startswith(folder.rstrip("/") + "/")


class JailedKernelManager(CappedKernelManager):
    """A kernel manager that starts the kernel inside a :class:`Jail` or a
    :class:`~.unprivileged.UserJail` (set ``jail``).

    The kernel binds its sockets in its own folder (a tmpfs of the jail, or its user's
    folder); once bwrap has started, this side connects to them through the jail's root
    (:meth:`Jail.outside`).
    """

    jail: Jail | None = None

    def format_kernel_cmd(self, extra_arguments=None):
        if self.jail is not None:  # signals from outside do not reach into the jail
            self.kernel_spec.interrupt_mode = "message"
        cmd = super().format_kernel_cmd(extra_arguments)
        return (self.jail.prefix() + cmd) if self.jail is not None else cmd

    def write_connection_file(self, **kw):
        super().write_connection_file(**kw)
        if self.jail is not None:  # in the jail's channel folder, read by the jail's user
            self.jail.share(self.connection_file)

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        await super()._async_launch_kernel(kernel_cmd, **kw)
        process = getattr(self.provisioner, "process", None)
        if self.jail is not None and self.transport == "ipc" and process is not None:
            self.ip = self.jail.outside(self.ip, process.pid)


__all__ = ["strongest_kind", "CHOICES", "Jail", "JailedKernelManager", "Isolation",
           "choose_isolation", "find_bwrap",
           "why_no_bwrap", "shared_graphviz_cache", "next_uid", "as_root",
           "NO_BWRAP_ENV", "NO_BWRAP_NOTE", "WORK_SPACE", "WORKER_FILES", "JAIL_UIDS", "MEMORY",
           "PROCESSES"]
