"""Lesson 11, what engines add after alpha-beta: its predictions and its exercises.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p11.1     the most positions depth-first minimax holds at once, solving tic-tac-toe
p11.2     the move a beam of width 2 plays in ``BEAM_TRAP`` (forward pruning)
p11.3     what B is worth in ``SINGULAR_TRAP`` once the singular move is searched
          one ply deeper
p11.4     how many of X's nine first moves keep the draw (an opening book's page)
p11.5     the round in which retrograde analysis values the empty board
p11.6     how many tic-tac-toe positions have every move equally good (when search
          is wasted: metareasoning)
p11.7     which agent does better against which opponent (CS188's table, ``TRAPPED``)
========  ===================================================================

Every right answer is computed by the package's own searches, never stored.

Exercises at the end of the lesson: q11.1 what a depth-first search holds in Nim ★, q11.2
the move of a beam of width 1 ★★, q11.3 the size of an opening book ★★, q11.4 what an
expectimax agent scores against an adversary ★★★.

>>> from minimax_lessons.exercises import check
>>> check("p11.1", 10).passed, check("p11.1", 5478).diagnosis
(True, 'memory-holds-table')
"""

from __future__ import annotations

import math
import string
from itertools import combinations

from ...games.examples import BEAM_TRAP, SINGULAR_TRAP, SINGULAR_TRAP_SPEC, TRAPPED_NESTED
from ...games.nim import Nim
from ...games.opponents import RandomMin
from ...games.tictactoe import TicTacToe
from ...games.tree import GameTree
from ...search.adversarial import minimax, solve
from ...search.textbook import beam_decision, depth_limited_minimax
from ...mistakes import hand_value_mistakes
from ..nested import estimate as leftmost_leaf
from ..nested import random_nested, to_game
from ..question_kinds import ChoiceQuestion, ValueQuestion

GAME = TicTacToe()
LETTERS = string.ascii_lowercase


# -- p11.1 memory ---------------------------------------------------------------------------
def held_at_most(game, state=None) -> int:
    """The positions on the longest path from ``state``, root included: all a depth-first
    minimax holds that makes one child at a time."""
    seen = {}

    def plies(s):
        if s not in seen:
            seen[s] = 0 if game.is_terminal(s) else 1 + max(
                plies(game.result(s, a)) for a in game.actions(s))
        return seen[s]

    return plies(game.initial_state() if state is None else state) + 1


def _memory_mistakes(game):
    """A table's positions, the tree's nodes, and every child made along the path."""
    tree_nodes, made, seen = {}, {}, {}

    def walk(s):
        if s not in seen:
            kids = [] if game.is_terminal(s) else [game.result(s, a) for a in game.actions(s)]
            for k in kids:
                walk(k)
            seen[s] = True
            tree_nodes[s] = 1 + sum(tree_nodes[k] for k in kids)
            made[s] = len(kids) + max((made[k] for k in kids), default=0)

    root = game.initial_state()
    walk(root)
    return [("memory-holds-table", len(seen)), ("memory-holds-tree", tree_nodes[root]),
            ("memory-all-children", made[root] + 1)]


# -- p11.2 the beam -------------------------------------------------------------------------
def tree_estimate(tree):
    """A leaf's utility, an inner node's heuristic value: what a beam ranks moves by."""
    return lambda s: tree.utility(s) if tree.is_terminal(s) else tree.heuristic(s)


BEAM_MOVES = [f"{name} (estimate {BEAM_TRAP.heuristic(name)})"
              for name in BEAM_TRAP.children(BEAM_TRAP.root)]


def _beam_letter(data):
    return LETTERS[beam_decision(BEAM_TRAP, BEAM_TRAP.root, data["width"],
                                 tree_estimate(BEAM_TRAP))]


def _beam_notes(data):
    kids = BEAM_TRAP.children(BEAM_TRAP.root)
    best = LETTERS[minimax(BEAM_TRAP).move]
    trusted = LETTERS[max(range(len(kids)), key=lambda i: BEAM_TRAP.heuristic(kids[i]))]
    return {best: "beam-sees-everything", trusted: "beam-trusts-estimates"}


# -- p11.3 the singular extension ----------------------------------------------------------
def _extended_value(data):
    tree = GameTree.from_dict(data["spec"])
    return depth_limited_minimax(tree, "B", data["depth"], tree.heuristic)


def _extension_mistakes(data):
    tree = GameTree.from_dict(data["spec"])
    at_limit = depth_limited_minimax(tree, "B", data["depth"] - 1, tree.heuristic)
    everywhere = [(vid, v) for vid, v in hand_value_mistakes(tree.to_nested("B"), False)
                  if vid in ("max-at-every-level", "min-at-every-level")]
    return [("extension-not-searched", at_limit)] + everywhere


# -- p11.4 the opening book ----------------------------------------------------------------
def drawing_first_moves() -> int:
    """How many of X's first moves keep the exact value of the empty board (a draw)."""
    table = solve(GAME)
    start = GAME.initial_state()
    return sum(table[GAME.result(start, a)] == table[start] for a in GAME.actions(start))


# -- p11.5 retrograde analysis -------------------------------------------------------------
def empty_board_round() -> int:
    """The round in which retrograde analysis values the empty board: the longest game."""
    return held_at_most(GAME) - 1


# -- p11.6 metareasoning -------------------------------------------------------------------
SHARE_OPTIONS = ["Fewer than one in ten.", "Between one in five and one in three.",
                 "More than half."]


def same_valued_share():
    """``(positions where every move is worth the same, unfinished positions)``."""
    table = solve(GAME)
    unfinished = [s for s in table if not GAME.is_terminal(s)]
    same = [s for s in unfinished
            if len({table[GAME.result(s, a)] for a in GAME.actions(s)}) == 1]
    return len(same), len(unfinished)


def _share_notes():
    same, total = same_valued_share()
    said = (f"Count them: in {same:,} of the {total:,} unfinished positions every move has "
            "the same exact value (all win, all draw or all lose).")
    right = _share_letter(None)
    return {letter: said for letter in "abc" if letter != right}


def _share_letter(data):
    same, total = same_valued_share()
    share = same / total
    return "a" if share < 0.1 else "b" if 0.2 <= share <= 1 / 3 else "c" if share > 0.5 else "?"


# -- p11.7 CS188's table -------------------------------------------------------------------
AGENT_OPTIONS = [
    "Minimax against both opponents: it is never surprised.",
    "Expectimax against both: it plays for the average, and the average is what counts.",
    "Expectimax against the random opponent, minimax against the adversary.",
]


def trapped_scores() -> dict:
    """``{(agent, opponent): exact score}`` on ``TRAPPED``."""
    tree = GameTree.from_nested(TRAPPED_NESTED)
    exact, expected = solve(tree), solve(RandomMin(tree))
    scores = {}
    for agent, values in (("minimax", exact), ("expectimax", expected)):
        move = max(tree.actions(tree.root), key=lambda a: values[tree.result(tree.root, a)])
        below = tree.result(tree.root, move)
        leaves = [tree.utility(tree.result(below, a)) for a in tree.actions(below)]
        scores[agent, "adversarial"] = min(leaves)
        scores[agent, "random"] = sum(leaves) / len(leaves)
    return scores


def _agents_notes():
    """The diagnosis of each wrong letter: a is what a pessimist believes, b an optimist."""
    right = _agents_letter(None)
    return {letter: note for letter, note in (("a", "minimax-agent-score"),
                                              ("b", "expects-random-opponent"))
            if letter != right}


def _agents_letter(data):
    s = trapped_scores()
    vs_random = max(("minimax", "expectimax"), key=lambda a: s[a, "random"])
    vs_adversary = max(("minimax", "expectimax"), key=lambda a: s[a, "adversarial"])
    return {("minimax", "minimax"): "a", ("expectimax", "expectimax"): "b",
            ("expectimax", "minimax"): "c"}[vs_random, vs_adversary]


PREDICTIONS = (
    ValueQuestion(
        "p11.1", "Depth-first minimax solves tic-tac-toe from the empty board, making one "
                 "child position at a time and forgetting a subtree once it has its value. "
                 "At most how many positions does it hold at once?",
        data={"game": "tic-tac-toe"}, solve=lambda d: held_at_most(GAME),
        mistakes=lambda d: _memory_mistakes(GAME), hint="a whole number",
        title="p11.1 What a depth-first search holds"),
    ChoiceQuestion(
        "p11.2", "A beam of width 2 searches, at every node, only the two moves whose "
                 "estimates look best for the player to move. Which move does it play at A?",
        BEAM_MOVES, data={"width": 2}, solve=_beam_letter,
        mistakes=lambda d: _beam_notes(d), title="p11.2 A beam on a tree you can see"),
    ValueQuestion(
        "p11.3", "A depth-2 search finds B singular (8 against C's 4). Searched one ply "
                 "deeper, what is B worth?",
        data={"spec": SINGULAR_TRAP_SPEC, "depth": 2}, solve=_extended_value,
        mistakes=_extension_mistakes, title="p11.3 A singular move, searched deeper"),
    ValueQuestion(
        "p11.4", "X has nine first moves. How many of them keep the draw against perfect "
                 "play?", data={"game": "tic-tac-toe"}, solve=lambda d: drawing_first_moves(),
        mistakes=lambda d: [("opening-moves-lose", 1), ("opening-moves-lose", 5)],
        hint="a whole number, 0 to 9", title="p11.4 A page of the opening book"),
    ValueQuestion(
        "p11.5", "Retrograde analysis values tic-tac-toe backwards: round 0 scores the "
                 "finished games, round k every position whose moves all lead to positions "
                 "valued before. In which round does the empty board get its value?",
        data={"game": "tic-tac-toe"}, solve=lambda d: empty_board_round(),
        hint="a whole number", title="p11.5 Backwards from the end"),
    ChoiceQuestion(
        "p11.6", "Of tic-tac-toe's unfinished positions, in how many is every move worth "
                 "the same, so that a search to choose among them is wasted?",
        SHARE_OPTIONS, data={"game": "tic-tac-toe"}, solve=_share_letter,
        mistakes=lambda d: _share_notes(), title="p11.6 When searching does not pay"),
    ChoiceQuestion(
        "p11.7", "A minimax agent and an expectimax agent (who expects MIN to move at "
                 "random) each play the trapped tree against an adversarial MIN and a random "
                 "one. Which agent scores more against which opponent?",
        AGENT_OPTIONS, data={"tree": TRAPPED_NESTED}, solve=_agents_letter,
        mistakes=lambda d: _agents_notes(), title="p11.7 Optimism and pessimism"),
)


# -- the exercises at the end of the lesson ------------------------------------------------
def _nim_heaps(rng):
    return {"heaps": sorted(rng.randint(1, 4) for _ in range(rng.randint(2, 3)))}


def _nim_mistakes(data):
    return _memory_mistakes(Nim(data["heaps"]))


def _beam_tree(rng):
    return {"tree": random_nested(rng, depth=2, branching=3, low=-9, high=9)}


def _beam_move(data):
    """The move a beam of width 1 plays, each child estimated by its leftmost leaf."""
    tree = data["tree"]
    return max(range(len(tree)), key=lambda i: leftmost_leaf(tree[i]))


def _beam_move_mistakes(data):
    return [("beam-sees-everything", minimax(to_game(data["tree"])).move)]


def book_size(plies) -> int:
    """The positions within ``plies`` moves of the empty board (none of them finished for
    plies < 5): X's k pieces and O's on the squares, counted once however they came."""
    total = 0
    for k in range(plies + 1):
        x, o = (k + 1) // 2, k // 2
        total += math.comb(9, x) * math.comb(9 - x, o)
    return total


def _book_mistakes(data):
    orders = sum(math.perm(9, k) for k in range(data["plies"] + 1))
    return [("counts-tree-nodes", orders), ("counts-leaves", book_size(data["plies"])
                                            - book_size(data["plies"] - 1))]


def _agent_tree(rng):
    return {"tree": random_nested(rng, depth=2, branching=3, low=-9, high=9)}


def _expectimax_vs_adversary(data):
    tree = data["tree"]
    averages = [sum(child) / len(child) for child in tree]
    chosen = tree[averages.index(max(averages))]
    return min(chosen)


def _agent_mistakes(data):
    tree = data["tree"]
    averages = [sum(child) / len(child) for child in tree]
    return [("expects-random-opponent", max(averages)),
            ("minimax-agent-score", minimax(to_game(tree)).value)]


QUESTIONS = (
    ValueQuestion(
        "q11.1", lambda d: f"Nim starts with heaps {', '.join(map(str, d['heaps']))}. "
                           "Depth-first minimax solves it making one child at a time. At most "
                           "how many positions does it hold at once?",
        make=_nim_heaps, solve=lambda d: held_at_most(Nim(d["heaps"])),
        mistakes=_nim_mistakes, hint="a whole number", title="q11.1 Memory in Nim"),
    ValueQuestion(
        "q11.2", "A beam of width 1 keeps, at the root, only the move whose estimate looks "
                 "best; each move is estimated by the leftmost leaf below it (lesson 3's "
                 "estimate). Which move does it play? (0 is the leftmost)",
        make=_beam_tree, solve=_beam_move, mistakes=_beam_move_mistakes,
        tree=lambda d: to_game(d["tree"]), ask_move=True, hint="a move number",
        title="q11.2 A beam of width 1"),
    ValueQuestion(
        "q11.3", lambda d: f"An opening book stores a best move for every position within "
                           f"{d['plies']} plies of the empty tic-tac-toe board, each position "
                           "once however its moves came. How many positions does it hold, "
                           "the empty board included?",
        make=lambda rng: {"plies": rng.choice([2, 3, 4])}, solve=lambda d: book_size(d["plies"]),
        mistakes=_book_mistakes, hint="a whole number", title="q11.3 The size of a book"),
    ValueQuestion(
        "q11.4", "An expectimax agent (MAX) picks the move with the best average leaf, "
                 "expecting MIN to answer at random. Here MIN answers with her best reply. "
                 "What does the agent score?",
        make=_agent_tree, solve=_expectimax_vs_adversary, mistakes=_agent_mistakes,
        tree=lambda d: to_game(d["tree"]), hint="a number",
        title="q11.4 Optimism punished"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "held_at_most", "tree_estimate", "BEAM_MOVES",
           "drawing_first_moves", "empty_board_round", "same_valued_share",
           "trapped_scores", "book_size", "SHARE_OPTIONS", "AGENT_OPTIONS"]
