"""Explicit game trees: the small hand-made trees of the lessons.

Vocabulary
----------
- A :class:`GameTree` is a game whose states are the *names* of its nodes. Each
  :class:`Node` has a ``player`` ("max", "min" or "chance"), its children in
  left-to-right order, and for a leaf a ``value`` (the utility, from MAX's point of
  view). An inner node may also carry a heuristic ``value``, used only when a depth
  limit stops a search there.
- An *action* is the child's ``action`` label when one was given, else the
  child's index (0, 1, 2, ...).
- :class:`NamedTree` holds what every tree of named nodes shares (moves, names, the
  ways to look at it); :class:`GameTree` adds MAX, MIN, chance and a number at each
  leaf, :class:`~minimax_lessons.games.multiplayer.MultiplayerTree` more players and a
  vector of scores at each leaf.

How nodes are named (when no names are given)
---------------------------------------------
AIMA style: the root is ``A``; its children are ``B``, ``C``, ``D``, ... (or
``A1``, ``A2``, ... when the root has more than 25 children); below that a node
is its parent's name followed by its 1-based position, with a dot once the name
already ends in a digit: ``B`` → ``B1`` → ``B1.2`` → ``B1.2.3``.

>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree.children("A")
('B', 'C', 'D')
>>> tree.children("B")
('B1', 'B2', 'B3')
>>> tree.to_move("B"), tree.utility("B2")
('min', 12)
"""

from __future__ import annotations

import math
import numbers
import random as _random
import string
from dataclasses import dataclass
from types import MappingProxyType

from .game import CHANCE, MAX, MIN, PLAYERS, Game, GameError, check_player, other


class TreeError(GameError):
    """A tree description is malformed; the message names the offending node."""


@dataclass(frozen=True)
class Node:
    """One node of a :class:`GameTree` (immutable)."""

    name: str
    player: str
    children: tuple = ()
    value: float | None = None
    action: object = None
    probability: float | None = None
    parent: str | None = None
    depth: int = 0

    @property
    def is_leaf(self) -> bool:
        """True when the node has no children."""
        return not self.children


def child_name(parent: str, index: int, root_children: int, is_root: bool) -> str:
    """The default name of a parent's ``index``-th child (0-based), AIMA style.

    >>> child_name("A", 0, 3, True), child_name("B", 1, 3, False), child_name("B1", 2, 3, False)
    ('B', 'B2', 'B1.3')
    """
    if is_root and root_children <= 25:
        return string.ascii_uppercase[index + 1]
    sep = "." if parent[-1].isdigit() else ""
    return f"{parent}{sep}{index + 1}"


def check_number(value, where):
    """Return ``value`` if it is a usable score, else raise a TreeError naming ``where``
    (a text, or a function that writes it, called only for the error).

    >>> check_number(2.5, "leaf B1")
    2.5
    >>> check_number("x", lambda: "leaf B2")
    Traceback (most recent call last):
    ...
    minimax_lessons.games.tree.TreeError: leaf B2: the value 'x' is not a number
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TreeError(f"{where if isinstance(where, str) else where()}: "
                        f"the value {value!r} is not a number")
    if isinstance(value, float) and math.isnan(value):
        raise TreeError(f"{where if isinstance(where, str) else where()}: "
                        "the value is NaN; a score must be a real number")
    return value


class NamedTree(Game):
    """A game whose states are the named nodes of a tree given in full.

    What every such tree shares, whatever its players and scores: the nodes by name,
    moves from a node to its children, and ways to look at the tree. :class:`GameTree`
    (MAX, MIN and chance, a number at each leaf) and
    :class:`~minimax_lessons.games.multiplayer.MultiplayerTree` (several players, a
    vector at each leaf) build on it.
    """

    named_tree = True  # pictures draw it whole, with its node names

    def __init__(self, nodes, root: str):
        self._nodes = MappingProxyType(dict(nodes))
        self.root = root
        self._moves = {}
        for node in self._nodes.values():
            labels = [
                (self._nodes[c].action if self._nodes[c].action is not None else i)
                for i, c in enumerate(node.children)
            ]
            moves = dict(zip(labels, node.children))
            if len(moves) != len(labels):
                raise TreeError(f"node {node.name}: two children have the same action label")
            self._moves[node.name] = moves
        self._actions = {name: tuple(m) for name, m in self._moves.items()}

    # -- the game interface -----------------------------------------------------
    def initial_state(self):
        """The root's name."""
        return self.root

    def node(self, state) -> Node:
        """The :class:`Node` called ``state`` (a clear error for unknown names)."""
        try:
            return self._nodes[state]
        except (KeyError, TypeError):
            raise GameError(f"no node named {state!r} in this tree") from None

    def to_move(self, state) -> str:
        """The player at node ``state``."""
        return self.node(state).player

    def actions(self, state):
        """The action labels of ``state``'s children, left to right."""
        try:
            return self._actions[state]
        except (KeyError, TypeError):
            raise GameError(f"no node named {state!r} in this tree") from None

    def result(self, state, action):
        """The child of ``state`` reached by ``action``."""
        try:
            return self._moves[state][action]
        except KeyError:
            self.node(state)
            legal = ", ".join(repr(a) for a in self.actions(state)) or "none: it is a leaf"
            raise GameError(
                f"action {action!r} is not legal at node {state}; legal actions: {legal}"
            ) from None

    def is_terminal(self, state) -> bool:
        """True for leaves."""
        return not self.node(state).children

    def text(self, state) -> str:
        """The node's name, e.g. ``'B2'``."""
        return str(state)

    # -- looking at the tree ----------------------------------------------------
    @property
    def nodes(self):
        """All nodes by name (read-only), in preorder."""
        return self._nodes

    def __len__(self):
        return len(self._nodes)

    def __iter__(self):
        return iter(self._nodes)

    def __contains__(self, name):
        return name in self._nodes

    def children(self, state) -> tuple:
        """Names of ``state``'s children, left to right."""
        return self.node(state).children

    def parent(self, state):
        """Name of ``state``'s parent (None for the root)."""
        return self.node(state).parent

    def path_to(self, state) -> list:
        """Names from the root down to ``state``."""
        path = [state]
        while (p := self.node(path[-1]).parent) is not None:
            path.append(p)
        return path[::-1]

    @property
    def leaves(self) -> tuple:
        """Names of the leaves, left to right."""
        return tuple(n for n, node in self._nodes.items() if not node.children)

    @property
    def height(self) -> int:
        """The number of plies from the root to the deepest leaf."""
        return max(node.depth for node in self._nodes.values()) - self.node(self.root).depth

    def subtree_nodes(self, state) -> list:
        """Names of ``state`` and all its descendants, in preorder."""
        out, stack = [], [state]
        while stack:
            name = stack.pop()
            out.append(name)
            stack.extend(reversed(self.node(name).children))
        return out


class GameTree(NamedTree):
    """A game given as an explicit tree; states are node names.

    Build one with :meth:`from_nested`, :meth:`from_dict` or :meth:`random`.

    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> len(tree), tree.height, tree.root
    (13, 2, 'A')
    """

    # -- building ---------------------------------------------------------------
    @classmethod
    def from_nested(cls, nested, root: str = MAX) -> "GameTree":
        """Build a tree from nested lists: a leaf is a number, an inner node a list.

        Players alternate level by level, starting with ``root``.

        >>> GameTree.from_nested([[3, 12], [8]], root="min").to_move("B")
        'max'
        """
        if root not in (MAX, MIN):
            raise TreeError(f"root player {root!r} must be 'max' or 'min' for nested lists")
        nodes = {}
        seen = {}  # id of each list -> (its parent, its index there): where it was met

        def where(parent, index) -> str:
            """A list's place in ``nested`` ("the root", "[0][1]"), written only for an
            error: written for every node, the places of a chain n deep are n^2 long."""
            if parent is None:
                return "the root"
            steps = [index]
            while nodes[parent].parent is not None:
                up = nodes[parent].parent
                steps.append(nodes[up].children.index(parent))
                parent = up
            return "".join(f"[{i}]" for i in reversed(steps))

        stack = [(nested, "A", None, root, 0, 0)]
        while stack:
            item, name, parent, player, depth, index = stack.pop()
            if isinstance(item, (list, tuple)):
                if id(item) in seen:
                    raise TreeError(
                        f"node {name} ({where(parent, index)}): this list was already used at "
                        f"{where(*seen[id(item)])}; a tree needs a separate list for every node "
                        "(a cycle or a shared sub-list)"
                    )
                seen[id(item)] = (parent, index)
                if not item:
                    raise TreeError(f"node {name} ({where(parent, index)}): an empty list; "
                                    "an inner node needs at least one child")
                names = [
                    child_name(name, i, len(item), parent is None) for i in range(len(item))
                ]
                nodes[name] = Node(name, player, tuple(names), None, None, None, parent, depth)
                for i in reversed(range(len(item))):
                    stack.append((item[i], names[i], name, other(player), depth + 1, i))
            else:
                value = check_number(
                    item, lambda: f"leaf node {name} ({where(parent, index)})")
                nodes[name] = Node(name, player, (), value, None, None, parent, depth)
        return cls(in_preorder(nodes, "A"), "A")

    @classmethod
    def from_dict(cls, spec) -> "GameTree":
        """Build a tree from explicit nodes (nested dictionaries).

        Keys: ``name``, ``player`` ("max", "min" or "chance"; by default the
        opponent of the nearest MAX/MIN ancestor, MAX at the root), ``children``,
        ``value`` (a leaf's utility or an inner node's heuristic value),
        ``action`` (the label of the move leading to the node) and
        ``probability`` (for children of a chance node; uniform by default).

        >>> t = GameTree.from_dict({"player": "max", "children": [
        ...     {"name": "x", "player": "min", "children": [{"value": 1}, {"value": 5}]},
        ...     {"name": "y", "player": "min", "children": [{"value": 4}]}]})
        >>> t.children("A"), t.children("x")
        (('x', 'y'), ('x1', 'x2'))
        """
        allowed = {"name", "player", "children", "value", "action", "probability"}
        nodes = {}
        seen = {}
        stack = [(spec, None, None, MIN, 0, "the root", None)]
        while stack:
            item, default_name, parent, parent_side, depth, where, parent_player = stack.pop()
            if not isinstance(item, dict):
                raise TreeError(f"{where}: a node must be a dict, not {type(item).__name__}")
            if id(item) in seen:
                raise TreeError(
                    f"{where}: this dict was already used at {seen[id(item)]}; "
                    "a tree needs a separate dict for every node (a cycle or a shared node)"
                )
            seen[id(item)] = where
            unknown = set(item) - allowed
            if unknown:
                raise TreeError(
                    f"{where}: unknown key(s) {sorted(unknown)}; allowed keys are {sorted(allowed)}"
                )
            name = item.get("name", default_name or "A")
            if not isinstance(name, str) or not name:
                raise TreeError(f"{where}: a node name must be a non-empty string, not {name!r}")
            label = f"node {name} ({where})"
            if name in nodes:
                raise TreeError(f"{label}: the name {name!r} is used twice")
            player = item.get("player", other(parent_side))
            check_player(player, label, TreeError)
            side = parent_side if player == CHANCE else player
            value = item.get("value")
            if value is not None:
                check_number(value, label)
            prob = item.get("probability")
            if prob is not None:
                if parent_player != CHANCE:
                    raise TreeError(
                        f"{label}: has a probability but its parent is not a chance node"
                    )
                check_number(prob, label)
                if prob < 0:
                    raise TreeError(f"{label}: probability {prob} is negative")
            children = item.get("children")
            if children is None:
                if value is None:
                    raise TreeError(f"{label}: a leaf needs a 'value' (or give it 'children')")
                children = []
            elif not isinstance(children, (list, tuple)) or not children:
                raise TreeError(
                    f"{label}: 'children' must be a non-empty list "
                    "(a leaf has no 'children' key and a 'value')"
                )
            names = []
            for i, child in enumerate(children):
                if isinstance(child, dict) and "name" in child:
                    names.append(child["name"])
                else:
                    names.append(child_name(name, i, len(children), parent is None))
            if player == CHANCE and children:
                _check_probabilities(children, label)
            nodes[name] = Node(
                name, player, tuple(names), value, item.get("action"), prob, parent, depth
            )
            for i in reversed(range(len(children))):
                stack.append((children[i], names[i], name, side, depth + 1,
                              f"{where}.children[{i}]" if parent else f"children[{i}]", player))
        root = spec.get("name", "A") if isinstance(spec, dict) else "A"
        nodes = _fill_uniform(nodes)
        return cls(in_preorder(nodes, root), root)

    @classmethod
    def random(cls, branching=2, depth=3, *, seed=None, low=-9, high=9,
               distinct=False, root=MAX, levels=None) -> "GameTree":
        """A reproducible random tree with integer leaves in ``[low, high]``.

        ``branching`` is a number or a ``(fewest, most)`` pair; ``distinct=True``
        makes every leaf value different. MAX and MIN take turns from ``root``, unless
        ``levels`` names who moves at each level from the root down, repeated as deep as
        needed: ``("max", "chance", "min", "chance")`` rolls dice between the moves
        (its outcomes equally likely), ``("max", "min", "min")`` has two MIN agents.

        >>> GameTree.random(2, 2, seed=1) == GameTree.random(2, 2, seed=1)
        True
        >>> dice = GameTree.random(2, 2, seed=1, levels=("max", "chance"))
        >>> dice.to_move("B"), dice.chances("B")
        ('chance', [(0, 0.5), (1, 0.5)])
        """
        if levels is not None:
            levels = tuple(levels)
            if not levels:
                raise TreeError("levels must name the player of at least one level")
            for player in levels:
                check_player(player, "levels", TreeError)
        if depth < 0:
            raise TreeError(f"depth must be 0 or more, not {depth}")
        lo, hi = (branching, branching) if isinstance(branching, int) else branching
        if lo < 1 or hi < lo:
            raise TreeError(f"branching {branching!r} must be >= 1 (or a pair fewest <= most)")
        rng = _random.Random(seed)
        if depth == 0:
            return cls.from_nested(rng.randint(low, high), root=root)
        nested, slots = _random_shape(rng, lo, hi, depth)
        if distinct:
            if high - low + 1 < len(slots):
                high = low + len(slots) - 1
            values = rng.sample(range(low, high + 1), len(slots))
        else:
            values = [rng.randint(low, high) for _ in slots]
        for (parent, index), value in zip(slots, values):
            parent[index] = value
        if levels is not None:
            return cls.from_dict(_spec_with_levels(nested, levels))
        return cls.from_nested(nested, root=root)

    # -- scores ------------------------------------------------------------------
    def utility(self, state):
        """A leaf's value (from MAX's point of view)."""
        node = self.node(state)
        if node.children:
            raise GameError(f"node {state} is not a leaf: it has no utility")
        return node.value

    def heuristic(self, state):
        """An inner node's heuristic value (used at a depth limit)."""
        node = self.node(state)
        if node.value is None:
            raise GameError(
                f"the search stopped at node {state} (depth limit) but it has no heuristic "
                "value: give it a 'value' or pass evaluate="
            )
        return node.value

    def chances(self, state):
        """Pairs ``(action, probability)`` of a chance node."""
        return [(a, self._nodes[c].probability)
                for a, c in zip(self.actions(state), self.node(state).children)]

    def __eq__(self, other_tree):
        if not isinstance(other_tree, GameTree):
            return NotImplemented
        return self.root == other_tree.root and dict(self._nodes) == dict(other_tree._nodes)

    def __hash__(self):
        return hash((self.root, len(self._nodes)))

    def __reduce__(self):  # pickle through the plain-data form
        return (GameTree.from_dict, (self.to_dict(),))

    def to_nested(self, state=None):
        """The tree (or the subtree at ``state``) as nested lists of leaf values.

        >>> GameTree.from_nested([[1, 2], [3]]).to_nested()
        [[1, 2], [3]]
        """
        state = self.root if state is None else state
        built = {}
        for name in reversed(self.subtree_nodes(state)):
            node = self._nodes[name]
            built[name] = [built.pop(c) for c in node.children] if node.children else node.value
        return built[state]

    def to_dict(self, state=None) -> dict:
        """The tree (or a subtree) in the form :meth:`from_dict` reads."""
        state = self.root if state is None else state
        built = {}
        for name in reversed(self.subtree_nodes(state)):
            node = self._nodes[name]
            d = {"name": name, "player": node.player}
            if node.children:
                d["children"] = [built.pop(c) for c in node.children]
            if node.value is not None:
                d["value"] = node.value
            if node.action is not None:
                d["action"] = node.action
            if node.probability is not None:
                d["probability"] = node.probability
            built[name] = d
        return built[state]

    def __repr__(self):
        return (f"GameTree({len(self)} nodes, height {self.height}, "
                f"root {self.root}: {self.to_move(self.root)})")

    def _repr_mimebundle_(self, include=None, exclude=None):
        """In Jupyter a tree shows itself as a drawing (see :func:`display_trees_with`)."""
        if _show is None:
            return {"text/plain": repr(self)}
        return _show(self, include, exclude)


#: How a GameTree shows itself in Jupyter (set by :func:`display_trees_with`).
_show = None


def uniform_tree_size(branching: int, depth: int) -> int:
    """Nodes in a uniform tree, the root included: 1 + b + b^2 + ... + b^d, as many as
    ``GameTree.random(b, d)`` has.

    >>> uniform_tree_size(3, 2), len(GameTree.random(3, 2, seed=0))
    (13, 13)
    """
    return sum(branching ** k for k in range(depth + 1))


def display_trees_with(show) -> None:
    """Make every GameTree show itself in Jupyter as ``show(tree, include, exclude)``
    says (a dict of MIME type to content), or as text only when ``show`` is None.

    :mod:`minimax_lessons.pictures.draw` registers its drawing when the package is
    imported, so this model of trees never imports drawing code.

    >>> from minimax_lessons import FIGURE_5_2
    >>> "image/svg+xml" in FIGURE_5_2._repr_mimebundle_()
    True
    """
    global _show
    if show is not None and not callable(show):
        raise TypeError(f"display_trees_with expects a function or None, not {type(show).__name__}")
    _show = show


def _check_probabilities(children, label):
    """Probabilities given on a chance node's children must sum to 1."""
    given = [c.get("probability") for c in children if isinstance(c, dict)]
    if all(p is None for p in given):
        return
    if any(p is None for p in given):
        known = sum(p for p in given if p is not None)
        if known > 1 + 1e-9:
            raise TreeError(f"{label}: chance probabilities sum to {known}, more than 1")
        return
    total = sum(given)
    if abs(total - 1) > 1e-9:
        raise TreeError(f"{label}: chance probabilities sum to {total}, not 1")


def _fill_uniform(nodes):
    """Give chance children without a probability an equal share of what is left."""
    out = dict(nodes)
    for node in nodes.values():
        if node.player != CHANCE or not node.children:
            continue
        kids = [nodes[c] for c in node.children]
        missing = [k for k in kids if k.probability is None]
        if not missing:
            continue
        left = 1 - sum(k.probability for k in kids if k.probability is not None)
        for k in missing:
            out[k.name] = Node(k.name, k.player, k.children, k.value, k.action,
                               left / len(missing), k.parent, k.depth)
    return out


def in_preorder(nodes, root) -> dict:
    """The same nodes (a dict by name), ordered root first, children left to right."""
    ordered, stack = {}, [root]
    while stack:
        name = stack.pop()
        ordered[name] = nodes[name]
        stack.extend(reversed(nodes[name].children))
    return ordered


def _spec_with_levels(nested, levels) -> dict:
    """A from_dict spec of nested lists, the player of each level taken from ``levels``."""
    def spec(item, depth):
        if isinstance(item, list):
            return {"player": levels[depth % len(levels)],
                    "children": [spec(c, depth + 1) for c in item]}
        return {"value": item}  # a leaf: whose turn it would be does not matter

    return spec(nested, 0)


def _random_shape(rng, lo, hi, depth):
    """Nested lists of the given depth with ``lo``..``hi`` children per node, and
    the (list, index) slot of every leaf, left to right (no recursion)."""
    root, slots = [], []
    stack = [(root, depth)]
    while stack:
        node, left = stack.pop()
        node.extend([] if left > 1 else None for _ in range(rng.randint(lo, hi)))
        if left == 1:
            slots.extend((node, i) for i in range(len(node)))
        else:
            stack.extend((child, left - 1) for child in reversed(node))
    return root, slots


__all__ = ["GameTree", "NamedTree", "Node", "TreeError", "child_name", "check_number",
           "in_preorder", "MAX", "MIN", "CHANCE", "PLAYERS", "uniform_tree_size"]
