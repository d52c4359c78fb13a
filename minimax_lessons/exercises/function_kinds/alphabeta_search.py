"""``alphabeta_search(node, is_maximizing) -> (value, move, leaves)``: value,
first best move, leaves counted and the order they are evaluated (a graded kind).

>>> SearchKind().name
'alphabeta_search'
"""

from __future__ import annotations

from dataclasses import replace

from ...search.adversarial import alphabeta
from .. import harness as H
from ..answers import is_number, same_number
from ..feedback import show
from ..nested import size, to_game
from .alphabeta import AB_TRAPS, AlphaBetaKind, alpha_meets_beta, from_the_root, leaf_names
from .kind import Case, Expected, INF, NestedKind, nested_call, type_message
from .line import TIE_TRAPS, tuple_of


class SearchKind(NestedKind):
    """``alphabeta_search(node, is_maximizing) -> (value, move, leaves)``: alpha-beta from the
    root with the full window, the first best move there and how many leaves it evaluated
    (no lesson's code returns the last two); under either pruning rule."""

    name = "alphabeta_search"
    flags_copies = True
    signature = ("alphabeta_search(node, is_maximizing) -> (value, move, leaves): alpha-beta's "
                 "value, the first best move at node (a child index; None at a leaf) and the "
                 "number of leaves it evaluated; leaves count when your loop reaches them")
    harness = H.ref(H.nested_search)

    def __init__(self, prune_ties=True):
        self.prune_ties = prune_ties

    def with_pruning_rule(self, prune_ties):
        return SearchKind(prune_ties)

    def traps(self):
        trees = [(tree, is_max) for tree, alpha, beta, is_max in AB_TRAPS
                 if (alpha, beta) == (-INF, INF)] + TIE_TRAPS[:3] + [(7, True)]
        return [Case(item, size(item[0])) for item in trees]

    def hidden_traps(self):
        return [from_the_root(case) for case in AlphaBetaKind().hidden_traps()]

    def randoms(self, rng):
        return [from_the_root(case) for case in AlphaBetaKind().randoms(rng)]

    def expected(self, item):
        tree, is_max = item
        result = alphabeta(to_game(tree, is_max), trace=True, prune_ties=self.prune_ties)
        order = tuple(s.path for s in result.trace.of_kind("evaluate"))
        return Expected((result.value, result.move, len(order)), order)

    def type_problem(self, value, item):
        triple = tuple_of(value, 3)
        if triple is None:
            return type_message(value, "a triple (value, move, leaves)")
        value, move, leaves = triple
        if not is_number(value):
            return f"its value, {show(value)}, is not a number"
        if not (move is None or (isinstance(move, int) and not isinstance(move, bool))):
            return f"its move, {show(move)}, is not a child's index (or None at a leaf)"
        if not (isinstance(leaves, int) and not isinstance(leaves, bool)):
            return f"its count of leaves, {show(leaves)}, is not a whole number"
        return None

    def right(self, item, expected, outcome):
        triple = tuple_of(outcome.value, 3)
        return (triple is not None and same_number(triple[0], expected.value[0])
                and triple[1:] == expected.value[1:] and outcome.extra == expected.extra)

    def same(self, a, b):
        """Diagnosed by value and the leaves evaluated (the known mistakes are alpha-beta's)."""
        if a.status == b.status == "ok":
            mine, theirs = tuple_of(a.value, 3), tuple_of(b.value, 3)
            return (mine is not None and theirs is not None
                    and same_number(mine[0], theirs[0]) and a.extra == b.extra)
        return super().same(a, b)

    def call_text(self, item):
        return nested_call("alphabeta_search", *item)

    def input_classes(self, case):
        found = super().input_classes(case)
        tree, is_max = case.item
        if alpha_meets_beta(tree, -INF, INF, is_max):
            found.add("trees where alpha meets beta exactly")
        return found

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """Which of the three is wrong: the value, the move, the count, or the leaves."""
        value, move, leaves = expected.value
        mine = tuple_of(outcome.value, 3) or (outcome.value, None, None)
        if not same_number(mine[0], value):
            if hidden:
                return f"{head} One of them should return a different value."
            return f"{head} {call} should return {show(expected.value)}, but yours returned " \
                   f"{show(outcome.value)}."
        if mine[1] != move:
            return (f"{head} One of them returns the right value but another move." if hidden
                    else f"{head} {call} returns the right value, {show(value)}, but the move "
                         f"{show(mine[1])} where the first best move is {show(move)}.")
        if outcome.extra != expected.extra:
            return (f"{head} One of them evaluates other leaves than alpha-beta." if hidden
                    else f"{head} {call} evaluates the leaves "
                         f"{leaf_names(item, outcome.extra)} where alpha-beta evaluates "
                         f"{leaf_names(item, expected.extra)}.")
        said = len(outcome.extra or ())
        return (f"{head} One of them counts its leaves wrong." if hidden
                else f"{head} {call} evaluates {said} leaf{'' if said == 1 else 's'} but "
                     f"says {show(mine[2])}.")

    def picture(self, item, expected, outcome, run_nodes):
        """Alpha-beta's picture: when each leaf was evaluated, by the right search and by yours."""
        tree, is_max = item
        flat = Expected(expected.value[0], expected.extra)
        mine = tuple_of(outcome.value, 3)
        shown = replace(outcome, value=mine[0] if mine else outcome.value)
        return AlphaBetaKind(self.prune_ties).picture((tree, -INF, INF, is_max), flat, shown,
                                                      run_nodes)
