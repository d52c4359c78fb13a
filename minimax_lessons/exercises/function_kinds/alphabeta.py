"""``alphabeta(node, alpha, beta, is_maximizing) -> value``: compared on the value
and on the order the leaves are evaluated, under either pruning rule.

>>> visit_note(4, 5)
'exp #4 / you #5'
"""

from __future__ import annotations

import math

from ...games.examples import SUBTREE_PRUNED_NESTED, TIES_NESTED
from ...search.adversarial import alphabeta
from .. import harness as H
from ..answers import same_number
from ..feedback import show
from ..nested import is_leaf, names, paths, random_nested, size, subtree, to_game
from .kind import Case, Expected, INF, NestedKind, moved_leaves, nested_call, wanted_answer


# -- alpha-beta ----------------------------------------------------------------------
AB_TRAPS = [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], -INF, INF, True),
    (TIES_NESTED, -INF, INF, True),
    ([[5, 3], [5, 9], [5, 1]], -INF, INF, True),
    ([[4, 8], [6, 2]], -INF, INF, False),
    (SUBTREE_PRUNED_NESTED, -INF, INF, True),
    ([[[3, 17], [2, 12]], [[15, 4], [25, 2]], [[2, 5], [3, 1]]], -INF, INF, True),
    ([[[6, 3], [5, 9]], [[7, 4], [8, 1]]], -INF, INF, False),
    ([[1, 5], [8, 3], [6, 7]], 4, 7, True),
    ([[[2, 6], [5, 5]], [[5, 8], [4, 7]], [[5, 3], [9, 5]]], -INF, INF, True),
]


class AlphaBetaKind(NestedKind):
    name = "alphabeta"
    signature = ("alphabeta(node, alpha, beta, is_maximizing) -> value; leaves are counted "
                 "as evaluated when your loop reaches them")
    harness = H.ref(H.nested_alphabeta)

    def __init__(self, prune_ties=True):
        self.prune_ties = prune_ties

    def with_pruning_rule(self, prune_ties):
        return AlphaBetaKind(prune_ties)

    def shifted(self, item, offset):
        """The leaves and the window's finite bounds moved by ``offset``."""
        tree, alpha, beta, is_max = item
        return (moved_leaves(tree, offset), *(v + offset if math.isfinite(v) else v
                                        for v in (alpha, beta)), is_max)

    def traps(self):
        return [Case(item, size(item[0])) for item in AB_TRAPS]

    def hidden_traps(self):
        return [Case(item, size(item[0]), label="float leaves") for item in
                [([[2.5, 7], [1.5, 9], [4, 0.5]], -INF, INF, True),
                 ([[[1, 2.25], [3, 0]], [[-1.5, 4], [2, 2]]], -INF, INF, False)]]

    def randoms(self, rng):
        out = []
        for i in range(16):
            tree = random_nested(rng, depth=2 + i % 3, branching=(2, 3), low=0, high=6 + i % 5)
            out.append(Case((tree, -INF, INF, i % 4 != 3), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, alpha, beta, is_max = item
        game = to_game(tree, is_max)
        r = alphabeta(game, trace=True, prune_ties=self.prune_ties, alpha=alpha, beta=beta)
        order = tuple(s.path for s in r.trace.of_kind("evaluate"))
        return Expected(r.value, order, details={"pruned": r.pruned})

    def call_text(self, item):
        return nested_call("alphabeta", *item)

    def input_classes(self, case):
        found = super().input_classes(case)
        tree, alpha, beta, is_max = case.item
        if (alpha, beta) != (-INF, INF):
            found.add("a narrowed window (alpha, beta)")
        if alpha_meets_beta(tree, alpha, beta, is_max):
            found.add("trees where alpha meets beta exactly")
        return found

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """The right value with the wrong leaves evaluated is said as such."""
        if not same_number(outcome.value, expected.value):
            return super().wrong_answer(head, call, item, expected, outcome, hidden)
        if hidden:
            return f"{head} One of them returns the right value but evaluates other leaves."
        return (f"{head} {call} returns the right value, {wanted_answer(expected)}, but evaluates "
                f"the leaves {leaf_names(item, outcome.extra)} where alpha-beta evaluates "
                f"{leaf_names(item, expected.extra)}.")

    def picture(self, item, expected, outcome, run_nodes):
        """The tree with, beside each leaf, when it was evaluated (#1, #2, ...) by the right
        search and by the student's; red where the two differ in *whether* it was evaluated
        (a leaf evaluated by both, only earlier or later, is not flagged)."""
        tree, alpha, beta, is_max = item
        game = to_game(tree, is_max)
        labels = names(tree)
        mine = {tuple(p): i + 1 for i, p in enumerate(outcome.extra or ())}
        theirs = {tuple(p): i + 1 for i, p in enumerate(expected.extra or ())}
        notes, highlight = {}, set()
        for path in paths(tree):
            if not is_leaf(subtree(tree, path)):
                continue
            notes[labels[path]] = visit_note(theirs.get(path), mine.get(path))
            if (path in mine) != (path in theirs):
                highlight.add(labels[path])
        notes[game.root] = f"exp {show(expected.value)} / you {show(outcome.value)}"
        return (game, notes, highlight), None


def from_the_root(case) -> Case:
    """An alpha-beta input (with the full window) as ``alphabeta_search`` takes it."""
    tree, _, _, is_max = case.item
    return Case((tree, is_max), case.size, case.trap, case.label)


def alpha_meets_beta(tree, alpha, beta, is_maximizing) -> bool:
    """Does the pruning rule matter here (alpha >= beta and alpha > beta visit other leaves)?"""
    game = to_game(tree, is_maximizing)
    return (alphabeta(game, alpha=alpha, beta=beta, prune_ties=True).pruned !=
            alphabeta(game, alpha=alpha, beta=beta, prune_ties=False).pruned)


def leaf_names(item, order) -> str:
    labels = names(item[0])
    shown = [labels.get(tuple(p), "?") for p in order or ()]
    return ", ".join(shown) if shown else "none"


def visit_note(expected, yours) -> str:
    """When a leaf was evaluated, in the right search and in yours: "#3", "exp #4 / you #5",
    "exp pruned / you #4", "pruned" (None: never evaluated).

    >>> visit_note(3, 3), visit_note(4, 5), visit_note(None, 4), visit_note(None, None)
    ('#3', 'exp #4 / you #5', 'exp pruned / you #4', 'pruned')
    """
    if expected == yours:
        return "pruned" if expected is None else f"#{expected}"
    return (f"exp {'pruned' if expected is None else f'#{expected}'} / "
            f"you {'skipped' if yours is None else f'#{yours}'}")
