"""Lesson 8's predictions: each right answer is accepted, each named mistake diagnosed."""

import json
import math
import pathlib
from fractions import Fraction

import pytest

from minimax_lessons import GameTree, TicTacToe, minimax, mcts, textbook
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson8 import (
    AVERAGE_OPTIONS, AVERAGE_TRAP, FORK_OPTIONS, FORK_TRAP, PLAYED_OPTIONS, SELECT_COUNTS,
    few_rounds, fork_hits, playout_average, signed_mean, ucb_scores)
from minimax_lessons.play.match import move_values

IDS = ["p8.1", "p8.2", "p8.3", "p8.4", "p8.5"]


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert get_question(qid) is not None
    assert check(qid, ...).diagnosis == "not-answered"


def test_b_has_the_best_average_though_minimax_plays_c():
    tree = GameTree.from_nested(AVERAGE_TRAP)
    assert [playout_average(tree, n) for n in "BCD"] == [Fraction(1, 3), 0, Fraction(-1, 3)]
    assert minimax(tree).move == 1  # C: MIN holds B and D to -1
    assert check("p8.1", "a").passed
    assert check("p8.1", "b").diagnosis == "averages-not-minimax"


def test_random_play_outs_average_about_what_the_exact_average_says():
    import random

    tree = GameTree.from_nested(AVERAGE_TRAP)
    rng = random.Random(0)
    sample = [textbook.playout(tree, "B", rng) for _ in range(3000)]
    assert abs(sum(sample) / len(sample) - 1 / 3) < 0.05


def test_ucb1_selects_c_neither_the_best_mean_nor_the_least_visited():
    scores = ucb_scores(SELECT_COUNTS)
    # by hand: w/n + sqrt(2) * sqrt(ln 10 / n)
    assert scores["B"] == pytest.approx(4 / 6 + math.sqrt(2 * math.log(10) / 6))
    assert max(scores, key=scores.get) == "C"
    assert check("p8.2", "b").passed
    assert check("p8.2", "a").diagnosis == "greedy-mean"
    assert check("p8.2", "c").diagnosis == "least-visited"


def test_a_node_min_chose_adds_minus_maxs_utility():
    assert check("p8.3", -1).passed
    assert check("p8.3", 1).diagnosis == "backup-no-sign-switch"
    assert not check("p8.3", 0).passed


def test_the_fork_trap_needs_many_play_outs():
    game = TicTacToe(FORK_TRAP)
    values = move_values(game, game.initial_state())
    assert game.to_move(game.initial_state()) == "min"
    assert {m for m, v in values.items() if v == 0} == {2, 8}  # the rest lose to the fork
    assert fork_hits() <= 3
    assert fork_hits(range(10), 300) == 2 and fork_hits(range(10), 600) == 10
    assert fork_hits(range(10), 3000) == 10
    assert check("p8.5", "c").passed
    assert check("p8.5", "a").diagnosis == "few-playouts-enough"


def test_exploring_twice_as_much_finds_the_fork_trap_later():
    # c = 2 sqrt 2 on results -1..+1 explores as c = sqrt 2 does on results 0..1
    assert fork_hits(range(10), 1000, c=2 * math.sqrt(2)) <= 1 < 10 == fork_hits(range(10), 1000)
    assert fork_hits(range(10), 2000, c=2 * math.sqrt(2)) == 10


def test_after_nine_rounds_the_best_mean_and_the_most_visits_disagree_and_uct_plays_visits():
    result = few_rounds()
    assert result.visits == {0: 3, 1: 5, 2: 1}
    assert [signed_mean(result.means[m]) for m in (0, 1, 2)] == ["+0.33", "0.00", "-1.00"]
    assert max(result.means, key=result.means.get) == 0 != result.move == 1
    assert result.move == minimax(GameTree.from_nested(AVERAGE_TRAP)).move  # C, a draw
    prompt = get_question("p8.4").prompt_text()
    assert "B, n = 3 and mean +0.33" in prompt and "C, n = 5 and mean 0.00" in prompt
    assert "D, n = 1 and mean -1.00" in prompt
    assert check("p8.4", "b").passed
    assert check("p8.4", "a").diagnosis == "plays-best-mean"
    assert check("p8.4", "c").diagnosis == "plays-least-visited"


def test_a_mean_of_zero_has_no_sign_in_q8_2s_options():
    for seed in range(40):
        for option in get_question("q8.2").options(get_question("q8.2").data(seed)):
            assert "-0.00" not in option and "+0.00" not in option


@pytest.mark.parametrize("qid, options", [("p8.1", AVERAGE_OPTIONS), ("p8.4", PLAYED_OPTIONS),
                                          ("p8.5", FORK_OPTIONS)])
def test_the_lesson_lists_the_options_in_the_order_the_checker_letters_them(qid, options):
    path = pathlib.Path(__file__).parents[2] / "notebooks" / "08-monte-carlo-tree-search.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    asked = next(i for i, c in enumerate(cells) if f'check("{qid}"' in "".join(c["source"]))
    words = "".join(cells[asked - 1]["source"])
    for letter, option in zip("abc", options):
        assert f"- {letter}) {option}" in words
