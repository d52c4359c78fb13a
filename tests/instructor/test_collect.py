"""collect (issue 20): LMS downloads into the layout grade reads, by content, latest upload
first, times from where each platform records them; hostile archives refused."""

import copy
import io
import json
import os
import warnings
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import nbformat
import pytest

from .lms_kit import (canvas_zip, gradescope_zip, moodle_worksheet, moodle_zip, notebook_bytes,
                      zip_bytes)

from minimax_lessons.instructor import archives
from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.lms.archives import ArchiveError
from minimax_lessons.instructor.lms.collect import collect, match_notebook
from minimax_lessons.instructor.common.files import read_csv
from minimax_lessons.instructor.assignment.release import COURSE_SOURCE, load_key, release

ROOT = Path(__file__).resolve().parents[2]
N3, N6 = "03-minimax-exercises.ipynb", "06-alphabeta-exercises.ipynb"


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """The course's graded notebooks released: the key and each student notebook's JSON."""
    base = tmp_path_factory.mktemp("course")
    release(COURSE_SOURCE, base / "release", base / "key.json")
    blank = {p.name: json.loads(p.read_text()) for p in (base / "release").glob("*.ipynb")}
    return {"base": base, "key": base / "key.json", "blank": blank}


def answered(course, name, marker):
    """A student's copy of a released notebook, told apart by a cell of their own."""
    nb = copy.deepcopy(course["blank"][name])
    nb["cells"].append({"cell_type": "markdown", "id": f"own-{marker}", "metadata": {},
                        "source": f"my notes ({marker})"})
    return notebook_bytes(nb)


def own_cell(path):
    return json.loads(Path(path).read_text())["cells"][-1]["source"]


def statuses(dest):
    return [(r["student"], r["notebook"], r["status"], r["file"])
            for r in read_csv(dest / "collection.csv")]


def test_a_notebook_is_known_by_its_cells_not_its_name(course):
    key = load_key(course["key"])
    for name in (N3, N6):
        assert match_notebook(course["blank"][name], key)[0] == name
    lesson = json.loads((ROOT / "notebooks" / "03-minimax-in-code.ipynb").read_text())
    found, why = match_notebook(lesson, key)
    assert found is None and "matches no notebook" in why
    old_key = {"notebooks": {n: {k: v for k, v in p.items() if k != "cell_ids"}
                             for n, p in key["notebooks"].items()}}
    no_ids = copy.deepcopy(course["blank"][N6])
    for cell in no_ids["cells"]:
        cell.pop("id", None)
    assert match_notebook(no_ids, old_key)[0] == N6, "by graded cells when ids are gone"


CANVAS_ROSTER = ("Student,ID,SIS User ID,SIS Login ID,Section,Minimax (77)\n"
                 "    Points Possible,,,,,16\n"
                 "\"Doe, Jane\",101,S1,jdoe,A,\n"
                 "\"李, 伟\",102,S2,liwei,A,\n"
                 "\"Dupont, Émile\",103,S3,edupont,B,\n"
                 "\"Roe, Rick\",104,S4,rroe,B,\n"
                 "\"Quiet, Quinn\",105,S5,qquiet,B,\n")


@pytest.fixture(scope="module")
def canvas(course):
    base = course["base"] / "canvas"
    base.mkdir()
    lesson = (ROOT / "notebooks" / "03-minimax-in-code.ipynb").read_bytes()
    canvas_zip(base / "submissions.zip", [
        ("doejane", "hw3.ipynb", answered(course, N3, "jane first"), {"user": 101, "attachment": 5001}),
        ("doejane", "03-minimax-exercises (1).ipynb", answered(course, N3, "jane second"),
         {"user": 101, "attachment": 5009}),
        ("doejane", "hw6_alphabeta.ipynb", answered(course, N6, "jane six"),
         {"user": 101, "attachment": 5010}),
        ("李伟", "作业.ipynb", answered(course, N3, "li"), {"user": 102, "attachment": 5002, "late": True}),
        ("dupontémile", "03-minimax-exercises.ipynb", b"{ this is not json",
         {"user": 103, "attachment": 5003}),
        ("roerick", "lesson.ipynb", lesson, {"user": 104, "attachment": 5004}),
        ("zedzara", "03-minimax-exercises.ipynb", answered(course, N3, "zara"),
         {"user": 999, "attachment": 5005}),
    ])
    (base / "roster.csv").write_text(CANVAS_ROSTER, encoding="utf-8")
    dest = base / "collected"
    found = collect(base / "submissions.zip", dest, course["key"], roster=base / "roster.csv")
    return {"base": base, "dest": dest, "found": found}


def test_canvas_uploads_land_under_roster_ids_with_the_assignments_names(canvas):
    dest = canvas["dest"]
    assert own_cell(dest / "jdoe" / N3) == "my notes (jane second)", "the later attachment"
    assert own_cell(dest / "jdoe" / N6) == "my notes (jane six)", "hw6_alphabeta.ipynb is 06"
    assert own_cell(dest / "liwei" / N3) == "my notes (li)"
    assert (dest / "edupont" / N3).read_bytes() == b"{ this is not json", "kept for the grader"
    assert list((dest / "rroe").iterdir()) == [], "a lesson notebook is no submission"
    assert list((dest / "qquiet").iterdir()) == [], "on the roster: graded as not submitted"
    table = statuses(dest)
    assert ("jdoe", N3, "earlier", "hw3.ipynb") in table
    assert ("rroe", "", "unmatched", "lesson.ipynb") in table


def test_canvas_students_keep_every_identifier_and_the_late_mark(canvas):
    students = {r["student"]: r for r in read_csv(canvas["dest"] / "students.csv")}
    assert students["liwei"]["late"] == "yes" and students["jdoe"]["late"] == ""
    jane = students["jdoe"]
    assert (jane["canvas_id"], jane["sis_user_id"], jane["section"], jane["name"]) == (
        "101", "S1", "A", "Doe, Jane")
    assert jane["canvas_attachment"] in ("5009", "5010") and jane["notebooks"] == "2"
    assert students["qquiet"]["notebooks"] == "0", "on the roster, nothing handed in"
    assert students["zedzara"]["on_roster"] == "", "not on the roster, collected all the same"


def test_the_collection_report_says_who_sent_what_and_who_sent_nothing(canvas):
    report = (canvas["dest"] / "collection.txt").read_text()
    assert "jdoe: 03-minimax-exercises.ipynb <- 03-minimax-exercises (1).ipynb" in report
    assert "marked late" in report
    assert "On the roster, submitted nothing: 1\n  qquiet" in report
    assert "Not on the roster (collected all the same): 1\n  zedzara" in report
    assert "Matched no notebook of the assignment: 1" in report and "lesson.ipynb" in report


def test_moodle_times_come_from_the_grading_worksheet(course, tmp_path):
    moodle_zip(tmp_path / "all.zip", [
        ("Émile Dupont", "hw.ipynb", answered(course, N3, "emile"), {"participant": 7001}),
        ("Jane Doe", "03-minimax-exercises.ipynb", answered(course, N3, "jane"),
         {"participant": 7002}),
    ], version="3.1")  # the folder names before 4.1 (the week's test takes 4.1's)
    moodle_worksheet(tmp_path / "Grades-AI-Minimax-88.csv", [
        (7001, "Émile Dupont", "emile@uni.example", "Saturday, 1 March 2025, 11:58 PM"),
        (7002, "Jane Doe", "jane@uni.example", "Monday, 3 March 2025, 9:05 AM"),
    ])
    (tmp_path / "participants.csv").write_text(
        "First name,Last name,Email address\nÉmile,Dupont,emile@uni.example\n"
        "Jane,Doe,jane@uni.example\n", encoding="utf-8")
    dest = tmp_path / "collected"
    collect(tmp_path / "all.zip", dest, course["key"], roster=tmp_path / "participants.csv",
            worksheet=tmp_path / "Grades-AI-Minimax-88.csv", tz=timezone.utc)
    students = {r["student"]: r for r in read_csv(dest / "students.csv")}
    assert students["jane@uni.example"]["submitted_at"] == "2025-03-03T09:05:00+00:00"
    assert students["emile@uni.example"]["moodle_participant"] == "7001"
    assert students["emile@uni.example"]["moodle_name"] == "Émile Dupont"
    assert own_cell(dest / "emile@uni.example" / N3) == "my notes (emile)"


def test_gradescope_times_and_ids_come_from_its_metadata(course, tmp_path):
    gradescope_zip(tmp_path / "export.zip", [
        ("Li Wei", "hw.ipynb", answered(course, N6, "li"),
         {"sid": "2042", "email": "li@uni.example", "when": "2025-03-01 23:10:05.123456 -08:00"}),
    ])
    dest = tmp_path / "collected"
    collect(tmp_path / "export.zip", dest, course["key"])
    row = read_csv(dest / "students.csv")[0]
    assert (row["student"], row["gradescope_submission"]) == ("2042", "submission_1001")
    when = datetime.fromisoformat(row["submitted_at"])
    assert when == datetime(2025, 3, 2, 7, 10, 5, 123456, tzinfo=timezone.utc)
    assert own_cell(dest / "2042" / N6) == "my notes (li)"


def test_of_two_gradescope_submissions_of_one_student_the_later_counts(course, tmp_path):
    gradescope_zip(tmp_path / "export.zip", [
        ("Ann Lee", "late.ipynb", answered(course, N3, "later"),
         {"sid": "7", "email": "ann@uni.example", "when": "2025-03-02 09:00:00 +01:00"}),
        ("Ann Lee", "early.ipynb", answered(course, N3, "earlier"),
         {"sid": "7", "email": "ann@uni.example", "when": "2025-03-01 09:00:00 +01:00"}),
    ])
    collect(tmp_path / "export.zip", tmp_path / "collected", course["key"])
    assert own_cell(tmp_path / "collected" / "7" / N3) == "my notes (later)"
    assert ("7", N3, "earlier", "early.ipynb") in statuses(tmp_path / "collected")


def test_a_gradescope_group_submission_is_each_members(course, tmp_path):
    metadata = ("submission_9:\n  :submitters:\n  - :name: Ann Lee\n    :sid: '1'\n"
                "  - :name: Bo Li\n    :sid: '2'\n  :created_at: 2025-03-01 10:00:00 +00:00\n")
    (tmp_path / "export.zip").write_bytes(zip_bytes({
        "submission_metadata.yml": metadata.encode(),
        "submission_9/ours.ipynb": answered(course, N6, "pair")}))
    collect(tmp_path / "export.zip", tmp_path / "collected", course["key"])
    for sid in ("1", "2"):
        assert own_cell(tmp_path / "collected" / sid / N6) == "my notes (pair)"


def test_moodle_without_folders_prefixes_each_file(course, tmp_path):
    (tmp_path / "all.zip").write_bytes(zip_bytes({
        "Jane Doe_7002_assignsubmission_file_my work.ipynb": answered(course, N6, "jane")}))
    collect(tmp_path / "all.zip", tmp_path / "collected", course["key"])
    row = read_csv(tmp_path / "collected" / "students.csv")[0]
    assert (row["student"], row["moodle_participant"]) == ("Jane Doe", "7002")
    assert own_cell(tmp_path / "collected" / "Jane Doe" / N6) == "my notes (jane)"


def test_loose_files_are_filed_by_folder_or_file_name(course, tmp_path):
    (tmp_path / "loose" / "ann").mkdir(parents=True)
    (tmp_path / "loose" / "ann" / "whatever.ipynb").write_bytes(answered(course, N6, "ann"))
    (tmp_path / "loose" / "bob.ipynb").write_bytes(answered(course, N3, "bob"))
    os.symlink(course["key"], tmp_path / "loose" / "key.ipynb")
    dest = tmp_path / "collected"
    collect(tmp_path / "loose", dest, course["key"])
    assert own_cell(dest / "ann" / N6) == "my notes (ann)"
    assert own_cell(dest / "bob" / N3) == "my notes (bob)"
    assert "key.ipynb (a symbolic link, not followed)" in (dest / "collection.txt").read_text()


def test_the_command_line_collects_and_reports(canvas, course, tmp_path, capsys):
    dest = tmp_path / "again"
    assert main(["collect", str(canvas["base"] / "submissions.zip"), str(dest), "--key",
                 str(course["key"]), "--roster", str(canvas["base"] / "roster.csv")]) == 0
    said = capsys.readouterr().out
    assert "collected 5 notebook(s) of 4 student(s)" in said and "collection.txt" in said
    assert main(["collect", str(canvas["base"] / "submissions.zip"), str(dest), "--key",
                 str(course["key"])]) == 2
    assert "--replace" in capsys.readouterr().err


# -- hostile archives ---------------------------------------------------------------------------
def raw_name_zip(name_bytes: bytes) -> bytes:
    """A zip whose one entry's name is ``name_bytes`` exactly, without the UTF-8 flag."""
    placeholder = b"N" * len(name_bytes)
    data = zip_bytes({placeholder.decode(): b"{}"})
    return data.replace(placeholder, name_bytes)


def unix_link_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        info = zipfile.ZipInfo("doejane_1_2_hw.ipynb")
        info.create_system = 3
        info.external_attr = (0o120777 << 16)  # a symbolic link to the key
        z.writestr(info, "/instructor/key.json")
    return buffer.getvalue()


def encrypted_zip() -> bytes:
    """The encryption bit set in the local header and the central directory (zipfile cannot
    write an encrypted entry itself)."""
    data = bytearray(zip_bytes({"doejane_1_2_hw.ipynb": b"\x00" * 40}))
    for signature, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        data[data.index(signature) + at] |= 0x1
    return bytes(data)


def bomb_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("doejane_1_2_hw.ipynb", b"0" * (20 << 20))
    return buffer.getvalue()


def twice_zip() -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w") as z:
        warnings.simplefilter("ignore")
        z.writestr("doejane_1_2_hw.ipynb", b"{}")
        z.writestr("doejane_1_2_hw.ipynb", b"{}")
    return buffer.getvalue()


def truncated_zip() -> bytes:
    return zip_bytes({"doejane_1_2_hw.ipynb": os.urandom(5000)})[:-100]


def damaged_zip() -> bytes:
    data = bytearray(zip_bytes({"doejane_1_2_hw.ipynb": b"{" + b"x" * 5000 + b"}"}))
    data[60:64] = b"\xff\xff\xff\xff"  # inside the first entry's compressed data
    return bytes(data)


HOSTILE = {
    "climbs out": (lambda: zip_bytes({"../../outside.ipynb": b"{}"}), "climbs out"),
    "absolute": (lambda: zip_bytes({"/tmp/outside.ipynb": b"{}"}), "absolute path"),
    "windows absolute": (lambda: zip_bytes({"C:/outside.ipynb": b"{}"}), "absolute path"),
    "symbolic link": (unix_link_zip, "symbolic link"),
    "encrypted": (encrypted_zip, "encrypted"),
    "bomb by ratio": (bomb_zip, "zip bomb"),
    "truncated": (truncated_zip, "truncated"),
    "damaged": (damaged_zip, "truncated or damaged"),
    "not utf-8": (lambda: raw_name_zip(b"\xe9l\xe8ve.ipynb"), "not UTF-8"),
    "twice": (lambda: twice_zip(), "appears twice"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_archive_is_refused_and_nothing_is_written(case, course, tmp_path):
    make, message = HOSTILE[case]
    (tmp_path / "download.zip").write_bytes(make())
    before = sorted(p for p in tmp_path.rglob("*"))
    with pytest.raises(ArchiveError, match=message):
        collect(tmp_path / "download.zip", tmp_path / "dest", course["key"])
    assert sorted(p for p in tmp_path.rglob("*")) == before, "nothing written anywhere"
    assert not Path("/tmp/outside.ipynb").exists()


def test_a_zip_bomb_by_total_size_is_refused(course, tmp_path, monkeypatch):
    monkeypatch.setattr(archives, "MAX_TOTAL", 3000)
    (tmp_path / "download.zip").write_bytes(zip_bytes(
        {f"s{i}_1_{i}_hw.ipynb": os.urandom(1000) for i in range(4)}))
    with pytest.raises(ArchiveError, match="unpacks to more than 3,000 bytes"):
        collect(tmp_path / "download.zip", tmp_path / "dest", course["key"])


def test_a_utf8_name_without_the_utf8_flag_is_read_as_utf8(course, tmp_path):
    """Tools that write UTF-8 names without setting the flag (rubyzip does): read, not refused."""
    data = raw_name_zip("李伟_1_2_作业.ipynb".encode())
    found = archives.read_zip(io.BytesIO(data))
    assert [e.name for e in found] == ["李伟_1_2_作业.ipynb"]


def test_a_hostile_archive_on_the_command_line_is_one_clear_error(course, tmp_path, capsys):
    (tmp_path / "download.zip").write_bytes(zip_bytes({"../x.ipynb": b"{}"}))
    assert main(["collect", str(tmp_path / "download.zip"), str(tmp_path / "dest"), "--key",
                 str(course["key"])]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "climbs out" in err and "Traceback" not in err


def test_canvas_s_test_student_is_marked_and_the_api_s_user_id_gives_the_times(course,
                                                                              tmp_path):
    """Canvas's API answers submissions with ``id`` (the submission's own number) and
    ``user_id``; the gradebook export lists its Test Student last."""
    canvas_zip(tmp_path / "s.zip", [
        ("doejane", N3, answered(course, N3, "jane"), {"user": 101, "attachment": 7001}),
        ("李伟", N3, answered(course, N3, "li"), {"user": 102, "attachment": 7002}),
        ("studenttest", N3, answered(course, N3, "test"), {"user": 999, "attachment": 7003})])
    (tmp_path / "roster.csv").write_text(CANVAS_ROSTER + "\"Student, Test\",999,,,A,\n",
                                         encoding="utf-8")
    (tmp_path / "times.json").write_text(json.dumps([  # 102's submission is number 101
        {"id": 101, "user_id": 102, "submitted_at": "2025-03-02T10:00:00Z", "late": True},
        {"id": 55, "user_id": 105, "submitted_at": None, "workflow_state": "unsubmitted"}]))
    collect(tmp_path / "s.zip", tmp_path / "a", course["key"], roster=tmp_path / "roster.csv",
            times=tmp_path / "times.json")
    students = {r["student"]: r for r in read_csv(tmp_path / "a" / "students.csv")}
    assert students["liwei"]["submitted_at"] == "2025-03-02T10:00:00+00:00"
    assert students["jdoe"]["submitted_at"] == "", "the submission's id is no user's id"
    assert (students["studenttest"]["on_roster"], students["studenttest"]["name"]) == (
        "test student", "Student, Test")
    (tmp_path / "times.csv").write_text("id,user_id,submitted_at\n"
                                        "101,102,2025-03-02T11:00:00+00:00\n")
    collect(tmp_path / "s.zip", tmp_path / "b", course["key"], times=tmp_path / "times.csv")
    students = {r["canvas_id"]: r for r in read_csv(tmp_path / "b" / "students.csv")}
    assert students["102"]["submitted_at"] == "2025-03-02T11:00:00+00:00"
    assert students["101"]["submitted_at"] == ""
