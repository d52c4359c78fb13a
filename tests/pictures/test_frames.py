"""minimax_lessons.pictures.frames: the picture of a search after each step of its trace."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import (FIGURE_5_2, GameTree, TicTacToe, alphabeta, expectiminimax,
                             minimax, negamax)
from minimax_lessons import examples
from minimax_lessons.pictures.frames import (DONE, PRUNED, UNVISITED, VISITED, Frame, NodeView,
                                    build_frames)

random_trees = st.builds(
    GameTree.random,
    st.integers(1, 3), st.integers(1, 4),
    seed=st.integers(0, 10_000), low=st.just(-5), high=st.just(5),
)


def frames_of(search, tree, **options):
    return build_frames(tree, search(tree, trace=True, **options))


def path_of(tree, name):
    """The actions from the root of ``tree`` to node ``name`` (indices in these trees)."""
    names = tree.path_to(name)
    return tuple(tree.children(a).index(b) for a, b in zip(names, names[1:]))


# -- counts and order ---------------------------------------------------------------

@pytest.mark.parametrize("search", [minimax, alphabeta, negamax])
def test_a_trace_of_n_steps_gives_n_plus_one_frames(search):
    result = search(FIGURE_5_2, trace=True)
    frames = build_frames(FIGURE_5_2, result)
    assert len(frames) == len(result.trace) + 1
    assert [f.index for f in frames] == list(range(len(frames)))


def test_frame_k_shows_the_tree_after_step_k_minus_1():
    result = alphabeta(FIGURE_5_2, trace=True)
    frames = build_frames(FIGURE_5_2, result)
    assert frames[0].step is None and frames[0].kind == "start"
    assert [f.step for f in frames[1:]] == list(result.trace)


def test_before_the_search_every_node_is_unvisited():
    first = frames_of(alphabeta, FIGURE_5_2)[0]
    assert first.nodes == {}
    assert first.status(()) == UNVISITED and first.status((2, 1)) == UNVISITED
    assert first.current is None and first.line == ()


def test_the_current_node_is_the_node_the_step_is_about():
    frames = frames_of(alphabeta, FIGURE_5_2)
    for frame in frames[1:]:
        assert frame.current == frame.step.path
    assert frames[3].status((0, 0)) == "current"


# -- statuses and values -----------------------------------------------------------

def test_a_visited_node_shows_its_best_value_so_far_as_a_bound():
    frames = frames_of(alphabeta, FIGURE_5_2)
    after_b1 = frames[4]  # step 3: MIN node B takes 3 from B1
    assert after_b1.view((0,)) == NodeView(VISITED, 3, "<=", -math.inf, math.inf)  # as entered
    assert after_b1.view((0,)).text() == "<=3"
    after_b = frames[8]  # step 7: MAX node A takes 3 from B
    assert after_b.view(()).text() == ">=3"


def test_leaves_are_done_as_soon_as_they_are_scored():
    frames = frames_of(minimax, FIGURE_5_2)
    assert frames[3].view((0, 0)) == NodeView(DONE, 3)
    assert frames[2].view((0, 0)).status == UNVISITED


def test_figure_5_2_prunes_c2_and_c3_with_the_textbook_caption():
    frames = frames_of(alphabeta, FIGURE_5_2)
    prune = frames[12]
    assert prune.kind == "prune"
    assert prune.caption.startswith("MIN node C takes min(2, ...) = 2 <= alpha = 3")
    assert prune.caption.endswith("so prune C2 and C3.")
    assert prune.status((1, 1)) == PRUNED and prune.status((1, 2)) == PRUNED
    assert frames[11].status((1, 1)) == UNVISITED


def test_everything_below_a_pruned_node_is_pruned():
    tree = examples.SUBTREE_PRUNED
    last = frames_of(alphabeta, tree)[-1]
    c2 = path_of(tree, "C2")
    assert last.view(c2).status == PRUNED
    for leaf in ("C2.1", "C2.2"):
        assert last.status(path_of(tree, leaf)) == PRUNED
        assert path_of(tree, leaf) not in last.nodes  # only the pruned child is recorded
    assert last.status(path_of(tree, "C1.2")) == DONE


def test_a_node_that_pruned_shows_a_bound_not_an_exact_value():
    last = frames_of(alphabeta, FIGURE_5_2)[-1]
    assert last.view((1,)).text() == "<=2"
    assert last.view((2,)).text() == "2"  # D saw all its leaves: exact
    sub = examples.SUBTREE_PRUNED
    last = frames_of(alphabeta, sub)[-1]
    assert last.view(path_of(sub, "B2")).text() == ">=6"
    assert last.view(path_of(sub, "B")).text() == "5"


def test_the_last_frame_carries_the_chosen_line_of_play():
    result = alphabeta(examples.SUBTREE_PRUNED, trace=True)
    last = build_frames(examples.SUBTREE_PRUNED, result)[-1]
    assert last.line == tuple(result.line[:k] for k in range(len(result.line) + 1))
    assert all(f.line == () for f in build_frames(examples.SUBTREE_PRUNED, result)[:-1])
    assert last.caption == "Done: A is worth 5; best move 0 (to B). Chosen line: A -> B -> B1 -> B1.2."


@pytest.mark.parametrize("tree", [FIGURE_5_2, examples.SUBTREE_PRUNED, examples.TIES,
                                  GameTree.random((1, 3), 4, seed=5, low=0, high=4)])
def test_every_frame_shows_the_window_each_node_was_entered_with(tree):
    result = alphabeta(tree, trace=True)
    entered = {s.path: (s.alpha, s.beta) for s in result.trace if s.kind == "visit"}
    for frame in build_frames(tree, result):
        for path, view in frame.nodes.items():
            if path in entered:
                assert (view.alpha, view.beta) == entered[path]


def test_the_window_shown_at_c_is_the_one_it_was_entered_with_not_the_one_it_returns_with():
    frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
    assert frames[-1].view((1,)).window() == "entered with alpha = 3, beta = +inf"
    captions = " ".join(f.caption for f in frames)
    assert "MIN node C takes 2 from C1, so beta = 2." in captions  # the change is told


def test_minimax_frames_have_no_windows_and_nothing_pruned():
    last = frames_of(minimax, FIGURE_5_2)[-1]
    assert all(v.alpha is None for v in last.nodes.values())
    assert all(v.status == DONE for v in last.nodes.values())
    assert len(last.nodes) == len(FIGURE_5_2)


def test_an_update_frame_marks_the_edge_the_value_came_up():
    frames = frames_of(alphabeta, FIGURE_5_2)
    update = frames[8]  # MAX node A takes 3 from B
    assert update.kind == "update" and update.edge == ((), (0,))
    assert frames[3].edge == ((0,), (0, 0))  # going down to leaf B1


# -- captions ---------------------------------------------------------------------

def test_captions_read_as_sentences_about_the_nodes():
    captions = [f.caption for f in frames_of(alphabeta, FIGURE_5_2)]
    assert captions[0] == "alphabeta starts at the root A (MAX)."
    assert captions[2] == "Visit B (MIN), with alpha = -inf, beta = +inf."
    assert captions[5] == "Leaf B2 has utility 12; MIN node B keeps min(3, 12) = 3."
    assert captions[18] == "MIN node D takes min(14, 5) = 5, so beta = 5."
    assert captions[13].startswith("C returns 2 to A: only a bound, C is worth <= 2")
    assert all(c.endswith(".") for c in captions)


def test_chance_captions_add_probability_times_value():
    frames = frames_of(expectiminimax, examples.CHANCE_TREE)
    captions = [f.caption for f in frames]
    assert "Chance node risky adds 0.25 x 8: expected value so far = 2." in captions
    assert frames[-1].view(("risky",)).text() == "1.25"


def test_depth_limited_leaves_say_the_evaluation_function_scored_them():
    frames = frames_of(alphabeta, examples.HEURISTIC_TREE, depth=1)
    assert frames[2].caption == ("Depth limit: B is not expanded; the evaluation function "
                                 "scores it 6.")
    assert frames[-1].view((0,)) == NodeView(DONE, 6)  # scored like a leaf: no window


def test_transposition_table_hits_say_so():
    game = TicTacToe()
    start = game.parse("XO.\nXO.\n...")
    frames = build_frames(game, minimax(game, start, trace=True, memo=True))
    assert any("transposition table" in f.caption for f in frames)


def test_a_state_reached_twice_is_two_nodes():
    game = TicTacToe()
    start = game.parse("XO.\nXO.\n...")  # X at 6 then 8 meets X at 8 then 6
    result = minimax(game, start, trace=True)
    last = build_frames(game, result)[-1]
    states = {}
    for step in result.trace:
        states.setdefault(step.path, step.state)
    assert len(set(states.values())) < len(states)  # transpositions exist
    assert set(last.nodes) == set(states)


def test_a_result_without_a_trace_is_refused_with_the_fix():
    with pytest.raises(ValueError, match=r"trace=True"):
        build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2))
    with pytest.raises(TypeError):
        build_frames(FIGURE_5_2, 3)


def test_frames_are_immutable():
    frame = frames_of(minimax, FIGURE_5_2)[1]
    assert isinstance(frame, Frame)
    with pytest.raises(AttributeError):
        frame.caption = "changed"
    with pytest.raises(TypeError):
        frame.changes[()] = NodeView()


# -- properties over random trees ------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(random_trees, st.booleans())
def test_final_frame_values_are_the_values_the_search_returned(tree, prune_ties):
    result = alphabeta(tree, trace=True, prune_ties=prune_ties)
    last = build_frames(tree, result)[-1]
    for path, value in result.values.items():
        assert last.view(path).value == value
        assert last.view(path).status == DONE
    pruned = {p for p, v in last.nodes.items() if v.status == PRUNED}
    assert len(pruned) == len(result.pruned)


@settings(max_examples=60, deadline=None)
@given(random_trees)
def test_bounds_shown_in_the_last_frame_are_true(tree):
    last = build_frames(tree, alphabeta(tree, trace=True))[-1]
    names = {(): tree.root}
    for name in tree.nodes:
        if name != tree.root:
            names[path_of(tree, name)] = name
    for path, view in last.nodes.items():
        if view.status != DONE:
            continue
        true = minimax(tree, names[path]).value
        if view.bound is None:
            assert view.value == true
        elif view.bound == "<=":
            assert true <= view.value
        elif view.bound == ">=":
            assert true >= view.value


@settings(max_examples=40, deadline=None)
@given(random_trees)
def test_statuses_only_move_forward(tree):
    order = {UNVISITED: 0, VISITED: 1, DONE: 2, PRUNED: 2}
    frames = frames_of(alphabeta, tree)
    for before, after in zip(frames, frames[1:]):
        for path, view in after.nodes.items():
            assert order[view.status] >= order[before.view(path).status]


def test_maxn_captions_say_whose_score_decides():
    from minimax_lessons.games.examples import THREE_PLAYERS
    from minimax_lessons.search.adversarial import maxn

    captions = [f.caption for f in frames_of(maxn, THREE_PLAYERS)]
    assert "P3 at B1 takes (3, 3, 7) from B1.1: the best so far for P3, who scores 7 there." \
        in captions
    assert ("Leaf B1.2 has utility (4, 3, 2); P3 at B1 keeps (3, 3, 7): P3 scores 7 there, "
            "2 here.") in captions
    assert captions[-1] == "Done: A is worth (6, 3, 9); best move 1 (to C). Chosen line: A -> C -> C2 -> C2.2."


def test_a_chance_node_cut_by_bounds_says_why_and_returns_an_upper_bound():
    from minimax_lessons.games.examples import BOUNDED_CHANCE, BOUNDED_CHANCE_RANGE

    frames = frames_of(expectiminimax, BOUNDED_CHANCE, bounds=BOUNDED_CHANCE_RANGE)
    captions = [f.caption for f in frames]
    assert ("Chance node C can average at most 6.5, even if every outcome not seen yet scores "
            "the highest possible; 6.5 <= alpha = 7: MAX can already get 7 elsewhere, so "
            "prune C3.") in captions
    assert frames[-1].view((1,)) == NodeView(DONE, 6.5, "<=", 7, math.inf)
    assert frames[-1].status((1, 2)) == PRUNED


def test_a_chance_node_cut_from_below_says_at_least():
    tree = GameTree.from_dict({"player": "min", "children": [
        {"player": "chance", "children": [{"value": 1}, {"value": 3}]},
        {"player": "chance", "children": [{"value": 8}, {"value": 6}]}]})
    frames = frames_of(expectiminimax, tree, bounds=(0, 8))
    assert any("averages at least 4, even if every outcome not seen yet scores the lowest "
               "possible; 4 >= beta = 2" in f.caption for f in frames)
    assert frames[-1].view((1,)).text() == ">=4"
