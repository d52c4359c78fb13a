"""The exercises at the end of the lessons, registered by id (``q<lesson>.<n>``).

Loaded by :func:`~minimax_lessons.exercises.check.check` on first use, like
:mod:`~minimax_lessons.exercises.bank` (which holds lesson 3's questions).
Each lesson has three tiers: ★ checks that you followed the lesson, ★★ is
practice, ★★★ a challenge. Almost every question draws its own tree, board or
numbers from the seed; the right answer is *recomputed* from that variant with
the package's searches, and the three fixed answers (q4.1, q5.2, q6.12) are
stored as salted hashes.

========  =====================================================================
lesson    questions
========  =====================================================================
1         q1.1 who moves at depth k ★, q1.2 plies ★, q1.3 a finished board's
          utility ★★, q1.4 which rescaling keeps MAX's choice ★★, q1.5 how
          many games from a position ★★★
2         q2.1 a node's value ★, q2.2 the root's value (MIN first) ★, q2.3 the
          best move ★★, q2.4 diagnose a student's values ★★, q2.5 a tree where
          a player moves twice ★★★
4         q4.1 perfect play is... ★, q4.2 a position's value ★, q4.3 the best
          square ★★, q4.4 find the bug (swapped signs and others) ★★, q4.5
          write minimax on boards ★★★, q4.6 the fastest win (depth-discounted
          utilities) ★★★
5         q5.1 nodes of a uniform tree ★, q5.2 what "optimal" means ★, q5.3 a
          depth-limited value with estimates ★★, q5.4 nodes of iterative
          deepening ★★, q5.5 write an evaluation function ★★★
6         q6.1 pruned leaves ★, q6.2 the window at a node ★★, q6.3 pruned
          subtrees ★★, q6.4 the Knuth-Moore count ★★, q6.5 pruning with the
          strict rule ★★★, q6.6 write alpha-beta ★★★
7         q7.1 the negamax identity ★, q7.2 negamax's value at a MIN root ★★,
          q7.3 positions for a transposition table ★★, q7.4 expectiminimax ★★,
          q7.5 expectiminimax with MIN below chance ★★★
8         q8.1 a UCB1 score ★, q8.2 which child is selected next ★★, q8.3 write
          the back-up step ★★★, q8.4 a MIN node's mean after a back-up ★★
9         q9.1 nodes of plain minimax on Connect Four ★, q9.2 the column that
          blocks ★★, q9.3 what a stored value means (exact or a bound) ★★,
          q9.4 a win in three moves ★★★
graded    q6.7 to q6.14: ``notebooks/exercises/06-alphabeta-exercises.ipynb``
========  =====================================================================
"""

from __future__ import annotations

import inspect
import math
import string

from ..games.connectfour import ConnectFour
from ..search.engine import bound_flag
from ..search.adversarial import alphabeta, best_first, expectiminimax, iterative_deepening, minimax, solve
from ..games.tictactoe import TicTacToe
from ..games.tree import GameTree, uniform_tree_size
from . import variants
from .check import register
from .nested import random_nested, to_game
from .questions import (Bug, ChoiceQuestion, FillQuestion, FindBugQuestion, FunctionQuestion,
                        PrunedQuestion, ValueQuestion, WindowQuestion, tree_value_question)
from .variants import (VARIANTS, minimax_max_everywhere, minimax_min_everywhere,
                       minimax_players_swapped)
from .variants import minimax as nested_minimax

GAME = TicTacToe()
LETTERS = string.ascii_lowercase


# =============================================================================
# Shared makers: random trees and tic-tac-toe positions from a seeded rng
# =============================================================================
def random_position(rng, empty, *, terminal=False):
    """A board reached by random play with ``empty`` squares left (over or not, as asked)."""
    while True:
        board = GAME.initial_state()
        while board.count(".") > empty and not GAME.is_terminal(board):
            board = GAME.result(board, rng.choice(GAME.actions(board)))
        if board.count(".") == empty and GAME.is_terminal(board) == terminal:
            return board


def numbered(board) -> str:
    """A board beside the numbers of its squares (the digit 0 never sits next to an O).

    >>> print(numbered("XO..X...O"))
    X O .    0 1 2
    . X .    3 4 5
    . . O    6 7 8
    """
    rows = []
    for r in (0, 3, 6):
        marks = " ".join(board[r:r + 3])
        rows.append(f"{marks}    {' '.join(str(i) for i in range(r, r + 3))}")
    return "\n".join(rows)


def mover(board) -> str:
    """'X (MAX)' or 'O (MIN)': who moves next on ``board``."""
    return "X (MAX)" if GAME.to_move(board) == "max" else "O (MIN)"


def move_values(board) -> dict:
    """Square -> minimax value of playing there."""
    return {a: minimax(GAME, GAME.result(board, a)).value for a in GAME.actions(board)}


def best_squares(board, *, for_player=None) -> frozenset:
    """The squares that reach the best value for the player to move (or ``for_player``)."""
    values = move_values(board)
    player = for_player or GAME.to_move(board)
    best = max(values.values()) if player == "max" else min(values.values())
    return frozenset(a for a, v in values.items() if v == best)


def signed(x) -> str:
    """A score as a student writes it: +10, 0, -10."""
    return f"{x:+d}" if x else "0"


# =============================================================================
# Lesson 1: game trees and leaf scores
# =============================================================================
def _who_moves(rng):
    root = rng.choice(["MAX", "MIN"])
    return {"root": root, "k": rng.randint(2, 7)}


def _who_moves_answer(data):
    same = data["k"] % 2 == 0
    return "a" if (data["root"] == "MAX") == same else "b"


def _who_moves_note(data):
    other = "ab".replace(_who_moves_answer(data), "")
    return {other: "Count again: the root's children are 1 ply below it, and the player "
                   "changes at every ply."}


def _uneven_tree(rng):
    depth = rng.randint(3, 4)

    def grow(level):
        if level == depth or (level > 1 and rng.random() < 0.35):
            return rng.randint(-9, 9)
        return [grow(level + 1) for _ in range(rng.randint(1, 3))]

    while True:
        nested = [grow(1) for _ in range(rng.randint(2, 3))]
        if 2 <= to_game(nested).height and len(to_game(nested)) <= 22:
            return {"tree": nested, "is_max": True}


def _finished_board(rng):
    outcome = rng.choice(["X", "O", "draw", "O", "X"])
    scale = rng.choice([1, 10, 100])
    while True:
        board = random_position(rng, rng.randint(0, 4), terminal=True)
        game = TicTacToe(scores=(scale, 0, -scale))
        u = game.utility(board)
        if {"X": u > 0, "O": u < 0, "draw": u == 0}[outcome]:
            return {"board": board, "win": signed(scale), "loss": signed(-scale), "scale": scale}


def _board_utility(data):
    return TicTacToe(scores=(data["scale"], 0, -data["scale"])).utility(data["board"])


def _board_utility_mistakes(data):
    u = _board_utility(data)
    found = [("signs-swapped", -u)] if u else []
    if data["scale"] != 1 and u:
        found.append(("wrong-scale", 1 if u > 0 else -1))
    return found


#: Rescalings f(x) of leaf scores: (text, function). The first group keeps the order.
INCREASING = [("10 * x - 7", lambda x: 10 * x - 7), ("x + 100", lambda x: x + 100),
              ("x ** 3", lambda x: x ** 3), ("2 ** x", lambda x: 2 ** x),
              ("x / 4", lambda x: x / 4)]
OTHERS = [("-x", lambda x: -x), ("x ** 2", lambda x: x ** 2), ("abs(x)", abs),
          ("10 - x", lambda x: 10 - x), ("-3 * x + 1", lambda x: -3 * x + 1)]
RESCALINGS = dict(INCREASING + OTHERS)


def _rescalings(rng):
    options = [rng.choice(INCREASING)[0]] + [text for text, _ in rng.sample(OTHERS, 3)]
    rng.shuffle(options)
    return {"options": options}


def _order_breaker(text):
    """A pair a < b (leaf scores from -9 to 9) whose order f does not keep, or None."""
    f = RESCALINGS[text]
    for a in range(-9, 10):
        for b in range(a + 1, 10):
            if not f(a) < f(b):
                return a, b
    return None


def _keeps_order(data):
    keeping = [i for i, text in enumerate(data["options"]) if _order_breaker(text) is None]
    return LETTERS[keeping[0]]


def _rescaling_mistakes(data):
    notes = {}
    for letter, text in zip(LETTERS, data["options"]):
        pair = _order_breaker(text)
        if pair:
            a, b = pair
            notes[letter] = (f"f(x) = {text} gives {a} -> {RESCALINGS[text](a):g} and "
                             f"{b} -> {RESCALINGS[text](b):g}: {b} is no longer above {a}, so MAX "
                             "may choose differently.")
    return notes


def _games_position(rng):
    while True:
        board = random_position(rng, 4)
        leaves = minimax(GAME, board).leaves
        if leaves < math.factorial(4):
            return {"board": board}


def _games_mistakes(data):
    board = data["board"]
    finals = {s for s in solve(GAME, board) if GAME.is_terminal(s)}
    return [("ignores-wins", math.factorial(board.count("."))),
            ("counts-nodes", minimax(GAME, board).nodes),
            ("counts-positions", len(finals))]


register(
    ChoiceQuestion(
        "q1.1", "Players alternate: {root} moves at the root. Who moves at a node {k} plies "
                "below the root?",
        ["MAX", "MIN"], make=_who_moves, solve=_who_moves_answer,
        mistakes=_who_moves_note,
        title="q1.1 Who moves there?"),
    ValueQuestion(
        "q1.2", "How many plies deep is this tree: how many moves are there on its longest "
                "line of play, from the root A down to the deepest leaf?",
        make=_uneven_tree, solve=lambda d: to_game(d["tree"]).height,
        mistakes=lambda d: [("counts-levels", to_game(d["tree"]).height + 1)],
        tree=lambda d: to_game(d["tree"]), hint="a whole number",
        title="q1.2 How deep?"),
    ValueQuestion(
        "q1.3", "X is MAX. This version of tic-tac-toe scores a win for X {win}, a draw 0 and "
                "a win for O {loss}. The game below is over: what is its utility?",
        make=_finished_board, solve=_board_utility, mistakes=_board_utility_mistakes,
        listing=lambda d: GAME.text(d["board"]), title="q1.3 Score a finished game"),
    ChoiceQuestion(
        "q1.4", "Leaf scores are whole numbers from -9 to 9. Every leaf score x of a game tree "
                "is replaced by f(x). Which f keeps MAX's choice the same on every such tree?",
        lambda d: [f"f(x) = {text}" for text in d["options"]], make=_rescalings,
        solve=_keeps_order, mistakes=_rescaling_mistakes,
        title="q1.4 Only the order matters"),
    ValueQuestion(
        "q1.5", lambda d: f"{mover(d['board'])} moves next. How many different games can still "
                          "be played from this position? (A game is a sequence of moves that "
                          "ends with three in a row or a full board.)",
        make=_games_position, solve=lambda d: minimax(GAME, d["board"]).leaves,
        mistakes=_games_mistakes, listing=lambda d: GAME.text(d["board"]),
        hint="a whole number", title="q1.5 How many games?"),
)


# =============================================================================
# Lesson 2: backing up values
# =============================================================================
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


register(
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


# =============================================================================
# Lesson 4: tic-tac-toe
# =============================================================================
def _position_value_mistakes(data):
    board, player = data["board"], "X" if GAME.to_move(data["board"]) == "max" else "O"
    return [(vid, fn(list(board), player)) for vid, fn in VARIANTS["board_minimax"]
            if vid != "board-not-restored"]


def _best_square_position(rng):
    while True:
        board = random_position(rng, rng.randint(4, 6))
        best = best_squares(board)
        if len(best) <= 2 and len(best) < len(GAME.actions(board)):
            return {"board": board}


def _best_square_mistakes(data):
    board = data["board"]
    other = "min" if GAME.to_move(board) == "max" else "max"
    found = [("players-swapped", a) for a in sorted(best_squares(board, for_player=other))]
    return found + [("one-based-move", a + 1) for a in sorted(best_squares(board))]


BOARD_MINIMAX = '''\
def minimax(board, player):
    w = winner(board)
    if w is not None:
        return 1 if w == "X" else -1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(minimax(board, other))
            board[square] = "."
    return max(values) if player == "X" else min(values)
'''

class FastWins(TicTacToe):
    """Tic-tac-toe with depth-discounted utilities: a win scores 10 minus the pieces on the
    board (sooner is better), a loss minus that, a draw 0.

    >>> FastWins().utility("XXXOO...."), FastWins().utility("XOXXOOOXX")
    (5, 0)
    """

    def utility(self, state):
        return super().utility(state) * (1 + state.count("."))


FAST_WINS = FastWins()


def fastest_squares(board) -> frozenset:
    """The squares X plays on ``board`` under depth-discounted utilities (all equally good)."""
    values = {a: minimax(FAST_WINS, FAST_WINS.result(board, a)).value
              for a in FAST_WINS.actions(board)}
    return frozenset(a for a, v in values.items() if v == max(values.values()))


def wins_at_once(board) -> list:
    """The squares where the player to move completes a line now.

    >>> wins_at_once("XX.OO....")
    [2]
    """
    return [a for a in GAME.actions(board)
            if GAME.is_terminal(GAME.result(board, a)) and GAME.utility(GAME.result(board, a))]


def _slow_win_position(rng):
    """X to move and winning, with no win in one move, where plain minimax's square is not
    the fastest way to win (so the answer needs a search, not a glance at the board)."""
    while True:
        board = random_position(rng, 5)
        if wins_at_once(board) or minimax(GAME, board).value != 1:
            continue
        if minimax(GAME, board).move not in fastest_squares(board):
            return {"board": board}


register(
    ChoiceQuestion(
        "q4.1", "Both players play perfectly from the empty board. How does tic-tac-toe end?",
        ["X wins.", "A draw.", "O wins."],
        answer_hash="68395c6a0fa445202ce11f69",
        mistakes={"c26cc03206515050b69f6f52": "X moves first, but O can always block: minimax "
                                              "finds no way for X to force three in a row.",
                  "084b8f30f1d90f7e5a7608c3": "O moves second and cannot force a win against "
                                              "perfect play by X."},
        title="q4.1 Perfect play"),
    ValueQuestion(
        "q4.2", lambda d: f"{mover(d['board'])} moves next. X is MAX: +1 when X wins, 0 for a "
                          "draw, -1 when O wins. What is the minimax value of this position?",
        make=lambda rng: {"board": random_position(rng, rng.randint(4, 5))},
        solve=lambda d: minimax(GAME, d["board"]).value, mistakes=_position_value_mistakes,
        listing=lambda d: GAME.text(d["board"]), title="q4.2 The value of a position"),
    ValueQuestion(
        "q4.3", lambda d: f"{mover(d['board'])} moves next. Which square should it play? "
                          "Empty squares show their numbers (0-8, row by row).",
        make=_best_square_position, solve=lambda d: best_squares(d["board"]),
        mistakes=_best_square_mistakes, listing=lambda d: numbered(d["board"]),
        hint="a square number (0-8)", title="q4.3 The best square"),
    FindBugQuestion(
        "q4.4", "This minimax for tic-tac-toe has one bug. The board is a list of 9 cells "
                "\"X\", \"O\" or \".\"; winner(board) returns \"X\", \"O\" or None; X is MAX. "
                "Give (line number, bug id).",
        BOARD_MINIMAX,
        [Bug("signs-swapped", 4, 'return 1 if w == "O" else -1'),
         Bug("signs-swapped", 4, 'return -1 if w == "X" else 1'),
         Bug("players-swapped", 14, 'return min(values) if player == "X" else max(values)'),
         Bug("max-at-every-level", 14, "return max(values)"),
         Bug("board-not-restored", 13, "board[square] = player")],
        title="q4.4 Find the bug"),
    FunctionQuestion(
        "q4.5", "Write a function minimax(board, player) (any name will do) for "
                "tic-tac-toe: board is a list of 9 cells \"X\", \"O\" or \".\", player is "
                "\"X\" (MAX) or \"O\"; return +1 if X wins with perfect play, -1 if O does, "
                "0 for a draw. Leave the board as you found it.",
        "board_minimax", title="q4.5 Write minimax on boards"),
    ValueQuestion(
        "q4.6", "X (MAX) moves next and can force a win, though not in one move. Plain "
                "minimax scores every win +1, however many moves it takes, and plays the first "
                "best square, so here it picks a slower win. Score finished games by how soon "
                "they end instead: a win for X scores 10 minus the number of pieces on the "
                "board, a win for O minus that, a draw 0. Which square does minimax play with "
                "these scores? (Hint: subclass TicTacToe, override utility(board), and run "
                "the package's minimax on your game; if two squares win equally fast, either "
                "is right.) Squares are numbered 0-8, row by row.",
        make=_slow_win_position, solve=lambda d: fastest_squares(d["board"]),
        mistakes=lambda d: [("no-discount", minimax(GAME, d["board"]).move)]
        + [("one-based-move", a + 1) for a in sorted(fastest_squares(d["board"]))],
        listing=lambda d: numbered(d["board"]), hint="a square number (0-8)",
        title="q4.6 The fastest win"),
)


# =============================================================================
# Lesson 5: the cost of looking ahead
# =============================================================================
#: Nodes of a uniform tree (its old name here).
uniform_size = uniform_tree_size


def _uniform(rng):
    return {"b": rng.randint(2, 5), "d": rng.randint(2, 4)}


def _node_count_mistakes(data):
    b, d = data["b"], data["d"]
    return [("counts-leaves", b ** d), ("depth-off-by-one", uniform_tree_size(b, d - 1)),
            ("depth-off-by-one", uniform_tree_size(b, d + 1))]


def _estimated_tree(rng):
    while True:
        nested = random_nested(rng, branching=2, depth=3)
        spec = _with_estimates(nested, rng)
        game = GameTree.from_dict(spec)
        depth = rng.choice([1, 2])
        values = [minimax(game, depth=k).value for k in (depth - 1, depth, depth + 1)]
        if values[1] not in (values[0], values[2], minimax(game).value):
            return {"spec": spec, "depth": depth}


def _with_estimates(nested, rng):
    """A from_dict spec of ``nested`` whose inner nodes carry estimates (heuristic values)."""
    if not isinstance(nested, list):
        return {"value": nested}
    return {"value": rng.randint(-9, 9),
            "children": [_with_estimates(c, rng) for c in nested]}


def _estimates(data):
    game = GameTree.from_dict(data["spec"])
    notes = {n: f"estimate {game.node(n).value}" for n in game.nodes
             if not game.node(n).is_leaf and n != game.root}
    return game, notes


def _depth_limited_mistakes(data):
    game, k = GameTree.from_dict(data["spec"]), data["depth"]
    return [("depth-ignored", minimax(game).value),
            ("depth-off-by-one", minimax(game, depth=k - 1).value),
            ("depth-off-by-one", minimax(game, depth=k + 1).value),
            ("depth-per-round", minimax(game, depth=2 * k).value)]


def deepening_nodes(branching, depth):
    """Nodes visited by iterative deepening (minimax to depth 1, 2, ..., d), all searches."""
    tree = GameTree.random(branching, depth, seed=0)
    return sum(r.nodes for r in iterative_deepening(tree, max_depth=depth, search=minimax,
                                                    evaluate=lambda state: 0))


register(
    ValueQuestion(
        "q5.1", "In a game tree every position has {b} moves and every line of play is {d} "
                "plies long. How many nodes (positions) does the tree have, the root included?",
        make=_uniform, solve=lambda d: uniform_tree_size(d["b"], d["d"]),
        mistakes=_node_count_mistakes, hint="a whole number", title="q5.1 Count the nodes"),
    ChoiceQuestion(
        "q5.2", "At the root MAX chooses between B, where MIN can only answer 3, 3 or 3, and C, "
                "where MIN chooses among 2, 20 and 20. Minimax picks B. Against which MIN is B "
                "the better choice?",
        ["Against any MIN at all.",
         "Against a MIN who always plays her best reply.",
         "Against a MIN who picks one of her moves at random."],
        answer_hash="732ad3d4c12702a5bc635cd9",
        mistakes={"e9150c492103c517322cb8ce": "Not against a random MIN: C is worth "
                                              "(2 + 20 + 20) / 3 = 14 on average there. "
                                              "Minimax only promises the worst case.",
                  "924d94502eecc3651d082f03": "Against a random MIN, C is worth "
                                              "(2 + 20 + 20) / 3 = 14 on average: minimax "
                                              "maximises the worst case, not the average."},
        title="q5.2 What optimal means"),
    ValueQuestion(
        "q5.3", lambda d: f"MAX moves at the root A. The search looks {d['depth']} "
                          f"{'ply' if d['depth'] == 1 else 'plies'} ahead; a position where it "
                          "stops is scored by the estimate written beside it (leaves keep their "
                          "real scores). What value does the search give A?",
        make=_estimated_tree,
        solve=lambda d: minimax(GameTree.from_dict(d["spec"]), depth=d["depth"]).value,
        mistakes=_depth_limited_mistakes, tree=_estimates,
        title="q5.3 Stop early and estimate"),
    ValueQuestion(
        "q5.4", "Every position has {b} moves and every line of play is {d} plies long. "
                "iterative_deepening(game, max_depth={d}, search=minimax) runs plain minimax "
                "(no pruning: search=minimax, not the default alphabeta) to depth 1, then 2, "
                "..., then {d}. How many nodes do these searches visit in total (a node "
                "visited by two searches counts twice)?",
        make=lambda rng: {"b": rng.randint(2, 3), "d": rng.randint(3, 4)},
        solve=lambda d: deepening_nodes(d["b"], d["d"]),
        mistakes=lambda d: [("counts-last-iteration", uniform_tree_size(d["b"], d["d"])),
                            ("depth-off-by-one", deepening_nodes(d["b"], d["d"]) + 1)],
        hint="a whole number", title="q5.4 The cost of iterative deepening"),
    FunctionQuestion(
        "q5.5", "Write evaluate(board) for tic-tac-toe, board a 9-character string such as "
                "\"X.O.X....\", for a depth-limited search: minimax(TicTacToe(), board, "
                "depth=d, evaluate=evaluate). It returns a number, higher when X (MAX) stands "
                "better, the same for a board and its mirror image (or rotation). The search "
                "scores finished games itself (+1 X wins, -1 O wins, 0 a draw) and calls "
                "evaluate only on unfinished boards, so every estimate must lie strictly "
                "between -1 and +1. The checker runs such searches with your function: they "
                "must take a win when there is one and block a threat.",
        "evaluate", title="q5.5 Write an evaluation function"),
)


# =============================================================================
# Lesson 6: alpha-beta pruning (q6.1-q6.6), and the graded notebook (q6.7-q6.14)
# =============================================================================
def perfect_order_leaves(branching, depth):
    """Leaves alpha-beta evaluates with the children sorted best first, on a real tree."""
    tree = GameTree.random(branching, depth, seed=0, distinct=True)
    return alphabeta(tree, order=best_first(tree)).leaves


def _knuth_moore_case(rng):
    return rng.choice([{"b": b, "d": d} for b in (2, 3, 4) for d in (2, 3, 4, 5)
                       if b ** d <= 256])


def _knuth_moore_mistakes(data):
    b, d = data["b"], data["d"]
    return [("no-pruning", b ** d), ("knuth-moore-half", b ** math.ceil(d / 2)),
            ("knuth-moore-half", b ** (d // 2))]


def _leaf_count_mistakes(data):
    game = to_game(data["tree"])
    return [("no-pruning", minimax(game).leaves),
            ("prune-strict", alphabeta(game, prune_ties=False).leaves)]


def _pruned_tree(rng):
    while True:
        nested = random_nested(rng, branching=(2, 3), depth=3, low=0, high=9)
        game = to_game(nested)
        if alphabeta(game).leaves != alphabeta(game, prune_ties=False).leaves:
            return {"tree": nested, "is_max": True}


def _code_without_docstring(fn) -> str:
    """A function's source as a student would see it: without its one-line docstring."""
    lines = inspect.getsource(fn).splitlines(keepends=True)
    return "".join(line for line in lines if not line.strip().startswith('"""'))


#: The correct alpha-beta of the variants, shown in find-the-bug questions.
ALPHABETA = _code_without_docstring(variants.alphabeta)

PRUNED = ("Alpha-beta searches this tree left to right, pruning as soon as alpha >= beta. "
          "Which leaves does it never evaluate? (a set of names; a subtree's name stands for "
          "all its leaves)")
STRICT = ("This alpha-beta prunes only when alpha > beta (strictly, as Berkeley's CS188 "
          "autograder does), not when alpha = beta. Which leaves does it never evaluate? (a "
          "set of names; a subtree's name stands for all its leaves)")
WINDOW = ("Alpha-beta searches this tree left to right (MAX at the root A), pruning as soon "
          "as alpha >= beta. What are alpha and beta when it enters node {node}?")
KNUTH_MOORE = ("Every position has {b} moves and every line of play is {d} plies long. "
               "With perfect move ordering (the best move first at every node), how many "
               "leaves does alpha-beta evaluate?")

register(
    PrunedQuestion("q6.1", PRUNED, depth=2, branching=3, title="q6.1 Which leaves are pruned?"),
    WindowQuestion("q6.2", WINDOW, depth=3, branching=2, title="q6.2 The window at a node"),
    PrunedQuestion("q6.3", PRUNED, depth=3, branching=2, title="q6.3 Pruned subtrees"),
    ValueQuestion("q6.4", KNUTH_MOORE, make=_knuth_moore_case,
                  solve=lambda d: perfect_order_leaves(d["b"], d["d"]),
                  mistakes=_knuth_moore_mistakes, hint="a whole number",
                  title="q6.4 The best case"),
    PrunedQuestion("q6.5", STRICT, depth=2, branching=3, low=0, high=5, prune_ties=False,
                   ties_matter=True, title="q6.5 Ties and the strict rule"),
    FunctionQuestion(
        "q6.6", "Write a function alphabeta(node, alpha, beta, is_maximizing) (any name will "
                "do) for nested-list trees; loop over the children with `for child in node` "
                "and stop as soon as alpha >= beta. Leaves may be any number (2.5 as well as 3): "
                "test for an inner node with isinstance(node, list).",
        "alphabeta", title="q6.6 Write alpha-beta"),
    # -- the graded notebook 06-alphabeta-exercises -------------------------------------------
    PrunedQuestion("q6.7", PRUNED, depth=3, branching=(2, 3), title="q6.7 Pruned leaves"),
    WindowQuestion("q6.8", WINDOW, depth=3, branching=(2, 3), title="q6.8 A window"),
    ValueQuestion(
        "q6.9", "Alpha-beta searches this tree left to right, pruning as soon as "
                "alpha >= beta. How many leaves does it evaluate?",
        make=_pruned_tree, solve=lambda d: alphabeta(to_game(d["tree"])).leaves,
        mistakes=_leaf_count_mistakes, tree=lambda d: to_game(d["tree"]),
        hint="a whole number", title="q6.9 Leaves evaluated"),
    PrunedQuestion("q6.10", STRICT, depth=3, branching=2, low=0, high=4, prune_ties=False,
                   ties_matter=True, title="q6.10 The strict rule"),
    ValueQuestion("q6.11", KNUTH_MOORE, make=_knuth_moore_case,
                  solve=lambda d: perfect_order_leaves(d["b"], d["d"]),
                  mistakes=_knuth_moore_mistakes, hint="a whole number",
                  title="q6.11 Perfect ordering"),
    ChoiceQuestion(
        "q6.12", "Alpha-beta searches the same tree twice: once with the children in the "
                 "given order, once with them sorted best first at every node. Which is true?",
        ["The search in the given order always prunes at least as much.",
         "The sorted search may return a different value, because it evaluates other "
         "leaves.",
         "Both searches return the same value at the root."],
        answer_hash="af0d4147a254b5d73a6471b9",
        mistakes={"8c4d8c3cf3e1ace6e683cdb4": "The reverse: with the best move first, alpha-beta "
                                              "prunes the most.",
                  "20bbb688a9cecabec247f8e5": "Pruning never changes the root's value: alpha-beta "
                                              "only skips what cannot change it, in any "
                                              "order."},
        title="q6.12 Move order"),
    FindBugQuestion(
        "q6.13", "This alpha-beta has one bug. Give (line number, bug id).", ALPHABETA,
        [Bug("prune-strict", 9, "if alpha > beta:"),
         Bug("prune-strict", 16, "if alpha > beta:"),
         Bug("alpha-beta-swapped", 7, "value = max(value, alphabeta(child, beta, alpha, False))"),
         Bug("alpha-beta-swapped", 14, "value = min(value, alphabeta(child, beta, alpha, True))"),
         Bug("no-pruning", 10, "pass"),
         Bug("no-pruning", 17, "pass")],
        title="q6.13 Find the bug"),
    FunctionQuestion(
        "q6.14", "Write alphabeta(node, alpha, beta, is_maximizing) that prunes only when "
                 "alpha > beta (the strict rule: with alpha = beta it goes on). Loop over the "
                 "children with `for child in node`; leaves may be any number, so test for an "
                 "inner node with isinstance(node, list).",
        "alphabeta", prune_ties=False, title="q6.14 Alpha-beta, strict rule"),
)


# =============================================================================
# Lesson 7: beyond minimax
# =============================================================================
def _identities(rng):
    a, b = rng.sample(range(-9, 16), 2)
    outer = [max, min] if rng.random() < 0.5 else [min, max]
    blanks = [next(g.__name__ for g in (max, min) if f(a, b) == -g(-a, -b)) for f in outer]
    code = "\n".join(f"{f.__name__}({a}, {b}) == -____({-a}, {-b})" for f in outer)
    return {"code": code + "\n# and the same for every pair of numbers", "blanks": blanks}


def _min_root(rng):
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


def _as_player(spec, chance_as):
    """The spec with chance nodes played by ``chance_as`` ("min", "max"), or uniform ("even")."""
    out = {k: v for k, v in spec.items() if k not in ("children", "probability")}
    if "children" in spec:
        if spec.get("player") == "chance" and chance_as != "even":
            out["player"] = chance_as
        out["children"] = [_as_player(c, chance_as) for c in spec["children"]]
    return out


def _spec_tree(data):
    return GameTree.from_dict(data["spec"])


def _chance_mistakes(data):
    spec = data["spec"]
    return [("chance-as-min", minimax(GameTree.from_dict(_as_player(spec, "min"))).value),
            ("chance-as-min", minimax(GameTree.from_dict(_as_player(spec, "max"))).value),
            ("ignores-probabilities",
             expectiminimax(GameTree.from_dict(_as_player(spec, "even"))).value)]


register(
    FillQuestion(
        "q7.1", "Negamax rests on two identities. Fill in the blanks with max or min.",
        make=_identities, title="q7.1 The negamax identity"),
    ValueQuestion(
        "q7.2", "MIN moves at the root A of this tree (leaves are scored for MAX, as always). "
                "Negamax computes each node's value for the player who moves there. What "
                "does negamax compute for A?",
        make=_min_root, solve=lambda d: -minimax(to_game(d["tree"], False)).value,
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


# =============================================================================
# Lesson 8: Monte Carlo tree search
# =============================================================================
def ucb1(wins, visits, parent_visits, c=math.sqrt(2)):
    """UCB1: the child's mean for its chooser plus the exploration bonus.

    >>> round(ucb1(1, 2, 10), 3)
    2.017
    """
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


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
        values = [ucb1(w, n, big_n)] + [v for _, v in _ucb_mistakes(data)]
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
            out.append(ucb1(w, n, big_n))
        elif rule == "greedy":
            out.append(w / n)
        elif rule == "rare":
            out.append(-n)
        else:  # MIN reading MAX's means: the chooser's wins with the sign switched
            out.append(ucb1(-w if sign < 0 else w, n, big_n))
    return out


def _pick(data, rule) -> str:
    scores = _scores(data, rule)
    return LETTERS[scores.index(max(scores))]


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


# =============================================================================
# Lesson 9: Connect Four (q9.1-q9.4)
# =============================================================================
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


def _flag_letter(data):
    return {"exact": "a", "lower": "b", "upper": "c"}[
        bound_flag(data["value"], data["alpha"], data["beta"])]


def _flag_mistakes(data):
    right = _flag_letter(data)
    if right == "a":
        return {}
    return {"a": "bound-as-exact", ("c" if right == "b" else "b"): "bound-flag-reversed"}


def _four_nodes(cols, depth):
    return minimax(ConnectFour(6, cols), depth=depth, evaluate=lambda state: 0).nodes


register(
    ValueQuestion(
        "q8.1", lambda d: f"A child has been visited n = {d['visits']} times with w = "
                          f"{d['wins']:g} wins (for the player who chose it); its parent, "
                          f"N = {d['parent']} times. What is the child's UCB1 score, "
                          "w/n + c * sqrt(ln(N) / n) with c = sqrt(2)? (two decimals)",
        make=_ucb_counts, solve=lambda d: ucb1(d["wins"], d["visits"], d["parent"]),
        mistakes=_ucb_mistakes, tolerance=0.006, hint="a number with two decimals",
        title="q8.1 A UCB1 score"),
    ChoiceQuestion(
        "q8.2", lambda d: f"UCT is at a {d['player'].upper()} node visited N = {d['parent']} "
                          "times. Which child does UCB1 (c = sqrt 2) select next? (Means are "
                          "from MAX's point of view, as everywhere in the course.)",
        lambda d: [f"{name} (n = {n}, mean for MAX {w / n if d['player'] == 'max' else -w / n:+.2f})"
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
        tolerance=0.006, hint="a number with two decimals", title="q8.4 A mean for MAX"),
)


register(
    ValueQuestion(
        "q9.1", "Plain minimax (no pruning) searches the empty Connect Four board with 6 rows "
                "and {cols} columns, {d} plies deep, estimating the positions where it stops. "
                "How many nodes does it visit, the root included?",
        make=lambda rng: {"cols": rng.randint(4, 7), "d": rng.randint(2, 4)},
        solve=lambda d: _four_nodes(d["cols"], d["d"]),
        mistakes=lambda d: [("counts-leaves", d["cols"] ** d["d"]),
                            ("depth-off-by-one", _four_nodes(d["cols"], d["d"] - 1)),
                            ("depth-off-by-one", _four_nodes(d["cols"], d["d"] + 1))],
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
