"""Rasterise SVG to PNG, so pictures show where SVG is refused.

Vocabulary:

- An *untrusted* notebook is one JupyterLab did not run itself (a lesson just
  opened, a notebook on GitHub, nbviewer or a class JupyterHub). JupyterLab then
  refuses its SVG outputs and sanitises its HTML (inline ``<svg>`` is stripped to
  its text), but shows PNG images, also inside HTML as ``<img src="data:...">``.
- So every drawing carries a PNG beside its SVG (:func:`svg_to_png`), and HTML that
  holds a picture embeds it as a PNG ``<img>`` (:func:`png_img_tag`).

The PNG comes from ``resvg`` (the pip package ``resvg-py``, pinned exactly), with
system fonts skipped and the DejaVu fonts that ship inside matplotlib loaded
instead, so the bytes are the same on every machine. Graphviz lays text out with
Helvetica's widths; DejaVu Sans is a little wider, which leaves labels centred and
readable. Without ``resvg-py`` there is no PNG (``None``) and the SVG and the text
fallback remain.

>>> png = svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="20pt" height="10pt"/>')
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import base64
import functools
import html
import importlib.util
import re
from pathlib import Path

__all__ = ["svg_to_png", "png_data_uri", "png_img_tag", "RASTER_REQUIREMENT"]

RASTER_REQUIREMENT = "resvg-py==0.5.0"
DPI = 96  # 1 pt = 4/3 px: the size a browser gives the same SVG
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
              "DejaVuSans-BoldOblique.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
              "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf")
FONT_FAMILY = re.compile(r'font-family="([^"]*)"')


def svg_to_png(svg: str) -> bytes | None:
    """PNG bytes of an SVG text, the same on every machine; None without ``resvg-py``."""
    resvg = _resvg()
    if resvg is None:
        return None
    try:
        return bytes(resvg.svg_to_bytes(svg_string=_with_known_fonts(svg), dpi=DPI,
                                        skip_system_fonts=True, font_files=_fonts(),
                                        sans_serif_family="DejaVu Sans",
                                        serif_family="DejaVu Serif",
                                        monospace_family="DejaVu Sans Mono",
                                        font_family="DejaVu Sans"))
    except ValueError as exc:
        raise ValueError(f"resvg could not rasterise this SVG: {exc}") from None


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
    # Found without importing matplotlib (that import alone takes most of a second).
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return []
    folder = Path(spec.submodule_search_locations[0]) / "mpl-data" / "fonts" / "ttf"
    return [str(folder / name) for name in FONT_FILES if (folder / name).exists()]


@functools.cache
def _resvg():
    try:
        import resvg_py
    except ImportError:
        return None
    return resvg_py
