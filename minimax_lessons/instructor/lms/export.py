"""Join graded shards, and export grades in the shapes learning platforms import as they are.

- :func:`merge`: the tables of several output folders (one per ``grade --shard i/n``)
  joined into one folder, sorted by student as a single run writes them, with each
  student's pages and signed records copied in; a student graded in two shards is an
  error.
- :func:`canvas_csv`: a Canvas gradebook CSV (Grades, Import): ``Student, ID, SIS User
  ID, SIS Login ID, Section`` with each student's identifiers (from the roster, else
  from the collection), a ``Points Possible`` row, and one column per notebook (or one
  for the whole assignment, ``per="assignment"``). A column titled as an existing
  assignment, ``Title (id)``, fills that assignment; any other title makes a new one.
  When the roster is Canvas's own gradebook export, each column takes by default the
  title of the assignment it names (:func:`canvas_titles`: ``03-minimax-exercises.ipynb``
  and ``Minimax exercises (4401)`` name the same one), so the import fills the existing
  assignments.
- :func:`moodle_csv`: a CSV for Moodle's gradebook import (Grades, Import, CSV file):
  the identifiers Moodle maps users by (Email address, ID number, Username), a column
  per notebook (or for the assignment) and a Feedback column.
- :func:`moodle_worksheet`: the assignment's own grading worksheet (the assignment's
  "Upload grading worksheet", with offline grading on): ``Identifier`` ("Participant
  123456"), the final grade, ``Last modified (grade)`` and ``Feedback comments``.
- :func:`gradescope_results`: one Gradescope ``results.json`` per student (``score``,
  ``max_score``, one test per question with its feedback); to *grade on* Gradescope,
  see :mod:`..gradescope` instead.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from datetime import datetime
from pathlib import Path, PurePosixPath

from ..common.files import csv_text, read_csv, safe_name, write_atomic
from ..assignment.release import ReleaseError

#: The tables a graded folder holds (:mod:`..gradebook.tables`), joined by :func:`merge`.
TABLES = ("grades.csv", "totals.csv", "notebooks.csv", "students.csv")
#: Per-student files copied by :func:`merge`.
PER_STUDENT = ("results", "final", "feedback", "executed")
CANVAS_IDS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]


def _rows(path) -> list:
    try:
        return read_csv(path)
    except OSError as exc:
        raise ReleaseError(f"cannot read {path}: {exc}") from None


def _header(path) -> list:
    with open(path, encoding="utf-8", newline="") as f:
        return next(iter(csv.reader(f)), [])


def _write(path, fields, rows):
    write_atomic(Path(path), csv_text(fields, rows))


def merge(folders, dest) -> int:
    """Join the shards' tables into ``dest`` and copy their per-student files; returns
    the number of students."""
    folders, dest = [Path(f) for f in folders], Path(dest)
    owner = {}
    for folder in folders:
        for row in _rows(folder / "totals.csv"):
            student = row["student"]
            if student in owner:
                raise ReleaseError(f"{student!r} is graded in both {owner[student]} and {folder}")
            owner[student] = folder
    dest.mkdir(parents=True, exist_ok=True)
    order = {s: i for i, s in enumerate(sorted(owner))}
    for table in TABLES:
        present = [f for f in folders if (f / table).exists()]
        if not present:
            continue
        fields = _header(present[0] / table)
        for folder in present[1:]:
            if _header(folder / table) != fields:
                raise ReleaseError(f"{folder / table} has other columns than "
                                   f"{present[0] / table}: were the shards graded by the same "
                                   "version and options?")
        rows = [row for folder in present for row in _rows(folder / table)]
        _write(dest / table, fields,  # a stable sort: each student's rows keep their order
               sorted(rows, key=lambda r: order.get(r["student"], -1)))
    for folder in folders:
        for kind in PER_STUDENT:
            if (folder / kind).is_dir() and folder.resolve() != dest.resolve():
                shutil.copytree(folder / kind, dest / kind, dirs_exist_ok=True)
    return len(owner)


def _people(folder, roster) -> dict:
    """student -> what is known of them: the graded folder's students.csv, the roster."""
    from .collect import read_students
    from ..assignment.class_list import read_class

    known = {sid: dict(row) for sid, row in read_students(folder).items()}
    if roster:
        for s in read_class(roster).students:
            row = known.setdefault(s.id, {})
            for column in ("name", "email", "canvas_id", "sis_user_id", "sis_login_id",
                           "section", "username", "id_number"):
                if getattr(s, column):
                    row[column] = getattr(s, column)
    return known


def _normal_title(text) -> str:
    """A title with only its letters and digits, lower-cased, no leading number, no
    ``.ipynb`` and no Canvas id: what two names of one assignment share.

    >>> _normal_title("06-alphabeta-exercises.ipynb"), _normal_title("Alpha-beta exercises (4402)")
    ('alphabetaexercises', 'alphabetaexercises')
    """
    text = re.sub(r"\s*\(\d+\)$", "", str(text).strip())
    text = re.sub(r"\.ipynb$", "", text, flags=re.I)
    text = re.sub(r"^\d+[\W_]*", "", text)
    return "".join(c for c in text.casefold() if c.isalnum())


def canvas_titles(names, existing) -> dict:
    """name -> the existing gradebook column (``Title (id)``) it names, for each of
    ``names`` (notebooks, or the assignment's title) that names exactly one.

    >>> canvas_titles(["03-minimax-exercises.ipynb", "other.ipynb"],
    ...               ["Minimax exercises (4401)", "Homework 1 (17)"])
    {'03-minimax-exercises.ipynb': 'Minimax exercises (4401)'}
    """
    found = {}
    for name in names:
        same = [c for c in existing if _normal_title(c) == _normal_title(name)]
        if len(same) == 1:
            found[name] = same[0]
    return found


def _columns(folder, per, assignment, titles=None, existing=()) -> tuple:
    """(column titles, student -> {title: points}, title -> points possible).
    ``existing``: the columns of a gradebook, which a name without a title takes when it
    names one (:func:`canvas_titles`)."""
    titles = dict(titles or {})
    folder = Path(folder)
    if per == "assignment":
        title = titles.get("assignment") or canvas_titles([assignment], existing).get(
            assignment, assignment)
        totals = _rows(folder / "totals.csv")
        possible = max((float(r["max_points"]) for r in totals), default=0.0)
        return [title], {r["student"]: {title: r["points"]} for r in totals}, {title: possible}
    if per != "notebook":
        raise ReleaseError(f"per={per!r}: expected notebook or assignment")
    rows = _notebook_rows(folder)
    names = list(dict.fromkeys(r["notebook"] for r in rows))
    unknown = sorted(set(titles) - set(names) - {"assignment"})
    if unknown:
        raise ReleaseError(f"no notebook called {', '.join(unknown)} in {folder} (notebooks: "
                           f"{', '.join(names)})")
    matched = canvas_titles([n for n in names if n not in titles], existing)
    show = {n: titles.get(n) or matched.get(n) or PurePosixPath(n).stem for n in names}
    points, possible = {}, {}
    for r in rows:
        title = show[r["notebook"]]
        points.setdefault(r["student"], {})[title] = r["points"]
        possible[title] = max(possible.get(title, 0.0), float(r["max_points"]))
    for r in _rows(folder / "totals.csv"):
        points.setdefault(r["student"], {})
    return [show[n] for n in names], points, possible


def _notebook_rows(folder) -> list:
    """notebooks.csv, or the automatic points per notebook summed from grades.csv."""
    if (folder / "notebooks.csv").exists():
        return _rows(folder / "notebooks.csv")
    sums = {}
    for r in _rows(folder / "grades.csv"):
        cell = sums.setdefault((r["student"], r["notebook"]), [0.0, 0.0])
        cell[0] += float(r["points"])
        cell[1] += float(r["max_points"])
    return [{"student": s, "notebook": n, "points": f"{round(p, 2):g}",
             "max_points": f"{round(m, 2):g}"} for (s, n), (p, m) in sums.items()]


def canvas_csv(folder, dest, *, assignment="Minimax exercises", column_id=None,
               per="notebook", roster=None, titles=None, stream=None) -> Path:
    """A Canvas gradebook CSV of the final grades in ``folder`` (import it under Grades).

    ``roster``: a class list (best: Canvas's own gradebook export, whose assignment
    columns a notebook or the assignment takes by default when it names one) for the
    identifiers; ``titles``: notebook (or "assignment") -> column title, e.g. an existing
    Canvas assignment's ``"Minimax exercises (4401)"``; ``column_id`` adds Canvas's
    assignment id to the title of the one column of ``per="assignment"``; ``stream``:
    where to say which column is which (and which will be a new assignment).
    """
    from ..assignment.class_list import read_class

    if column_id and per == "assignment":
        titles = {**(titles or {}), "assignment": f"{assignment} ({column_id})"}
    existing = read_class(roster).columns if roster else []
    columns, points, possible = _columns(folder, per, assignment, titles, existing)
    if stream is not None and existing:
        new = [c for c in columns if c not in existing]
        print(f"{dest}: columns " + ", ".join(columns) + (
            f"; Canvas will make a new assignment of {', '.join(new)} (none of the "
            f"roster's columns names it: --column NOTEBOOK=TITLE)" if new else
            " (each an assignment of the roster's gradebook)"), file=stream)
    people = _people(folder, roster)
    rows = [{"Student": "    Points Possible", **{c: f"{possible[c]:g}" for c in columns}}]
    for student in sorted(points):
        who = people.get(student, {})
        known = who.get("canvas_id") or who.get("sis_user_id") or who.get("sis_login_id")
        rows.append({"Student": who.get("name") or student, "ID": who.get("canvas_id", ""),
                     "SIS User ID": who.get("sis_user_id", ""),
                     "SIS Login ID": who.get("sis_login_id", "") or ("" if known else student),
                     "Section": who.get("section", ""), **points[student]})
    _write(dest, CANVAS_IDS + columns, rows)
    return Path(dest)


#: Moodle's names for the user fields its CSV import maps by, and where we keep them.
MOODLE_IDS = {"Email address": "email", "ID number": "id_number", "Username": "username"}


def moodle_csv(folder, dest, *, assignment="Minimax exercises", per="notebook",
               roster=None, titles=None) -> Path:
    """A CSV for Moodle's gradebook import: identifiers, points, and a Feedback column.

    In Moodle: Grades, Import, CSV file; map *Email address* (or *ID number*, or
    *Username*) to the user field of the same name, and each points column to its grade
    item. A student with none of the three gets their grader id as the Username.
    """
    columns, points, _ = _columns(folder, per, assignment, titles)
    people = _people(folder, roster)
    ids = [name for name, field in MOODLE_IDS.items()
           if any(people.get(s, {}).get(field) for s in points)]
    unknown = [s for s in points
               if not any(people.get(s, {}).get(f) for f in MOODLE_IDS.values())]
    if unknown and "Username" not in ids:
        ids.append("Username")
    totals = {r["student"]: r for r in _rows(Path(folder) / "totals.csv")}
    rows = []
    for student in sorted(points):
        who = people.get(student, {})
        row = {name: who.get(MOODLE_IDS[name], "") for name in ids}
        if student in unknown:
            row["Username"] = student
        rows.append({**row, **points[student], "Feedback": _summary(totals.get(student, {}))})
    _write(dest, ids + columns + ["Feedback"], rows)
    return Path(dest)


#: The grading worksheet's columns, as Moodle names them (English language pack): the
#: import reads ``Identifier``, ``Grade``, ``Last modified (grade)`` and each feedback
#: plugin's column by its name (``importgradeslib.php``).
WORKSHEET_FIELDS = ["Identifier", "Full name", "Email address", "Grade", "Maximum Grade",
                    "Last modified (grade)", "Feedback comments"]


def moodle_worksheet(folder, dest, *, roster=None, now=None) -> tuple:
    """The assignment's grading worksheet with the final grades of ``folder``: one row per
    student with a Moodle participant number (from the collection of Moodle's download, or
    from a worksheet given as ``roster``); returns (path, students left out for want of
    one).

    In Moodle: the assignment, "Upload grading worksheet" (with "Offline grading
    worksheet" on in its feedback types). Moodle keeps a grade changed in Moodle after
    ``Last modified (grade)`` (``now``, the export's time) unless "Allow updating records
    that have been modified more recently in Moodle" is ticked, and skips a grade above the
    assignment's maximum: make the assignment's maximum grade the worksheet's.
    """
    from ..assignment.class_list import read_class

    folder = Path(folder)
    known = {sid: dict(row) for sid, row in _people(folder, None).items()}
    if roster:  # a worksheet names students by email: found by their id, email or number
        by_email = {row["email"].lower(): sid for sid, row in known.items() if row.get("email")}
        by_number = {row["moodle_participant"]: sid for sid, row in known.items()
                     if row.get("moodle_participant")}
        for s in read_class(roster).students:
            if s.participant:
                sid = s.id if s.id in known else by_email.get(s.email.lower()) or \
                    by_number.get(s.participant) or s.id
                row = known.setdefault(sid, {})
                row["moodle_participant"] = s.participant
                row.setdefault("name", s.name)
                row.setdefault("email", s.email)
    stamp = (now or datetime.now().astimezone()).isoformat(timespec="seconds")
    rows, left_out = [], []
    for total in _rows(folder / "totals.csv"):
        who = known.get(total["student"], {})
        if not who.get("moodle_participant"):
            left_out.append(total["student"])
            continue
        rows.append({"Identifier": f"Participant {who['moodle_participant']}",
                     "Full name": who.get("name") or who.get("moodle_name") or "",
                     "Email address": who.get("email", ""), "Grade": total["points"],
                     "Maximum Grade": total["max_points"], "Last modified (grade)": stamp,
                     "Feedback comments": _summary(total)})
    if not rows:
        raise ReleaseError(f"no student of {folder} has a Moodle participant number: collect "
                           "Moodle's download, or give its grading worksheet as --roster")
    _write(dest, WORKSHEET_FIELDS, sorted(rows, key=lambda r: int(r["Identifier"][12:])))
    return Path(dest), left_out


def _summary(total) -> str:
    """One line for a gradebook's feedback column: the total and what changed it."""
    if not total:
        return ""
    said = f"{total['points']}/{total['max_points']} points"
    late, adjusted = total.get("late_penalty", "0"), total.get("adjustments", "0")
    if late not in ("", "0") or adjusted not in ("", "0"):
        said += f" (automatic {total.get('automatic', total['points'])}"
        said += f", late -{late}" if late not in ("", "0") else ""
        said += f", adjustments {float(adjusted):+g}" if adjusted not in ("", "0") else ""
        said += ")"
    return said + "; see your feedback page for each question"


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
        automatic = round(sum(t["score"] for t in tests), 2)
        data = {"score": float(total["points"]) if total.get("points") else automatic,
                "max_score": round(sum(t["max_score"] for t in tests), 2),
                "output": total.get("problems", "") or "", "tests": tests}
        path = Path(dest) / safe_name(student) / "results.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, indent=1))
        written.append(path)
    return written


__all__ = ["merge", "canvas_csv", "canvas_titles", "moodle_csv", "moodle_worksheet",
           "gradescope_results", "TABLES", "WORKSHEET_FIELDS"]
