"""Lesson 7, beyond minimax: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p7.1      negamax's score at a MIN root, for MIN (Figure 5.2's leaves)
p7.2      how many different heap sizes Nim [2, 3, 4] can show
p7.3      what the 481 nodes of minimax with a table count in Nim [2, 3, 4]
p7.4      the expectiminimax value of the coin-flip tree ``CHANCE_TREE``
p7.5      that value again when the risky coin pays 16 instead of 8
========  ===================================================================

Exercises at the end of the lesson: q7.1 the negamax identity ★, q7.2 negamax's value at
a MIN root ★★, q7.3 positions for a transposition table ★★, q7.4 expectiminimax ★★, q7.5
expectiminimax with MIN below chance ★★★.

>>> from minimax_lessons.exercises import check
>>> check("p7.1", -6).passed, check("p7.1", 6).diagnosis
(True, 'negamax-view')
"""

from __future__ import annotations

import copy
import math

from ...games.examples import CHANCE_SPEC, FIGURE_5_2_NESTED
from ...games.nim import Nim
from ...games.tree import GameTree
from ...search.adversarial import expectiminimax, minimax, solve
from ..nested import to_game
from ..question_kinds import ChoiceQuestion, FillQuestion, ValueQuestion
from .common import GAME, mover, random_nested, random_position

#: Nim's heaps in lesson 7.
NIM_HEAPS = (2, 3, 4)


def _min_first(data):
    """Figure 5.2's leaves with MIN moving at the root."""
    return to_game(data["tree"], False)


def _negamax_mistakes(data):
    """Minimax's value (MAX's view), and Figure 5.2's value read with MAX at the root."""
    as_max = minimax(to_game(data["tree"], True)).value
    return [("negamax-view", minimax(_min_first(data)).value),
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


def _as_player(spec, chance_as):
    """The spec with chance nodes played by ``chance_as`` ("min", "max"), or uniform ("even")."""
    out = {k: v for k, v in spec.items() if k not in ("children", "probability")}
    if "children" in spec:
        if spec.get("player") == "chance" and chance_as != "even":
            out["player"] = chance_as
        out["children"] = [_as_player(c, chance_as) for c in spec["children"]]
    return out


def _chance_mistakes(data):
    spec = data["spec"]
    return [("chance-as-min", minimax(GameTree.from_dict(_as_player(spec, "min"))).value),
            ("chance-as-min", minimax(GameTree.from_dict(_as_player(spec, "max"))).value),
            ("ignores-probabilities",
             expectiminimax(GameTree.from_dict(_as_player(spec, "even"))).value)]


def _rescaled_mistakes(data):
    """The lesson's mistakes, plus the old value: only the order of the scores read."""
    return [("order-only", expectiminimax(GameTree.from_dict(CHANCE_SPEC)).value),
            *_chance_mistakes(data)]


PREDICTIONS = (
    ValueQuestion(
        "p7.1", "MIN moves at the root A; the leaves are Figure 5.2's, scored for MAX. "
                "Inside negamax each node is scored for the player who moves there. What is "
                "A's score for MIN, textbook.negamax(min_first, \"A\", -1)?",
        data={"tree": FIGURE_5_2_NESTED}, solve=lambda d: -minimax(_min_first(d)).value,
        mistakes=_negamax_mistakes, tree=_min_first, title="p7.1 Negamax at a MIN root"),
    ValueQuestion(
        "p7.2", "Nim starts with heaps of 2, 3 and 4 counters. Ignoring whose turn it is, how "
                "many different heap sizes (first, second, third heap) can occur in a game?",
        data={"heaps": NIM_HEAPS}, solve=lambda d: heap_sizes(d["heaps"]),
        mistakes=_heap_mistakes, hint="a whole number", title="p7.2 Positions of Nim"),
    ChoiceQuestion(
        "p7.3", "With a transposition table, minimax on Nim [2, 3, 4] reports 481 nodes, yet "
                "the game has only 112 positions, and the table searches each of them once. "
                "What are the other 369 nodes?",
        ["Positions searched a second time, because the table lost them.",
         "The same heaps in another order, such as (1, 3, 2) and (2, 3, 1), which the table "
         "keeps apart.",
         "Arrivals at a position already met: every move out of every position searched "
         "counts one node, even when its result is already in the table, or is a finished "
         "game scored again."],
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


# -- the exercises at the end of the lesson (q7.1 to q7.5) -----------------------------------
def _identities(rng):
    a, b = rng.sample(range(-9, 16), 2)
    outer = [max, min] if rng.random() < 0.5 else [min, max]
    blanks = [next(g.__name__ for g in (max, min) if f(a, b) == -g(-a, -b)) for f in outer]
    code = "\n".join(f"{f.__name__}({a}, {b}) == -____({-a}, {-b})" for f in outer)
    return {"code": code + "\n# and the same for every pair of numbers", "blanks": blanks}


def _min_root_tree(rng):
    while True:
        nested = random_nested(rng, branching=3, depth=2)
        if minimax(to_game(nested, False)).value != 0:
            return {"tree": nested, "is_max": False}


def _transposition_position(rng):
    while True:
        board = random_position(rng, 3)
        if len(solve(GAME, board)) != minimax(GAME, board).nodes:
            return {"board": board}


#: Probabilities of a chance node's outcomes, left to right.
CHANCES = [(0.5, 0.5), (0.25, 0.75), (0.75, 0.25), (0.2, 0.8), (0.5, 0.25, 0.25),
           (0.25, 0.25, 0.5)]


def _chance_spec(rng, levels):
    """MAX at the root over chance nodes (and MIN below them when ``levels`` is 3)."""
    def node(level):
        if level == levels:
            return {"value": rng.randint(-4, 12)}
        if level == 0:
            return {"player": "max", "children": [node(1) for _ in range(rng.randint(2, 3))]}
        if level == 1:
            ps = rng.choice(CHANCES)
            return {"player": "chance", "children": [{**node(2), "probability": p}
                                                     for p in ps]}
        return {"player": "min", "children": [node(level + 1) for _ in range(2)]}

    while True:
        spec = node(0)
        right = expectiminimax(GameTree.from_dict(spec)).value
        if all(w != right for _, w in _chance_mistakes({"spec": spec})):
            return {"spec": spec}


def _spec_tree(data):
    return GameTree.from_dict(data["spec"])


QUESTIONS = (
    FillQuestion(
        "q7.1", "Negamax rests on two identities. Fill in the blanks with max or min.",
        make=_identities, title="q7.1 The negamax identity"),
    ValueQuestion(
        "q7.2", "MIN moves at the root A of this tree (leaves are scored for MAX, as always). "
                "Negamax computes each node's value for the player who moves there. What "
                "does negamax compute for A?",
        make=_min_root_tree, solve=lambda d: -minimax(to_game(d["tree"], False)).value,
        mistakes=lambda d: [("negamax-view", minimax(to_game(d["tree"], False)).value)],
        tree=lambda d: to_game(d["tree"], False), title="q7.2 Negamax at a MIN node"),
    ValueQuestion(
        "q7.3", lambda d: f"{mover(d['board'])} moves next. How many different positions can "
                          "be reached from this one, itself included? (A search with a "
                          "transposition table needs one value per position, however many "
                          "move orders lead to it.)",
        make=_transposition_position, solve=lambda d: len(solve(GAME, d["board"])),
        mistakes=lambda d: [("counts-tree-nodes", minimax(GAME, d["board"]).nodes)],
        listing=lambda d: GAME.text(d["board"]), hint="a whole number",
        title="q7.3 Positions, not paths"),
    ValueQuestion(
        "q7.4", "MAX chooses a move; then chance picks an outcome with the probability "
                "written beside it. What is the expectiminimax value of the root A?",
        make=lambda rng: _chance_spec(rng, 2),
        solve=lambda d: expectiminimax(GameTree.from_dict(d["spec"])).value,
        mistakes=_chance_mistakes, tree=_spec_tree, hint="a number (decimals are fine)",
        title="q7.4 Expectiminimax"),
    ValueQuestion(
        "q7.5", "MAX chooses a move, chance picks an outcome (probabilities beside the nodes), "
                "then MIN chooses. What is the expectiminimax value of the root A?",
        make=lambda rng: _chance_spec(rng, 3),
        solve=lambda d: expectiminimax(GameTree.from_dict(d["spec"])).value,
        mistakes=_chance_mistakes, tree=_spec_tree, hint="a number (decimals are fine)",
        title="q7.5 Chance, then MIN"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "NIM_HEAPS", "heap_sizes", "risky_pays", "CHANCES"]
