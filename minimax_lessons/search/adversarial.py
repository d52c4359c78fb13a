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
  ``value``). Terminal states are always scored by their utility. Inside a search,
  ``left`` counts the plies still allowed: ``math.inf`` when there is no limit.
- Each search is the textbook's loop (:mod:`minimax_lessons.search.textbook`) plus
  one line per step it reports to its *recorder* ``log`` (``log.visit``,
  ``log.update``, ``log.returned``, ...; see :mod:`minimax_lessons.search.trace`),
  and a *path* per node, the moves from the root as linked pairs ``(parent's path,
  move)``, which tells two visits of the same state apart.

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

import math
from fractions import Fraction
import sys

from ..games.game import CHANCE, MAX, MIN
from . import _deep
from .ordering import LearnedOrder, plies_from_root
from .result import SearchError, SearchResult, check_depth, no_actions, no_evaluation
from .trace import EVALUATION, UTILITY, recorder

INF = math.inf
#: Deeper than this many plies a search refuses, with a clear message.
MAX_PLIES = 100_000


class _Search:
    """What every search shares: the game's rules, the depth limit, the recorder, counters.

    ``prunes`` says whether the search prunes (its result's ``pruned`` is then a
    tuple, empty if nothing was skipped; otherwise None).
    """

    def __init__(self, game, state, name, *, depth=None, evaluate=None, trace=False, order=None,
                 prunes=False):
        check_depth(depth)
        self.game = game
        self.root = game.initial_state() if state is None else state
        self.depth = depth
        self.plies = INF if depth is None else depth  # plies left to search at the root
        self.name = name
        self.prunes = prunes
        self.evaluate = evaluate or getattr(game, "heuristic", None)
        self.tracing = trace
        self.log = recorder(trace)
        actions = game.actions
        self.actions = actions if order is None else lambda state: order(state, actions(state))
        self.nodes = 0
        self.leaves = 0
        self.estimated = 0
        self.pruned = []

    def leaf(self, state, path, player, value, how, alpha=None, beta=None):
        """Count a leaf scored ``value`` (``how``: by utility or evaluation) and log it."""
        self.leaves += 1
        self.log.evaluate(state, path, player, value, how, alpha, beta)
        return value

    def estimate(self, state):
        """The evaluation function's score of a state at the depth limit."""
        self.estimated += 1
        if self.evaluate is None:
            raise no_evaluation(self.game, state)
        return self.evaluate(state)

    def prune(self, state, path, player, value, rest, alpha=None, beta=None):
        """Skip the children that the moves ``rest`` lead to (nothing to note if none)."""
        if not len(rest):
            return
        moves = tuple(rest)
        skipped = tuple(self.game.result(state, a) for a in moves)
        self.pruned.extend(skipped)
        self.log.prune(state, path, player, value, skipped, alpha, beta, moves)

    def player_error(self, state):
        """The error for a node this search has no rule for: a chance node, or a player of
        a game of more than two (a utility vector at each leaf)."""
        player = self.game.to_move(state)
        if player == CHANCE:
            return SearchError(
                f"{self.name} cannot handle the chance node {self.game.text(state)!r}: "
                "use expectiminimax"
            )
        return SearchError(
            f"{self.name} knows the players MAX and MIN only, but node "
            f"{self.game.text(state)!r} belongs to {player!r}: for a game of more players, "
            "scored with a utility vector, use maxn"
        )

    def run(self, fn, *args):
        """Call the recursive search, with room for deep games."""
        height = getattr(self.game, "height", None)
        height = height if isinstance(height, int) else None
        if height is not None and height > MAX_PLIES:
            raise SearchError(
                f"the tree is {height} plies deep, more than the {MAX_PLIES} this search "
                "handles: pass depth= to search a part of it"
            )
        try:
            return _deep.run(fn, *args, plies=height, pause_collector=self.tracing)
        except RecursionError:
            raise SearchError(
                f"{self.name} went deeper than Python's recursion limit "
                f"({sys.getrecursionlimit()} calls): the game may never end (a cycle?) "
                "or be very deep; pass depth= to limit the search"
            ) from None

    def finish(self, value, move):
        return SearchResult(value, move, self.nodes, self.leaves, self.name, self.depth,
                            trace=self.log.trace(self.game),
                            pruned=tuple(self.pruned) if self.prunes else None,
                            estimated=self.estimated)


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
    s = _Search(game, state, "minimax", depth=depth, evaluate=evaluate, trace=trace,
                order=order)
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions, log = s.actions, s.log
    table = {} if memo else None
    exact = depth is None  # without a depth limit a state's value does not depend on `left`

    def value(state, left, path):
        s.nodes += 1
        player = to_move(state)
        if table is not None:
            key = state if exact else (state, left)
            if key in table:
                v, move = table[key]
                log.remembered(state, path, player, v, move)
                return v, move
        if is_terminal(state):
            return s.leaf(state, path, player, utility(state), UTILITY), None
        if left == 0:
            return s.leaf(state, path, player, s.estimate(state), EVALUATION), None
        log.visit(state, path, player)
        if player == MAX:
            best, move = -INF, None
            for a in actions(state):
                child = result(state, a)
                v = value(child, left - 1, (path, a))[0]
                if v > best:
                    best, move = v, a
                    log.update(state, path, player, v, child)
        elif player == MIN:
            best, move = INF, None
            for a in actions(state):
                child = result(state, a)
                v = value(child, left - 1, (path, a))[0]
                if v < best:
                    best, move = v, a
                    log.update(state, path, player, v, child)
        else:
            raise s.player_error(state)
        if move is None:
            raise no_actions(game, state)
        if table is not None:
            table[key] = (best, move)
        log.returned(state, path, player, best, move)
        return best, move

    v, move = s.run(value, s.root, s.plies, ())
    return s.finish(v, move)


def alphabeta(game, state=None, *, depth=None, evaluate=None, trace=False,
              order=None, prune_ties=True, alpha=-INF, beta=INF, killers=0,
              history=False) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value, fewer nodes.

    ``prune_ties=True`` prunes when alpha >= beta (AIMA); ``False`` only when
    alpha > beta (CS188). ``alpha`` and ``beta`` set the root's window.
    ``killers=2`` tries first, at each ply, the last two moves that cut off there;
    ``history=True`` tries first the moves that cut off most, anywhere (both learned
    during the search: :mod:`~minimax_lessons.search.ordering`).

    >>> from minimax_lessons import GameTree
    >>> r = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r.value, r.leaves, r.pruned
    (3, 7, ('C2', 'C3'))
    """
    s = _Search(game, state, "alphabeta", depth=depth, evaluate=evaluate, trace=trace,
                order=order, prunes=True)
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions, log = s.actions, s.log
    learned = LearnedOrder(killers=killers, history=history) if killers or history else None

    def value(state, alpha, beta, left, path):
        s.nodes += 1
        player = to_move(state)
        if is_terminal(state):
            return s.leaf(state, path, player, utility(state), UTILITY, alpha, beta), None
        if left == 0:
            return s.leaf(state, path, player, s.estimate(state), EVALUATION, alpha, beta), None
        log.visit(state, path, player, alpha, beta)
        acts = actions(state)
        if learned is not None:
            ply = plies_from_root(path)
            acts = learned.order(player, acts, ply)
        if player == MAX:
            best, move = -INF, None
            for i, a in enumerate(acts):
                child = result(state, a)
                v = value(child, alpha, beta, left - 1, (path, a))[0]
                if v > best:
                    best, move = v, a
                    if best > alpha:
                        alpha = best
                    log.update(state, path, player, v, child, alpha, beta)
                if best >= beta if prune_ties else best > beta:
                    if learned is not None:
                        learned.cut(player, a, ply=ply, left=left)
                    s.prune(state, path, player, best, acts[i + 1:], alpha, beta)
                    break
        elif player == MIN:
            best, move = INF, None
            for i, a in enumerate(acts):
                child = result(state, a)
                v = value(child, alpha, beta, left - 1, (path, a))[0]
                if v < best:
                    best, move = v, a
                    if best < beta:
                        beta = best
                    log.update(state, path, player, v, child, alpha, beta)
                if best <= alpha if prune_ties else best < alpha:
                    if learned is not None:
                        learned.cut(player, a, ply=ply, left=left)
                    s.prune(state, path, player, best, acts[i + 1:], alpha, beta)
                    break
        else:
            raise s.player_error(state)
        if move is None:
            raise no_actions(game, state)
        log.returned(state, path, player, best, move, alpha, beta)
        return best, move

    v, move = s.run(value, s.root, alpha, beta, s.plies, ())
    return s.finish(v, move)


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
    s = _Search(game, state, "negamax", depth=depth, evaluate=evaluate, trace=trace,
                order=order, prunes=prune)
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions, log = s.actions, s.log

    def value(state, alpha, beta, left, path):
        """The value of ``state`` for the player to move there."""
        s.nodes += 1
        player = to_move(state)
        if player != MAX and player != MIN:
            raise s.player_error(state)
        sign = 1 if player == MAX else -1
        if is_terminal(state):
            return sign * s.leaf(state, path, player, utility(state), UTILITY), None
        if left == 0:
            return sign * s.leaf(state, path, player, s.estimate(state), EVALUATION), None
        log.visit(state, path, player)
        best, move = -INF, None
        acts = actions(state)
        for i, a in enumerate(acts):
            child = result(state, a)
            same = to_move(child) == player
            lo, hi = (alpha, beta) if same else (-beta, -alpha)
            v = value(child, lo, hi, left - 1, (path, a))[0]
            v = v if same else -v
            if v > best:
                best, move = v, a
                log.update(state, path, player, sign * v, child)
            if prune:
                alpha = max(alpha, best)
                if alpha >= beta:
                    s.prune(state, path, player, sign * best, acts[i + 1:])
                    break
        if move is None:
            raise no_actions(game, state)
        log.returned(state, path, player, sign * best, move)
        return best, move

    v, move = s.run(value, s.root, -INF, INF, s.plies, ())
    sign = 1 if game.to_move(s.root) == MAX else -1
    return s.finish(sign * v, move)


def expectiminimax(game, state=None, *, depth=None, evaluate=None, trace=False,
                   order=None, bounds=None) -> SearchResult:
    """Minimax with chance nodes: a chance node's value is its expected value.

    The probabilities come from ``game.chances(state)`` (pairs of action and
    probability). At a chance root, ``move`` is None.

    ``bounds=(low, high)`` says that every utility (and estimate) lies between ``low``
    and ``high``; the search then prunes, the same value with fewer nodes (Ballard's
    Star1, 1983): MAX and MIN nodes as alpha-beta does, and a chance node as soon as
    even its unseen outcomes, all scoring ``high`` (or all ``low``), cannot bring its
    average back inside its window. Without bounds a chance node is never cut: one
    unseen outcome can move an average anywhere.

    >>> from minimax_lessons import GameTree
    >>> t = GameTree.from_dict({"player": "max", "children": [
    ...     {"player": "chance", "children": [{"value": 4}, {"value": 2}]},
    ...     {"player": "chance", "children": [{"value": 1, "probability": 0.5},
    ...                                       {"value": 3, "probability": 0.5}]}]})
    >>> expectiminimax(t).value
    3.0
    >>> pruned = expectiminimax(t, bounds=(0, 4))   # C is at most 1/2 + 4/2 after C1
    >>> pruned.value, pruned.pruned
    (3.0, ('C2',))
    """
    if bounds is not None:
        return _expectiminimax_with_bounds(game, state, bounds, depth=depth, evaluate=evaluate,
                                           trace=trace, order=order)
    s = _Search(game, state, "expectiminimax", depth=depth, evaluate=evaluate, trace=trace,
                order=order)
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions, log = s.actions, s.log

    def value(state, left, path):
        s.nodes += 1
        player = to_move(state)
        if is_terminal(state):
            return s.leaf(state, path, player, utility(state), UTILITY), None
        if left == 0:
            return s.leaf(state, path, player, s.estimate(state), EVALUATION), None
        log.visit(state, path, player)
        if player == CHANCE:
            best, move = 0, None  # exact with exact probabilities (fractions), else float
            for a, p in game.chances(state):
                child = result(state, a)
                best += p * value(child, left - 1, (path, a))[0]
                log.update(state, path, player, best, child)
        elif player == MAX or player == MIN:
            sign = 1 if player == MAX else -1
            best, move = -INF * sign, None
            for a in actions(state):
                child = result(state, a)
                v = value(child, left - 1, (path, a))[0]
                if sign * v > sign * best:
                    best, move = v, a
                    log.update(state, path, player, v, child)
            if move is None:
                raise no_actions(game, state)
        else:
            raise s.player_error(state)
        log.returned(state, path, player, best, move)
        return best, move

    v, move = s.run(value, s.root, s.plies, ())
    return s.finish(v, move)


def _expectiminimax_with_bounds(game, state, bounds, *, depth, evaluate, trace, order):
    """:func:`expectiminimax` with ``bounds``: Star1 (see there; textbook form:
    :func:`~minimax_lessons.search.textbook.expectiminimax_with_bounds`)."""
    low, high = check_bounds(bounds)
    s = _Search(game, state, "expectiminimax", depth=depth, evaluate=evaluate, trace=trace,
                order=order, prunes=True)
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions, log = s.actions, s.log

    def scored(state, v):
        if not low <= v <= high:
            raise SearchError(f"{game.text(state)!r} scores {v}, outside the bounds "
                              f"({low}, {high}) the search was promised")
        return v

    def value(state, alpha, beta, left, path):
        s.nodes += 1
        player = to_move(state)
        if is_terminal(state):
            v = scored(state, utility(state))
            return s.leaf(state, path, player, v, UTILITY, alpha, beta), None
        if left == 0:
            v = scored(state, s.estimate(state))
            return s.leaf(state, path, player, v, EVALUATION, alpha, beta), None
        log.visit(state, path, player, alpha, beta)
        if player == CHANCE:
            outcomes = list(game.chances(state))
            later = _chance_after(outcomes)
            seen, move = 0, None  # exact with exact probabilities (fractions), else float
            for i, (a, p) in enumerate(outcomes):
                top, bottom = seen + _share(later[i], high), seen + _share(later[i], low)
                lo = (alpha - top) / p if p > 0 else -INF  # at or below: this node fails low
                hi = (beta - bottom) / p if p > 0 else INF  # at or above: it fails high
                child = result(state, a)
                v = value(child, max(lo, low), min(hi, high), left - 1, (path, a))[0]
                seen += p * v
                log.update(state, path, player, seen, child, alpha, beta)
                if v <= lo or v >= hi:  # the unseen outcomes cannot bring it back inside
                    seen += _share(later[i], high if v <= lo else low)
                    # the node is outside its window, though the sum may round a hair inside
                    seen = min(seen, alpha) if v <= lo else max(seen, beta)
                    s.prune(state, path, player, seen, [b for b, _ in outcomes[i + 1:]],
                            alpha, beta)
                    break
            best = seen
        elif player == MAX or player == MIN:
            acts = actions(state)
            best, move = (-INF if player == MAX else INF), None
            for i, a in enumerate(acts):
                child = result(state, a)
                v = value(child, alpha, beta, left - 1, (path, a))[0]
                if v > best if player == MAX else v < best:
                    best, move = v, a
                    if player == MAX:
                        alpha = max(alpha, best)
                    else:
                        beta = min(beta, best)
                    log.update(state, path, player, v, child, alpha, beta)
                if alpha >= beta:
                    s.prune(state, path, player, best, acts[i + 1:], alpha, beta)
                    break
            if move is None:
                raise no_actions(game, state)
        else:
            raise s.player_error(state)
        log.returned(state, path, player, best, move, alpha, beta)
        return best, move

    v, move = s.run(value, s.root, -INF, INF, s.plies, ())
    return s.finish(v, move)


def check_bounds(bounds) -> tuple:
    """``(low, high)`` if ``bounds`` is a pair of numbers with low < high, else a clear error.

    >>> check_bounds((0, 10)), check_bounds([-INF, INF])
    ((0, 10), (-inf, inf))
    """
    try:
        low, high = bounds
    except (TypeError, ValueError):
        raise SearchError(f"bounds must be a pair (low, high), not {bounds!r}") from None
    for x in (low, high):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x:
            raise SearchError(f"bounds must be numbers, not {x!r}")
    if not low < high:
        raise SearchError(f"bounds must have low < high, not ({low}, {high})")
    return low, high


def _chance_after(outcomes) -> list:
    """For each outcome, the probability of the outcomes after it (added exactly: floats
    with ``math.fsum``, fractions as fractions).

    >>> from fractions import Fraction
    >>> _chance_after([("a", Fraction(1, 3))] * 3)
    [Fraction(2, 3), Fraction(1, 3), 0]
    """
    if all(isinstance(p, (int, Fraction)) for _, p in outcomes):
        return [sum(p for _, p in outcomes[i + 1:]) for i in range(len(outcomes))]
    return [math.fsum(p for _, p in outcomes[i + 1:]) for i in range(len(outcomes))]


def _share(probability, bound):
    """``probability * bound``, with no probability left worth 0 even for an infinite bound."""
    return 0 if probability == 0 else probability * bound


def maxn(game, state=None, *, depth=None, evaluate=None, trace=False, order=None) -> SearchResult:
    """Max^n (Luckhardt and Irani, 1986): every player picks the child whose utility
    vector is best for them; the value is a vector.

    For games of any number of players whose ``utility`` gives one score per player, in
    the order of ``game.players`` (a
    :class:`~minimax_lessons.games.multiplayer.MultiplayerTree`). Ties go to the first
    child. With two players scoring ``(u, -u)`` it is minimax.

    >>> from minimax_lessons.games.multiplayer import MultiplayerTree
    >>> tree = MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]])
    >>> r = maxn(tree)
    >>> r.value, r.move
    ((7, 4, 1), 1)
    """
    s = _Search(game, state, "maxn", depth=depth, evaluate=evaluate, trace=trace, order=order)
    to_move, result, is_terminal, utility = game.to_move, game.result, game.is_terminal, game.utility
    actions, log = s.actions, s.log
    players = getattr(game, "players", None)
    if not players:
        raise SearchError("maxn needs a game that names its players (game.players) and scores "
                          "each finished game with one number per player, such as a "
                          "MultiplayerTree")
    index = {player: i for i, player in enumerate(players)}

    def value(state, left, path):
        s.nodes += 1
        player = to_move(state)
        if is_terminal(state):
            return s.leaf(state, path, player, utility(state), UTILITY), None
        if left == 0:
            return s.leaf(state, path, player, s.estimate(state), EVALUATION), None
        if player not in index:
            raise SearchError(f"node {game.text(state)!r} belongs to {player!r}, who is not "
                              f"one of the game's players {tuple(players)}")
        mine = index[player]
        log.visit(state, path, player)
        best, move = None, None
        for a in actions(state):
            child = result(state, a)
            v = value(child, left - 1, (path, a))[0]
            if best is None or v[mine] > best[mine]:
                best, move = v, a
                log.update(state, path, player, v, child)
        if move is None:
            raise no_actions(game, state)
        log.returned(state, path, player, best, move)
        return best, move

    v, move = s.run(value, s.root, s.plies, ())
    return s.finish(v, move)


def pruned_leaves(game, state=None, *, prune_ties=True, **options) -> tuple:
    """The leaves alpha-beta never evaluates under a tie rule (``prune_ties``, as in
    :func:`alphabeta`), left to right: what "which leaves are pruned?" asks, under
    either rule.

    >>> from minimax_lessons import GameTree
    >>> tree = GameTree.from_nested([[3, 12], [3, 4]])
    >>> pruned_leaves(tree), pruned_leaves(tree, prune_ties=False)
    (('C2',), ())
    """
    return alphabeta(game, state, prune_ties=prune_ties, **options).pruned_leaves(game)


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
            elif player != MAX and player != MIN:
                raise SearchError(f"solve knows MAX, MIN and chance only, but node "
                                  f"{game.text(state)!r} belongs to {player!r}: use maxn")
            else:
                kids = [value(result(state, a)) for a in game.actions(state)]
                if not kids:
                    raise no_actions(game, state)
                v = max(kids) if player == MAX else min(kids)
        values[state] = v
        return v

    _Search(game, root, "solve").run(value, root)
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
           "expectiminimax", "maxn", "check_bounds", "pruned_leaves", "best_move", "solve",
           "iterative_deepening", "best_first", "shuffled", "INF", "MIN", "MAX"]
