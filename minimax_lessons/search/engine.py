"""What makes alpha-beta strong enough for Connect Four: ordering, a table, deepening.

Vocabulary
----------
- *Move ordering*: :func:`centre_first` tries the middle columns first; a good
  move early gives alpha-beta its bounds early, so it prunes more.
- A *transposition table* remembers what a search found about a position, so
  the same position reached by another move order is not searched again. Under
  alpha-beta most values are *bounds*, not exact values: a value at or above
  the beta the node was entered with (a *fail high*) says only that the true value
  is at least that (a ``LOWER`` bound), one at or below alpha (a *fail low*) that it
  is at most that (an ``UPPER`` bound), at MAX and MIN nodes alike. A MAX node that
  is cut off fails high, a MIN node that is cut off fails low.
  :class:`TranspositionTable` stores each value with its *flag*: ``EXACT``,
  ``LOWER`` or ``UPPER``, keyed by (state, plies left), and the best move of
  each state (for ordering, whatever the depth).
- :func:`table_search` is alpha-beta with that table. It uses a stored value
  only when it is exact, or a bound that already settles the window (a lower
  bound >= beta, an upper bound <= alpha). ``flags=False`` is the classic bug:
  every value stored as exact.
- *Iterative deepening under a time budget*: :func:`deepen` searches to depth
  1, 2, 3, ... until the time is up, sharing one table, and tries the previous
  depth's best move first; the last finished depth gives the move.
  :func:`analyse` deepens the value of every move the same way (what the
  Connect Four board shows).

>>> from minimax_lessons import ConnectFour, alphabeta
>>> game = ConnectFour(rows=4, cols=5)
>>> state = game.play("2213")
>>> plain = alphabeta(game, state, depth=4, evaluate=game.estimate)
>>> fast = table_search(game, state, depth=4, evaluate=game.estimate, order=centre_first(game))
>>> fast.value == plain.value, fast.nodes < plain.nodes
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from itertools import count

from ..games.game import MAX
from .result import SearchError, SearchResult, check_depth, no_actions, no_evaluation
from .textbook import bound_flag, wins_now

INF = math.inf
#: The flags of :func:`~minimax_lessons.search.textbook.bound_flag`, the function the
#: table search stores them by (lesson 9 shows its source).
EXACT, LOWER, UPPER = "exact", "lower", "upper"
#: A search under a deadline reads the clock once every this many nodes: often enough to
#: stop within about 10 ms (the engine searches some 100,000 Connect Four nodes a second),
#: rarely enough to cost nothing next to the search.
NODES_PER_CLOCK_READING = 1024


def centre_first(game):
    """A move order for ``order=``: the columns nearest the middle first (left on ties).

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour()
    >>> centre_first(game)(game.initial_state(), (0, 1, 2, 3, 4, 5, 6))
    (3, 2, 4, 1, 5, 0, 6)
    """
    middle = (game.cols - 1) / 2
    known = {}

    def order(state, actions):
        ordered = known.get(actions)
        if ordered is None:
            ordered = known[actions] = tuple(sorted(actions, key=lambda c: (abs(c - middle), c)))
        return ordered

    return order


class TranspositionTable:
    """Values with their flags, keyed by (state, plies left), and each state's best move.

    >>> table = TranspositionTable()
    >>> table.store("s", 2, 0.5, LOWER, 3)
    >>> table.values[("s", 2)], table.moves["s"], len(table)
    ((0.5, 'lower'), 3, 1)
    """

    def __init__(self):
        self.values = {}
        self.moves = {}
        self.hits = 0

    def store(self, state, left, value, flag, move):
        """Remember ``value`` (with its ``flag``) and the best ``move`` of ``state``."""
        self.values[(state, left)] = (value, flag)
        self.moves[state] = move

    def __len__(self):
        return len(self.values)

    def __repr__(self):
        return f"<TranspositionTable: {len(self)} values, {self.hits} hits>"


class _OutOfTime(Exception):
    """The time budget ran out in the middle of a search."""


def table_search(game, state=None, *, depth=None, evaluate=None, order=None, table=None,
                 first=None, flags=True, deadline=None, quiescence=False) -> SearchResult:
    """Alpha-beta with a transposition table: the same value, far fewer nodes.

    ``table`` may be shared between searches (iterative deepening does);
    ``first`` is a move to try first at the root; ``flags=False`` stores every
    value as exact (a bug, kept for the lesson); ``deadline`` a
    ``time.perf_counter()`` reading after which the search gives up;
    ``quiescence=True`` plays on at the depth limit while a move is forced (a win to
    take, a threat with one block), as :func:`~minimax_lessons.search.textbook.quiescence`
    does; ``nodes`` then counts the positions it plays into there too (its one-ply
    looks for wins are not counted).
    """
    check_depth(depth)
    root = game.initial_state() if state is None else state
    evaluate = evaluate or getattr(game, "heuristic", None)
    table = TranspositionTable() if table is None else table
    values, moves = table.values, table.moves
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    counts = {"nodes": 0, "leaves": 0, "estimated": 0}

    def value(state, alpha, beta, left):
        counts["nodes"] += 1
        if deadline is not None and counts["nodes"] % NODES_PER_CLOCK_READING == 0 \
                and time.perf_counter() > deadline:
            raise _OutOfTime
        if is_terminal(state):
            counts["leaves"] += 1
            return utility(state)
        if left == 0:
            if evaluate is None:
                raise no_evaluation(game, state)
            return settle(state) if quiescence else estimate(state)
        entry = values.get((state, left))
        if entry is not None:
            v, flag = entry
            if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                table.hits += 1
                return v
        acts = actions(state) if order is None else order(state, actions(state))
        known = first if state is root and first is not None else moves.get(state)
        if known is not None and known in acts and acts[0] != known:
            acts = (known,) + tuple(a for a in acts if a != known)
        low, high = alpha, beta
        maximising = to_move(state) == MAX
        best, move = (-INF if maximising else INF), None
        for a in acts:
            v = value(result(state, a), alpha, beta, left - 1)
            if maximising and v > best or not maximising and v < best:
                best, move = v, a
                if maximising:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        if move is None:
            raise no_actions(game, state)
        table.store(state, left, best, bound_flag(best, low, high) if flags else EXACT, move)
        return best

    def estimate(state):
        counts["leaves"] += 1
        counts["estimated"] += 1
        return evaluate(state)

    def settle(state):
        """The value at the depth limit, played on while a move is forced."""
        while True:
            after = [result(state, a) for a in actions(state)]
            for child in after:
                if is_terminal(child) and utility(child) != 0:  # a win to take
                    counts["leaves"] += 1
                    return utility(child)
            safe = [child for child in after if not wins_now(game, child)]
            if len(safe) > 1:
                return estimate(state)  # quiet
            state = (safe or after)[0]  # forced: the only block, or every move loses
            counts["nodes"] += 1
            if is_terminal(state):
                counts["leaves"] += 1
                return utility(state)

    v = value(root, -INF, INF, INF if depth is None else depth)
    move = None if is_terminal(root) or depth == 0 else moves.get(root)
    return SearchResult(v, move, nodes=counts["nodes"], leaves=counts["leaves"],
                        algorithm="alphabeta+table", depth=depth, estimated=counts["estimated"])


def _deadline(name, seconds, max_depth):
    """The clock reading at which ``name`` must stop (None: no time limit); refuses a
    budget that is missing or not a positive number of seconds."""
    if seconds is None and max_depth is None:
        raise SearchError(f"{name} needs a budget: seconds= (time) or max_depth= (plies)")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
        raise SearchError(f"seconds must be a number > 0, not {seconds!r}")
    return None if seconds is None else time.perf_counter() + seconds


def deepen(game, state=None, *, seconds=None, max_depth=None, evaluate=None, order=None,
           table=None) -> list:
    """Iterative deepening with one shared table: a :class:`SearchResult` per finished depth.

    Searches depth 1, 2, ... until ``max_depth``, until ``seconds`` have passed
    (a search cut short by the clock is dropped; depth 1 always finishes), or
    until a search saw the whole game. Each depth tries the previous best move
    first. The last result holds the move to play.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=4, cols=5)
    >>> [r.depth for r in deepen(game, max_depth=3, evaluate=game.estimate)]
    [1, 2, 3]
    """
    deadline = _deadline("deepen", seconds, max_depth)
    table = TranspositionTable() if table is None else table
    results, first = [], None
    for depth in count(1):
        if max_depth is not None and depth > max_depth:
            break
        try:
            r = table_search(game, state, depth=depth, evaluate=evaluate, order=order,
                             table=table, first=first, deadline=None if depth == 1 else deadline)
        except _OutOfTime:
            break
        results.append(r)
        first = r.move
        if r.estimated == 0 or (deadline is not None and time.perf_counter() > deadline):
            break
    return results


def column_values(game, state, *, depth, evaluate=None, order=None, table=None,
                  deadline=None, quiescence=False) -> dict:
    """The depth-limited value of each move in ``state`` (the move itself is ply 1);
    ``quiescence=True`` plays on at the depth limit while a move is forced.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=4, cols=5)
    >>> values = column_values(game, game.play("001124"), depth=2, evaluate=game.estimate)
    >>> values[3], max(values, key=values.get)   # X completes the bottom row in column 3
    (1, 3)
    """
    return {a: r.value for a, r in _column_searches(game, state, depth, evaluate, order,
                                                    table, deadline, quiescence).items()}


def _column_searches(game, state, depth, evaluate, order, table, deadline, quiescence=False):
    table = TranspositionTable() if table is None else table
    return {a: table_search(game, game.result(state, a), depth=max(depth - 1, 0),
                            evaluate=evaluate, order=order, table=table, deadline=deadline,
                            quiescence=quiescence)
            for a in game.actions(state)}


@dataclass(frozen=True)
class Analysis:
    """What a deepening search of every move found: depth reached, each move's value, the
    best move (the first best in the order searched) and the nodes of all depths."""

    depth: int
    values: dict
    move: object
    nodes: int


def analyse(game, state=None, *, seconds=None, max_depth=None, evaluate=None,
            order=None) -> Analysis:
    """Iterative deepening of every move's value, under a time or depth budget.

    Each depth searches every move with the full window (so every value is
    exact at that depth, not a bound), sharing one table; the last depth
    finished within the budget gives the values and the move (depth 1 always
    finishes). Moves are searched, and ties broken, in ``order``.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=4, cols=5)
    >>> a = analyse(game, game.play("001124"), max_depth=3, evaluate=game.estimate)
    >>> a.depth, a.move, a.values[3]
    (3, 3, 1)
    """
    deadline = _deadline("analyse", seconds, max_depth)
    state = game.initial_state() if state is None else state
    if game.is_terminal(state):
        raise SearchError(f"the game is over in {game.text(state)!r}: there is no move to analyse")
    table, done, nodes = TranspositionTable(), None, 0
    sign = 1 if game.to_move(state) == MAX else -1
    for depth in count(1):
        if max_depth is not None and depth > max_depth:
            break
        try:
            found = _column_searches(game, state, depth, evaluate, order, table,
                                     None if depth == 1 else deadline)
        except _OutOfTime:
            break
        nodes += sum(r.nodes for r in found.values())
        moves = list(found) if order is None else list(order(state, tuple(found)))
        best = max(moves, key=lambda a: sign * found[a].value)  # the first best in order
        done = Analysis(depth, {a: found[a].value for a in found}, best, nodes)
        if all(r.estimated == 0 for r in found.values()):
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
    return done


__all__ = ["centre_first", "TranspositionTable", "table_search", "deepen", "column_values",
           "analyse", "Analysis",
           "bound_flag", "EXACT", "LOWER", "UPPER"]
