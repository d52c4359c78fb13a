"""Lesson 3, minimax in code: its predictions, its exercises and its graded notebook's.

Predictions, asked before the lesson shows the answer: what does working minimax code
print?

========  =========================================================  ===================
id        the student predicts                                       named mistakes
========  =========================================================  ===================
p3.1      ``minimax([[8, 1], [6, 4], [2, 3]], True)``                max/min everywhere,
                                                                     players swapped
p3.2      the same tree with MIN to move at the root                 the same, and the
                                                                     MAX-root answer
p3.3      a three-ply tree, MAX at the root                          the same
p3.4      ``minimax_depth(figure, 1, True)``: depth 1 on Figure 5.2  depth per round,
          with the leftmost-leaf estimate                            depth off by one
p3.5      ``best_move([[8, 1], [6, 4], [2, 3]])``                    value for move,
                                                                     counting from 1
========  =========================================================  ===================

Every right answer is computed by the package's own search on the fixed tree.

Exercises: the lesson asks q3.1 to q3.6, q3.17 (the seed's Parsons problem: the lines of
the best-index loop, each common wrong order named) and q3.18 (the seed's last exercise as
written: the value and the index of ``[[3, 5], [2, 9], [0, 7]]``) at its end; its graded notebook
(``notebooks/exercises/03-minimax-exercises.ipynb``) asks q3.7 to q3.15 (q3.16, who moves
where with two MIN agents, is lesson 10's q10.5 now). Answers are recomputed from each variant with the
package's searches; the one fixed answer (q3.8) is stored as a salted hash.

>>> from minimax_lessons.exercises import check
>>> check("p3.2", 4).diagnosis
'players-swapped'
"""

from __future__ import annotations

from ...games.tree import GameTree
from ...search.adversarial import minimax
from ..nested import estimate
from .. import feedback as F
from ..answers import as_number, same_number
from ...mistakes import explain, hand_value_mistakes, named_mistakes
from ...mistakes import minimax_value
from ..nested import to_game
from ..question_kinds import (Bug, ChoiceQuestion, FillQuestion, FindBugQuestion,
                             FunctionQuestion, ParsonsQuestion, PredictQuestion, PrunedQuestion,
                             ValueQuestion, tree_value_question)

#: The seed-style tree whose printed value students predict.
SEED_TREE = [[8, 1], [6, 4], [2, 3]]
#: A tree one ply deeper (MAX, MIN, MAX, then leaves).
DEEPER_TREE = [[[3, 5], [2, 9]], [[7, 1], [4, 6]]]
#: Figure 5.2 as nested lists.
FIGURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def leftmost_leaf(game):
    """The lesson's estimate on a GameTree: the leaf at the end of the leftmost path.

    >>> leftmost_leaf(GameTree.from_nested(FIGURE))("D")
    14
    """
    return lambda state: estimate(game.to_nested(state))


def depth_limited_value(nested, depth) -> int:
    """The value of ``minimax_depth(nested, depth, True)``, by the package's search.

    >>> [depth_limited_value(FIGURE, d) for d in range(3)]
    [3, 14, 3]
    """
    game = GameTree.from_nested(nested)
    return minimax(game, depth=depth, evaluate=leftmost_leaf(game)).value


def _depth_mistakes(data):
    depth = data["depth"]
    return [("depth-per-round", depth_limited_value(data["tree"], 2 * depth)),
            ("depth-ignored", minimax(GameTree.from_nested(data["tree"])).value),
            ("depth-off-by-one", depth_limited_value(data["tree"], depth - 1)),
            ("depth-off-by-one", depth_limited_value(data["tree"], depth + 1))]


PREDICTIONS = (
    tree_value_question(
        "p3.1", "What does minimax([[8, 1], [6, 4], [2, 3]], True) return? (MAX moves at "
                "the root)", tree=SEED_TREE, title="p3.1 Predict the printed value"),
    tree_value_question(
        "p3.2", "What does minimax([[8, 1], [6, 4], [2, 3]], False) return? (MIN moves at "
                "the root)", tree=SEED_TREE, root="min", title="p3.2 The same tree, MIN first"),
    tree_value_question(
        "p3.3", "What does minimax([[[3, 5], [2, 9]], [[7, 1], [4, 6]]], True) return? "
                "(three plies: MAX, MIN, MAX)", tree=DEEPER_TREE,
        title="p3.3 One ply deeper"),
    ValueQuestion(
        "p3.4", "What does minimax_depth(figure, 1, True) return? (Figure 5.2, depth 1, "
                "estimate(node) = the leaf at the end of the node's leftmost path)",
        data={"tree": FIGURE, "depth": 1},
        solve=lambda d: depth_limited_value(d["tree"], d["depth"]), mistakes=_depth_mistakes,
        tree=lambda d: GameTree.from_nested(d["tree"]), title="p3.4 A depth limit of 1"),
    tree_value_question(
        "p3.5", "What does best_move([[8, 1], [6, 4], [2, 3]]) return? (the index of "
                "MAX's best child, 0 for the leftmost)", tree=SEED_TREE, ask="move",
        hint="a move index (0, 1 or 2)", title="p3.5 Which move?"),
)


# -- the exercises, and the graded notebook's (q3.1 to q3.18) -----------------------------------
DEPTH_LINES = ["def minimax(node, depth, is_maximizing):",
               "    if not isinstance(node, list):",
               "        return node",
               "    if depth == 0:",
               "        return estimate(node)",
               "    values = [minimax(child, depth - 1, not is_maximizing) for child in node]",
               "    return max(values) if is_maximizing else min(values)"]

#: q3.17: best_move as a loop that keeps the best index so far (the seed's Parsons problem).
BEST_LINES = ["def best_move(node):",
              "    values = [minimax(child, False) for child in node]",
              "    best = 0",
              "    for i in range(1, len(values)):",
              "        if values[i] > values[best]:",
              "            best = i",
              "    return best"]
#: The minimax that q3.17's lines call (the lesson's, run before them).
GIVEN_MINIMAX = ("def minimax(node, is_maximizing):\n"
                 "    if not isinstance(node, list):\n"
                 "        return node\n"
                 "    values = [minimax(child, not is_maximizing) for child in node]\n"
                 "    return max(values) if is_maximizing else min(values)\n")

#: The last exercise of the seed's lesson notes, as it is written there: print the value
#: and the index of the best move of this tree, MAX at the root (q3.18).
SEED_EXERCISE_TREE = [[3, 5], [2, 9], [0, 7]]


class ValueAndMoveQuestion(ValueQuestion):
    """The pair ``(value, index)`` a program prints for a nested tree: the root's minimax
    value and the index of its first best move, each half judged and its mistake named.

    >>> q = ValueAndMoveQuestion("demo.vm", "?", [[3, 5], [2, 9], [0, 7]])
    >>> q.check((3, 0)).passed, q.check((9, 1)).diagnosis, q.check((3, 1)).diagnosis
    (True, 'max-at-every-level', 'one-based-move')
    """

    answer_hint = "a pair (value, index), such as (4, 1)"

    def __init__(self, id, prompt, tree, **kw):
        super().__init__(id, prompt, data={"tree": tree}, solve=self._right,
                         mistakes=self._pairs, tree=lambda d: to_game(d["tree"], True),
                         discriminate=False, **kw)

    @staticmethod
    def _right(data):
        tree = data["tree"]
        values = [minimax_value(child, False) for child in tree]
        return (max(values), values.index(max(values)))

    @staticmethod
    def _move_mistakes(data):
        """``[(id, index)]``: a best_move that goes wrong on its own, the values right."""
        values = [minimax_value(child, False) for child in data["tree"]]
        best = values.index(max(values))
        return [("one-based-move", best + 1), ("returns-value-not-move", max(values)),
                ("players-swapped", values.index(min(values)))]

    @staticmethod
    def _pairs(data):
        """The pairs a known mistake prints (a wrong value, or the right one and a wrong
        index)."""
        value, move = ValueAndMoveQuestion._right(data)
        found = [(vid, (v, move)) for vid, v in hand_value_mistakes(data["tree"], True)]
        return found + [(vid, (value, m)) for vid, m in ValueAndMoveQuestion._move_mistakes(data)]

    def check(self, answer, seed=0, **options):
        if isinstance(answer, dict):
            answer = (answer.get("value"), answer.get("index", answer.get("move")))
        if not isinstance(answer, (tuple, list)) or len(answer) != 2 \
                or any(as_number(x) is None for x in answer):
            return self._bad(seed, f"{F.show(answer)} is not a pair of numbers.")
        data = self.data(seed)
        value, move = (as_number(x) for x in answer)
        right_value, right_move = self._right(data)
        tree = data["tree"]
        if same_number(value, right_value) and same_number(move, right_move):
            return self._feedback(True, None, f"Right: value {F.show(value)}, index "
                                  f"{F.show(move)}.", seed)
        if not same_number(value, right_value):
            named = named_mistakes((vid, same_number(value, v))
                                   for vid, v in hand_value_mistakes(tree, True))
            said = f"The value {F.show(value)} is not right."
        else:
            named = named_mistakes((vid, same_number(move, m))
                                   for vid, m in self._move_mistakes(data))
            said = f"The value is right, but the index {F.show(move)} is not."
        if named:
            return self._feedback(False, " or ".join(named),
                                  f"{said} {explain(' or '.join(named), hand=True)}", seed,
                                  diagnoses=tuple(named))
        return self._feedback(False, "wrong", said, seed)


QUESTIONS = (
    tree_value_question(
        "q3.7", "MIN's children are worth 7, 2 and 9. What does MIN return?",
        tree=[7, 2, 9], root="min", title="q3.7 One MIN node", graded=True),
    tree_value_question(
        "q3.1", "What is the minimax value of the root of this tree (MAX moves first)?",
        depth=2, branching=3, title="q3.1 The value of a tree"),
    tree_value_question(
        "q3.2", "Which move does MAX choose at the root? (0 is the leftmost child)",
        depth=2, branching=3, ask="move", title="q3.2 The best move"),
    ChoiceQuestion(
        "q3.8", "Minimax and alpha-beta search the same tree, left to right. Which is true?",
        ["They return the same value at the root.",
         "Alpha-beta may return a different value, because it skips leaves.",
         "Alpha-beta always evaluates fewer leaves than minimax."],
        answer_hash="9396631fdb6e637662e2b5fb",
        mistakes={"2f0ce4284a1583f3fc1d5021": "Alpha-beta only skips leaves that cannot change "
                                              "the value at the root.",
                  "e95b3ffd98a3139d4f3943e1": "Not always: with a bad move order it may have to "
                                              "evaluate every leaf."},
        title="q3.8 Alpha-beta and minimax", graded=True),
    PredictQuestion(
        "q3.9", "What does the last line give? (a value, an error such as TypeError, or "
                "FOREVER)",
        "def minimax(node, is_maximizing):\n"
        "    values = [minimax(child, not is_maximizing) for child in node]\n"
        "    return max(values) if is_maximizing else min(values)\n"
        "\n"
        "minimax([[3, 12], [2, 4]], True)",
        title="q3.9 A minimax without a base case", graded=True),
    PredictQuestion(
        "q3.3", "What does the last line give? (a value, an error such as TypeError, or "
                "FOREVER)",
        "def count_leaves(node):\n"
        "    total = 0\n"
        "    while isinstance(node, list):\n"
        "        total += len(node)\n"
        "    return total\n"
        "\n"
        "count_leaves([[1, 2], [3]])",
        title="q3.3 Counting leaves"),
    FillQuestion(
        "q3.10", "Fill in the two blanks with max or min.",
        data={"code": "def minimax(node, is_maximizing):\n"
                      "    if not isinstance(node, list):\n"
                      "        return node\n"
                      "    values = [minimax(child, not is_maximizing) for child in node]\n"
                      "    return ____(values) if is_maximizing else ____(values)",
              "blanks": ["max", "min"]},
        title="q3.10 Fill in the blanks", graded=True),
    FindBugQuestion(
        "q3.11", "This function has one bug. Give (line number, bug id).",
        "def minimax(node, is_maximizing):\n"
        "    if not isinstance(node, list):\n"
        "        return node\n"
        "    values = [minimax(child, not is_maximizing) for child in node]\n"
        "    if is_maximizing:\n"
        "        return max(values)\n"
        "    return min(values)\n",
        [Bug("signs-swapped", 3, "return -node"),
         Bug("max-at-every-level", 7, "return max(values)"),
         Bug("max-at-every-level", 4, "values = [minimax(child, is_maximizing) "
                                      "for child in node]"),
         Bug("players-swapped", 5, "if not is_maximizing:"),
         Bug("min-at-every-level", 6, "return min(values)")],
        title="q3.11 Find the bug", graded=True),
    ParsonsQuestion(
        "q3.12", "Put these lines in order to make minimax (one line does not belong).",
        ["def minimax(node, is_maximizing):",
         "    if not isinstance(node, list):",
         "        return node",
         "    values = []",
         "    for child in node:",
         "        values.append(minimax(child, not is_maximizing))",
         "    if is_maximizing:",
         "        return max(values)",
         "    return min(values)"],
        distractors=["        values.append(minimax(child, is_maximizing))"],
        function_kind="minimax", function_name="minimax",
        title="q3.12 Parsons: minimax", graded=True),
    PrunedQuestion(
        "q3.13", "Alpha-beta searches this tree left to right, pruning when alpha >= beta. "
                 "Which leaves does it never evaluate? (a set of names; a subtree's name "
                 "stands for all its leaves)",
        depth=2, branching=3, title="q3.13 What does alpha-beta skip?", graded=True),
    FunctionQuestion(
        "q3.14", "Write minimax_line(node, is_maximizing) for trees written as nested lists: "
                 "it returns (value, line), the value of node and the line of best play from "
                 "node down to a leaf, as the list of child indices each player picks "
                 "([] at a leaf; of equally good children, the leftmost). Leaves may be any "
                 "number (2.5 as well as 3): test for an inner node with "
                 "isinstance(node, list), not for a leaf with isinstance(node, int).",
        "minimax_line", title="q3.14 Write minimax with its line", graded=True),
    FunctionQuestion(
        "q3.15", "Write alphabeta_search(node, is_maximizing): alpha-beta from node with the "
                 "full window, pruning as soon as alpha >= beta, that returns (value, move, "
                 "leaves): the value, the index of the first best child of node (None at a "
                 "leaf) and how many leaves it evaluated. Loop over the children with "
                 "`for child in node` (or enumerate(node)). Leaves may be any number: test "
                 "for an inner node with isinstance(node, list).",
        "alphabeta_search", title="q3.15 Write alpha-beta that says what it did", graded=True),
    ParsonsQuestion(
        "q3.4", "Put these lines in order to make minimax with a depth limit: at depth 0 it "
                 "returns estimate(node). One line does not belong.",
        DEPTH_LINES,
        distractors=["    values = [minimax(child, depth, not is_maximizing) for child in node]"],
        alternatives=[DEPTH_LINES[:1] + DEPTH_LINES[3:5] + DEPTH_LINES[1:3] + DEPTH_LINES[5:]],
        title="q3.4 Parsons: a depth limit"),
    ParsonsQuestion(
        "q3.17", "Put these lines in order to make best_move with a loop that keeps the "
                 "index of the best child so far: MAX's best move, the first of equal ones. "
                 "minimax(node, is_maximizing) is the lesson's. Two lines do not belong.",
        BEST_LINES,
        distractors=["        if values[i] >= values[best]:", "        return best"],
        alternatives=[BEST_LINES[:1] + BEST_LINES[2:3] + BEST_LINES[1:2] + BEST_LINES[3:]],
        function_kind="best_move", function_name="best_move", diagnose=True,
        given=GIVEN_MINIMAX, title="q3.17 Parsons: the best move"),
    FunctionQuestion(
        "q3.5", "Write a function best_move(node, is_maximizing) (any name will do): the "
                 "index of the best child at the root of a nested-list tree (0 is the first "
                 "child) for the player who moves there, MAX if is_maximizing is True, else "
                 "MIN. The lesson's best_move is MAX's only: at a MIN root the best move has "
                 "the smallest value. When several children are equally good, return the "
                 "leftmost: keep a move and switch only to a strictly better one, as minimax "
                 "does. It may call your minimax.",
        "best_move_either", title="q3.5 Write best_move for either player"),
    ValueAndMoveQuestion(
        "q3.18", "The last exercise of the seed's notes, as written there: implement minimax "
                 "and best_move, then print the value of the root and the index of its best "
                 "move for [[3, 5], [2, 9], [0, 7]] (MAX at the root, moves counted from 0). "
                 "Answer with what your program prints, as a pair (value, index).",
        SEED_EXERCISE_TREE, title="q3.18 The seed's exercise: value and index"),
    FunctionQuestion(
        "q3.6", "Write a function minimax(game, state) (any name will do) for any game, "
                 "through the Game interface only: "
                 "game.is_terminal(state), game.utility(state) (MAX's score), "
                 "game.to_move(state) (\"max\" or \"min\"), game.actions(state) and "
                 "game.result(state, action). It is checked on trees, tic-tac-toe and Nim.",
        "game_minimax", title="q3.6 Write minimax for any game"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "SEED_TREE", "DEEPER_TREE", "FIGURE", "DEPTH_LINES",
           "BEST_LINES", "GIVEN_MINIMAX", "SEED_EXERCISE_TREE", "ValueAndMoveQuestion",
           "leftmost_leaf", "depth_limited_value"]
