"""Traces: what a search did, step by step, as readable events.

Vocabulary
----------
A :class:`Step` is one event of a search, of one of five kinds:

- ``visit``: the search arrives at an inner state and starts on its children;
- ``evaluate``: the search arrives at a leaf (a terminal state, or a state at
  the depth limit) and scores it, by its utility or by the evaluation
  function; a leaf's value is final at once, so a leaf has this one step;
- ``update``: a node's best value so far changes, because a child returned;
- ``prune``: alpha-beta skips a node's remaining children;
- ``return``: an inner node's value is final and goes back to its parent.

Every step names its ``state`` and its ``path`` (the actions from the search's
root, which tells apart two visits of the same state), the node's ``player``
(:data:`~minimax_lessons.games.game.MAX`, ``MIN``, ``CHANCE``, or a player's name),
the ``value`` (always from MAX's point of view), and for alpha-beta the window
``alpha`` and ``beta``; a ``prune`` step also the ``moves`` it skips. The kinds are
the constants :data:`VISIT`, :data:`EVALUATE`, :data:`UPDATE`, :data:`PRUNE` and
:data:`RETURN` (plain strings, so a stored trace reads the same): code outside
this package compares a step's kind with them, or better asks a view.

``str(step)`` reads as a sentence; a :class:`Trace` prints as a table, and knows
the views every reader of a search needs, so that none works them out again:

- ``visited``: the states in the order they were first reached; ``reached``: the
  state at each path;
- ``values``: the value each path returned; ``line``: the principal line (the best
  moves from the root on);
- ``windows``: the alpha-beta window of each inner node, as the search entered it
  and as it returned (:class:`Window`);
- ``pruned``: the children alpha-beta skipped, as ``(path, state)`` pairs, in the
  order it skipped them (``step.pruned`` gives those of one prune step); the leaves
  under them are :meth:`~minimax_lessons.search.result.SearchResult.pruned_leaves`.

A search writes its steps through a *recorder*, one method per kind of step
(``recorder.visit(...)``, ``recorder.update(...)``, ...); an untraced search gets
:data:`NO_RECORD`, whose methods do nothing, and makes the same calls.

>>> from minimax_lessons import minimax, GameTree
>>> r = minimax(GameTree.from_nested([[3, 12], [2]]), trace=True)
>>> print(r.trace[0])
visit A (MAX)
>>> print(r.trace[-1])
A returns 3 (best move 0)
>>> r.trace.line, r.trace.visited
((0, 0), ('A', 'B', 'B1', 'B2', 'C', 'C1'))
>>> from minimax_lessons import alphabeta, FIGURE_5_2
>>> t = alphabeta(FIGURE_5_2, trace=True).trace
>>> t.windows[(1,)]
Window(state='C', entered=(3, inf), returned=(3, 2))
>>> t.pruned
(((1, 1), 'C2'), ((1, 2), 'C3'))
"""

from __future__ import annotations

from functools import cached_property
from typing import NamedTuple

from ..words import show_number, state_name

#: The two players' names, as :mod:`minimax_lessons.games.game` spells them (this module
#: stands on :mod:`minimax_lessons.words` alone).
MAX, MIN = "max", "min"

#: The kinds of step (see the module docstring).
VISIT, EVALUATE, UPDATE, PRUNE, RETURN = "visit", "evaluate", "update", "prune", "return"
KINDS = (VISIT, EVALUATE, UPDATE, PRUNE, RETURN)
#: How a leaf was scored (the ``detail`` of an ``evaluate`` step).
UTILITY, EVALUATION = "utility", "evaluation"
#: The ``detail`` of a ``visit`` step whose value comes from a transposition table.
MEMO = "memo"


class Step(NamedTuple):
    """One event of a search (see the module docstring for the kinds)."""

    kind: str
    state: object
    path: tuple
    player: str
    value: object = None
    alpha: object = None
    beta: object = None
    #: update: the child whose value arrived; prune: the skipped child states;
    #: return: the best move; evaluate: :data:`UTILITY` or :data:`EVALUATION`;
    #: visit: :data:`MEMO` when the value comes from a transposition table.
    detail: object = None
    #: prune: the skipped moves, in the order the search would have tried them.
    moves: tuple | None = None

    @property
    def pruned(self) -> tuple:
        """A prune step's skipped children as ``(path, state)`` pairs (``()`` for others).

        >>> Step(PRUNE, "C", (1,), "min", 2, 3, 2, ("C2", "C3"), (1, 2)).pruned
        (((1, 1), 'C2'), ((1, 2), 'C3'))
        """
        if self.kind != PRUNE or self.moves is None:
            return ()
        return tuple((self.path + (move,), state) for move, state in zip(self.moves, self.detail))

    @property
    def depth(self) -> int:
        """Plies from the search's root."""
        return len(self.path)

    def window(self) -> str:
        """The alpha-beta window as text, e.g. ``[3, +inf]`` ('' for minimax)."""
        if self.alpha is None:
            return ""
        return f"[{show_number(self.alpha)}, {show_number(self.beta)}]"

    def sentence(self, game=None) -> str:
        """The step as one sentence, naming states with ``game.text``."""
        me = state_name(game, self.state)
        who = self.player.upper()
        win = f" with alpha = {show_number(self.alpha)}, beta = {show_number(self.beta)}" \
            if self.alpha is not None else ""
        v = show_number(self.value)
        if self.kind == VISIT:
            return f"visit {me} ({who}){win}"
        if self.kind == EVALUATE:
            how = "evaluation function" if self.detail == EVALUATION else "utility"
            return f"{me} scores {v} ({how})"
        if self.kind == UPDATE:
            rule = {MAX: "max", MIN: "min"}.get(self.player, "expected value")
            child = state_name(game, self.detail)
            return f"{who} node {me} takes {rule} so far = {v} (from {child}){win}"
        if self.kind == PRUNE:
            skipped = ", ".join(state_name(game, s) for s in self.detail)
            if self.player == MAX:
                why = f"{v} >= beta = {show_number(self.beta)}"
            else:
                why = f"{v} <= alpha = {show_number(self.alpha)}"
            return f"{who} node {me} has {why}: prune {skipped}"
        if self.kind == RETURN:
            move = "" if self.detail is None else f" (best move {self.detail})"
            return f"{me} returns {v}{move}"
        return f"{self.kind} {me}"

    def __str__(self):
        return self.sentence()


def flat_path(linked) -> tuple:
    """Turn a recorded path ``((((), a), b), c)`` into ``(a, b, c)``.

    Searches record paths as linked pairs (one small tuple per node, cheap);
    steps hand them out flat.

    >>> flat_path(((((), 0), 2), 1))
    (0, 2, 1)
    """
    out = []
    while linked:
        linked, action = linked
        out.append(action)
    return tuple(reversed(out))


def _step(raw) -> Step:
    return Step(raw[0], raw[1], flat_path(raw[2]), *raw[3:])


class Window(NamedTuple):
    """The alpha-beta window of an inner node: ``(alpha, beta)`` as the search entered
    it and as it returned (``returned`` is None until the node returns)."""

    state: object
    entered: tuple
    returned: tuple | None = None


class Trace:
    """The steps of one search, in order; prints as a table.

    Steps are stored as plain tuples (cheap to record: see :class:`Recorder`)
    and handed out as :class:`Step` objects.
    """

    def __init__(self, raw, game=None):
        self._raw = raw
        self.game = game

    def __len__(self):
        return len(self._raw)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [_step(r) for r in self._raw[i]]
        return _step(self._raw[i])

    def __iter__(self):
        return (_step(r) for r in self._raw)

    @cached_property
    def visited(self) -> tuple:
        """States in the order the search first reached them."""
        seen = {}
        for kind, state, *_ in self._raw:
            if (kind == VISIT or kind == EVALUATE) and state not in seen:
                seen[state] = None
        return tuple(seen)

    @cached_property
    def values(self) -> dict:
        """The value each visited path returned (under alpha-beta, a bound where it pruned)."""
        return {flat_path(path): value for kind, _, path, _, value, *_ in self._raw
                if kind == RETURN or kind == EVALUATE}

    @cached_property
    def line(self) -> tuple:
        """The principal variation: the best moves from the root on."""
        best = {path: move for kind, _, path, *_, move in self._raw if kind == RETURN}
        moves, path = [], ()
        while best.get(path) is not None:
            moves.append(best[path])
            path = (path, best[path])
        return tuple(moves)

    @cached_property
    def reached(self) -> dict:
        """The state at each path the search reached (visited or scored), in that order."""
        return {flat_path(path): state for kind, state, path, *_ in self._raw
                if kind == VISIT or kind == EVALUATE}

    @cached_property
    def windows(self) -> dict:
        """``{path: Window}``: each inner node's window on entry and on return, in the
        order the search entered them (alpha-beta; the windows of other searches are
        ``(None, None)``). A leaf's window is its ``evaluate`` step's."""
        out = {}
        for kind, state, path, _, _, alpha, beta, *_ in self._raw:
            if kind == VISIT:
                out[flat_path(path)] = Window(state, (alpha, beta))
            elif kind == RETURN:
                path = flat_path(path)
                if path in out:
                    out[path] = out[path]._replace(returned=(alpha, beta))
        return out

    @cached_property
    def pruned(self) -> tuple:
        """The children pruning skipped, as ``(path, state)`` pairs, in the order the search
        skipped them (left to right, unless ``order=`` reordered the moves)."""
        return tuple(pair for raw in self._raw if raw[0] == PRUNE for pair in _step(raw).pruned)

    def of_kind(self, kind: str) -> list:
        """The steps of one kind, e.g. ``trace.of_kind(PRUNE)``."""
        if kind not in KINDS:
            raise ValueError(f"unknown step kind {kind!r}; kinds are {', '.join(KINDS)}")
        return [_step(r) for r in self._raw if r[0] == kind]

    def table(self, limit: int = 200) -> str:
        """The trace as a text table (the first ``limit`` rows).

        Rows are numbered from 1 like the animation's steps: step k of
        ``animate(...)`` shows the tree just after row k (its step 0 is the start).
        """
        rows = [f"{'#':>4}  {'step':<8} {'node':<10} {'value':>6}  {'window':<14} what happens"]
        for i, step in enumerate(self, start=1):
            if i > limit:
                rows.append(f"... {len(self) - limit} more steps")
                break
            rows.append(
                f"{i:>4}  {step.kind:<8} {state_name(self.game, step.state)[:10]:<10} "
                f"{show_number(step.value) if step.value is not None else '':>6}  "
                f"{step.window():<14} {step.sentence(self.game)}"
            )
        return "\n".join(rows)

    def __str__(self):
        return self.table()

    def __repr__(self):
        counts = {k: sum(1 for r in self._raw if r[0] == k) for k in KINDS}
        inner = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
        return f"<Trace of {len(self)} steps: {inner}>"

    def _repr_html_(self):
        import html

        return "<pre>" + html.escape(self.table()) + "</pre>"


class Recorder:
    """Writes down the steps of a search as it makes them, one method per kind of step.

    ``path`` is the node's path as the searches build it, linked: ``(parent's path,
    action)``, ``()`` at the root; ``alpha`` and ``beta`` are given by alpha-beta
    only. Steps are kept as plain tuples in the order of :class:`Step`'s fields.

    >>> log = Recorder()
    >>> log.evaluate("B1", ((), 0), "min", 3, UTILITY)
    >>> print(log.trace()[0])
    B1 scores 3 (utility)
    """

    __slots__ = ("steps", "_add")

    def __init__(self):
        self.steps = []
        self._add = self.steps.append

    def visit(self, state, path, player, alpha=None, beta=None):
        """The search arrives at an inner state and starts on its children."""
        self._add((VISIT, state, path, player, None, alpha, beta, None))

    def evaluate(self, state, path, player, value, how, alpha=None, beta=None):
        """A leaf scores ``value``; ``how`` is :data:`UTILITY` or :data:`EVALUATION`."""
        self._add((EVALUATE, state, path, player, value, alpha, beta, how))

    def update(self, state, path, player, value, child, alpha=None, beta=None):
        """The node's best value so far becomes ``value``, which came from ``child``."""
        self._add((UPDATE, state, path, player, value, alpha, beta, child))

    def prune(self, state, path, player, value, skipped, alpha=None, beta=None, moves=None):
        """The node skips its remaining children, the states ``skipped`` (the ``moves``)."""
        self._add((PRUNE, state, path, player, value, alpha, beta, skipped, moves))

    def returned(self, state, path, player, value, move, alpha=None, beta=None):
        """The node's value is final (its best move ``move``) and goes to its parent."""
        self._add((RETURN, state, path, player, value, alpha, beta, move))

    def remembered(self, state, path, player, value, move):
        """The node's value and best move come from a transposition table: visit, return."""
        self._add((VISIT, state, path, player, None, None, None, MEMO))
        self._add((RETURN, state, path, player, value, None, None, move))

    def trace(self, game=None) -> Trace:
        """The steps recorded so far, as a :class:`Trace` naming states by ``game``."""
        return Trace(self.steps, game)


class _NoRecord(Recorder):
    """The recorder of an untraced search: it is told every step and keeps none.

    (Each method repeats its signature: a call to an exact signature is cheaper than
    one through ``*args``, and an untraced search makes millions of them.)
    """

    __slots__ = ()

    def __init__(self):
        pass

    def visit(self, state, path, player, alpha=None, beta=None):
        pass

    def evaluate(self, state, path, player, value, how, alpha=None, beta=None):
        pass

    def update(self, state, path, player, value, child, alpha=None, beta=None):
        pass

    def prune(self, state, path, player, value, skipped, alpha=None, beta=None, moves=None):
        pass

    def returned(self, state, path, player, value, move, alpha=None, beta=None):
        pass

    def remembered(self, state, path, player, value, move):
        pass

    def trace(self, game=None):
        return None


#: The recorder an untraced search writes to: every method does nothing.
NO_RECORD = _NoRecord()


def recorder(trace: bool):
    """A new :class:`Recorder` when ``trace`` is true, else :data:`NO_RECORD`."""
    return Recorder() if trace else NO_RECORD
