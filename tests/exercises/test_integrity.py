"""Integrity of graded work: students get no solutions, and `check` is no oracle on graded
questions.

The instructor sources (with solutions) live in ``course/source/``; ``notebooks/`` is what
students clone, and its ``exercises/`` are generated from those sources by
``make student-notebooks``.
"""

import json
import re

import nbformat
import pytest

from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.check import GRADED
from minimax_lessons.instructor.assignment.release import (COURSE_SOURCE, REPO_ROOT, STUDENT_NOTEBOOKS,
                                                ReleaseError, solution_leaks, solution_regions,
                                                student_version)

NOTEBOOKS = REPO_ROOT / "notebooks"
SOURCES = sorted(COURSE_SOURCE.glob("*.ipynb"))
STUDENT_FACING = sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                        if ".ipynb_checkpoints" not in p.parts)


#: Graded answers a lesson teaches on purpose: lesson 3 shows the textbook minimax, which is
#: also q3.14's answer (so q3.14 grades writing it out, not finding it). Listed here so that
#: any *other* solution turning up in a lesson fails this test.
TAUGHT_IN_LESSONS = {"q3_12_answer"}


def regions_of_every_source(*, skip=()):
    found = []
    for path in SOURCES:
        nb = nbformat.read(path, 4)
        nb.cells = [c for c in nb.cells
                    if c.metadata.get("nbgrader", {}).get("grade_id") not in skip]
        found += solution_regions(nb, path.name)
    return found


def test_the_instructor_sources_live_outside_what_students_clone():
    assert [p.name for p in SOURCES] == ["03-minimax-exercises.ipynb",
                                         "06-alphabeta-exercises.ipynb",
                                         "09-connect-four-capstone.ipynb"]
    for path in SOURCES:
        assert "### BEGIN SOLUTION" in path.read_text(encoding="utf-8")
    assert NOTEBOOKS not in COURSE_SOURCE.parents


@pytest.mark.parametrize("path", STUDENT_FACING, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_no_notebook_students_get_holds_a_solution(path):
    lesson = path.parent == NOTEBOOKS
    regions = regions_of_every_source(skip=TAUGHT_IN_LESSONS if lesson else ())
    leaks = solution_leaks(nbformat.read(path, 4), regions)
    assert not leaks, f"{path.relative_to(REPO_ROOT)}: {leaks}"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_the_committed_student_versions_are_what_the_release_command_writes(source):
    expected, _ = student_version(nbformat.read(source, 4), source.name)
    committed = nbformat.read(STUDENT_NOTEBOOKS / source.name, 4)

    def shape(nb):
        return [(c.cell_type, c.source, json.dumps(c.metadata, sort_keys=True))
                for c in nb.cells]

    assert shape(committed) == shape(expected), (
        f"notebooks/exercises/{source.name} is out of date: run `make student-notebooks`")


def test_the_release_refuses_a_student_version_that_still_holds_solution_code():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("def f(x):\n    ### BEGIN SOLUTION\n    return x * 41 + 1\n"
                                  "    ### END SOLUTION"),
        nbformat.v4.new_code_cell("# a copy left behind\nprint(7 * 41 + 1)  # return x * 41 + 1"),
    ])
    with pytest.raises(ReleaseError, match="cell 2 holds solution code: return x \\* 41 \\+ 1"):
        student_version(nb, "leaky.ipynb")


def test_markers_answer_keys_and_stored_outputs_count_as_leaks():
    cell = nbformat.v4.new_code_cell("print(answer)", metadata={"tags": ["answer-key"]})
    shown = nbformat.v4.new_code_cell("show()")
    shown.outputs = [nbformat.v4.new_output("stream", text="answer_3_1 = 2\n")]
    nb = nbformat.v4.new_notebook(cells=[cell, shown, nbformat.v4.new_markdown_cell(
        "### BEGIN HIDDEN TESTS")])
    leaks = solution_leaks(nb, ["answer_3_1 = 2"])
    assert leaks == ["cell 1 is an answer-key cell", "cell 2 holds solution code: answer_3_1 = 2",
                     "cell 3 has the marker ### BEGIN HIDDEN TESTS"]


def test_the_lesson_solutions_answer_no_graded_question():
    text = (NOTEBOOKS / "solutions" / "lesson-exercises.ipynb").read_text(encoding="utf-8")
    asked = {qid for qid in GRADED if f'"{qid}"' in text or f"'{qid}'" in text}
    assert not asked, f"the lesson solutions answer graded questions: {sorted(asked)}"


def test_lessons_and_the_readme_link_only_to_the_student_versions():
    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    assert len(lessons) >= 8
    for path in lessons:
        text = path.read_text(encoding="utf-8")
        assert "course/source" not in text, f"{path.name} links to an instructor source"
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)", readme)
    assert any(t.startswith("notebooks/") for t in targets)
    assert not [t for t in targets if "course/" in t], "the README links to an instructor source"
    linked = [REPO_ROOT / t for t in targets if t.endswith(".ipynb")]
    regions = regions_of_every_source(skip=TAUGHT_IN_LESSONS)
    assert all(not solution_leaks(nbformat.read(p, 4), regions) for p in linked if p.exists())


# -- check is not an oracle on graded questions --------------------------------------------
def test_the_cheat_loop_learns_nothing_from_check():
    assert [a for a in "abcd" if check("q3.8", a)] == []
    said = {check("q3.8", a).text() for a in "abcd"}
    assert len(said) == 1 and "Recorded" in said.pop()


@pytest.mark.parametrize("qid", sorted(q for q in GRADED
                                       if get_question(q).kind != "function"))
def test_every_graded_answer_is_recorded_with_the_same_words_right_or_wrong(qid):
    q = get_question(qid)
    right = {"q3.7": 2, "q3.8": "a", "q6.12": "c"}.get(qid, 0)
    one, other = check(qid, right), check(qid, "certainly wrong")
    assert one.recorded and other.recorded and not one and not other
    assert one.text() == other.text() and one._repr_html_() == other._repr_html_()
    assert q.check(2, 0) is not None  # the grader still judges through the question itself


def test_a_graded_function_question_still_runs_its_public_tests():
    assert check("q3.14", minimax_line).passed
    assert not check("q3.14", lambda node, is_maximizing: (0, [])).passed


def test_the_questions_of_the_graded_notebooks_and_no_others_are_made_graded():
    assert GRADED == {f"q3.{n}" for n in range(7, 16)} | {f"q6.{n}" for n in range(7, 15)}
    assert all(get_question(qid).graded for qid in GRADED)


def test_lesson_questions_keep_their_self_check():
    assert not (GRADED & {"q3.1", "q3.5", "q3.6", "q6.1", "q6.6"})
    assert check("q6.1", {"C2", "C3"}, seed=0).recorded is False


# -- answers that come from the package ------------------------------------------------------
import importlib  # noqa: E402
import sys  # noqa: E402

import minimax_lessons  # noqa: E402
import minimax_lessons as ml  # noqa: E402
from minimax_lessons import GameTree, alphabeta as pkg_alphabeta  # noqa: E402
from minimax_lessons import minimax as pkg_minimax  # noqa: E402
from minimax_lessons.exercises import check_function  # noqa: E402
from minimax_lessons.runner.guard import (StartsProcess, UsesPackageSearch,  # noqa: E402
                                             static_findings, watch)
from minimax_lessons.runner.shipping import from_source, ship  # noqa: E402

from .graded_answers import (alphabeta_search, alphabeta_search_strict,  # noqa: E402
                             minimax_line)

search_alias = pkg_minimax
SEARCH_FILE = str(REPO_ROOT / "minimax_lessons" / "search.py")


def root_of(is_maximizing):
    return "max" if is_maximizing else "min"


def wrapper(node, m):  # the attack from issue 9
    return pkg_minimax(GameTree.from_nested(node, root=root_of(m))).value


def through_alias(node, m):
    return search_alias(GameTree.from_nested(node, root=root_of(m))).value


def through_importlib(node, m):
    package = importlib.import_module("minimax_lessons")
    return package.minimax(GameTree.from_nested(node, root=root_of(m))).value


def through_dunder_import(node, m):
    return __import__("minimax_lessons").minimax(GameTree.from_nested(node, root=root_of(m))).value


def through_getattr(node, m):
    return getattr(ml, "minimax")(GameTree.from_nested(node, root=root_of(m))).value


def through_sys_modules(node, m):
    search = sys.modules["minimax_lessons.search"]
    return search.minimax(GameTree.from_nested(node, root=root_of(m))).value


def through_the_source(node, m):
    namespace = {"__package__": "minimax_lessons", "__name__": "minimax_lessons.copy"}
    with open(SEARCH_FILE) as f:
        exec(compile(f.read(), "copy", "exec"), namespace)
    return namespace["minimax"](GameTree.from_nested(node, root=root_of(m))).value


def hidden_names(node, m):  # nothing for the static look to see: the watch must catch it
    package = __import__("minimax_" + "lessons")
    return getattr(package, "mini" + "max")(GameTree.from_nested(node, root=root_of(m))).value


def best_move_wrapper(node, is_maximizing):
    return pkg_minimax(GameTree.from_nested(node, root="max" if is_maximizing else "min")).move


def game_wrapper(game, state):
    return pkg_minimax(game, state).value


def alphabeta_wrapper(node, alpha, beta, is_maximizing):
    tree = GameTree.from_nested(node, root=root_of(is_maximizing))
    return pkg_alphabeta(tree, alpha=alpha, beta=beta).value


def strict_wrapper(node, alpha, beta, is_maximizing):
    tree = GameTree.from_nested(node, root=root_of(is_maximizing))
    return pkg_alphabeta(tree, alpha=alpha, beta=beta, prune_ties=False).value


def honest_minimax(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [honest_minimax(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def honest_best_move(node, is_maximizing):  # self-contained: the checker's worker runs it alone
    def value(node, is_maximizing):
        if not isinstance(node, list):
            return node
        values = [value(child, not is_maximizing) for child in node]
        return max(values) if is_maximizing else min(values)

    values = [value(child, not is_maximizing) for child in node]
    return values.index(max(values) if is_maximizing else min(values))


def honest_game_minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [honest_game_minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


STATIC_ATTACKS = [wrapper, through_alias, through_importlib, through_dunder_import,
                  through_getattr, through_sys_modules, through_the_source]


@pytest.mark.parametrize("attack", STATIC_ATTACKS, ids=lambda f: f.__name__)
def test_the_static_look_sees_each_way_of_reaching_the_package(attack):
    assert static_findings(ship(attack)), attack.__name__
    graded = get_question("q3.14").check(ship(attack), "alice", hidden=True)
    assert graded.diagnosis == "uses-package-search" and graded.score == 0 and not graded


@pytest.mark.parametrize("attack", STATIC_ATTACKS + [hidden_names], ids=lambda f: f.__name__)
def test_the_watch_in_the_worker_catches_each_way_at_run_time(attack):
    watched = watch(attack)
    # flagged, or (sys.modules) the package is simply not there to be found
    with pytest.raises(UsesPackageSearch if attack is not through_sys_modules else KeyError):
        watched([[3, 12, 8], [2, 4, 6]], True)
    assert "minimax_lessons.search" in sys.modules, "the package is back after the call"


def test_the_watch_leaves_an_honest_function_alone():
    assert watch(honest_minimax)([[3, 12, 8], [2, 4, 6], [14, 5, 2.5]], True) == 3
    assert watch(honest_minimax)([[3, 12, 8], [2, 4, 6]], False) == 6


@pytest.mark.parametrize("qid, attack, honest", [
    ("q3.14", wrapper, minimax_line),
    ("q3.15", alphabeta_wrapper, alphabeta_search),
    ("q3.5", best_move_wrapper, honest_best_move),
    ("q3.6", game_wrapper, honest_game_minimax),
    ("q6.14", strict_wrapper, alphabeta_search_strict),
])
def test_wrapping_the_package_scores_zero_on_every_function_question(qid, attack, honest):
    q = get_question(qid)
    for verdict in (check(qid, attack), q.check(attack, 0, hidden=True),
                    q.check(ship(attack), "bob", hidden=True)):
        assert not verdict and verdict.score == 0
        assert verdict.diagnosis == "uses-package-search"
        assert "course's own search" in verdict.text()
    full = q.check(ship(honest), "bob", hidden=True)
    assert full.passed and full.score == 1.0, full.message


@pytest.mark.parametrize("attack", [through_importlib, through_getattr, through_the_source],
                         ids=lambda f: f.__name__)
def test_check_function_hidden_flags_each_disguise_of_the_wrapper(attack):
    result = check_function("minimax", ship(attack), hidden=True)
    assert not result.passed and result.score == 0
    assert result.diagnosis == "uses-package-search"


HIDDEN_NAMES = from_source(  # as a notebook cell sends it: no helper from this test module
    "def minimax(node, is_maximizing):\n"
    "    package = __import__('minimax_' + 'lessons')\n"
    "    tree = package.GameTree.from_nested(node, root='max' if is_maximizing else 'min')\n"
    "    return getattr(package, 'mini' + 'max')(tree).value\n", "minimax")


def test_check_function_hidden_flags_a_wrapper_the_static_look_cannot_read():
    assert static_findings(HIDDEN_NAMES) == []
    result = check_function("minimax", HIDDEN_NAMES, hidden=True)
    assert not result.passed and result.diagnosis == "uses-package-search"
    assert result.score == 0 and "looks up minimax_lessons.minimax" in result.message
    assert "uses-package-search" in result.text()


def test_a_copy_of_the_package_s_own_code_is_no_answer():
    from minimax_lessons.exercises.variants import SOLUTIONS

    copied = ship(SOLUTIONS["minimax"])
    record = type(copied).from_data(copied.to_data())  # as the grader reads it back
    assert any("copy of the package's own code" in f for f in static_findings(record))
    assert get_question("q3.14").check(record, "bob", hidden=True).score == 0


@pytest.mark.parametrize("terms", [600, 1200, 5000])
@pytest.mark.parametrize("hidden", [False, True])
def test_a_function_nested_too_deep_for_the_checks_on_its_code_is_refused_not_crashed(
        terms, hidden):
    """A sum of 600 terms in one expression once ended the checker's looks at the code (a
    copy of the course, the package's search) on a RecursionError; 5000 are more than
    Python itself parses."""
    deep = from_source("def minimax_line(node, is_maximizing):\n    return (" +
                       "+".join(["0"] * terms) + ", [])\n", "minimax_line")
    result = check_function("minimax_line", deep, hidden=hidden)
    assert not result.passed and result.score == 0 and result.diagnosis == "raises"
    assert "minimax_line's code nests" in result.message
    assert "write its longest expression in steps" in result.message


def test_game_objects_estimate_and_allowed_imports_are_fine():
    code = from_source("def f(node, depth, is_max):\n"
                       "    from minimax_lessons.exercises import estimate\n"
                       "    from minimax_lessons import GameTree, TicTacToe\n"
                       "    return estimate(node)\n", "f")
    assert static_findings(code) == []


# -- answers that start processes ---------------------------------------------------------
def forks(node, is_maximizing):
    import os

    child = os.fork()
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0)
    return node if not isinstance(node, list) else 0


def runs_a_program(node, is_maximizing):
    import subprocess

    return int(subprocess.run(["echo", "3"], capture_output=True, text=True).stdout)


def test_starting_a_process_is_refused_with_its_own_error_not_as_a_package_search():
    with pytest.raises(StartsProcess, match="started another program .*may not start"):
        watch(runs_a_program)([[3, 12, 8], [2, 4, 6]], True)


@pytest.mark.parametrize("hidden", [False, True])
def test_a_function_that_forks_gets_no_credit_and_says_why(hidden):
    result = check_function("minimax", forks, hidden=hidden)
    assert not result.passed and result.score == 0
    assert result.diagnosis == "starts-a-process"
    assert "started another process (os.fork)" in result.message
    assert "may not start processes" in result.explanation
