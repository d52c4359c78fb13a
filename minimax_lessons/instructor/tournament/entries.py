"""A tournament's entries: each student's bot, loaded from their notebook the way ``grade`` runs it.

:func:`find_entries` finds each student's capstone notebook; :func:`load_student` runs it
in a fresh process of its own (``_load_main``), in a fresh kernel with the grader's limits
(:mod:`..grading.notebook_runner`), in a jail when there is one, with its answers
recorded, so that ``enter_tournament(game, evaluate, choose_move)`` records the
functions as their source; :func:`functions_recorded` reads them back. A notebook that
records no ``evaluate`` (it raised first, or never called ``enter_tournament``) gives no
bot: that student loses every game, and the leaderboard says why.

>>> functions_recorded([], type("Notebook", (), {"cells": []})())["problem"][:20]
'no evaluate recorded'
"""

from __future__ import annotations

import os
from dataclasses import asdict
from pathlib import Path

from ..._process import kill_descendants, launch
from ...play.arena import Player
from ..assignment.release import ReleaseError, notebooks_in
from ..common.children import run_child, take_job
from ..common.privacy import MAX_SAID
from ..grading.judging import Options

#: The notebook a student submits (any single notebook in their folder also counts).
CAPSTONE = "09-connect-four-capstone.ipynb"



# -- finding and loading submissions -------------------------------------------------------------
def find_entries(root) -> dict:
    """student -> their notebook (or None): ``root/alice.ipynb`` or ``root/alice/...``.

    In a student's folder the capstone notebook counts, else their only notebook.
    """
    root = Path(root)
    if not root.is_dir():
        raise ReleaseError(f"the submissions folder {root} does not exist (expected "
                           "SUB/<student>.ipynb or SUB/<student>/...ipynb)")
    found = {}
    for path in notebooks_in(root):
        rel = path.relative_to(root)
        student = rel.parts[0] if len(rel.parts) > 1 else path.stem
        found.setdefault(student, []).append(path)
    for folder in root.iterdir():
        if folder.is_dir() and not folder.name.startswith(".") and folder.name not in found:
            found[folder.name] = []
    entries = {}
    for student, paths in sorted(found.items()):
        named = [p for p in paths if p.name == CAPSTONE]
        entries[student] = named[0] if named else (paths[0] if len(paths) == 1 else None)
    return entries


#: The loader's process, like the grader's, less one slow import (see batch._LAUNCH_ONE).
_LAUNCH_LOAD = launch("minimax_lessons.instructor.tournament.entries", "_load_main")


def load_student(student, path, options: Options, *, isolation=None, hide=(),
                 work_root) -> Player:
    """Run a student's notebook in a process of its own; their :class:`Player`.

    Never raises for a bad submission: the player then carries the problem.
    """
    if path is None:
        return Player(student, "student", problem="no notebook submitted (or several, none "
                                                   f"named {CAPSTONE})")
    job = {"student": student, "path": str(path), "options": asdict(options),
           "isolation": isolation.to_data() if isolation else None, "hide": list(hide),
           "work_root": str(work_root)}
    limit = options.notebook_timeout + 120
    run = run_child(_LAUNCH_LOAD, job, timeout=limit)
    if run.timed_out:
        return Player(student, "student", problem=f"loading the notebook took over {limit:g} s")
    if run.answer is None:
        why = f"the process loading the notebook stopped (exit code {run.exit_code})"
        return Player(student, "student", problem=why + (
            f": {run.last_error}" if run.last_error is not None else ""))
    answer = run.answer
    return Player(student, "student", evaluate=answer.get("evaluate"),
                  choose_move=answer.get("choose_move"), problem=answer.get("problem"))


def _load_main():
    """The loader process: run the notebook, answer with the recorded functions."""
    from ..grading.isolation import Isolation
    from ..grading.notebook_runner import run_recorded
    from ..grading.untrusted import NotAFile, read_file
    import nbformat

    job, reply = take_job()
    options = Options(**job["options"])
    answer = {}
    try:
        try:
            nb = nbformat.reads(read_file(job["path"]).decode("utf-8"), as_version=4)
        except NotAFile as exc:  # a link, a pipe, a device, a folder: refused at once
            answer["problem"] = f"the submitted notebook is {exc.strerror}; not loaded"
        except Exception as exc:
            answer["problem"] = f"the notebook could not be read ({type(exc).__name__})"
        else:
            jail = Isolation.from_data(job["isolation"]).jails(hide=job["hide"],
                                                               root=job["work_root"])
            run, records = run_recorded(nb, job["work_root"], env=os.environ, jail=jail,
                                        cell_timeout=options.cell_timeout,
                                        notebook_timeout=options.notebook_timeout,
                                        output_limit=options.output_limit,
                                        kernel_name=options.kernel_name)
            answer.update(functions_recorded(records, nb, run.problems))
    finally:
        kill_descendants()
    reply.send(answer)


def functions_recorded(records, nb, problems=()) -> dict:
    """``{"evaluate": data, "choose_move": data or None}``, or ``{"problem": why}``."""
    from ...exercises.capstone import CHOOSE_MOVE_ID, EVALUATE_ID
    from ...runner.codec import decode
    from ...runner.shipping import Shipped

    found = {}
    for key, qid in (("evaluate", EVALUATE_ID), ("choose_move", CHOOSE_MOVE_ID)):
        mine = [r for r in records if r["question"] == qid]
        value = None
        if mine:
            try:
                value = decode(mine[-1].get("answer"))
            except ValueError:
                value = None
        found[key] = value.to_data() if isinstance(value, Shipped) else None
    if found["evaluate"] is None and found["choose_move"] is None:
        return {"problem": "no evaluate recorded: " + _first_error(nb, problems)}
    return found


def _first_error(nb, problems) -> str:
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                return (f"cell {index + 1} raised {output.get('ename')}: "
                        f"{str(output.get('evalue', ''))[:MAX_SAID]}")  # scrubbed later
    if problems:
        return "; ".join(problems)[:MAX_SAID]
    return "the notebook never called enter_tournament(game, evaluate, choose_move)"


__all__ = ["find_entries", "load_student", "functions_recorded", "CAPSTONE"]
