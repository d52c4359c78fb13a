"""Where student code meets the package: one table of what an answer may use, what may run
while it runs, and what the checker's worker holds.

Every place that enforces the boundary reads it here: the guard (:mod:`.guard`, what an
answer may name and what code may run during its call), the lock (:mod:`.lockdown`, set
up by :mod:`._worker`: the files a locked child may read, the classes a pickle may name),
the jail of the checker's worker (:mod:`minimax_lessons.instructor.grading.isolation`)
and the copy check (:mod:`.copies`, what counts as the course's code).

Vocabulary
----------
- A *part* is a module file or a folder of the package, named by its path below the
  package with ``/`` (``games/tree.py``, ``runner``).
- *use*: an answer may name the part (import it, take a class or a function from it, send
  a value of its classes along): the games and trees it is given, and ``estimate``. Any
  other part an answer reaches is the package's search (``uses-package-search``).
- *run*: the part's code may run while a student's function runs: what an answer may use,
  the harness that calls the function and records what it visits, the worker and its
  watch, and the checker's own buggy variants (run when the checker checks itself; no
  answer can name them).
- *worker*: the checker's worker holds the part: its jail shows only these parts of the
  package, and a locked child may read their files (reading any other file of the
  package is a violation).
- The *course's code*, for the copy check: the notebooks students read, in the folder
  beside the package, and the package's own modules (:data:`COURSE`).

Plain data, no import: the worker (which runs without the package's ``__init__``) reads it,
and so does a browser.

>>> sorted(m for m in allowed_modules() if m.endswith("tree"))
['minimax_lessons.games.tree', 'minimax_lessons.tree']
>>> "minimax_lessons.search" in allowed_modules()
False
>>> worker_parts()
('games', 'exercises/nested.py', 'exercises/harness.py', 'runner')
"""

from __future__ import annotations

#: The package's name: a module is the package's when its name is this or starts with it.
PACKAGE = "minimax_lessons"

#: The parts of the package student code meets, and what each is to it (see above).
PARTS = (
    # part                      use    run    worker
    ("games",                   True,  False, True),   # the games' package: its names
    ("games/game.py",           True,  True,  True),   # Game, MAX, MIN, CHANCE
    ("games/tree.py",           True,  True,  True),   # GameTree, Node
    ("games/tictactoe.py",      True,  True,  True),
    ("games/nim.py",            True,  True,  True),
    ("games/examples.py",       True,  True,  True),   # FIGURE_5_2 and the other trees
    ("exercises/nested.py",     True,  True,  True),   # estimate; nested lists as trees
    ("exercises/harness.py",    False, True,  True),   # calls the function, records visits
    ("exercises/variants.py",   False, True,  False),  # the checker's own buggy variants
    ("runner",                  False, False, True),   # the worker and what it imports
    ("runner/_worker.py",       False, True,  True),   # runs the call
    ("runner/guard.py",         False, True,  True),   # watches it
    ("runner/codec.py",         False, True,  True),   # writes its results as JSON
)

#: The paths the parts an answer may use had before the package was laid out in layers
#: (students' old copies import them; ``minimax_lessons._aliases`` maps each).
OLD_PATHS = {"tree": "games/tree.py", "tictactoe": "games/tictactoe.py",
             "nim": "games/nim.py", "examples": "games/examples.py"}

#: What ``minimax_lessons`` and ``minimax_lessons.exercises`` hold in the checker's worker,
#: where the package's own ``__init__`` never runs: the names an answer may take from
#: them, each with the module it comes from (a module itself where the name is one).
ALLOWED_NAMES = {
    PACKAGE: {**{name: "minimax_lessons.games.game"
                 for name in ("Game", "GameError", "MAX", "MIN", "CHANCE")},
              **{name: "minimax_lessons.games.tree" for name in ("GameTree", "Node", "TreeError")},
              "TicTacToe": "minimax_lessons.games.tictactoe", "Nim": "minimax_lessons.games.nim",
              "FIGURE_5_2": "minimax_lessons.games.examples",
              "examples": "minimax_lessons.games.examples",
              "estimate": "minimax_lessons.exercises.nested"},
    PACKAGE + ".exercises": {"estimate": "minimax_lessons.exercises.nested",
                             "nested": "minimax_lessons.exercises.nested"},
}

#: The standard library modules a function answer may import (imported in the worker
#: before any child is locked, so that the answer's ``import`` finds them loaded).
OFFERED_MODULES = ("math", "cmath", "random", "functools", "itertools", "collections",
                   "collections.abc", "heapq", "bisect", "operator", "copy", "statistics",
                   "fractions", "decimal", "numbers", "typing", "enum", "string", "re", "json",
                   "time", "array", "abc", "contextlib", "types", "weakref", "textwrap",
                   "dataclasses", "sys", "os")

#: The course's code for the copy check, in the order it is read (a function in both is
#: named where students meet it first): each folder beside the package, and the ending of
#: the files that count there.
COURSE = (("notebooks", ".ipynb"), (PACKAGE, ".py"))

_USE, _RUN, _WORKER = 1, 2, 3


def parts(column) -> tuple:
    """The parts whose ``column`` (``"use"``, ``"run"`` or ``"worker"``) is true, in order.

    >>> parts("run")[:2]
    ('games/game.py', 'games/tree.py')
    """
    index = {"use": _USE, "run": _RUN, "worker": _WORKER}[column]
    return tuple(row[0] for row in PARTS if row[index])


def module_name(part) -> str:
    """The module a part is: ``minimax_lessons.games.tree`` for ``games/tree.py``.

    >>> module_name("games"), module_name("exercises/nested.py")
    ('minimax_lessons.games', 'minimax_lessons.exercises.nested')
    """
    path = part[:-len(".py")] if part.endswith(".py") else part
    return ".".join((PACKAGE, *path.split("/")))


def allowed_modules() -> frozenset:
    """The modules an answer may use, by their names and by their old paths."""
    used = parts("use")
    return frozenset([module_name(p) for p in used]
                     + [f"{PACKAGE}.{old}" for old, new in OLD_PATHS.items() if new in used])


def runnable_files() -> tuple:
    """The package's files whose code may run during a student's call."""
    return tuple(p for p in parts("run") if p.endswith(".py"))


def worker_parts() -> tuple:
    """What the checker's worker holds of the package: the outermost parts, once each."""
    held = parts("worker")
    return tuple(p for p in held if not any(p.startswith(h + "/") for h in held))


def held_by_worker(part) -> bool:
    """Does the checker's worker hold ``part`` (listed, or in a folder it holds)?

    >>> held_by_worker("runner/sandbox.py"), held_by_worker("exercises/variants.py")
    (True, False)
    """
    return any(part == h or part.startswith(h + "/") for h in worker_parts())


__all__ = ["PACKAGE", "PARTS", "OLD_PATHS", "ALLOWED_NAMES", "OFFERED_MODULES", "COURSE",
           "parts", "module_name", "allowed_modules", "runnable_files", "worker_parts",
           "held_by_worker"]
