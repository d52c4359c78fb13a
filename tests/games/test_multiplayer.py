"""Trees of several players: utility vectors at the leaves, players in turn, clear errors."""

import pickle

import pytest

from minimax_lessons import FIGURE_5_2, GameTree, TreeError
from minimax_lessons.games.examples import NO_PRUNING, THREE_PLAYERS, TWO_OPPONENTS
from minimax_lessons.games.game import GameError, is_named_tree
from minimax_lessons.games.multiplayer import DEFAULT_PLAYERS, MultiplayerTree
from minimax_lessons.games.tree import NamedTree


def test_players_move_in_turn_from_the_root_down():
    tree = THREE_PLAYERS
    assert tree.players == DEFAULT_PLAYERS == ("P1", "P2", "P3")
    assert [tree.to_move(n) for n in ("A", "B", "C", "B1", "C2")] == ["P1", "P2", "P2", "P3", "P3"]


def test_a_leaf_holds_one_score_per_player_and_names_follow_the_trees_scheme():
    assert THREE_PLAYERS.leaves == ("B1.1", "B1.2", "B2.1", "B2.2", "C1.1", "C1.2", "C2.1", "C2.2")
    assert THREE_PLAYERS.utility("C2.2") == (6, 3, 9)
    assert THREE_PLAYERS.score((6, 3, 9), "P2") == 3
    assert len(THREE_PLAYERS) == 15 and THREE_PLAYERS.height == 3


def test_a_multiplayer_tree_is_a_named_tree_but_not_a_two_player_game_tree():
    assert isinstance(THREE_PLAYERS, NamedTree) and is_named_tree(THREE_PLAYERS)
    assert not isinstance(THREE_PLAYERS, GameTree)
    assert isinstance(FIGURE_5_2, NamedTree)  # the two-player tree shares the same base


def test_players_may_be_named_and_may_be_two():
    tree = MultiplayerTree.from_nested([[(1, 2), (3, 0)], (5, 5)], players=("red", "blue"))
    assert tree.to_move("A") == "red" and tree.to_move("B") == "blue"
    assert tree.index("blue") == 1


@pytest.mark.parametrize("nested, players, match", [
    ([[1, 2], [3]], DEFAULT_PLAYERS, "a leaf is a tuple of 3 scores"),
    ([[(1, 2), (3, 4, 5)]], DEFAULT_PLAYERS, "has 2 scores, but the game has 3 players"),
    ([[(1, 2, "x")]], DEFAULT_PLAYERS, "not a number"),
    ([[]], DEFAULT_PLAYERS, "an empty list"),
    ([(1, 2)], ("solo",), "two or more different names"),
    ([(1, 2)], ("a", "a"), "two or more different names"),
    ([(1, 2)], ("max", "chance"), "cannot be a player's name"),
])
def test_malformed_trees_are_refused_with_the_node_and_the_reason(nested, players, match):
    with pytest.raises(TreeError, match=match):
        MultiplayerTree.from_nested(nested, players=players)


def test_a_shared_sub_list_is_refused():
    shared = [(1, 2, 3)]
    with pytest.raises(TreeError, match="used twice"):
        MultiplayerTree.from_nested([shared, shared])


def test_asking_an_inner_node_for_its_utility_or_an_unknown_player_says_what_is_wrong():
    with pytest.raises(GameError, match="not a leaf"):
        THREE_PLAYERS.utility("B")
    with pytest.raises(GameError, match="no player 'P4'"):
        THREE_PLAYERS.index("P4")


def test_a_two_player_tree_becomes_vectors_u_minus_u_with_who_moves_where_kept():
    vectors = MultiplayerTree.from_two_player(TWO_OPPONENTS)
    assert vectors.players == ("max", "min")
    assert [vectors.to_move(n) for n in ("A", "B", "B1")] == ["max", "min", "min"]
    assert all(vectors.utility(leaf) == (TWO_OPPONENTS.utility(leaf), -TWO_OPPONENTS.utility(leaf))
               for leaf in TWO_OPPONENTS.leaves)


def test_chance_nodes_have_no_place_in_a_multiplayer_tree():
    from minimax_lessons.games.examples import CHANCE_TREE

    with pytest.raises(TreeError, match="chance node"):
        MultiplayerTree.from_two_player(CHANCE_TREE)
    with pytest.raises(TypeError, match="expects a GameTree"):
        MultiplayerTree.from_two_player(THREE_PLAYERS)


def test_a_multiplayer_tree_survives_pickling():
    again = pickle.loads(pickle.dumps(NO_PRUNING))
    assert again.players == NO_PRUNING.players and dict(again.nodes) == dict(NO_PRUNING.nodes)
    assert repr(again) == "MultiplayerTree(7 nodes, height 2, players P1, P2, P3)"


def test_the_paranoid_view_makes_one_player_max_and_every_other_min():
    paranoid = THREE_PLAYERS.as_two_player("P1")
    assert isinstance(paranoid, GameTree)
    assert [paranoid.to_move(n) for n in ("A", "B", "B1")] == ["max", "min", "min"]
    assert [paranoid.utility(leaf) for leaf in paranoid.leaves] == \
        [THREE_PLAYERS.utility(leaf)[0] for leaf in THREE_PLAYERS.leaves]
    as_p3 = THREE_PLAYERS.as_two_player("P3")
    assert as_p3.to_move("B1") == "max" and as_p3.utility("C2.2") == 9
