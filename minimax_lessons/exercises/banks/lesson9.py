"""Lesson 9, Connect Four: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p9.1      the nodes plain minimax visits on the empty 6 x 7 board to depth 4
p9.2      what centre-first ordering does to alpha-beta's nodes at depth 6
p9.3      what a table may conclude from a MAX node's cut-off (value >= beta)
p9.4      what it may conclude from a MIN node's cut-off (value <= alpha)
p9.5      what iterative deepening to depth 8 costs against one table search to
          depth 8, in all and in its last search
p9.6      what a depth-5 search says of the move a depth-3 search liked in
          ``HORIZON`` (the horizon effect)
p9.7      what a depth-5 search says of the threat a depth-3 search plays in
          ``TEMPTING_THREAT`` (a horizon that changes the move)
========  ===================================================================

Every right answer is computed by the package's own searches, never stored.

Exercises at the end of the lesson: q9.1 nodes of plain minimax on Connect Four ★, q9.2
the column that blocks ★★, q9.3 what a stored value means (exact or a bound) ★★, q9.4 a
win in three moves ★★★.

>>> from minimax_lessons.exercises import check
>>> check("p9.1", 2801).passed, check("p9.1", 2401).diagnosis
(True, 'counts-leaves')
"""

from __future__ import annotations

import functools

from ...games.connectfour import ConnectFour
from ...search.adversarial import alphabeta, minimax
from ...search.engine import bound_flag, centre_first, column_values, deepen, table_search
from ..question_kinds import ChoiceQuestion, ValueQuestion

#: On the full board, X to move. O threatens to win at once in column 2 (the bottom row
#: reads O.OO in columns 1 to 4), so every other move loses at O's next move. Column 2
#: blocks and makes a threat of X's own; O's forced block makes two threats of O's, and X
#: can stop one: the loss comes at ply 4, just past a depth-3 horizon.
HORIZON = "01140331535310"
#: X to move, nothing forced. Column 4 makes a threat (X's diagonal from column 1 up to
#: column 4 then needs the cell above O's piece in column 2), and a depth-3 search plays
#: it; O's only answer, the block, gives O three in a row with both ends open (columns 1
#: and 5), so column 4 loses at ply 4. Searched 4 plies deep or more, X plays column 2.
TEMPTING_THREAT = "4430431235"
#: p9.3's node: MAX, entered with this window, returns this value after a cut-off.
CUT_OFF = {"player": "MAX", "alpha": 0, "beta": 0.5, "value": 0.5}
#: p9.4's node: MIN, entered with the same window, cut off by a reply worth alpha.
MIN_CUT_OFF = {"player": "MIN", "alpha": 0, "beta": 0.5, "value": 0}
#: p9.5: iterative deepening on the empty board, to this depth, against one search.
DEEPENING_DEPTH = 8

ORDERING = [
    "About as many: alpha-beta finds the same value in any order.",
    "About half as many.",
    "About a tenth as many, or fewer.",
]
def flag_options(data) -> list:
    """The three things a table may conclude about a node that returned ``data["value"]``."""
    v = data["value"]
    return [f"Its value is exactly {v}.", f"Its value is at least {v}.",
            f"Its value is at most {v}."]


FLAGS = flag_options(CUT_OFF)
DEEPENING = [
    "Fewer nodes in all: the table makes the repeats free.",
    "More nodes in all, but its last search, to depth 8, needs fewer than the one search.",
    "More nodes in all, and its last search needs about as many as the one search.",
]
HORIZON_OPTIONS = [
    "About the same, a little below 0: column 2 holds.",
    "-1: the loss is still there, only pushed past the depth-3 horizon.",
    "+1: the threat wins the game for X.",
]
THREAT_OPTIONS = [
    "About what depth 3 says: a little above 0.",
    "-1: O's forced answer costs X the game.",
    "+1: the threat wins the game for X.",
]


def plain_nodes(depth, cols=7, rows=6) -> int:
    """Nodes plain minimax visits from the empty board to ``depth`` (estimates at the limit).

    >>> plain_nodes(2)
    57
    """
    return minimax(ConnectFour(rows, cols), depth=depth, evaluate=lambda state: 0).nodes


def _plain_nodes_mistakes(data):
    cols, depth = data["cols"], data["d"]
    return [("counts-leaves", cols ** depth),
            ("depth-off-by-one", plain_nodes(depth - 1, cols)),
            ("depth-off-by-one", plain_nodes(depth + 1, cols))]


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


@functools.lru_cache(maxsize=None)
def deepening_nodes(depth=DEEPENING_DEPTH) -> dict:
    """Nodes on the empty board, centre first with the table: one ``table_search`` to
    ``depth`` ("once"), iterative deepening to ``depth`` in all ("all") and in its last
    search ("last").

    >>> deepening_nodes(3)   # too shallow for the ordering to pay
    {'once': 76, 'all': 108, 'last': 76}
    """
    game = ConnectFour()
    order = centre_first(game)
    once = table_search(game, depth=depth, evaluate=game.estimate, order=order)
    runs = deepen(game, max_depth=depth, evaluate=game.estimate, order=order)
    return {"once": once.nodes, "all": sum(r.nodes for r in runs), "last": runs[-1].nodes}


def _deepening_letter(data):
    n = deepening_nodes(data["depth"])
    if n["all"] < n["once"]:
        return "a"
    return "b" if n["last"] < 0.9 * n["once"] else "c"


def horizon_values(depth):
    """Each column's value in HORIZON, searched ``depth`` plies deep (X's point of view)."""
    game = ConnectFour()
    return column_values(game, game.play(HORIZON), depth=depth, evaluate=game.estimate)


def _deeper_letter(values_at):
    """What a depth-5 search says of the move a depth-3 search likes: "a" about the same,
    "b" a loss, "c" a win (``values_at(depth)``: each move's value at that depth)."""
    shallow, deep = values_at(3), values_at(5)
    v = deep[max(shallow, key=shallow.get)]
    return "b" if v == -1 else "c" if v == 1 else "a"


def _horizon_letter(data):
    return _deeper_letter(horizon_values)


def threat_values(depth, *, quiescence=False):
    """Each column's value in TEMPTING_THREAT, searched ``depth`` plies deep (X's view)."""
    game = ConnectFour()
    return column_values(game, game.play(TEMPTING_THREAT), depth=depth, evaluate=game.estimate,
                         order=centre_first(game), quiescence=quiescence)


def _threat_letter(data):
    return _deeper_letter(threat_values)


def _flag_letter(data):
    return flag_letter(data["value"], data["alpha"], data["beta"])


def _flag_mistakes(data):
    """Each wrong letter's mistake: a bound taken as exact, the bounds' directions swapped
    (at a MIN node cut off, the belief that a cut-off always gives a lower bound), or an
    exact value taken for a bound."""
    right = _flag_letter(data)
    if right == "a":
        return {"b": "exact-taken-as-bound", "c": "exact-taken-as-bound"}
    if right == "c" and data.get("player", "MAX") == "MIN":
        return {"a": "bound-as-exact", "b": "cut-off-taken-as-lower"}
    return {"a": "bound-as-exact", ("c" if right == "b" else "b"): "bound-flag-reversed"}


PREDICTIONS = (
    ValueQuestion(
        "p9.1", "Plain minimax (no pruning) searches the empty Connect Four board ({cols} "
                "columns) {d} plies deep and estimates the positions where it stops. How many "
                "nodes does it visit, the root included?",
        data={"d": 4, "cols": 7},
        solve=lambda d: plain_nodes(d["d"], d["cols"]), mistakes=_plain_nodes_mistakes,
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
        flag_options, data=CUT_OFF,
        solve=_flag_letter, mistakes=_flag_mistakes, title="p9.3 What a cut-off value means"),
    ChoiceQuestion(
        "p9.4", "A MIN node is entered with the same window, alpha = {alpha}, beta = {beta}. "
                "Its first reply returns {value}, so it stops at once ({value} <= alpha: MAX "
                "has {alpha} elsewhere already) and returns {value}. What may the table "
                "conclude about this node?",
        flag_options, data=MIN_CUT_OFF,
        solve=_flag_letter, mistakes=_flag_mistakes, title="p9.4 A cut-off at MIN"),
    ChoiceQuestion(
        "p9.5", "Alpha-beta with the table and the middle first searches the empty board to "
                "depth {depth} once. Iterative deepening searches depth 1, 2, ..., {depth} "
                "with one shared table, each depth trying first the moves the depth before "
                "found best. How do its nodes compare with the one search's?",
        DEEPENING, data={"depth": DEEPENING_DEPTH}, solve=_deepening_letter,
        mistakes=lambda d: {"a": "deepening-pays-for-itself", "c": "deepening-gains-nothing"},
        title="p9.5 What deepening costs"),
    ChoiceQuestion(
        "p9.6", "X to move. A depth-3 search says every column loses (-1) except column 2, "
                "worth a little below 0: playing 2 blocks O's threat in the bottom row and "
                "makes a threat of X's own, which O must block. What does a depth-5 search "
                "say column 2 is worth?",
        HORIZON_OPTIONS, data={"moves": HORIZON}, solve=_horizon_letter,
        mistakes=lambda d: {"a": "trusts-the-horizon", "c": "one-threat-wins"},
        title="p9.6 Past the horizon"),
    ChoiceQuestion(
        "p9.7", "X to move, and nothing is forced. A depth-3 search plays column 4: a threat, "
                "which O must block in column 2. What does a depth-5 search say column 4 is "
                "worth?",
        THREAT_OPTIONS, data={"moves": TEMPTING_THREAT}, solve=_threat_letter,
        mistakes=lambda d: {"a": "trusts-the-horizon", "c": "one-threat-wins"},
        title="p9.7 A tempting threat"),
)

# -- the exercises at the end of the lesson (q9.1 to q9.4) -----------------------------------
FOUR = ConnectFour()


def four_listing(board) -> str:
    """A Connect Four board (row strings, top first) with the column numbers underneath."""
    return "\n".join(" ".join(row) for row in board) + "\n" + " ".join(
        str(c) for c in range(len(board[0])))


def columns_winning_now(game, state) -> list:
    """The columns where the player to move completes four in a row."""
    return [a for a in game.actions(state) if game.winner(game.result(state, a))]


def forced_win_within(game, state, plies) -> bool:
    """Can the player to move force a win within ``plies`` (odd) plies? Exhaustive."""
    for a in game.actions(state):
        child = game.result(state, a)
        if game.winner(child):
            return True
        if plies >= 3 and not game.is_terminal(child) and all(
                not game.is_terminal(game.result(child, r))
                and forced_win_within(game, game.result(child, r), plies - 2)
                for r in game.actions(child)):
            return True
    return False


def blocking_columns(game, state) -> list:
    """Columns where the opponent would win next unless the player to move plays there."""
    found = []
    for c in game.actions(state):
        others = [game.result(state, a) for a in game.actions(state) if a != c]
        if others and all(c in game.actions(after) and game.winner(game.result(after, c))
                          for after in others):
            found.append(c)
    return found


def _random_four_position(rng, keep):
    """Seeded random play on the full board until ``keep(state)`` holds."""
    while True:
        state = FOUR.initial_state()
        for _ in range(rng.randint(8, 30)):
            if FOUR.is_terminal(state):
                break
            state = FOUR.result(state, rng.choice(FOUR.actions(state)))
        if not FOUR.is_terminal(state) and keep(state):
            return {"board": FOUR.board(state), "state": list(state)}


def _must_block(state):
    columns = blocking_columns(FOUR, state)
    return (not columns_winning_now(FOUR, state) and len(columns) == 1
            and not columns_winning_now(FOUR, FOUR.result(state, columns[0])))


def _wins_in_three(state):
    return not columns_winning_now(FOUR, state) and forced_win_within(FOUR, state, 3)


def winning_columns_in_three(data) -> set:
    """Every column after which the player to move wins by force on their next move."""
    state = tuple(data["state"])
    return {a for a in FOUR.actions(state)
            if all(not FOUR.is_terminal(FOUR.result(FOUR.result(state, a), r))
                   and columns_winning_now(FOUR, FOUR.result(FOUR.result(state, a), r))
                   for r in FOUR.actions(FOUR.result(state, a)))}


def _four_mover(data):
    return "X" if FOUR.to_move(tuple(data["state"])) == "max" else "O"


def _flag_case(rng):
    alpha = rng.randint(-5, 2)
    beta = alpha + rng.randint(1, 5)
    value = rng.choice([alpha - rng.randint(0, 2), beta + rng.randint(0, 2),
                        rng.randint(alpha + 1, beta - 1) if beta - alpha > 1 else alpha])
    return {"player": rng.choice(["MAX", "MIN"]), "alpha": alpha, "beta": beta, "value": value}


QUESTIONS = (
    ValueQuestion(
        "q9.1", "Plain minimax (no pruning) searches the empty Connect Four board with 6 rows "
                "and {cols} columns, {d} plies deep, estimating the positions where it stops. "
                "How many nodes does it visit, the root included?",
        make=lambda rng: {"cols": rng.randint(4, 7), "d": rng.randint(2, 4)},
        solve=lambda d: plain_nodes(d["d"], d["cols"]), mistakes=_plain_nodes_mistakes,
        hint="a whole number", title="q9.1 Nodes of plain minimax"),
    ValueQuestion(
        "q9.2", lambda d: f"{_four_mover(d)} to move. The other player threatens to win on "
                          "their next move. Which column must "
                          f"{_four_mover(d)} play?",
        make=lambda rng: _random_four_position(rng, _must_block),
        solve=lambda d: set(blocking_columns(FOUR, tuple(d["state"]))),
        listing=lambda d: four_listing(d["board"]), hint="a column number, 0-6",
        title="q9.2 Block the threat"),
    ChoiceQuestion(
        "q9.3", "A {player} node is entered with the window alpha = {alpha}, beta = {beta}, and "
                "alpha-beta returns {value} from it. What may a transposition table store "
                "about the node's true value?",
        lambda d: [f"It is exactly {d['value']}.", f"It is at least {d['value']}.",
                   f"It is at most {d['value']}."],
        make=_flag_case, solve=_flag_letter, mistakes=_flag_mistakes,
        title="q9.3 Exact value or bound?"),
    ValueQuestion(
        "q9.4", lambda d: f"{_four_mover(d)} to move can force a win within three moves (its "
                          "move, the reply, its winning move), though not at once. Which "
                          "column starts the forced win?",
        make=lambda rng: _random_four_position(rng, _wins_in_three),
        solve=winning_columns_in_three,
        listing=lambda d: four_listing(d["board"]), hint="a column number, 0-6",
        title="q9.4 A win in three"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "HORIZON", "CUT_OFF", "MIN_CUT_OFF", "ORDERING", "FLAGS",
           "DEEPENING", "DEEPENING_DEPTH", "HORIZON_OPTIONS", "TEMPTING_THREAT", "THREAT_OPTIONS",
           "plain_nodes", "ordering_ratio", "flag_letter", "flag_options", "deepening_nodes",
           "horizon_values", "threat_values",
           "FOUR", "four_listing", "columns_winning_now", "forced_win_within",
           "blocking_columns", "winning_columns_in_three"]
