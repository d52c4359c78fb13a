"""Max^n: every player picks the child best for them; with (u, -u) it is minimax."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import (FIGURE_5_2, GameTree, SearchError, alphabeta,
                             expectiminimax, minimax, negamax, solve, textbook)
from minimax_lessons.games.examples import NO_PRUNING, THREE_PLAYERS, TWO_OPPONENTS
from minimax_lessons.games.multiplayer import MultiplayerTree
from minimax_lessons.search.adversarial import maxn


def random_vectors(rng, depth, players=3, low=0, high=9):
    """Nested lists of a random multiplayer tree: tuples at the leaves."""
    if depth == 0:
        return tuple(rng.randint(low, high) for _ in range(players))
    return [random_vectors(rng, depth - 1, players, low, high) for _ in range(rng.randint(1, 3))]


def test_the_three_player_example_backs_up_six_three_nine():
    r = maxn(THREE_PLAYERS, trace=True)
    assert r.value == (6, 3, 9) and r.move == 1
    assert r.values[(0,)] == (2, 6, 7) and r.values[(1, 0)] == (1, 2, 5)
    assert r.line == (1, 1, 1) and r.nodes == 15 and r.leaves == 8


def test_each_player_picks_by_their_own_score_not_the_roots():
    # P2 at C takes C2 (its score 5 beats 4), which happens to suit P1 too.
    assert maxn(NO_PRUNING).value == (6, 5, 0)
    assert maxn(NO_PRUNING, "B").value == (2, 6, 1)


def test_ties_go_to_the_first_child():
    tree = MultiplayerTree.from_nested([[(1, 5, 0), (9, 5, 9)]])  # P2 scores 5 either way
    assert maxn(tree).value == textbook.maxn(tree, "A") == (1, 5, 0)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 4), st.integers(2, 4))
def test_the_textbook_maxn_gives_the_engines_vector(seed, depth, players):
    names = tuple(f"P{i + 1}" for i in range(players))
    tree = MultiplayerTree.from_nested(random_vectors(random.Random(seed), depth, players)
                                       if depth else [random_vectors(random.Random(seed), 0, players)],
                                       players=names)
    assert textbook.maxn(tree, tree.root) == maxn(tree).value


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.sampled_from(["max", "min"]))
def test_with_two_players_scoring_u_and_minus_u_maxn_is_minimax(seed, depth, root):
    tree = GameTree.random((1, 3), depth, seed=seed, root=root)
    vectors = MultiplayerTree.from_two_player(tree)
    r, m = maxn(vectors), minimax(tree)
    assert r.value == (m.value, -m.value) and r.move == m.move


def test_two_min_agents_in_a_row_are_minimax_with_vectors_too():
    assert maxn(MultiplayerTree.from_two_player(TWO_OPPONENTS)).value == (4, -4)
    assert maxn(MultiplayerTree.from_two_player(FIGURE_5_2)).value == (3, -3)


def test_a_depth_limit_scores_the_cut_positions_with_the_evaluation():
    r = maxn(THREE_PLAYERS, depth=1, evaluate=lambda state: (len(state), 0, 0))
    assert r.value == (1, 0, 0) and r.move == 0 and r.estimated == 2


def test_maxn_refuses_a_game_without_players_and_players_it_does_not_know():
    with pytest.raises(SearchError, match="names its players"):
        maxn(FIGURE_5_2)


@pytest.mark.parametrize("search", [minimax, alphabeta, negamax, expectiminimax])
def test_two_player_searches_send_a_multiplayer_tree_to_maxn(search):
    with pytest.raises(SearchError, match="use maxn"):
        search(THREE_PLAYERS)


def test_solve_sends_a_multiplayer_tree_to_maxn():
    with pytest.raises(SearchError, match="use maxn"):
        solve(THREE_PLAYERS)


def test_a_chance_node_still_sends_two_player_searches_to_expectiminimax():
    from minimax_lessons.games.examples import CHANCE_TREE

    with pytest.raises(SearchError, match="use expectiminimax"):
        minimax(CHANCE_TREE)
