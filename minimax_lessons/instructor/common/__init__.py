"""What the instructor's tools share, one job a module:

- :mod:`.files`: file names from student ids, atomic writes, CSV no spreadsheet runs;
- :mod:`.privacy`: the grader's own paths, taken out of every text a student receives;
- :mod:`.environment`: the environment a student's code runs in (no tokens, no passwords);
- :mod:`.children`: child Pythons that take a job and answer once, with a token;
- :mod:`.pages`: the instructor's HTML pages, from the templates in ``instructor/templates``.

The old module ``minimax_lessons.instructor.common`` is this package: its names are here.
"""

from .children import (PR_SET_CHILD_SUBREAPER, PR_SET_DUMPABLE, ChildRun, Reply,
                       allow_children, kill_session, prctl, run_child, stop_children, take_job)
from .environment import KEPT_ENVIRONMENT, student_environment
from .files import (FORMULA_STARTS, csv_text, neutral_cell, plain_cell, read_csv,
                    readable_name, safe_name, write_atomic)
from .privacy import HostPaths
from ..._process import kill_descendants

__all__ = ["HostPaths", "safe_name", "readable_name", "write_atomic", "stop_children",
           "allow_children", "csv_text", "read_csv", "neutral_cell", "plain_cell",
           "FORMULA_STARTS", "student_environment", "KEPT_ENVIRONMENT",
           "run_child", "ChildRun", "kill_session", "take_job", "Reply", "prctl",
           "kill_descendants", "PR_SET_CHILD_SUBREAPER", "PR_SET_DUMPABLE"]
