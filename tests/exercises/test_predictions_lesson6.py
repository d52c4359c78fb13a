"""Lesson 6's predictions: each right answer is accepted, each named mistake diagnosed."""

import json
import math
import pathlib

import pytest

from minimax_lessons import FIGURE_5_2, GameTree, alphabeta, best_first, minimax, textbook
from minimax_lessons.games.examples import SUBTREE_PRUNED
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson6 import (
    LOOKS_AT_C2, SMALL_TREE, TRAP, ordered_leaves, returned_value)
from minimax_lessons.experiments import knuth_moore

IDS = ["p6.1", "p6.2", "p6.3", "p6.4", "p6.5"]


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert get_question(qid) is not None
    assert check(qid, ...).diagnosis == "not-answered"


def test_c2_is_not_looked_at_once_c_cannot_beat_b():
    assert "C2" in alphabeta(FIGURE_5_2).pruned
    assert check("p6.1", "b").passed
    assert check("p6.1", "a").diagnosis == "needs-exact-value"
    assert check("p6.1", "c").diagnosis == "bound-direction"


def test_the_small_tree_cuts_c_after_one_leaf_and_d_after_two():
    assert alphabeta(GameTree.from_nested(SMALL_TREE)).pruned == ("C2", "C3", "D3")
    assert check("p6.2", {"C2", "C3", "D3"}).passed
    assert check("p6.2", "C2, C3, D3").passed
    assert check("p6.2", {"C2", "C3"}).diagnosis == "pruned-too-few"
    assert check("p6.2", {"C2", "C3", "D2", "D3"}).diagnosis == "pruned-too-many"
    assert check("p6.2", set()).diagnosis == "no-pruning"


def test_b2_is_entered_with_the_beta_b1_gave_b():
    entered = {step.state: (step.alpha, step.beta)
               for step in alphabeta(SUBTREE_PRUNED, trace=True).trace if step.kind == "visit"}
    assert entered["B2"] == (-math.inf, 5)
    assert check("p6.3", (-math.inf, 5)).passed
    assert check("p6.3", ("-inf", "+inf")).diagnosis == "window-reset"
    assert check("p6.3", (5, -math.inf)).diagnosis == "alpha-beta-swapped"
    assert check("p6.3", (6, 5)).diagnosis == "window-after"


def test_c_returns_a_bound_in_the_trap_not_its_value():
    trap = GameTree.from_nested(TRAP)
    assert returned_value(TRAP, (1,)) == 3 == textbook.alphabeta(trap, "C", 3, math.inf)
    assert minimax(trap, "C").value == 1
    assert check("p6.4", 3).passed
    assert check("p6.4", 1).diagnosis == "bound-not-value"
    assert not check("p6.4", 2).passed


def test_best_first_order_meets_the_knuth_moore_count_on_figure_5_2():
    assert ordered_leaves([[3, 12, 8], [2, 4, 6], [14, 5, 2]]) == knuth_moore(3, 2) == 5
    assert alphabeta(FIGURE_5_2, order=best_first(FIGURE_5_2)).leaves == 5
    assert check("p6.5", 5).passed
    assert check("p6.5", alphabeta(FIGURE_5_2).leaves).diagnosis == "order-ignored"
    assert check("p6.5", minimax(FIGURE_5_2).leaves).diagnosis == "counts-every-leaf"


def test_the_lesson_lists_p6_1s_options_in_the_order_the_checker_letters_them():
    path = pathlib.Path(__file__).parents[2] / "notebooks" / "06-alpha-beta.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    asked = next(i for i, c in enumerate(cells) if 'check("p6.1"' in "".join(c["source"]))
    words = "".join(cells[asked - 1]["source"])
    for letter, option in zip("abc", LOOKS_AT_C2):
        assert f"- {letter}) {option}" in words
