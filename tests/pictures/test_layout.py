"""The layout module: which nodes a picture shows, the same for every picture.

(Which modules may import which is checked for the whole package in tests/test_layers.py.)"""

import pytest

from minimax_lessons import (FIGURE_5_2, GameTree, Nim, TicTacToe, alphabeta, animate, draw_tree,
                             examples, minimax)
from minimax_lessons.pictures.frames import build_frames
from minimax_lessons.pictures.layout import MAX_NODES, Plan, TreeTooLargeError, plan

# -- what a picture shows ------------------------------------------------------------

def test_a_plan_without_a_search_is_the_game_from_a_state_down_a_depth():
    p = plan(FIGURE_5_2, state="C", depth=1)
    assert p == Plan("C", (), p.spots)
    assert [s.state for s in p.spots] == ["C", "C1", "C2", "C3"]
    assert [s.id for s in p.spots] == ["n", "n_0", "n_1", "n_2"]


def test_a_picture_of_part_of_a_searched_tree_knows_where_it_sits_in_the_search():
    p = plan(FIGURE_5_2, state="C", search_root="A", reached=[(), (0,), (1,)])
    assert p.prefix == (1,)  # C is the root's second child
    assert [s.state for s in p.spots] == ["C", "C1", "C2", "C3"]  # a tree is drawn whole
    assert plan(FIGURE_5_2, search_root="A").root == "A"


def test_a_picture_of_a_search_on_a_game_stops_where_the_search_stopped():
    game = Nim((2, 2))
    last = build_frames(game, alphabeta(game, trace=True))[-1]
    pruned = [path for path, view in last.nodes.items() if view.status == "pruned"]
    assert pruned  # alpha-beta skips two moves of this game
    p = plan(game, search_root=last.root, reached=last.nodes, pruned=pruned)
    assert {s.path for s in p.spots} == set(last.nodes)  # no deeper, no node never reached
    folded = [s for s in p.spots if s.path in pruned]
    assert folded and all(s.cut or s.terminal for s in folded)
    unfolded = plan(game, search_root=last.root, reached=last.nodes)
    assert len(unfolded.spots) > len(p.spots)  # the pruned moves have moves below them


def test_a_game_picture_cannot_start_below_the_search_root():
    game = TicTacToe("XXOOO.X..")
    with pytest.raises(ValueError, match="not the root of the search"):
        plan(game, state="XXOOOXX..", search_root=game.initial_state())


def test_a_tree_picture_cannot_start_outside_the_searched_subtree():
    with pytest.raises(ValueError, match="'B2' is not below the search's root 'C'"):
        plan(FIGURE_5_2, state="B2", search_root="C")


def test_a_picture_too_large_is_refused_with_what_to_draw_instead():
    with pytest.raises(TreeTooLargeError, match="depth=3 draws the first 3 plies"):
        plan(TicTacToe())
    assert len(plan(TicTacToe(), depth=3).spots) < MAX_NODES


GAMES = [FIGURE_5_2, examples.SUBTREE_PRUNED, examples.TIES, examples.TWO_OPPONENTS,
         GameTree.random((1, 3), 4, seed=11), Nim((2, 2)), TicTacToe("XO.OX....")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: repr(g)[:30])
def test_every_picture_of_a_search_lays_out_the_same_nodes(game):
    for search in (minimax, alphabeta):
        animation = animate(search, game)
        ids = [s.id for s in animation.spots]
        drawing = draw_tree(game, result=animation.result)
        assert [s.id for s in drawing.spots] == ids
        assert [s.path for s in drawing.spots] == [s.path for s in animation.spots]
        last = draw_tree(game, frame=animation.frames[-1])
        assert [s.id for s in last.spots] == ids
        if isinstance(game, GameTree):  # a tree is drawn whole at every step
            for frame in animation.frames[::5]:
                assert [s.id for s in draw_tree(game, frame=frame).spots] == ids
