"""Bots (issue 11): the reference bots, the deepening search, and what they play."""

import pytest

from minimax_lessons import TicTacToe, alphabeta
from minimax_lessons.play.bots import (REFERENCE_BOTS, board_view, deepening_bot, game_spec,
                                  make_game, random_bot, reference_bot, reference_evaluation,
                                  search_bot)
from minimax_lessons.games.connectfour import ConnectFour


@pytest.mark.parametrize("name", REFERENCE_BOTS)
def test_every_reference_bot_plays_a_legal_move_until_the_game_ends(name):
    game = ConnectFour(rows=4, cols=5)
    bot, rival = reference_bot(game, name), random_bot(game, seed=3)
    state = game.initial_state()
    while not game.is_terminal(state):
        mover = bot if game.to_move(state) == "max" else rival
        move = mover(state, 1.0)
        assert move in game.actions(state)
        state = game.result(state, move)


def test_the_search_bots_take_a_win_in_one_and_block_one():
    game = ConnectFour()
    x_to_win = game.play("001122")  # X has 0, 1, 2 on the bottom row, O above them
    for name in ("greedy", "depth-2", "depth-4"):
        assert reference_bot(game, name)(x_to_win, 1.0) == 3
    o_must_block = game.play("00112")  # X threatens column 3; O to move
    assert reference_bot(game, "depth-2")(o_must_block, 1.0) == 3


def test_the_reference_evaluation_stays_strictly_inside_a_loss_and_a_win():
    for game in (ConnectFour(), ConnectFour(rows=4, cols=5), TicTacToe()):
        evaluate, rival = reference_evaluation(game), random_bot(game, seed=7)
        state = game.initial_state()
        while not game.is_terminal(state):
            assert -1 < evaluate(board_view(game, state)) < 1
            state = game.result(state, rival(state, 1.0))


def test_the_random_bot_is_the_same_for_the_same_seed_and_position_and_varies_with_the_seed():
    game = ConnectFour()
    state = game.initial_state()
    assert random_bot(game, 1)(state, 1.0) == random_bot(game, 1)(state, 1.0)
    assert len({random_bot(game, seed)(state, 1.0) for seed in range(20)}) > 1


def test_with_a_quick_evaluation_deepening_plays_the_move_of_alpha_beta_at_full_depth():
    game = ConnectFour(rows=4, cols=5)
    evaluate = reference_evaluation(game)
    for moves in ("", "2", "2213", "001124"):
        state = game.play(moves)
        assert deepening_bot(game, evaluate, max_depth=3)(state, 5.0) == \
            search_bot(game, evaluate, 3)(state, 5.0)
    tic = TicTacToe()
    assert deepening_bot(tic, reference_evaluation(tic), max_depth=9)("X...O....", 5.0) == \
        alphabeta(tic, "X...O....").move


def test_deepening_with_a_slow_evaluation_stops_at_its_share_of_the_time(monkeypatch):
    # a clock that only moves when the evaluation runs: 0.05 s per estimate
    import minimax_lessons.play.bots as bots

    clock = {"now": 0.0, "calls": 0}
    monkeypatch.setattr(bots.time, "monotonic", lambda: clock["now"])

    def slow(board):
        clock["now"] += 0.05
        clock["calls"] += 1
        return 0

    game = ConnectFour()
    move = deepening_bot(game, slow, max_depth=6)(game.initial_state(), 1.0)
    # 60% of 1 s is 12 estimates (and the one under way when time ran out): depth 1 (7
    # estimates) finished, depth 2 did not; depth 1 with equal estimates keeps the centre
    assert clock["calls"] == 13 and move == 3


def test_a_game_travels_to_another_process_as_its_spec():
    for game in (ConnectFour(rows=4, cols=5), TicTacToe()):
        again = make_game(game_spec(game))
        assert type(again) is type(game) and game_spec(again) == game_spec(game)
    with pytest.raises(ValueError, match="unknown game"):
        make_game({"kind": "chess"})
    with pytest.raises(ValueError, match="unknown reference bot 'grandmaster'"):
        reference_bot(ConnectFour(), "grandmaster")
