"""Lesson 5's predictions: each right answer is accepted, each named mistake diagnosed."""

import pytest

from minimax_lessons import GameTree, TicTacToe, iterative_deepening, minimax, solve
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson5 import (BLOCK_OR_LOSE, SCALED_SCORES,
                                                           UNIFORM, WIN_ON_BOARD,
                                                           deepening_total, tree_size)
from minimax_lessons.games.tictactoe import open_lines

IDS = ["p5.1", "p5.2", "p5.3", "p5.4"]


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert get_question(qid) is not None
    assert check(qid, ...).diagnosis == "not-answered"


def test_a_uniform_tree_has_a_geometric_sum_of_nodes():
    b, d = UNIFORM
    right = sum(b ** k for k in range(d + 1))
    assert tree_size(b, d) == right == 121
    assert check("p5.1", right).passed
    assert check("p5.1", b ** d).diagnosis == "counts-leaves"
    assert check("p5.1", right - b ** d).diagnosis == "depth-off-by-one"
    assert check("p5.1", right + b ** (d + 1)).diagnosis == "depth-off-by-one"
    assert check("p5.1", right + 1).diagnosis == "wrong"


def test_a_badly_scaled_estimate_passes_up_a_win():
    game = TicTacToe()
    winning = [a for a in game.actions(WIN_ON_BOARD)
               if game.is_terminal(game.result(WIN_ON_BOARD, a))
               and game.utility(game.result(WIN_ON_BOARD, a)) == 1]
    played = minimax(game, WIN_ON_BOARD, depth=1, evaluate=open_lines).move
    assert winning == [8] and played == 7
    assert open_lines(game.result(WIN_ON_BOARD, 7)) > game.utility(game.result(WIN_ON_BOARD, 8))
    assert check("p5.2", played).passed
    assert check("p5.2", "7").passed
    assert check("p5.2", 8).diagnosis == "win-outscored"
    assert check("p5.2", 5).diagnosis == "wrong"
    assert check("p5.2", "the centre").diagnosis == "bad-answer"


def test_looking_two_plies_ahead_finds_the_only_block():
    game = TicTacToe(scores=SCALED_SCORES)
    exact = solve(game)
    saving = [a for a in game.actions(BLOCK_OR_LOSE)
              if exact[game.result(BLOCK_OR_LOSE, a)] == exact[BLOCK_OR_LOSE]]
    two_ply = minimax(game, BLOCK_OR_LOSE, depth=2, evaluate=open_lines)
    one_ply = minimax(game, BLOCK_OR_LOSE, depth=1, evaluate=open_lines)
    assert saving == [two_ply.move] == [8]
    assert one_ply.move == 1 and exact[game.result(BLOCK_OR_LOSE, 1)] == -100
    assert check("p5.3", 8).passed
    assert check("p5.3", 1).diagnosis == "one-ply-only"
    assert check("p5.3", 7).diagnosis == "ignores-reply"  # O's replies maximised, not minimised
    assert check("p5.3", 4).diagnosis == "wrong"


def test_iterative_deepening_repeats_every_shallower_search():
    b, d = UNIFORM
    tree = GameTree.random(b, d, seed=3)
    runs = iterative_deepening(tree, max_depth=d, search=minimax, evaluate=lambda s: 0)
    assert [r.depth for r in runs] == list(range(1, d + 1))
    right = sum(tree_size(b, k) for k in range(1, d + 1))
    assert sum(r.nodes for r in runs) == deepening_total(b, d) == right == 178
    assert check("p5.4", right).passed
    assert check("p5.4", tree_size(b, d)).diagnosis == "counts-last-iteration"
    assert check("p5.4", sum(b ** k for k in range(1, d + 1))).diagnosis == "counts-leaves"
    assert check("p5.4", right + 2).diagnosis == "wrong"
