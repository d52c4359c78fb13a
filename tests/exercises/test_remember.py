"""What checked answers, practice and quizzes write in the learner's logbook, and what not."""

import json

import pytest

from minimax_lessons import FIGURE_5_2, alphabeta, animate, check, logbook, practice
from minimax_lessons.exercises.check import GRADED, RECORD_ENV, get_question
from minimax_lessons.exercises.practising import Practice
from minimax_lessons.exercises.remember import note_practice, remembered_level


def answers():
    return [(e["question"], e["right"], e["diagnoses"], e["kind"]) for e in logbook.answers()]


def test_every_answer_check_judges_is_written_with_its_seed_and_mistakes():
    assert not check("p2.1", 12)
    assert check("p2.1", 3)
    wrong = check("q6.1", set(), seed="alice")  # alpha-beta prunes something in every variant
    assert not wrong and wrong.diagnosis == "no-pruning"
    assert answers() == [("p2.1", False, ["max-at-every-level", "players-swapped"], "value"),
                         ("p2.1", True, [], "value"),
                         ("q6.1", False, ["no-pruning"], "pruned")]
    assert [e["seed"] for e in logbook.answers()][:3] == [0, 0, "alice"]


def test_what_is_no_answer_is_not_written():
    check("p2.1", ...)                # not answered yet
    check("p9.99", 3)                 # no such question
    check("p2.1", {"not": "a number"})  # cannot be read
    assert logbook.entries() == []


def test_answers_to_graded_questions_are_never_written():
    graded = sorted(GRADED)
    assert "q3.7" in graded
    for qid in ("q3.7", "q3.8", "q6.9"):
        assert check(qid, 3).recorded
    assert logbook.entries() == []


def test_a_graded_run_writes_nothing_in_the_logbook(monkeypatch, tmp_path):
    monkeypatch.setenv(RECORD_ENV, str(tmp_path / "answers.jsonl"))
    check("p2.1", 12)
    assert (tmp_path / "answers.jsonl").exists()  # the grader's record
    monkeypatch.delenv(RECORD_ENV)
    assert logbook.entries() == []


def test_with_recording_off_check_still_judges_and_writes_nothing(monkeypatch):
    monkeypatch.setenv(logbook.SWITCH_ENV, "off")
    assert check("p2.1", 12).diagnoses == ("max-at-every-level", "players-swapped")
    monkeypatch.delenv(logbook.SWITCH_ENV)
    assert logbook.entries() == []


# -- practice -------------------------------------------------------------------------------

ANSWER = {"type": "answer", "stage": "values", "node": "A", "level": 2, "seed": "0:1",
          "right": False, "diagnosis": "max-at-every-level or players-swapped"}


def test_a_practice_answer_becomes_an_answer_entry_of_its_kind():
    assert note_practice("values", ANSWER)
    assert note_practice("values", {**ANSWER, "node": "B", "right": True, "diagnosis": None})
    first, second = logbook.answers()
    assert (first["question"], first["kind"], first["seed"], first["level"], first["node"]) == \
        ("practice:values", "practice-values", "0:1", 2, "A")
    assert first["diagnoses"] == ["max-at-every-level", "players-swapped"]
    assert second["right"] and second["diagnoses"] == []


@pytest.mark.parametrize("message", [None, "answer", {"type": "answer"},
                                     {"type": "answer", "right": "yes"},
                                     {"type": "tree", "level": "2"},
                                     {"type": "tree", "level": True}, {"type": "other"}])
def test_a_message_that_is_not_one_is_not_written(message):
    assert note_practice("values", message) is False
    assert logbook.entries() == []


def test_practice_starts_where_it_last_got_to_per_kind():
    assert remembered_level("values") == 1
    assert practice("values", trees=1).level == 1
    note_practice("values", {"type": "tree", "level": 3, "clean": True})
    note_practice("pruning", {"type": "tree", "level": 2, "clean": False})
    assert practice("values", trees=1).level == 3
    assert practice("pruning", trees=1).level == 2
    assert practice("best-move", trees=1).level == 1
    assert practice("values", level=1, trees=1).level == 1  # asked for: that level
    note_practice("values", {"type": "tree", "level": 99, "clean": True})
    assert practice("values", trees=1).level == 5  # a level out of range is brought in


def test_the_practice_widget_writes_what_the_browser_tells_it():
    p = Practice("values", per_level=1, aim=("max-at-every-level", "value"))
    p.widget._handle_custom_msg(ANSWER, [])  # as ipywidgets delivers a custom message
    p.widget._handle_custom_msg({"type": "tree", "level": 2, "clean": True}, [])
    (entry,) = logbook.answers()
    assert entry["aim"] == ["max-at-every-level", "value"] and entry["question"] == "practice:values"
    assert logbook.levels() == {"values": 2}


def test_the_saved_page_carries_its_own_record_and_the_kernel_record_stays_empty(tmp_path):
    page = practice("values", level=1, trees=1).save(tmp_path / "p.html", trees=1).read_text()
    assert "const practiceRecord" in page and "localStorage" in page
    assert "model.send = record.note" in page
    assert logbook.entries() == []


# -- quizzes in animations ---------------------------------------------------------------------

def test_each_quiz_answer_is_written_once_as_the_player_reports_it():
    quiz = animate(alphabeta, FIGURE_5_2, quiz=True)
    widget = quiz.widget
    value = next(i for i, q in enumerate(quiz.questions) if q.kind == "value")
    look = next(i for i, q in enumerate(quiz.questions) if q.kind == "look")
    replies = [None] * len(quiz.questions)
    replies[value] = {"reply": "12", "ok": True}   # the front-end's word is not taken
    widget.answers = json.dumps(replies)
    replies[look] = {"skip": True}
    widget.answers = json.dumps(replies)
    assert answers() == [("quiz:alphabeta", False, ["max-at-every-level", "players-swapped"],
                          "quiz-value"), ("quiz:alphabeta", False, [], "quiz-look")]
    assert logbook.answers()[1]["skipped"] and "return" in logbook.answers()[0]["prompt"]
    widget.answers = "[]"  # Restart quiz: the same stop answered again is a new answer
    widget.answers = json.dumps([{"reply": quiz.questions[0].answer}])
    assert answers()[-1] == ("quiz:alphabeta", True, [], f"quiz-{quiz.questions[0].kind}")
    assert len(logbook.answers()) == 3


def test_a_quiz_reply_the_kernel_cannot_read_is_ignored():
    quiz = animate(alphabeta, FIGURE_5_2, quiz=True)
    quiz.widget.answers = "not json"
    quiz.widget.answers = '{"a": 1}'
    assert logbook.entries() == []
    assert get_question("p2.1") is not None
