"""Lesson 2, backing up values: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

- p2.1, p2.2, p2.3: the values of B, C and D in Figure 5.2, backed up by hand;
- p2.4: the value of the root A;
- p2.5: the move a student who maximises at every level sends MAX to;
- p2.6: the root's value when MIN moves at the root.

Exercises at the end of the lesson: q2.1 a node's value ★, q2.2 the root's value (MIN
first) ★, q2.3 the best move ★★, q2.4 diagnose a student's values ★★, q2.5 a tree where a
player moves twice ★★★.

>>> from minimax_lessons.exercises import check
>>> check("p2.1", 3).passed, check("p2.1", 12).diagnosis
(True, 'max-at-every-level')
"""

from __future__ import annotations

from ...games.examples import FIGURE_5_2
from ...games.tree import GameTree
from ...search.adversarial import minimax
from ..nested import to_game
from ..question_kinds import ChoiceQuestion, ValueQuestion, tree_value_question
from ..variants import (VARIANTS, best_move, best_move_max_everywhere, minimax_max_everywhere,
                        minimax_min_everywhere, minimax_players_swapped)
from ..variants import minimax as nested_minimax
from .common import LETTERS, random_nested

#: Figure 5.2 as nested lists: B, C and D are its three children.
FIGURE = FIGURE_5_2.to_nested()
#: A tree with MIN at the root on which every common mistake gives another value.
MIN_ROOT_TREE = [[4, 8], [6, 1, 9], [7, 3]]


def _node_question(qid, name, index):
    # drawn with the names of Figure 5.2 (B over B1, B2, B3), as the lesson shows it
    return tree_value_question(
        qid, f"In Figure 5.2, MIN moves at {name}. What is {name}'s minimax value?",
        tree=FIGURE[index], root="min", title=f"{qid} Back up {name}",
        drawn=GameTree.from_dict(FIGURE_5_2.to_dict(name)))


# -- p2.5 the max-everywhere student's move ------------------------------------------------------
MOVES = [f"{name} (move {i})" for i, name in enumerate(FIGURE_5_2.children(FIGURE_5_2.root))]


def _max_everywhere_move(data):
    return "abc"[best_move_max_everywhere(data["tree"])]


def _max_everywhere_notes(data):
    tree = data["tree"]
    right = best_move(tree)
    theirs = {name: minimax_max_everywhere(child, False)
              for name, child in zip(FIGURE_5_2.children(FIGURE_5_2.root), tree)}
    seen = ", ".join(f"{name} = {v}" for name, v in theirs.items())
    notes = {"abc"[right]: "That is minimax's move. This student takes the max at MIN's nodes "
                           f"too, so they see {seen}."}
    for i in range(len(tree)):
        notes.setdefault("abc"[i], f"This student takes the max at every level: they see "
                                   f"{seen}, and MAX takes the largest.")
    return notes


# -- p2.6 MIN at the root ------------------------------------------------------------------------
def _min_root_mistakes(data):
    """Max everywhere, min everywhere, and MAX taken to move at the root."""
    return [(vid, fn(data["tree"], False)) for vid, fn in
            (("max-at-every-level", minimax_max_everywhere),
             ("min-at-every-level", minimax_min_everywhere),
             ("players-swapped", minimax_players_swapped))]


PREDICTIONS = (
    _node_question("p2.1", "B", 0),
    _node_question("p2.2", "C", 1),
    _node_question("p2.3", "D", 2),
    tree_value_question(
        "p2.4", "MAX moves at the root A of Figure 5.2, choosing among B, C and D. What is "
                "A's minimax value?",
        tree=FIGURE, title="p2.4 Back up the root"),
    ChoiceQuestion(
        "p2.5", "A student takes the max at every level of Figure 5.2, forgetting that MIN "
                "moves at B, C and D. Which move do they send MAX to?",
        MOVES, data={"tree": FIGURE}, solve=_max_everywhere_move, mistakes=_max_everywhere_notes,
        title="p2.5 Where does the mistake send MAX?"),
    ValueQuestion(
        "p2.6", "MIN moves at the root A, MAX at B, C and D. What is A's minimax value?",
        data={"tree": MIN_ROOT_TREE}, solve=lambda d: minimax(to_game(d["tree"], False)).value,
        mistakes=_min_root_mistakes, tree=lambda d: to_game(d["tree"], False),
        title="p2.6 MIN at the root"),
)


# -- the exercises at the end of the lesson (q2.1 to q2.5) -----------------------------------
def _named_node(rng):
    nested = random_nested(rng, branching=2, depth=3, high=15)
    game = to_game(nested)
    inner = [n for n in game.nodes if 1 <= game.node(n).depth and not game.node(n).is_leaf]
    return {"tree": nested, "is_max": True, "node": rng.choice(inner)}


def _node_value_mistakes(data):
    game = to_game(data["tree"])
    below, is_max = game.to_nested(data["node"]), game.to_move(data["node"]) == "max"
    return [(vid, fn(below, is_max)) for vid, fn in VARIANTS["minimax"]]


#: The mistakes a student's backed-up values may show, and the options naming them.
SHOWN_MISTAKES = [("max-at-every-level", minimax_max_everywhere,
                   "They take the max at every level."),
                  ("min-at-every-level", minimax_min_everywhere,
                   "They take the min at every level."),
                  ("players-swapped", minimax_players_swapped,
                   "They swapped MAX and MIN: the min where MAX moves, the max where MIN moves."),
                  (None, nested_minimax, "Nothing: these values are right.")]


def _values_by(fn, nested):
    """Inner node name -> the value ``fn`` (a nested-list minimax) gives it."""
    game = to_game(nested)
    return {n: fn(game.to_nested(n), game.to_move(n) == "max")
            for n in game.nodes if not game.node(n).is_leaf}


def _student_values(rng):
    shown = rng.randrange(len(SHOWN_MISTAKES))
    while True:
        nested = random_nested(rng, branching=3, depth=2, high=15) if rng.random() < 0.5 \
            else random_nested(rng, branching=2, depth=3, high=15)
        maps = [_values_by(fn, nested) for _, fn, _ in SHOWN_MISTAKES]
        if all(maps[i] != maps[j] for i in range(4) for j in range(i)):
            return {"tree": nested, "is_max": True, "values": maps[shown]}


def _which_mistake(data):
    for letter, (_, fn, _) in zip(LETTERS, SHOWN_MISTAKES):
        if _values_by(fn, data["tree"]) == data["values"]:
            return letter
    raise AssertionError("the values shown match no option")


def _which_mistake_notes(data):
    notes = {}
    for letter, (_, fn, _) in zip(LETTERS, SHOWN_MISTAKES):
        theirs = _values_by(fn, data["tree"])
        node = next((n for n in data["values"] if theirs[n] != data["values"][n]), None)
        if node is not None:
            what = "the right value" if fn is nested_minimax else "that mistake"
            notes[letter] = (f"With {what}, {node} would be {theirs[node]}, but they wrote "
                             f"{data['values'][node]}.")
    return notes


def _two_in_a_row(rng):
    root = rng.choice(["max", "min"])
    other = "min" if root == "max" else "max"
    levels = [root] + rng.choice([[other, other], [root, other]])
    while True:
        nested = random_nested(rng, branching=2, depth=3)
        spec = _with_levels(nested, levels)
        game = GameTree.from_dict(spec)
        alternating = minimax(to_game(nested, root == "max")).value
        if minimax(game).value != alternating:
            return {"spec": spec, "nested": nested, "root": root}


def _with_levels(nested, levels, depth=0):
    """A from_dict spec of ``nested`` with ``levels[k]`` moving at depth k."""
    if not isinstance(nested, list):
        return {"value": nested}
    return {"player": levels[depth], "children": [_with_levels(c, levels, depth + 1)
                                                  for c in nested]}


QUESTIONS = (
    ValueQuestion(
        "q2.1", "MAX moves at the root A and players alternate. What is the minimax value of "
                "node {node}?",
        make=_named_node, solve=lambda d: minimax(to_game(d["tree"]), d["node"]).value,
        mistakes=_node_value_mistakes, tree=lambda d: to_game(d["tree"]),
        title="q2.1 The value of one node"),
    tree_value_question(
        "q2.2", "This time MIN moves first, at the root A. What is the minimax value of A?",
        depth=2, branching=3, root="min", title="q2.2 MIN moves first"),
    tree_value_question(
        "q2.3", "MAX moves at the root A and players alternate. Which move does MAX choose? "
                "(0 is the leftmost child)",
        depth=3, branching=(2, 3), ask="move", title="q2.3 The best move, three plies"),
    ChoiceQuestion(
        "q2.4", "A student backed up the values written beside the nodes (MAX moves at the "
                "root A). Which mistake, if any, did they make?",
        [text for _, _, text in SHOWN_MISTAKES], make=_student_values, solve=_which_mistake,
        mistakes=_which_mistake_notes,
        tree=lambda d: (to_game(d["tree"]), {n: f"they say {v}" for n, v in d["values"].items()}),
        title="q2.4 Diagnose the values"),
    ValueQuestion(
        "q2.5", "In this game one player moves twice in a row (look at the shape of each "
                "node: up for MAX, down for MIN). What is the value of the root A?",
        make=_two_in_a_row, solve=lambda d: minimax(GameTree.from_dict(d["spec"])).value,
        mistakes=lambda d: [("assumes-alternation",
                             minimax(to_game(d["nested"], d["root"] == "max")).value),
                            ("max-at-every-level", minimax_max_everywhere(d["nested"], True))],
        tree=lambda d: GameTree.from_dict(d["spec"]), title="q2.5 Two moves in a row"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "FIGURE", "MIN_ROOT_TREE", "MOVES", "SHOWN_MISTAKES"]
