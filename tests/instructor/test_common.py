"""What the instructor's tools share (instructor/common/): names, files, and child Pythons.

A child answers only with the token its parent gave it; anything else it prints, and
any answer without the token, is not believed. A child that runs too long is killed
with everything it started.
"""

import os
import time

import pytest

from minimax_lessons.instructor.common.children import kill_session, run_child
from minimax_lessons.instructor.common.files import safe_name, write_atomic
from minimax_lessons.instructor.common.environment import student_environment

#: A child that answers its job's ``say`` and what it sees of its environment.
HONEST = ("from minimax_lessons.instructor.common.children import take_job\n"
          "import os\n"
          "job, reply = take_job()\n"
          "print('printed, not an answer')\n"
          "reply.send({'said': job['say'], 'environment': sorted(os.environ)})\n")


def test_a_child_answers_with_the_token_and_what_it_prints_is_not_the_answer(monkeypatch):
    monkeypatch.setenv("A_SECRET_TOKEN", "hunter2")
    run = run_child(HONEST, {"say": "hello"}, timeout=60)
    assert run.answer["said"] == "hello" and not run.timed_out and run.exit_code == 0
    assert "A_SECRET_TOKEN" not in run.answer["environment"], "the student environment only"
    assert "PYTHONPATH" in run.answer["environment"], "the package is importable"


def test_an_answer_without_the_token_is_not_believed_and_the_last_error_is_kept():
    forged = ("import json, sys\n"
              "print(json.dumps({'token': 'a guess', 'said': 'forged'}))\n"
              "sys.exit('the child gave up')\n")
    run = run_child(forged, {}, timeout=60)
    assert run.answer is None and not run.timed_out
    assert run.exit_code == 1 and run.last_error == "the child gave up"


def test_a_child_killed_by_a_signal_has_no_answer_and_no_error_line():
    run = run_child("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", {}, timeout=60)
    assert run.answer is None and run.exit_code == -9 and run.last_error is None


def test_a_child_past_its_time_is_killed_with_the_processes_it_started(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    stuck = ("import pickle, subprocess, sys, time\n"
             "job = pickle.loads(sys.stdin.buffer.read())\n"
             "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'])\n"
             "open(job['pid_file'], 'w').write(str(p.pid))\n"
             "time.sleep(120)\n")
    run = run_child(stuck, {"pid_file": str(pid_file)}, timeout=3)
    assert run.timed_out and run.answer is None
    grandchild = int(pid_file.read_text())
    deadline = time.monotonic() + 30  # the kill is sent; wait until it is gone or a zombie
    while _running(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(grandchild)


def _running(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def test_kill_session_of_a_finished_process_is_harmless():
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    proc.wait()
    kill_session(proc)
    kill_session(object())  # not a process at all


def test_safe_names_are_file_names_and_distinct_ids_stay_distinct():
    names = [safe_name(s) for s in ("alice", "a b", "a_b", "../etc/passwd", "", "zoë")]
    assert names[0] == "alice" and len(set(names)) == len(names)
    assert all("/" not in n and not n.startswith(".") and n for n in names)


def test_an_atomic_write_leaves_the_new_text_and_no_temporary_file(tmp_path):
    path = tmp_path / "grades.csv"
    write_atomic(path, "old\n")
    write_atomic(path, "new\n")
    assert path.read_text() == "new\n" and os.listdir(tmp_path) == ["grades.csv"]


@pytest.mark.parametrize("name", ["LC_ALL", "JUPYTER_PATH", "MINIMAX_LESSONS_RECORD", "PATH"])
def test_the_student_environment_keeps_where_things_are_and_the_locale(name):
    assert name in student_environment({name: "x", "GITHUB_TOKEN": "y"})
    assert "GITHUB_TOKEN" not in student_environment({name: "x", "GITHUB_TOKEN": "y"})


# -- CSV cells no spreadsheet runs -------------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from minimax_lessons.instructor.common.files import (FORMULA_STARTS, csv_text,  # noqa: E402
                                                     neutral_cell, read_csv)


@pytest.mark.parametrize("cell", ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A9)",
                                  "\tTAB", "\rCR", "=HYPERLINK(\"http://x\")"])
def test_a_cell_a_spreadsheet_would_run_is_written_with_a_quote_first(cell):
    assert neutral_cell(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["-2", "+3.5", "-0.25", "1e3", "alice", "", "3"])
def test_numbers_and_plain_text_are_written_as_they_are(cell):
    assert neutral_cell(cell) == cell


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(), min_size=2, max_size=2), st.lists(
    st.lists(st.one_of(st.text(), st.sampled_from(["=1+1", "'=x", "-3", "@a", "'"])),
             min_size=2, max_size=2), max_size=5))
def test_every_cell_reads_back_as_written_and_none_starts_a_formula(tmp_path_factory, fields,
                                                                   rows):
    fields = [f"{i}:{name}" for i, name in enumerate(fields)]  # distinct column names
    path = tmp_path_factory.mktemp("csv") / "table.csv"
    text = csv_text(fields, rows)
    path.write_text(text, encoding="utf-8", newline="")
    back = read_csv(path)
    # csv normalises line ends inside cells only as written; compare what survives a round trip
    assert [[row[f] for f in fields] for row in back] == [[str(c) for c in r] for r in rows]
    import csv
    import io
    for raw in csv.reader(io.StringIO(text, newline="")):
        for cell in raw:
            assert not cell.startswith(FORMULA_STARTS) or cell.lstrip("+-").replace(".", "", 1) \
                .replace("e", "", 1).replace("E", "", 1).lstrip("+-").isdigit()


def test_a_childs_stderr_is_a_pipe_that_keeps_its_tail_not_a_file():
    """Issue 31: a grading process's stderr (which its kernel inherited) was a deleted
    temporary file of the host's: 1 GiB written there stayed on disk. It is a pipe now,
    drained as it comes; the last line still says why a child failed."""
    from minimax_lessons.instructor.common.children import run_child

    child = ("import os, stat, sys\n"
             "from minimax_lessons.instructor.common.children import take_job\n"
             "job, reply = take_job()\n"
             "os.write(2, b'x' * (16 << 20) + b'\\n')\n"
             "print('the last line', file=sys.stderr)\n"
             "sys.stderr.flush()\n"
             "reply.send({'fifo': stat.S_ISFIFO(os.fstat(2).st_mode)})\n")
    assert run_child(child, {}, timeout=120).answer["fifo"] is True
    failed = run_child(child.replace("reply.send", "sys.exit(1); reply.send"), {}, timeout=120)
    assert failed.answer is None and failed.last_error == "the last line"


def test_csv_cells_are_neutral_whichever_separator_a_spreadsheet_splits_at(tmp_path):
    """Issue 31: ``x;=1+1`` was written as it is, and a spreadsheet that splits at ";" (the
    separator of many locales) ran its second half as a formula."""
    import csv
    import io
    import re

    from minimax_lessons.instructor.common.files import csv_text, read_csv

    hostile = ["x;=1+1", "a,@SUM(A1)", "=cmd|' /C calc'!A0", "b;\t-2+3", "ok; -1",
               "-2.5", "q\"uote;+1", "line\rend"]
    text = csv_text(["cell", "n"], [[cell, i] for i, cell in enumerate(hostile)])
    for separator in (",", ";"):
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=separator):
            for cell in row:
                bare = cell.strip('"')
                number = re.fullmatch(r"[+-]?[\d.,]+", bare)  # -2.5 (and "-2.5,0": one)
                assert number or not bare.startswith(("=", "+", "-", "@", "\t", "\r")), \
                    (separator, cell)
    (tmp_path / "t.csv").write_text(text, encoding="utf-8")
    assert [row["cell"] for row in read_csv(tmp_path / "t.csv")] == hostile


def test_the_key_is_written_for_its_owner_alone(tmp_path):
    """Issue 31: release wrote key.json with mode 644 (every user of the machine read it)."""
    import stat

    from minimax_lessons.instructor.assignment.release import COURSE_SOURCE, release

    old = os.umask(0o022)
    try:
        release(COURSE_SOURCE / "03-minimax-exercises.ipynb", tmp_path / "release",
                tmp_path / "key.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "key.json").stat().st_mode) == 0o600


# -- a refused access, said without the grader's paths, however deep they are -----------------
@pytest.mark.parametrize("depth", [1, 12])
def test_a_refused_path_is_said_whole_without_the_graders_folders_however_deep_they_are(depth):
    """The problem line of a refused access names the file the student reached for, as a
    path under the submissions folder or after ``…``, and nothing of the grader's folders:
    what the exception said is cut only after those are taken out (a deep folder once cut
    ``alice/03.ipynb`` to ``alice/0`` and could leave a piece of its own path)."""
    import nbformat

    from minimax_lessons.instructor.common.privacy import HostPaths
    from minimax_lessons.instructor.grading.judging import denied_accesses

    subs = "/srv" + "/course-2026-artificial-intelligence" * depth + "/submitted"
    key = "/home/prof" + "/private" * depth
    places = HostPaths.of_grader(subs, key)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("...", outputs=[
        nbformat.v4.new_output("error", ename="FileNotFoundError", evalue=(
            f"[Errno 2] No such file or directory: '{where}'"), traceback=[])])
        for where in (f"{subs}/alice/03.ipynb", f"{key}/key.json")])
    said = [places.scrub(line) for line in denied_accesses(nb)]
    assert said[0].endswith("(FileNotFoundError: [Errno 2] No such file or directory: "
                            "'alice/03.ipynb')"), said[0]
    assert said[1].endswith("No such file or directory: '…/key.json')"), said[1]
    assert not any(part in " ".join(said) for part in ("/srv", "course-2026", "/home", "private"))


def test_a_students_own_endless_oserror_message_costs_only_a_bounded_line_of_its_own():
    """A student may raise an OSError that says a megabyte: its problem line keeps
    :data:`MAX_SAID` characters of it, no more, and says which cell it was."""
    import nbformat

    from minimax_lessons.instructor.common.privacy import MAX_SAID
    from minimax_lessons.instructor.grading.judging import denied_accesses

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("...", outputs=[
        nbformat.v4.new_output("error", ename="PermissionError", evalue="x" * 1_000_000,
                               traceback=[])])])
    (line,) = denied_accesses(nb)
    assert line.startswith("cell 1 tried a file or the network outside its folder")
    assert line.count("x") == MAX_SAID and len(line) < MAX_SAID + 200


#: The packages jsonschema loads, when installed, to check string formats (``arrow`` under
#: ``isoduration``); nbformat never asks for such a check.
FORMAT_PACKAGES = ("rfc3987_syntax", "isoduration", "arrow", "rfc3986_validator",
                   "rfc3339_validator", "webcolors", "uri_template", "fqdn", "jsonpointer")
#: A module a child runs (:func:`minimax_lessons._process.launch`): nbformat checks a good
#: notebook and a broken one; it prints whether each passed and which of jsonschema's
#: optional string-format packages it loaded.
PROBE = '''\
import json, sys
import nbformat

def main():
    good = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    broken = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    broken.cells[0]["cell_type"] = "nonsense"
    passed = []
    for nb in (good, broken):
        try:
            nbformat.validate(nb)
            passed.append(True)
        except nbformat.ValidationError:
            passed.append(False)
    loaded = [name for name in FORMAT_PACKAGES if sys.modules.get(name) is not None]
    print(json.dumps({"passed": passed, "loaded": loaded}))
'''


def test_a_launched_child_loads_no_format_package_and_nbformat_still_checks_notebooks(tmp_path):
    """A child started from ``launch`` (the grader's, the tournament's, each bot's) skips the
    packages jsonschema would load for string formats nbformat never checks, and nbformat
    still tells a broken notebook from a good one; the same module run plainly loads some."""
    import json
    import subprocess
    import sys

    from minimax_lessons._process import launch, with_package_path

    (tmp_path / "probe.py").write_text(f"FORMAT_PACKAGES = {FORMAT_PACKAGES!r}\n" + PROBE)
    env = with_package_path(os.environ)

    def run(code):
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    launched, plain = run(launch("probe")), run("from probe import main; main()")
    assert launched == {"passed": [True, False], "loaded": []}
    assert plain["passed"] == [True, False] and plain["loaded"]  # what the launch saves
