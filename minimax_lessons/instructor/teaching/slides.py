"""Slide metadata for the lessons: which cell starts a slide, from a few simple rules.

Vocabulary
----------
- A lesson is shown as slides by RISE (``jupyterlab-rise``, live, in JupyterLab)
  or by ``jupyter nbconvert --to slides`` (a static reveal.js deck). Both read
  each cell's ``metadata.slideshow.slide_type``: ``"slide"`` starts a new slide
  (left to right), ``"subslide"`` a new slide below it (the same section, one
  screen further), ``"skip"`` hides the cell, ``"-"`` keeps it on the slide of
  the cell before.
- The *rules* (:func:`slide_types`), applied to the cells in order:

  1. a markdown cell that opens with a ``#`` or ``##`` heading starts a
     ``slide`` (a lesson's title and each section);
  2. a code cell that only imports names and shows nothing is ``skip``
     (setup: run it, no need to project it);
  3. a cell that shows a picture (a tree, a player, a board, a plot: :func:`shows_picture`)
     has a slide of its own, with its code: it starts a ``subslide`` (unless the slide
     is still empty) and the cell after it starts another. On that slide the picture
     takes all the height its code leaves (``notebooks/rise.css``), so that a tree reads
     from the back of the room;
  4. any other cell stays on the current slide (``-``) while the slide's
     estimated height (:func:`cell_height`) fits :data:`SLIDE_HEIGHT`;
     the cell that would overflow it starts a ``subslide`` instead.

- :func:`cell_height` estimates in CSS pixels how tall a cell is on a 1280x720
  projector: lines of prose and code (one line for a source JupyterLab collapses,
  ``metadata.jupyter.source_hidden``), and the stored outputs (pictures by their
  own size, capped as ``notebooks/rise.css`` caps them; the animation player by
  its picture plus its controls). It only needs to be good enough to split long
  sections; the browser test ``tests/browser/test_slides.py`` measures the real
  slides.

The rules depend only on the cells' text and stored outputs, so applying them is
idempotent. After adding or changing a lesson (or re-running it), apply them
again with ``make slide-metadata``, which runs::

    python -m minimax_lessons.instructor.teaching.slides notebooks/[0-9][0-9]-*.ipynb

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[
...     nbformat.v4.new_markdown_cell("# Lesson 9: Try it"),
...     nbformat.v4.new_code_cell("from minimax_lessons import minimax"),
...     nbformat.v4.new_markdown_cell("Some prose."),
...     nbformat.v4.new_markdown_cell("## A section")])
>>> slide_types(nb)
['slide', 'skip', '-', 'slide']
"""

from __future__ import annotations

import ast
import base64
import math
import re
import struct
import sys
from pathlib import Path

import nbformat

__all__ = ["slide_types", "cell_height", "shows_picture", "apply_slide_metadata", "stale_cells",
           "too_tall_cells", "SLIDE_HEIGHT", "COMMAND"]

#: What a lecturer runs to (re)apply the rules to every lesson.
COMMAND = "make slide-metadata"
#: Estimated pixels one slide may hold: a 720-pixel-high projector less RISE's margins.
SLIDE_HEIGHT = 540
#: A cell estimated taller than this cannot fit a 720-pixel slide on its own.
SCREEN_HEIGHT = 720
# The player's figures on a slide (width, tallest picture, controls): shared with the
# players the decks and lecture mode embed.
from ...animation.iframe import CONTENT_WIDTH, PICTURE_HEIGHT, PLAYER_CONTROLS  # noqa: E402

CODE_LINE = 18        # px per line of code or text output (13 px monospace)
PROSE_LINE = 22       # px per line of markdown text
PROSE_CHARS = 120     # characters per line of prose at 1280 px
CODE_CHARS = 140      # characters per line of code output
HEADINGS = {1: 48, 2: 40, 3: 32, 4: 28}
CELL_PADDING = 14
HEADING = re.compile(r"^(#{1,6})\s")


def slide_types(nb) -> list[str]:
    """The slide type of every cell of ``nb`` (a notebook node), by the module's rules."""
    types, used = [], 0
    for cell in nb.cells:
        height = SLIDE_HEIGHT if shows_picture(cell) else cell_height(cell)
        if starts_section(cell):
            kind, used = "slide", height
        elif is_setup(cell):
            kind = "skip"
        elif types and used + height > SLIDE_HEIGHT and used > 0:
            kind, used = "subslide", height
        else:
            kind, used = "-" if types else "slide", used + height
        types.append(kind)
    return types


def starts_section(cell) -> bool:
    """True for a markdown cell opening with a level-1 or level-2 heading.

    >>> starts_section(nbformat.v4.new_markdown_cell("## Why prune?"))
    True
    >>> starts_section(nbformat.v4.new_markdown_cell("### A detail"))
    False
    """
    if cell.cell_type != "markdown":
        return False
    match = HEADING.match(cell.source.lstrip())
    return bool(match) and len(match.group(1)) <= 2


_CLOSED = re.compile(r"<details\b.*?</details>", re.I | re.S)


def shows_picture(cell) -> bool:
    """True for a code cell whose stored outputs show a picture: SVG or PNG, a widget (a
    player, a board, practice), or HTML with an image or a player in it (not one shut in
    a ``<details>`` a lecturer opens by a click).

    >>> shows_picture(nbformat.v4.new_code_cell("x = 1"))
    False
    """
    if cell.cell_type != "code":
        return False
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if {"image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json"} & set(data):
            return True
        if re.search(r"<(img|iframe)\b", _CLOSED.sub("", str(data.get("text/html", ""))), re.I):
            return True
    return False


def is_setup(cell) -> bool:
    """True for a code cell of imports only that shows nothing.

    >>> is_setup(nbformat.v4.new_code_cell("import math\\nfrom minimax_lessons import minimax"))
    True
    >>> is_setup(nbformat.v4.new_code_cell("import math\\nmath.inf"))
    False
    """
    if cell.cell_type != "code" or cell.get("outputs"):
        return False
    try:
        tree = ast.parse(cell.source)
    except SyntaxError:
        return False
    return bool(tree.body) and all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in tree.body)


# ---------------------------------------------------------------- how tall a cell is

def cell_height(cell) -> int:
    """Estimated height of ``cell`` on a slide, in CSS pixels (source and outputs).

    >>> cell_height(nbformat.v4.new_code_cell("x = 1\\ny = 2"))
    50
    """
    if cell.cell_type == "markdown":
        return markdown_height(cell.source) + CELL_PADDING
    if cell.cell_type != "code":
        return prose_height(cell.source) + CELL_PADDING
    collapsed = cell.get("metadata", {}).get("jupyter", {})
    lines = 1 if collapsed.get("source_hidden") else len(cell.source.splitlines() or [""])
    height = lines * CODE_LINE + CELL_PADDING
    if collapsed.get("outputs_hidden") and cell.get("outputs"):
        return height + CODE_LINE
    return height + sum(output_height(out) for out in cell.get("outputs", []))


def markdown_height(text: str) -> int:
    """Pixels of rendered markdown: headings, wrapped prose lines, table rows, gaps.

    >>> markdown_height("## Title\\n\\nOne line.")
    76
    """
    height, fenced = 0, False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            height += CODE_LINE // 2
        elif fenced:
            height += CODE_LINE
        elif not stripped:
            height += 14
        elif (match := HEADING.match(stripped)):
            height += HEADINGS.get(len(match.group(1)), 26)
        elif stripped.startswith("|"):
            height += 0 if set(stripped) <= set("|-: ") else 30
        else:
            height += PROSE_LINE * math.ceil(len(stripped) / PROSE_CHARS)
    return height


def prose_height(text: str, chars=PROSE_CHARS, line=PROSE_LINE) -> int:
    """Pixels of plain text wrapped at ``chars`` characters a line."""
    return sum(line * max(1, math.ceil(len(row) / chars)) for row in text.splitlines())


def output_height(output) -> int:
    """Estimated pixels of one stored output, as JupyterLab would render it."""
    kind = output.get("output_type")
    if kind == "stream":
        return prose_height(output.get("text", ""), CODE_CHARS, CODE_LINE) + 8
    if kind == "error":
        return len(output.get("traceback", [])) * 3 * CODE_LINE
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        picture = picture_height(data) if ("image/svg+xml" in data or "image/png" in data) else 200
        return picture + PLAYER_CONTROLS
    if "image/svg+xml" in data or "image/png" in data:  # a picture (its HTML: an <img> of it)
        return picture_height(data) + 8
    if "text/html" in data:
        return html_height(data["text/html"]) + 8
    if "text/markdown" in data:
        return markdown_height(data["text/markdown"]) + 8
    return prose_height(data.get("text/plain", ""), CODE_CHARS, CODE_LINE) + 8


def picture_height(data) -> int:
    """Pixels of an SVG or PNG output, shrunk to the slide's width and capped in height."""
    width, height = picture_size(data)
    if width > CONTENT_WIDTH:
        width, height = CONTENT_WIDTH, height * CONTENT_WIDTH / width
    return int(min(height, PICTURE_HEIGHT))


_SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)(pt|px)?"[^>]*?\bheight="([\d.]+)(pt|px)?"', re.S)


def picture_size(data) -> tuple[float, float]:
    """(width, height) in CSS pixels of the SVG (points are 4/3 px) or else the PNG."""
    svg = data.get("image/svg+xml")
    if svg and (match := _SVG_SIZE.search(svg)):
        scale = 4 / 3 if match.group(2) == "pt" else 1
        return float(match.group(1)) * scale, float(match.group(3)) * scale
    png = data.get("image/png")
    if png:
        head = base64.b64decode(png[:64])
        width, height = struct.unpack(">II", head[16:24])
        return float(width), float(height)
    return float(CONTENT_WIDTH), 200.0


_PNG_IN_HTML = re.compile(r'<img\b[^>]*?src="data:image/png;base64,([A-Za-z0-9+/=]{64})', re.I)


def html_height(html: str) -> int:
    """Pixels of an HTML output: its pictures, preformatted lines, table rows, paragraphs, text.

    >>> html_height("<p>Board:</p><pre>x o .\\n. x .\\no . x</pre>")
    84
    """
    pictures = sum(picture_height({"image/png": m.group(1)}) for m in _PNG_IN_HTML.finditer(html))
    pictures += sum(picture_height({"image/svg+xml": m.group(0)})
                    for m in re.finditer(r"<svg\b[^>]*>", html, re.I))
    preformatted = sum(CODE_LINE * (block.count("\n") + 1)
                       for block in re.findall(r"<pre\b.*?</pre>", html, re.I | re.S))
    html = re.sub(r"<(svg|style|pre)\b.*?</\1>", " ", html, flags=re.I | re.S)
    rows = len(re.findall(r"<tr\b", html, re.I))
    blocks = len(re.findall(r"<(p|li|div|h\d|br|pre)\b", html, re.I))
    text = re.sub(r"<[^>]+>", " ", html)
    text = re.sub(r"\s+", " ", text).strip()
    return (pictures + preformatted + rows * 30 + max(blocks, 1) * 8
            + PROSE_LINE * math.ceil(len(text) / PROSE_CHARS))


# ---------------------------------------------------------------- applying and checking

def stale_cells(nb) -> list[tuple[int, str | None, str]]:
    """(index, stored slide type, rule's slide type) of each cell whose metadata differs."""
    stored = [cell.get("metadata", {}).get("slideshow", {}).get("slide_type") for cell in nb.cells]
    return [(i, have, want) for i, (have, want) in enumerate(zip(stored, slide_types(nb)))
            if have != want]


def too_tall_cells(nb) -> list[tuple[int, int]]:
    """(index, estimated height) of each cell too tall for a slide even on its own.

    No slide type helps such a cell: shorten it or split it in two.

    >>> too_tall_cells(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x\\n" * 50)]))
    [(0, 914)]
    """
    return [(i, h) for i, cell in enumerate(nb.cells)
            if (h := cell_height(cell)) > SCREEN_HEIGHT and cell.cell_type != "raw"]


def apply_slide_metadata(path) -> int:
    """Write the rules' slide types into the notebook at ``path``; the number of cells changed."""
    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    changed = stale_cells(nb)
    if changed:
        for cell, kind in zip(nb.cells, slide_types(nb)):
            cell.metadata.setdefault("slideshow", {})["slide_type"] = kind
        nbformat.write(nb, path)
    return len(changed)


def main(argv=None) -> int:
    """``python -m minimax_lessons.instructor.teaching.slides NOTEBOOK...``: apply the rules
    in place."""
    paths = argv if argv is not None else sys.argv[1:]
    if not paths:
        print("usage: python -m minimax_lessons.instructor.teaching.slides NOTEBOOK.ipynb...",
              file=sys.stderr)
        return 2
    for path in paths:
        if not Path(path).is_file():
            print(f"slides: no notebook at {path}", file=sys.stderr)
            return 2
        changed = apply_slide_metadata(path)
        print(f"{path}: {changed} cell(s) changed" if changed else f"{path}: up to date")
        for i, height in too_tall_cells(nbformat.read(path, as_version=4)):
            print(f"{path}: warning: cell {i + 1} is about {height} px tall, more than a "
                  f"{SCREEN_HEIGHT}-pixel slide holds; shorten or split it", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
