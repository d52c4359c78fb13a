"""Run a command as Gradescope runs its autograder: as root, in a container where bubblewrap
cannot build a jail, with Python where every user may run it.

Docker's default seccomp profile refuses the namespaces bubblewrap needs; the grader sees
a ``bwrap`` that fails. Here the command runs in a mount namespace of its own where
``bwrap`` is ``/bin/false``, and where any folder that closes Python or the package to other
users (a ``/root`` of mode 0700 holding pyenv's Python, say) is an empty 0711 tmpfs with
just those inside bound back, as in an image that installs Python under ``/usr``.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import minimax_lessons
from minimax_lessons.instructor.grading.unprivileged import closed_on_the_way

#: What student code run as a user of its own must reach: Python and the package.
NEEDED = [os.path.realpath(sys.base_prefix), os.path.realpath(sys.prefix),
          str(Path(minimax_lessons.__file__).resolve().parents[1])]


def why_not() -> str | None:
    """Why such a container cannot be made here (the tests then skip), or None."""
    if os.geteuid() != 0:
        return "the tests do not run as root (a user of its own needs root to switch to it)"
    if shutil.which("unshare") is None or shutil.which("setpriv") is None:
        return "unshare and setpriv (util-linux) are needed"
    done = subprocess.run(["unshare", "--mount", "true"], capture_output=True)
    if done.returncode != 0:
        return "no mount namespace can be made here: " + done.stderr.decode()[-200:]
    return None


def script() -> str:
    """The shell lines that make the container's mounts, then run ``"$@"``."""
    lines = ["set -e"]
    closed = {closed_on_the_way(p) for p in NEEDED} - {None}
    for folder in sorted(closed):
        inside = {p for p in NEEDED if p.startswith(folder + "/")}
        if folder in NEEDED:  # the checkout itself (cloned into mktemp -d's 0700 folder):
            inside |= {str(entry) for entry in Path(folder).iterdir()}  # all it holds
        inside = sorted(inside, key=len)
        kept = [p for p in inside if not any(p.startswith(q + "/") for q in inside if q != p)]
        for i, path in enumerate(kept):
            make = "mkdir -p" if os.path.isdir(path) else "touch"  # a mount needs its kind
            lines += [f"{make} /tmp/.mml-keep-$$-{i}",
                      f"mount --bind {shlex.quote(path)} /tmp/.mml-keep-$$-{i}"]
        lines.append(f"mount -t tmpfs -o mode=0711 tmpfs {shlex.quote(folder)}")
        for i, path in enumerate(kept):
            make = "mkdir -p" if os.path.isdir(path) else "touch"
            lines += [f"{make} {shlex.quote(path)}",
                      f"mount --move /tmp/.mml-keep-$$-{i} {shlex.quote(path)}",
                      f"rm -d /tmp/.mml-keep-$$-{i} 2>/dev/null || rm -f /tmp/.mml-keep-$$-{i}"]
    bwrap = shutil.which("bwrap")
    if bwrap:
        lines.append(f"mount --bind /bin/false {shlex.quote(os.path.realpath(bwrap))}")
    lines.append('exec "$@"')
    return "\n".join(lines)


def container_command(cmd) -> list:
    """The command line that runs ``cmd`` in the container (skips the test where none can
    be made)."""
    why = why_not()
    if why is not None:
        pytest.skip(why)
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script(), "sh", *cmd]


def in_a_container(cmd, **kw) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, **kw)`` in the container (skips the test where none can be made)."""
    return subprocess.run(container_command(cmd), **kw)


#: The start of a cell that tries things as the user it runs as: ``status`` (its
#: /proc/self/status) and ``attempt(action)``, "DONE" or the errno it was refused with.
ATTEMPTS = '''\
import glob, json, os, time
status = dict(line.split(":", 1) for line in open("/proc/self/status"))

def attempt(action):
    try:
        action()
        return "DONE"
    except OSError as exc:
        return exc.errno

'''


def open_folder(prefix) -> Path:
    """A fresh folder every user may read, as Gradescope's ``/autograder`` is."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp"))
    folder.chmod(0o755)
    return folder


def graphviz_cache(folder) -> Path:
    """``folder/graphviz-cache``: the compiled Graphviz where every user may read it, as
    Gradescope's setup.sh leaves it in ``/autograder`` (copied from this user's cache when
    it is there; else the kernels compile it, as they would without one)."""
    from minimax_lessons.pictures.render import cache_dir

    cache = Path(folder) / "graphviz-cache"
    cache.mkdir(mode=0o755)
    for compiled in (cache_dir() or Path("/nonexistent")).glob("graphviz-*.cwasm"):
        shutil.copy(compiled, cache / compiled.name)
        (cache / compiled.name).chmod(0o644)
    return cache
