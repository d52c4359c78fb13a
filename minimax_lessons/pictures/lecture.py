"""Lecture view: large fonts and thick lines for drawings shown on a projector.

Vocabulary
----------
- *Lecture mode* is one switch for the whole session: while it is on, every
  drawing (:func:`~minimax_lessons.pictures.draw.draw_tree`) and every animation
  (:func:`~minimax_lessons.animation.player.animate`) made from then on has its fonts
  and node sizes scaled by ``font`` (1.5 by default) and its lines and
  outlines by ``line`` (2 by default). Drawings and animations keep the sizes of
  the mode they were made in, wherever they are shown later.
- The switch is read once, where a picture is made (``draw_tree``, ``animate``); from
  there the :class:`Scale` travels as an argument (``scale=``) to the looks and the
  DOT text (:mod:`minimax_lessons.pictures.style`, :mod:`~minimax_lessons.pictures.dot`).
- :func:`lecture_mode` turns it on (``lecture_mode()``) or off
  (``lecture_mode(False)``); used in a ``with`` statement it is on only inside
  the block. With it off, drawings are exactly what they are without this module.
- :class:`Scale` holds the two factors; :func:`current` is the one in force
  (None when lecture mode is off).
- A kernel started with the environment variable ``MINIMAX_LESSONS_LECTURE=on`` (what
  ``make lecture`` sets) starts in lecture mode: a lecturer opens any lesson and runs it,
  with no cell to add.
- The *room* (:data:`ROOM`) is the width a lecture picture is made to read in: a
  notebook's output column in JupyterLab on a 1024x768 projector with the file browser
  open. Fitted to it, a picture's values should still be 20 px and its other text 16 px;
  wide trees are drawn to use the height instead (narrow boards, notes under leaves,
  leaves in two rows: :mod:`~minimax_lessons.pictures.draw`).

>>> from minimax_lessons import FIGURE_5_2, draw_tree
>>> with lecture_mode():
...     big = draw_tree(FIGURE_5_2).source
>>> 'fontsize="25.5"' in big, 'fontsize="25.5"' in draw_tree(FIGURE_5_2).source
(True, False)
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = ["lecture_mode", "Scale", "current", "using", "ROOM", "VALUE_PX", "TEXT_PX",
           "ENVIRONMENT"]

#: The width (CSS pixels) a picture has in JupyterLab at 1024x768 with the file browser
#: open, as ``make lab`` opens it: the output column less a player's frame
#: (tests/browser/test_pictures_fit.py measures it).
ROOM = 540
#: The least sizes (CSS pixels) of a lecture picture's values and of its other text
#: (windows, names, notes, moves) once fitted to :data:`ROOM`.
VALUE_PX, TEXT_PX = 20, 16


@dataclass(frozen=True)
class Scale:
    """How much larger lecture drawings are: ``font`` for text and nodes, ``line`` for lines.

    >>> Scale()
    Scale(font=1.5, line=2.0)
    """

    font: float = 1.5
    line: float = 2.0


#: The environment variable that starts every kernel in lecture mode ("on", "1", "yes").
ENVIRONMENT = "MINIMAX_LESSONS_LECTURE"


def _from_environment() -> Scale | None:
    wanted = os.environ.get(ENVIRONMENT, "").strip().lower()
    return Scale() if wanted in ("on", "1", "yes", "true") else None


_scale: Scale | None = _from_environment()


def current() -> Scale | None:
    """The scale in force, or None when lecture mode is off.

    >>> current() is None
    True
    """
    return _scale


class lecture_mode:  # lower case: used like a function, as ``lecture_mode()``
    """Turn lecture mode on (``on=True``) or off; as a context manager, only for a block.

    ``font`` scales font sizes and node sizes (at least 1.5), ``line`` the
    widths of lines and outlines (at least 1).

    >>> lecture_mode()
    <lecture mode on: Scale(font=1.5, line=2.0)>
    >>> lecture_mode(False)
    <lecture mode off>
    >>> with lecture_mode(font=2):
    ...     current().font
    2
    >>> current() is None
    True
    """

    def __init__(self, on=True, *, font=1.5, line=2.0):
        global _scale
        if font < 1.5 or line < 1:
            raise ValueError(f"lecture_mode needs font >= 1.5 and line >= 1, got font={font!r}, "
                             f"line={line!r}")
        self.previous = _scale
        _scale = Scale(font, line) if on else None

    def __enter__(self):
        return current()

    def __exit__(self, *exc):
        global _scale
        _scale = self.previous
        return False

    def __repr__(self):
        return f"<lecture mode {'on: ' + repr(_scale) if _scale else 'off'}>"


@contextmanager
def using(scale: Scale | None):
    """Draw with ``scale`` (a :func:`current` value, None for off) for one block.

    What an animation uses to lay itself out, when first shown, with the mode it
    was made in.

    >>> with using(Scale(font=2)):
    ...     current().font
    2
    >>> current() is None
    True
    """
    global _scale
    previous, _scale = _scale, scale
    try:
        yield scale
    finally:
        _scale = previous
