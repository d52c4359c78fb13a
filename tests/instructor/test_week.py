"""An instructor's week, end to end (issues 20 and 32): the shell commands of docs/exercises.md's
worked example, run as they are written, on a synthetic Canvas class with odd names, renamed
files, late uploads and broken notebooks; then what the rest of the week brings: a student's
resubmission collected again and regraded, the same class from Moodle's download (its
grading worksheet in and out), and the Gradescope autograder for a student with an
extension, its questions hidden. (The Kubernetes pods' command, as root where bubblewrap
cannot work, runs beside it: tests/instructor/test_shards.py.)"""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .assignment_kit import ALWAYS_MAX
from .lms_kit import canvas_zip, moodle_worksheet, moodle_zip, notebook_bytes

from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.common.files import read_csv
from minimax_lessons.instructor.lms.platforms import canvas_file
from minimax_lessons.instructor.assignment.class_list import parse_class

#: Grades a class of seven twice over: not for make test-fast.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
N3, N6 = "03-minimax-exercises.ipynb", "06-alphabeta-exercises.ipynb"
GRADEBOOK = ("Student,ID,SIS User ID,SIS Login ID,Section,Minimax exercises (4401),"
             "Alpha-beta exercises (4402)\n"
             "    Points Possible,,,,,16.00,14.00\n"
             "\"Doe, Jane\",101,S1001,jdoe,Section A,,\n"
             "\"李, 伟\",102,S1002,liwei,Section A,,\n"
             "\"Dupont, Émile\",103,S1003,edupont,Section B,,\n"
             "\"O'Brien, Seán\",104,S1004,sobrien,Section B,,\n"
             "\"Roe, Rick\",105,S1005,rroe,Section B,,\n"
             "\"Busy, Bea\",106,S1006,bbusy,Section A,,\n"
             "\"Quiet, Quinn\",107,S1007,qquiet,Section A,,\n"
             "\"Student, Test\",999,,,Section A,,\n")


def blocks() -> dict:
    """The worked example's shell blocks in docs/exercises.md, by their marker."""
    text = (ROOT / "docs" / "exercises.md").read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- week: (.*?) -->\n```sh\n(.*?)```", text, re.S))


def run_block(script, cwd):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def solved(release, name, **answers):
    """A released notebook with the instructor's solutions typed in (``answers``: grade id ->
    another source for that answer cell)."""
    nb = json.loads((release / name).read_text())
    source = json.loads((ROOT / "course" / "source" / name).read_text())
    solutions = {c["metadata"]["nbgrader"]["grade_id"]: c["source"] for c in source["cells"]
                 if c["metadata"].get("nbgrader", {}).get("solution")}
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell["source"] = answers[grade_id]
        elif grade_id in solutions:
            cell["source"] = solutions[grade_id]
    return nb


def uploads(base):
    """The class's uploads, as Canvas's download holds them: (name, file, bytes, extra)."""
    release = base / "release"
    blank = json.loads((release / N3).read_text())
    looping = solved(release, N3)
    looping["cells"].insert(2, {"cell_type": "code", "id": "loop", "metadata": {},
                                "execution_count": None, "outputs": [],
                                "source": "import time\nwhile True:\n    time.sleep(1)"})
    odd = {"q3_1_answer": "answer_3_1 = 99"}
    return [
        ("doejane", "hw3.ipynb", notebook_bytes(blank), {"user": 101, "attachment": 7001}),
        ("doejane", "03-minimax-exercises (1).ipynb", notebook_bytes(solved(release, N3)),
         {"user": 101, "attachment": 7011}),
        ("doejane", "hw6_alphabeta.ipynb", notebook_bytes(solved(release, N6)),
         {"user": 101, "attachment": 7012}),
        ("李伟", "作业3.ipynb", notebook_bytes(solved(release, N3, q3_12_answer=ALWAYS_MAX)),
         {"user": 102, "attachment": 7002, "late": True}),
        ("dupontémile", "Minimax HW.ipynb", notebook_bytes(solved(release, N3, **odd)),
         {"user": 103, "attachment": 7003}),
        ("obrienseán", N3, notebook_bytes(solved(
            release, N3, q3_7_answer='answer_3_7 = ["min", "max"]', **odd)),
         {"user": 104, "attachment": 7004}),
        ("roerick", N3, b'{"cells": [{"cell_type": "code", "sou', {"user": 105,
                                                                    "attachment": 7005}),
        # the looping notebook's student comes first: its 10 s pass beside the others' grading
        ("busybea", N3, notebook_bytes(looping), {"user": 106, "attachment": 7006}),
    ]


def download(base):
    """What Canvas hands the instructor after the deadline, and the gradebook export."""
    canvas_zip(base / "submissions.zip", uploads(base))
    (base / "gradebook.csv").write_text(GRADEBOOK, encoding="utf-8")
    (base / "times.csv").write_text("ID,submitted_at\n103,2025-03-03T10:00:00+00:00\n")


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    base = tmp_path_factory.mktemp("week")
    (base / "course").symlink_to(ROOT / "course")
    steps = blocks()
    assert set(steps) == {"monday", "after the deadline"}
    run_block(steps["monday"], base)
    download(base)
    done = run_block(steps["after the deadline"], base)
    return {"base": base, "out": done.stdout, "err": done.stderr}


def totals(week):
    return {r["student"]: r for r in read_csv(week["base"] / "graded" / "totals.csv")}


def test_collect_files_renamed_notebooks_by_content_and_reports_the_rest(week):
    base = week["base"]
    assert (base / "submitted" / "jdoe" / N6).exists(), "hw6_alphabeta.ipynb is the 06 notebook"
    report = (base / "submitted" / "collection.txt").read_text()
    assert "jdoe: 03-minimax-exercises.ipynb <- 03-minimax-exercises (1).ipynb" in report
    assert "jdoe: hw3.ipynb (an earlier upload than 03-minimax-exercises (1).ipynb)" in report
    assert "liwei: 03-minimax-exercises.ipynb <- 作业3.ipynb, marked late" in report
    assert "On the roster, submitted nothing: 1\n  qquiet" in report


def test_totals_apply_the_late_policy_and_the_adjustment(week):
    found = totals(week)
    assert found["jdoe"]["points"] == found["jdoe"]["max_points"] == "30"
    li = found["liwei"]
    assert li["late_penalty"] == "1.6", "Canvas's late mark: one day, 10% of 16"
    assert float(li["points"]) == round(float(li["automatic"]) - 1.6, 2)
    assert found["edupont"]["late_penalty"] == "3.2", "two days begun: 20% of 16"
    assert found["sobrien"]["adjustments"] == "1"
    assert float(found["sobrien"]["points"]) == float(found["sobrien"]["automatic"]) + 1
    assert "could not be read" in found["rroe"]["problems"] and found["rroe"]["points"] == "0"
    assert "ran longer than 10.0 s" in found["bbusy"]["problems"]
    assert found["bbusy"]["automatic"] == "16", "the loop costs its cell, not the notebook"
    assert found["qquiet"]["points"] == "0"


def test_feedback_pages_say_why_points_were_taken_or_given(week):
    feedback = week["base"] / "graded" / "feedback"
    li = html.unescape((feedback / "liwei.html").read_text())
    assert "Canvas marked this submission late but gives no time: one day's penalty" in li
    assert "MIN's levels must take the smallest child value" in li
    sean = html.unescape((feedback / "sobrien.html").read_text())
    assert "Changes by your instructor" in sean and "players swapped: my mistake" in sean


def test_the_canvas_import_has_canvas_ids_and_a_column_per_existing_assignment(week):
    text = (week["base"] / "canvas-import.csv").read_text()
    found = parse_class(text)
    assert found.kind == "canvas" and len(found.students) == 7
    rows = read_csv(week["base"] / "canvas-import.csv")
    assert list(rows[0])[5:] == ["Minimax exercises (4401)", "Alpha-beta exercises (4402)"]
    li = next(r for r in rows if r["SIS Login ID"] == "liwei")
    assert (li["Student"], li["ID"], li["SIS User ID"], li["Section"]) == (
        "李, 伟", "102", "S1002", "Section A")
    assert li["Minimax exercises (4401)"] == totals(week)["liwei"]["points"]


def test_feedback_goes_back_with_readable_names_and_upload_zips(week):
    back = week["base"] / "handback"
    index = {r["student"]: r["file"] for r in read_csv(back / "index.csv")}
    assert index["liwei"] == "李, 伟 (liwei).html" and (back / index["liwei"]).exists()
    assert index["edupont"] == "Dupont, Émile (edupont).html"
    with zipfile.ZipFile(back / "canvas-feedback.zip") as z:
        users = sorted(canvas_file(n)["user_id"] for n in z.namelist())
    assert users == ["101", "102", "103", "104", "105", "106"], "all but Quinn handed in"


def test_the_class_report_is_one_offline_page_that_points_at_what_to_reteach(week):
    page = (week["base"] / "graded" / "report.html").read_text()
    assert not re.search(r"""(src|href)=['"]?https?:""", page), "nothing fetched"
    assert page.count("data:image/png;base64,") == 3
    assert "max-at-every-level" in page and "lesson-02.md" in page
    assert "edupont &amp; sobrien" in page, "the same odd answer, 99, to q3.7"
    for student, kind in (("rroe", "unreadable"), ("bbusy", "timed out"),
                          ("qquiet", "not handed in")):
        assert re.search(rf"<td>{student}<br>.*?{kind}", page), student


def test_moodle_and_gradescope_exports_are_written(week):
    rows = read_csv(week["base"] / "moodle-import.csv")
    assert list(rows[0]) == ["Username", "Minimax exercises", "Feedback"]
    assert len(rows) == 7
    with zipfile.ZipFile(week["base"] / "autograder.zip") as z:
        assert {"setup.sh", "run_autograder", "key.json"} <= set(z.namelist())


def test_grading_again_regraded_nobody_and_kept_the_results(week):
    """The second grade run (after the adjustment) only computed the final grades again."""
    assert week["err"].count("already graded") >= 7


# -- later in the week ------------------------------------------------------------------------
COLLECT = ("python -m minimax_lessons.instructor collect submissions-2.zip resubmitted/ "
           "--key instructor/key.json --roster gradebook.csv --times times.csv --timezone UTC "
           "--replace")
GRADE = ("python -m minimax_lessons.instructor grade resubmitted/ --key instructor/key.json "
         "--out regraded/ --jobs 2 --timeout 10 --due 2025-03-01T23:59 --timezone UTC "
         "--late-penalty 10%/day --late-cap 50%")


@pytest.fixture(scope="module")
def resubmission(week):
    """Seán hands in his minimax notebook again, all right this time, after the class was
    graded: Canvas's new download has both his uploads; collect --replace and grade again
    (on copies of the week's folders)."""
    base = week["base"]
    shutil.copytree(base / "submitted", base / "resubmitted")
    shutil.copytree(base / "graded", base / "regraded")
    again = uploads(base) + [("obrienseán", "03-minimax-exercises-1.ipynb",
                              notebook_bytes(solved(base / "release", N3)),
                              {"user": 104, "attachment": 7014})]
    canvas_zip(base / "submissions-2.zip", again)
    done = run_block(f"{COLLECT}\n{GRADE}\n", base)
    return {"base": base, "err": done.stderr, "before": totals(week),
            "after": {r["student"]: r for r in read_csv(base / "regraded" / "totals.csv")}}


def test_a_resubmission_collected_again_is_regraded_and_said_so_and_nobody_else(resubmission):
    err, before, after = resubmission["err"], resubmission["before"], resubmission["after"]
    assert ("sobrien: 03-minimax-exercises.ipynb changed since the stored result (collected "
            "again?); graded again") in err
    assert err.count("already graded") == len(before) - 1, "everyone else's result kept"
    assert "sobrien: already graded" not in err
    assert float(before["sobrien"]["automatic"]) < 16 == float(after["sobrien"]["automatic"])
    assert after["sobrien"]["adjustments"] == "1", "the adjustment stays"
    for student, row in before.items():
        if student != "sobrien":
            assert after[student] == row, student


#: The class on Moodle: Canvas's name in the download -> (full name, participant number,
#: username, when Moodle last saw the submission, in the worksheet's words and UTC).
MOODLE = {"doejane": ("Jane Doe", 880101, "jdoe", "Saturday, 1 March 2025, 8:00 PM"),
          "李伟": ("伟 李", 880102, "liwei", "Sunday, 2 March 2025, 4:59 AM"),
          "dupontémile": ("Émile Dupont", 880103, "edupont", "Monday, 3 March 2025, 10:00 AM"),
          "obrienseán": ("Seán O'Brien", 880104, "sobrien", "Saturday, 1 March 2025, 9:00 PM"),
          "roerick": ("Rick Roe", 880105, "rroe", "Saturday, 1 March 2025, 9:30 PM"),
          "busybea": ("Bea Busy", 880106, "bbusy", "Saturday, 1 March 2025, 10:00 PM"),
          "quietquinn": ("Quinn Quiet", 880107, "qquiet", "-")}
MOODLE_WEEK = """\
python -m minimax_lessons.instructor collect moodle-submissions.zip moodle-submitted/ \\
    --key instructor/key.json --roster participants.csv --worksheet worksheet.csv --timezone UTC
python -m minimax_lessons.instructor grade moodle-submitted/ --key instructor/key.json \\
    --out moodle-graded/ --jobs 2 --timeout 10 --due 2025-03-01T23:59 --timezone UTC \\
    --late-penalty 10%/day --late-cap 50%
python -m minimax_lessons.instructor export moodle-graded/ --moodle-worksheet moodle-grades.csv \\
    --roster worksheet.csv
"""


@pytest.fixture(scope="module")
def moodle(week):
    """The same class handed in on Moodle: "Download all submissions" (folders named as
    Moodle 4.1 and later name them, no trailing underscore), the grading worksheet and
    the participants. The notebooks are the very bytes graded on Canvas, so grade keeps
    every stored result (a copy of the week's graded folder) and only works out the final
    grades again, from Moodle's times."""
    base = week["base"]
    latest = [u for u in uploads(base) if u[1] != "hw3.ipynb"]  # Moodle keeps the last files
    moodle_zip(base / "moodle-submissions.zip", [
        (MOODLE[name][0], file, data, {"participant": MOODLE[name][1]})
        for name, file, data, _ in latest])
    moodle_worksheet(base / "worksheet.csv", [
        (number, full, f"{user}@uni.example", when) for full, number, user, when
        in MOODLE.values()])
    (base / "participants.csv").write_text(
        "First name,Last name,Username,Email address\n" + "".join(
            f"{full.split(' ', 1)[0]},{full.split(' ', 1)[1]},{user},{user}@uni.example\n"
            for full, _, user, _ in MOODLE.values()), encoding="utf-8")
    shutil.copytree(base / "graded", base / "moodle-graded")
    done = run_block(MOODLE_WEEK, base)
    return {"base": base, "out": done.stdout, "err": done.stderr,
            "totals": {r["student"]: r for r in read_csv(base / "moodle-graded" / "totals.csv")}}


def test_the_same_class_from_moodle_is_filed_under_the_same_ids_and_kept_as_graded(moodle,
                                                                                   week):
    assert "from a moodle download" in moodle["out"]
    assert moodle["err"].count("already graded") == 7 and "graded again" not in moodle["err"]
    canvas = totals(week)
    for student, row in moodle["totals"].items():
        assert row["automatic"] == canvas[student]["automatic"], student


def test_moodle_s_times_from_its_worksheet_make_the_late_penalties(moodle):
    found = moodle["totals"]
    assert found["liwei"]["late_penalty"] == "1.6", "5 h late: one day begun, 10% of 16"
    assert found["edupont"]["late_penalty"] == "3.2", "1 day 10 h late: two days, 20% of 16"
    assert found["jdoe"]["late_penalty"] == "0" and found["sobrien"]["adjustments"] == "1"


def test_the_grades_go_back_in_the_assignment_s_own_worksheet(moodle):
    rows = read_csv(moodle["base"] / "moodle-grades.csv")
    assert [r["Identifier"] for r in rows] == [f"Participant {n}" for n in range(880101, 880108)]
    by_name = {r["Full name"]: r for r in rows}
    assert by_name["伟 李"]["Grade"] == moodle["totals"]["liwei"]["points"]
    assert by_name["Quinn Quiet"]["Grade"] == "0", "on the worksheet, nothing handed in"
    assert by_name["Jane Doe"]["Feedback comments"].startswith("30/30 points")
    assert "left out" not in moodle["out"]


def test_the_gradescope_autograder_honours_an_extension_and_hides_each_question(week, tmp_path):
    """Built with --visibility hidden; the student's Gradescope due date is 3 days after the
    assignment's, so a notebook 2 days late loses nothing; the total shows, the verdicts
    do not."""
    from .test_gradescope import check_results

    base = week["base"]
    root = tmp_path / "autograder"
    assert main(["export", "--gradescope-autograder", str(base / "hidden.zip"), "--key",
                 str(base / "instructor" / "key.json"), "--due", "2025-03-01T23:59-06:00",
                 "--late-penalty", "10%/day", "--visibility", "hidden"]) == 0
    with zipfile.ZipFile(base / "hidden.zip") as z:
        z.extractall(root / "source")
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    (root / "run_autograder").chmod(0o755)
    (root / "results").mkdir()
    (root / "submission").mkdir()
    wrong_minimax = solved(base / "release", N3, q3_12_answer=ALWAYS_MAX)
    (root / "submission" / "my homework.ipynb").write_bytes(notebook_bytes(wrong_minimax))
    (root / "submission_metadata.json").write_text(json.dumps({
        "id": 4711, "created_at": "2025-03-04T05:30:00.000000+00:00",  # 2 days late ...
        "assignment": {"due_date": "2025-03-01T23:59:00.000000-06:00", "late_due_date": None,
                       "title": "Minimax"},
        "users": [{"email": "li.wei@uni.example", "id": 77, "name": "李伟", "sid": "liwei",
                   "assignment": {"due_date": "2025-03-04T23:59:00.000000-06:00",  # ... of 3
                                  "late_due_date": "2025-03-06T23:59:00.000000-06:00"}}]}))
    env = {**os.environ, "MINIMAX_LESSONS_PYTHON": sys.executable}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((root / "results" / "results.json").read_text())
    check_results(results)
    tests = {t["number"]: t for t in results["tests"]}
    assert {t["visibility"] for t in tests.values()} == {"hidden"}
    assert results["visibility"] == "visible", "the total shows"
    assert "max-at-every-level" in tests["q3.14"]["output"] and tests["q3.14"]["score"] < 3
    automatic = round(sum(t["score"] for t in results["tests"]), 2)
    assert results["score"] == automatic, "within the extension: nothing taken"
    output = results["output"]
    assert output.startswith(f"{automatic:g} / 30 points.")
    assert "Each question's result shows to your instructor only." in output
    assert ("Your due date on Gradescope: 2025-03-04 23:59 -06:00 (3 days after the "
            "assignment's).") in output
    assert "Late" not in output
