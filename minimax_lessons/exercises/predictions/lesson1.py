"""Lesson 1's predictions (``p1.1`` to ``p1.4``), asked before the lesson shows the answer.

- p1.1: who moves at a node five plies below a MAX root (read off a package tree);
- p1.2: the utility of a finished tic-tac-toe board that O has won;
- p1.3: which rescaling of the leaf scores keeps MAX's choice on every tree;
- p1.4: who wins Nim with heaps 2 and 2 (MIN, by copying MAX's moves).

>>> from minimax_lessons.exercises import check
>>> check("p1.1", "b").passed, check("p1.2", 1).diagnosis
(True, 'signs-swapped')
"""

from __future__ import annotations

import string

from ...games.nim import Nim
from ...search.adversarial import minimax
from ...games.tictactoe import TicTacToe
from ...games.tree import GameTree
from ..check import register
from ..questions import ChoiceQuestion, ValueQuestion

LETTERS = string.ascii_lowercase

# -- p1.1 who moves k plies down ---------------------------------------------------------------
WHO_MOVES_PLIES = 5
PLAYERS = ["MAX", "MIN"]


def chain(plies: int) -> GameTree:
    """A tree with one line of play, ``plies`` moves long, MAX at the root.

    >>> line = chain(2)
    >>> [line.to_move(node) for node in (line.root, line.children(line.root)[0])]
    ['max', 'min']
    """
    nested = 0
    for _ in range(plies):
        nested = [nested]
    return GameTree.from_nested(nested)


def mover_at(tree: GameTree, plies: int) -> str:
    """Who moves at the node ``plies`` moves below the root of a one-line tree ('max'/'min')."""
    node = tree.root
    for _ in range(plies):
        node = tree.children(node)[0]
    return tree.to_move(node)


def _who_moves_answer(data):
    return LETTERS[PLAYERS.index(mover_at(chain(data["k"] + 1), data["k"]).upper())]


def _who_moves_notes(data):
    wrong = "ab".replace(_who_moves_answer(data), "")
    return {wrong: "Count again: the root's children are 1 ply below it (MIN moves there), "
                   "and the player changes at every ply, so odd plies are MIN's."}


# -- p1.2 a finished board's utility ----------------------------------------------------------
#: O has three in a row on the diagonal 2-4-6; X has played three times too.
O_WON = "XXO\n.O.\nOX."


def _board_utility(data):
    game = TicTacToe()
    return game.utility(game.parse(data["board"]))


# -- p1.3 which rescaling keeps MAX's choice ---------------------------------------------------
RESCALINGS = {"x ** 2": lambda x: x ** 2, "-x": lambda x: -x,
              "10 * x - 7": lambda x: 10 * x - 7, "abs(x)": abs}
LEAF_SCORES = range(-9, 10)


def order_breaker(text):
    """Two leaf scores a < b whose order ``f`` does not keep (None if it keeps every order).

    >>> order_breaker("x ** 2"), order_breaker("10 * x - 7")
    ((-9, -8), None)
    """
    f = RESCALINGS[text]
    return next(((a, b) for a in LEAF_SCORES for b in LEAF_SCORES
                 if a < b and not f(a) < f(b)), None)


def moves_apart(text):
    """A small tree on which MAX's move changes when leaves are rescaled by ``f``."""
    a, b = order_breaker(text)
    tree = GameTree.from_nested([[a], [b]])
    f = RESCALINGS[text]
    rescored = GameTree.from_nested([[f(a)], [f(b)]])
    return tree, rescored


def _keeps_choice(data):
    keeping = [i for i, text in enumerate(data["options"]) if order_breaker(text) is None]
    return LETTERS[keeping[0]]


def _rescaling_notes(data):
    notes = {}
    for letter, text in zip(LETTERS, data["options"]):
        if order_breaker(text) is None:
            continue
        tree, rescored = moves_apart(text)
        a, b = (tree.utility(leaf) for leaf in tree.leaves)
        fa, fb = (rescored.utility(leaf) for leaf in rescored.leaves)
        before, after = ((a, b)[minimax(t).move] for t in (tree, rescored))
        notes[letter] = (f"f(x) = {text} turns {a} and {b} into {fa:g} and {fb:g}: choosing "
                         f"between a game worth {a} and one worth {b}, MAX took the {before} "
                         f"game and now takes the {after} game.")
    return notes


# -- p1.4 Nim with heaps 2 and 2 --------------------------------------------------------------
NIM_HEAPS = (2, 2)
NIM_WINNERS = ["MAX, who moves first", "MIN, who moves second"]


def _nim_winner(data):
    return "a" if minimax(Nim(data["heaps"])).value > 0 else "b"


def _nim_notes(data):
    wrong = "ab".replace(_nim_winner(data), "")
    return {wrong: "Try it: whatever MAX takes from one heap, MIN takes the same from the "
                   "other. The heaps stay equal after MIN's move, so MIN always has a move "
                   "and takes the last counter."}


register(
    ChoiceQuestion(
        "p1.1", "MAX moves at the root and the players alternate. Who moves at a node "
                "{k} plies below the root?",
        PLAYERS, data={"k": WHO_MOVES_PLIES}, solve=_who_moves_answer,
        mistakes=_who_moves_notes, title="p1.1 Who moves five plies down?"),
    ValueQuestion(
        "p1.2", "X is MAX; a win for X scores +1, a draw 0, a win for O -1. This game is "
                "over: what is its utility?",
        data={"board": O_WON}, solve=_board_utility,
        mistakes=lambda d: [("signs-swapped", -_board_utility(d))],
        listing=lambda d: d["board"], title="p1.2 Score a finished game"),
    ChoiceQuestion(
        "p1.3", "Every leaf score x of a game tree (whole numbers from -9 to 9) is replaced "
                "by f(x). Which f keeps MAX's choice the same on every such tree?",
        lambda d: [f"f(x) = {text}" for text in d["options"]],
        data={"options": list(RESCALINGS)}, solve=_keeps_choice, mistakes=_rescaling_notes,
        title="p1.3 Which rescaling is safe?"),
    ChoiceQuestion(
        "p1.4", "Nim with two heaps of 2 counters, MAX first, both playing perfectly: "
                "who takes the last counter and wins?",
        NIM_WINNERS, data={"heaps": NIM_HEAPS}, solve=_nim_winner, mistakes=_nim_notes,
        title="p1.4 Who wins Nim 2 2?"),
)
