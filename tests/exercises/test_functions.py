"""minimax_lessons.exercises.functions: check_function says what went wrong, where, and shows it."""

import math
import re

import pytest

from minimax_lessons.exercises import FunctionCheck, check_function, estimate
from minimax_lessons.exercises.functions import input_classes
from minimax_lessons.exercises.function_kinds import KINDS
from minimax_lessons.exercises.variants import minimax as student_minimax
from minimax_lessons.exercises.variants import minimax_max_everywhere
from minimax_lessons.runner.sandbox import Sandbox


def minimax_on_min_node_only_bug(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax_on_min_node_only_bug(child, not is_maximizing) for child in node]
    return max(values)


def raises_type_error(node, is_maximizing):
    return node + 1


def recurses(node, is_maximizing):
    return recurses(node, is_maximizing)


def loops(node, is_maximizing):
    while True:
        pass


def loops_on_float_leaves(node, is_maximizing):
    while isinstance(node, float):
        pass
    if not isinstance(node, list):
        return node
    values = [loops_on_float_leaves(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def floods(node, is_maximizing):
    while True:
        print(node)


def forgets_return(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [forgets_return(child, not is_maximizing) for child in node]
    max(values) if is_maximizing else min(values)


def returns_pair(node, is_maximizing):
    if not isinstance(node, list):
        return node, None
    values = [returns_pair(child, not is_maximizing)[0] for child in node]
    best = max(values) if is_maximizing else min(values)
    return best, values.index(best)


def sorts_children(node, is_maximizing):
    if not isinstance(node, list):
        return node
    node.sort(key=lambda c: c if not isinstance(c, list) else 0)
    values = [sorts_children(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def alphabeta_by_index(node, alpha, beta, is_maximizing):
    if not isinstance(node, list):
        return node
    best = -math.inf if is_maximizing else math.inf
    i = 0
    while i < len(node):
        value = alphabeta_by_index(node[i], alpha, beta, not is_maximizing)
        if is_maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
        i += 1
    return best


def alphabeta_checks_type_exactly(node, alpha, beta, is_maximizing):
    if type(node) is not list:
        return node
    return 0


def own_minimax(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [own_minimax(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def best_move_last_of_ties(node):
    values = [own_minimax(child, False) for child in node]
    best = max(values)
    return len(values) - 1 - values[::-1].index(best)


def depth_limited(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth == 0:
        return estimate(node)
    values = [depth_limited(child, depth - 1, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def test_a_wrong_function_gets_the_smallest_failing_call_and_both_answers():
    result = check_function("minimax", minimax_on_min_node_only_bug)
    assert not result and result.diagnosis == "max-at-every-level"
    assert result.call == "minimax([7, 2, 9], False)"
    assert (result.expected, result.got) == (2, 9)
    assert result.failed > 0 and result.tests > result.failed


def test_the_feedback_shows_expected_and_student_values_at_each_node():
    result = check_function("minimax", minimax_max_everywhere)
    game, notes, highlight = result.picture
    assert notes["A"] == "exp 2 / you 9" and highlight == {"A"}
    assert "exp 2 / you 9" in result.text()
    html = result._repr_html_()
    assert "minimax([7, 2, 9], False)" in html and "max at every level" in html


def test_hidden_checks_never_show_an_input():
    result = check_function("minimax", minimax_max_everywhere, hidden=True)
    assert result.diagnosis == "max-at-every-level"
    shown = result.text() + result._repr_html_() + result.message
    assert result.call is None and result.failing_input is None and result.picture is None
    assert not re.search(r"\[\s*-?\d", shown), shown


def test_an_error_is_reported_with_the_students_line():
    result = check_function("minimax", raises_type_error)
    assert result.diagnosis == "raises"
    assert result.error.type == "TypeError" and result.error.line == "return node + 1"
    assert "return node + 1" in result.message


@pytest.mark.slow
def test_endless_recursion_loops_and_floods_get_their_own_diagnosis():
    assert check_function("minimax", recurses).diagnosis == "recursion"
    timed = check_function("minimax", loops, time_limit=0.3)
    assert timed.diagnosis == "timeout" and "time limit" in timed.message
    box = Sandbox(flood_limit=20_000)  # a tenth of the default: each of 25 inputs floods it
    try:
        assert check_function("minimax", floods, sandbox=box).diagnosis == "output-flood"
    finally:
        box.stop()


def test_a_hidden_check_that_loops_on_one_class_earns_the_share_of_the_others():
    floats = [c for c in KINDS["minimax"].cases(0, hidden=True)
              if "float leaves" in input_classes(KINDS["minimax"], c)]
    result = check_function("minimax", loops_on_float_leaves, hidden=True, time_limit=0.3)
    assert result.diagnosis == "timeout" and result.failed == len(floats) > 1
    assert result.score == pytest.approx(1 - len(floats) / result.tests)
    assert f"took too long on float leaves ({len(floats)} tests)" in result.message
    assert "stopped" not in result.message


def test_a_hidden_check_slow_on_every_input_stops_early_and_says_so():
    result = check_function("minimax", loops, hidden=True, time_limit=0.3)
    assert result.diagnosis == "timeout" and result.failed == result.tests
    assert result.score == 0
    assert "the first 3 inputs all took too long" in result.message
    assert f"the other {result.tests - 3} count as too slow as well" in result.message


def test_a_missing_return_or_a_pair_is_a_wrong_type_with_a_hint():
    missing = check_function("minimax", forgets_return)
    assert missing.diagnosis == "wrong-type" and "return statement" in missing.message
    pair = check_function("minimax", returns_pair)
    assert pair.diagnosis == "wrong-type" and "pair" in pair.message


def test_changing_the_tree_fails_even_with_right_values():
    result = check_function("minimax", sorts_children)
    assert result.diagnosis == "mutates-input"


def test_alpha_beta_by_indexing_is_watched_as_well_as_by_looping():
    assert check_function("alphabeta", alphabeta_by_index).passed


def test_an_exact_type_test_on_the_recording_lists_gets_a_specific_hint():
    result = check_function("alphabeta", alphabeta_checks_type_exactly)
    assert result.diagnosis == "wrong-type"
    assert "isinstance(node, list)" in result.message


def test_the_last_of_several_equally_good_moves_is_refused_with_the_reason():
    def tied_at_best(tree):
        values = [student_minimax(ch, False) for ch in tree]
        return values.count(max(values)) > 1

    assert any(tied_at_best(c.item[0]) for c in KINDS["best_move"].cases(0))
    result = check_function("best_move", best_move_last_of_ties)
    assert not result.passed and result.diagnosis == "rightmost-on-ties"
    assert "leftmost" in result.explanation
    assert any(tied_at_best(c.item[0]) for c in KINDS["best_move"].cases(0, hidden=True))
    graded = check_function("best_move", best_move_last_of_ties, hidden=True)
    assert graded.diagnosis == "rightmost-on-ties" and 0 < graded.score < 1
    assert "Failed, by class: ties between best moves" in graded.message


def leaf_is_an_int(node, is_maximizing):
    if isinstance(node, int):
        return node
    values = [leaf_is_an_int(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


@pytest.mark.parametrize("hidden", [False, True])
def test_a_leaf_test_with_isinstance_int_is_named_as_the_float_leaf_trap(hidden):
    result = check_function("minimax", leaf_is_an_int, hidden=hidden)
    assert result.diagnosis == "int-leaf-test" and "fails on float leaves" in result.message
    assert "isinstance(node, list)" in result.explanation and "2.5" in result.explanation
    assert 0 < result.score < 1


def test_partial_credit_is_the_share_of_hidden_tests_passed_and_names_the_failed_classes():
    result = check_function("minimax", minimax_on_min_node_only_bug, hidden=True)
    passed, total = (int(n) for n in re.search(r"Passed (\d+) of (\d+)", result.message).groups())
    assert result.tests == total and result.score == pytest.approx(passed / total)
    assert 0 < passed < total
    by_class = result.message.split("Failed, by class: ")[1]
    assert "MIN roots" in by_class and "random trees" in by_class
    assert check_function("minimax", student_minimax, hidden=True).score == 1.0


def test_the_depth_limited_kind_uses_estimate_at_the_cut():
    assert check_function("minimax_depth", depth_limited).passed
    assert estimate([[5, 1], 2]) == 5


def test_unknown_kinds_and_non_functions_are_clear_errors():
    with pytest.raises(ValueError, match="unknown kind 'minmax'"):
        check_function("minmax", depth_limited)
    result = check_function("minimax", 42)
    assert isinstance(result, FunctionCheck) and result.diagnosis == "wrong-type"


def test_seeds_change_the_random_trees_but_not_the_verdict():
    one, two = KINDS["minimax"].cases(1), KINDS["minimax"].cases(2)
    assert [c.item for c in one if not c.trap] != [c.item for c in two if not c.trap]
    assert [c.item for c in one if c.trap] == [c.item for c in two if c.trap]
    a = check_function("minimax", minimax_max_everywhere, seed=1)
    b = check_function("minimax", minimax_max_everywhere, seed=2)
    assert a.diagnosis == b.diagnosis == "max-at-every-level"


# -- advice that names the real fix (pedagogy review 3, L-3) ------------------------------
def alphabeta_window_not_passed(node, alpha, beta, is_maximizing):
    """Tests and updates right, but every child is called with the full window."""
    if not isinstance(node, list):
        return node
    value = -math.inf if is_maximizing else math.inf
    for child in node:
        found = alphabeta_window_not_passed(child, -math.inf, math.inf, not is_maximizing)
        if is_maximizing:
            value = max(value, found)
            alpha = max(alpha, value)
        else:
            value = min(value, found)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta_updates_swapped(node, alpha, beta, is_maximizing):
    """MAX's node lowers beta, MIN's raises alpha."""
    if not isinstance(node, list):
        return node
    value = -math.inf if is_maximizing else math.inf
    for child in node:
        found = alphabeta_updates_swapped(child, alpha, beta, not is_maximizing)
        if is_maximizing:
            value = max(value, found)
            beta = min(beta, value)
        else:
            value = min(value, found)
            alpha = max(alpha, value)
        if alpha >= beta:
            break
    return value


def minimax_line_backwards(node, is_maximizing):
    """The right value, the line built from the leaf up (each move appended)."""
    if not isinstance(node, list):
        return node, []
    best = None
    for i, child in enumerate(node):
        value, line = minimax_line_backwards(child, not is_maximizing)
        if best is None or (value > best[0] if is_maximizing else value < best[0]):
            best = (value, line + [i])
    return best


def test_an_alpha_beta_that_does_not_pass_its_window_down_is_told_to_pass_it():
    result = check_function("alphabeta", alphabeta_window_not_passed)
    assert result.diagnosis == "no-pruning"
    text = result.text()
    assert "does not pass its narrowed alpha and beta down" in text
    assert "(-inf, +inf) can never prune" in text


def test_alpha_and_beta_updated_the_wrong_way_round_are_named_as_swapped():
    result = check_function("alphabeta", alphabeta_updates_swapped)
    assert result.diagnosis == "alpha-beta-swapped"
    assert "raise alpha at MAX nodes, lower beta at MIN nodes" in result.text()


@pytest.mark.parametrize("seed", [0, "student"])
def test_a_line_written_backwards_is_said_to_be_backwards_and_no_class_is_blamed(seed):
    result = check_function("minimax_line", minimax_line_backwards, seed=seed)
    assert not result.passed
    assert "That is best play's line backwards" in result.message
    assert "It fails on" not in result.message
    assert "float leaves" not in result.message and "MIN roots" not in result.message


def test_a_class_is_named_only_where_it_holds_most_of_the_failures():
    from minimax_lessons.exercises.functions import failing_classes
    from minimax_lessons.exercises.function_kinds import Case, get_kind

    spec = get_kind("minimax")
    cases = [Case(([[1.5, 2]], True), 3, label="float leaves")] + \
        [Case(([[1, 2], [3]], True), 5) for _ in range(9)]
    # one float-leaf tree fails among five failures: floats are not the cause
    assert failing_classes(spec, cases, [0, 1, 2, 3, 4]) == []
    # every failure on the float-leaf tree alone: they are
    assert failing_classes(spec, cases, [0]) == ["float leaves"]
