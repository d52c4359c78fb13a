"""minimax_lessons.mistakes: the mistakes worked out by hand are the buggy code's.

The checkers and practice name a hand answer by the mistake that gives it, computed by
hand on the nested tree (:func:`hand_value_mistakes`); the buggy functions of
:mod:`~minimax_lessons.exercises.variants` make the same mistakes in code. The two must
agree on every tree.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import GameTree, minimax
from minimax_lessons import mistakes
from minimax_lessons.exercises import variants
from minimax_lessons.exercises.harness import nested_alphabeta, run_local
from minimax_lessons.exercises.nested import is_leaf, names, paths, subtree

trees = st.builds(lambda b, d, s: GameTree.random(b, d, seed=s, low=-5, high=9).to_nested(),
                  st.sampled_from([2, 3, (1, 3)]), st.integers(0, 4), st.integers(0, 10**6))


@settings(max_examples=80, deadline=None)
@given(trees, st.booleans())
def test_each_mistake_by_hand_gives_what_its_buggy_function_returns(tree, is_max):
    by_code = {"max-at-every-level": variants.minimax_max_everywhere,
               "min-at-every-level": variants.minimax_min_everywhere,
               "players-swapped": variants.minimax_players_swapped}
    found = mistakes.hand_value_mistakes(tree, is_max)
    assert [vid for vid, _ in found] == list(by_code)
    assert all(value == by_code[vid](tree, is_max) for vid, value in found)
    game = GameTree.from_nested(tree, root="max" if is_max else "min")
    assert mistakes.minimax_value(tree, is_max) == minimax(game).value


@settings(max_examples=40, deadline=None)
@given(trees, st.booleans(), st.booleans())
def test_the_leaves_each_alphabeta_mistake_skips_are_what_the_checker_sees(tree, is_max, ties):
    labels = names(tree)
    every = {labels[p] for p in paths(tree) if is_leaf(subtree(tree, p))}
    item = (tree, -math.inf, math.inf, is_max)
    expected = []
    for vid, fn in variants.variants_for("alphabeta", prune_ties=ties):
        if fn in variants.CODE_ONLY:  # mistakes of code, never named for a hand answer
            continue
        (outcome,) = run_local(fn, [item], nested_alphabeta)
        expected.append((vid, every - {labels[tuple(p)] for p in outcome.extra}))
    assert variants.skipped_leaves(tree, is_max, prune_ties=ties) == expected


def test_explain_knows_the_checkers_own_words_and_reads_two_mistakes_as_two_sentences():
    assert mistakes.explain("starts-a-process") == mistakes.EXTRA_DIAGNOSES["starts-a-process"]
    assert mistakes.explain(("max-at-every-level", "players-swapped"), hand=True) == (
        mistakes.HAND_DIAGNOSES["max-at-every-level"] + " Or: "
        + mistakes.HAND_DIAGNOSES["players-swapped"])
