"""Lesson 9's predictions: each right answer is accepted, each named mistake diagnosed."""

import pytest

from minimax_lessons import ConnectFour, alphabeta, centre_first
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson9 import (CUT_OFF, HORIZON, MIN_CUT_OFF,
                                                     deepening_nodes, horizon_values,
                                                     plain_nodes, threat_values)
from minimax_lessons.search.engine import bound_flag

IDS = ["p9.1", "p9.2", "p9.3", "p9.4", "p9.5", "p9.6", "p9.7"]


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert get_question(qid) is not None
    assert check(qid, ...).diagnosis == "not-answered"


def test_no_game_ends_in_four_plies_so_plain_minimax_visits_the_full_tree():
    right = 1 + 7 + 7 ** 2 + 7 ** 3 + 7 ** 4
    assert plain_nodes(4) == right == 2801
    assert check("p9.1", right).passed
    assert check("p9.1", 7 ** 4).diagnosis == "counts-leaves"
    assert check("p9.1", right - 7 ** 4).diagnosis == "depth-off-by-one"
    assert check("p9.1", right + 7 ** 5).diagnosis == "depth-off-by-one"
    assert check("p9.1", right + 1).diagnosis == "wrong"


def test_centre_first_cuts_alphabeta_to_about_a_tenth_at_depth_6():
    game = ConnectFour()
    plain = alphabeta(game, depth=6, evaluate=game.estimate)
    ordered = alphabeta(game, depth=6, evaluate=game.estimate, order=centre_first(game))
    assert ordered.value == plain.value and ordered.nodes <= 0.15 * plain.nodes
    assert check("p9.2", "c").passed
    assert check("p9.2", "a").diagnosis == "order-ignored"
    assert check("p9.2", "b").diagnosis == "wrong"


def test_a_cut_off_value_at_max_is_a_lower_bound():
    assert CUT_OFF["value"] >= CUT_OFF["beta"]  # the node was cut off at MAX
    assert bound_flag(CUT_OFF["value"], CUT_OFF["alpha"], CUT_OFF["beta"]) == "lower"
    assert check("p9.3", "b").passed
    assert check("p9.3", "a").diagnosis == "bound-as-exact"
    assert check("p9.3", "c").diagnosis == "bound-flag-reversed"


def test_a_cut_off_value_at_min_is_an_upper_bound_by_the_same_rule():
    assert MIN_CUT_OFF["player"] == "MIN" and MIN_CUT_OFF["value"] <= MIN_CUT_OFF["alpha"]
    assert (MIN_CUT_OFF["alpha"], MIN_CUT_OFF["beta"]) == (CUT_OFF["alpha"], CUT_OFF["beta"])
    assert bound_flag(MIN_CUT_OFF["value"], MIN_CUT_OFF["alpha"], MIN_CUT_OFF["beta"]) == "upper"
    assert check("p9.4", "c").passed
    assert check("p9.4", "b").diagnosis == "cut-off-taken-as-lower"
    assert check("p9.4", "a").diagnosis == "bound-as-exact"
    assert "MIN node" in check("p9.4", "b").message


def test_deepening_costs_more_in_all_but_its_last_search_costs_less_than_a_cold_one():
    nodes = deepening_nodes()
    assert nodes == {"once": 7515, "all": 10218, "last": 4526}
    assert check("p9.5", "b").passed
    assert check("p9.5", "a").diagnosis == "deepening-pays-for-itself"
    assert check("p9.5", "c").diagnosis == "deepening-gains-nothing"


def test_the_move_a_shallow_search_likes_still_loses_two_plies_deeper():
    shallow, deep = horizon_values(3), horizon_values(5)
    game = ConnectFour()
    assert game.to_move(game.play(HORIZON)) == "max"
    liked = max(shallow, key=shallow.get)
    assert liked == 2 and -1 < shallow[2] < 0
    assert all(v == -1 for c, v in shallow.items() if c != 2)
    assert deep[2] == -1 and horizon_values(4)[2] == -1   # the loss comes at ply 4
    assert check("p9.6", "b").passed
    assert check("p9.6", "a").diagnosis == "trusts-the-horizon"
    assert check("p9.6", "c").diagnosis == "one-threat-wins"


def test_the_threat_a_shallow_search_plays_loses_and_a_deeper_search_plays_another_move():
    shallow, deep = threat_values(3), threat_values(5)
    assert max(shallow, key=shallow.get) == 4 and -1 < shallow[4] < 1
    assert deep[4] == -1 and max(deep, key=deep.get) == 2 and deep[2] > 0
    quiet = threat_values(3, quiescence=True)
    assert max(quiet, key=quiet.get) == 2 and quiet[4] == -1
    assert check("p9.7", "b").passed
    assert check("p9.7", "a").diagnosis == "trusts-the-horizon"
    assert check("p9.7", "c").diagnosis == "one-threat-wins"
