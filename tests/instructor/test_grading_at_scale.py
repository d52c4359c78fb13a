"""Grading a class (issue 9): a roster's variants, ``--jobs``, ``--shard`` and ``merge``, exports.

One small class is graded once, two students at a time; two of its students are then
graded again one at a time (``regrade``, the rest resumed), which must give
byte-identical tables and pages. The shards are cut from the same class (their
students' signed results are copied in, so each shard resumes instead of grading
again: what is tested there is the slicing and the joining).
"""

import csv
import io
import json
import shutil

import nbformat
import pytest

from .assignment_kit import ALWAYS_MAX, LIMITS, NAME, make_assignment, right_pruned, submit

from minimax_lessons.instructor import grade, load_key
from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.lms.export import canvas_csv, gradescope_results, merge
from minimax_lessons.instructor.grading.batch import in_shard, parse_shard
from minimax_lessons.instructor.assignment.release import ReleaseError
from minimax_lessons.instructor.assignment.variants import assigned_seed, read_roster

#: Grades a class: not for make test-fast.
pytestmark = pytest.mark.slow


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def points(out):
    found = {}
    for row in rows(out / "grades.csv"):
        found.setdefault(row["student"], {})[row["question"]] = float(row["points"])
    return found


def a_second_student(key):
    """A student id whose assigned trees have another q3.13 answer than ``me = "same"``."""
    return next(sid for sid in (f"ben{i}" for i in range(100))
                if right_pruned(assigned_seed(key, sid)) != right_pruned("same"))


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    base = tmp_path_factory.mktemp("class")
    key, blank = make_assignment(base)
    data = load_key(key)
    ben = a_second_student(data)
    subs = base / "submitted"
    # ann and ben both type me = "same"; the roster gives them different trees
    submit(subs, blank, "ann", me="same", pruned=right_pruned(assigned_seed(data, "ann")))
    submit(subs, blank, ben, me="same")  # answers the trees of the seed typed, not assigned
    submit(subs, blank, "cat", minimax=ALWAYS_MAX)
    submit(subs, blank, "zed")  # not on the roster
    roster = base / "roster.csv"
    roster.write_text(f"student,name\nann,Ann\n{ben},Ben\ncat,Cat\ndan,Dan\n")
    stream = io.StringIO()
    grade(subs, key, base / "graded", roster=roster, jobs=2, stream=stream, **LIMITS)
    return {"base": base, "key": key, "data": data, "ben": ben, "roster": roster,
            "one": base / "graded", "progress": stream.getvalue()}


def test_with_a_roster_two_students_with_the_same_me_are_judged_on_their_assigned_trees(
        classroom):
    found = points(classroom["one"])
    assert found["ann"]["q3.13"] == 2, "ann answered the trees the roster gave her"
    assert found[classroom["ben"]]["q3.13"] == 0, "ben answered the trees of the seed he typed"
    assert found["ann"]["q3.14"] == found[classroom["ben"]]["q3.14"] == 3
    assert found["cat"]["q3.14"] < 3


def test_students_off_the_roster_get_nothing_and_listed_ones_without_work_get_zero(classroom):
    totals = {r["student"]: r for r in rows(classroom["one"] / "totals.csv")}
    assert "not on the roster" in totals["zed"]["problems"] and totals["zed"]["points"] == "0"
    assert "not submitted" in totals["dan"]["problems"] and totals["dan"]["points"] == "0"


def test_one_at_a_time_gives_byte_identical_tables_and_pages_to_two_at_once(classroom,
                                                                             tmp_path):
    """ann and cat (full marks, and partial credit) graded again alone, one after the other;
    regrade grades only the students named, and the others resume."""
    out = tmp_path / "again"
    shutil.copytree(classroom["one"], out)
    stream = io.StringIO()
    grade(classroom["base"] / "submitted", classroom["key"], out, roster=classroom["roster"],
          regrade=["ann", "cat"], jobs=1, stream=stream, **LIMITS)
    bar = [line.split("  ", 1)[1] for line in stream.getvalue().splitlines()
           if line.startswith("grading [")]
    graded = [line for line in bar if "already graded" not in line]
    assert len(bar) == 5 and [line.split(":")[0] for line in graded] == ["ann", "cat"]
    for name in ("grades.csv", "totals.csv", "feedback/ann.html", "feedback/cat.html"):
        assert (out / name).read_bytes() == (classroom["one"] / name).read_bytes(), name
    assert len(rows(classroom["one"] / "totals.csv")) == 5


def test_the_progress_bar_counts_every_student_with_two_jobs(classroom):
    lines = [line for line in classroom["progress"].splitlines() if line.startswith("grading [")]
    assert len(lines) == 5 and lines[-1].split("]")[1].split()[0] == "5/5"


def test_shards_split_the_class_and_merge_gives_the_single_run_tables(classroom):
    base, everyone = classroom["base"], set(points(classroom["one"]))
    folders, graded = [], []
    for index in (1, 2, 3):
        folder = base / f"shard{index}"
        shutil.copytree(classroom["one"] / "results", folder / "results")
        stream = io.StringIO()
        grade(base / "submitted", classroom["key"], folder, roster=classroom["roster"],
              shard=(index, 3), stream=stream, **LIMITS)
        bar = [line for line in stream.getvalue().splitlines() if line.startswith("grading [")]
        assert all("already graded" in line for line in bar), "each shard resumed"
        graded.append(set(points(folder)))
        folders.append(folder)
    assert set().union(*graded) == everyone and sum(map(len, graded)) == len(everyone)
    assert merge(folders, base / "merged") == len(everyone)
    for name in ("grades.csv", "totals.csv"):
        assert (base / "merged" / name).read_bytes() == (classroom["one"] / name).read_bytes()
    with pytest.raises(ReleaseError, match="graded in both"):
        merge([classroom["one"], *folders], base / "twice")


def test_a_student_is_in_exactly_one_shard_of_any_count():
    for count in (1, 2, 5):
        for student in ("ann", "ben", "zoë", "x" * 40):
            assert sum(in_shard(student, (i, count)) for i in range(1, count + 1)) == 1


def test_bad_shards_are_clear_errors():
    assert parse_shard(" 2/8 ") == (2, 8)
    for text in ("3/2", "0/4", "2", "a/b"):
        with pytest.raises(ReleaseError, match="expected i/n"):
            parse_shard(text)


def test_the_canvas_gradebook_has_points_possible_and_a_row_per_student(classroom, tmp_path):
    path = canvas_csv(classroom["one"], tmp_path / "canvas.csv", assignment="Minimax 1",
                      per="assignment")
    table = rows(path)
    assert list(table[0]) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                              "Minimax 1"]
    assert table[0]["Student"].strip() == "Points Possible" and table[0]["Minimax 1"] == "5"
    by_login = {r["SIS Login ID"]: r["Minimax 1"] for r in table[1:]}
    totals = {r["student"]: r["points"] for r in rows(classroom["one"] / "totals.csv")}
    assert by_login == totals


def test_each_student_gets_a_gradescope_results_file_with_a_test_per_question(classroom,
                                                                              tmp_path):
    written = gradescope_results(classroom["one"], tmp_path / "gs")
    assert len(written) == 5
    cat = json.loads((tmp_path / "gs" / "cat" / "results.json").read_text())
    found = points(classroom["one"])["cat"]  # partial credit: a share of q3.14's points
    # the total to the cent, as totals.csv gives it: the float sum of 2.0 and 0.97 (a share
    # the key's random secret gave once) is 2.9699999999999998, not 2.97
    assert cat["max_score"] == 5 and cat["score"] == round(sum(found.values()), 2)
    assert cat["score"] == round(sum(test["score"] for test in cat["tests"]), 2)
    assert [t["name"] for t in cat["tests"]] == [f"{NAME}: q3.13", f"{NAME}: q3.14"]
    assert all({"score", "max_score", "output", "visibility"} <= set(t) for t in cat["tests"])


def test_the_command_line_merges_and_exports(classroom, tmp_path, capsys):
    assert main(["merge", str(classroom["one"]), "--out", str(tmp_path / "m")]) == 0
    assert main(["export", str(tmp_path / "m"), "--canvas", str(tmp_path / "c.csv"),
                 "--gradescope", str(tmp_path / "gs")]) == 0
    said = capsys.readouterr().out
    assert "merged 5 student(s)" in said and "5 results.json" in said
    assert (tmp_path / "c.csv").exists()
    assert main(["export", str(tmp_path / "m")]) == 2
    assert "give --canvas" in capsys.readouterr().err


def test_assign_writes_each_students_notebook_with_the_seed_the_grader_judges(classroom,
                                                                              tmp_path, capsys):
    release = classroom["base"] / "release"
    assert main(["assign", str(release), str(tmp_path / "out"), "--roster",
                 str(classroom["roster"]), "--key", str(classroom["key"])]) == 0
    for sid in read_roster(classroom["roster"]):
        nb = nbformat.read(tmp_path / "out" / sid / NAME, as_version=4)
        seed = assigned_seed(classroom["data"], sid)
        assert any(c.source.startswith(f'me = "{seed}"') for c in nb.cells)
    seeds = rows(tmp_path / "out" / "seeds.csv")
    assert [r["student"] for r in seeds] == ["ann", classroom["ben"], "cat", "dan"]
    assert len({r["seed"] for r in seeds}) == 4


def test_a_roster_with_a_student_twice_is_a_clear_error(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id\nann\nann\n")
    with pytest.raises(ReleaseError, match="listed twice"):
        read_roster(roster)


# -- the feedback page (issue 13) ----------------------------------------------------------------
def test_the_feedback_page_lists_questions_in_number_order(tmp_path):
    from minimax_lessons.instructor.gradebook.feedback import write_feedback
    from minimax_lessons.instructor.gradebook.records import QuestionGrade, StudentResult

    grades = [QuestionGrade("ann", NAME, q, 1.0, 1.0, (), f"about {q}")
              for q in ("q3.10", "q3.2", "q3.9", "q3.1")]
    write_feedback(tmp_path / "ann.html", StudentResult("ann", grades))
    page = (tmp_path / "ann.html").read_text()
    at = [page.index(f"about {q}") for q in ("q3.1", "q3.2", "q3.9", "q3.10")]
    assert at == sorted(at)


def test_the_feedback_page_shows_the_notebooks_diagnosis_picture_as_a_png(classroom):
    import base64
    import re

    from minimax_lessons.exercises import get_question

    ben = classroom["ben"]
    page = (classroom["one"] / "feedback" / f"{ben}.html").read_text()
    shown = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(shown) == 1, "one picture: ben's pruned leaves against the right ones"
    assert base64.b64decode(shown[0]).startswith(b"\x89PNG\r\n\x1a\n")
    notebook = get_question("q3.13").check(right_pruned("same"),
                                           assigned_seed(classroom["data"], ben))._repr_html_()
    assert shown[0] in notebook, "the same picture the notebook shows for that answer"
    ann = (classroom["one"] / "feedback" / "ann.html").read_text()
    assert "<img" not in ann, "right answers and hidden tests show no picture"


def test_a_missing_submissions_folder_is_a_clear_error(classroom, tmp_path, capsys):
    assert main(["grade", str(tmp_path / "nowhere"), "--key", str(classroom["key"])]) == 2
    assert "the submissions folder" in capsys.readouterr().err


def test_regrading_a_student_without_a_submission_is_a_clear_error(classroom, tmp_path):
    with pytest.raises(ReleaseError, match="no submission from 'nobody'"):
        grade(classroom["base"] / "submitted", classroom["key"], tmp_path / "out",
              regrade=["nobody"], stream=io.StringIO(), **LIMITS)
