"""Lesson 4, tic-tac-toe: its predictions and its exercises.

Predictions, asked before the lesson shows the answer: positions, the whole game, and
fast wins.

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

Exercises at the end of the lesson: q4.1 perfect play is... ★, q4.2 a position's value ★,
q4.3 the best square ★★, q4.4 find the bug (swapped signs and others) ★★, q4.5 write
minimax on boards ★★★, q4.6 the fastest win (depth-discounted utilities) ★★★, q4.7 read
the seed's C++ program ★★ and q4.8 find its bug ★★★ (:mod:`.seed_program`).

>>> from minimax_lessons.exercises import check
>>> check("p4.4", 8).diagnosis
'expects-fast-win'
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...games.tictactoe import TicTacToe, winner
from ...search.adversarial import minimax, solve
from .. import variants
from ..question_kinds import Bug, ChoiceQuestion, FindBugQuestion, FunctionQuestion, ValueQuestion
from ..variants import VARIANTS
from .common import GAME, best_squares, mover, numbered, random_position, shown_code
from .seed_program import (BUGGY_LINE, FIXED_LINE, MAIN_BOARD, SEED_PROGRAM, line_of,
                           numbered_program, seed_best_move)

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


PREDICTIONS = (
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


# -- the exercises at the end of the lesson (q4.1 to q4.6) -----------------------------------
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


#: The tic-tac-toe minimax q4.4 plants its bugs in: the variants' own correct solution.
BOARD_MINIMAX = shown_code(variants.board_minimax, "minimax")


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


def _slow_win_position(rng):
    """X to move and winning, with no win in one move, where plain minimax's square is not
    the fastest way to win (so the answer needs a search, not a glance at the board)."""
    while True:
        board = random_position(rng, 5)
        if wins_at_once(board):
            continue
        plain = minimax(GAME, board)
        if plain.value == 1 and plain.move not in fastest_squares(board):
            return {"board": board}


class SeedBugQuestion(FindBugQuestion):
    """q4.8: the line of the seed's C++ program that holds its bug (a line number); the
    lines a student may blame instead get a sentence of their own."""

    #: line text -> what to say when it is blamed
    NOTES = {
        "if (temp > value) {": "Not this one: a strict comparison keeps the first of equally "
                               "good moves, as lesson 3's best_move does, and is right. Look "
                               "at the value it compares with first: -10 is the score of a "
                               "loss, so when every move loses, no move is ever above it.",
        "int pos = 2;": "That 2 is only what shows the bug: bestMove should set pos whatever "
                        "the board, and here it never does. Find why no move ever replaces "
                        "the best value.",
    }

    def __init__(self, id, prompt, **kw):
        super().__init__(id, prompt, SEED_PROGRAM.replace(BUGGY_LINE, FIXED_LINE),
                         [Bug("sentinel-equals-loss", line_of(BUGGY_LINE), BUGGY_LINE)],
                         ask_kind=False, **kw)

    def check(self, answer, seed=0, **options):
        verdict = super().check(answer, seed, **options)
        if verdict.passed or verdict.diagnosis == "bad-answer":
            return verdict
        for text, note in self.NOTES.items():
            if answer == line_of(text):
                return self._feedback(False, "wrong", f"Line {answer}: {note}", seed)
        return verdict


QUESTIONS = (
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
    ValueQuestion(
        "q4.7", "The seed's C++ program below chooses X's square with bestMove. Its main "
                "runs it on lesson 4's lost board (X to move: O threatens 8 and wins whatever "
                "X does). Which square does the program print?",
        data={"board": MAIN_BOARD}, solve=lambda d: seed_best_move(d["board"]),
        mistakes=lambda d: [("sentinel-equals-loss", minimax(GAME, d["board"]).move)],
        listing=lambda d: numbered_program(), hint="a square number (0-8)",
        title="q4.7 Read the seed's C++ program"),
    SeedBugQuestion(
        "q4.8", "The same program plays a square O already holds when every move loses "
                "(q4.7). Which line holds the bug? One change on that line fixes it. "
                "Answer with the line number.",
        title="q4.8 Find the seed's bug"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "FORK_BLOCK", "SLOW_WIN", "NINE_FACTORIAL",
           "BOARD_MINIMAX", "FastWins", "FAST_WINS", "wins_at_once", "threats", "games_from",
           "fastest_squares"]
