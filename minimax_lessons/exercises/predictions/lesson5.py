"""Lesson 5's predictions, asked before the lesson shows the answer.

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

>>> from minimax_lessons.exercises import check
>>> check("p5.1", 121).passed, check("p5.1", 81).diagnosis
(True, 'counts-leaves')
"""

from __future__ import annotations

from ...search.adversarial import iterative_deepening, minimax
from ...games.tictactoe import TicTacToe, open_lines
from ...games.tree import GameTree, uniform_tree_size
from ..check import register
from ..lessons import numbered
from ..questions import ValueQuestion

#: Branching factor and depth of the uniform tree of p5.1 and p5.4.
UNIFORM = (3, 4)
#: X to move, square 8 wins at once; a one-ply search with open_lines plays 7.
WIN_ON_BOARD = "XOXOX.O.."
#: X to move; O threatens 0-4-8, so only square 8 saves the draw.
BLOCK_OR_LOSE = "O.XXOOX.."
#: Utilities beyond every estimate of open_lines (which stays within -8..8).
SCALED_SCORES = (100, 0, -100)


#: Nodes of a uniform tree, root included (the lesson's name for it).
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
    return [("counts-leaves", b ** d), ("depth-off-by-one", tree_size(b, d - 1)),
            ("depth-off-by-one", tree_size(b, d + 1))]


def _deepening_mistakes(data):
    b, d = data["b"], data["d"]
    return [("counts-last-iteration", tree_size(b, d)),
            ("counts-leaves", sum(b ** k for k in range(1, d + 1)))]


def _board(data):
    return numbered(data["board"])


register(
    ValueQuestion(
        "p5.1", "Every position has {b} moves and every line of play is {d} plies long. How "
                "many nodes does the tree have, the root included?",
        data={"b": UNIFORM[0], "d": UNIFORM[1]},
        solve=lambda d: tree_size(d["b"], d["d"]), mistakes=_size_mistakes,
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
