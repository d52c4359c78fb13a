"""Instructor tools: student versions of exercise notebooks, and unattended grading.

From a shell::

    python -m minimax_lessons.instructor student notebooks/exercises release/ --key key.json
    python -m minimax_lessons.instructor grade submitted/ --key key.json --out graded/
    python -m minimax_lessons.instructor tournament submitted/ --out tournament/

``student`` strips solutions (``### BEGIN SOLUTION`` / ``### END SOLUTION``),
hidden tests and answer-key cells, clears outputs, keeps nbgrader metadata, and
writes the key (keep it away from students). ``grade`` runs every submitted
notebook in a fresh kernel with time and output limits, judges the recorded
answers against the key, and writes ``grades.csv`` and one feedback page per
student; re-running resumes. ``tournament`` plays the Connect Four capstone's bots
against the reference bots and each other (:mod:`.tournament`). See ``docs/exercises.md``.

With bubblewrap installed, each student's code runs isolated from the key, the
other submissions and the output folder; without it, submitted notebooks run
with your rights (the grader says so). See ``docs/grading-threat-model.md``.
"""

from .._process import skip_slow_import

skip_slow_import()  # before nbformat: every command starts about 1 s sooner

from .assignment.release import load_key, release, student_version  # noqa: E402
from .gradebook.records import StudentResult  # noqa: E402
from .grading.batch import grade  # noqa: E402

__all__ = ["release", "student_version", "load_key", "grade", "StudentResult"]
