"""Lesson 7's predictions, asked before the lesson shows the answer.

========  ===================================================================
id        the student predicts
========  ===================================================================
p7.1      negamax's score at a MIN root, for MIN (Figure 5.2's leaves)
p7.2      how many different heap sizes Nim [2, 3, 4] can show
p7.3      what the 16,168 nodes of minimax with a table count in tic-tac-toe
p7.4      the expectiminimax value of the coin-flip tree ``CHANCE_TREE``
p7.5      that value again when the risky coin pays 16 instead of 8
========  ===================================================================

>>> from minimax_lessons.exercises import check
>>> check("p7.1", -6).passed, check("p7.1", 6).diagnosis
(True, 'negamax-view')
"""

from __future__ import annotations

import copy
import math

from ...games.examples import CHANCE_SPEC, FIGURE_5_2_NESTED
from ...games.nim import Nim
from ...search.adversarial import expectiminimax, minimax
from ...games.tree import GameTree
from ..check import register
from ..nested import to_game
from ..questions import ChoiceQuestion, ValueQuestion

#: Nim's heaps in lesson 7.
NIM_HEAPS = (2, 3, 4)


def _min_root(data):
    """Figure 5.2's leaves with MIN moving at the root."""
    return to_game(data["tree"], False)


def _negamax_mistakes(data):
    """Minimax's value (MAX's view), and Figure 5.2's value read with MAX at the root."""
    as_max = minimax(to_game(data["tree"], True)).value
    return [("negamax-view", minimax(_min_root(data)).value),
            ("players-swapped", as_max), ("players-swapped", -as_max)]


def heap_sizes(heaps) -> int:
    """How many (first, second, ...) heap-size tuples Nim with these heaps can show.

    >>> heap_sizes((2, 3, 4))
    60
    """
    return math.prod(h + 1 for h in heaps)


def _heap_mistakes(data):
    heaps = data["heaps"]
    return [("forgets-empty-heap", math.prod(heaps)),
            ("counts-tree-nodes", minimax(Nim(heaps)).nodes)]


def risky_pays(spec, payoff):
    """``CHANCE_SPEC`` with the risky coin's heads paying ``payoff``."""
    out = copy.deepcopy(spec)
    risky = next(c for c in out["children"] if c.get("name") == "risky")
    next(c for c in risky["children"] if c.get("action") == "heads")["value"] = payoff
    return out


def _chance_value(data):
    return expectiminimax(GameTree.from_dict(data["spec"])).value


def _chance_as(spec, player):
    """The spec with every chance node played by ``player`` ("min", "max")."""
    out = {k: v for k, v in spec.items() if k not in ("children", "probability")}
    if "children" in spec:
        if spec.get("player") == "chance":
            out["player"] = player
        out["children"] = [_chance_as(c, player) for c in spec["children"]]
    return out


def _even_chances(spec):
    """The spec with every outcome of a chance node equally likely."""
    out = {k: v for k, v in spec.items() if k != "probability"}
    if "children" in spec:
        out["children"] = [_even_chances(c) for c in spec["children"]]
    return out


def _chance_mistakes(data):
    spec = data["spec"]
    return [("chance-as-min", minimax(GameTree.from_dict(_chance_as(spec, "min"))).value),
            ("chance-as-min", minimax(GameTree.from_dict(_chance_as(spec, "max"))).value),
            ("ignores-probabilities",
             expectiminimax(GameTree.from_dict(_even_chances(spec))).value)]


def _rescaled_mistakes(data):
    """The lesson's mistakes, plus the old value: only the order of the scores read."""
    return [("order-only", expectiminimax(GameTree.from_dict(CHANCE_SPEC)).value),
            *_chance_mistakes(data)]


register(
    ValueQuestion(
        "p7.1", "MIN moves at the root A; the leaves are Figure 5.2's, scored for MAX. "
                "Inside negamax each node is scored for the player who moves there. What is "
                "A's score for MIN, textbook.negamax(min_first, \"A\", -1)?",
        data={"tree": FIGURE_5_2_NESTED}, solve=lambda d: -minimax(_min_root(d)).value,
        mistakes=_negamax_mistakes, tree=_min_root, title="p7.1 Negamax at a MIN root"),
    ValueQuestion(
        "p7.2", "Nim starts with heaps of 2, 3 and 4 counters. Ignoring whose turn it is, how "
                "many different heap sizes (first, second, third heap) can occur in a game?",
        data={"heaps": NIM_HEAPS}, solve=lambda d: heap_sizes(d["heaps"]),
        mistakes=_heap_mistakes, hint="a whole number", title="p7.2 Positions of Nim"),
    ChoiceQuestion(
        "p7.3", "With a transposition table, minimax on tic-tac-toe reports 16,168 nodes, yet "
                "the game has only 5,478 positions. What are the other 10,690 nodes?",
        ["Positions searched a second time, because the table lost them.",
         "Mirror images and rotations of boards, which the table keeps apart.",
         "Arrivals at a position already met: every move out of every position searched "
         "counts one node, even when its result is already in the table, or is a finished "
         "board scored again."],
        answer_hash="82137876d8e66eae6a1b0c3f",
        mistakes={"6b415562e134f2084abc8f58": "table-recomputes",
                  "e672da59de78e7e3464219d0": "symmetry-not-merged"},
        title="p7.3 What the node count counts"),
    ValueQuestion(
        "p7.4", "MAX chooses the safe coin or the risky one; then the coin is flipped, with the "
                "probabilities written beside the outcomes. What is the expectiminimax value "
                "of the root A?",
        data={"spec": CHANCE_SPEC}, solve=_chance_value, mistakes=_chance_mistakes,
        tree=lambda d: GameTree.from_dict(d["spec"]), hint="a number (decimals are fine)",
        title="p7.4 The value of a coin flip"),
    ValueQuestion(
        "p7.5", "The same two coins, but heads on the risky coin now pays 16 instead of 8 "
                "(the order of all the scores is unchanged). What is the expectiminimax value "
                "of the root A now?",
        data={"spec": risky_pays(CHANCE_SPEC, 16)}, solve=_chance_value,
        mistakes=_rescaled_mistakes, tree=lambda d: GameTree.from_dict(d["spec"]),
        hint="a number (decimals are fine)", title="p7.5 A bigger prize"),
)
