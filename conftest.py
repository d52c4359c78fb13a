"""Every test run keeps the learner's logbook away from the real user's Jupyter data folder.

Loaded by pytest for everything under the project (tests, the package's doctests, and the
notebooks nbval runs): before any test or kernel starts, ``MINIMAX_LESSONS_PROGRESS_DIR``
points to a folder of this run's own, which kernels started by nbval or by a test's
JupyterLab inherit; each test then gets a fresh folder inside it, so no test sees another's
answers (see :mod:`minimax_lessons.logbook`).

nbval's kernels listen on Unix sockets, not TCP ports (:mod:`tests.kernels`: under load a
port jupyter_client has chosen can be taken before the kernel binds it).
"""

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.kernels import use_for_nbval

use_for_nbval()

FOLDER_ENV = "MINIMAX_LESSONS_PROGRESS_DIR"  # minimax_lessons.logbook.FOLDER_ENV
RUN_MARK = "MINIMAX_LESSONS_TEST_PROGRESS_DIR"

#: The run's folder: made by the first process of the run (pytest-xdist's workers inherit it,
#: as they inherit the mark that says it is the run's own), whatever the shell had set.
MADE_HERE = not os.environ.get(RUN_MARK) or os.environ[RUN_MARK] != os.environ.get(FOLDER_ENV)
if MADE_HERE:
    os.environ[FOLDER_ENV] = os.environ[RUN_MARK] = tempfile.mkdtemp(
        prefix="minimax-lessons-progress-")
RUN_FOLDER = Path(os.environ[FOLDER_ENV])


def pytest_unconfigure(config):
    """The run's folder goes when the run ends (the process that made it removes it)."""
    if MADE_HERE:
        shutil.rmtree(RUN_FOLDER, ignore_errors=True)


@pytest.fixture(autouse=True)
def _own_logbook(request, monkeypatch):
    """A logbook folder of this test's own (made when something is first recorded)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-120:]
    monkeypatch.setenv(FOLDER_ENV, str(RUN_FOLDER / name))
    yield
    from minimax_lessons import logbook

    logbook.start()  # a test that stopped recording does not stop the next one's
