"""The class report (issue 20): what it counts, and a page that needs nothing but itself."""

import base64
import html
import re

from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.lms.collect import STUDENT_FIELDS
from minimax_lessons.instructor.common.files import csv_text
from minimax_lessons.instructor.gradebook.tables import GRADE_FIELDS, TOTAL_FIELDS
from minimax_lessons.instructor.gradebook.report import (class_summary, class_summary_from,
                                                         questions_figure, report_html)


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


def test_failures_are_crashes_timeouts_unreadable_notebooks_and_every_notebook_not_handed_in():
    totals = [total("half", 2, "b.ipynb: not submitted"),
              total("loop", 2, "a.ipynb: cell 3 ran longer than 30 s and was interrupted"),
              total("dead", 0, "a.ipynb: the kernel died (the notebook crashed Python)"),
              total("away", 0, "a.ipynb: not submitted; b.ipynb: not submitted"),
              total("fine", 4)]
    grades = [grade("half", "q1", 2), grade("half", "q9", 0, feedback="not submitted"),
              grade("loop", "q1", 2), grade("dead", "q1", 0), grade("fine", "q1", 2),
              grade("away", "q1", 0, feedback="not submitted")]
    found = {f["student"]: f["kinds"] for f in class_summary_from(totals, grades)["failed"]}
    assert found == {"loop": ["timed out"], "dead": ["crash"], "away": ["not handed in"],
                     "half": ["not handed in"]}, "one notebook of two missing counts too"


def test_the_failed_tile_counts_the_rows_of_its_table():
    totals = [total("half", 2, "b.ipynb: not submitted"),
              total("broken", 0, "a.ipynb: could not be read (JSONDecodeError: ...)"),
              total("away", 0, "a.ipynb: not submitted; b.ipynb: not submitted"),
              total("fine", 4)]
    page = report_html(class_summary_from(totals, [grade(s, "q1", 0) for s in
                                                    ("half", "broken", "away", "fine")]))
    tile = re.search(r"<b>(\d+)</b><span>with a notebook failed or missing</span>", page)
    section = page[page.index("<h2>Notebooks that failed or are missing</h2>"):]
    section = section[:section.index("</section>")]
    assert tile and int(tile.group(1)) == section.count("<tr><td>") == 3
    assert "3 students:" in section
    for student in ("half", "broken", "away"):
        assert f"<tr><td>{student}" in section


def test_the_rosters_test_student_is_left_out_of_every_figure_and_named(tmp_path):
    grades = [grade("ann", "q1", 2, answer="3"), grade("bob", "q1", 2, answer="3"),
              grade("studenttest", "q1", 0, answer='{"$set": ["Z9"]}',
                    diagnosis="prune-strict"),
              grade("carl", "q1", 0, answer='{"$set": ["Z9"]}', diagnosis="prune-strict")]
    (tmp_path / "grades.csv").write_text(csv_text(GRADE_FIELDS, grades))
    (tmp_path / "totals.csv").write_text(csv_text(TOTAL_FIELDS, [
        total("ann", 4), total("bob", 4), total("carl", 0),
        total("studenttest", 0, "not on the roster: not graded")]))
    (tmp_path / "students.csv").write_text(csv_text(STUDENT_FIELDS, [
        {"student": "studenttest", "name": "Student, Test", "on_roster": "test student"},
        {"student": "ann", "on_roster": "yes"}]))
    found = class_summary(tmp_path)
    assert found["students"] == 3 and found["scores"] == [4.0, 4.0, 0.0]
    assert found["left_out"] == ["studenttest"]
    assert [(q["full"], q["none"]) for q in found["questions"]] == [(2, 1)]
    assert [m["students"] for m in found["misconceptions"]] == [1]
    assert found["pairs"] == [], "the test student's answer pairs with nobody"
    page = report_html(found)
    assert "Left out of every figure: studenttest (the roster's test student)" in page


def test_answers_are_shown_as_a_person_writes_them():
    grades = [grade(s, "q1", 0, answer='{"$set": ["D2", "D3"]}') for s in ("ann", "bob")]
    grades += [grade(s, "q2", 0, answer='{"$dict": []}') for s in ("ann", "bob")]
    grades += [grade(s, "q3", 0, answer='{"$tuple": ["A", {"$float": "inf"}]}')
               for s in ("ann", "bob")]
    page = report_html(class_summary_from([total(s, 0) for s in CLASS[:18] + ["ann", "bob"]],
                                          grades))
    shown = html.unescape(page[page.index("Identical unusual wrong answers"):])
    for written in ("q1: <code>{'D2', 'D3'}</code>", "q2: <code>{}</code>",
                    "q3: <code>('A', inf)</code>"):
        assert written in shown
    assert "$set" not in page and "$dict" not in page


def test_per_question_bars_tell_full_partial_and_none_apart_without_colour():
    summary = class_summary_from([total(s, 0) for s in "abcdef"], [
        grade("a", "q1", 2), grade("b", "q1", 2), grade("c", "q1", 1), grade("d", "q1", 0),
        grade("e", "q1", 0), grade("f", "q1", 0)])
    figure = questions_figure(summary)
    bars = [p for p in figure.axes[0].patches if p.get_width() > 0]
    assert sorted((p.get_width(), p.get_hatch() or "") for p in bars) == [
        (1, "////"), (2, ""), (3, "xxx")], "each part its own pattern"
    counts = sorted(t.get_text() for t in figure.axes[0].texts)
    assert counts == ["1", "2", "3", "42%"], "a count on each part, the share at the right"
    legend = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    assert legend == ["full credit", "partial credit", "no credit"]
    alt = report_html(summary)
    assert "q1 2 full, 1 partial, 3 none" in alt


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
