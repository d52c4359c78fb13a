"""The Leitner schedule, on a fake clock: wrong answers bring a mistake back, right ones push
it out, further each time."""

import pytest

from minimax_lessons.logbook import answer
from minimax_lessons.progress.schedule import BOXES, INTERVALS, cards, due, is_named

MIN, DAY = 60, 86400
MAX_ALL = "max-at-every-level"
STRICT = "prune-strict"


def wrong(question, t, *diagnoses, seed=1, kind="value", **extra):
    return answer(question, seed, False, diagnoses or (MAX_ALL,), kind=kind, time=t, **extra)


def right(question, t, *, seed=2, kind="value", **extra):
    return answer(question, seed, True, kind=kind, time=t, **extra)


def test_a_mistake_answered_wrong_comes_back_before_one_answered_right_since():
    book = [wrong("q2.1", 0), wrong("q6.1", 10, STRICT, kind="pruned"),
            right("q6.1", 20, kind="pruned")]
    found = cards(book)
    assert [c.diagnosis for c in due(found, now=30)] == [MAX_ALL]
    later = 20 + INTERVALS[1]
    assert [c.diagnosis for c in due(found, now=later)] == [MAX_ALL, STRICT]


def test_right_answers_push_a_mistake_out_further_each_time_and_a_wrong_one_brings_it_back():
    book, t = [wrong("q2.1", 0)], 0.0
    waits = []
    for n in range(BOXES + 1):
        card = cards(book)[(MAX_ALL, "value")]
        t = card.due
        book.append(right("q2.1", t, seed=f"fresh{n}"))
        card = cards(book)[(MAX_ALL, "value")]
        waits.append(card.due - t)
    assert waits == list(INTERVALS[1:]) + [INTERVALS[-1]] * 2
    assert waits == sorted(waits) and waits[0] == 10 * MIN and waits[-1] == 21 * DAY
    assert card.box == BOXES and card.state == "gone for now"
    book.append(wrong("q2.1", t + 1))
    card = cards(book)[(MAX_ALL, "value")]
    assert (card.box, card.due, card.state, card.wrong) == (1, t + 1, "still there", 2)


def test_a_right_answer_before_the_mistake_is_due_counts_but_moves_nothing():
    book = [wrong("q2.1", 0), right("q2.1", 5, seed=2)]
    card = cards(book)[(MAX_ALL, "value")]
    assert (card.box, card.right) == (2, 1)
    book.append(right("q2.1", 6, seed=3))  # 10 minutes are not over
    card = cards(book)[(MAX_ALL, "value")]
    assert (card.box, card.right, card.due) == (2, 2, 5 + 10 * MIN)


def test_the_very_variant_whose_answer_was_shown_proves_nothing():
    book = [wrong("q2.1", 0, seed=7), right("q2.1", 5, seed=7),
            wrong("p2.1", 10, seed=0), right("p2.1", 20, seed=0)]   # a fixed prediction
    found = cards(book)
    assert found[(MAX_ALL, "value")].box == 1 and found[(MAX_ALL, "value")].right == 0
    assert [c.key for c in due(found, now=30)] == [(MAX_ALL, "value")]


def test_a_right_answer_elsewhere_does_not_bear_on_a_mistake_unless_aimed_at_it():
    book = [wrong("q2.1", 0), right("q2.2", 5)]
    assert cards(book)[(MAX_ALL, "value")].box == 1
    book.append(right("practice:values", 6, kind="practice-values", aim=[MAX_ALL, "value"]))
    assert cards(book)[(MAX_ALL, "value")].box == 2


def test_a_wrong_answer_to_a_question_served_for_a_mistake_brings_that_mistake_back():
    book = [wrong("q2.1", 0), right("q2.1", 5, seed=3)]
    assert cards(book)[(MAX_ALL, "value")].box == 2
    book.append(answer("q2.2", 4, False, ["wrong"], kind="value", time=700,
                       aim=[MAX_ALL, "value"]))
    card = cards(book)[(MAX_ALL, "value")]
    assert card.box == 1 and card.wrong == 2
    assert ("wrong", "value") not in cards(book)


def test_each_kind_of_question_has_a_card_of_its_own():
    book = [wrong("q2.1", 0), wrong("practice:values", 1, kind="practice-values", seed="0:1"),
            right("practice:values", 2, kind="practice-values", seed="0:2")]
    found = cards(book)
    assert set(found) == {(MAX_ALL, "value"), (MAX_ALL, "practice-values")}
    assert found[(MAX_ALL, "value")].box == 1 and found[(MAX_ALL, "practice-values")].box == 2


def test_among_mistakes_due_the_most_often_made_then_the_latest_come_first():
    book = [wrong("q2.1", 0, "players-swapped"), wrong("q2.2", 1, MAX_ALL),
            wrong("q2.3", 2, MAX_ALL), wrong("q2.4", 3, "min-at-every-level"),
            wrong("q6.1", 4, STRICT, kind="pruned"), right("q6.1", 5, kind="pruned")]
    assert [c.diagnosis for c in due(cards(book), now=10 * MIN + 5)] == \
        [MAX_ALL, "min-at-every-level", "players-swapped", STRICT]


def test_generic_diagnoses_and_not_answering_make_no_card():
    book = [answer("q3.5", 0, False, ["timeout", "wrong", "bad-answer"], time=0)]
    assert cards(book) == {}
    assert is_named(MAX_ALL) and not is_named("not-answered") and not is_named("no-such-id")


def test_entries_in_any_order_and_level_entries_give_the_same_cards():
    book = [wrong("q2.1", 0), right("q2.1", 700, seed=5), wrong("q6.1", 10, STRICT,
                                                                kind="pruned")]
    shuffled = [book[2], {"time": 3.0, "practice": "values", "level": 2}, book[1], book[0]]
    assert {k: (c.box, c.due) for k, c in cards(shuffled).items()} == \
        {k: (c.box, c.due) for k, c in cards(book).items()}


@pytest.mark.parametrize("aim", [["only-one"], "max-at-every-level", [1, 2]])
def test_an_aim_that_is_not_a_card_key_is_ignored(aim):
    book = [wrong("q2.1", 0), right("q2.2", 5, aim=aim)]
    assert cards(book)[(MAX_ALL, "value")].box == 1


def test_how_often_a_mistake_was_made_counts_over_every_kind_of_question():
    book = [wrong("q2.1", 0, "players-swapped"),
            wrong("practice:values", 1, "players-swapped", kind="practice-values"),
            wrong("practice:values", 2, "players-swapped", kind="practice-values"),
            wrong("quiz:alphabeta", 3, "pruned-too-few", seed=None, kind="quiz-look"),
            wrong("quiz:alphabeta", 4, "pruned-too-few", seed=None, kind="quiz-look")]
    first = due(cards(book), now=5)[0]
    assert first.diagnosis == "players-swapped" and first.wrong == 2  # 3 of them in all
