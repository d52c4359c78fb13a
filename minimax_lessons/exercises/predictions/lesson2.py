"""Lesson 2's predictions (``p2.1`` to ``p2.6``), asked before the lesson shows the answer.

- p2.1, p2.2, p2.3: the values of B, C and D in Figure 5.2, backed up by hand;
- p2.4: the value of the root A;
- p2.5: the move a student who maximises at every level sends MAX to;
- p2.6: the root's value when MIN moves at the root.

>>> from minimax_lessons.exercises import check
>>> check("p2.1", 3).passed, check("p2.1", 12).diagnosis
(True, 'max-at-every-level')
"""

from __future__ import annotations

from ...games.examples import FIGURE_5_2
from ...search.adversarial import minimax
from ..check import register
from ..nested import to_game
from ..questions import ChoiceQuestion, ValueQuestion, tree_value_question
from ..variants import (best_move, best_move_max_everywhere, minimax_max_everywhere,
                        minimax_min_everywhere, minimax_players_swapped)

#: Figure 5.2 as nested lists: B, C and D are its three children.
FIGURE = FIGURE_5_2.to_nested()
#: A tree with MIN at the root on which every common mistake gives another value.
MIN_ROOT_TREE = [[4, 8], [6, 1, 9], [7, 3]]


def _node_question(qid, name, index):
    return tree_value_question(
        qid, f"In Figure 5.2, MIN moves at {name}. What is {name}'s minimax value?",
        tree=FIGURE[index], root="min", title=f"{qid} Back up {name}")


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


register(
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
