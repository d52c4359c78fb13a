"""The instructor's manual adjustments: points added to (or taken from) the automatic grade.

``adjustments.csv`` (in the grader's output folder, or named with ``--adjustments``) has
the columns ``student, question, points, comment``: ``question`` is a question id
(``q3.13``) or a notebook of the assignment (``03-minimax-exercises.ipynb``), ``points``
a number of points to add (negative to take away), ``comment`` what the student reads in
their feedback. The grader never writes this file, so the adjustments stay across
regrades; each run applies them on top of the automatic grade (:mod:`.final`).

>>> key = {"notebooks": {"a.ipynb": {"questions": {"q1": {"points": 2}}}}}
>>> [a.points for a in parse_adjustments("student,question,points,comment\\nann,q1,1.5,ok\\n", key)]
[1.5]
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

from ..assignment.release import ReleaseError

FIELDS = ["student", "question", "points", "comment"]


@dataclass(frozen=True)
class Adjustment:
    """Points the instructor adds to one student's question (or notebook), and why."""

    student: str
    question: str
    points: float
    comment: str = ""
    notebook: str = ""  # the notebook the question is in
    line: int = 0


def read_adjustments(path, key) -> list:
    """The adjustments in ``path`` ([] when there is no such file)."""
    path = Path(path)
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReleaseError(f"cannot read the adjustments {path}: {exc}") from None
    return parse_adjustments(text, key, str(path))


def parse_adjustments(text, key, where="adjustments.csv") -> list:
    """The adjustments in CSV ``text``, each checked against ``key``."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [f for f in FIELDS[:3] if f not in (reader.fieldnames or [])]
    if missing:
        raise ReleaseError(f"{where}: expected the columns {', '.join(FIELDS)} (missing "
                           f"{', '.join(missing)})")
    where_is = {qid: name for name, part in key["notebooks"].items() for qid in part["questions"]}
    found = []
    for line, row in enumerate(reader, 2):
        student = (row.get("student") or "").strip()
        question = (row.get("question") or "").strip()
        if not student and not question and not (row.get("points") or "").strip():
            continue
        if not student:
            raise ReleaseError(f"{where}, line {line}: no student")
        if question in key["notebooks"]:
            notebook = question
        elif question in where_is:
            notebook = where_is[question]
        else:
            raise ReleaseError(f"{where}, line {line}: {question!r} is no question or notebook "
                               f"of the assignment (e.g. {next(iter(where_is), 'q3.7')})")
        try:
            points = float((row.get("points") or "").strip())
        except ValueError:
            raise ReleaseError(f"{where}, line {line}: points {row.get('points')!r} is not a "
                               "number") from None
        if not math.isfinite(points):
            raise ReleaseError(f"{where}, line {line}: points must be a finite number")
        found.append(Adjustment(student, question, points, (row.get("comment") or "").strip(),
                                notebook, line))
    return found


__all__ = ["Adjustment", "read_adjustments", "parse_adjustments", "FIELDS"]
