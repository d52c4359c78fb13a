"""Loaded before every other pytest plugin (``-p tests.fast_start``, as the Makefile's test
targets run pytest), in every pytest process (the controller and each worker):

- the slow import that nbval's plugin would pay for through nbformat, about 1.5 s of each
  process's start, is skipped, as the instructor's commands skip it
  (:func:`minimax_lessons._process.skip_slow_import`);
- pytest keeps the test modules it rewrites (their asserts) as bytecode even where
  ``PYTHONDONTWRITEBYTECODE`` is set (as on this project's CI machines), so a second run
  does not rewrite them all again (about 4 s of each process's start). Only this process
  writes bytecode: what it starts still sees the variable.
"""

import sys

from minimax_lessons._process import skip_slow_import

skip_slow_import()
sys.dont_write_bytecode = False
