"""The class report (issue 20): what it counts, and a page that needs nothing but itself."""

import base64
import re

from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.lms.collect import STUDENT_FIELDS
from minimax_lessons.instructor.common import csv_text
from minimax_lessons.instructor.lms.export import GRADE_FIELDS
from minimax_lessons.instructor.gradebook.final import TOTAL_FIELDS
from minimax_lessons.instructor.gradebook.report import class_summary, class_summary_from


def grade(student, question, points, worth=2, diagnosis="", answer="", feedback="judged"):
    return {"student": student, "notebook": "a.ipynb", "question": question,
            "points": str(points), "max_points": str(worth), "diagnosis": diagnosis,
            "feedback": feedback, "answer": answer}


def total(student, points, problems=""):
    return {"student": student, "points": str(points), "max_points": "4",
            "problems": problems}


CLASS = [f"s{i:02d}" for i in range(20)]


def test_an_unusual_wrong_answer_shared_by_two_is_a_pair_a_common_one_is_not():
    grades = [grade(s, "q1", 0, answer="12", diagnosis="max-at-every-level") for s in CLASS[:8]]
    grades += [grade("s10", "q1", 0, answer="99"), grade("s11", "q1", 0, answer="99"),
               grade("s10", "q2", 0, answer='["B1"]'), grade("s11", "q2", 0, answer='["B1"]'),
               grade("s12", "q2", 2, answer='["B1"]'),  # right for s12's own variant: not wrong
               grade("s13", "q2", 0, answer="null")]
    found = class_summary_from([total(s, 0) for s in CLASS], grades)
    assert [p["students"] for p in found["pairs"]] == [("s10", "s11")]
    assert found["pairs"][0]["answers"] == [("q1", "99"), ("q2", '["B1"]')]


def test_misconceptions_count_students_once_and_leave_out_what_is_no_misconception():
    grades = [grade("a", "q1", 0, diagnosis="max-at-every-level"),
              grade("a", "q2", 0, diagnosis="max-at-every-level"),
              grade("b", "q1", 0, diagnosis="max-at-every-level"),
              grade("c", "q1", 0, diagnosis="prune-strict"),
              grade("d", "q1", 0, diagnosis="not-answered")]
    found = class_summary_from([total(s, 0) for s in "abcd"], grades)["misconceptions"]
    assert [(m["id"], m["students"], m["questions"]) for m in found] == [
        ("max-at-every-level", 2, ["q1", "q2"]), ("prune-strict", 1, ["q1"])]
    assert found[0]["say"] and any(lesson["number"] == 2 for lesson in found[0]["lessons"])


def test_failures_are_crashes_timeouts_unreadable_notebooks_and_nothing_handed_in():
    totals = [total("ok", 4, "b.ipynb: not submitted"),
              total("loop", 2, "a.ipynb: cell 3 ran longer than 30 s and was interrupted"),
              total("dead", 0, "a.ipynb: the kernel died (the notebook crashed Python)"),
              total("away", 0, "a.ipynb: not submitted")]
    grades = [grade("ok", "q1", 2), grade("ok", "q9", 0, feedback="not submitted"),
              grade("loop", "q1", 2), grade("dead", "q1", 0),
              grade("away", "q1", 0, feedback="not submitted")]
    found = {f["student"]: f["kinds"] for f in class_summary_from(totals, grades)["failed"]}
    assert found == {"loop": ["timed out"], "dead": ["crash"], "away": ["not handed in"]}


def test_the_report_is_one_page_with_its_pictures_inside(tmp_path, capsys):
    (tmp_path / "grades.csv").write_text(csv_text(GRADE_FIELDS, [
        grade("ann", "q1", 2), grade("ann", "q2", 0, diagnosis="prune-strict", answer="3"),
        grade("李伟", "q1", 1), grade("李伟", "q2", 0, diagnosis="prune-strict", answer="4")]))
    (tmp_path / "totals.csv").write_text(csv_text(TOTAL_FIELDS, [
        {**total("ann", 2), "late_penalty": "0", "adjustments": "1"}, total("李伟", 1)]))
    (tmp_path / "students.csv").write_text(csv_text(STUDENT_FIELDS, [
        {"student": "李伟", "name": "李, 伟"}]))
    assert class_summary(tmp_path)["adjusted"] == 1
    assert main(["report", str(tmp_path), "--title", "Week 3 <exercises>"]) == 0
    assert "report.html" in capsys.readouterr().out
    page = (tmp_path / "report.html").read_text()
    assert "<title>Week 3 &lt;exercises&gt;: class report</title>" in page
    assert not re.search(r"""(src|href)=['"]?(https?:|//)""", page)
    assert "<script" not in page
    pictures = re.findall(r"src='data:image/png;base64,([^']+)'", page)
    assert len(pictures) == 3
    assert all(base64.b64decode(p).startswith(b"\x89PNG") for p in pictures)
