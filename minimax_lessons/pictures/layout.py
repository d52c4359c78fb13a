"""The layout of a picture: which nodes of a game a drawing shows, and their ids.

Every picture of a game (a still drawing, each frame of an animation, a practice
tree) lays out the same nodes the same way, by the functions here. This module
knows games and trees only: drawing (:mod:`minimax_lessons.pictures.draw`), frames and
widgets build on it, and it imports none of them.

Vocabulary
----------
- A *spot* is one node of a picture (:class:`Spot`): a game state reached by a
  *path*, the tuple of actions from the drawn root. A game is expanded path by
  path, so a state reached twice is drawn twice. A spot's *id* comes from the
  children's positions: the root is ``n``, its second child ``n_1``, that one's
  first child ``n_1_0``; the edge into ``n_1_0`` is ``e_1_0``.
- A *plan* (:class:`Plan`) is what one picture shows: its root, the spots in
  preorder, and, for a picture of a search, the path from the search's root down
  to the drawn root (its *prefix*).
- Pictures are kept readable: past ``MAX_NODES`` nodes a game is refused with a
  :class:`TreeTooLargeError` that says which part to draw instead.

>>> from minimax_lessons import FIGURE_5_2
>>> [s.id for s in plan(FIGURE_5_2, depth=1).spots]
['n', 'n_0', 'n_1', 'n_2']
>>> plan(FIGURE_5_2, state="C", search_root="A").prefix
(1,)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..games.game import CHANCE, is_named_tree

__all__ = ["plan", "Plan", "expand", "Spot", "TreeTooLargeError", "MAX_NODES", "COUNT_LIMIT"]

#: Trees with more nodes than this are refused: draw a part (depth=, state=).
MAX_NODES = 2000
#: When a tree is too large, its nodes are counted up to this many, then "more than".
COUNT_LIMIT = 100_000


class TreeTooLargeError(ValueError):
    """A tree has too many nodes to draw usefully; the message says how to draw a part."""


# -- expanding a game into spots ---------------------------------------------------

@dataclass(frozen=True)
class Spot:
    """One node of a drawing: a state reached by a path of actions from the drawn root."""

    path: tuple
    index: tuple
    state: object
    player: str
    terminal: bool
    cut: bool = False            # an inner state not expanded (depth limit or collapsed)
    action: object = None        # the action on the edge into this node
    probability: float | None = None
    utility: object = None       # a terminal state's utility (MAX's point of view)

    @cached_property
    def id(self) -> str:
        """The DOT/SVG id, from the children's positions: ``n``, ``n_1``, ``n_1_0``."""
        return "n" + "".join(f"_{i}" for i in self.index)

    @property
    def edge_id(self) -> str | None:
        """The id of the edge into this node (None for the root)."""
        return "e" + "".join(f"_{i}" for i in self.index) if self.index else None

    @property
    def parent_id(self) -> str | None:
        return "n" + "".join(f"_{i}" for i in self.index[:-1]) if self.index else None

    @property
    def is_leaf(self) -> bool:
        """Drawn without children (terminal, or cut by a depth limit)."""
        return self.terminal or self.cut


def expand(game, state=None, *, depth=None, collapse=(), max_nodes=MAX_NODES) -> tuple:
    """The spots of ``game`` from ``state`` down ``depth`` plies, in preorder.

    ``collapse`` is a set of paths drawn without their subtrees. Raises
    :class:`TreeTooLargeError` past ``max_nodes`` nodes.

    >>> from minimax_lessons import FIGURE_5_2
    >>> [s.id for s in expand(FIGURE_5_2, depth=1)]
    ['n', 'n_0', 'n_1', 'n_2']
    """
    root = game.initial_state() if state is None else state
    collapse = set(collapse)
    chances = getattr(game, "chances", None)
    spots = []
    stack = [((), (), root, None, None)]
    while stack:
        path, index, s, action, p = stack.pop()
        terminal = bool(game.is_terminal(s))
        cut = not terminal and ((depth is not None and len(path) >= depth) or path in collapse)
        player = game.to_move(s)
        spots.append(Spot(path, index, s, player, terminal, cut, action, p,
                          game.utility(s) if terminal else None))
        if len(spots) > max_nodes:
            raise TreeTooLargeError(_too_large(game, root, depth, max_nodes))
        if terminal or cut:
            continue
        if player == CHANCE and chances is not None:
            pairs = list(chances(s))
        else:
            pairs = [(a, None) for a in game.actions(s)]
        for i in reversed(range(len(pairs))):
            a, prob = pairs[i]
            stack.append((path + (a,), index + (i,), game.result(s, a), a, prob))
    return tuple(spots)


def _too_large(game, root, depth, max_nodes) -> str:
    levels, total, more = _count_levels(game, root, depth)
    fits = [d for d, n in enumerate(levels) if n <= max_nodes]
    count = f"more than {COUNT_LIMIT:,}" if more else f"{total:,}"
    what = f"down to depth {depth}" if depth is not None else "in full"
    hint = ""
    if fits and fits[-1] >= 1:
        hint = f"depth={fits[-1]} draws the first {fits[-1]} plies ({levels[fits[-1]]:,} nodes); "
    return (
        f"this tree has {count} nodes {what}, more than MAX_NODES = {max_nodes:,}: a drawing "
        f"that large is unreadable and slow. Draw a part of it: {hint}state=... draws the "
        f"subtree under one state (add depth= to limit it); max_nodes= raises the limit."
    )


def _count_levels(game, root, depth):
    """Cumulative node counts per depth, the total, and whether counting stopped early."""
    level, cumulative, total = [root], [], 0
    d = 0
    while level:
        total += len(level)
        cumulative.append(total)
        if total > COUNT_LIMIT:
            return cumulative, total, True
        if depth is not None and d >= depth:
            break
        nxt = []
        for s in level:
            if not game.is_terminal(s):
                nxt.extend(game.result(s, a) for a in game.actions(s))
                if total + len(nxt) > COUNT_LIMIT:
                    cumulative.append(total + len(nxt))
                    return cumulative, total + len(nxt), True
        level, d = nxt, d + 1
    return cumulative, total, False


# -- what one picture shows ---------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """What one picture shows: its root state, the spots in preorder, and ``prefix``,
    the actions from the search's root down to the drawn root (``()`` when they are
    the same or the picture shows no search)."""

    root: object
    prefix: tuple
    spots: tuple


def plan(game, *, state=None, depth=None, search_root=None, reached=(), pruned=(),
         max_nodes=MAX_NODES) -> Plan:
    """The spots a picture of ``game`` shows, from ``state`` down ``depth`` plies.

    For a picture of a search, ``search_root`` is the state the search started
    from (None: no search), ``reached`` the paths (from that root) it reached and
    ``pruned`` the paths it pruned. Without ``state`` the picture starts at the
    search's root; a :class:`~minimax_lessons.games.tree.GameTree` may start lower. A
    game other than a tree is drawn as deep as the search reached, without the
    subtrees it pruned (a tree is always drawn whole).

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe("XXOOO.X..")
    >>> p = plan(game, search_root=game.initial_state(), reached=[(), (5,), (7,), (8,)],
    ...          pruned=[(8,)])
    >>> [s.path for s in p.spots], p.spots[-1].cut
    ([(), (5,), (7,), (8,)], True)
    """
    is_tree = is_named_tree(game)
    root = game.initial_state() if state is None else state
    prefix = ()
    collapse = ()
    if search_root is not None:
        if state is None:
            root = search_root
        elif root != search_root:
            if not is_tree:
                raise ValueError(
                    f"state={game.text(root)!r} is not the root of the search this frame comes "
                    f"from ({game.text(search_root)!r}); draw that root, or search from this state")
            prefix = _tree_path(game, search_root, root)
        if not is_tree:
            if depth is None:
                depth = max((len(p) for p in reached), default=0) - len(prefix)
            collapse = {p[len(prefix):] for p in pruned if p[:len(prefix)] == prefix}
    spots = expand(game, root, depth=depth, collapse=collapse, max_nodes=max_nodes)
    return Plan(root, prefix, spots)


def _tree_path(tree, top, name) -> tuple:
    """Actions from node ``top`` down to node ``name`` of a GameTree."""
    names = tree.path_to(name)
    if top not in names:
        raise ValueError(f"node {name!r} is not below the search's root {top!r}")
    names = names[names.index(top):]
    actions = []
    for parent, child in zip(names, names[1:]):
        kids = tree.children(parent)
        actions.append(tree.actions(parent)[kids.index(child)])
    return tuple(actions)
