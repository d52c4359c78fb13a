"""The Gradescope autograder (issue 20): export writes a zip Gradescope takes (setup.sh and
run_autograder at its root); its run_autograder, run in a folder laid out as Gradescope's
/autograder, grades the submission as grade does and writes results/results.json in the
format of Gradescope's "Autograder Specifications"."""

import errno
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tomllib
import zipfile

import pytest

from .assignment_kit import ALWAYS_MAX, CARRIED_MINIMAX, NAME, make_assignment, submit

from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.grading.isolation import find_bwrap

#: Grades a submission through the autograder: not for make test-fast.
pytestmark = pytest.mark.slow

#: What Gradescope's specification allows, at the top and per test.
TOP = {"score", "execution_time", "output", "output_format", "test_output_format",
       "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests",
       "leaderboard"}
TEST = {"score", "max_score", "status", "name", "name_format", "number", "output",
        "output_format", "tags", "visibility", "extra_data"}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def check_results(data):
    """Fail unless ``data`` is a results.json as Gradescope's specification describes it."""
    assert isinstance(data, dict) and set(data) <= TOP, set(data) - TOP
    assert "score" in data or all("score" in t for t in data.get("tests", []))
    assert isinstance(data.get("score", 0), (int, float))
    assert isinstance(data.get("execution_time", 0), int)
    assert isinstance(data.get("output", ""), str)
    for name in ("output_format", "test_output_format", "test_name_format"):
        assert data.get(name, "text") in FORMATS
    for name in ("visibility", "stdout_visibility"):
        assert data.get(name, "visible") in VISIBILITY
    assert isinstance(data.get("extra_data", {}), dict)
    for test in data.get("tests", []):
        assert isinstance(test, dict) and set(test) <= TEST, set(test) - TEST
        assert isinstance(test["score"], (int, float))
        assert isinstance(test.get("max_score", 0), (int, float))
        assert test.get("status", "passed") in {"passed", "failed"}
        assert isinstance(test.get("name", ""), str) and isinstance(test.get("output", ""), str)
        assert isinstance(test.get("number", ""), str)
        assert test.get("visibility", "visible") in VISIBILITY
        assert isinstance(test.get("tags", []), list)


@pytest.fixture(scope="module")
def autograder(tmp_path_factory):
    base = tmp_path_factory.mktemp("gradescope")
    key, blank = make_assignment(base)
    assert main(["export", "--gradescope-autograder", str(base / "autograder.zip"), "--key",
                 str(key), "--due", "2025-03-01T23:59+00:00", "--late-penalty", "10%/day"]) == 0
    return {"base": base, "key": key, "blank": blank, "zip": base / "autograder.zip"}


def test_the_zip_has_setup_and_run_autograder_at_its_root_and_installs_the_package(
        autograder, tmp_path):
    with zipfile.ZipFile(autograder["zip"]) as z:
        names = set(z.namelist())
        modes = {i.filename: i.external_attr >> 16 for i in z.infolist()}
        z.extractall(tmp_path / "source")
    assert {"setup.sh", "run_autograder", "key.json", "config.json"} <= names
    assert modes["setup.sh"] & stat.S_IXUSR and modes["run_autograder"] & stat.S_IXUSR
    assert "package/minimax_lessons/instructor/gradescope.py" in names
    assert not any("__pycache__" in n for n in names)
    for script in ("setup.sh", "run_autograder"):
        subprocess.run(["bash", "-n", str(tmp_path / "source" / script)], check=True)
    project = tomllib.loads((tmp_path / "source" / "package" / "pyproject.toml").read_text())
    assert project["project"]["name"] == "minimax-lessons"
    assert any(d.startswith("nbclient") for d in project["project"]["dependencies"])
    # what pip install runs first: setuptools reads the pyproject.toml and copies the
    # package with its data (the wheel itself needs the wheel package, absent offline)
    built = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()",
                            "build_py", "--build-lib", str(tmp_path / "built")],
                           cwd=tmp_path / "source" / "package", capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-2000:]
    assert (tmp_path / "built" / "minimax_lessons" / "instructor" / "grading" / "batch.py").exists()
    assert list((tmp_path / "built" / "minimax_lessons" / "static" / "katex").rglob("*.woff2"))


def test_run_autograder_grades_a_submission_as_gradescope_runs_it(autograder, tmp_path):
    root = tmp_path / "autograder"  # laid out as Gradescope's /autograder
    with zipfile.ZipFile(autograder["zip"]) as z:
        z.extractall(root / "source")
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    os.chmod(root / "run_autograder", 0o755)
    (root / "results").mkdir()
    submit(tmp_path / "work", autograder["blank"], "ann", minimax=ALWAYS_MAX)
    (root / "submission").mkdir()
    shutil.copy(tmp_path / "work" / "ann" / NAME, root / "submission" / "my homework (2).ipynb")
    (root / "submission" / "notes.txt").write_text("not a notebook")
    (root / "submission_metadata.json").write_text(json.dumps({
        "id": 123456, "created_at": "2025-03-02T10:00:00.000000+00:00",
        "assignment": {"due_date": "2025-03-01T23:59:00.000000+00:00", "title": "Minimax"},
        "users": [{"email": "ann@uni.example", "id": 1234, "name": "Ann Lee", "sid": "ann"}],
        "previous_submissions": []}))
    env = {**os.environ, "MINIMAX_LESSONS_PYTHON": sys.executable}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads((root / "results" / "results.json").read_text())
    check_results(results)
    tests = {t["number"]: t for t in results["tests"]}
    assert set(tests) == {"q3.13", "q3.14"}
    assert tests["q3.13"]["status"] == "passed" and tests["q3.13"]["score"] == 2
    wrong = tests["q3.14"]
    assert wrong["status"] == "failed" and wrong["max_score"] == 3 and wrong["score"] < 3
    assert "Diagnosis: max-at-every-level" in wrong["output"]
    assert tests["q3.13"]["name"] == "tiny: q3.13"
    assert {t["visibility"] for t in tests.values()} == {"after_due_date"}, \
        "by default a verdict shows once the due date has passed ..."
    assert results["visibility"] == "visible" and results["output"].startswith(
        f"{results['score']:g} / 5 points."), "... and the total at once"
    automatic = sum(t["score"] for t in results["tests"])
    assert results["score"] == round(automatic - 0.5, 2), "one day late: 10% of 5 points"
    assert "1 day late" in results["output"]
    assert results["extra_data"]["diagnoses"] == {"q3.14": ["max-at-every-level"]}
    if find_bwrap() is not None:  # as here: the jail, and said so
        assert results["extra_data"]["isolation"] == "bwrap"
        assert "Your code ran in a bubblewrap jail." in results["output"]


#: Cells that try, from Gradescope's container, what a student out to cheat would. What
#: each found leaves as the text of an exception the grader reports among the problems
#: (results.json's output): nothing else of the kernel's can leave it (Landlock's wall
#: keeps its writes to its own folder, where the kernel offers it).
CONTAINER_ATTACK = [
    'raise PermissionError(f"FOUND uid {os.getuid()} caps {status[\'CapEff\'].strip()}")',
    'raise PermissionError(f"FOUND key {attempt(lambda: open(ROOT + \'/source/key.json\').read())}")',
    'raise PermissionError(f"FOUND source {attempt(lambda: os.listdir(ROOT + \'/source\'))}")',
    'raise PermissionError("FOUND results " + str(attempt(lambda: open(ROOT + '
    '"/results/results.json", "w").write(\'{"score": 100}\'))))',
    'raise PermissionError("FOUND metadata " + str(attempt(lambda: open(ROOT + '
    '"/submission_metadata.json").read())))',
]


def lay_out(root, autograder, work, student_cells=(), minimax=None):
    """``root`` laid out as Gradescope's /autograder, with ann's submission (and the compiled
    Graphviz that setup.sh leaves in graphviz-cache)."""
    from .container_kit import graphviz_cache

    with zipfile.ZipFile(autograder["zip"]) as z:
        z.extractall(root / "source")
    graphviz_cache(root)
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    os.chmod(root / "run_autograder", 0o755)
    (root / "results").mkdir()
    submit(work, autograder["blank"], "ann", after=list(student_cells),
           **({"minimax": minimax} if minimax else {}))
    (root / "submission").mkdir()
    shutil.copy(work / "ann" / NAME, root / "submission" / "hw.ipynb")
    (root / "submission_metadata.json").write_text(json.dumps({
        "id": 1, "created_at": "2025-03-01T10:00:00.000000+00:00",
        "users": [{"email": "ann@uni.example", "id": 7, "name": "Ann Lee", "sid": "ann"}]}))


def test_where_no_jail_can_be_built_the_autograder_grades_as_a_user_of_its_own(autograder,
                                                                                tmp_path):
    """Gradescope's container: root, and bubblewrap cannot make namespaces (Docker's seccomp
    profile). The autograder grades as an unprivileged user of its own, says so, and has
    closed its key, its results and the metadata to that user, though /autograder is open."""
    from .container_kit import ATTEMPTS, in_a_container, open_folder

    root = open_folder("mml-autograder-")
    try:
        lay_out(root, autograder, tmp_path / "work", [
            f"ROOT = {str(root)!r}", ATTEMPTS, *CONTAINER_ATTACK],
            minimax=CARRIED_MINIMAX)  # issue 31's attack on q3.14, 3/3 here before
        env = {**os.environ, "MINIMAX_LESSONS_PYTHON": sys.executable}
        done = in_a_container([str(root / "run_autograder")], cwd=root, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        results = json.loads((root / "results" / "results.json").read_text())
        check_results(results)
        assert results["extra_data"]["isolation"] == "user"
        assert "Your code ran as an unprivileged user of its own" in results["output"]
        tests = {t["number"]: t for t in results["tests"]}
        assert tests["q3.13"]["status"] == "passed"
        assert tests["q3.14"]["status"] == "failed" and tests["q3.14"]["score"] == 0
        assert "Diagnosis: runs-carried-code" in tests["q3.14"]["output"]
        found = dict(re.findall(r"FOUND (\w+) ([^)]*)\)", results["output"]))
        uid, caps = found["uid"].split(" caps ")
        assert int(uid) != 0 and caps == "0000000000000000"
        for what in ("key", "source", "results", "metadata"):
            assert found[what] == str(errno.EACCES), (what, results["output"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_students_own_dates_on_gradescope_move_the_late_policy():
    from datetime import datetime, timezone

    from minimax_lessons.instructor.gradebook.late import LatePolicy
    from minimax_lessons.instructor.gradescope import own_policy

    policy = LatePolicy.parse("2025-03-01T23:00+00:00", "10%/day")
    assert own_policy(policy, {"users": [{"sid": "ann"}]}) == (policy, "")
    assert own_policy(None, {"users": [{"assignment": {"due_date": "2025-03-09"}}]}) == \
        (None, "")
    shifted, said = own_policy(policy, {  # Gradescope's due date is an hour after --due
        "assignment": {"due_date": "2025-03-02T00:00:00+00:00"},
        "users": [{"assignment": {"due_date": "2025-03-03T12:00:00+00:00",
                                  "late_due_date": "2025-03-05T00:00:00+00:00"}}]})
    assert shifted.due == datetime(2025, 3, 3, 11, tzinfo=timezone.utc), "--due + 1 d 12 h"
    assert "(1 day 12 h after the assignment's)" in said
    late = shifted.lateness(datetime(2025, 3, 4, 11, tzinfo=timezone.utc))
    assert late.share == 0.1, "a day late by the student's own due date"
    assert shifted.lateness(datetime(2025, 3, 5, 1, tzinfo=timezone.utc)).share == 1.0, \
        "after the student's late due date: what the cap allows, all of it here"
    alone, _ = own_policy(policy, {"users": [{"assignment": {
        "due_date": "2025-03-04T23:00:00+00:00"}}]})
    assert alone.due == datetime(2025, 3, 4, 23, tzinfo=timezone.utc), "no assignment date"


def test_the_autograder_takes_only_gradescope_s_visibilities(autograder, tmp_path, capsys):
    assert main(["export", "--gradescope-autograder", str(tmp_path / "a.zip"), "--key",
                 str(autograder["key"]), "--visibility", "after_published"]) == 0
    with zipfile.ZipFile(tmp_path / "a.zip") as z:
        assert json.loads(z.read("config.json"))["visibility"] == "after_published"
    with pytest.raises(SystemExit):
        main(["export", "--gradescope-autograder", str(tmp_path / "b.zip"), "--key",
              str(autograder["key"]), "--visibility", "sometimes"])
    assert "invalid choice: 'sometimes'" in capsys.readouterr().err
