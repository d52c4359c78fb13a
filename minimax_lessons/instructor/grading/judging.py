"""Grade one student's notebooks in this process: run each, then judge what it recorded.

This is what the grading process of a student (:mod:`.grade_one`) does, once the
notebooks are in its hands: restore the locked (test) cells from the key
(:func:`restore_locked_cells`), run each notebook in a fresh kernel (:mod:`.notebook_runner`,
in a jail when there is one) with its answers recorded on the grader's pipe, and judge
the recorded answers with the question bank and the key's options (:func:`judge`),
never trusting the notebook's own verdicts; function answers run in the checker's
worker, which runs each hidden test in a process of its own. A student's answer to a
question is the one recorded by that question's graded cell, else the last one recorded
(:func:`choose_record`).

Vocabulary:

- :class:`~..gradebook.records.QuestionGrade`: one question's points, diagnosis and
  feedback for one student (its pictures as data);
- :class:`~..gradebook.records.StudentResult`: a student's grades and the problems met
  while running, what the grader gives back and the gradebook keeps;
- :class:`Options`: the limits a notebook runs under and the isolation asked for.

>>> sorted(["q3.10", "q3.2"], key=question_order)
['q3.2', 'q3.10']
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat

from ...exercises.check import get_question
from ...exercises.question_kinds import FunctionQuestion
from ...mistakes import GENERIC
from ...pictures.raster import png_data_uri, svg_to_png
from ...runner.codec import Opaque, decode
from ...runner.sandbox import warm_up
from ..assignment.release import key_digest, question_order
from ..common.privacy import MAX_SAID
from ..gradebook.records import QuestionGrade, StudentResult
from .limits import WORK_SPACE
from .notebook_runner import run_recorded
from .untrusted import MAX_DATA_FILE, MAX_NOTEBOOK, MAX_RECORDS, NotAFile, parse_records, read_file


@dataclass
class Options:
    cell_timeout: float = 30
    notebook_timeout: float = 600
    output_limit: int = 100_000
    kernel_name: str = "python3"
    isolation: str = "auto"  # "auto": bubblewrap when it works here; "none": never


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
            result.grades += zero_grades(student, name, part, "not submitted")
            continue
        try:
            result.grades += _grade_notebook(student, name, submitted[name], part, options,
                                             result.problems, executed, work_root=work_root,
                                             seed=seed, jail=jail,
                                             mine=[p for _, p in files], key=key)
        except Exception as exc:  # a grader bug must not stop the batch
            result.problems.append(f"{name}: the grader failed ({type(exc).__name__}: {exc})")
            result.grades += zero_grades(student, name, part, "could not be graded")
    result.seconds = round(time.monotonic() - start, 2)
    return result, executed


def zero_grades(student, notebook, part, why):
    """No points for any question of a notebook, each with ``why`` as its feedback."""
    return [QuestionGrade(student, notebook, qid, 0.0, info["points"], (), why)
            for qid, info in in_order(part["questions"])]


def in_order(questions: dict) -> list:
    """The (question id, info) pairs of a key's notebook, in question-number order."""
    return sorted(questions.items(), key=lambda pair: question_order(pair[0]))


def _grade_notebook(student, name, path, part, options, problems, executed_out, *,
                    work_root, seed=None, jail=None, mine=(), key=None):
    try:
        raw = read_file(path, MAX_NOTEBOOK)
        salt = hidden_salt(key or {}, student, hashlib.sha256(raw).hexdigest())
        nb = nbformat.reads(raw.decode("utf-8"), as_version=4)
    except NotAFile as exc:  # a link, a pipe, a device, a folder, too big: refused at once
        problems.append(f"{name}: {exc.strerror}; not graded")
        return zero_grades(student, name, part, f"the submitted notebook is {exc.strerror}")
    except Exception as exc:
        why = f"could not be read ({type(exc).__name__}: {str(exc)[:MAX_SAID]})"
        problems.append(f"{name}: {why}")
        return zero_grades(student, name, part, f"the notebook {why}")
    missing = restore_locked_cells(nb, part)
    for grade_id in missing:
        problems.append(f"{name}: the cell {grade_id!r} is missing")
    # the checker's worker (in a jail of its own) warms up while the notebook runs, not at
    # the first function question
    warm_up()
    run, records = run_recorded(nb, work_root, env=os.environ, data=data_files(path, mine),
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
            grades.append(QuestionGrade(student, name, qid, 0.0, info["points"], (),
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
    filled the notebook's folder or wrote too large a file (:data:`~.limits.WORK_SPACE`)."""
    found = []
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") != "error" or output.get("ename") not in _DENIED:
                continue
            # cut long only (MAX_SAID): the host paths in it are taken out later
            said = f"({output.get('ename')}: {str(output.get('evalue', ''))[:MAX_SAID]})"
            if "No space left on device" in str(output.get("evalue", "")):
                found.append(f"cell {index + 1} filled the notebook's folder (it holds "
                             f"{WORK_SPACE >> 20} MiB in the grader) and could write no more "
                             f"{said}")
            elif "File too large" in str(output.get("evalue", "")):
                found.append(f"cell {index + 1} wrote a file larger than the grader allows "
                             f"({WORK_SPACE >> 20} MiB) and could write no more {said}")
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


def data_files(path, mine=()) -> dict:
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


def hidden_salt(key, student=None, submission=None) -> str | None:
    """What the key's secret adds to the seed of a function question's hidden tests, so
    that no student can work those inputs out beforehand (None for a key without one).

    With ``student`` and ``submission`` (a digest of the submitted notebook), each
    student, and each of their submissions, gets inputs of its own: a table of answers
    pooled from other students' feedback, or from one's own earlier submissions, does not
    pass. The same notebook graded again gets the same inputs.

    >>> key = {"secret": "s"}
    >>> hidden_salt(key, "ann", "1") != hidden_salt(key, "bob", "1") != hidden_salt(key, "ann", "2")
    True
    >>> hidden_salt(key, "ann", "1") == hidden_salt(key, "ann", "1")
    True
    """
    secret = key.get("secret") if isinstance(key, dict) else None
    if not secret:
        return None
    message = b"hidden tests"
    if student is not None or submission is not None:
        message += b"\0" + str(student).encode("utf-8", "surrogatepass") + b"\0" + \
            str(submission).encode("utf-8", "surrogatepass")
    return hmac.new(str(secret).encode(), message, hashlib.sha256).hexdigest()[:16]


def judge(student, notebook, qid, info, record, nb, index, run, *, seed=None,
          salt=None) -> QuestionGrade:
    """Points and feedback for one question (``seed``: the assigned variant, if any;
    ``salt``: :func:`hidden_salt`, for the hidden tests of a function question)."""
    worth = float(info["points"])
    if record is None:
        return QuestionGrade(student, notebook, qid, 0.0, worth, (),
                             "no answer recorded: " + _why_missing(nb, index, run))
    q = get_question(qid)
    if q is None:
        return QuestionGrade(student, notebook, qid, 0.0, worth, (),
                             f"the grader does not know the question {qid!r} (check the key's "
                             "banks)")
    options = info.get("options", {})
    if seed is None:
        seed = {"recorded": record.get("seed", 0), "student": student}.get(
            options.get("seed", "recorded"), options.get("seed"))
    try:
        answer = decode(record.get("answer"))
        if isinstance(answer, Opaque) and answer.type == "ellipsis":
            return QuestionGrade(student, notebook, qid, 0.0, worth, ("not-answered",),
                                 "not answered")
        if isinstance(q, FunctionQuestion):
            feedback = q.check(answer, seed, hidden=bool(options.get("hidden", False)),
                               salt=salt)
        else:
            feedback = q.check(answer, seed)
    except Exception as exc:
        return QuestionGrade(student, notebook, qid, 0.0, worth, ("bad-answer",),
                             f"the recorded answer could not be judged ({type(exc).__name__})")
    text = feedback.message
    if feedback.diagnosis not in (None, *GENERIC) and feedback.explanation not in text:
        text += " " + feedback.explanation
    points = round(worth * feedback.score, 2)
    return QuestionGrade(student, notebook, qid, points, worth, feedback.diagnoses, text,
                         diagnosis_pictures(feedback))


def diagnosis_pictures(verdict) -> list:
    """The pictures the notebook shows with ``verdict``, as the grade keeps them:
    ``[(PNG as a data: URI, alt text)]`` (nothing for hidden tests, which never show an
    input). The verdict gives its trees as data (:meth:`~minimax_lessons.exercises.verdict.
    Verdict.pictures`); each is the PNG the notebook shows, byte for byte."""
    try:
        drawn = verdict.pictures()
        found = []
        for svg, alt in drawn:
            png = svg_to_png(svg)
            if png is not None:
                found.append((png_data_uri(png), alt))
        return found
    except Exception:  # a picture is a nicety: never let it cost the grade
        return []


def _why_missing(nb, index, run) -> str:
    if index is None:
        return "the graded cell was not found"
    if index not in run.windows:
        return "the notebook stopped before the graded cell ran"
    for output in nb.cells[index].get("outputs", []):
        if output.get("output_type") == "error":
            return f"the graded cell raised {output.get('ename')}: {output.get('evalue', '')}"[:300]
    return "the graded cell did not call check"


__all__ = ["grade_here", "judge", "restore_locked_cells", "read_records", "choose_record",
           "answer_text", "denied_accesses", "diagnosis_pictures", "hidden_salt",
           "in_order", "zero_grades", "data_files", "Options"]
