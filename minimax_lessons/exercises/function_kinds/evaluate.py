"""``evaluate(board) -> number``: a tic-tac-toe evaluation function, judged by
properties (pairs of boards, symmetric, in range) and by the search traps a depth-limited
search with it must pass.

>>> [board for board, depth, must in SEARCH_TRAPS][:1]
['XOXOX.O..']
"""

from __future__ import annotations

import random

from ...search.adversarial import minimax
from ...games.tictactoe import TicTacToe, winner, eval_pairs, symmetries
from .. import harness as H
from .kind import Case, Expected, Kind


# -- evaluation functions -----------------------------------------------------------------
#: Unfinished boards, early and late, for evaluate (q5.5 promises it is never asked about a
#: finished game, as a search that scores finished games itself never asks it).
_EVAL_BOARDS = [
    "XO.XOO.X.", "X........", "....X....", ".O..X....", "XO.......", "X...O....",
    "XX.O.O...", "X.XOO....", "XO..X..O.", "OX..X...O", ".XO.X..O.", "XOXOXO...",
    "XOXXOO...", "XOX.OX...", "OX.XO.X..", "X.O.XO..."
]

#: Positions where a depth-limited search (finished games scored +1, 0, -1) must take a
#: win or stop a loss, whatever the estimates, as long as they lie strictly between -1
#: and +1: (board, depth, what the chosen move must do). Open lines (-8..8) fail all three.
SEARCH_TRAPS = (
    ("XOXOX.O..", 1, "win"),    # X wins at 8; open lines make X play 7
    ("XXO.OX...", 1, "win"),    # O wins at 6; open lines make O play 3
    ("X.O.O...X", 2, "block"),  # X must block at 6; open lines make X play 1
)


def _wins_at_once(game, board, move):
    after = game.result(board, move)
    return game.is_terminal(after) and game.utility(after) != 0


def _lets_the_opponent_win(game, board, move):
    after = game.result(board, move)
    return not game.is_terminal(after) and any(_wins_at_once(game, after, m)
                                               for m in game.actions(after))


def search_boards() -> list:
    """The search traps' positions and every unfinished board a search from them scores."""
    game, found = TicTacToe(), {}
    for board, depth, _ in SEARCH_TRAPS:
        level = [board]
        for _ in range(depth + 1):
            found.update(dict.fromkeys(b for b in level if not game.is_terminal(b)))
            level = [game.result(b, m) for b in level if not game.is_terminal(b)
                     for m in game.actions(b)]
    return list(found)


def search_mistake(score):
    """The first search trap that the estimates ``score`` (board -> number) make a
    depth-limited minimax fail: ``(board, culprit, sentence)``, where ``culprit`` is an
    unfinished board it scored at or beyond a win or a loss; else None."""
    game = TicTacToe()
    for board, depth, must in SEARCH_TRAPS:
        result = minimax(game, board, depth=depth, evaluate=score.__getitem__, trace=True)
        move = result.move
        me = "X" if game.to_move(board) == "max" else "O"
        them = "O" if me == "X" else "X"
        if must == "win" and not _wins_at_once(game, board, move):
            win = next(m for m in game.actions(board) if _wins_at_once(game, board, m))
            sentence = (f"{me} can win at once on square {win}, but a search {depth} ply "
                        f"deep with your estimates plays {move}")
        elif must == "block" and _lets_the_opponent_win(game, board, move):
            sentence = (f"{them} threatens to win, but a search {depth} plies deep with your "
                        f"estimates lets {me} play {move}, and {them} wins next move")
        else:
            continue
        scored = [s.state for s in result.trace.of_kind("evaluate") if s.detail == "evaluation"]
        culprit = max(scored, key=lambda b: abs(score[b]))
        return board, culprit, sentence
    return None

class EvaluateKind(Kind):
    name = "evaluate"
    signature = "evaluate(board) -> number; board a 9-character string like 'XO..X...O', " \
                "higher is better for X (MAX)"
    harness = H.ref(H.evaluation)
    random_class = "random boards"
    max_timeouts = 1  # a slow evaluate is slow on every board: stop at the first
    judged_by_properties = True

    def cases(self, seed=0, *, hidden=False):
        rng = random.Random(f"evaluate:{seed}")
        boards = list(_EVAL_BOARDS)
        game = TicTacToe()
        while len(boards) < len(_EVAL_BOARDS) + 8:
            state = game.initial_state()
            for _ in range(rng.randint(1, 7)):
                state = game.result(state, rng.choice(game.actions(state)))
                if game.is_terminal(state):
                    break
            if not game.is_terminal(state):
                boards.append(state)
        out = []
        for b in boards:
            for image in dict.fromkeys(symmetries(b)):
                out.append(Case((image,), 9 - image.count("."), trap=image == b))
        seen = {c.item[0] for c in out}
        for label, extra in (("pair", [b for pair in eval_pairs() for b in pair]),
                             ("search", search_boards())):
            for b in dict.fromkeys(extra):
                if b not in seen:
                    seen.add(b)
                    out.append(Case((b,), 9 - b.count("."), trap=False, label=label))
        return out

    def expected(self, item):
        (board,) = item
        w = winner(board)
        return Expected(None, details={"winner": w, "terminal": TicTacToe().is_terminal(board)})

    def call_text(self, item):
        return f"evaluate({item[0]!r})"
