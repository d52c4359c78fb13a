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
root, which tells apart two visits of the same state), the node's ``player``,
the ``value`` (always from MAX's point of view), and for alpha-beta the window
``alpha`` and ``beta``. ``str(step)`` reads as a sentence; a :class:`Trace`
prints as a table.

>>> from minimax_lessons import minimax, GameTree
>>> r = minimax(GameTree.from_nested([[3, 12], [2]]), trace=True)
>>> print(r.trace[0])
visit A (MAX)
>>> print(r.trace[-1])
A returns 3 (best move 0)
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..words import show_number, state_name

VISIT, EVALUATE, UPDATE, PRUNE, RETURN = "visit", "evaluate", "update", "prune", "return"
KINDS = (VISIT, EVALUATE, UPDATE, PRUNE, RETURN)


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
    #: return: the best move; evaluate: "utility" or "evaluation".
    detail: object = None

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
            how = "evaluation function" if self.detail == "evaluation" else "utility"
            return f"{me} scores {v} ({how})"
        if self.kind == UPDATE:
            rule = {"max": "max", "min": "min"}.get(self.player, "expected value")
            child = state_name(game, self.detail)
            return f"{who} node {me} takes {rule} so far = {v} (from {child}){win}"
        if self.kind == PRUNE:
            skipped = ", ".join(state_name(game, s) for s in self.detail)
            if self.player == "max":
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


class Trace:
    """The steps of one search, in order; prints as a table.

    Steps are stored as plain tuples (cheap to record) and handed out as
    :class:`Step` objects.
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

    def of_kind(self, kind: str) -> list:
        """The steps of one kind, e.g. ``trace.of_kind("prune")``."""
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
