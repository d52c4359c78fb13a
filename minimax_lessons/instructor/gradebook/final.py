"""A student's final grade: the automatic grade, less the late penalty, plus the instructor's
adjustments, per notebook; and the one step that writes the graded folder from it.

The grader's automatic result for a student is signed with the key's secret
(``results/<student>.json``, :mod:`.records`). What the instructor adds on top
(:mod:`.adjustments`) and what lateness costs (:mod:`.late`) are recorded beside it in
``final/<student>.json``, signed too, over the final grade *and the automatic result's
signature*: the chain ties each final grade to the very result it was computed from, so
neither can be edited by hand without :func:`verify_final` saying so. Every run of
``grade`` computes the final grades again from the results, ``adjustments.csv`` and the
collection's times; it reads ``adjustments.csv`` and checks the roster's extensions before
it grades anyone (:func:`check_inputs`), so that a file it refuses changes no file of the
output folder.

Per notebook: ``points = max(0, automatic + adjustments - late share * notebook's points)``;
the total is the sum over notebooks. :func:`finish` is the report step: once per run, after
the grading, it writes each file of the graded folder once, from the stored results:

- the tables (:mod:`.tables`): ``grades.csv``, ``totals.csv``, ``notebooks.csv`` and
  ``students.csv``;
- the feedback pages (:mod:`.feedback`): ``feedback/<student>.html``;
- ``final/<student>.json``: the signed record.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..assignment.release import ReleaseError
from ..assignment.variants import sign, verify
from ..common.files import safe_name, write_atomic
from ..lms.collect import read_collection, read_students
from .adjustments import read_adjustments
from .feedback import write_feedback
from .late import Lateness, parse_time
from .records import stored_signature
from .tables import write_tables

PLATFORMS = {"canvas": "Canvas", "moodle": "Moodle", "gradescope": "Gradescope"}


@dataclass
class NotebookTotal:
    """One notebook's final points and what made them."""

    notebook: str
    automatic: float
    max_points: float
    late_penalty: float = 0.0
    adjustments: float = 0.0
    late_reason: str = ""

    @property
    def points(self) -> float:
        return max(0.0, round(self.automatic + self.adjustments - self.late_penalty, 2))


@dataclass
class Final:
    """A student's final grade, notebook by notebook, with the adjustments applied."""

    student: str
    notebooks: list = field(default_factory=list)
    adjustments: list = field(default_factory=list)  # [{question, points, comment}]

    def _sum(self, attribute) -> float:
        return round(sum(getattr(n, attribute) for n in self.notebooks), 2)

    @property
    def points(self) -> float:
        return self._sum("points")

    @property
    def automatic(self) -> float:
        return self._sum("automatic")

    @property
    def max_points(self) -> float:
        return self._sum("max_points")

    def to_data(self) -> dict:
        return {"student": self.student, "points": self.points,
                "notebooks": [{**asdict(n), "points": n.points} for n in self.notebooks],
                "adjustments": self.adjustments}


def final_grade(result, key, lateness=None, adjustments=()) -> Final:
    """The :class:`Final` of one automatic ``result``: ``lateness`` maps notebook ->
    :class:`~.late.Lateness`; ``adjustments`` are this student's."""
    lateness = lateness or {}
    final = Final(result.student, adjustments=[
        {"question": a.question, "notebook": a.notebook, "points": a.points,
         "comment": a.comment} for a in adjustments])
    for name in key["notebooks"]:
        grades = [g for g in result.grades if g.notebook == name]
        if not grades:
            continue
        most = round(sum(g.max_points for g in grades), 2)
        late = lateness.get(name) or Lateness()
        final.notebooks.append(NotebookTotal(
            name, round(sum(g.points for g in grades), 2), most,
            late_penalty=round(late.share * most, 2),
            adjustments=round(sum(a.points for a in adjustments if a.notebook == name), 2),
            late_reason=late.reason))
    return final


def lateness_of(student, key, policy, students, collected) -> dict:
    """notebook -> :class:`~.late.Lateness` for one student, from the collection's times."""
    if policy is None:
        return {}
    row = students.get(student, {})
    mine = any(s == student for s, _ in collected)
    found = {}
    for name in key["notebooks"]:
        upload = collected.get((student, name))
        if upload is None and (mine or row.get("notebooks") == "0" or not (
                row.get("submitted_at") or row.get("late"))):
            continue  # not collected, or nothing known about its coming in
        source = upload or row
        when = source.get("submitted_at") or row.get("submitted_at")
        submitted = parse_time(when, what="submitted_at") if when else None
        platform = PLATFORMS.get((upload or {}).get("lms", ""), "the platform")
        found[name] = policy.lateness(submitted, marked=source.get("late") == "yes",
                                      extension=row.get("extension", ""), platform=platform)
    return found


def check_inputs(out, key, *, submissions=None, late=None, adjustments=None) -> list:
    """Read what :func:`finish` will apply on top of the automatic grades, and refuse it
    (:class:`~..assignment.release.ReleaseError`) before anything is graded or written:
    ``adjustments.csv`` (returns its adjustments) and the roster's extensions."""
    changes = read_adjustments(Path(adjustments) if adjustments else Path(out) /
                               "adjustments.csv", key)
    if late is not None and submissions:
        for student, row in read_students(submissions).items():
            if row.get("extension"):
                try:
                    late.due_for(row["extension"])
                except ReleaseError as exc:
                    raise ReleaseError(f"the extension of {student!r} in "
                                       f"{Path(submissions) / 'students.csv'}: {exc}") from None
    return changes


def finish(out, results, key, *, submissions=None, late=None, adjustments=None,
           stream=None, changes=None) -> dict:
    """The report step: apply lateness and adjustments to ``results``; write the signed
    records, the feedback pages and the tables, each once; returns student ->
    :class:`Final`. ``changes``: the adjustments already read (:func:`check_inputs`), else
    ``adjustments`` is read. Every final grade is worked out before the first file is
    written."""
    out = Path(out)
    students = read_students(submissions) if submissions else {}
    collected = {(r["student"], r["notebook"]): r
                 for r in (read_collection(submissions) if submissions else [])
                 if r["status"] == "collected"}
    if changes is None:
        changes = read_adjustments(Path(adjustments) if adjustments else
                                   out / "adjustments.csv", key)
    graded = {r.student for r in results}
    strangers = sorted({a.student for a in changes} - graded)
    if strangers and stream is not None:
        print(f"adjustments for students not graded here (another shard?): "
              f"{', '.join(strangers)}", file=stream)
    finals = {result.student: final_grade(
        result, key, lateness_of(result.student, key, late, students, collected),
        [a for a in changes if a.student == result.student]) for result in results}
    (out / "feedback").mkdir(parents=True, exist_ok=True)
    for result in results:
        final = finals[result.student]
        _sign(out, key, final)
        write_feedback(out / "feedback" / f"{safe_name(result.student)}.html", result, final,
                       students.get(result.student, {}).get("name", ""))
    write_tables(out, results, finals, students)
    return finals


def _record_path(out, student) -> Path:
    return Path(out) / "final" / f"{safe_name(student)}.json"


def _sign(out, key, final):
    signature, _ = stored_signature(out, final.student)
    data = final.to_data()
    text = json.dumps({"final": data, "result": signature}, sort_keys=True)
    path = _record_path(out, final.student)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps({"final": data, "result_signature": signature,
                                   "signature": sign(key, text, "final")}, indent=1))


def verify_final(out, key, student) -> tuple:
    """(the final record, None) when it and the result it was made from are intact, else
    (None, why)."""
    try:
        stored = json.loads(_record_path(out, student).read_text(encoding="utf-8"))
        data, chained = stored["final"], stored["result_signature"]
    except (OSError, ValueError, KeyError, TypeError):
        return None, "no readable final record"
    signature, result = stored_signature(out, student)
    if signature is None or not verify(key, result, signature):
        return None, "the automatic result fails its signature (edited?)"
    if chained != signature:
        return None, "the final record was made from another automatic result"
    text = json.dumps({"final": data, "result": chained}, sort_keys=True)
    if not verify(key, text, stored.get("signature"), "final"):
        return None, "the final record fails its signature (edited?)"
    return data, None


__all__ = ["finish", "check_inputs", "final_grade", "lateness_of", "verify_final", "Final",
           "NotebookTotal"]
