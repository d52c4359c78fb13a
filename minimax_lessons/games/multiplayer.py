"""Games of more than two players, each with a score of their own: utility vectors.

Vocabulary
----------
- In a game of several players a finished game gives a *utility vector*: one score per
  player, in the order of the game's ``players`` (AIMA section 5.2.2). In a game of the
  players ``("P1", "P2", "P3")`` the vector ``(1, 2, 6)`` gives P1 1 point, P2 2 and P3
  6. One player's gain need not be another's loss.
- A :class:`MultiplayerTree` is such a game given as a tree of named nodes (named as a
  :class:`~minimax_lessons.games.tree.GameTree` names them: A, B, B1, B1.2, ...). Each
  inner node belongs to the player who moves there; each leaf holds a vector.
  ``from_nested`` writes a leaf as a *tuple* of numbers and an inner node as a *list*;
  the players move in turn, level by level, the first one at the root.
- ``tree.as_two_player(player)`` goes the other way, the *paranoid* view: ``player``
  is MAX, everyone else MIN, each leaf ``player``'s score.
- ``from_two_player(tree)`` turns a two-player :class:`GameTree` into a multiplayer one
  with the players ``("max", "min")`` and the vector ``(u, -u)`` at a leaf worth ``u``:
  the zero-sum case, where each player's score is minus the other's. Who moves where is
  kept, so MIN may still move twice in a row.

The searches for these games are :func:`~minimax_lessons.search.adversarial.maxn` and
:func:`~minimax_lessons.search.textbook.maxn`.

>>> tree = MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2)]])
>>> tree.players, tree.to_move("A"), tree.to_move("B"), tree.utility("B1")
(('P1', 'P2', 'P3'), 'P1', 'P2', (1, 2, 6))
>>> MultiplayerTree.from_two_player(GameTree.from_nested([[3, 12], [2]])).utility("B2")
(12, -12)
"""

from __future__ import annotations

from .game import CHANCE, GameError
from .tree import GameTree, NamedTree, Node, TreeError, check_number, child_name, in_preorder

#: The players of a tree built without naming them: P1 moves first.
DEFAULT_PLAYERS = ("P1", "P2", "P3")


class MultiplayerTree(NamedTree):
    """A game tree of several players, a utility vector at each leaf (see the module).

    >>> tree = MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2)]])
    >>> len(tree), tree.leaves
    (6, ('B1', 'B2', 'C1'))
    """

    def __init__(self, nodes, root: str, players):
        super().__init__(nodes, root)
        self.players = tuple(players)

    @classmethod
    def from_nested(cls, nested, players=DEFAULT_PLAYERS) -> "MultiplayerTree":
        """A tree from nested lists: a leaf is a tuple of scores (one per player), an inner
        node a list of children. The players move in turn, ``players[0]`` at the root.

        >>> MultiplayerTree.from_nested([(1, 2), [(3, 4)]], players=("X", "Y")).to_move("C")
        'Y'
        """
        players = _checked_players(players)
        nodes, seen = {}, set()
        stack = [(nested, "A", None, 0)]
        while stack:
            item, name, parent, depth = stack.pop()
            label = f"node {name}"
            if isinstance(item, list):
                if id(item) in seen:
                    raise TreeError(f"{label}: this list is used twice; every node needs a list "
                                    "of its own (a cycle or a shared sub-list)")
                seen.add(id(item))
                if not item:
                    raise TreeError(f"{label}: an empty list; an inner node needs at least one "
                                    "child")
                names = [child_name(name, i, len(item), parent is None) for i in range(len(item))]
                player = players[depth % len(players)]
                nodes[name] = Node(name, player, tuple(names), None, None, None, parent, depth)
                stack.extend((item[i], names[i], name, depth + 1)
                             for i in reversed(range(len(item))))
            else:
                vector = _checked_vector(item, players, label)
                nodes[name] = Node(name, players[depth % len(players)], (), vector, None, None,
                                   parent, depth)
        return cls(in_preorder(nodes, "A"), "A", players)

    @classmethod
    def from_two_player(cls, tree: GameTree) -> "MultiplayerTree":
        """The same tree with players ``("max", "min")`` and the vector ``(u, -u)`` at each
        leaf worth ``u``: a zero-sum game written with vectors.

        >>> from minimax_lessons import FIGURE_5_2
        >>> MultiplayerTree.from_two_player(FIGURE_5_2).utility("D1")
        (14, -14)
        """
        if not isinstance(tree, GameTree):
            raise TypeError(f"from_two_player expects a GameTree, not {type(tree).__name__}")
        nodes = {}
        for name, node in tree.nodes.items():
            if node.player == CHANCE:
                raise TreeError(f"node {name} is a chance node; a multiplayer tree has players "
                                "only")
            vector = (node.value, -node.value) if not node.children else None
            nodes[name] = Node(name, node.player, node.children, vector, node.action, None,
                               node.parent, node.depth)
        return cls(nodes, tree.root, ("max", "min"))

    # -- scores ------------------------------------------------------------------
    def utility(self, state) -> tuple:
        """A leaf's utility vector: one score per player, in the order of ``players``."""
        node = self.node(state)
        if node.children:
            raise GameError(f"node {state} is not a leaf: it has no utility")
        return node.value

    def score(self, vector, player):
        """``player``'s score in ``vector`` (a clear error for an unknown player).

        >>> MultiplayerTree.from_nested([(1, 2, 6)]).score((1, 2, 6), "P3")
        6
        """
        return vector[self.index(player)]

    def index(self, player) -> int:
        """Where ``player``'s score stands in a utility vector."""
        try:
            return self.players.index(player)
        except ValueError:
            raise GameError(f"no player {player!r} in this game; its players are "
                            + ", ".join(repr(p) for p in self.players)) from None

    def as_two_player(self, player) -> GameTree:
        """The *paranoid* view of ``player`` (Sturtevant and Korf, 2000): a two-player tree
        where ``player`` is MAX, every other player MIN, and each leaf scores ``player``'s
        score. Minimax (and alpha-beta) then apply, assuming everyone else plays against
        ``player``.

        >>> tree = MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2)]])
        >>> paranoid = tree.as_two_player("P1")
        >>> paranoid.to_move("A"), paranoid.to_move("B"), paranoid.utility("B2")
        ('max', 'min', 4)
        """
        me = self.index(player)
        nodes = {}
        for name, node in self.nodes.items():
            side = "max" if node.player == player else "min"
            value = node.value[me] if not node.children else None
            nodes[name] = Node(name, side, node.children, value, node.action, None,
                               node.parent, node.depth)
        return GameTree(nodes, self.root)

    def __reduce__(self):  # pickle without the read-only views
        return (MultiplayerTree, (dict(self.nodes), self.root, self.players))

    def __repr__(self):
        return (f"MultiplayerTree({len(self)} nodes, height {self.height}, "
                f"players {', '.join(self.players)})")


def _checked_players(players) -> tuple:
    players = tuple(players) if isinstance(players, (list, tuple)) else None
    if not players or len(players) < 2 or len(set(players)) != len(players) or not all(
            isinstance(p, str) and p for p in players):
        raise TreeError(f"players must be two or more different names, such as "
                        f"{DEFAULT_PLAYERS}, not {players!r}")
    if CHANCE in players:
        raise TreeError(f"{CHANCE!r} cannot be a player's name: it means dice and coins")
    return players


def _checked_vector(item, players, label) -> tuple:
    if not isinstance(item, tuple):
        raise TreeError(f"leaf {label}: a leaf is a tuple of {len(players)} scores, one per "
                        f"player ({', '.join(players)}), not {item!r}")
    if len(item) != len(players):
        raise TreeError(f"leaf {label}: {item!r} has {len(item)} scores, but the game has "
                        f"{len(players)} players ({', '.join(players)})")
    return tuple(check_number(x, f"leaf {label}") for x in item)


__all__ = ["MultiplayerTree", "DEFAULT_PLAYERS"]
