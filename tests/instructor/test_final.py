"""The final grade (issue 20): the late policy from the collected times, manual adjustments on
top of the automatic grade, both in totals and feedback, kept across runs, under the
signature chain."""

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from minimax_lessons.instructor.gradebook.adjustments import parse_adjustments
from minimax_lessons.instructor.lms.collect import COLLECTION_FIELDS, STUDENT_FIELDS
from minimax_lessons.instructor.common.files import csv_text, read_csv
from minimax_lessons.instructor.gradebook.final import (final_grade, finish, lateness_of,
                                                        verify_final)
from minimax_lessons.instructor.gradebook.records import QuestionGrade, StudentResult
from minimax_lessons.instructor.grading.batch import grade
from minimax_lessons.instructor.gradebook.late import LatePolicy
from minimax_lessons.instructor.assignment.release import ReleaseError
from minimax_lessons.instructor.assignment.variants import sign

KEY = {"secret": "s", "notebooks": {
    "a.ipynb": {"cells": {}, "questions": {"q1": {"points": 6}, "q2": {"points": 4}}},
    "b.ipynb": {"cells": {}, "questions": {"q9": {"points": 10}}}}}
POLICY = LatePolicy.parse("2025-03-01T23:59+00:00", "10%/day", "30%")


def result(student, a=(6, 4), b=10):
    return StudentResult(student, [
        QuestionGrade(student, "a.ipynb", "q1", a[0], 6, None, "right"),
        QuestionGrade(student, "a.ipynb", "q2", a[1], 4, "max-at-every-level", "wrong"),
        QuestionGrade(student, "b.ipynb", "q9", b, 10, None, "right")])


def test_lateness_costs_a_share_of_the_notebook_per_period_begun_up_to_the_cap():
    at = datetime(2025, 3, 2, 0, 30, tzinfo=timezone.utc)  # 31 minutes late: one day
    assert POLICY.lateness(at).share == 0.1
    assert POLICY.lateness(datetime(2025, 3, 9, tzinfo=timezone.utc)).share == 0.3, "capped"
    assert "capped at 30%" in POLICY.lateness(datetime(2025, 3, 9, tzinfo=timezone.utc)).reason
    assert POLICY.lateness(datetime(2025, 3, 1, 23, 59, tzinfo=timezone.utc)).share == 0
    assert POLICY.lateness(at, extension="2h").share == 0, "an extension moves the due date"
    assert POLICY.lateness(at, extension="2025-03-05T12:00+00:00").share == 0
    hourly = LatePolicy.parse("2025-03-01T23:59+00:00", "2%/hour")
    assert hourly.lateness(at).periods == 1 and hourly.lateness(at).share == 0.02


def test_a_late_mark_without_a_time_costs_one_period_and_says_why():
    late = POLICY.lateness(None, marked=True, platform="Canvas")
    assert late.share == 0.1
    assert late.reason == ("Canvas marked this submission late but gives no time: one day's "
                           "penalty, 10% of the points")


@pytest.mark.parametrize("args, message", [
    (("tomorrow", "10%/day"), "--due 'tomorrow'"),
    (("2025-03-01", "10 points"), "--late-penalty"),
    (("2025-03-01", "10%/day", "150%"), "--late-cap"),
])
def test_a_late_policy_that_cannot_be_read_says_which_option(args, message):
    with pytest.raises(ReleaseError, match=message):
        LatePolicy.parse(*args)


def test_the_final_grade_takes_lateness_per_notebook_and_adds_adjustments():
    changes = parse_adjustments("student,question,points,comment\n"
                                "ann,q2,1.5,your tree was drawn wrong by me\n"
                                "ann,b.ipynb,-2,copied cell\n", KEY)
    final = final_grade(result("ann", a=(6, 0)), KEY,
                        {"a.ipynb": POLICY.lateness(datetime(2025, 3, 3, tzinfo=timezone.utc))},
                        changes)
    a, b = final.notebooks
    assert (a.automatic, a.late_penalty, a.adjustments, a.points) == (6, 2, 1.5, 5.5)
    assert (b.automatic, b.late_penalty, b.adjustments, b.points) == (10, 0, -2, 8)
    assert final.points == 13.5 and final.automatic == 16 and final.max_points == 20
    floor = final_grade(result("bob", a=(0, 0)), KEY, {"a.ipynb": POLICY.lateness(
        datetime(2025, 3, 9, tzinfo=timezone.utc))})
    assert floor.notebooks[0].points == 0, "never below 0"


@pytest.mark.parametrize("text, message", [
    ("student,question,points,comment\nann,q7,1,x\n", r"line 2: 'q7' is no question"),
    ("student,question,points,comment\nann,q1,lots,x\n", "line 2: points 'lots' is not a number"),
    ("student,question,points,comment\n,q1,1,x\n", "line 2: no student"),
    ("who,what\nann,q1\n", "expected the columns"),
])
def test_adjustments_that_cannot_be_read_say_which_line(text, message):
    with pytest.raises(ReleaseError, match=message):
        parse_adjustments(text, KEY)


def store(out, key, res):
    """A stored automatic result, signed as the grader stores it."""
    data = json.dumps(res.to_data(), sort_keys=True)
    path = out / "results" / f"{res.student}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"result": json.loads(data), "signature": sign(key, data)}))


@pytest.fixture
def graded(tmp_path):
    """Two stored results, a collection with Canvas's late mark and a time, an extension."""
    out, sub = tmp_path / "graded", tmp_path / "submitted"
    (out / "feedback").mkdir(parents=True)
    sub.mkdir()
    results = [result("ann"), result("li")]
    for r in results:
        store(out, KEY, r)
    (sub / "collection.csv").write_text(csv_text(COLLECTION_FIELDS, [
        {"student": "ann", "notebook": "a.ipynb", "status": "collected", "lms": "canvas",
         "late": "yes"},
        {"student": "li", "notebook": "b.ipynb", "status": "collected", "lms": "canvas",
         "submitted_at": "2025-03-03T10:00:00+00:00"}]))
    (sub / "students.csv").write_text(csv_text(STUDENT_FIELDS, [
        {"student": "ann", "notebooks": 1, "late": "yes", "canvas_id": "101"},
        {"student": "li", "notebooks": 1, "extension": "1d", "canvas_id": "102",
         "name": "Li, Wei"}]))
    (out / "adjustments.csv").write_text("student,question,points,comment\n"
                                         "li,q2,-1,the answer cell was copied\n")
    finish(out, results, KEY, submissions=sub, late=POLICY)
    return {"out": out, "sub": sub, "results": results}


def test_totals_notebooks_and_feedback_show_lateness_and_adjustments(graded):
    out = graded["out"]
    totals = {r["student"]: r for r in read_csv(out / "totals.csv")}
    assert (totals["ann"]["points"], totals["ann"]["late_penalty"]) == ("19", "1")
    assert (totals["li"]["points"], totals["li"]["late_penalty"],
            totals["li"]["adjustments"], totals["li"]["automatic"]) == ("18", "1", "-1", "20")
    notebooks = read_csv(out / "notebooks.csv")
    assert [(n["student"], n["notebook"], n["points"]) for n in notebooks] == [
        ("ann", "a.ipynb", "9"), ("ann", "b.ipynb", "10"), ("li", "a.ipynb", "9"),
        ("li", "b.ipynb", "9")]
    ann = (out / "feedback" / "ann.html").read_text()
    assert "Canvas marked this submission late but gives no time" in ann
    assert "<b>19 / 20 points</b>" in ann
    li = (out / "feedback" / "li.html").read_text()
    assert "Changes by your instructor" in li and "the answer cell was copied" in li
    assert "extension 1d" in li and "1 day late" in li
    assert read_csv(out / "students.csv")[1]["canvas_id"] == "102", "ids carried for export"


def test_adjustments_stay_across_runs_and_are_applied_again(graded):
    out = graded["out"]
    before = (out / "adjustments.csv").read_bytes()
    finish(out, graded["results"], KEY, submissions=graded["sub"], late=POLICY)
    assert (out / "adjustments.csv").read_bytes() == before, "the grader never writes it"
    assert read_csv(out / "totals.csv")[1]["points"] == "18"


def test_the_signature_chain_covers_adjustments_and_the_result_they_were_made_from(graded):
    out = graded["out"]
    data, why = verify_final(out, KEY, "li")
    assert why is None and data["adjustments"][0]["points"] == -1
    record = out / "final" / "li.json"
    stored = json.loads(record.read_text())
    stored["final"]["adjustments"][0]["points"] = 5
    record.write_text(json.dumps(stored))
    assert verify_final(out, KEY, "li") == (None, "the final record fails its signature "
                                                  "(edited?)")
    saved = out / "results" / "ann.json"
    stored = json.loads(saved.read_text())
    stored["result"]["grades"][1]["points"] = 4.0
    saved.write_text(json.dumps(stored))
    assert verify_final(out, KEY, "ann")[1] == ("the automatic result fails its signature "
                                                "(edited?)")
    store(out, KEY, StudentResult("ann", result("ann").grades[:2]))  # graded again, other
    assert verify_final(out, KEY, "ann")[1] == ("the final record was made from another "
                                                "automatic result")


def test_without_a_policy_or_a_collection_nothing_is_late():
    assert lateness_of("ann", KEY, None, {}, {}) == {}
    assert lateness_of("ann", KEY, POLICY, {}, {}) == {}


def test_every_time_a_student_reads_is_in_the_zone_of_the_due_date():
    policy = LatePolicy.parse("2025-03-03T23:59-06:00", "10%/day")
    late = policy.lateness(datetime(2025, 3, 4, 10, 59, tzinfo=timezone.utc))
    assert late.reason.startswith("handed in 2025-03-04 04:59 -06:00, 5 h after the due date "
                                  "(2025-03-03 23:59 -06:00)")
    closing = LatePolicy(policy.due, 0.1, cap=0.5,
                         last=datetime(2025, 3, 5, 5, 59, tzinfo=timezone.utc))
    after = closing.lateness(datetime(2025, 3, 5, 12, 0, tzinfo=timezone.utc),
                             platform="Gradescope")
    assert after.share == 0.5 and "after the late due date (2025-03-04 23:59 -06:00), the " \
        "last moment Gradescope takes late work: the most lateness may cost, 50%" in after.reason


def test_a_feedback_page_has_a_language_a_style_for_phones_and_the_students_name(graded):
    page = (graded["out"] / "feedback" / "li.html").read_text()
    assert page.startswith("<!DOCTYPE html><html lang='en'>")
    assert "name='viewport' content='width=device-width, initial-scale=1'" in page
    assert "<style>" in page and "@media (max-width: 40em)" in page
    assert "<title>Feedback for Li, Wei</title>" in page
    assert "<h1>Feedback for Li, Wei<small>li</small></h1>" in page
    assert "&minus;1 point</li>" in page, "one point, not point(s)"


def snapshot(folder):
    return {p: p.read_bytes() for p in sorted(Path(folder).rglob("*")) if p.is_file()}


@pytest.mark.parametrize("line, message", [
    ("li,q7,1,x\n", r"adjustments.csv, line 2: 'q7' is no question"),
    ("li,q2,-1,fine\n", r"the extension of 'li' in .*students.csv: the extension "
                         r"'next tuesday'"),
])
def test_a_refused_input_stops_grade_before_it_changes_any_file(graded, line, message):
    out, sub = graded["out"], graded["sub"]
    rows = read_csv(sub / "students.csv")
    if "fine" in line:
        rows[1]["extension"] = "next tuesday"
        (sub / "students.csv").write_text(csv_text(STUDENT_FIELDS, rows))
    (out / "adjustments.csv").write_text("student,question,points,comment\n" + line)
    before = snapshot(out)
    with pytest.raises(ReleaseError, match=message):
        grade(sub, KEY, out, late=POLICY, progress=False)
    assert snapshot(out) == before


def test_a_run_writes_each_table_and_page_once_after_the_class_is_graded(tmp_path, monkeypatch):
    """Produce once, report once (issue 35): while the class is graded only each student's
    signed result is written; then every table, page and final record, once each."""
    import io
    import os
    from collections import Counter

    from minimax_lessons.instructor.grading import batch

    sub, out = tmp_path / "submitted", tmp_path / "graded"
    for student in ("ann", "li"):
        (sub / student).mkdir(parents=True)
        for name in KEY["notebooks"]:
            (sub / student / name).write_text("{}")
    held = []

    def graded(student, *args, **kwargs):  # what a grading process answers, without one
        held.append(sorted(p.name for p in out.iterdir()))
        return result(student)

    monkeypatch.setattr(batch, "grade_student", graded)
    written, replace = [], os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (
        written.append(Path(b).relative_to(out).as_posix()), replace(a, b))[1])
    grade(sub, KEY, out, progress=False, isolation="none", stream=io.StringIO())
    assert held == [["executed", "results"]] * 2, "no table or page while students are graded"
    assert Counter(written) == Counter([
        *(f"results/{s}.{kind}" for s in ("ann", "li") for kind in ("started", "json")),
        *(f"{kind}/{s}.{end}" for s in ("ann", "li") for kind, end in (("final", "json"),
                                                                       ("feedback", "html"))),
        "grades.csv", "totals.csv", "notebooks.csv"])
    assert read_csv(out / "totals.csv")[1]["points"] == "20"
