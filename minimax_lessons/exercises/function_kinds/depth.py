"""``minimax(node, depth, is_maximizing)``: depth-limited minimax on nested lists,
``estimate`` at depth 0.

>>> DepthKind().expected(([[3, 12], [2, 4]], 2, True)).value
3
"""

from __future__ import annotations

from ...search.adversarial import minimax
from .. import harness as H
from ..feedback import show
from ..nested import estimate, is_leaf, names, paths, random_nested, size, subtree, to_game
from .kind import Case, Expected, NestedKind, nested_call


# -- depth-limited minimax ---------------------------------------------------------
_DEPTH_TREE = [[[3, [9, 1]], [6, 2]], [[8, 4], [[0, 7], 5]], [[-2, 6], [1, [4, -5]]]]
_DEPTH_TRAPS = [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], 1, True),
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], 3, True),
    ([[[5, 1], [2, 8]], [[7, 3], [0, 9]]], 1, True),
    ([[[5, 1], [2, 8]], [[7, 3], [0, 9]]], 2, True),
    ([[[5, 1], [2, 8]], [[7, 3], [0, 9]]], 2, False),
    (_DEPTH_TREE, 1, True),
    (_DEPTH_TREE, 2, True),
    (_DEPTH_TREE, 3, False),
    (_DEPTH_TREE, 5, True),
]


class DepthKind(NestedKind):
    name = "minimax_depth"
    signature = "minimax(node, depth, is_maximizing) -> value  (estimate(node) at depth 0)"
    harness = H.ref(H.nested_depth)

    def traps(self):
        return [Case(item, size(item[0])) for item in _DEPTH_TRAPS]

    def hidden_traps(self):
        return [Case(([[[2.5, 7], [4, 0.5]], [[1, 3.5], [6, 2]]], 3, True), 15,
                     label="float leaves")]

    def randoms(self, rng):
        out = []
        for i in range(14):
            tree = random_nested(rng, depth=3 + i % 2, branching=(1, 3))
            out.append(Case((tree, 1 + i % 4, i % 3 != 1), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, depth, is_max = item
        game = to_game(tree, is_max)
        return Expected(minimax(game, depth=depth,
                                evaluate=lambda s: estimate(game.to_nested(s))).value)

    def call_text(self, item):
        return nested_call("minimax", *item)

    def node_items(self, item):
        tree, depth, is_max = item
        return [(p, (subtree(tree, p), depth - len(p), is_max == (len(p) % 2 == 0)))
                for p in paths(tree)
                if not is_leaf(subtree(tree, p)) and len(p) < depth]

    def picture(self, item, expected, outcome, run_nodes):
        """The values picture, with the estimate beside each node where the depth runs out."""
        picture, board = super().picture(item, expected, outcome, run_nodes)
        if picture is not None:
            tree, depth = item[0], item[1]
            labels = names(tree)
            for path in paths(tree):
                node = subtree(tree, path)
                if len(path) == depth and not is_leaf(node):
                    picture[1][labels[path]] = f"estimate {show(estimate(node))}"
        return picture, board
