"""Deep recursion: room on the stack for a search of a game many plies deep.

Vocabulary
----------
- Every search of the package calls itself once per ply, so searching a game ``n``
  plies deep stacks up about ``n`` Python *frames*. Python refuses to stack more
  than its *recursion limit* (1,000 frames unless raised), and each frame that
  passes through C code (``sum`` over a generator, say) also takes room on the
  thread's C *stack*, whose size is fixed when the thread starts.
- :func:`run` calls a search as it is for a shallow game. For a deep one it
  raises the recursion limit to fit the game and runs the search in a new
  thread with a stack big enough for that limit, then puts the limit back.
- A traced search keeps every step it records, millions of small tuples that
  all stay alive; Python's cyclic *garbage collector* would walk them again and
  again for nothing, so :func:`run` can pause it while the search runs.

>>> def depth(n):
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> run(depth, 5_000, plies=5_000)  # five times the usual limit
5000
"""

from __future__ import annotations

import gc
import sys
import threading

#: Games at most this many plies deep are searched on the caller's stack: Python's usual
#: limit of 1,000 frames leaves room for the search and for whoever called it.
SHALLOW_PLIES = 300
#: Frames a deep search may stack per ply: its own call, plus a comprehension or a
#: generator around the recursive call (``solve`` makes a list of its children's values).
FRAMES_PER_PLY = 3
#: Frames kept free for the callers below the search (Jupyter, pytest, a student's code).
CALLER_FRAMES = 200
#: Bytes of thread stack per frame of the raised limit. A frame that recurses through C
#: took about 0.5 KiB on CPython 3.11 (measured); 2 KiB leaves a fourfold margin.
STACK_BYTES_PER_FRAME = 2 * 1024
#: The deep thread's stack: at least 64 MiB (memory is only used as the search goes
#: deeper) and at most 1 GiB, whatever the game's height.
SMALLEST_STACK = 64 * 1024 * 1024
LARGEST_STACK = 1024 * 1024 * 1024


def run(fn, *args, plies=None, pause_collector=False):
    """``fn(*args)`` with room to recurse ``plies`` deep (None: as deep as Python allows).

    ``pause_collector=True`` stops the cyclic garbage collector until ``fn`` returns.
    """
    paused = pause_collector and gc.isenabled()
    if paused:
        gc.disable()
    try:
        if plies is None or plies <= SHALLOW_PLIES:
            return fn(*args)
        return _in_deep_thread(fn, args, FRAMES_PER_PLY * plies + CALLER_FRAMES)
    finally:
        if paused:
            gc.enable()


def _in_deep_thread(fn, args, frames):
    """``fn(*args)`` in a thread whose stack and recursion limit fit ``frames`` frames."""
    out = {}

    def target():
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, frames))
        try:
            out["value"] = fn(*args)
        except BaseException as exc:  # handed to the caller below
            out["error"] = exc
        finally:
            sys.setrecursionlimit(old)

    old_size = threading.stack_size()
    threading.stack_size(min(LARGEST_STACK, max(SMALLEST_STACK, frames * STACK_BYTES_PER_FRAME)))
    try:
        worker = threading.Thread(target=target, name="deep-search")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_size)
    if "error" in out:
        raise out["error"]
    return out["value"]
