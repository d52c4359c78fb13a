"""Rasterise SVG to PNG, so pictures show where SVG is refused.

Vocabulary:

- An *untrusted* notebook is one JupyterLab did not run itself (a lesson just
  opened, a notebook on GitHub, nbviewer or a class JupyterHub). JupyterLab then
  refuses its SVG outputs and sanitises its HTML (inline ``<svg>`` is stripped to
  its text), but shows PNG images, also inside HTML as ``<img src="data:...">``.
- So every drawing carries a PNG beside its SVG (:func:`svg_to_png`), and HTML that
  holds a picture embeds it as a PNG ``<img>`` (:func:`png_img_tag`).
- The PNG has the size a browser gives the SVG, but at most :data:`MAX_PNG_WIDTH`
  pixels wide: a wider drawing is *scaled down* to that width, its height in
  proportion (the SVG keeps every detail). Rasterising costs time for every pixel and
  every text: the 1,093-node tree is 37,925 pixels wide at full size. Text that the
  scaling makes smaller than :data:`SMALLEST_PNG_TEXT_PX` is left out of the PNG: nobody
  can read it, and shaping it would be most of the work.

The PNG comes from ``resvg`` (the pip package ``resvg-py``, pinned exactly), with
system fonts skipped and the DejaVu fonts that ship inside matplotlib loaded
instead, so the bytes are the same on every machine. Graphviz lays text out with
Helvetica's widths (its own table of them: each byte of the text's UTF-8 counted, a byte
past ASCII as a space), and a browser draws it in Helvetica or a font of the same widths
(Arial, Liberation Sans); DejaVu Sans is about a tenth wider, enough for two edge labels
side by side to run into one ("heads p=0.5tails p=0.5"). So each sans-serif text is
held to the width Graphviz gave it (:func:`planned_width`, SVG's ``textLength``): the
PNG's texts stand where the browser's do. Without ``resvg-py`` there is no PNG (``None``)
and the SVG and the text fallback remain.

>>> png = svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="20pt" height="10pt"/>')
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> svg_pixels('<svg width="28444pt" height="436pt" viewBox="0 0 28444 436">')
(37925, 581)
"""

from __future__ import annotations

import base64
import functools
import html
import importlib.util
import re
from pathlib import Path

__all__ = ["svg_to_png", "svg_pixels", "png_data_uri", "png_img_tag", "RASTER_REQUIREMENT",
           "MAX_PNG_WIDTH", "SMALLEST_PNG_TEXT_PX"]

RASTER_REQUIREMENT = "resvg-py==0.5.0"
DPI = 96  # 1 pt = 4/3 px: the size a browser gives the same SVG
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
              "DejaVuSans-BoldOblique.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
              "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf")
FONT_FAMILY = re.compile(r'font-family="([^"]*)"')
#: The widest PNG made, in pixels; a wider drawing is scaled down to this width.
MAX_PNG_WIDTH = 4000
#: In a scaled-down PNG, text smaller than this (its font size, in pixels) is left out.
SMALLEST_PNG_TEXT_PX = 4
PX_PER_PT = DPI / 72
SVG_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)(pt|px)?"[^>]*?\sheight="([\d.]+)(pt|px)?"')
TEXT = re.compile(r'<text\b[^>]*?\sfont-size="([\d.]+)"[^>]*>.*?</text>\s*', re.S)
#: A text element with nothing but text inside (not a self-closing one): its attributes
#: and its text.
PLAIN_TEXT = re.compile(r'<text\b([^>]*?)(?<!/)>([^<]*)</text>')
FONT_SIZE = re.compile(r'\sfont-size="([\d.]+)"')
#: Adobe's metrics of the PostScript fonts, shipped with matplotlib (the widths Graphviz's
#: table holds for Helvetica).
AFM_FILES = {False: "Helvetica.afm", True: "Helvetica-Bold.afm"}


def svg_to_png(svg: str, *, max_width: int = MAX_PNG_WIDTH) -> bytes | None:
    """PNG bytes of an SVG text, the same on every machine; None without ``resvg-py``.

    At most ``max_width`` pixels wide: a wider drawing is scaled down, its height in
    proportion, and text too small to read at that scale is left out.
    """
    resvg = _resvg()
    if resvg is None:
        return None
    if max_width < 1:
        raise ValueError(f"max_width must be a positive number of pixels, not {max_width!r}")
    size = {}
    pixels = svg_pixels(svg)
    if pixels is not None and pixels[0] > max_width:
        scale = max_width / pixels[0]
        svg = _without_small_text(svg, scale)
        size = {"width": max_width}
    try:
        return bytes(resvg.svg_to_bytes(svg_string=_with_known_fonts(_at_planned_widths(svg)),
                                        dpi=DPI, **size,
                                        skip_system_fonts=True, font_files=_fonts(),
                                        sans_serif_family="DejaVu Sans",
                                        serif_family="DejaVu Serif",
                                        monospace_family="DejaVu Sans Mono",
                                        font_family="DejaVu Sans"))
    except ValueError as exc:
        raise ValueError(f"resvg could not rasterise this SVG: {exc}") from None


def svg_pixels(svg: str) -> tuple | None:
    """(width, height) in pixels a browser gives an SVG (1 pt = 4/3 px), or None if its
    root element does not say (no ``width``/``height``, or sizes in other units)."""
    match = SVG_SIZE.search(svg)
    if match is None:
        return None
    width, width_unit, height, height_unit = match.groups()
    return (round(float(width) * (PX_PER_PT if width_unit == "pt" else 1)),
            round(float(height) * (PX_PER_PT if height_unit == "pt" else 1)))


def png_data_uri(png: bytes) -> str:
    """A ``data:`` URI holding PNG bytes (for ``<img src=...>``).

    >>> png_data_uri(b"abc")
    'data:image/png;base64,YWJj'
    """
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def png_img_tag(svg: str, alt: str) -> str | None:
    """An ``<img>`` showing the SVG as PNG (shown in untrusted notebooks too), or None."""
    png = svg_to_png(svg)
    if png is None:
        return None
    return (f'<img src="{png_data_uri(png)}" alt="{html.escape(alt, quote=True)}" '
            f'style="max-width: 100%; height: auto;">')


def _without_small_text(svg: str, scale: float) -> str:
    """The SVG less its texts that would be under SMALLEST_PNG_TEXT_PX once scaled."""
    def keep(match):
        readable = float(match.group(1)) * PX_PER_PT * scale >= SMALLEST_PNG_TEXT_PX
        return match.group(0) if readable else ""
    return TEXT.sub(keep, svg)


def planned_width(text: str, size: float, *, bold: bool = False) -> float | None:
    """The width (points) of ``text`` (its XML entities decoded) in Helvetica at ``size``
    points, as Graphviz plans it: each byte of its UTF-8 in Helvetica's widths, a byte
    past ASCII counted as a space. A browser's Helvetica (or Arial, Liberation Sans) draws
    ASCII text exactly this wide. ``bold``: Helvetica Bold's widths, which a browser draws
    (Graphviz's table for bold text is narrower). None without the metrics.

    >>> planned_width("heads p=0.5", 10)  # Graphviz's xdot output says 55.33
    55.32
    >>> planned_width("&#945;=&#45;2", 10) == planned_width("α=-2", 10)  # α: two bytes
    True
    >>> planned_width("α=-2", 10) == (2 * 278 + 584 + 333 + 556) / 100
    True
    """
    widths = _helvetica(bold)
    if widths is None:
        return None
    units = sum(widths.get(byte if byte < 128 else 32, 0)
                for byte in html.unescape(text).encode("utf-8"))
    return round(units * size / 1000, 2)


def _at_planned_widths(svg: str) -> str:
    """The SVG with each sans-serif text held to its :func:`planned_width` (``textLength``,
    glyphs and spacing scaled alike), its family its own or the drawing's; monospaced and
    serif texts as they were (DejaVu Sans Mono has Courier's widths)."""
    root = re.search(r"<svg\b[^>]*>", svg)
    inherited = FONT_FAMILY.search(root.group(0)) if root else None
    inherited = inherited.group(1).lower() if inherited else "sans-serif"

    def held(match):
        attrs, text = match.groups()
        family = FONT_FAMILY.search(attrs)
        size = FONT_SIZE.search(attrs)
        names = family.group(1).lower() if family else inherited
        sans = any(name in names for name in ("helvetica", "arial", "sans")) and \
            not any(name in names for name in ("mono", "courier"))
        if not sans or not text.strip() or size is None or "textLength" in attrs:
            return match.group(0)
        width = planned_width(text, float(size.group(1)), bold='font-weight="bold"' in attrs)
        if not width:
            return match.group(0)
        return (f'<text{attrs} textLength="{width:g}" lengthAdjust="spacingAndGlyphs">'
                f'{text}</text>')
    return PLAIN_TEXT.sub(held, svg)


@functools.cache
def _helvetica(bold: bool) -> dict | None:
    """Character code -> width (thousandths of an em) from Helvetica's AFM file, or None."""
    folder = _matplotlib_fonts()
    if folder is None:
        return None
    try:
        lines = (folder / "pdfcorefonts" / AFM_FILES[bold]).read_text(encoding="latin-1")
    except OSError:
        return None
    widths = {}
    for line in lines.splitlines():  # C 32 ; WX 278 ; N space ; B 0 0 0 0 ;
        fields = dict(part.strip().partition(" ")[::2] for part in line.split(";"))
        code, width = fields.get("C", ""), fields.get("WX", "")
        if line.startswith("C ") and code.isdigit() and width.isdigit():
            widths[int(code)] = int(width)
    return widths or None


def _with_known_fonts(svg: str) -> str:
    """Map Graphviz's font names (Helvetica, Times, Courier) onto the shipped DejaVu fonts."""
    def family(match):
        names = match.group(1).lower()
        if "mono" in names or "courier" in names:
            return 'font-family="DejaVu Sans Mono"'
        if "times" in names or ("serif" in names and "sans" not in names):
            return 'font-family="DejaVu Serif"'
        return 'font-family="DejaVu Sans"'
    return FONT_FAMILY.sub(family, svg)


@functools.cache
def _fonts() -> list:
    folder = _matplotlib_fonts()
    if folder is None:
        return []
    return [str(folder / "ttf" / name) for name in FONT_FILES if (folder / "ttf" / name).exists()]


@functools.cache
def _matplotlib_fonts() -> Path | None:
    """matplotlib's folder of fonts and font metrics, found without importing matplotlib
    (that import alone takes most of a second); None without matplotlib."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(spec.submodule_search_locations[0]) / "mpl-data" / "fonts"


@functools.cache
def _resvg():
    try:
        import resvg_py
    except ImportError:
        return None
    return resvg_py
