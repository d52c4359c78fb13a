"""Lesson 6, alpha-beta pruning: its predictions, its exercises and its graded notebook's.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p6.1      whether alpha-beta looks at C2 in Figure 5.2, once C1 = 2 is seen
p6.2      which leaves alpha-beta skips in a small two-ply tree (``SMALL_TREE``)
p6.3      the window (alpha, beta) alpha-beta enters B2 with in ``SUBTREE_PRUNED``
p6.4      the value C returns to the root in the tie trap ``TRAP`` ([[3], [3, 1]])
p6.5      how many leaves alpha-beta evaluates on Figure 5.2 with the best move first
========  ===================================================================

Every right answer is computed by the package's own alpha-beta, never stored.

Exercises at the end of the lesson: q6.1 pruned leaves ★, q6.2 the window at a node ★★,
q6.3 pruned subtrees ★★, q6.4 the Knuth-Moore count ★★, q6.5 pruning with the strict rule
★★★, q6.6 write alpha-beta ★★★; its graded notebook
(``notebooks/exercises/06-alphabeta-exercises.ipynb``) asks q6.7 to q6.14. The fixed
answer (q6.12) is stored as a salted hash.

>>> from minimax_lessons.exercises import check
>>> check("p6.4", 3).passed, check("p6.4", 1).diagnosis
(True, 'bound-not-value')
"""

from __future__ import annotations

import math

from ...games.examples import FIGURE_5_2_NESTED, SUBTREE_PRUNED_NESTED
from ...games.tree import GameTree
from ...search.adversarial import alphabeta, best_first, minimax
from .. import variants
from ..nested import to_game
from ..question_kinds import (Bug, ChoiceQuestion, FindBugQuestion, FunctionQuestion,
                             PrunedQuestion, ValueQuestion, WindowQuestion)
from .common import random_nested, shown_code

#: p6.2's tree: C is cut after its first leaf, D only after its second.
SMALL_TREE = [[5, 6, 7], [4, 9, 9], [8, 3, 9]]
#: The trap of the root's tie rule: C's first leaf ties B, its true value is lower.
TRAP = [[3], [3, 1]]

#: p6.1's options, in the order shown.
LOOKS_AT_C2 = [
    "Yes: C's value is not known until all of its leaves are seen.",
    "No: whatever C2 holds, C is worth at most 2 to MAX, who already has 3 at B.",
    "Only if C2 is larger than 3, since then C might beat B.",
]


def _tree(data):
    return to_game(data["tree"])


def _looks_at(data):
    """'a' when alpha-beta evaluates the leaf ``data["leaf"]``, else 'b'."""
    return "b" if data["leaf"] in alphabeta(_tree(data)).pruned else "a"


def returned_value(nested, path):
    """The value alpha-beta's node at index ``path`` hands back to its parent.

    >>> returned_value([[3], [3, 1]], (1,)), returned_value([[3], [3, 1]], (0,))
    (3, 3)
    """
    return alphabeta(to_game(nested), trace=True).values[tuple(path)]


def _true_value(data):
    """The minimax value of the node the question asks about (not a bound)."""
    node = data["tree"]
    for i in data["path"]:
        node = node[i]
    return minimax(to_game(node, len(data["path"]) % 2 == 0)).value


def ordered_leaves(nested):
    """Leaves alpha-beta evaluates with every node's children sorted best first.

    >>> ordered_leaves([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    5
    """
    game = to_game(nested)
    return alphabeta(game, order=best_first(game)).leaves


def _order_mistakes(data):
    game = _tree(data)
    return [("order-ignored", alphabeta(game).leaves),
            ("counts-every-leaf", minimax(game).leaves)]


PREDICTIONS = (
    ChoiceQuestion(
        "p6.1", "Alpha-beta searches Figure 5.2 left to right. B is done (MAX is guaranteed 3) "
                "and C's first leaf, C1, is 2. Will alpha-beta look at C2?",
        LOOKS_AT_C2, data={"tree": FIGURE_5_2_NESTED, "leaf": "C2"}, solve=_looks_at,
        mistakes={"a": "needs-exact-value", "c": "bound-direction"}, tree=_tree,
        title="p6.1 Will C2 be looked at?"),
    PrunedQuestion(
        "p6.2", "Alpha-beta searches this tree left to right, pruning as soon as alpha >= beta. "
                "Which leaves does it never evaluate? (a set of names)",
        tree=SMALL_TREE, title="p6.2 Which leaves are skipped?"),
    WindowQuestion(
        "p6.3", "Alpha-beta searches this three-ply tree left to right. What are alpha and "
                "beta when it enters node B2?",
        tree=SUBTREE_PRUNED_NESTED, node="B2", title="p6.3 The window B2 gets"),
    ValueQuestion(
        "p6.4", "Alpha-beta searches [[3], [3, 1]]: B returns 3, so alpha = 3 at the root A. "
                "What value does C hand back to A?",
        data={"tree": TRAP, "path": (1,)},
        solve=lambda d: returned_value(d["tree"], d["path"]),
        mistakes=lambda d: [("bound-not-value", _true_value(d))], tree=_tree,
        title="p6.4 What C returns"),
    ValueQuestion(
        "p6.5", "Alpha-beta searches Figure 5.2 again, but now every node tries its children "
                "best first (for the player to move). How many leaves does it evaluate?",
        data={"tree": FIGURE_5_2_NESTED}, solve=lambda d: ordered_leaves(d["tree"]),
        mistakes=_order_mistakes, tree=_tree, hint="a whole number",
        title="p6.5 Best move first"),
)


# -- the exercises, and the graded notebook's (q6.1 to q6.14) -----------------------------------
def perfect_order_leaves(branching, depth):
    """Leaves alpha-beta evaluates with the children sorted best first, on a uniform tree."""
    return ordered_leaves(GameTree.random(branching, depth, seed=0, distinct=True).to_nested())


def _knuth_moore_case(rng):
    return rng.choice([{"b": b, "d": d} for b in (2, 3, 4) for d in (2, 3, 4, 5)
                       if b ** d <= 256])


def _knuth_moore_mistakes(data):
    b, d = data["b"], data["d"]
    return [("no-pruning", b ** d), ("knuth-moore-half", b ** math.ceil(d / 2)),
            ("knuth-moore-half", b ** (d // 2))]


def _leaf_count_mistakes(data):
    game = to_game(data["tree"])
    return [("no-pruning", minimax(game).leaves),
            ("prune-strict", alphabeta(game, prune_ties=False).leaves)]


def _pruned_tree(rng):
    while True:
        nested = random_nested(rng, branching=(2, 3), depth=3, low=0, high=9)
        game = to_game(nested)
        if alphabeta(game).leaves != alphabeta(game, prune_ties=False).leaves:
            return {"tree": nested, "is_max": True}


#: The correct alpha-beta of the variants, shown in find-the-bug questions.
ALPHABETA = shown_code(variants.alphabeta)

PRUNED = ("Alpha-beta searches this tree left to right, pruning as soon as alpha >= beta. "
          "Which leaves does it never evaluate? (a set of names; a subtree's name stands for "
          "all its leaves)")
STRICT = ("This alpha-beta prunes only when alpha > beta (strictly, as Berkeley's CS188 "
          "autograder does), not when alpha = beta. Which leaves does it never evaluate? (a "
          "set of names; a subtree's name stands for all its leaves)")
WINDOW = ("Alpha-beta searches this tree left to right (MAX at the root A), pruning as soon "
          "as alpha >= beta. What are alpha and beta when it enters node {node}?")
KNUTH_MOORE = ("Every position has {b} moves and every line of play is {d} plies long. "
               "With perfect move ordering (the best move first at every node), how many "
               "leaves does alpha-beta evaluate?")

QUESTIONS = (
    PrunedQuestion("q6.1", PRUNED, depth=2, branching=3, title="q6.1 Which leaves are pruned?"),
    WindowQuestion("q6.2", WINDOW, depth=3, branching=2, title="q6.2 The window at a node"),
    PrunedQuestion("q6.3", PRUNED, depth=3, branching=2, title="q6.3 Pruned subtrees"),
    ValueQuestion("q6.4", KNUTH_MOORE, make=_knuth_moore_case,
                  solve=lambda d: perfect_order_leaves(d["b"], d["d"]),
                  mistakes=_knuth_moore_mistakes, hint="a whole number",
                  title="q6.4 The best case"),
    PrunedQuestion("q6.5", STRICT, depth=2, branching=3, low=0, high=5, prune_ties=False,
                   ties_matter=True, title="q6.5 Ties and the strict rule"),
    FunctionQuestion(
        "q6.6", "Write a function alphabeta(node, alpha, beta, is_maximizing) (any name will "
                "do) for nested-list trees; loop over the children with `for child in node` "
                "and stop as soon as alpha >= beta. Leaves may be any number (2.5 as well as 3): "
                "test for an inner node with isinstance(node, list).",
        "alphabeta", title="q6.6 Write alpha-beta"),
    # -- the graded notebook 06-alphabeta-exercises -------------------------------------------
    PrunedQuestion("q6.7", PRUNED, depth=3, branching=(2, 3), title="q6.7 Pruned leaves",
                   graded=True),
    WindowQuestion("q6.8", WINDOW, depth=3, branching=(2, 3), title="q6.8 A window",
                   graded=True),
    ValueQuestion(
        "q6.9", "Alpha-beta searches this tree left to right, pruning as soon as "
                "alpha >= beta. How many leaves does it evaluate?",
        make=_pruned_tree, solve=lambda d: alphabeta(to_game(d["tree"])).leaves,
        mistakes=_leaf_count_mistakes, tree=lambda d: to_game(d["tree"]),
        hint="a whole number", title="q6.9 Leaves evaluated", graded=True),
    PrunedQuestion("q6.10", STRICT, depth=3, branching=2, low=0, high=4, prune_ties=False,
                   ties_matter=True, title="q6.10 The strict rule", graded=True),
    ValueQuestion("q6.11", KNUTH_MOORE, make=_knuth_moore_case,
                  solve=lambda d: perfect_order_leaves(d["b"], d["d"]),
                  mistakes=_knuth_moore_mistakes, hint="a whole number",
                  title="q6.11 Perfect ordering", graded=True),
    ChoiceQuestion(
        "q6.12", "Alpha-beta searches the same tree twice: once with the children in the "
                 "given order, once with them sorted best first at every node. Which is true?",
        ["The search in the given order always prunes at least as much.",
         "The sorted search may return a different value, because it evaluates other "
         "leaves.",
         "Both searches return the same value at the root."],
        answer_hash="af0d4147a254b5d73a6471b9",
        mistakes={"8c4d8c3cf3e1ace6e683cdb4": "The reverse: with the best move first, alpha-beta "
                                              "prunes the most.",
                  "20bbb688a9cecabec247f8e5": "Pruning never changes the root's value: alpha-beta "
                                              "only skips what cannot change it, in any "
                                              "order."},
        title="q6.12 Move order", graded=True),
    FindBugQuestion(
        "q6.13", "This alpha-beta has one bug. Give (line number, bug id).", ALPHABETA,
        [Bug("prune-strict", 9, "if alpha > beta:"),
         Bug("prune-strict", 16, "if alpha > beta:"),
         Bug("alpha-beta-swapped", 7, "value = max(value, alphabeta(child, beta, alpha, False))"),
         Bug("alpha-beta-swapped", 14, "value = min(value, alphabeta(child, beta, alpha, True))"),
         Bug("no-pruning", 10, "pass"),
         Bug("no-pruning", 17, "pass")],
        title="q6.13 Find the bug", graded=True),
    FunctionQuestion(
        "q6.14", "Write alphabeta_search(node, is_maximizing) that prunes only when "
                 "alpha > beta (the strict rule: with alpha = beta it goes on) and returns "
                 "(value, move, leaves): the value, the index of the first best child of node "
                 "(None at a leaf) and how many leaves it evaluated. Loop over the children "
                 "with `for child in node` (or enumerate(node)); leaves may be any number, so "
                 "test for an inner node with isinstance(node, list).",
        "alphabeta_search", prune_ties=False, title="q6.14 Alpha-beta, strict rule, what it did",
        graded=True),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "SMALL_TREE", "TRAP", "LOOKS_AT_C2", "returned_value",
           "ordered_leaves", "perfect_order_leaves", "ALPHABETA", "PRUNED", "STRICT",
           "WINDOW", "KNUTH_MOORE"]
