"""review(): what it serves next, how each answer is judged and written, and its widget."""

import pytest

from minimax_lessons import logbook
from minimax_lessons.exercises.check import get_question
from minimax_lessons.exercises.remember import note_practice
from minimax_lessons.logbook import answer
from minimax_lessons.pictures.jupyter import HTML, TEXT, WIDGET
from minimax_lessons.progress.places import plan
from minimax_lessons.progress.review import (TYPED, Review, next_item, parse_answer,
                                             practice_kinds, review)
from minimax_lessons.progress.schedule import INTERVALS

MAX_ALL = "max-at-every-level"


def test_an_empty_logbook_starts_from_lesson_1s_first_questions():
    item = next_item([], now=0)
    assert (item.question, item.card) == ("p1.1", None)
    assert item.question == plan().predictions[1][0] and "Nothing to review yet" in item.why
    book = [answer(q, 0, True, kind="choice", time=1) for q in plan().predictions[1]]
    item = next_item(book, now=2)
    assert item.question == plan().exercises[1][0] and get_question(item.question).seeded
    assert item.seed not in (0, None) and "New for you" in item.why


def test_a_mistake_on_a_question_with_variants_comes_back_as_a_fresh_variant():
    book = [answer("q2.1", 3, False, [MAX_ALL], kind="value", time=0)]
    item = next_item(book, now=10)
    assert (item.question, item.card) == ("q2.1", (MAX_ALL, "value"))
    assert item.seed != 3 and "Back again" in item.why and "once" in item.why
    assert next_item(book, now=10, number=2).seed != item.seed


def test_a_mistake_on_a_fixed_prediction_comes_back_as_practice_of_the_kind_that_shows_it():
    book = [answer("p2.1", 0, False, [MAX_ALL], kind="value", time=0)]
    item = next_item(book, now=10)
    assert (item.practice, item.level, item.card) == ("values", 1, (MAX_ALL, "value"))
    assert MAX_ALL in practice_kinds()["values"]
    assert "prune-strict" in practice_kinds()["pruning"]
    assert "rightmost-on-ties" in practice_kinds()["best-move"]


def test_a_practice_mistake_comes_back_as_practice_at_the_level_it_was_made():
    note_practice("pruning", {"type": "answer", "stage": "pruned", "node": "C2", "level": 3,
                              "seed": "0:1", "right": False, "diagnoses": ["prune-strict"]})
    item = next_item(logbook.entries(), now=logbook.answers()[0]["time"] + 1)
    assert (item.practice, item.level, item.card) == ("pruning", 3,
                                                     ("prune-strict", "practice-pruning"))


def test_a_quiz_mistake_comes_back_as_practice_of_the_matching_kind():
    look = [answer("quiz:alphabeta", None, False, ["pruned-too-few"], kind="quiz-look", time=0)]
    value = [answer("quiz:minimax", None, False, [MAX_ALL], kind="quiz-value", time=0)]
    assert next_item(look, now=1).practice == "pruning"
    assert next_item(value, now=1).practice == "values"


def test_a_mistake_no_typed_question_or_tree_can_show_comes_back_as_its_question():
    book = [answer("p5.1", 0, False, ["counts-leaves"], kind="value", time=0)]
    item = next_item(book, now=1)
    assert (item.question, item.seed, item.card) == ("p5.1", 0, ("counts-leaves", "value"))
    assert "again" in item.why


def test_with_a_fake_clock_the_mistake_answered_wrong_comes_before_the_one_answered_right():
    book = [answer("q2.1", 1, False, [MAX_ALL], kind="value", time=0),
            answer("q6.1", 1, False, ["prune-strict"], kind="pruned", time=10),
            answer("q6.1", 2, True, kind="pruned", time=20)]
    assert next_item(book, now=30).card == (MAX_ALL, "value")
    book.append(answer("q2.1", 9, True, kind="value", time=40))   # right, and pushed out
    item = next_item(book, now=50)
    assert item.card is None and item.question == "p1.1"          # nothing due: new material
    item = next_item(book, now=20 + INTERVALS[1])
    assert item.card == ("prune-strict", "pruned") and item.question == "q6.1"


def test_one_mistake_does_not_fill_a_session_when_another_is_due():
    book = [answer("q2.1", 1, False, [MAX_ALL], kind="value", time=0),
            answer("q2.1", 2, False, [MAX_ALL], kind="value", time=1),
            answer("q6.1", 1, False, ["prune-strict"], kind="pruned", time=2)]
    first = next_item(book, now=3)
    assert first.card == (MAX_ALL, "value")
    assert next_item(book, now=3, last=first.card).card == ("prune-strict", "pruned")


def test_nothing_due_and_everything_answered_right_still_serves_something():
    course = plan()
    book = [answer(q, 0, True, kind="value", time=1) for lesson in course.predictions
            for q in course.predictions[lesson] + course.exercises[lesson]]
    assert next_item(book, now=2).practice == "values"
    book.append(answer("q2.1", 1, False, [MAX_ALL], kind="value", time=3))
    book.append(answer("q2.1", 2, True, kind="value", time=4))
    early = next_item(book, now=5)
    assert early.card == (MAX_ALL, "value") and early.question == "q2.1"
    assert early.why == ("Nothing is due now; 'max at every level' would come back in "
                         "9 minutes: once more, early. Here is a fresh variant of a "
                         "question you met it in.")


def test_typed_answers_are_read_as_each_kind_wants():
    assert parse_answer(get_question("q7.1"), "min, max") == ["min", "max"]
    assert parse_answer(get_question("q6.1"), "{'C2', 'C3'}") == "C2 ,  C3"
    assert parse_answer(get_question("q2.1"), " 3 ") == "3"
    assert {"value", "choice", "pruned", "window"} <= set(TYPED)
    assert "function" not in TYPED and "parsons" not in TYPED


# -- a review session ------------------------------------------------------------------------

def test_a_review_judges_each_answer_as_check_does_and_writes_it_with_its_aim():
    logbook.append(answer("q2.1", 1, False, [MAX_ALL], kind="value"))
    r = review()
    assert r.item.card == (MAX_ALL, "value") and r.view.question.id == "q2.1"
    q, seed = r.view.question, r.item.seed
    right = q.check(99999, seed)  # what the answer must beat
    verdict = r.answer("99999")
    assert verdict.passed == right.passed and verdict.message == right.message
    last = logbook.answers()[-1]
    assert (last["question"], last["seed"], last["aim"]) == ("q2.1", seed, [MAX_ALL, "value"])
    r.next()
    assert r.number == 2


def test_a_right_answer_in_a_review_pushes_the_mistake_out_of_the_next_items():
    logbook.append(answer("q2.1", 1, False, [MAX_ALL], kind="value"))
    r = review()
    from minimax_lessons import minimax
    from minimax_lessons.exercises.nested import to_game

    data = r.view.question.data(r.item.seed)  # q2.1: the value of one node of a fresh tree
    value = minimax(to_game(data["tree"], data["is_max"]), data["node"]).value
    assert r.answer(str(value)).passed
    r.next()
    assert r.item.card is None and r.item.question == "p1.1"


def test_a_review_goes_on_and_on():
    logbook.append(answer("q2.1", 1, False, [MAX_ALL], kind="value"))
    logbook.append(answer("p2.1", 0, False, ["players-swapped"], kind="value"))
    r = Review()
    served = [r.describe()] + [r.next() and r.describe() for _ in range(12)]
    assert len(served) == 13 and r.number == 13
    assert any("players swapped" in s for s in served) and any("max at every level" in s
                                                                for s in served)


def test_a_practice_item_carries_its_aim_into_each_answer_on_the_tree():
    logbook.append(answer("p2.1", 0, False, [MAX_ALL], kind="value"))
    r = review()
    assert r.view is None and r.practice.aim == (MAX_ALL, "value")
    with pytest.raises(ValueError, match="answer on the tree"):
        r.answer("3")
    r.practice.widget._handle_custom_msg({"type": "answer", "stage": "values", "node": "A",
                                          "level": 1, "seed": "x", "right": True}, [])
    assert logbook.answers()[-1]["aim"] == [MAX_ALL, "value"]


def test_the_widget_answers_checks_and_moves_on_and_the_still_shows_the_first_item():
    r = review()  # an empty logbook: p1.1
    bundle = r._repr_mimebundle_()
    assert set(bundle) == {WIDGET, HTML, TEXT}
    assert "p1.1" in bundle[HTML] and "Run this cell to review" in bundle[HTML]
    assert "check(" not in bundle[HTML]  # the answer box is the review's own
    header, body, next_button = r.widget.children
    question_html, answer_row, said = body.children
    box, check_button = answer_row.children
    box.value = "a"  # as Enter sends it
    assert "p1.1" in said.value and logbook.answers()[-1]["question"] == "p1.1"
    check_button.click()  # the same answer again is not judged twice
    assert len(logbook.answers()) == 1
    next_button.click()
    assert r.number == 2 and "item 2" in r.widget.children[0].value


def test_a_practice_item_shows_the_practice_widget_in_the_review():
    logbook.append(answer("p2.1", 0, False, [MAX_ALL], kind="value"))
    r = review()
    body = r.widget.children[1]
    assert body.children[1] is r.practice.widget
    assert "<svg" in r.still_html()


def test_with_recording_off_a_review_still_judges_and_says_nothing_is_written(monkeypatch):
    monkeypatch.setenv(logbook.SWITCH_ENV, "off")
    r = review()
    assert "Recording is off" in r.still_html()
    assert not r.answer("z").passed and logbook.entries() == []
