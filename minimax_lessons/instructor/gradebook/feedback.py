"""A student's feedback page: the grade, what made it, and each question's feedback.

:func:`write_feedback` writes ``feedback/<student>.html`` from the student's automatic result
and, when there is one, their final grade (:class:`~.final.Final`): the total, what lateness
cost and what the instructor changed, the problems met while running the notebook, and each
question's points and feedback in question-number order, with the pictures the notebook
shows (kept in the result as data: PNG ``data:`` URIs, never anything else). The page is the
template ``instructor/templates/feedback.html.j2``: no script, nothing fetched, readable from
a phone (each question's row becomes a block on a narrow screen) to a projector.

>>> from minimax_lessons.instructor.gradebook.records import QuestionGrade, StudentResult
>>> page = feedback_html(StudentResult("ann", [QuestionGrade("ann", "a.ipynb", "q1", 1.0,
...                                                          2.0, None, "Half <right>")]))
>>> "<b>1 / 2 points</b>" in page and "Half &lt;right&gt;" in page
True
"""

from __future__ import annotations

from pathlib import Path

from ..assignment.release import question_order
from ..common.files import write_atomic
from ..common.pages import render


def feedback_html(result, final=None, name="") -> str:
    """The feedback page of one automatic ``result`` (a
    :class:`~.records.StudentResult`); ``final``: the student's
    :class:`~.final.Final` (its total is shown, with lateness and adjustments), or None for
    the automatic grade alone; ``name``: the student's name as the class list gives it (the
    heading shows it, with the id under it)."""
    points, most = (final.points, final.max_points) if final is not None else (
        result.points, result.max_points)
    return render("feedback.html.j2", who=name or result.student, student=result.student,
                  points=points, max_points=most, final=final,
                  late=[n for n in final.notebooks if n.late_reason] if final else [],
                  adjustments=final.adjustments if final else [],
                  problems=result.problems,
                  grades=sorted(result.grades,
                                key=lambda g: (g.notebook, question_order(g.question))))


def write_feedback(path, result, final=None, name=""):
    """Write :func:`feedback_html` to ``path`` (atomically)."""
    write_atomic(Path(path), feedback_html(result, final, name))


__all__ = ["feedback_html", "write_feedback"]
