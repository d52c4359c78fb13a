"""``best_move(node)`` (MAX at the root) and ``best_move(node, is_maximizing)``
(whoever moves at the root): the first of equally good moves.

>>> BestMoveKind().expected(([[3, 12], [2, 4], [5, 6]],)).value
2
"""

from __future__ import annotations

from ...search.adversarial import minimax
from .. import harness as H
from ..feedback import show
from ..nested import random_nested, size, to_game
from .kind import Case, Expected, NestedKind, nested_call, type_message


# -- best move ---------------------------------------------------------------------
_BEST_TRAPS = [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]],),
    ([[1, 9], [4, 5], [0, 7]],),
    ([[2, 8], [3, 4], [5, 1]],),
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]],),
    ([[6, 7], [1, 9, 2], [5, 8]],),
    ([[3, 9], [1, 5], [4, 3]],),  # a tie: moves 0 and 2 are both worth 3; 0 is the leftmost
    ([[1, 4], [2, 6], [7, 9]],),  # the best move last: a loop must compare every move
]


class BestMoveKind(NestedKind):
    name = "best_move"
    signature = "best_move(node) -> index of the best child for MAX (0 is the first)"
    harness = H.ref(H.nested_best_move)
    min_roots = False

    def traps(self):
        return [Case(item, size(item[0])) for item in _BEST_TRAPS]

    def hidden_traps(self):
        return [Case(([[2.5, 7], [4, 3.5], [0.5, 9]],), 10, label="float leaves")]

    def randoms(self, rng):
        out = []
        for i in range(12):
            tree = random_nested(rng, depth=2 + i % 2, branching=(2, 4), distinct=i % 2 == 0)
            out.append(Case((tree,), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, is_max = item[0], _root_is_max(item)
        values = [minimax(to_game(child, not is_max)).value for child in tree]
        best = max(values) if is_max else min(values)
        moves = tuple(i for i, v in enumerate(values) if v == best)
        return Expected(moves[0], accept=moves[:1], details={"values": values, "best": moves})

    def type_problem(self, value, item):
        tree = item[0]
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < len(tree) or value == len(tree):
                return None
            return f"it returned {value}, but the root has moves 0 to {len(tree) - 1} only"
        return type_message(value, "a move (a whole number)")

    def right(self, item, expected, outcome):
        return outcome.value in expected.accept and not isinstance(outcome.value, bool)

    def same(self, a, b):
        if a.status == b.status == "ok":
            return a.value == b.value and type(a.value) is type(b.value)
        return super().same(a, b)

    def call_text(self, item):
        return nested_call("best_move", item[0])

    def input_classes(self, case):
        found = super().input_classes(case)
        if len(self.expected(case.item).details["best"]) > 1:
            found.add("ties between best moves")
        return found

    def picture(self, item, expected, outcome, run_nodes):
        """The root's children with their values, the best move and the student's."""
        game = to_game(item[0], _root_is_max(item))
        kids = game.children(game.root)
        notes = {kid: f"value {show(v)}" for kid, v in zip(kids, expected.details["values"])}
        best = " or ".join(str(m) for m in expected.accept)
        notes[game.root] = f"exp move {best} / you {show(outcome.value)}"
        chosen = outcome.value
        highlight = {kids[chosen]} if isinstance(chosen, int) and 0 <= chosen < len(kids) \
            else set()
        return (game, notes, highlight), None


def _root_is_max(item) -> bool:
    """Whether MAX moves at a best-move input's root: ``(tree,)`` is MAX's, else its flag."""
    return item[1] if len(item) > 1 else True


_EITHER_TRAPS = [item + (True,) for item in _BEST_TRAPS[:3] + _BEST_TRAPS[5:]] + [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], False),   # MIN at the root: C and D are worth 6
    ([[1, 9], [4, 5], [0, 7]], False),
    ([[2, 8], [3, 4], [5, 1]], False),
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], False),
    ([[6, 2], [1, 9, 2], [5, 8]], False),
    ([[3, 2], [9, 1], [3, 1]], False),               # a tie: moves 0 and 2 are both worth 3
]


class BestMoveEitherKind(BestMoveKind):
    """``best_move(node, is_maximizing)``: the best move for whoever moves at the root."""

    name = "best_move_either"
    signature = ("best_move(node, is_maximizing) -> index of the best child for the player "
                 "at the root: the largest value for MAX, the smallest for MIN (0 is the "
                 "first; the first of equals)")
    harness = H.ref(H.nested_best_move_either)
    min_roots = True

    def traps(self):
        return [Case(item, size(item[0])) for item in _EITHER_TRAPS]

    def hidden_traps(self):
        return [Case(([[2.5, 7], [4, 3.5], [0.5, 9]], is_max), 10, label="float leaves")
                for is_max in (True, False)]

    def randoms(self, rng):
        out = []
        for i in range(12):
            tree = random_nested(rng, depth=2 + i % 2, branching=(2, 4), distinct=i % 2 == 0)
            out.append(Case((tree, i % 3 != 1), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def call_text(self, item):
        return nested_call("best_move", *item)
