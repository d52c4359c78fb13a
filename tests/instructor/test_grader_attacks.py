"""Attacks on the checker and the grader (issue 9): each reproduced with its own crafted code.

The checker's attacks run student functions through ``check_function`` in a
sandbox of their own; the grader's attacks are crafted submissions graded beside
an honest one, without bubblewrap (``MINIMAX_LESSONS_NO_BWRAP=1`` and
``--isolation none``) and with it (skipped, with the reason, where bwrap cannot
start). None of them may change any grade but the attacker's own answers.
The threat model they check is ``docs/grading-threat-model.md``.
"""

import os
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
        from minimax_lessons.instructor.isolation import Jail, find_bwrap, why_no_bwrap

        if find_bwrap() is None:
            pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
        wrapper = Jail(str(tmp_path_factory.mktemp("checker")), bwrap=find_bwrap()).prefix()
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
    assert not later.passed and later.failed > 0
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
    """Start a child with libc's fork (no audit event, so the guard does not see it)."""
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


def _gone(pid) -> bool:
    for _ in range(50):
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return False


def test_processes_a_student_function_starts_are_killed_when_its_input_is_done(plain_box, tmp_path):
    path = tmp_path / "pid"
    (outcome,) = plain_box.run(forks_through_libc, [(str(path),)], harness=ref(call_args)).outcomes
    assert outcome.ok and outcome.value == 1, "the guard does not see a fork through libc"
    pid = int(path.read_text())
    assert pid > 0 and _gone(pid)


def test_a_plain_fork_in_an_answer_is_refused_and_its_child_killed(plain_box, tmp_path):
    path = tmp_path / "pid"
    (outcome,) = plain_box.run(forks_plainly, [(str(path),)], harness=ref(call_args)).outcomes
    assert outcome.status == "raised"
    assert "process" in outcome.error.message, "the refusal says a process was started"
    assert _gone(int(path.read_text()))


def _alive(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


# == the grader: crafted submissions graded beside an honest one, without bubblewrap ==========
import csv  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from .assignment_kit import LIMITS, NAME, make_assignment, submit  # noqa: E402

from minimax_lessons.instructor import grade  # noqa: E402
from minimax_lessons.instructor.isolation import NO_BWRAP_ENV  # noqa: E402


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def scores(out):
    found = {}
    for row in rows(out / "grades.csv"):
        found.setdefault(row["student"], {})[row["question"]] = float(row["points"])
    return found


@pytest.fixture(scope="module")
def unguarded(tmp_path_factory):
    """Alice (honest) graded beside a killer, a mimic and a tamperer, bubblewrap switched off."""
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
    tampered = out / "results" / "alice.json"
    submit(subs, blank, "tamperer", after=[
        f'''import json, os, subprocess, sys
        path = {str(tampered)!r}
        stored = json.load(open(path))
        for g in stored["result"]["grades"]:
            g["points"] = 0.0
        json.dump(stored, open(path, "w"))
        # a detached child that rewrites totals.csv after the grader is done
        later = ("import time; time.sleep(4); "
                 "open({str(out / 'totals.csv')!r}, 'w').write('student,points\\\\ntamperer,34\\\\n')")
        subprocess.Popen([sys.executable, "-c", later], start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)''',
    ])
    saved = os.environ.get(NO_BWRAP_ENV)
    os.environ[NO_BWRAP_ENV] = "1"
    os.environ["MML_TEST_TOKEN"] = "an-instructors-api-token"
    try:
        stream = io.StringIO()
        grade(subs, key, out, stream=stream, **LIMITS)
        first = stream.getvalue()
        totals_after_grading = (out / "totals.csv").read_text()
        time.sleep(6)  # the detached child would have written by now
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
            "totals": (totals_after_grading, totals_later)}


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
    assert "minimax_lessons.instructor.grade_one" in executed  # it did read its parent's cmdline
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


def run(command):
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def test_a_submission_that_kills_the_whole_grader_is_a_crash_on_the_rerun(tmp_path):
    out, command = grader_command(tmp_path, jobs=1)
    first = run(command)
    assert first.returncode != 0 and not (out / "results" / "alice.json").exists()
    assert (out / "results" / "aaron.started").exists()
    second = run(command)
    assert second.returncode == 0, second.stderr
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

from minimax_lessons.instructor.isolation import Jail, find_bwrap, why_no_bwrap  # noqa: E402


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    """Alice (honest) graded beside a snoop that reaches for everything, in bubblewrap."""
    if find_bwrap() is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    base = tmp_path_factory.mktemp("guarded")
    key, blank = make_assignment(base)
    subs, out = base / "submitted", base / "graded"
    submit(subs, blank, "alice")
    graded_alice = out / "results" / "alice.json"
    submit(subs, blank, "snoop", after=[
        f"print(open({str(key)!r}).read())",  # the key
        f"print(open({str(subs / 'alice' / NAME)!r}).read())",  # another student's notebook
        f"print(open({str(out / 'grades.csv')!r}).read())",  # the grades so far
        f"open({str(out / 'grades.csv')!r}, 'a').write('snoop,{NAME},q3.14,99,3,,\\n')",
        f"open({str(graded_alice)!r}, 'w').write('{{}}')",  # zero an earlier student
        f"open({str(base / 'planted.txt')!r}, 'w').write('x')",  # anywhere outside its folder
        'print(open("/proc/1/cmdline").read().replace("\\0", " "))',
        'print(open("notes.txt").read())',  # a link to the key, planted beside its notebook
        "import os, signal\nfor pid in range(2, 200):\n    try:\n"
        "        os.kill(pid, signal.SIGKILL) if pid != os.getpid() else None\n"
        "    except OSError:\n        pass",  # every process it can see, except itself
    ])
    (subs / "snoop" / "notes.txt").symlink_to(key)
    stream = io.StringIO()
    grade(subs, key, out, stream=stream, isolation="bwrap", **LIMITS)
    alice_stored = graded_alice.read_text()
    again = io.StringIO()
    grade(subs, key, out, stream=again, isolation="bwrap", **LIMITS)
    return {"out": out, "key": key, "base": base, "first": stream.getvalue(),
            "again": again.getvalue(), "alice": alice_stored}


def test_with_bubblewrap_the_grader_does_not_say_it_runs_without_isolation(guarded):
    assert "without isolation" not in guarded["first"]


def test_a_snoop_in_bubblewrap_reaches_nothing_and_is_told_so(guarded):
    totals = {r["student"]: r for r in rows(guarded["out"] / "totals.csv")}
    refused = totals["snoop"]["problems"]
    assert refused.count("outside its folder and was refused") == 7
    for name in ("key.json", f"alice/{NAME}", "grades.csv", "alice.json", "planted.txt",
                 "notes.txt"):
        assert name in refused
    executed = (guarded["out"] / "executed" / "snoop" / NAME).read_text()
    secret = json.loads(guarded["key"].read_text())["secret"]
    assert secret not in executed and "BEGIN HIDDEN TESTS" not in executed
    nb = nbformat.reads(executed, as_version=4)
    (cmdline,) = ["".join(o.get("text", "") for o in c.outputs) for c in nb.cells
                  if "/proc/1/cmdline" in c.source]
    assert "bwrap" in cmdline and "key.json" not in cmdline, "it sees only the jail's processes"


def test_a_snoop_in_bubblewrap_changes_no_grade_but_its_own_answers(guarded):
    found = scores(guarded["out"])
    assert found["snoop"] == found["alice"] and sum(found["alice"].values()) > 0
    assert not (guarded["base"] / "planted.txt").exists()
    assert "99" not in {row["points"] for row in rows(guarded["out"] / "grades.csv")}
    assert "alice: already graded" in guarded["again"], "alice's signed result is intact"
    assert (guarded["out"] / "results" / "alice.json").read_text() == guarded["alice"]


def test_the_jail_hides_the_key_submissions_and_output_under_empty_read_only_folders(tmp_path):
    places = [tmp_path / "course" / "key.json", tmp_path / "submitted", tmp_path / "graded"]
    for place in places:
        place.parent.mkdir(parents=True, exist_ok=True)
        place.write_text("x") if place.suffix else place.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    cmd = Jail(str(work), hide=[str(p) for p in places], bwrap="/usr/bin/bwrap",
               prlimit=None).prefix()
    hidden = [cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--tmpfs"]
    readonly = [cmd[i + 1] for i, arg in enumerate(cmd) if arg == "--remount-ro"]
    for place in places:
        assert any(str(place).startswith(h.rstrip("/") + "/") for h in hidden), place
    assert sorted(hidden) == sorted(readonly)
    assert cmd[cmd.index("--bind") + 1:cmd.index("--bind") + 3] == [str(work)] * 2
    assert {"--unshare-net", "--unshare-pid", "--die-with-parent"} <= set(cmd)
    limited = Jail(str(work), bwrap="/usr/bin/bwrap", prlimit="/usr/bin/prlimit", memory=2 << 30,
                   processes=64).prefix()
    assert limited[-5:] == ["--", "/usr/bin/prlimit", f"--data={2 << 30}", "--nproc=64", "--"]


def test_only_a_students_own_plain_files_are_copied_beside_their_notebook(tmp_path):
    from minimax_lessons.instructor.grading import _copy_data_files

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
    for path, expected in ((own / NAME, ["data.csv"]), (flat / "ann.ipynb", [])):
        work = tmp_path / f"work-{path.parent.name}"
        work.mkdir()
        _copy_data_files(path, work, [path])
        assert sorted(p.name for p in work.iterdir()) == expected
