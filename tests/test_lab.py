"""JupyterLab as ``make lab`` starts it, and as the browser tests start it: the same JupyterLab,
without the imports its server never needs (``minimax_lessons._process.SLOW_IMPORTS``)."""

import os
import shlex
import subprocess
import sys
from pathlib import Path

import jupyterlab

from minimax_lessons._process import launch

ROOT = Path(__file__).resolve().parents[1]


def imported_by(command):
    """(exit status, standard output, the modules imported) of ``command`` run with
    Python's import timing on."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPROFILEIMPORTTIME="1"))
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    return done.returncode, done.stdout.strip(), imported


def assert_jupyterlab_without_the_format_grammars(command):
    status, out, imported = imported_by(command)
    assert status == 0 and out == jupyterlab.__version__  # its options reach JupyterLab
    # the server and what imports jsonschema were loaded, as `jupyter lab` loads them ...
    assert {"jupyter_server.serverapp", "jupyter_events.logger", "jsonschema"} <= imported
    # ... but not the grammars jsonschema's "iri" formats build (Lark's), nor any module of
    # the format packages skipped (a skipped one shows only as its failed lookup)
    assert "lark" not in imported
    assert not [name for name in imported if name.startswith("rfc3987_syntax.")]


def test_make_lab_starts_jupyterlab_without_the_format_grammars():
    recipe = subprocess.run(["make", "-n", "--no-print-directory", "lab"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120).stdout
    line = next(line for line in recipe.splitlines() if "jupyterlab.labapp" in line)
    assert "--ServerApp.root_dir=my-lessons" in line
    command = shlex.split(line)
    command = [sys.executable] + command[1:command.index("-c") + 2] + ["--version"]
    assert_jupyterlab_without_the_format_grammars(command)


def test_the_browser_tests_start_it_the_same_way():
    assert_jupyterlab_without_the_format_grammars(
        [sys.executable, "-c", launch("jupyterlab.labapp"), "--version"])
    # where nothing is skipped, the same check fails: it sees what it says it sees
    status, _, imported = imported_by([sys.executable, "-m", "jupyterlab", "--version"])
    assert status == 0 and "lark" in imported
