"""Collect a class's notebooks from a learning platform's download into the layout ``grade``
reads, ``DEST/<student>/<notebook>``, and say what was found.

``SOURCE`` is a Canvas, Moodle or Gradescope download (the zip, or the folder it was
unpacked to: :mod:`.platforms` reads their names and times) or a folder of loose files
(``SOURCE/<student>/...`` or ``SOURCE/<student>.ipynb``). Nothing in it is trusted:
archives are checked before anything is read (:mod:`.archives`), and every file written
goes to a name collect makes, inside ``DEST``.

Vocabulary:

- *upload*: one notebook a student handed in (:class:`Upload`): its bytes, who handed it
  in as the platform knows them, and when, if the platform says.
- *match*: the notebook of the assignment an upload is, told by its content
  (:func:`match_notebook`): the ids of the release's cells, its graded cells' grade ids,
  or the text of its locked cells, whichever says most; never the file name, which
  students change (``03-minimax-exercises (1).ipynb``, ``hw6_alphabeta.ipynb``). A file
  that is not even JSON is matched by its name, so that the grader can say what is wrong
  with it.
- *latest*: of a student's uploads of one notebook, the one that counts: the last handed
  in (by the platform's time; on Canvas, whose download has none, by the attachment ids,
  which grow with every upload). The others are reported as *earlier*.

``DEST`` gets, besides the notebooks (and an empty folder for each student of the roster
with none, whom ``grade`` then gives 0, "not submitted"):

- ``collection.csv``: one row per file found (student, notebook, status, file, entry,
  platform, submitted_at, late, why), status being collected, earlier, unmatched,
  skipped or clash (two students whose folders would be one: neither is collected);
- ``students.csv``: one row per student (submitted or on the roster): every id the
  platform and the roster know them by, their extension, their latest time and late mark;
  ``grade`` reads it for the late policy, ``export`` for the identifiers;
- ``collection.txt``: the report, for people.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from .archives import read_source
from ..common.files import csv_text, read_csv, readable_name, write_atomic
from .platforms import (GRADESCOPE_METADATA, canvas_key, canvas_readings, moodle_file,
                        moodle_like, read_gradescope_metadata, read_times, read_worksheet)
from ..assignment.release import ReleaseError, load_key
from ..assignment.class_list import TEST_STUDENT_MARK, read_class

#: A match needs at least this share of a notebook's cells (or graded cells, or locked text).
MATCH_SHARE = 0.5
COLLECTION_FIELDS = ["student", "notebook", "status", "file", "entry", "lms", "submitted_at",
                     "late", "why"]
STUDENT_FIELDS = ["student", "folder", "name", "email", "canvas_id", "sis_user_id",
                  "sis_login_id", "section", "extension", "moodle_participant", "moodle_name",
                  "canvas_attachment", "canvas_name", "gradescope_submission", "submitted_at",
                  "late", "notebooks", "on_roster"]
_COPY = re.compile(r"(?: \((\d+)\)|-(\d+))$")


@dataclass
class Upload:
    """One notebook file a student handed in, and what collect made of it."""

    entry: str
    file: str
    data: bytes
    lms: str
    who: dict = field(default_factory=dict)
    submitted_at: datetime | None = None
    late: bool = False
    order: int = 0  # the platform's own order (Canvas attachment ids), later is larger
    notebook: str | None = None
    why: str = ""
    student: str | None = None
    status: str = ""


@dataclass
class Collection:
    """What :func:`collect` found and wrote."""

    lms: str
    uploads: list = field(default_factory=list)
    students: dict = field(default_factory=dict)  # id -> row of students.csv
    skipped: list = field(default_factory=list)
    missing: list = field(default_factory=list)  # on the roster, nothing collected
    report: str = ""

    def collected(self) -> list:
        return [u for u in self.uploads if u.status == "collected"]


# -- which notebook is this? -------------------------------------------------------------------
def _normal(source) -> str:
    text = "".join(source) if isinstance(source, list) else str(source or "")
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def match_notebook(nb: dict, key: dict) -> tuple:
    """(notebook name in the key or None, why) for a submitted notebook (parsed JSON).

    >>> key = {"notebooks": {"a.ipynb": {"cells": {}, "questions": {}, "cell_ids": ["x", "y"]},
    ...                      "b.ipynb": {"cells": {}, "questions": {}, "cell_ids": ["z"]}}}
    >>> match_notebook({"cells": [{"id": "z", "source": ""}]}, key)
    ('b.ipynb', 'its cells are those of b.ipynb (1 of 1 cell ids)')
    """
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        return None, "not a notebook (no cells)"
    cells = [c for c in cells if isinstance(c, dict)]
    # a field of another type than nbformat's (a list for an id) counts as absent
    ids = {c.get("id") for c in cells if isinstance(c.get("id"), str)}
    grade_ids = {c["metadata"]["nbgrader"].get("grade_id") for c in cells
                 if isinstance(c.get("metadata"), dict)
                 and isinstance(c["metadata"].get("nbgrader"), dict)
                 and isinstance(c["metadata"]["nbgrader"].get("grade_id"), str)}
    texts = {_normal(c.get("source")) for c in cells if _is_source(c.get("source"))}
    scores = []
    for name, part in key["notebooks"].items():
        want_ids = set(part.get("cell_ids") or ())
        graded = set(part.get("cells") or ())
        locked = {_normal(c["source"]) for c in (part.get("cells") or {}).values()
                  if c.get("locked") and _normal(c.get("source"))}
        found = [(len(ids & want_ids) / len(want_ids), f"{len(ids & want_ids)} of "
                  f"{len(want_ids)} cell ids") if want_ids else (0, ""),
                 (len(grade_ids & graded) / len(graded), f"{len(grade_ids & graded)} of "
                  f"{len(graded)} graded cells") if graded else (0, ""),
                 (len(texts & locked) / len(locked), f"{len(texts & locked)} of "
                  f"{len(locked)} locked cells' text") if locked else (0, "")]
        share, how = max(found, key=lambda f: f[0])
        scores.append((share, name, how))
    scores.sort(key=lambda s: -s[0])
    if not scores or scores[0][0] < MATCH_SHARE:
        best = f" (closest: {scores[0][1]}, {scores[0][2]})" if scores and scores[0][0] else ""
        return None, "matches no notebook of the assignment" + best
    if len(scores) > 1 and scores[1][0] == scores[0][0]:
        return None, f"matches {scores[0][1]} and {scores[1][1]} equally"
    return scores[0][1], f"its cells are those of {scores[0][1]} ({scores[0][2]})"


def _is_source(source) -> bool:
    """A cell's source as nbformat has it: a string or a list of strings."""
    return isinstance(source, str) or (isinstance(source, list)
                                       and all(isinstance(line, str) for line in source))


def _by_name(file, key) -> str | None:
    """The key's notebook a file is named after (copy numbers ignored), if any."""
    stem = _COPY.sub("", PurePosixPath(file).stem)
    for name in key["notebooks"]:
        if PurePosixPath(name).stem == stem:
            return name
    return next(iter(key["notebooks"])) if len(key["notebooks"]) == 1 else None


def _match(upload, key):
    try:
        nb = json.loads(upload.data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        name = _by_name(upload.file, key)
        upload.notebook = name
        upload.why = ("not a readable notebook (not JSON); collected by its name so the "
                      "grader says what is wrong with it" if name else
                      "not a readable notebook (not JSON), and its name is no notebook's")
        return
    try:
        upload.notebook, upload.why = match_notebook(nb, key)
    except Exception as exc:  # anything malformed in it costs this upload only
        upload.notebook = None
        upload.why = f"a malformed notebook ({type(exc).__name__}), matched to none"


# -- who handed it in, and when ----------------------------------------------------------------
def _uploads(found, key, lms_hint=None, worksheet=None, tz=None) -> tuple:
    """(platform, uploads) from the entries read from the source. Of a student's upload
    only the notebooks are read: a worksheet comes from ``worksheet`` (``--worksheet``)
    alone, Gradescope's metadata from the export's own file beside its submission folders."""
    metadata, folder = _gradescope_metadata(found)
    notebooks = [e for e in found.entries if e.name.lower().endswith(".ipynb")]
    lms = lms_hint or layout(found, metadata)
    uploads = []
    for e in notebooks:
        upload = Upload(e.name, PurePosixPath(e.name).name, e.data, lms)
        if lms == "gradescope":
            home, record = _gradescope_folder(e.name, folder, metadata)
            if record is None:
                upload.status, upload.why = "skipped", "in no submission folder of the metadata"
            else:  # a group's submission is each member's
                for person in record["submitters"][1:]:
                    uploads.append(_gradescope_upload(e, lms, home, record, person, key))
                upload = _gradescope_upload(e, lms, home, record,
                                            (record["submitters"] or [{}])[0], key)
                uploads.append(upload)
                continue
        elif lms == "moodle":
            parts = moodle_file(e.name) or moodle_file(e.inside)  # (a zip it handed in)
            upload.file = (parts["file"] if not e.inside else e.name) or upload.file
            upload.who = {"moodle_participant": parts["participant"],
                          "moodle_name": parts["name"], "name": parts["name"]}
            sheet = (worksheet or {}).get(parts["participant"])
            if sheet:
                upload.who["email"] = sheet["email"]
                upload.submitted_at = sheet["submitted"]
        elif lms == "canvas":
            readings = canvas_readings(e.name if not e.inside else e.inside)
            parts = readings[0]
            upload.file = parts["file"] if not e.inside else e.name
            upload.who = {"canvas_id": parts["user_id"], "canvas_name": parts["name"],
                          "canvas_attachment": parts["attachment_id"]}
            if len(readings) > 1:
                upload.who["readings"] = readings
            upload.late = parts["late"]
            upload.order = int(parts["attachment_id"])
        else:  # loose files
            path = PurePosixPath(e.name)
            upload.who = {"folder": path.parts[0] if len(path.parts) > 1 else path.stem}
        if not upload.status:
            _match(upload, key)
        uploads.append(upload)
    return lms, uploads


def _gradescope_upload(entry, lms, folder, record, person, key) -> Upload:
    upload = Upload(entry.name, entry.name[len(folder) + 1:], entry.data, lms,
                    who={"gradescope_submission": PurePosixPath(folder).name,
                         "people": [person] if person else []},
                    submitted_at=record["created_at"])
    _match(upload, key)
    return upload


def _gradescope_metadata(found) -> tuple:
    """(metadata by submission folder name, the folder it lies in) from the export's own
    ``submission_metadata.yml``: one that lies beside the submission folders, never inside
    one nor inside an archive a student handed in; ({}, None) without one."""
    own, planted = [], []
    for e in found.entries:
        if e.path.name != GRADESCOPE_METADATA:
            continue
        inside = e.inside or any(_SUBMISSION_FOLDER.fullmatch(part)
                                 for part in e.path.parts[:-1])
        (planted if inside else own).append(e)
    for e in planted:
        found.skipped.append((e.name, "a metadata file inside a submission: only the "
                                      "export's own is read"))
    if not own:
        return {}, None
    if len(own) > 1:
        raise ReleaseError("collect: the download holds more than one Gradescope metadata "
                           f"file ({', '.join(e.name for e in own)}); expected one, beside "
                           "the submission_<id> folders of one export")
    (entry,) = own
    found.entries.remove(entry)
    return (read_gradescope_metadata(entry.data.decode("utf-8", "replace"), entry.name),
            str(entry.path.parent))


_SUBMISSION_FOLDER = re.compile(r"submission_\d+")


def _gradescope_folder(name, folder, metadata):
    """(submission folder, its record) of an entry: the folder beside the metadata whose
    name is exactly a key of it; (None, None) for anything else."""
    path = PurePosixPath(name)
    base = PurePosixPath(folder) if folder not in (None, ".") else PurePosixPath()
    try:
        rest = path.relative_to(base) if base.parts else path
    except ValueError:
        return None, None
    if len(rest.parts) < 2 or rest.parts[0] not in metadata:
        return None, None
    return str(base / rest.parts[0]), metadata[rest.parts[0]]


#: What each layout collect knows looks like (said when a download is none of them).
LAYOUTS = ("Canvas's \"Download Submissions\" (<name>_<user id>_<attachment id>_<file>), "
           "Moodle's \"Download all submissions\" (<Full Name>_<participant id>_"
           "assignsubmission_file/ or _file_/ folders, or files so prefixed), Gradescope's "
           "\"Export Submissions\" (submission_<id>/ folders beside submission_metadata.yml) "
           "or loose files (SOURCE/<student>/... or SOURCE/<student>.ipynb)")


def layout(found, metadata) -> str:
    """The platform a download comes from ("gradescope", "moodle", "canvas" or "files");
    a :class:`ReleaseError` that says what was expected for one collect does not know:
    names of two layouts mixed, a platform's names it cannot read, or loose files all in
    one folder that holds several students' folders."""
    if metadata:
        return "gradescope"
    notebooks = [e for e in found.entries if e.name.lower().endswith(".ipynb")]
    names = [e.inside or e.name for e in notebooks]
    if not names:
        return "files"
    moodle = [n for n in names if moodle_file(n) is not None]
    canvas = [n for n in names if not n.startswith("/") and canvas_readings(n)]
    for platform, known in (("moodle", moodle), ("canvas", canvas)):
        if len(known) * 2 > len(names):
            strangers = [n for n in names if n not in known]
            if strangers:
                raise ReleaseError(
                    f"collect: this looks like a {platform.title()} download, but "
                    f"{len(strangers)} of its {len(names)} notebooks are not named as "
                    f"{platform.title()} names them (e.g. {strangers[0]!r}); expected "
                    f"{LAYOUTS}; nothing was collected")
            return platform
    odd = [n for n in names if moodle_like(n) or (n in canvas and "/" not in n)]
    if odd:
        raise ReleaseError(f"collect: names such as {odd[0]!r} look like a learning "
                           f"platform's, in a layout collect does not know; expected "
                           f"{LAYOUTS}; nothing was collected")
    tops = {PurePosixPath(n).parts[0] for n in names}
    if len(tops) == 1:
        inner = {PurePosixPath(n).parts[1] for n in names if len(PurePosixPath(n).parts) > 2}
        if len(inner) > 1:
            return "files one folder"  # told apart once matched: _one_student
    return "files"


def _one_student(uploads):
    """Loose files all in one folder, which holds several folders: refused when that
    folder's uploads of one notebook lie in more than one of them (several students' work,
    filed under the folder's name), a :class:`ReleaseError` that says what to give."""
    where = {}
    for u in uploads:
        parts = PurePosixPath(u.entry).parts
        if u.notebook and len(parts) > 2:
            where.setdefault(u.notebook, set()).add(parts[1])
    crowded = {name: folders for name, folders in where.items() if len(folders) > 1}
    if crowded:
        top = PurePosixPath(uploads[0].entry).parts[0]
        name, folders = sorted(crowded.items())[0]
        raise ReleaseError(f"collect: every notebook lies in {top}/, and {name} is in several "
                           f"of its folders ({', '.join(sorted(folders)[:3])}): these look "
                           f"like several students' folders: give {top} itself as SOURCE; "
                           f"expected {LAYOUTS}; nothing was collected")


class _Roster:
    """Finds a roster's student from what a platform says about them."""

    def __init__(self, students):
        self.students = students
        self.ids, self.emails, self.canvas, self.keys, self.names = {}, {}, {}, {}, {}
        for s in students:
            for value in (s.id, s.sis_user_id, s.sis_login_id, s.username, s.id_number):
                if value:
                    self.ids.setdefault(value, s)
            if s.email:
                self.emails.setdefault(s.email.lower(), s)
            if s.canvas_id:
                self.canvas[s.canvas_id] = s
            for index, key in ((self.keys, canvas_key(s.name)), (self.names, _tokens(s.name))):
                if key:
                    index[key] = s if key not in index else None  # None: not unique

    def canvas_reading(self, who):
        """The reading of a Canvas name (:func:`~.platforms.canvas_readings`) whose user id
        the roster has with the same name, the only one whose id it has, or None."""
        readings = who.get("readings") or [{"user_id": who.get("canvas_id"),
                                             "name": who.get("canvas_name")}]
        known = [r for r in readings if r["user_id"] in self.canvas]
        named = [r for r in known if canvas_key(self.canvas[r["user_id"]].name) == r["name"]]
        if len(named) == 1:
            return named[0]
        return known[0] if len(known) == 1 and len(readings) == 1 else None

    def find(self, who):
        for person in who.get("people") or [who]:
            for index, value in ((self.canvas, who.get("canvas_id")),
                                 (self.ids, person.get("sid") or who.get("folder")),
                                 (self.emails, (person.get("email") or "").lower()),
                                 (self.keys, who.get("canvas_name")),
                                 (self.names, _tokens(person.get("name") or ""))):
                if value and index.get(value):
                    return index[value]
        return None


def _tokens(name) -> tuple:
    """A name's words, case-folded and sorted ("Doe, Jane" and "Jane Doe" agree)."""
    return tuple(sorted(w for w in re.split(r"[\W_]+", name.casefold()) if w))


def _own_id(upload) -> str:
    """The id a student gets from the platform alone (no roster, or not on it)."""
    who = upload.who
    people = who.get("people") or []
    if people:
        first = people[0]
        return first["sid"] or first["email"] or first["name"] or who["gradescope_submission"]
    return (who.get("email") or who.get("moodle_name") or who.get("canvas_name")
            or who.get("canvas_id") or who.get("folder") or who.get("gradescope_submission")
            or "unknown")


def _identify(uploads, roster):
    """Set each upload's student (a roster id when the roster knows them).

    Canvas: a name with several readings (its parts could be the ids Canvas adds in more
    than one place) is read as the roster says, by user id and name; without a roster,
    or when the roster cannot tell, the upload is skipped, never filed under an id a
    student chose. Moodle: a student is their participant id; two participants of one
    name (or names that differ only in case) are told apart by it.
    """
    finder = _Roster(roster) if roster else None
    for u in uploads:
        if u.status or u.lms != "canvas" or "readings" not in u.who:
            continue
        reading = finder.canvas_reading(u.who) if finder else None
        if reading is None:
            u.status, u.notebook, u.file = "skipped", None, PurePosixPath(u.entry).name
            u.why = ("its name could hold Canvas's user and attachment ids in "
                     f"{len(u.who['readings'])} places ({', '.join(r['user_id'] for r in u.who['readings'])}); "
                     + ("none is a student of the roster of that name" if finder else
                        "give --roster (Canvas's gradebook export) to tell which"))
            continue
        u.who.update(canvas_id=reading["user_id"], canvas_name=reading["name"],
                     canvas_attachment=reading["attachment_id"])
        u.late, u.order = reading["late"], int(reading["attachment_id"])
        if "/" not in u.entry:  # (an entry of a zip it handed in keeps its own name)
            u.file = reading["file"]
    moodle_names = {}
    for u in uploads:
        if not u.status and u.lms == "moodle":
            moodle_names.setdefault(u.who["moodle_name"].casefold(), set()).add(
                u.who["moodle_participant"])
    names = {}
    for u in uploads:
        if u.status:
            continue
        student = finder.find(u.who) if finder else None
        if student is not None and u.lms == "canvas" and finder.canvas_reading(u.who) is None \
                and student.canvas_id and student.canvas_id != u.who["canvas_id"]:
            student = None  # found by name, but the id says another: not this one
        u.student = student.id if student else _own_id(u)
        if student is None and u.lms == "moodle" and not u.who.get("email") and \
                len(moodle_names[u.who["moodle_name"].casefold()]) > 1:
            u.student = f"{u.who['moodle_name']}_{u.who['moodle_participant']}"
        if finder and student is None:
            u.why += "; not on the roster"
        if u.lms == "canvas" and student is None:
            names.setdefault(u.student, set()).add(u.who["canvas_id"])
    for u in uploads:  # two Canvas students with one name: told apart by their user id
        if u.student in names and len(names[u.student]) > 1:
            u.student = f"{u.student}_{u.who['canvas_id']}"


def _copy_number(file) -> int:
    match = _COPY.search(PurePosixPath(file).stem)
    return int(match.group(1) or match.group(2)) if match else 0


_NEVER = datetime.min.replace(tzinfo=timezone.utc)


def _choose_latest(uploads):
    groups = {}
    for u in uploads:
        if u.status:
            continue
        if u.notebook is None:
            u.status = "unmatched"
            continue
        groups.setdefault((u.student, u.notebook), []).append(u)
    for group in groups.values():
        group.sort(key=lambda u: (u.submitted_at or _NEVER, u.order, _copy_number(u.file),
                                  u.file))
        latest = group[-1]
        latest.status = "collected"
        for u in group[:-1]:
            u.status = "earlier"
            u.why = f"an earlier upload than {latest.file}"
        if len(group) > 1 and _when(group[-2]) == _when(latest):
            latest.why += (f"; {len(group)} uploads with no time or order between them: "
                           "took the last by copy number and name")


def _when(u):
    return (u.submitted_at or _NEVER, u.order)


# -- the whole collection -------------------------------------------------------------------
def collect(source, dest, key, *, roster=None, worksheet=None, times=None, tz=None,
            replace=False) -> Collection:
    """Collect ``source`` into ``dest`` for the assignment of ``key`` (a path or the key).

    ``roster``: a class list (:mod:`..assignment.class_list`) whose ids the students get;
    ``worksheet``: Moodle's grading worksheet (only from here: a CSV inside ``source`` is a
    student's file, never read); ``times``: a CSV of
    submission times (:func:`~.platforms.read_times`); ``tz``: the zone of times written
    without one (default: this machine's); ``replace``: remove an earlier collection in
    ``dest`` first.
    """
    source, dest = Path(source), Path(dest)
    key = load_key(key) if not isinstance(key, dict) else key
    if not source.exists():
        raise ReleaseError(f"collect: {source} does not exist")
    _check_dest(source, dest, replace)
    listed = read_class(roster) if roster else None
    people = listed.students if listed else []
    sheet = read_worksheet(Path(worksheet).read_text(encoding="utf-8-sig"), str(worksheet),
                           tz) if worksheet else None
    found = read_source(source, lambda n: n.lower().endswith(".ipynb")
                        or PurePosixPath(n).name == GRADESCOPE_METADATA)
    lms, uploads = _uploads(found, key, worksheet=sheet, tz=tz)
    if lms == "files one folder":
        _one_student(uploads)
        lms = "files"
        for u in uploads:
            u.lms = lms
    _identify(uploads, people)
    if times:
        stamps = read_times(Path(times).read_text(encoding="utf-8-sig"), str(times), tz)
        for u in uploads:
            for value in (u.student, u.who.get("canvas_id"), u.who.get("email")):
                if value in stamps:
                    u.submitted_at = stamps[value]
                    break
    _choose_latest(uploads)
    collection = Collection(lms, uploads, skipped=list(found.skipped))
    _write(collection, dest, key, people, source,
           test_students=listed.test_students if listed else ())
    return collection


def _check_dest(source, dest, replace):
    if dest.resolve() == source.resolve() or (source.is_dir() and _inside(dest, source)):
        raise ReleaseError(f"collect: DEST {dest} must not be inside SOURCE {source}")
    if dest.exists() and any(dest.iterdir()):
        if not (dest / "collection.csv").exists():
            raise ReleaseError(f"collect: {dest} is not empty (give a new folder)")
        if not replace:
            raise ReleaseError(f"collect: {dest} holds an earlier collection (--replace to "
                               "collect again into it)")
        shutil.rmtree(dest)


def _inside(path, folder) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _write(collection, dest, key, people, source, test_students=()):
    dest.mkdir(parents=True, exist_ok=True)
    roster = {s.id: s for s in people}
    rows = {}
    owners = {}
    for u in collection.collected():
        owners.setdefault(readable_name(u.student).casefold(), set()).add(u.student)
    for u in collection.uploads:  # two students, one folder: neither is filed, both said
        others = owners.get(readable_name(u.student or "").casefold(), set()) - {u.student}
        if u.status == "collected" and others:
            u.status = "clash"
            u.why = (f"its student's folder would be {sorted(others)[0]!r}'s too (names that "
                     "differ only in case or in characters no file name takes); not "
                     "collected: rename one of them in the download, or give --roster")
    for u in collection.collected():
        folder = readable_name(u.student)
        target = dest / folder / u.notebook
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(u.data)
        row = rows.setdefault(u.student, _student_row(u.student, folder, roster.get(u.student)))
        _add_upload(row, u)
    handed_in = {u.student for u in collection.uploads}
    for s in people:
        if s.id not in rows:  # an empty folder: grade gives them 0, "not submitted"
            rows[s.id] = _student_row(s.id, readable_name(s.id), s)
            (dest / rows[s.id]["folder"]).mkdir(parents=True, exist_ok=True)
        if s.id not in handed_in:
            collection.missing.append(s.id)
    tests = {s.canvas_id: s for s in test_students if s.canvas_id}
    for row in rows.values():  # the roster's test student (Canvas's Student View)
        test = tests.get(row.get("canvas_id", ""))
        if test is not None and row["on_roster"] != "yes":
            row.update(on_roster=TEST_STUDENT_MARK, name=test.name)
    collection.students = dict(sorted(rows.items()))
    write_atomic(dest / "students.csv", csv_text(STUDENT_FIELDS, collection.students.values()))
    files = [{"student": u.student or "", "notebook": u.notebook or "", "status": u.status,
              "file": u.file, "entry": u.entry, "lms": u.lms,
              "submitted_at": u.submitted_at.isoformat() if u.submitted_at else "",
              "late": "yes" if u.late else "", "why": u.why}
             for u in sorted(collection.uploads, key=lambda u: (u.student or "", u.entry))]
    files += [{"status": "not read", "entry": name, "why": why}
              for name, why in collection.skipped]
    write_atomic(dest / "collection.csv", csv_text(COLLECTION_FIELDS, files))
    collection.report = report_text(collection, source, dest, key, bool(people))
    write_atomic(dest / "collection.txt", collection.report)


def _student_row(sid, folder, s) -> dict:
    row = {"student": sid, "folder": folder, "notebooks": 0, "on_roster": "yes" if s else ""}
    if s is not None:
        row.update(name=s.name, email=s.email, canvas_id=s.canvas_id, sis_user_id=s.sis_user_id,
                   sis_login_id=s.sis_login_id, section=s.section, extension=s.extension)
    return row


def _add_upload(row, u):
    row["notebooks"] += 1
    who = u.who
    person = (who.get("people") or [{}])[0]
    for column, value in (("canvas_id", who.get("canvas_id")),
                          ("canvas_attachment", who.get("canvas_attachment")),
                          ("canvas_name", who.get("canvas_name")),
                          ("moodle_participant", who.get("moodle_participant")),
                          ("moodle_name", who.get("moodle_name")),
                          ("gradescope_submission", who.get("gradescope_submission")),
                          ("email", who.get("email") or person.get("email")),
                          ("name", who.get("name") or person.get("name"))):
        if value and not row.get(column):
            row[column] = value
    if u.submitted_at and (not row.get("submitted_at")
                           or u.submitted_at.isoformat() > row["submitted_at"]):
        row["submitted_at"] = u.submitted_at.isoformat()
    if u.late:
        row["late"] = "yes"


def report_text(collection, source, dest, key, with_roster) -> str:
    """The collection report (what ``collection.txt`` says)."""
    by = {}
    for u in collection.uploads:
        by.setdefault(u.status, []).append(u)
    collected = by.get("collected", [])
    students = sorted({u.student for u in collected})
    lines = [f"Collected {len(collected)} notebook(s) of {len(students)} student(s) from "
             f"{source} ({collection.lms}) into {dest}; the assignment's notebooks: "
             f"{', '.join(key['notebooks'])}.", ""]

    def when(u):
        stamp = f", handed in {u.submitted_at.isoformat()}" if u.submitted_at else ""
        return stamp + (", marked late" if u.late else "")

    sections = [
        ("Collected (student: notebook <- the file handed in)", collected,
         lambda u: f"{u.student}: {u.notebook} <- {u.file}{when(u)}" + _note(u)),
        ("Earlier uploads, not used (a later one counts)", by.get("earlier", []),
         lambda u: f"{u.student}: {u.file}{when(u)} ({u.why})"),
        ("Matched no notebook of the assignment", by.get("unmatched", []),
         lambda u: f"{u.student}: {u.file} ({u.why})"),
        ("Not understood as a submission", by.get("skipped", []),
         lambda u: f"{u.entry} ({u.why})"),
        ("Not collected: two students would share one folder", by.get("clash", []),
         lambda u: f"{u.student}: {u.file} ({u.why})"),
    ]
    if with_roster:
        strangers = sorted({u.student for u in collected if "not on the roster" in u.why})
        sections.append(("Not on the roster (collected all the same)", strangers, str))
        sections.append(("On the roster, submitted nothing", collection.missing, str))
    sections.append(("Other files, not read", collection.skipped,
                     lambda s: f"{s[0]} ({s[1]})"))
    for title, items, show in sections:
        lines.append(f"{title}: {len(items)}")
        lines += [f"  {show(item)}" for item in sorted(items, key=_report_order)]
        lines.append("")
    return "\n".join(lines)


def _note(upload) -> str:
    """What the report adds to a collected upload: anything but a plain match by content."""
    note = upload.why.partition("; ")[2] if upload.why.startswith("its cells") else upload.why
    return f" [{note}]" if note else ""


def _report_order(item):
    if isinstance(item, Upload):
        return (item.student or "", item.notebook or "", item.file)
    return (str(item),)


def read_students(folder) -> dict:
    """``students.csv`` of a collection (or of a graded folder): student -> row; {} if none."""
    path = Path(folder) / "students.csv"
    return {r["student"]: r for r in read_csv(path)} if path.exists() else {}


def read_collection(folder) -> list:
    """``collection.csv`` of a collection: its rows; [] if none."""
    path = Path(folder) / "collection.csv"
    return read_csv(path) if path.exists() else []


__all__ = ["collect", "match_notebook", "Collection", "Upload", "read_students",
           "read_collection", "STUDENT_FIELDS", "COLLECTION_FIELDS"]
