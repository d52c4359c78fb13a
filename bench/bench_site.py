"""The course as a static site in the browser (issue 30's figures): how fast, how big.

Serves ``site/`` (built first when missing or stale, as ``make site`` does) on 127.0.0.1
and drives Debian's Chromium (Playwright), then prints:

- **Lesson 0 to its first tree**, cold (a new browser profile on disk: empty cache, empty
  storage) and on a reload (the same profile, the page loaded again; the median of five): from
  asking for the page to the first drawn tree (Run All is asked for as soon as the kernel
  is ready, as a student runs the first cell; it draws), with the kernel's start on its
  own. Goals: under 15 s cold, under 5 s on a reload. The first tree is the first cell's
  still (JupyterLab shows the ``<img>`` of its SVG); the first player, the animation two
  cells further on (its widget: anywidget's import and front end), is printed too.
- **Bytes transferred** on that first cold open (what the server sent, no compression):
  goal under 40 MB. And the **site's size** on disk.
- **Run All per lesson** in the browser (one Pyodide kernel running the notebooks in
  turn, as tests/browser/test_site.py does) against the same notebook run by CPython
  (nbclient, the sum of its cells' times, kernel start excluded on both sides), and
  the ratio: goal at most 3x.

The machine's load (``os.getloadavg()``) and its speed (``bench_machine.py``) are printed
before and after: the figures are CPU-bound and worth only as much as the load and the
speed they were measured at. Nothing is
asserted. Run with ``make bench`` or ``.venv/bin/python bench/bench_site.py [NAME ...]``
(substrings of notebook paths pick the lessons to time).
"""

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_machine import speed  # noqa: E402
from bench_notebooks import cell_seconds  # noqa: E402
from tests.browser import chromium  # noqa: E402
from tests.browser.site_kit import (ALL_RUN_JS, KERNEL_IDLE_JS, NOTEBOOKS, SitePage, SiteServer,  # noqa: E402
                                    built_site, course_notebooks)

#: A student's browser: Debian's Chromium (``apt-get install chromium``), else the headless
#: shell the tests use (``.ci/run`` installs only that one); ``$CHROMIUM`` chooses either.
CHROMIUM = chromium.find(chromium.BROWSER)
#: Reloads timed (their median is the figure): one alone varies by a second or more here.
RELOADS = 5
#: A tree drawn in an output of the notebook on screen (its outputs cleared first): a still,
#: which JupyterLab shows as the ``<img>`` of its SVG (lesson 0's first picture, the cell
#: ``draw_tree(tree)``), loaded, or a tree drawn inline (a player's).
FIRST_TREE_JS = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const outputs = w && w.content ? w.content.node : null;
    if (!outputs) return false;
    const still = [...outputs.querySelectorAll('.jp-OutputArea-output img')].some(img =>
        (img.getAttribute('src') || '').startsWith('data:image/svg+xml') && img.complete
        && img.naturalWidth > 0);
    return still || !!outputs.querySelector('.jp-OutputArea-output svg g.node');
}"""
#: Lesson 0's first player (its animation widget) drawn: its tree in its stage.
FIRST_PLAYER_JS = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return !!w && !!w.content && !!w.content.node.querySelector('.mmla-stage svg g.node');
}"""


def first_tree(page, server):
    """``(seconds to the first drawn tree, seconds to the kernel's start, seconds to the
    first player)`` from asking for lesson 0 (Run All asked for once its kernel is ready)."""
    began = time.monotonic()
    page.goto(f"{server.url}lab/index.html?path=00-start-here.ipynb")
    page.wait_for_function(KERNEL_IDLE_JS)
    kernel = time.monotonic() - began  # ready: the student runs the cells
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');"
                  " window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(FIRST_TREE_JS, polling=100)
    tree = time.monotonic() - began
    page.wait_for_function(FIRST_PLAYER_JS, polling=100)
    return tree, kernel, time.monotonic() - began


def cpython_run_all(path) -> float:
    """Seconds CPython's cells take (nbclient, kernel start excluded)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="python3", timeout=600, record_timing=True,
                   store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return sum(cell_seconds(c) for c in nb.cells if c.cell_type == "code")


def load_average(when) -> str:
    """The load average and the machine's own speed (bench_machine.py), which here varies
    by as much as twice from one minute to the next, the load staying the same."""
    one, five, fifteen = os.getloadavg()
    return (f"load average {when}: {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} CPUs); "
            + speed())


def main(names):
    sys.stdout.reconfigure(line_buffering=True)
    if CHROMIUM is None:
        sys.exit("no Chromium: apt-get install chromium (or chromium-headless-shell), "
                 "or set $CHROMIUM")
    print(load_average("before"))
    print(f"browser: {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    site = built_site()
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    server = SiteServer(site)
    paths = [p for p in course_notebooks() if not names or any(n in p for n in names)]
    profile = tempfile.mkdtemp(prefix="bench-site-profile-")
    with sync_playwright() as playwright:
        # a browser profile on disk, as a student's browser has: its HTTP cache keeps
        # Pyodide's 9 MB WebAssembly module and the code compiled from it (the in-memory
        # cache of a context without a profile fetched the module again at every reload)
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True,
            args=chromium.ARGS, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.set_default_timeout(600_000)
        cold, cold_kernel, cold_player = first_tree(page, server)
        sent = server.sent
        # loaded again, with the browser's cache and storage: RELOADS times, as one varies
        reloads = sorted(first_tree(page, server) for _ in range(RELOADS))
        warm, warm_kernel, warm_player = reloads[len(reloads) // 2]
        print(f"site: {size / 1e6:.1f} MB in {sum(1 for p in site.rglob('*') if p.is_file())} files")
        print(f"lesson 0 to its first tree: cold {cold:.1f} s (goal < 15 s), "
              f"reload {warm:.1f} s (goal < 5 s; the median of {RELOADS}, from "
              f"{reloads[0][0]:.1f} to {reloads[-1][0]:.1f} s); of which the kernel's start "
              f"{cold_kernel:.1f} s and {warm_kernel:.1f} s")
        print(f"lesson 0 to its first player (the animation, its third code cell): cold {cold_player:.1f} s, "
              f"reload {warm_player:.1f} s (the reload of the median above)")
        print(f"bytes transferred on the first open: {sent / 1e6:.1f} MB (goal < 40 MB)")
        page.wait_for_function(ALL_RUN_JS, polling=250)  # lesson 0's Run All, to its end
        lab = SitePage(page, server)
        lab.kernel = page.evaluate("() => window.jupyterapp.shell.currentWidget"
                                   ".sessionContext.session.kernel.id")
        print(f"{'notebook':<46} {'browser':>8} {'CPython':>8} {'ratio':>6}")
        worst = 0.0
        for path in paths:
            lab.open(path)
            browser_seconds = lab.run_all()
            cpython_seconds = cpython_run_all(NOTEBOOKS / path)
            ratio = browser_seconds / max(cpython_seconds, 1e-3)
            worst = max(worst, ratio)
            print(f"{path:<46} {browser_seconds:>8.1f} {cpython_seconds:>8.1f} {ratio:>5.1f}x")
        print(f"worst ratio {worst:.1f}x (goal <= 3x)")
        print(load_average("after"))
        context.close()
    server.stop()
    shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
