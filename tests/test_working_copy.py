"""The student's own copy of the lessons: theirs to change, the course's files as shipped,
course updates reaching the lessons they have not changed, a fresh lesson on request."""

import json
import re
from pathlib import Path

import nbformat
import pytest

from minimax_lessons import working_copy
from minimax_lessons.working_copy import MANIFEST, fingerprint, fresh, update

ROOT = Path(__file__).resolve().parents[1]


def lesson(text, *, output=None):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell(text)
    if output is not None:
        cell.outputs = [nbformat.v4.new_output("stream", text=output)]
        cell.execution_count = 1
    nb.cells = [nbformat.v4.new_markdown_cell("# A lesson"), cell]
    return nb


@pytest.fixture
def course(tmp_path):
    course = tmp_path / "notebooks"
    (course / "exercises").mkdir(parents=True)
    (course / ".ipynb_checkpoints").mkdir()
    nbformat.write(lesson("answer = ..."), course / "01-one.ipynb")
    nbformat.write(lesson("x = 1"), course / "02-two.ipynb")
    nbformat.write(lesson("q = ..."), course / "exercises" / "03-ex.ipynb")
    (course / "rise.css").write_text("img {}")
    (course / "sanitize.cfg").write_text("[x]")
    (course / ".ipynb_checkpoints" / "01-one-checkpoint.ipynb").write_text("{}")
    return course


def files(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file()}


def test_the_first_update_copies_the_lessons_and_never_writes_the_course(course, tmp_path):
    before = files(course)
    report = update(course, tmp_path / "my-lessons")
    assert sorted(report.copied) == ["01-one.ipynb", "02-two.ipynb", "exercises/03-ex.ipynb",
                                     "rise.css"]
    copy = tmp_path / "my-lessons"
    assert sorted(files(copy)) == sorted(report.copied + [MANIFEST])
    assert files(course) == before
    assert "Your own copy of the lessons:" in str(report)


def test_a_course_update_reaches_a_lesson_the_student_ran_but_did_not_change(course, tmp_path):
    copy = tmp_path / "my-lessons"
    update(course, copy)
    nbformat.write(lesson("x = 1", output="ran\n"), copy / "02-two.ipynb")  # run and saved
    nbformat.write(lesson("x = 2"), course / "02-two.ipynb")  # the course fixes it
    report = update(course, copy)
    assert report.updated == ["02-two.ipynb"] and not report.behind
    assert nbformat.read(copy / "02-two.ipynb", 4).cells[1].source == "x = 2"


def test_a_lesson_the_student_changed_is_kept_and_named_when_the_course_changed_it(
        course, tmp_path):
    copy = tmp_path / "my-lessons"
    update(course, copy)
    nbformat.write(lesson("answer = 3"), copy / "01-one.ipynb")  # the student answers
    assert update(course, copy).kept == ["01-one.ipynb"]
    nbformat.write(lesson("answer = ...  # fixed"), course / "01-one.ipynb")
    report = update(course, copy)
    assert report.behind == ["01-one.ipynb"] and "make fresh LESSON=" in str(report)
    assert nbformat.read(copy / "01-one.ipynb", 4).cells[1].source == "answer = 3"


def test_a_deleted_lesson_comes_back_and_fresh_keeps_the_student_s_version(course, tmp_path):
    copy = tmp_path / "my-lessons"
    update(course, copy)
    (copy / "02-two.ipynb").unlink()
    assert update(course, copy).copied == ["02-two.ipynb"]
    nbformat.write(lesson("answer = 7"), copy / "01-one.ipynb")
    target, kept = fresh(course, copy, "01")
    assert target == copy / "01-one.ipynb"
    assert re.fullmatch(r"01-one \(yours [\d-]+ \d+\)\.ipynb", kept.name)
    assert nbformat.read(kept, 4).cells[1].source == "answer = 7"
    assert fingerprint(target) == fingerprint(course / "01-one.ipynb")
    assert update(course, copy).kept == []  # the fresh one is the course's
    with pytest.raises(ValueError, match="the lessons are 01-one.ipynb, 02-two.ipynb"):
        fresh(course, copy, "09")
    with pytest.raises(ValueError, match="make fresh LESSON=06"):
        fresh(course, copy, "")


def test_the_command_line_reports_and_fails_clearly(course, tmp_path, capsys):
    copy = tmp_path / "my-lessons"
    assert working_copy.main(["--course", str(course), "--copy", str(copy)]) == 0
    assert "Your own copy of the lessons" in capsys.readouterr().out
    assert working_copy.main(["--course", str(tmp_path / "none"), "--copy", str(copy)]) == 1
    assert "no course folder" in capsys.readouterr().err
    assert json.loads((copy / MANIFEST).read_text())["rise.css"] == fingerprint(copy / "rise.css")


def test_make_lab_serves_the_working_copy_that_make_lab_brings_up_to_date():
    makefile = (ROOT / "Makefile").read_text()
    lab = re.search(r"^lab:.*?(?=^\S)", makefile, re.S | re.M).group()
    copy = re.search(r"^MY_LESSONS\s*:?=\s*(\S+)", makefile, re.M).group(1)
    assert copy == working_copy.COPY_NAME
    assert "-m minimax_lessons.working_copy --course notebooks --copy $(MY_LESSONS)" in lab
    assert "--ServerApp.root_dir=$(MY_LESSONS)" in lab and "root_dir=notebooks" not in makefile
    assert f"/{copy}/" in (ROOT / ".gitignore").read_text().splitlines()
