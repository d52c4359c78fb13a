"""Lesson 4's predictions accept what perfect play does and name the likely mistakes."""

from math import factorial

import pytest

from minimax_lessons import TicTacToe, minimax
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson4 import (FORK_BLOCK, SLOW_WIN, games_from,
                                                           threats, wins_at_once)
from minimax_lessons.play.match import perfect_player

GAME = TicTacToe()


def test_every_prediction_of_lesson_4_is_registered_in_order():
    assert [get_question(f"p4.{k}").id for k in range(1, 5)] == [f"p4.{k}" for k in range(1, 5)]
    assert get_question("p4.5") is None


def test_the_block_that_forks_is_the_only_square_that_does_not_lose():
    values = {a: minimax(GAME, GAME.result(FORK_BLOCK, a)).value for a in GAME.actions(FORK_BLOCK)}
    keeps = [a for a, v in values.items() if v == max(values.values())]
    assert keeps == threats(FORK_BLOCK) == [6]
    assert check("p4.1", 6).passed and check("p4.1", "6").passed


@pytest.mark.parametrize("square", [1, 3, 5, 7])
def test_any_other_square_misses_the_block(square):
    after = GAME.result(FORK_BLOCK, square)
    assert GAME.utility(GAME.result(after, 6)) == -1  # O completes 2-4-6
    feedback = check("p4.1", square)
    assert not feedback.passed and feedback.diagnosis == "misses-block"


def test_the_empty_board_is_a_draw_and_a_first_player_win_is_named():
    assert check("p4.2", 0).passed
    feedback = check("p4.2", 1)
    assert not feedback.passed and feedback.diagnosis == "first-mover-wins"
    assert not check("p4.2", -1).passed


def test_there_are_fewer_games_than_orders_of_nine_squares():
    assert games_from(GAME.initial_state()) == minimax(GAME).leaves == 255_168 < factorial(9)
    assert check("p4.3", "a").passed and check("p4.3", "Fewer than 362,880.").passed


@pytest.mark.parametrize("letter, diagnosis", [("b", "ignores-wins"), ("c", "counts-nodes")])
def test_the_wrong_counts_of_games_are_named(letter, diagnosis):
    feedback = check("p4.3", letter)
    assert not feedback.passed and feedback.diagnosis == diagnosis


def test_minimax_does_not_take_the_immediate_win():
    move = minimax(GAME, SLOW_WIN).move
    assert move not in wins_at_once(SLOW_WIN) == [6, 8]
    assert move == perfect_player(GAME, SLOW_WIN) == 3
    assert check("p4.4", move).passed


@pytest.mark.parametrize("square", [6, 8])
def test_expecting_the_fast_win_is_named(square):
    feedback = check("p4.4", square)
    assert not feedback.passed and feedback.diagnosis == "expects-fast-win"


def test_wins_at_once_and_threats_read_the_board():
    board = GAME.parse("XX.\nOO.\n...")  # X to move: X wins at 2, O threatens 5
    assert wins_at_once(board) == [2] and threats(board) == [5]
    assert wins_at_once(GAME.initial_state()) == [] and threats(GAME.initial_state()) == []
