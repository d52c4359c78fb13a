"""Join graded shards, and export grades in the shapes instructors upload.

- :func:`merge`: the ``grades.csv`` and ``totals.csv`` of several output folders
  (one per ``grade --shard i/n``) joined into one folder, sorted by student as
  a single run writes them; a student graded in two shards is an error.
- :func:`canvas_csv`: a Canvas-style gradebook CSV (``Student, ID, SIS User ID,
  SIS Login ID, Section, <assignment>``, with a ``Points Possible`` row).
- :func:`gradescope_results`: one Gradescope autograder ``results.json`` per
  student (``score``, ``max_score``, one test per question with its feedback).
"""

from __future__ import annotations

import json
from pathlib import Path

from .common import csv_text, read_csv, safe_name, write_atomic
from .release import ReleaseError

GRADE_FIELDS = ["student", "notebook", "question", "points", "max_points", "diagnosis",
                "feedback"]
TOTAL_FIELDS = ["student", "points", "max_points", "problems"]


def _rows(path) -> list:
    try:
        return read_csv(path)
    except OSError as exc:
        raise ReleaseError(f"cannot read {path}: {exc}") from None


def _write(path, fields, rows):
    write_atomic(Path(path), csv_text(fields, rows))


def merge(folders, dest) -> int:
    """Join the shards' ``grades.csv`` and ``totals.csv`` into ``dest``; returns students."""
    grades, totals, owner = [], [], {}
    for folder in map(Path, folders):
        for row in _rows(folder / "totals.csv"):
            student = row["student"]
            if student in owner:
                raise ReleaseError(f"{student!r} is graded in both {owner[student]} and {folder}")
            owner[student] = folder
            totals.append(row)
        grades += _rows(folder / "grades.csv")
    Path(dest).mkdir(parents=True, exist_ok=True)
    order = {s: i for i, s in enumerate(sorted(owner))}
    _write(Path(dest) / "grades.csv", GRADE_FIELDS,
           sorted(grades, key=lambda r: order.get(r["student"], -1)))  # stable: question order
    _write(Path(dest) / "totals.csv", TOTAL_FIELDS, sorted(totals, key=lambda r: r["student"]))
    return len(totals)


def canvas_csv(folder, dest, *, assignment="Minimax exercises", column_id=None) -> Path:
    """A Canvas gradebook CSV of the totals in ``folder`` (import it under Grades)."""
    totals = _rows(Path(folder) / "totals.csv")
    title = f"{assignment} ({column_id})" if column_id else assignment
    fields = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", title]
    possible = max((float(r["max_points"]) for r in totals), default=0.0)
    rows = [{"Student": "    Points Possible", title: f"{possible:g}"}]
    rows += [{"Student": r["student"], "SIS Login ID": r["student"], title: r["points"]}
             for r in totals]
    _write(dest, fields, rows)
    return Path(dest)


def gradescope_results(folder, dest) -> list:
    """``dest/<student>/results.json`` in Gradescope's autograder format; returns paths."""
    grades = _rows(Path(folder) / "grades.csv")
    totals = {r["student"]: r for r in _rows(Path(folder) / "totals.csv")}
    by_student = {}
    for row in grades:
        by_student.setdefault(row["student"], []).append(row)
    written = []
    for student, rows in sorted(by_student.items()):
        tests = [{"name": f"{r['notebook']}: {r['question']}", "score": float(r["points"]),
                  "max_score": float(r["max_points"]), "output": r["feedback"],
                  "visibility": "visible"} for r in rows]
        total = totals.get(student, {})
        data = {"score": round(sum(t["score"] for t in tests), 2),
                "max_score": round(sum(t["max_score"] for t in tests), 2),
                "output": total.get("problems", "") or "", "tests": tests}
        path = Path(dest) / safe_name(student) / "results.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, indent=1))
        written.append(path)
    return written


__all__ = ["merge", "canvas_csv", "gradescope_results"]
