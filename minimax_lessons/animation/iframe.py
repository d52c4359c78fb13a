"""An animation's player inside an ``<iframe>``, sized for a 1280x720 slide.

Slides cannot run Jupyter widgets everywhere (offline reveal.js decks; jupyterlab-rise's
presenter), so there the player is the self-contained page
:meth:`~minimax_lessons.animation.player.Animation.save` writes, inside an ``<iframe srcdoc>``.
This module knows only sizes and HTML: the page itself is made by
:mod:`minimax_lessons.animation.player`, and the slide rules
(:mod:`minimax_lessons.instructor.teaching.slides`)
use the same figures to leave room for each player.

>>> player_height('<svg width="1100pt" height="150pt">'), player_height('<svg width="9" height="9">')
(370, 580)
>>> iframe("<p>page</p>", '<svg width="9" height="9">', "A").startswith('<iframe class="mm-player"')
True

In a notebook the player's ``<iframe>`` comes with the player's still picture
(:func:`with_still`), which shows only where the iframe cannot: in a notebook opened
untrusted, JupyterLab's sanitiser drops the iframe.
"""

from __future__ import annotations

import html
import re

__all__ = ["CONTENT_WIDTH", "PICTURE_HEIGHT", "PLAYER_CONTROLS", "FRAME_CSS",
           "player_height", "iframe", "with_still", "STILL_CLASS"]

#: Widest a picture is drawn (CSS pixels) in a slide at 1280 pixels, prompts aside.
CONTENT_WIDTH = 1100
#: Tallest a picture is drawn: the cap in notebooks/rise.css (100vh - 360px at 720).
PICTURE_HEIGHT = 360
#: Height of the animation player around its picture: caption, buttons, slider, key.
PLAYER_CONTROLS = 220
#: Inside its frame the player fills the frame's height, and its tree takes what the
#: controls leave: :data:`PLAYER_CONTROLS` in the default sizes, more in lecture mode (larger
#: buttons and caption), where the tree is drawn smaller rather than the key cut off; there
#: the key keeps the default size, two lines on a slide instead of four.
FRAME_CSS = """
body { margin: 4px; }
.mmla { display: flex; flex-direction: column; height: calc(100vh - 8px); }
.mmla > * { flex: none; }
.mmla > .mmla-stage { flex: 1 1 0; min-height: 0; max-height: none; display: flex; }
.mmla-stage > * { flex: 1 1 0; min-width: 0; min-height: 0; }
.mmla-stage.mmla-fitted svg { height: 100%; max-height: 100%; }
.mmla.mmla-lecture .mmla-key { font-size: 17px; gap: 2px 14px; }
"""
_SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)(pt|px)?"[^>]*?\bheight="([\d.]+)(pt|px)?"', re.S)


def player_height(svg: str) -> int:
    """Pixels of the frame a player needs: its tree fitted to the slide's width, capped, plus controls."""
    match = _SVG_SIZE.search(svg)
    if not match:
        return PICTURE_HEIGHT + PLAYER_CONTROLS
    width, height = float(match.group(1)), float(match.group(3))
    return int(min(height * CONTENT_WIDTH / width, PICTURE_HEIGHT)) + PLAYER_CONTROLS


def iframe(page: str, svg: str, title: str) -> str:
    """An ``<iframe>`` showing ``page`` (a whole HTML page) as tall as a player of ``svg`` needs."""
    return (f'<iframe class="mm-player" title="{html.escape(title)}" '
            f'style="width: 100%; border: 0; display: block; height: {player_height(svg)}px" '
            f'srcdoc="{html.escape(page, quote=True)}"></iframe>')


#: The class of the still picture that stands in for a player where its iframe is dropped.
STILL_CLASS = "mm-still"


def with_still(player: str, still: str) -> str:
    """The HTML of a player's ``<iframe>`` (``player``) and, after it, its still picture
    (``still``: an ``<img>`` and the hint to run the cell), which a ``<style>`` hides.

    Where HTML is trusted (a notebook JupyterLab ran, a page nbconvert exported, a RISE
    slide) the player plays and the still stays hidden. A notebook opened untrusted (saved
    with its players, then reopened elsewhere, or cloned) shows its HTML sanitised:
    JupyterLab drops the ``<iframe>`` and the ``<style>`` too, so the still shows instead
    of an empty output.

    >>> html = with_still('<iframe class="mm-player"></iframe>', '<img alt="tree">')
    >>> html.count("<style>"), html.index("<iframe") < html.index("<img")
    (1, True)
    """
    return (f'<div class="mm-lecture-player"><style>.mm-lecture-player > .{STILL_CLASS} '
            f'{{ display: none; }}</style>{player}<div class="{STILL_CLASS}">{still}</div></div>')
