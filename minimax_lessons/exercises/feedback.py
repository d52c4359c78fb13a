"""Showing feedback: the HTML and text that checks display in a notebook.

Pure functions from results to strings, so feedback is testable as text. A
tree is drawn with :func:`minimax_lessons.pictures.draw.draw_tree` (notes such as
``"exp 3 / you 5"`` beside nodes, wrong ones highlighted); when drawing is not
available the same tree is written as indented text.

>>> from minimax_lessons import GameTree
>>> print(text_tree(GameTree.from_nested([[3, 1], 2]), {"A": "exp 2 / you 3"}, {"A"}))
A (MAX)  exp 2 / you 3  <--
├── B (MIN)
│   ├── B1 = 3
│   └── B2 = 1
└── C = 2
"""

from __future__ import annotations

import html
import re

from ..words import show_number

PASS_MARK, FAIL_MARK, WAIT_MARK = "\u2714", "\u2718", "?"


def show(value) -> str:
    """A value as a student writes it: 3, 2.5, +inf, 'X', [1, 2]."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return show_number(value)
    if hasattr(value, "type") and hasattr(value, "repr"):  # codec.Opaque
        return f"{value.repr} (a {value.type})"
    return repr(value)


def text_tree(game, notes=None, highlight=(), root=None) -> str:
    """A GameTree as indented text (chance outcomes with their ``p=``), with notes and
    ``<--`` at highlighted nodes."""
    notes = notes or {}
    root = game.root if root is None else root
    lines = []

    def label(name):
        node = game.node(name)
        text = f"{name} = {show(node.value)}" if node.is_leaf else f"{name} ({node.player.upper()})"
        if getattr(node, "probability", None) is not None:
            text += f"  p={show(node.probability)}"
        if name in notes:
            text += f"  {notes[name]}"
        if name in highlight:
            text += "  <--"
        return text

    def walk(name, prefix, last, top):
        if top:
            lines.append(label(name))
            child_prefix = ""
        else:
            lines.append(prefix + ("└── " if last else "├── ") + label(name))
            child_prefix = prefix + ("    " if last else "│   ")
        kids = game.children(name)
        for i, child in enumerate(kids):
            walk(child, child_prefix, i == len(kids) - 1, False)

    walk(root, "", True, True)
    return "\n".join(lines)


def tree_picture_html(game, notes=None, highlight=(), *, key=None, result=None) -> str:
    """The tree drawn as a PNG ``<img>`` when the drawing module can, else as text in <pre>.

    A PNG, not inline SVG: JupyterLab strips ``<svg>`` from the HTML of notebooks it
    did not run itself (and GitHub does too), leaving only its text; an ``<img>``
    shows everywhere. Its alt text is the tree as text. The tree is drawn narrow (small
    nodes close together: ``draw_tree(..., narrow=True)``) at the size of its content;
    in a narrower cell it shrinks to the cell's width, never behind a scroll bar. ``key``:
    ``[(mark, meaning)]`` written under the picture; ``result``: a search made with
    ``trace=True``, drawn under the notes (its values, its pruned leaves dashed).
    """
    text = text_tree(game, notes, highlight)
    svg = tree_svg(game, notes or {}, set(highlight), result)
    img = _png_img(svg, text) if svg else None
    legend = _key_html(key) if key else ""
    if img:
        return f'<div class="mml-tree">{img}</div>{legend}'
    return f"<pre>{html.escape(text)}</pre>{legend}"


def _key_html(key) -> str:
    items = "; ".join(f"<b>{html.escape(mark)}</b> {html.escape(meaning)}"
                      for mark, meaning in key)
    return f"<p style='margin: 0.2em 0; font-size: 0.95em;'>Key: {items}.</p>"


def _png_img(svg, alt):
    try:
        from ..pictures.raster import png_data_uri, svg_to_png
        png = svg_to_png(svg)
    except Exception:  # a picture is a nicety: never let it hide the feedback
        return None
    if png is None:
        return None
    width = int.from_bytes(png[16:20], "big")
    return (f'<img src="{png_data_uri(png)}" alt="{html.escape(alt, quote=True)}" '
            f'width="{width}" style="max-width: 100%; height: auto;">')


def smallest_text_px(svg: str) -> float | None:
    """The smallest font size in an SVG drawing, in CSS pixels at its own size (1pt = 4/3 px).

    >>> smallest_text_px('<svg width="10pt" height="5pt" viewBox="0 0 10 5"><text '
    ...                  'font-size="12.00">a</text><text font-size="9.00">b</text></svg>')
    12.0
    """
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    if not sizes:
        return None
    width = re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"', svg)
    box = re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+) [\d.]+"', svg)
    scale = float(width.group(1)) / float(box.group(1)) if width and box else 1.0
    return round(min(sizes) * scale * 4 / 3, 2)


def tree_svg(game, notes=None, highlight=(), result=None) -> str | None:
    """The SVG of the tree :func:`tree_picture_html` shows as a PNG (narrow, names shown), or
    None when it cannot be drawn."""
    try:
        from ..pictures.draw import draw_tree
    except ImportError:
        return None
    try:
        return draw_tree(game, notes=notes or {}, highlight=set(highlight), names=True,
                         result=result, narrow=True).svg()
    except Exception:  # drawing is a nicety: never let it hide the feedback
        return None


#: The three states of feedback: (mark, colour of its badge and border). The title is in
#: the page's own text colour, so it reads in JupyterLab's light and dark themes alike; the
#: mark stands white on its colour (at least 5:1 either way), which is the same on both.
STATES = {"right": (PASS_MARK, "#2e7d32"), "wrong": (FAIL_MARK, "#c62828"),
          "waiting": (WAIT_MARK, "#455a64")}


def box(passed, title: str, body: str) -> str:
    """The frame every piece of feedback is shown in: a green tick (``passed`` True), a red
    cross (False), or a grey question mark for a question still waiting for its answer
    (None: not a wrong answer, and not shown as one)."""
    state = "waiting" if passed is None else "right" if passed else "wrong"
    mark, colour = STATES[state]
    badge = (f'<span style="display: inline-block; min-width: 1.3em; text-align: center; '
             f'margin-right: 0.35em; border-radius: 3px; background-color: {colour}; '
             f'color: #ffffff;">{mark}</span>')
    return (f'<div class="mml-feedback mml-{state}" style="border-left: 4px solid {colour}; '
            f'padding: 0.3em 0.8em; margin: 0.3em 0;">'
            f'<div style="font-weight: bold;">{badge}{html.escape(title)}</div>'
            f"{body}</div>")


def para(text: str) -> str:
    return f"<p style='margin: 0.3em 0;'>{html.escape(text)}</p>"


def code(text: str) -> str:
    return (f"<pre style='margin: 0.3em 0; white-space: pre-wrap;'>"
            f"{html.escape(text)}</pre>")


def details(summary: str, inner_html: str) -> str:
    return f"<details><summary>{html.escape(summary)}</summary>{inner_html}</details>"


def capped(text: str, limit: int = 1500) -> str:
    """Output shown in feedback, cut with a note when long."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n... ({len(text) - limit:,} more characters not shown)"


__all__ = ["STATES", "show", "text_tree", "tree_picture_html", "tree_svg", "smallest_text_px", "box", "para", "code", "details", "capped"]
