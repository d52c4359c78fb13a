"""Lesson 1, game trees and leaf scores: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

- p1.1: who moves at a node five plies below a MAX root (read off a package tree);
- p1.2: the utility of a finished tic-tac-toe board that O has won;
- p1.3: which rescaling of the leaf scores keeps MAX's choice on every tree;
- p1.4: who wins Nim with heaps 2 and 2 (MIN, by copying MAX's moves).

Exercises at the end of the lesson: q1.1 who moves at depth k ★, q1.2 plies ★, q1.3 a
finished board's utility ★★, q1.4 which rescaling keeps MAX's choice ★★, q1.5 how many
games from a position ★★★.

>>> from minimax_lessons.exercises import check
>>> check("p1.1", "b").passed, check("p1.2", 1).diagnosis
(True, 'signs-swapped')
"""

from __future__ import annotations

import math

from ...games.nim import Nim
from ...games.tictactoe import TicTacToe
from ...games.tree import GameTree
from ...search.adversarial import minimax, solve
from ..nested import to_game
from ..question_kinds import ChoiceQuestion, ValueQuestion
from .common import GAME, LETTERS, mover, random_position, signed

# -- who moves k plies down (p1.1, q1.1) -----------------------------------------------------
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


def _mover_letter(data):
    return LETTERS[PLAYERS.index(mover_at(chain(data["k"] + 1), data["k"]).upper())]


def _mover_notes(data):
    wrong = "ab".replace(_mover_letter(data), "")
    return {wrong: "Count again: the root's children are 1 ply below it (MIN moves there), "
                   "and the player changes at every ply, so odd plies are MIN's."}


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


# -- how deep is a tree (q1.2) ----------------------------------------------------------------
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


# -- a finished board's utility (p1.2, q1.3) ---------------------------------------------------
#: O has three in a row on the diagonal 2-4-6; X has played three times too.
O_WON = "XXO\n.O.\nOX."


def _drawn_board_utility(data):
    """The utility of p1.2's board, drawn as three rows."""
    game = TicTacToe()
    return game.utility(game.parse(data["board"]))


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


# -- which rescaling keeps MAX's choice (p1.3, q1.4) -------------------------------------------
#: Rescalings f(x) of leaf scores: (text, function). The first group keeps the order.
INCREASING = [("10 * x - 7", lambda x: 10 * x - 7), ("x + 100", lambda x: x + 100),
              ("x ** 3", lambda x: x ** 3), ("2 ** x", lambda x: 2 ** x),
              ("x / 4", lambda x: x / 4)]
OTHERS = [("-x", lambda x: -x), ("x ** 2", lambda x: x ** 2), ("abs(x)", abs),
          ("10 - x", lambda x: 10 - x), ("-3 * x + 1", lambda x: -3 * x + 1)]
#: Every rescaling, by its text.
ALL_RESCALINGS = dict(INCREASING + OTHERS)
#: The four p1.3 offers, in the order shown.
RESCALINGS = {text: ALL_RESCALINGS[text] for text in ("x ** 2", "-x", "10 * x - 7", "abs(x)")}
LEAF_SCORES = range(-9, 10)


def order_breaker(text):
    """Two leaf scores a < b whose order ``f`` does not keep (None if it keeps every order).

    >>> order_breaker("x ** 2"), order_breaker("10 * x - 7")
    ((-9, -8), None)
    """
    f = ALL_RESCALINGS[text]
    return next(((a, b) for a in LEAF_SCORES for b in LEAF_SCORES
                 if a < b and not f(a) < f(b)), None)


def moves_apart(text):
    """A small tree on which MAX's move changes when leaves are rescaled by ``f``."""
    a, b = order_breaker(text)
    tree = GameTree.from_nested([[a], [b]])
    f = ALL_RESCALINGS[text]
    rescored = GameTree.from_nested([[f(a)], [f(b)]])
    return tree, rescored


def _keeps_order(data):
    """The letter of the one option that keeps the order of every pair of leaf scores."""
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


def _rescalings(rng):
    options = [rng.choice(INCREASING)[0]] + [text for text, _ in rng.sample(OTHERS, 3)]
    rng.shuffle(options)
    return {"options": options}


def _rescaling_mistakes(data):
    notes = {}
    for letter, text in zip(LETTERS, data["options"]):
        pair = order_breaker(text)
        if pair:
            a, b = pair
            f = ALL_RESCALINGS[text]
            notes[letter] = (f"f(x) = {text} gives {a} -> {f(a):g} and {b} -> {f(b):g}: {b} "
                             f"is no longer above {a}, so MAX may choose differently.")
    return notes


# -- Nim with heaps 2 and 2 (p1.4) ------------------------------------------------------------
NIM_HEAPS = (2, 2)
NIM_WINNERS = ["MAX, who moves first", "MIN, who moves second"]


def _nim_winner(data):
    return "a" if minimax(Nim(data["heaps"])).value > 0 else "b"


def _nim_notes(data):
    wrong = "ab".replace(_nim_winner(data), "")
    return {wrong: "Try it: whatever MAX takes from one heap, MIN takes the same from the "
                   "other. The heaps stay equal after MIN's move, so MIN always has a move "
                   "and takes the last counter."}


# -- how many games (q1.5) -----------------------------------------------------------------------
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


PREDICTIONS = (
    ChoiceQuestion(
        "p1.1", "MAX moves at the root and the players alternate. Who moves at a node "
                "{k} plies below the root?",
        PLAYERS, data={"k": WHO_MOVES_PLIES}, solve=_mover_letter,
        mistakes=_mover_notes, title="p1.1 Who moves five plies down?"),
    ValueQuestion(
        "p1.2", "X is MAX; a win for X scores +1, a draw 0, a win for O -1. This game is "
                "over: what is its utility?",
        data={"board": O_WON}, solve=_drawn_board_utility,
        mistakes=lambda d: [("signs-swapped", -_drawn_board_utility(d))],
        listing=lambda d: d["board"], title="p1.2 Score a finished game"),
    ChoiceQuestion(
        "p1.3", "Every leaf score x of a game tree (whole numbers from -9 to 9) is replaced "
                "by f(x). Which f keeps MAX's choice the same on every such tree?",
        lambda d: [f"f(x) = {text}" for text in d["options"]],
        data={"options": list(RESCALINGS)}, solve=_keeps_order, mistakes=_rescaling_notes,
        title="p1.3 Which rescaling is safe?"),
    ChoiceQuestion(
        "p1.4", "Nim with two heaps of 2 counters, MAX first, both playing perfectly: "
                "who takes the last counter and wins?",
        NIM_WINNERS, data={"heaps": NIM_HEAPS}, solve=_nim_winner, mistakes=_nim_notes,
        title="p1.4 Who wins Nim 2 2?"),
)

QUESTIONS = (
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

__all__ = ["QUESTIONS", "PREDICTIONS", "chain", "mover_at", "order_breaker", "moves_apart",
           "INCREASING", "OTHERS", "ALL_RESCALINGS", "RESCALINGS", "LEAF_SCORES",
           "WHO_MOVES_PLIES", "PLAYERS", "O_WON", "NIM_HEAPS", "NIM_WINNERS", "LETTERS"]
