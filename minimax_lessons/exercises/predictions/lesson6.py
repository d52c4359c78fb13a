"""Lesson 6's predictions, asked before the lesson shows the answer.

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

>>> from minimax_lessons.exercises import check
>>> check("p6.4", 3).passed, check("p6.4", 1).diagnosis
(True, 'bound-not-value')
"""

from __future__ import annotations

from ...games.examples import FIGURE_5_2_NESTED, SUBTREE_PRUNED_NESTED
from ...search.adversarial import alphabeta, best_first, minimax
from ..check import register
from ..nested import to_game
from ..questions import ChoiceQuestion, PrunedQuestion, ValueQuestion, WindowQuestion

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


register(
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
