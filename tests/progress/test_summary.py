"""What the dashboard says: lessons done, misconceptions and their state, the next steps; where
each question is asked; the picture and the HTML."""

import base64
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from minimax_lessons import logbook
from minimax_lessons.exercises.check import get_question
from minimax_lessons.logbook import answer, level
from minimax_lessons.progress import Progress, progress
from minimax_lessons.progress.places import NOTEBOOKS, link, plan
from minimax_lessons.progress.summary import ago, summarise

MAX_ALL = "max-at-every-level"
DAY = 86400


# -- places --------------------------------------------------------------------------------

def test_every_question_a_lesson_asks_has_its_cell_and_graded_ones_are_left_out():
    course = plan()
    asked = [q for n in course.predictions for q in course.predictions[n] + course.exercises[n]]
    assert "q3.7" not in asked and "q6.9" not in asked
    assert all(not get_question(q).graded for q in asked)
    for qid in asked:
        place = course.places[qid]
        text = place.notebook.read_text()
        assert f'"id": "{place.cell}"' in text and qid in text
    assert course.places["q10.5"].lesson == 10 and course.lesson("q10.5") == 10
    assert course.titles[2][1] == "Back up values from the leaves to the root"


def test_without_the_notebooks_questions_keep_their_banks_lesson_and_have_no_place(tmp_path):
    course = plan(tmp_path)
    assert course.places == {} and course.lesson("q10.5") == 10 and course.lesson("p2.1") == 2


def test_a_question_asked_in_another_lesson_belongs_to_the_lesson_that_asks_it(tmp_path):
    notebook = {"cells": [{"cell_type": "code", "id": "here", "source": 'question("q3.1")',
                           "metadata": {}, "outputs": [], "execution_count": None}]}
    (tmp_path / "10-elsewhere.ipynb").write_text(json.dumps(notebook))
    course = plan(tmp_path)
    assert course.places["q3.1"].lesson == 10 and course.lesson("q3.1") == 10
    assert course.lesson("q3.2") == 3


def test_a_link_is_relative_to_where_the_notebook_runs_and_names_the_cell():
    place = plan().places["p2.1"]
    assert link(place, start=NOTEBOOKS) == f"02-backing-up-values.ipynb#cell-id={place.cell}"
    assert link(place, start=NOTEBOOKS / "exercises").startswith("../02-backing-up-values")


# -- the summary -----------------------------------------------------------------------------

def test_lessons_count_questions_answered_and_right_at_the_first_answer():
    book = [answer("p2.1", 0, False, [MAX_ALL], kind="value", time=0),
            answer("p2.1", 0, True, kind="value", time=1),
            answer("p2.2", 0, True, kind="value", time=2),
            answer("q2.1", 5, True, kind="value", time=3),
            answer("q10.5", 0, True, kind="fill", time=4)]
    rows = {r.lesson: r for r in summarise(book, now=10).lessons}
    two = rows[2]
    assert (two.predictions_done, two.predictions_right, two.exercises_done,
            two.exercises_right) == (2, 1, 1, 1)
    assert two.predictions == len(plan().predictions[2])
    assert rows[10].exercises_done == 1 and rows[3].exercises_done == 0


def test_a_misconception_is_named_counted_dated_and_fades_as_right_answers_come():
    book = [answer("q2.1", 1, False, [MAX_ALL], kind="value", time=0),
            answer("practice:values", "0:1", False, [MAX_ALL], kind="practice-values",
                   time=100)]
    (m,) = summarise(book, now=3600).misconceptions
    assert (m.name, m.times, m.state) == ("max at every level", 2, "still there")
    assert ago(3600 - m.last) == "58 minutes ago" and m.where == ("practice:values", "q2.1")
    assert "largest" in m.sentence
    book += [answer("q2.1", 2, True, kind="value", time=200),
             answer("practice:values", "0:2", True, kind="practice-values", time=300)]
    assert summarise(book, now=3600).misconceptions[0].state == "fading"
    t = 300
    for n in range(3):
        t += 4 * DAY
        book.append(answer("q2.1", 10 + n, True, kind="value", time=t))
        book.append(answer("practice:values", f"1:{n}", True, kind="practice-values", time=t))
    assert summarise(book, now=t).misconceptions[0].state == "gone for now"


def test_the_next_steps_review_a_mistake_then_go_on_with_the_lesson_then_practise():
    s = summarise([], now=0)
    assert [st.link.rpartition("/")[2] for st in s.steps] == \
        [f"01-game-trees.ipynb#cell-id={plan().places['p1.1'].cell}"]
    book = [answer(q, 0, True, kind="choice", time=1) for q in plan().predictions[1]]
    book.append(answer("practice:values", "0:1", False, [MAX_ALL], kind="practice-values",
                       time=2))
    steps = summarise(book, now=3).steps
    assert steps[0].code == "review()" and "max at every level" in steps[0].text
    assert steps[1].link.endswith(f"cell-id={plan().places[plan().exercises[1][0]].cell}")
    assert steps[2].code == 'practice("values")'


def test_practice_rows_give_the_level_reached_and_quizzes_their_tally():
    book = [answer("practice:pruning", "0:1", True, kind="practice-pruning", time=1),
            answer("practice:pruning", "0:1", False, ["prune-strict"], kind="practice-pruning",
                   time=2), level("pruning", 2, time=3),
            answer("quiz:alphabeta", None, True, kind="quiz-look", time=4)]
    s = summarise(book, now=5)
    (row,) = s.practice
    assert (row.kind, row.answers, row.right, row.level) == ("pruning", 2, 1, 2)
    assert s.quizzes == (1, 1)


# -- the dashboard ---------------------------------------------------------------------------

def book_of_a_week():
    """max at every level: made on days 0-3, then right on days 4, 5 and 6 (each time it
    was due); prune strict: made every day."""
    book, t = [], 0.0
    for day in range(7):
        t = day * DAY
        book.append(answer("q2.1", day, day >= 4, [] if day >= 4 else [MAX_ALL], kind="value",
                           time=t))
        book.append(answer("q6.1", day, False, ["prune-strict"], kind="pruned", time=t + 60))
    return book, t + 120


def test_the_dashboard_names_the_mistakes_links_the_next_cell_and_describes_its_picture():
    book, now = book_of_a_week()
    board = Progress(book, now=now)
    page = board._repr_html_()
    assert "prune strict" in page and "still there" in page and "max at every level" in page
    assert "review()" in page and 'href="' in page and "#cell-id=" in page
    img = re.search(r'<img src="data:image/svg\+xml;base64,([^"]*)" alt="([^"]*)"([^>]*)>', page)
    picture, alt, rest = base64.b64decode(img[1]).decode(), html.unescape(img[2]), img[3]
    assert picture == board.picture() and ">prune strict</text>" in picture
    assert "prune strict (still there)" in alt and "max at every level (gone for now)" in alt
    assert "a cross where made and a ring where right when it came back" in alt
    assert "max-width: 100%" in rest  # scaled down to the output's width
    text = board.text()
    assert "prune strict: still there; made 7 times" in text and str(logbook.where()) in text


def test_the_dashboard_of_an_empty_logbook_says_where_to_start_and_shows_no_picture():
    page = progress()._repr_html_()
    assert "0 answers recorded" in page and "<img" not in page and "01-game-trees" in page


def test_the_dashboard_says_when_recording_is_off(monkeypatch):
    monkeypatch.setenv(logbook.SWITCH_ENV, "off")
    assert "Recording is off" in progress().text()


def test_the_dashboard_reads_the_logbook_written_by_check():
    from minimax_lessons import check

    check("p2.1", 12)
    assert "max at every level" in progress().text()
    assert Path(progress().where) == logbook.where()


def test_the_dashboard_proposes_to_review_the_mistake_review_serves_first():
    from minimax_lessons.progress.review import next_item

    book = [answer("q2.1", 1, False, ["players-swapped"], kind="value", time=0),
            answer("practice:values", "0:1", False, ["players-swapped"],
                   kind="practice-values", time=1),
            answer("practice:values", "0:2", False, ["players-swapped"],
                   kind="practice-values", time=1),
            answer("quiz:alphabeta", None, False, ["pruned-too-few"], kind="quiz-look", time=2),
            answer("quiz:alphabeta", None, False, ["pruned-too-few"], kind="quiz-look", time=3)]
    step = summarise(book, now=4).steps[0]
    assert "'players swapped' (made 3 times" in step.text and step.code == "review()"
    assert next_item(book, now=4).card[0] == "players-swapped"


def test_a_corrupt_logbook_still_gives_a_dashboard_and_a_review_with_one_line_said(capsys):
    from minimax_lessons import check, review

    check("p2.1", 12)
    with open(logbook.where(), "a") as out:
        out.write("\x00\x01 not an entry\n")
    board = progress()  # no exception
    assert "max at every level" in board.text()
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "kept as" in said[0]
    assert review().item.card[0] in ("max-at-every-level", "players-swapped")
    assert capsys.readouterr().err == ""


def test_the_dashboard_imports_no_plotting_library():
    """progress() in a fresh Python draws its picture without importing matplotlib (importing
    it took longer than the whole dashboard)."""
    book, now = book_of_a_week()
    for entry in book:
        logbook.append(entry)
    code = ("import sys, minimax_lessons\n"
            "page = minimax_lessons.progress()._repr_html_()\n"
            "assert 'data:image/svg+xml;base64,' in page and 'prune strict' in page, page\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
