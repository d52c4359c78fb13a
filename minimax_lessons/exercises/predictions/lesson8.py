"""Lesson 8's predictions, asked before the lesson shows the answer.

========  ===================================================================
id        the student predicts
========  ===================================================================
p8.1      which of A's moves in ``AVERAGE_TRAP`` has the best average play-out
p8.2      which child UCB1 selects next, from the counts in ``SELECT_COUNTS``
p8.3      what the back-up adds to the wins of a node MIN chose, after X wins
p8.4      how often UCT finds O's drawing move in ``FORK_TRAP`` with 100 play-outs
========  ===================================================================

Every right answer is computed by the package's own code, never stored.

>>> from minimax_lessons.exercises import check
>>> check("p8.3", -1).passed, check("p8.3", 1).diagnosis
(True, 'backup-no-sign-switch')
"""

from __future__ import annotations

import string
from fractions import Fraction

from ...search.mcts import mcts, ucb1_score
from ...play.match import move_values
from ...games.tictactoe import TicTacToe
from ...games.tree import GameTree
from ..check import register
from ..questions import ChoiceQuestion, ValueQuestion

#: MAX moves at A; B's replies are mostly wins for MAX, but MIN has one that wins for her.
AVERAGE_TRAP = [[1, 1, -1], [0, 0, 0], [-1, 1, -1]]
#: p8.2: the root has 10 visits; each child's (visits n, wins w) for MAX, who chooses.
SELECT_COUNTS = {"parent": 10, "children": {"B": (6, 4), "C": (3, 1), "D": (1, -1)}}
#: O (MIN) to move; X threatens a fork at square 8. Only squares 2 and 8 hold the draw.
FORK_TRAP = "...\nO.X\n.X."
#: Seeds and play-outs p8.4 asks about.
FORK_SEEDS, FORK_PLAYOUTS = range(10), 100

#: p8.1's and p8.4's options, in the order shown.
AVERAGE_OPTIONS = ["B", "C", "D"]
FORK_OPTIONS = ["Nearly every time (8 to 10 seeds of 10)",
                "About half the time (4 to 7 seeds)",
                "Hardly ever (0 to 3 seeds)"]


def playout_average(tree, node):
    """The exact average utility of random play-outs from ``node`` (every move equally likely).

    >>> tree = GameTree.from_nested(AVERAGE_TRAP)
    >>> [playout_average(tree, n) for n in "BCD"]
    [Fraction(1, 3), Fraction(0, 1), Fraction(-1, 3)]
    """
    if tree.is_terminal(node):
        return Fraction(tree.utility(node))
    kids = [tree.result(node, a) for a in tree.actions(node)]
    return sum(playout_average(tree, k) for k in kids) / len(kids)


def _best_average(data):
    tree = GameTree.from_nested(data["tree"])
    averages = [playout_average(tree, tree.result("A", a)) for a in tree.actions("A")]
    return string.ascii_lowercase[averages.index(max(averages))]


def _minimax_letter(data):
    from ...search.adversarial import minimax

    return string.ascii_lowercase[minimax(GameTree.from_nested(data["tree"])).move]


def ucb_scores(counts) -> dict:
    """Each child's UCB1 score (c = sqrt 2) under a parent with ``counts["parent"]`` visits.

    >>> {k: round(v, 3) for k, v in ucb_scores(SELECT_COUNTS).items()}
    {'B': 1.543, 'C': 1.572, 'D': 1.146}
    """
    return {name: ucb1_score(w, n, counts["parent"]) for name, (n, w) in
            counts["children"].items()}


def _letter_of(counts, name):
    return string.ascii_lowercase[list(counts["children"]).index(name)]


def _selected(data):
    scores = ucb_scores(data)
    return _letter_of(data, max(scores, key=scores.get))


def _selection_mistakes(data):
    kids = data["children"]
    greedy = max(kids, key=lambda k: kids[k][1] / kids[k][0])
    rare = min(kids, key=lambda k: kids[k][0])
    return {_letter_of(data, greedy): "greedy-mean", _letter_of(data, rare): "least-visited"}


def fork_hits(seeds=FORK_SEEDS, playouts=FORK_PLAYOUTS) -> int:
    """How many seeds' UCT plays a drawing move for O in ``FORK_TRAP``.

    >>> fork_hits(range(3), 3000)
    3
    """
    game = TicTacToe(FORK_TRAP)
    values = move_values(game, game.initial_state())
    return sum(values[mcts(game, playouts=playouts, seed=s).move] == 0 for s in seeds)


def _fork_letter(data):
    hits = fork_hits()
    return "a" if hits >= 8 else "b" if hits >= 4 else "c"


register(
    ChoiceQuestion(
        "p8.1", "MAX moves at A. From each of A's children, play many random games (every "
                "move equally likely, for both players) and average their results. Which "
                "child has the best average?",
        AVERAGE_OPTIONS, data={"tree": AVERAGE_TRAP}, solve=_best_average,
        mistakes=lambda d: {_minimax_letter(d): "averages-not-minimax"},
        tree=lambda d: GameTree.from_nested(d["tree"]), title="p8.1 The best average"),
    ChoiceQuestion(
        "p8.2", "The root A (MAX) has been visited 10 times. Its children: B with n = 6 "
                "visits and w = 4 wins, C with n = 3, w = 1, D with n = 1, w = -1. Which "
                "child does UCB1 (c = sqrt 2) select next?",
        list(SELECT_COUNTS["children"]), data=SELECT_COUNTS, solve=_selected,
        mistakes=_selection_mistakes, title="p8.2 Which child next?"),
    ValueQuestion(
        "p8.3", "A play-out ends in a win for X: utility +1 (MAX's point of view). The new "
                "node was chosen by O (MIN). What does the back-up add to that node's wins?",
        data={"utility": 1, "chooser": "min"},
        solve=lambda d: d["utility"] if d["chooser"] == "max" else -d["utility"],
        mistakes=lambda d: [("backup-no-sign-switch", d["utility"])],
        title="p8.3 Whose win?"),
    ChoiceQuestion(
        "p8.4", "O (MIN) to move. X threatens a fork at square 8; only squares 2 and 8 keep "
                "the draw. Run UCT with 100 play-outs, once for each of 10 seeds. How often "
                "does it play 2 or 8?",
        FORK_OPTIONS, data={"board": FORK_TRAP}, solve=_fork_letter,
        mistakes={"a": "few-playouts-enough"}, title="p8.4 A hundred play-outs"),
)
