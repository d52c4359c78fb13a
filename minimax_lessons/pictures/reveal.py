"""Results shown closed: a lesson's answer stays out of sight until the student opens it.

Vocabulary
----------
- A *prediction* asks the student before a lesson shows the answer. The cells below it
  show the answer: the text that explains it (a Markdown ``<details>`` block) and the
  output of the code that computes it. A :class:`Reveal` is that output, shown
  *closed*: an HTML ``<details>`` element with a one-line summary, which JupyterLab, an
  exported HTML page or slide deck, and GitHub all draw as a line to click. Its contents
  are shown as they would be on their own: a picture as a PNG ``<img>`` (which
  JupyterLab shows in a notebook it did not run itself), HTML as it is, anything else as
  its text in ``<pre>``.
- Run again, the cell makes the same closed output: the answer stays hidden until it is
  opened, also after Run All.

>>> shown = reveal("depth 4: 2,801 nodes", summary="The count")
>>> html = shown._repr_mimebundle_()["text/html"]
>>> html.startswith("<details><summary>The count</summary>"), "2,801" in html
(True, True)
>>> print(shown)
The count
depth 4: 2,801 nodes
"""

from __future__ import annotations

import base64
import html

from .jupyter import HTML, PNG, SVG, TEXT, mimebundle
from .raster import png_data_uri, png_img_tag

#: The line a closed result shows before it is opened.
SUMMARY = "The result (open it after you have checked your prediction)"


class Reveal:
    """Things to show closed under ``summary``, each as it would show on its own."""

    def __init__(self, things, summary=SUMMARY):
        if not isinstance(summary, str) or not summary.strip():
            raise ValueError(f"a reveal needs a summary line to click, not {summary!r}")
        self.things = tuple(things)
        self.summary = summary

    def html(self) -> str:
        """The ``<details>`` element, closed, holding every thing's HTML in order."""
        inner = "".join(_html_of(thing) for thing in self.things)
        return f"<details><summary>{html.escape(self.summary)}</summary>{inner}</details>"

    def text(self) -> str:
        """The summary, then every thing's text (what a plain-text display shows)."""
        return "\n".join([self.summary] + [_text_of(thing) for thing in self.things])

    def _repr_mimebundle_(self, include=None, exclude=None):
        return mimebundle({HTML: self.html, TEXT: self.text}, include, exclude)

    def __str__(self):
        return self.text()

    def __repr__(self):
        return f"<Reveal of {len(self.things)} thing{'s' if len(self.things) != 1 else ''}>"


def reveal(*things, summary=SUMMARY) -> Reveal:
    """Show ``things`` (text, pictures, anything that shows in Jupyter) closed, under
    ``summary``, until the student opens them."""
    if not things:
        raise ValueError("reveal() needs something to show")
    return Reveal(things, summary)


def _bundle(thing) -> dict:
    show = getattr(thing, "_repr_mimebundle_", None)
    bundle = dict(show(include=[SVG, PNG, HTML, TEXT]) or {}) if show else {}
    png = getattr(thing, "_repr_png_", None)
    if PNG not in bundle and SVG not in bundle and png is not None:
        bundle[PNG] = png()
    return bundle


def _text_of(thing) -> str:
    if isinstance(thing, str):
        return thing
    return _bundle(thing).get(TEXT) or repr(thing)


def _html_of(thing) -> str:
    """One thing as HTML: a picture as a PNG ``<img>``, HTML as it is, else its text."""
    if isinstance(thing, str):
        return f"<pre>{html.escape(thing)}</pre>"
    bundle = _bundle(thing)
    text = bundle.get(TEXT) or repr(thing)
    said = getattr(thing, "description", None)  # a picture in words, for its alt text
    text = said if isinstance(said, str) and said else text
    if SVG in bundle:
        img = png_img_tag(bundle[SVG], text)
        if img:
            return f"<div>{img}</div>"
    if PNG in bundle:
        png = bundle[PNG]
        data = base64.b64decode(png) if isinstance(png, str) else png
        return (f'<div><img src="{png_data_uri(data)}" alt="{html.escape(text, quote=True)}" '
                f'style="max-width: 100%; height: auto;"></div>')
    if HTML in bundle:
        return bundle[HTML]
    return f"<pre>{html.escape(text)}</pre>"


__all__ = ["Reveal", "reveal", "SUMMARY"]
