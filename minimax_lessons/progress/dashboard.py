"""``progress()``: the learner's dashboard, a still picture and tables read from the logbook.

What it shows (:mod:`.summary` computes it, :mod:`.chart` draws it):

- where the logbook is, how many answers it holds, and whether recording is on;
- the next things to do: review a mistake (``review()``), a link to the next cell of a
  lesson, a practice call;
- a picture: lessons answered and right first time; each mistake over time;
- per lesson, predictions and exercises answered and right first time;
- each misconception by name: what it is, how often and how recently it was made, and
  whether it is *still there*, *fading* or *gone for now*; practice by kind (the level
  reached) and the animations' quizzes.

It is HTML with the picture inside (an SVG in an ``<img>``, as wide as the output, which
JupyterLab shows in notebooks it did not run too), so it reads the same in JupyterLab, on
GitHub and in an exported notebook; nothing in it needs a widget. Its text form says the
same in words, and so does the picture's ``alt`` text.

>>> from minimax_lessons.logbook import answer
>>> board = Progress([answer("p2.1", 0, False, ["max-at-every-level"], kind="value",
...                          time=0)], now=60)
>>> "max at every level" in board._repr_html_() and "still there" in board.text()
True
"""

from __future__ import annotations

import html
import time

from .. import logbook
from ..exercises import feedback as F
from ..pictures.jupyter import fitting_img
from .chart import svg, words
from .summary import ago, question_name, summarise, times

__all__ = ["progress", "Progress"]

#: Words in a table cell read from the left (JupyterLab aligns cells to the right).
LEFT = ' style="text-align: left;"'


def progress(*, now=None) -> "Progress":
    """Your progress through the course, from your logbook (see the module).

    ``now`` is the time to show it at (seconds since 1970; tests pass their own clock).
    """
    return Progress(None, now=now)


class Progress:
    """The dashboard of the entries ``found`` (else the logbook's), at ``now``."""

    def __init__(self, found=None, *, now=None):
        self.summary = summarise(found, time.time() if now is None else now)
        self.where = logbook.where()
        self.recording = logbook.recording()

    def __repr__(self):
        return self.text()

    # -- in words -------------------------------------------------------------------------
    def _lines_about_the_record(self) -> list:
        s = self.summary
        count = f"{s.answers} answer" + ("" if s.answers == 1 else "s")
        lines = [f"{count} recorded on this machine only, in {self.where}."]
        if not self.recording:
            lines.append("Recording is off: new answers are not written down "
                         "(MINIMAX_LESSONS_PROGRESS=off, logbook.stop(), or a graded run).")
        return lines

    def text(self) -> str:
        s = self.summary
        out = ["Your progress"] + self._lines_about_the_record() + ["", "Next:"]
        out += [f"- {step.text}" + (f" {step.code}" if step.code else "") +
                (f" ({step.link})" if step.link else "") for step in s.steps]
        out += ["", "Lessons (answered / right first time / questions):"]
        for r in s.lessons:
            out.append(f"- Lesson {r.lesson}: predictions {r.predictions_done}/"
                       f"{r.predictions_right}/{r.predictions}, exercises {r.exercises_done}/"
                       f"{r.exercises_right}/{r.exercises}")
        if s.misconceptions:
            out += ["", "Mistakes:"]
            out += [f"- {m.name}: {m.state}; made {times(m.times)}, last "
                    f"{ago(s.now - m.last)}; in {', '.join(map(question_name, m.where[:3]))}"
                    for m in s.misconceptions]
        for row in s.practice:
            out.append(f"Practice {row.kind}: {row.answers} answers, {row.right} right"
                       + (f", level {row.level} reached" if row.level else ""))
        if s.quizzes[0]:
            out.append(f"Quizzes in animations: {s.quizzes[0]} stops, {s.quizzes[1]} right")
        return "\n".join(out)

    # -- in a notebook ------------------------------------------------------------------------
    def picture(self) -> str | None:
        """The dashboard's picture as SVG text (None when nothing is recorded)."""
        return svg(self.summary)

    def _repr_html_(self):
        s = self.summary
        parts = [f'<h3 style="margin: 0.2em 0;">Your progress</h3>']
        parts += [F.para(html.escape(line)) for line in self._lines_about_the_record()]
        parts.append("<p><b>Next</b></p><ol>" + "".join(
            f"<li>{html.escape(step.text)}" +
            (f' <a href="{html.escape(step.link)}">Open it</a>' if step.link else "") +
            (f" <code>{html.escape(step.code)}</code>" if step.code else "") + "</li>"
            for step in s.steps) + "</ol>")
        picture = self.picture()
        if picture is not None:
            parts.append(fitting_img(picture, words(s)))
        parts.append(self._lessons_html())
        if s.misconceptions:
            parts.append(self._mistakes_html())
        extra = [f"Practice {row.kind}: {row.answers} answers, {row.right} right"
                 + (f", level {row.level} reached." if row.level else ".") for row in s.practice]
        if s.quizzes[0]:
            extra.append(f"Quizzes in animations: {s.quizzes[0]} stops answered, "
                         f"{s.quizzes[1]} right.")
        parts += [F.para(html.escape(line)) for line in extra]
        # break-word: a long path breaks where it would overflow (tables keep their widths)
        return ('<div class="mml-progress" style="font-size: 1.05em; max-width: 70em; '
                'overflow-wrap: break-word;">'
                + "".join(parts) + "</div>")

    def _lessons_html(self) -> str:
        head = (f"<tr><th{LEFT}>Lesson</th><th>Predictions answered</th>"
                "<th>right first time</th><th>Exercises answered</th><th>right first time</th>"
                "</tr>")
        rows = "".join(
            f"<tr><td{LEFT}>{r.lesson}. {html.escape(r.title)}</td>"
            f"<td>{r.predictions_done} of {r.predictions}</td><td>{r.predictions_right}</td>"
            f"<td>{r.exercises_done} of {r.exercises}</td><td>{r.exercises_right}</td></tr>"
            for r in self.summary.lessons)
        return f"<table>{head}{rows}</table>"

    def _mistakes_html(self) -> str:
        s = self.summary
        head = (f"<tr><th{LEFT}>Mistake</th><th{LEFT}>Now</th><th>Made</th><th{LEFT}>Last</th>"
                f"<th{LEFT}>In</th><th{LEFT}>What it is</th></tr>")
        rows = "".join(
            f"<tr><td{LEFT}><b>{html.escape(m.name)}</b></td><td{LEFT}>{html.escape(m.state)}"
            f"</td><td>{m.times}</td><td{LEFT}>{html.escape(ago(s.now - m.last))}</td>"
            f"<td{LEFT}>{html.escape(', '.join(map(question_name, m.where[:3])))}</td>"
            f"<td{LEFT}>{html.escape(m.sentence)}</td></tr>"
            for m in s.misconceptions)
        return f"<p><b>Mistakes</b></p><table>{head}{rows}</table>"
