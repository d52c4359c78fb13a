"""Connect Four: the rules, the text form, impossible boards and illegal moves."""

import copy
import random

import pytest

from minimax_lessons import ConnectFour, GameError, alphabeta, solve
from minimax_lessons.games.connectfour import four_in_a_row


def naive_winner(board):
    """An independent four-in-a-row check on the plain row strings (top row first)."""
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    line = {board[rr][cc] for rr, cc in cells}
                    if line in ({"X"}, {"O"}):
                        return line.pop()
    return None


def test_x_moves_first_and_every_column_is_open_at_the_start():
    game = ConnectFour()
    start = game.initial_state()
    assert game.to_move(start) == "max"
    assert game.actions(start) == (0, 1, 2, 3, 4, 5, 6)
    assert game.board(start) == ("." * 7,) * 6
    assert game.to_move(game.result(start, 3)) == "min"


def test_pieces_fall_to_the_lowest_empty_cell():
    game = ConnectFour()
    state = game.play("3342")
    assert game.board(state)[-2:] == ("...O...", "..OXX..")
    assert game.board(state)[:4] == (".......",) * 4


def test_a_board_reads_and_writes_as_rows_top_first():
    game = ConnectFour(rows=4, cols=5)
    text = ".....\n.....\n..O..\n.XXO."
    state = game.parse(text)
    assert game.text(state) == text
    assert game.board(state) == tuple(text.split("\n"))
    assert state == game.play("1322")
    assert game.parse(text.lower().replace(".", "-").replace("\n", "\n ")) == state


def test_the_state_is_a_hashable_pair_of_bitboards_in_the_7x7_layout():
    game = ConnectFour()
    state = game.play("01")
    # X in column 0 row 0 is bit 0; O in column 1 row 0 is bit 1 * (6 + 1) = 7.
    assert state == (1 << 0, 1 << 7)
    assert {state: "ok"}[game.parse(game.text(state))] == "ok"


@pytest.mark.parametrize("moves, direction", [
    ("0415263", "across"),
    ("0101010", "up"),
    ("01123223363", "rising diagonal"),   # X on (0,0) (1,1) (2,2) (3,3)
    ("65543443303", "falling diagonal"),  # X on (6,0) (5,1) (4,2) (3,3)
])
def test_four_in_a_row_wins_in_every_direction(moves, direction):
    game = ConnectFour()
    before = game.play(moves[:-1])
    assert not game.is_terminal(before), direction
    state = game.result(before, int(moves[-1]))
    assert naive_winner(game.board(state)) == "X"
    assert game.is_terminal(state) and game.utility(state) == 1 and game.winner(state) == "X"
    assert game.actions(state) == ()


def test_o_winning_gives_minus_one():
    game = ConnectFour()
    state = game.play("60101010")  # X wastes a move in column 6; O stacks four in column 0
    assert game.winner(state) == "O" and game.utility(state) == -1


def test_a_full_board_with_no_four_is_a_draw():
    game = ConnectFour()
    # the end of a seeded random game that filled the board
    draw = game.parse("""
        OXOOXOX
        XOXXXOO
        OXOOOXX
        XOOXXXO
        OXXXOOO
        OXOOXXX""")
    assert draw == game.play("436014551150160155104632660465204242223333")
    assert naive_winner(game.board(draw)) is None
    assert game.is_terminal(draw) and game.utility(draw) == 0 and game.actions(draw) == ()


def test_the_rules_agree_with_a_plain_check_over_random_games():
    rng = random.Random(9)
    for size in ((6, 7), (4, 5), (5, 4)):
        game = ConnectFour(*size)
        for _ in range(60):
            state = game.initial_state()
            while True:
                board = game.board(state)
                who = naive_winner(board)
                full = "." not in "".join(board)
                assert game.is_terminal(state) == (who is not None or full)
                if game.is_terminal(state):
                    assert game.utility(state) == {"X": 1, "O": -1, None: 0}[who]
                    break
                assert game.actions(state) == tuple(c for c in range(size[1]) if board[0][c] == ".")
                assert game.parse(game.text(state)) == state
                state = game.result(state, rng.choice(game.actions(state)))


def test_each_state_gets_its_own_verdict_whatever_was_asked_before():
    # is_terminal keeps the last state it judged (a search asks of each node twice): the
    # verdicts of positions asked in any order, twice in a row, as equal tuples that are
    # other objects, and of boards no game reaches (O with four, X to have moved last)
    rng = random.Random(4)
    game = ConnectFour(4, 5)
    seen = []
    for _ in range(40):
        state = game.initial_state()
        while True:
            seen.append(state)
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
    verdicts = {}
    for state in seen:
        board = game.board(state)
        verdicts[state] = naive_winner(board) is not None or "." not in "".join(board)
    column = (1 << game.rows) - 1
    o_four, x_four_then_o = (0, column), (column << game.height, 0)  # no game gets here
    verdicts.update({o_four: True, x_four_then_o: True, (0, 1): False})
    seen += [o_four, x_four_then_o, (0, 1)]
    asked = seen + [tuple(s) for s in seen] + rng.sample(seen, len(seen))
    for state in asked + asked[::-1]:
        expected = verdicts[state]
        assert game.is_terminal(state) is expected, state
        assert game.is_terminal(state) is expected and (game.actions(state) == ()) is expected
    assert game.is_terminal(o_four) and game.is_terminal(copy.deepcopy(game).initial_state()) is False
    as_list = [0, 0]  # a state given as a list, then changed in place: judged as it is now
    assert game.is_terminal(as_list) is False
    as_list[1] = column
    assert game.is_terminal(as_list) is True


def test_four_in_a_row_needs_four_not_three():
    assert four_in_a_row(0b1111, 7) and not four_in_a_row(0b111, 7)
    # three across at the bottom of columns 0-2 plus one in column 4: no four
    assert not four_in_a_row(sum(1 << (c * 7) for c in (0, 1, 2, 4)), 7)


def test_the_spare_bit_stops_a_column_from_running_into_the_next():
    # X on rows 4, 5 of column 0 and rows 0, 1 of column 1: consecutive without the spare bit
    game = ConnectFour()
    x = (1 << 4) | (1 << 5) | (1 << 7) | (1 << 8)
    assert not four_in_a_row(x, game.height)
    # without the spare bit, the same cells are bits 4-7: a false four
    assert four_in_a_row((1 << 4) | (1 << 5) | (1 << 6) | (1 << 7), 6)


@pytest.mark.parametrize("moves, column, message", [
    ("000000", 0, "column 0 is full: legal columns are 1, 2, 3, 4, 5, 6"),
    ("", 7, "column 7 is out of range: the columns are 0-6"),
    ("", -1, "column -1 is out of range: the columns are 0-6"),
    ("0101010", 2, "column 2 cannot be played: the game is over \\(X has four in a row\\)"),
    ("", "3", "a move is a column number 0-6, not '3' \\(str\\)"),
    ("", 3.0, "a move is a column number 0-6, not 3.0 \\(float\\)"),
    ("", True, "a move is a column number 0-6, not True \\(bool\\)"),
    ("", None, "a move is a column number 0-6, not None"),
])
def test_illegal_moves_are_refused_naming_the_column_and_the_reason(moves, column, message):
    game = ConnectFour()
    with pytest.raises(GameError, match=message):
        game.result(game.play(moves), column)


def test_a_move_on_a_full_board_says_it_is_a_draw():
    game = ConnectFour(rows=1, cols=2)
    with pytest.raises(GameError, match="game is over \\(the board is full, a draw\\)"):
        game.result(game.play("01"), 0)


def test_play_names_the_bad_move():
    with pytest.raises(GameError, match="move 7 of '0000000': column 0 is full"):
        ConnectFour().play("0000000")
    with pytest.raises(GameError, match="move 2 of '3a' is 'a', not a column digit"):
        ConnectFour().play("3a")


@pytest.mark.parametrize("text, message", [
    ("X......\n" + ".......\n" * 5, "a piece floats in column 0"),
    (".......\n" * 5 + "XXX....", "X has 3 and O has 0"),
    (".......\n" * 2 + "O..X...\n" * 4, "both X and O have four in a row"),
    (".......\n" * 2 + "X......\nX......\nXO.....\nXOOO...", "X has won, so X moved last"),
    (".......\n" * 4, "found 4 rows"),
    (".......\n" * 5 + "XQ.....", "cannot read row 6 from the top"),
])
def test_impossible_boards_are_refused(text, message):
    with pytest.raises(GameError, match=message):
        ConnectFour().parse(text)


def test_a_board_o_moved_first_on_is_refused():
    with pytest.raises(GameError, match="X has 0 and O has 1"):
        ConnectFour().parse(".......\n" * 5 + "O......")


@pytest.mark.parametrize("state", ["3342", (1, 2, 3), (1.0, 0), (-1, 0), None, (1, 1)])
def test_a_non_state_is_refused_clearly(state):
    with pytest.raises(GameError, match="not a Connect Four state|overlap|impossible"):
        ConnectFour().check(state)
    with pytest.raises(GameError):
        ConnectFour().text(state)


def test_a_string_state_gets_a_hint_to_parse():
    with pytest.raises(GameError, match="use game.parse"):
        ConnectFour().to_move("3342")


@pytest.mark.parametrize("rows, cols", [(0, 7), (6, 0), (6, "7"), (True, 7), (17, 7)])
def test_bad_board_sizes_are_refused(rows, cols):
    with pytest.raises(GameError, match="must be a whole number from 1 to 16"):
        ConnectFour(rows, cols)


def test_a_start_position_can_be_given_as_text():
    game = ConnectFour(rows=4, cols=4, start="....\n....\n....\n.X..")
    assert game.to_move(game.initial_state()) == "min"
    assert "start=" in repr(game)


def test_searches_run_on_small_boards_and_agree():
    # 3 x 4 boards: no four fits upright, only across and not diagonally
    game = ConnectFour(rows=3, cols=4)
    values = solve(game)
    assert alphabeta(game).value == values[game.initial_state()]
    # a 4 x 1 column: X and O alternate, nobody gets four, a draw
    assert solve(ConnectFour(rows=4, cols=1))[(0, 0)] == 0
