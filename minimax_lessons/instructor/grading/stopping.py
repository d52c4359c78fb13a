"""Stopping a batch at once: the first Ctrl-C (SIGINT) or SIGTERM ends every running child.

Inside :class:`StopRequest` (in the main thread), the first SIGINT or SIGTERM sets
:attr:`StopRequest.signal` and calls :func:`~..common.stop_children`: each running
child gets SIGTERM (it kills its kernels and jails, :func:`on_terminate`) and, a moment
later, SIGKILL; no new child starts. The batch then stores nothing for the students
that were running (they are graded on the next run, not recorded as crashes) and
raises :class:`GradingStopped`, whose message is the one line to print: how many
students are graded and kept, and how to go on. A batch system's time limit (SIGTERM)
is handled the same way.

>>> str(GradingStopped(2, graded=12, total=20))
'grading stopped (Ctrl-C): 12 of 20 student(s) graded and kept; run the same command again to grade the other 8.'
"""

from __future__ import annotations

import os
import signal
import threading

from ..common.children import allow_children, stop_children
from ..._process import kill_descendants

SIGNALS = (signal.SIGINT, signal.SIGTERM)
NAMES = {signal.SIGINT: "Ctrl-C", signal.SIGTERM: "SIGTERM"}


class GradingStopped(Exception):
    """The batch was stopped by a signal; its message says how to resume."""

    def __init__(self, signum, *, graded, total):
        self.signum, self.graded, self.total = signum, graded, total
        super().__init__(
            f"grading stopped ({NAMES.get(signum, f'signal {signum}')}): {graded} of {total} "
            f"student(s) graded and kept; run the same command again to grade the other "
            f"{total - graded}.")

    @property
    def exit_code(self) -> int:
        return 128 + int(self.signum)


class StopRequest:
    """Catch the first SIGINT or SIGTERM for the length of a ``with`` block."""

    def __init__(self):
        self.signal = None
        self._previous = {}

    @property
    def requested(self) -> bool:
        return self.signal is not None

    def _handle(self, signum, frame):
        if self.signal is None:
            self.signal = signum
            stop_children()

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for signum in SIGNALS:
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc):
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        allow_children()
        return False


def on_terminate():
    """In a child: on SIGTERM, kill every process below it (kernels, jails, the checker's
    worker) and exit at once."""

    def handle(signum, frame):
        kill_descendants()
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, handle)


__all__ = ["StopRequest", "GradingStopped", "on_terminate"]
