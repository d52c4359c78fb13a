"""How pictures look: the palette, the named sizes, and the look of a node in each state.

Vocabulary
----------
- The *palette* (:data:`PALETTE`) names every colour a picture uses.
- A *look* (:class:`Look`) is the part of a node's or an edge's appearance that a
  search's state changes: fill, outline colour and width, dashes, text colours.
  :func:`node_look` and :func:`edge_look` give the look of each state (not reached,
  visited, done, pruned, plus current node, chosen line and highlight). The current node
  has a mark of its own besides its colour: a *double outline*, its thick outline split
  along the middle by a line of the page's white (:mod:`~minimax_lessons.pictures.finish`
  draws it into Graphviz's SVG, for stills and the player alike). They are pure:
  lecture mode's thicker lines come in as ``scale``, a
  :class:`~minimax_lessons.pictures.lecture.Scale` or None.
- The *sizes* (:class:`Sizes`) are the fixed measures of a drawing in inches and
  points: :data:`REGULAR`, :data:`NARROW` (its windows stacked; in lecture mode, and
  when asked for), or :data:`COMPACT` for trees of more than :data:`COMPACT_ABOVE` nodes.
- A *style* (:class:`Style`) holds the choices made once per drawing: boards or
  shapes, names, move labels, windows, compact sizes and the lecture scale.

>>> node_look("pruned").dash, node_look("unvisited").dasharray
('dashed', '2,2.5')
>>> from minimax_lessons.pictures.lecture import Scale
>>> node_look("done", scale=Scale(line=2)).width
4.4
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..games.game import is_named_tree
from .frames import DONE, UNVISITED, VISITED

__all__ = ["PALETTE", "PRUNED_MARK", "UNREACHED_MARK", "dense_dots",
           "RING_SHARE", "CURRENT_CLASS", "RING_CLASS", "ring", "Look", "node_look",
           "edge_look", "Style", "choose_style", "Sizes", "REGULAR", "COMPACT", "NARROW",
           "look_attrs", "edge_attrs"]

#: The colours of the drawings (chosen to stay legible on a projector). Every text
#: colour has at least 4.5:1 contrast with the fills it is drawn on, every line and
#: outline at least 3:1 with the white page and with its own fill, also on a washed-out
#: projector (WCAG AA, and a model of a lit room: tests/pictures/test_palette.py checks).
PALETTE = {
    "ink": "#222222",        # outlines, edges and text
    "side": "#333333",       # names and windows beside the nodes
    "name": "#666666",       # leaf names below the leaves
    "paper": "#ffffff",      # node fill with no search information
    "faint": "#5e5e5e",      # not reached yet: dotted outline and edge (dark: the tree shows)
    "faint_text": "#5e5e5e",
    # "so far" and "final" differ in lightness (1.4:1), not only in hue, and in their
    # marks: a value so far reads as a bound (<=3 at MIN, >=3 at MAX), a final one not.
    "open": "#ffe38a",       # visited, value so far
    "done": "#9cc5ef",       # value final
    "pruned": "#4d4d4d",     # pruned: dashed outline, edge and text (with a ✂)
    "pruned_fill": "#dcdcdc",
    "current": "#662100",    # the node the step is about: the thickest outline, doubled
    "line": "#1565c0",       # the chosen line of play
    "warn": "#c62828",       # highlight=
    "warn_fill": "#ffe1dc",
}
#: The marks written into a node, so that its state shows without colour: pruned
#: (before its value, if any) and not reached yet (an inner node, which has no value yet).
PRUNED_MARK = "✂"
UNREACHED_MARK = "?"
#: The colour of move labels on edges.
MOVE_COLOUR = "#555555"
#: The thin frame round the key: decoration, it carries no information.
KEY_FRAME_COLOUR = "#cccccc"
FONT = "Helvetica"
BOARD_FONT = "Courier"
BOARD_FONT_SIZE = 14
#: Courier's width per character, in ems (every character is as wide).
COURIER_EM = 0.6
#: A board is at least this wide (inches): square tic-tac-toe cells, room for "MIN -1".
BOARD_WIDTH = 0.84
#: Points either side of a board's header, clear of a rounded record's corners.
BOARD_HEADER_PAD = 5
#: With leaf names shown, one level of the tree spans this many Graphviz ranks of a
#: third of the usual gap, so each name has a rank of its own close under its leaf.
LEVEL_RANKS = 3
#: Trees up to this many nodes show their node names unless told otherwise.
NAMES_UP_TO = 60
#: Trees of more nodes than this are drawn with the compact sizes.
COMPACT_ABOVE = 200
#: The font size of move labels and of the key's entries (points).
LABEL_FONT_SIZE = 13


@dataclass(frozen=True)
class Sizes:
    """The measures of one drawing: fonts in points, nodes and gaps in inches."""

    font: float            # values inside the nodes
    side_font: float       # names and windows beside them
    name_font: float       # leaf names below the leaves
    leaf: tuple            # (width, height) of a leaf's box
    circle: float          # the diameter of a chance node
    triangle: tuple        # (width, height) of a MAX or MIN node
    ranksep: float         # between levels
    nodesep: float         # between neighbours


REGULAR = Sizes(font=17, side_font=14, name_font=12, leaf=(0.55, 0.42), circle=0.72,
                triangle=(0.95, 0.78), ranksep=0.5, nodesep=0.25)
#: The measures of a narrow tree (``draw_tree(..., narrow=True)``, and lecture mode before
#: its scale), so that fitted to a width its text stays large: nodes hug their text,
#: neighbours stand close, names are as large as windows, and windows are stacked
#: (:func:`~minimax_lessons.pictures.labels.window_text`): the tree grows in height, not
#: in width.
NARROW = Sizes(font=17, side_font=14, name_font=14, leaf=(0.44, 0.36), circle=0.6,
                triangle=(0.74, 0.6), ranksep=0.42, nodesep=0.06)
COMPACT = Sizes(font=13, side_font=11, name_font=10, leaf=(0.42, 0.34), circle=0.5,
                triangle=(0.62, 0.5), ranksep=0.4, nodesep=0.12)


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
    double: bool = False           # the current node: a double outline

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
        ('2,2.5', '5,2')
        """
        return DASHARRAYS[self.dash]


#: SVG dash patterns: pruned dashes (as Graphviz draws "dashed"), not-reached dots (denser
#: than Graphviz's "1,5", which fade on a projector: :func:`dense_dots` rewrites its SVG).
DASHARRAYS = {"dashed": "5,2", "dotted": "2,2.5", "": ""}
GRAPHVIZ_DOTS = 'stroke-dasharray="1,5"'


def dense_dots(svg: str) -> str:
    """Graphviz's SVG with its dotted lines drawn in :data:`DASHARRAYS`' denser dots.

    >>> dense_dots('<path stroke-dasharray="1,5" d="M0,0"/>')
    '<path stroke-dasharray="2,2.5" d="M0,0"/>'
    """
    return svg.replace(GRAPHVIZ_DOTS, f'stroke-dasharray="{DASHARRAYS["dotted"]}"')


#: The share of a double outline's width taken by the white line along its middle: the
#: outline shows as two lines of a third each, with a white gap between them.
RING_SHARE = 1 / 3
#: The SVG class (after Graphviz's own) of a node drawn with a double outline, and that of
#: the white copy of its outline drawn over it.
CURRENT_CLASS = "current"
RING_CLASS = "mm-ring"
def ring(width: float) -> float:
    """The width of the white line along the middle of a double outline ``width`` wide.

    >>> ring(6)
    2.0
    """
    return round(width * RING_SHARE, 2)


def node_look(status, *, current=False, on_line=False, highlighted=False, scale=None) -> Look:
    """The look of a node: status first, then chosen line, current node, highlight."""
    p = PALETTE
    if status is None:  # a drawing without a search
        look = Look()
    elif status == UNVISITED:
        look = Look(p["paper"], p["faint"], 1.5, False, p["faint_text"], p["faint_text"], True)
    elif status == VISITED:
        look = Look(p["open"], p["ink"], 1.5)
    elif status == DONE:
        look = Look(p["done"], p["ink"], 2.2)
    else:  # pruned
        look = Look(p["pruned_fill"], p["pruned"], 1.6, True, p["pruned"], p["pruned"])
    if on_line:
        look = Look(look.fill, p["line"], 3.0, False, look.text, look.side)
    if current:
        look = Look(look.fill, p["current"], 5.0, look.dashed, look.text, look.side,
                    look.dotted, True)
    if highlighted:
        look = Look(p["warn_fill"], p["warn"], 3.0, look.dashed, p["warn"], p["warn"],
                    look.dotted, look.double)
    return _thicker(look, scale)


def edge_look(status, *, on_line=False, active=False, scale=None) -> Look:
    """The look of the edge into a node of the given status."""
    p = PALETTE
    if status is None or status in (VISITED, DONE):
        look = Look(stroke=p["ink"], width=1.5)
    elif status == UNVISITED:
        look = Look(stroke=p["faint"], width=1.5, dotted=True)
    else:
        look = Look(stroke=p["pruned"], width=1.6, dashed=True)
    if on_line:
        look = Look(stroke=p["line"], width=4.0)
    if active:
        look = Look(stroke=p["current"], width=3.5)
    return _thicker(look, scale)


def _thicker(look, scale):
    """Lecture mode's lines: the width times ``scale.line`` (no change for None)."""
    return look if scale is None else replace(look, width=look.width * scale.line)


def look_attrs(look) -> dict:
    """DOT attributes of a node look."""
    return {"style": f"filled,{look.dash}" if look.dash else "filled", "fillcolor": look.fill,
            "color": look.stroke, "penwidth": look.width, "fontcolor": look.text}


def edge_attrs(look) -> dict:
    """DOT attributes of an edge look."""
    attrs = {"color": look.stroke, "penwidth": look.width}
    if look.dash:
        attrs["style"] = look.dash
    return attrs


# -- the choices made once per drawing ----------------------------------------------

@dataclass(frozen=True)
class Style:
    """The fixed (not status-dependent) choices of one drawing."""

    boards: bool        # states drawn as boards/records (games), not bare shapes (trees)
    names: bool
    edge_labels: bool
    windows: bool
    compact: bool
    scale: object = None  # lecture mode's Scale, None for the usual sizes
    narrow: bool = False  # the narrow sizes without lecture mode's scale

    @property
    def sizes(self) -> Sizes:
        """:data:`COMPACT` for a large tree, else :data:`NARROW` when narrow or in lecture
        mode, else :data:`REGULAR`."""
        return COMPACT if self.compact else NARROW if self.stacked else REGULAR

    @property
    def stacked(self) -> bool:
        """Whether windows are written in short lines, one above the other (a narrow tree)."""
        return self.narrow or self.scale is not None


def choose_style(game, spots, frame, *, names=None, edge_labels=None, windows=None,
                 scale=None, narrow=False) -> Style:
    """The style of a picture of ``spots``: what draw_tree's ``names=``, ``edge_labels=``
    and ``windows=`` leave as None is decided by what helps.

    >>> from minimax_lessons import FIGURE_5_2
    >>> from minimax_lessons.pictures.layout import expand
    >>> style = choose_style(FIGURE_5_2, expand(FIGURE_5_2), None)
    >>> style.boards, style.names, style.edge_labels, style.windows, style.stacked
    (False, True, False, False, False)
    """
    is_tree = is_named_tree(game)
    n = len(spots)
    labelled = is_tree and any(game.node(s.state).action is not None for s in spots[1:])
    if names is None:
        names = is_tree and n <= NAMES_UP_TO
    if edge_labels is None:
        edge_labels = (not is_tree) or labelled
    if windows is None:
        windows = frame is not None and any(v.alpha is not None or v.note
                                            for v in frame.nodes.values())
    return Style(not is_tree, bool(names), bool(edge_labels), bool(windows), n > COMPACT_ABOVE,
                 scale, bool(narrow))
