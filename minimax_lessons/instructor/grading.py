"""Grade a folder of submitted notebooks against the instructor's key.

For each student: restore the locked (test) cells from the key, run each
notebook in a fresh kernel (:mod:`.runner`) with ``MINIMAX_LESSONS_RECORD``
set, so every ``check(id, answer)`` records the answer instead of judging it;
then judge the recorded answers here, with the question bank and the key's
options (never trusting the notebook's own verdicts). A student's answer to a
question is the one recorded by that question's graded cell (else the last one
recorded).

Layout of the output folder::

    grades.csv               student, notebook, question, points, max_points, diagnosis, feedback
    totals.csv               student, points, max_points, problems
    feedback/<student>.html  one page per student
    results/<student>.json   what resuming reads (written last, atomically)
    executed/<student>/...   the executed notebooks, to look at
    work/<student>/...       the kernels' working folders and recorded answers

A notebook that crashes its kernel, loops, floods its output, is not valid
JSON, or lacks cells costs that student points, never the batch. Re-running
skips students whose results exist for the same key (``force=True`` regrades).

**Not a security sandbox**: submitted notebooks run with your rights. Grade
in a container or a throw-away account when you do not trust the code.
"""

from __future__ import annotations

import csv
import hashlib
import html
import importlib
import io
import json
import os
import re
import shutil
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

from ..exercises.check import RECORD_ENV, add_bank, get_question
from ..exercises.codec import Opaque, decode
from ..exercises.questions import FunctionQuestion
from ..exercises.variants import GENERIC
from .release import key_digest, load_key, notebooks_in, write_atomic
from .runner import run_notebook

CSV_FIELDS = ["student", "notebook", "question", "points", "max_points", "diagnosis",
              "feedback"]


@dataclass
class QuestionGrade:
    student: str
    notebook: str
    question: str
    points: float
    max_points: float
    diagnosis: str | None
    feedback: str


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
        return cls(data["student"], [QuestionGrade(**g) for g in data["grades"]],
                   list(data.get("problems", [])), float(data.get("seconds", 0)),
                   data.get("key", ""))


@dataclass
class Options:
    cell_timeout: float = 30
    notebook_timeout: float = 600
    output_limit: int = 100_000
    kernel_name: str = "python3"


# -- finding submissions ---------------------------------------------------------------------
def safe_name(text: str) -> str:
    """A student id usable as a file name (distinct ids give distinct names).

    >>> safe_name("alice"), safe_name("a b") != safe_name("a_b")
    ('alice', True)
    """
    name = re.sub(r"[^A-Za-z0-9._@-]+", "_", text).strip("._") or "student"
    if name != text:
        name += "-" + hashlib.sha256(text.encode()).hexdigest()[:6]
    return name


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
def grade_student(student, files, key, out, options: Options) -> StudentResult:
    """Run and judge one student's notebooks (never raises for a bad submission)."""
    start = time.monotonic()
    result = StudentResult(student, key=key_digest(key))
    submitted = {}
    for name, path in files:
        if name is None:
            result.problems.append(f"{path.name}: not a notebook of this assignment "
                                   f"(expected {', '.join(key['notebooks'])})")
        elif name in submitted:
            result.problems.append(f"{path}: a second copy of {name}; only {submitted[name]} "
                                   "was graded")
        else:
            submitted[name] = path
    for name, part in key["notebooks"].items():
        if name not in submitted:
            result.problems.append(f"{name}: not submitted")
            result.grades += _zero(student, name, part, "not submitted")
            continue
        try:
            result.grades += _grade_notebook(student, name, submitted[name], part, out,
                                             options, result.problems)
        except Exception as exc:  # a grader bug must not stop the batch
            result.problems.append(f"{name}: the grader failed ({type(exc).__name__}: {exc})")
            result.grades += _zero(student, name, part, "could not be graded")
    result.seconds = round(time.monotonic() - start, 2)
    return result


def _zero(student, notebook, part, why):
    return [QuestionGrade(student, notebook, qid, 0.0, info["points"], None, why)
            for qid, info in part["questions"].items()]


def _grade_notebook(student, name, path, part, out, options, problems):
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception as exc:
        why = f"could not be read ({type(exc).__name__}: {str(exc)[:200]})"
        problems.append(f"{name}: {why}")
        return _zero(student, name, part, f"the notebook {why}")
    missing = restore_locked_cells(nb, part)
    for grade_id in missing:
        problems.append(f"{name}: the cell {grade_id!r} is missing")
    work = Path(out) / "work" / safe_name(student) / Path(name).stem
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    _copy_data_files(path, work)
    record = work / "answers.jsonl"
    env = dict(os.environ, **{RECORD_ENV: str(record.resolve()), "MPLBACKEND": "Agg"})
    run = run_notebook(nb, cwd=work, env=env, cell_timeout=options.cell_timeout,
                       notebook_timeout=options.notebook_timeout,
                       output_limit=options.output_limit, kernel_name=options.kernel_name)
    problems.extend(f"{name}: {p}" for p in run.problems)
    executed = Path(out) / "executed" / safe_name(student) / name
    executed.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(executed, nbformat.writes(nb))
    records = read_records(record)
    cells = _grade_cells(nb)
    grades = []
    for qid, info in part["questions"].items():
        if info["grade_id"] in missing:
            grades.append(QuestionGrade(student, name, qid, 0.0, info["points"], None,
                                        f"the cell {info['grade_id']!r} was deleted"))
            continue
        index = cells.get(info["grade_id"])
        chosen = choose_record(records, qid, run.windows.get(index))
        grades.append(judge(student, name, qid, info, chosen, nb, index, run))
    return grades


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


def _copy_data_files(path, work):
    """Copy the files next to a notebook in a student's folder (data it may read)."""
    folder = Path(path).parent
    for item in folder.iterdir():
        if item.is_file() and item.suffix != ".ipynb" and item.stat().st_size < 10_000_000:
            shutil.copy2(item, work / item.name)


def read_records(path) -> list:
    """The recorded answers (malformed lines are skipped)."""
    out = []
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return out
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("question"), str):
            out.append(entry)
    return out


def choose_record(records, qid, window):
    """The answer that counts: from the question's graded cell if any, else the last one."""
    mine = [r for r in records if r["question"] == qid]
    if window is not None:
        inside = [r for r in mine if isinstance(r.get("time"), (int, float))
                  and window[0] - 0.5 <= r["time"] <= window[1] + 0.5]
        if inside:
            return inside[-1]
    return mine[-1] if mine else None


def judge(student, notebook, qid, info, record, nb, index, run) -> QuestionGrade:
    """Points and feedback for one question."""
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
    seed = {"recorded": record.get("seed", 0), "student": student}.get(
        options.get("seed", "recorded"), options.get("seed"))
    try:
        answer = decode(record.get("answer"))
        if isinstance(answer, Opaque) and answer.type == "ellipsis":
            return QuestionGrade(student, notebook, qid, 0.0, worth, "not-answered",
                                 "not answered")
        if isinstance(q, FunctionQuestion):
            feedback = q.check(answer, seed, hidden=bool(options.get("hidden", False)))
        else:
            feedback = q.check(answer, seed)
    except Exception as exc:
        return QuestionGrade(student, notebook, qid, 0.0, worth, "bad-answer",
                             f"the recorded answer could not be judged ({type(exc).__name__})")
    text = feedback.message
    if feedback.diagnosis not in (None, *GENERIC) and feedback.explanation not in text:
        text += " " + feedback.explanation
    points = round(worth * feedback.points_fraction, 2)
    return QuestionGrade(student, notebook, qid, points, worth, feedback.diagnosis, text)


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


def grade(submissions, key, out=None, *, force=False, progress=True, stream=None,
          **options) -> list:
    """Grade every student in ``submissions``; returns their :class:`StudentResult`."""
    submissions = Path(submissions)
    key_data = load_key(key) if not isinstance(key, dict) else key
    for bank in key_data.get("banks", []):
        add_bank(bank)
        importlib.import_module(bank)
    out = Path(out) if out else submissions.parent / f"{submissions.name}-graded"
    for sub in ("results", "feedback", "executed", "work"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    opts = Options(**options)
    students = find_submissions(submissions, key_data)
    digest = key_digest(key_data)
    bar = Progress(len(students), stream, progress)
    results = []
    for student, files in students.items():
        saved = out / "results" / f"{safe_name(student)}.json"
        previous = _load_result(saved)
        if previous is not None and previous.key == digest and not force:
            results.append(previous)
            bar.step(f"{student}: already graded ({previous.points:g}/{previous.max_points:g})")
            continue
        result = grade_student(student, files, key_data, out, opts)
        write_feedback(out / "feedback" / f"{safe_name(student)}.html", result)
        write_atomic(saved, json.dumps(result.to_data(), indent=1))
        results.append(result)
        write_tables(out, results)
        bar.step(f"{student}: {result.points:g}/{result.max_points:g} ({result.seconds:.1f} s)")
    write_tables(out, results)
    return results


def _load_result(path):
    try:
        return StudentResult.from_data(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_tables(out, results):
    """grades.csv and totals.csv, from every result so far (atomically)."""
    rows = io.StringIO()
    writer = csv.DictWriter(rows, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for result in sorted(results, key=lambda r: r.student):
        for g in result.grades:
            writer.writerow({**asdict(g), "points": f"{g.points:g}",
                             "max_points": f"{g.max_points:g}", "diagnosis": g.diagnosis or ""})
    write_atomic(Path(out) / "grades.csv", rows.getvalue())
    totals = io.StringIO()
    writer = csv.writer(totals, lineterminator="\n")
    writer.writerow(["student", "points", "max_points", "problems"])
    for result in sorted(results, key=lambda r: r.student):
        writer.writerow([result.student, f"{result.points:g}", f"{result.max_points:g}",
                         "; ".join(result.problems)])
    write_atomic(Path(out) / "totals.csv", totals.getvalue())


def write_feedback(path, result: StudentResult):
    """One HTML page for a student: total, problems, and each question's feedback."""
    rows = "".join(
        f"<tr><td>{html.escape(g.notebook)}</td><td>{html.escape(g.question)}</td>"
        f"<td style='text-align:right'>{g.points:g} / {g.max_points:g}</td>"
        f"<td>{html.escape(g.feedback)}</td></tr>" for g in result.grades)
    problems = "".join(f"<li>{html.escape(p)}</li>" for p in result.problems)
    page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Feedback: "
            f"{html.escape(result.student)}</title></head><body style='font-family: sans-serif'>"
            f"<h1>Feedback for {html.escape(result.student)}</h1>"
            f"<p><b>{result.points:g} / {result.max_points:g} points</b></p>"
            + (f"<h2>Problems while running your notebook</h2><ul>{problems}</ul>"
               if problems else "")
            + "<table border='1' cellpadding='4' style='border-collapse: collapse'>"
              "<tr><th>notebook</th><th>question</th><th>points</th><th>feedback</th></tr>"
            + rows + "</table></body></html>")
    write_atomic(Path(path), page)


__all__ = ["grade", "grade_student", "find_submissions", "restore_locked_cells", "read_records",
           "choose_record", "StudentResult", "QuestionGrade", "Options", "Progress"]
