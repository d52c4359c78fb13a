"""Adversarial search: minimax, alpha-beta, negamax and expectiminimax.

Vocabulary
----------
- The *minimax value* of a state: its utility if terminal; otherwise the largest
  child value when MAX moves, the smallest when MIN moves (and the
  probability-weighted average at a chance node, for expectiminimax).
- *Alpha* is the value MAX is already guaranteed on the current path, *beta*
  the value MIN is already guaranteed. When alpha >= beta the remaining children
  of a node cannot change the decision, and alpha-beta *prunes* them.
- A *depth limit* counts plies; a non-terminal state at the limit is scored by
  an evaluation function (or, in a :class:`GameTree`, by the node's heuristic
  ``value``). Terminal states are always scored by their utility.

Every search is called ``f(game, state=None, *, depth=None, evaluate=None,
trace=False, ...)`` and returns a :class:`SearchResult`:

>>> from minimax_lessons import GameTree, minimax, alphabeta
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> r = minimax(tree)
>>> r.value, r.move, r.nodes, r.leaves
(3, 0, 13, 9)
>>> r = alphabeta(tree, trace=True)
>>> r.value, r.leaves, r.pruned
(3, 7, ('C2', 'C3'))

Pruning rule. ``alphabeta(..., prune_ties=True)`` (the default) prunes as soon
as alpha >= beta, the rule of AIMA's pseudocode. ``prune_ties=False`` prunes
only when the bound is strictly passed (alpha > beta), the rule of Berkeley's
CS188 autograder. Both give the minimax value; ties make the strict rule look
at more nodes (never fewer). Alpha and beta carry over from one sibling to the
next, at the root too.
"""

from __future__ import annotations

import gc
import math
import sys
import threading
from dataclasses import dataclass, field
from functools import cached_property


from ..games.game import CHANCE, MAX, MIN, GameError
from .trace import EVALUATE, PRUNE, RETURN, UPDATE, VISIT, Trace, flat_path

INF = math.inf
#: Deeper than this many plies a search refuses, with a clear message.
MAX_PLIES = 100_000


class SearchError(GameError):
    """A search cannot run on this input (the message says why and what to do)."""


@dataclass(frozen=True)
class SearchResult:
    """What a search found.

    ``value``: the root's value (MAX's point of view); ``move``: the first best
    move, left to right (None at a terminal root); ``nodes``: states visited,
    root included; ``leaves``: states scored by utility or evaluation;
    ``estimated``: how many of those the evaluation function scored (0 means
    the search was exact); ``pruned``: the child states whose subtrees
    alpha-beta skipped, in order. With ``trace=True`` also ``trace`` (the
    steps), ``visited`` (states in first-visit order), ``line`` (the principal
    variation: the best moves from the root on) and ``values`` (the value each
    visited path returned; under alpha-beta a pruned node's value is a bound).
    """

    value: float
    move: object
    nodes: int
    leaves: int
    algorithm: str
    depth: int | None = None
    trace: Trace | None = field(default=None, repr=False)
    pruned: tuple | None = None
    estimated: int = 0

    @cached_property
    def visited(self) -> tuple | None:
        """States in the order the search first reached them (needs ``trace=True``)."""
        if self.trace is None:
            return None
        seen = {}
        for step in self.trace._raw:
            if (step[0] == VISIT or step[0] == EVALUATE) and step[1] not in seen:
                seen[step[1]] = None
        return tuple(seen)

    @cached_property
    def values(self) -> dict | None:
        """The value returned at each visited path (needs ``trace=True``)."""
        if self.trace is None:
            return None
        return {flat_path(step[2]): step[4] for step in self.trace._raw
                if step[0] == RETURN or step[0] == EVALUATE}

    @cached_property
    def line(self) -> tuple | None:
        """The principal variation: best moves from the root on (needs ``trace=True``)."""
        if self.trace is None:
            return None
        best = {step[2]: step[7] for step in self.trace._raw if step[0] == RETURN}
        moves, path = [], ()
        while best.get(path) is not None:
            moves.append(best[path])
            path = (path, best[path])
        return tuple(moves)


class _Search:
    """The shared set-up of every search: rules, limits, tracing, counters."""

    def __init__(self, game, state, depth, evaluate, trace, order, name):
        if depth is not None and (not isinstance(depth, int) or depth < 0):
            raise SearchError(f"depth must be a whole number >= 0 (plies) or None, not {depth!r}")
        self.game = game
        self.root = game.initial_state() if state is None else state
        self.depth = depth
        self.name = name
        self.evaluate = evaluate or getattr(game, "heuristic", None)
        self.raw = [] if trace else None
        self.record = self.raw.append if trace else None
        self.order = order
        self.nodes = 0
        self.leaves = 0
        self.estimated = 0
        self.pruned = []

    def actions(self, state):
        acts = self.game.actions(state)
        return self.order(state, acts) if self.order is not None else acts

    def score_at_limit(self, state):
        self.estimated += 1
        if self.evaluate is None:
            raise SearchError(
                f"the depth limit stopped the search at a non-terminal state "
                f"{self.game.text(state)!r} and there is no evaluation function: pass evaluate="
            )
        return self.evaluate(state)

    def chance_error(self, state):
        return SearchError(
            f"{self.name} cannot handle the chance node {self.game.text(state)!r}: "
            "use expectiminimax"
        )

    def run(self, fn, *args):
        """Call the recursive search, with room for deep games."""
        height = getattr(self.game, "height", None)
        if isinstance(height, int) and height > MAX_PLIES:
            raise SearchError(
                f"the tree is {height} plies deep, more than the {MAX_PLIES} this search "
                "handles: pass depth= to search a part of it"
            )
        if isinstance(height, int) and height > 300:
            return _run_deep(fn, args, 3 * height + 200)
        collecting = self.raw is not None and gc.isenabled()
        if collecting:  # millions of small trace tuples would trigger needless collections
            gc.disable()
        try:
            return fn(*args)
        except RecursionError:
            raise SearchError(
                f"{self.name} went deeper than Python's recursion limit "
                f"({sys.getrecursionlimit()} calls): the game may never end (a cycle?) "
                "or be very deep; pass depth= to limit the search"
            ) from None
        finally:
            if collecting:
                gc.enable()

    def finish(self, value, move):
        trace = Trace(self.raw, self.game) if self.raw is not None else None
        pruned = tuple(self.pruned) if self.name == "alphabeta" or self.pruned else None
        return SearchResult(value, move, self.nodes, self.leaves, self.name, self.depth,
                            trace, pruned, self.estimated)


def _run_deep(fn, args, limit):
    """Run ``fn(*args)`` in a thread with a large stack and recursion limit."""
    out = {}

    def target():
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, limit))
        try:
            out["value"] = fn(*args)
        except BaseException as exc:  # handed to the caller below
            out["error"] = exc
        finally:
            sys.setrecursionlimit(old)

    old_size = threading.stack_size()
    threading.stack_size(min(1 << 30, max(64 << 20, limit * 2048)))
    try:
        worker = threading.Thread(target=target, name="deep-search")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_size)
    if "error" in out:
        raise out["error"]
    return out["value"]


def minimax(game, state=None, *, depth=None, evaluate=None, trace=False,
            order=None, memo=False) -> SearchResult:
    """The minimax value and first best move of ``state`` (the start by default).

    ``order(state, actions)`` may reorder moves; ``memo=True`` keeps a
    transposition table: each state is expanded once (once per remaining depth
    under a depth limit, since a shallower search may give another value). With
    a table, ``nodes`` counts every time a state is reached, table hits
    included: one for the root plus one per move out of each expanded state.

    >>> from minimax_lessons import GameTree
    >>> minimax(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
    3
    """
    s = _Search(game, state, depth, evaluate, trace, order, "minimax")
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions = s.actions if order is not None else game.actions
    record = s.record
    table = {} if memo else None
    exact = depth is None  # without a depth limit a state's value does not depend on `left`

    def value(state, left, path):
        s.nodes += 1
        player = to_move(state)
        key = (state if exact else (state, left)) if table is not None else None
        if table is not None and key in table:
            v, move = table[key]
            if record:
                record((VISIT, state, path, player, None, None, None, "memo"))
                record((RETURN, state, path, player, v, None, None, move))
            return v, move
        if is_terminal(state):
            s.leaves += 1
            v = utility(state)
            if record:
                record((EVALUATE, state, path, player, v, None, None, "utility"))
            return v, None
        if left == 0:
            s.leaves += 1
            v = s.score_at_limit(state)
            if record:
                record((EVALUATE, state, path, player, v, None, None, "evaluation"))
            return v, None
        if record:
            record((VISIT, state, path, player, None, None, None, None))
        if player == MAX:
            best, move = -INF, None
            for a in actions(state):
                child = result(state, a)
                v = value(child, left - 1, (path, a) if record else None)[0]
                if v > best:
                    best, move = v, a
                    if record:
                        record((UPDATE, state, path, player, v, None, None, child))
        elif player == MIN:
            best, move = INF, None
            for a in actions(state):
                child = result(state, a)
                v = value(child, left - 1, (path, a) if record else None)[0]
                if v < best:
                    best, move = v, a
                    if record:
                        record((UPDATE, state, path, player, v, None, None, child))
        else:
            raise s.chance_error(state)
        if move is None:
            raise SearchError(f"state {game.text(state)!r} is not terminal but has no actions")
        if table is not None:
            table[key] = (best, move)
        if record:
            record((RETURN, state, path, player, best, None, None, move))
        return best, move

    v, move = s.run(value, s.root, -1 if depth is None else depth, ())
    return s.finish(v, move)


def alphabeta(game, state=None, *, depth=None, evaluate=None, trace=False,
              order=None, prune_ties=True, alpha=-INF, beta=INF) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, fewer nodes.

    ``prune_ties=True`` prunes when alpha >= beta (AIMA); ``False`` only when
    alpha > beta (CS188). ``alpha`` and ``beta`` set the root's window.

    >>> from minimax_lessons import GameTree
    >>> r = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r.value, r.leaves, r.pruned
    (3, 7, ('C2', 'C3'))
    """
    s = _Search(game, state, depth, evaluate, trace, order, "alphabeta")
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions = s.actions if order is not None else game.actions
    record = s.record

    def value(state, alpha, beta, left, path):
        s.nodes += 1
        player = to_move(state)
        if is_terminal(state):
            s.leaves += 1
            v = utility(state)
            if record:
                record((EVALUATE, state, path, player, v, alpha, beta, "utility"))
            return v, None
        if left == 0:
            s.leaves += 1
            v = s.score_at_limit(state)
            if record:
                record((EVALUATE, state, path, player, v, alpha, beta, "evaluation"))
            return v, None
        if record:
            record((VISIT, state, path, player, None, alpha, beta, None))
        acts = actions(state)
        if player == MAX:
            best, move = -INF, None
            for i, a in enumerate(acts):
                child = result(state, a)
                v = value(child, alpha, beta, left - 1, (path, a) if record else None)[0]
                if v > best:
                    best, move = v, a
                    if best > alpha:
                        alpha = best
                    if record:
                        record((UPDATE, state, path, player, v, alpha, beta, child))
                if best >= beta if prune_ties else best > beta:
                    _prune(s, state, path, player, best, alpha, beta, acts[i + 1:])
                    break
        elif player == MIN:
            best, move = INF, None
            for i, a in enumerate(acts):
                child = result(state, a)
                v = value(child, alpha, beta, left - 1, (path, a) if record else None)[0]
                if v < best:
                    best, move = v, a
                    if best < beta:
                        beta = best
                    if record:
                        record((UPDATE, state, path, player, v, alpha, beta, child))
                if best <= alpha if prune_ties else best < alpha:
                    _prune(s, state, path, player, best, alpha, beta, acts[i + 1:])
                    break
        else:
            raise s.chance_error(state)
        if move is None:
            raise SearchError(f"state {game.text(state)!r} is not terminal but has no actions")
        if record:
            record((RETURN, state, path, player, best, alpha, beta, move))
        return best, move

    v, move = s.run(value, s.root, alpha, beta, -1 if depth is None else depth, ())
    return s.finish(v, move)


def _prune(s, state, path, player, best, alpha, beta, rest):
    """Note the children that alpha-beta skips (nothing to note if none are left)."""
    if not len(rest):
        return
    skipped = tuple(s.game.result(state, a) for a in rest)
    s.pruned.extend(skipped)
    if s.record:
        s.record((PRUNE, state, path, player, best, alpha, beta, skipped))


def negamax(game, state=None, *, depth=None, evaluate=None, trace=False,
            order=None, prune=False) -> SearchResult:
    """Minimax written once for both sides: max(a, b) = -min(-a, -b).

    Each node's value is computed from the point of view of the player to move
    and negated when the turn passes; ``prune=True`` adds alpha-beta pruning.
    The returned ``value`` (and every value in the trace) is from MAX's point of
    view, so it always equals :func:`minimax`'s.

    >>> from minimax_lessons import GameTree
    >>> negamax(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
    3
    """
    s = _Search(game, state, depth, evaluate, trace, order, "negamax")
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions = s.actions if order is not None else game.actions
    record = s.record

    def value(state, alpha, beta, left, path):
        """The value of ``state`` for the player to move there."""
        s.nodes += 1
        player = to_move(state)
        if player == CHANCE:
            raise s.chance_error(state)
        sign = 1 if player == MAX else -1
        if is_terminal(state) or left == 0:
            s.leaves += 1
            how = "utility" if is_terminal(state) else "evaluation"
            v = utility(state) if how == "utility" else s.score_at_limit(state)
            if record:
                record((EVALUATE, state, path, player, v, None, None, how))
            return sign * v, None
        if record:
            record((VISIT, state, path, player, None, None, None, None))
        best, move = -INF, None
        acts = actions(state)
        for i, a in enumerate(acts):
            child = result(state, a)
            same = to_move(child) == player
            lo, hi = (alpha, beta) if same else (-beta, -alpha)
            v = value(child, lo, hi, left - 1, (path, a) if record else None)[0]
            v = v if same else -v
            if v > best:
                best, move = v, a
                if record:
                    record((UPDATE, state, path, player, sign * v, None, None, child))
            if prune:
                alpha = max(alpha, best)
                if alpha >= beta:
                    _prune(s, state, path, player, sign * best, None, None, acts[i + 1:])
                    break
        if move is None:
            raise SearchError(f"state {game.text(state)!r} is not terminal but has no actions")
        if record:
            record((RETURN, state, path, player, sign * best, None, None, move))
        return best, move

    v, move = s.run(value, s.root, -INF, INF, -1 if depth is None else depth, ())
    sign = 1 if game.to_move(s.root) == MAX else -1
    return s.finish(sign * v, move)


def expectiminimax(game, state=None, *, depth=None, evaluate=None, trace=False,
                   order=None) -> SearchResult:
    """Minimax with chance nodes: a chance node's value is its expected value.

    The probabilities come from ``game.chances(state)`` (pairs of action and
    probability). At a chance root, ``move`` is None.

    >>> from minimax_lessons import GameTree
    >>> t = GameTree.from_dict({"player": "max", "children": [
    ...     {"player": "chance", "children": [{"value": 4}, {"value": 0}]},
    ...     {"player": "chance", "children": [{"value": 3, "probability": 0.5},
    ...                                       {"value": 1, "probability": 0.5}]}]})
    >>> expectiminimax(t).value
    2.0
    """
    s = _Search(game, state, depth, evaluate, trace, order, "expectiminimax")
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions = s.actions if order is not None else game.actions
    record = s.record

    def value(state, left, path):
        s.nodes += 1
        player = to_move(state)
        if is_terminal(state) or left == 0:
            s.leaves += 1
            how = "utility" if is_terminal(state) else "evaluation"
            v = utility(state) if how == "utility" else s.score_at_limit(state)
            if record:
                record((EVALUATE, state, path, player, v, None, None, how))
            return v, None
        if record:
            record((VISIT, state, path, player, None, None, None, None))
        if player == CHANCE:
            best, move = 0.0, None
            for a, p in game.chances(state):
                child = result(state, a)
                best += p * value(child, left - 1, (path, a) if record else None)[0]
                if record:
                    record((UPDATE, state, path, player, best, None, None, child))
        else:
            sign = 1 if player == MAX else -1
            best, move = -INF * sign, None
            for a in actions(state):
                child = result(state, a)
                v = value(child, left - 1, (path, a) if record else None)[0]
                if sign * v > sign * best:
                    best, move = v, a
                    if record:
                        record((UPDATE, state, path, player, v, None, None, child))
            if move is None:
                raise SearchError(f"state {game.text(state)!r} is not terminal but has no actions")
        if record:
            record((RETURN, state, path, player, best, None, None, move))
        return best, move

    v, move = s.run(value, s.root, -1 if depth is None else depth, ())
    return s.finish(v, move)


def best_move(game, state=None, *, search=None, **options):
    """The first best move in ``state`` (by alpha-beta unless ``search`` is given).

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe()
    >>> best_move(game, game.parse("XX.\\nOO.\\n..."))
    2
    """
    return (search or alphabeta)(game, state, **options).move


def solve(game, state=None) -> dict:
    """The exact value of every state reachable from ``state`` (the start by default).

    Chance states get their expected value.

    >>> from minimax_lessons import TicTacToe
    >>> values = solve(TicTacToe())
    >>> len(values), values[TicTacToe().initial_state()]
    (5478, 0)
    """
    root = game.initial_state() if state is None else state
    values = {}
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility

    def value(state):
        if state in values:
            return values[state]
        if is_terminal(state):
            v = utility(state)
        else:
            player = to_move(state)
            if player == CHANCE:
                v = sum(p * value(result(state, a)) for a, p in game.chances(state))
            else:
                kids = [value(result(state, a)) for a in game.actions(state)]
                if not kids:
                    raise SearchError(f"state {game.text(state)!r} is not terminal but has no actions")
                v = max(kids) if player == MAX else min(kids)
        values[state] = v
        return v

    _Search(game, root, None, None, False, None, "solve").run(value, root)
    return values


def iterative_deepening(game, state=None, *, max_depth, evaluate=None,
                        search=None, **options) -> list:
    """Search to depth 1, 2, ..., ``max_depth``; one :class:`SearchResult` per depth.

    Stops early once a search needed no evaluation (it saw the whole game).

    >>> from minimax_lessons import GameTree
    >>> t = GameTree.from_dict({"player": "max", "children": [
    ...     {"value": 5, "player": "min", "children": [{"value": 1}]},
    ...     {"value": 2, "player": "min", "children": [{"value": 3}]}]})
    >>> [r.move for r in iterative_deepening(t, max_depth=5)]
    [0, 1]
    """
    search = search or alphabeta
    results = []
    for d in range(1, max_depth + 1):
        results.append(search(game, state, depth=d, evaluate=evaluate, **options))
        if results[-1].estimated == 0:
            break
    return results


def best_first(game):
    """A move order for ``order=``: children sorted best first by exact value.

    The oracle behind the Knuth-Moore best case (it calls :func:`solve`).

    >>> from minimax_lessons import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> alphabeta(t, order=best_first(t)).leaves
    5
    """
    values = solve(game)
    result, to_move = game.result, game.to_move

    def order(state, actions):
        sign = -1 if to_move(state) == MAX else 1
        return sorted(actions, key=lambda a: sign * values[result(state, a)])

    return order


def shuffled(seed=None):
    """A move order for ``order=``: a seeded random shuffle at every node."""
    import random

    rng = random.Random(seed)

    def order(state, actions):
        acts = list(actions)
        rng.shuffle(acts)
        return acts

    return order


__all__ = ["SearchResult", "SearchError", "minimax", "alphabeta", "negamax",
           "expectiminimax", "best_move", "solve", "iterative_deepening",
           "best_first", "shuffled", "INF", "MIN", "MAX"]
