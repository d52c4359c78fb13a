"""Frames of a Monte Carlo tree search: the search tree growing, round by round.

Vocabulary
----------
- The frames are :class:`~minimax_lessons.pictures.frames.Frame` objects, as for the other
  searches, so drawings and the animation player show them unchanged. One frame
  per event of an :func:`~minimax_lessons.search.mcts.mcts` trace: *select* (the
  children's UCB1 scores written beside them, the child taken marked), *expand*
  (the new node joins the tree), *play out* (the leaf the random moves reached is
  outlined), *back up* (visits and means change along the path), and a last frame
  that marks the move played, the root's most visited child.
- Nodes in the search tree are drawn "visited" (their means are estimates, not
  values); nodes not in it yet stay dotted (not reached). Inside a node: its mean
  result from MAX's point of view, two decimals; beside it: ``n=5``, its visits,
  and while its parent selects, ``UCB 1.23``.

>>> from minimax_lessons import FIGURE_5_2, mcts
>>> frames = mcts_frames(FIGURE_5_2, mcts(FIGURE_5_2, playouts=4, seed=0, trace=True))
>>> print(frames[1].caption)
Round 1. Expand: B (MIN) joins the tree, the first move of A not tried yet.
>>> frames[-1].view((2,)).note, frames[-1].line   # D's first play-out scored 14, the best
('n=2', ((), (2,)))
"""

from __future__ import annotations

from types import MappingProxyType

from .frames import VISITED, Frame, NodeView
from ..games.game import MAX
from ..words import show_number, state_name

__all__ = ["mcts_frames", "mean_text"]


def mean_text(mean) -> str:
    """A mean as shown in a node: two decimals at most (``0.67``, ``-1``, ``7.5``).

    >>> mean_text(2 / 3), mean_text(-1.0), mean_text(None)
    ('0.67', '-1', '')
    """
    if mean is None:
        return ""
    return show_number(round(float(mean), 2))


class _Grower:
    """Replays a trace, keeping each node's visits and wins (internal)."""

    def __init__(self, game, result):
        if result.trace is None:
            raise ValueError("this mcts result has no trace: run mcts(..., trace=True)")
        self.game, self.result = game, result
        self.root = result.root
        self.states = {(): self.root}
        self.visits, self.wins = {(): 0}, {(): 0.0}
        self.frames = []
        self.views = {}
        self.marked = set()   # paths whose note shows a UCB score in the last frame
        self.round = 0

    def name(self, path) -> str:
        state = self.states.get(path)
        who = self.game.to_move(state).upper() if not self.game.is_terminal(state) else "leaf"
        return f"{state_name(self.game, state)} ({who})" if who != "leaf" else state_name(self.game, state)

    def sign(self, path) -> int:
        """+1 when MAX chose the node at ``path``, -1 when MIN did (the root counts for MAX)."""
        if not path:
            return 1
        return 1 if self.game.to_move(self.states[path[:-1]]) == MAX else -1

    def view(self, path, note=None) -> NodeView:
        n = self.visits[path]
        mean = self.wins[path] / n * self.sign(path) if n else None
        text = round(mean, 2) if mean is not None else None
        return NodeView(VISITED, text, None, note=note or f"n={n}")

    def emit(self, caption, step, current=None, edge=None, changes=None, line=()):
        changes = dict(changes or {})
        for path in self.marked - set(changes):  # last frame's UCB scores go away
            changes[path] = self.view(path)
        self.marked = {p for p, v in changes.items() if "UCB" in v.note}
        self.views.update(changes)
        if step is not None and step.round != self.round:  # the first frame of a round
            self.round = step.round
            caption = f"Round {step.round}. {caption}"
        frame = Frame(len(self.frames), caption, step, current, edge,
                      MappingProxyType(changes), line, self.root, "mcts",
                      self.frames[-1] if self.frames else None)
        self.frames.append(frame)

    def run(self) -> list:
        r = self.result
        self.emit(f"UCT starts with the root {self.name(())} alone in its tree; "
                  f"{r.playouts} rounds of select, expand, play out, back up.",
                  None, (), None, {(): self.view(())})
        for step in r.trace:
            getattr(self, "on_" + step.kind)(step)
        self.finish()
        return self.frames

    def on_select(self, step):
        path = step.path
        who = self.game.to_move(self.states[path]).upper()
        scores = ", ".join(f"{self.child_name(path, m)} {s:.2f}" for m, s in step.detail)
        taken = self.child_name(path, step.move)
        mine = " (MIN's results: minus MAX's means)" if who == "MIN" else ""
        caption = (f"Select at {self.name(path)}: UCB1{mine} {scores}; "
                   f"go to {taken}, the highest.")
        changes = {path + (m,): self.view(path + (m,), f"n={self.visits[path + (m,)]} UCB {s:.2f}")
                   for m, s in step.detail}
        self.emit(caption, step, path, (path, path + (step.move,)), changes)

    def child_name(self, path, move) -> str:
        return state_name(self.game, self.states[path + (move,)])

    def on_expand(self, step):
        parent, child = step.path, step.path + (step.move,)
        self.states[child] = self.game.result(self.states[parent], step.move)
        self.visits[child], self.wins[child] = 0, 0.0
        caption = (f"Expand: {self.name(child)} joins the tree, the first move of "
                   f"{state_name(self.game, self.states[parent])} not tried yet.")
        self.emit(caption, step, child, (parent, child), {child: self.view(child)})

    def on_playout(self, step):
        end, state = step.path, self.states[step.path]
        for move in step.detail:
            state = self.game.result(state, move)
            end = end + (move,)
        v = show_number(step.value)
        if step.detail:
            caption = (f"Play out: random moves from {state_name(self.game, self.states[step.path])} "
                       f"reach {state_name(self.game, state)}, utility {v}.")
        else:
            caption = f"Play out: {state_name(self.game, state)} is a leaf already, utility {v}."
        self.emit(caption, step, end, None, {})

    def on_backup(self, step):
        changes = {}
        for k in range(len(step.path), -1, -1):
            path = step.path[:k]
            self.visits[path] += 1
            self.wins[path] += self.sign(path) * step.value
            changes[path] = self.view(path)
        names = ", ".join(state_name(self.game, self.states[step.path[:k]])
                          for k in range(len(step.path), -1, -1))
        caption = (f"Back up {show_number(step.value)}: one more visit, and a new mean, "
                   f"at {names}.")
        self.emit(caption, step, step.path, None, changes)

    def finish(self):
        r = self.result
        best = (r.move,)
        caption = (f"After {r.playouts} play-outs {state_name(self.game, self.root)} plays move "
                   f"{r.move} (to {state_name(self.game, self.states[best])}), its most visited "
                   f"child: n={r.visits[r.move]}, mean {mean_text(r.value)}.")
        self.emit(caption, None, None, None, {}, ((), best))


def mcts_frames(game, result) -> list:
    """The frames of a traced :func:`~minimax_lessons.search.mcts.mcts` search (see the module doc)."""
    return _Grower(game, result).run()

