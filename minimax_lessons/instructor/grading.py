"""Grade a folder of submitted notebooks against the instructor's key.

For each student, in a fresh process of its own (``python -m
minimax_lessons.instructor.grade_one``, which never sees the key's path): restore the
locked (test) cells from the key, run each notebook in a fresh kernel
(:mod:`.runner`) with ``MINIMAX_LESSONS_RECORD`` set, so every ``check(id,
answer)`` records the answer instead of judging it; then judge the recorded
answers there, with the question bank and the key's options (never trusting
the notebook's own verdicts), function answers in a fresh checker worker that
runs each hidden test in a process of its own. A student's answer to a
question is the one recorded by that question's graded cell (else the last one
recorded). With a roster, the variant judged is the one assigned to the student
(:mod:`.roster`), whatever seed the notebook used.

With bubblewrap, the kernel and the checker run in a jail
(:mod:`.isolation`) that sees only that student's notebook; without it the
grader says so once and runs them with your rights.

Layout of the output folder::

    grades.csv               student, notebook, question, points, max_points, diagnosis, feedback
    totals.csv               student, points, max_points, problems
    feedback/<student>.html  one page per student
    results/<student>.json   what resuming reads (signed with the key's secret; written
                             last, atomically); <student>.started marks a student begun
    executed/<student>/...   the executed notebooks, to look at

The kernels' working folders are fresh temporary folders outside the output
folder, removed afterwards.

A notebook that crashes its kernel, loops, floods its output, is not valid
JSON, or lacks cells costs that student points, never the batch; so does one
that kills its grading process. Re-running skips students whose results exist
for the same key and carry a valid signature (``force=True`` regrades everyone,
``regrade=[...]`` some); a student marked as started but without a result (the
submission killed the whole grader) is recorded as a crash, 0 points, and the
batch goes on. With ``jobs`` above 1 the student that stopped the grader is not
known, so the students that were being graded are graded again first, one at a
time: the one that stops the grader then is recorded as a crash on the next run,
and the others get their grades. A student being graded alone when you stop the
grader (Ctrl-C, a batch system's time limit) looks the same as one that killed it,
so the crash says to ``--regrade`` that student.

``jobs`` grades several students at once (same results as one at a time);
``shard=(i, n)`` grades only the i-th of n deterministic slices of the class.
See ``docs/exercises.md`` for the threat model: what is isolated and what is not.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import importlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

from .._process import launch
from ..exercises.check import add_bank, get_question
from ..runner.codec import Opaque, decode
from ..runner.sandbox import warm_up
from ..exercises.questions import FunctionQuestion
from ..exercises.variants import GENERIC
from .common import HostPaths, csv_text, run_child, safe_name, write_atomic
from .isolation import WORK_SPACE, bwrap_to_use
from .notebook_runner import run_recorded
from .release import ReleaseError, key_digest, load_key, notebooks_in
from .roster import roster_seeds, sign, verify
from .stopping import GradingStopped, StopRequest
from .untrusted import (MAX_DATA_FILE, MAX_NOTEBOOK, MAX_RECORDS, NotAFile, parse_records,
                        read_file)


CSV_FIELDS = ["student", "notebook", "question", "points", "max_points", "diagnosis",
              "feedback", "answer"]


@dataclass
class QuestionGrade:
    student: str
    notebook: str
    question: str
    points: float
    max_points: float
    diagnosis: str | None
    feedback: str
    pictures: list = field(default_factory=list)  # the notebook's pictures: [(png uri, alt)]
    answer: str = ""  # the recorded answer, short (:func:`answer_text`), for the class report


@dataclass
class StudentResult:
    student: str
    grades: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    seconds: float = 0.0
    key: str = ""

    @property
    def points(self) -> float:
        return round(sum(g.points for g in self.grades), 2)

    @property
    def max_points(self) -> float:
        return round(sum(g.max_points for g in self.grades), 2)

    def to_data(self) -> dict:
        return {"student": self.student, "grades": [asdict(g) for g in self.grades],
                "problems": self.problems, "seconds": self.seconds, "key": self.key}

    @classmethod
    def from_data(cls, data) -> "StudentResult":
        return cls(data["student"], [QuestionGrade(**{**g, "pictures": [
                       tuple(p) for p in g.get("pictures", [])]}) for g in data["grades"]],
                   list(data.get("problems", [])), float(data.get("seconds", 0)),
                   data.get("key", ""))


@dataclass
class Options:
    cell_timeout: float = 30
    notebook_timeout: float = 600
    output_limit: int = 100_000
    kernel_name: str = "python3"
    isolation: str = "auto"  # "auto": bubblewrap when it works here; "none": never


# -- finding submissions ---------------------------------------------------------------------
def find_submissions(root, key) -> dict:
    """student -> [(notebook name in the key or None, path)], sorted by student.

    ``root/alice.ipynb`` is Alice's (when the key has one notebook);
    ``root/alice/...`` holds Alice's notebooks at any depth (nbgrader's
    ``submitted/alice/ps1/`` too); a student folder without notebooks is listed
    with none.
    """
    root = Path(root)
    names = list(key["notebooks"])
    found = {}
    for path in notebooks_in(root):
        rel = path.relative_to(root)
        student = rel.parts[0] if len(rel.parts) > 1 else path.stem
        name = path.name if path.name in names else (names[0] if len(names) == 1 else None)
        found.setdefault(student, []).append((name, path))
    for folder in root.iterdir():
        if folder.is_dir() and not folder.name.startswith(".") and folder.name not in found:
            found[folder.name] = []
    return dict(sorted(found.items()))


# -- one student ---------------------------------------------------------------------------------
def grade_student(student, files, key, out, options: Options, *, seed=None, hide=(),
                  bwrap=None, work_root=None, places=None) -> StudentResult:
    """Grade one student in a fresh process of its own; write the executed notebooks.

    Never raises for a bad submission: a grading process that dies (the
    submission killed it) or hangs is a crash, 0 points for that student. No text of
    the result and no output of the executed notebooks names a host path (``places``, a
    :class:`~.common.HostPaths`; by default the folders in ``hide`` and the grader's own).
    """
    start = time.monotonic()
    own_root = work_root is None
    work_root = work_root or tempfile.mkdtemp(prefix="mml-grading-", dir=short_temp())
    places = places or HostPaths.of_grader(None, *hide, work_root)
    payload = {"student": student, "files": [(n, str(p)) for n, p in files], "key": key,
               "options": asdict(options), "seed": seed, "hide": list(hide), "bwrap": bwrap,
               "work_root": str(work_root)}
    try:
        answer, why = _run_one(payload, options, len(key["notebooks"]))
    finally:
        if own_root:
            shutil.rmtree(work_root, ignore_errors=True)
    if answer is None:
        result = StudentResult(student, key=key_digest(key))
        result.problems.append(f"grading stopped: {why}")
        for name, part in key["notebooks"].items():
            result.grades += _zero(student, name, part, "crashed the grader: " + why)
        result.seconds = round(time.monotonic() - start, 2)
        return without_host_paths(result, places)
    result = StudentResult.from_data(answer["result"])
    for name, text in answer.get("executed", {}).items():
        executed = Path(out) / "executed" / safe_name(student) / name
        executed.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(executed, outputs_without_host_paths(text, places))
    return without_host_paths(result, places)


def without_host_paths(result: StudentResult, places) -> StudentResult:
    """``result`` with no host path in its problems or feedback (:class:`~.common.HostPaths`)."""
    result.problems = [places.scrub(p) for p in result.problems]
    for g in result.grades:
        g.feedback = places.scrub(g.feedback)
    return result


def outputs_without_host_paths(text: str, places) -> str:
    """An executed notebook (JSON text) whose outputs name no host path."""
    try:
        nb = nbformat.reads(text, as_version=4)
    except Exception:  # the grader wrote it: never expected, never fatal
        return places.scrub(text)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            for key in ("text", "evalue"):
                if key in output:
                    output[key] = places.scrub(output[key])
            if "traceback" in output:
                output["traceback"] = [places.scrub(line) for line in output["traceback"]]
            for mime, value in output.get("data", {}).items():
                if mime.startswith("text/") and isinstance(value, str):
                    output["data"][mime] = places.scrub(value)
    return nbformat.writes(nb)


#: ``python -m minimax_lessons.instructor.grade_one``, less one slow import: nbformat checks
#: notebooks with jsonschema, which on import builds some forty grammars for one optional
#: string format (the rfc3987_syntax package), about 3 s per student on a slow machine,
#: for a check the grader never makes; without the package jsonschema skips that format.
_LAUNCH_ONE = launch("minimax_lessons.instructor.grade_one")


def _run_one(payload, options, notebooks):
    """Run ``python -m minimax_lessons.instructor.grade_one``; (its answer, None) or (None, why)."""
    limit = options.notebook_timeout * max(1, notebooks) + 120
    run = run_child(_LAUNCH_ONE, payload, timeout=limit)
    if run.timed_out:
        return None, f"the grading process did not finish within {limit:g} s"
    if run.answer is None:
        why = (f"the grading process was killed (exit code {run.exit_code}); the "
               "submission may have ended it")
        return None, why + (f" ({run.last_error})" if run.last_error is not None else "")
    return run.answer, None


def grade_here(student, files, key, options: Options, *, work_root, seed=None, jail=None):
    """Grade one student in this process: (:class:`StudentResult`, executed notebooks).

    ``jail(folder, **options)`` gives the :class:`~.isolation.Jail` for a working folder
    (options: ``seed``, ``channel``, ``package``), or None.
    """
    start = time.monotonic()
    result = StudentResult(student, key=key_digest(key))
    submitted, executed = {}, {}
    for name, path in files:
        path = Path(path)
        if name is None:
            result.problems.append(f"{path.name}: not a notebook of this assignment "
                                   f"(expected {', '.join(key['notebooks'])})")
        elif name in submitted:
            result.problems.append(f"{path}: a second copy of {name}; only {submitted[name]} "
                                   "was graded")
        else:
            submitted[name] = path
    for name, part in key["notebooks"].items():
        if not part["questions"]:  # nothing to grade (the Connect Four capstone): not run
            continue
        if name not in submitted:
            result.problems.append(f"{name}: not submitted")
            result.grades += _zero(student, name, part, "not submitted")
            continue
        try:
            result.grades += _grade_notebook(student, name, submitted[name], part, options,
                                             result.problems, executed, work_root=work_root,
                                             seed=seed, jail=jail,
                                             mine=[p for _, p in files], salt=hidden_salt(key))
        except Exception as exc:  # a grader bug must not stop the batch
            result.problems.append(f"{name}: the grader failed ({type(exc).__name__}: {exc})")
            result.grades += _zero(student, name, part, "could not be graded")
    result.seconds = round(time.monotonic() - start, 2)
    return result, executed


def _zero(student, notebook, part, why):
    return [QuestionGrade(student, notebook, qid, 0.0, info["points"], None, why)
            for qid, info in in_order(part["questions"])]


def question_order(qid: str) -> tuple:
    """A sort key that reads the numbers in a question id as numbers: q3.2 before q3.10.

    >>> sorted(["q3.10", "q3.2", "q10.1", "q3.1"], key=question_order)
    ['q3.1', 'q3.2', 'q3.10', 'q10.1']
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", qid) if part)


def in_order(questions: dict) -> list:
    """The (question id, info) pairs of a key's notebook, in question-number order."""
    return sorted(questions.items(), key=lambda pair: question_order(pair[0]))


def _grade_notebook(student, name, path, part, options, problems, executed_out, *,
                    work_root, seed=None, jail=None, mine=(), salt=None):
    try:
        nb = nbformat.reads(read_file(path, MAX_NOTEBOOK).decode("utf-8"), as_version=4)
    except NotAFile as exc:  # a link, a pipe, a device, a folder, too big: refused at once
        problems.append(f"{name}: {exc.strerror}; not graded")
        return _zero(student, name, part, f"the submitted notebook is {exc.strerror}")
    except Exception as exc:
        why = f"could not be read ({type(exc).__name__}: {str(exc)[:200]})"
        problems.append(f"{name}: {why}")
        return _zero(student, name, part, f"the notebook {why}")
    missing = restore_locked_cells(nb, part)
    for grade_id in missing:
        problems.append(f"{name}: the cell {grade_id!r} is missing")
    # the checker's worker (in a jail of its own) warms up while the notebook runs, not at
    # the first function question
    warm_up()
    run, records = run_recorded(nb, work_root, env=os.environ, data=_data_files(path, mine),
                                jail=jail, cell_timeout=options.cell_timeout,
                                notebook_timeout=options.notebook_timeout,
                                output_limit=options.output_limit,
                                kernel_name=options.kernel_name)
    problems.extend(f"{name}: {p}" for p in run.problems)
    problems.extend(f"{name}: {p}" for p in denied_accesses(nb))
    executed_out[name] = nbformat.writes(nb)
    cells = _grade_cells(nb)
    grades = []
    for qid, info in in_order(part["questions"]):
        if info["grade_id"] in missing:
            grades.append(QuestionGrade(student, name, qid, 0.0, info["points"], None,
                                        f"the cell {info['grade_id']!r} was deleted"))
            continue
        index = cells.get(info["grade_id"])
        chosen = choose_record(records, qid, run.windows.get(index))
        graded = judge(student, name, qid, info, chosen, nb, index, run, seed=seed, salt=salt)
        graded.answer = answer_text(chosen)
        grades.append(graded)
    return grades


#: Answers longer than this are shown by a digest (a function's source, a long list).
ANSWER_CHARS = 100


def answer_text(record) -> str:
    """A recorded answer as a short text: its JSON, or a digest of it when long.

    >>> answer_text({"answer": 3}), answer_text(None), answer_text({"answer": "x" * 200})[:7]
    ('3', '', 'sha256:')
    """
    if not record or "answer" not in record:
        return ""
    text = json.dumps(record["answer"], sort_keys=True, ensure_ascii=False)
    if len(text) <= ANSWER_CHARS:
        return text
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


_DENIED = ("PermissionError", "FileNotFoundError", "OSError", "ReadOnlyFileSystemError")


def denied_accesses(nb) -> list:
    """A diagnosis for each cell that failed to reach a file or the network (in a jail),
    or filled the notebook's folder (:data:`~.isolation.WORK_SPACE` in a jail)."""
    found = []
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") != "error" or output.get("ename") not in _DENIED:
                continue
            said = f"({output.get('ename')}: {str(output.get('evalue', ''))[:120]})"
            if "No space left on device" in str(output.get("evalue", "")):
                found.append(f"cell {index + 1} filled the notebook's folder (it holds "
                             f"{WORK_SPACE >> 20} MiB in the grader) and could write no more "
                             f"{said}")
            else:
                found.append(f"cell {index + 1} tried a file or the network outside its folder "
                             f"and was refused {said}")
    return found


def restore_locked_cells(nb, part) -> list:
    """Put the key's source back into locked cells (by grade id); return missing grade ids."""
    seen = set()
    for cell in nb.cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        grade_id = meta.get("grade_id")
        if grade_id in part["cells"] and grade_id not in seen:
            seen.add(grade_id)
            original = part["cells"][grade_id]
            if original["locked"]:
                cell.source = original["source"]
                if cell.cell_type != original["cell_type"]:
                    cell.cell_type = original["cell_type"]
    return [g for g, c in part["cells"].items() if c["questions"] and g not in seen]


def _grade_cells(nb) -> dict:
    out = {}
    for index, cell in enumerate(nb.cells):
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if grade_id and grade_id not in out:
            out[grade_id] = index
    return out


def _data_files(path, mine=()) -> dict:
    """The plain files next to a notebook in a student's own folder (data it may read):
    ``{name: bytes}``.

    Nothing from a folder that holds other students' notebooks too (``SUB/alice.ipynb``
    beside ``SUB/bob.ipynb``), never a symbolic link (it could point at the key or at
    another student's work), a pipe or a device, nor a file over
    :data:`~.untrusted.MAX_DATA_FILE` bytes.
    """
    folder = Path(path).parent
    mine = {Path(p).resolve() for p in mine} | {Path(path).resolve()}
    items = list(folder.iterdir())
    if any(p.suffix == ".ipynb" and p.resolve() not in mine for p in items):
        return {}
    found = {}
    for item in items:
        if item.suffix == ".ipynb":
            continue
        try:
            found[item.name] = read_file(item, MAX_DATA_FILE)
        except NotAFile:
            continue
    return found


def _copy_data_files(path, work, mine=()):
    """Copy the files :func:`_data_files` finds into the folder ``work``."""
    for name, content in _data_files(path, mine).items():
        (Path(work) / name).write_bytes(content)


def read_records(path) -> list:
    """The answers recorded in a file (malformed lines are skipped; never through a link,
    never from a pipe or a device, never more than :data:`~.untrusted.MAX_RECORDS`)."""
    try:
        return parse_records(read_file(path, MAX_RECORDS))
    except NotAFile:
        return []


def choose_record(records, qid, window):
    """The answer that counts: from the question's graded cell if any, else the last one."""
    mine = [r for r in records if r["question"] == qid]
    if window is not None:
        inside = [r for r in mine if isinstance(r.get("time"), (int, float))
                  and window[0] - 0.5 <= r["time"] <= window[1] + 0.5]
        if inside:
            return inside[-1]
    return mine[-1] if mine else None


def hidden_salt(key) -> str | None:
    """What the key's secret adds to the seed of a function question's hidden tests, so
    that no student can work those inputs out beforehand (None for a key without one)."""
    secret = key.get("secret") if isinstance(key, dict) else None
    if not secret:
        return None
    return hmac.new(str(secret).encode(), b"hidden tests", hashlib.sha256).hexdigest()[:16]


def judge(student, notebook, qid, info, record, nb, index, run, *, seed=None,
          salt=None) -> QuestionGrade:
    """Points and feedback for one question (``seed``: the assigned variant, if any;
    ``salt``: :func:`hidden_salt`, for the hidden tests of a function question)."""
    worth = float(info["points"])
    if record is None:
        return QuestionGrade(student, notebook, qid, 0.0, worth, None,
                             "no answer recorded: " + _why_missing(nb, index, run))
    q = get_question(qid)
    if q is None:
        return QuestionGrade(student, notebook, qid, 0.0, worth, None,
                             f"the grader does not know the question {qid!r} (check the key's "
                             "banks)")
    options = info.get("options", {})
    if seed is None:
        seed = {"recorded": record.get("seed", 0), "student": student}.get(
            options.get("seed", "recorded"), options.get("seed"))
    try:
        answer = decode(record.get("answer"))
        if isinstance(answer, Opaque) and answer.type == "ellipsis":
            return QuestionGrade(student, notebook, qid, 0.0, worth, "not-answered",
                                 "not answered")
        if isinstance(q, FunctionQuestion):
            feedback = q.check(answer, seed, hidden=bool(options.get("hidden", False)),
                               salt=salt)
        else:
            feedback = q.check(answer, seed)
    except Exception as exc:
        return QuestionGrade(student, notebook, qid, 0.0, worth, "bad-answer",
                             f"the recorded answer could not be judged ({type(exc).__name__})")
    text = feedback.message
    if feedback.diagnosis not in (None, *GENERIC) and feedback.explanation not in text:
        text += " " + feedback.explanation
    points = round(worth * feedback.points_fraction, 2)
    return QuestionGrade(student, notebook, qid, points, worth, feedback.diagnosis, text,
                         diagnosis_pictures(feedback))


_PNG_IMG = re.compile(r"<img\b[^>]*>")
_SRC = re.compile(r'\bsrc="(data:image/png;base64,[A-Za-z0-9+/=]+)"')
_ALT = re.compile(r'\balt="([^"]*)"')


def diagnosis_pictures(feedback) -> list:
    """The PNG pictures the notebook shows with ``feedback``: ``[(data URI, alt text)]``.

    Taken from the feedback's own HTML, so the grader's page shows what the notebook
    does (nothing for hidden tests, which never show an input).
    """
    try:
        page = feedback._repr_html_() or ""
    except Exception:  # a picture is a nicety: never let it cost the grade
        return []
    found = []
    for tag in _PNG_IMG.findall(page):
        src, alt = _SRC.search(tag), _ALT.search(tag)
        if src:
            found.append((src.group(1), html.unescape(alt.group(1)) if alt else ""))
    return found


def _why_missing(nb, index, run) -> str:
    if index is None:
        return "the graded cell was not found"
    if index not in run.windows:
        return "the notebook stopped before the graded cell ran"
    for output in nb.cells[index].get("outputs", []):
        if output.get("output_type") == "error":
            return f"the graded cell raised {output.get('ename')}: {output.get('evalue', '')}"[:300]
    return "the graded cell did not call check"


# -- the batch -----------------------------------------------------------------------------------
class Progress:
    """A text progress bar on stderr (one line per student when not a terminal)."""

    def __init__(self, total, stream=None, enabled=True):
        self.total, self.done = total, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def step(self, label):
        self.done += 1
        if not self.enabled:
            return
        width = 24
        filled = int(width * self.done / max(self.total, 1))
        line = f"grading [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}  {label}"
        if self.tty:
            self.stream.write("\r" + line[:150].ljust(150))
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def grade(submissions, key, out=None, *, force=False, progress=True, stream=None, jobs=1,
          shard=None, roster=None, regrade=(), **options) -> list:
    """Grade every student in ``submissions``; returns their :class:`StudentResult`.

    ``jobs``: students graded at once; ``shard=(i, n)``: only slice i of n (1-based);
    ``roster``: a CSV of student ids (or a list) whose assigned variants are judged;
    ``force``: grade everyone again; ``regrade``: these students again (e.g. one
    recorded as a crash because the grader was stopped while it ran). The first Ctrl-C
    or SIGTERM stops the batch at once (:mod:`.stopping`):
    :class:`~.stopping.GradingStopped` says how to resume. The late policy and manual
    adjustments come after, in :func:`~.final.grade_and_finish`.
    """
    submissions = Path(submissions)
    if not submissions.is_dir():
        raise ReleaseError(f"the submissions folder {submissions} does not exist (expected "
                           "SUB/<student>.ipynb or SUB/<student>/...ipynb)")
    key_path = None if isinstance(key, dict) else Path(key)
    key_data = load_key(key) if key_path is not None else key
    for bank in key_data.get("banks", []):
        add_bank(bank)
        importlib.import_module(bank)
    out = Path(out) if out else submissions.parent / f"{submissions.name}-graded"
    for sub in ("results", "feedback", "executed"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    opts = Options(**options)
    students = find_submissions(submissions, key_data)
    seeds = roster_seeds(key_data, roster) if roster is not None else None
    if seeds is not None:
        for sid in seeds:
            students.setdefault(sid, [])
        students = dict(sorted(students.items()))
    if shard is not None:
        students = {s: f for s, f in students.items() if in_shard(s, shard)}
    stream = stream or sys.stderr
    bwrap = bwrap_to_use(opts.isolation, stream)
    hide = [str(p) for p in (key_path, submissions, out) if p is not None]
    digest = key_digest(key_data)
    bar = Progress(len(students), stream, progress)
    lock = threading.Lock()
    results = {}
    todo, suspects = [], []
    workers = max(1, int(jobs or 1))
    unknown = sorted(set(regrade) - set(students))
    if unknown:
        raise ReleaseError(f"regrade: no submission from {', '.join(map(repr, unknown))}"
                           + (" in this shard" if shard is not None else ""))
    for student, files in students.items():
        saved = out / "results" / f"{safe_name(student)}.json"
        started = saved.with_suffix(".started")
        again = force or student in regrade
        previous, why = _load_result(saved, key_data)
        if previous is not None and previous.key == digest and not again:
            results[student] = previous
            bar.step(f"{student}: already graded ({previous.points:g}/{previous.max_points:g})")
        elif started.exists() and not again and why is None and not _was_alone(started):
            # it ran beside others when the grader stopped: graded again first, alone
            suspects.append((student, files))
        elif started.exists() and not again and why is None:
            result = _crashed(student, key_data, "the whole grader stopped while this "
                              "submission ran (it may have killed it); recorded as a crash "
                              f"(--regrade {student} grades it again)")
            _store(out, result, key_data)
            results[student] = result
            bar.step(f"{student}: crashed the grader earlier, 0/{result.max_points:g}")
        else:
            if why is not None:
                print(f"{student}: {why}; graded again", file=stream)
            todo.append((student, files))
    work_root = tempfile.mkdtemp(prefix="mml-grading-", dir=short_temp())
    places = HostPaths.of_grader(submissions, *hide, work_root)
    stop = StopRequest()

    def one(student, files, alone):
        if stop.requested:
            return
        saved = out / "results" / f"{safe_name(student)}.json"
        write_atomic(saved.with_suffix(".started"), ALONE if alone else BESIDE_OTHERS)
        if seeds is not None and student not in seeds:
            result = StudentResult(student, key=digest, problems=[
                "not on the roster: not graded"])
            for name, part in key_data["notebooks"].items():
                result.grades += _zero(student, name, part, "not on the roster")
        else:
            result = grade_student(student, files, key_data, out, opts, hide=hide, bwrap=bwrap,
                                   seed=seeds.get(student) if seeds else None,
                                   work_root=work_root, places=places)
        if stop.requested:  # stopped by us, not by the submission: graded on the next run
            saved.with_suffix(".started").unlink(missing_ok=True)
            return
        with lock:
            _store(out, result, key_data)
            results[student] = result
            write_tables(out, results.values())
            bar.step(f"{student}: {result.points:g}/{result.max_points:g} "
                     f"({result.seconds:.1f} s)")

    try:
        with stop:
            for student, files in suspects:
                one(student, files, True)
            with ThreadPoolExecutor(max_workers=workers) as pool:
                for future in [pool.submit(one, s, f, workers == 1) for s, f in todo]:
                    future.result()
    finally:
        shutil.rmtree(work_root, ignore_errors=True)
    ordered = [results[s] for s in sorted(results)]
    write_tables(out, ordered)
    if stop.requested:
        raise GradingStopped(stop.signal, graded=len(results), total=len(students))
    copies = copied_from_course(ordered)
    if copies:
        print(f"answers copied from the course (no points; see their feedback): "
              f"{'; '.join(copies)}", file=stream)
    return ordered


def copied_from_course(results) -> list:
    """``"student question"`` for each graded answer that is code the course ships
    (diagnosis ``copied-from-course``), for the instructor's report."""
    return [f"{r.student} {g.question}" for r in results for g in r.grades
            if g.diagnosis == "copied-from-course"]


#: Longest temporary folder a jailed kernel's sockets fit under: a Unix socket's path
#: holds at most 107 bytes, and a kernel's is ``<temp>/mml-grading-*/nb-*/.kernel/ipc-N``.
SHORT_TEMP = 50


def short_temp() -> str:
    """The temporary folder, or ``/tmp`` when it is too deep for a kernel's sockets
    (e.g. a batch system's ``TMPDIR``)."""
    temp = tempfile.gettempdir()
    if len(temp.encode()) <= SHORT_TEMP or not os.access("/tmp", os.W_OK):
        return temp
    return "/tmp"


#: What a student's ``.started`` mark says: graded alone, or beside others (``--jobs``).
ALONE, BESIDE_OTHERS = "started alone\n", "started beside others\n"


def _was_alone(started: Path) -> bool:
    """Was the student graded alone when the grader stopped? Then it is the one that
    stopped it; a student graded beside others may have been stopped by one of them."""
    try:
        return started.read_text(encoding="utf-8") != BESIDE_OTHERS
    except OSError:
        return True


def in_shard(student, shard) -> bool:
    """Is ``student`` in slice ``i`` of ``n`` (1-based)? A stable hash of the id decides.

    >>> sum(in_shard("alice", (i, 3)) for i in (1, 2, 3))
    1
    """
    index, count = shard
    if not (isinstance(count, int) and count >= 1 and 1 <= index <= count):
        raise ReleaseError(f"shard {index}/{count}: expected i/n with 1 <= i <= n")
    digest = hashlib.sha256(str(student).encode()).digest()
    return int.from_bytes(digest[:8], "big") % count == index - 1


def parse_shard(text):
    """``"2/5"`` -> ``(2, 5)`` (a clear error otherwise)."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", str(text))
    if not match:
        raise ReleaseError(f"--shard {text!r}: expected i/n, e.g. 1/4")
    shard = int(match.group(1)), int(match.group(2))
    in_shard("x", shard)
    return shard


def _crashed(student, key, why) -> StudentResult:
    result = StudentResult(student, key=key_digest(key), problems=[why])
    for name, part in key["notebooks"].items():
        result.grades += _zero(student, name, part, "crashed the grader")
    return result


def _store(out, result, key):
    """Feedback page, then the signed result, then drop the started mark."""
    saved = Path(out) / "results" / f"{safe_name(result.student)}.json"
    write_feedback(Path(out) / "feedback" / f"{safe_name(result.student)}.html", result)
    data = json.dumps(result.to_data(), sort_keys=True)
    write_atomic(saved, json.dumps({"result": json.loads(data),
                                    "signature": sign(key, data)}, indent=1))
    try:
        saved.with_suffix(".started").unlink()
    except FileNotFoundError:
        pass


def _load_result(path, key):
    """(a stored result whose signature holds, None) or (None, why it was refused)."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError):
        return None, "its stored result could not be read"
    try:
        data = json.dumps(stored["result"], sort_keys=True)
        if not verify(key, data, stored.get("signature")):
            return None, "its stored result failed the signature check (edited?)"
        return StudentResult.from_data(stored["result"]), None
    except (KeyError, TypeError, ValueError, AttributeError):
        return None, "its stored result is not in the grader's format"


def write_tables(out, results):
    """grades.csv and totals.csv, from every result so far (atomically)."""
    results = sorted(results, key=lambda r: r.student)
    write_atomic(Path(out) / "grades.csv", csv_text(CSV_FIELDS, (
        {**asdict(g), "points": f"{g.points:g}", "max_points": f"{g.max_points:g}",
         "diagnosis": g.diagnosis or ""} for result in results for g in result.grades)))
    write_atomic(Path(out) / "totals.csv", csv_text(
        ["student", "points", "max_points", "problems"],
        ([r.student, f"{r.points:g}", f"{r.max_points:g}", "; ".join(r.problems)]
         for r in results)))


def write_feedback(path, result: StudentResult, *, total=None, extra=""):
    """One HTML page for a student: total, problems, and each question's feedback, in
    question-number order, with the pictures the notebook shows (PNG, so the page shows
    them anywhere, e-mail and learning platforms included). ``total``: (points, max) to
    show instead of the automatic ones; ``extra``: HTML after the total (lateness and
    adjustments, :func:`~.final.final_html`)."""
    points, most = total if total is not None else (result.points, result.max_points)
    grades = sorted(result.grades, key=lambda g: (g.notebook, question_order(g.question)))
    rows = "".join(
        f"<tr><td>{html.escape(g.notebook)}</td><td>{html.escape(g.question)}</td>"
        f"<td style='text-align:right'>{g.points:g} / {g.max_points:g}</td>"
        f"<td>{html.escape(g.feedback)}{_pictures_html(g.pictures)}</td></tr>" for g in grades)
    problems = "".join(f"<li>{html.escape(p)}</li>" for p in result.problems)
    page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Feedback: "
            f"{html.escape(result.student)}</title></head><body style='font-family: sans-serif'>"
            f"<h1>Feedback for {html.escape(result.student)}</h1>"
            f"<p><b>{points:g} / {most:g} points</b></p>" + extra
            + (f"<h2>Problems while running your notebook</h2><ul>{problems}</ul>"
               if problems else "")
            + "<table border='1' cellpadding='4' style='border-collapse: collapse'>"
              "<tr><th>notebook</th><th>question</th><th>points</th><th>feedback</th></tr>"
            + rows + "</table></body></html>")
    write_atomic(Path(path), page)


def _pictures_html(pictures) -> str:
    return "".join(f'<div><img src="{src}" alt="{html.escape(alt, quote=True)}" '
                   f'style="max-width: 100%; height: auto;"></div>'
                   for src, alt in pictures if src.startswith("data:image/png;base64,"))


__all__ = ["grade", "grade_student", "grade_here", "find_submissions", "restore_locked_cells",
           "read_records", "choose_record", "in_shard", "parse_shard", "StudentResult",
           "question_order", "diagnosis_pictures", "copied_from_course", "hidden_salt",
           "QuestionGrade", "Options", "Progress"]
