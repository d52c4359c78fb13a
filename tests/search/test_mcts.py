"""Monte Carlo tree search: the engine equals the textbook UCT, and it finds good moves."""

import math
import random

import pytest

from minimax_lessons import FIGURE_5_2, GameTree, Nim, SearchError, TicTacToe, solve, textbook
from minimax_lessons.games.examples import CHANCE_TREE
from minimax_lessons.search.mcts import MCTSResult, mcts, ucb1_score
from minimax_lessons.play.match import move_values


def textbook_tree(root, game):
    """Every node of a textbook search tree by path: (visits, mean from MAX's side)."""
    out, stack = {}, [(root, ())]
    while stack:
        node, path = stack.pop()
        if node.parent is None:
            mean = None
        else:
            chooser = game.to_move(node.parent.state)
            mean = node.wins / node.visits * (1 if chooser == "max" else -1)
        out[path] = (node.visits, mean)
        stack.extend((child, path + (child.move,)) for child in node.children)
    return out


def engine_tree(result):
    return {path: (s.visits, None if not path else s.mean) for path, s in result.tree.items()}


GAMES = [
    (TicTacToe(), 400),
    (TicTacToe("X...O...."), 300),
    (Nim([2, 3]), 200),
    (Nim([3, 4, 5], max_take=2), 300),
    (FIGURE_5_2, 60),
    (GameTree.random((2, 3), 4, seed=5), 150),
]


@pytest.mark.parametrize("game, playouts", GAMES, ids=lambda x: repr(x)[:30])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_engine_grows_the_same_tree_as_the_textbook_uct(game, playouts, seed):
    state = game.initial_state()
    root = textbook.uct_search(game, state, playouts, seed)
    result = mcts(game, state, playouts=playouts, seed=seed)
    assert engine_tree(result) == textbook_tree(root, game)
    assert result.move == textbook.uct(game, state, playouts, seed)


def test_another_exploration_constant_gives_the_same_tree_in_both():
    game = TicTacToe("XO.......")
    root = textbook.uct_search(game, game.initial_state(), 300, 3, c=0.5)
    assert engine_tree(mcts(game, playouts=300, seed=3, c=0.5)) == textbook_tree(root, game)


def test_tracing_changes_nothing_but_the_trace():
    game = TicTacToe("X...O....")
    plain = mcts(game, playouts=200, seed=4)
    traced = mcts(game, playouts=200, seed=4, trace=True)
    assert plain.trace is None and traced.trace
    assert plain.tree == traced.tree and plain.move == traced.move


def test_each_round_selects_expands_plays_out_and_backs_up_once():
    game = TicTacToe("X...O....")
    result = mcts(game, playouts=150, seed=2, trace=True)
    kinds = [s.kind for s in result.trace]
    assert kinds.count("playout") == kinds.count("backup") == 150
    # every node is expanded once, and the root is the only node never expanded
    assert kinds.count("expand") == result.nodes - 1
    for step in result.trace:
        if step.kind == "select":
            scores = dict(step.detail)
            best = max(s for _, s in step.detail)
            assert scores[step.move] == best
            first = next(m for m, s in step.detail if s == best)
            assert step.move == first  # the first of equal scores


def test_the_select_scores_are_ucb1_of_the_counts_at_that_moment():
    game = Nim([2, 2])
    result = mcts(game, playouts=12, seed=0, trace=True)
    # replay the counts from the events and recompute each select step's scores
    visits, wins = {(): 0}, {}
    for step in result.trace:
        if step.kind == "select":
            expected = [ucb1_score(wins[step.path + (m,)], visits[step.path + (m,)],
                                   visits[step.path]) for m, _ in step.detail]
            assert [s for _, s in step.detail] == pytest.approx(expected)
        elif step.kind == "expand":
            visits[step.path + (step.move,)] = 0
            wins[step.path + (step.move,)] = 0.0
        elif step.kind == "backup":
            for k in range(len(step.path), -1, -1):
                path = step.path[:k]
                visits[path] += 1
                if path:
                    state = game.initial_state()
                    for move in path[:-1]:
                        state = game.result(state, move)
                    sign = 1 if game.to_move(state) == "max" else -1
                    wins[path] += sign * step.value
    assert visits[()] == 12


def test_a_nodes_visits_are_its_childrens_plus_the_round_it_was_added():
    result = mcts(TicTacToe("XO..X...."), playouts=500, seed=1)
    for path, stats in result.tree.items():
        kids = [s.visits for p, s in result.tree.items() if len(p) == len(path) + 1
                and p[:-1] == path]
        if not path:
            assert stats.visits == sum(kids) == 500
        elif kids:
            assert stats.visits == sum(kids) + 1
        elif not stats.terminal:
            assert stats.visits == 1  # a frontier node: only its own play-out


# -- MIN's point of view -------------------------------------------------------

#: O (MIN) to move: O wins at 5; X threatens 2 and 6 (a diagonal) is X's too.
O_TO_MOVE = "XX.\nOO.\nX.."


def test_min_picks_its_winning_move_in_both_versions():
    game = TicTacToe(O_TO_MOVE)
    state = game.initial_state()
    assert game.to_move(state) == "min" and move_values(game, state)[5] == -1
    for seed in range(5):
        assert mcts(game, playouts=300, seed=seed).move == 5
        assert textbook.uct(game, state, 300, seed) == 5


def test_forgetting_to_switch_the_sign_for_min_picks_a_losing_move(monkeypatch):
    game = TicTacToe(O_TO_MOVE)
    state = game.initial_state()

    def backup_for_max_only(game, node, utility):
        while node is not None:
            node.visits += 1
            node.wins += utility  # the bug: MAX's utility, whoever chose the node
            node = node.parent

    monkeypatch.setattr(textbook, "backup", backup_for_max_only)
    values = move_values(game, state)
    picks = [textbook.uct(game, state, 300, seed) for seed in range(5)]
    assert all(values[move] == 1 for move in picks)  # each lets X win


def test_the_means_are_from_maxs_point_of_view_below_a_min_node():
    game = TicTacToe(O_TO_MOVE)
    result = mcts(game, playouts=300, seed=0)
    assert result.means[5] == -1  # O's win is -1 for MAX, however often it was tried
    assert result.value == -1


# -- finding good moves ---------------------------------------------------------

def test_uct_agrees_with_solve_on_the_best_moves_value_in_most_positions():
    game = TicTacToe()
    values = solve(game)
    states = sorted(s for s in values if not game.is_terminal(s))
    positions = random.Random(2026).sample(states, 200)
    right = 0
    for seed, state in enumerate(positions):
        exact = move_values(game, state)
        best = (max if game.to_move(state) == "max" else min)(exact.values())
        right += exact[mcts(game, state, playouts=2000, seed=seed).move] == best
    assert right >= 0.95 * len(positions)


def test_nim_and_trees_get_their_minimax_move():
    game = Nim([1, 2])  # the first player wins only by taking 1 from heap 2
    assert mcts(game, playouts=300, seed=0).move == (1, 1)
    assert mcts(FIGURE_5_2, playouts=100, seed=0).move == 0


# -- bad input ----------------------------------------------------------------------

def test_chance_nodes_are_refused_with_a_clear_error():
    with pytest.raises(SearchError, match="chance"):
        mcts(CHANCE_TREE, playouts=10)


@pytest.mark.parametrize("options, words", [
    ({"playouts": 0}, "playouts"), ({"playouts": 2.5}, "playouts"),
    ({"playouts": True}, "playouts"), ({"c": -1}, "exploration"),
    ({"c": math.nan}, "exploration"), ({"seed": 1.5}, "seed"),
])
def test_bad_options_are_named(options, words):
    with pytest.raises(SearchError, match=words):
        mcts(TicTacToe(), **{"playouts": 10, **options})


def test_a_terminal_root_has_no_move_to_choose():
    with pytest.raises(SearchError, match="terminal"):
        mcts(TicTacToe("XXXOO...."), playouts=10)


def test_the_result_reads_as_a_sentence():
    result = mcts(TicTacToe("XX.OO...."), playouts=50, seed=0, trace=True)
    assert isinstance(result, MCTSResult)
    assert str(result.trace[0]).startswith("round 1: expand root with move 2")
    assert str(result.trace[2]).startswith("round 1: back up")
