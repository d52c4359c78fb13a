"""What each learning platform's download says about a file: whose it is, and when it came.

Each platform names and dates submissions in its own way (read from their source code
and documentation, never guessed from a zip entry's time, which is when the archive
was made):

- **Canvas**, "Download Submissions": one file per upload, named
  ``<name>_<LATE_><user id>_<attachment id>_<the student's file name>``, where ``name``
  is the student's sortable name with everything but letters, digits and ``_``
  removed, lower-cased ("Doe, Jane" -> ``doejane``), ``LATE`` (lower-cased too in
  recent versions) when Canvas counts the submission late, and the two numbers the
  first two all-digit parts (:func:`canvas_file`). The download holds no times:
  attachment ids grow with every upload, so the larger is the later one; a
  submissions export (``--times``) gives the times themselves.
- **Moodle**, "Download all submissions": a prefix per student, ``clean_filename(<Full
  Name>_<participant id>)`` (underscores in the name become spaces), then the plugin:
  with "download as folders" (the default since 3.1) a folder
  ``<prefix>_assignsubmission_file_/`` (3.1 to 4.0) or ``<prefix>_assignsubmission_file/``
  (4.1 and later) holding the files as the student named them (subfolders kept); without
  folders (and before 3.1) each file prefixed, ``<prefix>_assignsubmission_file_<file>``;
  online text is ``onlinetext.html`` from the plugin ``onlinetext`` (moodle's
  ``mod/assign/classes/downloader.php``, ``locallib.php`` before 4.1; its own
  ``feedback/file/importziplib.php`` reads both folder forms). :func:`moodle_file`
  reads all of them. The participant id is the assignment's own number for the student,
  the one its grading worksheet calls "Participant 123456" (and for team submissions the
  group's id). The times are in the worksheet (``Last modified (submission)``, in the
  downloading user's time zone: :func:`read_worksheet`).
- **Gradescope**, "Export Submissions": ``submission_<id>/`` per submission, with
  ``submission_metadata.yml`` beside them: per folder, the ``:submitters:`` (name,
  sid, email) and ``:created_at:`` (:func:`read_gradescope_metadata`).

>>> canvas_file("doejane_late_12345_6789012_03-minimax-exercises (1).ipynb")
{'name': 'doejane', 'late': True, 'user_id': '12345', 'attachment_id': '6789012', 'file': '03-minimax-exercises (1).ipynb'}
>>> moodle_file("Jane Doe_123456_assignsubmission_file_/hw6_alphabeta.ipynb")
{'name': 'Jane Doe', 'participant': '123456', 'plugin': 'file', 'file': 'hw6_alphabeta.ipynb'}
>>> canvas_key("Dupont, Émile")
'dupontémile'
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from datetime import datetime, timezone
from pathlib import PurePosixPath

from ..assignment.release import ReleaseError

_DIGITS = re.compile(r"\d+")
#: One part of a Moodle path: the prefix (name, participant id), the plugin, and then
#: nothing (a 4.1 folder), ``_`` (a 3.1-4.0 folder) or ``_<file>`` (no folders).
_MOODLE = re.compile(r"^(?P<name>[^_/]*)_(?P<participant>\d+)_assignsubmission_"
                     r"(?P<plugin>[a-z][a-z0-9]*)(?:_(?P<rest>.*))?$", re.S)
#: How Moodle writes a date in the grading worksheet (``userdate``, English).
MOODLE_DATE = "%A, %d %B %Y, %I:%M %p"
GRADESCOPE_METADATA = "submission_metadata.yml"


def canvas_file(name: str) -> dict | None:
    """The parts of a file name from Canvas's submissions download, or None.

    The user id and the attachment id are the first two all-digit parts between
    underscores (as Canvas itself finds them when feedback files are uploaded back). A
    name in which other parts could be them too (``x_501_99999999_777_888_hw.ipynb``: the
    student's name and file name are theirs to choose) has several readings:
    :func:`canvas_readings`.
    """
    found = canvas_readings(name)
    return found[0] if found else None


def canvas_readings(name: str) -> list:
    """Every reading of a Canvas download's file name (:func:`canvas_file`), leftmost first.

    >>> [r["user_id"] for r in canvas_readings("x_501_99999999_777_888_hw.ipynb")]
    ['501', '99999999', '777']
    """
    parts = PurePosixPath(name).name.split("_")
    found = []
    for i in range(len(parts) - 2):
        if _DIGITS.fullmatch(parts[i]) and _DIGITS.fullmatch(parts[i + 1]):
            before = parts[:i]
            late = bool(before) and before[-1].lower() == "late"
            found.append({"name": "_".join(before[:-1] if late else before), "late": late,
                          "user_id": parts[i], "attachment_id": parts[i + 1],
                          "file": "_".join(parts[i + 2:])})
    return found


def canvas_key(sortable_name: str) -> str:
    """A student's name as Canvas writes it in download file names ("Doe, Jane" -> doejane)."""
    text = unicodedata.normalize("NFC", sortable_name)
    return "".join(c for c in text if c.isalnum() or c == "_").lower()


def moodle_file(path: str) -> dict | None:
    """The student part of a path in Moodle's "Download all submissions", or None: name,
    participant id, plugin (``file``, ``onlinetext``, ...) and the file as the student
    named it (its path inside the student's folder).

    >>> moodle_file("Jane Doe_123_assignsubmission_file/sub/hw.ipynb")["file"]
    'sub/hw.ipynb'
    >>> moodle_file("Jane Doe_123_assignsubmission_file_hw.ipynb")["participant"]
    '123'
    >>> moodle_file("Jane Doe_123_assignsubmission_file/") is None  # a folder, no file
    True
    """
    parts = PurePosixPath(path).parts
    for i, part in enumerate(parts):
        match = _MOODLE.match(part)
        if not match:
            continue
        last = i == len(parts) - 1
        rest = match["rest"]
        if last and not rest:  # a folder's name with nothing in it, or a file without one
            return None
        if not last and rest:  # a prefixed file's name is never a folder
            continue
        file = "/".join(([rest] if rest else []) + list(parts[i + 1:]))
        return {"name": match["name"], "participant": match["participant"],
                "plugin": match["plugin"], "file": file}
    return None


def moodle_like(path: str) -> bool:
    """Does a path name Moodle's plugin in one of its parts (``assignsubmission_``), read
    by :func:`moodle_file` or not (a team's ``Default group_assignsubmission_file_``)?"""
    return "_assignsubmission_" in path


def read_worksheet(text: str, where="the grading worksheet", tz=None) -> dict:
    """Moodle's grading worksheet: participant id -> {name, email, submitted (aware
    datetime or None), status, line}. ``tz``: the zone its times are in (default local)."""
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    if not rows or "Identifier" not in rows[0]:
        raise ReleaseError(f"{where} is not a Moodle grading worksheet (no Identifier column)")
    found = {}
    for line, row in enumerate(rows, 2):
        participant = "".join(_DIGITS.findall(row.get("Identifier") or ""))
        if not participant:
            raise ReleaseError(f"{where}, line {line}: no participant number in "
                               f"{row.get('Identifier')!r}")
        when = (row.get("Last modified (submission)") or "").strip()
        found[participant] = {"name": (row.get("Full name") or "").strip(),
                              "email": (row.get("Email address") or "").strip(),
                              "status": (row.get("Status") or "").strip(), "line": line,
                              "submitted": moodle_date(when, tz, f"{where}, line {line}")}
    return found


def is_worksheet(text: str) -> bool:
    """Does this CSV text look like a Moodle grading worksheet?"""
    head = text.lstrip("\ufeff").split("\n", 1)[0]
    return "Identifier" in head and "Last modified (submission)" in head


def moodle_date(text: str, tz=None, where="a date"):
    """A worksheet date ("Friday, 3 March 2023, 10:15 AM") as an aware datetime; None for "-".

    >>> moodle_date("Friday, 3 March 2023, 10:15 PM", timezone.utc).isoformat()
    '2023-03-03T22:15:00+00:00'
    """
    if text in ("", "-"):
        return None
    try:
        naive = datetime.strptime(text, MOODLE_DATE)
    except ValueError:
        raise ReleaseError(f"{where}: cannot read the time {text!r} (expected Moodle's "
                           "English format, e.g. 'Friday, 3 March 2023, 10:15 AM')") from None
    return naive.replace(tzinfo=tz) if tz is not None else naive.astimezone()


#: The largest Gradescope metadata file read (bytes): the export of a large class is a few
#: hundred kilobytes.
MAX_METADATA = 16 << 20
_SUBMISSION = re.compile(r"submission_\d+")


def read_gradescope_metadata(text: str, where=GRADESCOPE_METADATA) -> dict:
    """Gradescope's export metadata: folder -> {submitters: [{name, sid, email}],
    created_at: aware datetime or None, earlier: number of earlier submissions}.

    Only keys that are a submission folder's name (``submission_<id>``) count. YAML's
    aliases are refused (a few lines of them unfold into gigabytes: Gradescope writes
    none), and so is a file larger than :data:`MAX_METADATA`.
    """
    import yaml

    if len(text) > MAX_METADATA:
        raise ReleaseError(f"{where} holds {len(text):,} characters (more than "
                           f"{MAX_METADATA:,}): not Gradescope's submission metadata")

    class Loader(yaml.SafeLoader):
        """Safe, without aliases, and reads Ruby's tagged objects (scores as BigDecimal)
        as plain data."""

        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                mark = self.peek_event().start_mark
                raise yaml.composer.ComposerError(
                    None, None, "an alias (*name): Gradescope writes none", mark)
            return super().compose_node(parent, index)

    def plain(loader, suffix, node):
        if isinstance(node, yaml.MappingNode):
            return loader.construct_mapping(node, deep=True)
        if isinstance(node, yaml.SequenceNode):
            return loader.construct_sequence(node, deep=True)
        return loader.construct_scalar(node)

    Loader.add_multi_constructor("!", plain)
    try:
        data = yaml.load(text, Loader=Loader)
    except (yaml.YAMLError, RecursionError, ValueError, TypeError) as exc:
        raise ReleaseError(f"{where} is not YAML Gradescope writes ({exc})") from None
    if not isinstance(data, dict):
        raise ReleaseError(f"{where} is not Gradescope's submission metadata")
    found = {}
    for folder, record in data.items():
        if not isinstance(record, dict) or not isinstance(folder, str) \
                or not _SUBMISSION.fullmatch(folder):
            continue
        submitters = record.get(":submitters")
        people = [{"name": _text(p.get(":name")), "sid": _text(p.get(":sid")),
                   "email": _text(p.get(":email"))}
                  for p in (submitters if isinstance(submitters, list) else [])
                  if isinstance(p, dict)]
        history = record.get(":history")
        found[folder] = {"submitters": people,
                         "created_at": _aware(record.get(":created_at"), where),
                         "earlier": len(history) if isinstance(history, list) else 0}
    return found


def _text(value) -> str:
    """A metadata field as text: a string or a number, else nothing."""
    return str(value) if isinstance(value, (str, int, float)) and value is not True \
        and value is not False else ""


def _aware(value, where):
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ReleaseError(f"{where}: cannot read the time {value!r}") from None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    raise ReleaseError(f"{where}: cannot read the time {value!r}")


def read_times(text: str, where="the submission times", tz=None) -> dict:
    """A submissions export: identifier -> aware datetime. Its columns: one naming the
    student (student, id, ID, SIS Login ID, email, ...) and one with the time
    (submitted_at, Submitted, Date, ...; ISO 8601, e.g. 2025-03-01T23:59:00-05:00).

    Canvas's API (``GET .../assignments/:id/submissions``) names the student ``user_id``
    (its ``id`` is the submission's own number, then not read); its answer, a JSON list
    of submissions, is read as it is too.

    >>> read_times('[{"id": 9, "user_id": 101, "submitted_at": "2025-03-02T10:00:00Z"}]')
    {'101': datetime.datetime(2025, 3, 2, 10, 0, tzinfo=datetime.timezone.utc)}
    """
    rows = _json_rows(text, where) if text.lstrip("\ufeff \t\r\n").startswith("[") else \
        list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    if not rows:
        raise ReleaseError(f"{where} lists no times")
    columns = {c.strip().lower(): c for c in rows[0] if c}
    when = next((columns[c] for c in ("submitted_at", "submitted", "submission time",
                                      "date", "time") if c in columns), None)
    names = ("student", "user_id", "id", "sis login id", "sis user id", "user id", "email",
             "email address", "sid")
    if "user_id" in columns:  # Canvas's API: "id" is the submission's number, no student's
        names = tuple(n for n in names if n != "id")
    who = [columns[c] for c in names if c in columns]
    if when is None or not who:
        raise ReleaseError(f"{where}: expected a column naming the student (student, id, "
                           "email, ...) and one with the time (submitted_at)")
    found = {}
    for line, row in enumerate(rows, 2):
        text_time = (row.get(when) or "").strip()
        if not text_time:
            continue
        try:
            stamp = datetime.fromisoformat(text_time.replace("Z", "+00:00"))
        except ValueError:
            raise ReleaseError(f"{where}, line {line}: cannot read the time {text_time!r} "
                               "(ISO 8601, e.g. 2025-03-01T23:59:00-05:00)") from None
        if stamp.tzinfo is None:
            stamp = stamp.replace(tzinfo=tz) if tz is not None else stamp.astimezone()
        for column in who:
            if (row.get(column) or "").strip():
                found[row[column].strip()] = stamp
    return found


def _json_rows(text, where) -> list:
    """The rows of a JSON list of objects (Canvas's API answer): each object's plain
    fields, as text."""
    import json

    try:
        data = json.loads(text.lstrip("\ufeff"))
    except ValueError as exc:
        raise ReleaseError(f"{where} is not CSV, nor the JSON of Canvas's API ({exc})") from None
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        raise ReleaseError(f"{where}: expected a list of submissions (Canvas's API)")
    return [{str(k): "" if v is None else str(v) for k, v in d.items()
             if v is None or isinstance(v, (str, int, float))} for d in data]


__all__ = ["canvas_file", "canvas_readings", "canvas_key", "moodle_file", "moodle_like",
           "read_worksheet", "is_worksheet", "MAX_METADATA",
           "moodle_date", "read_gradescope_metadata", "read_times", "GRADESCOPE_METADATA"]
