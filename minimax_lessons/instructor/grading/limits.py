"""What student code may use wherever it runs, jail or not: memory, processes, its folder's
size, and a user id of its own when the grader is root.

>>> JAIL_UIDS[0] <= next_uid() < sum(JAIL_UIDS)
True
"""

from __future__ import annotations

import itertools
import os

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


__all__ = ["MEMORY", "PROCESSES", "WORK_SPACE", "JAIL_UIDS", "next_uid", "as_root"]
