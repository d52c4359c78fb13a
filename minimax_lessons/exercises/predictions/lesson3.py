"""Lesson 3's predictions: what does working minimax code print?

========  =========================================================  ===================
id        the student predicts                                       named mistakes
========  =========================================================  ===================
p3.1      ``minimax([[8, 1], [6, 4], [2, 3]], True)``                max/min everywhere,
                                                                     players swapped
p3.2      the same tree with MIN to move at the root                 the same, and the
                                                                     MAX-root answer
p3.3      a three-ply tree, MAX at the root                          the same
p3.4      ``minimax_depth(figure, 1, True)``: depth 1 on Figure 5.2  depth per round,
          with the leftmost-leaf estimate                            depth off by one
p3.5      ``best_move([[8, 1], [6, 4], [2, 3]])``                    value for move,
                                                                     counting from 1
========  =========================================================  ===================

Every right answer is computed by the package's own search on the fixed tree.

>>> from minimax_lessons.exercises import check
>>> check("p3.2", 4).diagnosis
'players-swapped'
"""

from __future__ import annotations

from ...search.adversarial import minimax
from ...games.tree import GameTree
from ..check import register
from ..nested import estimate
from ..questions import ValueQuestion, tree_value_question

#: The seed-style tree whose printed value students predict.
SEED_TREE = [[8, 1], [6, 4], [2, 3]]
#: A tree one ply deeper (MAX, MIN, MAX, then leaves).
DEEPER_TREE = [[[3, 5], [2, 9]], [[7, 1], [4, 6]]]
#: Figure 5.2 as nested lists.
FIGURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def leftmost_leaf(game):
    """The lesson's estimate on a GameTree: the leaf at the end of the leftmost path.

    >>> leftmost_leaf(GameTree.from_nested(FIGURE))("D")
    14
    """
    return lambda state: estimate(game.to_nested(state))


def depth_limited_value(nested, depth) -> int:
    """The value of ``minimax_depth(nested, depth, True)``, by the package's search.

    >>> [depth_limited_value(FIGURE, d) for d in range(3)]
    [3, 14, 3]
    """
    game = GameTree.from_nested(nested)
    return minimax(game, depth=depth, evaluate=leftmost_leaf(game)).value


def _depth_mistakes(data):
    depth = data["depth"]
    return [("depth-per-round", depth_limited_value(data["tree"], 2 * depth)),
            ("depth-ignored", minimax(GameTree.from_nested(data["tree"])).value),
            ("depth-off-by-one", depth_limited_value(data["tree"], depth - 1)),
            ("depth-off-by-one", depth_limited_value(data["tree"], depth + 1))]


register(
    tree_value_question(
        "p3.1", "What does minimax([[8, 1], [6, 4], [2, 3]], True) return? (MAX moves at "
                "the root)", tree=SEED_TREE, title="p3.1 Predict the printed value"),
    tree_value_question(
        "p3.2", "What does minimax([[8, 1], [6, 4], [2, 3]], False) return? (MIN moves at "
                "the root)", tree=SEED_TREE, root="min", title="p3.2 The same tree, MIN first"),
    tree_value_question(
        "p3.3", "What does minimax([[[3, 5], [2, 9]], [[7, 1], [4, 6]]], True) return? "
                "(three plies: MAX, MIN, MAX)", tree=DEEPER_TREE,
        title="p3.3 One ply deeper"),
    ValueQuestion(
        "p3.4", "What does minimax_depth(figure, 1, True) return? (Figure 5.2, depth 1, "
                "estimate(node) = the leaf at the end of the node's leftmost path)",
        data={"tree": FIGURE, "depth": 1},
        solve=lambda d: depth_limited_value(d["tree"], d["depth"]), mistakes=_depth_mistakes,
        tree=lambda d: GameTree.from_nested(d["tree"]), title="p3.4 A depth limit of 1"),
    tree_value_question(
        "p3.5", "What does best_move([[8, 1], [6, 4], [2, 3]]) return? (the index of "
                "MAX's best child, 0 for the leftmost)", tree=SEED_TREE, ask="move",
        hint="a move index (0, 1 or 2)", title="p3.5 Which move?"),
)
