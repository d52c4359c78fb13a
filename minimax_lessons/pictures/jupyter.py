"""Showing things in Jupyter: one display bundle, one widget class factory, one offline page.

Vocabulary
----------
- A *display bundle* is what Jupyter asks an object for when it ends a cell: a dict from
  MIME type to content (:data:`SVG`, :data:`PNG` as base64 text, :data:`HTML`,
  :data:`TEXT`, and :data:`WIDGET` for a widget's view). IPython asks through
  ``obj._repr_mimebundle_(include=None, exclude=None)``: ``include`` names the only
  types wanted, ``exclude`` types not wanted (``exclude`` wins); a cell's result and
  ``display(obj)`` name neither, so they get every type.
- A *maker* is a function of no argument that makes one type's content, or None for
  "not this time". :func:`mimebundle` calls only the makers of the types asked for, as
  the ``graphviz`` package does, so a PNG nobody asked for is never rasterised.
- A *picture* shows as SVG, as a PNG of it (for viewers that show no SVG:
  :mod:`minimax_lessons.pictures.raster`), as text, and first of all as HTML: one
  ``<img>`` of the SVG as wide as the picture or the output area, whichever is less
  (:func:`fitting_img`). JupyterLab prefers the HTML: it shows an ``image/svg+xml``
  output at its full size behind a scroll bar (its CSS scales inline ``<svg>``, not the
  ``<img>`` it renders SVG in), but scales every ``<img>`` in HTML to the width it has,
  in notebooks it ran and in those it did not (a ``data:`` image passes its sanitiser).
  :func:`picture_makers` makes all four.
- A *front-end* is a JavaScript module in ``minimax_lessons/static`` (``animation.js``,
  ``practice.js``) with its CSS beside it, ending with ``export default {...}``. In
  Jupyter it runs as an ``anywidget`` widget (:func:`widget_class` makes the class,
  importing anywidget only then). An object with a widget shows the widget where widgets
  run and a picture everywhere else: :func:`widget_makers`. That *still picture* carries
  a short *hint* under it (:func:`with_hint`: "Run this cell to play it step by step."),
  since it is what a student sees of a widget before running its cell, and again after
  reopening a saved notebook (:mod:`.saving` keeps the picture, not the widget, when
  the notebook is saved).
- A *caption* is text written under an SVG picture, wrapped to its width, the picture
  growing to hold it (:func:`add_caption`): the hint, and a frame's sentence.
- An *offline page* (:func:`offline_page`) is one self-contained HTML file that runs the
  same module with no kernel and no network: ``export default`` becomes a named
  ``const`` and the module, its CSS and its data are written into the page.

>>> made = []
>>> makers = {TEXT: lambda: "a tree", PNG: lambda: made.append("rasterised")}
>>> mimebundle(makers, include=[TEXT]), made
({'text/plain': 'a tree'}, [])
"""

from __future__ import annotations

import base64
import functools
import html
import re
import textwrap
import types
import xml.etree.ElementTree as ET
from pathlib import Path

from .raster import svg_pixels, svg_to_png
from .style import PALETTE

__all__ = ["SVG", "PNG", "HTML", "TEXT", "WIDGET", "STATIC", "wanted", "mimebundle",
           "picture_makers", "widget_makers", "png_base64", "fitting_img", "fitting_figure", "widget_class",
           "widget_view", "offline_page", "add_caption", "with_hint"]

SVG, PNG, HTML, TEXT = "image/svg+xml", "image/png", "text/html", "text/plain"
WIDGET = "application/vnd.jupyter.widget-view+json"
#: The front-ends' JavaScript and CSS (package data).
STATIC = Path(__file__).parents[1] / "static"


def wanted(mime: str, include=None, exclude=None) -> bool:
    """Whether a display asked for ``mime``: every type when it names none.

    >>> wanted(PNG), wanted(PNG, include=[SVG]), wanted(PNG, include=[PNG], exclude=[PNG])
    (True, False, False)
    """
    return (not include or mime in include) and not (exclude and mime in exclude)


def mimebundle(makers: dict, include=None, exclude=None) -> dict:
    """The display bundle: the maker of each type asked for, called once (None adds nothing)."""
    bundle = {}
    for mime, make in makers.items():
        if wanted(mime, include, exclude):
            content = make()
            if content is not None:
                bundle[mime] = content
    return bundle


def picture_makers(svg, text, *, alt=None) -> dict:
    """Makers of a picture's HTML, SVG, PNG and text, from functions making the SVG and the
    text; ``alt`` makes the HTML's ``alt`` text, the picture in words (by default the text).

    The SVG is made at most once, even when the HTML, the SVG and the PNG are all asked for.

    >>> makers = picture_makers(lambda: '<svg width="9pt" height="6pt"></svg>', lambda: "9x6")
    >>> sorted(mimebundle(makers, exclude=[PNG, HTML]).items())
    [('image/svg+xml', '<svg width="9pt" height="6pt"></svg>'), ('text/plain', '9x6')]
    """
    svg, text = functools.cache(svg), functools.cache(text)
    alt = text if alt is None else alt
    return {HTML: lambda: fitting_img(svg(), alt()), SVG: svg, PNG: lambda: png_base64(svg()),
            TEXT: text}


def widget_makers(widget, svg, text, *, hint=None, alt=None) -> dict:
    """Makers of a widget's view and of a picture (SVG, PNG, text) for where widgets do not run.

    ``widget``, ``svg`` and ``text`` are functions making the widget, the SVG and the text;
    ``hint`` is one line written under the picture, saying how to get the widget; ``alt``
    makes the picture's words (its alt text), by default the text.
    """
    still = svg if hint is None else (lambda: with_hint(svg(), hint))
    words = alt or text
    said = words if hint is None else (lambda: f"{words()} {hint}")
    return {WIDGET: lambda: widget_view(widget()), **picture_makers(still, text, alt=said)}


def png_base64(svg: str) -> str | None:
    """The SVG as a PNG in base64 text (a bundle's ``image/png``), or None without resvg."""
    png = svg_to_png(svg)
    return None if png is None else base64.b64encode(png).decode("ascii")


def fitting_img(svg: str, alt: str) -> str:
    """An ``<img>`` of the SVG text that is as wide as the picture (1 pt = 4/3 px) but never
    wider than the room it is shown in (``max-width: 100%``), its height in proportion.

    >>> fitting_img('<svg width="90pt" height="30pt"></svg>', "a <tree>")[:60]
    '<img src="data:image/svg+xml;base64,PHN2ZyB3aWR0aD0iOTBwdCIg'
    >>> fitting_img('<svg width="90pt" height="30pt"></svg>', "a <tree>")[-72:]
    'alt="a &lt;tree&gt;" width="120" style="max-width: 100%; height: auto;">'
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    size = svg_pixels(svg)
    width = f' width="{size[0]}"' if size else ""
    return (f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt, quote=True)}"'
            f'{width} style="max-width: 100%; height: auto;">')


def fitting_figure(svgs, alts) -> str:
    """Pictures side by side (each a :func:`fitting_img`) where the room allows, one under
    the other where it does not: a lecture tree and its key, beside each other on a slide,
    the key under the tree in a notebook's column.

    >>> figure = fitting_figure(['<svg width="9pt" height="6pt"></svg>'] * 2, ["a", "b"])
    >>> figure.count("<img "), figure.startswith('<div class="mm-figure"')
    (2, True)
    """
    images = "".join(fitting_img(svg, alt) for svg, alt in zip(svgs, alts))
    return (f'<div class="mm-figure" style="display: flex; flex-wrap: wrap; '
            f'align-items: flex-start; gap: 8px 24px;">{images}</div>')


def widget_view(widget) -> dict | None:
    """A widget's view in a bundle (``{"model_id": ...}``), as ipywidgets or anywidget say it."""
    shown = widget._repr_mimebundle_()
    data = shown[0] if isinstance(shown, tuple) else shown
    return (data or {}).get(WIDGET)


def widget_class(name: str, front_end: str, *, module: str, doc: str, **traits) -> type:
    """An anywidget class running ``static/<front_end>.js`` (and its CSS), with ``traits``.

    ``module`` and ``name`` say where the class is documented (``__name__`` of the
    module that offers it). The traits are traitlets tagged ``sync=True``; callers make
    them, and cache the class (one class per front-end in a process).
    """
    import anywidget

    body = {"__doc__": doc, "__module__": module, "_esm": _read(f"{front_end}.js"),
            "_css": _read(f"{front_end}.css"), **traits}
    made = types.new_class(name, (anywidget.AnyWidget,), exec_body=lambda ns: ns.update(body))
    made.__qualname__ = name
    return made


def offline_page(front_end: str, *, name: str, title: str, data: str, start: str,
                 heading=False, extra_css="") -> str:
    """One self-contained HTML page running ``static/<front_end>.js`` with ``data`` (JSON text).

    The module is written into the page as ``const <name> = {...}``; the page holds a
    ``<div id="<name>">`` for it and its data in ``<script id="<front_end>-data">``;
    ``start`` is the JavaScript that starts it (the lines after the module). ``heading``
    puts the title above it too; ``extra_css`` comes after the module's own CSS.

    >>> page = offline_page("practice", name="practice", title="A & B", data="{}", start="")
    >>> "<title>A &amp; B</title>" in page and "const practice =" in page
    True
    """
    script = _read(f"{front_end}.js")
    if "\nexport default" not in script:
        raise RuntimeError(f"{front_end}.js must end with its `export default` line")
    script = script.replace("\nexport default", f"\nconst {name} =", 1)
    title = html.escape(title)
    return _PAGE.format(title=title, css=_read(f"{front_end}.css") + extra_css,
                        heading=f'<h1 style="font-size: 1.3em;">{title}</h1>\n' if heading else "",
                        name=name, front_end=front_end, payload=data.replace("</", "<\\/"),
                        script=script, start=start)


# -- captions under a picture ------------------------------------------------------------

SVG_NS = "http://www.w3.org/2000/svg"
#: A caption: its font size (points), the width of an average Helvetica character and the
#: distance between lines (in ems), and at least this many characters a line however
#: narrow the picture.
CAPTION_FONT_SIZE = 14.0
CAPTION_CHAR_EM = 0.52
CAPTION_LINE_EM = 1.3
CAPTION_MIN_CHARS = 20


def add_caption(root, text, *, size=CAPTION_FONT_SIZE, klass="mm-caption", italic=False):
    """Write ``text`` below the SVG element ``root`` (ElementTree), wrapped to its width.

    The picture grows by the lines written (its ``viewBox`` and its ``height``); sizes are
    in the ``viewBox``'s units, which are points in a Graphviz drawing.
    """
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    per_line = max(CAPTION_MIN_CHARS, int(width / (CAPTION_CHAR_EM * size)))
    lines = textwrap.wrap(text, per_line) or [""]
    extra = (len(lines) + 0.6) * size * CAPTION_LINE_EM
    background = ET.SubElement(root, f"{{{SVG_NS}}}rect", x=f"{x0:g}", y=f"{y0 + height:g}",
                               width=f"{width:g}", height=f"{extra:g}", fill="white")
    background.tail = "\n"
    for n, line in enumerate(lines, start=1):
        t = ET.SubElement(root, f"{{{SVG_NS}}}text", x=f"{x0 + size:g}",
                          y=f"{y0 + height + n * size * CAPTION_LINE_EM:g}")
        t.set("font-family", "Helvetica,sans-Serif")
        t.set("font-size", f"{size:g}")
        t.set("fill", PALETTE["ink"])
        if italic:
            t.set("font-style", "italic")
        t.set("class", klass)
        t.text = line
    root.set("viewBox", f"{x0:g} {y0:g} {width:g} {height + extra:g}")
    shown = re.fullmatch(r"([\d.]+)([a-z%]*)", root.get("height", ""))
    if shown:  # the height on the page grows in proportion
        root.set("height", f"{float(shown[1]) * (height + extra) / height:g}{shown[2]}")


def with_hint(svg: str, hint: str) -> str:
    """The SVG text with ``hint`` written under it, in italics (a widget's still picture).

    >>> still = with_hint('<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="100pt" '
    ...                   'viewBox="0 0 200 100"></svg>', "Run this cell to play it.")
    >>> 'height="129.12pt"' in still and ">Run this cell to play it.</text>" in still
    True
    """
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ET.fromstring(svg[svg.index("<svg"):])
    if root.get("viewBox") is None:
        return svg
    add_caption(root, hint, klass="mm-hint", italic=True)
    return ET.tostring(root, encoding="unicode")


def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 16px; font-family: Helvetica, Arial, sans-serif; background: #ffffff; }}
{css}
</style>
</head>
<body>
{heading}<div id="{name}"></div>
<script type="application/json" id="{front_end}-data">{payload}</script>
<script type="module">
{script}
{start}</script>
</body>
</html>
"""
