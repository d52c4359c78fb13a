"""Where the course asks each question: its lesson, the lesson's notebook, the cell.

Vocabulary
----------
- A *lesson* is a number, 1 to 11. Its questions are its *predictions* (``p<n>.<k>``,
  asked in its body) and its *exercises* (``q<n>.<k>``, asked at its end), as the banks
  hold them (:data:`minimax_lessons.exercises.banks.LESSONS`), less the graded ones,
  which no logbook holds.
- A *place* is the notebook and the cell (by its id) where a lesson asks a question:
  the first code cell of ``notebooks/NN-*.ipynb`` that calls ``check("p2.1", ...`` or
  ``question("q2.1", ...``. A question asked in another lesson than its bank's belongs
  to the lesson that asks it. Without the course's notebooks
  beside the package (an installed package), questions have their bank's lesson and no
  place.
- A *link* to a place is relative to the folder a notebook runs in (the kernel's working
  folder) and ends ``#cell-id=<id>``, which JupyterLab scrolls to.

>>> lesson_of("p2.1"), lesson_of("q10.5"), lesson_of("q3.7") is None
(2, 10, True)
>>> plan().places["p1.1"].cell
'c14'
"""

from __future__ import annotations

import functools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

__all__ = ["Place", "Plan", "plan", "lesson_of", "link", "NOTEBOOKS"]

#: The course's notebooks, when the package sits in a checkout of the course.
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
_ASKED = re.compile(r"""\b(?:check|question)\(\s*["']([pq]\d+\.\d+)["']""")


@dataclass(frozen=True)
class Place:
    """Where a question is asked: the lesson's notebook (a path) and the cell's id."""

    lesson: int
    notebook: Path
    cell: str


@dataclass(frozen=True, eq=False)
class Plan:
    """The course's questions lesson by lesson, and where each is asked."""

    predictions: dict   # lesson -> ids of its predictions, in order
    exercises: dict     # lesson -> ids of its exercises (not graded), in order
    places: dict        # question id -> Place
    titles: dict        # lesson -> (notebook path, its title), when the notebooks are here

    @functools.cached_property
    def _lesson_of(self) -> dict:
        return {qid: lesson for table in (self.predictions, self.exercises)
                for lesson, ids in table.items() for qid in ids}

    def lesson(self, question_id):
        """The lesson that asks ``question_id`` (None for one that is graded or unknown)."""
        return self._lesson_of.get(question_id)


def plan(folder=NOTEBOOKS) -> Plan:
    """The plan of the course (read once per process and notebook folder)."""
    folder = Path(folder)
    stamps = tuple((p.name, p.stat().st_mtime_ns) for p in _lessons(folder))
    return _plan(folder, stamps)


@functools.cache
def _plan(folder, stamps) -> Plan:
    # Imported on first use, as check() loads them: at the top, the ten banks would add an
    # eighth to every `import minimax_lessons` (0.02 of its 0.16 CPU seconds).
    from ..exercises.banks import LESSONS

    places, titles = {}, {}
    for path in _lessons(folder):
        lesson = int(path.name[:2])
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            continue
        for cell in cells:
            text = "".join(cell.get("source", ""))
            if cell.get("cell_type") == "markdown" and lesson not in titles:
                heading = text.strip().splitlines()[0] if text.strip() else ""
                if heading.startswith("# "):  # "# Lesson 2: Back up values ..."
                    titles[lesson] = (path, re.sub(r"^Lesson \d+:\s*", "", heading[2:].strip()))
            if cell.get("cell_type") != "code" or not cell.get("id"):
                continue
            for asked in _ASKED.findall(text):
                places.setdefault(asked, Place(lesson, path, cell["id"]))
    predictions, exercises = {}, {}
    for n, bank in enumerate(LESSONS, start=1):
        for q in getattr(bank, "PREDICTIONS", ()) + getattr(bank, "QUESTIONS", ()):
            if q.graded:
                continue
            lesson = places[q.id].lesson if q.id in places else n
            into = predictions if q.id.startswith("p") else exercises
            into.setdefault(lesson, []).append(q.id)
    for lesson in set(predictions) | set(exercises):
        predictions.setdefault(lesson, [])
        exercises.setdefault(lesson, [])
    order = sorted(predictions)
    return Plan({n: predictions[n] for n in order}, {n: exercises[n] for n in order}, places,
                titles)


def _lessons(folder):
    return sorted(Path(folder).glob("[0-9][0-9]-*.ipynb")) if Path(folder).is_dir() else []


def lesson_of(question_id):
    """The lesson that asks a question, or None (graded, unknown, or not a lesson's)."""
    return plan().lesson(question_id)


def link(place_or_path, cell=None, *, start=None) -> str:
    """A link to a notebook (and a cell in it), relative to ``start`` (the working folder).

    A lesson of the same name in the working folder is the student's own copy of it
    (:mod:`minimax_lessons.working_copy`, what ``make lab`` opens): the link goes there,
    not to the course's file as shipped.

    >>> link(Path("/c/notebooks/02-x.ipynb"), "c04", start="/c/notebooks")
    '02-x.ipynb#cell-id=c04'
    """
    if isinstance(place_or_path, Place):
        path, cell = place_or_path.notebook, place_or_path.cell
    else:
        path = Path(place_or_path)
    start = Path(start or os.getcwd())
    if (start / path.name).is_file():  # the student's copy of the lesson, beside them
        path = start / path.name
    try:
        relative = os.path.relpath(path, start)
    except ValueError:  # another drive, on Windows
        relative = str(path)
    target = quote(Path(relative).as_posix())
    return f"{target}#cell-id={quote(cell)}" if cell else target
