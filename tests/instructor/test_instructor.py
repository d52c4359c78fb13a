"""minimax_lessons.instructor: student versions, and grading a folder of submissions end to end.

The grading test builds a class from the course's exercise notebook: a correct
submission, a partly wrong one (that also tampers with a test cell), one that
kills its kernel, one that floods its output and loops, one that is not
JSON, one with deleted cells, one left blank, and one whose functions wrap the
package's own searches. Time limits are short.

Function questions earn partial credit: the share of the hidden tests passed, times the
question's points, rounded to 2 decimals (totals are sums of those).
"""

import copy
import csv
import io
import json
import re
from pathlib import Path

import nbformat
import pytest

from minimax_lessons.instructor import grade, release, student_version
from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.assignment.release import ReleaseError, strip_region

#: Grades two classes, one of eight students: not for make test-fast.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "course" / "source" / "03-minimax-exercises.ipynb"
NAME = SOURCE.name
LIMITS = {"cell_timeout": 4, "notebook_timeout": 90}


# -- the student version --------------------------------------------------------------------
def test_solutions_become_stubs_with_the_indentation_of_the_marker():
    source = "def f(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION\n"
    assert strip_region(source, ("### BEGIN SOLUTION", "### END SOLUTION"),
                        "# YOUR CODE HERE\nraise NotImplementedError()", "cell") == \
        "def f(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()"


def test_a_solution_made_of_assignments_becomes_an_ellipsis_to_fill_in():
    source = "### BEGIN SOLUTION\nanswer = 3\nother = [1]\n### END SOLUTION"
    assert strip_region(source, ("### BEGIN SOLUTION", "### END SOLUTION"),
                        "# YOUR CODE HERE\nraise NotImplementedError()", "cell") == \
        "answer = ...  # YOUR ANSWER HERE\nother = ...  # YOUR ANSWER HERE"


def test_unbalanced_markers_are_errors_that_name_the_cell():
    with pytest.raises(ReleaseError, match="cell 2.*never closed"):
        strip_region("### BEGIN SOLUTION\nx = 1", ("### BEGIN SOLUTION", "### END SOLUTION"),
                     "stub", "nb, cell 2")
    with pytest.raises(ReleaseError, match="without"):
        strip_region("x = 1\n### END SOLUTION", ("### BEGIN SOLUTION", "### END SOLUTION"),
                     "stub", "nb, cell 3")


def test_the_student_version_has_no_solutions_keys_or_outputs_but_keeps_nbgrader_metadata():
    nb = nbformat.read(SOURCE, as_version=4)
    student, part = student_version(nb, NAME)
    text = json.dumps(student)
    assert "BEGIN SOLUTION" not in text and "answer-key" not in text
    assert "max(values) if is_maximizing else min(values)" not in text
    assert all(not c.get("outputs") for c in student.cells if c.cell_type == "code")
    graded = [c.metadata["nbgrader"] for c in student.cells
              if c.metadata.get("nbgrader", {}).get("grade")]
    assert graded and all(m["schema_version"] == 3 and m["locked"] and m["points"] > 0
                          for m in graded)
    assert not any("minimax_lessons" in c.metadata for c in student.cells)
    assert part["questions"]["q3.14"] == {"points": 3.0, "grade_id": "q3_12",
                                          "options": {"hidden": True}}


def test_hidden_tests_are_removed_for_students_but_kept_in_the_key():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        'check("q3.7", answer)\n### BEGIN HIDDEN TESTS\nassert answer == 2\n### END HIDDEN TESTS',
        metadata={"nbgrader": {"grade": True, "grade_id": "t1", "locked": True, "points": 1,
                               "schema_version": 3, "solution": False}})])
    student, part = student_version(nb)
    assert student.cells[0].source == 'check("q3.7", answer)'
    assert "assert answer == 2" in part["cells"]["t1"]["source"]


def test_the_key_is_refused_inside_the_student_folder(tmp_path):
    with pytest.raises(ReleaseError, match="must not be written inside"):
        release(SOURCE, tmp_path / "release", tmp_path / "release" / "key.json")


def test_the_command_line_writes_student_notebooks_and_the_key(tmp_path, capsys):
    assert main(["student", str(SOURCE.parent), str(tmp_path / "out"),
                 "--key", str(tmp_path / "key.json")]) == 0
    assert (tmp_path / "out" / NAME).exists()
    key = json.loads((tmp_path / "key.json").read_text())
    assert len(key["notebooks"][NAME]["questions"]) == 9
    total = sum(len(part["questions"]) for part in key["notebooks"].values())
    assert f"{total} question(s)" in capsys.readouterr().out


# -- grading a class ----------------------------------------------------------------------------
def cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """A released assignment, its key, and a folder of sample submissions."""
    base = tmp_path_factory.mktemp("class")
    key = base / "instructor" / "key.json"
    release(SOURCE, base / "release", key)
    blank = nbformat.read(base / "release" / NAME, as_version=4)
    solutions = {c.metadata["nbgrader"]["grade_id"]: c.source
                 for c in nbformat.read(SOURCE, as_version=4).cells
                 if c.metadata.get("nbgrader", {}).get("solution")}

    def submit(student, edit=None, answered=True):
        nb = copy.deepcopy(blank)
        if answered:
            for c in nb.cells:
                grade_id = c.metadata.get("nbgrader", {}).get("grade_id")
                if grade_id in solutions:
                    c.source = solutions[grade_id]
        if edit:
            edit(nb)
        folder = base / "submitted" / student
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / NAME)

    def partly_wrong(nb):
        cell(nb, "q3_1_answer").source = "answer_3_1 = 9"
        cell(nb, "q3_4_answer").source = 'answer_3_4 = "b"'
        cell(nb, "q3_4").source = 'check("q3.8", "a")  # a test cell edited to cheat'
        answer = cell(nb, "q3_12_answer")  # MAX's choice at every level
        answer.source = answer.source.replace(
            "(value > best[0] if is_maximizing else value < best[0])", "value > best[0]")
        assert "value > best[0]:" in answer.source

    def crashes(nb):
        cell(nb, "q3_9_answer").source = "import os\nos._exit(1)"

    def floods_and_loops(nb):  # two runaway cells: one stopped by the output cap, one by the clock
        cell(nb, "q3_5_answer").source = "answer_3_5 = TypeError\nwhile True:\n" \
                                         "    print('spam ' * 200)"
        cell(nb, "q3_7_answer").source = "while True:\n    pass"

    def deletes(nb):
        nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id")
                    not in ("q3_11", "q3_12")]

    def wraps_the_package(nb):  # the attack of issue 9, in two disguises
        cell(nb, "q3_12_answer").source = (
            "from minimax_lessons import GameTree, minimax as pkg_minimax\n\n\n"
            "def minimax_line(node, is_maximizing):\n"
            "    root = 'max' if is_maximizing else 'min'\n"
            "    found = pkg_minimax(GameTree.from_nested(node, root=root), trace=True)\n"
            "    return found.value, list(found.line)\n")
        cell(nb, "q3_13_answer").source = (
            "import importlib\n\n\n"
            "def alphabeta_search(node, is_maximizing):\n"
            "    package = importlib.import_module('minimax_lessons')\n"
            "    tree = package.GameTree.from_nested(node, root='max' if is_maximizing else 'min')\n"
            "    found = getattr(package, 'alphabeta')(tree)\n"
            "    return found.value, found.move, found.leaves\n")

    submit("alice")
    submit("bob", partly_wrong)
    submit("carol", crashes)
    submit("dave", floods_and_loops)
    submit("frank", deletes)
    (base / "submitted" / "gina").mkdir()
    (base / "submitted" / "gina" / NAME).write_text('{"cells": [ not json')
    submit("ivan", answered=False)
    submit("mallory", wraps_the_package)
    return base, key


@pytest.fixture(scope="module")
def graded(classroom):  # two students at a time, as a grader with two cores would
    base, key = classroom
    stream = io.StringIO()
    results = grade(base / "submitted", key, base / "graded", stream=stream, jobs=2, **LIMITS)
    return base, key, results, stream.getvalue()


def table(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def points(base):
    rows = table(base / "graded" / "grades.csv")
    out = {}
    for row in rows:
        out.setdefault(row["student"], {})[row["question"]] = float(row["points"])
    return out, {(r["student"], r["question"]): r for r in rows}


def test_every_student_gets_a_row_per_question_and_a_feedback_page(graded):
    base, _, results, progress = graded
    rows = table(base / "graded" / "grades.csv")
    students = ["alice", "bob", "carol", "dave", "frank", "gina", "ivan", "mallory"]
    assert sorted({r["student"] for r in rows}) == students
    assert all(len([r for r in rows if r["student"] == s]) == 9 for s in students)
    assert set(rows[0]) >= {"student", "question", "points", "feedback"}
    for s in students:
        page = (base / "graded" / "feedback" / f"{s}.html").read_text()
        assert f"Feedback for {s}" in page
    assert progress.count("grading [") == len(students) and "8/8" in progress


def test_a_correct_submission_gets_full_marks(graded):
    base = graded[0]
    scores, _ = points(base)
    assert sum(scores["alice"].values()) == 16


def hidden_share(feedback):
    """(tests passed, tests) as the feedback on a function question states them."""
    passed, total = re.search(r"Passed (\d+) of (\d+)", feedback).groups()
    return int(passed), int(total)


def test_wrong_answers_lose_their_points_with_the_diagnosis_and_test_cells_are_restored(graded):
    base = graded[0]
    scores, rows = points(base)
    # every mistake that gives the answer is named (the cell joins their ids by " or ")
    assert scores["bob"]["q3.7"] == 0 and rows[("bob", "q3.7")]["diagnosis"] == \
        "max-at-every-level or players-swapped"
    assert scores["bob"]["q3.8"] == 0, "the edited test cell was put back from the key"
    assert scores["bob"]["q3.15"] == 3
    feedback = rows[("bob", "q3.14")]["feedback"]
    assert "[[" not in feedback, "hidden trees are never shown"
    assert rows[("bob", "q3.14")]["diagnosis"] == "max-at-every-level"


def test_a_function_that_passes_part_of_the_hidden_tests_gets_that_share_of_the_points(graded):
    base = graded[0]
    scores, rows = points(base)
    feedback = rows[("bob", "q3.14")]["feedback"]
    passed, total = hidden_share(feedback)
    assert 0 < passed < total and "hidden tests" in feedback
    assert scores["bob"]["q3.14"] == round(3 * passed / total, 2)
    failed = [(part.rsplit(" ", 3)[0], int(part.split()[-3]) / int(part.split()[-1]))
              for part in re.split(r", | and ", feedback.split("Failed, by class: ")[1]
                                   .split(".")[0])]
    assert "MIN roots" in dict(failed), "each failed class is named"
    assert [share for _, share in failed] == sorted((s for _, s in failed), reverse=True), \
        "worst first"
    totals = {r["student"]: r for r in table(base / "graded" / "totals.csv")}
    assert float(totals["bob"]["points"]) == round(sum(scores["bob"].values()), 2)
    assert float(totals["bob"]["points"]) != int(float(totals["bob"]["points"]))


def test_functions_that_wrap_the_package_s_searches_get_nothing_for_those_questions(graded):
    base = graded[0]
    scores, rows = points(base)
    for qid in ("q3.14", "q3.15"):
        assert scores["mallory"][qid] == 0
        assert rows[("mallory", qid)]["diagnosis"] == "uses-package-search"
        assert "course's own search" in rows[("mallory", qid)]["feedback"]
    assert sum(scores["mallory"].values()) == 16 - 3 - 3, "the other answers keep their points"


def test_a_crash_a_loop_and_a_flood_cost_only_what_they_touch(graded):
    base = graded[0]
    scores, rows = points(base)
    assert scores["carol"]["q3.10"] == 1 and scores["carol"]["q3.11"] == 0
    assert scores["carol"]["q3.15"] == 0
    assert "stopped before" in rows[("carol", "q3.15")]["feedback"]
    assert scores["dave"]["q3.10"] == 0 and scores["dave"]["q3.15"] == 3
    assert scores["dave"]["q3.9"] == 1 and sum(scores["dave"].values()) == 16 - 1, \
        "the flood costs nothing, the loop its own question (q3.10, 1 point)"
    totals = {r["student"]: r for r in table(base / "graded" / "totals.csv")}
    assert "kernel died" in totals["carol"]["problems"]
    assert "longer than 4" in totals["dave"]["problems"]
    assert "printed more than" in totals["dave"]["problems"]
    executed = nbformat.read(base / "graded" / "executed" / "dave" / NAME, as_version=4)
    assert len(json.dumps(executed)) < 2_000_000


def test_broken_or_incomplete_notebooks_get_zero_where_they_fail(graded):
    base = graded[0]
    scores, rows = points(base)
    assert sum(scores["gina"].values()) == 0
    assert "could not be read" in rows[("gina", "q3.7")]["feedback"]
    assert scores["frank"]["q3.13"] == scores["frank"]["q3.14"] == 0
    assert "deleted" in rows[("frank", "q3.14")]["feedback"]
    assert scores["frank"]["q3.15"] == 3
    assert sum(scores["ivan"].values()) == 0
    assert rows[("ivan", "q3.7")]["diagnosis"] == "not-answered"
    assert rows[("ivan", "q3.14")]["diagnosis"] == "raises"


def test_a_second_run_resumes_and_force_regrades(graded):
    base, key, results, _ = graded
    saved = base / "graded" / "results" / "alice.json"
    before = saved.stat().st_mtime_ns
    (base / "graded" / "results" / "gina.json").unlink()
    (base / "graded" / "grades.csv").unlink()
    stream = io.StringIO()
    again = grade(base / "submitted", key, base / "graded", stream=stream, **LIMITS)
    assert stream.getvalue().count("already graded") == 7
    assert saved.stat().st_mtime_ns == before
    assert [r.points for r in again] == [r.points for r in results]
    assert len(table(base / "graded" / "grades.csv")) == 8 * 9


def test_the_command_line_regrades_with_force(classroom, capsys):
    base, key = classroom
    single = base / "single"
    (single / "alice").mkdir(parents=True)
    (single / "alice" / NAME).write_bytes((base / "submitted" / "alice" / NAME).read_bytes())
    args = ["grade", str(single), "--key", str(key), "--out", str(base / "single-graded"),
            "--timeout", "4"]
    assert main(args) == 0
    assert main(args + ["--force"]) == 0
    captured = capsys.readouterr()
    from minimax_lessons.instructor.grading.isolation import find_bwrap

    assert ("NOT a security sandbox" in captured.err) == (find_bwrap() is None)
    assert captured.err.count("alice: 16/16") == 2


# -- the second graded notebook: alpha-beta --------------------------------------------------
ALPHABETA = ROOT / "course" / "source" / "06-alphabeta-exercises.ipynb"


@pytest.fixture(scope="module")
def alphabeta_class(tmp_path_factory):
    """The alpha-beta notebook released, one correct and one partly wrong submission graded."""
    from minimax_lessons import minimax
    from minimax_lessons.exercises import get_question
    from minimax_lessons.exercises.nested import to_game

    base = tmp_path_factory.mktemp("alphabeta")
    key = base / "key.json"
    release(ALPHABETA, base / "release", key)
    blank = nbformat.read(base / "release" / ALPHABETA.name, as_version=4)
    solutions = {c.metadata["nbgrader"]["grade_id"]: c.source
                 for c in nbformat.read(ALPHABETA, as_version=4).cells
                 if c.metadata.get("nbgrader", {}).get("solution")}
    every_leaf = minimax(to_game(get_question("q6.9").data("student")["tree"])).leaves
    for student in ("alice", "bob"):
        nb = copy.deepcopy(blank)
        for c in nb.cells:
            c.source = solutions.get(c.metadata.get("nbgrader", {}).get("grade_id"), c.source)
        if student == "bob":
            cell(nb, "q6_9_answer").source = f"answer_6_9 = {every_leaf}"
            cell(nb, "q6_12_answer").source = 'answer_6_12 = "b"'
            answer = cell(nb, "q6_14_answer")
            answer.source = answer.source.replace("alpha > beta", "alpha >= beta")
        (base / "submitted" / student).mkdir(parents=True)
        nbformat.write(nb, base / "submitted" / student / ALPHABETA.name)
    grade(base / "submitted", key, base / "graded", stream=io.StringIO(), jobs=2, **LIMITS)
    return base, blank


def test_the_alphabeta_notebook_releases_clean_with_its_eight_questions(alphabeta_class):
    base, blank = alphabeta_class
    text = json.dumps(blank)
    assert "BEGIN SOLUTION" not in text and "answer-key" not in text
    assert "alpha > beta:" not in text and "no-pruning\")" not in text
    assert "answer_6_7 = ...  # YOUR ANSWER HERE" in text and "NotImplementedError" in text
    key = json.loads((base / "key.json").read_text())
    questions = key["notebooks"][ALPHABETA.name]["questions"]
    assert sorted(questions, key=lambda q: int(q.split(".")[1])) == \
        [f"q6.{n}" for n in range(7, 15)]
    assert questions["q6.14"]["options"] == {"hidden": True}
    assert sum(q["points"] for q in questions.values()) == 14


def test_the_alphabeta_notebook_grades_right_and_wrong_answers(alphabeta_class):
    base = alphabeta_class[0]
    scores, rows = points(base)
    assert sum(scores["alice"].values()) == 14
    assert rows[("bob", "q6.9")]["diagnosis"] == "no-pruning or prune-strict"
    assert rows[("bob", "q6.14")]["diagnosis"] == "prune-non-strict"
    passed, total = hidden_share(rows[("bob", "q6.14")]["feedback"])
    assert 0 < passed < total and scores["bob"]["q6.14"] == round(3 * passed / total, 2)
    assert "trees where alpha meets beta exactly" in rows[("bob", "q6.14")]["feedback"]
    assert sum(scores["bob"].values()) == pytest.approx(14 - 1 - 1 - 3 + scores["bob"]["q6.14"])
