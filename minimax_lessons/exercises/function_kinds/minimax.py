"""``minimax(node, is_maximizing) -> value`` on nested lists: the kind, its traps
and its random trees.

>>> MinimaxKind().expected(([[3, 12, 8], [2, 4, 6]], True)).value
3
"""

from __future__ import annotations

from ...search.adversarial import minimax
from .. import harness as H
from ..nested import is_leaf, paths, random_nested, size, subtree, to_game
from .kind import Case, Expected, NestedKind, nested_call


_MINIMAX_TRAPS = [
    (7, True),
    ([7, 2, 9], False),
    ([7, 2, 9], True),
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], True),
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], False),
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], True),
    ([[4, [6, 1]], [[2, 8], 5]], True),
    ([[[2, -3], [5, 0]], [[-4, 7], [1, -2]]], False),
    ([[1.5, -2.5], [0.5, 3]], True),
]


class MinimaxKind(NestedKind):
    name = "minimax"
    signature = "minimax(node, is_maximizing) -> value"
    harness = H.ref(H.nested_minimax)

    def traps(self):
        return [Case(item, size(item[0])) for item in _MINIMAX_TRAPS]

    def hidden_traps(self):
        return [Case(item, size(item[0]), label="float leaves") for item in
                [([[2.5, 7], [4, 0.5]], False), ([[[1, 2.25], [3, 0]], [[-1.5, 4], [2, 2]]], True)]]

    def randoms(self, rng):
        out = []
        for i in range(16):
            tree = random_nested(rng, depth=2 + i % 3, branching=(1, 3) if i % 4 else (2, 3))
            out.append(Case((tree, i % 3 != 2), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, is_max = item
        return Expected(minimax(to_game(tree, is_max)).value)

    def call_text(self, item):
        return nested_call("minimax", *item)

    def node_items(self, item):
        tree, is_max = item
        return [(p, (subtree(tree, p), is_max == (len(p) % 2 == 0)))
                for p in paths(tree) if not is_leaf(subtree(tree, p))]
