"""Small measured experiments behind the lessons' tables and plots.

Each function returns plain data (lists of dicts, one per row), so a notebook
can print it, assert facts about it, or hand it to :mod:`minimax_lessons.plots`.

>>> from minimax_lessons import TicTacToe
>>> [row["nodes"] for row in nodes_by_depth(TicTacToe(), [0, 1, 2])]
[1, 10, 82]
"""

from __future__ import annotations

import math
from fractions import Fraction
import random
import statistics

from .games.game import CHANCE, MAX
from .games.opponents import RandomMin
from .search.mcts import mcts
from .search.trace import PRUNE
from .play.match import move_values, play_match
from .search.adversarial import alphabeta, best_first, expectiminimax, minimax, shuffled, solve
from .games.tree import GameTree, uniform_tree_size  # noqa: F401  (lesson 5 imports it here)


def knuth_moore(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with perfect ordering: b^ceil(d/2) + b^floor(d/2) - 1.

    >>> knuth_moore(3, 2)
    5
    """
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def nodes_by_depth(game, depths, *, search=minimax, evaluate=lambda state: 0, state=None):
    """Nodes and leaves a depth-limited ``search`` visits, for each depth."""
    rows = []
    for d in depths:
        r = search(game, state, depth=d, evaluate=evaluate)
        rows.append({"depth": d, "nodes": r.nodes, "leaves": r.leaves, "value": r.value})
    return rows


def ordering_experiment(branching: int, depths, *, seeds=range(5)):
    """Leaves evaluated on random uniform trees (distinct leaves), per depth:
    plain minimax, alpha-beta in the given (random) order, in a shuffled order,
    best first, and the Knuth-Moore bound. Alpha-beta figures are means over ``seeds``.
    """
    rows = []
    for d in depths:
        given, shuffled_, best = [], [], []
        for seed in seeds:
            tree = GameTree.random(branching, d, seed=seed, distinct=True)
            given.append(alphabeta(tree).leaves)
            shuffled_.append(alphabeta(tree, order=shuffled(seed)).leaves)
            best.append(alphabeta(tree, order=best_first(tree)).leaves)
        rows.append({"depth": d, "minimax": branching ** d,
                     "alphabeta, given order": statistics.mean(given),
                     "alphabeta, shuffled": statistics.mean(shuffled_),
                     "alphabeta, best first": statistics.mean(best),
                     "Knuth-Moore bound": knuth_moore(branching, d)})
    return rows


def match_record(game, max_player, min_player, games: int) -> dict:
    """Wins, draws and losses for MAX over ``games`` games.

    >>> from minimax_lessons import TicTacToe
    >>> from minimax_lessons.play import perfect_player
    >>> match_record(TicTacToe(), perfect_player, perfect_player, 2)
    {'MAX wins': 0, 'draws': 2, 'MIN wins': 0}
    """
    record = {"MAX wins": 0, "draws": 0, "MIN wins": 0}
    for _ in range(games):
        _, score = play_match(game, max_player, min_player)
        record["MAX wins" if score > 0 else "MIN wins" if score < 0 else "draws"] += 1
    return record


def positions_with_a_wrong_move(game, count: int, *, seed=0, moves_left=1) -> list:
    """``count`` positions (reachable, not over, with at least ``moves_left`` moves) where
    some move is worse than the best, drawn with ``seed``, in a fixed order.

    >>> from minimax_lessons import TicTacToe
    >>> len(positions_with_a_wrong_move(TicTacToe(), 5, moves_left=5))
    5
    """
    states = sorted(s for s in solve(game) if not game.is_terminal(s)
                    and len(game.actions(s)) >= moves_left)
    mixed = [s for s in states if len(set(move_values(game, s).values())) > 1]
    return random.Random(seed).sample(mixed, count)


def picks_a_best_move(game, state, move) -> bool:
    """Does ``move`` reach the exact best value in ``state`` (for the player to move)?

    >>> from minimax_lessons import TicTacToe
    >>> game = TicTacToe("XX.OO....")
    >>> picks_a_best_move(game, game.initial_state(), 2), picks_a_best_move(game, "XX.OO....", 5)
    (True, False)
    """
    values = move_values(game, state)
    best = max(values.values()) if game.to_move(state) == MAX else min(values.values())
    return values[move] == best


def mcts_accuracy(game, positions, playouts, *, seed=0) -> list:
    """For each number of play-outs: the share of ``positions`` where UCT's move has the
    exact best value (one seeded search per position)."""
    rows = []
    for n in playouts:
        right = sum(picks_a_best_move(game, s, mcts(game, s, playouts=n, seed=seed + k).move)
                    for k, s in enumerate(positions))
        rows.append({"playouts": n, "right": right, "positions": len(positions),
                     "share": right / len(positions)})
    return rows


def random_positions(game, count: int, *, seed=0, moves=(6, 16)) -> list:
    """``count`` unfinished positions, each after a seeded random game of ``moves`` moves
    (a number drawn between the two given), in a fixed order.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour()
    >>> [game.is_terminal(s) for s in random_positions(game, 3)]
    [False, False, False]
    """
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randint(*moves)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.append(state)
    return found


def ordering_by_position(game, positions, *, depth, evaluate, orders) -> list:
    """Alpha-beta's nodes from each position, one column per way of ordering moves.

    ``orders`` maps a column's name to alpha-beta's options (``{"order": ...,
    "killers": 2}``); every column must find the same value, or this raises.

    >>> from minimax_lessons import ConnectFour, centre_first
    >>> game = ConnectFour()
    >>> ordering_by_position(game, [game.initial_state()], depth=4, evaluate=game.estimate,
    ...                      orders={"as given": {}, "centre": {"order": centre_first(game)}})
    [{'as given': 763, 'centre': 173}]
    """
    rows = []
    for state in positions:
        row, values = {}, set()
        for name, options in orders.items():
            r = alphabeta(game, state, depth=depth, evaluate=evaluate, **options)
            row[name] = r.nodes
            values.add(r.value)
        if len(values) != 1:
            raise RuntimeError(f"the orders found different values {values} in "
                               f"{game.text(state)!r}: an order must not change the value")
        rows.append(row)
    return rows


def with_exact_chances(tree):
    """The same tree with every chance probability as a fraction (1/3, not 0.333...).

    >>> dice = with_exact_chances(GameTree.random(2, 2, seed=1, levels=("max", "chance")))
    >>> dice.chances("B")
    [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    """
    def exact(node):
        node = dict(node)
        if "probability" in node:
            node["probability"] = Fraction(node["probability"]).limit_denominator(1000)
        if "children" in node:
            node["children"] = [exact(child) for child in node["children"]]
        return node

    return GameTree.from_dict(exact(tree.to_dict()))


def chance_pruning_by_bounds(slacks, *, seeds=range(20), branching=3, depth=4, low=0, high=10,
                             levels=("max", "chance", "min", "chance"), exact=True) -> list:
    """Nodes of expectiminimax on random trees with chance nodes (leaves from ``low`` to
    ``high``), without bounds and with the bounds ``(low - s, high + s)`` for each slack
    ``s`` in ``slacks``: the tighter the promise, the more a chance node can be cut.

    ``exact``: the chance nodes' probabilities as fractions (1/3, not 0.333...), so every
    average is exact. With floats, rounding decides whether an average that exactly ties a
    bound is cut, and the counts depend on it.

    >>> rows = chance_pruning_by_bounds([0, math.inf], seeds=range(3), depth=2)
    >>> rows[0]["share"] < 1, rows[1]["chance cuts"]
    (True, 0)
    """
    trees = [GameTree.random(branching, depth, seed=seed, low=low, high=high, levels=levels)
             for seed in seeds]
    if exact:
        trees = [with_exact_chances(t) for t in trees]
    exact = [expectiminimax(t) for t in trees]
    plain = sum(r.nodes for r in exact)
    rows = []
    for slack in slacks:
        nodes = cuts = 0
        for t, right in zip(trees, exact):
            r = expectiminimax(t, bounds=(low - slack, high + slack), trace=True)
            if not math.isclose(r.value, right.value, rel_tol=1e-9, abs_tol=1e-9) or (
                    isinstance(right.value, Fraction) and r.value != right.value):
                raise RuntimeError("expectiminimax with bounds found another value")
            nodes += r.nodes
            cuts += sum(1 for step in r.trace.of_kind(PRUNE) if step.player == CHANCE)
        rows.append({"slack": slack, "bounds": (low - slack, high + slack), "nodes": nodes,
                     "plain": plain, "share": nodes / plain, "chance cuts": cuts})
    return rows


# -- lesson 11: what engines add after alpha-beta ---------------------------------------------
def search_memory(game, state=None) -> dict:
    """What a depth-first minimax from ``state`` holds at its deepest, against a table of
    every position: ``{"tree nodes", "path", "all children", "table"}``.

    - ``path``: the positions on the longest path, root included: all a search holds that
      makes one child at a time and forgets a subtree once it has its value (O(m));
    - ``all children``: the root and every child of every node on the path, for a search
      that makes all of a node's children at once (AIMA's O(bm));
    - ``table``: the positions a table of values holds, one per position reachable;
    - ``tree nodes``: the nodes the search visits.

    >>> from minimax_lessons import Nim
    >>> search_memory(Nim([1, 2]))
    {'tree nodes': 12, 'path': 4, 'all children': 7, 'table': 8}
    """
    root = game.initial_state() if state is None else state
    seen = {}

    def walk(s):  # (tree nodes, plies of the longest line, children made along it)
        if s not in seen:
            if game.is_terminal(s):
                seen[s] = (1, 0, 0)
            else:
                below = [walk(game.result(s, a)) for a in game.actions(s)]
                seen[s] = (1 + sum(b[0] for b in below), 1 + max(b[1] for b in below),
                           len(below) + max(b[2] for b in below))
        return seen[s]

    nodes, plies, children = walk(root)
    return {"tree nodes": nodes, "path": plies + 1, "all children": children + 1,
            "table": len(seen)}


def agents_against_opponents(game, state=None, *, games=1000, seed=0) -> list:
    """CS188's table: a minimax agent and an expectimax agent (MAX) against an adversarial
    opponent (MIN plays its minimax move) and a random one (each move equally likely).
    One row per pair: ``agent``, ``opponent``, its ``move`` from ``state``, the ``exact``
    score (the expected one against the random opponent) and the mean score ``played``
    over ``games`` games against a random opponent seeded with ``seed`` (the adversary's
    games are all the same: one is played).

    >>> from minimax_lessons.games.examples import TRAPPED
    >>> [(r["agent"], r["opponent"], r["exact"]) for r in agents_against_opponents(TRAPPED)]
    [('minimax', 'adversarial', 3), ('minimax', 'random', 3), ('expectimax', 'adversarial', -10), ('expectimax', 'random', 10)]
    """
    root = game.initial_state() if state is None else state
    exact_values = solve(game, root)
    expected_values = solve(RandomMin(game), root)

    def agent(values):
        def move(g, s):
            return max(game.actions(s), key=lambda a: values[game.result(s, a)])
        return move

    def adversary(g, s):
        return min(game.actions(s), key=lambda a: exact_values[game.result(s, a)])

    def expected(max_player, min_player, s):
        if game.is_terminal(s):
            return game.utility(s)
        if game.to_move(s) == MAX:
            return expected(max_player, min_player, game.result(s, max_player(game, s)))
        if min_player is None:  # random: each move equally likely
            moves = game.actions(s)
            return sum(Fraction(1, len(moves)) * expected(max_player, None, game.result(s, a))
                       for a in moves)
        return expected(max_player, min_player, game.result(s, min_player(game, s)))

    rows = []
    for name, values in (("minimax", exact_values), ("expectimax", expected_values)):
        player = agent(values)
        for opponent, min_player in (("adversarial", adversary), ("random", None)):
            if min_player is None:
                rng = random.Random(seed)
                scores = [play_match(game, player, lambda g, s: rng.choice(list(g.actions(s))),
                                     root)[1] for _ in range(games)]
            else:
                scores = [play_match(game, player, min_player, root)[1]]
            exact = expected(player, min_player, root)
            rows.append({"agent": name, "opponent": opponent, "move": player(game, root),
                         "exact": int(exact) if exact == int(exact) else exact,
                         "played": statistics.fmean(scores), "games": len(scores)})
    return rows
