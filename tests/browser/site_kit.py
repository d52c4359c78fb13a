"""Drive the course's static JupyterLite site (``make site``) in Chromium: tests and bench.

Vocabulary:

- *the site*: ``site/`` built by ``lite/build.py``; :func:`built_site` builds it again when
  a file it is made of (the package, the notebooks, ``lite/``) is newer than it.
- :class:`SiteServer`: a static file server on 127.0.0.1 (a thread of this process), as
  ``python -m http.server`` serves it from a USB stick; it counts the bytes it sends.
- :class:`SitePage`: JupyterLab in the browser, on one page; it records the page's
  console errors and the server its error answers (``troubles()``). ``open(path)`` opens a
  notebook; with ``share=True`` it runs on the kernel already running (one kernel for
  many notebooks: each new kernel costs Pyodide's start again, 10-30 s of CPU).
  ``run_all()`` runs every cell and waits until each has run.
- *pictures* of an output list: outputs holding an image (SVG, PNG), a Vega-Lite chart
  or a widget; *texts*: the plain text of each output, sanitised as nbval sanitises
  (notebooks/sanitize.cfg) plus what differs between Python versions.
"""

import configparser
import functools
import http.server
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
#: What the site is made of: newer than the site, it is built again.
SOURCES = ("minimax_lessons", "notebooks", "lite", "lab/overrides.json", "pyproject.toml")
PICTURE_TYPES = ("image/svg+xml", "image/png", "application/vnd.vegalite.v5+json",
                 "application/vnd.jupyter.widget-view+json")
#: Texts that differ between CPython 3.11 (the stored outputs) and Pyodide's 3.14.
VERSION_TEXTS = [(r"maximum recursion depth exceeded while calling a Python object",
                  "maximum recursion depth exceeded")]

KERNEL_IDLE_JS = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
    return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}"""
#: The notebook ``path`` is open and ready, and on screen: brought to the front when another
#: document JupyterLab restored as the page loaded (the layout it keeps in the browser's
#: storage) came in after it, as seen under load.
STARTED_OPEN_JS = """path => {
    const app = window.jupyterapp;
    if (!app) return false;
    const w = [...app.shell.widgets('main')].find(w => w.context && w.context.path === path);
    if (!w) return false;
    if (app.shell.currentWidget !== w) app.shell.activateById(w.id);
    return app.shell.currentWidget === w && w.context.isReady && !!w.sessionContext;
}"""
#: Once JupyterLab has restored its layout: the notebook ``path`` opened if neither the
#: address (``?path=``) nor the restored layout has opened it yet. Seen once in a full run:
#: after a reload, no document for the path asked for ever came (the layout restored
#: beside it may win the race), so the test opens it itself, as a student clicks it.
OPEN_ONCE_RESTORED_JS = """async path => {
    const app = window.jupyterapp;
    await Promise.race([app.restored, new Promise((_, fail) => setTimeout(
        () => fail(new Error('JupyterLab did not restore its layout in 200 s')), 200000))]);
    const open = () => [...app.shell.widgets('main')].some(w => w.context && w.context.path === path);
    if (!open()) await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
    return open();
}"""
#: What the page shows, to say why a wait for a notebook never ended.
PAGE_STATE_JS = """() => {
    const app = window.jupyterapp;
    if (!app) return {url: location.href, app: false};
    return {url: location.href, main: [...app.shell.widgets('main')].map(w => ({
                id: w.id, path: w.context ? w.context.path : null,
                ready: w.context ? w.context.isReady : null,
                current: app.shell.currentWidget === w})),
            dialogs: [...document.querySelectorAll('.jp-Dialog')].map(d => d.innerText.slice(0, 300))};
}"""
KERNEL_ID_JS = """() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"""
#: Open a notebook (on the kernel ``id`` when given), close every other document.
OPEN_JS = """async ([path, id]) => {
    const app = window.jupyterapp;
    const others = [...app.shell.widgets('main')];
    const options = {path, factory: 'Notebook'};
    if (id) options.kernel = {id};
    const widget = await app.commands.execute('docmanager:open', options);
    app.shell.activateById(widget.id);
    for (const other of others) if (other !== widget) other.dispose();
}"""
NOTEBOOK_OPEN_JS = """path => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return !!w && !!w.context && w.context.path === path && w.context.isReady && !!w.sessionContext;
}"""
#: Every code cell has run (a number in its prompt, none waiting) and the kernel is idle.
ALL_RUN_JS = """() => {
    const w = window.jupyterapp.shell.currentWidget;
    const k = w.sessionContext.session && w.sessionContext.session.kernel;
    if (!k || k.status !== 'idle') return false;
    for (const cell of w.content.widgets) {
        if (cell.model.type !== 'code') continue;
        if (cell.model.executionCount === null) return false;
        if (cell.promptNode && cell.promptNode.textContent.includes('*')) return false;
    }
    return true;
}"""
#: Wait until JupyterLab's scroll to the active cell (the last, after Run All) has ended,
#: and two frames more. Run All scrolls there and, once there, gives the notebook the focus
#: back if it had it; with JupyterLab's windowing (the site's, as students get it) that
#: takes frames, drawing the cells it passes. A notebook closed meanwhile (the next lesson
#: opened) fails on its own disposal, console errors: "Cannot read properties of null
#: (reading 'insertWidget')" (a cell drawn), "... (reading 'footer')" (the focus given).
#: Asked for the same cell with the same alignment, the notebook hands back the promise
#: of the scroll under way; a scroll another one replaces is rejected (then that one is
#: waited for).
SCROLLED_JS = """async () => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    for (let tries = 0; tries < 50; tries++) {
        try { await nb.scrollToItem(nb.activeCellIndex, 'smart', 0); break; }
        catch (replaced) { continue; }
    }
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""
OUTPUTS_JS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    const all = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type === 'code') all.push(cell.toJSON().outputs);
    }
    return all;
}"""
SAVE_JS = """async ([path, content]) => {
    await window.jupyterapp.serviceManager.contents.save(path,
        {type: 'notebook', format: 'json', content});
}"""


def built_site(site=SITE) -> Path:
    """``site`` as ``make site`` builds it, built now if missing or older than its sources."""
    stamp = site / "jupyter-lite.json"
    if not stamp.exists() or newest_source() > stamp.stat().st_mtime:
        subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--out", str(site)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    return site


def newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*")
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts and \
                    ".ipynb_checkpoints" not in file.parts:
                newest = max(newest, file.stat().st_mtime)
    return newest


class SiteServer:
    """The site served on 127.0.0.1 by a thread of this process; ``paths`` each path asked
    for, ``failed`` each ``(status, path)`` answered with an error status, ``sent`` the
    bytes of file content served.

    For a test, without changing the site's files: ``settings`` ({plugin id: {setting:
    value}}) are served as the site's ``settingsOverrides`` (in its ``jupyter-lite.json``) on
    top of those it was built with, as the lab tests' own server gets its settings; with
    ``without_outputs`` the notebooks are served without their stored outputs (a test that
    runs them all compares with the files on disk: the browser need not draw the stored
    ones first), but those in ``keep_outputs`` (paths in the drive), served as built."""

    def __init__(self, site, settings=None, without_outputs=False, keep_outputs=()):
        self.paths, self.failed = [], []
        self.sent = 0
        owner = self
        config = None
        if settings:
            config = json.loads((Path(site) / "jupyter-lite.json").read_text(encoding="utf-8"))
            data = config["jupyter-config-data"]
            overrides = data.setdefault("settingsOverrides", {})
            for plugin, values in settings.items():
                overrides[plugin] = {**overrides.get(plugin, {}), **values}
            config = json.dumps(config).encode()

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                owner.paths.append(self.path)

            def log_request(self, code="-", size="-"):
                if isinstance(code, int) and code >= 400:
                    owner.failed.append((code, self.path))
                super().log_request(code, size)

            def do_GET(self):
                path = self.path.split("?")[0]
                if config is not None and path == "/jupyter-lite.json":
                    return self.send_json(config)
                if without_outputs and path.startswith("/files/") and path.endswith(".ipynb"):
                    file = Path(self.translate_path(path))
                    if file.is_file() and path.removeprefix("/files/") not in keep_outputs:
                        return self.send_json(json.dumps(cleared(file)).encode())
                super().do_GET()

            def send_json(self, data: bytes):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def copyfile(self, source, outputfile):
                data = source.read()
                owner.sent += len(data)
                outputfile.write(data)

        handler = functools.partial(Handler, directory=str(site))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def cleared(path) -> dict:
    """The notebook at ``path`` without outputs or execution counts."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return notebook


#: Console errors that are not the course's, each with why (matched with re.match).
BENIGN_CONSOLE_ERRORS = {
    r"Error while computing the ReactiveToolbar TypeError: Cannot read properties of null "
    r"\(reading 'widgets'\)":
        "JupyterLab's own toolbar measures its items asynchronously, and a notebook the "
        "test closes (OPEN_JS, the moment the next one is open) can be disposed while it "
        "measures: the measure then reads the disposed toolbar's layout (the race of "
        "jupyterlab/jupyterlab#16409 and jupyter/notebook#7370; seen once in the site, "
        "under the full suite's load). Nothing of the course's runs in that toolbar.",
}


class SitePage:
    """JupyterLab of the site in one Playwright page."""

    def __init__(self, page, server):
        self.page, self.server = page, server
        self.kernel = None
        self.console_errors = []  # the page's console errors and uncaught exceptions
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda error: self.console_errors.append(f"uncaught: {error}"))

    def troubles(self) -> list:
        """The console errors and the requests answered with an error status since the
        last call (then forgotten)."""
        found = [*(e for e in self.console_errors
                   if not any(re.match(p, e) for p in BENIGN_CONSOLE_ERRORS)),
                 *(f"HTTP {code}: {path}" for code, path in self.server.failed)]
        self.console_errors.clear()
        self.server.failed.clear()
        return found

    def start(self, path):
        """Load JupyterLab with ``path`` open; wait for its kernel (seconds it took)."""
        from playwright.sync_api import Error as PlaywrightError  # its timeouts too

        began = time.monotonic()
        self.page.goto(f"{self.server.url}lab/index.html?path={path}")
        self.page.wait_for_function("() => !!window.jupyterapp")
        try:
            assert self.page.evaluate(OPEN_ONCE_RESTORED_JS, path), f"{path} did not open"
            self.page.wait_for_function(STARTED_OPEN_JS, arg=path)
        except (AssertionError, PlaywrightError) as failed:
            raise AssertionError(f"{path} never came up ready after loading the page: {failed}; "
                                 f"the page: {self.page.evaluate(PAGE_STATE_JS)}") from None
        self.page.wait_for_function(KERNEL_IDLE_JS)
        self.kernel = self.page.evaluate(KERNEL_ID_JS)
        return time.monotonic() - began

    def open(self, path, *, share=True):
        """Open ``path`` in the running JupyterLab, on its kernel when ``share``."""
        if self.kernel is None:
            return self.start(path)
        began = time.monotonic()
        self.page.evaluate(OPEN_JS, [path, self.kernel if share else None])
        self.page.wait_for_function(NOTEBOOK_OPEN_JS, arg=path)
        self.page.wait_for_function(KERNEL_IDLE_JS)
        return time.monotonic() - began

    def run_all(self) -> float:
        """Run every cell; wait until each has run and JupyterLab has scrolled to the last
        one (:data:`SCROLLED_JS`). Returns the seconds it took."""
        began = time.monotonic()
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
        # nothing focused, so nothing is given the focus back after the scroll (SCROLLED_JS)
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.page.wait_for_function(ALL_RUN_JS, polling=250)
        self.page.evaluate(SCROLLED_JS)
        return time.monotonic() - began

    def outputs(self) -> list:
        """The outputs of every code cell, as nbformat writes them."""
        return self.page.evaluate(OUTPUTS_JS)

    def save_notebook(self, path, cells):
        """Write a notebook of code ``cells`` into the site's drive (the browser's storage)."""
        content = {"cells": [{"cell_type": "code", "source": c, "metadata": {},
                              "outputs": [], "execution_count": None} for c in cells],
                   "metadata": {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)",
                                               "language": "python"}},
                   "nbformat": 4, "nbformat_minor": 5}
        self.page.evaluate(SAVE_JS, [path, content])


# -- comparing outputs ----------------------------------------------------------------------------

def stored_outputs(path) -> list:
    """The outputs of every code cell of the notebook file (the CPython run nbval checks)."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    return [cell.get("outputs", []) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def errors(outputs) -> list:
    return [f"cell {i}: {o['ename']}: {o['evalue']}" for i, cell in enumerate(outputs)
            for o in cell if o["output_type"] == "error"]


def pictures(outputs) -> int:
    return sum(any(t in o.get("data", {}) for t in PICTURE_TYPES) for cell in outputs
               for o in cell)


def texts(outputs) -> list:
    """Per code cell, the plain text of its outputs (streams joined as one), sanitised."""
    rules = sanitisers()
    shown = []
    for cell in outputs:
        parts, stream = [], {}
        for o in cell:
            if o["output_type"] == "stream":
                stream[o["name"]] = stream.get(o["name"], "") + _text(o.get("text", ""))
            elif "data" in o:
                parts.append(_text(o["data"].get("text/plain", "")))
        parts += [f"[{name}] {text}" for name, text in sorted(stream.items())]
        shown.append([sanitise(p, rules) for p in parts])
    return shown


def _text(value):
    return "".join(value) if isinstance(value, list) else str(value)


@functools.cache
def sanitisers():
    config = configparser.ConfigParser()
    config.read(NOTEBOOKS / "sanitize.cfg")
    return [(config[s]["regex"], config[s]["replace"]) for s in config.sections()] + VERSION_TEXTS


def sanitise(text, rules):
    for pattern, replacement in rules:
        text = re.sub(pattern, replacement, text)
    return text


def course_notebooks() -> list:
    """The lessons 00-10 and the exercise notebooks, as paths in the site's drive."""
    lessons = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    exercises = sorted(f"exercises/{p.name}" for p in (NOTEBOOKS / "exercises").glob("*.ipynb"))
    return lessons + exercises
