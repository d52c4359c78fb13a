"""The kinds of student function the checker knows, and the inputs it tries.

=================  ==========================================  =====================
kind               the student writes                          compared on
=================  ==========================================  =====================
``minimax``        ``minimax(node, is_maximizing) -> value``   value
``minimax_depth``  ``minimax(node, depth, is_maximizing)``     value (``estimate``
                                                               at depth 0)
``best_move``      ``best_move(node) -> index``                the best move (MAX at
                                                               the root; the first
                                                               of equal best moves)
``best_move_either`` ``best_move(node, is_maximizing)``        the best move for the
                                                               player at the root
                                                               (the first of equals)
``alphabeta``      ``alphabeta(node, alpha, beta,              value, and the order
                   is_maximizing) -> value``                   leaves are evaluated
``minimax_line``   ``minimax_line(node, is_maximizing)         value and the line of
                   -> (value, line)``                          best play (indices)
``alphabeta_``     ``alphabeta_search(node, is_maximizing)     value, first best move,
``search``         -> (value, move, leaves)``                  leaves counted, and the
                                                               order they are evaluated
``game_minimax``   ``minimax(game, state) -> value``           value (trees,
                                                               tic-tac-toe, Nim)
``board_minimax``  ``minimax(board, player) -> value``         value; board left as
                                                               it was
``evaluate``       ``evaluate(board) -> number``               properties (pairs of
                                                               boards, symmetric, in
                                                               range)
``backup``         ``backup(path, utility)``: Monte Carlo      each node's visits
                   tree search's back-up step, in place        and wins afterwards
=================  ==========================================  =====================

``node`` is a nested tree (:mod:`~minimax_lessons.exercises.nested`): a number
is a leaf, a list an inner node. ``board`` is a list of 9 cells ``"X"``,
``"O"``, ``"."`` (row by row) and ``player`` is ``"X"`` (MAX) or ``"O"``; for
``evaluate`` the board is a 9-character string as in
:class:`~minimax_lessons.games.tictactoe.TicTacToe`, scored from X's (MAX's) side. For
``backup``, ``path`` lists the nodes from the one just added up to the root, each a
dict ``{"visits": 3, "wins": 1.0, "chooser": "max", "to_move": "min"}`` (``chooser``:
the player who moved into the node, None at the root; ``to_move``: who moves there,
None at a finished game); ``utility`` is the play-out's result, MAX's point of view.

Inputs: hand-made *traps* first (small trees on which the known mistakes give
different answers), then trees drawn from a seed. Hidden tests (graded use) draw from
another stream and add traps of their own: trees with float leaves, on which a leaf test
``isinstance(node, int)`` fails. Every expected answer comes
from the package's own searches (:mod:`minimax_lessons.search`).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field, replace

from ..games.examples import SUBTREE_PRUNED_NESTED, TIES_NESTED, TWO_OPPONENTS
from ..games.nim import Nim
from ..search.adversarial import alphabeta, minimax
from ..games.tictactoe import TicTacToe, winner
from ..games.tree import GameTree
from . import harness as H
from .answers import is_number, same_number
from .feedback import show
from .nested import estimate, is_leaf, names, paths, random_nested, size, subtree, to_game

INF = math.inf


@dataclass(frozen=True)
class Case:
    """One test input: ``item`` (the harness's data), a size to find the smallest
    failing one, and whether it is a hand-made trap."""

    item: tuple
    size: int
    trap: bool = True
    label: str = ""


@dataclass(frozen=True)
class Expected:
    """The reference answer: ``value``, ``extra`` (e.g. leaf order), ``accept``
    (all acceptable values, e.g. every best move)."""

    value: object
    extra: object = None
    accept: tuple = ()
    details: dict = field(default_factory=dict)


class Kind:
    """Base: a kind of student function. Subclasses fill in the details."""

    name = ""
    signature = ""
    harness = ""
    mutation_matters = False  # when True, "left the input changed" is part of the answer
    random_class = "random trees"  # what its random inputs are called in a grade's classes
    max_timeouts = None  # stop at this many timeouts (None: the sandbox's own limit)
    judged_by_properties = False  # True: no right answer per input, properties instead
    #: True for the kinds graded questions ask for, whose answer no code of the course
    #: contains: a graded answer that is code of the course, but for its names, is a copy
    #: (the other kinds' natural answers are the lessons' own code, written alike)
    flags_copies = False

    def cases(self, seed=0, *, hidden=False) -> list:
        """Traps, then seeded random inputs (another stream when ``hidden``), smallest first.

        Hidden traps are shifted by a number drawn from the seed (:meth:`shifted`): with a
        seed no student knows (the grader salts it with the key's secret), neither the
        random inputs nor the traps' leaves can be known in advance, so no table of
        answers worked out beforehand passes them.
        """
        rng = random.Random(f"{self.name}:{seed}:{'hidden' if hidden else 'shown'}")
        traps = self.traps() + (self.hidden_traps() if hidden else [])
        if hidden:
            offset = rng.randint(-50, 50)
            traps = [replace(c, item=self.shifted(c.item, offset)) for c in traps]
        return traps + self.randoms(rng)

    def shifted(self, item, offset):
        """``item`` with every leaf (and finite window bound) moved by ``offset``, where
        that changes nothing but the values (the nested kinds); else ``item`` itself."""
        return item

    def traps(self) -> list:
        return []

    def hidden_traps(self) -> list:
        """Traps only the hidden tests use (float leaves)."""
        return []

    def randoms(self, rng) -> list:
        return []

    def expected(self, item) -> Expected:
        raise NotImplementedError

    def type_problem(self, value, item) -> str | None:
        """Why ``value`` has the wrong type for this kind (None when fine)."""
        if is_number(value):
            return None
        return _type_message(value, "a number")

    def right(self, item, expected: Expected, outcome) -> bool:
        """Is the student's (ok) outcome the expected answer?"""
        if self.mutation_matters and outcome.mutated:
            return False
        return same_number(outcome.value, expected.value) and (
            expected.extra is None or outcome.extra == expected.extra)

    def same(self, a, b) -> bool:
        """Did two runs (student and variant) behave the same on one input?"""
        if a.status != b.status:
            return False
        if a.status == "raised":
            return a.error.type == b.error.type
        if a.status != "ok":
            return True
        if self.mutation_matters and a.mutated != b.mutated:
            return False
        return same_number(a.value, b.value) and a.extra == b.extra

    def call_text(self, item) -> str:
        """The call that reproduces this input, as the student would type it."""
        raise NotImplementedError

    def node_items(self, item) -> list:
        """(node name, item) for the inner nodes of the input, to show per-node values."""
        return []

    def input_classes(self, case) -> set:
        """The named classes an input belongs to ("MIN roots", "float leaves", ...), for
        partial credit: "fails on MIN roots" points at the cause."""
        return set()

    def with_pruning_rule(self, prune_ties) -> Kind:
        """This kind under alpha-beta's pruning rule (a kind without one is the same)."""
        return self

    def names_the_cause(self, expected: Expected, outcome) -> bool:
        """Does :meth:`wrong_answer` name what went wrong on this input itself (so that
        naming the classes of input it fails on would point elsewhere)?"""
        return False

    def wrong_answer(self, head, call, item, expected: Expected, outcome, hidden) -> str:
        """What to say of a function that returned on ``item``, but not the right answer
        (``head``: "Wrong on 3 of 25 tests."; ``call``: the failing call, as code)."""
        if hidden:
            return f"{head} One of them should return a different value."
        return f"{head} {call} should return {_wanted(expected)}, but yours returned " \
               f"{show(outcome.value)}."

    def picture(self, item, expected: Expected, outcome, run_nodes) -> tuple:
        """``(picture, board)`` for the smallest failing input: a tree to draw,
        ``(game, notes, highlight)``, or a text board (None when there is none).
        ``run_nodes(items)`` runs the student's function on other inputs (the input's
        inner nodes, :meth:`node_items`) and returns their outcomes."""
        return None, None


def _wanted(expected) -> str:
    """The right answer as the feedback writes it ("2", or "0 or 2" for two best moves)."""
    if len(expected.accept) > 1:
        return " or ".join(show(a) for a in expected.accept)
    return show(expected.value)


def _node_notes(kind, node_items, outcomes, mine_when_not_ok) -> tuple:
    """``(notes, highlight)``: "exp 3 / you 5" beside each node, highlighted where wrong."""
    notes, highlight = {}, set()
    for (name, sub), got in zip(node_items, outcomes):
        want = kind.expected(sub).value
        mine = show(got.value) if got.ok else mine_when_not_ok(got)
        notes[name] = f"exp {show(want)} / you {mine}"
        if not (got.ok and same_number(got.value, want)):
            highlight.add(name)
    return notes, highlight


def grid(board: str) -> str:
    """A tic-tac-toe board of 9 characters as three rows.

    >>> print(grid("XO..X...O"))
    XO.
    .X.
    ..O
    """
    return "\n".join(board[i:i + 3] for i in (0, 3, 6))


def _type_message(value, wanted) -> str:
    from ..runner.codec import Opaque

    if isinstance(value, Opaque) and value.type == "RecordingList":
        return ("it returned a list where a number was expected: test for a leaf with "
                "isinstance(node, list) (the checker passes a subclass of list, so "
                "type(node) == list is False)")
    if isinstance(value, bool):
        return f"it returned {value!r} (a bool) where {wanted} was expected"
    if value is None:
        return (f"it returned None where {wanted} was expected: is a return statement "
                "missing on some path?")
    if isinstance(value, tuple) and len(value) == 2:
        return f"it returned a pair {value!r} where {wanted} was expected"
    shown = value.repr if hasattr(value, "repr") and hasattr(value, "type") else repr(value)
    kind = value.type if hasattr(value, "repr") and hasattr(value, "type") else \
        type(value).__name__
    return f"it returned {shown[:80]} (a {kind}) where {wanted} was expected"


def _nested_call(name, tree, *args) -> str:
    rest = "".join(f", {a!r}" if not isinstance(a, float) or math.isfinite(a) else
                   (", math.inf" if a > 0 else ", -math.inf") for a in args)
    return f"{name}({tree!r}{rest})"


# -- minimax on nested lists ------------------------------------------------------
class NestedKind(Kind):
    """A kind whose input is a nested tree (first) and, last, whether MAX moves at its root."""

    min_roots = True  # some inputs have MIN at the root (best_move's root is always MAX)

    def shifted(self, item, offset):
        """Every leaf moved by ``offset``: minimax, alpha-beta and their mistakes only
        compare values (``estimate`` is a leaf), so the answer moves with them (a line, a
        move, the leaves evaluated stay as they were).

        >>> MinimaxKind().shifted(([[3, 2.5], 7], True), 10)
        ([[13, 12.5], 17], True)
        """
        return (_moved(item[0], offset), *item[1:])

    def input_classes(self, case):
        tree, found = case.item[0], set()
        if self.min_roots and not case.item[-1]:
            found.add("MIN roots")
        leaves = [subtree(tree, p) for p in paths(tree) if is_leaf(subtree(tree, p))]
        if any(isinstance(v, float) for v in leaves):
            found.add("float leaves")
        if is_leaf(tree):
            found.add("a single leaf")
        elif len({len(p) for p in paths(tree) if is_leaf(subtree(tree, p))}) > 1:
            found.add("trees with leaves at different depths")
        return found

    def picture(self, item, expected, outcome, run_nodes):
        """The tree with the right value and the student's beside every inner node."""
        tree, is_max = item[0], item[-1]
        labels = names(tree)
        node_items = self.node_items(item)
        if not node_items:
            return None, None
        notes, highlight = _node_notes(
            self, [(labels[path], sub) for path, sub in node_items],
            run_nodes([sub for _, sub in node_items]),
            lambda got: {"raised": "error"}.get(got.status, "?"))
        return (to_game(tree, is_max), notes, highlight), None


_MINIMAX_TRAPS = [
    (7, True),
    ([7, 2, 9], False),
    ([7, 2, 9], True),
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], True),
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], False),
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], True),
    ([[4, [6, 1]], [[2, 8], 5]], True),
    ([[[2, -3], [5, 0]], [[-4, 7], [1, -2]]], False),
    ([[1.5, -2.5], [0.5, 3]], True),
]


class MinimaxKind(NestedKind):
    name = "minimax"
    signature = "minimax(node, is_maximizing) -> value"
    harness = H.ref(H.nested_minimax)

    def traps(self):
        return [Case(item, size(item[0])) for item in _MINIMAX_TRAPS]

    def hidden_traps(self):
        return [Case(item, size(item[0]), label="float leaves") for item in
                [([[2.5, 7], [4, 0.5]], False), ([[[1, 2.25], [3, 0]], [[-1.5, 4], [2, 2]]], True)]]

    def randoms(self, rng):
        out = []
        for i in range(16):
            tree = random_nested(rng, depth=2 + i % 3, branching=(1, 3) if i % 4 else (2, 3))
            out.append(Case((tree, i % 3 != 2), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, is_max = item
        return Expected(minimax(to_game(tree, is_max)).value)

    def call_text(self, item):
        return _nested_call("minimax", *item)

    def node_items(self, item):
        tree, is_max = item
        return [(p, (subtree(tree, p), is_max == (len(p) % 2 == 0)))
                for p in paths(tree) if not is_leaf(subtree(tree, p))]


# -- depth-limited minimax ---------------------------------------------------------
_DEPTH_TREE = [[[3, [9, 1]], [6, 2]], [[8, 4], [[0, 7], 5]], [[-2, 6], [1, [4, -5]]]]
_DEPTH_TRAPS = [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], 1, True),
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], 3, True),
    ([[[5, 1], [2, 8]], [[7, 3], [0, 9]]], 1, True),
    ([[[5, 1], [2, 8]], [[7, 3], [0, 9]]], 2, True),
    ([[[5, 1], [2, 8]], [[7, 3], [0, 9]]], 2, False),
    (_DEPTH_TREE, 1, True),
    (_DEPTH_TREE, 2, True),
    (_DEPTH_TREE, 3, False),
    (_DEPTH_TREE, 5, True),
]


class DepthKind(NestedKind):
    name = "minimax_depth"
    signature = "minimax(node, depth, is_maximizing) -> value  (estimate(node) at depth 0)"
    harness = H.ref(H.nested_depth)

    def traps(self):
        return [Case(item, size(item[0])) for item in _DEPTH_TRAPS]

    def hidden_traps(self):
        return [Case(([[[2.5, 7], [4, 0.5]], [[1, 3.5], [6, 2]]], 3, True), 15,
                     label="float leaves")]

    def randoms(self, rng):
        out = []
        for i in range(14):
            tree = random_nested(rng, depth=3 + i % 2, branching=(1, 3))
            out.append(Case((tree, 1 + i % 4, i % 3 != 1), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, depth, is_max = item
        game = to_game(tree, is_max)
        return Expected(minimax(game, depth=depth,
                                evaluate=lambda s: estimate(game.to_nested(s))).value)

    def call_text(self, item):
        return _nested_call("minimax", *item)

    def node_items(self, item):
        tree, depth, is_max = item
        return [(p, (subtree(tree, p), depth - len(p), is_max == (len(p) % 2 == 0)))
                for p in paths(tree)
                if not is_leaf(subtree(tree, p)) and len(p) < depth]

    def picture(self, item, expected, outcome, run_nodes):
        """The values picture, with the estimate beside each node where the depth runs out."""
        picture, board = super().picture(item, expected, outcome, run_nodes)
        if picture is not None:
            tree, depth = item[0], item[1]
            labels = names(tree)
            for path in paths(tree):
                node = subtree(tree, path)
                if len(path) == depth and not is_leaf(node):
                    picture[1][labels[path]] = f"estimate {show(estimate(node))}"
        return picture, board


# -- best move ---------------------------------------------------------------------
_BEST_TRAPS = [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]],),
    ([[1, 9], [4, 5], [0, 7]],),
    ([[2, 8], [3, 4], [5, 1]],),
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]],),
    ([[6, 7], [1, 9, 2], [5, 8]],),
    ([[3, 9], [1, 5], [4, 3]],),  # a tie: moves 0 and 2 are both worth 3; 0 is the leftmost
    ([[1, 4], [2, 6], [7, 9]],),  # the best move last: a loop must compare every move
]


class BestMoveKind(NestedKind):
    name = "best_move"
    signature = "best_move(node) -> index of the best child for MAX (0 is the first)"
    harness = H.ref(H.nested_best_move)
    min_roots = False

    def traps(self):
        return [Case(item, size(item[0])) for item in _BEST_TRAPS]

    def hidden_traps(self):
        return [Case(([[2.5, 7], [4, 3.5], [0.5, 9]],), 10, label="float leaves")]

    def randoms(self, rng):
        out = []
        for i in range(12):
            tree = random_nested(rng, depth=2 + i % 2, branching=(2, 4), distinct=i % 2 == 0)
            out.append(Case((tree,), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, is_max = item[0], _root_is_max(item)
        values = [minimax(to_game(child, not is_max)).value for child in tree]
        best = max(values) if is_max else min(values)
        moves = tuple(i for i, v in enumerate(values) if v == best)
        return Expected(moves[0], accept=moves[:1], details={"values": values, "best": moves})

    def type_problem(self, value, item):
        tree = item[0]
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < len(tree) or value == len(tree):
                return None
            return f"it returned {value}, but the root has moves 0 to {len(tree) - 1} only"
        return _type_message(value, "a move (a whole number)")

    def right(self, item, expected, outcome):
        return outcome.value in expected.accept and not isinstance(outcome.value, bool)

    def same(self, a, b):
        if a.status == b.status == "ok":
            return a.value == b.value and type(a.value) is type(b.value)
        return super().same(a, b)

    def call_text(self, item):
        return _nested_call("best_move", item[0])

    def input_classes(self, case):
        found = super().input_classes(case)
        if len(self.expected(case.item).details["best"]) > 1:
            found.add("ties between best moves")
        return found

    def picture(self, item, expected, outcome, run_nodes):
        """The root's children with their values, the best move and the student's."""
        game = to_game(item[0], _root_is_max(item))
        kids = game.children(game.root)
        notes = {kid: f"value {show(v)}" for kid, v in zip(kids, expected.details["values"])}
        best = " or ".join(str(m) for m in expected.accept)
        notes[game.root] = f"exp move {best} / you {show(outcome.value)}"
        chosen = outcome.value
        highlight = {kids[chosen]} if isinstance(chosen, int) and 0 <= chosen < len(kids) \
            else set()
        return (game, notes, highlight), None


def _root_is_max(item) -> bool:
    """Whether MAX moves at a best-move input's root: ``(tree,)`` is MAX's, else its flag."""
    return item[1] if len(item) > 1 else True


_EITHER_TRAPS = [item + (True,) for item in _BEST_TRAPS[:3] + _BEST_TRAPS[5:]] + [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], False),   # MIN at the root: C and D are worth 6
    ([[1, 9], [4, 5], [0, 7]], False),
    ([[2, 8], [3, 4], [5, 1]], False),
    ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], False),
    ([[6, 2], [1, 9, 2], [5, 8]], False),
    ([[3, 2], [9, 1], [3, 1]], False),               # a tie: moves 0 and 2 are both worth 3
]


class BestMoveEitherKind(BestMoveKind):
    """``best_move(node, is_maximizing)``: the best move for whoever moves at the root."""

    name = "best_move_either"
    signature = ("best_move(node, is_maximizing) -> index of the best child for the player "
                 "at the root: the largest value for MAX, the smallest for MIN (0 is the "
                 "first; the first of equals)")
    harness = H.ref(H.nested_best_move_either)
    min_roots = True

    def traps(self):
        return [Case(item, size(item[0])) for item in _EITHER_TRAPS]

    def hidden_traps(self):
        return [Case(([[2.5, 7], [4, 3.5], [0.5, 9]], is_max), 10, label="float leaves")
                for is_max in (True, False)]

    def randoms(self, rng):
        out = []
        for i in range(12):
            tree = random_nested(rng, depth=2 + i % 2, branching=(2, 4), distinct=i % 2 == 0)
            out.append(Case((tree, i % 3 != 1), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def call_text(self, item):
        return _nested_call("best_move", *item)


# -- alpha-beta ----------------------------------------------------------------------
_AB_TRAPS = [
    ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], -INF, INF, True),
    (TIES_NESTED, -INF, INF, True),
    ([[5, 3], [5, 9], [5, 1]], -INF, INF, True),
    ([[4, 8], [6, 2]], -INF, INF, False),
    (SUBTREE_PRUNED_NESTED, -INF, INF, True),
    ([[[3, 17], [2, 12]], [[15, 4], [25, 2]], [[2, 5], [3, 1]]], -INF, INF, True),
    ([[[6, 3], [5, 9]], [[7, 4], [8, 1]]], -INF, INF, False),
    ([[1, 5], [8, 3], [6, 7]], 4, 7, True),
    ([[[2, 6], [5, 5]], [[5, 8], [4, 7]], [[5, 3], [9, 5]]], -INF, INF, True),
]


class AlphaBetaKind(NestedKind):
    name = "alphabeta"
    signature = ("alphabeta(node, alpha, beta, is_maximizing) -> value; leaves are counted "
                 "as evaluated when your loop reaches them")
    harness = H.ref(H.nested_alphabeta)

    def __init__(self, prune_ties=True):
        self.prune_ties = prune_ties

    def with_pruning_rule(self, prune_ties):
        return AlphaBetaKind(prune_ties)

    def shifted(self, item, offset):
        """The leaves and the window's finite bounds moved by ``offset``."""
        tree, alpha, beta, is_max = item
        return (_moved(tree, offset), *(v + offset if math.isfinite(v) else v
                                        for v in (alpha, beta)), is_max)

    def traps(self):
        return [Case(item, size(item[0])) for item in _AB_TRAPS]

    def hidden_traps(self):
        return [Case(item, size(item[0]), label="float leaves") for item in
                [([[2.5, 7], [1.5, 9], [4, 0.5]], -INF, INF, True),
                 ([[[1, 2.25], [3, 0]], [[-1.5, 4], [2, 2]]], -INF, INF, False)]]

    def randoms(self, rng):
        out = []
        for i in range(16):
            tree = random_nested(rng, depth=2 + i % 3, branching=(2, 3), low=0, high=6 + i % 5)
            out.append(Case((tree, -INF, INF, i % 4 != 3), size(tree), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        tree, alpha, beta, is_max = item
        game = to_game(tree, is_max)
        r = alphabeta(game, trace=True, prune_ties=self.prune_ties, alpha=alpha, beta=beta)
        order = tuple(s.path for s in r.trace.of_kind("evaluate"))
        return Expected(r.value, order, details={"pruned": r.pruned})

    def call_text(self, item):
        return _nested_call("alphabeta", *item)

    def input_classes(self, case):
        found = super().input_classes(case)
        tree, alpha, beta, is_max = case.item
        if (alpha, beta) != (-INF, INF):
            found.add("a narrowed window (alpha, beta)")
        if _alpha_meets_beta(tree, alpha, beta, is_max):
            found.add("trees where alpha meets beta exactly")
        return found

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """The right value with the wrong leaves evaluated is said as such."""
        if not same_number(outcome.value, expected.value):
            return super().wrong_answer(head, call, item, expected, outcome, hidden)
        if hidden:
            return f"{head} One of them returns the right value but evaluates other leaves."
        return (f"{head} {call} returns the right value, {_wanted(expected)}, but evaluates "
                f"the leaves {_leaf_names(item, outcome.extra)} where alpha-beta evaluates "
                f"{_leaf_names(item, expected.extra)}.")

    def picture(self, item, expected, outcome, run_nodes):
        """The tree with, beside each leaf, when it was evaluated (#1, #2, ...) by the right
        search and by the student's; red where the two differ in *whether* it was evaluated
        (a leaf evaluated by both, only earlier or later, is not flagged)."""
        tree, alpha, beta, is_max = item
        game = to_game(tree, is_max)
        labels = names(tree)
        mine = {tuple(p): i + 1 for i, p in enumerate(outcome.extra or ())}
        theirs = {tuple(p): i + 1 for i, p in enumerate(expected.extra or ())}
        notes, highlight = {}, set()
        for path in paths(tree):
            if not is_leaf(subtree(tree, path)):
                continue
            notes[labels[path]] = visit_note(theirs.get(path), mine.get(path))
            if (path in mine) != (path in theirs):
                highlight.add(labels[path])
        notes[game.root] = f"exp {show(expected.value)} / you {show(outcome.value)}"
        return (game, notes, highlight), None


def _moved(tree, offset):
    """A nested tree with every leaf moved by ``offset``."""
    return [_moved(child, offset) for child in tree] if isinstance(tree, list) else \
        tree + offset


def _from_the_root(case) -> Case:
    """An alpha-beta input (with the full window) as ``alphabeta_search`` takes it."""
    tree, _, _, is_max = case.item
    return Case((tree, is_max), case.size, case.trap, case.label)


def _alpha_meets_beta(tree, alpha, beta, is_maximizing) -> bool:
    """Does the pruning rule matter here (alpha >= beta and alpha > beta visit other leaves)?"""
    game = to_game(tree, is_maximizing)
    return (alphabeta(game, alpha=alpha, beta=beta, prune_ties=True).pruned !=
            alphabeta(game, alpha=alpha, beta=beta, prune_ties=False).pruned)


def _leaf_names(item, order) -> str:
    labels = names(item[0])
    shown = [labels.get(tuple(p), "?") for p in order or ()]
    return ", ".join(shown) if shown else "none"


def visit_note(expected, yours) -> str:
    """When a leaf was evaluated, in the right search and in yours: "#3", "exp #4 / you #5",
    "exp pruned / you #4", "pruned" (None: never evaluated).

    >>> visit_note(3, 3), visit_note(4, 5), visit_note(None, 4), visit_note(None, None)
    ('#3', 'exp #4 / you #5', 'exp pruned / you #4', 'pruned')
    """
    if expected == yours:
        return "pruned" if expected is None else f"#{expected}"
    return (f"exp {'pruned' if expected is None else f'#{expected}'} / "
            f"you {'skipped' if yours is None else f'#{yours}'}")


# -- the graded functions: more than any code the course shows ---------------------------
_TIE_TRAPS = [
    ([[3, 9], [1, 5], [4, 3]], True),  # moves 0 and 2 are both worth 3: 0, the leftmost
    ([[4, 6], [6, 4]], True),
    ([[6, 4], [4, 6]], False),
    ([[[2, 8], [8, 2]], [[8, 2], [2, 8]]], True),
]


def _pair(value, size) -> tuple | None:
    """``value`` as a tuple of ``size`` items when it is a tuple or list of that many."""
    return tuple(value) if isinstance(value, (tuple, list)) and len(value) == size else None


def _moves(line) -> list | None:
    """A line of moves as a list of whole numbers (None when it is not one)."""
    if isinstance(line, (tuple, list)) and all(isinstance(m, int) and not isinstance(m, bool)
                                               for m in line):
        return list(line)
    return None


class LineKind(MinimaxKind):
    """``minimax_line(node, is_maximizing) -> (value, line)``: the value, and the moves of
    best play from ``node`` down to a leaf (the principal line; no lesson's code returns it)."""

    name = "minimax_line"
    flags_copies = True
    signature = ("minimax_line(node, is_maximizing) -> (value, line): the value, and the "
                 "moves (child indices) best play makes from node down to a leaf; [] at a "
                 "leaf, the leftmost of equally good children")

    def traps(self):
        return super().traps() + [Case(item, size(item[0]), label="ties")
                                  for item in _TIE_TRAPS]

    def expected(self, item):
        tree, is_max = item
        result = minimax(to_game(tree, is_max), trace=True)
        return Expected((result.value, list(result.line)))

    def type_problem(self, value, item):
        pair = _pair(value, 2)
        if pair is None:
            return _type_message(value, "a pair (value, line)")
        if not is_number(pair[0]):
            return f"its value, {show(pair[0])}, is not a number"
        if _moves(pair[1]) is None:
            return (f"its line, {show(pair[1])}, is not a list of moves (whole numbers, the "
                    "index of each child)")
        return None

    def right(self, item, expected, outcome):
        pair = _pair(outcome.value, 2)
        return (pair is not None and same_number(pair[0], expected.value[0])
                and _moves(pair[1]) == expected.value[1])

    def same(self, a, b):
        """Diagnosed by its values (the known mistakes are minimax's: they give no line)."""
        if a.status == b.status == "ok":
            mine, theirs = _pair(a.value, 2), _pair(b.value, 2)
            return mine is not None and theirs is not None and same_number(mine[0], theirs[0])
        return super().same(a, b)

    def call_text(self, item):
        return _nested_call("minimax_line", *item)

    def node_items(self, item):
        return []

    def input_classes(self, case):
        found = super().input_classes(case)
        if case.label == "ties":
            found.add("ties between best moves")
        return found

    def names_the_cause(self, expected, outcome):
        """The right value along best play's line written backwards."""
        value, line = expected.value
        mine = _pair(outcome.value, 2) if outcome.ok else None
        return (mine is not None and same_number(mine[0], value) and len(line) > 1
                and _moves(mine[1]) == line[::-1])

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """A wrong value, or the right value along another line, said as such."""
        value, line = expected.value
        mine = _pair(outcome.value, 2)
        if mine is not None and same_number(mine[0], value):
            if hidden:
                return f"{head} One of them returns the right value but another line."
            said = (f"{head} {call} returns the right value, {show(value)}, but the line "
                    f"{show(mine[1])} where best play goes {show(line)}.")
            if self.names_the_cause(expected, outcome):
                said += (" That is best play's line backwards: a line lists the moves from "
                         "the root down, so put each move in front of the line its child "
                         "returns.")
            return said
        if hidden:
            return f"{head} One of them should return a different value."
        return f"{head} {call} should return {show((value, line))}, but yours returned " \
               f"{show(outcome.value)}."

    def picture(self, item, expected, outcome, run_nodes):
        """The tree with the right line and the student's marked, node by node."""
        if not outcome.ok:
            return None, None
        tree, is_max = item
        labels = names(tree)
        mine = _moves((_pair(outcome.value, 2) or (None, None))[1]) or []
        notes, highlight = {}, set()
        for depth, (want, got) in enumerate(itertools.zip_longest(expected.value[1], mine)):
            path_want = tuple(expected.value[1][:depth + 1])
            if want is not None and path_want in labels:
                notes[labels[path_want]] = "best play" + ("" if want == got else " (not yours)")
            path_got = tuple(mine[:depth + 1])
            if got != want and path_got in labels:
                notes[labels[path_got]] = "your line"
                highlight.add(labels[path_got])
        yours = (_pair(outcome.value, 2) or (outcome.value,))[0]
        notes[labels[()]] = f"exp {show(expected.value[0])} / you {show(yours)}"
        return (to_game(tree, is_max), notes, highlight), None


class SearchKind(NestedKind):
    """``alphabeta_search(node, is_maximizing) -> (value, move, leaves)``: alpha-beta from the
    root with the full window, the first best move there and how many leaves it evaluated
    (no lesson's code returns the last two); under either pruning rule."""

    name = "alphabeta_search"
    flags_copies = True
    signature = ("alphabeta_search(node, is_maximizing) -> (value, move, leaves): alpha-beta's "
                 "value, the first best move at node (a child index; None at a leaf) and the "
                 "number of leaves it evaluated; leaves count when your loop reaches them")
    harness = H.ref(H.nested_search)

    def __init__(self, prune_ties=True):
        self.prune_ties = prune_ties

    def with_pruning_rule(self, prune_ties):
        return SearchKind(prune_ties)

    def traps(self):
        trees = [(tree, is_max) for tree, alpha, beta, is_max in _AB_TRAPS
                 if (alpha, beta) == (-INF, INF)] + _TIE_TRAPS[:3] + [(7, True)]
        return [Case(item, size(item[0])) for item in trees]

    def hidden_traps(self):
        return [_from_the_root(case) for case in AlphaBetaKind().hidden_traps()]

    def randoms(self, rng):
        return [_from_the_root(case) for case in AlphaBetaKind().randoms(rng)]

    def expected(self, item):
        tree, is_max = item
        result = alphabeta(to_game(tree, is_max), trace=True, prune_ties=self.prune_ties)
        order = tuple(s.path for s in result.trace.of_kind("evaluate"))
        return Expected((result.value, result.move, len(order)), order)

    def type_problem(self, value, item):
        triple = _pair(value, 3)
        if triple is None:
            return _type_message(value, "a triple (value, move, leaves)")
        value, move, leaves = triple
        if not is_number(value):
            return f"its value, {show(value)}, is not a number"
        if not (move is None or (isinstance(move, int) and not isinstance(move, bool))):
            return f"its move, {show(move)}, is not a child's index (or None at a leaf)"
        if not (isinstance(leaves, int) and not isinstance(leaves, bool)):
            return f"its count of leaves, {show(leaves)}, is not a whole number"
        return None

    def right(self, item, expected, outcome):
        triple = _pair(outcome.value, 3)
        return (triple is not None and same_number(triple[0], expected.value[0])
                and triple[1:] == expected.value[1:] and outcome.extra == expected.extra)

    def same(self, a, b):
        """Diagnosed by value and the leaves evaluated (the known mistakes are alpha-beta's)."""
        if a.status == b.status == "ok":
            mine, theirs = _pair(a.value, 3), _pair(b.value, 3)
            return (mine is not None and theirs is not None
                    and same_number(mine[0], theirs[0]) and a.extra == b.extra)
        return super().same(a, b)

    def call_text(self, item):
        return _nested_call("alphabeta_search", *item)

    def input_classes(self, case):
        found = super().input_classes(case)
        tree, is_max = case.item
        if _alpha_meets_beta(tree, -INF, INF, is_max):
            found.add("trees where alpha meets beta exactly")
        return found

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """Which of the three is wrong: the value, the move, the count, or the leaves."""
        value, move, leaves = expected.value
        mine = _pair(outcome.value, 3) or (outcome.value, None, None)
        if not same_number(mine[0], value):
            if hidden:
                return f"{head} One of them should return a different value."
            return f"{head} {call} should return {show(expected.value)}, but yours returned " \
                   f"{show(outcome.value)}."
        if mine[1] != move:
            return (f"{head} One of them returns the right value but another move." if hidden
                    else f"{head} {call} returns the right value, {show(value)}, but the move "
                         f"{show(mine[1])} where the first best move is {show(move)}.")
        if outcome.extra != expected.extra:
            return (f"{head} One of them evaluates other leaves than alpha-beta." if hidden
                    else f"{head} {call} evaluates the leaves "
                         f"{_leaf_names(item, outcome.extra)} where alpha-beta evaluates "
                         f"{_leaf_names(item, expected.extra)}.")
        said = len(outcome.extra or ())
        return (f"{head} One of them counts its leaves wrong." if hidden
                else f"{head} {call} evaluates {said} leaf{'' if said == 1 else 's'} but "
                     f"says {show(mine[2])}.")

    def picture(self, item, expected, outcome, run_nodes):
        """Alpha-beta's picture: when each leaf was evaluated, by the right search and by yours."""
        tree, is_max = item
        flat = Expected(expected.value[0], expected.extra)
        mine = _pair(outcome.value, 3)
        shown = replace(outcome, value=mine[0] if mine else outcome.value)
        return AlphaBetaKind(self.prune_ties).picture((tree, -INF, INF, is_max), flat, shown,
                                                      run_nodes)


# -- minimax through the Game interface ------------------------------------------------
def _ttt_cases():
    game = TicTacToe()
    boards = ["XOX.O.X..", "XO.XO....", "X.O.XO...", "XX.OO.X..", "OX.XO.X..",
              "XOXOX....", "X..OXO..."]
    return [(game, game.parse(b) if "\n" in b else b) for b in boards]


class GameKind(Kind):
    name = "game_minimax"
    signature = "minimax(game, state) -> value (MAX's point of view), using game.actions, " \
                "game.result, game.is_terminal, game.utility, game.to_move"
    harness = H.ref(H.game_value)
    random_class = "random games"

    def traps(self):
        trees = [
            (to_game([7, 2, 9], False), "A"),
            (to_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "A"),
            (to_game([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], False), "A"),
            (TWO_OPPONENTS, "A"),
            (to_game([[4, [6, 1]], [[2, 8], 5]]), "A"),
        ]
        out = [Case((H.describe_game(g), s), len(g), label="tree") for g, s in trees]
        out.append(Case((Nim([1, 2]), Nim([1, 2]).initial_state()), 12, label="Nim [1, 2]"))
        out += [Case((g, s), 30 + s.count("."), label="tic-tac-toe") for g, s in _ttt_cases()]
        return out

    def randoms(self, rng):
        out = []
        for i in range(8):
            game = GameTree.random((1, 3), 2 + i % 3, seed=rng.randrange(2**31),
                                   root="max" if i % 2 else "min")
            out.append(Case((H.describe_game(game), game.root), len(game), trap=False,
                            label="tree"))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        game, state = item
        return Expected(minimax(H.make_game(game), state).value)

    def call_text(self, item):
        game, state = item
        game = H.make_game(game)
        if isinstance(game, GameTree):
            return f"minimax(GameTree.from_nested({game.to_nested()!r}, " \
                   f"root={game.to_move(game.root)!r}), {state!r})" \
                if _is_plain_nested(game) else f"minimax(tree, {state!r})"
        return f"minimax({game!r}, {state!r})"

    def node_items(self, item):
        game, state = item
        tree = H.make_game(game)
        if not isinstance(tree, GameTree):
            return []
        return [(name, (game, name)) for name in tree.subtree_nodes(state)
                if not tree.is_terminal(name)]

    def input_classes(self, case):
        game, state = case.item
        found = {{"tic-tac-toe": "tic-tac-toe", "tree": "game trees"}.get(
            case.label, case.label or "game trees")}
        if case.label == "tree" and H.make_game(game).to_move(state) == "min":
            found.add("MIN roots")
        return found

    def picture(self, item, expected, outcome, run_nodes):
        """A game tree with the values at its inner nodes, or the board as text."""
        game = H.make_game(item[0])
        if isinstance(game, GameTree):
            node_items = self.node_items(item)
            notes, highlight = _node_notes(self, node_items,
                                           run_nodes([sub for _, sub in node_items]),
                                           lambda got: "error")
            return (game, notes, highlight), None
        return None, f"{game.text(item[1])}\n(expected {show(expected.value)}, " \
                     f"yours {show(outcome.value)})"


def _is_plain_nested(tree) -> bool:
    try:
        return GameTree.from_nested(tree.to_nested(), root=tree.to_move(tree.root)) == tree
    except Exception:
        return False


# -- minimax on a mutable tic-tac-toe board ----------------------------------------------
_BOARD_TRAPS = ["XOX.O.X..", "XO.XO....", "XX.OO....", "XXXOO....", "OOX.X....",
                "X.O.XO...", "XOXXO..O.", "OXXXOO...", "OOOXX.X..", "..XOOXOXX",
                ".XOXX..O.", "XOXX...O."]


def _player(board) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


class BoardKind(Kind):
    name = "board_minimax"
    signature = 'minimax(board, player) -> value; board a list of 9 "X"/"O"/"." cells, ' \
                'player "X" (MAX) or "O"; +1 X wins, -1 O wins, 0 draw'
    harness = H.ref(H.board_value)
    mutation_matters = True
    random_class = "random boards"

    def traps(self):
        return [Case((list(b), _player(b)), b.count("."), label="tic-tac-toe")
                for b in _BOARD_TRAPS]

    def randoms(self, rng):
        game, out = TicTacToe(), []
        while len(out) < 6:
            state = game.initial_state()
            for _ in range(rng.choice((4, 5, 5, 6))):
                if game.is_terminal(state):
                    break
                state = game.result(state, rng.choice(game.actions(state)))
            if not game.is_terminal(state):
                out.append(Case((list(state), _player(state)), state.count("."), trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        board, _ = item
        return Expected(minimax(TicTacToe(), "".join(board)).value, "".join(board))

    def right(self, item, expected, outcome):
        return not outcome.mutated and same_number(outcome.value, expected.value)

    def call_text(self, item):
        return f"minimax({item[0]!r}, {item[1]!r})"

    def input_classes(self, case):
        return {"O to move" if case.item[1] == "O" else "X to move"}

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """A board left changed is said as well as the value."""
        if hidden or not outcome.mutated:
            return super().wrong_answer(head, call, item, expected, outcome, hidden)
        want = _wanted(expected)
        if same_number(outcome.value, expected.value):
            return f"{head} {call} returns the right value, {want}, but changes the board " \
                   "it was given."
        return f"{head} {call} should return {want}, but yours returned " \
               f"{show(outcome.value)}, and it changes the board it was given."

    def picture(self, item, expected, outcome, run_nodes):
        """The board as text, with the value expected and the student's (and the board
        after their function, when it changed it)."""
        text = grid("".join(item[0])) + f"\n{item[1]} to move: expected " \
                                        f"{show(expected.value)}, yours {show(outcome.value)}"
        if outcome.mutated and outcome.extra:
            text += "\nThe board after your function:\n" + grid(outcome.extra)
        return None, text


# -- evaluation functions -----------------------------------------------------------------
#: Unfinished boards, early and late, for evaluate (q5.5 promises it is never asked about a
#: finished game, as a search that scores finished games itself never asks it).
_EVAL_BOARDS = [
    "XO.XOO.X.", "X........", "....X....", ".O..X....", "XO.......", "X...O....",
    "XX.O.O...", "X.XOO....", "XO..X..O.", "OX..X...O", ".XO.X..O.", "XOXOXO...",
    "XOXXOO...", "XOX.OX...", "OX.XO.X..", "X.O.XO..."
]

#: Positions where a depth-limited search (finished games scored +1, 0, -1) must take a
#: win or stop a loss, whatever the estimates, as long as they lie strictly between -1
#: and +1: (board, depth, what the chosen move must do). Open lines (-8..8) fail all three.
SEARCH_TRAPS = (
    ("XOXOX.O..", 1, "win"),    # X wins at 8; open lines make X play 7
    ("XXO.OX...", 1, "win"),    # O wins at 6; open lines make O play 3
    ("X.O.O...X", 2, "block"),  # X must block at 6; open lines make X play 1
)


def _wins_at_once(game, board, move):
    after = game.result(board, move)
    return game.is_terminal(after) and game.utility(after) != 0


def _lets_the_opponent_win(game, board, move):
    after = game.result(board, move)
    return not game.is_terminal(after) and any(_wins_at_once(game, after, m)
                                               for m in game.actions(after))


def search_boards() -> list:
    """The search traps' positions and every unfinished board a search from them scores."""
    game, found = TicTacToe(), {}
    for board, depth, _ in SEARCH_TRAPS:
        level = [board]
        for _ in range(depth + 1):
            found.update(dict.fromkeys(b for b in level if not game.is_terminal(b)))
            level = [game.result(b, m) for b in level if not game.is_terminal(b)
                     for m in game.actions(b)]
    return list(found)


def search_mistake(score):
    """The first search trap that the estimates ``score`` (board -> number) make a
    depth-limited minimax fail: ``(board, culprit, sentence)``, where ``culprit`` is an
    unfinished board it scored at or beyond a win or a loss; else None."""
    game = TicTacToe()
    for board, depth, must in SEARCH_TRAPS:
        result = minimax(game, board, depth=depth, evaluate=score.__getitem__, trace=True)
        move = result.move
        me = "X" if game.to_move(board) == "max" else "O"
        them = "O" if me == "X" else "X"
        if must == "win" and not _wins_at_once(game, board, move):
            win = next(m for m in game.actions(board) if _wins_at_once(game, board, m))
            sentence = (f"{me} can win at once on square {win}, but a search {depth} ply "
                        f"deep with your estimates plays {move}")
        elif must == "block" and _lets_the_opponent_win(game, board, move):
            sentence = (f"{them} threatens to win, but a search {depth} plies deep with your "
                        f"estimates lets {me} play {move}, and {them} wins next move")
        else:
            continue
        scored = [s.state for s in result.trace.of_kind("evaluate") if s.detail == "evaluation"]
        culprit = max(scored, key=lambda b: abs(score[b]))
        return board, culprit, sentence
    return None


#: Pairs of unfinished boards, the same player to move, with the same pieces but one, which
#: stands on a square that lies on more lines in the first board if it is X's (on fewer if it
#: is O's): ``(better for X, worse for X)``. Open lines agree with each pair, and so does the
#: exact value (the first is worth at least as much); the tests check both.
EVAL_PAIRS = (
    ("....X....", ".X......."),   # X on the centre rather than an edge square; O to move
    ("X........", ".X......."),   # X on a corner rather than an edge square
    ("....X....", "X........"),   # X on the centre rather than a corner
    ("X..O.....", "X...O...."),   # O on an edge square rather than the centre; X to move
    ("...OX....", "O...X...."),   # O on an edge square rather than a corner
    ("XOXO.....", "XOX.O...."),   # later in the game: O on an edge rather than the centre
    ("XOXOX....", "XOXO.X..."),   # X on the centre rather than an edge square
    ("XOX.XO...", "XOXX.O..."),   # the same, another position
    ("XOXX.O...", "XOXXO...."),   # O on an edge rather than the centre; O to move
)

#: How many lines pass through each square (the centre 4, a corner 3, an edge square 2).
LINES_THROUGH = (3, 2, 3, 2, 4, 2, 3, 2, 3)
_SQUARE_KIND = {4: "the centre", 3: "a corner", 2: "an edge square"}


def moved_piece(better: str, worse: str) -> str:
    """What differs between the boards of a pair, in words.

    >>> moved_piece("....X....", ".X.......")
    'X stands on the centre (4 lines) rather than on an edge square (2 lines)'
    >>> moved_piece("X..O.....", "X...O....")
    'O stands on an edge square (2 lines) rather than on the centre (4 lines)'
    """
    (here,) = [i for i in range(9) if better[i] != "." and worse[i] == "."]
    (there,) = [i for i in range(9) if worse[i] != "." and better[i] == "."]
    a, b = LINES_THROUGH[here], LINES_THROUGH[there]
    return (f"{better[here]} stands on {_SQUARE_KIND[a]} ({a} lines) rather than on "
            f"{_SQUARE_KIND[b]} ({b} lines)")


def eval_pairs() -> list:
    """Every pair of :data:`EVAL_PAIRS` and its images under the board's 8 symmetries (the
    same turn or reflection applied to both boards), each once."""
    out = []
    for better, worse in EVAL_PAIRS:
        for pair in zip(symmetries(better), symmetries(worse)):
            if pair not in out:
                out.append(pair)
    return out


def symmetries(board: str) -> list:
    """The 8 images of a board under rotation and reflection (the board first).

    >>> symmetries("X........")[:4]
    ['X........', '..X......', '........X', '......X..']
    """
    rotate = (6, 3, 0, 7, 4, 1, 8, 5, 2)
    mirror = (2, 1, 0, 5, 4, 3, 8, 7, 6)
    out, b = [], board
    for _ in range(4):
        out.append(b)
        b = "".join(b[i] for i in rotate)
    b = "".join(board[i] for i in mirror)
    for _ in range(4):
        out.append(b)
        b = "".join(b[i] for i in rotate)
    return out


class EvaluateKind(Kind):
    name = "evaluate"
    signature = "evaluate(board) -> number; board a 9-character string like 'XO..X...O', " \
                "higher is better for X (MAX)"
    harness = H.ref(H.evaluation)
    random_class = "random boards"
    max_timeouts = 1  # a slow evaluate is slow on every board: stop at the first
    judged_by_properties = True

    def cases(self, seed=0, *, hidden=False):
        rng = random.Random(f"evaluate:{seed}")
        boards = list(_EVAL_BOARDS)
        game = TicTacToe()
        while len(boards) < len(_EVAL_BOARDS) + 8:
            state = game.initial_state()
            for _ in range(rng.randint(1, 7)):
                state = game.result(state, rng.choice(game.actions(state)))
                if game.is_terminal(state):
                    break
            if not game.is_terminal(state):
                boards.append(state)
        out = []
        for b in boards:
            for image in dict.fromkeys(symmetries(b)):
                out.append(Case((image,), 9 - image.count("."), trap=image == b))
        seen = {c.item[0] for c in out}
        for label, extra in (("pair", [b for pair in eval_pairs() for b in pair]),
                             ("search", search_boards())):
            for b in dict.fromkeys(extra):
                if b not in seen:
                    seen.add(b)
                    out.append(Case((b,), 9 - b.count("."), trap=False, label=label))
        return out

    def expected(self, item):
        (board,) = item
        w = winner(board)
        return Expected(None, details={"winner": w, "terminal": TicTacToe().is_terminal(board)})

    def call_text(self, item):
        return f"evaluate({item[0]!r})"


# -- Monte Carlo tree search's back-up step ------------------------------------------
def _node(visits, wins, chooser, to_move):
    return {"visits": visits, "wins": wins, "chooser": chooser, "to_move": to_move}


def _backup_path(players, counts, terminal=False):
    """Nodes from the new one up to the root: ``players`` who move at each node, root last."""
    nodes = []
    for i, (player, (visits, wins)) in enumerate(zip(players, counts)):
        chooser = players[i + 1] if i + 1 < len(players) else None
        to_move = None if (terminal and i == 0) else player
        nodes.append(_node(visits, float(wins) if chooser else 0.0, chooser, to_move))
    return tuple(nodes)


#: (path, utility): MAX and MIN choosers, a result for each side, MIN moving twice in a
#: row, a finished game as the new node, and utilities other than +1 and -1.
_BACKUP_TRAPS = [
    (_backup_path(["max"], [(0, 0)]), 1),
    (_backup_path(["min", "max"], [(0, 0), (4, 0)]), 1),
    (_backup_path(["max", "min"], [(0, 0), (4, 0)]), 1),
    (_backup_path(["max", "min", "max"], [(0, 0), (3, -1), (7, 0)]), -1),
    (_backup_path(["min", "max", "min", "max"], [(0, 0), (2, 2), (5, -1), (9, 0)]), 1),
    (_backup_path(["min", "min", "max"], [(0, 0), (3, 1), (6, 0)], terminal=True), -1),
    (_backup_path(["max", "min", "min", "max"], [(0, 0), (2, 1), (4, -2), (8, 0)]), 5),
    (_backup_path(["min", "max", "min"], [(1, 0.5), (4, 1.5), (6, 0)]), -0.5),
]


class BackupKind(Kind):
    name = "backup"
    signature = ("backup(path, utility) -> None; path: the nodes from the new one up to the "
                 "root, each a dict with 'visits', 'wins', 'chooser' and 'to_move'; adds one "
                 "play-out's result (utility, MAX's point of view) in place")
    harness = H.ref(H.backup_step)

    def traps(self):
        return [Case(item, len(item[0])) for item in _BACKUP_TRAPS]

    def randoms(self, rng):
        out = []
        for _ in range(10):
            depth = rng.randint(1, 6)
            players = [rng.choice(["max", "min"]) for _ in range(depth)]
            counts = [(0, 0)]
            for _ in range(depth - 1):
                visits = counts[-1][0] + rng.randint(1, 6)
                counts.append((visits, rng.randint(-visits, visits) / 2))
            utility = rng.choice([1, -1, 1, -1, 0, 2, -3])
            out.append(Case((_backup_path(players, counts, rng.random() < 0.3), utility),
                            depth, trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        path, utility = item
        after = []
        for node in path:
            sign = {"max": 1, "min": -1}.get(node["chooser"])
            after.append([node["visits"] + 1,
                          None if sign is None else node["wins"] + sign * utility])
        return Expected(after)

    def type_problem(self, value, item):
        for visits, wins in value:
            if not is_number(visits) or not (wins is None or is_number(wins)):
                return (f"a node's visits or wins is no longer a number (visits {visits!r}, "
                        f"wins {wins!r}): update them with numbers, e.g. node['visits'] += 1")
        return None

    def right(self, item, expected, outcome):
        return _same_counts(outcome.value, expected.value)

    def same(self, a, b):
        if a.status != "ok" or b.status != "ok":
            return super().same(a, b)
        return _same_counts(a.value, b.value)

    def call_text(self, item):
        path, utility = item
        return f"backup({list(path)!r}, {utility!r})"

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """The counts the nodes should hold afterwards, and the student's."""
        if hidden:
            return super().wrong_answer(head, call, item, expected, outcome, hidden)
        return (f"{head} {call} should leave the nodes' [visits, wins] at {_wanted(expected)} "
                f"(new node first; the root's wins are not checked), but yours left "
                f"{show(outcome.value)}.")


def _same_counts(got, want) -> bool:
    """The same visits and wins at every node (wins None at the root)."""
    if not isinstance(got, list) or len(got) != len(want):
        return False
    return all(isinstance(g, list) and len(g) == 2 and same_number(g[0], w[0]) and
               (g[1] is None if w[1] is None else same_number(g[1], w[1]))
               for g, w in zip(got, want))


KINDS = {k.name: k for k in (MinimaxKind(), DepthKind(), BestMoveKind(), BestMoveEitherKind(),
                             AlphaBetaKind(), LineKind(), SearchKind(), GameKind(), BoardKind(),
                             EvaluateKind(),
                             BackupKind())}


def get_kind(name, *, prune_ties=None) -> Kind:
    """The kind called ``name`` (under alpha-beta's pruning rule ``prune_ties``, for the
    kinds that have one); a clear error otherwise."""
    try:
        kind = KINDS[name]
    except KeyError:
        raise ValueError(f"unknown kind {name!r}; kinds are {', '.join(KINDS)}") from None
    return kind if prune_ties is None else kind.with_pruning_rule(prune_ties)


__all__ = ["Kind", "NestedKind", "Case", "Expected", "KINDS", "get_kind", "symmetries",
           "same_number", "is_number", "SEARCH_TRAPS", "search_boards", "search_mistake",
           "EVAL_PAIRS", "LINES_THROUGH", "eval_pairs", "moved_piece",
           "grid", "visit_note"]
