"""``minimax(board, player) -> value`` on a mutable tic-tac-toe board (a list of
9 cells), which must be left as it was.

>>> BoardKind().mutation_matters
True
"""

from __future__ import annotations

from ...search.adversarial import minimax
from ...games.tictactoe import TicTacToe, grid
from .. import harness as H
from ..answers import same_number
from ..feedback import show
from .kind import Case, Expected, Kind, wanted_answer


# -- minimax on a mutable tic-tac-toe board ----------------------------------------------
_BOARD_TRAPS = ["XOX.O.X..", "XO.XO....", "XX.OO....", "XXXOO....", "OOX.X....",
                "X.O.XO...", "XOXXO..O.", "OXXXOO...", "OOOXX.X..", "..XOOXOXX",
                ".XOXX..O.", "XOXX...O."]


def _player(board) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


class BoardKind(Kind):
    name = "board_minimax"
    signature = 'minimax(board, player) -> value; board a list of 9 "X"/"O"/"." cells, ' \
                'player "X" (MAX) or "O"; +1 X wins, -1 O wins, 0 draw'
    harness = H.ref(H.board_value)
    mutation_matters = True
    random_class = "random boards"

    def traps(self):
        return [Case((list(b), _player(b)), b.count("."), label="tic-tac-toe")
                for b in _BOARD_TRAPS]

    def randoms(self, rng):
        game, out = TicTacToe(), []
        while len(out) < 6:
            state = game.initial_state()
            for _ in range(rng.choice((4, 5, 5, 6))):
                if game.is_terminal(state):
                    break
                state = game.result(state, rng.choice(game.actions(state)))
            if not game.is_terminal(state):
                out.append(Case((list(state), _player(state)), state.count("."), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        board, _ = item
        return Expected(minimax(TicTacToe(), "".join(board)).value, "".join(board))

    def right(self, item, expected, outcome):
        return not outcome.mutated and same_number(outcome.value, expected.value)

    def call_text(self, item):
        return f"minimax({item[0]!r}, {item[1]!r})"

    def input_classes(self, case):
        return {"O to move" if case.item[1] == "O" else "X to move"}

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """A board left changed is said as well as the value."""
        if hidden or not outcome.mutated:
            return super().wrong_answer(head, call, item, expected, outcome, hidden)
        want = wanted_answer(expected)
        if same_number(outcome.value, expected.value):
            return f"{head} {call} returns the right value, {want}, but changes the board " \
                   "it was given."
        return f"{head} {call} should return {want}, but yours returned " \
               f"{show(outcome.value)}, and it changes the board it was given."

    def picture(self, item, expected, outcome, run_nodes):
        """The board as text, with the value expected and the student's (and the board
        after their function, when it changed it)."""
        text = grid("".join(item[0])) + f"\n{item[1]} to move: expected " \
                                        f"{show(expected.value)}, yours {show(outcome.value)}"
        if outcome.mutated and outcome.extra:
            text += "\nThe board after your function:\n" + grid(outcome.extra)
        return None, text
