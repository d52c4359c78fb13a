"""Lesson 2's predictions: the right answer is accepted, each likely mistake is named."""

import pytest

from minimax_lessons import FIGURE_5_2, minimax
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.feedback import text_tree


def test_lesson_2_registers_six_predictions_in_order():
    assert [get_question(f"p2.{k}") is not None for k in range(1, 8)] == [True] * 6 + [False]


@pytest.mark.parametrize("qid, node, value, chased", [("p2.1", "B", 3, 12), ("p2.2", "C", 2, 6),
                                                      ("p2.3", "D", 2, 14)])
def test_min_nodes_of_figure_5_2_are_backed_up_by_hand(qid, node, value, chased):
    # AIMA Figure 5.2: B = min(3, 12, 8), C = min(2, 4, 6), D = min(14, 5, 2)
    assert minimax(FIGURE_5_2, node).value == value
    assert check(qid, value).passed
    feedback = check(qid, chased)
    assert not feedback.passed and feedback.diagnosis == "max-at-every-level"


@pytest.mark.parametrize("qid, node", [("p2.1", "B"), ("p2.2", "C"), ("p2.3", "D")])
def test_a_wrong_answer_is_drawn_on_the_node_with_the_names_of_figure_5_2(qid, node):
    # the lesson shows Figure 5.2 just above: its B is never called A, its B1 never B
    feedback = check(qid, 99)
    tree, notes, highlight = feedback.picture
    assert tree.root == node and set(notes) == set(highlight) == {node}
    assert tree.children(node) == FIGURE_5_2.children(node)
    assert [tree.utility(leaf) for leaf in tree.leaves] == \
        [FIGURE_5_2.utility(leaf) for leaf in FIGURE_5_2.children(node)]
    assert text_tree(tree, notes).splitlines()[1].startswith(f"├── {node}1 = ")


@pytest.mark.parametrize("answer, diagnosis", [(14, "max-at-every-level"),
                                               (2, "min-at-every-level"),
                                               (6, "players-swapped"), (5, "wrong")])
def test_the_root_of_figure_5_2_is_three_and_mistakes_are_named(answer, diagnosis):
    assert check("p2.4", 3).passed
    feedback = check("p2.4", answer)
    assert not feedback.passed and feedback.diagnosis == diagnosis


def test_maximising_everywhere_sends_max_to_d():
    assert check("p2.5", "c").passed and check("p2.5", "D (move 2)").passed


def test_choosing_minimax_move_for_the_mistaken_student_is_explained():
    feedback = check("p2.5", "a")
    assert not feedback.passed and "That is minimax's move" in feedback.message
    assert "B = 12, C = 6, D = 14" in feedback.message


@pytest.mark.parametrize("answer, diagnosis", [(9, "max-at-every-level"),
                                               (1, "min-at-every-level"),
                                               (4, "players-swapped")])
def test_a_min_root_is_worth_seven_and_mistakes_are_named(answer, diagnosis):
    # MAX at B, C, D: 8, 9, 7; MIN at the root takes 7 (hand-checked)
    assert check("p2.6", 7).passed
    feedback = check("p2.6", answer)
    assert not feedback.passed and feedback.diagnosis == diagnosis


def test_unanswered_predictions_say_so():
    assert all(check(f"p2.{k}", ...).diagnosis == "not-answered" for k in range(1, 7))
