"""Monte Carlo tree search (UCT): grow a tree by random play-outs, not by full search.

Vocabulary
----------
- A *play-out* (or *rollout*) plays random moves from a state to the end of the
  game and reports the utility (MAX's point of view).
- The *search tree* starts as the root alone. Each *round* of UCT does four
  things: **select** (walk down from the root, at each node taking the child with
  the highest UCB1 score, until a node still has an untried move), **expand** (add
  the first untried move's child), **play out** (random moves from the new child
  to the end), **back up** (add the result to every node on the way back up).
- A node's *visits* ``n`` count the rounds that passed through it; its *wins*
  ``w`` add up their results *for the player who chose it* (the player to move
  at its parent): MAX's utility when MAX chose it, minus that when MIN did.
  So ``w / n`` is the chooser's average result, and every node picks the child
  with the highest
  ``UCB1 = w/n + c * sqrt(ln N / n)`` (``N`` the parent's visits, ``c`` = sqrt 2
  by default): a good average, plus a bonus for children rarely tried.
- The *mean* shown in pictures is from MAX's point of view, as every value in
  the course: ``w/n`` below a MAX node, ``-w/n`` below a MIN node.
- After the last round UCT plays the root's *most visited* child (the first of
  equals). With more play-outs the counts settle on the minimax move.

:func:`mcts` is the engine: the same rounds as :func:`minimax_lessons.search.textbook.uct`
(and, given the same ``seed``, the same choices and visit counts; tests check
it), faster (it remembers each state's moves and successors, and keeps plain
loops), with an optional trace of readable events (``select`` with the
children's UCB1 scores, ``expand``, ``playout``, ``backup``). Chance nodes are
refused: plain UCT has no rule for them.

>>> from minimax_lessons import TicTacToe
>>> game = TicTacToe("XX.\\nOO.\\n...")
>>> r = mcts(game, playouts=300, seed=1)
>>> r.move                  # X completes the top row
2
>>> r.visits[2] > max(n for move, n in r.visits.items() if move != 2)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import NamedTuple

from ..games.game import CHANCE, MAX
from .result import SearchError
from ..words import show_number

__all__ = ["mcts", "MCTSResult", "MCTSStep", "NodeStats", "ucb1_score", "DEFAULT_C"]

#: The exploration constant of UCB1 (sqrt 2, the textbook's choice for results in [-1, 1]).
DEFAULT_C = math.sqrt(2)

SELECT, EXPAND, PLAYOUT, BACKUP = "select", "expand", "playout", "backup"
KINDS = (SELECT, EXPAND, PLAYOUT, BACKUP)


def ucb1_score(wins, visits, parent_visits, c=DEFAULT_C) -> float:
    """UCB1 of a child with ``visits`` and ``wins`` (for its chooser), under a parent.

    >>> round(ucb1_score(1.0, 2, 10), 3)   # 1/2 + sqrt(2) * sqrt(ln 10 / 2)
    2.017
    """
    return wins / visits + c * math.sqrt(math.log(parent_visits) / visits)


class MCTSStep(NamedTuple):
    """One event of a UCT round (see the module docstring for the kinds).

    ``path``: the node's moves from the root. ``select``: ``detail`` holds the
    children's ``(move, ucb1)`` scores and ``move`` the one taken. ``expand``:
    ``move`` is the move added. ``playout``: ``value`` the utility reached
    (MAX's view), ``detail`` the moves played at random. ``backup``: ``value``
    the utility backed up from ``path`` to the root.
    """

    kind: str
    round: int
    path: tuple
    move: object = None
    value: object = None
    detail: tuple = ()

    def __str__(self):
        where = "root" if not self.path else "node " + "-".join(map(str, self.path))
        if self.kind == SELECT:
            scores = ", ".join(f"{m}: {s:.3f}" for m, s in self.detail)
            return f"round {self.round}: select at {where}: UCB1 {scores} -> move {self.move}"
        if self.kind == EXPAND:
            return f"round {self.round}: expand {where} with move {self.move}"
        if self.kind == PLAYOUT:
            moves = " ".join(map(str, self.detail)) or "none (terminal)"
            return (f"round {self.round}: play out from {where}: random moves {moves} "
                    f"-> utility {show_number(self.value)}")
        return f"round {self.round}: back up {show_number(self.value)} from {where} to the root"


class NodeStats(NamedTuple):
    """A node of the final search tree: who moves there, visits, and mean (MAX's view)."""

    player: str
    visits: int
    mean: float | None
    terminal: bool


@dataclass(frozen=True)
class MCTSResult:
    """What UCT found after ``playouts`` rounds.

    ``move``: the root's most visited child; ``visits`` and ``means``: per root
    move, its visits and mean result (MAX's point of view); ``value``: the
    chosen move's mean; ``tree``: every node of the search tree by path, as
    :class:`NodeStats`; ``trace``: the events (with ``trace=True``).
    """

    move: object
    value: float | None
    visits: dict
    means: dict
    playouts: int
    seed: object
    c: float
    tree: dict = field(repr=False)
    trace: tuple | None = field(default=None, repr=False)
    root: object = field(default=None, repr=False)
    algorithm: str = "mcts"

    @property
    def nodes(self) -> int:
        """How many nodes the search tree grew to, root included."""
        return len(self.tree)


class _Position:
    """What the engine remembers of one state of the game (internal; plain slots for speed).

    ``successors[i]`` is the position the ``i``-th move leads to, filled in when first
    reached, so play-outs walk from position to position without hashing states;
    ``indices`` numbers the moves, for ``rng.choice``.
    """

    __slots__ = ("state", "terminal", "utility", "moves", "mover", "indices", "successors")

    def __init__(self, state, terminal, utility, moves, mover):
        self.state, self.terminal, self.utility = state, terminal, utility
        self.moves, self.mover = moves, mover
        self.indices = range(len(moves))
        self.successors = [None] * len(moves)


class _Node:
    """A node of the engine's tree (internal; plain slots for speed).

    ``position``: the node's state as :class:`_Rules` knows it; ``untried``: the indices
    of the moves not expanded yet.
    """

    __slots__ = ("position", "parent", "move", "children", "untried", "visits", "wins",
                 "sign", "path")

    def __init__(self, position, parent, move, sign, path):
        self.position, self.parent, self.move = position, parent, move
        self.children = []
        self.untried = list(position.indices)
        self.visits = 0
        self.wins = 0.0
        self.sign = sign   # +1 when MAX chose this node, -1 when MIN did
        self.path = path

    def best_child(self, c):
        """The child with the highest UCB1 score (the first of equals)."""
        logn, sqrt = math.log(self.visits), math.sqrt
        best, best_score = None, -math.inf
        for child in self.children:
            score = child.wins / child.visits + c * sqrt(logn / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def expand(self, rules):
        """Add the child that the first untried move leads to, and return it."""
        i = self.untried.pop(0)
        position = self.position
        move = position.moves[i]
        child = _Node(rules.child(position, i), self, move, 1 if position.mover == MAX else -1,
                      self.path + (move,))
        self.children.append(child)
        return child


class _Rules:
    """The game's rules as the engine asks them: one :class:`_Position` per state."""

    def __init__(self, game):
        self.game = game
        self.known = {}

    def position(self, state):
        known = self.known.get(state)
        return known if known is not None else self.describe(state)

    def describe(self, state):
        game = self.game
        if game.is_terminal(state):
            position = _Position(state, True, game.utility(state), (), None)
        else:
            player = game.to_move(state)
            if player == CHANCE:
                raise SearchError(
                    f"mcts cannot search chance nodes ({_text(game, state)} is a chance "
                    "state): plain UCT has no rule for them; use expectiminimax instead")
            moves = tuple(game.actions(state))
            if not moves:
                raise SearchError(f"state {_text(game, state)!r} is not terminal but has no "
                                  "actions")
            position = _Position(state, False, None, moves, player)
        self.known[state] = position
        return position

    def child(self, position, i):
        """The position the ``i``-th move from ``position`` leads to."""
        nxt = position.successors[i]
        if nxt is None:
            nxt = position.successors[i] = self.position(
                self.game.result(position.state, position.moves[i]))
        return nxt


def _text(game, state):
    text = game.text(state) if hasattr(game, "text") else str(state)
    return str(text).replace("\n", "/")


class _Recorder:
    """Writes down the events of UCT's rounds as :class:`MCTSStep` objects (internal)."""

    def __init__(self, c):
        self.c = c
        self.steps = []

    def select(self, k, node, chosen):
        """Round ``k`` goes from ``node`` to ``chosen``, the child with the best UCB1."""
        n, c = node.visits, self.c
        scores = [(child.move, ucb1_score(child.wins, child.visits, n, c))
                  for child in node.children]
        self.steps.append(MCTSStep(SELECT, k, node.path, chosen.move, None, tuple(scores)))

    def expand(self, k, node):
        """Round ``k`` adds ``node`` to the tree."""
        self.steps.append(MCTSStep(EXPAND, k, node.parent.path, node.move))

    def playout(self, k, node, utility, played):
        """Round ``k`` plays the moves ``played`` at random from ``node``, reaching ``utility``."""
        self.steps.append(MCTSStep(PLAYOUT, k, node.path, None, utility, tuple(played)))

    def backup(self, k, node, utility):
        """Round ``k`` adds ``utility`` to every node from ``node`` up to the root."""
        self.steps.append(MCTSStep(BACKUP, k, node.path, None, utility))

    def trace(self):
        return tuple(self.steps)


class _NoRecord(_Recorder):
    """The recorder of an untraced search: it is told every event and keeps none."""

    def __init__(self):
        pass

    def select(self, k, node, chosen):
        pass

    def expand(self, k, node):
        pass

    def playout(self, k, node, utility, played):
        pass

    def backup(self, k, node, utility):
        pass

    def trace(self):
        return None


def _check(playouts, c, seed):
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise SearchError(f"playouts must be a whole number >= 1, not {playouts!r}")
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0 or math.isinf(c):
        raise SearchError(f"c (the exploration constant) must be a number >= 0, not {c!r}")
    if not isinstance(seed, (int, str, bytes, type(None))) or isinstance(seed, bool):
        raise SearchError(f"seed must be a whole number, a string or None, not {seed!r}")


def mcts(game, state=None, *, playouts=1000, seed=0, c=DEFAULT_C, trace=False) -> MCTSResult:
    """Run ``playouts`` rounds of UCT from ``state`` (the start by default).

    Same rounds and random numbers as :func:`minimax_lessons.search.textbook.uct_search`
    for the same ``seed``; ``trace=True`` records the events.

    >>> from minimax_lessons import FIGURE_5_2
    >>> r = mcts(FIGURE_5_2, playouts=50, seed=0)
    >>> r.move, sum(r.visits.values())
    (0, 50)
    """
    _check(playouts, c, seed)
    root_state = game.initial_state() if state is None else state
    rules = _Rules(game)
    start = rules.position(root_state)
    if start.terminal:
        raise SearchError(f"the root {_text(game, root_state)!r} is terminal: there is no move "
                          "to choose")
    # The textbook's rng.choice(moves) and the engine's rng.choice(position.indices) draw
    # the same random numbers (both sequences have one entry per move): tests check it.
    choice, child_of = random.Random(seed).choice, rules.child
    log = _Recorder(c) if trace else _NoRecord()
    root = _Node(start, None, None, 1, ())  # the root adds MAX's view
    for k in range(1, playouts + 1):
        node = root
        while not node.untried and node.children:      # 1. select
            chosen = node.best_child(c)
            log.select(k, node, chosen)
            node = chosen
        if node.untried:                                # 2. expand
            node = node.expand(rules)
            log.expand(k, node)
        position, played = node.position, []            # 3. play out
        while not position.terminal:
            i = choice(position.indices)
            played.append(position.moves[i])
            position = position.successors[i] or child_of(position, i)
        log.playout(k, node, position.utility, played)
        log.backup(k, node, position.utility)           # 4. back up
        while node is not None:
            node.visits += 1
            node.wins += node.sign * position.utility
            node = node.parent
    return _result(root, root_state, playouts, seed, c, log.trace())


def _mean(node):
    """A node's mean result from MAX's point of view (None before any visit)."""
    if not node.visits:
        return None
    return node.wins / node.visits * node.sign


def _result(root, root_state, playouts, seed, c, steps):
    tree, stack = {}, [root]
    while stack:
        node = stack.pop()
        position = node.position
        tree[node.path] = NodeStats(position.mover, node.visits, _mean(node), position.terminal)
        stack.extend(reversed(node.children))
    best = None
    for child in root.children:
        if best is None or child.visits > best.visits:
            best = child
    visits = {ch.move: ch.visits for ch in root.children}
    means = {ch.move: _mean(ch) for ch in root.children}
    return MCTSResult(best.move, _mean(best), visits, means, playouts, seed, c, tree,
                      steps, root_state)
