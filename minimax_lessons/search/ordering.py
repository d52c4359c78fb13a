"""Move ordering learned during the search: killer moves and the history heuristic.

Alpha-beta prunes most when each node tries its best move first (lesson 6). A fixed
order guesses from the position alone (:func:`~minimax_lessons.search.engine.centre_first`
in Connect Four); these two orders learn from the search itself which moves *cut off*.

Vocabulary
----------
- A *cut-off move* is the move after which a node stops (alpha >= beta): it refuted
  the opponent's move just before it.
- *Killer moves* (Akl and Newborn, 1977): for each ply, the last ``killers`` moves that
  cut off there, the latest first. A node tries them first when they are legal, then
  the rest in the usual order. A move that refutes one of the opponent's moves often
  refutes its neighbours too: the same threat, the same block, one ply down.
- The *history heuristic* (Schaeffer, 1983): one score per (player, move), raised by
  d * d each time the move cuts off with d plies still to search below the node (by
  one without a depth limit), at any ply. Moves with higher scores are tried first;
  equal scores keep the usual order.
- :class:`LearnedOrder` holds both tables for one search; ``alphabeta(...,
  killers=2, history=True)`` makes one and consults it at every node.

>>> learned = LearnedOrder(killers=2)
>>> learned.cut("max", 5, ply=1, left=3)
>>> learned.cut("max", 2, ply=1, left=3)
>>> learned.order("max", (3, 2, 4, 5), ply=1), learned.order("max", (3, 2, 4, 5), ply=2)
((2, 5, 3, 4), (3, 2, 4, 5))
"""

from __future__ import annotations

import math

from .result import SearchError


class LearnedOrder:
    """The killer moves of each ply and the history scores of one search (see the module)."""

    def __init__(self, *, killers=0, history=False):
        if isinstance(killers, bool) or not isinstance(killers, int) or killers < 0:
            raise SearchError(f"killers must be a whole number >= 0 (moves kept per ply), "
                              f"not {killers!r}")
        self.slots = killers
        self.use_history = bool(history)
        self.killers = {}   # ply -> the latest cut-off moves there, the latest first
        self.history = {}   # (player, move) -> score

    def order(self, player, actions, ply) -> tuple:
        """``actions`` (in the usual order) as this node should try them."""
        acts = tuple(actions)
        if self.use_history:
            scores = self.history
            acts = tuple(sorted(acts, key=lambda a: -scores.get((player, a), 0)))
        if self.slots:
            first = [m for m in self.killers.get(ply, ()) if m in acts]
            if first:
                acts = tuple(first) + tuple(a for a in acts if a not in first)
        return acts

    def cut(self, player, move, *, ply, left):
        """Remember that ``move`` cut off at ``ply``, with ``left`` plies to search below."""
        if self.slots:
            kept = self.killers.setdefault(ply, [])
            if move in kept:
                kept.remove(move)
            kept.insert(0, move)
            del kept[self.slots:]
        if self.use_history:
            key = (player, move)
            self.history[key] = self.history.get(key, 0) + (left * left if left != math.inf
                                                            else 1)

    def __repr__(self):
        return (f"<LearnedOrder: {self.slots} killers per ply"
                f"{', history' if self.use_history else ''}>")


def plies_from_root(path) -> int:
    """How deep a node is, from its path as the searches record it (linked pairs).

    >>> plies_from_root(((((), 3), 2), 4)), plies_from_root(())
    (3, 0)
    """
    plies = 0
    while path:
        path = path[0]
        plies += 1
    return plies


__all__ = ["LearnedOrder", "plies_from_root"]
