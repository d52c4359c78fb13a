"""What every kind of student function has: its test inputs, its expected answers,
what it says of a wrong one; and the base of the kinds whose input is a nested tree.

Vocabulary
----------
- A :class:`Case` is one test input (``item``, the harness's data), with a size (the
  smallest failing input is shown) and whether it is a hand-made trap.
- An :class:`Expected` is the reference answer: ``value``, ``extra`` (e.g. leaf order),
  ``accept`` (every acceptable value, e.g. every best move).
- A :class:`Kind` is a kind of student function; :class:`NestedKind` is one whose input
  is a nested tree (first) and, last, whether MAX moves at its root.

>>> Case(([7, 2, 9], True), 4).trap
True
>>> nested_call("minimax", [7, 2, 9], True)
'minimax([7, 2, 9], True)'
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

from ..answers import is_number, same_number
from ..feedback import show
from ..nested import is_leaf, names, paths, subtree, to_game
from .disguise import disguise


INF = math.inf
#: What a hidden input's leaves may be shifted by: two million and one numbers, so that a
#: table of answers for every shift would hold tens of millions of entries.
HIDDEN_SHIFTS = range(-10**6, 10**6 + 1)


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

        Every hidden input, trap or random, is shifted by a number drawn from the seed
        (:meth:`shifted`), one of :data:`HIDDEN_SHIFTS`, and a graded kind's hidden traps
        are disguised (:meth:`disguised`): with a seed no student knows (the grader salts it
        with the key's secret), neither the traps' leaves and shapes nor the random trees
        can be known in advance, not even the smallest (a single leaf), so a table of
        answers worked out beforehand earns nothing.
        """
        rng = random.Random(f"{self.name}:{seed}:{'hidden' if hidden else 'shown'}")
        traps = self.traps() + (self.hidden_traps() if hidden else [])
        if not hidden:
            return traps + self.randoms(rng)
        offset = rng.choice(HIDDEN_SHIFTS)
        randoms = self.randoms(rng)
        if self.flags_copies:
            traps = [self.disguised(case, rng) for case in traps]
        return [replace(c, item=self.shifted(c.item, offset)) for c in traps + randoms]

    def shifted(self, item, offset):
        """``item`` with every leaf (and finite window bound) moved by ``offset``, where
        that changes nothing but the values (the nested kinds); else ``item`` itself."""
        return item

    def disguised(self, case, rng):
        """A hidden trap in a shape drawn from ``rng`` that changes nothing it tests (the
        nested kinds: :mod:`.disguise`); else the trap itself."""
        return case

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
        return type_message(value, "a number")

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
        return f"{head} {call} should return {wanted_answer(expected)}, but yours returned " \
               f"{show(outcome.value)}."

    def picture(self, item, expected: Expected, outcome, run_nodes) -> tuple:
        """``(picture, board)`` for the smallest failing input: a tree to draw,
        ``(game, notes, highlight)``, or a text board (None when there is none).
        ``run_nodes(items)`` runs the student's function on other inputs (the input's
        inner nodes, :meth:`node_items`) and returns their outcomes."""
        return None, None


def wanted_answer(expected) -> str:
    """The right answer as the feedback writes it ("2", or "0 or 2" for two best moves)."""
    if len(expected.accept) > 1:
        return " or ".join(show(a) for a in expected.accept)
    return show(expected.value)


def node_notes(kind, node_items, outcomes, mine_when_not_ok) -> tuple:
    """``(notes, highlight)``: "exp 3 / you 5" beside each node, highlighted where wrong."""
    notes, highlight = {}, set()
    for (name, sub), got in zip(node_items, outcomes):
        want = kind.expected(sub).value
        mine = show(got.value) if got.ok else mine_when_not_ok(got)
        notes[name] = f"exp {show(want)} / you {mine}"
        if not (got.ok and same_number(got.value, want)):
            highlight.add(name)
    return notes, highlight


def type_message(value, wanted) -> str:
    from ...runner.codec import Opaque

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


def nested_call(name, tree, *args) -> str:
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

        >>> NestedKind().shifted(([[3, 2.5], 7], True), 10)
        ([[13, 12.5], 17], True)
        """
        return (moved_leaves(item[0], offset), *item[1:])

    def disguised(self, case, rng):
        """The trap's tree with extra children that change nothing it tests (its values,
        best moves and alpha-beta's steps on its own nodes: :func:`.disguise.disguise`)."""
        tree = disguise(case.item[0], case.item[-1], rng)
        return replace(case, item=(tree, *case.item[1:]), size=len(paths(tree)))

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
        notes, highlight = node_notes(
            self, [(labels[path], sub) for path, sub in node_items],
            run_nodes([sub for _, sub in node_items]),
            lambda got: {"raised": "error"}.get(got.status, "?"))
        return (to_game(tree, is_max), notes, highlight), None


def moved_leaves(tree, offset):
    """A nested tree with every leaf moved by ``offset``."""
    return [moved_leaves(child, offset) for child in tree] if isinstance(tree, list) else \
        tree + offset
