"""Handing the feedback pages back: an index, readable file names, and upload layouts.

:func:`release_feedback` copies each graded student's page (``feedback/`` of a graded
folder) to ``DEST/<readable name>.html``: the student's name and id as they are, in any
script (``李, 伟 (liwei).html``; ``émile-dupont.html`` for a student known only by the id
``émile-dupont``; :func:`~..common.readable_name` replaces only what no file system
takes), and writes

- ``index.csv`` and ``index.html``: student, name, file, points (the page links each);
- ``canvas/`` and ``canvas-feedback.zip``: one file per student named as Canvas's
  download named their upload, ``<name>_<user id>_<attachment id>_feedback.html``;
  Canvas's "Re-Upload Submissions" (on the assignment's page) attaches each to that
  student's submission as a comment;
- ``moodle/`` and ``moodle-feedback.zip``: ``<Full Name>_<participant>_assignsubmission_
  file_/feedback.html``, as Moodle's download names folders; Moodle's "Upload multiple
  feedback files in a zip" (grading actions, with feedback files on) gives each to
  that participant.

The platform ids come from the collection (``students.csv``); a student without them
(not collected from that platform) is listed in the index with the page to hand over
by other means.
"""

from __future__ import annotations

import hashlib
import shutil
import zipfile
from pathlib import Path

from .collect import read_students
from ..common.files import csv_text, read_csv, readable_name, safe_name, write_atomic
from ..common.pages import render
from ..assignment.release import ReleaseError

INDEX_FIELDS = ["student", "name", "file", "points", "max_points", "canvas", "moodle"]
ZIP_TIME = (2024, 1, 1, 0, 0, 0)


def file_names(students, names=None) -> dict:
    """student -> a readable file name (no extension): the student's name and id when the
    name is known (``names``), else the id; distinct even where the file system ignores
    case.

    >>> file_names(["liwei"], {"liwei": "李, 伟"})
    {'liwei': '李, 伟 (liwei)'}
    >>> file_names(["李伟", "émile-dupont", "Ann", "ann"])
    {'李伟': '李伟', 'émile-dupont': 'émile-dupont', 'Ann': 'Ann-17239b', 'ann': 'ann-49915e'}
    """
    known = names or {}
    names = {s: readable_name(f"{known[s]} ({s})" if known.get(s) and known[s] != s else s)
             for s in students}
    folded = {}
    for s, name in names.items():
        folded.setdefault(name.casefold(), []).append(s)
    for group in folded.values():
        if len(group) > 1:
            for s in group:
                names[s] = names[s] + "-" + hashlib.sha256(s.encode()).hexdigest()[:6]
    return names


def release_feedback(folder, dest) -> list:
    """Write ``dest`` (see the module docstring) from the graded ``folder``; returns the
    index rows."""
    folder, dest = Path(folder), Path(dest)
    totals = read_csv(folder / "totals.csv")
    people = read_students(folder)
    names = file_names([t["student"] for t in totals],
                       {sid: row.get("name", "") for sid, row in people.items()})
    if dest.exists() and any(dest.iterdir()) and not (dest / "index.csv").exists():
        raise ReleaseError(f"{dest} is not empty (give a new folder)")
    for sub in ("canvas", "moodle"):
        shutil.rmtree(dest / sub, ignore_errors=True)
    dest.mkdir(parents=True, exist_ok=True)
    rows = []
    for total in totals:
        student = total["student"]
        page = folder / "feedback" / f"{safe_name(student)}.html"
        if not page.exists():
            raise ReleaseError(f"no feedback page for {student!r} in {folder / 'feedback'}")
        who = people.get(student, {})
        target = f"{names[student]}.html"
        shutil.copyfile(page, dest / target)
        row = {"student": student, "name": who.get("name", ""), "file": target,
               "points": total["points"], "max_points": total["max_points"]}
        if who.get("canvas_id") and who.get("canvas_attachment"):
            upload = (f"{who.get('canvas_name') or 'student'}_{who['canvas_id']}_"
                      f"{who['canvas_attachment']}_feedback.html")
            (dest / "canvas").mkdir(exist_ok=True)
            shutil.copyfile(page, dest / "canvas" / upload)
            row["canvas"] = f"canvas/{upload}"
        if who.get("moodle_participant"):
            name = (who.get("moodle_name") or "Participant").replace("_", " ")
            upload = f"{name}_{who['moodle_participant']}_assignsubmission_file_/feedback.html"
            (dest / "moodle" / upload).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, dest / "moodle" / upload)
            row["moodle"] = f"moodle/{upload}"
        rows.append(row)
    write_atomic(dest / "index.csv", csv_text(INDEX_FIELDS, rows))
    write_atomic(dest / "index.html", index_html(rows))
    for sub in ("canvas", "moodle"):
        _zip(dest / sub, dest / f"{sub}-feedback.zip")
    return rows


def _zip(folder: Path, path: Path):
    path.unlink(missing_ok=True)
    if not folder.is_dir():
        return
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for item in sorted(folder.rglob("*")):
            if item.is_file():
                info = zipfile.ZipInfo(item.relative_to(folder).as_posix(), ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o100644 << 16
                z.writestr(info, item.read_bytes())


def index_html(rows) -> str:
    """The index page: one row per student, linking their page (and upload copies): the
    template ``index.html.j2``."""
    return render("index.html.j2", rows=rows)


__all__ = ["release_feedback", "file_names", "index_html"]
