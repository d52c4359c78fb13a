"""A jailed kernel reads the grader's compiled Graphviz and can change nothing outside its folder.

In bubblewrap a kernel's home is its work folder, so without help every jailed
kernel that draws compiles Graphviz again (seconds each). The jail binds the
grader's cache read-only and points the renderer at it. These tests run as root
here (and in CI): what keeps the cache (and every hidden folder) safe is the
read-only mount and a jail whose code is never root and holds no capability, so
that it can neither remount it writable nor unmount what hides the key; a cell
checks that from inside (its user, its capabilities, mount and umount, nested user
namespaces, its process limit, the only writable folder and its size).
"""

import errno
import hashlib
import json
import os

import nbformat
import pytest

from minimax_lessons.instructor.common.environment import student_environment
from minimax_lessons.instructor.grading.isolation import JAIL_UIDS, MEMORY, PROCESSES, Jail, \
    find_bwrap, shared_graphviz_cache, why_no_bwrap
from minimax_lessons.instructor.grading.notebook_runner import run_notebook
from minimax_lessons.pictures import render
from minimax_lessons.runner.sandbox import Sandbox
from tests.runner.test_sandbox import pids_holding, stop_within

REPORT = '''\
import json, os
from minimax_lessons.pictures import render
svg = render.dot_to_svg("digraph { a -> b }")
print(json.dumps({"cache": str(render.cache_dir()), "origin": render.embedded_origin,
                  "drew": "<svg" in svg, "copied home": os.path.exists(os.path.expanduser(
                      "~/.cache/minimax-lessons"))}))
'''

#: Every way to change the cache that a process may try; each prints its errno (or WROTE).
ATTACKS = '''\
import ctypes, json, os
folder = render.cache_dir()
victim = sorted(folder.glob("*.cwasm"))[0]
libc = ctypes.CDLL(None, use_errno=True)

def attempt(action):
    try:
        action()
        return "WROTE"
    except OSError as exc:
        return exc.errno

def call(result):
    if result != 0:
        raise OSError(ctypes.get_errno(), "refused")

print(json.dumps({
    "new file": attempt(lambda: open(folder / "planted.cwasm", "w")),
    "overwrite": attempt(lambda: open(victim, "r+b")),
    "delete": attempt(lambda: os.unlink(victim)),
    "rename": attempt(lambda: os.rename(victim, folder / "moved")),
    "chmod": attempt(lambda: os.chmod(victim, 0o666)),
    "remount writable": attempt(lambda: call(libc.mount(  # MS_REMOUNT | MS_BIND, not MS_RDONLY
        None, str(folder).encode(), None, 0x20 | 0x1000, None))),
    "unmount": attempt(lambda: call(libc.umount2(str(folder).encode(), 2))),  # MNT_DETACH
    "unmount the hidden home": attempt(lambda: call(libc.umount2(HOME.encode(), 2))),
}))
'''

#: More memory than the jail allows, and less.
ALLOCATE = f'''\
import json
def allocate(size):
    try:
        return len(bytearray(size)) == size
    except MemoryError:
        return False
print(json.dumps([allocate({MEMORY + (1 << 30)}), allocate(1 << 30)]))
'''


#: A cell's 400 processes (``children``: those it could start, killed again).
FORKS = '''\
children = []
for _ in range(400):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(5)
        os._exit(0)
    children.append(pid)
for pid in children:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
'''

#: What student code can do to the jail itself, from a cell: who it is, what it may
#: mount, how many processes it may start, where it may write and how much.
JAIL_ATTACKS = '''\
import ctypes, json, os, subprocess, time
status = dict(line.split(":", 1) for line in open("/proc/self/status"))
libc = ctypes.CDLL(None, use_errno=True)

def call(result):
    return 0 if result == 0 else ctypes.get_errno()

''' + FORKS + '''\
writable = []
for line in open("/proc/self/mountinfo"):
    where = line.split()[4]
    if where.startswith(("/proc", "/sys")):
        continue
    try:
        os.close(os.open(os.path.join(where, ".planted"), os.O_CREAT | os.O_WRONLY, 0o600))
        os.unlink(os.path.join(where, ".planted"))
        writable.append(where)
    except OSError:
        pass
try:
    with open("filler", "wb") as out:
        for _ in range(1024):
            out.write(bytes(1 << 20))
    filled = "no limit"
except OSError as exc:
    filled = exc.errno
os.unlink("filler")
before = sorted(os.listdir(HOME))
nested = subprocess.run(["unshare", "-Urm", "sh", "-c",
                         f"umount -l {HOME}; mount -o remount,bind,rw /; ls -A {HOME}"],
                        capture_output=True, text=True)
print(json.dumps({
    "uid": os.getuid(), "caps": status["CapEff"].strip(), "bounding": status["CapBnd"].strip(),
    "no new privileges": status["NoNewPrivs"].strip(),
    "mount": call(libc.mount(b"none", b"/mnt", b"tmpfs", 0, None)),
    "remount": call(libc.mount(None, b"/", None, 0x20 | 0x1000, None)),
    "umount": call(libc.umount2(HOME.encode(), 2)),
    "processes": len(children), "writable": writable, "cwd": os.getcwd(), "filled": filled,
    "home before": before, "home after a nested umount": sorted(nested.stdout.split()),
}))
'''


def outputs(nb):
    return [json.loads("".join(o.get("text", "") for o in c.outputs if o.get("name") == "stdout")
                       or "null") for c in nb.cells]


def fingerprint(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.fixture(scope="module")
def jailed(tmp_path_factory):
    """One jailed kernel that draws, tries to change the grader's cache, and to allocate
    more memory than the jail allows."""
    bwrap = find_bwrap()
    if bwrap is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    render.dot_to_svg("digraph { warm }")  # the grader's own process has the cache
    if render.renderer_name() != "embedded":
        pytest.skip("the embedded Graphviz cannot load here, so there is nothing to cache")
    cache = shared_graphviz_cache()
    before = fingerprint(render.cache_dir())
    work = tmp_path_factory.mktemp("work")
    home = os.path.realpath(os.path.expanduser("~"))  # hidden by an empty folder in the jail
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(REPORT),
                                         nbformat.v4.new_code_cell(f"HOME = {home!r}"),
                                         nbformat.v4.new_code_cell(ATTACKS),
                                         nbformat.v4.new_code_cell(ALLOCATE),
                                         nbformat.v4.new_code_cell(JAIL_ATTACKS)])
    run = run_notebook(nb, cwd=work, env=dict(student_environment(), MPLBACKEND="Agg"),
                       cell_timeout=120, jail=Jail(str(work), bwrap=bwrap))
    return {"cache": cache, "before": before, "after": fingerprint(render.cache_dir()),
            "run": run, "report": outputs(nb)[0], "attacks": outputs(nb)[2],
            "allocated": outputs(nb)[3], "jail": outputs(nb)[4], "work": work}


def test_a_jailed_kernel_draws_with_the_graders_compiled_graphviz(jailed):
    assert jailed["run"].problems == []
    report = jailed["report"]
    assert report["drew"] and report["cache"] == jailed["cache"]
    assert report["origin"] == "cache", "loaded, not compiled again"
    assert not report["copied home"], "the cache is not put in the student's folder"


def test_code_in_the_jail_can_neither_write_the_cache_nor_remount_or_unmount_it(jailed):
    attacks = dict(jailed["attacks"])
    # a user who is not root is refused before the read-only mount is even looked at
    assert attacks.pop("overwrite") in (errno.EROFS, errno.EACCES)
    assert attacks == {
        "new file": errno.EROFS, "delete": errno.EROFS,
        "rename": errno.EROFS, "chmod": errno.EROFS,
        "remount writable": errno.EPERM, "unmount": errno.EPERM,
        "unmount the hidden home": errno.EPERM}
    assert jailed["after"] == jailed["before"]


def test_code_in_the_jail_has_no_capability_is_not_root_and_cannot_mount(jailed):
    jail = jailed["jail"]
    assert jail["uid"] != 0
    assert jail["caps"] == "0000000000000000" and jail["no new privileges"] == "1"
    assert (jail["mount"], jail["remount"], jail["umount"]) == (errno.EPERM,) * 3


def test_as_root_the_jail_runs_as_a_user_of_its_own_without_even_a_bounding_set(jailed):
    if os.geteuid() != 0:
        pytest.skip("the tests do not run as root: the jail runs as your own user, "
                    "in a user namespace")
    first, count = JAIL_UIDS
    assert first <= jailed["jail"]["uid"] < first + count
    assert jailed["jail"]["bounding"] == "0000000000000000"


def test_the_jails_process_limit_holds(jailed):
    assert jailed["jail"]["processes"] < PROCESSES


def test_a_nested_user_namespace_reveals_nothing_that_is_hidden(jailed):
    jail = jailed["jail"]
    assert jail["home after a nested umount"] == jail["home before"]


def test_the_only_writable_folder_is_the_students_and_it_is_limited(jailed):
    jail = jailed["jail"]
    assert jail["writable"] == [jail["cwd"]]
    assert jail["filled"] == errno.ENOSPC, "the folder holds at most WORK_SPACE bytes"


def test_the_jail_binds_the_cache_read_only_and_names_it_for_the_renderer(tmp_path):
    cache = tmp_path / "home" / ".cache" / render.CACHE_NAME
    cache.mkdir(parents=True)
    cmd = Jail(str(tmp_path / "work"), hide=[str(tmp_path / "home")], bwrap="/usr/bin/bwrap",
               prlimit=None, graphviz_cache=str(cache)).prefix()
    assert ["--ro-bind", str(cache), str(cache)] == cmd[cmd.index(str(cache)) - 1:][:3]
    assert cmd.index("--tmpfs") < cmd.index(str(cache)), "bound after the home is hidden"
    assert ["--setenv", render.CACHE_ENV, str(cache)] == \
        cmd[cmd.index(render.CACHE_ENV) - 1:][:3]
    assert cmd[cmd.index("--cap-drop") + 1] == "ALL"
    bare = Jail(str(tmp_path / "work"), bwrap="/usr/bin/bwrap", prlimit=None,
                graphviz_cache=None).prefix()
    assert render.CACHE_ENV not in bare


def test_the_memory_limit_still_holds_beside_the_graphviz_reservation(jailed):
    assert jailed["allocated"] == [False, True]


def test_a_jailed_worker_stopped_within_milliseconds_of_its_start_stops_and_leaves_nothing(
        tmp_path):
    """Killed that early, bwrap's process inside the jail outlives ``--die-with-parent``
    and keeps the worker's pipe open: stop() must still return, and end it too."""
    bwrap = find_bwrap()
    if bwrap is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    for attempt in range(15):
        work = tmp_path / f"w{attempt}"
        work.mkdir()
        box = Sandbox(isolate="item", wrapper=Jail(str(work), bwrap=bwrap,
                                                   package="games").prefix())
        box.start()
        took = stop_within(box)
        assert took is not None, f"stop() blocked (attempt {attempt + 1})"
        # bwrap and its process in the jail carry the jail's folder on their command line
        assert pids_holding(str(work)) == [], "a process of the jail outlived stop()"


# -- issue 31: /dev read-only and the size of a file limited, with and without root ---------
#: What a jailed shell tries: a file in /dev, a file of 300 MiB in its folder, /dev/null.
DEV_AND_SIZE = ('echo x > /dev/planted 2>/dev/null && echo "dev written" || echo "dev refused"; '
                'head -c 300M /dev/zero > big 2>/dev/null; echo "big $(stat -c %s big)"; '
                'echo y > /dev/null && echo "null ok"')


@pytest.mark.parametrize("root", [True, False], ids=["as root", "as a user"])
def test_the_jails_dev_is_read_only_and_a_file_is_limited_to_the_folders_size(
        root, tmp_path, monkeypatch):
    """Without root, bubblewrap's /dev is a tmpfs its user owns: it was a writable folder of
    12 GiB of the host's memory (issue 31). A file is limited with ``--fsize`` as well."""
    import shutil
    import subprocess

    from minimax_lessons.instructor.grading import isolation

    if find_bwrap() is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    if os.geteuid() != 0:
        pytest.skip("the tests do not run as root: both modes need root to be tried here")
    work = tmp_path / "work"
    work.mkdir()
    work.chmod(0o777)
    tmp_path.chmod(0o755)
    as_user = []
    if not root:  # bubblewrap started by an ordinary user, in a user namespace
        monkeypatch.setattr(isolation, "as_root", lambda: False)
        monkeypatch.setattr(isolation, "_exposed", lambda: [])  # (/root is closed to it)
        as_user = [shutil.which("setpriv"), "--reuid=65534", "--regid=65534", "--clear-groups"]
    prefix = Jail(str(work), bwrap=find_bwrap(), graphviz_cache=None,
                  space=64 << 20).prefix()
    done = subprocess.run([*as_user, *prefix, "/bin/sh", "-c", DEV_AND_SIZE],
                          capture_output=True, text=True, timeout=120, cwd="/")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["dev refused", f"big {64 << 20}", "null ok"], \
        done.stdout
