"""Lesson 1's predictions: the right answer is accepted, each likely mistake is named."""

import pytest

from minimax_lessons import GameTree, Nim, TicTacToe, minimax
from minimax_lessons.games.tictactoe import winner
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks import lesson1


def test_lesson_1_registers_four_predictions_in_order():
    assert [get_question(f"p1.{k}") is not None for k in range(1, 6)] == [True] * 4 + [False]


def test_min_moves_five_plies_below_a_max_root():
    # plies 0, 2, 4 are MAX's, plies 1, 3, 5 MIN's: hand-checked
    assert lesson1.mover_at(lesson1.chain(6), 5) == "min"
    assert check("p1.1", "b").passed and check("p1.1", "MIN").passed


def test_answering_max_for_five_plies_is_told_to_count_again():
    feedback = check("p1.1", "a")
    assert not feedback.passed and "Count again" in feedback.message


def test_a_board_o_has_won_scores_minus_one_for_max():
    game = TicTacToe()
    board = game.parse(lesson1.O_WON)
    assert game.is_terminal(board) and winner(board) == "O"
    assert check("p1.2", -1).passed


@pytest.mark.parametrize("answer, diagnosis", [(1, "signs-swapped"), (0, "wrong"),
                                               ("O", "bad-answer")])
def test_wrong_utilities_are_diagnosed(answer, diagnosis):
    feedback = check("p1.2", answer)
    assert not feedback.passed and feedback.diagnosis == diagnosis


def test_only_the_increasing_rescaling_keeps_maxs_choice():
    assert [lesson1.order_breaker(t) is None for t in lesson1.RESCALINGS] == [
        False, False, True, False]
    assert check("p1.3", "c").passed and check("p1.3", "f(x) = 10 * x - 7").passed


@pytest.mark.parametrize("letter, text", [("a", "x ** 2"), ("b", "-x"), ("d", "abs(x)")])
def test_each_unsafe_rescaling_is_shown_changing_maxs_move(letter, text):
    tree, rescored = lesson1.moves_apart(text)
    assert minimax(tree).move != minimax(rescored).move
    feedback = check("p1.3", letter)
    assert not feedback.passed and f"f(x) = {text} turns" in feedback.message


def test_the_second_player_wins_nim_two_two_by_copying():
    assert minimax(Nim([2, 2])).value == -1
    assert check("p1.4", "b").passed


def test_saying_the_first_player_wins_nim_two_two_explains_the_copying():
    feedback = check("p1.4", "a")
    assert not feedback.passed and "takes the same from the other" in feedback.message


def test_the_copy_strategy_really_wins_for_min():
    """After any MAX move, MIN equalises the heaps and wins from there."""
    game = Nim([2, 2])
    start = game.initial_state()
    for heap, count in game.actions(start):
        after = game.result(start, (heap, count))
        copied = game.result(after, (1 - heap, count))
        assert copied[0][0] == copied[0][1] and minimax(game, copied).value == -1


def test_unanswered_predictions_say_so():
    assert all(check(f"p1.{k}", ...).diagnosis == "not-answered" for k in range(1, 5))


def test_chain_is_one_line_of_play():
    tree = lesson1.chain(3)
    assert isinstance(tree, GameTree) and tree.height == 3 and len(tree.leaves) == 1
