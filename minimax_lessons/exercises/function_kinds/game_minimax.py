"""``minimax(game, state) -> value`` through the Game interface: trees,
tic-tac-toe, Nim.

>>> GameKind().name
'game_minimax'
"""

from __future__ import annotations

from ...games.examples import TWO_OPPONENTS
from ...games.nim import Nim
from ...search.adversarial import minimax
from ...games.tictactoe import TicTacToe
from ...games.tree import GameTree
from .. import harness as H
from ..feedback import show
from ..nested import to_game
from .kind import Case, Expected, Kind, node_notes


# -- minimax through the Game interface ------------------------------------------------
def _ttt_cases():
    game = TicTacToe()
    boards = ["XOX.O.X..", "XO.XO....", "X.O.XO...", "XX.OO.X..", "OX.XO.X..",
              "XOXOX....", "X..OXO..."]
    return [(game, game.parse(b) if "\n" in b else b) for b in boards]


class GameKind(Kind):
    name = "game_minimax"
    signature = "minimax(game, state) -> value (MAX's point of view), using game.actions, " \
                "game.result, game.is_terminal, game.utility, game.to_move"
    harness = H.ref(H.game_value)
    random_class = "random games"

    def traps(self):
        trees = [
            (to_game([7, 2, 9], False), "A"),
            (to_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "A"),
            (to_game([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], False), "A"),
            (TWO_OPPONENTS, "A"),
            (to_game([[4, [6, 1]], [[2, 8], 5]]), "A"),
        ]
        out = [Case((H.describe_game(g), s), len(g), label="tree") for g, s in trees]
        out.append(Case((Nim([1, 2]), Nim([1, 2]).initial_state()), 12, label="Nim [1, 2]"))
        out += [Case((g, s), 30 + s.count("."), label="tic-tac-toe") for g, s in _ttt_cases()]
        return out

    def randoms(self, rng):
        out = []
        for i in range(8):
            game = GameTree.random((1, 3), 2 + i % 3, seed=rng.randrange(2**31),
                                   root="max" if i % 2 else "min")
            out.append(Case((H.describe_game(game), game.root), len(game), trap=False,
                            label="tree"))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        game, state = item
        return Expected(minimax(H.make_game(game), state).value)

    def call_text(self, item):
        game, state = item
        game = H.make_game(game)
        if isinstance(game, GameTree):
            return f"minimax(GameTree.from_nested({game.to_nested()!r}, " \
                   f"root={game.to_move(game.root)!r}), {state!r})" \
                if _is_plain_nested(game) else f"minimax(tree, {state!r})"
        return f"minimax({game!r}, {state!r})"

    def node_items(self, item):
        game, state = item
        tree = H.make_game(game)
        if not isinstance(tree, GameTree):
            return []
        return [(name, (game, name)) for name in tree.subtree_nodes(state)
                if not tree.is_terminal(name)]

    def input_classes(self, case):
        game, state = case.item
        found = {{"tic-tac-toe": "tic-tac-toe", "tree": "game trees"}.get(
            case.label, case.label or "game trees")}
        if case.label == "tree" and H.make_game(game).to_move(state) == "min":
            found.add("MIN roots")
        return found

    def picture(self, item, expected, outcome, run_nodes):
        """A game tree with the values at its inner nodes, or the board as text."""
        game = H.make_game(item[0])
        if isinstance(game, GameTree):
            node_items = self.node_items(item)
            notes, highlight = node_notes(self, node_items,
                                           run_nodes([sub for _, sub in node_items]),
                                           lambda got: "error")
            return (game, notes, highlight), None
        return None, f"{game.text(item[1])}\n(expected {show(expected.value)}, " \
                     f"yours {show(outcome.value)})"


def _is_plain_nested(tree) -> bool:
    try:
        return GameTree.from_nested(tree.to_nested(), root=tree.to_move(tree.root)) == tree
    except Exception:
        return False
