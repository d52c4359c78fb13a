"""Lesson 7's predictions: each right answer is accepted, each named mistake diagnosed."""

import pytest

from minimax_lessons import GameTree, Nim, TicTacToe, expectiminimax, minimax, negamax, solve
from minimax_lessons.games.examples import CHANCE_SPEC, FIGURE_5_2_NESTED
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson7 import heap_sizes, risky_pays

IDS = ["p7.1", "p7.2", "p7.3", "p7.4", "p7.5"]


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert get_question(qid) is not None
    assert check(qid, ...).diagnosis == "not-answered"


def test_negamax_at_a_min_root_is_minus_maxs_value():
    tree = GameTree.from_nested(FIGURE_5_2_NESTED, root="min")
    maxs_view = minimax(tree).value
    assert maxs_view == 6  # MIN picks the smallest of B, C, D's maxima 12, 6, 14
    assert check("p7.1", -maxs_view).passed
    assert check("p7.1", maxs_view).diagnosis == "negamax-view"
    assert check("p7.1", 3).diagnosis == "players-swapped"  # read with MAX at the root


def test_negamax_of_the_engine_still_reports_maxs_view():
    tree = GameTree.from_nested(FIGURE_5_2_NESTED, root="min")
    assert negamax(tree).value == minimax(tree).value


def test_nim_heap_sizes_are_counted_with_empty_heaps():
    seen = {heaps for heaps, _ in solve(Nim([2, 3, 4]))}
    assert len(seen) == heap_sizes((2, 3, 4)) == 3 * 4 * 5
    assert check("p7.2", len(seen)).passed
    assert check("p7.2", 2 * 3 * 4).diagnosis == "forgets-empty-heap"
    assert check("p7.2", minimax(Nim([2, 3, 4])).nodes).diagnosis == "counts-tree-nodes"


def test_the_table_count_is_one_node_per_move_out_of_each_position():
    game = TicTacToe()
    positions = solve(game)
    moves = sum(len(game.actions(s)) for s in positions if not game.is_terminal(s))
    assert minimax(game, memo=True).nodes == 1 + moves
    assert check("p7.3", "c").passed
    assert check("p7.3", "a").diagnosis == "table-recomputes"
    assert check("p7.3", "b").diagnosis == "symmetry-not-merged"


def test_the_coin_flip_tree_is_worth_its_expected_value():
    right = expectiminimax(GameTree.from_dict(CHANCE_SPEC)).value
    assert right == max((3 + 1) / 2, 0.25 * 8 + 0.75 * -1)
    assert check("p7.4", right).passed
    assert check("p7.4", 1).diagnosis == "chance-as-min"        # min at chance nodes
    assert check("p7.4", 8).diagnosis == "chance-as-min"        # max at chance nodes
    assert check("p7.4", 3.5).diagnosis == "ignores-probabilities"


def test_a_bigger_prize_changes_the_value_though_the_order_is_the_same():
    spec = risky_pays(CHANCE_SPEC, 16)
    result = expectiminimax(GameTree.from_dict(spec))
    assert result.move == "risky" and result.value == 0.25 * 16 + 0.75 * -1
    assert check("p7.5", result.value).passed
    assert check("p7.5", 2).diagnosis == "order-only"
    assert check("p7.5", (16 - 1) / 2).diagnosis == "ignores-probabilities"
    assert check("p7.5", 16).diagnosis == "chance-as-min"


def test_risky_pays_leaves_the_canonical_tree_alone():
    risky_pays(CHANCE_SPEC, 16)
    assert expectiminimax(GameTree.from_dict(CHANCE_SPEC)).move == "safe"
