"""Lesson 5, the cost of looking ahead: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p5.1      the nodes of a uniform tree, branching 3 and depth 4
p5.2      the square a one-ply search with ``open_lines`` plays when a win
          is on the board (``WIN_ON_BOARD``)
p5.3      the square a two-ply search plays on ``BLOCK_OR_LOSE``, wins
          scaled to +-100 and ``open_lines`` at the cut-off
p5.4      the nodes of iterative deepening (minimax to depth 1, ..., 4) on
          the tree of p5.1, all searches together
========  ===================================================================

Exercises at the end of the lesson: q5.1 nodes of a uniform tree ★, q5.2 what "optimal"
means ★, q5.3 a depth-limited value with estimates ★★, q5.4 nodes of iterative deepening
★★, q5.5 write an evaluation function ★★★. The fixed answer (q5.2) is stored as a
salted hash.

>>> from minimax_lessons.exercises import check
>>> check("p5.1", 121).passed, check("p5.1", 81).diagnosis
(True, 'counts-leaves')
"""

from __future__ import annotations

from ...games.tictactoe import TicTacToe, open_lines
from ...games.tree import GameTree, uniform_tree_size
from ...search.adversarial import iterative_deepening, minimax
from ..question_kinds import ChoiceQuestion, FunctionQuestion, ValueQuestion
from .common import numbered, random_nested

#: Branching factor and depth of the uniform tree of p5.1 and p5.4.
UNIFORM = (3, 4)
#: X to move, square 8 wins at once; a one-ply search with open_lines plays 7.
WIN_ON_BOARD = "XOXOX.O.."
#: X to move; O threatens 0-4-8, so only square 8 saves the draw.
BLOCK_OR_LOSE = "O.XXOOX.."
#: Utilities beyond every estimate of open_lines (which stays within -8..8).
SCALED_SCORES = (100, 0, -100)


#: Nodes of a uniform tree, root included (the name the lesson's tests know it by).
tree_size = uniform_tree_size


def deepening_searches(branching, depth) -> list:
    """Iterative deepening by minimax on a uniform tree: one result per depth 1..depth."""
    tree = GameTree.random(branching, depth, seed=0)
    return iterative_deepening(tree, max_depth=depth, search=minimax,
                               evaluate=lambda state: 0)


def deepening_total(branching, depth) -> int:
    """Nodes visited by all the searches of iterative deepening together.

    >>> deepening_total(2, 2)
    10
    """
    return sum(r.nodes for r in deepening_searches(branching, depth))


def one_ply_move(board) -> int:
    """The square minimax plays on ``board`` looking one ply ahead, scored by open_lines."""
    return minimax(TicTacToe(), board, depth=1, evaluate=open_lines).move


def two_ply_move(board, *, depth=2) -> int:
    """The square minimax plays on ``board`` with wins at +-100 and open_lines at the cut-off."""
    return minimax(TicTacToe(scores=SCALED_SCORES), board, depth=depth,
                   evaluate=open_lines).move


def _careless_move(board) -> int:
    """The square chosen when O's replies are maximised too (the reply ignored)."""
    game = TicTacToe(scores=SCALED_SCORES)

    def score(state):
        return game.utility(state) if game.is_terminal(state) else open_lines(state)

    def best_below(action):
        child = game.result(board, action)
        if game.is_terminal(child):
            return score(child)
        return max(score(game.result(child, reply)) for reply in game.actions(child))

    return max(game.actions(board), key=best_below)


def _size_mistakes(data):
    b, d = data["b"], data["d"]
    return [("counts-leaves", b ** d), ("depth-off-by-one", uniform_tree_size(b, d - 1)),
            ("depth-off-by-one", uniform_tree_size(b, d + 1))]


def _deepening_mistakes(data):
    b, d = data["b"], data["d"]
    return [("counts-last-iteration", uniform_tree_size(b, d)),
            ("counts-leaves", sum(b ** k for k in range(1, d + 1)))]


def _board(data):
    return numbered(data["board"])


PREDICTIONS = (
    ValueQuestion(
        "p5.1", "Every position has {b} moves and every line of play is {d} plies long. How "
                "many nodes does the tree have, the root included?",
        data={"b": UNIFORM[0], "d": UNIFORM[1]},
        solve=lambda d: uniform_tree_size(d["b"], d["d"]), mistakes=_size_mistakes,
        hint="a whole number", title="p5.1 How many nodes?"),
    ValueQuestion(
        "p5.2", "X to move. The search looks one ply ahead and scores unfinished boards with "
                "open_lines; a won board scores its utility, +1. Which square does it play?",
        data={"board": WIN_ON_BOARD},
        solve=lambda d: one_ply_move(d["board"]),
        mistakes=lambda d: [("win-outscored", 8)], listing=_board,
        hint="a square number, 0-8", title="p5.2 Does it take the win?"),
    ValueQuestion(
        "p5.3", "X to move; wins score +100 and -100, and the boards where the search stops "
                "carry their open_lines estimate. Which square does a two-ply search play?",
        data={"board": BLOCK_OR_LOSE},
        solve=lambda d: two_ply_move(d["board"]),
        mistakes=lambda d: [("one-ply-only", two_ply_move(d["board"], depth=1)),
                            ("ignores-reply", _careless_move(d["board"]))],
        listing=_board, hint="a square number, 0-8", title="p5.3 Two plies ahead"),
    ValueQuestion(
        "p5.4", "Iterative deepening runs minimax to depth 1, 2, 3 and then 4 on the tree of "
                "p5.1 ({b} moves everywhere, {d} plies). How many nodes do the four searches "
                "visit together (a node visited by two searches counts twice)?",
        data={"b": UNIFORM[0], "d": UNIFORM[1]},
        solve=lambda d: deepening_total(d["b"], d["d"]), mistakes=_deepening_mistakes,
        hint="a whole number", title="p5.4 The cost of deepening"),
)


# -- the exercises at the end of the lesson (q5.1 to q5.5) -----------------------------------
def _uniform(rng):
    return {"b": rng.randint(2, 5), "d": rng.randint(2, 4)}


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


QUESTIONS = (
    ValueQuestion(
        "q5.1", "In a game tree every position has {b} moves and every line of play is {d} "
                "plies long. How many nodes (positions) does the tree have, the root included?",
        make=_uniform, solve=lambda d: uniform_tree_size(d["b"], d["d"]),
        mistakes=_size_mistakes, hint="a whole number", title="q5.1 Count the nodes"),
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
        solve=lambda d: deepening_total(d["b"], d["d"]),
        mistakes=lambda d: [("counts-last-iteration", uniform_tree_size(d["b"], d["d"])),
                            ("depth-off-by-one", deepening_total(d["b"], d["d"]) + 1)],
        hint="a whole number", title="q5.4 The cost of iterative deepening"),
    FunctionQuestion(
        "q5.5", "Write evaluate(board) for tic-tac-toe, board a 9-character string such as "
                "\"X.O.X....\", for a depth-limited search: minimax(TicTacToe(), board, "
                "depth=d, evaluate=evaluate). It returns a number, higher when X (MAX) stands "
                "better. The checker compares pairs of unfinished boards with the same pieces "
                "but one: the board where that piece, if it is X's, stands on a square on more "
                "lines (the centre lies on 4 lines, a corner on 3, an edge square on 2), or, if "
                "it is O's, on fewer, must score higher. A board and its mirror image (or "
                "rotation) must score the same. The search scores finished games itself (+1 X "
                "wins, -1 O wins, 0 a draw) and calls evaluate only on unfinished boards, so "
                "every estimate must lie strictly between -1 and +1; the checker also runs "
                "such searches with your function, which must take a win and block a threat.",
        "evaluate", title="q5.5 Write an evaluation function"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "UNIFORM", "WIN_ON_BOARD", "BLOCK_OR_LOSE",
           "SCALED_SCORES", "tree_size", "deepening_searches", "deepening_total",
           "one_ply_move", "two_ply_move"]
