"""Class lists as learning platforms give them: who the students are, and how each is known.

A *class list* is read from a CSV file (:func:`read_class`) of one of three kinds:

- ``canvas``: a Canvas gradebook export (Grades, Export, "Export Entire Gradebook"):
  ``Student, ID, SIS User ID, SIS Login ID, (Root Account,) Section, <assignments>``
  (or ``LastName, FirstName, ID, ...`` when the gradebook shows split names), with a
  ``Points Possible`` row (and, for muted or manually posted assignments, a row with no
  student) before the students, and Canvas's *Test Student* last. Those rows are not
  students: the test student is kept apart (:attr:`ClassList.test_students`), so that
  ``collect`` can mark it and the report leave it out. ``Student`` is the sortable name
  ("Doe, Jane"; "LastName, FirstName" gives the same), ``ID`` Canvas's user id (what its
  submission downloads are named by). The assignments' columns, ``Title (id)``, are kept
  (:attr:`ClassList.columns`): ``export --canvas`` fills the ones its notebooks match.
- ``moodle``: a Moodle participants download (First name, Last name or Surname, and
  identity fields such as Email address, ID number, Username) or an assignment's
  grading worksheet (Identifier "Participant 123", Full name, Email address), whose
  participant numbers are kept (``export --moodle-worksheet`` writes them back).
- ``plain``: any CSV with a column named student, id, student_id, login, sis_login_id
  or email (else the first column holds the ids, with no header), and optionally name,
  email, section and extension.

Each :class:`Student` has an *id*, the name the grader files them under (their folder,
their variant): in a Canvas export the SIS Login ID, else the SIS User ID, else Canvas's
ID (the first column every student has); in a Moodle one the username, else the ID
number, else the email address. A student's *extension* (a column named extension) is
extra time: ``2d``, ``36h``, ``90m``, or a new due date such as ``2025-03-09 23:59``.

A file that cannot be read says which line and why.

>>> text = '''Student,ID,SIS User ID,SIS Login ID,Section,Minimax (12)
...     Points Possible,,,,,16
... "Doe, Jane",12345,S001,jdoe,Sec 1,
... '''
>>> found = parse_class(text)
>>> [(s.id, s.name, s.canvas_id, s.section) for s in found.students], found.columns
([('jdoe', 'Doe, Jane', '12345', 'Sec 1')], ['Minimax (12)'])
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from .release import ReleaseError

#: Columns that hold a plain roster's student ids, in the order they are looked for.
ID_COLUMNS = ("student", "id", "student_id", "login", "sis_login_id", "email")
#: Canvas's columns of ids, most readable first (the first every student has is the id).
CANVAS_IDS = ("sis login id", "sis user id", "id")
#: Moodle's, likewise.
MOODLE_IDS = ("username", "id number", "email address")
#: The names of Canvas's test student (its "Student View"), which is no student.
TEST_STUDENT = ("student, test", "test student")
#: What ``collect`` writes in the ``on_roster`` column of ``students.csv`` for a student
#: the roster names as its test student (the report leaves them out).
TEST_STUDENT_MARK = "test student"
#: A Canvas gradebook column of an assignment: ``Title (id)``.
_ASSIGNMENT_COLUMN = re.compile(r".*\S \(\d+\)")


@dataclass(frozen=True)
class Student:
    """One student of a class list, with every way a platform knows them."""

    id: str
    name: str = ""
    email: str = ""
    canvas_id: str = ""
    sis_user_id: str = ""
    sis_login_id: str = ""
    section: str = ""
    username: str = ""
    id_number: str = ""
    extension: str = ""
    participant: str = ""  # Moodle's number for them in one assignment (its worksheet)
    line: int = 0  # where the file lists them


@dataclass
class ClassList:
    """The students of a class list file and the kind of file it was."""

    kind: str
    students: list = field(default_factory=list)
    source: str = ""
    test_students: list = field(default_factory=list)  # Canvas's Test Student: no student
    columns: list = field(default_factory=list)  # a Canvas export's "Title (id)" columns

    @property
    def ids(self) -> list:
        return [s.id for s in self.students]

    def by_id(self) -> dict:
        return {s.id: s for s in self.students}


def read_class(path) -> ClassList:
    """The class list in the CSV file ``path`` (a clear error naming the line otherwise)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ReleaseError(f"cannot read the roster {path}: {exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReleaseError(f"{path}: the roster is not UTF-8 text (byte {exc.start}); save "
                           "it as \"CSV UTF-8\"") from None
    return parse_class(text, str(path))


def parse_class(text: str, where: str = "the roster") -> ClassList:
    """The class list in CSV ``text`` (``where`` names it in errors)."""
    rows = _rows(text.lstrip("\ufeff"), where)
    if not rows:
        raise ReleaseError(f"the roster {where} lists no students")
    header = [c.strip().lower() for c in rows[0][1]]
    named = "student" in header or ("lastname" in header and "firstname" in header)
    if named and "id" in header and ("sis login id" in header or "section" in header):
        found = _canvas(rows, header, where)
    elif "first name" in header and ("last name" in header or "surname" in header):
        found = _moodle(rows, header, where)
    elif "identifier" in header and "full name" in header:
        found = _worksheet(rows, header, where)
    else:
        found = _plain(rows, header, where)
    if not found.students:
        raise ReleaseError(f"the roster {where} lists no students")
    _no_twice(found.students, where)
    return found


def _rows(text, where) -> list:
    """[(line number, cells)] of the non-blank rows; the delimiter is sniffed (, ; or tab)."""
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows, line = [], 1
    try:
        for cells in reader:
            if any(c.strip() for c in cells):
                rows.append((line, cells))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise ReleaseError(f"{where}, line {reader.line_num}: not CSV ({exc})") from None
    return rows


def _cell(cells, header, name) -> str:
    return cells[header.index(name)].strip() if name in header and header.index(name) < len(
        cells) else ""


def _id_column(rows, header, choices, where) -> str:
    """The first of ``choices`` that every row fills (the id column)."""
    for name in choices:
        if name in header and all(_cell(cells, header, name) for _, cells in rows):
            return name
    present = [c for c in choices if c in header]
    if not present:
        raise ReleaseError(f"{where}: no column of student ids (looked for "
                           f"{', '.join(choices)})")
    line = next(n for n, cells in rows if not _cell(cells, header, present[-1]))
    raise ReleaseError(f"{where}, line {line}: no student id (every student needs one of "
                       f"{', '.join(present)})")


def _canvas_name(cells, header) -> str:
    """The sortable name of a Canvas export's row ("Doe, Jane"), from ``Student`` or from
    ``LastName`` and ``FirstName``."""
    if "student" in header:
        return _cell(cells, header, "student")
    last, first = _cell(cells, header, "lastname"), _cell(cells, header, "firstname")
    return f"{last}, {first}" if last and first else last or first


def _canvas(rows, header, where) -> ClassList:
    body, tests = [], []
    for line, cells in rows[1:]:
        name = _canvas_name(cells, header)
        if name.lower() == "points possible" or not (name or _cell(cells, header, "id")):
            continue  # the points row, and the muted / manual posting row
        if name.lower() in TEST_STUDENT and not _cell(cells, header, "sis login id"):
            tests.append((line, cells))
            continue
        body.append((line, cells))
    column = _id_column(body, header, CANVAS_IDS, where)

    def student(n, c, sid):
        return Student(sid, name=_canvas_name(c, header), canvas_id=_cell(c, header, "id"),
                       sis_user_id=_cell(c, header, "sis user id"),
                       sis_login_id=_cell(c, header, "sis login id"),
                       section=_cell(c, header, "section"), email=_cell(c, header, "email"),
                       extension=_cell(c, header, "extension"), line=n)

    titles = [c.strip() for c in rows[0][1]]
    after = header.index("section") + 1 if "section" in header else 0
    return ClassList("canvas", [student(n, c, _cell(c, header, column)) for n, c in body],
                     where, test_students=[student(n, c, _cell(c, header, "id"))
                                           for n, c in tests],
                     columns=[t for t in titles[after:] if _ASSIGNMENT_COLUMN.fullmatch(t)])


def _moodle(rows, header, where) -> ClassList:
    body = rows[1:]
    column = _id_column(body, header, MOODLE_IDS, where)
    last = "last name" if "last name" in header else "surname"
    return ClassList("moodle", [Student(
        _cell(c, header, column),
        name=f"{_cell(c, header, 'first name')} {_cell(c, header, last)}".strip(),
        email=_cell(c, header, "email address"), username=_cell(c, header, "username"),
        id_number=_cell(c, header, "id number"), section=_cell(c, header, "groups"),
        extension=_cell(c, header, "extension"), line=n) for n, c in body], where)


def _worksheet(rows, header, where) -> ClassList:
    body = rows[1:]
    column = _id_column(body, header, ("username", "id number", "email address", "full name"),
                        where)
    return ClassList("moodle", [Student(
        _cell(c, header, column), name=_cell(c, header, "full name"),
        email=_cell(c, header, "email address"), username=_cell(c, header, "username"),
        id_number=_cell(c, header, "id number"), extension=_cell(c, header, "extension"),
        participant="".join(re.findall(r"\d+", _cell(c, header, "identifier"))),
        line=n) for n, c in body], where)


def _plain(rows, header, where) -> ClassList:
    column = next((c for c in ID_COLUMNS if c in header), None)
    body = rows[1:] if column is not None else rows
    if column is None:  # no header: the ids are the first column
        header, column = ["student"], "student"
    students = []
    for line, cells in body:
        sid = _cell(cells, header, column)
        if not sid:
            raise ReleaseError(f"{where}, line {line}: no student id in the column "
                               f"{column!r}")
        students.append(Student(sid, name=_cell(cells, header, "name"),
                                email=_cell(cells, header, "email"),
                                section=_cell(cells, header, "section"),
                                extension=_cell(cells, header, "extension"), line=line))
    return ClassList("plain", students, where)


def _no_twice(students, where):
    seen = {}
    for s in students:
        if s.id in seen:
            raise ReleaseError(f"{where}, line {s.line}: the student {s.id!r} is listed twice "
                               f"(also on line {seen[s.id]})")
        seen[s.id] = s.line


__all__ = ["Student", "ClassList", "read_class", "parse_class", "ID_COLUMNS",
           "TEST_STUDENT_MARK"]
