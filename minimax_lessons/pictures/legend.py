"""The key of a drawing (``draw_tree(..., legend=True)``): what its looks and notation mean.

Vocabulary
----------
- An *entry* (:class:`Entry`) is one item of the key: a shape drawn in a look with a
  text beside or in it (``MAX``, ``final value``, ``pruned``), or the chosen line.
- A *notation* entry explains how something is written rather than a look: a sample
  as drawn in the tree (``enter α=3 β=+∞`` beside a node, ``≤2`` inside one) with
  what it means beside it. The key has one row, or two when it explains notation:
  the looks of the nodes first, then the notation; a row wider than :data:`KEY_WIDTH`
  (:data:`NARROW_KEY_WIDTH` under a narrow tree) wraps.
- :class:`Notation` collects, while a drawing is made, which notation it shows (the
  first window, the first bound of each kind, whether some node is not reached yet),
  so that the key explains only what is there.

>>> from minimax_lessons import FIGURE_5_2
>>> from minimax_lessons.pictures.layout import expand
>>> [entry.text for entry in legend_items(expand(FIGURE_5_2), None)]
['MAX', 'MIN', 'leaf']
"""

from __future__ import annotations

from typing import NamedTuple

from ..games.game import CHANCE, MAX, MIN
from .dot import FlushLeft, Record
from .frames import DONE, PRUNED, UNVISITED, VISITED
from .labels import SHAPES
from .style import (BOARD_FONT, BOARD_FONT_SIZE, CURRENT_CLASS, KEY_FRAME_COLOUR,
                    LABEL_FONT_SIZE, PALETTE, PRUNED_MARK, UNREACHED_MARK, Look, look_attrs,
                    node_look)

__all__ = ["legend_items", "add_legend", "Entry", "Notation", "BOUND_MEANINGS"]

#: What a bound in a finished node means, by its kind (the frames' ``NodeView.bound``).
BOUND_MEANINGS = {"<=": "true value at most", ">=": "true value at least",
                  "~": "only an estimate of"}
#: The widths of the key's entries (inches): a board, a text longer than
#: ``LONG_TEXT`` characters, a box, a player's shape.
ENTRY_WIDTHS = {"board": 1.9, "long": 2.4, "box": 1.1, "shape": 0.9}
LONG_TEXT = 14
#: The heights of the key's entries (inches): a box or board, a player's shape.
ENTRY_HEIGHTS = {"box": 0.36, "shape": 0.62}
#: The sizes of notation samples: fonts (points), a chance node's circle and the
#: triangles (inches).
SAMPLE_TEXT_FONT_SIZE = 14
SAMPLE_FONT_SIZE = 15
SAMPLE_CIRCLE = 0.5
SAMPLE_TRIANGLE = (0.8, 0.62)
#: The chosen line's sample: its width (points, before lecture mode) and length (ranks).
KEY_LINE_WIDTH = 4
KEY_LINE_LENGTH = 2
#: The width (inches) of the invisible box at whose centre the chosen line's sample starts,
#: so the sample is long enough to see however close neighbours stand (lecture mode).
KEY_LINE_START = 0.4
#: The wider gap between notation entries in a row (inches).
NOTATION_GAP = 0.12
#: Room (points) between the key's frame and its entries.
KEY_MARGIN = 6
#: The widest row of the key (inches), and under a narrow tree (before lecture mode's
#: scale): a longer row wraps, so that a key is seldom wider than its tree.
KEY_WIDTH = 7.5
NARROW_KEY_WIDTH = 4.0


class Entry(NamedTuple):
    """One entry of the key: a shape in a look, its text, and for notation a sample."""

    shape: str          # a Graphviz shape, or "line" for the chosen line
    text: object        # literal text, or FlushLeft lines
    look: Look | None
    sample: object = None   # notation: the sample as drawn in the tree

    @property
    def is_notation(self) -> bool:
        """Whether it explains notation (second row) rather than a look."""
        return self.shape == "line" or self.sample is not None


class Notation:
    """Notation a drawing shows, for its key: a window and the bounds of finished nodes."""

    def __init__(self):
        self.window = ""    # the first alpha-beta window written beside a node
        self.bounds = {}    # bound ("<=", ">=", "~") -> (spot, its value text), first of each
        self.unreached = False  # whether some node is not reached yet

    def see(self, spot, view, status, mark):
        """Take note of what ``spot`` shows (its :class:`~minimax_lessons.pictures.scene.Mark`)."""
        if mark.window and not self.window:
            self.window = mark.window
        if view is not None and view.status == DONE and view.bound and view.value is not None:
            self.bounds.setdefault(view.bound, (spot, mark.value))
        self.unreached = self.unreached or status == UNVISITED


def legend_items(spots, frame, marked=(), boards=False, shown=None, *, scale=None) -> list:
    """The key's entries (:class:`Entry`) for what this drawing shows.

    ``shown`` (a :class:`Notation`) says which windows and bounds the drawing shows;
    ``scale`` is lecture mode's (see :func:`~minimax_lessons.pictures.style.node_look`).
    """
    def look(status, **options):
        return node_look(status, scale=scale, **options)

    players = {s.player for s in spots if not s.terminal}
    plain = look(None)
    if boards:
        items = [Entry("Mrecord", f"{text} to move", plain) for player, text in
                 ((MAX, "MAX"), (MIN, "MIN"), (CHANCE, "CHANCE")) if player in players]
        items.append(Entry("record", "= utility: game over", plain))
    else:
        items = [Entry(SHAPES[player], text, plain) for player, text in
                 ((MAX, "MAX"), (MIN, "MIN"), (CHANCE, "chance")) if player in players]
        items.append(Entry("box", "leaf", plain))
    if frame is not None:
        if not frame.line and frame.current is not None:
            items.append(Entry("box", "current", look(VISITED, current=True)))
        if any(v.status == VISITED for v in frame.nodes.values()):
            items.append(Entry("box", "value so far", look(VISITED)))
        items.append(Entry("box", "final value", look(DONE)))
        if any(v.status == PRUNED for v in frame.nodes.values()):
            items.append(Entry("box", f"{PRUNED_MARK} pruned", look(PRUNED)))
        if shown is not None and shown.unreached:
            items.append(Entry("box", f"{UNREACHED_MARK} dotted: not reached yet", look(UNVISITED)))
        if frame.line:
            items.append(Entry("line", "chosen line", None))
    if marked:
        items.append(Entry("box", "look here", look(None, highlighted=True)))
    if shown is not None and shown.window:
        items.append(Entry("plaintext",
                           FlushLeft(("window alpha-beta passed", "down on entering the node")),
                           Look(fill="none", stroke="none", text=PALETTE["side"]), shown.window))
    for bound, (spot, text) in sorted((shown.bounds if shown is not None else {}).items()):
        meaning = FlushLeft(("bound, search pruned:",
                             f"{BOUND_MEANINGS[bound]} {text.lstrip('≤≥~')}"))
        if boards:
            shape, sample = "Mrecord", Record((f"{spot.player.upper()} {text}",))
        else:
            shape, sample = SHAPES.get(spot.player, "box"), text
        items.append(Entry(shape, meaning, look(DONE), sample))
    return items


def add_legend(statements, items, anchor, minlen=1, *, scale=None, narrow=False):
    """A key below the tree (``anchor`` is a node on the deepest rank, ``minlen``
    how many ranks below it; None for a key drawn alone): one row, or two when it explains windows or bounds,
    the looks of the nodes first, then the notation (chosen line, windows, bounds).

    ``statements`` is the drawing's :class:`~minimax_lessons.pictures.dot.Statements`;
    ``narrow``: the key of a narrow tree (its rows wrap sooner).
    """
    items = [Entry(*item) for item in items]
    two_rows = any(item.sample is not None for item in items)
    rows = [items]
    if two_rows:
        rows = [[item for item in items if not item.is_notation],
                [item for item in items if item.is_notation]]
    rows = [row for row in rows if row]
    widest = NARROW_KEY_WIDTH if narrow else KEY_WIDTH  # a narrow tree, a narrow key
    rows = [part for row in rows for part in _wrapped(row, widest)]
    two_rows = two_rows or len(rows) > 1
    firsts = []
    line_width = KEY_LINE_WIDTH * (scale.line if scale is not None else 1)
    frame = {"label": "", "color": KEY_FRAME_COLOUR, "style": "rounded", "margin": KEY_MARGIN}
    with statements.cluster("cluster_legend", frame) as key:
        for r, row in enumerate(rows):
            names = []
            chain = []   # (tail, head, attrs) of the edges along the row
            for i, item in enumerate(row):
                name = f"key_{r}_{i}" if two_rows else f"key_{i}"
                if item.shape == "line":  # a short thick line from an invisible box, then its label
                    start = name + "_start"  # the line starts at its centre: as long as
                    key.node(start, {"shape": "box", "label": "", "style": "invis",  # half of it
                                     "width": KEY_LINE_START, "height": 0})
                    key.node(name, {"id": "key_line_label", "label": item.text,
                                    "shape": "plaintext", "fontsize": LABEL_FONT_SIZE,
                                    "width": 0, "height": 0, "margin": "0.1,0", "class": "key"})
                    if names:
                        _key_gap(key, names, chain, two_rows)
                        chain.append((names[-1], start, {"style": "invis"}))
                    names += [start, name]
                    chain.append((start, name, {"id": "key_line", "color": PALETTE["line"],
                                                "penwidth": line_width, "tailclip": "false",
                                                "minlen": KEY_LINE_LENGTH}))
                    continue
                if item.sample is not None:  # notation: the sample as drawn, then what it means
                    sample = name + "_sample"
                    _key_sample(key, sample, item.shape, item.sample, item.look)
                    key.node(name, {"label": item.text, "shape": "plaintext",
                                    "fontsize": LABEL_FONT_SIZE, "width": 0, "height": 0,
                                    "margin": "0.04,0", "class": "key"})
                    if names:
                        _key_gap(key, names, chain, two_rows)
                        chain.append((names[-1], sample, {"style": "invis"}))
                    chain.append((sample, name, {"style": "invis"}))
                    names += [sample, name]
                    continue
                klass = "key " + CURRENT_CLASS if item.look.double else "key"  # a double outline
                key.node(name, {"label": _in_shape(item.shape, item.text), "shape": item.shape,
                                "fontsize": LABEL_FONT_SIZE, **_entry_size(item),
                                "fixedsize": "true", **look_attrs(item.look), "class": klass})
                if names:
                    chain.append((names[-1], name, {"style": "invis"}))
                names.append(name)
            key.same_rank(names)
            for a, b, attrs in chain:
                key.edge(a, b, attrs)
            firsts.append(names[0])
        for a, b in zip(firsts, firsts[1:]):  # each row below the one before
            key.edge(a, b, {"style": "invis"})
    if anchor is None:  # a key drawn alone
        return
    extra = {"minlen": minlen} if minlen != 1 else {}
    statements.edge(anchor, firsts[0], {"style": "invis", "weight": 0, **extra})


def _wrapped(row, width) -> list:
    """The entries of ``row`` in rows of at most ``width`` inches (at least one entry each).

    >>> plain = Look()
    >>> [len(r) for r in _wrapped([Entry("box", "leaf", plain)] * 5, 3.7)]
    [3, 2]
    """
    rows, room = [], 0.0
    for item in row:
        wide = _entry_width(item)
        if not rows or room + wide > width:
            rows.append([])
            room = 0.0
        rows[-1].append(item)
        room += wide
    return rows


def _entry_width(item) -> float:
    """About how wide (inches) an entry of the key is, its sample and text included."""
    if item.shape == "line" or item.sample is not None:
        lines = item.text if isinstance(item.text, tuple) else (item.text,)
        text = max(len(line) for line in lines) * LABEL_FONT_SIZE * 0.55 / 72
        sample = 0.5 if item.shape == "line" else (
            SAMPLE_TRIANGLE[0] if item.shape != "plaintext" else
            max(len(line) for line in str(item.sample).split("\n")) * 0.11)
        return sample + text + NOTATION_GAP
    return _entry_size(item)["width"] + 0.1


def _in_shape(shape, text):
    """A text inside a shape: in a down-triangle it goes up, into the wide half."""
    return text + "\n" if shape == "invtriangle" else text


def _entry_size(item) -> dict:
    """The fixed width and height of a look entry."""
    wide = item.shape in ("box", "record", "Mrecord")
    if "record" in item.shape.lower():
        width = ENTRY_WIDTHS["board"]
    elif len(item.text) > LONG_TEXT:
        width = ENTRY_WIDTHS["long"]
    else:
        width = ENTRY_WIDTHS["box" if wide else "shape"]
    return {"width": width, "height": ENTRY_HEIGHTS["box" if wide else "shape"]}


def _key_gap(key, names, chain, wide):
    """In a row with notation, a wider gap between entries than within one."""
    if not wide:
        return
    gap = names[-1] + "_gap"
    key.node(gap, {"label": "", "shape": "point", "width": NOTATION_GAP, "height": 0,
                   "style": "invis"})
    chain.append((names[-1], gap, {"style": "invis"}))
    names.append(gap)


def _key_sample(key, name, shape, sample, look):
    """The sample of a notation entry: text as beside a node, or a small node as drawn."""
    if shape == "plaintext":
        key.node(name, {"label": sample, "shape": "plaintext", "fontsize": SAMPLE_TEXT_FONT_SIZE,
                        "fontcolor": look.text, "width": 0, "height": 0, "margin": "0.04,0",
                        "class": "key sample"})
        return
    if "record" in shape:
        key.node(name, {"label": sample, "shape": shape, "fontname": BOARD_FONT,
                        "fontsize": BOARD_FONT_SIZE, "height": ENTRY_HEIGHTS["box"],
                        **look_attrs(look), "class": "key sample"})
        return
    width, height = (SAMPLE_CIRCLE, SAMPLE_CIRCLE) if shape == "circle" else SAMPLE_TRIANGLE
    key.node(name, {"label": _in_shape(shape, sample), "shape": shape,
                    "fontsize": SAMPLE_FONT_SIZE, "fixedsize": "true", "width": width,
                    "height": height, **look_attrs(look), "class": "key sample"})
