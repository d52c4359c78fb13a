"""Pictures of Monte Carlo tree search: frames, the animation and the still drawing."""

import pytest

from minimax_lessons import FIGURE_5_2, GameTree, minimax, mcts
from minimax_lessons.pictures.frames import UNVISITED, VISITED
from minimax_lessons.animation.mcts_player import MCTSAnimation, animate_mcts, draw_mcts
from minimax_lessons.pictures.mcts_frames import mcts_frames, mean_text

TREE = GameTree.from_nested([[[1, -1], [0, 1]], [[-1, -1], [1, 0]], [[0, 0], [-1, 1]]])


@pytest.fixture(scope="module")
def traced():
    return mcts(TREE, playouts=25, seed=3, trace=True)


def test_one_frame_per_event_plus_the_start_and_the_end(traced):
    frames = mcts_frames(TREE, traced)
    assert len(frames) == len(traced.trace) + 2
    assert frames[0].kind == "start" and frames[-1].line == ((), (traced.move,))


def test_the_last_frame_shows_every_nodes_visits_and_mean(traced):
    final = mcts_frames(TREE, traced)[-1]
    for path, stats in traced.tree.items():
        view = final.view(path)
        assert view.status == VISITED
        assert view.note == f"n={stats.visits}"
        assert view.value == round(stats.mean, 2)


def test_nodes_the_search_never_added_stay_not_reached(traced):
    final = mcts_frames(TREE, traced)[-1]
    every_path = [()]
    for path in every_path:
        state = TREE.initial_state()
        for move in path:
            state = TREE.result(state, move)
        every_path.extend(path + (a,) for a in TREE.actions(state))
    missing = [p for p in every_path if p not in traced.tree]
    assert missing, "25 play-outs should not add all 22 nodes of this tree"
    assert all(final.status(p) == UNVISITED for p in missing)


def test_a_select_frame_writes_the_ucb_scores_beside_the_children_until_the_next(traced):
    frames = mcts_frames(TREE, traced)
    k = next(i for i, f in enumerate(frames) if f.kind == "select")
    step = frames[k].step
    for move, score in step.detail:
        assert frames[k].view(step.path + (move,)).note.endswith(f"UCB {score:.2f}")
        assert "UCB" not in frames[k + 1].view(step.path + (move,)).note
    assert frames[k].edge == (step.path, step.path + (step.move,))


def test_the_play_out_frame_outlines_the_leaf_the_random_moves_reached(traced):
    frames = mcts_frames(TREE, traced)
    for frame in frames:
        if frame.kind == "playout":
            path = frame.step.path + frame.step.detail
            state = TREE.initial_state()
            for move in path:
                state = TREE.result(state, move)
            assert frame.current == path and TREE.utility(state) == frame.step.value


def test_means_are_shown_with_two_decimals_at_most():
    assert mean_text(1 / 3) == "0.33" and mean_text(-0.5) == "-0.5" and mean_text(1.0) == "1"


def test_the_animation_plays_on_the_whole_tree_laid_out_once():
    animation = animate_mcts(TREE, playouts=10, seed=0)
    assert isinstance(animation, MCTSAnimation)
    assert len(animation.spots) == len(minimax(TREE, trace=True).visited)
    assert animation.data["windows"] is False
    assert "mean result for MAX" in str(animation.data["key"])
    last = animation.frame_svg(-1)
    assert "n=10" in last  # the root's visits
    assert animation.frame_svg(0).count("n=") == 1  # at the start only the root is in the tree


def test_the_still_picture_marks_the_move_played(traced):
    drawing = draw_mcts(TREE, traced)
    assert f"n={traced.tree[()].visits}" in drawing.source
    assert "dotted" in drawing.source


def test_pictures_need_a_traced_mcts_result():
    with pytest.raises(ValueError, match="trace=True"):
        draw_mcts(TREE, mcts(TREE, playouts=5))
    with pytest.raises(TypeError, match="mcts"):
        draw_mcts(TREE, minimax(TREE, trace=True))


def test_a_game_other_than_a_tree_is_drawn_as_far_as_the_search_tree_reached():
    from minimax_lessons import TicTacToe
    from minimax_lessons.animation.mcts_player import mcts_plan

    game = TicTacToe("XO.\n.X.\n..O")
    result = mcts(game, playouts=12, seed=0, trace=True)
    spots = mcts_plan(game, result, mcts_frames(game, result)[-1]).spots
    paths = {spot.path for spot in spots}
    assert set(result.tree) <= paths
    # beyond the search tree only the children of its expanded nodes, drawn without subtrees
    expanded = {p[:-1] for p in result.tree if p}
    for spot in spots:
        if spot.path not in result.tree:
            assert spot.path[:-1] in expanded and (spot.cut or spot.terminal)
    animation = animate_mcts(game, playouts=12, seed=0)
    assert len(animation.spots) == len(spots)
    assert "n=12" in draw_mcts(game, result).source
