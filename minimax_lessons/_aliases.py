"""The package's old module paths, from before it was laid out in layers, still import.

Notebooks that students copied, and their own code, import paths such as
``minimax_lessons.tictactoe`` or ``minimax_lessons.exercises.sandbox``; lecturers run
``python -m minimax_lessons.teaching``. Each old path names the same module object as
its new path (:data:`OLD_PATHS`), so classes, module state and ``isinstance`` agree:

>>> import minimax_lessons.tictactoe as old
>>> from minimax_lessons.games import tictactoe as new
>>> old is new
True

Aliases whose module the package has already imported are entered in ``sys.modules``
when the package is imported (:func:`register`); the rest are found on first import by
:class:`AliasFinder`, which also serves ``python -m OLD.PATH`` (``python -m
minimax_lessons.instructor.slides`` runs ``instructor.teaching.slides``). Seven old paths
are the new packages themselves (``games``, ``search``, ``play``, ``instructor.common``,
``instructor.grading``, ``instructor.lms``, ``instructor.tournament``), which re-export
the names the old modules had. Three old modules were cut into rooms by kind
(``exercises.kinds``, ``exercises.questions``, ``exercises.practice``): each old path
imports as a module gathering the public names of its new modules (:data:`SPLIT_PATHS`).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types

PACKAGE = __name__.rpartition(".")[0]

#: Old module path (below the package) -> its new path.
OLD_PATHS = {
    "tree": "games.tree",
    "tictactoe": "games.tictactoe",
    "nim": "games.nim",
    "connectfour": "games.connectfour",
    "examples": "games.examples",
    "trace": "search.trace",
    "textbook": "search.textbook",
    "engine": "search.engine",
    "mcts": "search.mcts",
    "layout": "pictures.layout",
    "frames": "pictures.frames",
    "mcts_frames": "pictures.mcts_frames",
    "lecture": "pictures.lecture",
    "draw": "pictures.draw",
    "render": "pictures.render",
    "raster": "pictures.raster",
    "animate": "animation.player",
    "mcts_draw": "animation.mcts_player",
    "quiz": "animation.quiz",
    "player_frame": "animation.iframe",
    "play_connectfour": "play.connectfour_board",
    "bots": "play.bots",
    "arena": "play.arena",
    "botproc": "play.bot_process",
    "capstone": "exercises.capstone",
    "practice": "exercises.practice",
    "teaching": "instructor.teaching.guide",
    "exercises.sandbox": "runner.sandbox",
    "exercises._worker": "runner._worker",
    "exercises.shipping": "runner.shipping",
    "exercises.codec": "runner.codec",
    "exercises.guard": "runner.guard",
    "exercises.mistakes": "mistakes",
    "exercises.bank": "exercises.banks.lesson3",
    **{f"exercises.predictions.lesson{n}": f"exercises.banks.lesson{n}" for n in range(1, 10)},
    "instructor.one": "instructor.grading.grade_one",
    "instructor.runner": "instructor.grading.notebook_runner",
    # the instructor's folder, before it was cut into subpackages (``instructor.grading``,
    # ``instructor.lms`` and ``instructor.tournament`` are the new packages themselves)
    **{f"instructor.{old}": f"instructor.{new}" for old, new in {
        "release": "assignment.release", "rosters": "assignment.class_list",
        "roster": "assignment.variants",
        "isolation": "grading.isolation", "untrusted": "grading.untrusted",
        "notebook_runner": "grading.notebook_runner", "grade_one": "grading.grade_one",
        "stopping": "grading.stopping",
        "archives": "lms.archives", "collect": "lms.collect", "export": "lms.export",
        "feedback_release": "lms.feedback_release",
        "late": "gradebook.late", "adjustments": "gradebook.adjustments",
        "final": "gradebook.final", "report": "gradebook.report",
        "standings": "tournament.standings",
        "slides": "teaching.slides", "decks": "teaching.decks", "guide": "teaching.guide",
    }.items()},
}
_FULL = {f"{PACKAGE}.{old}": f"{PACKAGE}.{new}" for old, new in OLD_PATHS.items()}

#: Old modules cut into rooms by kind (below the package) -> the modules that now hold their
#: names. The old path imports as one module gathering those modules' public names
#: (:func:`gathered`): the same objects, under the names the old module had.
SPLIT_PATHS = {
    "exercises.kinds": ("exercises.function_kinds", *(f"exercises.function_kinds.{m}" for m in (
        "kind", "minimax", "depth", "best_move", "alphabeta", "line", "alphabeta_search",
        "game_minimax", "board_minimax", "evaluate", "backup")), "games.tictactoe"),
    "exercises.questions": ("exercises.question_kinds", *(
        f"exercises.question_kinds.{m}" for m in ("question", "value", "choice", "predict",
                                                  "fill", "find_bug", "parsons", "pruned",
                                                  "window", "function"))),
    "exercises.practice": ("exercises.practising", "exercises.practising.levels",
                           "exercises.practising.tree", "exercises.practising.widget"),
}
_SPLIT = {f"{PACKAGE}.{old}": tuple(f"{PACKAGE}.{n}" for n in new)
          for old, new in SPLIT_PATHS.items()}


def gathered(fullname):
    """A module for the old path ``fullname`` of a module that was cut in several: every
    public name of the modules that now hold its parts (:data:`SPLIT_PATHS`), the new
    package's own submodules left out."""
    sources = [importlib.import_module(name) for name in _SPLIT[fullname]]
    module = types.ModuleType(fullname, f"Old path of {', '.join(_SPLIT[fullname])}.")
    inside = _SPLIT[fullname][0] + "."
    for source in sources:
        module.__dict__.update({k: v for k, v in vars(source).items() if not k.startswith("_")
                                and not (isinstance(v, types.ModuleType)
                                         and v.__name__.startswith(inside))})
    module.__all__ = [k for k, v in vars(module).items()
                      if not k.startswith("_") and not isinstance(v, types.ModuleType)]
    return module


class AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module of its new path (one object, two names)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _FULL and fullname not in _SPLIT:
            return None
        return importlib.machinery.ModuleSpec(fullname, self,
                                              origin=_FULL.get(fullname, fullname))

    def create_module(self, spec):
        if spec.name in _SPLIT:
            module = gathered(spec.name)
            module.__spec__ = spec
        else:
            module = importlib.import_module(_FULL[spec.name])
        spec.loader_state = module.__spec__  # the import system is about to replace it
        return module

    def exec_module(self, module):
        module.__spec__ = module.__spec__.loader_state  # give the module back its own spec

    def get_code(self, fullname):
        """For ``python -m OLD.PATH``: code that runs the new module as ``__main__``
        (under its own name, so that its relative imports resolve)."""
        return compile(f"import runpy; runpy.run_module({_FULL[fullname]!r}, "
                       "run_name='__main__', alter_sys=True)", f"<{fullname}>", "exec")

    def is_package(self, fullname):
        return False


FINDER = AliasFinder()


def register():
    """Install the finder, and enter the aliases of modules already imported.

    An old path is entered only when its parent is imported too: an old package such as
    ``exercises.predictions`` is imported on first use, and entering its submodules before
    it would let ``import OLD.PATH`` skip it. The finder serves those once it is imported.
    """
    if FINDER not in sys.meta_path:
        sys.meta_path.append(FINDER)
    package = sys.modules[PACKAGE]
    for old, new in _FULL.items():
        module = sys.modules.get(new)
        parent, _, name = old.rpartition(".")
        if module is None or old in sys.modules or parent not in sys.modules:
            continue
        sys.modules[old] = module
        if not hasattr(sys.modules[parent], name):  # e.g. not the function animate
            setattr(sys.modules[parent], name, module)
    return package


__all__ = ["OLD_PATHS", "SPLIT_PATHS", "AliasFinder", "gathered", "register"]
