"""Child Pythons that import this package: where it lies, and how they start fast.

The grader, the tournament, the checker's worker and each bot run in a Python process of
their own. Each needs the package importable (the folder that holds it first on
``PYTHONPATH``: :func:`with_package_path`) and starts from :func:`launch`, which skips one
slow import: nbformat checks notebooks with jsonschema, which on import builds some forty
grammars for one optional string format (the ``rfc3987_syntax`` package), about 3 s a
process on a slow machine, for a check none of these processes makes.

>>> launch("minimax_lessons.play.bot_process")
"import sys; sys.modules.setdefault('rfc3987_syntax', None); from minimax_lessons.play.bot_process import main; main()"
>>> with_package_path({"PYTHONPATH": "/mine"})["PYTHONPATH"].endswith(":/mine")
True
"""

from __future__ import annotations

import os
from pathlib import Path

#: The folder that holds the ``minimax_lessons`` package (a checkout or site-packages).
PACKAGE_ROOT = Path(__file__).resolve().parents[1]


def with_package_path(env) -> dict:
    """A copy of the environment ``env`` with the package's folder first on ``PYTHONPATH``."""
    env = dict(env)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PACKAGE_ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return env


def launch(module: str, function: str = "main") -> str:
    """``python -c`` code that runs ``module.function()`` without the slow import."""
    return (f"import sys; sys.modules.setdefault('rfc3987_syntax', None); "
            f"from {module} import {function}; {function}()")


__all__ = ["PACKAGE_ROOT", "with_package_path", "launch"]
