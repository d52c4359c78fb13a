"""The graded folder's tables: one schema each, written once per run by :func:`write_tables`.

- ``grades.csv`` (:data:`GRADE_FIELDS`): one row per student and question, the automatic
  points, the diagnosis, the feedback and the recorded answer in short;
- ``totals.csv`` (:data:`TOTAL_FIELDS`): one row per student, the final points (the
  automatic grade less lateness plus adjustments), the problems met while running, and what
  made the final points;
- ``notebooks.csv`` (:data:`NOTEBOOK_FIELDS`): the same per student and notebook (Canvas's
  per-notebook columns);
- ``students.csv``: the collection's row of each student graded (ids for the exports).

Rows are in student order, every cell neutral for a spreadsheet
(:func:`~..common.files.csv_text`); each file is written atomically.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from ..common.files import csv_text, write_atomic
from ..lms.collect import STUDENT_FIELDS

GRADE_FIELDS = ["student", "notebook", "question", "points", "max_points", "diagnosis",
                "feedback", "answer"]
TOTAL_FIELDS = ["student", "points", "max_points", "problems", "automatic", "late_penalty",
                "adjustments"]
NOTEBOOK_FIELDS = ["student", "notebook", "points", "max_points", "automatic", "late_penalty",
                   "adjustments", "late_reason"]


def write_tables(out, results, finals, students=None):
    """Write the tables of ``results`` (:class:`~.records.StudentResult`) to ``out``:
    ``finals`` maps each student to their :class:`~.final.Final`; ``students`` (student ->
    the collection's row), when given, fills ``students.csv``."""
    out = Path(out)
    ordered = sorted(results, key=lambda r: r.student)
    write_atomic(out / "grades.csv", csv_text(GRADE_FIELDS, (
        {**asdict(g), "points": f"{g.points:g}", "max_points": f"{g.max_points:g}",
         "diagnosis": g.diagnosis or ""} for r in ordered for g in r.grades)))
    write_atomic(out / "totals.csv", csv_text(TOTAL_FIELDS, (
        {"student": r.student, "points": f"{finals[r.student].points:g}",
         "max_points": f"{r.max_points:g}", "problems": "; ".join(r.problems),
         "automatic": f"{r.points:g}", "late_penalty": _total(finals[r.student], "late_penalty"),
         "adjustments": _total(finals[r.student], "adjustments")} for r in ordered)))
    write_atomic(out / "notebooks.csv", csv_text(NOTEBOOK_FIELDS, (
        {**asdict(n), "student": r.student, "points": f"{n.points:g}",
         "max_points": f"{n.max_points:g}", "automatic": f"{n.automatic:g}",
         "late_penalty": f"{n.late_penalty:g}", "adjustments": f"{n.adjustments:g}"}
        for r in ordered for n in finals[r.student].notebooks)))
    if students:
        write_atomic(out / "students.csv", csv_text(STUDENT_FIELDS, (
            students[r.student] for r in ordered if r.student in students)))


def _total(final, attribute) -> str:
    return f"{round(sum(getattr(n, attribute) for n in final.notebooks), 2):g}"


__all__ = ["write_tables", "GRADE_FIELDS", "TOTAL_FIELDS", "NOTEBOOK_FIELDS"]
