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
  frame of an animation, the current node has a thick dark-orange double outline, visited
  nodes a yellow fill ("value so far") and finished ones a blue fill. A value
  such as ``≤2`` is a bound: alpha-beta pruned part of that subtree.
  ``legend=True`` adds a key of what the drawing shows; windows and bounds,
  when shown, get a second row explaining them.
- ``notes`` and ``highlight`` mark nodes for feedback: ``notes={"C": "expected 2"}``
  writes a short text beside C, ``highlight={"C"}`` draws C in red. A node is
  named by its path (a tuple of actions from the drawn root, ``()`` for the
  root) or by its state (a node name in a :class:`~minimax_lessons.games.tree.GameTree`).

This module puts a drawing together from the modules beside it, one concern each:
:mod:`~minimax_lessons.pictures.style` (palette, sizes, looks),
:mod:`~minimax_lessons.pictures.labels` (the texts), :mod:`~minimax_lessons.pictures.scene`
(what each node shows in a frame), :mod:`~minimax_lessons.pictures.legend` (the key) and
:mod:`~minimax_lessons.pictures.dot` (DOT text, where every text is escaped, once).

>>> from minimax_lessons import FIGURE_5_2, alphabeta
>>> drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
>>> drawing
<TreeDrawing of 13 nodes: alphabeta, value 3, 2 pruned>
>>> 'n_1_1 [' in drawing.source and 'style="filled,dashed"' in drawing.source
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..games.tree import display_trees_with
from ..words import show_number
from . import lecture
from .describe import describe_scene
from .dot import Statements
from .finish import finish
from .frames import PRUNED, Frame, build_frames
from .labels import edge_label, leaf_name, node_class, node_parts, side_parts
from .layout import MAX_NODES, Plan, Spot, TreeTooLargeError, expand, plan
from .legend import Notation, add_legend, legend_items
from .tall import fits_a_page, tall_layout
from .scene import Scene
from .style import (CURRENT_CLASS, FONT, LABEL_FONT_SIZE, LEVEL_RANKS, MOVE_COLOUR, PALETTE,
                    Look, choose_style, edge_attrs, look_attrs)

__all__ = ["draw_tree", "TreeDrawing", "TreeTooLargeError", "Spot", "expand", "MAX_NODES",
           "PALETTE"]


# -- drawing ----------------------------------------------------------------------

class TreeDrawing:
    """A drawing of a game tree: shows itself as SVG at the end of a notebook cell.

    ``.digraph`` is the ``graphviz.Digraph`` (customise it freely), ``.source``
    its DOT text, ``.svg()`` the rendered SVG, ``.save("tree.svg")`` writes it.
    """

    def __init__(self, digraph, *, spots=(), summary="", renderer="auto", lines=None,
                 description="", parts=None):
        self.digraph = digraph
        #: Lecture mode, with a key: the tree alone and the key alone (two ``Digraph``s),
        #: which a notebook shows side by side where there is room, the key under the tree
        #: where there is not (a slide, a notebook's column); None otherwise.
        self.parts = parts
        self.spots = tuple(spots)
        self.renderer = renderer
        #: The lines written beside nodes, as the label builder made them: ``{SVG group id:
        #: ((role, words), ...)}`` (:mod:`~minimax_lessons.pictures.texts` finds them).
        self.lines = dict(lines or {})
        #: The picture in words (its alt text and accessible name).
        self.description = description
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
            self._svg = finish(dot_to_svg(source, renderer=self.renderer))
            self._svg_of = source
        return self._svg

    def save(self, path) -> Path:
        """Write the SVG (or the DOT text, for a ``.dot``/``.gv`` name) to ``path``."""
        path = Path(path)
        text = self.source if path.suffix in (".dot", ".gv") else self.svg()
        path.write_text(text, encoding="utf-8")
        return path

    def part_svgs(self) -> list:
        """The SVG of each of :attr:`parts` (the tree, its key); [] without parts."""
        from .render import dot_to_svg

        return [finish(dot_to_svg(part.source, renderer=self.renderer))
                for part in self.parts or ()]

    def png(self) -> bytes | None:
        """The SVG as PNG (shown where SVG is refused: untrusted notebooks, GitHub)."""
        from .raster import svg_to_png

        return svg_to_png(self.svg())

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The SVG, a PNG of it and the text: only those asked for are made."""
        from .jupyter import HTML, fitting_figure, mimebundle, picture_makers

        makers = picture_makers(self.svg, lambda: repr(self),
                                alt=lambda: self.description or repr(self))
        if self.parts:  # the tree and its key as two pictures, side by side where there is room
            makers[HTML] = lambda: fitting_figure(self.part_svgs(),
                                                  [self.description or repr(self), "The key."])
        return mimebundle(makers, include, exclude)

    def __repr__(self):
        extra = f": {self._summary}" if self._summary else ""
        nodes = f"{len(self.spots)} node" + ("s" if len(self.spots) != 1 else "")
        return f"<TreeDrawing of {nodes}{extra}>"


def draw_tree(game, *, result=None, frame=None, state=None, depth=None, notes=None,
              highlight=None, legend=False, size=None, names=None, edge_labels=None,
              windows=None, narrow=None, max_nodes=MAX_NODES, renderer="auto") -> TreeDrawing:
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
    - ``narrow=True`` draws a wide tree narrower and taller: smaller nodes closer
      together, windows in short stacked lines, so that scaled to a page's width its
      text stays larger (lecture mode always draws this way). By default (None) a tree
      is drawn narrow when it is too wide for its text to read at 12 px in a notebook's
      column at 1024x768 (:func:`~minimax_lessons.pictures.tall.fits_a_page`);
      ``narrow=False`` never.

    Made while lecture mode is on (:mod:`minimax_lessons.pictures.lecture`), the
    drawing has its larger fonts and thicker lines.
    """
    if result is not None and frame is not None:
        raise ValueError("pass either result= or frame=, not both")
    if result is not None:
        frame = build_frames(game, result)[-1]
    if frame is not None and not isinstance(frame, Frame):
        raise TypeError(f"frame= expects a Frame (from build_frames), not {type(frame).__name__}")
    layout = frame_plan(game, frame, state=state, depth=depth, max_nodes=max_nodes)
    return draw_plan(game, layout, frame, notes=notes, highlight=highlight, legend=legend,
                     size=size, names=names, edge_labels=edge_labels, windows=windows,
                     narrow=narrow, renderer=renderer, summary=_summary(result, frame))


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


def draw_plan(game, layout, frame=None, *, notes=None, highlight=None, legend=False, size=None,
              names=None, edge_labels=None, windows=None, narrow=None, renderer="auto",
              summary="", scale=None) -> TreeDrawing:
    """The drawing of the spots of ``layout`` (a :class:`~minimax_lessons.pictures.layout.Plan`)
    in ``frame``: :func:`draw_tree` once it has laid out its nodes (options as there).

    ``scale`` is lecture mode's :class:`~minimax_lessons.pictures.lecture.Scale`; by
    default the mode in force.
    """
    spots, prefix = layout.spots, layout.prefix
    scale = lecture.current() if scale is None else scale
    options = dict(notes=notes, highlight=highlight, legend=legend, size=size, names=names,
                   edge_labels=edge_labels, windows=windows, renderer=renderer,
                   summary=summary, scale=scale)
    auto, narrow = narrow is None, bool(narrow)
    style = choose_style(game, spots, frame, names=names, edge_labels=edge_labels,
                         windows=windows, scale=scale, narrow=narrow)
    marked = {i for ids in resolve_nodes(game, spots, _as_keys(highlight)).values() for i in ids}
    noted = {}
    for key, ids in resolve_nodes(game, spots, tuple((notes or {}).keys())).items():
        for i in ids:
            noted[i] = str(notes[key])
    scene = Scene(spots, style, prefix=prefix, highlighted=marked)
    marks = scene.show(frame)
    specs, lines = [], {}
    shown = Notation()
    for i, (spot, mark) in enumerate(zip(spots, marks)):
        shown.see(spot, scene.views[i], scene.status[i], mark)
        side = side_parts(game, spot, style, mark.window, noted.get(i))
        if side:
            lines[spot.id + "_w"] = tuple(side)
        klass = node_class(spot, scene.status[i])
        if mark.look.double:  # the current node: finish() draws its double outline
            klass += " " + CURRENT_CLASS
        specs.append(NodeSpec(node_parts(game, spot, style, mark.value), mark.look, klass,
                              "\n".join(words for _, words in side), mark.edge,
                              edge_label(spot, style), leaf_name(game, spot, style)))
    if auto and not (style.stacked or style.compact or size is not None
                     or getattr(game, "players", None)) \
            and not fits_a_page(spots, specs, style):  # too wide to read: use the height
        return draw_plan(game, layout, frame, narrow=True, **options)
    items = legend_items(spots, frame, marked, style.boards, shown=shown,
                         scale=scale) if legend else None
    dot = build_digraph(spots, specs, style, size=size, legend=items)
    parts = None
    if items and scale is not None:  # lecture mode: the tree and its key, each alone, too
        parts = (build_digraph(spots, specs, style, size=size), key_digraph(items, style))
    drawing = TreeDrawing(dot, spots=spots, summary=summary, renderer=renderer, lines=lines,
                          description=describe_scene(game, spots, marks, scene.status),
                          parts=parts)
    drawing.narrow = style.stacked  # drawn narrow (asked, chosen, or lecture mode)
    return drawing


def key_digraph(items, style):
    """The ``graphviz.Digraph`` of a key alone (:func:`~minimax_lessons.pictures.legend.add_legend`).

    Its rows stand as close as they do under a tree with leaf names (a third of the gap
    between levels): each row is a Graphviz rank, and a whole level's gap between them
    would float the rows apart.
    """
    dot = graph_skeleton(style, named_leaves=True)
    add_legend(Statements(dot.body, scale=style.scale), items, None, scale=style.scale,
               narrow=style.stacked)
    return dot


def _summary(result, frame) -> str:
    if result is not None:
        pruned = f", {len(result.pruned)} pruned" if result.pruned is not None else ""
        return f"{result.algorithm}, value {show_number(result.value)}{pruned}"
    if frame is not None:
        return f"{frame.algorithm} frame {frame.index} ({frame.kind})"
    return ""


def resolve_nodes(game, spots, keys, prefix=()) -> dict:
    """Map node keys (paths or states, see :func:`draw_tree`) to spot indices.

    Returns ``{key: [indices]}``; raises a clear error for a key that names no node.
    """
    by_path = {s.path: i for i, s in enumerate(spots)}
    by_state = {}
    for i, s in enumerate(spots):
        try:
            by_state.setdefault(s.state, []).append(i)
        except TypeError:  # an unhashable state
            pass
    out = {}
    for key in keys:
        if isinstance(key, tuple) and key in by_path:
            out[key] = [by_path[key]]
            continue
        try:
            found = by_state.get(key)
        except TypeError:
            found = None
        if not found:
            raise KeyError(
                f"no drawn node is {key!r}: name a node by its path (a tuple of actions from "
                f"the drawn root, () for the root) or by its state (a node name in a GameTree)")
        out[key] = found
    return out


def _as_keys(highlight):
    if highlight is None:
        return ()
    if isinstance(highlight, (str, tuple)):
        return (highlight,)
    return tuple(highlight)


# -- the DOT text of a drawing ----------------------------------------------------------

@dataclass(frozen=True)
class NodeSpec:
    """Everything the DOT text says about one spot and the edge into it (literal text)."""

    parts: dict                 # shape, size, label: fixed for a spot
    look: Look
    klass: str
    side: str = ""              # text beside the node ("" for none), lines joined by \n
    edge: Look | None = None    # the edge into the spot (None for the root)
    edge_label: str | None = None
    below: str = ""             # text below the node: a leaf's name ("" for none)


def build_digraph(spots, specs, style, *, size=None, legend=None):
    """The ``graphviz.Digraph`` of spots, given each one's :class:`NodeSpec`.

    Text beside a node is a plain-text node of its own (id ``<node id>_w``), kept
    on the node's rank just left of it: unlike Graphviz's ``xlabel`` it gets its
    own room in the layout, so it never overlaps an edge. In a narrow tree (lecture
    mode) a leaf's side text (a note, Monte Carlo search's visits) goes below it instead,
    under its name: leaves stand side by side, and a row of them is what makes a tree wide.

    A wide tree in lecture mode moves some side texts above their nodes and staggers
    leaves (:mod:`~minimax_lessons.pictures.tall`).

    A leaf's name is a plain-text node too (id ``<node id>_name``), on the rank
    just below the leaf and tied to it by an invisible edge. So that it sits
    close under its box, a drawing with leaf names has small rank gaps and each
    tree edge spans ``LEVEL_RANKS`` ranks: the levels stay as far apart as without.

    Lecture mode (``style.scale``) enlarges its fonts and sizes.
    """
    named = any(spec.below for spec in specs)
    tall = tall_layout(spots, specs, style)  # lecture mode: a wide row uses the height
    # Straight edges, unless they carry labels, pass texts set above nodes or reach leaves
    # a row lower (Graphviz then routes them round what stands in their way: a straight
    # edge to a staggered leaf cut through the box of the leaf beside it).
    straight = not tall and not any(spec.edge_label for spec in specs)
    dot = graph_skeleton(style, size, straight=straight, named_leaves=named)
    out = Statements(dot.body, scale=style.scale)
    sizes = style.sizes
    step = LEVEL_RANKS if named else 1
    # Side texts under leaves start on one line: each has as many lines as the longest.
    lines = max((spec.side.count("\n") + 1 for spot, spec in zip(spots, specs)
                 if spec.side and style.stacked and spot.is_leaf), default=0)
    for spot, spec in zip(spots, specs):
        under = style.stacked and spot.is_leaf  # a narrow tree: a leaf's side text goes below
        if spec.side:
            side = spot.id + "_w"
            label = spec.side + "\n " * (lines - spec.side.count("\n") - 1) if under else spec.side
            out.node(side, {"id": side, "label": label, "shape": "plaintext",
                            "fontsize": sizes.side_font, "fontcolor": spec.look.side,
                            "width": 0, "height": 0, "margin": "0.04,0.02", "style": "solid",
                            "class": "side"})
        if spec.side and spot.id in tall.above:  # on the free rank just over the node
            out.edge(side, spot.id, {"style": "invis", "weight": 5})
        elif spec.side and not under:
            out.same_rank((side, spot.id))
            if spot.index:  # the parent's out-edges keep the side text just left of the node
                out.edge(spot.parent_id, side, {"style": "invis", "weight": 0})
            out.edge(side, spot.id, {"style": "invis", "weight": 5})
        out.node(spot.id, {"id": spot.id, "class": spec.klass, **spec.parts,
                           **look_attrs(spec.look)})
        if spot.index:
            ranks = step + tall.drops.get(spot.id, 0)
            attrs = {"id": spot.edge_id, **edge_attrs(spec.edge),
                     **({"minlen": ranks} if ranks > 1 else {})}
            if spec.edge_label:
                attrs["label"] = " " + spec.edge_label + " "
            out.edge(spot.parent_id, spot.id, attrs)
        if spec.below:
            name = spot.id + "_name"
            out.node(name, {"id": name, "label": spec.below, "shape": "plaintext",
                            "fontsize": sizes.name_font, "fontcolor": PALETTE["name"],
                            "width": 0, "height": 0, "margin": "0.02,0", "class": "name"})
            out.edge(spot.id, name, {"style": "invis", "weight": 5})
        if spec.side and under:  # below the leaf's name, if it has one
            out.edge(spot.id + "_name" if spec.below else spot.id, spot.id + "_w",
                     {"style": "invis", "weight": 5})
    if legend:
        i = _deepest(spots, tall.drops)
        anchor, ranks = spots[i].id, LEVEL_RANKS if named else 1
        if specs[i].below:  # hang the key from the name, else its edge pushes names apart
            anchor, ranks = anchor + "_name", LEVEL_RANKS - 1
        add_legend(out, legend, anchor, minlen=ranks, scale=style.scale, narrow=style.stacked)
    return dot


def _deepest(spots, drops=None) -> int:
    """The index of the first spot on the deepest row (a staggered leaf ``drops`` lower)."""
    drops = drops or {}
    rank = [len(s.path) * LEVEL_RANKS + drops.get(s.id, 0) for s in spots]
    return rank.index(max(rank))


#: Room (inches) round the whole drawing.
PAD = 0.15


def graph_skeleton(style, size=None, straight=True, named_leaves=False):
    """An empty ``graphviz.Digraph`` with the drawing's global attributes.

    ``named_leaves``: the gap between levels is split into ``LEVEL_RANKS`` ranks
    (see :func:`build_digraph`).
    """
    import graphviz

    sizes = style.sizes
    ranksep = sizes.ranksep
    if named_leaves:
        ranksep = round(ranksep / LEVEL_RANKS, 3)
    dot = graphviz.Digraph("tree")
    out = Statements(dot.body, scale=style.scale)
    graph = {"ordering": "out", "nodesep": sizes.nodesep, "ranksep": ranksep, "pad": PAD,
             "fontname": FONT, "bgcolor": "white"}
    if straight:  # straight edges, as in the textbooks (edge labels need curved ones)
        graph["splines"] = "line"
    if size:
        graph["size"] = str(size)
    out.defaults("graph", graph)
    out.defaults("node", {"fontname": FONT, "fontsize": sizes.font, "margin": "0.02"})
    out.defaults("edge", {"arrowhead": "none", "fontname": FONT, "fontsize": LABEL_FONT_SIZE,
                          "fontcolor": MOVE_COLOUR})
    return dot


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
