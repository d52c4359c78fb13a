"""What the instructor's tools share: file names, safe writes, and child Pythons that answer.

The grader and the tournament never run a student's notebook in their own process. Each
starts a *child*: a fresh Python with the *job* on its stdin, which runs the notebook and
answers on its stdout. This module holds both ends of that exchange, and the small things
the grader, the roster, the exports and the standings all need.

Vocabulary:

- *safe name*: a student id turned into a file name (:func:`safe_name`); distinct ids
  give distinct names.
- *readable name*: a file name a person reads, in any script (:func:`readable_name`):
  ``李伟`` and ``émile-dupont`` stay as they are; only characters no file system takes
  (``/``, ``:``, control characters, ...) are replaced, and then a short hash keeps
  distinct ids distinct.
- *atomic write*: readers of the file see the old or the new text, never half of it
  (:func:`write_atomic`).
- *neutral cell*: a CSV cell a spreadsheet cannot take for a formula, whether it splits
  cells at ``,`` or at ``;``: text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return, at the start of the cell or after a ``,`` or ``;`` in it, gets a ``'``
  before it (numbers such as ``-2`` stay numbers), and a cell that holds a ``,`` or ``;``
  is written in quotes; the package's own readers take the ``'`` off again
  (:func:`csv_text`, :func:`read_csv`).
- *student environment*: the grader's environment variables less the ones a student's
  code has no business reading, such as tokens and passwords (:func:`student_environment`).
- *child*: a Python process started by :func:`run_child` in a session (process group) of
  its own, so that :func:`kill_session` ends it and everything it started outside a jail.
- *token*: a random string :func:`run_child` adds to the job; the child's answer must
  carry it, so output that student code writes can never pass for the answer.
- *subreaper*: a Linux process that inherits the orphans of its descendants; a child is
  one, so :func:`kill_descendants` finds every process its student started.
- *stopping*: :func:`stop_children` ends every child :func:`run_child` is running (SIGTERM
  to its session, SIGKILL a moment later) and lets no new one start, until
  :func:`allow_children`; the grader calls it on the first Ctrl-C.

>>> safe_name("alice"), safe_name("a b") != safe_name("a_b")
('alice', True)
>>> print(csv_text(["student", "points"], [{"student": "=cmd|' /C calc'!A0", "points": "-2"}]))
student,points
'=cmd|' /C calc'!A0,-2
<BLANKLINE>
>>> child = ("from minimax_lessons.instructor.common import take_job; "
...          "job, reply = take_job(); print('printed, not an answer'); "
...          "reply.send({'said': job['say']})")
>>> run = run_child(child, {"say": "hi"}, timeout=60)
>>> run.answer["said"], run.timed_out
('hi', False)
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import pickle
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .._process import TailPipe, children, with_package_path


# -- file names and files --------------------------------------------------------------------
#: How a cell starts when a spreadsheet would read it as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def _formula_like(text: str) -> bool:
    """Does ``text``, past any leading quotes, start like a formula (and is no number)?"""
    bare = text.lstrip("'")
    return bare.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(bare)


#: Where a spreadsheet may split a line into cells (by locale: "," or ";").
_SEPARATORS = re.compile(r"([,;])")


def neutral_cell(value) -> str:
    """``value`` as CSV text no spreadsheet runs as a formula (numbers stay numbers),
    whichever separator it splits at.

    >>> neutral_cell("=1+1"), neutral_cell("-3.5"), neutral_cell("@SUM(A1)"), neutral_cell(7)
    ("'=1+1", '-3.5', "'@SUM(A1)", '7')
    >>> neutral_cell("x;=1+1"), neutral_cell("1,-2"), neutral_cell("a, b")
    ("x;'=1+1", '1,-2', 'a, b')
    """
    text = "" if value is None else str(value)
    parts = _SEPARATORS.split(text)
    for i in range(0, len(parts), 2):
        if _formula_like(parts[i]):
            parts[i] = "'" + parts[i]
    return "".join(parts)


def plain_cell(text: str) -> str:
    """The text :func:`neutral_cell` was given (one ``'`` taken off where it put one).

    >>> plain_cell("'=1+1"), plain_cell("''=1"), plain_cell("'quoted"), plain_cell("-3")
    ('=1+1', "'=1", "'quoted", '-3')
    >>> plain_cell("x;'=1+1")
    'x;=1+1'
    """
    parts = _SEPARATORS.split(text)
    for i in range(0, len(parts), 2):
        if parts[i].startswith("'") and _formula_like(parts[i]):
            parts[i] = parts[i][1:]
    return "".join(parts)


#: A cell holding any of these is written in quotes (a separator of either kind, a quote,
#: a line end: a lone carriage return ends a row for many readers).
_QUOTED = re.compile(r'[,;"\r\n]')


def csv_text(fields, rows) -> str:
    """CSV text with a header: ``rows`` are dicts (keys beyond ``fields`` ignored) or
    sequences in the order of ``fields``; every cell neutral (:func:`neutral_cell`), and
    in quotes when it holds a ``,`` or ``;`` (so that it stays one cell for a spreadsheet
    that splits at either), a quote or a line end."""
    lines = []
    for row in [fields, *rows]:
        cells = [row.get(f, "") for f in fields] if isinstance(row, dict) else list(row)
        cells = [neutral_cell(c) for c in cells]
        lines.append(",".join('"' + c.replace('"', '""') + '"' if _QUOTED.search(c) else c
                              for c in cells) + "\n")
    return "".join(lines)


def read_csv(path) -> list:
    """The rows of a CSV file the package wrote, as dicts of plain text (:func:`plain_cell`)."""
    with open(path, newline="", encoding="utf-8") as f:
        return [{plain_cell(k): plain_cell(v or "") for k, v in row.items() if k is not None}
                for row in csv.DictReader(f)]


def safe_name(text: str) -> str:
    """A student id usable as a file name (distinct ids give distinct names).

    >>> safe_name("zoë")
    'zo-2752b8'
    """
    name = re.sub(r"[^A-Za-z0-9._@-]+", "_", text).strip("._") or "student"
    if name != text:
        name += "-" + hashlib.sha256(text.encode()).hexdigest()[:6]
    return name


#: Characters no file name may hold on Linux, macOS or Windows (and the path separators).
_UNSAFE_IN_NAMES = re.compile(r'[/\\:*?"<>|]')
#: Names Windows keeps for devices, whatever the extension.
_DEVICE_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                 *(f"LPT{i}" for i in range(1, 10))}


def readable_name(text: str, limit: int = 80) -> str:
    """A file name that keeps ``text`` readable in any script (no extension added).

    The text in Unicode's composed form (NFC), with each character no file system takes
    (``/ \\ : * ? " < > |``, control and invisible formatting characters such as a
    right-to-left override) replaced by ``_``, no leading or trailing dots or spaces,
    at most ``limit`` characters. When anything had to change, a short hash of the
    original is added, so distinct ids still give distinct names.

    >>> readable_name("李伟"), readable_name("émile-dupont"), readable_name("Jane Doe")
    ('李伟', 'émile-dupont', 'Jane Doe')
    >>> readable_name("a/b") != readable_name("a:b"), readable_name("a/b").startswith("a_b-")
    (True, True)
    """
    text = str(text)
    name = unicodedata.normalize("NFC", text)
    name = "".join("_" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c
                   for c in _UNSAFE_IN_NAMES.sub("_", name))
    name = name.strip(" .")[:limit].strip(" .")
    if not name or name.split(".")[0].upper() in _DEVICE_NAMES:
        name = "_" + name
    if name != text:
        name += "-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]
    return name


def write_atomic(path: Path, text: str, mode: int | None = None):
    """Write a file so that readers see the old or the new content, never half of it;
    ``mode`` (e.g. 0o600): its permissions from the start (none of its bytes is ever
    readable with others)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags, 0o666 if mode is None else mode)
    if mode is not None:
        os.chmod(tmp, mode)  # whatever the umask, or a file left there by a crash
    with open(fd, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


# -- host paths, out of what students see ---------------------------------------------------------
@dataclass(frozen=True)
class HostPaths:
    """The grader's own folders, taken out of every text a student receives.

    A path in the submissions folder is written relative to it (``alice/03.ipynb``); a
    student's working folder (``nb-*/work``) is dropped (``data.csv``); a path in any of
    ``others`` (the output and the key's folders, the grader's temporary folders, the home
    folder, the course and Python's folders) keeps only what follows it, after ``…``.

    >>> places = HostPaths("/srv/subs", ("/home/prof",))
    >>> places.scrub("No such file: '/srv/subs/alice/03.ipynb' nor '/home/prof/key.json'")
    "No such file: 'alice/03.ipynb' nor '…/key.json'"
    """

    submissions: str | None = None
    others: tuple = ()

    @classmethod
    def of_grader(cls, submissions=None, *folders) -> "HostPaths":
        """The submissions folder, ``folders`` and the grader's own: home, temporary
        folders, the course checkout and Python's."""
        from .._process import PACKAGE_ROOT

        places = [*folders, tempfile.gettempdir(), os.path.expanduser("~"), str(PACKAGE_ROOT),
                  sys.prefix, sys.base_prefix, sys.exec_prefix]
        places = [str(p) if not os.path.isfile(p) else os.path.dirname(str(p))  # a key's folder
                  for p in places if p]
        return cls(str(submissions) if submissions else None, tuple(places))

    @property
    def _pattern(self):
        roots = {}
        for place in self.others:
            for form in {os.path.abspath(place), os.path.realpath(place)}:
                if len(form) > 1:
                    roots[form] = "…"
        if self.submissions:
            for form in {os.path.abspath(self.submissions), os.path.realpath(self.submissions)}:
                roots[form] = ""
        if not roots:
            return None, roots
        anyone = "|".join(map(re.escape, sorted(roots, key=len, reverse=True)))
        end = r"(?:/|(?=[^\w.-]|\.(?!\w))|$)"
        part = r"[^\s'\"/]+"
        return re.compile(rf"(?P<work>(?:{anyone})(?:/{part})*?/nb-{part}/(?:work|seed|channel)"
                          rf"){end}|(?P<root>{anyone}){end}"), roots

    def scrub(self, text):
        """``text`` without the grader's paths (anything not a string is left as it is)."""
        pattern, roots = self._pattern
        if not isinstance(text, str) or pattern is None:
            return text

        def replace(match):
            if match.group("work"):
                return ""
            slash = match.group(0)[len(match.group("root")):]
            label = roots[match.group("root")]
            return label + slash if label else ("" if slash else ".")

        return pattern.sub(replace, text)


# -- the environment a student's code sees -------------------------------------------------------
#: Environment variables a student's grading process keeps: where programs, Python and
#: Jupyter are, and the locale. Everything else (tokens, passwords, cloud credentials in
#: your shell) stays out of reach of student code, which could print it into its feedback.
KEPT_ENVIRONMENT = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR",
                    "TEMP", "TMP", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "CONDA_PREFIX",
                    "CONDA_DEFAULT_ENV", "IPYTHONDIR", "MPLCONFIGDIR", "SYSTEMROOT", "COMSPEC",
                    "PATHEXT", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
KEPT_PREFIXES = ("LC_", "JUPYTER", "MINIMAX_LESSONS_")


def student_environment(environ=None) -> dict:
    """The grader's environment, less anything a student's code has no business reading.

    >>> sorted(student_environment({"PATH": "/bin", "AWS_SECRET_ACCESS_KEY": "x",
    ...                             "LC_ALL": "C.UTF-8"}))
    ['LC_ALL', 'PATH']
    """
    environ = os.environ if environ is None else environ
    return {k: v for k, v in environ.items()
            if k in KEPT_ENVIRONMENT or k.startswith(KEPT_PREFIXES)}


# -- the parent's end: start a child, read back its answer ----------------------------------------
@dataclass
class ChildRun:
    """What a child gave back: its answer (only when it carried the token), else why not."""

    answer: dict | None
    timed_out: bool = False
    exit_code: int | None = None
    last_error: str | None = None  # its last line on stderr, when it exited with code 1
    stopped: bool = False  # ended by :func:`stop_children` (or never started after it)


#: The children :func:`run_child` is running (pid -> Popen), for :func:`stop_children`.
_RUNNING = {}
_RUNNING_LOCK = threading.Lock()
_STOPPING = threading.Event()
#: Seconds a child has to end after SIGTERM before it is killed.
STOP_GRACE = 2.0


def stop_children(grace: float = STOP_GRACE):
    """End every running child: SIGTERM to its session now, SIGKILL after ``grace`` s.

    No child starts after this (:func:`run_child` answers ``stopped``) until
    :func:`allow_children`. Safe to call from a signal handler.
    """
    _STOPPING.set()
    with _RUNNING_LOCK:
        running = list(_RUNNING.values())
    for proc in running:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except OSError:
            pass
    if running:
        timer = threading.Timer(grace, lambda: [kill_session(p) for p in running])
        timer.daemon = True
        timer.start()


def allow_children():
    """Let :func:`run_child` start children again after :func:`stop_children`."""
    _STOPPING.clear()


def run_child(code: str, job: dict, *, timeout: float) -> ChildRun:
    """Run ``python -c code`` with ``job`` (plus a fresh token) on stdin; its :class:`ChildRun`.

    The child runs in the student environment with the package importable, in a session
    of its own that is killed when it answers, fails or takes longer than ``timeout``
    seconds. ``code`` is usually :func:`~minimax_lessons._process.launch` of a function
    that starts with :func:`take_job` and ends with :meth:`Reply.send`.
    """
    token = secrets.token_hex(16)
    env = with_package_path(student_environment())
    errors = TailPipe()  # a pipe that keeps its tail: what the child writes fills no disk
    try:
        with _RUNNING_LOCK:
            if _STOPPING.is_set():
                return ChildRun(None, stopped=True)
            try:
                proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=errors.write_fd,
                                        env=env, start_new_session=True)
            finally:
                errors.started()
            _RUNNING[proc.pid] = proc
        try:
            out, _ = proc.communicate(pickle.dumps({**job, "token": token}), timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_session(proc)
            proc.communicate()
            return ChildRun(None, timed_out=True, exit_code=proc.returncode)
        finally:
            kill_session(proc)
            with _RUNNING_LOCK:
                _RUNNING.pop(proc.pid, None)
        if _STOPPING.is_set():
            return ChildRun(None, exit_code=proc.returncode, stopped=True)
        try:
            answer = json.loads(out.decode("utf-8"))
        except ValueError:
            answer = None
        if isinstance(answer, dict) and answer.get("token") == token:
            return ChildRun(answer, exit_code=proc.returncode)
        errors.close(wait=1.0)
        tail = errors.text()[-300:].strip().splitlines()
        return ChildRun(None, exit_code=proc.returncode,
                        last_error=tail[-1] if tail and proc.returncode == 1 else None)
    finally:
        errors.close(wait=0)


def kill_session(proc):
    """Kill the session (process group) that ``proc`` leads, if it still runs."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


# -- the child's end: take the job, answer once ----------------------------------------------------
PR_SET_CHILD_SUBREAPER = 36
PR_SET_DUMPABLE = 4


def prctl(option, value):
    """Linux's ``prctl(option, value)`` for this process; nothing elsewhere."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


@dataclass(frozen=True)
class Reply:
    """Where a child answers its parent: a private copy of its stdout, and the job's token."""

    fd: int
    token: str

    def send(self, answer: dict):
        """Write the answer (with the token) for :func:`run_child`; once, at the end."""
        with os.fdopen(self.fd, "w", encoding="utf-8") as out:
            out.write(json.dumps({"token": self.token, **answer}))


def take_job() -> tuple[dict, Reply]:
    """In a child: the job :func:`run_child` sent, and the :class:`Reply` to answer with.

    What the child starts (a student's kernel) inherits neither the answer's descriptor
    (``os.dup`` makes it non-inheritable; fd 1 becomes stderr) nor the token; the child
    becomes a subreaper and hides its memory from processes of the same user.
    """
    answer_fd = os.dup(1)
    os.dup2(2, 1)
    prctl(PR_SET_DUMPABLE, 0)
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    job = pickle.loads(sys.stdin.buffer.read())
    token = job.pop("token")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    return job, Reply(answer_fd, token)


def kill_descendants(rounds=50):
    """Kill every process below this one (orphans come back to a subreaper) and reap them."""
    me = os.getpid()
    for _ in range(rounds):
        pids = children(me)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except (ChildProcessError, OSError):
                pass
        time.sleep(0.02)


__all__ = ["HostPaths", "safe_name", "readable_name", "write_atomic", "stop_children",
           "allow_children", "csv_text", "read_csv", "neutral_cell", "plain_cell",
           "FORMULA_STARTS", "student_environment", "KEPT_ENVIRONMENT",
           "run_child", "ChildRun", "kill_session", "take_job", "Reply", "prctl",
           "kill_descendants", "PR_SET_CHILD_SUBREAPER", "PR_SET_DUMPABLE"]
