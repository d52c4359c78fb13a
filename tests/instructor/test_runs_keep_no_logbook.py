"""A notebook the instructor's tools run (grading, the tournament, a class's notebooks) writes
nothing in the learner's logbook, even where ``check`` would judge and write."""

import json
import os

import nbformat

from minimax_lessons import logbook
from minimax_lessons.instructor.grading.notebook_runner import run_notebook

CELL = """
import json, os
from minimax_lessons import check, logbook
verdict = check("p2.1", 12)
print(json.dumps({"switch": os.environ.get("MINIMAX_LESSONS_PROGRESS"),
                  "recording": logbook.recording(), "judged": verdict.diagnosis,
                  "folder": os.environ.get("MINIMAX_LESSONS_PROGRESS_DIR")}))
"""


def test_a_notebook_run_by_the_instructors_tools_writes_nothing_in_the_logbook(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    env = dict(os.environ, MPLBACKEND="Agg")  # no grading record: check judges in the kernel
    run = run_notebook(nb, cwd=tmp_path, env=env, cell_timeout=120)
    assert run.problems == []
    said = json.loads(nb.cells[0].outputs[0]["text"])
    assert said["folder"] == os.environ[logbook.FOLDER_ENV]  # the same logbook as this test's
    assert said == {**said, "switch": "off", "recording": False,
                    "judged": "max-at-every-level"}
    assert logbook.entries() == [] and not logbook.where().exists()
