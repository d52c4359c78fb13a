"""Student versions of exercise notebooks, and the instructor's key.

Markers (nbgrader's, so notebooks work with nbgrader as they are):

- ``### BEGIN SOLUTION`` ... ``### END SOLUTION``: replaced by
  ``# YOUR CODE HERE`` / ``raise NotImplementedError()`` in code cells (same
  indentation as the BEGIN line) and by ``YOUR ANSWER HERE`` in Markdown cells;
- ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS``: removed (kept in the
  key, restored when grading);
- cells tagged ``answer-key`` (or with ``"minimax_lessons": {"answer_key": true}``
  in their metadata) are removed;
- every output and execution count is cleared; nbgrader cell metadata
  (``grade_id``, ``points``, ``solution``, ``grade``, ``locked``,
  ``schema_version: 3``) is kept; our instructor-only metadata
  (``minimax_lessons.grading``) is dropped.

Two trees
---------
In this repository the graded notebooks *with* their solutions live in
``course/source/`` (:data:`COURSE_SOURCE`), outside ``notebooks/``; the student
versions in ``notebooks/exercises/`` (:data:`STUDENT_NOTEBOOKS`) are generated
from them, executed and committed, so that what students clone holds no solution.
``make student-notebooks`` regenerates them; :func:`solution_leaks` finds
solution markers, hidden tests, answer keys or an instructor source's solution
code in a notebook, and :func:`release` refuses to write a student version that
still has any.

The key (JSON, for the instructor only) lists, per notebook, each graded cell
(its grade id, points, the questions it checks, and its full source), the ids of
the student version's cells (which tell a renamed submission's notebook), and each
question (points, the grade id of its cell, grading options such as
``{"hidden": true, "seed": "student"}`` from the cell's
``minimax_lessons.grading`` metadata), and a random ``secret`` that signs the
grader's stored results and fixes the variants of a roster
(:mod:`.variants`): whoever holds the key holds the grades.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import re
import secrets
import textwrap
from pathlib import Path

import nbformat

from ..._process import PACKAGE_ROOT
from ..common.files import write_atomic

KEY_FORMAT = "minimax-lessons-key"
SOLUTION = ("### BEGIN SOLUTION", "### END SOLUTION")
HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
TEXT_STUB = "YOUR ANSWER HERE"
ANSWER_KEY_TAGS = {"answer-key", "remove-student"}
#: The repository's instructor sources and the folder of their committed student versions.
#: The checkout (or site-packages) that holds the package: the course sits beside it.
REPO_ROOT = PACKAGE_ROOT
COURSE_SOURCE = REPO_ROOT / "course" / "source"
STUDENT_NOTEBOOKS = REPO_ROOT / "notebooks" / "exercises"
#: Solution regions shorter than this (whitespace ignored) are not searched for.
MIN_LEAK_CHARS = 8
_CHECK_CALL = re.compile(r"""\bcheck\(\s*(?:question_id\s*=\s*)?["']([^"']+)["']""")


class ReleaseError(ValueError):
    """A notebook's markers are malformed (the message names the notebook and cell)."""


def strip_region(source: str, markers, stub, where) -> str:
    """Replace each marked region (markers included) by ``stub`` (None: remove it).

    A code region made only of assignments to names (``answer = 3``) becomes
    ``answer = ...  # YOUR ANSWER HERE`` instead, so the notebook still runs
    top to bottom and ``check`` can say "not answered yet".
    """
    begin, end = markers
    out, inside, indent, region = [], False, "", []
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.strip()
        if stripped == begin:
            if inside:
                raise ReleaseError(f"{where}, line {number}: {begin} inside another one")
            inside, indent, region = True, line[:len(line) - len(line.lstrip())], []
        elif stripped == end:
            if not inside:
                raise ReleaseError(f"{where}, line {number}: {end} without {begin}")
            inside = False
            if stub is not None:
                out.extend(indent + s for s in _stub_for(region, stub).splitlines())
        elif inside:
            region.append(line)
        else:
            out.append(line)
    if inside:
        raise ReleaseError(f"{where}: {begin} is never closed by {end}")
    return "\n".join(out)


def _stub_for(region, stub) -> str:
    """``name = ...`` stubs for a region of plain assignments, else ``stub``."""
    if stub != CODE_STUB:
        return stub
    try:
        tree = ast.parse(textwrap.dedent("\n".join(region)))
    except SyntaxError:
        return stub
    targets = []
    for statement in tree.body:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)):
            return stub
        targets.append(statement.targets[0].id)
    if not targets:
        return stub
    return "\n".join(f"{name} = ...  # YOUR ANSWER HERE" for name in dict.fromkeys(targets))


def is_answer_key(cell) -> bool:
    tags = set(cell.get("metadata", {}).get("tags", []))
    ours = cell.get("metadata", {}).get("minimax_lessons", {})
    return bool(tags & ANSWER_KEY_TAGS) or bool(ours.get("answer_key"))


def student_version(nb, name="notebook"):
    """The student notebook (a new object) and this notebook's part of the key."""
    student = copy.deepcopy(nb)
    cells, key_cells, questions = [], {}, {}
    for index, cell in enumerate(nb.cells):
        where = f"{name}, cell {index + 1}"
        if is_answer_key(cell):
            continue
        new = copy.deepcopy(cell)
        stub = CODE_STUB if cell.cell_type == "code" else TEXT_STUB
        source = strip_region(cell.source, SOLUTION, stub, where)
        new.source = strip_region(source, HIDDEN, None, where)
        new.metadata.pop("minimax_lessons", None)
        if new.cell_type == "code":
            new.outputs, new.execution_count = [], None
        cells.append(new)
        _note_graded(cell, where, key_cells, questions)
    student.cells = cells
    leaks = solution_leaks(student, solution_regions(nb, name))
    if leaks:
        raise ReleaseError(f"{name}: the student version would still hold a solution "
                           f"({'; '.join(leaks[:3])})")
    # the cells' ids say which notebook a renamed submission is (collect.match_notebook)
    ids = [cell.get("id") for cell in student.cells if cell.get("id")]
    return student, {"cells": key_cells, "questions": questions, "cell_ids": ids}


def solution_regions(nb, name="notebook") -> list:
    """The solution and hidden-test regions of an instructor notebook, as normalised text."""
    found = []
    for index, cell in enumerate(nb.cells):
        if is_answer_key(cell):
            continue
        for markers in (SOLUTION, HIDDEN):
            for region in _regions(cell.source, markers):
                text = _normalise(region)
                if len(text.replace("\n", "").replace(" ", "")) >= MIN_LEAK_CHARS:
                    found.append(text)
    return found


def _regions(source, markers):
    begin, end = markers
    region = None
    for line in source.splitlines():
        if line.strip() == begin:
            region = []
        elif line.strip() == end and region is not None:
            yield "\n".join(region)
            region = None
        elif region is not None:
            region.append(line)


def _normalise(text: str) -> str:
    """Text with each line's runs of spaces collapsed and blank lines dropped."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def solution_leaks(nb, regions=()) -> list:
    """Where a (student) notebook holds a solution: markers, hidden tests, answer-key
    cells, instructor metadata, or any of ``regions`` (in a source or a stored output).

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    >>> solution_leaks(nb, ["x = 1"])
    ['cell 1 holds solution code: x = 1']
    """
    leaks = []
    for index, cell in enumerate(nb.cells, 1):
        source = cell.get("source", "")
        for begin, _ in (SOLUTION, HIDDEN):
            if begin in source:
                leaks.append(f"cell {index} has the marker {begin}")
        if is_answer_key(cell):
            leaks.append(f"cell {index} is an answer-key cell")
        if "grading" in cell.get("metadata", {}).get("minimax_lessons", {}):
            leaks.append(f"cell {index} keeps the instructor's grading metadata")
        texts = [_normalise(source)] + [_normalise(t) for t in _output_texts(cell)]
        for region in regions:
            if any(region in text for text in texts):
                first = region.splitlines()[0]
                leaks.append(f"cell {index} holds solution code: {first[:60]}")
                break
    return leaks


def _output_texts(cell):
    for output in cell.get("outputs", ()):
        if "text" in output:
            yield "".join(output["text"])
        for value in output.get("data", {}).values():
            if isinstance(value, str):
                yield value
            elif isinstance(value, list):
                yield "".join(value)


def _note_graded(cell, where, key_cells, questions):
    meta = cell.get("metadata", {}).get("nbgrader", {})
    grade_id = meta.get("grade_id")
    ids = list(dict.fromkeys(_CHECK_CALL.findall(strip_region(cell.source, SOLUTION, "", where))))
    if not grade_id or not (meta.get("grade") or ids):
        return
    if grade_id in key_cells:
        raise ReleaseError(f"{where}: the grade_id {grade_id!r} is used twice")
    points = float(meta.get("points", 0) or 0)
    ours = cell.get("metadata", {}).get("minimax_lessons", {})
    key_cells[grade_id] = {"points": points, "questions": ids, "source": cell.source,
                           "locked": bool(meta.get("locked")), "cell_type": cell.cell_type}
    shares = ours.get("points") or ({q: points / len(ids) for q in ids} if ids else {})
    for qid in ids:
        questions[qid] = {"points": float(shares.get(qid, 0)), "grade_id": grade_id,
                          "options": dict(ours.get("grading", {}).get(qid, {}))}


def notebooks_in(path: Path) -> list:
    """The .ipynb files in a folder (recursively, checkpoints skipped), or the file itself."""
    path = Path(path)
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


#: The question banks a key names (the graded notebooks draw on lessons 3 and 6). A key
#: written before the banks were one package names the old modules, which still import.
BANKS = ("minimax_lessons.exercises.banks",)


def release(src, dest, key=None, banks=BANKS) -> dict:
    """Write student versions of the notebooks in ``src`` to ``dest``; the key to ``key``."""
    src, dest = Path(src), Path(dest)
    if key is not None and _inside(Path(key), dest):
        raise ReleaseError(f"the key {key} must not be written inside the student folder {dest}")
    found = notebooks_in(src)
    if not found:
        raise ReleaseError(f"no notebooks found in {src}")
    full_key = {"format": KEY_FORMAT, "version": 1, "banks": list(banks), "notebooks": {},
                "secret": secrets.token_hex(32)}  # signs results, fixes roster variants
    for path in found:
        nb = nbformat.read(path, as_version=4)
        student, part = student_version(nb, path.name)
        target = dest / path.relative_to(src) if src.is_dir() else (
            dest if dest.suffix == ".ipynb" else dest / path.name)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, nbformat.writes(student))
        if path.name in full_key["notebooks"]:
            raise ReleaseError(f"two notebooks are called {path.name}; names must be unique")
        full_key["notebooks"][path.name] = part
    if key is not None:
        Path(key).parent.mkdir(parents=True, exist_ok=True)
        # the key is the grades: readable by its owner alone, from its first byte
        write_atomic(Path(key), json.dumps(full_key, indent=1, sort_keys=True), mode=0o600)
    return full_key


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def load_key(path) -> dict:
    """Read and check a key file (a clear error when it is not one)."""
    try:
        key = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ReleaseError(f"cannot read the key {path}: {exc}") from None
    if not isinstance(key, dict) or key.get("format") != KEY_FORMAT:
        raise ReleaseError(f"{path} is not a minimax-lessons key (write one with "
                           "`python -m minimax_lessons.instructor student SRC DEST --key KEY`)")
    return key


def key_digest(key: dict) -> str:
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def question_order(qid: str) -> tuple:
    """A sort key that reads the numbers in a question id as numbers: q3.2 before q3.10.

    >>> sorted(["q3.10", "q3.2", "q10.1", "q3.1"], key=question_order)
    ['q3.1', 'q3.2', 'q3.10', 'q10.1']
    """
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", qid) if part)


__all__ = ["release", "student_version", "strip_region", "load_key", "notebooks_in",
           "write_atomic", "ReleaseError", "key_digest", "question_order", "solution_leaks",
           "solution_regions", "COURSE_SOURCE", "STUDENT_NOTEBOOKS"]
