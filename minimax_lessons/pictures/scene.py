"""The scene of a frame: what every node of a picture shows at one step of a search.

Still drawings (:func:`~minimax_lessons.pictures.draw.draw_tree`) and animations
(:class:`~minimax_lessons.animation.player.Animation`) both take what a node shows
from here, so a frame looks the same drawn alone and played.

Vocabulary
----------
- A *mark* (:class:`Mark`) is what one spot shows in one frame: its look, the text
  inside (its value, with a ``✂`` when pruned and ``?`` while it is not known yet:
  :func:`marked_value`), the text beside (its window, or Monte Carlo search's visits)
  and the look of the edge into it.
- A *scene* (:class:`Scene`) holds the marks of every spot of a picture. It is set to
  one frame (:meth:`Scene.show`), or stepped frame by frame through a search
  (:meth:`Scene.step`), which recomputes only the spots a frame can change. Both give
  the same marks.
- A spot's *status* is its frame's status (:mod:`minimax_lessons.pictures.frames`):
  pruned when it or a node above it was pruned; None in a picture without a search.

>>> from minimax_lessons import FIGURE_5_2, alphabeta
>>> from minimax_lessons.pictures.frames import build_frames
>>> from minimax_lessons.pictures.layout import expand
>>> from minimax_lessons.pictures.style import choose_style
>>> frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
>>> spots = expand(FIGURE_5_2)
>>> scene = Scene(spots, choose_style(FIGURE_5_2, spots, frames[-1]))
>>> marks = scene.show(frames[-1])
>>> [(spot.id, mark.value) for spot, mark in zip(spots, marks) if not spot.terminal]
[('n', '3'), ('n_0', '3'), ('n_1', '≤2'), ('n_2', '2')]
>>> marks[spots.index(next(s for s in spots if s.path == (1, 1)))].look.dash  # C2: pruned
'dashed'
"""

from __future__ import annotations

from typing import NamedTuple

from .frames import PRUNED, UNVISITED, VISITED
from .labels import value_text, window_text
from .style import PRUNED_MARK, UNREACHED_MARK, Look, edge_look, node_look

__all__ = ["Mark", "Scene", "marked_value"]


class Mark(NamedTuple):
    """What one spot shows in one frame."""

    look: Look
    value: str          # the text inside the node
    window: str         # the text beside it that changes ("" for none)
    edge: Look | None   # the edge into the spot (None for the root)


class Scene:
    """The marks of ``spots`` (a picture's spots in preorder) frame by frame.

    ``prefix`` is the path from the search's root down to the picture's root;
    ``highlighted`` the indices of spots drawn in the warning colour.
    """

    def __init__(self, spots, style, *, prefix=(), highlighted=()):
        self.spots, self.style, self.prefix = tuple(spots), style, tuple(prefix)
        n = len(self.spots)
        self.index = {self.prefix + s.path: i for i, s in enumerate(self.spots)}
        self.parent = [self.index.get(self.prefix + s.path[:-1]) if s.path else None
                       for s in self.spots]
        self.end = _subtree_ends(self.spots)
        self.highlighted = frozenset(highlighted)
        self._looks = {}  # (node or edge, status, flags...) -> Look: few differ
        self.views = [None] * n
        self.status = [None] * n
        self.current = self.active = None
        self.line = frozenset()
        self.marks = [None] * n  # until it is shown a frame, or steps to frame 0

    # -- one frame ---------------------------------------------------------------------
    def show(self, frame) -> list:
        """The marks of every spot in ``frame`` (None: a picture without a search)."""
        n = len(self.spots)
        if frame is None:
            self.views, self.status = [None] * n, [None] * n
            self.current = self.active = None
            self.line = frozenset()
        else:
            nodes = frame.nodes
            self.views = [nodes.get(path) for path in self.index]
            self.status = [UNVISITED] * n
            self._restatus(0, n, above=self._pruned_above(nodes))
            self._follow(frame)
        self.marks = [self.mark(i) for i in range(n)]
        return self.marks

    def step(self, frame) -> set:
        """Move on to ``frame`` from the frame before it (frame 0 from a fresh scene);
        returns the indices of the spots whose mark may have changed."""
        touched = set()
        if frame.index == 0:
            n = len(self.spots)
            self.views, self.status, touched = [None] * n, [UNVISITED] * n, set(range(n))
        for path, view in frame.changes.items():
            i = self.index.get(path)
            if i is None:
                continue
            was = self.status[i] == PRUNED
            self.views[i] = view
            touched.add(i)
            if was != (self._status_of(i) == PRUNED):  # the subtree's statuses follow
                self._restatus(i, self.end[i])
                touched.update(range(i, self.end[i]))
            else:
                self.status[i] = self._status_of(i)
        before = (self.current, self.active, self.line)
        self._follow(frame)
        for moved in (before[0], self.current, before[1], self.active):
            if moved is not None:
                touched.add(moved)
        touched.update(before[2] ^ self.line)
        for i in touched:
            self.marks[i] = self.mark(i)
        return touched

    # -- what a spot shows -------------------------------------------------------------
    def mark(self, i) -> Mark:
        """The mark of spot ``i`` as the scene stands."""
        spot, view, status, style = self.spots[i], self.views[i], self.status[i], self.style
        looks, line = self._looks, self.line
        key = ("node", status, i == self.current, i in line, i in self.highlighted)
        look = looks.get(key)
        if look is None:
            look = looks[key] = node_look(status, current=key[2], on_line=key[3],
                                          highlighted=key[4], scale=style.scale)
        window = ""
        if style.windows and view is not None and (not spot.is_leaf or view.note):
            window = window_text(view, stacked=style.stacked)
        edge = None
        if spot.index:
            key = ("edge", status, i in line and self.parent[i] in line, i == self.active)
            edge = looks.get(key)
            if edge is None:
                edge = looks[key] = edge_look(status, on_line=key[2], active=key[3],
                                              scale=style.scale)
        return Mark(look, marked_value(value_text(view, spot), status, spot), window, edge)

    # -- helpers -------------------------------------------------------------------------
    def _status_of(self, i):
        parent, view = self.parent[i], self.views[i]
        if (parent is not None and self.status[parent] == PRUNED) or (
                view is not None and view.status == PRUNED):
            return PRUNED
        return view.status if view is not None else UNVISITED

    def _restatus(self, start, stop, above=False):
        """Work out the statuses of spots ``start`` to ``stop`` (a subtree, in preorder)."""
        self.status[start] = PRUNED if above else self._status_of(start)
        for j in range(start + 1, stop):
            self.status[j] = self._status_of(j)

    def _pruned_above(self, nodes) -> bool:
        """Whether a node above the picture's root was pruned."""
        return any(getattr(nodes.get(self.prefix[:k]), "status", None) == PRUNED
                   for k in range(len(self.prefix)))

    def _follow(self, frame):
        """The current node, the edge a value travelled and the chosen line of ``frame``."""
        index = self.index
        # The last frame shows the chosen line, not the node the last step was about.
        self.current = index.get(frame.current) if frame.current is not None \
            and not frame.line else None
        self.active = index.get(frame.edge[1]) if frame.edge else None
        self.line = frozenset(index[p] for p in frame.line if p in index)


def marked_value(value, status, spot) -> str:
    """The text inside a node with its state's mark: ``✂`` before a pruned node's value,
    ``?`` in an inner node whose value is not known yet, reached or not (so that neither
    rests on colour alone, and a node being searched never shows an empty box).

    >>> from minimax_lessons.pictures.layout import Spot
    >>> leaf, inner = Spot((0,), (0,), "B1", "max", True), Spot((), (), "A", "max", False)
    >>> marked_value("9", PRUNED, leaf), marked_value("", UNVISITED, inner)
    ('✂9', '?')
    >>> marked_value("", VISITED, inner), marked_value("≤2", "done", inner)
    ('?', '≤2')
    >>> marked_value("9", UNVISITED, leaf), marked_value("", None, inner)
    ('9', '')
    """
    if status == PRUNED:
        return PRUNED_MARK + value
    if status in (UNVISITED, VISITED) and not value and not spot.terminal:
        return UNREACHED_MARK
    return value


def _subtree_ends(spots):
    """For each spot (in preorder), the index just past its subtree."""
    n = len(spots)
    end = [n] * n
    stack = []
    for i, spot in enumerate(spots):
        depth = len(spot.path)
        while stack and len(spots[stack[-1]].path) >= depth:
            end[stack.pop()] = i
        stack.append(i)
    return end
