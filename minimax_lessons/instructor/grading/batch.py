"""Grade a class: every student's notebooks against the instructor's key, a process each.

For each student, the grader starts a fresh process of its own (``python -m
minimax_lessons.instructor.grading.grade_one``, which never sees the key's path) that runs
and judges that student's notebooks (:mod:`.judging`), in a jail when there is one
(:mod:`.isolation`); this module starts those processes (:func:`grade_student`) and stores
what each answers, signed: *produce once*. When the class is graded (or the run is
stopped), the gradebook writes every table and page from the stored results, each once
(:func:`~..gradebook.final.finish`): *report once*. With a roster, the variant judged is
the one assigned to the student (:mod:`..assignment.variants`), whatever seed the notebook
used.

Layout of the output folder::

    results/<student>.json   the grader's result, signed with the key's secret (written
                             atomically; what resuming reads); <student>.started marks a
                             student begun
    executed/<student>/...   the executed notebooks, to look at
    grades.csv, totals.csv, notebooks.csv, students.csv, feedback/<student>.html,
    final/<student>.json     written at the end of the run (:mod:`..gradebook`)

The kernels' working folders are fresh temporary folders outside the output
folder, removed afterwards.

A notebook that crashes its kernel, loops, floods its output, is not valid
JSON, or lacks cells costs that student points, never the batch; so does one
that kills its grading process. Re-running skips students whose results exist
for the same key, carry a valid signature and were made from the files the
submissions folder holds now (each result keeps the SHA-256 of every file it
graded: a student whose notebook was collected again with other content, a
resubmission, is graded again, and the grader says so); ``force=True`` regrades
everyone, ``regrade=[...]`` some. A student marked as started but without a result (the
submission killed the whole grader) is recorded as a crash, 0 points, and the
batch goes on. With ``jobs`` above 1 the student that stopped the grader is not
known, so the students that were being graded are graded again first, one at a
time: the one that stops the grader then is recorded as a crash on the next run,
and the others get their grades. A student being graded alone when you stop the
grader (Ctrl-C, a batch system's time limit) looks the same as one that killed it,
so the crash says to ``--regrade`` that student.

``jobs`` grades several students at once (same results as one at a time);
``shard=(i, n)`` grades only the i-th of n deterministic slices of the class.
See ``docs/grading-threat-model.md``: what is isolated and what is not.

>>> in_shard("alice", (1, 1))
True
"""


from __future__ import annotations

import hashlib
import importlib
import os
import re
import shutil
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path

import nbformat

from ..._process import launch
from ...exercises.check import add_bank
from ..assignment.release import ReleaseError, key_digest, load_key, notebooks_in
from ..assignment.variants import roster_seeds
from ...words import join_names
from ..common.privacy import HostPaths
from ..common.files import safe_name, write_atomic
from ..common.children import run_child
from ..gradebook.final import check_inputs, finish
from ..gradebook.records import StudentResult, load_result, result_path, store_result
from .isolation import Isolation, choose_isolation
from .judging import Options, zero_grades
from .notebook_runner import kernels_folder
from .stopping import GradingStopped, StopRequest
from .untrusted import MAX_NOTEBOOK, NotAFile, read_file


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


def submitted_digests(submissions, files) -> dict:
    """What a student handed in, as the grader keeps it in their result: each file's path
    under ``submissions`` -> the SHA-256 of its bytes (of what it is instead, for a path
    that is no readable file: a link, a pipe, too big).

    >>> import tempfile; folder = Path(tempfile.mkdtemp()); (folder / "a").mkdir()
    >>> _ = (folder / "a" / "n.ipynb").write_text("{}")
    >>> submitted_digests(folder, [("n.ipynb", folder / "a" / "n.ipynb")])["a/n.ipynb"][:12]
    '44136fa355b3'
    >>> import shutil; shutil.rmtree(folder)
    """
    found = {}
    for _, path in files:
        path = Path(path)
        try:
            name = path.relative_to(submissions).as_posix()
        except ValueError:
            name = path.name
        try:
            data = read_file(path, MAX_NOTEBOOK)
        except NotAFile as exc:
            data = f"not read: {exc.strerror}".encode()
        found[name] = hashlib.sha256(data).hexdigest()
    return found


def changed_files(before, now) -> list:
    """The files (by their names in a student's folder) that differ between two
    :func:`submitted_digests`: changed, new or gone.

    >>> changed_files({"a/x.ipynb": "1", "a/y.ipynb": "2"}, {"a/x.ipynb": "3", "a/z.ipynb": "4"})
    ['x.ipynb', 'y.ipynb (gone)', 'z.ipynb (new)']
    """
    def short(name):
        return name.split("/", 1)[-1]

    found = [short(n) for n in sorted(set(before) & set(now)) if before[n] != now[n]]
    found += [f"{short(n)} (gone)" for n in sorted(set(before) - set(now))]
    found += [f"{short(n)} (new)" for n in sorted(set(now) - set(before))]
    return sorted(found)


# -- one student ---------------------------------------------------------------------------------
def grade_student(student, files, key, out, options: Options, *, seed=None, hide=(),
                  isolation=Isolation(), work_root=None, places=None) -> StudentResult:
    """Grade one student in a fresh process of its own; write the executed notebooks.

    Never raises for a bad submission: a grading process that dies (the
    submission killed it) or hangs is a crash, 0 points for that student. No text of
    the result and no output of the executed notebooks names a host path (``places``, a
    :class:`~..common.HostPaths`; by default the folders in ``hide`` and the grader's own).
    """
    start = time.monotonic()
    own_root = work_root is None
    work_root = work_root or run_folder(out)  # cleaned up by the next run if this one dies
    places = places or HostPaths.of_grader(None, *hide, work_root)
    payload = {"student": student, "files": [(n, str(p)) for n, p in files], "key": key,
               "options": asdict(options), "seed": seed, "hide": list(hide),
               "isolation": isolation.to_data(),
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
            result.grades += zero_grades(student, name, part, "crashed the grader: " + why)
        result.seconds = round(time.monotonic() - start, 2)
        return without_host_paths(result, places)
    result = StudentResult.from_data(answer["result"])
    for name, text in answer.get("executed", {}).items():
        executed = Path(out) / "executed" / safe_name(student) / name
        executed.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(executed, outputs_without_host_paths(text, places))
    return without_host_paths(result, places)


def without_host_paths(result: StudentResult, places) -> StudentResult:
    """``result`` with no host path in its problems or feedback (:class:`~..common.HostPaths`)."""
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


#: ``python -m minimax_lessons.instructor.grading.grade_one``, less the slow imports: nbformat
#: checks notebooks with jsonschema, which on import loads a package for each optional string
#: format (the rfc3987_syntax package builds some forty grammars, about 3 s per student on a
#: slow machine), for checks the grader never makes; without them jsonschema skips those
#: formats (:data:`~minimax_lessons._process.SLOW_IMPORTS`).
_LAUNCH_ONE = launch("minimax_lessons.instructor.grading.grade_one")


def _run_one(payload, options, notebooks):
    """Run the student's grading process (:mod:`.grade_one`); (its answer, None) or (None, why)."""
    limit = options.notebook_timeout * max(1, notebooks) + 120
    run = run_child(_LAUNCH_ONE, payload, timeout=limit)
    if run.timed_out:
        return None, f"the grading process did not finish within {limit:g} s"
    if run.answer is None:
        why = (f"the grading process was killed (exit code {run.exit_code}); the "
               "submission may have ended it")
        return None, why + (f" ({run.last_error})" if run.last_error is not None else "")
    return run.answer, None


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
          shard=None, roster=None, regrade=(), late=None, adjustments=None,
          **options) -> list:
    """Grade every student in ``submissions``, then write the graded folder; returns their
    :class:`~..gradebook.records.StudentResult` (what ``python -m
    minimax_lessons.instructor grade`` does).

    ``jobs``: students graded at once; ``shard=(i, n)``: only slice i of n (1-based);
    ``roster``: a CSV of student ids (or a list) whose assigned variants are judged;
    ``force``: grade everyone again; ``regrade``: these students again (e.g. one
    recorded as a crash because the grader was stopped while it ran); ``late``: a
    :class:`~..gradebook.late.LatePolicy`; ``adjustments``: a CSV (default
    ``OUT/adjustments.csv``), read with the roster's extensions before anyone is graded
    (:func:`~..gradebook.final.check_inputs`). The first Ctrl-C or SIGTERM stops the batch
    at once (:mod:`.stopping`): the graded folder is written for the students kept, and
    :class:`~.stopping.GradingStopped` says how to resume.
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
    changes = check_inputs(out, key_data, submissions=submissions, late=late,
                           adjustments=adjustments)
    for sub in ("results", "executed"):
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
    isolation = choose_isolation(opts.isolation, stream, private=[key_path, submissions],
                                 own=[out])
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
    handed_in = {s: submitted_digests(submissions, files) for s, files in students.items()}
    for student, files in students.items():
        saved = result_path(out, student)
        started = saved.with_suffix(".started")
        again = force or student in regrade
        previous, why = load_result(saved, key_data)
        changed = changed_files(previous.submitted, handed_in[student]) if (
            previous is not None and previous.submitted is not None) else []
        if previous is not None and previous.key == digest and not again and not changed:
            results[student] = previous
            bar.step(f"{student}: already graded ({previous.points:g}/{previous.max_points:g})")
        elif previous is not None and previous.key == digest and not again:
            print(f"{student}: {join_names(changed)} changed since the stored result "
                  "(collected again?); graded again", file=stream)
            todo.append((student, files))
        elif started.exists() and not again and why is None and not _was_alone(started):
            # it ran beside others when the grader stopped: graded again first, alone
            suspects.append((student, files))
        elif started.exists() and not again and why is None:
            result = _crashed(student, key_data, "the whole grader stopped while this "
                              "submission ran (it may have killed it); recorded as a crash "
                              f"(--regrade {student} grades it again)")
            result.submitted = handed_in[student]
            _store(out, result, key_data)
            results[student] = result
            bar.step(f"{student}: crashed the grader earlier, 0/{result.max_points:g}")
        else:
            if why is not None:
                print(f"{student}: {why}; graded again", file=stream)
            todo.append((student, files))
    work_root = run_folder(out)
    places = HostPaths.of_grader(submissions, *hide, work_root)
    stop = StopRequest()

    def one(student, files, alone):
        if stop.requested:
            return
        saved = result_path(out, student)
        write_atomic(saved.with_suffix(".started"), ALONE if alone else BESIDE_OTHERS)
        if seeds is not None and student not in seeds:
            result = StudentResult(student, key=digest, problems=[
                "not on the roster: not graded"])
            for name, part in key_data["notebooks"].items():
                result.grades += zero_grades(student, name, part, "not on the roster")
        else:
            result = grade_student(student, files, key_data, out, opts, hide=hide,
                                   isolation=isolation,
                                   seed=seeds.get(student) if seeds else None,
                                   work_root=work_root, places=places)
        if stop.requested:  # stopped by us, not by the submission: graded on the next run
            saved.with_suffix(".started").unlink(missing_ok=True)
            return
        result.submitted = handed_in[student]
        with lock:
            _store(out, result, key_data)
            results[student] = result
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
    finish(out, ordered, key_data, submissions=submissions, late=late, stream=stream,
           changes=changes)
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
            if "copied-from-course" in g.diagnoses]


def run_folder(out) -> str:
    """A fresh folder for this run's kernels (:func:`kernels_folder`), named by the output
    folder ``out``, this machine and this process; first, the folders of earlier runs for
    ``out`` on this machine whose grader is gone are removed (a submission that killed its
    grader left its folder, with the class's copies of files, behind; the run after it
    cleans up).

    >>> import os, shutil
    >>> first = run_folder("/srv/graded")
    >>> f"-{os.getpid()}-" in os.path.basename(first), os.path.isdir(first)
    (True, True)
    >>> shutil.rmtree(first)
    """
    # by machine too: a folder shared between machines never loses a run of another's
    tag = hashlib.sha256(f"{socket.gethostname()}:{Path(out).resolve()}".encode()).hexdigest()[:8]
    prefix = f"mml-grading-{tag}-"
    root = kernels_folder(f"{prefix}{os.getpid()}-")
    base = os.path.dirname(root)
    for name in os.listdir(base):
        pid = name[len(prefix):].split("-")[0] if name.startswith(prefix) else ""
        if pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)
    return root


def _running(pid) -> bool:
    """Is process ``pid`` running (a process of another user's counts)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


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
        result.grades += zero_grades(student, name, part, "crashed the grader")
    return result


def _store(out, result, key):
    """The signed result, then drop the started mark."""
    store_result(out, result, key)
    try:
        result_path(out, result.student).with_suffix(".started").unlink()
    except FileNotFoundError:
        pass


__all__ = ["grade", "grade_student", "find_submissions", "in_shard", "parse_shard",
           "copied_from_course", "without_host_paths", "outputs_without_host_paths",
           "Progress", "submitted_digests", "changed_files"]
