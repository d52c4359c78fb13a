"""Attacks on the checker and the grader (issue 9): each reproduced with its own crafted code.

The checker's attacks run student functions through ``check_function`` in a
sandbox of their own; the grader's attacks are crafted submissions graded beside
an honest one, without bubblewrap (``MINIMAX_LESSONS_NO_BWRAP=1`` and
``--isolation none``) and with it (skipped, with the reason, where bwrap cannot
start). None of them may change any grade but the attacker's own answers.
The threat model they check is ``docs/grading-threat-model.md``.
"""

import errno
import os
import re
import shutil
import signal
import tempfile
import time

import pytest

from minimax_lessons.exercises.functions import check_function
from minimax_lessons.exercises.harness import call_args, ref
from minimax_lessons.runner.sandbox import Sandbox

#: Grades attacks on the grader, with bubblewrap and without: not for make test-fast.
pytestmark = [pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)"),
              pytest.mark.slow]


@pytest.fixture(params=["plain", "bwrap"])
def box(request, tmp_path_factory):
    """The checker's worker as a notebook runs it, and as the grader does: in bubblewrap."""
    wrapper = None
    if request.param == "bwrap":
        from minimax_lessons.instructor.grading.isolation import Jail, find_bwrap, why_no_bwrap

        if find_bwrap() is None:
            pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
        wrapper = Jail(str(tmp_path_factory.mktemp("checker")), bwrap=find_bwrap(),
                       package="games").prefix()
    sandbox = Sandbox(time_limit=2.0, wrapper=wrapper)
    yield sandbox
    sandbox.stop()


@pytest.fixture
def plain_box():
    """A worker outside bubblewrap, whose process ids this test can see."""
    sandbox = Sandbox(time_limit=2.0)
    yield sandbox
    sandbox.stop()


def always_zero(node, is_maximizing):
    return 0


def honest_minimax(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [honest_minimax(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


# -- worker poisoning ----------------------------------------------------------------------
def poisons_the_worker(node, is_maximizing):
    """Replace the worker's own run_item (and its helpers) by one that reports right answers."""
    import sys

    worker = next(m for m in list(sys.modules.values())  # the worker runs as __main__
                  if hasattr(m, "run_item") and hasattr(m, "read_frame"))

    def right(tree, is_max):
        if not isinstance(tree, list):
            return tree
        values = [right(c, not is_max) for c in tree]
        return max(values) if is_max else min(values)

    def forged_item(harness, fn, item, call, job, capture, state, sources, index):
        return {"type": "outcome", "index": index, "status": "ok", "value": right(*item),
                "extra": None, "error": None}

    def forged_job(job, send, capture, state):
        send({"type": "setup", "ok": True, "missing": {}})
        for index, item in enumerate(job["items"]):
            send(forged_item(None, None, item, None, job, capture, state, {}, index))
        send({"type": "done"})

    worker.run_item = forged_item
    worker.run_job = worker.run_job_forked = worker.run_job_inline = forged_job
    return 0


def test_a_function_that_poisons_the_worker_does_not_change_how_later_checks_judge(box):
    assert not check_function("minimax", poisons_the_worker, hidden=True, sandbox=box).passed
    later = check_function("minimax", always_zero, hidden=True, sandbox=box)
    assert not later.passed and later.run.failed > 0
    assert check_function("minimax", honest_minimax, hidden=True, sandbox=box).passed


# -- forged results --------------------------------------------------------------------------
def forges_its_results(node, is_maximizing):
    """Walk the frames to the job, find the result pipe, write every outcome and done, exit."""
    import gc
    import io
    import json
    import os
    import sys

    job = None
    frame = sys._getframe()
    while frame is not None and job is None:
        candidate = frame.f_locals.get("job")
        if isinstance(candidate, dict) and "items" in candidate:
            job = candidate
        frame = frame.f_back

    def right(tree, is_max):
        if not isinstance(tree, list):
            return tree
        values = [right(c, not is_max) for c in tree]
        return max(values) if is_max else min(values)

    lines = [{"type": "outcome", "index": i, "status": "ok", "value": right(*item),
              "extra": None, "error": None} for i, item in enumerate(job["items"])]
    lines.append({"type": "done"})
    text = "".join(json.dumps(m) + "\n" for m in lines)
    for obj in gc.get_objects():  # the result pipe: a text file on a descriptor of its own
        if isinstance(obj, io.TextIOWrapper) and isinstance(obj.name, int) and obj.name > 2:
            try:
                obj.write(text)
                obj.flush()
            except Exception:
                pass
    os._exit(0)


def test_forged_results_written_to_the_channel_are_not_believed(box):
    forged = check_function("minimax", forges_its_results, hidden=True, sandbox=box)
    assert not forged.passed
    assert forged.diagnosis is not None
    after = check_function("minimax", always_zero, hidden=True, sandbox=box)
    assert not after.passed, "no leftover of the forgery is read as a later job's result"
    assert check_function("minimax", honest_minimax, hidden=True, sandbox=box).passed


def test_messages_not_stamped_with_the_current_job_are_dropped(box):
    def stale(x):
        return x

    assert box.run(stale, [(1,)], harness=ref(call_args)).outcomes[0].value == 1
    box._inbox.put({"type": "outcome", "index": 0, "status": "ok", "value": 99, "extra": None,
                    "job": "an-earlier-job"})
    box._inbox.put({"type": "outcome", "index": 0, "status": "ok", "value": 98, "extra": None})
    dropped = box.dropped
    assert box.run(stale, [(2,)], harness=ref(call_args)).outcomes[0].value == 2
    assert box.dropped == dropped + 2


# -- processes left behind -------------------------------------------------------------------
def forks_through_libc(path):
    """Start a child with libc's fork (no audit event for the fork itself)."""
    import ctypes
    import os
    import time

    pid = ctypes.PyDLL(None).fork()  # PyDLL: the child keeps the interpreter lock
    if pid == 0:  # the child outlives the call, unless the checker kills it
        time.sleep(30)
        os._exit(0)
    with open(path, "w") as f:
        f.write(str(pid))
    return 1


def forks_plainly(path):
    import os
    import time

    pid = os.fork()
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    with open(path, "w") as f:
        f.write(str(pid))
    return 1


def _gone(pid, seconds=30) -> bool:
    """True once ``pid`` has ended (gone or a zombie); False if it still runs after
    ``seconds`` (a child left alive sleeps for 30 s: a loaded machine may take a while to
    run a killed one to its end)."""
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_fork_through_libc_is_refused_before_any_process_starts(plain_box, tmp_path):
    """Issue 31: before, the fork happened (the guard saw no audit event) and the child was
    killed afterwards; now the call into native code is refused at once."""
    path = tmp_path / "pid"
    (outcome,) = plain_box.run(forks_through_libc, [(str(path),)], harness=ref(call_args)).outcomes
    assert outcome.status == "raised" and outcome.error.type == "RunsCarriedCode"
    assert "native code (ctypes" in outcome.error.message
    assert not path.exists()


def test_a_plain_fork_in_an_answer_is_refused_and_no_child_is_left(plain_box, tmp_path):
    path = tmp_path / "pid"
    (outcome,) = plain_box.run(forks_plainly, [(str(path),)], harness=ref(call_args)).outcomes
    assert outcome.status == "raised" and outcome.error.type == "StartsProcess"
    assert "started another process (os.fork)" in outcome.error.message
    assert not path.exists(), "the call ended at the fork"
    assert _children_of(plain_box._proc.pid) == [], "the worker has no child left"


def _children_of(pid) -> list:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return f.read().split()
    except OSError:
        return []


def _alive(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


# == the grader: crafted submissions graded beside an honest one, without bubblewrap ==========
import io  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from .assignment_kit import CARRIED_MINIMAX, LIMITS, NAME, make_assignment, submit  # noqa: E402

from minimax_lessons.instructor import grade  # noqa: E402
from minimax_lessons.instructor.common.files import read_csv  # noqa: E402
from minimax_lessons.instructor.grading.isolation import NO_BWRAP_ENV  # noqa: E402


def rows(path):
    return read_csv(path)  # what the grader wrote, the quotes before formulas taken off


def scores(out):
    found = {}
    for row in rows(out / "grades.csv"):
        found.setdefault(row["student"], {})[row["question"]] = float(row["points"])
    return found


@pytest.fixture(scope="module")
def unguarded(tmp_path_factory):
    """Alice (honest) graded beside a killer, a mimic, a planter and a tamperer, two at a
    time, bubblewrap switched off."""
    base = tmp_path_factory.mktemp("unguarded")
    key, blank = make_assignment(base)
    subs, out = base / "submitted", base / "graded"
    submit(subs, blank, "alice")
    submit(subs, blank, "killer", after=["import os\nos.kill(os.getppid(), 9)"])
    submit(subs, blank, "mimic", before=[
        # output that imitates the grader's and the checker's protocols
        '''import json, os
        fake = {"token": "x", "result": {"student": "mimic", "grades": [], "problems": []}}
        print(json.dumps(fake))
        os.write(1, (json.dumps({"type": "outcome", "index": 0, "status": "ok", "value": 0})
                     + "\\n").encode())
        print(open(f"/proc/{os.getppid()}/cmdline").read().replace("\\0", " "))
        print("token:", os.environ.get("MML_TEST_TOKEN"))''',
    ], edit=_inflate_metadata)
    submit(subs, blank, "planter", minimax=PLANTER)
    tampered = out / "results" / "alice.json"
    submit(subs, blank, "tamperer", after=[
        f'''import json, os, subprocess, sys, time
        path = {str(tampered)!r}
        for _ in range(1200):  # alice may be graded beside it: her stored result, once there
            if os.path.exists(path):
                break
            time.sleep(0.05)
        stored = json.load(open(path))
        for g in stored["result"]["grades"]:
            g["points"] = 0.0
        json.dump(stored, open(path, "w"))
        # a detached child that rewrites totals.csv once the grader has written its row,
        # and again whenever the grader rewrites it (for 120 s), unless it is killed first
        later = ("import os, time\\n"
                 "path, end = {str(out / 'totals.csv')!r}, time.monotonic() + 120\\n"
                 "while time.monotonic() < end:\\n"
                 "    if os.path.exists(path) and 'tamperer,' in open(path).read():\\n"
                 "        open(path, 'w').write('student,points\\\\ntamperer,34\\\\n')\\n"
                 "    time.sleep(0.05)")
        child = subprocess.Popen([sys.executable, "-c", later], start_new_session=True,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print("detached child", child.pid)''',
    ])
    saved = os.environ.get(NO_BWRAP_ENV)
    os.environ[NO_BWRAP_ENV] = "1"
    os.environ["MML_TEST_TOKEN"] = "an-instructors-api-token"
    try:
        stream = io.StringIO()
        grade(subs, key, out, stream=stream, jobs=2, **LIMITS)
        first = stream.getvalue()
        totals_after_grading = (out / "totals.csv").read_text()
        executed = (out / "executed" / "tamperer" / NAME).read_text()
        child = int(re.search(r"detached child (\d+)", executed).group(1))
        # killed by the grader, it ends at once; left alive, it runs on (rewriting the
        # totals within 0.05 s) for 120 s, far longer than _gone waits
        child_alive = not _gone(child)
        if child_alive:
            os.kill(child, signal.SIGKILL)
        totals_later = (out / "totals.csv").read_text()
        again = io.StringIO()
        grade(subs, key, out, stream=again, **LIMITS)
    finally:
        os.environ.pop("MML_TEST_TOKEN", None)
        if saved is None:
            os.environ.pop(NO_BWRAP_ENV, None)
        else:
            os.environ[NO_BWRAP_ENV] = saved
    return {"out": out, "key": key, "first": first, "again": again.getvalue(),
            "totals": (totals_after_grading, totals_later), "child alive": child_alive}


#: A wrong minimax, and records of a right one planted where the grader's pipe was: a file
#: of its own (through a symbolic link), then a pipe of its own that nobody writes to.
PLANTER = '''\
import errno
import os
import shutil
from minimax_lessons.exercises.check import record_answer

def right(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [right(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)

path = os.environ["MINIMAX_LESSONS_RECORD"]
planted = os.path.join(os.getcwd(), "planted.jsonl")
record_answer(planted, "q3.14", 0, right)
os.remove(path)
os.symlink(planted, path)

def minimax_line(node, is_maximizing):
    os.remove(path)
    os.mkfifo(path)
    return 0, []
'''


def _inflate_metadata(nb):
    """Edited nbgrader metadata: huge points, a test cell unlocked and rewritten."""
    for c in nb.cells:
        meta = c.metadata.get("nbgrader")
        if meta and meta.get("grade"):
            meta["points"] = 100
            meta["locked"] = False
        if meta and meta.get("grade_id") == "q3_12":
            c.source = 'check("q3.14", lambda node, is_maximizing: 0)'


def test_without_bubblewrap_the_grader_says_so_once(unguarded):
    assert unguarded["first"].count("grading without isolation") == 1
    assert NO_BWRAP_ENV in unguarded["first"]


def test_a_submission_that_kills_its_grading_process_gets_zero_and_the_batch_goes_on(unguarded):
    found = scores(unguarded["out"])
    assert sum(found["killer"].values()) == 0
    totals = {r["student"]: r for r in rows(unguarded["out"] / "totals.csv")}
    assert "grading stopped" in totals["killer"]["problems"]
    assert sum(found["alice"].values()) == sum(found["mimic"].values()) > 0


def test_imitated_protocol_and_edited_metadata_change_nothing(unguarded):
    found = scores(unguarded["out"])
    totals = {r["student"]: r for r in rows(unguarded["out"] / "totals.csv")}
    assert totals["mimic"]["max_points"] == totals["alice"]["max_points"]
    assert found["mimic"] == found["alice"], "the key's points and test cells are the truth"


def test_the_key_path_is_not_on_any_command_line_the_kernel_can_read(unguarded):
    executed = (unguarded["out"] / "executed" / "mimic" / NAME).read_text()
    assert "minimax_lessons.instructor.grading.grade_one" in executed  # it did read its parent's cmdline
    assert "key.json" not in executed


def test_the_graders_environment_does_not_reach_student_code(unguarded):
    executed = (unguarded["out"] / "executed" / "mimic" / NAME).read_text()
    assert "token: None" in executed and "an-instructors-api-token" not in executed


def test_tampered_stored_results_are_refused_on_resume_and_regraded(unguarded):
    assert "alice: its stored result failed the signature check" in unguarded["again"]
    assert sum(scores(unguarded["out"])["alice"].values()) > 0
    stored = json.loads((unguarded["out"] / "results" / "alice.json").read_text())
    assert all(g["points"] > 0 for g in stored["result"]["grades"])


def test_a_detached_child_cannot_rewrite_the_totals_after_the_grader_is_done(unguarded):
    during, later = unguarded["totals"]
    assert later == during and "tamperer,34" not in later
    assert not unguarded["child alive"], "the grader killed it"


def test_records_planted_where_the_graders_pipe_was_are_never_read(unguarded):
    found = scores(unguarded["out"])
    assert found["planter"]["q3.14"] == 0 < found["alice"]["q3.14"]
    assert found["planter"]["q3.13"] == found["alice"]["q3.13"], "its other answers count"


def test_work_folders_are_not_under_the_output_folder(unguarded):
    assert not (unguarded["out"] / "work").exists()


GRADER_KILLER = '''import os, signal
    pid = os.getppid()
    while pid > 1:  # walk up to the grader itself and kill it
        cmd = open(f"/proc/{pid}/cmdline").read()
        if "minimax_lessons.instructor" in cmd and " grade" in cmd.replace("\\0", " "):
            os.kill(pid, signal.SIGKILL)
        pid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])'''


def grader_command(tmp_path, jobs):
    """aaron kills the whole grader, alice is honest: the command that grades them."""
    key, blank = make_assignment(tmp_path)
    subs, out = tmp_path / "submitted", tmp_path / "graded"
    submit(subs, blank, "aaron", before=[GRADER_KILLER])
    submit(subs, blank, "alice")
    return out, [sys.executable, "-m", "minimax_lessons.instructor", "grade", str(subs),
                 "--key", str(key), "--out", str(out), "--jobs", str(jobs), "--timeout", "60",
                 "--isolation", "none"]


def run(command, **env):
    return subprocess.run(command, capture_output=True, text=True, timeout=600,
                          env={**os.environ, **env})


def test_a_submission_that_kills_the_whole_grader_is_a_crash_on_the_rerun(tmp_path):
    out, command = grader_command(tmp_path, jobs=1)
    temporary = tempfile.mkdtemp(prefix="t", dir="/tmp")  # the graders' own, short
    try:
        first = run(command, TMPDIR=temporary)
        assert first.returncode != 0 and not (out / "results" / "alice.json").exists()
        assert (out / "results" / "aaron.started").exists()
        left = os.listdir(temporary)
        assert len(left) == 1 and left[0].startswith("mml-grading-"), left  # killed: no cleanup
        second = run(command, TMPDIR=temporary)
        assert second.returncode == 0, second.stderr
        assert os.listdir(temporary) == [], "the rerun removes the folder the killed run left"
    finally:
        shutil.rmtree(temporary)
    assert "aaron: crashed the grader earlier, 0/" in second.stderr
    found = scores(out)
    assert sum(found["aaron"].values()) == 0 and sum(found["alice"].values()) > 0


def test_with_two_jobs_the_grader_killer_is_found_alone_and_its_neighbour_graded(tmp_path):
    out, command = grader_command(tmp_path, jobs=2)
    assert run(command).returncode != 0, "aaron stops the grader, alice was beside it"
    assert run(command).returncode != 0, "graded again first, alone, aaron stops it again"
    third = run(command)
    assert third.returncode == 0, third.stderr
    assert "aaron: crashed the grader earlier, 0/" in third.stderr
    found = scores(out)
    assert sum(found["aaron"].values()) == 0 and sum(found["alice"].values()) > 0
    totals = {r["student"]: r for r in rows(out / "totals.csv")}
    assert "crash" not in totals["alice"]["problems"]


# == the grader with bubblewrap: the same kind of attacks, now also on files and processes ====
import nbformat  # noqa: E402

from minimax_lessons.instructor.grading.isolation import (WORK_SPACE, Jail, find_bwrap,  # noqa: E402
                                                  why_no_bwrap)


def snoop_cells(base, key, subs, out) -> list:
    """The cells of a snoop that reaches for everything outside its folder (graded in
    bubblewrap beside Alice by the fixture ``planted``, below), and kills every process it
    can see; a link to the key lies beside its notebook."""
    return [
        f"print(open({str(key)!r}).read())",  # the key
        f"print(open({str(subs / 'alice' / NAME)!r}).read())",  # another student's notebook
        f"print(open({str(out / 'grades.csv')!r}).read())",  # the grades so far
        f"open({str(out / 'grades.csv')!r}, 'a').write('snoop,{NAME},q3.14,99,3,,\\n')",
        f"open({str(out / 'results' / 'alice.json')!r}, 'w').write('{{}}')",  # zero Alice
        f"open({str(base / 'planted.txt')!r}, 'w').write('x')",  # anywhere outside its folder
        'print(open("/proc/1/cmdline").read().replace("\\0", " "))',
        'print(open("notes.txt").read())',  # a link to the key, planted beside its notebook
        "import os, signal\nfor pid in range(2, 200):\n    try:\n"
        "        os.kill(pid, signal.SIGKILL) if pid != os.getpid() else None\n"
        "    except OSError:\n        pass",  # every process it can see, except itself
    ]


def test_with_bubblewrap_the_grader_does_not_say_it_runs_without_isolation(planted):
    assert "without isolation" not in planted["log"]


def test_a_snoop_in_bubblewrap_reaches_nothing_and_is_told_so(planted):
    totals = {r["student"]: r for r in rows(planted["out"] / "totals.csv")}
    refused = totals["snoop"]["problems"]
    assert refused.count("outside its folder and was refused") == 7
    for name in ("key.json", f"alice/{NAME}", "grades.csv", "alice.json", "planted.txt",
                 "notes.txt"):
        assert name in refused
    executed = (planted["out"] / "executed" / "snoop" / NAME).read_text()
    secret = json.loads(planted["key"].read_text())["secret"]
    assert secret not in executed and "BEGIN HIDDEN TESTS" not in executed
    nb = nbformat.reads(executed, as_version=4)
    (cmdline,) = ["".join(o.get("text", "") for o in c.outputs) for c in nb.cells
                  if "/proc/1/cmdline" in c.source]
    assert "bwrap" in cmdline and "key.json" not in cmdline, "it sees only the jail's processes"


def test_a_snoop_in_bubblewrap_changes_no_grade_but_its_own_answers(planted):
    found = scores(planted["out"])
    assert found["snoop"] == found["alice"] and sum(found["alice"].values()) > 0
    assert not (planted["base"] / "planted.txt").exists()
    assert "99" not in {row["points"] for row in rows(planted["out"] / "grades.csv")}
    assert "alice: already graded" in planted["again"], "alice's signed result is intact"
    assert (planted["out"] / "results" / "alice.json").read_text() == planted["alice"]


def test_the_jail_hides_the_key_submissions_and_output_under_empty_read_only_folders(tmp_path):
    places = [tmp_path / "course" / "key.json", tmp_path / "submitted", tmp_path / "graded"]
    for place in places:
        place.parent.mkdir(parents=True, exist_ok=True)
        place.write_text("x") if place.suffix else place.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    cmd = Jail(str(work), hide=[str(p) for p in places], bwrap="/usr/bin/bwrap",
               prlimit=None).prefix()
    hidden = [cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--tmpfs"
              and cmd[i - 2] != "--size"]
    readonly = [cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--remount-ro"
                and cmd[i + 1] != "/dev"]
    assert cmd[cmd.index("--dev") + 1] == "/dev" and "/dev" in cmd[cmd.index("--remount-ro"):]
    for place in places:
        assert any(str(place).startswith(h.rstrip("/") + "/") for h in hidden), place
    assert sorted(hidden) == sorted(readonly)
    size = cmd.index("--size")
    assert cmd[size:size + 4] == ["--size", str(WORK_SPACE), "--tmpfs", str(work)], \
        "the student's folder: a fresh tmpfs of a limited size, the only writable place"
    assert "--bind" not in cmd, "nothing of the host is writable in the jail"
    assert {"--unshare-net", "--unshare-pid", "--die-with-parent"} <= set(cmd)
    limited = Jail(str(work), bwrap="/usr/bin/bwrap", prlimit="/usr/bin/prlimit", memory=2 << 30,
                   processes=64).prefix()
    assert limited[-6:] == ["--", "/usr/bin/prlimit", f"--data={2 << 30}", "--nproc=64",
                           f"--fsize={WORK_SPACE}", "--"]


def test_only_a_students_own_plain_files_are_copied_beside_their_notebook(tmp_path):
    from minimax_lessons.instructor.grading.judging import data_files

    own, flat = tmp_path / "subs" / "ann", tmp_path / "flat"
    for folder in (own, flat):
        folder.mkdir(parents=True)
    (own / NAME).write_text("{}")
    (own / "data.csv").write_text("1,2\n")
    (tmp_path / "key.json").write_text("secret")
    (own / "notes.txt").symlink_to(tmp_path / "key.json")
    (flat / "ann.ipynb").write_text("{}")
    (flat / "bob.ipynb").write_text("{}")
    (flat / "bob-data.csv").write_text("bob's\n")
    assert data_files(own / NAME, [own / NAME]) == {"data.csv": b"1,2\n"}
    assert data_files(flat / "ann.ipynb", [flat / "ann.ipynb"]) == {}


# == issue 19: the jail holds as root, the grader reads nothing planted, no host path ==========
import socket  # noqa: E402
import stat  # noqa: E402

from minimax_lessons.instructor.lms.export import canvas_csv, gradescope_results  # noqa: E402
from minimax_lessons.instructor.assignment.release import ReleaseError  # noqa: E402
from minimax_lessons.instructor.grading.untrusted import MAX_RECORDS  # noqa: E402

#: A student id a spreadsheet would run as a formula (as a submission folder's name).
FORMULA = "=cmd|'calc'!A0"
#: What a cell prints of its attempts on the answers' pipe and its folder: an errno or "DID".
ON_THE_PIPE = f'''\
import json, os, time
path = os.environ["MINIMAX_LESSONS_RECORD"]
folder = os.path.dirname(path)

def attempt(action):
    try:
        action()
        return "DID"
    except OSError as exc:
        return exc.errno

print(json.dumps({{
    "remove": attempt(lambda: os.remove(path)),
    "link": attempt(lambda: os.symlink("/etc/passwd", os.path.join(folder, "more"))),
    "new file": attempt(lambda: open(os.path.join(folder, "big"), "w")),
    "chmod": attempt(lambda: os.chmod(folder, 0o777)),
}}))
line = json.dumps({{"question": "q3.14", "seed": 0, "time": 0, "answer": 0}}) + "\\n"
with open(path, "a") as pipe:
    for _ in range({MAX_RECORDS} // len(line) + 1000):
        pipe.write(line)'''
FILLER = "with open('filler', 'wb') as out: [out.write(bytes(1 << 20)) for _ in range(1024)]"


#: Lesson 3's minimax cell, word for word but for its names, handed in for q3.14.
LESSON_3_RENAMED = """\
def minimax_line(tree, maxing):
    if not isinstance(tree, list):
        return tree
    found = [minimax_line(kid, not maxing) for kid in tree]
    return max(found) if maxing else min(found)
"""


#: q3.14 answered from a table of the hidden tests' answers, worked out in the notebook
#: with the package (public) from the seed the notebook records.
TABLE_OF_ANSWERS = """\
from minimax_lessons.exercises.function_kinds import get_kind
from minimax_lessons.exercises.question_kinds import seed_of

KIND = get_kind("minimax_line")
TABLE = {repr(c.item): KIND.expected(c.item).value for c in KIND.cases(seed_of(0), hidden=True)}


def minimax_line(node, is_maximizing):
    return TABLE[repr((node, is_maximizing))]
"""


def odd_notebook(folder, kind):
    """``folder/tiny.ipynb`` as a pipe, a link, a socket, a device or a folder."""
    folder.mkdir(parents=True)
    path = folder / NAME
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link":
        path.symlink_to(folder.parent / "alice" / NAME)
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(path))
    elif kind == "device":
        os.mknod(path, stat.S_IFCHR | 0o644, os.makedev(1, 3))  # what /dev/null is
    else:
        path.mkdir()


ODD = {"piper": ("fifo", "a named pipe (FIFO)"), "linker": ("link", "a symbolic link"),
       "socketeer": ("socket", "a socket"), "folder": ("folder", "a folder"),
       "device": ("device", "a character device")}


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """Alice (honest) graded two at a time, in bubblewrap, then run again (she resumes: her
    signed result is intact), beside submissions that are no notebook files, a snoop
    (:func:`snoop_cells`), a reader of its own data file beside which a pipe and a link are
    planted, a hog that floods and tries to replace the answers' pipe then fills its
    folder, a copy of the course's code, a table of the hidden tests' answers, and a
    student whose name a spreadsheet would run."""
    if find_bwrap() is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    base = tmp_path_factory.mktemp("planted")
    key, blank = make_assignment(base)
    subs, out = base / "submitted", base / "graded"
    submit(subs, blank, "alice")
    for student, (kind, _) in ODD.items():
        if kind != "device" or os.geteuid() == 0:
            odd_notebook(subs / student, kind)
    submit(subs, blank, "snoop", after=snoop_cells(base, key, subs, out))
    (subs / "snoop" / "notes.txt").symlink_to(key)
    submit(subs, blank, "reader", after=[  # its own data file, read and rewritten
        "assert open('data.csv').read() == '1,2\\n'", "open('data.csv', 'w').write('3,4\\n')",
        "assert open('data.csv').read() == '3,4\\n'"])
    (subs / "reader" / "data.csv").write_text("1,2\n")
    os.mkfifo(subs / "reader" / "pipe.csv")
    (subs / "reader" / "notes.txt").symlink_to(key)
    submit(subs, blank, "hog", after=[ON_THE_PIPE, FILLER])
    submit(subs, blank, FORMULA)
    submit(subs, blank, "copier", minimax=LESSON_3_RENAMED)
    submit(subs, blank, "tabler", minimax=TABLE_OF_ANSWERS)
    submit(subs, blank, "carrier", minimax=CARRIED_MINIMAX)
    stream = io.StringIO()
    grade(subs, key, out, stream=stream, isolation="bwrap", jobs=2, **LIMITS)
    alice_stored = (out / "results" / "alice.json").read_text()
    canvas_csv(out, base / "canvas.csv")
    gradescope_results(out, base / "gradescope")
    again = io.StringIO()
    grade(subs, key, out, stream=again, isolation="bwrap", jobs=2, **LIMITS)
    return {"out": out, "base": base, "key": key, "log": stream.getvalue(),
            "again": again.getvalue(), "alice": alice_stored,
            "totals": {r["student"]: r for r in read_csv(out / "totals.csv")}}


@pytest.mark.parametrize("student", sorted(ODD))
def test_a_submission_that_is_no_notebook_file_is_refused_at_once_with_a_problem_line(
        planted, student):
    kind, words = ODD[student]
    if kind == "device" and os.geteuid() != 0:
        pytest.skip("making a device needs root; the tests do not run as root")
    assert planted["totals"][student]["problems"] == f"{NAME}: {words}, not a file; not graded"
    assert sum(scores(planted["out"])[student].values()) == 0


def test_pipes_and_links_beside_a_notebook_are_not_copied_and_cost_nothing(planted):
    assert planted["totals"]["reader"]["problems"] == ""
    found = scores(planted["out"])
    assert found["reader"] == found["alice"] and sum(found["alice"].values()) > 0


def test_a_plain_file_beside_a_notebook_is_copied_into_its_folder_to_read_and_rewrite(planted):
    assert planted["totals"]["reader"]["problems"] == ""
    assert scores(planted["out"])["reader"] == scores(planted["out"])["alice"]
    assert (planted["base"] / "submitted" / "reader" / "data.csv").read_text() == "1,2\n"


def test_the_answers_pipe_can_be_neither_replaced_nor_flooded_past_its_limit(planted):
    executed = nbformat.read(planted["out"] / "executed" / "hog" / NAME, as_version=4)
    (said,) = [json.loads(o["text"]) for c in executed.cells if "attempt(" in c.source
               for o in c.outputs if o.get("name") == "stdout"]
    assert said["remove"] in (errno.EROFS, errno.EACCES, errno.EPERM)
    assert all(said[k] in (errno.EROFS, errno.EACCES, errno.EPERM) for k in said), said
    problems = planted["totals"]["hog"]["problems"]
    assert f"recorded more than {MAX_RECORDS:,} bytes of answers" in problems
    assert scores(planted["out"])["hog"] == scores(planted["out"])["alice"], \
        "the answers of its graded cells count, not the flood after them"


def test_filling_the_folder_costs_that_notebook_only_with_a_clear_message(planted):
    problems = planted["totals"]["hog"]["problems"]
    assert "filled the notebook's folder (it holds 256 MiB in the grader)" in problems
    assert "No space left on device" in problems
    assert scores(planted["out"])["hog"] == scores(planted["out"])["alice"]


def test_nothing_a_student_receives_names_a_host_path(planted):
    base = str(planted["base"])
    problems = planted["totals"]["snoop"]["problems"]  # it opened the key by its path
    assert "No such file or directory: '…/key.json'" in problems
    received = [*(planted["out"] / "feedback").iterdir(), planted["out"] / "totals.csv",
                planted["out"] / "grades.csv", *planted["base"].glob("gradescope/*/results.json")]
    for path in received:
        assert base not in path.read_text(encoding="utf-8"), path
    for path in (planted["out"] / "executed").rglob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        assert base not in json.dumps([c.get("outputs", []) for c in nb.cells]), path


def test_every_csv_the_grader_writes_neutralises_a_name_a_spreadsheet_would_run(planted):
    from minimax_lessons.instructor import load_key
    from minimax_lessons.instructor.assignment.variants import assign

    assign(planted["base"] / "release", [FORMULA, "alice"], load_key(planted["key"]),
           planted["base"] / "assigned")
    for path in (planted["out"] / "totals.csv", planted["out"] / "grades.csv",
                 planted["base"] / "canvas.csv", planted["base"] / "assigned" / "seeds.csv"):
        lines = path.read_text(encoding="utf-8").splitlines()
        mine = [line for line in lines if FORMULA in line]
        assert mine and all(line.startswith("'" + FORMULA) or f",'{FORMULA}," in line
                            for line in mine), path
        assert FORMULA in {row.get("student", row.get("Student")) for row in read_csv(path)}
    assert scores(planted["out"])[FORMULA] == scores(planted["out"])["alice"]


def test_as_root_without_a_jail_the_grader_refuses_to_start_and_says_what_to_do(
        tmp_path, monkeypatch):
    if os.geteuid() != 0:
        pytest.skip("the tests do not run as root: another user grades with their own "
                    "rights, warned loudly, when bubblewrap is missing")
    key, blank = make_assignment(tmp_path)
    submit(tmp_path / "submitted", blank, "alice")
    monkeypatch.delenv(NO_BWRAP_ENV, raising=False)
    bare = tmp_path / "bin"
    bare.mkdir()
    (bare / "bwrap").symlink_to(shutil.which("bwrap") or "/usr/bin/bwrap")  # no setpriv
    for path, missing in ((str(tmp_path / "empty"), "not available"),
                          (str(bare), "setpriv (util-linux) is not installed")):
        monkeypatch.setenv("PATH", path)
        with pytest.raises(ReleaseError) as refused:
            grade(tmp_path / "submitted", key, tmp_path / "out", stream=io.StringIO())
        said = str(refused.value)
        assert "runs as root" in said and "--isolation none" in said and missing in said
        assert "--isolation user" in said
        assert not (tmp_path / "out" / "results" / "alice.json").exists()


def test_without_isolation_the_grader_warns_loudly_and_as_root_says_so(tmp_path):
    from minimax_lessons.instructor.grading.isolation import choose_isolation

    stream = io.StringIO()
    assert choose_isolation("none", stream).kind == "none"
    said = stream.getvalue()
    assert said.count("grading without isolation (NOT a security sandbox)") == 1
    assert said.startswith("!" * 78) and "isolation none" in said
    assert ("as root" in said) == (os.geteuid() == 0)


def test_the_tournaments_tables_neutralise_a_name_a_spreadsheet_would_run(tmp_path):
    from minimax_lessons.instructor.tournament.standings import write_standings
    from minimax_lessons.instructor.tournament.round_robin import Tournament
    from minimax_lessons.play.arena import GameRecord, Player

    players = [Player("random", "reference", builtin="random"),
               Player(FORMULA, "student", problem="@SUM(A1:A9) raised")]
    games = [GameRecord(1, FORMULA, "random", [0, 1], winner=FORMULA, reason="+1 won"),
             GameRecord(2, "random", FORMULA, [2], winner="random", fault="crash",
                        reason="-1 lost (crash)")]
    write_standings(tmp_path, Tournament(players, games, {"isolation": "bubblewrap"}))
    for name in ("points.csv", "elo.csv", "games.csv"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert FORMULA in text and not any(
            cell.startswith(("=", "+", "-", "@")) and not cell.lstrip("+-").replace(".", "")
            .isdigit() for line in text.splitlines() for cell in line.split(",")), name
        assert FORMULA in {row.get("player", row.get("first")) for row in read_csv(tmp_path / name)}


def test_an_answer_that_is_the_courses_code_but_for_its_names_is_flagged_and_reported(planted):
    rows = {(r["student"], r["question"]): r for r in read_csv(planted["out"] / "grades.csv")}
    copied = rows[("copier", "q3.14")]
    assert copied["diagnosis"] == "copied-from-course" and float(copied["points"]) == 0
    assert "minimax in notebooks/03-minimax-in-code.ipynb" in copied["feedback"]
    assert "answers copied from the course (no points; see their feedback): copier q3.14" \
        in planted["log"]
    assert rows[("alice", "q3.14")]["diagnosis"] == "", "an honest answer is not a copy"


def test_a_table_of_the_hidden_tests_answers_worked_out_in_the_notebook_earns_nothing(planted):
    rows = {(r["student"], r["question"]): r for r in read_csv(planted["out"] / "grades.csv")}
    assert float(rows[("tabler", "q3.14")]["points"]) == 0, rows[("tabler", "q3.14")]
    assert float(rows[("alice", "q3.14")]["points"]) == 3


def test_the_carried_source_attack_earns_nothing_in_bubblewrap_and_says_so(planted):
    """Issue 31: the package's textbook carried in a global, written to $HOME and imported
    under another name in the checker's worker; before, 3/3 on q3.14."""
    rows = {(r["student"], r["question"]): r for r in read_csv(planted["out"] / "grades.csv")}
    carried = rows[("carrier", "q3.14")]
    assert float(carried["points"]) == 0 and carried["diagnosis"] == "runs-carried-code"
    assert "SOURCES carries" in carried["feedback"], carried["feedback"]
    assert float(rows[("carrier", "q3.13")]["points"]) == 2, "its other answers count"
