"""Game trees as nested lists: the form students write their first minimax on.

Vocabulary
----------
- A *nested tree* is a number (a leaf, its value for MAX) or a list of nested
  trees (an inner node, its children left to right). Players alternate level by
  level; the caller says who moves at the root (``is_maximizing``).
- A node is found by its *index path*: ``()`` is the root, ``(1, 0)`` the first
  child of the second child. :func:`names` gives the same names as
  :meth:`GameTree.from_nested <minimax_lessons.games.tree.GameTree.from_nested>`
  (A, B, C, then B1, B1.2, ...), so feedback and drawings agree.
- :func:`estimate` is the rough guess a depth-limited search uses where it
  stops: the value at the end of the leftmost line of play.

>>> tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
>>> names(tree)[(1, 2)], subtree(tree, (2,)), estimate(tree)
('C3', [14, 5, 2], 3)
"""

from __future__ import annotations

from ..games.tree import GameTree


def is_leaf(node) -> bool:
    """True for a number (a leaf), False for a list (an inner node).

    >>> is_leaf(3), is_leaf([3, 4])
    (True, False)
    """
    return not isinstance(node, (list, tuple))


def estimate(node):
    """A quick guess at a node's value: the leaf at the end of its leftmost path.

    A depth-limited search calls it where it stops, instead of searching on
    (one quick "playout" down the first move each time). A leaf is its own value.

    >>> estimate([[7, 1], [0]]), estimate(4)
    (7, 4)
    """
    while not is_leaf(node):
        node = node[0]
    return node


def paths(tree) -> list:
    """Index paths of every node, in preorder (root first, children left to right).

    >>> paths([[1, 2], 3])
    [(), (0,), (0, 0), (0, 1), (1,)]
    """
    out, stack = [], [((), tree)]
    while stack:
        path, node = stack.pop()
        out.append(path)
        if not is_leaf(node):
            stack.extend(((*path, i), c) for i, c in reversed(list(enumerate(node))))
    return out


def subtree(tree, path):
    """The node at ``path``."""
    for i in path:
        tree = tree[i]
    return tree


def names(tree) -> dict:
    """Index path -> node name, as GameTree.from_nested names them.

    >>> names([[1, 2], 3])
    {(): 'A', (0,): 'B', (0, 0): 'B1', (0, 1): 'B2', (1,): 'C'}
    """
    game = to_game(tree)
    out = {(): game.root}
    stack = [((), game.root)]
    while stack:
        path, name = stack.pop()
        for i, child in enumerate(game.children(name)):
            out[(*path, i)] = child
            stack.append(((*path, i), child))
    return {path: out[path] for path in paths(tree)}


def to_game(tree, is_maximizing: bool = True) -> GameTree:
    """The :class:`GameTree` of a nested tree (MAX or MIN at the root)."""
    return GameTree.from_nested(tree, root="max" if is_maximizing else "min")


def random_nested(rng, *, depth, branching=(2, 3), low=-9, high=9, distinct=False):
    """A random nested tree drawn from ``rng`` (a ``random.Random``): ``depth`` plies,
    ``branching`` children per inner node (a number or a ``(fewest, most)`` pair), leaves
    from ``low`` to ``high`` (all different with ``distinct=True``).

    >>> import random
    >>> random_nested(random.Random(1), depth=2, branching=2, low=0, high=9)
    [[4, 5], [9, 9]]
    """
    return GameTree.random(branching, depth, seed=rng.randrange(2**31), low=low, high=high,
                           distinct=distinct).to_nested()


def size(tree) -> int:
    """Number of nodes.

    >>> size([[1, 2], 3])
    5
    """
    return len(paths(tree))


__all__ = ["estimate", "is_leaf", "paths", "subtree", "names", "to_game", "random_nested",
           "size"]
