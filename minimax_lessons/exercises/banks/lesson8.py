"""Lesson 8, Monte Carlo tree search: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p8.1      which of A's moves in ``AVERAGE_TRAP`` has the best average play-out
p8.2      which child UCB1 selects next, from the counts in ``SELECT_COUNTS``
p8.3      what the back-up adds to the wins of a node MIN chose, after X wins
p8.4      which of the root's children UCT plays after ``FEW_ROUNDS`` rounds on
          ``AVERAGE_TRAP``: the best mean, the most visited or the least visited
p8.5      how often UCT finds O's drawing move in ``FORK_TRAP`` with 100 play-outs
========  ===================================================================

Every right answer is computed by the package's own code, never stored.

Exercises at the end of the lesson: q8.1 a UCB1 score ★, q8.2 which child is selected
next ★★, q8.3 write the back-up step ★★★, q8.4 a MIN node's mean after a back-up ★★.

>>> from minimax_lessons.exercises import check
>>> check("p8.3", -1).passed, check("p8.3", 1).diagnosis
(True, 'backup-no-sign-switch')
"""

from __future__ import annotations

import math
import string
from fractions import Fraction

from ...games.tictactoe import TicTacToe
from ...games.tree import GameTree
from ...play.match import move_values
from ...search.adversarial import minimax
from ...search.mcts import mcts, ucb1_score
from ..answers import TWO_DECIMALS
from ..question_kinds import ChoiceQuestion, FunctionQuestion, ValueQuestion
from .common import LETTERS

#: MAX moves at A; B's replies are mostly wins for MAX, but MIN has one that wins for her.
AVERAGE_TRAP = [[1, 1, -1], [0, 0, 0], [-1, 1, -1]]
#: p8.2: the root has 10 visits; each child's (visits n, wins w) for MAX, who chooses.
SELECT_COUNTS = {"parent": 10, "children": {"B": (6, 4), "C": (3, 1), "D": (1, -1)}}
#: O (MIN) to move; X threatens a fork at square 8. Only squares 2 and 8 hold the draw.
FORK_TRAP = "...\nO.X\n.X."
#: Seeds and play-outs p8.5 asks about.
FORK_SEEDS, FORK_PLAYOUTS = range(10), 100
#: p8.4: UCT on AVERAGE_TRAP after this many rounds with this seed: B has the best mean
#: (from 3 play-outs), C (minimax's move) the most visits.
FEW_ROUNDS = {"playouts": 9, "seed": 5}
#: p8.4's options, in the order shown.
PLAYED_OPTIONS = ["The child with the best mean", "The most visited child",
                  "The least visited child: it has the most left to learn"]

#: p8.1's and p8.5's options, in the order shown.
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


def _greedy_or_rare_mistakes(data):
    kids = data["children"]
    greedy = max(kids, key=lambda k: kids[k][1] / kids[k][0])
    rare = min(kids, key=lambda k: kids[k][0])
    return {_letter_of(data, greedy): "greedy-mean", _letter_of(data, rare): "least-visited"}


def fork_hits(seeds=FORK_SEEDS, playouts=FORK_PLAYOUTS, *, c=math.sqrt(2)) -> int:
    """How many seeds' UCT (exploration constant ``c``, results from -1 to +1) plays a
    drawing move for O in ``FORK_TRAP``.

    >>> fork_hits(range(3), 3000)
    3
    """
    game = TicTacToe(FORK_TRAP)
    values = move_values(game, game.initial_state())
    return sum(values[mcts(game, playouts=playouts, seed=s, c=c).move] == 0 for s in seeds)


def few_rounds():
    """UCT's result on ``AVERAGE_TRAP`` after :data:`FEW_ROUNDS` (p8.4's root)."""
    return mcts(GameTree.from_nested(AVERAGE_TRAP), **FEW_ROUNDS)


def _played_letter(data):
    result = few_rounds()
    best_mean = max(result.means, key=result.means.get)
    assert best_mean != result.move, "p8.4 needs a root where mean and visits disagree"
    return "b" if result.move == max(result.visits, key=result.visits.get) else "a"


def _fork_letter(data):
    hits = fork_hits()
    return "a" if hits >= 8 else "b" if hits >= 4 else "c"


PREDICTIONS = (
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
        mistakes=_greedy_or_rare_mistakes, title="p8.2 Which child next?"),
    ValueQuestion(
        "p8.3", "A play-out ends in a win for X: utility +1 (MAX's point of view). The new "
                "node was chosen by O (MIN). What does the back-up add to that node's wins?",
        data={"utility": 1, "chooser": "min"},
        solve=lambda d: d["utility"] if d["chooser"] == "max" else -d["utility"],
        mistakes=lambda d: [("backup-no-sign-switch", d["utility"])],
        title="p8.3 Whose win?"),
    ChoiceQuestion(
        "p8.4", "After its last round UCT must play one of the root's children. After 9 "
                "rounds on the small tree, MAX's children stand at: B, n = 3 and mean +0.33; "
                "C, n = 5 and mean 0.00; D, n = 1 and mean -1.00. Which child does UCT play?",
        PLAYED_OPTIONS, data=FEW_ROUNDS, solve=_played_letter,
        mistakes={"a": "plays-best-mean", "c": "plays-least-visited"},
        title="p8.4 Which child is played?"),
    ChoiceQuestion(
        "p8.5", "O (MIN) to move. X threatens a fork at square 8; only squares 2 and 8 keep "
                "the draw. Run UCT with 100 play-outs, once for each of 10 seeds. How often "
                "does it play 2 or 8?",
        FORK_OPTIONS, data={"board": FORK_TRAP}, solve=_fork_letter,
        mistakes={"a": "few-playouts-enough", "b": "few-playouts-enough"},
        title="p8.5 A hundred play-outs"),
)


# -- the exercises at the end of the lesson (q8.1 to q8.4) -----------------------------------
def _ucb_mistakes(data):
    w, n, big_n = data["wins"], data["visits"], data["parent"]
    c = math.sqrt(2)
    return [("ucb-common-log", w / n + c * math.sqrt(math.log10(big_n) / n)),
            ("ucb-no-sqrt", w / n + c * math.log(big_n) / n),
            ("ucb-child-log", w / n + c * math.sqrt(math.log(n) / n)),
            ("ucb-no-mean", c * math.sqrt(math.log(big_n) / n))]


def _ucb_counts(rng):
    """A child's visits and wins and its parent's visits, every mistake 0.05 or more away."""
    while True:
        big_n = rng.randint(8, 60)
        n = rng.randint(2, big_n // 2)
        w = rng.randint(-n, n) / 2
        data = {"parent": big_n, "visits": n, "wins": w}
        values = [ucb1_score(w, n, big_n)] + [v for _, v in _ucb_mistakes(data)]
        if all(abs(a - b) >= 0.05 for i, a in enumerate(values) for b in values[i + 1:]):
            return data


def _children_counts(rng):
    """3 or 4 children of a MAX or MIN node, where UCB1, the best mean, the fewest visits and
    (at MIN) MAX's view of the means all pick different children."""
    player = rng.choice(["max", "min"])
    while True:
        k = rng.randint(3, 4) if player == "max" else 4
        visits = [rng.randint(1, 12) for _ in range(k)]
        wins = [rng.randint(-v, v) / 2 for v in visits]  # for the chooser
        data = {"player": player, "parent": sum(visits) + 1,
                "children": [[LETTERS[i + 1].upper(), n, w] for i, (n, w) in
                             enumerate(zip(visits, wins))]}
        picks = [_pick(data, rule) for rule in ("ucb", "greedy", "rare", "max-view")]
        wanted = picks[:3] if player == "max" else picks
        scores = sorted(_scores(data, "ucb"), reverse=True)
        if len(set(wanted)) == len(wanted) and scores[0] - scores[1] > 0.02 \
                and len(set(visits)) == k:
            return data


def _scores(data, rule):
    big_n, sign = data["parent"], 1 if data["player"] == "max" else -1
    out = []
    for _, n, w in data["children"]:
        if rule == "ucb":
            out.append(ucb1_score(w, n, big_n))
        elif rule == "greedy":
            out.append(w / n)
        elif rule == "rare":
            out.append(-n)
        else:  # MIN reading MAX's means: the chooser's wins with the sign switched
            out.append(ucb1_score(-w if sign < 0 else w, n, big_n))
    return out


def _pick(data, rule) -> str:
    scores = _scores(data, rule)
    return LETTERS[scores.index(max(scores))]


def signed_mean(mean) -> str:
    """A mean with its sign and two decimals; 0 has no sign (never "-0.00").

    >>> signed_mean(0.125), signed_mean(-0.0), signed_mean(-0.001), signed_mean(-0.5)
    ('+0.12', '0.00', '0.00', '-0.50')
    """
    text = f"{mean:+.2f}"
    return "0.00" if float(text) == 0 else text


def _mean_after(data, sign=-1, visit=1):
    """(MAX's mean, MIN's mean) of a node MIN chose, after backing up ``data["utility"]``
    (``sign=+1``: without switching the sign; ``visit=0``: without counting the visit)."""
    wins = data["wins"] + sign * data["utility"]
    for_min = wins / (data["visits"] + visit)
    return -for_min, for_min


def _mean_mistakes(data):
    return [("backup-no-sign-switch", _mean_after(data, sign=+1)[0]),
            ("mean-for-chooser", _mean_after(data)[1]),
            ("backup-no-visit", _mean_after(data, visit=0)[0])]


def _min_node_counts(rng):
    while True:
        n = rng.randint(2, 9)
        data = {"visits": n, "wins": rng.randint(-n, n) / 2, "utility": rng.choice([1, -1])}
        values = [_mean_after(data)[0]] + [v for _, v in _mean_mistakes(data)]
        if all(abs(a - b) >= 0.05 for i, a in enumerate(values) for b in values[i + 1:]):
            return data


def _selection_mistakes(data):
    mistakes = {_pick(data, "greedy"): "greedy-mean", _pick(data, "rare"): "least-visited"}
    if data["player"] == "min":
        mistakes[_pick(data, "max-view")] = "min-uses-max-mean"
    return mistakes


QUESTIONS = (
    ValueQuestion(
        "q8.1", lambda d: f"A child has been visited n = {d['visits']} times with w = "
                          f"{d['wins']:g} wins (for the player who chose it); its parent, "
                          f"N = {d['parent']} times. What is the child's UCB1 score, "
                          "w/n + c * sqrt(ln(N) / n) with c = sqrt(2)? (two decimals)",
        make=_ucb_counts, solve=lambda d: ucb1_score(d["wins"], d["visits"], d["parent"]),
        mistakes=_ucb_mistakes, tolerance=TWO_DECIMALS, hint="a number with two decimals",
        title="q8.1 A UCB1 score"),
    ChoiceQuestion(
        "q8.2", lambda d: f"UCT is at a {d['player'].upper()} node visited N = {d['parent']} "
                          "times. Which child does UCB1 (c = sqrt 2) select next? (Means are "
                          "from MAX's point of view, as everywhere in the course.)",
        lambda d: [f"{name} (n = {n}, mean for MAX "
                   f"{signed_mean(w / n if d['player'] == 'max' else -w / n)})"
                   for name, n, w in d["children"]],
        make=_children_counts, solve=lambda d: _pick(d, "ucb"), mistakes=_selection_mistakes,
        title="q8.2 Which child next?"),
    FunctionQuestion(
        "q8.3", "Write backup(path, utility), Monte Carlo tree search's back-up step. path "
                "lists the nodes from the one just added up to the root, each a dict "
                "{'visits': ..., 'wins': ..., 'chooser': 'max' or 'min' (None at the root), "
                "'to_move': ...}. Add one visit to every node, and the play-out's result to "
                "its wins, counted for the player who chose the node (utility is MAX's).",
        "backup", title="q8.3 Write the back-up"),
    ValueQuestion(
        "q8.4", lambda d: f"A node chosen by O (MIN) has n = {d['visits']} visits and w = "
                          f"{d['wins']:g} wins, counted for O. A new play-out through it ends "
                          f"with utility {d['utility']:+d} (MAX's point of view). After the "
                          "back-up, what is the node's mean result from MAX's point of view? "
                          "(two decimals)",
        make=_min_node_counts, solve=lambda d: _mean_after(d)[0], mistakes=_mean_mistakes,
        tolerance=TWO_DECIMALS, hint="a number with two decimals", title="q8.4 A mean for MAX"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "AVERAGE_TRAP", "SELECT_COUNTS", "FORK_TRAP",
           "FORK_SEEDS", "FORK_PLAYOUTS", "FEW_ROUNDS", "AVERAGE_OPTIONS", "FORK_OPTIONS",
           "PLAYED_OPTIONS", "playout_average", "ucb_scores", "fork_hits", "few_rounds",
           "signed_mean"]
