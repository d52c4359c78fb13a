"""minimax_lessons.exercises.variants: every known mistake is recognised on the provided inputs.

The buggy variants are sent through the sandbox exactly as a student's
function would be; ``check_function`` must name each one by its id, and must
pass the correct solutions.
"""

import itertools
import re
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import GameTree, alphabeta, minimax
from minimax_lessons.exercises import check_function
from minimax_lessons.exercises.harness import resolve_harness, run_local
from minimax_lessons.exercises.function_kinds import KINDS
from minimax_lessons.exercises.variants import (DIAGNOSES, GENERIC, SOLUTIONS, VARIANTS,
                                                alphabeta_strict, explain, variants_for)
from minimax_lessons.exercises.variants import alphabeta as student_alphabeta
from minimax_lessons.exercises.variants import minimax as student_minimax

ALL_VARIANTS = [(kind, vid, fn) for kind in VARIANTS for vid, fn in variants_for(kind)]


@pytest.mark.parametrize("kind, diagnosis, fn", ALL_VARIANTS,
                         ids=[f"{k}:{fn.__name__}" for k, _, fn in ALL_VARIANTS])
def test_each_buggy_variant_is_named_by_its_id(kind, diagnosis, fn):
    result = check_function(kind, fn)
    assert not result.passed
    assert result.diagnosis == diagnosis, result.text()


@pytest.mark.parametrize("kind", sorted(SOLUTIONS))
def test_the_correct_solution_of_each_kind_passes(kind):
    result = check_function(kind, SOLUTIONS[kind])
    assert result.passed, result.text()
    assert result.diagnosis is None and result.failed == 0


def test_with_the_strict_pruning_rule_the_roles_of_the_two_alphabetas_swap():
    assert check_function("alphabeta", alphabeta_strict, prune_ties=False).passed
    result = check_function("alphabeta", student_alphabeta, prune_ties=False)
    assert result.diagnosis == "prune-non-strict"


@pytest.mark.parametrize("kind", [k for k in VARIANTS if k != "evaluate"])
def test_mistakes_with_different_ids_answer_differently_on_the_provided_inputs(kind):
    spec = KINDS[kind]
    items = [c.item for c in spec.cases(0)]
    harness = resolve_harness(spec.harness)
    runs = {fn.__name__: (vid, run_local(fn, items, harness)) for vid, fn in variants_for(kind)}
    for (a, (id_a, out_a)), (b, (id_b, out_b)) in itertools.combinations(runs.items(), 2):
        if id_a != id_b:
            assert any(not spec.same(x, y) for x, y in zip(out_a, out_b)), (a, b)


@pytest.mark.parametrize("kind, diagnosis, fn", [v for v in ALL_VARIANTS if v[0] != "evaluate"],
                         ids=[f"{k}:{fn.__name__}" for k, _, fn in ALL_VARIANTS
                              if k != "evaluate"])
def test_each_variant_is_caught_by_a_hand_made_trap(kind, diagnosis, fn):
    spec = KINDS[kind] if kind != "alphabeta" else KINDS["alphabeta"]
    traps = [c for c in spec.cases(0) if c.trap]
    outcomes = run_local(fn, [c.item for c in traps], resolve_harness(spec.harness))
    wrong = [c for c, o in zip(traps, outcomes)
             if not (o.ok and spec.right(c.item, spec.expected(c.item), o))]
    assert wrong, f"{fn.__name__} is only caught by random trees"


def test_every_id_has_a_one_sentence_explanation():
    used = {vid for kind in VARIANTS for vid, _ in variants_for(kind)}
    used |= {"prune-strict", "prune-non-strict"} | set(GENERIC)
    for vid in used:
        text = explain(vid)
        assert text and text != vid and text.endswith(".")
    assert explain(None) == ""
    assert set(DIAGNOSES) >= used


trees = st.builds(lambda b, d, s: GameTree.random(b, d, seed=s, low=0, high=6),
                  st.sampled_from([2, 3, (1, 3)]), st.integers(1, 4), st.integers(0, 10**6))


@settings(max_examples=60, deadline=None)
@given(trees, st.booleans())
def test_the_student_style_solutions_agree_with_the_package_searches(tree, is_max):
    nested = tree.to_nested()
    game = GameTree.from_nested(nested, root="max" if is_max else "min")
    assert student_minimax(nested, is_max) == minimax(game).value
    reference = alphabeta(game, trace=True)
    (outcome,) = run_local(student_alphabeta, [(nested, -math.inf, math.inf, is_max)],
                           resolve_harness(KINDS["alphabeta"].harness))
    assert outcome.value == reference.value
    assert outcome.extra == tuple(s.path for s in reference.trace.of_kind("evaluate"))


def test_every_hand_wording_has_a_function_wording_and_never_speaks_of_a_function():
    from minimax_lessons.exercises.variants import HAND_DIAGNOSES

    assert set(HAND_DIAGNOSES) <= set(DIAGNOSES)
    for vid, text in HAND_DIAGNOSES.items():
        assert "your function" not in text.lower() and "your alpha-beta" not in text.lower()
        assert explain(vid, hand=True) == text and explain(vid) == DIAGNOSES[vid]
    speaks_of_code = [vid for vid, text in DIAGNOSES.items() if vid not in GENERIC
                      and ("your function" in text.lower() or "your alpha-beta" in text.lower())]
    assert set(speaks_of_code) <= set(HAND_DIAGNOSES), "each needs words for a hand answer"


def test_every_variant_id_is_listed_in_the_module_table():
    import minimax_lessons.exercises.variants as module

    listed = set(re.findall(r"``([a-z-]+)``", module.__doc__))
    ids = {vid for kind in VARIANTS for vid, _ in variants_for(kind)}
    ids |= {"prune-non-strict"}
    assert ids <= listed
