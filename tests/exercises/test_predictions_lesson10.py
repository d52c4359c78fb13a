"""Lesson 10's predictions: each right answer is accepted, each named mistake diagnosed."""

import pytest

from minimax_lessons import ConnectFour, alphabeta, centre_first, expectiminimax, minimax
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson10 import REFUTED, REFUTED_MOVE, cut_like_alphabeta
from minimax_lessons.games.examples import (BOUNDED_CHANCE, BOUNDED_CHANCE_RANGE, NO_PRUNING,
                                            THREE_PLAYERS, TWO_OPPONENTS)
from minimax_lessons.search.adversarial import maxn

IDS = [f"p10.{n}" for n in range(1, 8)]


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert get_question(qid) is not None
    assert check(qid, ...).diagnosis == "not-answered"


def test_two_min_plies_in_a_row_give_4_and_alternation_would_give_8():
    # B1 = min(4, 7), B2 = min(6, 5), B = min(4, 5); C1 = 3, C2 = 9, C = 3; A = max(4, 3).
    assert minimax(TWO_OPPONENTS).value == 4
    assert check("p10.1", 4).passed
    assert check("p10.1", 8).diagnosis == "assumes-alternation"  # MAX at B1: max(7, 6), ...
    assert check("p10.1", 9).diagnosis == "max-at-every-level"
    assert check("p10.1", 3).diagnosis == "min-at-every-level"


def test_p1_scores_6_when_every_player_picks_by_their_own_score():
    assert maxn(THREE_PLAYERS).value == (6, 3, 9)
    assert check("p10.2", 6).passed
    assert check("p10.2", 9).diagnosis == "maximises-root-score"  # (9, 6, 2) is P1's best leaf
    assert check("p10.2", 2).diagnosis == "assumes-zero-sum"      # P2, P3 holding P1 down
    assert check("p10.2", 3).diagnosis == "reads-wrong-score"
    assert check("p10.2", 7).diagnosis == "wrong"


def test_cutting_c_after_c1_would_cost_p1_four_points():
    assert maxn(NO_PRUNING, "B").value[0] == 2 and maxn(NO_PRUNING, "C1").value[0] == 1
    assert maxn(NO_PRUNING).move == 1 and maxn(NO_PRUNING).value[0] == 6
    assert cut_like_alphabeta(NO_PRUNING) == 0  # alpha-beta's rule would keep B
    assert check("p10.3", "b").passed
    assert check("p10.3", "a").diagnosis == "assumes-zero-sum"
    assert check("p10.3", "c").diagnosis == "maximises-root-score"


def test_without_bounds_a_score_above_11_at_c3_lifts_c_above_b():
    assert expectiminimax(BOUNDED_CHANCE, "B").value == 7
    # C = 0.25 * 2 + 0.25 * 4 + 0.5 * C3 > 7 exactly when C3 > 11
    spec = BOUNDED_CHANCE.to_dict()
    spec["children"][1]["children"][2]["value"] = 12
    from minimax_lessons import GameTree

    assert expectiminimax(GameTree.from_dict(spec)).move == 1
    assert check("p10.4", "b").passed
    assert check("p10.4", "a").diagnosis == "prunes-chance-without-bounds"
    assert check("p10.4", "c").diagnosis == "wrong"


def test_with_scores_in_0_to_10_c_is_worth_at_most_6_5_and_c3_is_skipped():
    assert BOUNDED_CHANCE_RANGE == (0, 10)
    assert 0.25 * 2 + 0.25 * 4 + 0.5 * 10 == 6.5 < 7
    assert expectiminimax(BOUNDED_CHANCE, bounds=BOUNDED_CHANCE_RANGE).pruned == ("C3",)
    assert check("p10.5", 6.5).passed and check("p10.5", "6.50").passed
    assert check("p10.5", 1.5).diagnosis == "forgets-unseen-outcomes"
    assert check("p10.5", 3).diagnosis == "averages-seen-outcomes"
    assert check("p10.5", (2 + 4 + 10) / 3).diagnosis == "ignores-probabilities"
    assert check("p10.5", 10).diagnosis == "wrong"


def test_once_4_has_refuted_move_1_the_killers_try_it_first_after_move_3():
    game = ConnectFour(rows=4, cols=5)
    state = game.play(REFUTED)
    assert game.to_move(state) == "max" and not any(
        game.winner(game.result(state, a)) for a in game.actions(state))
    assert [a for a in game.actions(state) if a != 4 and game.winner(
        game.result(game.result(state, a), 4))] == [0, 1, 2, 3]  # O wins at 4 after any other
    assert REFUTED_MOVE == 3
    assert check("p10.6", 4).passed
    assert check("p10.6", 2).diagnosis == "order-ignored"


def test_killers_change_nothing_from_the_empty_board_at_depth_6():
    game = ConnectFour()
    order = centre_first(game)
    plain = alphabeta(game, depth=6, evaluate=game.estimate, order=order)
    killers = alphabeta(game, depth=6, evaluate=game.estimate, order=order, killers=2)
    assert plain.nodes == killers.nodes == 1249 and plain.value == killers.value
    assert check("p10.7", "a").passed
    assert check("p10.7", "b").diagnosis == "killers-always-help"
    assert check("p10.7", "c").diagnosis == "killers-always-help"
