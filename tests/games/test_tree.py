"""GameTree: building explicit trees, naming nodes, and refusing malformed ones."""

import math

import pytest

from minimax_lessons import GameError, GameTree, TreeError
from minimax_lessons.games.examples import FIGURE_5_2, FIGURE_5_2_NESTED


def test_figure_5_2_has_aima_names_and_alternating_players():
    tree = FIGURE_5_2
    assert tree.root == "A"
    assert tree.children("A") == ("B", "C", "D")
    assert tree.children("D") == ("D1", "D2", "D3")
    assert [tree.to_move(n) for n in "ABCD"] == ["max", "min", "min", "min"]
    assert [tree.utility(leaf) for leaf in tree.leaves] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert len(tree) == 13 and tree.height == 2


def test_deeper_names_use_a_dot_after_a_digit():
    tree = GameTree.from_nested([[[1, 2], [3]], [4]])
    assert tree.children("B") == ("B1", "B2")
    assert tree.children("B1") == ("B1.1", "B1.2")
    assert tree.path_to("B1.2") == ["A", "B", "B1", "B1.2"]


def test_a_root_with_many_children_names_them_from_a():
    tree = GameTree.from_nested(list(range(30)))
    assert tree.children("A")[:3] == ("A1", "A2", "A3")


def test_names_are_stable_between_builds():
    assert list(GameTree.from_nested(FIGURE_5_2_NESTED)) == list(FIGURE_5_2)


def test_actions_are_child_indexes_and_lead_to_children():
    assert FIGURE_5_2.actions("A") == (0, 1, 2)
    assert FIGURE_5_2.result("A", 2) == "D"
    assert FIGURE_5_2.actions("B1") == ()


def test_action_labels_replace_indexes_when_given():
    tree = GameTree.from_dict({"children": [
        {"action": "left", "value": 1}, {"action": "right", "value": 2}]})
    assert tree.actions("A") == ("left", "right")
    assert tree.utility(tree.result("A", "right")) == 2


def test_an_illegal_action_is_refused_with_the_legal_ones():
    with pytest.raises(GameError, match=r"action 7 is not legal at node B; legal actions: 0, 1, 2"):
        FIGURE_5_2.result("B", 7)


def test_an_unknown_node_is_refused_by_name():
    with pytest.raises(GameError, match="no node named 'Z'"):
        FIGURE_5_2.to_move("Z")


def test_from_dict_allows_two_min_layers_in_a_row():
    tree = GameTree.from_dict({"player": "max", "children": [
        {"player": "min", "children": [
            {"player": "min", "children": [{"value": 1}, {"value": 2}]}]}]})
    assert [tree.to_move(n) for n in ("A", "B", "B1")] == ["max", "min", "min"]


def test_chance_probabilities_default_to_uniform_and_fill_the_rest():
    tree = GameTree.from_dict({"player": "chance", "children": [
        {"value": 1}, {"value": 2, "probability": 0.5}, {"value": 3}]})
    assert [p for _, p in tree.chances("A")] == [0.25, 0.5, 0.25]


def test_round_trips_through_dict_and_nested():
    tree = GameTree.from_dict(FIGURE_5_2.to_dict())
    assert tree == FIGURE_5_2
    assert FIGURE_5_2.to_nested() == FIGURE_5_2_NESTED


def test_random_trees_are_reproducible_and_shaped_as_asked():
    a = GameTree.random(3, 4, seed=7)
    assert a == GameTree.random(3, 4, seed=7)
    assert a != GameTree.random(3, 4, seed=8)
    assert len(a.leaves) == 3 ** 4 and a.height == 4


def test_random_distinct_leaves_are_all_different():
    tree = GameTree.random(3, 5, seed=1, distinct=True)
    values = [tree.utility(leaf) for leaf in tree.leaves]
    assert len(set(values)) == len(values) == 243


def test_random_variable_branching_stays_in_range():
    tree = GameTree.random((1, 3), 4, seed=3)
    assert all(1 <= len(tree.children(n)) <= 3 for n in tree if tree.children(n))


def test_a_single_number_is_a_one_leaf_tree():
    tree = GameTree.from_nested(5)
    assert tree.is_terminal("A") and tree.utility("A") == 5


@pytest.mark.parametrize("nested, message", [
    ([[3, []], [2]], r"node B2 \(\[0\]\[1\]\): an empty list"),
    ([[3, "x"], [2]], r"leaf node B2 \(\[0\]\[1\]\): the value 'x' is not a number"),
    ([[3, True]], r"value True is not a number"),
    ([[3, math.nan]], r"node B2 .*NaN"),
    ([[3, None]], r"value None is not a number"),
    ([1, [2, [3, [4, "x"]]]], r"leaf node C2.2.2 \(\[1\]\[1\]\[1\]\[1\]\): the value 'x'"),
    ([[1, [[2], [3, []]]], 5], r"node B2.2.2 \(\[0\]\[1\]\[1\]\[1\]\): an empty list"),
])
def test_malformed_nested_lists_name_the_offending_node(nested, message):
    with pytest.raises(TreeError, match=message):
        GameTree.from_nested(nested)


def test_a_shared_sub_list_is_refused():
    shared = [1, 2]
    with pytest.raises(TreeError, match=r"node C \(\[1\]\): this list was already used at \[0\]"):
        GameTree.from_nested([shared, shared])
    with pytest.raises(TreeError, match=r"node C1.2 \(\[1\]\[0\]\[1\]\): this list was already "
                                         r"used at \[0\]\[2\]\[0\]; a tree needs"):
        GameTree.from_nested([[0, 1, [shared]], [[2, shared]]])


def test_a_list_that_contains_itself_is_refused_not_looped():
    loop = [1]
    loop.append(loop)
    with pytest.raises(TreeError, match="cycle"):
        GameTree.from_nested(loop)


def test_a_dict_cycle_is_refused():
    node = {"player": "max", "children": []}
    node["children"].append(node)
    with pytest.raises(TreeError, match="cycle"):
        GameTree.from_dict(node)


@pytest.mark.parametrize("spec, message", [
    ({"player": "maxi", "children": [{"value": 1}]}, r"unknown player 'maxi' at node A .*'max', 'min', 'chance'"),
    ({"children": [{"value": 1}, {"name": "B", "value": 2}]}, "the name 'B' is used twice"),
    ({"children": [{"player": "min"}]}, r"node B \(children\[0\]\): a leaf needs a 'value'"),
    ({"children": []}, "'children' must be a non-empty list"),
    ({"player": "chance", "children": [{"value": 1, "probability": -0.5}, {"value": 1}]},
     "probability -0.5 is negative"),
    ({"player": "chance", "children": [{"value": 1, "probability": 0.5},
                                       {"value": 1, "probability": 0.2}]},
     "chance probabilities sum to 0.7, not 1"),
    ({"children": [{"value": 1, "probability": 0.5}]}, "parent is not a chance node"),
    ({"children": [{"value": 1, "colour": "red"}]}, r"unknown key\(s\) \['colour'\]"),
    ({"children": [{"value": "high"}]}, "the value 'high' is not a number"),
    ({"children": [{"value": 1, "action": "x"}, {"value": 2, "action": "x"}]},
     "two children have the same action label"),
])
def test_malformed_dicts_get_a_clear_error(spec, message):
    with pytest.raises(TreeError, match=message):
        GameTree.from_dict(spec)


def test_a_deep_chain_of_lists_builds_without_recursion_errors():
    nested = 0
    for i in range(20_000):
        nested = [nested, i]
    tree = GameTree.from_nested(nested)
    assert tree.height == 20_000


def test_the_root_player_must_be_max_or_min():
    with pytest.raises(TreeError, match="root player 'chance'"):
        GameTree.from_nested([1, 2], root="chance")


def test_heuristic_without_a_value_says_what_to_do():
    with pytest.raises(GameError, match="no heuristic value: give it a 'value' or pass evaluate="):
        FIGURE_5_2.heuristic("B")


def test_a_tree_survives_pickling():
    import pickle

    from minimax_lessons.games.examples import CHANCE_TREE

    for tree in (FIGURE_5_2, CHANCE_TREE):
        copy = pickle.loads(pickle.dumps(tree))
        assert copy == tree and copy.chances(copy.root) == tree.chances(tree.root)


def test_a_random_tree_thousands_of_plies_deep_builds():
    tree = GameTree.random(1, 3000, seed=1)
    assert tree.height == 3000 and len(tree.leaves) == 1


def test_a_random_tree_of_depth_zero_is_one_leaf():
    tree = GameTree.random(3, 0, seed=2, low=5, high=5)
    assert len(tree) == 1 and tree.utility(tree.root) == 5


def test_a_tree_shows_itself_as_the_registered_display_says_else_as_text():
    from minimax_lessons.games import tree as tree_module

    saved = tree_module._show
    try:
        tree_module.display_trees_with(None)
        assert FIGURE_5_2._repr_mimebundle_() == {"text/plain": repr(FIGURE_5_2)}
        tree_module.display_trees_with(lambda t, include, exclude: {"text/plain": f"root {t.root}"})
        assert FIGURE_5_2._repr_mimebundle_() == {"text/plain": "root A"}
    finally:
        tree_module.display_trees_with(saved)


def test_a_tree_display_must_be_a_function():
    from minimax_lessons.games.tree import display_trees_with

    with pytest.raises(TypeError, match="expects a function or None, not str"):
        display_trees_with("draw")


# -- who moves at each level (levels=) --------------------------------------------------

def test_random_trees_can_roll_dice_between_the_moves():
    tree = GameTree.random(2, 4, seed=3, levels=("max", "chance", "min", "chance"))
    players = {tree.node(n).depth: tree.to_move(n) for n in tree if not tree.is_terminal(n)}
    assert players == {0: "max", 1: "chance", 2: "min", 3: "chance"}
    assert all(p == 0.5 for n in tree if tree.to_move(n) == "chance" and not tree.is_terminal(n)
               for _, p in tree.chances(n))


def test_random_trees_with_levels_keep_the_leaves_of_the_same_seed():
    plain = GameTree.random(3, 2, seed=8)
    two_min = GameTree.random(3, 2, seed=8, levels=("min", "min"))
    assert plain.to_nested() == two_min.to_nested()
    assert {two_min.to_move(n) for n in ("A", "B", "C")} == {"min"}


def test_random_trees_refuse_unknown_players_in_levels():
    with pytest.raises(TreeError, match="unknown player 'ghost'"):
        GameTree.random(2, 2, levels=("max", "ghost"))
    with pytest.raises(TreeError, match="at least one level"):
        GameTree.random(2, 2, levels=())
