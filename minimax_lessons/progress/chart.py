"""The dashboard's picture: lessons done, and each mistake over time, as SVG text.

Two panels, one above the other, for a laptop and a projector alike (large type; marks
and patterns, not colour alone, tell the series apart):

- *Lessons*: one bar per lesson, its outline all the lesson's questions, a hatched bar
  the ones answered, a solid bar the ones right first time; the three numbers at its end
  (right / answered / all).
- *Mistakes over time*: one row per misconception (the most urgent at the top), a cross
  at each answer that showed it and a ring at each right answer that moved it out (a
  right answer when it was due: :mod:`.schedule`), from the first answer on the left to
  now on the right; its state written at the end of the row. A mistake that fades is
  crosses, then rings.

The picture is written here element by element, in pixels, :data:`WIDTH` wide (no
plotting library: importing one took longer than the whole dashboard). Text widths are
estimated per character, generously (:func:`wide`), so that the name column is as wide
as its longest line, a long name is written on two lines, and no text runs into a bar, a
mark, another text or out of the picture. :func:`words` says the same in a sentence (the
picture's ``alt`` text).

>>> from minimax_lessons.logbook import answer
>>> from minimax_lessons.progress.summary import summarise
>>> s = summarise([answer("p2.1", 0, False, ["max-at-every-level"], kind="value", time=0),
...                answer("q2.1", 5, True, kind="value", time=50)], now=100)
>>> picture = svg(s)
>>> picture.startswith("<svg") and ">max at every level</text>" in picture
True
>>> picture.count('class="cross"'), picture.count('class="ring"')  # a wrong answer, no review
(1, 0)
"""

from __future__ import annotations

import html

from ..pictures.style import FONT, KEY_FRAME_COLOUR, PALETTE

__all__ = ["svg", "words", "ticks", "wide", "name_lines", "marks_of", "ROWS", "WIDTH"]

#: Mistakes drawn, at most (the dashboard's table lists every one).
ROWS = 8
#: The picture's width in pixels (the notebook shows it narrower when the output is: 592
#: pixels at 1024x768 with JupyterLab's file browser open).
WIDTH = 640
#: Font sizes in pixels: names and axis labels; the panels' titles; numbers, keys and states.
TEXT, TITLE, SMALL = 19, 24, 17
#: Pixels: round the picture; between a name and its row; a lesson's row; a mistake's row,
#: and each further line of a long name; between the panels.
MARGIN, GAP, LESSON_ROW, MISTAKE_ROW, LINE, BETWEEN = 14, 10, 34, 46, 21, 36
#: A name wider than this (pixels) is written on two lines.
NAME_ROOM = 200
#: Half a cross's width and a ring's radius; the height of a lesson's bar, and of its
#: bar of right answers.
MARK, BAR, RIGHT_BAR = 7.5, 24, 14
#: Ems a character takes, by kind (DejaVu Sans's widest of each kind, rounded up).
EMS = {"space": 0.35, "bracket": 0.4, "narrow": 0.45, "letter": 0.64, "digit": 0.65,
       "capital": 0.8, "wide": 1.0, "other": 1.0}
_KINDS = {"space": " ,.:;'/!|-", "bracket": "()[]", "narrow": "fijlrtIJ",
          "letter": "abcdeghknopqsuvxyz", "digit": "0123456789",
          "capital": "ABCDEFGHKLNOPQRSTUVXYZ", "wide": "mwMW"}
_EM = {c: EMS[kind] for kind, chars in _KINDS.items() for c in chars}
#: Pixels between the entries of a key.
KEY_GAP = 22
#: Marks of one kind closer than this (pixels) are drawn as one (they overlap by more
#: than half).
SPOT = 6.0
#: Grid lines and row guides: decoration, they carry no information.
GUIDE = KEY_FRAME_COLOUR
INK = PALETTE["ink"]
_UNITS = ((2 * 3600, 60.0, "minutes ago"), (2 * 86400, 3600.0, "hours ago"),
          (float("inf"), 86400.0, "days ago"))
#: The hatching of the answered bars, and the two marks (drawn where used, by ``<use>``).
_DEFS = (f'<pattern id="mml-answered" width="9" height="9" patternUnits="userSpaceOnUse" '
         f'patternTransform="rotate(45)"><rect width="9" height="9" fill="{PALETTE["done"]}"/>'
         f'<line x1="4.5" y1="0" x2="4.5" y2="9" stroke="{INK}" stroke-width="1.2"/></pattern>\n'
         f'<path id="mml-cross" d="M{-MARK},{-MARK}L{MARK},{MARK}M{-MARK},{MARK}L{MARK},{-MARK}" '
         f'stroke="{PALETTE["warn"]}" stroke-width="3.2" stroke-linecap="round" fill="none"/>\n'
         f'<circle id="mml-ring" r="{MARK}" fill="none" stroke="{PALETTE["line"]}" '
         'stroke-width="2.6"/>')


def svg(summary) -> str | None:
    """The picture of a :class:`~.summary.Summary` as SVG text (None when nothing is recorded)."""
    if not summary.answers:
        return None
    mistakes = summary.misconceptions[:ROWS]
    names = [name_lines(m.name) for m in mistakes]
    column = max([wide(f"Lesson {r.lesson}", TEXT) for r in summary.lessons] +
                 [wide(line, TEXT) for lines in names for line in lines] + [0])
    left, right = MARGIN + column + GAP, WIDTH - MARGIN
    body = []
    y = _lessons(body, summary.lessons, left, right, MARGIN)
    y = _mistakes(body, mistakes, names, summary, left, right, y + BETWEEN)
    height = round(y + MARGIN)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT},Arial,sans-serif" role="img">\n'
            f"<title>{_escape(words(summary))}</title>\n<defs>{_DEFS}</defs>\n"
            f'<rect width="{WIDTH}" height="{height}" fill="{PALETTE["paper"]}"/>\n'
            + "\n".join(body) + "\n</svg>\n")


def words(summary) -> str:
    """What the picture shows, in a sentence (its ``alt`` text).

    >>> from minimax_lessons.logbook import answer
    >>> from minimax_lessons.progress.summary import summarise
    >>> said = words(summarise([answer("p2.1", 0, False, ["max-at-every-level"], time=0)],
    ...                        now=9))
    >>> said.startswith("Lessons: 1 of "), said.endswith(": max at every level (still there).")
    (True, True)
    """
    rows = summary.lessons
    done = sum(r.predictions_done + r.exercises_done for r in rows)
    right = sum(r.predictions_right + r.exercises_right for r in rows)
    total = sum(r.predictions + r.exercises for r in rows)
    named = ", ".join(f"{m.name} ({m.state})" for m in summary.misconceptions[:ROWS])
    return (f"Lessons: {done} of {total} questions answered, {right} right first time. "
            "Mistakes over time, a cross where made and a ring where right when it came back: "
            + (named or "none named") + ".")


def wide(text, size) -> float:
    """The pixels ``text`` takes at ``size`` pixels, generously: per character, as node
    labels are measured (:func:`~minimax_lessons.pictures.labels.text_width`), from the
    table :data:`EMS`, which is at least as wide as DejaVu Sans (the PNG's font, and among
    the widest a browser falls back to) for every character the picture writes.

    >>> wide("Lesson 10", 19), wide("12", 17)
    (107.35, 22.1)
    """
    return round(sum(_EM.get(c, EMS["other"]) for c in str(text)) * size, 2)


def name_lines(name, size=TEXT, room=NAME_ROOM) -> list:
    """A mistake's name in one line, or in two as even as can be when it is wider than
    ``room`` (a word wider than that alone takes a line).

    >>> name_lines("max at every level"), name_lines("prunes chance without bounds")
    (['max at every level'], ['prunes chance', 'without bounds'])
    """
    if wide(name, size) <= room:
        return [name]
    parts = name.split(" ")
    splits = [(" ".join(parts[:k]), " ".join(parts[k:])) for k in range(1, len(parts))]
    fitting = [s for s in splits if max(wide(half, size) for half in s) <= room]
    if fitting:
        return list(min(fitting, key=lambda s: max(wide(half, size) for half in s)))
    lines = []
    for word in parts:  # greedily, a line as long as it fits
        if lines and wide(f"{lines[-1]} {word}", size) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def marks_of(answers, spot=SPOT) -> list:
    """The marks drawn for ``answers`` ((x, right), left to right): one for answers of one
    kind less than ``spot`` pixels from the last one drawn (they would look as one).

    >>> marks_of([(10, False), (10.4, False), (10.6, True), (11.5, False), (12.1, False)],
    ...          spot=2)
    [(10, False), (10.6, True), (12.1, False)]
    """
    last, out = {}, []
    for x, right in answers:
        if right in last and abs(x - last[right]) < spot:
            continue
        last[right] = x
        out.append((x, right))
    return out


def ticks(top, most) -> list:
    """Round numbers from 0 to ``top`` in steps of 1, 2 or 5 times a power of ten, at
    most ``most`` steps.

    >>> ticks(16, 8), ticks(9.4, 6), ticks(60.2, 5), ticks(1, 3)
    ([0, 2, 4, 6, 8, 10, 12, 14, 16], [0, 2, 4, 6, 8], [0, 20, 40, 60], [0, 1])
    """
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if top / step <= most:
                return list(range(0, int(top) + 1, step))
        power *= 10


# -- the two panels ------------------------------------------------------------------------

def _lessons(out, rows, left, right, top) -> float:
    """Draw the lessons' panel from height ``top`` into ``out``; return its bottom."""
    out.append(_text(MARGIN, top + TITLE / 2, "Lessons", TITLE, klass="title"))
    y = top + TITLE + 12
    totals = [r.predictions + r.exercises for r in rows]
    done = [r.predictions_done + r.exercises_done for r in rows]
    right_first = [r.predictions_right + r.exercises_right for r in rows]
    numbers = [f"{r}/{d}/{t}" for r, d, t in zip(right_first, done, totals)]
    room = right - left - max([wide(n, SMALL) for n in numbers] + [0]) - GAP
    most = max(totals + [1])
    scale = room / most
    for i, row in enumerate(rows):
        mid = y + (i + 0.5) * LESSON_ROW
        out.append(f'<g class="lesson" data-lesson="{row.lesson}">')
        out.append(_text(left - GAP, mid, f"Lesson {row.lesson}", TEXT, anchor="end",
                         klass="name"))
        if done[i]:
            out.append(_rect(left, mid - BAR / 2, done[i] * scale, BAR, "url(#mml-answered)",
                             klass="answered"))
        out.append(_rect(left, mid - BAR / 2, totals[i] * scale, BAR, "none", stroke=INK,
                         klass="questions"))
        if right_first[i]:
            out.append(_rect(left, mid - RIGHT_BAR / 2, right_first[i] * scale, RIGHT_BAR,
                             PALETTE["line"], klass="right"))
        out.append(_text(left + totals[i] * scale + GAP * 0.8, mid, numbers[i], SMALL,
                         klass="numbers"))
        out.append("</g>")
    bottom = y + len(rows) * LESSON_ROW + 4
    y = _axis(out, left, left + room, y - 4, bottom,
              [(left + v * scale, str(v)) for v in ticks(most, max(2, int(room // 45)))])
    out.append(_text((left + right) / 2, y + TEXT / 2, "questions (right / answered / all)",
                     TEXT, anchor="middle", klass="axis-label"))
    swatches = [(lambda x, m: _rect(x, m - 8, 28, 16, "none", stroke=INK),
                 "all questions"),
                (lambda x, m: _rect(x, m - 8, 28, 16, "url(#mml-answered)"), "answered"),
                (lambda x, m: _rect(x, m - 5, 28, 10, PALETTE["line"]), "right first time")]
    return _key(out, swatches, left, right, y + TEXT + 12)


def _mistakes(out, mistakes, names, summary, left, right, top) -> float:
    """Draw the panel of mistakes over time from height ``top`` into ``out``; return its
    bottom."""
    out.append(_text(MARGIN, top + TITLE / 2, "Mistakes over time", TITLE, klass="title"))
    y = top + TITLE + 12
    if not mistakes:
        out.append(_text(left, y + TEXT / 2, "No named mistake so far.", TEXT, klass="none"))
        return y + TEXT
    y = _key(out, [(lambda x, m: _cross(x + 14, m, "key"), "made the mistake"),
                   (lambda x, m: _ring(x + 14, m, "key"), "right when it came back")],
             left, right, y)
    now = summary.now
    oldest = min((t for m in mistakes for t, _ in m.history), default=now)
    _, unit, unit_words = next(u for u in _UNITS if now - oldest < u[0])
    far = max((now - oldest) / unit, 1.0)
    now_x = right - max(wide(m.state, SMALL) for m in mistakes) - GAP - MARK
    start = left + MARK + 8
    per = (now_x - start) / far

    def x_of(t):
        return now_x - max(now - t, 0) / unit * per

    heights = [MISTAKE_ROW + LINE * (len(lines) - 1) for lines in names]
    top_of_rows, bottom = y + 10, y + 10 + sum(heights)
    marks = [(now_x - v * per, "now" if v == 0 else str(v))
             for v in ticks(far, max(2, int((now_x - start) // 45)))]
    out += [_line(x, top_of_rows, x, bottom, GUIDE) for x, _ in marks]
    row_top = top_of_rows
    for m, lines, height in zip(mistakes, names, heights):
        mid = row_top + height / 2
        row_top += height
        out.append(f'<g class="mistake" data-diagnosis="{_escape(m.diagnosis)}">')
        first = mid - LINE * (len(lines) - 1) / 2
        out += [_text(left - GAP, first + k * LINE, line, TEXT, anchor="end", klass="name")
                for k, line in enumerate(lines)]
        out.append(_line(start - MARK, mid, now_x + MARK, mid, GUIDE))
        spots = marks_of([(x_of(t), ok) for t, ok in m.history])
        out += [_ring(x, mid) for x, ok in spots if ok]
        out += [_cross(x, mid) for x, ok in spots if not ok]
        out.append(_text(now_x + MARK + GAP, mid, m.state, SMALL, italic=True, klass="state"))
        out.append("</g>")
    y = _axis(out, left, now_x + MARK, top_of_rows, bottom + 4, marks)
    out.append(_text((left + now_x) / 2, y + TEXT / 2, unit_words, TEXT, anchor="middle",
                     klass="axis-label"))
    y += TEXT
    more = len(summary.misconceptions) - len(mistakes)
    if more > 0:
        out.append(_text(left, y + 8 + SMALL / 2, f"and {more} more in the table below", SMALL,
                         italic=True, klass="more"))
        y += 8 + SMALL
    return y


def _axis(out, left, right, top, bottom, marks) -> float:
    """A left edge from ``top`` to ``bottom``, an axis along the bottom from ``left`` to
    ``right`` with its ``marks`` ((x, label)); return the height under the labels."""
    out.append(_line(left, top, left, bottom, INK))
    out.append(_line(left, bottom, right, bottom, INK))
    for x, label in marks:
        out.append(_line(x, bottom, x, bottom + 6, INK))
        out.append(_text(x, bottom + 8 + SMALL / 2, label, SMALL, anchor="middle",
                         klass="tick"))
    return bottom + 14 + SMALL


def _key(out, entries, left, right, top) -> float:
    """A key: each entry a swatch drawn by ``draw(x, middle)`` 28 pixels wide, then its
    words, on one line from ``left`` if it fits before ``right``, else ending at ``right``
    if it fits in the picture, else on as many lines from the margin as it takes; return
    the height under it."""
    widths = [28 + 8 + wide(label, SMALL) for _, label in entries]
    whole = sum(widths) + KEY_GAP * (len(entries) - 1)
    start = left if whole <= right - left else max(MARGIN, right - whole)
    x, mid = start, top + SMALL / 2 + 2
    for (draw, label), width in zip(entries, widths):
        if x > start and x + width > right + 0.01:  # (not for a rounding error)
            x, mid = start, mid + SMALL + 10
        out.append(draw(x, mid))
        out.append(_text(x + 36, mid, label, SMALL, klass="key"))
        x += width + KEY_GAP
    return mid + SMALL / 2 + 8


# -- SVG elements ----------------------------------------------------------------------------

def _text(x, middle, words, size, *, anchor="start", italic=False, klass=""):
    """A line of text whose middle is at height ``middle`` (its baseline 0.35 em under)."""
    return (f'<text x="{x:.1f}" y="{middle + 0.35 * size:.1f}" font-size="{size}"'
            + (f' text-anchor="{anchor}"' if anchor != "start" else "")
            + (' font-style="italic"' if italic else "")
            + f' fill="{INK}" class="{klass}">{_escape(words)}</text>')


def _rect(x, y, width, height, fill, *, stroke=None, klass=""):
    line = f' stroke="{stroke}" stroke-width="1.5"' if stroke else ""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" '
            f'fill="{fill}"{line}' + (f' class="{klass}"' if klass else "") + "/>")


def _line(x1, y1, x2, y2, colour):
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{colour}" stroke-width="1"/>')


def _cross(x, y, klass="cross"):
    return f'<use href="#mml-cross" x="{x:.1f}" y="{y:.1f}" class="{klass}"/>'


def _ring(x, y, klass="ring"):
    return f'<use href="#mml-ring" x="{x:.1f}" y="{y:.1f}" class="{klass}"/>'


def _escape(text) -> str:
    return html.escape(str(text), quote=True)
