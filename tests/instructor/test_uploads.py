"""Issue 31 (and 32's Moodle folders): of a student's upload, collect reads only a notebook.

Each test is a download a student could shape to rewrite the class, or one collect read
wrongly before: a worksheet or Gradescope metadata planted inside a submission, a Canvas
name that claims another user's id, two Moodle students of one name, a YAML alias bomb,
zips inside the zip, a notebook whose fields have the wrong types, folders that differ
only in case, Moodle 4.1's folder names, and layouts collect does not know.
"""

import json
import zipfile
from datetime import timezone

import pytest

from .lms_kit import canvas_zip, gradescope_zip, moodle_worksheet, notebook_bytes, zip_bytes
from .test_collect import N3, N6, answered, course, own_cell, statuses  # noqa: F401

from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.assignment.release import ReleaseError
from minimax_lessons.instructor.common.files import read_csv
from minimax_lessons.instructor.lms import archives
from minimax_lessons.instructor.lms.archives import ArchiveError
from minimax_lessons.instructor.lms.collect import collect


def students(dest):
    return {r["student"]: r for r in read_csv(dest / "students.csv")}


# -- a student's upload never speaks for the class -----------------------------------------
def test_a_worksheet_inside_a_students_moodle_folder_is_never_read(course, tmp_path):
    """mallory hands in a "grading worksheet" that gives jane's participant id her own
    e-mail and everyone a time of her choosing; before, collect took it when no
    --worksheet was given."""
    planted = tmp_path / "planted.csv"
    moodle_worksheet(planted, [(7002, "Mallory", "mallory@uni.example",
                                "Monday, 1 January 2024, 9:00 AM"),
                               (7003, "Jane Doe", "jane@uni.example",
                                "Monday, 1 January 2024, 9:00 AM")])
    (tmp_path / "all.zip").write_bytes(zip_bytes({
        "Jane Doe_7002_assignsubmission_file/hw.ipynb": answered(course, N3, "jane"),
        "Mallory_7003_assignsubmission_file/hw.ipynb": answered(course, N3, "mallory"),
        "Mallory_7003_assignsubmission_file/Grades.csv": planted.read_bytes()}))
    dest = tmp_path / "collected"
    collect(tmp_path / "all.zip", dest, course["key"])
    found = students(dest)
    assert set(found) == {"Jane Doe", "Mallory"}
    assert found["Jane Doe"]["moodle_participant"] == "7002" and found["Jane Doe"]["email"] == ""
    assert all(row["submitted_at"] == "" for row in found.values())
    assert own_cell(dest / "Jane Doe" / N3) == "my notes (jane)"
    assert "Grades.csv (not a file collect reads)" in (dest / "collection.txt").read_text()


def planted_metadata(victim_sid, folder="x"):
    """Metadata a student writes: their notebook in ``folder`` is the victim's, later."""
    return (f"{folder}:\n  :submitters:\n  - :name: Victim\n    :sid: '{victim_sid}'\n"
            "  :created_at: 2030-01-01 00:00:00 +00:00\n").encode()


@pytest.mark.parametrize("how", ["folder", "zip"])
def test_gradescope_metadata_planted_in_a_submission_is_never_read(course, tmp_path, how):
    gradescope_zip(tmp_path / "export.zip", [
        ("Victim", "hw.ipynb", answered(course, N3, "victim"),
         {"sid": "1", "email": "v@uni.example", "when": "2025-03-01 09:00:00 +00:00",
          "submission": 11}),
        ("Mallory", "hw.ipynb", answered(course, N6, "mallory six"),
         {"sid": "2", "email": "m@uni.example", "when": "2025-03-01 10:00:00 +00:00",
          "submission": 12})])
    with zipfile.ZipFile(tmp_path / "export.zip", "a") as z:
        root = "assignment_4242_export/submission_12"
        blank = answered(course, N3, "blank of mallory")
        if how == "folder":
            z.writestr(f"{root}/submission_metadata.yml", planted_metadata("1"))
            z.writestr(f"{root}/x/hw.ipynb", blank)
        else:
            z.writestr(f"{root}/hw.zip", zip_bytes({"submission_metadata.yml":
                                                    planted_metadata("1"),
                                                    "x/hw.ipynb": blank}))
    dest = tmp_path / "collected"
    collect(tmp_path / "export.zip", dest, course["key"])
    assert own_cell(dest / "1" / N3) == "my notes (victim)", "the victim's own upload counts"
    assert own_cell(dest / "2" / N3) == "my notes (blank of mallory)"
    report = (dest / "collection.txt").read_text()
    assert "a metadata file inside a submission: only the export's own is read" in report


def test_a_canvas_name_that_claims_another_users_id_is_read_as_the_roster_says(course, tmp_path):
    """mallory (user 777) made her sortable name "x_501_99999999": the first two numbers of
    her file names are then user 501's id; before, her notebook was filed as his."""
    roster = ("Student,ID,SIS User ID,SIS Login ID,Section\n"
              "\"X, Xavier\",501,S1,xavier,A\n\"x_501_99999999\",777,S2,mallory,A\n")
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    canvas_zip(tmp_path / "subs.zip", [
        ("x_501_99999999", "hw.ipynb", answered(course, N3, "mallory"),
         {"user": 777, "attachment": 888}),
        ("xxavier", "hw.ipynb", answered(course, N3, "xavier"), {"user": 501, "attachment": 880})])
    dest = tmp_path / "collected"
    collect(tmp_path / "subs.zip", dest, course["key"], roster=tmp_path / "roster.csv")
    assert own_cell(dest / "xavier" / N3) == "my notes (xavier)"
    assert own_cell(dest / "mallory" / N3) == "my notes (mallory)"
    assert students(dest)["mallory"]["canvas_id"] == "777"
    alone = tmp_path / "no-roster"
    collect(tmp_path / "subs.zip", alone, course["key"])
    assert ("", "", "skipped", "x_501_99999999_777_888_hw.ipynb") in statuses(alone)
    assert "give --roster" in (alone / "collection.txt").read_text()


def test_moodle_students_are_their_participant_ids_whatever_their_names(course, tmp_path):
    """Two students named Jane Doe, and names that differ only in case: before, the first
    two were merged into one and the others aborted collect for the whole class."""
    (tmp_path / "all.zip").write_bytes(zip_bytes({
        "Jane Doe_7001_assignsubmission_file/hw.ipynb": answered(course, N3, "first jane"),
        "Jane Doe_7002_assignsubmission_file/hw.ipynb": answered(course, N3, "second jane"),
        "Li Wei_7003_assignsubmission_file/hw.ipynb": answered(course, N3, "Li"),
        "li wei_7004_assignsubmission_file/hw.ipynb": answered(course, N3, "li")}))
    dest = tmp_path / "collected"
    collect(tmp_path / "all.zip", dest, course["key"])
    found = students(dest)
    assert {found[s]["moodle_participant"] for s in found} == {"7001", "7002", "7003", "7004"}
    assert own_cell(dest / "Jane Doe_7001" / N3) == "my notes (first jane)"
    assert own_cell(dest / "Jane Doe_7002" / N3) == "my notes (second jane)"
    assert own_cell(dest / "li wei_7004" / N3) == "my notes (li)"


def test_two_loose_folders_that_would_be_one_are_reported_and_the_class_is_collected(
        course, tmp_path):
    loose = tmp_path / "loose"
    for folder, marker in (("Ann", "Ann"), ("ann", "ann"), ("bob", "bob")):
        (loose / folder).mkdir(parents=True)
        (loose / folder / "hw.ipynb").write_bytes(answered(course, N6, marker))
    dest = tmp_path / "collected"
    collect(loose, dest, course["key"])
    assert own_cell(dest / "bob" / N6) == "my notes (bob)"
    table = statuses(dest)
    assert ("Ann", N6, "clash", "hw.ipynb") in table and ("ann", N6, "clash", "hw.ipynb") in table
    assert "Not collected: two students would share one folder: 2" in \
        (dest / "collection.txt").read_text()


# -- hostile metadata, archives and notebooks cost their own upload, or are refused -----------
def test_a_yaml_alias_bomb_in_the_metadata_is_refused_at_once(course, tmp_path):
    bomb = ["a0: &a0 [{':name': x, ':sid': '1'}]"]
    bomb += [f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(10))}]" for i in range(1, 9)]
    bomb += ["submission_1:\n  :submitters: *a8\n  :created_at: 2025-03-01 10:00:00 +00:00"]
    (tmp_path / "export.zip").write_bytes(zip_bytes({
        "submission_metadata.yml": "\n".join(bomb).encode(),
        "submission_1/hw.ipynb": answered(course, N3, "x")}))
    with pytest.raises(ReleaseError, match="alias"):
        collect(tmp_path / "export.zip", tmp_path / "collected", course["key"])


def test_zips_inside_the_zip_share_one_budget_of_bytes(course, tmp_path, monkeypatch):
    """Each inner zip within the limit, the download past it: refused as a whole (before,
    30 MB of zips inside the zip unpacked to 2.28 GB)."""
    monkeypatch.setattr(archives, "MAX_TOTAL", 200_000)
    inner = zip_bytes({f"part{i}.ipynb": bytes(30_000) for i in range(3)})  # 90,000 bytes
    (tmp_path / "subs.zip").write_bytes(zip_bytes(
        {f"s{i}_{i}_{100 + i}_hw.zip": inner for i in range(1, 4)}))
    with pytest.raises(ArchiveError, match="the archives inside it included"):
        collect(tmp_path / "subs.zip", tmp_path / "collected", course["key"])


def test_a_notebook_whose_fields_have_other_types_costs_that_upload_only(course, tmp_path):
    bad = json.loads(answered(course, N3, "odd"))
    bad["cells"][0]["id"] = ["not", "a", "string"]
    bad["cells"][1].setdefault("metadata", {})["nbgrader"] = {"grade_id": ["q", 1]}
    bad["cells"][2]["source"] = [1, 2]
    loose = tmp_path / "loose"
    (loose / "odd").mkdir(parents=True)
    (loose / "odd" / "hw.ipynb").write_bytes(notebook_bytes(bad))
    (loose / "bob").mkdir()
    (loose / "bob" / "hw.ipynb").write_bytes(answered(course, N3, "bob"))
    dest = tmp_path / "collected"
    collect(loose, dest, course["key"])
    assert own_cell(dest / "bob" / N3) == "my notes (bob)"
    assert ("odd", N3, "collected", "hw.ipynb") in statuses(dest), \
        "still matched by what it has right"


# -- Moodle's folders of every version (issue 32), and layouts collect does not know ---------
def test_moodle_downloads_of_every_version_are_read_with_the_worksheets_times(course, tmp_path):
    """4.1 and later: ``..._assignsubmission_file/`` (no trailing underscore); 3.1-4.0:
    ``..._file_/``; without folders: each file prefixed; online text beside; a subfolder
    the student made kept."""
    moodle_worksheet(tmp_path / "sheet.csv", [
        (7001, "Ann Lee", "ann@uni.example", "Saturday, 1 March 2025, 11:58 PM"),
        (7002, "Bo Li", "bo@uni.example", "Sunday, 2 March 2025, 9:05 AM"),
        (7003, "Cy Ng", "cy@uni.example", "Monday, 3 March 2025, 8:00 AM")])
    (tmp_path / "all.zip").write_bytes(zip_bytes({
        "Ann Lee_7001_assignsubmission_file/work/hw.ipynb": answered(course, N3, "ann"),
        "Ann Lee_7001_assignsubmission_onlinetext/onlinetext.html": b"<p>see my file</p>",
        "Bo Li_7002_assignsubmission_file_/hw.ipynb": answered(course, N6, "bo"),
        "Cy Ng_7003_assignsubmission_file_hw.ipynb": answered(course, N3, "cy")}))
    dest = tmp_path / "collected"
    collect(tmp_path / "all.zip", dest, course["key"], worksheet=tmp_path / "sheet.csv",
            tz=timezone.utc)
    found = students(dest)
    assert set(found) == {"ann@uni.example", "bo@uni.example", "cy@uni.example"}
    assert found["ann@uni.example"]["submitted_at"] == "2025-03-01T23:58:00+00:00"
    assert own_cell(dest / "ann@uni.example" / N3) == "my notes (ann)"
    assert own_cell(dest / "bo@uni.example" / N6) == "my notes (bo)"
    assert ("ann@uni.example", N3, "collected", "work/hw.ipynb") in statuses(dest)


@pytest.mark.parametrize("files, words", [
    ({"Jane Doe_7001_assignsubmission_file/hw.ipynb": 1, "hw-of-bo.ipynb": 1,
      "Cy_7003_assignsubmission_file/hw.ipynb": 1}, "not named as Moodle names them"),
    ({"Default group_assignsubmission_file_/hw.ipynb": 1}, "layout collect does not know"),
    ({"export/ann/hw.ipynb": 1, "export/bob/hw.ipynb": 1}, "give export itself"),
], ids=["mixed", "team without a group", "one folder around the students"])
def test_a_download_whose_layout_collect_does_not_know_is_refused_with_what_it_expected(
        course, tmp_path, files, words):
    (tmp_path / "download.zip").write_bytes(zip_bytes(
        {name: answered(course, N3, name) for name in files}))
    with pytest.raises(ReleaseError, match=words) as refused:
        collect(tmp_path / "download.zip", tmp_path / "collected", course["key"])
    assert "expected Canvas's" in str(refused.value) or "give" in str(refused.value)
    assert not (tmp_path / "collected").exists(), "nothing was written"


def test_the_command_line_refuses_an_unknown_layout_with_exit_2(course, tmp_path, capsys):
    (tmp_path / "download.zip").write_bytes(zip_bytes({
        "export/ann/hw.ipynb": answered(course, N3, "ann"),
        "export/bob/hw.ipynb": answered(course, N3, "bob")}))
    assert main(["collect", str(tmp_path / "download.zip"), str(tmp_path / "dest"), "--key",
                 str(course["key"])]) == 2
    assert "expected Canvas's" in capsys.readouterr().err
