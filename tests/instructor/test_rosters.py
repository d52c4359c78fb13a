"""Class lists from Canvas, Moodle and plain CSV (issue 20): the rows that are students, and
every identifier each platform knows them by; errors name the line."""

import csv
import io

import pytest

from minimax_lessons.instructor.assignment.release import ReleaseError
from minimax_lessons.instructor.assignment.variants import read_roster
from minimax_lessons.instructor.assignment.class_list import parse_class, read_class

#: A Canvas gradebook export as Canvas writes it: a BOM, a muted row, the points row, the
#: test student last (GradebookExporter#to_csv).
CANVAS = ("\ufeffStudent,ID,SIS User ID,SIS Login ID,Section,Minimax exercises (4401),"
          "Current Score\n"
          ",,,,,Muted,\n"
          "    Points Possible,,,,,16.00,(read only)\n"
          "\"Doe, Jane\",12345,S001,jdoe,Section A,12.00,75\n"
          "\"Roe, Rick\",12346,S002,rroe,\"Section A and Section B\",,0\n"
          "\"Student, Test\",99999,,,Section A,,\n")


def test_a_canvas_gradebook_export_gives_its_students_not_the_points_row(tmp_path):
    path = tmp_path / "2025-03-01T1200_Grades-AI101.csv"
    path.write_bytes(CANVAS.encode("utf-8"))
    found = read_class(path)
    assert found.kind == "canvas"
    assert found.ids == ["jdoe", "rroe"] == read_roster(path)
    jane = found.by_id()["jdoe"]
    assert (jane.name, jane.canvas_id, jane.sis_user_id, jane.sis_login_id, jane.section) == (
        "Doe, Jane", "12345", "S001", "jdoe", "Section A")
    assert found.by_id()["rroe"].section == "Section A and Section B"


def test_a_canvas_export_without_sis_logins_uses_the_next_id_every_student_has():
    text = CANVAS.replace("jdoe", "").replace("S002", "")
    found = parse_class(text)
    assert found.ids == ["12345", "12346"], "SIS User ID is missing for Rick: Canvas's ID"


def test_a_canvas_export_with_semicolons_is_read_too():
    """Canvas writes ; between cells where the decimal separator is a comma."""
    rows = list(csv.reader(io.StringIO(CANVAS.lstrip("\ufeff"))))
    text = io.StringIO()
    csv.writer(text, delimiter=";").writerows(rows)
    found = parse_class(text.getvalue())
    assert found.ids == ["jdoe", "rroe"] and found.by_id()["jdoe"].name == "Doe, Jane"


def test_a_moodle_participants_download_gives_names_and_emails():
    text = ("First name,Last name,ID number,Email address,Roles,Groups,Last access to course\n"
            "Émile,Dupont,2041,emile@uni.example,Student,G1,Never\n"
            "伟,李,2042,li.wei@uni.example,Student,G2,Never\n")
    found = parse_class(text)
    assert found.kind == "moodle" and found.ids == ["2041", "2042"]
    assert found.by_id()["2042"].name == "伟 李"
    assert found.by_id()["2041"].email == "emile@uni.example"


def test_a_plain_roster_keeps_names_sections_and_extensions():
    found = parse_class("student,name,section,extension\nann,Ann Lee,1,2d\nbob,,2,\n")
    assert found.kind == "plain" and found.ids == ["ann", "bob"]
    assert found.by_id()["ann"].extension == "2d" and found.by_id()["ann"].name == "Ann Lee"


def test_a_roster_without_a_header_is_a_column_of_ids():
    assert parse_class("ann\nbob\n").ids == ["ann", "bob"]


@pytest.mark.parametrize("text, message", [
    ("student,name\nann,Ann\n,Nobody\n", "line 3: no student id"),
    ("student\nann\nbob\nann\n", r"line 4: the student 'ann' is listed twice \(also on line 2\)"),
    ("Student,ID,SIS Login ID,Section\n\"Doe, Jane\",,,A\n    Points Possible,,,\n",
     "line 2: no student id"),
    ("student\n", "lists no students"),
    ('student\n"ann\n', "line"),
])
def test_a_roster_that_cannot_be_read_says_which_line_and_why(text, message):
    with pytest.raises(ReleaseError, match=message):
        parse_class(text)


def test_a_roster_that_is_not_utf8_says_so(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_bytes("student\némile\n".encode("latin-1"))
    with pytest.raises(ReleaseError, match="not UTF-8"):
        read_class(path)


def test_a_canvas_export_with_split_names_gives_the_same_students():
    """The gradebook's "LastName, FirstName" setting: two name columns instead of Student."""
    text = ("LastName,FirstName,ID,SIS User ID,SIS Login ID,Section,Minimax exercises (4401)\n"
            "    Points Possible,,,,,,16.00\n"
            "Doe,Jane,12345,S001,jdoe,Section A,12.00\n"
            "李,伟,12347,S003,liwei,Section B,\n"
            "Student,Test,99999,,,Section A,\n")
    found = parse_class(text)
    assert found.kind == "canvas" and found.ids == ["jdoe", "liwei"]
    assert [s.name for s in found.students] == ["Doe, Jane", "李, 伟"], "Canvas's sortable name"
    assert found.by_id()["jdoe"].canvas_id == "12345"
    assert [(s.name, s.canvas_id) for s in found.test_students] == [("Student, Test", "99999")]
    assert found.columns == ["Minimax exercises (4401)"]


def test_a_canvas_export_keeps_its_test_student_apart_and_its_assignment_columns():
    found = parse_class(CANVAS)
    assert [s.canvas_id for s in found.test_students] == ["99999"]
    assert found.columns == ["Minimax exercises (4401)"], "not Current Score, no custom column"


def test_a_moodle_grading_worksheet_keeps_each_participant_number():
    text = ('Identifier,"Full name","Email address",Status,Grade,"Maximum Grade"\n'
            '"Participant 880574","Abe Zane",abe@uni.example,"Submitted for grading",,30.00\n')
    [abe] = parse_class(text).students
    assert (abe.id, abe.participant, abe.name) == ("abe@uni.example", "880574", "Abe Zane")
