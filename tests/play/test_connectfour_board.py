"""The Connect Four board: the program answers, shows its depth and column values."""

import re
import threading

import pytest

from minimax_lessons import ConnectFour
from minimax_lessons.search.engine import column_values, centre_first
from minimax_lessons.pictures.jupyter import with_hint
from minimax_lessons.play.connectfour_board import (HINT, ConnectFourBoard, board_picture, board_svg,
                                                    describe, winning_lines)


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
    assert board.status() == "You lose: X has four in a row (marked)."
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
    assert describe(-0.001, True) == describe(0.001, False) == describe(0, True) == "0.00"


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
    assert board.wait(30)  # the program answers in its thread
    assert "looked 2 plies ahead" in board._thoughts.value
    board._buttons[0].click()
    assert board.wait(30)
    full = [c for c in range(3) if c not in board.game.actions(board.state)]
    assert full and board.game.board(board.state)[0][0] == "X"
    assert [b.disabled for b in board._buttons] == [c in full for c in range(3)]
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
    bundle = board._repr_mimebundle_(exclude=["text/plain", "image/png", "text/html"])
    assert set(bundle) == {"image/svg+xml", "application/vnd.jupyter.widget-view+json"}
    assert bundle["image/svg+xml"] == with_hint(board.picture().svg, HINT)
    picture = board_picture(board.game, board.state)
    assert set(picture._repr_mimebundle_(include=["image/png"])) == {"image/png"}


# -- the program thinks; the board says so and takes no clicks meanwhile -------------------

class HeldProgram:
    """A program that thinks until the test lets it answer (no clock involved)."""

    def __init__(self, board):
        self.go, self.started, self.calls = threading.Event(), threading.Event(), []
        self.real = board.think

    def __call__(self, state):
        self.calls.append(state)
        self.started.set()
        assert self.go.wait(30), "the test never let the program answer"
        return self.real(state)


def pieces(board):
    rows = board.game.board(board.state)
    return sum(r.count("X") for r in rows), sum(r.count("O") for r in rows)


def test_while_the_program_thinks_the_board_says_so_and_ignores_every_click():
    pytest.importorskip("ipywidgets")
    board = ConnectFourBoard(human="X", max_depth=2)
    board.widget()
    program = board.think = HeldProgram(board)
    board._buttons[3].click()
    assert program.started.wait(30)
    # Your piece is down, the program has not answered, and the board says it is thinking.
    assert board.thinking and pieces(board) == (1, 0)
    assert "is thinking" in board._status.value and "thinking" in board.status()
    assert all(b.disabled for b in board._buttons)
    assert board._again.disabled and board._side.disabled
    # Clicks that reach the kernel meanwhile are dropped, not queued for later.
    board._buttons[4].click()
    board._buttons[3].click()
    board._again.click()
    board._side.value = "O"
    assert board._side.value == "X" and board.human == "X"
    program.go.set()
    assert board.wait(30)
    assert not board.thinking and pieces(board) == (1, 1) and len(program.calls) == 1
    assert board.game.board(board.state)[-1][3] == "X"
    assert "looked 2 plies ahead" in board._thoughts.value
    assert board._status.value.endswith("Your move (X): click a column.</b>")
    assert not any(board._buttons[c].disabled for c in board.game.actions(board.state))
    assert not board._again.disabled and not board._side.disabled


def test_playing_o_the_program_opens_in_its_thread_and_new_game_waits_for_it():
    pytest.importorskip("ipywidgets")
    board = ConnectFourBoard(human="X", max_depth=1)
    board.widget()
    program = board.think = HeldProgram(board)
    board._side.value = "O"  # the program (X) opens
    assert program.started.wait(30) and board.thinking and pieces(board) == (0, 0)
    board._buttons[0].click()  # ignored: not your move yet
    program.go.set()
    assert board.wait(30) and pieces(board) == (1, 0) and board.human == "O"


def test_a_search_that_fails_in_its_thread_is_shown_and_raised_by_wait():
    pytest.importorskip("ipywidgets")
    board = ConnectFourBoard(human="X", max_depth=1)
    board.widget()

    def broken(state):
        raise RuntimeError("out of paper")

    board.think = broken
    board._buttons[2].click()
    with pytest.raises(RuntimeError, match="out of paper"):
        board.wait(30)
    assert not board.thinking


def test_the_values_row_says_whose_values_they_are():
    board = ConnectFourBoard(human="X", max_depth=1)
    assert "values-label" not in board.picture().svg  # nothing thought yet, no values
    board.play(3)
    svg = board.picture().svg
    assert "the program&#x27;s values at its last move" in svg and "its own view as O" in svg
    game = ConnectFour(rows=2, cols=3)
    assert "each column&#x27;s value for O" in board_svg(game, (0, 0), values={0: 1},
                                                         player_is_x=False)
    assert "values-label" in board_svg(game, (0, 0), values={0: 1}, label="mine")
    assert "values-label" not in board_svg(game, (0, 0))


def test_the_winning_four_is_marked_by_a_band_and_rings():
    # X's diagonal from the bottom left: (5, 0), (4, 1), (3, 2), (2, 3).
    game = ConnectFour(start="\n".join([".......", ".......", "...X...", "..XO...", ".XOO...",
                                        "XOOXX.."]))
    state = game.initial_state()
    assert game.winner(state) == "X"
    assert winning_lines(game.board(state)) == [((2, 3), (3, 2), (4, 1), (5, 0))]
    svg = board_svg(game, state)
    assert svg.count('class="winning-four"') == 1 and svg.count('stroke="#111111"') == 4
    plain = ConnectFour()
    assert winning_lines(plain.board(plain.play("3344"))) == []
    assert 'class="winning-four"' not in board_svg(plain, plain.play("3344"))
    lost = ConnectFourBoard(ConnectFour(start="\n".join(["......."] * 5 + ["XXX.OOO"])),
                            human="O", max_depth=1)
    assert lost.status() == "You lose: X has four in a row (marked)."
    assert 'class="winning-four"' in lost.picture().svg


def test_in_lecture_mode_a_board_reads_at_20_px_and_fits_a_projectors_column():
    """Its column values at 20 px, its label at 16, in the column of a 1024x768 screen with
    the file browser open; the widget's buttons as wide as its columns."""
    from minimax_lessons import lecture_mode
    from minimax_lessons.pictures.lecture import ROOM, TEXT_PX, VALUE_PX

    game = ConnectFour()
    state = game.play("01140331535310")
    values = {c: 0.25 for c in game.actions(state)}
    plain = board_picture(game, state, values=values)
    with lecture_mode():
        big = board_picture(game, state, values=values)
        board = ConnectFourBoard(human="X", max_depth=1)
    width = float(re.search(r'<svg [^>]*width="([\d.]+)pt"', big.svg).group(1)) * 4 / 3
    assert width <= ROOM < float(re.search(r'width="([\d.]+)pt"', plain.svg).group(1)) * 2
    scale = width / (float(re.search(r'viewBox="0 0 ([\d.]+)', big.svg).group(1)))
    sizes = dict(re.findall(r'class="(column-value|values-label)"[^>]*font-size="([\d.]+)"',
                            big.svg))
    assert float(sizes["column-value"]) * scale >= VALUE_PX
    assert float(sizes["values-label"]) * scale >= TEXT_PX
    board.play(3)
    assert re.search(r'width="[\d.]+pt"', board.picture().svg).group() == \
        re.search(r'width="[\d.]+pt"', big.svg).group()  # the widget's board: as large
    buttons = board.widget().children[1].children
    assert all(b.layout.width == f"{round(40 * scale) - 4}px" for b in buttons)
