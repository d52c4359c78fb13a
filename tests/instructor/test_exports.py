"""Exports a platform imports as they are, and the feedback handed back (issue 20), on a graded
folder written by hand (the week's test grades a real class)."""

import zipfile

import pytest

from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.lms.collect import STUDENT_FIELDS
from minimax_lessons.instructor.common.files import csv_text, read_csv
from minimax_lessons.instructor.lms.export import canvas_csv, moodle_csv
from minimax_lessons.instructor.lms.feedback_release import release_feedback
from minimax_lessons.instructor.gradebook.tables import NOTEBOOK_FIELDS, TOTAL_FIELDS
from minimax_lessons.instructor.lms.platforms import canvas_file, moodle_file
from minimax_lessons.instructor.assignment.release import ReleaseError
from minimax_lessons.instructor.assignment.class_list import parse_class

N3, N6 = "03-minimax-exercises.ipynb", "06-alphabeta-exercises.ipynb"
STUDENTS = [  # id, name, Canvas user id, attachment, SIS user id, section, email, Moodle
    ("jdoe", "Doe, Jane", "101", "5009", "S1", "A", "jane@uni.example", ""),
    ("李伟", "", "", "", "", "", "", "7002"),
    ("émile-dupont", "", "", "", "", "", "emile@uni.example", "7001"),
]


@pytest.fixture
def graded(tmp_path):
    out = tmp_path / "graded"
    (out / "feedback").mkdir(parents=True)
    totals, notebooks, students = [], [], []
    for number, (sid, name, canvas, attachment, sis, section, email, moodle) in enumerate(
            STUDENTS):
        points = 16 - 3 * number
        totals.append({"student": sid, "points": points, "max_points": 26,
                       "automatic": points + (2 if number == 1 else 0),
                       "late_penalty": 2 if number == 1 else 0, "adjustments": 0})
        notebooks += [{"student": sid, "notebook": N3, "points": points - 5, "max_points": 16},
                      {"student": sid, "notebook": N6, "points": 5, "max_points": 10}]
        students.append({"student": sid, "name": name, "canvas_id": canvas,
                         "canvas_attachment": attachment, "canvas_name": "doejane",
                         "sis_user_id": sis, "sis_login_id": sid if sis else "",
                         "section": section, "email": email, "moodle_participant": moodle,
                         "moodle_name": "伟 李" if sid == "李伟" else "Émile Dupont"})
        (out / "feedback" / f"{_safe(sid)}.html").write_text(f"<p>page of {sid}</p>")
    (out / "totals.csv").write_text(csv_text(TOTAL_FIELDS, totals))
    (out / "notebooks.csv").write_text(csv_text(NOTEBOOK_FIELDS, notebooks))
    (out / "students.csv").write_text(csv_text(STUDENT_FIELDS, students))
    return out


def _safe(sid):
    from minimax_lessons.instructor.common.files import safe_name

    return safe_name(sid)


def test_the_canvas_csv_has_real_ids_and_a_column_per_notebook(graded, tmp_path):
    path = canvas_csv(graded, tmp_path / "canvas.csv")
    rows = read_csv(path)
    assert list(rows[0]) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                             "03-minimax-exercises", "06-alphabeta-exercises"]
    assert rows[0]["Student"] == "    Points Possible"
    assert (rows[0]["03-minimax-exercises"], rows[0]["06-alphabeta-exercises"]) == ("16", "10")
    jane = rows[1]
    assert (jane["Student"], jane["ID"], jane["SIS User ID"], jane["SIS Login ID"],
            jane["Section"], jane["03-minimax-exercises"]) == (
        "Doe, Jane", "101", "S1", "jdoe", "A", "11")
    assert rows[2]["SIS Login ID"] == "émile-dupont", "no Canvas id known: the grader's id"


def test_canvas_reads_its_own_gradebook_format_back(graded, tmp_path):
    """What Canvas exports, our roster reader reads; what we export reads the same way."""
    found = parse_class(canvas_csv(graded, tmp_path / "canvas.csv").read_text())
    assert found.kind == "canvas" and found.by_id()["jdoe"].canvas_id == "101"


def test_one_canvas_column_for_the_assignment_or_titles_of_existing_assignments(graded,
                                                                                 tmp_path):
    rows = read_csv(canvas_csv(graded, tmp_path / "a.csv", per="assignment",
                               assignment="Minimax", column_id="4401"))
    assert list(rows[0])[5:] == ["Minimax (4401)"] and rows[0]["Minimax (4401)"] == "26"
    assert rows[1]["Minimax (4401)"] == "16"
    rows = read_csv(canvas_csv(graded, tmp_path / "b.csv", titles={N6: "Alpha-beta (4402)"}))
    assert list(rows[0])[5:] == ["03-minimax-exercises", "Alpha-beta (4402)"]
    with pytest.raises(ReleaseError, match="no notebook called nope.ipynb"):
        canvas_csv(graded, tmp_path / "c.csv", titles={"nope.ipynb": "X"})


def test_a_roster_gives_the_identifiers_the_collection_lacks(graded, tmp_path):
    roster = tmp_path / "gradebook.csv"
    roster.write_text("Student,ID,SIS User ID,SIS Login ID,Section\n"
                      "    Points Possible,,,,\n\"Dupont, Émile\",103,S3,émile-dupont,B\n",
                      encoding="utf-8")
    rows = {r["SIS Login ID"]: r for r in read_csv(canvas_csv(graded, tmp_path / "c.csv",
                                                              roster=roster))}
    assert (rows["émile-dupont"]["ID"], rows["émile-dupont"]["Student"]) == ("103",
                                                                             "Dupont, Émile")


def test_the_moodle_csv_has_the_ids_moodle_maps_by_and_a_feedback_column(graded, tmp_path):
    rows = read_csv(moodle_csv(graded, tmp_path / "moodle.csv", per="assignment",
                               assignment="Minimax"))
    assert list(rows[0]) == ["Email address", "Username", "Minimax", "Feedback"]
    assert rows[0]["Email address"] == "jane@uni.example" and rows[0]["Minimax"] == "16"
    li = next(r for r in rows if not r["Email address"])
    assert li["Username"] == "李伟", "no email: the grader's id as the username"
    assert li["Feedback"].startswith("13/26 points (automatic 15, late -2)")


def test_the_feedback_release_keeps_names_readable_and_lays_out_uploads(graded, tmp_path):
    rows = release_feedback(graded, tmp_path / "back")
    back = tmp_path / "back"
    files = {r["student"]: r["file"] for r in rows}
    assert files == {"jdoe": "Doe, Jane (jdoe).html", "李伟": "李伟.html",
                     "émile-dupont": "émile-dupont.html"}
    assert (back / "李伟.html").read_text() == "<p>page of 李伟</p>"
    assert [r["student"] for r in read_csv(back / "index.csv")] == ["jdoe", "李伟",
                                                                    "émile-dupont"]
    index = (back / "index.html").read_text()
    assert "href='%E6%9D%8E%E4%BC%9F.html'" in index, "links that work from any script"
    with zipfile.ZipFile(back / "canvas-feedback.zip") as z:
        [name] = z.namelist()
    parts = canvas_file(name)
    assert (parts["user_id"], parts["attachment_id"]) == ("101", "5009"), \
        "Canvas's re-upload finds the student and their attachment in the name"
    with zipfile.ZipFile(back / "moodle-feedback.zip") as z:
        found = sorted(moodle_file(n)["participant"] for n in z.namelist())
    assert found == ["7001", "7002"]


def test_export_on_the_command_line_asks_for_what_to_write(graded, tmp_path, capsys):
    assert main(["export", str(graded)]) == 2
    assert "give --canvas FILE" in capsys.readouterr().err
    assert main(["export", "--canvas", str(tmp_path / "c.csv")]) == 2
    assert "give the graded folder" in capsys.readouterr().err
    assert main(["export", str(graded), "--canvas", str(tmp_path / "c.csv"), "--column",
                 "nonsense"]) == 2
    assert "NOTEBOOK=TITLE" in capsys.readouterr().err
    assert main(["export", str(graded), "--feedback", str(tmp_path / "fb"), "--moodle",
                 str(tmp_path / "m.csv")]) == 0
    said = capsys.readouterr().out
    assert "wrote 3 feedback page(s)" in said and "(1 for Canvas, 2 for Moodle)" in said


def test_with_canvas_s_gradebook_as_roster_each_column_fills_the_assignment_it_names(
        graded, tmp_path, capsys):
    roster = tmp_path / "gradebook.csv"
    roster.write_text("Student,ID,SIS User ID,SIS Login ID,Section,Homework 1 (4400),"
                      "Minimax exercises (4401),Alpha-beta exercises (4402),Current Score\n"
                      "    Points Possible,,,,,10,16,10,(read only)\n"
                      "\"Doe, Jane\",101,S1,jdoe,A,9,,,90\n", encoding="utf-8")
    assert main(["export", str(graded), "--canvas", str(tmp_path / "c.csv"), "--roster",
                 str(roster)]) == 0
    assert list(read_csv(tmp_path / "c.csv")[0])[5:] == [
        "Minimax exercises (4401)", "Alpha-beta exercises (4402)"]
    assert "(each an assignment of the roster's gradebook)" in capsys.readouterr().out
    rows = read_csv(canvas_csv(graded, tmp_path / "a.csv", roster=roster, per="assignment",
                               assignment="Minimax exercises"))
    assert list(rows[0])[5:] == ["Minimax exercises (4401)"]
    rows = read_csv(canvas_csv(graded, tmp_path / "b.csv", roster=roster,
                               titles={N6: "Alpha-beta, again"}))
    assert list(rows[0])[5:] == ["Minimax exercises (4401)", "Alpha-beta, again"], \
        "--column wins"
    roster.write_text(roster.read_text().replace("Alpha-beta exercises", "Pruning"))
    assert main(["export", str(graded), "--canvas", str(tmp_path / "d.csv"), "--roster",
                 str(roster)]) == 0
    assert "Canvas will make a new assignment of 06-alphabeta-exercises" in \
        capsys.readouterr().out


def test_the_moodle_worksheet_is_what_the_assignment_s_upload_reads(graded, tmp_path, capsys):
    """Moodle's importgradeslib.php: the columns Identifier ("Participant " and the number),
    Grade and Last modified (grade) by their English names, feedback by the plugin's."""
    from datetime import datetime, timezone

    from minimax_lessons.instructor.lms.export import moodle_worksheet

    now = datetime(2025, 3, 5, 10, 0, tzinfo=timezone.utc)
    path, left_out = moodle_worksheet(graded, tmp_path / "sheet.csv", now=now)
    rows = read_csv(path)
    assert list(rows[0]) == ["Identifier", "Full name", "Email address", "Grade",
                             "Maximum Grade", "Last modified (grade)", "Feedback comments"]
    assert [(r["Identifier"], r["Grade"]) for r in rows] == [
        ("Participant 7001", "10"), ("Participant 7002", "13")]
    assert rows[1]["Full name"] == "伟 李" and rows[0]["Email address"] == "emile@uni.example"
    assert {r["Last modified (grade)"] for r in rows} == {"2025-03-05T10:00:00+00:00"}
    assert rows[1]["Feedback comments"].startswith("13/26 points (automatic 15, late -2)")
    assert left_out == ["jdoe"], "no participant number: not in the worksheet, and said"
    sheet = tmp_path / "worksheet.csv"  # Moodle's own, downloaded: gives Jane's number
    sheet.write_text('Identifier,"Full name","Email address",Status\n'
                     '"Participant 7003","Jane Doe",jdoe,"No submission"\n')
    assert main(["export", str(graded), "--moodle-worksheet", str(tmp_path / "s2.csv"),
                 "--roster", str(sheet)]) == 0
    assert "left out" not in capsys.readouterr().out
    assert [r["Identifier"] for r in read_csv(tmp_path / "s2.csv")] == [
        "Participant 7001", "Participant 7002", "Participant 7003"]
