"""Hand-made traps in disguise: each hidden trap of a graded kind gets extra children that
change nothing the trap tests, at places drawn from the hidden seed.

The traps are public (this package), and moving their leaves (:meth:`Kind.shifted`) can be
undone: an answer could rank an input's leaves, look the trap of that shape up in a table
worked out in the notebook and map its answer back. Extra children, inserted after the
first child of some inner nodes, change the trap's shape in ways no table holds, while:

- every leaf of an extra child is strictly worse, for the player who moves at the node,
  than the best value of the children before it: the node's value, its best children
  (so the leftmost of equally good ones, the line) and every other node's value stay;
- alpha-beta, under either pruning rule, visits the trap's own nodes with the same window,
  evaluates its own leaves in the same order and returns the same values (checked on the
  disguised tree; an extra child that would change any of it is left out).

So a mistake a trap catches is caught the same way in disguise, and the right answer is
the reference's on the disguised tree.

>>> import random
>>> tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
>>> disguised = disguise(tree, True, random.Random(2))
>>> minimax_value(disguised, True) == minimax_value(tree, True) == 3
True
>>> len(str(disguised)) > len(str(tree))
True
"""

from __future__ import annotations

from ...mistakes import minimax_value
from ...search.adversarial import alphabeta
from ...search.trace import EVALUATE, RETURN, VISIT
from ..nested import to_game


def disguise(tree, is_max, rng, *, attempts=None):
    """``tree`` with extra children that change nothing a trap tests (see the module), drawn
    from ``rng``; ``tree`` itself when it is a leaf. ``attempts``: how many insertions are
    tried (by default one per inner node and one more)."""
    return disguised_with_origin(tree, is_max, rng, attempts=attempts)[0]


def disguised_with_origin(tree, is_max, rng, *, attempts=None):
    """(:func:`disguise`'s tree, {its path: the path in ``tree``} for ``tree``'s own nodes).

    >>> import random
    >>> disguised_with_origin(7, True, random.Random(0))
    (7, {(): ()})
    """
    if not isinstance(tree, list):
        return tree, {(): ()}
    tagged = _tagged(tree)
    inner = [path for path in _paths(tree) if isinstance(_at(tree, path), list)]
    low, high = min(_leaves(tree)), max(_leaves(tree))
    spread = max(3, int(high - low) + 1)
    steps = {rule: _own_steps(tree, is_max, rule, None) for rule in (True, False)}
    for _ in range(len(inner) + 1 if attempts is None else attempts):
        where = rng.choice(inner)
        node = _find(tagged, where)
        mover = is_max == (len(where) % 2 == 0)
        position = rng.randint(1, len(node[1]))
        before = [minimax_value(_untagged(c)[0], not mover) for c in node[1][:position]]
        bound = max(before) if mover else min(before)
        extra = _extra(rng, bound, mover, spread)
        node[1].insert(position, extra)
        candidate, origin = _untagged(tagged)
        if _keeps(tree, candidate, origin, is_max, steps):
            continue
        del node[1][position]
    return _untagged(tagged)


def _extra(rng, bound, mover, spread):
    """A leaf, or a node of 2-3 leaves, all strictly worse than ``bound`` for ``mover``."""
    def leaf():
        step = rng.randint(1, spread)
        return bound - step if mover else bound + step
    if rng.random() < 0.5:
        return [None, leaf()]
    return [None, [[None, leaf()] for _ in range(rng.randint(2, 3))]]


def _keeps(tree, candidate, origin, is_max, steps) -> bool:
    """Does ``candidate`` (``origin``: its path -> the path in ``tree`` of each of tree's
    own nodes) keep every value, best child and alpha-beta step (``steps``: tree's own, by
    pruning rule) of ``tree``'s own nodes?"""
    for path, was in origin.items():
        node, old = _at(candidate, path), _at(tree, was)
        if isinstance(node, list):
            mover = is_max == (len(path) % 2 == 0)
            if minimax_value(node, mover) != minimax_value(old, mover):
                return False
            if _best(node, mover, path, origin) != _best(old, mover, was, None):
                return False
    return all(_own_steps(candidate, is_max, rule, origin) == steps[rule] for rule in steps)


def _best(node, mover, path, origin):
    """The original paths of ``node``'s best children (all equally good), by ``origin``."""
    values = [minimax_value(child, not mover) for child in node]
    best = max(values) if mover else min(values)
    found = []
    for i, value in enumerate(values):
        if value == best:
            child = path + (i,)
            found.append(child if origin is None else origin.get(child))
    return found


def _own_steps(tree, is_max, prune_ties, origin):
    """Alpha-beta's visits, evaluations and returns at the tree's own nodes (paths mapped
    back by ``origin``; every step when it is None)."""
    steps = []
    result = alphabeta(to_game(tree, is_max), trace=True, prune_ties=prune_ties)
    for step in result.trace:
        if step.kind not in (VISIT, EVALUATE, RETURN):
            continue
        path = step.path if origin is None else origin.get(step.path)
        if path is None:
            continue
        steps.append((step.kind, path, step.alpha, step.beta,
                      step.value if step.kind != VISIT else None))
    return steps, result.value


# -- a tree whose nodes remember where they were ---------------------------------------------
def _tagged(tree, path=()):
    if isinstance(tree, list):
        return [path, [_tagged(child, path + (i,)) for i, child in enumerate(tree)]]
    return [path, tree]


def _untagged(tagged, path=(), origin=None):
    """(the nested tree, {its path: the original path} for the original nodes)."""
    origin = {} if origin is None else origin
    was, body = tagged
    if was is not None:
        origin[path] = was
    if isinstance(body, list):
        return [_untagged(child, path + (i,), origin)[0] for i, child in enumerate(body)], origin
    return body, origin


def _find(tagged, original):
    """The tagged node that was at ``original`` in the tree."""
    if tagged[0] == original:
        return tagged
    for child in tagged[1] if isinstance(tagged[1], list) else ():
        if child[0] is not None and original[:len(child[0])] == child[0]:
            return _find(child, original)
    raise KeyError(original)


def _paths(tree, path=()):
    yield path
    if isinstance(tree, list):
        for i, child in enumerate(tree):
            yield from _paths(child, path + (i,))


def _at(tree, path):
    for i in path:
        tree = tree[i]
    return tree


def _leaves(tree):
    return [_at(tree, p) for p in _paths(tree) if not isinstance(_at(tree, p), list)]
