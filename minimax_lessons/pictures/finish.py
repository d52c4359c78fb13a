"""Finishing a picture: the one step that adds to Graphviz's SVG what Graphviz cannot draw.

Vocabulary
----------
Graphviz lays a tree out and draws its nodes, edges and texts. Every picture, a still
(:class:`~minimax_lessons.pictures.draw.TreeDrawing`), the player's frames
(:class:`~minimax_lessons.animation.player.Animation`) and a practice tree, is then
*finished* here, and only here:

- *dense dots*: Graphviz's dotted lines (not reached yet) in denser dots, which do not
  fade on a projector (:func:`~minimax_lessons.pictures.style.dense_dots`);
- the *ring*: the white line along the middle of the current node's thick outline, which
  makes it a double outline (a node of class ``current``, the key's sample too). It is a
  copy of the outline, of class :data:`~minimax_lessons.pictures.style.RING_CLASS`,
  stroked by :func:`ring_paint`: a still carries it on its current node
  (:func:`finish`); the player's layout carries a hidden one on every node
  (:func:`add_ring`), which :func:`paint_ring` shows on the current node of a frame (and
  ``animation.js`` in the browser, with the same numbers);
- *slots*: the texts a later step writes: a node's value (``mm-value``), the lines of
  its window (``mm-window``), practice's empty answer slots (``mmp-window``). A slot is
  found by the SVG group and the line the label builder recorded
  (:mod:`~minimax_lessons.pictures.texts`, :func:`~minimax_lessons.pictures.labels.value_line`),
  never by what a text says: lecture mode, which changes sizes and where lines break,
  cannot change which slots a picture has.

A still keeps Graphviz's own text (its prologue, comments and escapes), its ring written
in after the outline it copies; the player and practice work on the parsed tree
(:func:`~minimax_lessons.pictures.texts.parse`). Pure Python, as it runs in the browser too.

>>> svg = ('<svg xmlns="http://www.w3.org/2000/svg"><g id="n" class="node max current">\\n'
...        '<polygon fill="#fff" stroke="#662100" stroke-width="6" points="0,0"/>\\n</g></svg>')
>>> print(finish(svg))
<svg xmlns="http://www.w3.org/2000/svg"><g id="n" class="node max current">
<polygon fill="#fff" stroke="#662100" stroke-width="6" points="0,0"/>
<polygon class="mm-ring" fill="none" stroke="#ffffff" stroke-width="2" points="0,0"/>
</g></svg>
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from xml.parsers import expat

from . import texts
from .style import CURRENT_CLASS, PALETTE, RING_CLASS, dense_dots, ring

__all__ = ["finish", "ring_paint", "add_ring", "paint_ring", "tag_values", "tag_windows",
           "answer_slots", "dash", "SHAPES", "VALUE_CLASS", "WINDOW_CLASS", "SLOT_CLASS"]

#: The classes of the slots: a node's value and its window's lines in the player, an
#: empty answer slot in a practice tree.
VALUE_CLASS, WINDOW_CLASS, SLOT_CLASS = "mm-value", "mm-window", "mmp-window"
#: The SVG elements that draw an outline (a node's shape, an edge's line).
SHAPES = ("polygon", "ellipse", "path", "polyline")
_SHAPE_TAGS = {f"{{{texts.SVG_NS}}}{t}" for t in SHAPES}
_TEXT = f"{{{texts.SVG_NS}}}text"
#: An outline a ring can copy starts with these attributes, as Graphviz writes them.
_OUTLINE = ("fill", "stroke", "stroke-width")


# -- the ring ----------------------------------------------------------------------------

def ring_paint(width) -> dict:
    """The stroke of the white line along the middle of a double outline ``width`` wide.

    >>> ring_paint(5)
    {'stroke': '#ffffff', 'stroke-width': '1.67'}
    """
    return {"stroke": PALETTE["paper"], "stroke-width": f"{ring(float(width)):g}"}


def add_ring(group):
    """Give a node's group (an element) a hidden ring: a copy of its outline, class
    ``mm-ring``, drawn over it, shown by :func:`paint_ring` when the node is current."""
    shapes = [c for c in group if c.tag in _SHAPE_TAGS]
    if not shapes:
        return
    copy = ET.Element(shapes[0].tag, {k: v for k, v in shapes[0].attrib.items()
                                      if k not in ("stroke-dasharray", "stroke-width")})
    copy.set("class", RING_CLASS)
    copy.set("fill", "none")
    copy.set("stroke", "none")
    copy.tail = shapes[0].tail
    group.insert(list(group).index(shapes[0]) + 1, copy)


def paint_ring(shape, look):
    """Show a ring (an element of class ``mm-ring``) on a node of ``look`` when the look is
    the current node's (``look.double``), else hide it."""
    if look.double:
        for name, value in ring_paint(look.width).items():
            shape.set(name, value)
        dash(shape, look.dasharray)
    else:
        shape.set("stroke", "none")
        for name in ("stroke-width", "stroke-dasharray"):
            shape.attrib.pop(name, None)


def dash(element, dasharray):
    """Set an SVG shape's dashes (``"5,2"`` pruned, ``"2,2.5"`` not reached), or clear them."""
    if dasharray:
        element.set("stroke-dasharray", dasharray)
    elif "stroke-dasharray" in element.attrib:
        del element.attrib["stroke-dasharray"]


# -- a still -------------------------------------------------------------------------------

def finish(svg: str) -> str:
    """A still's SVG finished: dense dots, and a ring after the outline of each node of
    class ``current`` (Graphviz's text kept as it is, the ring written in after the outline
    it copies)."""
    svg = dense_dots(svg)
    data = svg.encode("utf-8")
    out, at = [], 0
    for start, end, attributes in _current_outlines(data):
        outline = data[start:end].decode("utf-8")  # <polygon fill=.. stroke=.. stroke-width=..
        if not outline.endswith("/>"):  # not an outline as Graphviz writes one
            continue
        tag = outline[1:outline.index(" ")]
        width = f'stroke-width="{attributes["stroke-width"]}"'
        rest = outline[outline.index(width) + len(width):-2]  # its points, as written
        paint = "".join(f' {k}="{v}"' for k, v in ring_paint(attributes["stroke-width"]).items())
        copy = f'<{tag} class="{RING_CLASS}" fill="none"{paint}{rest}/>'
        out += [data[at:end].decode("utf-8"), "\n", copy]
        at = end
    return "".join(out) + data[at:].decode("utf-8")


def _current_outlines(data: bytes) -> list:
    """``[(start, end, attributes)]``: where in ``data`` (bytes) the outline of each group of
    class ``current`` is written: the first shape after the group opens, before a group
    closes, whose attributes start as Graphviz writes an outline's (fill, stroke,
    stroke-width)."""
    if CURRENT_CLASS.encode() not in data:  # no such group: most stills, read in no time
        return []
    parser = expat.ParserCreate()
    parser.ordered_attributes = True
    found, looking, waiting = [], [False], []  # waiting: [start, attributes] of an outline

    def mark_end():
        if waiting and parser.CurrentByteIndex > waiting[0]:
            found.append((waiting[0], parser.CurrentByteIndex, waiting[1]))
            waiting.clear()

    def start(name, attributes):
        mark_end()
        pairs = dict(zip(attributes[::2], attributes[1::2]))
        if name == "g" and CURRENT_CLASS in pairs.get("class", "").split():
            looking[0] = True
        elif looking[0] and name in SHAPES[:3] and tuple(attributes[:6:2]) == _OUTLINE:
            looking[0] = False
            waiting[:] = [parser.CurrentByteIndex, pairs]

    def end(name):
        mark_end()
        if name == "g":
            looking[0] = False

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = lambda text: mark_end()
    parser.CommentHandler = lambda text: mark_end()
    parser.Parse(data, True)
    if waiting:  # the document ended with the outline's tag
        found.append((waiting[0], len(data.rstrip()), waiting[1]))
    return found


# -- slots ---------------------------------------------------------------------------------

def tag_values(root, recorded: dict):
    """Give each node's value text the class ``mm-value``: in the group ``recorded`` names
    (``{group id: the line of its label that holds the value}``), the text at that line."""
    for group_id, group in texts.groups(root).items():
        line = recorded.get(group_id)
        if line is None:
            continue
        lines = [t for t in group if t.tag == _TEXT]
        if line < len(lines):
            lines[line].set("class", VALUE_CLASS)


def tag_windows(root, recorded: dict):
    """Give each line of each node's window (role ``"window"`` in the side texts the label
    builder ``recorded``) the class ``mm-window``."""
    for found in texts.lines_in(root, recorded).values():
        for role, element in found:
            if role == "window":
                element.set("class", WINDOW_CLASS)


def answer_slots(root, recorded: dict):
    """Make every note line of the side texts ``recorded`` an empty answer slot (class
    ``mmp-window``, ``data-line`` its place beside its node)."""
    for found in texts.lines_in(root, recorded).values():
        slots = [element for role, element in found if role == "note"]
        for k, element in enumerate(slots):
            element.text = " "
            element.set("class", SLOT_CLASS)
            element.set("data-line", str(k))
