"""Lesson 3's predictions accept the value working code prints and name the usual slips."""

import pytest

from minimax_lessons import GameTree, minimax
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson3 import (DEEPER_TREE, FIGURE, SEED_TREE,
                                                           depth_limited_value, leftmost_leaf)
from minimax_lessons.exercises.variants import minimax as student_minimax


def nested_depth_limited(node, depth, is_maximizing, *, per_round=False):
    """The lesson's minimax_depth, written out; ``per_round`` lowers depth after MIN only."""
    if not isinstance(node, list):
        return node
    if depth == 0:
        while isinstance(node, list):
            node = node[0]
        return node
    step = (0 if is_maximizing else 1) if per_round else 1
    values = [nested_depth_limited(child, depth - step, not is_maximizing, per_round=per_round)
              for child in node]
    return max(values) if is_maximizing else min(values)


def test_every_prediction_of_lesson_3_is_registered_in_order():
    assert [get_question(f"p3.{k}").id for k in range(1, 6)] == [f"p3.{k}" for k in range(1, 6)]
    assert get_question("p3.6") is None


@pytest.mark.parametrize("qid, nested, is_max", [("p3.1", SEED_TREE, True),
                                                  ("p3.2", SEED_TREE, False),
                                                  ("p3.3", DEEPER_TREE, True)])
def test_the_value_the_working_code_prints_is_accepted(qid, nested, is_max):
    printed = student_minimax(nested, is_max)
    assert check(qid, printed).passed
    assert check(qid, str(printed)).passed
    assert not check(qid, printed + 1).passed


def test_the_seed_tree_is_worth_4_for_max_and_3_for_min():
    assert check("p3.1", 4).passed and check("p3.2", 3).passed and check("p3.3", 6).passed


@pytest.mark.parametrize("qid, answer, diagnosis", [
    ("p3.1", max(max(b) for b in SEED_TREE), "max-at-every-level"),   # 8
    ("p3.1", min(min(b) for b in SEED_TREE), "min-at-every-level"),   # 1
    ("p3.1", min(max(b) for b in SEED_TREE), "players-swapped"),      # 3
    ("p3.2", max(min(b) for b in SEED_TREE), "players-swapped"),      # 4: MAX at the root
    ("p3.2", 8, "max-at-every-level"),
    ("p3.3", 9, "max-at-every-level"),
    ("p3.3", 1, "min-at-every-level"),
    ("p3.3", 3, "players-swapped"),
])
def test_each_named_mistake_on_the_printed_value_gets_its_diagnosis(qid, answer, diagnosis):
    feedback = check(qid, answer)
    assert not feedback.passed and feedback.diagnosis == diagnosis


def test_the_depth_prediction_counts_plies():
    assert depth_limited_value(FIGURE, 1) == nested_depth_limited(FIGURE, 1, True) == 14
    assert check("p3.4", 14).passed


def test_counting_rounds_is_named_as_cs188s_convention():
    per_round = nested_depth_limited(FIGURE, 1, True, per_round=True)
    assert per_round == 3 != 14
    feedback = check("p3.4", per_round)
    assert feedback.diagnosis == "depth-per-round"
    assert "CS188" in feedback.message and "plies" in feedback.message


def test_the_leftmost_leaf_estimate_matches_the_lessons_estimate():
    game = GameTree.from_nested(FIGURE)
    evaluate = leftmost_leaf(game)
    assert [evaluate(s) for s in "BCD"] == [3, 2, 14]
    assert [depth_limited_value(FIGURE, d) for d in range(3)] == [
        nested_depth_limited(FIGURE, d, True) for d in range(3)]
    assert depth_limited_value(FIGURE, 2) == minimax(game).value


@pytest.mark.parametrize("answer, diagnosis", [(4, "returns-value-not-move"),
                                               (2, "one-based-move"),
                                               (0, "players-swapped")])
def test_the_best_move_prediction_names_the_usual_slips(answer, diagnosis):
    assert check("p3.5", 1).passed
    assert minimax(GameTree.from_nested(SEED_TREE)).move == 1
    feedback = check("p3.5", answer)
    assert not feedback.passed and feedback.diagnosis == diagnosis


def test_an_unanswered_prediction_says_so():
    assert check("p3.1", ...).diagnosis == "not-answered"
