"""Lesson 9's predictions: each right answer is accepted, each named mistake diagnosed."""

import pytest

from minimax_lessons import ConnectFour, alphabeta, centre_first
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson9 import (CUT_OFF, HORIZON, horizon_values,
                                                           plain_nodes)

IDS = ["p9.1", "p9.2", "p9.3", "p9.4"]


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
    assert check("p9.3", "b").passed
    assert check("p9.3", "a").diagnosis == "bound-as-exact"
    assert check("p9.3", "c").diagnosis == "bound-flag-reversed"


def test_the_move_a_shallow_search_likes_still_loses_two_plies_deeper():
    shallow, deep = horizon_values(3), horizon_values(5)
    game = ConnectFour()
    assert game.to_move(game.play(HORIZON)) == "max"
    liked = max(shallow, key=shallow.get)
    assert liked == 2 and -1 < shallow[2] < 0
    assert all(v == -1 for c, v in shallow.items() if c != 2)
    assert deep[2] == -1
    assert check("p9.4", "b").passed
    assert check("p9.4", "a").diagnosis == "trusts-the-horizon"
    assert check("p9.4", "c").diagnosis == "wrong"
