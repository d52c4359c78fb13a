"""How long the whole course takes to run: every notebook, fresh, top to bottom.

Executes each notebook under notebooks/ (lessons, exercises/, solutions/) in a new
kernel with nbclient, as `make notebooks` and nbval do, in memory (nothing is
written back), one after another. Prints the seconds per notebook (kernel start
included) with its slowest cell, and the total.

Target: the whole course in under a minute on a 2-core machine. Nothing is
asserted: the figures are for a person to read.

Run with `make bench`, or: .venv/bin/python bench/bench_notebooks.py [NAME ...]
where NAMEs (substrings of paths) pick some notebooks. The kernel is "python3"
started with this Python (jupyter_client runs a kernelspec's "python" as
sys.executable), so run it with the project's .venv.
"""

import sys
import time
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TARGET_SECONDS = 60.0


def course(names=()):
    """Every notebook of the course, lessons first, then exercises and solutions."""
    paths = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    paths.sort(key=lambda p: (len(p.relative_to(NOTEBOOKS).parts), str(p)))
    return [p for p in paths if not names or any(n in str(p) for n in names)]


def cell_seconds(cell):
    """Seconds a cell ran, from the timing nbclient records in its metadata."""
    timing = cell.get("metadata", {}).get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not (start and end):
        return 0.0
    parse = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))  # noqa: E731
    return (parse(end) - parse(start)).total_seconds()


def run(path):
    """(seconds, number of code cells, (slowest cell number, its seconds, first line))."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, kernel_name="python3", timeout=300, record_timing=True,
                            store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    code = [(k + 1, c) for k, c in enumerate(nb.cells) if c.cell_type == "code"]
    number, cell = max(code, key=lambda kc: cell_seconds(kc[1]), default=(0, None))
    first = cell.source.strip().splitlines()[0][:48] if cell is not None and cell.source.strip() else ""
    return seconds, len(code), (number, cell_seconds(cell) if cell else 0.0, first)


def main(names):
    paths = course(names)
    print(f"Running {len(paths)} notebooks with {sys.executable}")
    print(f"{'notebook':<46} {'cells':>5} {'seconds':>8}   slowest cell")
    total = 0.0
    for path in paths:
        seconds, cells, (number, slowest, first) = run(path)
        total += seconds
        print(f"{str(path.relative_to(NOTEBOOKS)):<46} {cells:>5} {seconds:>8.1f}   "
              f"#{number} {slowest:.1f} s  {first}")
    verdict = "within" if total < TARGET_SECONDS else "OVER"
    print(f"{'total':<46} {'':>5} {total:>8.1f}   {verdict} the target of "
          f"{TARGET_SECONDS:.0f} s for the whole course")


if __name__ == "__main__":
    main(sys.argv[1:])
