"""Expectiminimax with bounds (Star1): the same value, chance nodes cut only with bounds."""

import math
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from minimax_lessons import GameTree, SearchError, expectiminimax, textbook
from .test_textbook import LoggedGame

from minimax_lessons.games.examples import (BOUNDED_CHANCE, BOUNDED_CHANCE_RANGE, CHANCE_TREE,
                                            FIGURE_5_2)

LEVELS = [("max", "chance"), ("max", "chance", "min", "chance"), ("chance", "max"),
          ("min", "chance", "max"), ("max", "min", "chance")]


def chance_cuts(result):
    return [s for s in result.trace.of_kind("prune") if s.player == "chance"]


def test_the_lessons_tree_skips_c3_once_every_score_is_known_to_lie_in_0_to_10():
    plain = expectiminimax(BOUNDED_CHANCE)
    bounded = expectiminimax(BOUNDED_CHANCE, bounds=BOUNDED_CHANCE_RANGE, trace=True)
    assert plain.value == bounded.value == 0.5 * 6 + 0.25 * 8 + 0.25 * 8 == 7
    assert bounded.pruned == ("C3",) and plain.pruned is None
    cut, = chance_cuts(bounded)
    assert cut.state == "C" and cut.value == 0.25 * 2 + 0.25 * 4 + 0.5 * 10 == 6.5 <= cut.alpha == 7


def test_without_bounds_no_chance_node_is_ever_cut():
    unbounded = expectiminimax(BOUNDED_CHANCE, bounds=(-math.inf, math.inf), trace=True)
    assert unbounded.pruned == () and chance_cuts(unbounded) == []
    for seed in range(30):
        tree = GameTree.random(3, 4, seed=seed, low=0, high=10, levels=("max", "chance"))
        r = expectiminimax(tree, bounds=(-math.inf, math.inf), trace=True)
        assert chance_cuts(r) == [] and r.nodes == expectiminimax(tree).nodes


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(LEVELS), st.integers(1, 5),
       st.sampled_from([2, 4, (1, 4)]), st.sampled_from([0, 1, 5, math.inf]))
@example(112, ("min", "chance", "max"), 5, (1, 4), 1)  # see the test after this one
def test_bounds_never_change_the_value(seed, levels, depth, branching, slack):
    tree = GameTree.random(branching, depth, seed=seed, low=0, high=8, levels=levels)
    exact = expectiminimax(tree)
    r = expectiminimax(tree, bounds=(0 - slack, 8 + slack))
    assert r.value == pytest.approx(exact.value, abs=1e-9) and r.nodes <= exact.nodes
    if r.move is not None:  # the move found is worth the value
        assert expectiminimax(tree, tree.result(tree.root, r.move)).value == pytest.approx(
            exact.value, abs=1e-9)


def test_a_cut_chance_node_is_never_taken_for_a_better_move_by_a_rounding_error():
    # Found by Hypothesis: at MIN's root, C is worth 2.5 (beta is then 2.5); D is cut after
    # an outcome that makes it at least 2.5, but the bound, added in floats, came out as
    # 2.4999999999999996, below beta, and MIN took D (worth 3.83) for its move.
    tree = GameTree.random((1, 4), 5, seed=112, low=0, high=8, levels=("min", "chance", "max"))
    exact = expectiminimax(tree)
    assert exact.value == 2.5 and tree.result(tree.root, exact.move) == "C"
    bounded = expectiminimax(tree, bounds=(-1, 9), trace=True)
    cut_d = [s for s in chance_cuts(bounded) if s.state == "D"]
    assert cut_d and cut_d[0].value >= cut_d[0].beta == 2.5  # on the right side of its window
    assert (bounded.value, bounded.move) == (2.5, exact.move)
    assert textbook.expectiminimax_with_bounds(tree, tree.root, -1, 9) == 2.5


def test_the_textbooks_chance_node_returns_a_bound_outside_its_window_whatever_the_rounding():
    # Scores in -1..9, window (-1, 1/3): after C1 = 3 the node is at least 3/3 - 2/3 = 1/3,
    # which floats add up to 0.33333333333333326, a hair inside the window.
    third = 1 / 3
    node = GameTree.from_dict({"player": "chance", "children": [
        {"value": v, "probability": third} for v in (3, 3, 8)]})
    assert third * 3 + (1 - third) * -1 < third  # the rounding the test is about
    assert textbook.chance_node_with_bounds(node, node.root, -1, 9, -1, third) >= third


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(LEVELS), st.integers(1, 4),
       st.sampled_from([2, 4]))
def test_the_textbook_star1_gives_the_engines_value_and_leaves_in_the_same_order(
        seed, levels, depth, branching):
    tree = GameTree.random(branching, depth, seed=seed, low=0, high=8, levels=levels)
    logged = LoggedGame(tree)
    value = textbook.expectiminimax_with_bounds(logged, tree.root, 0, 8)
    r = expectiminimax(tree, bounds=(0, 8), trace=True)
    assert value == pytest.approx(r.value, abs=1e-9)
    assert logged.scored == [s.state for s in r.trace.of_kind("evaluate")]


def test_a_tighter_promise_cuts_more():
    shares = []
    for slack in (0, 5, 50):
        nodes = sum(expectiminimax(GameTree.random(3, 4, seed=s, low=0, high=10,
                                                   levels=("max", "chance")),
                                   bounds=(-slack, 10 + slack)).nodes for s in range(10))
        shares.append(nodes)
    assert shares[0] < shares[1] < shares[2]


def test_a_window_outside_the_value_gives_a_bound_on_the_right_side():
    for seed in range(40):
        tree = GameTree.random(2, 3, seed=seed, low=0, high=6, levels=("chance", "max"))
        true = expectiminimax(tree).value
        for alpha, beta in [(4, 6), (0, 2), (2, 3)]:
            v = textbook.expectiminimax_with_bounds(tree, tree.root, 0, 6, alpha, beta)
            if v <= alpha:
                assert true <= v + 1e-9
            elif v >= beta:
                assert true >= v - 1e-9
            else:
                assert v == pytest.approx(true)


def test_a_score_outside_the_promised_bounds_is_refused_with_its_place():
    with pytest.raises(SearchError, match="'B1' scores 6, outside the bounds"):
        expectiminimax(BOUNDED_CHANCE, bounds=(0, 5))


@pytest.mark.parametrize("bounds, match", [(5, "a pair"), ((0, "ten"), "numbers"),
                                           ((3, 3), "low < high"), ((0, math.nan), "numbers")])
def test_malformed_bounds_are_refused(bounds, match):
    with pytest.raises(SearchError, match=match):
        expectiminimax(CHANCE_TREE, bounds=bounds)


def test_bounds_on_a_tree_without_chance_nodes_prune_as_alphabeta_does():
    from minimax_lessons import alphabeta

    r = expectiminimax(FIGURE_5_2, bounds=(-100, 100))
    assert r.value == 3 and r.pruned == alphabeta(FIGURE_5_2).pruned == ("C2", "C3")


def test_an_outcome_of_probability_zero_is_searched_with_the_full_window():
    tree = GameTree.from_dict({"player": "max", "children": [
        {"player": "chance", "children": [{"value": 3, "probability": 0},
                                          {"value": 5, "probability": 1}]}]})
    assert expectiminimax(tree, bounds=(0, 9)).value == expectiminimax(tree).value == 5
    rng = random.Random(0)  # and random weights still agree
    for _ in range(20):
        spec = {"player": "max", "children": [
            {"player": "chance", "children": [{"value": rng.randint(0, 9), "probability": p}
                                              for p in (0.5, 0.5, 0)]} for _ in range(3)]}
        t = GameTree.from_dict(spec)
        assert expectiminimax(t, bounds=(0, 9)).value == expectiminimax(t).value


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(LEVELS), st.integers(1, 4),
       st.sampled_from([3, (1, 4)]), st.sampled_from([0, 2, math.inf]))
def test_with_fractions_star1_is_exact_and_its_cuts_agree_with_an_exact_check(
        seed, levels, depth, branching, slack):
    """With probabilities as fractions every average is exact, so a chance node is cut only
    where even its best (or worst) completion cannot reach the window: checked by
    recomputing each cut's bound from the exact values of the outcomes seen."""
    from fractions import Fraction

    from minimax_lessons.experiments import with_exact_chances

    tree = with_exact_chances(GameTree.random(branching, depth, seed=seed, low=0, high=8,
                                              levels=levels))
    plain = expectiminimax(tree)
    bounded = expectiminimax(tree, bounds=(0 - slack, 8 + slack), trace=True)
    assert bounded.value == plain.value and isinstance(plain.value, (int, Fraction))
    for cut in chance_cuts(bounded):
        assert isinstance(cut.value, (int, Fraction))
        assert cut.value <= cut.alpha or cut.value >= cut.beta


def test_the_lessons_star1_counts_are_exact_and_floats_miscount_at_ties():
    from minimax_lessons.experiments import chance_pruning_by_bounds

    exact = chance_pruning_by_bounds([0, math.inf], levels=("max", "chance"))
    floats = chance_pruning_by_bounds([0, math.inf], levels=("max", "chance"), exact=False)
    assert [(r["nodes"], r["chance cuts"]) for r in exact] == [(2032, 184), (2420, 0)]
    assert [(r["nodes"], r["chance cuts"]) for r in floats] == [(2065, 175), (2420, 0)]
