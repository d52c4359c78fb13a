"""Playing against the program: move values, players, matches and the board."""

import pytest

from minimax_lessons import TicTacToe, minimax
from minimax_lessons.play import (TicTacToeBoard, move_values, perfect_player, play_match,
                                  random_player)


def test_move_values_match_a_minimax_search_after_each_move():
    game = TicTacToe()
    state = game.parse("X..\n.O.\n...")
    values = move_values(game, state)
    assert set(values) == set(game.actions(state))
    for square, value in values.items():
        assert value == minimax(game, game.result(state, square)).value


def test_perfect_play_on_both_sides_draws():
    moves, score = play_match(TicTacToe(), perfect_player, perfect_player)
    assert score == 0 and len(moves) == 9


@pytest.mark.parametrize("seed", range(5))
def test_the_perfect_player_never_loses_to_a_random_one(seed):
    _, as_x = play_match(TicTacToe(), perfect_player, random_player(seed))
    _, as_o = play_match(TicTacToe(), random_player(seed), perfect_player)
    assert as_x >= 0 and as_o <= 0


def test_random_players_are_reproducible():
    a = play_match(TicTacToe(), random_player(1), random_player(2))
    assert a == play_match(TicTacToe(), random_player(1), random_player(2))


def test_the_board_answers_each_move_and_labels_empty_squares_with_values():
    board = TicTacToeBoard(human="X")
    assert board.labels() == ["draw (+0)"] * 9
    board.play(0)  # a corner: the only reply that draws is the centre
    assert board.state == "X...O...."
    labels = board.labels()
    assert labels[0] == "X" and labels[4] == "O"
    assert all(label.startswith("draw") or label.startswith("loss") for label in labels[1:4])


def test_the_program_moves_first_when_the_person_plays_o():
    board = TicTacToeBoard(human="O")
    assert board.state.count("X") == 1 and board.status() == "Your move (O)."


def test_a_finished_game_refuses_more_moves_until_reset():
    board = TicTacToeBoard(TicTacToe("XX.\nOO.\n..."), human="O")
    assert board.state == "XXXOO...."  # the program (X) won at once
    assert board.status() == "X wins."
    with pytest.raises(ValueError, match="the game is over"):
        board.play(5)
    board.reset()
    assert board.status() == "X wins."  # the same start, and X takes it again


def test_the_widget_shows_the_labels_and_clicks_play():
    board = TicTacToeBoard(human="X")
    view = board.widget()
    buttons = board._buttons
    assert [b.description for b in buttons] == board.labels()
    buttons[4].click()
    assert board.state.count("X") == 1 and buttons[4].description == "X"
    before = board.state
    buttons[4].click()  # a taken square: nothing happens
    assert board.state == before
    assert "text/plain" in board._repr_mimebundle_() and view is board.widget()


def test_the_person_must_be_x_or_o():
    with pytest.raises(ValueError, match="human must be 'X' or 'O'"):
        TicTacToeBoard(human="Z")


def test_the_still_picture_shows_each_move_with_its_value():
    board = TicTacToeBoard(TicTacToe("XX.\nOO.\n..."), human="X")
    source = board.picture().source
    assert "win (+1)" in source and "loss (-1)" in source and "draw (+0)" in source
    bundle = board._repr_mimebundle_()
    assert {"image/svg+xml", "application/vnd.jupyter.widget-view+json", "text/plain"} <= set(bundle)
