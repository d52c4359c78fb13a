"""Lesson 4's predictions: tic-tac-toe positions, the whole game, and fast wins.

========  =========================================================  ===================
id        the student predicts                                       named mistakes
========  =========================================================  ===================
p4.1      the square X must play in ``X.O/.O./..X`` (block, and      misses-block
          make a fork)
p4.2      the minimax value of the empty board                       first-mover-wins
p4.3      fewer, exactly or more than 9! = 362,880 different games   ignores-wins,
                                                                     counts-nodes
p4.4      the square ``minimax(game, state).move`` returns in        expects-fast-win
          ``XOX/.XO/.O.``, where 6 and 8 win at once
========  =========================================================  ===================

Every right answer is computed from the game by the package's searches.

>>> from minimax_lessons.exercises import check
>>> check("p4.4", 8).diagnosis
'expects-fast-win'
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...search.adversarial import minimax, solve
from ...games.tictactoe import TicTacToe, winner
from ..check import register
from ..questions import ChoiceQuestion, ValueQuestion
from ..lessons import best_squares, numbered

GAME = TicTacToe()
#: Block O's diagonal at 6, which also makes two threats of X's own (0-3-6, 6-7-8).
FORK_BLOCK = GAME.parse("X.O\n.O.\n..X")
#: X wins at once on 6 or 8, but 3 comes first and also forces a win.
SLOW_WIN = GAME.parse("XOX\n.XO\n.O.")
#: Every order of filling nine squares: the count if no game ended early.
NINE_FACTORIAL = math.factorial(9)


def wins_at_once(state) -> list:
    """The squares where the player to move completes a line now.

    >>> wins_at_once(SLOW_WIN)
    [6, 8]
    """
    return [a for a in GAME.actions(state)
            if GAME.is_terminal(GAME.result(state, a)) and GAME.utility(GAME.result(state, a))]


def threats(state) -> list:
    """The squares where the player *not* to move would complete a line, if it could.

    >>> threats(FORK_BLOCK)
    [6]
    """
    other = "O" if GAME.to_move(state) == "max" else "X"
    return [a for a in GAME.actions(state)
            if winner(state[:a] + other + state[a + 1:]) == other]


@lru_cache(maxsize=None)
def games_from(state) -> int:
    """How many different games (move sequences to the end) start at ``state``.

    >>> games_from(GAME.parse("XOX\\nOXO\\nOX."))
    1
    """
    if GAME.is_terminal(state):
        return 1
    return sum(games_from(GAME.result(state, a)) for a in GAME.actions(state))


def _block_mistakes(data):
    state = data["board"]
    return [("misses-block", a) for a in GAME.actions(state)
            if a not in threats(state) and a not in wins_at_once(state)]


def _games_letter(data) -> str:
    games = games_from(data["board"])
    return "a" if games < NINE_FACTORIAL else "b" if games == NINE_FACTORIAL else "c"


def _games_mistakes(data):
    right = _games_letter(data)
    named = {"b": "ignores-wins", "c": "counts-nodes"}
    return {letter: why for letter, why in named.items() if letter != right}


register(
    ValueQuestion(
        "p4.1", "X (MAX) moves next. Which square should X play? Empty squares show their "
                "numbers (0-8, row by row).",
        data={"board": FORK_BLOCK}, solve=lambda d: best_squares(d["board"]),
        mistakes=_block_mistakes, listing=lambda d: numbered(d["board"]),
        hint="a square number (0-8)", title="p4.1 Block or attack?"),
    ValueQuestion(
        "p4.2", "Both players play perfectly from the empty board. What is its minimax "
                "value: +1 (X wins), 0 (a draw) or -1 (O wins)?",
        data={"board": GAME.initial_state()},
        solve=lambda d: solve(GAME)[d["board"]],
        mistakes=lambda d: [("first-mover-wins", GAME.utility(GAME.parse("XXX\nOO.\n...")))],
        hint="+1, 0 or -1", title="p4.2 The value of the empty board"),
    ChoiceQuestion(
        "p4.3", "A game is one sequence of moves from the empty board to the end. Are there "
                "fewer different games of tic-tac-toe than 9! = 362,880, exactly that many, "
                "or more?",
        ["Fewer than 362,880.", "Exactly 362,880.", "More than 362,880."],
        data={"board": GAME.initial_state()}, solve=_games_letter, mistakes=_games_mistakes,
        title="p4.3 How many games?"),
    ValueQuestion(
        "p4.4", "X (MAX) moves next; squares 6 and 8 each win at once. Which square does "
                "minimax(game, state).move return? (Moves are tried in order 0-8.)",
        data={"board": SLOW_WIN}, solve=lambda d: minimax(GAME, d["board"]).move,
        mistakes=lambda d: [("expects-fast-win", a) for a in wins_at_once(d["board"])],
        listing=lambda d: numbered(d["board"]), hint="a square number (0-8)",
        title="p4.4 Does it win at once?"),
)
