"""As root where no jail can be built (Gradescope's Docker container): student code runs as
an unprivileged user of its own, never as root (``grade --isolation user``).

The grader runs here as in such a container (``container_kit``: bubblewrap fails, Python
is where every user may run it). A cell of a submission tries what a student out to cheat
would: read the key, the other submissions and the grades, plant a result, use root's
rights, start 400 processes, fill the disk. The instructor's folders are closed to other
users, as the grader demands; the output folder the grader closes itself.
"""

import errno
import json
import os
import shutil
import stat
import sys

import nbformat
import pytest

from .assignment_kit import CARRIED_MINIMAX, NAME, make_assignment, submit
from .container_kit import ATTEMPTS, graphviz_cache, in_a_container, open_folder
from .test_isolation import FORKS

from minimax_lessons.instructor.common.files import read_csv
from minimax_lessons.pictures.render import CACHE_ENV
from minimax_lessons.instructor.grading.limits import JAIL_UIDS, PROCESSES
from minimax_lessons.instructor.grading.unprivileged import (UserJail, closed_on_the_way,
                                                              open_to_others)

#: Grades a class in a container: not for make test-fast.
pytestmark = pytest.mark.slow

#: What a student's cell tries, as the user it runs as; it prints what each attempt gave.
ATTACK = ATTEMPTS + FORKS + '''\
def big():
    with open("big", "wb") as out:
        for _ in range(300):
            out.write(bytes(1 << 20))

print(json.dumps({
    "uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(),
    "caps": status["CapEff"].strip(), "bounding": status["CapBnd"].strip(),
    "no new privileges": status["NoNewPrivs"].strip(),
    "read the key": attempt(lambda: open(KEY).read()),
    "list the submissions": attempt(lambda: os.listdir(SUB)),
    "read bob's notebook": attempt(lambda: open(BOB).read()),
    "read the grades": attempt(lambda: open(OUT + "/grades.csv").read()),
    "plant a result": attempt(lambda: open(OUT + "/results/ann.json", "w").write("{}")),
    "the grader's folders listed": len(glob.glob("/tmp/mml-grading-*/*")),
    "signal its grading process": attempt(lambda: os.kill(os.getppid(), 0)),
    "become root": attempt(lambda: os.setuid(0)),
    "processes": len(children),
    "a 300 MiB file": attempt(big),
    "write the temporary folder": attempt(lambda: open("/tmp/mml-" + str(os.getpid()), "w")),
    "write /dev/shm": attempt(lambda: open("/dev/shm/mml-planted-" + str(os.getpid()), "w")),
}))
'''


@pytest.fixture(scope="module")
def graded():
    """ann (the attack) and bob (honest), graded at once with --isolation user."""
    base = open_folder("mml-user-test-")
    try:
        key, blank = make_assignment(base)
        key.chmod(0o600)  # the grader refuses a key every user can read
        sub, out = base / "sub", base / "out"
        paths = (f"KEY, SUB, BOB, OUT = {str(key)!r}, {str(sub)!r}, "
                 f"{str(sub / 'bob' / NAME)!r}, {str(out)!r}")
        submit(sub, blank, "ann", after=[paths, ATTACK])
        submit(sub, blank, "bob")
        submit(sub, blank, "cara", minimax=CARRIED_MINIMAX)
        sub.chmod(0o700)
        env = {**os.environ, CACHE_ENV: str(graphviz_cache(base))}  # as on Gradescope
        done = in_a_container([sys.executable, "-m", "minimax_lessons.instructor", "grade",
                               str(sub), "--key", str(key), "--out", str(out),
                               "--isolation", "user", "--jobs", "2", "--quiet"],
                              env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stderr[-3000:]
        nb = nbformat.read(out / "executed" / "ann" / NAME, as_version=4)
        said = [o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout"]
        yield {"log": done.stderr, "ann": json.loads("".join(said)), "out": out,
               "totals": {r["student"]: r for r in read_csv(out / "totals.csv")},
               "mode": stat.S_IMODE(out.stat().st_mode)}
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_student_code_runs_as_a_user_of_its_own_without_any_capability(graded):
    ann = graded["ann"]
    first, count = JAIL_UIDS
    assert ann["uid"] != 0 and first <= ann["uid"] < first + count
    assert ann["gid"] == ann["uid"] and ann["groups"] == []
    assert ann["caps"] == ann["bounding"] == "0000000000000000"
    assert ann["no new privileges"] == "1"
    assert ann["become root"] == errno.EPERM
    assert ann["signal its grading process"] == errno.EPERM


def test_the_key_the_submissions_and_the_grades_are_out_of_its_reach(graded):
    ann = graded["ann"]
    for what in ("read the key", "list the submissions", "read bob's notebook",
                 "read the grades", "plant a result"):
        assert ann[what] == errno.EACCES, what
    assert ann["the grader's folders listed"] == 0
    assert graded["mode"] & 0o007 == 0, "the grader closed its output folder to others"
    stored = json.loads((graded["out"] / "results" / "ann.json").read_text())
    assert set(stored) == {"result", "signature"}, "the grader's own, signed"


def test_the_process_limit_and_the_file_size_limit_hold(graded):
    assert graded["ann"]["processes"] < PROCESSES
    assert graded["ann"]["a 300 MiB file"] == errno.EFBIG


def test_where_linux_has_landlock_nothing_but_its_folder_can_be_written(graded):
    """Issue 31: as a user of its own, student code wrote /tmp and /dev/shm (the host's
    memory); Landlock's wall keeps it to its folder where the kernel offers it."""
    from minimax_lessons.runner.lockdown import landlock_version

    if landlock_version() < 1:
        pytest.skip("this Linux has no Landlock: /tmp and /dev/shm stay writable")
    for place in ("write the temporary folder", "write /dev/shm"):
        assert graded["ann"][place] == errno.EACCES, place


def test_the_class_is_graded_as_in_a_jail_and_the_grader_says_how_once(graded):
    assert {s: r["points"] for s, r in graded["totals"].items()} == {
        "ann": "5", "bob": "5", "cara": "2"}
    assert graded["log"].count("grading without a jail") == 1
    assert "as an unprivileged user of its own" in graded["log"]


def run_grade(base, *extra):
    key = base / "instructor" / "key.json"
    return in_a_container([sys.executable, "-m", "minimax_lessons.instructor", "grade",
                           str(base / "sub"), "--key", str(key), "--out", str(base / "out"),
                           "--quiet", *extra], capture_output=True, text=True, timeout=300)


def test_as_root_without_a_jail_the_grader_refuses_and_offers_isolation_user(tmp_path):
    key, blank = make_assignment(tmp_path)
    submit(tmp_path / "sub", blank, "ann")
    done = run_grade(tmp_path)
    assert done.returncode == 2
    assert "runs as root" in done.stderr and "--isolation user" in done.stderr
    assert not (tmp_path / "out" / "results" / "ann.json").exists()


def test_as_a_user_of_its_own_the_grader_refuses_a_key_and_submissions_every_user_can_read():
    base = open_folder("mml-user-test-")
    try:
        key, blank = make_assignment(base)
        key.chmod(0o644)  # (release writes it 0600: opened here, as a copy may be)
        submit(base / "sub", blank, "ann")
        done = run_grade(base, "--isolation", "user")
        assert done.returncode == 2
        assert f"{key} is open to every user" in done.stderr
        assert f"chmod o-rwx {base / 'sub'}" in done.stderr
        assert not (base / "out" / "results" / "ann.json").exists()
    finally:
        shutil.rmtree(base, ignore_errors=True)


# -- the parts, without a container ----------------------------------------------------------

def test_a_file_is_open_to_others_only_when_every_folder_above_lets_them_pass(tmp_path):
    base = open_folder("mml-open-")
    try:
        (base / "key.json").write_text("{}")
        (base / "key.json").chmod(0o644)
        assert open_to_others(base / "key.json")
        (base / "key.json").chmod(0o600)
        assert open_to_others(base / "key.json") is None
        base.chmod(0o700)
        (base / "key.json").chmod(0o644)
        assert open_to_others(base / "key.json") is None
        assert closed_on_the_way(base / "key.json") == str(base)
    finally:
        shutil.rmtree(base)


def test_a_user_jail_gives_its_folder_to_its_user_and_lets_it_only_pass_the_graders(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("the tests do not run as root: no user of its own to give folders to")
    root = tmp_path / "mml-grading-x"
    (root / "nb-1" / "work").mkdir(parents=True)
    (root / "nb-1" / "seed").mkdir()
    (root / "nb-1" / "seed" / "data.csv").write_text("1,2\n")
    (root / "nb-1" / "channel").mkdir()
    os.mkfifo(root / "nb-1" / "channel" / "answers", 0o622)
    for folder in (root, root / "nb-1"):  # as mkdtemp makes them
        folder.chmod(0o700)
    jail = UserJail(str(root / "nb-1" / "work"), root=str(root),
                    seed=str(root / "nb-1" / "seed"), channel=str(root / "nb-1" / "channel"))
    owner = lambda p: (p.stat().st_uid, stat.S_IMODE(p.stat().st_mode))  # noqa: E731
    assert owner(root / "nb-1" / "work") == (jail.uid, 0o700)
    assert owner(root / "nb-1" / "seed" / "data.csv") == (jail.uid, 0o600)
    assert owner(root / "nb-1" / "channel" / "answers") == (jail.uid, 0o600)
    assert owner(root)[1] & 0o007 == 0o001 and owner(root / "nb-1")[1] & 0o007 == 0o001
    cmd = jail.prefix()
    assert cmd[0].endswith("setpriv") and "--bounding-set=-all" in cmd
    assert f"--nproc={PROCESSES}" in cmd and f"HOME={root / 'nb-1' / 'work'}" in cmd


def test_the_carried_source_attack_earns_nothing_as_a_user_of_its_own(graded):
    """Issue 31: as a user of its own the worker sees the whole package, and before, the
    sources carried in a global, written to $HOME and imported earned 3/3 on q3.14."""
    rows = {(r["student"], r["question"]): r for r in read_csv(graded["out"] / "grades.csv")}
    carried = rows[("cara", "q3.14")]
    assert float(carried["points"]) == 0 and carried["diagnosis"] == "runs-carried-code"
    assert "SOURCES carries" in carried["feedback"]


#: Run in the container, as root: the checker's worker as a user of its own (as the grader
#: and the Gradescope autograder start it there), each attack of tests/runner/test_lockdown.py
#: checked in it; prints {attack: [diagnosis, score, message]}.
ATTACKS_AS_A_USER = '''
import json, os, shutil, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import tests.runner.test_lockdown as T
from minimax_lessons.exercises.functions import check_function
from minimax_lessons.instructor.grading.unprivileged import UserJail
from minimax_lessons.runner.sandbox import Sandbox

root = tempfile.mkdtemp(prefix="mml-user-worker-", dir="/tmp")
carriers = tempfile.mkdtemp(prefix="mml-carried-", dir="/tmp")
try:
    os.chmod(root, 0o711)
    T.set_carriers(Path(carriers))
    work = os.path.join(root, "checker")
    os.mkdir(work)
    box = Sandbox(time_limit=5.0, isolate="item", wrapper=UserJail(work, root=root).prefix())
    found = {}
    for name, _, _ in T.ATTACKS:
        verdict = check_function("minimax", getattr(T, name), hidden=True, sandbox=box)
        found[name] = [verdict.diagnosis, verdict.score, verdict.message]
    verdict = check_function("minimax", T.with_runner(T.uses_what_its_pickle_ran),
                             hidden=True, sandbox=box)
    found["pickle that runs code"] = [verdict.diagnosis, verdict.score, verdict.message]
    box.stop()
    print(json.dumps(found))
finally:  # the container's /tmp as it was
    shutil.rmtree(root, ignore_errors=True)
    shutil.rmtree(carriers, ignore_errors=True)
'''


def test_as_a_user_of_its_own_code_carried_any_way_earns_nothing_and_is_named():
    """Issue 31: the variants of tests/runner/test_lockdown.py in the checker's worker as
    the grader starts it where no jail can be built (the package's files readable there)."""
    from pathlib import Path

    from tests.runner.test_lockdown import ATTACKS

    root = Path(__file__).resolve().parents[2]
    done = in_a_container([sys.executable, "-c", ATTACKS_AS_A_USER, str(root)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    for name, diagnosis, words in ATTACKS:
        said, score, message = found[name]
        assert (said, score) == (diagnosis, 0.0) and words in message, (name, found[name])
    assert found["pickle that runs code"][:2] == ["runs-carried-code", 0.0]
