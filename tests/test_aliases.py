"""Old paths keep working: every module path and name students' copies import today.

Students keep their copies of the notebooks for a term, and those import the package by
the paths it had before it was laid out in layers (``minimax_lessons.tictactoe``,
``minimax_lessons.exercises.sandbox``, ...); lecturers run ``python -m
minimax_lessons.teaching``.
"""

import importlib
import os
import subprocess
import sys

import pytest

import minimax_lessons
import minimax_lessons.exercises
from minimax_lessons._aliases import OLD_PATHS, SPLIT_PATHS

#: The module paths the notebooks, README, docs and students' copies imported before.
NOTEBOOK_PATHS = ["tictactoe", "connectfour", "examples", "textbook", "render", "plots", "play",
                  "play_connectfour", "mcts", "mcts_draw", "frames", "experiments", "capstone",
                  "bots", "exercises.lessons"] + [f"exercises.predictions.lesson{n}"
                                                   for n in range(1, 10)]


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_module_path_is_the_same_module_as_its_new_one(old):
    module = importlib.import_module(f"minimax_lessons.{old}")
    assert module is importlib.import_module(f"minimax_lessons.{OLD_PATHS[old]}")
    assert module.__name__ == f"minimax_lessons.{OLD_PATHS[old]}"
    assert module.__spec__.name == module.__name__  # its own spec, not the alias's


@pytest.mark.parametrize("old", NOTEBOOK_PATHS)
def test_every_path_the_notebooks_imported_still_imports(old):
    module = importlib.import_module(f"minimax_lessons.{old}")
    public = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
    assert public and all(hasattr(module, name) for name in public)


def test_the_old_games_search_and_play_modules_are_packages_with_the_same_names():
    from minimax_lessons.games import CHANCE, MAX, MIN, Game, GameError  # noqa: F401
    from minimax_lessons.play import (TicTacToeBoard, move_values, perfect_player,  # noqa: F401
                                      play_match, random_player)
    from minimax_lessons.search import (SearchResult, alphabeta, best_first, best_move,  # noqa
                                        expectiminimax, iterative_deepening, minimax, negamax,
                                        shuffled, solve)
    assert minimax(minimax_lessons.FIGURE_5_2).value == 3


def test_the_old_instructor_modules_that_are_packages_now_keep_their_names():
    from minimax_lessons.instructor.grading import (Options, QuestionGrade,  # noqa: F401
                                                    StudentResult, grade, grade_here,
                                                    in_shard, parse_shard, read_records,
                                                    write_feedback)
    from minimax_lessons.instructor.lms import canvas_file, moodle_file, read_times  # noqa
    from minimax_lessons.instructor.tournament import (Tournament,  # noqa: F401
                                                       functions_recorded, run_tournament,
                                                       schedule)
    assert canvas_file.__module__ == "minimax_lessons.instructor.lms.platforms"
    assert grade.__module__ == "minimax_lessons.instructor.grading.batch"


def test_an_old_instructor_path_keeps_the_instructors_names_that_shadow_it():
    old = importlib.import_module("minimax_lessons.instructor.release")  # the module
    from minimax_lessons.instructor import release  # the function, as before
    assert callable(release) and old.release is release


@pytest.mark.parametrize("old", ["slides", "decks"])
def test_python_m_on_an_old_instructor_path_runs_the_lecturers_tool(old, tmp_path):
    """``python -m minimax_lessons.instructor.slides`` and ``.decks`` (the Makefile's paths
    before the instructor's folder was cut into parts) still run, here without a notebook."""
    done = subprocess.run([sys.executable, "-m", f"minimax_lessons.instructor.{old}"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"minimax_lessons.instructor.teaching.{old}" in done.stderr  # its usage line


def test_an_old_path_keeps_the_package_names_that_shadow_it():
    import minimax_lessons.animate  # noqa: F401  (the module, under its old path)
    import minimax_lessons.mcts  # noqa: F401
    assert callable(minimax_lessons.animate) and callable(minimax_lessons.mcts)
    assert minimax_lessons.animate.__module__ == "minimax_lessons.animation.player"


def test_an_old_module_reached_as_an_attribute_of_the_package():
    import minimax_lessons.tictactoe  # noqa: F401
    assert minimax_lessons.tictactoe.TicTacToe is minimax_lessons.TicTacToe
    assert minimax_lessons.exercises.shipping.ship.__module__ == "minimax_lessons.runner.shipping"


#: What the modules cut into rooms by kind offered under their old paths: their ``__all__``,
#: and the names the tests and the grader took from them besides.
CUT_MODULES = {
    "exercises.kinds": ["Kind", "NestedKind", "Case", "Expected", "KINDS", "get_kind",
                        "symmetries", "same_number", "is_number", "SEARCH_TRAPS",
                        "search_boards", "search_mistake", "EVAL_PAIRS", "LINES_THROUGH",
                        "eval_pairs", "moved_piece", "grid", "visit_note", "MinimaxKind",
                        "EvaluateKind", "BackupKind", "INF"],
    "exercises.questions": ["Question", "Feedback", "ValueQuestion", "ChoiceQuestion",
                            "PredictQuestion", "FillQuestion", "FindBugQuestion",
                            "ParsonsQuestion", "PrunedQuestion", "FunctionQuestion",
                            "WindowQuestion", "Bug", "tree_value_question", "levels_question",
                            "hash_answer", "seed_of", "run_snippet", "FOREVER"],
    "exercises.practice": ["practice", "practice_tree", "Practice", "PracticeTree", "Verdict",
                           "Level", "LEVELS", "KINDS", "STREAK", "HINT", "canon", "STATIC"],
}


@pytest.mark.parametrize("old", sorted(CUT_MODULES))
def test_an_old_path_of_a_module_cut_into_rooms_still_gives_its_names(old):
    module = importlib.import_module(f"minimax_lessons.{old}")
    assert module.__name__ == module.__spec__.name == f"minimax_lessons.{old}"
    assert set(CUT_MODULES[old]) <= set(module.__all__)
    homes = [importlib.import_module(f"minimax_lessons.{new}") for new in SPLIT_PATHS[old]]
    for name in CUT_MODULES[old]:  # the very objects the new modules hold
        assert any(getattr(home, name, None) is getattr(module, name) for home in homes), name
    from minimax_lessons.exercises import kinds, practice, questions  # as attributes too
    assert (kinds.symmetries("X........")[1], questions.seed_of(7), practice.KINDS[0]) == (
        "..X......", 7, "values")
    assert importlib.import_module("minimax_lessons.practice") is practice


@pytest.mark.parametrize("package", [minimax_lessons, minimax_lessons.exercises])
def test_every_public_name_is_still_there(package):
    assert all(hasattr(package, name) for name in package.__all__)
    assert len(set(package.__all__)) == len(package.__all__)


@pytest.mark.slow  # writes the whole misconception guide
def test_python_m_on_an_old_module_path_runs_the_new_module(tmp_path):
    """``python -m minimax_lessons.teaching`` writes the guide, quietly, as it always did."""
    env = dict(os.environ, PYTHONWARNINGS="error::RuntimeWarning")
    done = subprocess.run([sys.executable, "-m", "minimax_lessons.teaching"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "RuntimeWarning" not in done.stderr
    guide = tmp_path / "docs" / "teaching" / "misconceptions.md"
    assert guide.read_text().startswith("# ")


#: A fresh Python in which a module that the package imports midway (``progress``) imports
#: the question banks first, as a module of a layer above ``exercises`` may do at its top.
BANKS_WHILE_THE_PACKAGE_IMPORTS = """\
import importlib, importlib.abc, sys

class BanksFirst(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "minimax_lessons.progress":
            sys.meta_path.remove(self)
            importlib.import_module("minimax_lessons.exercises.banks")
        return None

sys.meta_path.insert(0, BanksFirst())
import minimax_lessons
assert "minimax_lessons.exercises.banks.lesson2" in sys.modules
import minimax_lessons.exercises.predictions.lesson2 as old
from minimax_lessons.exercises.banks import lesson2
assert old is lesson2 and minimax_lessons.exercises.predictions.lesson2 is lesson2
import minimax_lessons.exercises.bank as bank
assert bank is sys.modules["minimax_lessons.exercises.banks.lesson3"]
print("imported")
"""


def test_the_package_imports_when_a_bank_was_imported_while_it_was_importing():
    """register() enters the aliases of the modules imported so far; an old path whose parent
    (the old package ``exercises.predictions``) is not imported yet is left to the finder,
    which serves it once its parent is imported (it raised KeyError)."""
    done = subprocess.run([sys.executable, "-c", BANKS_WHILE_THE_PACKAGE_IMPORTS],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported"
