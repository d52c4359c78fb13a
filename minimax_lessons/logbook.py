"""The learner's logbook: every answer checked in JupyterLab, one line each, on this machine.

Vocabulary
----------
- An *entry* is one JSON object on one line of the logbook. An *answer* says what was
  asked, whether the answer was right and which mistakes it showed::

      {"time": 1767225600.0, "question": "p2.1", "seed": 0, "right": false,
       "diagnoses": ["max-at-every-level"], "kind": "value"}

  (``kind`` is the question's kind, ``practice-values``, ``quiz-look``, ...; practice and
  review add a few fields such as ``level`` or ``aim``). A *level* entry says where
  practice of one kind got to: ``{"time": ..., "practice": "values", "level": 2}``.
- The *file* is ``progress.jsonl`` in ``minimax-lessons/`` of the user's Jupyter data
  folder (``jupyter --data-dir``), or in the folder ``MINIMAX_LESSONS_PROGRESS_DIR``
  names: :func:`where`. In the browser (the course's JupyterLite site) it is
  ``.minimax-lessons/progress.jsonl`` in JupyterLite's drive, which the browser keeps in
  its storage for the site. Nothing is sent anywhere.
- *Recording* is on unless ``MINIMAX_LESSONS_PROGRESS=off`` (also ``0``, ``no``,
  ``false``), :func:`stop` was called in this kernel (:func:`start` undoes it), or the
  instructor's grader runs the notebook (it sets ``MINIMAX_LESSONS_RECORD``): a graded
  run neither writes nor reads the logbook.
- Two kernels writing at once lose nothing: each entry is one line written in one call,
  in append mode, while holding a lock on ``progress.lock`` beside the file. The lock is
  waited for :data:`LOCK_WAIT` seconds at most (a process that holds it for ever costs one
  entry, said once, never a hung ``check``).
- The logbook and its lock are *regular files*: opened without following a symbolic link
  and without waiting for a writer, so a link, a named pipe or a device in their place
  is never written through nor waited on (it is kept aside as an unreadable file).
- A file that cannot be read (not text, a line that is not an entry, a folder in its
  place) is *kept aside* as ``progress-unreadable-<date>.jsonl`` and a new file started
  with every entry that could be read; one line on stderr says so. Nothing here raises.

>>> import tempfile, os
>>> os.environ["MINIMAX_LESSONS_PROGRESS_DIR"] = folder = tempfile.mkdtemp()
>>> append(answer("p2.1", 0, False, ["max-at-every-level"], kind="value", time=100.0))
True
>>> [(e["question"], e["right"], e["diagnoses"]) for e in entries()]
[('p2.1', False, ['max-at-every-level'])]
>>> clear(), entries()
(1, [])
>>> import shutil; shutil.rmtree(folder)
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import time as clock
from pathlib import Path

__all__ = ["where", "recording", "stop", "start", "append", "entries", "clear", "answer",
           "level", "answers", "levels", "is_answer", "FOLDER_ENV", "SWITCH_ENV",
           "GRADING_ENV", "FILE_NAME"]

#: A folder for the logbook instead of the Jupyter data folder (tests use it).
FOLDER_ENV = "MINIMAX_LESSONS_PROGRESS_DIR"
#: ``off`` (or 0, no, false) turns recording off.
SWITCH_ENV = "MINIMAX_LESSONS_PROGRESS"
#: Set by the instructor's grader in every graded notebook's kernel (see
#: :mod:`minimax_lessons.exercises.check`): such a run neither writes nor reads the logbook.
GRADING_ENV = "MINIMAX_LESSONS_RECORD"
FILE_NAME = "progress.jsonl"
LOCK_NAME = "progress.lock"
#: Seconds the lock is waited for before an entry is given up (or read without it).
LOCK_WAIT = 2.0
#: In the browser (JupyterLite's Pyodide kernel) the logbook lives in JupyterLite's drive,
#: which the browser keeps (its storage for the site) across reloads and restarts.
IN_BROWSER = sys.platform == "emscripten"
BROWSER_FOLDER = "/drive/.minimax-lessons"
OFF_WORDS = {"off", "0", "no", "false"}

_stopped = False   # stop() was called in this kernel
_said = set()      # the lines already said on stderr (each once per kernel)


# -- where, and whether ------------------------------------------------------------------------

def where() -> Path:
    """The logbook file (it may not exist yet)."""
    folder = os.environ.get(FOLDER_ENV)
    if not folder and IN_BROWSER:
        folder = BROWSER_FOLDER
    if not folder:
        from jupyter_core.paths import jupyter_data_dir

        folder = os.path.join(jupyter_data_dir(), "minimax-lessons")
    return Path(folder) / FILE_NAME


def grading() -> bool:
    """Whether the instructor's grader runs this kernel (no logbook at all then)."""
    return bool(os.environ.get(GRADING_ENV))


def recording() -> bool:
    """Whether an answer checked now is written down."""
    switch = os.environ.get(SWITCH_ENV, "").strip().lower()
    return not (_stopped or switch in OFF_WORDS or grading())


def stop():
    """Write nothing more in this kernel (``MINIMAX_LESSONS_PROGRESS=off`` does it for all)."""
    global _stopped
    _stopped = True
    return "Recording stopped in this kernel; progress() still shows what is recorded."


def start():
    """Write answers down again in this kernel, after :func:`stop`."""
    global _stopped
    _stopped = False
    return ("Recording." if recording() else
            f"Still not recording: {SWITCH_ENV} is {os.environ.get(SWITCH_ENV)!r} or the "
            "grader runs this notebook.")


# -- entries -------------------------------------------------------------------------------------

def answer(question, seed, right, diagnoses=(), *, kind="", time=None, **extra) -> dict:
    """An answer entry (``seed`` kept as a number or text, ``diagnoses`` as a list of ids).

    >>> sorted(answer("q2.1", "alice", True, kind="value", time=5.0).items())[:4]
    [('diagnoses', []), ('kind', 'value'), ('question', 'q2.1'), ('right', True)]
    """
    if seed is not None and not isinstance(seed, (int, str)) or isinstance(seed, bool):
        seed = str(seed)
    return {"time": clock.time() if time is None else float(time), "question": str(question),
            "seed": seed, "right": bool(right), "diagnoses": [str(d) for d in diagnoses],
            "kind": str(kind), **extra}


def level(practice, number, *, time=None, **extra) -> dict:
    """A level entry: practice of kind ``practice`` got to level ``number``."""
    return {"time": clock.time() if time is None else float(time), "practice": str(practice),
            "level": int(number), **extra}


def is_answer(entry) -> bool:
    return "question" in entry


def answers(found=None) -> list:
    """The answer entries, oldest first (of ``found``, else of the logbook)."""
    return [e for e in (entries() if found is None else found) if is_answer(e)]


def levels(found=None) -> dict:
    """Practice kind -> the level it last got to (of ``found``, else of the logbook)."""
    return {e["practice"]: e["level"] for e in (entries() if found is None else found)
            if "practice" in e}


def _is_entry(entry) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("time"), (int, float)):
        return False
    if "question" in entry:
        return (isinstance(entry["question"], str) and isinstance(entry.get("right"), bool)
                and isinstance(entry.get("diagnoses", []), list))
    return isinstance(entry.get("practice"), str) and isinstance(entry.get("level"), int)


# -- the file ----------------------------------------------------------------------------------

def append(entry: dict) -> bool:
    """Write ``entry`` as one line (when recording); True when it was written. Never raises."""
    if not recording():
        return False
    try:
        line = json.dumps(entry, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        _say(f"minimax-lessons: an answer could not be recorded ({exc}).")
        return False
    path = where()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(path):
            with _regular(path, "a") as out:
                out.write(line + "\n")
        return True
    except OSError as exc:
        _say(f"minimax-lessons: your progress could not be recorded in {path} ({exc}); "
             f"set {SWITCH_ENV}=off to stop trying.")
        return False


def entries() -> list:
    """Every entry of the logbook, oldest first ([] in a graded run). Never raises.

    An unreadable file is kept aside and a new one started with what could be read.
    """
    if grading():
        return []
    path = where()
    if not path.parent.is_dir():
        return []
    try:
        with _locked(path):
            try:
                with _regular(path, "rb") as f:
                    raw = f.read()
            except FileNotFoundError:
                return []
            except OSError as exc:  # a folder in its place, no permission to read, ...
                _keep_aside(path, [], f"it could not be read ({exc})")
                return []
            found, bad = _parse(raw)
            if bad:
                _keep_aside(path, found, f"{bad} of its lines could not be read")
            return found
    except OSError as exc:  # the lock itself: a folder that cannot be written
        _say(f"minimax-lessons: your progress in {path} could not be read ({exc}).")
        return []


def clear() -> int:
    """Delete the logbook, and the unreadable files kept aside beside it; the number of
    entries it held."""
    path = where()
    count = len(entries())
    try:
        with _locked(path):
            path.unlink(missing_ok=True)
            for aside in path.parent.glob("progress-unreadable-*.jsonl"):
                aside.unlink(missing_ok=True)
    except OSError as exc:
        _say(f"minimax-lessons: {path} could not be deleted ({exc}).")
        return 0
    return count


def _parse(raw: bytes):
    """(entries, number of lines that are not entries) of the file's bytes."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
    found, bad = [], 0
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            entry = None
        if _is_entry(entry):
            found.append(_ids_apart(entry))
        else:
            bad += 1
    return found, bad


def _ids_apart(entry) -> dict:
    """``entry`` with its mistake ids one to an item: a logbook written before verdicts
    named several mistakes as a tuple holds two ids in one text, ``"a or b"``, read here as
    ``["a", "b"]`` (the one place that knows that older form).

    >>> _ids_apart({"diagnoses": ["max-at-every-level or players-swapped", "players-swapped"]})
    {'diagnoses': ['max-at-every-level', 'players-swapped']}
    """
    named = entry.get("diagnoses")
    if named and any(isinstance(d, str) and " or " in d for d in named):
        ids = []
        for text in named:
            for vid in text.split(" or ") if isinstance(text, str) else [text]:
                if vid not in ids:
                    ids.append(vid)
        entry = {**entry, "diagnoses": ids}
    return entry


def _keep_aside(path, found, why):
    """Rename the unreadable file and start a new one with ``found`` (the lock is held)."""
    stamp = clock.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"progress-unreadable-{stamp}.jsonl")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"progress-unreadable-{stamp}-{n}.jsonl")
    try:
        os.replace(path, aside)
        with _regular(path, "w") as out:
            out.writelines(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
                           for e in found)
    except OSError as exc:
        _say(f"minimax-lessons: your progress file {path} is unreadable ({why}) and could "
             f"not be kept aside ({exc}).")
        return
    _say(f"minimax-lessons: your progress file was unreadable ({why}); it is kept as "
         f"{aside}, and a new one started with the {len(found)} entries that could be read.")


def _regular(path, mode):
    """``path`` opened as a regular file (``mode`` "a", "w" or "rb"), never through a
    symbolic link and without waiting for a writer; OSError for anything else."""
    flags = {"a": os.O_WRONLY | os.O_CREAT | os.O_APPEND, "w": os.O_WRONLY | os.O_CREAT |
             os.O_TRUNC, "rb": os.O_RDONLY}[mode]
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | \
        getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if getattr(os, "O_NONBLOCK", 0) and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return open(fd, mode, **({} if "b" in mode else {"encoding": "utf-8"}))


@contextlib.contextmanager
def _locked(path, wait=None):
    """Hold the lock beside ``path`` (an exclusive ``flock``; none where there is no fcntl,
    as in the browser), waited for :data:`LOCK_WAIT` seconds at most: then OSError."""
    try:
        if IN_BROWSER:  # no file locks there; one kernel per tab writes one entry at a time
            raise ImportError
        import fcntl
    except ImportError:  # Windows, Pyodide: one write per entry in append mode, no lock
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    deadline = clock.monotonic() + (LOCK_WAIT if wait is None else wait)
    with _regular(path.with_name(LOCK_NAME), "a") as lock:
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if clock.monotonic() >= deadline:
                    raise OSError(errno.EAGAIN, "another process holds the logbook's lock "
                                                f"(more than {LOCK_WAIT:g} s)") from None
                clock.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _say(line):
    """One clear line on stderr, once per kernel (never an exception in a lesson cell)."""
    if line not in _said:
        _said.add(line)
        print(line, file=sys.stderr)
