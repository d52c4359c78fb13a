"""The dashboard's picture: lessons done, and each mistake over time (matplotlib, no pyplot).

Two panels, one above the other, for a laptop and a projector alike (large type; marks
and patterns, not colour alone, tell the series apart):

- *Lessons*: one bar per lesson, its outline the lesson's questions, a hatched bar
  the ones answered, a solid bar the ones right first time.
- *Mistakes over time*: one row per misconception (the most urgent at the top), a cross
  at each answer that showed it and a ring at each right answer that moved it out (a
  right answer when it was due: :mod:`.schedule`), from
  the first answer on the left to now on the right; its state written at the end of
  the row. A mistake that fades is crosses, then rings.

>>> from minimax_lessons.logbook import answer
>>> from minimax_lessons.progress.summary import summarise
>>> s = summarise([answer("p2.1", 0, False, ["max-at-every-level"], kind="value", time=0),
...                answer("q2.1", 5, True, kind="value", time=50)], now=100)
>>> png(figure(s))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import io

from ..pictures.style import PALETTE

__all__ = ["figure", "png", "ROWS"]

#: Mistakes drawn, at most (the dashboard's table lists every one).
ROWS = 8
FONT = 14
WIDTH = 8.0    # inches, at 100 dots an inch: the panels one above the other, so that a
               # notebook's narrow column shrinks the picture little
CHAR = 0.105   # inches one character of a name takes, at FONT points
#: Inches: a lesson's row, a mistake's row; above, between and below the panels.
LESSON_ROW, MISTAKE_ROW, TOP, BETWEEN, BOTTOM = 0.36, 0.5, 0.45, 1.45, 0.75
#: Places along a row where a mark is drawn (many answers on one spot draw one mark).
SPOTS = 400
_UNITS = ((2 * 3600, 60.0, "minutes ago"), (2 * 86400, 3600.0, "hours ago"),
          (float("inf"), 86400.0, "days ago"))


def figure(summary):
    """The matplotlib Figure of a :class:`~.summary.Summary` (None when nothing is recorded)."""
    from matplotlib.figure import Figure

    if not summary.answers:
        return None
    mistakes = summary.misconceptions[:ROWS]
    lessons = summary.lessons
    upper = LESSON_ROW * len(lessons)
    lower = MISTAKE_ROW * (max(len(mistakes), 1) + 1)  # a row's room for the key
    height = TOP + upper + BETWEEN + lower + BOTTOM
    fig = Figure(figsize=(WIDTH, height), dpi=100)
    # A fixed layout (tight_layout measures every text first, and doubles the time), the
    # left margin as wide as the longest name.
    names = max([len(m.name) for m in mistakes] + [len("Lesson 10")])
    left = (names * CHAR + 0.3) / WIDTH
    width = 1 - left - 0.15 / WIDTH
    _lessons(fig.add_axes((left, (BOTTOM + lower + BETWEEN) / height, width, upper / height)),
             lessons, key_below=0.62 / upper)
    _mistakes(fig.add_axes((left, BOTTOM / height, width, lower / height)), mistakes,
              summary.now)
    return fig


def png(fig) -> bytes:
    """The figure as PNG bytes (no date or software written in: the same figure, the same
    bytes)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def _lessons(ax, rows, key_below):
    from matplotlib.ticker import MaxNLocator

    ys = list(range(len(rows)))[::-1]
    totals = [r.predictions + r.exercises for r in rows]
    done = [r.predictions_done + r.exercises_done for r in rows]
    right = [r.predictions_right + r.exercises_right for r in rows]
    ax.barh(ys, totals, height=0.7, color=PALETTE["paper"], edgecolor=PALETTE["ink"],
            linewidth=1.2, label="questions in the lesson")
    ax.barh(ys, done, height=0.7, color=PALETTE["done"], edgecolor=PALETTE["ink"], hatch="//",
            linewidth=0, label="answered")
    ax.barh(ys, right, height=0.42, color=PALETTE["line"], label="right first time")
    for y, r, d, t in zip(ys, right, done, totals):
        ax.text(t + 0.3, y, f"{r}/{d}/{t}", va="center", fontsize=FONT - 2, color=PALETTE["ink"])
    ax.set_yticks(ys, [f"Lesson {r.lesson}" for r in rows], fontsize=FONT)
    ax.set_xlim(0, max(totals or [1]) * 1.3 + 1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("questions (right / answered / all)", fontsize=FONT)
    ax.set_title("Lessons", fontsize=FONT + 3, loc="left")
    ax.tick_params(axis="x", labelsize=FONT - 1)
    ax.legend(fontsize=FONT - 2, loc="upper center", bbox_to_anchor=(0.45, -key_below),
              ncols=3, frameon=False, handlelength=1.5, columnspacing=1)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _mistakes(ax, mistakes, now):
    from matplotlib.ticker import MaxNLocator

    ax.set_title("Mistakes over time", fontsize=FONT + 3, loc="left")
    if not mistakes:
        ax.text(0.5, 0.5, "No named mistake so far.", ha="center", va="center",
                fontsize=FONT + 1, transform=ax.transAxes)
        ax.set_axis_off()
        return
    oldest = min(t for m in mistakes for t, _ in m.history)
    span, unit, label = next(u for u in _UNITS if now - oldest < u[0])
    ys = list(range(len(mistakes)))[::-1]
    crosses, rings, states = ([], []), ([], []), []
    step = max((now - oldest) / unit, 1.0) / SPOTS  # marks closer than this look as one
    for y, m in zip(ys, mistakes):
        seen = set()
        for t, ok in m.history:
            x = (now - t) / unit
            if (round(x / step), ok) in seen:  # a mark already drawn there
                continue
            seen.add((round(x / step), ok))
            into = rings if ok else crosses
            into[0].append(x)
            into[1].append(y)
        states.append((y, m.state))
    ax.scatter(*crosses, marker="x", s=140, linewidths=2.6, color=PALETTE["warn"],
               label="made the mistake", zorder=3)
    ax.scatter(*rings, marker="o", s=110, facecolors="none", linewidths=2.2,
               edgecolors=PALETTE["line"], label="right when it came back", zorder=3)
    ax.set_yticks(ys, [m.name for m in mistakes], fontsize=FONT)
    ax.set_ylim(-0.7, len(mistakes) - 0.3 + 0.9)
    far = max((now - oldest) / unit, 1.0)
    ax.set_xlim(far * 1.05, -far * 0.36)  # now on the right, with room for the states
    for y, state in states:
        ax.text(-far * 0.07, y, state, va="center", ha="left", fontsize=FONT - 1,
                style="italic", color=PALETTE["ink"])
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xticks([x for x in ax.get_xticks() if 0 <= x <= far * 1.05])
    ax.set_xlabel(f"{label} (now at the right)", fontsize=FONT)
    ax.tick_params(axis="x", labelsize=FONT - 1)
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=FONT - 2, loc="upper left", ncols=2, frameon=True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
