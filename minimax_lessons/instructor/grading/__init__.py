"""Grading: running and judging each student's notebooks where their code cannot reach the grades.

From the bottom up:

- :mod:`.untrusted`: reading what a student made (no link followed, no blocking read,
  a size cap) and the pipe their answers travel on;
- :mod:`.limits`: what student code may use (memory, processes, space, a user id of its
  own), and the probe that checks a confinement from inside;
- :mod:`.unprivileged`: where no jail can be built and the grader is root, student code
  as a user of its own;
- :mod:`.kernels`: the kernel manager whose kernel's output goes to a capped pipe;
- :mod:`.isolation`: the jail a student's code runs in (bubblewrap), and the choice of
  isolation (:class:`~.isolation.Isolation`);
- :mod:`.notebook_runner`: one notebook in a fresh kernel, with time and output limits;
- :mod:`.judging`: one student's notebooks run, then their recorded answers judged;
- :mod:`.grade_one`: the process of its own each student is graded in;
- :mod:`.stopping`: the first Ctrl-C stops the batch at once;
- :mod:`.batch`: the class, a process per student, resumable, in shards; the signed
  results, from which the gradebook writes the tables and the feedback pages once.

The old module ``minimax_lessons.instructor.grading`` is this package: its names are here.
"""

from ..gradebook.feedback import write_feedback
from ..gradebook.records import QuestionGrade, StudentResult
from .batch import (Progress, copied_from_course, find_submissions, grade, grade_student,
                    in_shard, parse_shard)
from .judging import (Options, choose_record, diagnosis_pictures, grade_here, hidden_salt,
                      question_order, read_records, restore_locked_cells)

__all__ = ["grade", "grade_student", "grade_here", "find_submissions", "restore_locked_cells",
           "read_records", "choose_record", "in_shard", "parse_shard", "StudentResult",
           "question_order", "diagnosis_pictures", "copied_from_course", "hidden_salt",
           "QuestionGrade", "Options", "Progress", "write_feedback"]
