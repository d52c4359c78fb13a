"""Grade one student in a process of its own.

The grader (:func:`~.batch.grade_student`) starts this module (``python -m
minimax_lessons.instructor.grading.grade_one``) once per student
(:func:`~..common.run_child`) and sends it the job on stdin (pickled, trusted): the
student's files, the key (never its path), the options, the assigned seed, the isolation
and the folders a jail must hide, and a random token. The answer goes back as one JSON object on a
private copy of stdout that carries the token (:func:`~..common.take_job`); the
student's kernel inherits neither (its fd 1 points at stderr). So a student's code:

- starts from a fresh process: a checker worker of its own, shared with nobody;
- can kill only this process (the grader records a crash and goes on);
- cannot forge the answer (it does not know the token or the descriptor);
- leaves no process behind: this process is a *subreaper* (Linux), so every
  process the student started ends up its child, and all are killed before it
  answers; in a jail, the PID namespace does the same.
"""

from __future__ import annotations

import tempfile

from ...runner import sandbox as sandbox_module
from ..._process import kill_descendants
from ..common.children import take_job
from .judging import Options, grade_here
from .isolation import Isolation
from .stopping import on_terminate


def main():
    on_terminate()  # the grader stopping (Ctrl-C): kernels, jails and the checker go too
    job, reply = take_job()
    options = Options(**job["options"])
    jail = Isolation.from_data(job.get("isolation")).jails(hide=job.get("hide", []),
                                                            root=job["work_root"])
    checker_dir = tempfile.mkdtemp(prefix="checker-", dir=job["work_root"])
    # the checker's worker sees of the package only the games and the runner
    box = sandbox_module.Sandbox(isolate="item", wrapper=jail(
        checker_dir, package="games").prefix() if jail else None)
    sandbox_module.use_default(box)
    try:
        result, executed = grade_here(job["student"], job["files"], job["key"], options,
                                      work_root=job["work_root"], seed=job.get("seed"),
                                      jail=jail)
    finally:
        box.stop()
        kill_descendants()
    reply.send({"result": result.to_data(), "executed": executed})


if __name__ == "__main__":
    main()
