"""TicTacToe and Nim: the rules, the text form, and impossible positions."""

import pytest

from minimax_lessons import GameError, Nim, TicTacToe, minimax, solve
from minimax_lessons.games.game import Game


def test_x_moves_first_and_actions_come_in_square_order():
    game = TicTacToe()
    start = game.initial_state()
    assert game.to_move(start) == "max"
    assert game.actions(start) == tuple(range(9))
    after = game.result(start, 4)
    assert after == "....X...." and game.to_move(after) == "min"


def test_a_board_reads_and_writes_as_three_lines():
    game = TicTacToe()
    state = game.parse("XO.\n.X.\n..O")
    assert state == "XO..X...O"
    assert game.text(state) == "XO.\n.X.\n..O"
    assert game.parse(game.text(state)) == state


def test_three_in_a_row_ends_the_game_with_the_right_sign():
    game = TicTacToe()
    assert game.is_terminal("XXXOO....") and game.utility("XXXOO....") == 1
    assert game.is_terminal("OOOXX.X..") and game.utility("OOOXX.X..") == -1
    draw = game.parse("XOX\nXOO\nOXX")
    assert game.is_terminal(draw) and game.utility(draw) == 0
    assert game.actions("XXXOO....") == ()


def test_other_score_scales_change_utilities_but_not_the_best_move():
    state = TicTacToe.parse("XX.\nOO.\n...")
    plain, scaled = TicTacToe(state), TicTacToe(state, scores=(10, 0, -10))
    assert minimax(scaled).value == 10 * minimax(plain).value
    assert minimax(scaled).move == minimax(plain).move == 2


@pytest.mark.parametrize("text, message", [
    ("XXX\nXXX\n...", "X has 6 and O has 0"),
    ("XXX\nOOO\n...", "both X and O have three in a row"),
    ("XXX\nOO.\nO..", "X has won, so X moved last"),
    ("OOO\nXX.\nX.X", "O has won, so O moved last"),
    ("XO\nX", "cannot read"),
    ("XQ.\n...\n...", "cannot read"),
])
def test_impossible_boards_are_refused(text, message):
    with pytest.raises(GameError, match=message):
        TicTacToe.parse(text)


def test_a_move_on_a_taken_square_is_refused():
    with pytest.raises(GameError, match="square 4 is not a legal move"):
        TicTacToe().result("....X....", 4)


def test_a_non_state_gets_a_hint_to_parse():
    with pytest.raises(GameError, match=r"use game.parse\(text\)"):
        TicTacToe().actions("XO.\n.X.\n..O")


def test_solve_finds_5478_positions_and_a_draw():
    game = TicTacToe()
    values = solve(game)
    assert len(values) == 5478
    assert values[game.initial_state()] == 0
    assert values[game.parse("XX.\nOO.\n...")] == 1


def test_nim_actions_take_one_to_max_take_from_one_heap():
    game = Nim([2, 3], max_take=2)
    assert game.actions(game.initial_state()) == ((0, 1), (0, 2), (1, 1), (1, 2))
    assert game.result(((2, 3), "max"), (1, 2)) == ((2, 1), "min")


def test_nim_player_who_cannot_move_loses():
    game = Nim([0, 0])
    assert game.is_terminal(((0, 0), "max")) and game.utility(((0, 0), "max")) == -1
    assert game.utility(((0, 0), "min")) == 1


@pytest.mark.parametrize("heaps", [[1, 2, 3], [1, 4, 5], [2, 2], [3, 5, 7]])
def test_nim_first_player_loses_exactly_when_the_nim_sum_is_zero(heaps):
    nim_sum = 0
    for h in heaps:
        nim_sum ^= h
    assert minimax(Nim(heaps), memo=True).value == (-1 if nim_sum == 0 else 1)


def test_nim_rejects_bad_heaps_and_bad_moves():
    with pytest.raises(GameError, match="whole numbers"):
        Nim([3, -1])
    with pytest.raises(GameError, match=r"action \(0, 5\) is not legal in heaps 3, MAX to move"):
        Nim([3]).result(((3,), "max"), (0, 5))


def test_the_base_game_gives_uniform_chances_and_successors():
    game = Nim([2])
    assert Game.chances(game, ((2,), "max")) == [((0, 1), 0.5), ((0, 2), 0.5)]
    assert game.successors(((1,), "min")) == [((0, 1), ((0,), "max"))]


# -- how games look in pictures: the board hook and named trees ----------------------

def test_every_game_says_how_its_states_look_as_boards():
    from minimax_lessons import FIGURE_5_2, ConnectFour

    four = ConnectFour(rows=2, cols=3)
    assert TicTacToe().board("XO..X...O") == ("XO.", ".X.", "..O")  # a grid of squares
    assert four.board(four.play("1")) == ("...", ".X.")
    assert Nim([1, 2]).board(((1, 2), "max")) == "1 2"  # a line of text: heaps are no grid
    assert FIGURE_5_2.board("A") is None and Game().board("any") is None  # no board


def test_board_of_asks_any_game_even_one_written_without_game():
    from minimax_lessons.games.game import board_of

    class Plain:  # a student's game with the six rules only
        def text(self, state):
            return str(state)

    assert board_of(Plain(), "s") is None
    assert board_of(TicTacToe(), "X........") == ("X..", "...", "...")
    with pytest.raises(GameError, match="not a tic-tac-toe state"):
        TicTacToe().board("XX")


def test_only_trees_of_named_nodes_are_drawn_as_named_trees():
    from minimax_lessons import FIGURE_5_2
    from minimax_lessons.games.game import is_named_tree

    assert is_named_tree(FIGURE_5_2)
    assert not any(is_named_tree(g) for g in (TicTacToe(), Nim([2]), Game(), object()))
