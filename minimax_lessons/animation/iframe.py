"""An animation's player inside an ``<iframe>``, sized for a slide.

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
#: Inside its frame the player fills the frame's height: the controls take the room they
#: need and the tree takes the rest, fitted whole (never a fragment behind a scroll bar, so
#: the frame has no "fit" button). In a frame as wide as a slide the caption, a quiz and the
#: key stand in a column at the right, beside the tree, which gets all the height under the
#: buttons; in a narrow frame they stand above and below it. On a RISE slide the frame itself
#: is as tall as the slide allows (``notebooks/rise.css``).
FRAME_CSS = """
body { margin: 4px; }
.mmla { display: grid; height: calc(100vh - 8px); gap: 0 12px;
        grid-template-columns: minmax(0, 1fr); grid-template-rows: auto auto auto minmax(0, 1fr) auto; }
.mmla > * { min-width: 0; }
.mmla > .mmla-bar { grid-row: 1; }
.mmla > .mmla-caption { grid-row: 2; }
.mmla > .mmla-quiz { grid-row: 3; }
.mmla > .mmla-stage { grid-row: 4; }
.mmla > .mmla-key { grid-row: 5; }
.mmla > .mmla-stage { min-height: 0; max-height: none; display: flex; }
.mmla-stage > * { flex: 1 1 0; min-width: 0; min-height: 0; }
.mmla-stage.mmla-fitted svg { width: 100%; height: 100%; max-height: 100%; }
.mmla-bar { flex-wrap: nowrap; }
.mmla-slider { min-width: 40px; }
.mmla-bar .mmla-fit { display: none; }
.mmla-caption { min-height: 0; }
.mmla.mmla-lecture .mmla-caption { font-size: 22px; }
.mmla.mmla-lecture .mmla-key { font-size: 17px; gap: 2px 14px; }
@media (min-width: 720px) {
  .mmla { grid-template-columns: minmax(0, 1fr) minmax(220px, 30%);
          grid-template-rows: auto auto auto minmax(0, 1fr); }
  .mmla > .mmla-bar { grid-column: 1 / -1; grid-row: 1; }
  .mmla > .mmla-stage { grid-column: 1; grid-row: 2 / span 3; }
  .mmla > .mmla-caption { grid-column: 2; grid-row: 2; }
  .mmla > .mmla-quiz { grid-column: 2; grid-row: 3; }
  .mmla > .mmla-key { grid-column: 2; grid-row: 4; flex-direction: column; flex-wrap: nowrap;
                      align-content: flex-start; overflow: auto; min-height: 0; margin-top: 0; }
}
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
