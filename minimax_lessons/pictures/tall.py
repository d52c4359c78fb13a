"""A wide tree in lecture mode: a layout that uses the height, so that its text stays large.

A lecture picture is fitted to the room of a projector's output column
(:data:`~minimax_lessons.pictures.lecture.ROOM`). Fitting scales all of it alike, so what
decides how large its text reads is how wide the drawing is *in ems of its text*: the
width of its widest row of nodes. This module estimates that width, before Graphviz lays
the tree out, and when a row is too wide for its values to read at
:data:`~minimax_lessons.pictures.lecture.VALUE_PX` (and its other text at
:data:`~minimax_lessons.pictures.lecture.TEXT_PX`) it moves things down, in two steps:

1. the text beside the row's inner nodes (names, windows, notes) goes *above* them
   (in trees with leaf names, which have a rank free above each level);
2. the row's leaves *stagger*: in a family of two or more, every second leaf stands a row
   lower, under the gap between its neighbours.

Vocabulary
----------
- A spot's *footprint* is the width (inches, before lecture mode's scale) it takes in its
  row: its node, the text beside it and the gap to the next one; a leaf's name, or a note
  under it, when wider than the leaf.
- The *budget* is the widest row whose text reads at those sizes once fitted to the room.
- A :class:`Tall` layout says which side texts go above (``above``: node ids) and how many
  ranks each staggered leaf goes down (``drops``: node id -> ranks).

Only lecture mode's drawings change (``style.scale`` set): the same tree drawn otherwise,
or narrow for a page, keeps its rows.

>>> from minimax_lessons import GameTree
>>> from minimax_lessons.pictures.layout import expand
>>> from minimax_lessons.pictures.style import choose_style
>>> from minimax_lessons.pictures.lecture import Scale
>>> tree = GameTree.from_nested([[[3, 1], [4, 1]], [[5, 9], [2, 6]], [[5, 3], [5, 8]]])
>>> spots = expand(tree)
>>> budget(choose_style(tree, spots, None, scale=Scale()))
6.38
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import lecture
from .labels import text_width
from .style import LEVEL_RANKS

__all__ = ["Tall", "tall_layout", "budget", "row_widths", "footprint", "fits_a_page",
           "PAGE_ROOM", "STILL_PX"]

#: The room (CSS pixels) a picture has in JupyterLab at 1024x768 with the file browser
#: open, as ``make lab`` opens it: the output column (about 640 px), less a margin for the
#: estimate of a row's width (:func:`row_widths` is within about 10 % of Graphviz's).
PAGE_ROOM = 600
#: The least size (CSS pixels) of any text of a picture fitted to :data:`PAGE_ROOM`.
STILL_PX = 12

#: Inches of a side text's margins (the side node's ``margin`` is 0.04 each side).
SIDE_MARGIN = 0.08
#: A node's width when its shape gives none (inches).
DEFAULT_WIDTH = 0.75
#: Graphviz lays a row out wider than the sum of its parts (a parent sits over the middle
#: of its children, and subtrees do not interleave): the estimate is stretched by this.
SPREAD = 1.1


@dataclass(frozen=True)
class Tall:
    """Which side texts stand above their nodes, and how many ranks staggered leaves drop."""

    above: frozenset = frozenset()
    drops: dict = field(default_factory=dict)

    def __bool__(self):
        return bool(self.above or self.drops)


def budget(style) -> float:
    """The widest row (inches, before lecture mode's scale) whose values read at
    ``VALUE_PX`` and other text at ``TEXT_PX`` once the drawing is fitted to ``ROOM``."""
    from .labels import NARROW_BOARD_FONT_SIZE

    sizes = style.sizes
    value = NARROW_BOARD_FONT_SIZE if style.boards else sizes.font
    widest = min(value / lecture.VALUE_PX, min(sizes.side_font, sizes.name_font) / lecture.TEXT_PX)
    return round(widest * lecture.ROOM / 72, 2)


def footprint(spot, spec, sizes, *, under=False, above=False) -> float:
    """The width (inches) ``spot`` takes in its row: see the module's vocabulary.

    ``under``: its side text stands under it (a leaf of a narrow tree); ``above``: over it.
    """
    node = float(spec.parts.get("width", DEFAULT_WIDTH))
    side = _text_width(spec.side, sizes.side_font) + SIDE_MARGIN if spec.side else 0.0
    name = _text_width(spec.below, sizes.name_font) if spec.below else 0.0
    if under or above:
        return max(node, name, side if under else 0.0) + sizes.nodesep
    return max(node, name) + sizes.nodesep + (side + sizes.nodesep if side else 0.0)


def _text_width(text, font) -> float:
    return max(text_width(line, font) for line in text.split("\n"))


def row_widths(spots, specs, style, tall=Tall()) -> dict:
    """{(level, rank drop): estimated width in inches} of each row of the drawing."""
    rows = {}
    for spot, spec in zip(spots, specs):
        under = style.stacked and spot.is_leaf
        key = (len(spot.path), tall.drops.get(spot.id, 0))
        rows[key] = rows.get(key, 0.0) + footprint(
            spot, spec, style.sizes, under=under, above=spot.id in tall.above)
    return {key: round(width * SPREAD, 2) for key, width in rows.items()}


def tall_layout(spots, specs, style) -> Tall:
    """The :class:`Tall` layout of a drawing: nothing unless lecture mode's drawing has a row
    wider than its :func:`budget`; then side texts above inner nodes, then staggered leaves,
    in the rows that need them."""
    named = any(spec.below for spec in specs)
    if style.scale is None or not named:  # boards: their moves' labels need the ranks
        return Tall()
    most = budget(style)
    levels = {}
    for i, spot in enumerate(spots):
        levels.setdefault(len(spot.path), []).append(i)
    widths = row_widths(spots, specs, style)
    wide = [level for level, indices in levels.items() if widths[(level, 0)] > most]
    if not wide:
        return Tall()
    above = set()
    if named:  # a free rank over every level: the text beside a node can go up there
        above = {spots[i].id for level in wide for i in levels[level]
                 if specs[i].side and not (style.stacked and spots[i].is_leaf)}
    tall = Tall(frozenset(above))
    widths = row_widths(spots, specs, style, tall)
    drops = {}
    unders = any(specs[i].side and spots[i].is_leaf for i in range(len(spots)))
    drop = 1 + (LEVEL_RANKS - 2 if named else 0) + (1 if unders and style.stacked else 0)
    for level in wide:
        if widths[(level, 0)] <= most:
            continue
        for i in levels[level]:
            spot = spots[i]
            if spot.is_leaf and spot.index and spot.index[-1] % 2 == 1:
                drops[spot.id] = drop
    return Tall(frozenset(above), drops)


def fits_a_page(spots, specs, style) -> bool:
    """Whether a drawing's widest row, fitted to :data:`PAGE_ROOM`, keeps its smallest text
    at :data:`STILL_PX` (else :func:`~minimax_lessons.pictures.draw.draw_tree` draws it narrow:
    windows stacked, nodes close, the tree taller rather than wider).

    >>> from minimax_lessons import FIGURE_5_2, alphabeta, draw_tree
    >>> draw_tree(FIGURE_5_2).narrow, draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2,
    ...                                                                        trace=True)).narrow
    (False, True)
    """
    sizes = style.sizes
    least = min(sizes.font, sizes.side_font, sizes.name_font) * 4 / 3  # CSS px at 1:1
    widest = PAGE_ROOM / (STILL_PX / least) / 96  # inches
    return max(row_widths(spots, specs, style).values(), default=0.0) <= widest
