"""Playing against the program: move values, players, matches and the board."""

import re

import pytest

from minimax_lessons import TicTacToe, minimax
from minimax_lessons.play.match import move_values, perfect_player, play_match, random_player
from minimax_lessons.pictures.jupyter import with_hint
from minimax_lessons.play.tictactoe_board import HINT, TicTacToeBoard


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
    assert board.status() == "You lose: X completed squares 0-1-2."
    with pytest.raises(ValueError, match="the game is over"):
        board.play(5)
    board.reset()
    assert board.status() == "You lose: X completed squares 0-1-2."  # X takes it again


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


def test_the_still_picture_is_the_board_with_each_move_s_value():
    board = TicTacToeBoard(TicTacToe("XX.\nOO.\n..."), human="X")
    picture = board.picture()
    texts = re.findall(r">([^<>]+)</text>", picture.svg)
    assert texts[:2] == ["X", "X"] and texts[2:4] == ["win", "(+1)"]  # square 2 wins
    assert texts[4:6] == ["O", "O"] and texts[6:8] == ["draw", "(+0)"]  # square 5 blocks
    assert ["loss", "(-1)"] == texts[8:10]  # square 6 lets O complete the middle row
    assert picture.svg.count('class="square"') == 9 and texts[-1] == "Your move (X)."
    # every text at least 17 px at its own size (the room's sizes): no tree of nine boards
    assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', picture.svg)) >= 17
    assert re.search(r'width="(\d+)px"', picture.svg)[1] == "388"  # 3 squares of 120 px
    assert picture.description.startswith("Tic-tac-toe board, square 0, top row, left: X; ")
    assert "square 2, top row, right: win (+1)" in picture.description
    bundle = board._repr_mimebundle_()
    assert {"image/svg+xml", "application/vnd.jupyter.widget-view+json", "text/plain"} <= set(bundle)
    assert f'alt="{picture.description} {HINT}"' in bundle["text/html"]


def test_each_square_says_where_it_is():
    board = TicTacToeBoard(human="X")
    board.widget()
    tips = [b.tooltip for b in board._buttons]
    assert tips[0] == "square 0, top row, left: play here"
    assert tips[4] == "square 4, middle row, centre: play here"
    board.play(4)
    assert board._buttons[4].tooltip == "square 4, middle row, centre: taken"


def test_the_end_is_told_from_your_side():
    won = TicTacToeBoard(TicTacToe("XX.\nOO.\n..."), human="X")
    won.play(2)
    assert won.status() == "You win (X on squares 0-1-2)."
    drawn = TicTacToeBoard(human="X")
    while not drawn.game.is_terminal(drawn.state):
        drawn.play(perfect_player(drawn.game, drawn.state))
    assert drawn.winning_line() is None and drawn.status().startswith("Draw")


def test_the_winning_line_is_marked_by_a_frame_not_only_by_colour():
    board = TicTacToeBoard(TicTacToe("XX.\nOO.\n..."), human="O")
    board.widget()
    assert board.winning_line() == (0, 1, 2)
    framed = [i for i, b in enumerate(board._buttons) if b.layout.border]
    assert framed == [0, 1, 2]
    assert [board._buttons[i].tooltip for i in framed] == [
        "square 0, top row, left: the winning line", "square 1, top row, centre: the winning line",
        "square 2, top row, right: the winning line"]


def test_the_switches_change_sides_and_hide_the_values():
    board = TicTacToeBoard(human="X")
    view = board.widget()
    side, values = view.children[0].children
    side.value = "O"  # the program now opens as X
    assert board.human == "O" and board.state.count("X") == 1 and board.state.count("O") == 0
    assert any(b.description.startswith(("draw", "loss")) for b in board._buttons)
    values.value = False
    assert all(b.description in ("X", "O", " ") for b in board._buttons)
    assert board.picture().svg.count(">draw<") == 0  # the still picture hides them too


def test_the_board_is_sized_for_a_room():
    board = TicTacToeBoard(human="X")
    board.widget()
    button = board._buttons[0]
    assert int(button.layout.width.rstrip("px")) >= 120
    assert int(board.MARK_FONT.rstrip("px")) >= 40 and int(board.LABEL_FONT.rstrip("px")) >= 16


def test_the_board_shows_only_what_a_display_asks_for():
    board = TicTacToeBoard(human="X")
    assert board._repr_mimebundle_(include=["text/plain"]) == {"text/plain": repr(board)}
    assert board._widget is None  # no widget made for a text-only display
    bundle = board._repr_mimebundle_(exclude=["text/plain", "image/png", "text/html"])
    assert set(bundle) == {"image/svg+xml", "application/vnd.jupyter.widget-view+json"}
    assert bundle["image/svg+xml"] == with_hint(board.picture().svg, HINT)
