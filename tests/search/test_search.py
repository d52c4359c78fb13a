"""The searches: published facts, agreement between algorithms, limits and errors."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import (Game, GameTree, Nim, SearchError, TicTacToe, alphabeta, best_first,
                             best_move, expectiminimax, iterative_deepening, minimax,
                             negamax, shuffled, solve)
from minimax_lessons.games.examples import (CHANCE_TREE, FIGURE_5_2, HEURISTIC_TREE, SUBTREE_PRUNED,
                                      TIES, TWO_OPPONENTS)

# -- published facts ------------------------------------------------------------


def test_figure_5_2_has_value_3_and_best_move_the_first_child():
    result = minimax(FIGURE_5_2)
    assert result.value == 3 and result.move == 0


def test_plain_minimax_visits_all_13_nodes_of_figure_5_2():
    result = minimax(FIGURE_5_2)
    assert result.nodes == 13 and result.leaves == 9


def test_alphabeta_evaluates_7_leaves_and_prunes_c2_and_c3():
    result = alphabeta(FIGURE_5_2, trace=True)
    assert result.value == 3
    assert result.leaves == 7 and result.nodes == 11
    assert result.pruned == ("C2", "C3")
    evaluated = [s.state for s in result.trace.of_kind("evaluate")]
    assert evaluated == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]


@pytest.mark.slow
def test_plain_minimax_on_empty_tic_tac_toe_visits_549946_states_and_draws():
    result = minimax(TicTacToe())
    assert result.nodes == 549_946
    assert result.leaves == 255_168  # the number of possible games
    assert result.value == 0


def test_alphabeta_on_empty_tic_tac_toe_draws_with_far_fewer_nodes():
    result = alphabeta(TicTacToe())
    assert result.value == 0 and result.nodes < 549_946 / 10


def test_a_whole_subtree_is_pruned():
    result = alphabeta(SUBTREE_PRUNED, trace=True)
    assert result.value == minimax(SUBTREE_PRUNED).value == 5
    assert "C2" in result.pruned
    skipped = set(SUBTREE_PRUNED.subtree_nodes("C2"))
    assert skipped == {"C2", "C2.1", "C2.2"}
    assert not skipped & set(result.visited)


@pytest.mark.parametrize("b, d", [(2, 2), (2, 3), (2, 6), (3, 3), (3, 4), (4, 3), (2, 9), (5, 2)])
def test_perfect_ordering_meets_the_knuth_moore_bound_exactly(b, d):
    tree = GameTree.random(b, d, seed=b * 100 + d, distinct=True)
    result = alphabeta(tree, order=best_first(tree))
    assert result.leaves == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
    assert result.value == minimax(tree).value


def test_worst_ordering_prunes_nothing_on_distinct_leaves():
    tree = GameTree.random(3, 3, seed=5, distinct=True)
    best = best_first(tree)

    def worst(state, actions):
        return list(reversed(best(state, actions)))

    assert alphabeta(tree, order=worst).leaves == 27


# -- the two pruning rules --------------------------------------------------------


def test_a_search_that_prunes_says_what_it_pruned_even_when_nothing_and_the_others_say_none():
    nothing_to_prune = GameTree.from_nested([[1, 2], [3, 4]])  # C1 = 3 beats B's 1: no cut
    assert alphabeta(nothing_to_prune).pruned == ()
    assert negamax(nothing_to_prune, prune=True).pruned == ()
    assert negamax(FIGURE_5_2, prune=True).pruned == ("C2", "C3")
    for result in (minimax(FIGURE_5_2), negamax(FIGURE_5_2), expectiminimax(FIGURE_5_2)):
        assert result.pruned is None, result.algorithm


def test_ties_prune_with_the_aima_rule_but_not_with_the_strict_rule():
    loose = alphabeta(TIES)
    strict = alphabeta(TIES, prune_ties=False)
    assert loose.value == strict.value == minimax(TIES).value == 3
    assert loose.pruned == ("C2", "D2")
    assert strict.pruned == ("D2",)
    assert strict.leaves == loose.leaves + 1


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.integers(1, 5))
def test_the_strict_rule_never_visits_fewer_nodes(seed, branching, depth):
    tree = GameTree.random(branching, depth, seed=seed, low=0, high=3)
    assert alphabeta(tree, prune_ties=False).leaves >= alphabeta(tree).leaves


# -- every algorithm agrees with minimax --------------------------------------------

trees = st.builds(
    lambda seed, lo, hi, depth, root, distinct: GameTree.random(
        (lo, lo + hi), depth, seed=seed, root=root, distinct=distinct),
    st.integers(0, 10**9), st.integers(1, 3), st.integers(0, 2), st.integers(0, 5),
    st.sampled_from(["max", "min"]), st.booleans())


@settings(max_examples=300, deadline=None)
@given(trees)
def test_alphabeta_and_negamax_agree_with_minimax(tree):
    expected = minimax(tree)
    for result in (alphabeta(tree), alphabeta(tree, prune_ties=False), negamax(tree),
                   negamax(tree, prune=True), expectiminimax(tree), minimax(tree, memo=True)):
        assert result.value == expected.value, result.algorithm
        assert result.move == expected.move, result.algorithm
    assert alphabeta(tree).leaves <= expected.leaves
    assert solve(tree)[tree.root] == expected.value


@settings(max_examples=100, deadline=None)
@given(trees, st.integers(0, 4))
def test_depth_limited_searches_agree_too(tree, depth):
    def evaluate(state):
        return len(state) % 5 - 2

    expected = minimax(tree, depth=depth, evaluate=evaluate).value
    assert alphabeta(tree, depth=depth, evaluate=evaluate).value == expected
    assert negamax(tree, depth=depth, evaluate=evaluate, prune=True).value == expected


@settings(max_examples=100, deadline=None)
@given(trees, st.integers(0, 10**6))
def test_any_move_order_gives_the_same_value(tree, seed):
    assert alphabeta(tree, order=shuffled(seed)).value == minimax(tree).value


def test_negamax_handles_two_min_agents_in_a_row():
    assert negamax(TWO_OPPONENTS).value == minimax(TWO_OPPONENTS).value == 4
    assert negamax(TWO_OPPONENTS, prune=True).value == 4


def test_all_searches_agree_on_a_tic_tac_toe_position():
    game = TicTacToe("X..\n.O.\n...")
    values = {f(game).value for f in (minimax, alphabeta, negamax, expectiminimax)}
    assert values == {0}


# -- the first best move, left to right ---------------------------------------------


def test_the_first_of_equal_moves_is_chosen():
    tree = GameTree.from_nested([[1], [5], [5], [2]])
    assert minimax(tree).move == 1 and alphabeta(tree).move == 1
    assert negamax(tree).move == 1


def test_best_move_wins_at_once_when_it_can():
    game = TicTacToe()
    assert best_move(game, game.parse("XX.\nOO.\n...")) == 2
    assert best_move(game, game.parse("XX.\nOO.\nX..")) == 5  # O to move: win at 5


def test_a_terminal_root_has_no_move():
    game = TicTacToe()
    result = minimax(game, "XXXOO....")
    assert result.value == 1 and result.move is None and result.nodes == 1


# -- depth limits and evaluation -------------------------------------------------------


def test_depth_counts_plies_and_uses_heuristic_values():
    one_ply = minimax(HEURISTIC_TREE, depth=1)
    assert one_ply.value == 6 and one_ply.move == 0 and one_ply.estimated == 2
    full = minimax(HEURISTIC_TREE)
    assert full.value == 4 and full.move == 1 and full.estimated == 0


def test_depth_zero_scores_the_root_itself():
    assert minimax(TicTacToe(), depth=0, evaluate=lambda s: 42).value == 42


def test_terminal_states_use_utility_even_at_the_depth_limit():
    game = TicTacToe("XX.\nOO.\n...")
    result = minimax(game, depth=1, evaluate=lambda s: 99)
    assert result.value == 99  # the losing moves are cut off by the evaluation
    assert minimax(game, "XXXOO....", depth=0, evaluate=lambda s: 99).value == 1


def test_a_missing_evaluation_is_a_clear_error():
    with pytest.raises(SearchError, match="no evaluation function: pass evaluate="):
        minimax(TicTacToe(), depth=2)
    with pytest.raises(Exception, match="no heuristic value"):
        minimax(FIGURE_5_2, depth=1)


def test_a_bad_depth_is_refused():
    with pytest.raises(SearchError, match="depth must be a whole number"):
        minimax(FIGURE_5_2, depth=-1)
    for depth in (True, 1.5, "2"):
        with pytest.raises(SearchError, match="depth must be a whole number"):
            alphabeta(FIGURE_5_2, depth=depth)


def test_iterative_deepening_stops_once_the_search_is_exact():
    results = iterative_deepening(HEURISTIC_TREE, max_depth=10)
    assert [r.depth for r in results] == [1, 2]
    assert [r.move for r in results] == [0, 1]


# -- chance ----------------------------------------------------------------------------


def test_expectiminimax_weighs_outcomes_by_probability():
    result = expectiminimax(CHANCE_TREE)
    assert result.value == pytest.approx(2.0)  # safe: (3 + 1) / 2 = 2; risky: 8/4 - 3/4 = 1.25
    assert result.move == "safe"


def test_minimax_and_alphabeta_refuse_chance_nodes():
    for search in (minimax, alphabeta, negamax):
        with pytest.raises(SearchError, match="use expectiminimax"):
            search(CHANCE_TREE)


def test_solve_gives_expected_values_at_chance_nodes():
    assert solve(CHANCE_TREE)["risky"] == pytest.approx(1.25)


# -- traces ----------------------------------------------------------------------------


def test_a_trace_records_the_visit_order_and_the_line_of_play():
    result = minimax(FIGURE_5_2, trace=True)
    assert result.visited == tuple(FIGURE_5_2)  # preorder: A, B, B1, ...
    assert result.line == (0, 0)
    assert result.values[()] == 3 and result.values[(1,)] == 2


def test_alphabeta_trace_carries_the_window():
    result = alphabeta(FIGURE_5_2, trace=True)
    visit_c = next(s for s in result.trace if s.kind == "visit" and s.state == "C")
    assert (visit_c.alpha, visit_c.beta) == (3, math.inf)
    prune = result.trace.of_kind("prune")[0]
    assert prune.state == "C" and prune.detail == ("C2", "C3") and prune.value == 2


def test_tracing_does_not_change_the_counts():
    for search in (minimax, alphabeta, negamax, expectiminimax):
        plain, traced = search(FIGURE_5_2), search(FIGURE_5_2, trace=True)
        assert (plain.value, plain.nodes, plain.leaves) == (traced.value, traced.nodes, traced.leaves)
        assert plain.trace is None and plain.visited is None


def test_memo_computes_each_state_once():
    game = Nim([2, 3])
    plain, memo = minimax(game), minimax(game, memo=True)
    assert memo.value == plain.value and memo.nodes < plain.nodes
    assert memo.leaves <= len(solve(game))


class ExpansionLog(Game):
    """A game that records every state whose moves a search asks for (an expansion)."""

    def __init__(self, game):
        self.game = game
        self.expanded = []
        self.initial_state, self.to_move, self.result = game.initial_state, game.to_move, game.result
        self.is_terminal, self.utility = game.is_terminal, game.utility

    def actions(self, state):
        self.expanded.append(state)
        return self.game.actions(state)


def test_memo_without_a_depth_limit_expands_each_position_of_nim_once():
    game = ExpansionLog(Nim([2, 3, 4]))
    result = minimax(game, memo=True)
    positions = [s for s in solve(Nim([2, 3, 4])) if not game.is_terminal(s)]
    assert sorted(game.expanded) == sorted(positions)  # each one, exactly once
    assert result.value == 1


def test_memo_node_count_is_one_per_move_out_of_each_position_table_hits_included():
    game = Nim([2, 3, 4])
    positions = [s for s in solve(game) if not game.is_terminal(s)]
    moves = sum(len(game.actions(s)) for s in positions)
    assert minimax(game, memo=True).nodes == 1 + moves == 481
    assert minimax(game).nodes > 481


@pytest.mark.slow
def test_memo_on_tic_tac_toe_reaches_16168_nodes_over_5478_positions():
    game = TicTacToe()
    result = minimax(game, memo=True)
    assert result.nodes == 16_168 and result.value == 0
    assert len(solve(game)) == 5_478


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 5])
def test_memo_under_a_depth_limit_gives_the_plain_value_and_move(depth):
    game = Nim([2, 3, 4])
    estimate = lambda state: sum(state[0]) % 3 - 1  # noqa: E731
    plain = minimax(game, depth=depth, evaluate=estimate)
    memo = minimax(game, depth=depth, evaluate=estimate, memo=True)
    assert (memo.value, memo.move) == (plain.value, plain.move)


# -- deep and endless games -----------------------------------------------------------


def _chain(length):
    nested = 1
    for i in range(length):
        nested = [nested, -i]
    return GameTree.from_nested(nested)


def test_a_tree_thousands_of_plies_deep_is_searched():
    tree = _chain(5000)
    assert minimax(tree).value == alphabeta(tree).value == negamax(tree).value
    assert solve(tree)[tree.root] == minimax(tree).value


class Endless(Nim):
    """A broken game that never ends: every move leads back to the start."""

    def result(self, state, action):
        return state


def test_an_endless_game_gets_a_clear_error_not_a_crash():
    with pytest.raises(SearchError, match="recursion limit .* pass depth="):
        minimax(Endless([1]))
    assert minimax(Endless([1]), depth=5, evaluate=lambda s: 0).value == 0


def test_a_non_terminal_state_without_actions_is_reported():
    class Stuck(Nim):
        def actions(self, state):
            return ()

    with pytest.raises(SearchError, match="is not terminal but has no actions"):
        minimax(Stuck([1]))
