"""Old names with an end date: every module path and name the package had before, in one place.

Students keep their copies of the notebooks for a term, and those import the package by
the paths and names it had before it was laid out in layers; lecturers run ``python -m
minimax_lessons.teaching``. All of it still works until :data:`REMOVED_IN`, and every use
warns (a :class:`DeprecationWarning`, on the line that used it) with the new path or name
and that release. Nothing else in the package knows an old name.

Vocabulary
----------
- An *old path* (:data:`OLD_PATHS`) names the very module of its new path
  (``minimax_lessons.tictactoe`` is ``minimax_lessons.games.tictactoe``), so classes, module
  state and ``isinstance`` agree; ``python -m OLD.PATH`` runs the new module.
- An *old module* (:data:`OLD_MODULES`) is gone, its names spread over several new ones
  (``exercises.lessons``; ``exercises.kinds``, ``.questions`` and ``.practice``, cut into
  a module for each kind; ``exercises.predictions``, a package whose ``lessonN`` are old
  paths): importing it gives a module of its old names, each pointing at where it is now.
- An *old name* (:data:`OLD_NAMES`) is a name a module held before: a class's old name
  (``Feedback`` for ``Verdict``), or a name re-exported from the module that now holds it
  (``pictures.draw.value_text``, ``instructor.common.safe_name``).
- An *old attribute* (:data:`OLD_ATTRIBUTES`) is the old name of a field (``correct`` for
  a verdict's ``passed``).

Every path and name is written below ``minimax_lessons``, the new ones as dotted paths:

>>> import warnings
>>> from minimax_lessons.exercises.verdict import Verdict
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     Verdict("q3.1", True).correct
True
>>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
minimax_lessons.exercises.verdict.Verdict.correct is deprecated and will be removed in
minimax-lessons 1.0.0: use minimax_lessons.exercises.verdict.Verdict.passed

How it works: :func:`register` (the last line of the package's ``__init__``) puts
:data:`FINDER` first on ``sys.meta_path``, where it serves old paths and old modules, and
makes each module that has old names (or old paths below it) a :class:`Module`, which
answers an old name on first use and never lets an old path hide a name it shadows
(``minimax_lessons.animate`` stays the function). Pure Python, at import time too.

At :data:`REMOVED_IN` this module goes, with its two lines in the package's ``__init__``,
the old paths the student-code boundary allows (``runner/boundary.py``, which the checker's
worker reads without this module) and ``tests/test_aliases.py``; nothing else changes.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings

PACKAGE = __name__.rpartition(".")[0]

#: The release that removes every old path and name (the next major after pyproject's
#: version; ``tests/test_aliases.py`` checks that it is still ahead).
REMOVED_IN = "1.0.0"

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
    # the instructor's folder, before it was cut into subpackages
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

#: Old module that is gone -> where its names went (each name's own warning says where).
OLD_MODULES = {
    "exercises.lessons": "exercises.banks",
    "exercises.predictions": "exercises.banks",
    # the exercise wing's monoliths, cut into a module for each kind
    "exercises.kinds": "exercises.function_kinds",
    "exercises.questions": "exercises.question_kinds",
    "exercises.practice": "exercises.practising",
    "practice": "exercises.practising",
}


def _names(module, names) -> dict:
    """``{name: module.name}`` for names that kept their name in their new module."""
    return {name: f"{module}.{name}" for name in names.split()}


_VERDICT = "exercises.verdict.Verdict"
_BANKS = "exercises.banks"
_FUNCTION_KINDS = "exercises.function_kinds"
_QUESTION_KINDS = "exercises.question_kinds"
_PRACTISING = "exercises.practising"
#: What exercises/practice.py held, now in exercises/practising/ (and its old path
#: ``minimax_lessons.practice``).
_PRACTICE = {
    **_names(f"{_PRACTISING}.levels", "KINDS LEVELS STREAK HINT Level Item"),
    **_names(f"{_PRACTISING}.tree", "PracticeTree practice_tree"),
    **_names(f"{_PRACTISING}.widget", "Practice practice"),
    "Verdict": _VERDICT,
    **_names("exercises.answers", "canon"),
    **_names("pictures.jupyter", "STATIC"),
}

#: Module (below the package; ``""`` is the package) -> {old name: its new dotted path}.
OLD_NAMES = {
    "": {"Feedback": _VERDICT, "FunctionCheck": _VERDICT,
         "Question": "animation.quiz.QuizQuestion"},
    "exercises": {"Feedback": _VERDICT, "FunctionCheck": _VERDICT},
    # exercises/kinds.py, questions.py and practice.py, cut into a module for each kind
    "exercises.kinds": {
        **_names(_FUNCTION_KINDS, "KINDS get_kind"),
        **_names(f"{_FUNCTION_KINDS}.kind", "Kind NestedKind Case Expected INF"),
        **_names(f"{_FUNCTION_KINDS}.minimax", "MinimaxKind"),
        **_names(f"{_FUNCTION_KINDS}.depth", "DepthKind"),
        **_names(f"{_FUNCTION_KINDS}.best_move", "BestMoveKind BestMoveEitherKind"),
        **_names(f"{_FUNCTION_KINDS}.alphabeta", "AlphaBetaKind visit_note"),
        **_names(f"{_FUNCTION_KINDS}.line", "LineKind"),
        **_names(f"{_FUNCTION_KINDS}.alphabeta_search", "SearchKind"),
        **_names(f"{_FUNCTION_KINDS}.game_minimax", "GameKind"),
        **_names(f"{_FUNCTION_KINDS}.board_minimax", "BoardKind"),
        **_names(f"{_FUNCTION_KINDS}.evaluate", "EvaluateKind SEARCH_TRAPS search_boards "
                                                "search_mistake"),
        **_names(f"{_FUNCTION_KINDS}.backup", "BackupKind"),
        **_names("games.tictactoe", "EVAL_PAIRS LINES_THROUGH eval_pairs grid moved_piece "
                                    "symmetries"),
        **_names("exercises.answers", "is_number same_number"),
    },
    "exercises.questions": {
        "Feedback": _VERDICT,
        **_names(f"{_QUESTION_KINDS}.question", "Question hash_answer seed_of"),
        **_names(f"{_QUESTION_KINDS}.value", "ValueQuestion tree_value_question"),
        **_names(f"{_QUESTION_KINDS}.choice", "ChoiceQuestion"),
        **_names(f"{_QUESTION_KINDS}.predict", "PredictQuestion FOREVER run_snippet"),
        **_names(f"{_QUESTION_KINDS}.fill", "FillQuestion levels_question"),
        **_names(f"{_QUESTION_KINDS}.find_bug", "FindBugQuestion Bug"),
        **_names(f"{_QUESTION_KINDS}.parsons", "ParsonsQuestion"),
        **_names(f"{_QUESTION_KINDS}.pruned", "PrunedQuestion"),
        **_names(f"{_QUESTION_KINDS}.window", "WindowQuestion"),
        **_names(f"{_QUESTION_KINDS}.function", "FunctionQuestion"),
    },
    "exercises.practice": _PRACTICE,
    "practice": _PRACTICE,
    "exercises.functions": {"FunctionCheck": _VERDICT, "explain_diagnosis": "mistakes.explain",
                            "EXTRA_DIAGNOSES": "mistakes.EXTRA_DIAGNOSES"},
    "mistakes": {"explain_diagnosis": "mistakes.explain"},
    # the words of each mistake, before they moved from the buggy code to mistakes.py
    "exercises.variants": _names("mistakes", "DIAGNOSES HAND_DIAGNOSES HAND_VALUE_MISTAKES "
                                             "GENERIC explain named_mistakes"),
    "animation.quiz": {"Question": "animation.quiz.QuizQuestion"},
    # what pictures/draw.py held before it was split by concern
    "pictures.draw": {
        **_names("pictures.labels", "board_width value_text window_text"),
        **_names("pictures.legend", "BOUND_MEANINGS"),
        **_names("pictures.style", "BOARD_FONT BOARD_FONT_SIZE BOARD_HEADER_PAD BOARD_WIDTH "
                                   "DASHARRAYS Style edge_look node_look"),
    },
    # the lessons' exercises, before they moved beside each lesson's predictions
    "exercises.lessons": {
        **_names(f"{_BANKS}.common", "GAME LETTERS random_nested random_position numbered "
                                     "mover move_values best_squares signed"),
        **_names(f"{_BANKS}.lesson1", "INCREASING OTHERS"),
        "RESCALINGS": f"{_BANKS}.lesson1.ALL_RESCALINGS",
        **_names(f"{_BANKS}.lesson2", "SHOWN_MISTAKES"),
        **_names(f"{_BANKS}.lesson4", "BOARD_MINIMAX FastWins FAST_WINS fastest_squares "
                                      "wins_at_once"),
        "uniform_size": f"{_BANKS}.lesson5.tree_size",
        "deepening_nodes": f"{_BANKS}.lesson5.deepening_total",
        **_names(f"{_BANKS}.lesson6", "perfect_order_leaves ALPHABETA PRUNED STRICT WINDOW "
                                      "KNUTH_MOORE"),
        **_names(f"{_BANKS}.lesson7", "CHANCES"),
        "ucb1": "search.mcts.ucb1_score",
        **_names(f"{_BANKS}.lesson9", "FOUR four_listing columns_winning_now forced_win_within "
                                      "blocking_columns winning_columns_in_three"),
    },
    "exercises.predictions": {f"lesson{n}": f"{_BANKS}.lesson{n}" for n in range(1, 10)},
    # the instructor's modules that became packages, and the names they held
    "instructor.common": {
        **_names("instructor.common.children", "PR_SET_CHILD_SUBREAPER PR_SET_DUMPABLE "
                 "ChildRun Reply allow_children kill_session prctl run_child stop_children "
                 "take_job"),
        **_names("instructor.common.environment", "KEPT_ENVIRONMENT student_environment"),
        **_names("instructor.common.files", "FORMULA_STARTS csv_text neutral_cell plain_cell "
                 "read_csv readable_name safe_name write_atomic"),
        **_names("instructor.common.privacy", "HostPaths"),
        **_names("_process", "kill_descendants"),
    },
    "instructor.grading": {
        **_names("instructor.gradebook.feedback", "write_feedback"),
        **_names("instructor.gradebook.records", "QuestionGrade StudentResult"),
        **_names("instructor.grading.batch", "Progress copied_from_course find_submissions "
                 "grade grade_student in_shard parse_shard"),
        **_names("instructor.grading.judging", "Options choose_record diagnosis_pictures "
                 "grade_here hidden_salt question_order read_records restore_locked_cells"),
    },
    "instructor.lms": _names("instructor.lms.platforms", "GRADESCOPE_METADATA canvas_file "
                             "canvas_key is_worksheet moodle_date moodle_file "
                             "read_gradescope_metadata read_times read_worksheet"),
    "instructor.tournament": {
        **_names("instructor.tournament.entries", "CAPSTONE find_entries functions_recorded "
                 "load_student"),
        **_names("instructor.tournament.round_robin", "Tournament run_tournament schedule"),
    },
}

#: Class (its dotted path) -> {old attribute: the attribute it is now}: a name, or a dotted
#: path through a field that may be None (``run.tests``: None when the field is None).
OLD_ATTRIBUTES = {
    _VERDICT: {"question": "subject", "kind": "subject", "correct": "passed",
               "right": "passed", "sentence": "message", "points_fraction": "score",
               # what only a function's run has, now in the verdict's run (None by hand)
               **{name: f"run.{name}" for name in (
                   "tests", "failed", "hidden", "call", "failing_input", "expected", "got",
                   "error", "output", "board", "seconds")},
               "picture_result": "picture.search", "picture_key": "picture.key"},
}


# -- warning ------------------------------------------------------------------------------

def _full(path) -> str:
    """``minimax_lessons.path`` (the package itself for ``""``)."""
    return f"{PACKAGE}.{path}" if path else PACKAGE


def _short(name) -> str:
    """A module's name below the package: ``"games.tree"``, ``""`` for the package."""
    return name[len(PACKAGE) + 1:] if name.startswith(PACKAGE + ".") else ""


def _join(module, name) -> str:
    """``module.name`` (``name`` alone below the package itself)."""
    return f"{module}.{name}" if module else name


def message(old, new) -> str:
    """What a use of ``old`` (a path below the package) says: the new path and the release.

    >>> message("tictactoe", "games.tictactoe")  # doctest: +NORMALIZE_WHITESPACE
    'minimax_lessons.tictactoe is deprecated and will be removed in minimax-lessons 1.0.0:
    use minimax_lessons.games.tictactoe'
    """
    return (f"{_full(old)} is deprecated and will be removed in minimax-lessons {REMOVED_IN}: "
            f"use {_full(new)}")


def _import_system(frame) -> bool:
    """Is ``frame`` the import system's own (which ``warnings`` skips when it counts levels)?"""
    return "importlib" in frame.f_code.co_filename and "_bootstrap" in frame.f_code.co_filename


def _warn(old, new):
    """Warn, on the first line outside this module and the import system that used ``old``."""
    frame, level = sys._getframe(1), 1
    while frame is not None:
        if not _import_system(frame):
            level += 1
            if (frame.f_code.co_filename != __file__
                    and not frame.f_globals.get("__name__", "").startswith("importlib")):
                break
        frame = frame.f_back
    warnings.warn(message(old, new), DeprecationWarning, stacklevel=level)


def _find(path):
    """The object at a dotted path below the package: a module, or a name in one."""
    module, _, name = path.rpartition(".")
    try:
        return getattr(importlib.import_module(_full(module)), name)
    except (AttributeError, ModuleNotFoundError):
        return importlib.import_module(_full(path))


# -- old names: modules that answer to them ------------------------------------------------

def _old_children(module) -> set:
    """The old paths and old modules just below ``module`` (a path below the package)."""
    return {old.rpartition(".")[2] for old in (*OLD_PATHS, *OLD_MODULES)
            if old.rpartition(".")[0] == module}


def _adopted() -> set:
    """The modules :class:`Module` serves: those with old names or old attributes, and every
    package above those and above an old path (through which later imports reach them)."""
    served = {"", *OLD_NAMES, *(cls.rpartition(".")[0] for cls in OLD_ATTRIBUTES)}
    above = set()
    for path in (*served, *OLD_PATHS, *OLD_MODULES):
        parts = path.split(".")
        above.update(".".join(parts[:n]) for n in range(1, len(parts)))
    return served | above


ADOPTED = _adopted()
_CHILDREN = {module: _old_children(module) for module in ADOPTED | set(OLD_MODULES)}


class Module(types.ModuleType):
    """A module of the package that answers to its old names, each with a warning.

    An old path just below it (``minimax_lessons.animate``), once imported, never hides a
    name it shadows (the function ``animate``); reached as an attribute before it is
    imported, it warns like an import.
    """

    def __getattr__(self, name):
        module, old = _short(self.__name__), _join(_short(self.__name__), name)
        # ``from package import name`` asks twice: the import system first (quietly here)
        said = sys._getframe(1).f_code.co_name == "_handle_fromlist"
        new = OLD_NAMES.get(module, {}).get(name) or OLD_PATHS.get(old) or OLD_MODULES.get(old)
        if new is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        if not said:
            _warn(old, new)
        if name in OLD_NAMES.get(module, {}):
            return _find(new)
        return _old_module(old) if old in OLD_MODULES else importlib.import_module(_full(new))

    def __setattr__(self, name, value):
        if isinstance(value, types.ModuleType):
            module = _short(self.__name__)
            if name in _CHILDREN.get(module, ()) and (name in vars(self)
                                                      or module in OLD_MODULES):
                return  # an old path, imported: it keeps the name it shadows, or warns
            if value.__name__.startswith(PACKAGE + "."):
                adopt(value)
        super().__setattr__(name, value)


_MADE = {}


def _old_module(old) -> Module:
    """The module of an old module's names, made once (importing it imports where they went,
    as importing the old module did)."""
    if old not in _MADE:
        importlib.import_module(_full(OLD_MODULES[old]))
        module = Module(_full(old), f"Deprecated: what was here is in {_full(OLD_MODULES[old])} "
                                    f"(removed in {REMOVED_IN}).")
        module.__all__ = sorted(OLD_NAMES[old])
        if _CHILDREN.get(old):
            module.__path__ = []
        _MADE[old] = module
    return _MADE[old]


def _old_attribute(cls, old, new):
    """A property that reads ``new`` under its old name ``old``, with a warning."""
    where = _short(f"{cls.__module__}.{cls.__qualname__}")

    def get(self):
        _warn(f"{where}.{old}", f"{where}.{new}")
        value = self
        for name in new.split("."):
            value = None if value is None else getattr(value, name)
        return value
    return property(get, doc=f"Deprecated: ``{new}`` (removed in {REMOVED_IN}).")


def adopt(module):
    """Make ``module``, and the modules below it already imported, answer to their old names
    (a module imported later is adopted when it is set on its parent)."""
    top = _short(module.__name__)
    for path in ADOPTED:
        if top and path != top and not path.startswith(top + "."):
            continue
        found = sys.modules.get(_full(path))
        if found is None or isinstance(found, Module):
            continue
        found.__class__ = Module
        for cls_path, renames in OLD_ATTRIBUTES.items():
            if cls_path.rpartition(".")[0] == path:
                cls = getattr(found, cls_path.rpartition(".")[2])
                for old, new in renames.items():
                    setattr(cls, old, _old_attribute(cls, old, new))


# -- old paths and old modules: the finder ---------------------------------------------------

class AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path and loads it as the module of its new path (one object, two names),
    and an old module as a :class:`Module` of its old names; either warns."""

    def find_spec(self, fullname, path=None, target=None):
        old = _short(fullname)
        if not fullname.startswith(PACKAGE + ".") or (old not in OLD_PATHS
                                                      and old not in OLD_MODULES):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, origin=_full(
            OLD_PATHS.get(old) or OLD_MODULES[old]), is_package=bool(_CHILDREN.get(old)))

    def create_module(self, spec):
        old = _short(spec.name)
        if old in OLD_MODULES:
            _warn(old, OLD_MODULES[old])
            return _old_module(old)
        _warn(old, OLD_PATHS[old])
        module = importlib.import_module(_full(OLD_PATHS[old]))
        spec.loader_state = module.__spec__  # the import system is about to replace it
        return module

    def exec_module(self, module):
        if module.__spec__.loader_state is not None:
            module.__spec__ = module.__spec__.loader_state  # give the module its own spec

    def get_code(self, fullname):
        """For ``python -m OLD.PATH``: code that warns (in ``__main__``, where warnings show)
        and runs the new module as ``__main__`` (under its own name, for relative imports)."""
        old = _short(fullname)
        return compile(f"import runpy, warnings\n"
                       f"warnings.warn({message(old, OLD_PATHS[old])!r}, DeprecationWarning)\n"
                       f"runpy.run_module({_full(OLD_PATHS[old])!r}, run_name='__main__', "
                       f"alter_sys=True)\n", f"<{fullname}>", "exec")

    def is_package(self, fullname):
        return bool(_CHILDREN.get(_short(fullname)))


FINDER = AliasFinder()


def register():
    """Put :data:`FINDER` first on ``sys.meta_path`` (before a folder an old package left
    behind), and make the package and its modules imported so far answer to old names."""
    if FINDER not in sys.meta_path:
        sys.meta_path.insert(0, FINDER)
    package = sys.modules[PACKAGE]
    adopt(package)
    return package


__all__ = ["REMOVED_IN", "OLD_PATHS", "OLD_MODULES", "OLD_NAMES", "OLD_ATTRIBUTES", "message",
           "AliasFinder", "Module", "register"]
