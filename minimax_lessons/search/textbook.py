"""Textbook searches: the short, plain versions students read.

Each function here is the pseudocode of a search written as Python, on the
common game interface (``to_move``, ``actions``, ``result``, ``is_terminal``,
``utility`` from MAX's side, and ``chances`` at chance nodes). No tracing, no
counters, no options: the engine in :mod:`minimax_lessons.search` adds those,
and the tests check that both give the same values, moves and (for alpha-beta)
the same leaves in the same order.

``show(fn)`` displays a function's real source in a notebook:

>>> from minimax_lessons import FIGURE_5_2, textbook
>>> textbook.minimax(FIGURE_5_2, "A"), textbook.alphabeta_decision(FIGURE_5_2, "A")
(3, 0)
"""

from __future__ import annotations

import inspect
import math
import random
import re
import textwrap

from ..games.game import CHANCE, MAX


def minimax(game, state):
    """The minimax value of ``state``: utilities backed up, max for MAX, min for MIN.

    >>> from minimax_lessons import FIGURE_5_2
    >>> minimax(FIGURE_5_2, "A")
    3
    """
    if game.is_terminal(state):
        return game.utility(state)
    values = [minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state):
    """The best move in ``state`` by minimax (the leftmost one on ties).

    >>> from minimax_lessons import FIGURE_5_2
    >>> minimax_decision(FIGURE_5_2, "A")
    0
    """
    def value_after(action):
        return minimax(game, game.result(state, action))

    best = max if game.to_move(state) == MAX else min  # both keep the first of equals
    return best(game.actions(state), key=value_after)


def depth_limited_minimax(game, state, depth, evaluate):
    """Minimax that looks ``depth`` plies ahead and calls ``evaluate(state)`` there.

    Terminal states still score their utility, whatever the depth.

    >>> from minimax_lessons import FIGURE_5_2
    >>> guesses = {"B": 5, "C": 1, "D": 4}
    >>> depth_limited_minimax(FIGURE_5_2, "A", 1, guesses.get)
    5
    >>> depth_limited_minimax(FIGURE_5_2, "A", 2, guesses.get)
    3
    """
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return evaluate(state)
    values = [depth_limited_minimax(game, game.result(state, a), depth - 1, evaluate)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def heuristic_minimax(game, state, depth, heuristic):
    """Wikipedia's form: "if depth = 0 or node is a terminal node, return the heuristic
    value of node". The heuristic scores finished states too, so it must score a win as a
    win (as AIMA asks: EVAL(s) = UTILITY(s) at a terminal state s).

    >>> from minimax_lessons import FIGURE_5_2
    >>> heuristic_minimax(FIGURE_5_2, "A", 2, FIGURE_5_2.utility)   # the leaves' utilities
    3
    """
    if depth == 0 or game.is_terminal(state):
        return heuristic(state)
    values = [heuristic_minimax(game, game.result(state, a), depth - 1, heuristic)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def alphabeta(game, state, alpha=-math.inf, beta=math.inf):
    """The minimax value of ``state``, skipping moves once ``alpha >= beta``.

    ``alpha``: what MAX is already guaranteed on this path; ``beta``: what MIN is.

    >>> from minimax_lessons import FIGURE_5_2
    >>> alphabeta(FIGURE_5_2, "A")
    3
    """
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    value = -math.inf if maximizing else math.inf
    for a in game.actions(state):
        child = alphabeta(game, game.result(state, a), alpha, beta)
        if maximizing:
            value = max(value, child)
            alpha = max(alpha, value)
        else:
            value = min(value, child)
            beta = min(beta, value)
        if alpha >= beta:
            break  # the player above will never let the game get here: prune the rest
    return value


def alphabeta_decision(game, state):
    """The best move in ``state`` by alpha-beta; the root switches only to a better move.

    A pruned child returns a bound, not its value: in ``[[3], [3, 1]]`` C returns 3
    after seeing only its first leaf, though its value is 1. Switching on a tie
    (``>=``) would pick C; switching only on ``>`` keeps B, as minimax does.

    >>> from minimax_lessons import GameTree
    >>> trap = GameTree.from_nested([[3], [3, 1]])
    >>> alphabeta_decision(trap, "A"), minimax(trap, "C")
    (0, 1)
    """
    maximizing = game.to_move(state) == MAX
    alpha, beta, best_move = -math.inf, math.inf, None
    for a in game.actions(state):
        value = alphabeta(game, game.result(state, a), alpha, beta)
        if maximizing and value > alpha:
            alpha, best_move = value, a
        elif not maximizing and value < beta:
            beta, best_move = value, a
    return best_move


def alphabeta_with_killers(game, state, depth, evaluate, killers, alpha=-math.inf, beta=math.inf):
    """Depth-limited alpha-beta that tries first, on each level, the two moves that cut off
    there last (the *killer moves*, the latest first, in ``killers[depth]``: a level is
    known by the plies left to search).

    >>> from minimax_lessons import ConnectFour
    >>> game, killers = ConnectFour(rows=4, cols=5), {}
    >>> value = alphabeta_with_killers(game, game.play("0"), 4, game.estimate, killers)
    >>> value == depth_limited_minimax(game, game.play("0"), 4, game.estimate), killers[3]
    (True, [3, 4])
    """
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return evaluate(state)
    maximizing = game.to_move(state) == MAX
    value = -math.inf if maximizing else math.inf
    for a in killers_first(game.actions(state), killers.setdefault(depth, [])):
        child = alphabeta_with_killers(game, game.result(state, a), depth - 1, evaluate,
                                       killers, alpha, beta)
        value = max(value, child) if maximizing else min(value, child)
        alpha, beta = (max(alpha, value), beta) if maximizing else (alpha, min(beta, value))
        if alpha >= beta:
            killers[depth] = [a] + [m for m in killers[depth] if m != a][:1]  # the 2 latest
            break
    return value


def killers_first(moves, killers):
    """The killer moves that are legal here, the latest first, then the other moves.

    >>> killers_first((3, 2, 4, 1), [4, 6])
    [4, 3, 2, 1]
    """
    first = [m for m in killers if m in moves]
    return first + [m for m in moves if m not in first]


def wins_now(game, state):
    """The moves with which the player to move wins at once.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=4, cols=5)
    >>> wins_now(game, game.play("001122"))   # X completes the bottom row in column 3
    [3]
    """
    found = []
    for a in game.actions(state):
        after = game.result(state, a)
        if game.is_terminal(after) and game.utility(after) != 0:
            found.append(a)
    return found


def quiescence(game, state, evaluate):
    """The value of a position at the depth limit, played on while a move is forced.

    A player who can win at once wins. A player with only one move after which the
    opponent cannot win at once (a *forced* block) plays it, and the position after it
    is judged the same way; with no such move, every move loses. A position with a
    real choice is *quiet*, and estimated.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=4, cols=5)
    >>> quiescence(game, game.play("001122"), game.estimate)    # X to move wins at once
    1
    >>> quiescence(game, game.play("1122") , game.estimate) == game.estimate(game.play("1122"))
    True
    """
    if game.is_terminal(state):
        return game.utility(state)
    won = wins_now(game, state)
    if won:
        return game.utility(game.result(state, won[0]))
    moves = game.actions(state)
    safe = [a for a in moves if not wins_now(game, game.result(state, a))]
    if len(safe) > 1:
        return evaluate(state)  # quiet: a real choice, nothing forced
    return quiescence(game, game.result(state, (safe or moves)[0]), evaluate)


def alphabeta_with_quiescence(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    """Depth-limited alpha-beta that scores the positions at its depth limit by
    :func:`quiescence`: a threat there is answered before anything is estimated.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=4, cols=5)   # X plays 3: two threats, O can block one
    >>> alphabeta_with_quiescence(game, game.play("1122"), 1, game.estimate)
    1
    """
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return quiescence(game, state, evaluate)
    maximizing = game.to_move(state) == MAX
    value = -math.inf if maximizing else math.inf
    for a in game.actions(state):
        child = alphabeta_with_quiescence(game, game.result(state, a), depth - 1, evaluate,
                                          alpha, beta)
        value = max(value, child) if maximizing else min(value, child)
        alpha, beta = (max(alpha, value), beta) if maximizing else (alpha, min(beta, value))
        if alpha >= beta:
            break
    return value


def alphabeta_with_table(game, state, table, alpha=-math.inf, beta=math.inf):
    """Alpha-beta that remembers each state's value in ``table``, with what it means.

    Each value is stored with its flag (see :func:`bound_flag`), read off the window the
    node was entered with, the same way at MAX and MIN nodes: "lower" (the value reached
    beta, a *fail high*: the true value is at least this), "upper" (it stayed at or below
    alpha, a *fail low*: at most this) or "exact" (strictly between). A stored bound is
    used only when it settles the window on its own.

    >>> from minimax_lessons import ConnectFour
    >>> game = ConnectFour(rows=3, cols=4)
    >>> alphabeta_with_table(game, game.play("0"), {}) == alphabeta(game, game.play("0"))
    True
    """
    value, flag = table.get(state, (None, None))
    if flag == "exact" or flag == "lower" and value >= beta or flag == "upper" and value <= alpha:
        return value
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    value, low, high = (-math.inf if maximizing else math.inf), alpha, beta
    for a in game.actions(state):
        child = alphabeta_with_table(game, game.result(state, a), table, low, high)
        value = max(value, child) if maximizing else min(value, child)
        low, high = (max(low, value), high) if maximizing else (low, min(high, value))
        if low >= high:
            break  # cut off
    table[state] = (value, bound_flag(value, alpha, beta))
    return value


def alphabeta_with_exact_table(game, state, table, alpha=-math.inf, beta=math.inf):
    """Alpha-beta with a table that has a bug: find it (lesson 9)."""
    if state in table:
        return table[state]
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    value, low, high = (-math.inf if maximizing else math.inf), alpha, beta
    for a in game.actions(state):
        child = alphabeta_with_exact_table(game, game.result(state, a), table, low, high)
        value = max(value, child) if maximizing else min(value, child)
        low, high = (max(low, value), high) if maximizing else (low, min(high, value))
        if low >= high:
            break  # cut off
    table[state] = value
    return value


def bound_flag(value, alpha, beta):
    """What a value alpha-beta returned for the window (alpha, beta) tells of the true value.

    The window is the one the node was *entered* with, and the rule is the same whoever
    moves there. A MAX node cut off fails high (a move reached beta; the moves not
    searched could only raise it); a MIN node cut off fails low (a reply reached alpha;
    the replies not searched could only lower it). A node that searched every move
    without getting inside the window fails the other way.

    >>> bound_flag(5, 0, 5), bound_flag(0, 0, 5), bound_flag(3, 0, 5)
    ('lower', 'upper', 'exact')
    """
    if value >= beta:
        return "lower"  # fail high: the true value is at least this
    if value <= alpha:
        return "upper"  # fail low: the true value is at most this
    return "exact"


def negamax(game, state, color=None):
    """Minimax written once for both players; the value comes out from MAX's side.

    ``color`` is +1 where MAX moves and -1 where MIN moves: ``color * utility`` is
    the score for the player to move, and a child's score is minus its own
    (the players take turns).

    >>> from minimax_lessons import FIGURE_5_2
    >>> negamax(FIGURE_5_2, "A")
    3
    """
    if color is None:  # at the root: search, then turn the score back to MAX's side
        color = 1 if game.to_move(state) == MAX else -1
        return color * negamax(game, state, color)
    if game.is_terminal(state):
        return color * game.utility(state)
    return max(-negamax(game, game.result(state, a), -color) for a in game.actions(state))


def expectiminimax(game, state):
    """Minimax with chance nodes: a chance node's value is its children's average,
    weighted by their probabilities.

    >>> from minimax_lessons import FIGURE_5_2
    >>> from minimax_lessons.games.examples import CHANCE_TREE
    >>> expectiminimax(FIGURE_5_2, "A"), expectiminimax(CHANCE_TREE, "A")
    (3, 2.0)
    """
    if game.is_terminal(state):
        return game.utility(state)
    player = game.to_move(state)
    if player == CHANCE:
        return sum(p * expectiminimax(game, game.result(state, a))
                   for a, p in game.chances(state))
    values = [expectiminimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if player == MAX else min(values)


def expectiminimax_with_bounds(game, state, low, high, alpha=-math.inf, beta=math.inf):
    """Expectiminimax that prunes, knowing that every utility lies between ``low`` and
    ``high`` (Ballard's Star1): the value, or a bound once it falls outside (alpha, beta).

    >>> from minimax_lessons.games.examples import CHANCE_TREE
    >>> expectiminimax_with_bounds(CHANCE_TREE, "A", -1, 8)
    2.0
    """
    if game.is_terminal(state):
        return game.utility(state)
    if game.to_move(state) == CHANCE:
        return chance_node_with_bounds(game, state, low, high, alpha, beta)
    maximizing = game.to_move(state) == MAX
    value = -math.inf if maximizing else math.inf
    for a in game.actions(state):
        child = expectiminimax_with_bounds(game, game.result(state, a), low, high, alpha, beta)
        value = max(value, child) if maximizing else min(value, child)
        alpha, beta = (max(alpha, value), beta) if maximizing else (alpha, min(beta, value))
        if alpha >= beta:
            break  # as in alpha-beta
    return value


def chance_node_with_bounds(game, state, low, high, alpha, beta):
    """A chance node's average, or a bound on it once even its unseen outcomes, all scoring
    ``high`` (or all ``low``), cannot bring it back inside (alpha, beta).

    >>> from minimax_lessons.games.examples import BOUNDED_CHANCE
    >>> chance_node_with_bounds(BOUNDED_CHANCE, "C", 0, 10, 8, 10)   # after C1 = 2: at most 8
    8.0
    """
    seen, left = 0.0, 1.0  # the average so far; the probability not seen yet
    for a, p in game.chances(state):
        left -= p
        child_alpha = (alpha - seen - left * high) / p  # at or below it: this node <= alpha
        child_beta = (beta - seen - left * low) / p     # at or above it: this node >= beta
        value = expectiminimax_with_bounds(game, game.result(state, a), low, high,
                                           max(child_alpha, low), min(child_beta, high))
        seen += p * value
        if value <= child_alpha:  # at most alpha, even if the rest all score high
            return min(seen + left * high, alpha)  # (min: rounding may leave it above)
        if value >= child_beta:   # at least beta, even if the rest all score low
            return max(seen + left * low, beta)
    return seen


def maxn(game, state):
    """Max^n: the utility vector reached when every player picks the child best for them.

    ``game.players`` names the players in the order of the vector's scores.

    >>> from minimax_lessons.games.multiplayer import MultiplayerTree
    >>> maxn(MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2)]]), "A")
    (6, 1, 2)
    """
    if game.is_terminal(state):
        return game.utility(state)
    me = game.players.index(game.to_move(state))  # where my score stands in a vector
    vectors = [maxn(game, game.result(state, a)) for a in game.actions(state)]
    return max(vectors, key=lambda vector: vector[me])  # the first of equals on ties


class MCTSNode:
    """One node of the Monte Carlo search tree.

    ``wins`` adds up the play-out results for the player who chose this node
    (the player to move at its parent): +1 a win for that player, -1 a loss.
    """

    def __init__(self, game, state, parent=None, move=None):
        self.state, self.parent, self.move = state, parent, move
        self.children = []
        self.untried = [] if game.is_terminal(state) else list(game.actions(state))
        self.visits = 0
        self.wins = 0.0


def beam_minimax(game, state, width, estimate):
    """Minimax with forward pruning: at every node only the ``width`` moves whose results
    ``estimate`` ranks best for the player to move are searched; the others never are.

    >>> from minimax_lessons.games.examples import BEAM_TRAP
    >>> guess = lambda s: BEAM_TRAP.utility(s) if BEAM_TRAP.is_terminal(s) else BEAM_TRAP.heuristic(s)
    >>> beam_minimax(BEAM_TRAP, "A", 2, guess), minimax(BEAM_TRAP, "A")
    (3, 6)
    """
    if game.is_terminal(state):
        return game.utility(state)
    maximizing = game.to_move(state) == MAX
    ranked = sorted(game.actions(state), key=lambda a: estimate(game.result(state, a)),
                    reverse=maximizing)  # best-looking first (sorted keeps ties in order)
    values = [beam_minimax(game, game.result(state, a), width, estimate)
              for a in ranked[:width]]
    return max(values) if maximizing else min(values)


def beam_decision(game, state, width, estimate):
    """MAX's move by :func:`beam_minimax`: the best of the ``width`` best-looking moves."""
    ranked = sorted(game.actions(state), key=lambda a: estimate(game.result(state, a)),
                    reverse=True)[:width]
    return max(ranked, key=lambda a: beam_minimax(game, game.result(state, a), width, estimate))


def singular_extension_decision(game, state, depth, evaluate, margin):
    """MAX's move by a depth-limited search that checks a *singular* move, one better than
    every other by at least ``margin``, by searching it one ply deeper before trusting it.

    >>> from minimax_lessons.games.examples import SINGULAR_TRAP
    >>> plain = {a: depth_limited_minimax(SINGULAR_TRAP, SINGULAR_TRAP.result("A", a), 1,
    ...                                   SINGULAR_TRAP.heuristic) for a in (0, 1)}
    >>> plain, singular_extension_decision(SINGULAR_TRAP, "A", 2, SINGULAR_TRAP.heuristic, 3)
    ({0: 8, 1: 4}, 1)
    """
    values = {a: depth_limited_minimax(game, game.result(state, a), depth - 1, evaluate)
              for a in game.actions(state)}
    best = max(values, key=values.get)
    others = [v for a, v in values.items() if a != best]
    if others and values[best] - max(others) >= margin:  # singular: look one ply further
        values[best] = depth_limited_minimax(game, game.result(state, best), depth, evaluate)
    return max(values, key=values.get)


def positions_from(game, state):
    """Every position reachable from ``state``, ``state`` included (a set).

    >>> from minimax_lessons import Nim
    >>> len(positions_from(Nim([1, 2]), Nim([1, 2]).initial_state()))
    8
    """
    seen, stack = {state}, [state]
    while stack:
        s = stack.pop()
        for a in ([] if game.is_terminal(s) else game.actions(s)):
            if game.result(s, a) not in seen:
                seen.add(game.result(s, a))
                stack.append(game.result(s, a))
    return seen


def retrograde(game, state):
    """Every position's minimax value, worked out backwards from the finished games
    (retrograde analysis, as endgame tables are built): ``{position: (value, round)}``.
    Round 0 scores the finished positions; round k values each position whose moves all
    lead to positions valued in earlier rounds.

    >>> from minimax_lessons import Nim
    >>> nim = Nim([1, 2])
    >>> retrograde(nim, nim.initial_state())[nim.initial_state()]   # MAX wins, in round 3
    (1, 3)
    """
    positions = positions_from(game, state)
    table = {s: (game.utility(s), 0) for s in positions if game.is_terminal(s)}
    waiting = {s: {game.result(s, a) for a in game.actions(s)} for s in positions - set(table)}
    rounds = 0
    while waiting:
        rounds += 1
        ready = [s for s, after in waiting.items() if after <= table.keys()]
        for s in ready:
            values = [table[game.result(s, a)][0] for a in game.actions(s)]
            table[s] = (max(values) if game.to_move(s) == MAX else min(values), rounds)
            del waiting[s]
    return table


def ucb1(child, parent_visits, c=math.sqrt(2)):
    """UCB1: the child's mean result for the chooser, plus a bonus for few visits.

    >>> from minimax_lessons import FIGURE_5_2
    >>> node = MCTSNode(FIGURE_5_2, "B")
    >>> node.visits, node.wins = 2, 1.0
    >>> round(ucb1(node, 10), 3)   # 1/2 + sqrt(2) * sqrt(ln 10 / 2)
    2.017
    """
    return child.wins / child.visits + c * math.sqrt(math.log(parent_visits) / child.visits)


def playout(game, state, rng):
    """Play random moves from ``state`` to the end; the utility reached (MAX's view).

    >>> from minimax_lessons import FIGURE_5_2
    >>> playout(FIGURE_5_2, "B", random.Random(0)) in (3, 12, 8)
    True
    """
    while not game.is_terminal(state):
        state = game.result(state, rng.choice(game.actions(state)))
    return game.utility(state)


def backup(game, node, utility):
    """Add one play-out's result (``utility``, MAX's point of view) from ``node`` to the root.

    Each node counts the result for the player who chose it: MIN chose the
    children of a MIN node, and MIN's result is minus MAX's.
    """
    while node is not None:
        node.visits += 1
        if node.parent is not None:
            chooser = game.to_move(node.parent.state)
            node.wins += utility if chooser == MAX else -utility
        node = node.parent


def uct_search(game, state, playouts, seed=0, c=math.sqrt(2)):
    """Grow a search tree by ``playouts`` rounds of UCT and return its root.

    Each round: *select* down the tree by UCB1, *expand* one new child (the
    first untried move), *play out* random moves to the end, *back up* the result.

    >>> from minimax_lessons import FIGURE_5_2
    >>> root = uct_search(FIGURE_5_2, "A", 100)
    >>> root.visits, sum(child.visits for child in root.children)
    (100, 100)
    """
    rng = random.Random(seed)
    root = MCTSNode(game, state)
    for _ in range(playouts):
        node = root
        while not node.untried and node.children:                    # 1. select
            node = max(node.children, key=lambda child: ucb1(child, node.visits, c))
        if node.untried:                                               # 2. expand
            move = node.untried.pop(0)
            child = MCTSNode(game, game.result(node.state, move), node, move)
            node.children.append(child)
            node = child
        backup(game, node, playout(game, node.state, rng))            # 3. play out, 4. back up
    return root


def uct(game, state, playouts, seed=0, c=math.sqrt(2)):
    """The move UCT plays after ``playouts`` rounds: the root's most visited child.

    >>> from minimax_lessons import FIGURE_5_2
    >>> uct(FIGURE_5_2, "A", 100)
    0
    """
    root = uct_search(game, state, playouts, seed, c)
    return max(root.children, key=lambda child: child.visits).move


# -- showing code in a notebook ---------------------------------------------------

class Source:
    """Source code that shows itself in Jupyter as a highlighted Python block."""

    def __init__(self, text: str):
        self.text = text

    def markdown(self) -> str:
        """The code as a fenced Markdown block (the fence outlasts any backticks inside)."""
        longest = max((len(run) for run in re.findall(r"`+", self.text)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}python\n{self.text}\n{fence}"

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/markdown": self.markdown(), "text/plain": self.text}

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.text

    def __eq__(self, other):
        return isinstance(other, Source) and other.text == self.text

    __hash__ = None


def show(*functions) -> Source:
    """The real source of one or more functions, shown as a Python code block.

    >>> print(show(minimax).text.splitlines()[0])
    def minimax(game, state):
    """
    if not functions:
        raise TypeError("show() needs a function to show, e.g. show(textbook.alphabeta)")
    texts = []
    for fn in functions:
        try:
            texts.append(textwrap.dedent(inspect.getsource(fn)).rstrip())
        except (TypeError, OSError) as error:
            raise TypeError(
                f"show() can only show functions or classes defined in a file, "
                f"not {fn!r} ({error})"
            ) from None
    return Source("\n\n\n".join(texts))


__all__ = ["minimax", "minimax_decision", "depth_limited_minimax", "heuristic_minimax",
           "beam_minimax", "beam_decision", "singular_extension_decision", "positions_from",
           "retrograde",
           "alphabeta",
           "alphabeta_decision", "alphabeta_with_killers", "alphabeta_with_table",
           "alphabeta_with_exact_table", "negamax", "expectiminimax",
           "expectiminimax_with_bounds", "chance_node_with_bounds", "maxn", "uct_search", "uct",
           "show", "Source"]
# uct_search's parts (MCTSNode, ucb1, playout, backup) are shown with it, and
# alphabeta_with_killers's (killers_first) with that.
