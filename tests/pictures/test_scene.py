"""minimax_lessons.pictures.scene: what every node shows in a frame, the same drawn or played."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import (FIGURE_5_2, GameTree, TicTacToe, alphabeta, expectiminimax, mcts,
                             minimax, negamax)
from minimax_lessons import examples
from minimax_lessons.pictures.draw import frame_plan
from minimax_lessons.pictures.frames import DONE, PRUNED, UNVISITED, build_frames
from minimax_lessons.pictures.mcts_frames import mcts_frames
from minimax_lessons.pictures.scene import Scene
from minimax_lessons.pictures.style import PALETTE, choose_style, edge_look, node_look


def scene_for(game, frames, **options):
    spots = frame_plan(game, frames[-1]).spots
    return Scene(spots, choose_style(game, spots, frames[-1]), **options)


def check_stepping_equals_showing(game, frames):
    """Stepped frame by frame, a scene shows what it shows set to each frame alone, and
    every spot whose mark changed is among those a step says it touched."""
    stepped, alone = scene_for(game, frames), scene_for(game, frames)
    before = None
    for frame in frames:
        touched = stepped.step(frame)
        assert stepped.marks == alone.show(frame), frame
        if before is not None:
            assert {i for i, (a, b) in enumerate(zip(before, stepped.marks)) if a != b} <= touched
        before = list(stepped.marks)


@pytest.mark.parametrize("game, search, options", [
    (FIGURE_5_2, alphabeta, {}),
    (FIGURE_5_2, minimax, {}),
    (examples.SUBTREE_PRUNED, alphabeta, {}),
    (examples.TIES, alphabeta, {"prune_ties": False}),
    (examples.CHANCE_TREE, expectiminimax, {}),
    (examples.HEURISTIC_TREE, alphabeta, {"depth": 1}),
    (FIGURE_5_2, negamax, {"prune": True}),
    (TicTacToe("XO.\n.X.\n..O"), alphabeta, {}),
], ids=["fig52-ab", "fig52-minimax", "subtree-pruned", "ties", "chance", "depth", "negamax",
        "tictactoe"])
def test_stepping_through_a_search_shows_each_frame_as_showing_it_alone(game, search, options):
    check_stepping_equals_showing(game, build_frames(game, search(game, trace=True, **options)))


def test_stepping_through_monte_carlo_search_shows_each_frame_as_showing_it_alone():
    result = mcts(FIGURE_5_2, playouts=12, seed=3, trace=True)
    check_stepping_equals_showing(FIGURE_5_2, mcts_frames(FIGURE_5_2, result))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.integers(0, 10_000), st.booleans())
def test_stepping_equals_showing_on_random_trees(branching, depth, seed, ties):
    tree = GameTree.random(branching, depth, seed=seed, low=-3, high=3)
    check_stepping_equals_showing(tree, build_frames(tree, alphabeta(tree, trace=True,
                                                                     prune_ties=ties)))


def test_a_picture_without_a_search_shows_plain_nodes_and_leaf_values():
    spots = frame_plan(FIGURE_5_2, None).spots
    marks = Scene(spots, choose_style(FIGURE_5_2, spots, None)).show(None)
    assert {m.look for m in marks} == {node_look(None)}
    assert [m.value for s, m in zip(spots, marks) if s.terminal][:3] == ["3", "12", "8"]
    assert marks[0].edge is None and marks[1].edge == edge_look(None)


def test_the_last_frame_shows_the_chosen_line_and_no_current_node():
    frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
    scene = scene_for(FIGURE_5_2, frames)
    marks = scene.show(frames[-1])
    on_line = [s.path for s, m in zip(scene.spots, marks) if m.look.stroke == PALETTE["line"]]
    assert on_line == [(), (0,), (0, 0)]
    assert not any(m.look.stroke == PALETTE["current"] for m in marks)
    assert scene.show(frames[9])[scene.index[(1,)]].look.stroke == PALETTE["current"]


def test_a_part_drawn_from_below_a_pruned_node_is_pruned_all_through():
    tree = examples.SUBTREE_PRUNED
    frames = build_frames(tree, alphabeta(tree, trace=True))
    pruned = next(p for p, v in frames[-1].nodes.items() if v.status == PRUNED and
                  not tree.is_terminal(tree_state(tree, p)))
    spots = frame_plan(tree, frames[-1], state=tree_state(tree, pruned)).spots
    scene = Scene(spots, choose_style(tree, spots, frames[-1]), prefix=pruned)
    scene.show(frames[-1])
    assert set(scene.status) == {PRUNED}
    below = pruned + (0,)
    spots = frame_plan(tree, frames[-1], state=tree_state(tree, below)).spots
    scene = Scene(spots, choose_style(tree, spots, frames[-1]), prefix=below)
    scene.show(frames[-1])
    assert set(scene.status) == {PRUNED}  # pruned above the drawn root
    scene.show(frames[0])
    assert set(scene.status) == {UNVISITED}  # before the search came near it


def tree_state(tree, path):
    state = tree.initial_state()
    for action in path:
        state = tree.result(state, action)
    return state


def test_highlighted_spots_keep_their_warning_look_in_every_frame():
    frames = build_frames(FIGURE_5_2, minimax(FIGURE_5_2, trace=True))
    scene = scene_for(FIGURE_5_2, frames, highlighted={1})
    for frame in (frames[0], frames[5], frames[-1]):
        assert scene.show(frame)[1].look.stroke == PALETTE["warn"]
    assert scene.show(frames[-1])[0].look == node_look(DONE, on_line=True)
