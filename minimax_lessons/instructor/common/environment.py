"""The environment a student's code runs in: the grader's, less what is none of its business.

A grading process, a tournament's bot loader and the kernels they start get only the
variables that say where programs, Python and Jupyter are, and the locale
(:data:`KEPT_ENVIRONMENT`, :data:`KEPT_PREFIXES`): tokens, passwords and cloud credentials
in the instructor's shell stay out of reach of student code, which could print them into
its feedback.

>>> student_environment({"PATH": "/bin", "GITHUB_TOKEN": "x"})
{'PATH': '/bin'}
"""

from __future__ import annotations

import os

#: Environment variables a student's grading process keeps: where programs, Python and
#: Jupyter are, and the locale. Everything else (tokens, passwords, cloud credentials in
#: your shell) stays out of reach of student code, which could print it into its feedback.
KEPT_ENVIRONMENT = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR",
                    "TEMP", "TMP", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "CONDA_PREFIX",
                    "CONDA_DEFAULT_ENV", "IPYTHONDIR", "MPLCONFIGDIR", "SYSTEMROOT", "COMSPEC",
                    "PATHEXT", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
KEPT_PREFIXES = ("LC_", "JUPYTER", "MINIMAX_LESSONS_")


def student_environment(environ=None) -> dict:
    """The grader's environment, less anything a student's code has no business reading.

    >>> sorted(student_environment({"PATH": "/bin", "AWS_SECRET_ACCESS_KEY": "x",
    ...                             "LC_ALL": "C.UTF-8"}))
    ['LC_ALL', 'PATH']
    """
    environ = os.environ if environ is None else environ
    return {k: v for k, v in environ.items()
            if k in KEPT_ENVIRONMENT or k.startswith(KEPT_PREFIXES)}


__all__ = ["student_environment", "KEPT_ENVIRONMENT", "KEPT_PREFIXES"]
