"""Drawing game trees with Graphviz: shapes, values, pruning and the chosen line.

Vocabulary
----------
- A *drawing* is a :class:`TreeDrawing`: it holds a ``graphviz.Digraph`` (the
  DOT text, ``.source``) and renders it to SVG only when asked (``.svg()``, or
  when it ends a notebook cell). Building the DOT is pure; rendering is
  :func:`minimax_lessons.pictures.render.dot_to_svg`.
- A *spot* is one node of the drawing (:class:`~minimax_lessons.pictures.layout.Spot`):
  a game state reached by a *path*, the tuple of actions from the drawn root.
  Which spots a picture shows is decided in :mod:`minimax_lessons.pictures.layout`, the
  same for still drawings and animations. Drawing a game expands it
  path by path, so a state reached twice is drawn twice. Node ids in the DOT
  and SVG come from the children's positions: the root is ``n``, its second
  child ``n_1``, that one's first child ``n_1_0``; the edge into ``n_1_0`` is
  ``e_1_0``, the text beside ``n_1`` is ``n_1_w`` and the name below a leaf
  ``n_1_0`` is ``n_1_0_name``.
- Conventions: MAX nodes are up-triangles, MIN nodes down-triangles, chance
  nodes circles, leaves boxes; values inside; children left to right. In a
  :class:`~minimax_lessons.games.tree.GameTree` an inner node's name stands beside
  it and a leaf's name (``C2``) in small grey text just below its box. Games
  other than explicit trees show each state (tic-tac-toe as a 3x3 board) with
  a header "MAX 3" and the move on the edge. Over a search: the chosen line is
  thick and blue, pruned nodes and edges grey and dashed, nodes and edges not
  reached yet grey and dotted (never told apart by colour alone), alpha-beta windows
  beside inner nodes as ``enter α=3 β=+∞`` (the window the search passed down
  when it entered the node; it stays put while the node is searched); in a
  frame of an animation, the current node has an orange outline, visited
  nodes a yellow fill ("value so far") and finished ones a blue fill. A value
  such as ``≤2`` is a bound: alpha-beta pruned part of that subtree.
  ``legend=True`` adds a key of what the drawing shows; windows and bounds,
  when shown, get a second row explaining them.
- ``notes`` and ``highlight`` mark nodes for feedback: ``notes={"C": "expected 2"}``
  writes a short text beside C, ``highlight={"C"}`` draws C in red. A node is
  named by its path (a tuple of actions from the drawn root, ``()`` for the
  root) or by its state (a node name in a :class:`~minimax_lessons.games.tree.GameTree`).

>>> from minimax_lessons import FIGURE_5_2, alphabeta
>>> drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
>>> drawing
<TreeDrawing of 13 nodes: alphabeta, value 3, 2 pruned>
>>> 'n_1_1 [' in drawing.source and 'style="filled,dashed"' in drawing.source
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .frames import DONE, PRUNED, UNVISITED, VISITED, Frame, build_frames
from ..games.game import CHANCE, MAX, MIN
from .layout import MAX_NODES, Plan, Spot, TreeTooLargeError, expand, plan
from .lecture import scale_digraph, scale_look
from ..words import show_number
from ..games.tree import GameTree, display_trees_with

__all__ = ["draw_tree", "TreeDrawing", "TreeTooLargeError", "Spot", "expand", "MAX_NODES",
           "PALETTE"]

#: The colours of the drawings (chosen to stay legible on a projector). Every text
#: colour has at least 4.5:1 contrast with the fills it is drawn on, every line and
#: outline at least 3:1 with the white page (WCAG AA; tests/pictures/test_palette.py checks).
PALETTE = {
    "ink": "#222222",        # outlines, edges and text
    "side": "#333333",       # names and windows beside the nodes
    "name": "#666666",       # leaf names below the leaves
    "paper": "#ffffff",      # node fill with no search information
    "faint": "#929292",      # not reached yet: outline and edge
    "faint_text": "#757575",
    # "so far" and "final" differ in lightness (1.6:1), not only in hue, so they stay
    # apart on a washed-out projector and for colour-blind students; a value so far
    # also reads as a bound (<=3 at MIN, >=3 at MAX).
    "open": "#fff3c4",       # visited, value so far
    "done": "#9cc5ef",       # value final
    "pruned": "#6b6b6b",     # pruned: outline, edge and text
    "pruned_fill": "#f2f2f2",
    "current": "#e65100",    # the node the step is about
    "line": "#1565c0",       # the chosen line of play
    "warn": "#c62828",       # highlight=
    "warn_fill": "#ffe1dc",
}
FONT = "Helvetica"
BOARD_FONT = "Courier"
BOARD_FONT_SIZE = 14
#: A board is at least this wide (inches): square tic-tac-toe cells, room for "MIN -1".
BOARD_WIDTH = 0.84
#: Points either side of a board's header, clear of a rounded record's corners.
BOARD_HEADER_PAD = 5
#: With leaf names shown, one level of the tree spans this many Graphviz ranks of a
#: third of the usual gap, so each name has a rank of its own close under its leaf.
LEVEL_RANKS = 3


# -- what each node looks like -----------------------------------------------------

@dataclass(frozen=True)
class Look:
    """The status-dependent part of a node's or an edge's appearance."""

    fill: str = PALETTE["paper"]
    stroke: str = PALETTE["ink"]
    width: float = 1.5
    dashed: bool = False           # pruned
    text: str = PALETTE["ink"]
    side: str = PALETTE["side"]    # the colour of the text beside the node
    dotted: bool = False           # not reached yet

    @property
    def dash(self) -> str:
        """The outline's Graphviz style: "dashed", "dotted" or "" (solid).

        >>> Look(dotted=True).dash, Look(dashed=True).dash, Look().dash
        ('dotted', 'dashed', '')
        """
        return "dashed" if self.dashed else "dotted" if self.dotted else ""

    @property
    def dasharray(self) -> str:
        """The SVG ``stroke-dasharray`` of the outline, as Graphviz writes it ("" if solid).

        >>> Look(dotted=True).dasharray, Look(dashed=True).dasharray
        ('1,5', '5,2')
        """
        return DASHARRAYS[self.dash]


#: SVG dash patterns, as Graphviz draws its styles: pruned dashes, not-reached dots.
DASHARRAYS = {"dashed": "5,2", "dotted": "1,5", "": ""}


def node_look(status, *, current=False, on_line=False, highlighted=False) -> Look:
    """The look of a node: status first, then chosen line, current node, highlight."""
    p = PALETTE
    if status is None:  # a drawing without a search
        look = Look()
    elif status == UNVISITED:
        look = Look(p["paper"], p["faint"], 1.2, False, p["faint_text"], p["faint_text"], True)
    elif status == VISITED:
        look = Look(p["open"], p["ink"], 1.5)
    elif status == DONE:
        look = Look(p["done"], p["ink"], 1.5)
    else:  # pruned
        look = Look(p["pruned_fill"], p["pruned"], 1.4, True, p["pruned"], p["pruned"])
    if on_line:
        look = Look(look.fill, p["line"], 3.0, False, look.text, look.side)
    if current:
        look = Look(look.fill, p["current"], 3.5, look.dashed, look.text, look.side,
                    look.dotted)
    if highlighted:
        look = Look(p["warn_fill"], p["warn"], 3.0, look.dashed, p["warn"], p["warn"],
                    look.dotted)
    return scale_look(look)  # thicker in lecture mode


def edge_look(status, *, on_line=False, active=False) -> Look:
    """The look of the edge into a node of the given status."""
    p = PALETTE
    if status is None or status in (VISITED, DONE):
        look = Look(stroke=p["ink"], width=1.5)
    elif status == UNVISITED:
        look = Look(stroke=p["faint"], width=1.2, dotted=True)
    else:
        look = Look(stroke=p["pruned"], width=1.4, dashed=True)
    if on_line:
        look = Look(stroke=p["line"], width=4.0)
    if active:
        look = Look(stroke=p["current"], width=3.5)
    return scale_look(look)  # thicker in lecture mode


def value_text(view, spot) -> str:
    """The text inside a node: the value known so far, else a leaf's utility."""
    if view is not None and view.value is not None:
        return _symbols(view.text())
    if spot.terminal:
        return _symbol_number(spot.utility)
    return ""


def window_text(view) -> str:
    """``enter α=3 β=+∞``, the window a node was entered with under alpha-beta, else ''.

    A view's ``note`` (Monte Carlo search's visits and UCB1 scores) stands in its place.
    """
    if view is not None and view.note:
        return view.note
    if view is None or view.alpha is None:
        return ""
    return f"enter α={_symbol_number(view.alpha)} β={_symbol_number(view.beta)}"


def _symbols(text: str) -> str:
    return text.replace("<=", "≤").replace(">=", "≥").replace("+inf", "+∞").replace("-inf", "-∞")


def _symbol_number(x) -> str:
    return _symbols(show_number(x))


# -- drawing ----------------------------------------------------------------------

class TreeDrawing:
    """A drawing of a game tree: shows itself as SVG at the end of a notebook cell.

    ``.digraph`` is the ``graphviz.Digraph`` (customise it freely), ``.source``
    its DOT text, ``.svg()`` the rendered SVG, ``.save("tree.svg")`` writes it.
    """

    def __init__(self, digraph, *, spots=(), summary="", renderer="auto"):
        self.digraph = digraph
        self.spots = tuple(spots)
        self.renderer = renderer
        self._summary = summary
        self._svg = None
        self._svg_of = None

    @property
    def source(self) -> str:
        """The DOT text."""
        return self.digraph.source

    def svg(self) -> str:
        """The SVG text (rendered once, again only if the digraph was changed)."""
        from .render import dot_to_svg

        source = self.source
        if self._svg is None or self._svg_of != source:
            self._svg, self._svg_of = dot_to_svg(source, renderer=self.renderer), source
        return self._svg

    def save(self, path) -> Path:
        """Write the SVG (or the DOT text, for a ``.dot``/``.gv`` name) to ``path``."""
        path = Path(path)
        text = self.source if path.suffix in (".dot", ".gv") else self.svg()
        path.write_text(text, encoding="utf-8")
        return path

    def png(self) -> bytes | None:
        """The SVG as PNG (shown where SVG is refused: untrusted notebooks, GitHub)."""
        from .raster import svg_to_png

        return svg_to_png(self.svg())

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The SVG, a PNG of it and the text: only those asked for are made."""
        from .jupyter import mimebundle, picture_makers

        return mimebundle(picture_makers(self.svg, lambda: repr(self)), include, exclude)

    def __repr__(self):
        extra = f": {self._summary}" if self._summary else ""
        nodes = f"{len(self.spots)} node" + ("s" if len(self.spots) != 1 else "")
        return f"<TreeDrawing of {nodes}{extra}>"


def draw_tree(game, *, result=None, frame=None, state=None, depth=None, notes=None,
              highlight=None, legend=False, size=None, names=None, edge_labels=None,
              windows=None, max_nodes=MAX_NODES, renderer="auto") -> TreeDrawing:
    """Draw ``game`` (a :class:`~minimax_lessons.games.tree.GameTree` or any game) as a tree.

    - ``result``: a search result made with ``trace=True``: draws its final
      picture (values, pruned parts, the chosen line, alpha-beta windows).
    - ``frame``: one :class:`~minimax_lessons.pictures.frames.Frame` of a search instead.
    - ``state``, ``depth``: draw the part below ``state``, ``depth`` plies deep.
      A game other than a tree is drawn as deep as the search went.
    - ``notes``: ``{node: "short text"}`` written beside nodes;
      ``highlight``: nodes drawn in red. A node is a path (tuple of actions from
      the drawn root) or a state (a node name in a GameTree).
    - ``legend=True`` adds a key; ``size="8,5"`` shrinks the drawing to fit
      that many inches; ``names`` (node names in trees), ``edge_labels`` (moves
      on edges) and ``windows`` (alpha-beta windows) default to what helps.
    """
    if result is not None and frame is not None:
        raise ValueError("pass either result= or frame=, not both")
    if result is not None:
        frame = build_frames(game, result)[-1]
    if frame is not None and not isinstance(frame, Frame):
        raise TypeError(f"frame= expects a Frame (from build_frames), not {type(frame).__name__}")
    layout = frame_plan(game, frame, state=state, depth=depth, max_nodes=max_nodes)
    return _drawing(game, layout, frame, notes=notes, highlight=highlight, legend=legend,
                    size=size, names=names, edge_labels=edge_labels, windows=windows,
                    renderer=renderer, summary=_summary(result, frame))


def frame_plan(game, frame, *, state=None, depth=None, max_nodes=MAX_NODES) -> Plan:
    """The :class:`~minimax_lessons.pictures.layout.Plan` of a picture of ``frame`` (None: no search).

    Still drawings and animations lay out their nodes by this one function.

    >>> from minimax_lessons import FIGURE_5_2
    >>> len(frame_plan(FIGURE_5_2, None, depth=1).spots)
    4
    """
    if frame is None:
        return plan(game, state=state, depth=depth, max_nodes=max_nodes)
    pruned = [path for path, view in frame.nodes.items() if view.status == PRUNED]
    return plan(game, state=state, depth=depth, search_root=frame.root, reached=frame.nodes,
                pruned=pruned, max_nodes=max_nodes)


def _summary(result, frame) -> str:
    if result is not None:
        pruned = f", {len(result.pruned)} pruned" if result.pruned is not None else ""
        return f"{result.algorithm}, value {show_number(result.value)}{pruned}"
    if frame is not None:
        return f"{frame.algorithm} frame {frame.index} ({frame.kind})"
    return ""


def resolve_nodes(game, spots, keys, prefix=()) -> dict:
    """Map node keys (paths or states, see :func:`draw_tree`) to spot ids.

    Returns ``{key: [ids]}``; raises a clear error for a key that names no node.
    """
    by_path = {s.path: s.id for s in spots}
    by_state = {}
    for s in spots:
        try:
            by_state.setdefault(s.state, []).append(s.id)
        except TypeError:  # an unhashable state
            pass
    out = {}
    for key in keys:
        if isinstance(key, tuple) and key in by_path:
            out[key] = [by_path[key]]
            continue
        try:
            ids = by_state.get(key)
        except TypeError:
            ids = None
        if not ids:
            raise KeyError(
                f"no drawn node is {key!r}: name a node by its path (a tuple of actions from "
                f"the drawn root, () for the root) or by its state (a node name in a GameTree)")
        out[key] = ids
    return out


def _as_keys(highlight):
    if highlight is None:
        return ()
    if isinstance(highlight, (str, tuple)):
        return (highlight,)
    return tuple(highlight)


@dataclass(frozen=True)
class _Style:
    """The fixed (not status-dependent) choices of one drawing."""

    boards: bool        # states drawn as boards/records (games), not bare shapes (trees)
    names: bool
    edge_labels: bool
    windows: bool
    compact: bool


def _style(game, spots, frame, names, edge_labels, windows) -> _Style:
    is_tree = isinstance(game, GameTree)
    n = len(spots)
    labelled = is_tree and any(game.node(s.state).action is not None for s in spots[1:])
    if names is None:
        names = is_tree and n <= 60
    if edge_labels is None:
        edge_labels = (not is_tree) or labelled
    if windows is None:
        windows = frame is not None and any(v.alpha is not None or v.note
                                            for v in frame.nodes.values())
    return _Style(not is_tree, bool(names), bool(edge_labels), bool(windows), n > 200)


def node_parts(game, spot, style, value) -> dict:
    """DOT attributes of a node: shape, size, and a label showing the text ``value``."""
    if style.boards:
        return _board_parts(game, spot, value)
    small = style.compact
    if spot.terminal:
        width = 0.42 if small else 0.55
        return {"shape": "box", "label": value or " ", "width": f"{width}",
                "height": "0.34" if small else "0.42", "fixedsize": "true"}
    shape = {MAX: "triangle", MIN: "invtriangle", CHANCE: "circle"}.get(spot.player, "box")
    if shape == "circle":
        size = 0.5 if small else 0.72
        return {"shape": shape, "label": value or " ", "width": f"{size}", "height": f"{size}",
                "fixedsize": "true"}
    width, height = (0.62, 0.5) if small else (0.95, 0.78)
    # In a down-triangle the label goes up, into the wide half.
    label = (value or " ") if spot.player == MAX else ((value or " ") + "\\n")
    return {"shape": shape, "label": label, "width": f"{width}", "height": f"{height}",
            "fixedsize": "true"}


def _board_parts(game, spot, value) -> dict:
    """A record: a header "MAX 3" (or the utility of a terminal state) over the state."""
    from ..games.tictactoe import TicTacToe

    who = spot.player.upper() if spot.player in (MAX, MIN) else "CHANCE"
    text = f"= {value}" if spot.terminal else f"{who} {value}".rstrip()
    header = _record_escape(text)
    if isinstance(game, TicTacToe):
        rows = [spot.state[i:i + 3] for i in (0, 3, 6)]
        body = "|".join("{" + "|".join(_record_escape(c if c != "." else " ") for c in row) + "}"
                        for row in rows)
    else:
        body = "|".join(_record_escape(line) for line in _state_lines(game, spot.state))
    shape = "record" if spot.terminal else "Mrecord"
    return {"shape": shape, "label": "{" + header + "|" + body + "}", "fontname": BOARD_FONT,
            "fontsize": f"{BOARD_FONT_SIZE}", "width": _num(board_width(text))}


def board_width(header: str) -> float:
    """The least width (inches) of a board whose header is ``header``.

    Graphviz sizes a record by its text, not by the rounded corners of an
    ``Mrecord``, which cut into a header as wide as the board: a header gets
    ``BOARD_HEADER_PAD`` points either side (Courier is 0.6 em per character).

    >>> board_width("MAX 1"), board_width("MIN ≤-1")
    (0.84, 0.956)
    """
    text_points = len(header) * 0.6 * BOARD_FONT_SIZE
    return max(BOARD_WIDTH, round((text_points + 2 * BOARD_HEADER_PAD) / 72, 3))


def _state_lines(game, state):
    from ..games.nim import Nim

    if isinstance(game, Nim):
        heaps = state[0]
        return [" ".join(str(h) for h in heaps)]
    return str(game.text(state)).splitlines() or [" "]


def _record_escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in "{}|<>\\\"":
            out.append("\\" + ch)
        elif ch == " ":
            out.append("\\ ")
        else:
            out.append(ch)
    return "".join(out) or "\\ "


def edge_label(spot, style) -> str | None:
    """The move on the edge into ``spot`` (and a chance probability), or None."""
    if not spot.index:
        return None
    parts = []
    if style.edge_labels:
        parts.append(_literal(spot.action))
    if spot.probability is not None:
        parts.append(f"p={show_number(spot.probability)}")
    return " ".join(parts) if parts else None


def _line_sets(frame, prefix):
    """Paths (relative to the drawn root) on the chosen line."""
    if frame is None or not frame.line:
        return set()
    n = len(prefix)
    return {p[n:] for p in frame.line if p[:n] == prefix and len(p) >= n}


def _relative(path, prefix):
    """``path`` seen from the drawn root, or None when it is not below it."""
    if path is None or path[:len(prefix)] != prefix:
        return None
    return path[len(prefix):]


@dataclass(frozen=True)
class NodeSpec:
    """Everything the DOT text says about one spot and the edge into it."""

    parts: dict                 # shape, size, label: fixed for a spot
    look: Look
    klass: str
    side: str = ""              # text beside the node ("" for none), lines joined by \n
    edge: Look | None = None    # the edge into the spot (None for the root)
    edge_label: str | None = None
    below: str = ""             # text below the node: a leaf's name ("" for none)


def _drawing(game, layout, frame, *, notes, highlight, legend, size, names, edge_labels,
             windows, renderer, summary) -> TreeDrawing:
    spots, prefix = layout.spots, layout.prefix
    style = _style(game, spots, frame, names, edge_labels, windows)
    marked = {i for ids in resolve_nodes(game, spots, _as_keys(highlight)).values() for i in ids}
    noted = {}
    for key, ids in resolve_nodes(game, spots, tuple((notes or {}).keys())).items():
        for i in ids:
            noted[i] = str(notes[key])
    on_line = _line_sets(frame, prefix)
    # The last frame shows the chosen line, not the node the last step was about.
    current = _relative(frame.current, prefix) if frame is not None and not frame.line else None
    active = _relative(frame.edge[1], prefix) if frame is not None and frame.edge else None
    specs = []
    shown = _Shown()
    for spot in spots:
        status, view = _status(frame, prefix, spot)
        look = node_look(status, current=spot.path == current, on_line=spot.path in on_line,
                         highlighted=spot.id in marked)
        # a leaf has no window, but may have a note (Monte Carlo search's visits)
        window = window_text(view) if view and (not spot.is_leaf or view.note) else ""
        side = side_lines(game, spot, style, window, noted.get(spot.id))
        shown.note(spot, view, window if window in side else "")
        shown.unreached = shown.unreached or status == UNVISITED
        e_look = None
        if spot.index:
            e_look = edge_look(status, on_line=spot.path in on_line and spot.path[:-1] in on_line,
                               active=spot.path == active)
        specs.append(NodeSpec(node_parts(game, spot, style, value_text(view, spot)), look,
                              node_class(spot, status), "\\n".join(side), e_look,
                              edge_label(spot, style), leaf_name(game, spot, style)))
    items = legend_items(spots, frame, marked, style.boards, shown=shown) if legend else None
    dot = build_digraph(spots, specs, style, size=size, legend=items)
    return TreeDrawing(dot, spots=spots, summary=summary, renderer=renderer)


class _Shown:
    """Notation a drawing shows, for its key: a window and the bounds of finished nodes."""

    def __init__(self):
        self.window = ""    # the first alpha-beta window written beside a node
        self.bounds = {}    # bound ("<=", ">=", "~") -> (spot, its value text), first of each
        self.unreached = False  # whether some node is not reached yet

    def note(self, spot, view, window):
        if window and not self.window:
            self.window = window
        if view is not None and view.status == DONE and view.bound and view.value is not None:
            self.bounds.setdefault(view.bound, (spot, _symbols(view.text())))


def _status(frame, prefix, spot):
    """(status, view) of a spot in a frame; (None, None) without a frame."""
    if frame is None:
        return None, None
    path = prefix + spot.path
    status = frame.status(path)
    view = frame.nodes.get(path)
    if status == "current":
        status = view.status if view is not None else UNVISITED
    return status, view


def build_digraph(spots, specs, style, *, size=None, legend=None):
    """The ``graphviz.Digraph`` of spots, given each one's :class:`NodeSpec`.

    Text beside a node is a plain-text node of its own (id ``<node id>_w``), kept
    on the node's rank just left of it: unlike Graphviz's ``xlabel`` it gets its
    own room in the layout, so it never overlaps an edge.

    A leaf's name is a plain-text node too (id ``<node id>_name``), on the rank
    just below the leaf and tied to it by an invisible edge. So that it sits
    close under its box, a drawing with leaf names has small rank gaps and each
    tree edge spans ``LEVEL_RANKS`` ranks: the levels stay as far apart as without.
    """
    named = any(spec.below for spec in specs)
    dot = graph_skeleton(style, size, straight=not any(spec.edge_label for spec in specs),
                         named_leaves=named)
    side_font = "11" if style.compact else "14"
    name_font = "10" if style.compact else "12"
    levels = {"minlen": f"{LEVEL_RANKS}"} if named else {}
    for spot, spec in zip(spots, specs):
        if spec.side:
            side = spot.id + "_w"
            _node(dot, side, {"id": side, "label": spec.side, "shape": "plaintext",
                              "fontsize": side_font, "fontcolor": spec.look.side, "width": "0",
                              "height": "0", "margin": "0.04,0.02", "style": "solid",
                              "class": "side"})
            dot.body.append(f"\t{{rank=same; {side}; {spot.id}}}\n")
            if spot.index:  # the parent's out-edges keep the side text just left of the node
                _edge(dot, spot.parent_id, side, {"style": "invis", "weight": "0"})
            _edge(dot, side, spot.id, {"style": "invis", "weight": "5"})
        _node(dot, spot.id, {"id": spot.id, "class": spec.klass, **spec.parts,
                             **look_attrs(spec.look)})
        if spot.index:
            attrs = {"id": spot.edge_id, **edge_attrs(spec.edge), **levels}
            if spec.edge_label:
                attrs["label"] = " " + spec.edge_label + " "
            _edge(dot, spot.parent_id, spot.id, attrs)
        if spec.below:
            name = spot.id + "_name"
            _node(dot, name, {"id": name, "label": spec.below, "shape": "plaintext",
                              "fontsize": name_font, "fontcolor": PALETTE["name"], "width": "0",
                              "height": "0", "margin": "0.02,0", "class": "name"})
            _edge(dot, spot.id, name, {"style": "invis", "weight": "5"})
    if legend:
        i = _deepest(spots)
        anchor, ranks = spots[i].id, LEVEL_RANKS if named else 1
        if specs[i].below:  # hang the key from the name, else its edge pushes names apart
            anchor, ranks = anchor + "_name", LEVEL_RANKS - 1
        add_legend(dot, legend, anchor, minlen=ranks)
    return scale_digraph(dot)  # larger in lecture mode (see minimax_lessons.pictures.lecture)


_UNESCAPED_QUOTE = re.compile(r'(?<!\\)"')


def _attrs(attrs) -> str:
    return " ".join(f'{k}="{_UNESCAPED_QUOTE.sub(chr(92) + chr(34), str(v))}"'
                    for k, v in attrs.items())


def _node(dot, name, attrs):
    """Add a node statement (faster than ``Digraph.node`` for thousands of nodes)."""
    dot.body.append(f"\t{name} [{_attrs(attrs)}]\n")


def _edge(dot, tail, head, attrs):
    dot.body.append(f"\t{tail} -> {head} [{_attrs(attrs)}]\n")


def _deepest(spots) -> int:
    """The index of the first spot on the deepest level."""
    depth = max(len(s.path) for s in spots)
    return next(i for i, s in enumerate(spots) if len(s.path) == depth)


def graph_skeleton(style, size=None, straight=True, named_leaves=False):
    """An empty ``graphviz.Digraph`` with the drawing's global attributes.

    ``named_leaves``: the gap between levels is split into ``LEVEL_RANKS`` ranks
    (see :func:`build_digraph`).
    """
    import graphviz

    ranksep = 0.4 if style.compact else 0.5
    if named_leaves:
        ranksep = round(ranksep / LEVEL_RANKS, 3)
    dot = graphviz.Digraph("tree")
    dot.attr("graph", ordering="out", nodesep="0.12" if style.compact else "0.25",
             ranksep=_num(ranksep), pad="0.15", fontname=FONT, bgcolor="white")
    if straight:  # straight edges, as in the textbooks (edge labels need curved ones)
        dot.attr("graph", splines="line")
    if size:
        dot.attr("graph", size=str(size))
    dot.attr("node", fontname=FONT, fontsize="13" if style.compact else "17", margin="0.02")
    dot.attr("edge", arrowhead="none", fontname=FONT, fontsize="13", fontcolor="#555555")
    return dot


def look_attrs(look) -> dict:
    """DOT attributes of a node look."""
    return {"style": f"filled,{look.dash}" if look.dash else "filled", "fillcolor": look.fill,
            "color": look.stroke, "penwidth": _num(look.width), "fontcolor": look.text}


def edge_attrs(look) -> dict:
    """DOT attributes of an edge look."""
    attrs = {"color": look.stroke, "penwidth": _num(look.width)}
    if look.dash:
        attrs["style"] = look.dash
    return attrs


def _num(x) -> str:
    return f"{x:g}"


def node_class(spot, status) -> str:
    """The SVG class of a node (after Graphviz's own "node"): player or leaf, and status."""
    kind = "leaf" if spot.terminal else spot.player
    return f"{kind} {status or 'plain'}"


def leaf_name(game, spot, style) -> str:
    """The name written below a leaf of a GameTree when names are shown, else ''."""
    if style.names and not style.boards and spot.terminal:
        return _literal(game.text(spot.state))
    return ""


def side_lines(game, spot, style, window, note):
    """Lines written beside a node: its name (trees), its alpha-beta window (or the
    view's note), a note."""
    lines = []
    if style.names and not spot.terminal:
        lines.append(_literal(game.text(spot.state)))
    if style.windows and window:
        lines.append(window)
    if note:
        lines.append(_literal(note))
    return lines


def _literal(text) -> str:
    """Text shown as written: backslashes are not Graphviz escapes; lines stay lines."""
    return "\\n".join(str(text).replace("\\", "\\\\").splitlines())


#: What a bound in a finished node means, by its kind (the frames' ``NodeView.bound``).
BOUND_MEANINGS = {"<=": "true value at most", ">=": "true value at least",
                  "~": "only an estimate of"}


def legend_items(spots, frame, marked=(), boards=False, shown=None):
    """The key's entries, (shape, text, look) or (shape, text, look, sample), for what
    this drawing shows.

    An entry with a ``sample`` explains notation: the sample is drawn as in the
    tree (``enter α=3 β=+∞`` beside a node, ``≤2`` inside one) with ``text`` beside it.
    ``shown`` (a ``_Shown``) says which windows and bounds the drawing shows.
    """
    players = {s.player for s in spots if not s.terminal}
    plain = node_look(None)  # as Look(), with lecture mode's lines
    if boards:
        items = [("Mrecord", f"{text} to move", plain) for player, text in
                 ((MAX, "MAX"), (MIN, "MIN"), (CHANCE, "CHANCE")) if player in players]
        items.append(("record", "= utility: game over", plain))
    else:
        items = [(shape, text, plain) for player, shape, text in
                 ((MAX, "triangle", "MAX"), (MIN, "invtriangle", "MIN"),
                  (CHANCE, "circle", "chance")) if player in players]
        items.append(("box", "leaf", plain))
    if frame is not None:
        if not frame.line and frame.current is not None:
            items.append(("box", "current", node_look(VISITED, current=True)))
        if any(v.status == VISITED for v in frame.nodes.values()):
            items.append(("box", "value so far", node_look(VISITED)))
        items.append(("box", "final value", node_look(DONE)))
        if any(v.status == PRUNED for v in frame.nodes.values()):
            items.append(("box", "pruned", node_look(PRUNED)))
        if shown is not None and shown.unreached:
            items.append(("box", "dotted: not reached yet", node_look(UNVISITED)))
        if frame.line:
            items.append(("line", "chosen line", None))
    if marked:
        items.append(("box", "look here", node_look(None, highlighted=True)))
    if shown is not None and shown.window:
        items.append(("plaintext", "window alpha-beta passed\\ldown on entering the node\\l",
                      Look(fill="none", stroke="none", text=PALETTE["side"]), shown.window))
    for bound, (spot, text) in sorted((shown.bounds if shown is not None else {}).items()):
        number = text.lstrip("≤≥~")
        meaning = f"bound, search pruned:\\l{BOUND_MEANINGS[bound]} {number}\\l"
        if boards:
            shape = "Mrecord"
            text = _record_escape(f"{spot.player.upper()} {text}")
        else:
            shape = {MAX: "triangle", MIN: "invtriangle", CHANCE: "circle"}.get(spot.player,
                                                                                "box")
        items.append((shape, meaning, node_look(DONE), text))
    return items


def _notation(item) -> bool:
    """Whether a key entry explains notation (second row) rather than a look."""
    return item[0] == "line" or len(item) > 3


def add_legend(dot, items, anchor, minlen=1):
    """A key below the tree (``anchor`` is a node on the deepest rank, ``minlen``
    how many ranks below it): one row, or two when it explains windows or bounds,
    the looks of the nodes first, then the notation (chosen line, windows, bounds)."""
    two_rows = any(len(item) > 3 for item in items)
    rows = [list(items)]
    if two_rows:
        rows = [[item for item in items if not _notation(item)],
                [item for item in items if _notation(item)]]
    rows = [row for row in rows if row]
    firsts = []
    with dot.subgraph(name="cluster_legend") as key:
        key.attr(label="", color="#cccccc", style="rounded", margin="6")
        for r, row in enumerate(rows):
            names = []
            chain = []   # (tail, head, attrs) of the edges along the row
            for i, item in enumerate(row):
                shape, text, look = item[:3]
                name = f"key_{r}_{i}" if two_rows else f"key_{i}"
                if shape == "line":  # a short thick line from an invisible point, then its label
                    start = name + "_start"
                    key.node(start, shape="point", width="0", height="0", style="invis")
                    key.node(name, id="key_line_label", label=text, shape="plaintext",
                             fontsize="13", width="0", height="0", margin="0.1,0",
                             **{"class": "key"})
                    if names:
                        _key_gap(key, names, chain, two_rows)
                        chain.append((names[-1], start, {"style": "invis"}))
                    names += [start, name]
                    chain.append((start, name, {"id": "key_line", "color": PALETTE["line"],
                                                "penwidth": "4", "minlen": "2"}))
                    continue
                if len(item) > 3:  # notation: the sample as drawn, then what it means
                    sample = name + "_sample"
                    _key_sample(key, sample, shape, item[3], look)
                    key.node(name, label=text, shape="plaintext", fontsize="13", width="0",
                             height="0", margin="0.04,0", **{"class": "key"})
                    if names:
                        _key_gap(key, names, chain, two_rows)
                        chain.append((names[-1], sample, {"style": "invis"}))
                    chain.append((sample, name, {"style": "invis"}))
                    names += [sample, name]
                    continue
                wide = shape in ("box", "record", "Mrecord")
                label = text + "\\n" if shape == "invtriangle" else text
                width = "1.9" if "record" in shape.lower() else "2.4" if len(text) > 14 else (
                    "1.1" if wide else "0.9")
                key.node(name, label=label, shape=shape, fontsize="13", width=width,
                         height="0.36" if wide else "0.62", fixedsize="true", **look_attrs(look),
                         **{"class": "key"})
                if names:
                    chain.append((names[-1], name, {"style": "invis"}))
                names.append(name)
            key.body.append("\t{rank=same; " + "; ".join(names) + "}\n")
            for a, b, attrs in chain:
                key.edge(a, b, **attrs)
            firsts.append(names[0])
        for a, b in zip(firsts, firsts[1:]):  # each row below the one before
            key.edge(a, b, style="invis")
    extra = {"minlen": str(minlen)} if minlen != 1 else {}
    dot.edge(anchor, firsts[0], style="invis", weight="0", **extra)


def _key_gap(key, names, chain, wide):
    """In a row with notation, a wider gap between entries than within one."""
    if not wide:
        return
    gap = names[-1] + "_gap"
    key.node(gap, label="", shape="point", width="0.12", height="0", style="invis")
    chain.append((names[-1], gap, {"style": "invis"}))
    names.append(gap)


def _key_sample(key, name, shape, text, look):
    """The sample of a notation entry: text as beside a node, or a small node as drawn."""
    if shape == "plaintext":
        key.node(name, label=text, shape="plaintext", fontsize="14", fontcolor=look.text,
                 width="0", height="0", margin="0.04,0", **{"class": "key sample"})
        return
    if "record" in shape:
        key.node(name, label="{" + text + "}", shape=shape, fontname=BOARD_FONT,
                 fontsize=f"{BOARD_FONT_SIZE}", height="0.36", **look_attrs(look),
                 **{"class": "key sample"})
        return
    label = text + "\\n" if shape == "invtriangle" else text
    size = {"width": "0.5", "height": "0.5"} if shape == "circle" else {"width": "0.8",
                                                                       "height": "0.62"}
    key.node(name, label=label, shape=shape, fontsize="15", fixedsize="true", **size,
             **look_attrs(look), **{"class": "key sample"})


# -- how a GameTree shows itself in Jupyter --------------------------------------------

def show_tree(tree, include=None, exclude=None) -> dict:
    """A GameTree's Jupyter display: its drawing, or text when it is too large to draw.

    >>> from minimax_lessons import FIGURE_5_2
    >>> show_tree(FIGURE_5_2, include=["text/plain"])
    {'text/plain': '<TreeDrawing of 13 nodes>'}
    """
    try:
        return draw_tree(tree)._repr_mimebundle_(include, exclude)
    except TreeTooLargeError as error:
        return {"text/plain": f"{tree!r}\n(not drawn: {error})"}


display_trees_with(show_tree)  # the tree model itself never imports drawing code
