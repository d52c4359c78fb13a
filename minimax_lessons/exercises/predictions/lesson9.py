"""Lesson 9's predictions, asked before the lesson shows the answer.

========  ===================================================================
id        the student predicts
========  ===================================================================
p9.1      the nodes plain minimax visits on the empty 6 x 7 board to depth 4
p9.2      what centre-first ordering does to alpha-beta's nodes at depth 6
p9.3      what a table may conclude from a value returned by a cut-off
p9.4      what a depth-5 search says of the move a depth-3 search liked in
          ``HORIZON`` (the horizon effect)
========  ===================================================================

Every right answer is computed by the package's own searches, never stored.

>>> from minimax_lessons.exercises import check
>>> check("p9.1", 2801).passed, check("p9.1", 2401).diagnosis
(True, 'counts-leaves')
"""

from __future__ import annotations

from ...games.connectfour import ConnectFour
from ...search.engine import bound_flag, centre_first, column_values
from ...games.game import MAX
from ...search.adversarial import alphabeta, minimax
from ..check import register
from ..questions import ChoiceQuestion, ValueQuestion

#: On the full board, X to move: every move but column 2 loses within 3 plies;
#: column 2 makes a threat O must block, which pushes the loss past the horizon.
HORIZON = "01140331535310"
#: p9.3's node: MAX, entered with this window, returns this value after a cut-off.
CUT_OFF = {"alpha": 0, "beta": 0.5, "value": 0.5}

ORDERING = [
    "About as many: alpha-beta finds the same value in any order.",
    "About half as many.",
    "About a tenth as many, or fewer.",
]
FLAGS = [
    "The node's value is exactly 0.5.",
    "The node's value is at least 0.5.",
    "The node's value is at most 0.5.",
]
HORIZON_OPTIONS = [
    "About the same, a little below 0: column 2 holds.",
    "-1: the loss is still there, only pushed past the depth-3 horizon.",
    "+1: the threat wins the game for X.",
]


def plain_nodes(depth, cols=7, rows=6) -> int:
    """Nodes plain minimax visits from the empty board to ``depth`` (estimates at the limit).

    >>> plain_nodes(2)
    57
    """
    return minimax(ConnectFour(rows, cols), depth=depth, evaluate=lambda state: 0).nodes


def ordering_ratio(depth=6) -> float:
    """Alpha-beta's nodes with centre-first ordering over its nodes left to right."""
    game = ConnectFour()
    plain = alphabeta(game, depth=depth, evaluate=game.estimate)
    ordered = alphabeta(game, depth=depth, evaluate=game.estimate, order=centre_first(game))
    return ordered.nodes / plain.nodes


def _ordering_letter(data):
    ratio = ordering_ratio(data["depth"])
    return "c" if ratio <= 0.15 else "b" if ratio <= 0.7 else "a"


def flag_letter(value, alpha, beta) -> str:
    """The option of FLAGS that matches :func:`~minimax_lessons.search.engine.bound_flag`."""
    return {"exact": "a", "lower": "b", "upper": "c"}[bound_flag(value, alpha, beta)]


def horizon_values(depth):
    """Each column's value in HORIZON, searched ``depth`` plies deep (X's point of view)."""
    game = ConnectFour()
    return column_values(game, game.play(HORIZON), depth=depth, evaluate=game.estimate)


def _horizon_letter(data):
    shallow, deep = horizon_values(3), horizon_values(5)
    liked = max(shallow, key=shallow.get)
    v = deep[liked]
    return "b" if v == -1 else "c" if v == 1 else "a"


def _flag_mistakes(data):
    right = flag_letter(data["value"], data["alpha"], data["beta"])
    if right == "a":
        return {}
    return {"a": "bound-as-exact", ("c" if right == "b" else "b"): "bound-flag-reversed"}


register(
    ValueQuestion(
        "p9.1", "Plain minimax (no pruning) searches the empty Connect Four board ({cols} "
                "columns) {d} plies deep and estimates the positions where it stops. How many "
                "nodes does it visit, the root included?",
        data={"d": 4, "cols": 7},
        solve=lambda d: plain_nodes(d["d"], d["cols"]),
        mistakes=lambda d: [("counts-leaves", d["cols"] ** d["d"]),
                            ("depth-off-by-one", plain_nodes(d["d"] - 1, d["cols"])),
                            ("depth-off-by-one", plain_nodes(d["d"] + 1, d["cols"]))],
        hint="a whole number", title="p9.1 Nodes of plain minimax"),
    ChoiceQuestion(
        "p9.2", "Alpha-beta searches the empty board 6 plies deep, trying columns left to "
                "right, then again trying the middle columns first. With the middle first, "
                "how many nodes does it visit?",
        ORDERING, data={"depth": 6}, solve=_ordering_letter,
        mistakes=lambda d: {"a": "order-ignored"}, title="p9.2 Centre first"),
    ChoiceQuestion(
        "p9.3", "A MAX node is entered with the window alpha = {alpha}, beta = {beta}. A child "
                "returns {value}, so the node stops at once ({value} >= beta) and returns "
                "{value}. What may a transposition table conclude about this node?",
        FLAGS, data=CUT_OFF,
        solve=lambda d: flag_letter(d["value"], d["alpha"], d["beta"]),
        mistakes=_flag_mistakes, title="p9.3 What a cut-off value means"),
    ChoiceQuestion(
        "p9.4", "X to move. A depth-3 search says every column loses (-1) except column 2, "
                "worth a little below 0: playing 2 threatens four in a row, and O must block. What "
                "does a depth-5 search say column 2 is worth?",
        HORIZON_OPTIONS, data={"moves": HORIZON}, solve=_horizon_letter,
        mistakes=lambda d: {"a": "trusts-the-horizon"}, title="p9.4 Past the horizon"),
)
