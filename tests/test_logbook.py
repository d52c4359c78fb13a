"""The learner's logbook: what is written, where, when not, two kernels at once, a bad file.

Every test has a logbook folder of its own (the project's conftest.py points
``MINIMAX_LESSONS_PROGRESS_DIR`` there), never the user's Jupyter data folder.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from minimax_lessons import logbook
from minimax_lessons.logbook import answer, level


def test_the_tests_never_touch_the_users_own_jupyter_data_folder():
    from jupyter_core.paths import jupyter_data_dir

    assert not str(logbook.where()).startswith(jupyter_data_dir())
    assert logbook.where().parent.name  # a folder of this test's own


def test_by_default_the_logbook_lives_in_the_jupyter_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(logbook.FOLDER_ENV)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    assert logbook.where() == tmp_path / "minimax-lessons" / "progress.jsonl"


def test_an_answer_is_one_line_of_json_and_reads_back_as_written():
    entry = answer("q2.1", "alice", False, ["max-at-every-level"], kind="value", time=12.5)
    assert logbook.append(entry)
    assert logbook.append(level("values", 3, time=13.0))
    lines = logbook.where().read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0]) == entry
    assert logbook.entries() == [entry, {"time": 13.0, "practice": "values", "level": 3}]
    assert logbook.answers() == [entry] and logbook.levels() == {"values": 3}


def test_seeds_that_are_not_numbers_or_text_are_kept_as_text():
    assert answer("q1", (1, 2), True)["seed"] == "(1, 2)"
    assert answer("q1", True, True)["seed"] == "True"
    assert answer("q1", None, True)["seed"] is None


def test_an_old_entry_naming_two_mistakes_in_one_text_reads_as_two_ids():
    old = {"time": 5.0, "question": "p2.1", "seed": 0, "right": False, "kind": "value",
           "diagnoses": ["max-at-every-level or players-swapped", "players-swapped"]}
    logbook.where().parent.mkdir(parents=True, exist_ok=True)
    logbook.where().write_text(json.dumps(old) + "\n")
    (entry,) = logbook.entries()
    assert entry["diagnoses"] == ["max-at-every-level", "players-swapped"]
    from minimax_lessons.progress.schedule import cards
    assert set(cards(logbook.entries())) == {("max-at-every-level", "value"),
                                            ("players-swapped", "value")}


def test_the_switch_turns_recording_off_and_on(monkeypatch):
    for word in ("off", "OFF", "0", "no", "false"):
        monkeypatch.setenv(logbook.SWITCH_ENV, word)
        assert not logbook.recording()
        assert logbook.append(answer("q1", 0, True, time=1.0)) is False
    monkeypatch.setenv(logbook.SWITCH_ENV, "on")
    assert logbook.recording()
    assert not logbook.where().exists()


def test_stop_turns_recording_off_in_this_kernel_and_start_turns_it_back_on():
    assert logbook.append(answer("q1", 0, True, time=1.0))
    assert "stopped" in logbook.stop()
    assert not logbook.append(answer("q1", 0, True, time=2.0))
    assert len(logbook.entries()) == 1  # what was recorded still reads
    assert logbook.start() == "Recording."
    assert logbook.append(answer("q1", 0, True, time=3.0))
    assert [e["time"] for e in logbook.entries()] == [1.0, 3.0]


def test_a_graded_run_neither_writes_nor_reads_the_logbook(monkeypatch):
    assert logbook.append(answer("q1", 0, True, time=1.0))
    monkeypatch.setenv(logbook.GRADING_ENV, "/somewhere/answers.jsonl")
    assert not logbook.recording()
    assert logbook.append(answer("q1", 0, True, time=2.0)) is False
    assert logbook.entries() == [] and logbook.levels() == {}
    assert "Still not recording" in logbook.start()
    monkeypatch.delenv(logbook.GRADING_ENV)
    assert len(logbook.entries()) == 1


def test_clear_deletes_the_logbook_and_says_how_many_entries_it_held():
    for t in range(3):
        logbook.append(answer("q1", 0, True, time=t))
    assert logbook.clear() == 3
    assert not logbook.where().exists() and logbook.entries() == []
    assert logbook.clear() == 0


def test_reading_a_logbook_not_made_yet_makes_no_folder():
    assert logbook.entries() == []
    assert not logbook.where().parent.exists()


# -- a file that cannot be read -------------------------------------------------------------

def written():
    """The logbook's path, its folder made (for a test to put a bad file there)."""
    path = logbook.where()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_a_corrupt_line_sets_the_file_aside_and_a_new_one_starts_with_the_rest(capsys):
    good = [answer("q1", 0, True, time=1.0), answer("q2", 0, False, time=2.0)]
    path = written()
    path.write_text(json.dumps(good[0]) + "\n{not json\n" + json.dumps(good[1]) + "\n"
                    + '{"time": 3}\n' + json.dumps(good[1])[:20])  # cut off mid-line
    assert logbook.entries() == good  # no exception
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "unreadable" in said[0] and "2 entries" in said[0], said
    aside = list(path.parent.glob("progress-unreadable-*.jsonl"))
    assert len(aside) == 1 and "{not json" in aside[0].read_text()
    assert str(aside[0]) in said[0]
    assert [json.loads(line) for line in path.read_text().splitlines()] == good
    assert logbook.entries() == good and capsys.readouterr().err == ""  # now clean
    assert logbook.append(answer("q3", 0, True, time=4.0))
    assert len(logbook.entries()) == 3
    assert logbook.clear() == 3 and not list(path.parent.glob("progress*.jsonl"))


def test_a_file_that_is_not_text_is_set_aside_too(capsys):
    path = written()
    path.write_bytes(bytes(range(256)) * 4)
    assert logbook.entries() == []
    assert "kept as" in capsys.readouterr().err
    assert path.read_text() == "" and logbook.append(answer("q1", 0, True, time=1.0))


def test_a_folder_where_the_file_should_be_is_set_aside_and_a_new_file_started(capsys):
    path = written()
    path.mkdir()
    assert logbook.entries() == []
    assert "could not be read" in capsys.readouterr().err
    assert path.is_file() and logbook.append(answer("q1", 0, True, time=1.0))
    assert len(logbook.entries()) == 1


def test_a_logbook_that_cannot_be_written_says_so_once_and_never_raises(monkeypatch, tmp_path,
                                                                         capsys):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(logbook.FOLDER_ENV, str(blocked / "inside"))
    assert logbook.append(answer("q1", 0, True, time=1.0)) is False
    assert logbook.append(answer("q1", 0, True, time=2.0)) is False
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "could not be recorded" in said[0] and "=off" in said[0]
    assert logbook.entries() == [] and logbook.clear() == 0


def test_an_entry_that_is_not_json_is_refused_with_one_line(capsys):
    assert logbook.append({"time": 1.0, "question": "q1", "right": True,
                           "x": float("nan")}) is False
    assert "could not be recorded" in capsys.readouterr().err


# -- two kernels at once ------------------------------------------------------------------------

WRITER = """
import sys, time
from minimax_lessons import logbook
start, me, count = float(sys.argv[1]), sys.argv[2], int(sys.argv[3])
while time.time() < start:
    pass
for k in range(count):
    assert logbook.append(logbook.answer(f"{me}.{k}", k, k % 2 == 0, ["x" * 300], kind="value"))
"""


def test_processes_writing_at_once_lose_and_cut_no_entry():
    writers, count = 4, 300
    start = time.time() + 3  # every process starts writing at the same moment
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(start), f"w{i}", str(count)],
                              env=env) for i in range(writers)]
    assert [p.wait(timeout=120) for p in procs] == [0] * writers
    found = logbook.entries()
    assert len(found) == writers * count
    assert {e["question"] for e in found} == {f"w{i}.{k}" for i in range(writers)
                                               for k in range(count)}
    assert len(logbook.where().read_text().splitlines()) == writers * count
    assert not list(logbook.where().parent.glob("progress-unreadable-*"))


# -- issue 31: a link, a pipe, a held lock or an answer's daemon never hang check() -----------
#: Appends one entry and reads the logbook in a process of its own, which prints what came
#: of it (the test waits for it with a time limit: a hung check would never print).
APPEND = """
from minimax_lessons import logbook
print(logbook.append(logbook.answer("q1", 0, True, time=1.0)), len(logbook.entries()))
"""


def run_logbook(code, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=timeout)
    return done.stdout.strip(), done.stderr


def test_a_link_at_the_logbooks_place_is_never_written_through(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("someone else's file\n")
    logbook.where().parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, logbook.where())
    said, err = run_logbook(APPEND)
    assert target.read_text() == "someone else's file\n"
    assert said.startswith("False") and "could not be recorded" in err


@pytest.mark.parametrize("which", ["logbook", "lock"])
def test_a_named_pipe_at_the_logbooks_place_or_its_locks_is_never_waited_on(which):
    path = logbook.where() if which == "logbook" else logbook.where().with_name(logbook.LOCK_NAME)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    said, err = run_logbook(APPEND)
    assert said.split()[0] == "False" and "could not be recorded" in err


HOLD_THE_LOCK = """
import fcntl, sys, time
from minimax_lessons import logbook
lock = open(logbook.where().with_name(logbook.LOCK_NAME), "a")
fcntl.flock(lock, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(600)
"""


def test_a_lock_held_for_ever_costs_one_entry_not_a_hung_check():
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    logbook.where().parent.mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        # the same wait, shorter than the logbook's own LOCK_WAIT (2 s): the check gives up
        said, err = run_logbook("from minimax_lessons import logbook\n"
                                "logbook.LOCK_WAIT = 0.25\n" + APPEND)
        assert said.startswith("False") and "lock" in err and "more than 0.25 s" in err
    finally:
        holder.kill()
        holder.wait()
    assert run_logbook(APPEND)[0] == "True 1", "once it is let go, recording goes on"


#: A function answer checked as in a lesson (the notebook's own worker): it starts a daemon
#: in a session of its own that takes the logbook's lock and keeps it; then the check's own
#: entry is written.
DAEMON_ANSWER = '''
import os, sys
from minimax_lessons import logbook
from minimax_lessons.exercises.functions import check_function
from minimax_lessons.runner.sandbox import Sandbox
from minimax_lessons.runner.shipping import from_source

answer = from_source("""
def minimax(node, is_maximizing):
    import os
    if os.fork() == 0:
        import fcntl, time
        os.setsid()
        lock = open(LOCK, "a")
        fcntl.flock(lock, fcntl.LOCK_EX)
        time.sleep(600)
    return 0
""", "minimax")
answer = type(answer)(answer.name, (("LOCK", "pickle", __import__("pickle").dumps(
    str(logbook.where().with_name(logbook.LOCK_NAME)))),) + answer.parts, answer.label)
box = Sandbox(time_limit=5)
verdict = check_function("minimax", answer, sandbox=box)
box.stop()
print(verdict.diagnosis, logbook.append(logbook.answer("q1", 0, True, time=1.0)))
'''


def test_a_daemon_an_answer_starts_is_refused_and_recording_goes_on():
    logbook.where().parent.mkdir(parents=True, exist_ok=True)
    said, err = run_logbook(DAEMON_ANSWER, timeout=120)
    assert said == "starts-a-process True", err[-2000:]
