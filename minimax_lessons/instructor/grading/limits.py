"""What student code may use wherever it runs, jail or not: memory, processes, its folder's
size, and a user id of its own when the grader is root; :func:`probe` checks from inside
that a confinement holds (not root, no capability left) before any student runs in it.

>>> JAIL_UIDS[0] <= next_uid() < sum(JAIL_UIDS)
True
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

from ..._process import with_package_path

#: Memory a student's kernel may allocate (bytes; ``prlimit --data``: what it allocates,
#: not the address space it only reserves, for the embedded Graphviz reserves 4 GiB and
#: uses a few MiB of it) and processes it may run (per user).
MEMORY = 4 << 30
PROCESSES = 256
#: Bytes a student's folder holds (in a jail, a tmpfs of that size; as a user of its own
#: without a jail, the largest file it may write).
WORK_SPACE = 256 << 20
#: The user ids student code runs as when the grader is root: the first and how many (one
#: per jail, far above any real user's), so that one jail's processes count against its
#: own limit only.
JAIL_UIDS = (1_000_000_000, 1_000_000_000)
_uids = itertools.count()


def next_uid() -> int:
    """A user id of :data:`JAIL_UIDS` for a new jail (distinct among this process's jails,
    and, by the process id, among the grader's processes)."""
    first, count = JAIL_UIDS
    return first + (os.getpid() * 4096 + next(_uids) % 4096) % count


def as_root() -> bool:
    """Does this process run as root (so student code must switch its user id)?"""
    return hasattr(os, "geteuid") and os.geteuid() == 0


#: What the probe prints from inside: its user id and the capabilities left to it.
_PROBE = ("import json, os, minimax_lessons.runner.codec; "
          "status = dict(line.split(':', 1) for line in open('/proc/self/status')); "
          "print(json.dumps({'uid': os.getuid(), 'caps': status['CapEff'].strip(), "
          "'bounding': status['CapBnd'].strip()}))")


def probe(prefix, *, bounding=False) -> str | None:
    """None when Python started after the command line ``prefix`` (a confinement's) finds
    the package, is not root and holds no capability (nor any in its bounding set, with
    ``bounding``); else why not, in words."""
    try:
        done = subprocess.run([*prefix, sys.executable, "-c", _PROBE], capture_output=True,
                              timeout=60, env=with_package_path(os.environ))
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{type(exc).__name__}: {exc}"
    if done.returncode != 0:
        text = done.stderr.decode("utf-8", "replace").strip()
        return text[-300:] or f"exit {done.returncode}"
    try:
        inside = json.loads(done.stdout.decode("utf-8", "replace").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return "the probe printed nothing readable"
    left = [inside.get("caps", "1")] + ([inside.get("bounding", "1")] if bounding else [])
    if inside.get("uid") == 0 or any(int(caps, 16) != 0 for caps in left):
        return (f"student code would run as uid {inside.get('uid')} with capabilities "
                f"{inside.get('caps')}")
    return None


__all__ = ["MEMORY", "PROCESSES", "WORK_SPACE", "JAIL_UIDS", "next_uid", "as_root", "probe"]
