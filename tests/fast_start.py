"""Loaded before every other pytest plugin (``-p tests.fast_start``, as the Makefile's test
targets run pytest), in every pytest process (the controller and each worker):

- the slow import that nbval's plugin would pay for through nbformat, about 1.5 s of each
  process's start, is skipped, as the instructor's commands skip it
  (:func:`minimax_lessons._process.skip_slow_import`);
- pytest keeps the test modules it rewrites (their asserts) as bytecode even where
  ``PYTHONDONTWRITEBYTECODE`` is set (as on this project's CI machines), so a second run
  does not rewrite them all again (about 4 s of each process's start). Only this process
  writes bytecode: what it starts still sees the variable.
- a pytest-xdist worker that has finished its session leaves at once: what a worker keeps
  (the solved games, the caches, every test module) is not freed object by object as
  Python's own exit frees it, 1-5 s on each worker after its last test, which the
  controller waits out before it reports (:func:`_leave_at_once`).
"""

import atexit
import os
import sys

from minimax_lessons._process import skip_slow_import

skip_slow_import()
sys.dont_write_bytecode = False


_finished = False


def pytest_unconfigure(config):
    """This process's session is over, its reports sent: it may leave at once."""
    global _finished
    _finished = True


def _leave_at_once():
    """The last of a finished worker's exit handlers (registered first, run last): its
    output flushed, the process ends without tearing down its modules. A worker that did
    not finish its session (it crashed, or a test forked it) exits as Python exits."""
    if _finished:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        os._exit(0)


if os.environ.get("PYTEST_XDIST_WORKER"):
    atexit.register(_leave_at_once)
