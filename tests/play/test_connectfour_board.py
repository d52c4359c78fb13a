"""The Connect Four board: the program answers, shows its depth and column values."""

import pytest

from minimax_lessons import ConnectFour
from minimax_lessons.search.engine import column_values, centre_first
from minimax_lessons.play.connectfour_board import ConnectFourBoard, board_picture, board_svg, describe


def test_the_program_answers_each_move_and_reports_its_search():
    board = ConnectFourBoard(human="X", max_depth=3)
    board.play(3)
    game = board.game
    assert sum(row.count("X") for row in game.board(board.state)) == 1
    assert sum(row.count("O") for row in game.board(board.state)) == 1
    a = board.analysis
    assert a.depth == 3 and set(a.values) == set(range(7)) and a.nodes > 0
    after_x = game.play("3")
    assert a.values == column_values(game, after_x, depth=3, evaluate=game.estimate,
                                     order=centre_first(game))
    assert a.values[a.move] == min(a.values.values())  # O (MIN) takes a lowest column
    assert "looked 3 plies ahead" in board.thoughts() and f"column {a.move}" in board.thoughts()


def test_the_program_moves_first_when_you_play_o_and_takes_a_win():
    board = ConnectFourBoard(human="O", max_depth=2)
    assert board.analysis is not None and board.analysis.move in range(7)
    board = ConnectFourBoard(ConnectFour(start="\n".join(["......."] * 5 + ["XXX.OOO"])),
                             human="O", max_depth=1)
    assert board.game.winner(board.state) == "X"
    assert board.status() == "You lose: X has four in a row."
    with pytest.raises(ValueError, match="the game is over"):
        board.play(0)


def test_the_program_blocks_your_three_in_a_row():
    start = "\n".join(["......."] * 5 + ["XXX.OO."])  # O (the program) to move
    board = ConnectFourBoard(ConnectFour(start=start), human="X", max_depth=2)
    assert board.game.board(board.state)[-1] == "XXXOOO."
    assert board.analysis.values[3] > -1 and all(
        v == 1 for c, v in board.analysis.values.items() if c != 3)  # elsewhere X wins


def test_values_read_as_win_loss_or_an_estimate_for_one_side():
    assert describe(1, True) == "win" and describe(-1, True) == "loss"
    assert describe(-1, False) == "win" and describe(-0.375, False) == "+0.38"
    assert describe(0.375, True) == "+0.38"


def test_the_board_picture_shows_pieces_with_letters_and_the_values():
    game = ConnectFour(rows=2, cols=3)
    svg = board_svg(game, game.play("1"), values={0: 1, 1: -1, 2: 0.5})
    assert svg.count("<circle") == 6 and svg.count(">X</text>") == 1 and ">O</text>" not in svg
    assert ">win</text>" in svg and ">loss</text>" in svg and ">+0.50</text>" in svg
    assert board_svg(game, game.play("1")) == board_svg(game, game.play("1"))  # pure


def test_a_still_picture_carries_a_png_beside_its_svg():
    game = ConnectFour()
    bundle = board_picture(game, game.play("33"))._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg")
    assert "image/png" in bundle and bundle["text/plain"] == game.text(game.play("33"))


def test_the_widget_plays_a_clicked_column_and_disables_full_ones():
    pytest.importorskip("ipywidgets")
    board = ConnectFourBoard(ConnectFour(rows=2, cols=3), human="X", max_depth=2)
    view = board.widget()
    assert view is board.widget()
    board._buttons[0].click()
    assert board.game.board(board.state)[-1][0] == "X"
    assert "looked 2 plies ahead" in board._thoughts.value
    full = [c for c in range(3) if c not in board.game.actions(board.state)]
    assert all(board._buttons[c].disabled for c in full)
    bundle = board._repr_mimebundle_()
    assert {"image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json"} <= set(bundle)
    assert "<svg" in board._board.value


def test_a_bad_side_is_refused():
    with pytest.raises(ValueError, match="human must be 'X' or 'O'"):
        ConnectFourBoard(human="Y")


def test_the_board_shows_only_what_a_display_asks_for():
    board = ConnectFourBoard(ConnectFour(rows=2, cols=3), human="X", max_depth=2)
    assert board._repr_mimebundle_(include=["text/plain"]) == {"text/plain": repr(board)}
    assert board._widget is None  # no widget made for a text-only display
    bundle = board._repr_mimebundle_(exclude=["text/plain", "image/png"])
    assert set(bundle) == {"image/svg+xml", "application/vnd.jupyter.widget-view+json"}
    assert bundle["image/svg+xml"] == board.picture().svg
    picture = board_picture(board.game, board.state)
    assert set(picture._repr_mimebundle_(include=["image/png"])) == {"image/png"}
