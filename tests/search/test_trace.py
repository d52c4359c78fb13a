"""Traces read as sentences and print as tables."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import GameTree, TicTacToe, alphabeta, minimax
from minimax_lessons.games.examples import FIGURE_5_2
from minimax_lessons.search import pruned_leaves
from minimax_lessons.search.trace import (EVALUATE, KINDS, NO_RECORD, PRUNE, RETURN, UTILITY,
                                          VISIT, Recorder, Step, Window, flat_path, recorder,
                                          show_number)


def test_every_step_kind_of_alphabeta_on_figure_5_2_reads_as_a_sentence():
    trace = alphabeta(FIGURE_5_2, trace=True).trace
    sentences = [step.sentence() for step in trace]
    assert sentences[0] == "visit A (MAX) with alpha = -inf, beta = +inf"
    assert "B1 scores 3 (utility)" in sentences
    assert "MIN node C has 2 <= alpha = 3: prune C2, C3" in sentences
    assert sentences[-1] == "A returns 3 (best move 0)"
    assert {step.kind for step in trace} == set(KINDS)


def test_a_max_prune_names_beta():
    step = Step("prune", "B2", (0, 1), "max", 6, 5, 5, ("B2.2",))
    assert step.sentence() == "MAX node B2 has 6 >= beta = 5: prune B2.2"


def test_the_table_has_one_row_per_step_and_a_header():
    trace = minimax(FIGURE_5_2, trace=True).trace
    rows = trace.table().splitlines()
    assert len(rows) == len(trace) + 1
    assert rows[0].split()[:4] == ["#", "step", "node", "value"]
    assert str(trace) == trace.table()
    assert repr(trace).startswith(f"<Trace of {len(trace)} steps: 4 visit, 9 evaluate")


def test_table_rows_are_numbered_like_the_animation_steps():
    """Step k of the animation shows the tree just after row k; step 0 is the start."""
    from minimax_lessons import animate

    result = minimax(FIGURE_5_2, trace=True)
    rows = result.trace.table().splitlines()[1:]
    frames = animate(minimax, FIGURE_5_2).frames
    assert [int(row.split()[0]) for row in rows] == list(range(1, len(frames)))
    for k in range(1, len(frames)):
        assert f"Frame {k} ({rows[k - 1].split()[1]})" in repr(frames[k])


def test_the_table_can_be_cut_short():
    trace = minimax(FIGURE_5_2, trace=True).trace
    assert trace.table(limit=3).splitlines()[-1] == f"... {len(trace) - 3} more steps"


def test_steps_know_their_path_and_depth():
    trace = minimax(FIGURE_5_2, trace=True).trace
    d2 = next(step for step in trace if step.state == "D2")
    assert d2.path == (2, 1) and d2.depth == 2


def test_tic_tac_toe_states_are_named_by_their_board():
    game = TicTacToe("XX.\nOO.\n...")
    step = minimax(game, depth=1, evaluate=lambda s: 0, trace=True).trace[1]
    assert step.sentence(game) == "[XXX/OO./...] scores 1 (utility)"


def test_of_kind_refuses_unknown_kinds():
    trace = minimax(FIGURE_5_2, trace=True).trace
    assert len(trace.of_kind("evaluate")) == 9
    with pytest.raises(ValueError, match="unknown step kind 'visits'"):
        trace.of_kind("visits")


def test_numbers_show_as_a_student_writes_them():
    assert [show_number(x) for x in (3, 3.0, 2.5, float("inf"), None)] == ["3", "3", "2.5", "+inf", "?"]


def test_linked_paths_flatten_in_order():
    assert flat_path(()) == () and flat_path((((), "a"), "b")) == ("a", "b")


def test_the_trace_owns_its_views_and_the_result_hands_them_on():
    result = alphabeta(FIGURE_5_2, trace=True)
    trace = result.trace
    assert trace.visited == result.visited == ("A", "B", "B1", "B2", "B3", "C", "C1",
                                               "D", "D1", "D2", "D3")
    assert trace.line == result.line == (0, 0)
    assert trace.values == result.values
    assert trace.values[()] == 3 and trace.values[(1,)] == 2  # C's value is a bound
    assert (1, 1) not in trace.values and (1, 2) not in trace.values  # C2, C3: pruned


def test_a_recorder_writes_each_kind_of_step_by_name():
    log = recorder(True)
    root, child = (), ((), 0)
    log.visit("A", root, "max", 0, 5)
    log.evaluate("B", child, "min", 7, UTILITY, 0, 5)
    log.update("A", root, "max", 7, "B", 7, 5)
    log.prune("A", root, "max", 7, ("C",), 7, 5)
    log.returned("A", root, "max", 7, 0, 7, 5)
    steps = list(log.trace())
    assert [s.kind for s in steps] == ["visit", "evaluate", "update", "prune", "return"]
    assert steps[1] == Step("evaluate", "B", (0,), "min", 7, 0, 5, "utility")
    assert str(steps[3]) == "MAX node A has 7 >= beta = 5: prune C"
    assert log.trace().line == (0,)


def test_an_untraced_search_writes_to_a_recorder_that_keeps_nothing():
    assert recorder(False) is NO_RECORD and isinstance(recorder(True), Recorder)
    NO_RECORD.visit("A", (), "max")
    NO_RECORD.remembered("A", (), "max", 3, 0)
    assert NO_RECORD.trace() is None
    assert minimax(FIGURE_5_2).trace is None


# -- the views every reader of a search asks for -------------------------------------

def test_a_prune_step_carries_the_moves_it_skips_and_their_children():
    trace = alphabeta(FIGURE_5_2, trace=True).trace
    prune = trace.of_kind(PRUNE)[0]
    assert prune.moves == (1, 2) and prune.detail == ("C2", "C3")
    assert prune.pruned == (((1, 1), "C2"), ((1, 2), "C3"))
    assert trace.pruned == prune.pruned
    assert all(step.pruned == () for step in trace if step.kind != PRUNE)


def test_windows_on_entry_and_on_return_are_those_of_the_visit_and_return_steps():
    trace = alphabeta(FIGURE_5_2, trace=True).trace
    windows = trace.windows
    assert list(windows) == [(), (0,), (1,), (2,)]  # inner nodes, in the order entered
    assert windows[()] == Window("A", (-math.inf, math.inf), (3, math.inf))
    assert windows[(0,)] == Window("B", (-math.inf, math.inf), (-math.inf, 3))
    assert windows[(1,)] == Window("C", (3, math.inf), (3, 2))
    assert windows[(2,)] == Window("D", (3, math.inf), (3, 2))
    for step in trace:
        if step.kind == VISIT:
            assert windows[step.path].entered == (step.alpha, step.beta)
        if step.kind == RETURN:
            assert windows[step.path].returned == (step.alpha, step.beta)


def test_reached_names_the_state_at_every_path_the_search_reached():
    trace = alphabeta(FIGURE_5_2, trace=True).trace
    assert trace.reached[(1, 0)] == "C1" and (1, 1) not in trace.reached
    assert tuple(trace.reached.values()) == trace.visited


def test_pruned_leaves_under_either_tie_rule():
    tree = GameTree.from_nested([[3, 12], [3, [4, 5]], [2, 9]])
    ties = alphabeta(tree)
    assert ties.pruned == ("C2", "D2") and ties.pruned_leaves(tree) == ("C2.1", "C2.2", "D2")
    assert pruned_leaves(tree) == ("C2.1", "C2.2", "D2")
    assert pruned_leaves(tree, prune_ties=False) == ("C2.2", "D2")  # C2 entered at [3, 3]
    assert minimax(tree).pruned_leaves(tree) is None  # minimax prunes nothing


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(1, 4), st.booleans())
def test_the_pruned_leaves_are_exactly_the_leaves_alphabeta_never_scores(seed, branching,
                                                                          depth, ties):
    tree = GameTree.random(branching, depth, seed=seed, low=0, high=4)
    result = alphabeta(tree, trace=True, prune_ties=ties)
    scored = {step.state for step in result.trace.of_kind(EVALUATE)}
    assert result.pruned_leaves(tree) == tuple(leaf for leaf in tree.leaves if leaf not in scored)
    assert tuple(state for _, state in result.trace.pruned) == result.pruned
    for path, state in result.trace.pruned:  # the moves lead to the states skipped
        assert tree.result(result.trace.reached[path[:-1]], path[-1]) == state
