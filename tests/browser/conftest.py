"""Fixtures that drive JupyterLab in a real headless Chromium (Playwright, sync API).

Vocabulary:

- ``jupyter_server`` (session): a private JupyterLab server on 127.0.0.1 with a token,
  its own config, data (the notebooks it trusts), runtime, settings and workspace
  directories, and a temporary root directory: nothing the user's own Jupyter keeps
  changes what a test sees, and no test changes it. ``jupyter_server.add_notebook(nb_or_path)`` puts a notebook there.
- ``browser`` (session): Debian's Chromium (its headless shell, else ``/usr/bin/chromium``,
  or ``$CHROMIUM``) under Playwright. Tests are skipped, with the reason, when Chromium or Playwright
  is missing.
- ``lab`` (per test): a :class:`LabPage`, JupyterLab in a browser page, as it starts: no
  document open, no kernel running, the layout ``make lab`` opens (the file browser
  open), the light theme, a 1280x900 window. It records the test's console errors
  (the test fails on any not listed in ``BENIGN_CONSOLE_ERRORS``), and saves a
  screenshot to ``tests/artifacts/<test name>.png`` at the end of every test, passed or
  failed.
- *the lab app* (``lab_app``, session: one per pytest-xdist worker): the page behind
  ``lab``. JupyterLab starts once in it, with the first ``lab.open``; later tests open
  their notebooks in that running JupyterLab (as a student opens lesson after lesson),
  which saves the 2-4 s of CPU a JupyterLab start costs. Between two tests every
  document is closed, every kernel shut down, the browser's storage for the server
  cleared and the window size reset; anything else a test changed (a theme, a closed
  side panel, a dialog) is put back, or JupyterLab starts afresh for the next test. So a
  test passes or fails the same alone, first, or after any other.

A test reads like::

    pytestmark = pytest.mark.browser

    def test_something(jupyter_server, lab):
        name = jupyter_server.add_notebook(notebook)   # an nbformat notebook or a path
        lab.open(name)
        lab.run_all()                                   # fails if a cell raised
        lab.page.get_by_text("...").click()             # plain Playwright from here
"""

import http.client
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import nbformat
import pytest

from minimax_lessons._process import launch

from . import chromium

#: The Chromium the tests drive (its headless shell, else ``chromium``; ``$CHROMIUM``
#: chooses either: :mod:`tests.browser.chromium`), named in the reason a test is skipped
#: for when neither is installed.
CHROMIUM = chromium.find(chromium.HEADLESS_SHELL) or chromium.HEADLESS_SHELL
CHROMIUM_ARGS = chromium.ARGS
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SERVER_START_SECONDS = 60
TIMEOUT_MS = 60_000

# Console errors that are not failures, each with why. Matched with re.search.
BENIGN_CONSOLE_ERRORS = {
    r"^Could not restore the debugger state: Canceled future for debug_request":
        "a notebook closed in the second after its kernel started: JupyterLab's debugger "
        "had asked the kernel for its state (debugpy starting in it), and says it cancelled "
        "that request; the lab fixture closes notebooks that soon between tests",
}

# User settings for a fresh server: start the kernel without the "Select Kernel"
# dialog (it would block Run All), render every cell (not only those in view, so a
# test can read every output), and no news or update toast over the widgets.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "autoStartDefaultKernel": True, "windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}

#: The window size a test starts with.
VIEWPORT = {"width": 1280, "height": 900}

#: What a test may change in the running JupyterLab besides its documents, as JupyterLab
#: started: the theme, the side panels (which one shows), the mode, any dialog open.
APP_STATE_JS = """() => {
    const shell = window.jupyterapp.shell;
    const shown = area => [...shell.widgets(area)].filter(w => w.isVisible).map(w => w.id);
    return {theme: document.body.dataset.jpThemeName, mode: shell.mode,
            presentation: shell.presentationMode,
            left: shell.leftCollapsed ? [] : shown('left'),
            right: shell.rightCollapsed ? [] : shown('right'),
            dialogs: document.querySelectorAll('.jp-Dialog').length};
}"""

#: Close every document in the main area at once (no "save changes?" dialog), and clear
#: the browser's storage for the server. JupyterLab then opens its launcher in the empty
#: main area (when the launcher's own tab was closed too: a new one).
CLOSE_DOCUMENTS_JS = """() => {
    const shell = window.jupyterapp.shell;
    for (const widget of [...shell.widgets('main')]) widget.dispose();
    localStorage.clear();
    sessionStorage.clear();
}"""

#: The main area holds JupyterLab's launcher and nothing else.
ONLY_LAUNCHER_JS = """() => {
    const ids = [...window.jupyterapp.shell.widgets('main')].map(w => w.id);
    return ids.length === 1 && ids[0].startsWith('launcher');
}"""

#: Open a notebook in the running JupyterLab (as the file browser does), make it current
#: and close the launcher: the notebook alone, as in JupyterLab started with it.
OPEN_IN_APP_JS = """async path => {
    const shell = window.jupyterapp.shell;
    const launchers = [...shell.widgets('main')];
    const widget = await window.jupyterapp.commands.execute('docmanager:open', {path});
    shell.activateById(widget.id);
    for (const launcher of launchers) launcher.dispose();
}"""

KERNEL_IDLE_JS = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
    return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}"""

#: What the current notebook's kernel holds for a Python expression, asked again every
#: 100 ms (a silent request, nothing shown) until it is the text wanted or the time is up:
#: ipywidgets sends a widget's change only when the kernel has answered the one before,
#: and keeps the newest meanwhile, so the page can show a state the kernel has not yet had.
KERNEL_VALUE_JS = """async ([expression, wanted, ms]) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const end = Date.now() + ms;
    let got = null;
    do {
        const reply = await kernel.requestExecute({code: '', silent: true, store_history: false,
                                                   user_expressions: {v: expression}}).done;
        const v = reply.content.user_expressions.v;
        got = v.status === 'ok' ? v.data['text/plain'] : `${v.ename}: ${v.evalue}`;
        if (got === wanted) return got;
        await new Promise(resolve => setTimeout(resolve, 100));
    } while (Date.now() < end);
    return got;
}"""

NOTEBOOK_OPEN_JS = """path => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return !!w && !!w.context && w.context.path === path && w.context.isReady && !!w.sessionContext;
}"""

#: Every widget output of the current notebook is drawn: its view holds something, and
#: every animation player its tree. A Run All ends when the kernel has answered; the views
#: (anywidget's modules, ipywidgets' models) are drawn after that.
WIDGETS_DRAWN_JS = """() => {
    const WIDGET = 'application/vnd.jupyter.widget-view+json';
    const cells = window.jupyterapp.shell.currentWidget.content.widgets;
    return cells.every(cell => {
        if (cell.model.type !== 'code') return true;
        const shown = [...cell.outputArea.node.children];
        return cell.model.outputs.toJSON().every((out, i) => {
            if (!(out.data || {})[WIDGET]) return true;
            const view = shown[i] && shown[i].querySelector('.jp-OutputArea-output .lm-Widget');
            return !!view && (view.childElementCount > 0 || view.classList.contains('mmla'))
                && [...shown[i].querySelectorAll('.mmla')].every(p =>
                    p.querySelector('.mmla-stage svg'));
        });
    });
}"""

CELL_ERRORS_JS = """() => {
    const errors = [];
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        for (const out of cell.toJSON().outputs) {
            if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
        }
    }
    return errors;
}"""


class JupyterServer:
    """A JupyterLab server started for the tests; stop() ends it by its PID."""

    def __init__(self, home):
        self.home = Path(home)
        self.root = self.home / "root"
        self.token = secrets.token_hex(16)
        self.process = None
        self.log_path = self.home / "server.log"
        self.port = None

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path="lab", **query):
        """Absolute URL of `path` with the token (and any extra query flags)."""
        params = "&".join(f"{k}={v}" if v is not True else k for k, v in query.items())
        sep = "&" if params else ""
        return f"{self.base_url}{path}?{params}{sep}token={self.token}"

    def add_notebook(self, notebook, name=None):
        """Copy a notebook (a path or an nbformat node) into the server root; return its name."""
        if isinstance(notebook, (str, Path)):
            name = name or Path(notebook).name
            shutil.copyfile(notebook, self.root / name)
        else:
            name = name or "notebook.ipynb"
            nbformat.write(notebook, self.root / name)
        return name

    def api(self, path, method="GET"):
        """Call the server's REST API; the JSON answer or None."""
        request = urllib.request.Request(self.url(f"api/{path}"), method=method)
        with urllib.request.urlopen(request, timeout=10) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self):
        for session in self.api("sessions"):
            self.api(f"sessions/{session['id']}", method="DELETE")

    def start(self):
        for name in ("config", "data", "runtime", "settings", "workspaces", "ipython", "root"):
            (self.home / name).mkdir(parents=True, exist_ok=True)
        for file, value in LAB_SETTINGS.items():
            path = self.home / "settings" / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value))
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(self.home / "config"),
            # the notebooks it trusts (its notary's signatures) too: in the user's own
            # Jupyter data, a lesson once run and saved unchanged there (in `make lab`, or
            # by another test run) opened trusted in every later run of the tests
            JUPYTER_DATA_DIR=str(self.home / "data"),
            JUPYTER_RUNTIME_DIR=str(self.home / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(self.home / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.home / "workspaces"),
            IPYTHONDIR=str(self.home / "ipython"),
        )
        for attempt in range(3):  # a free port can be taken between finding and binding it
            self.port = free_port()
            with open(self.log_path, "w") as log:
                self.process = subprocess.Popen(
                    self.command(), cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT
                )
            if self.wait_until_up():
                return self
        raise RuntimeError(f"JupyterLab did not start; its log:\n{self.log_tail()}")

    def command(self):
        command = [
            sys.executable, "-c", launch("jupyterlab.labapp"),  # as make lab starts it
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True",
        ]
        if os.geteuid() == 0:
            command.append("--allow-root")
        return command

    def wait_until_up(self):
        """True once /api/status answers 200 to this server's token; False if the server
        exited first (its port taken: :meth:`start` tries another).

        Until then the port may be nobody's (refused), or someone else's that took it
        between :func:`free_port` and the server's bind: another worker's JupyterLab (403
        to our token), a kernel's ZeroMQ socket, which answers with bytes that are no HTTP
        (``BadStatusLine``), or one that never answers (a timeout). None of them is this
        server up; it exits on its failed bind.
        """
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                self.api("status")
                return True
            except (OSError, http.client.HTTPException):  # URLError, refused, timed out
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer in {SERVER_START_SECONDS} s; its log:\n{self.log_tail()}")

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        try:
            self.shutdown_kernels()
        except (urllib.error.URLError, ConnectionError):
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def log_tail(self, lines=40):
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


class LabPage:
    """One browser page of JupyterLab, with helpers for notebooks and kernels."""

    def __init__(self, page, server):
        self.page = page
        self.server = server
        self.console_errors = []
        self.started_as = None  # APP_STATE_JS of the JupyterLab running in the page
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.console_errors.append(f"uncaught: {error}"))
        page.on("dialog", _leave_without_asking)

    def _on_console(self, message):
        if message.type == "error":
            self.console_errors.append(message.text)

    def open(self, name):
        """Open notebook `name` (relative to the server root) and wait for its idle kernel:
        in the JupyterLab running in the page (every other document closed first), else
        in JupyterLab started with it (``?reset``: the layout ``make lab`` opens)."""
        if self.running():
            self.close_documents()
            self.page.evaluate(OPEN_IN_APP_JS, name)
        else:
            self.page.goto(self.server.url(f"lab/tree/{quote(name)}", reset=True))
        self.page.wait_for_function(NOTEBOOK_OPEN_JS, arg=name)
        if self.started_as is None:
            self.started_as = self.page.evaluate(APP_STATE_JS)
        self.wait_for_kernel_idle()
        return self

    def running(self) -> bool:
        """True when the page holds a JupyterLab of this server that has started."""
        return (self.started_as is not None and self.page.url.startswith(self.server.base_url)
                and self.page.evaluate("() => !!window.jupyterapp"))

    def close_documents(self):
        """Close every document (unsaved changes dropped) and clear the browser's storage;
        wait for the launcher JupyterLab opens in their place."""
        self.page.evaluate(CLOSE_DOCUMENTS_JS)
        self.page.wait_for_function(ONLY_LAUNCHER_JS)

    def reset(self) -> list:
        """JupyterLab as it started, for the next test: no document, no kernel, the window
        size, theme, side panels and mode it started with, no console error recorded.
        What cannot be put back leaves the page blank: the next ``open`` starts JupyterLab.
        Returns the unexpected console errors recorded until the documents were closed."""
        errors = None
        try:
            if self.running():
                self.close_documents()
                errors = self.unexpected_console_errors()
                now = self.page.evaluate(APP_STATE_JS)
                if now["theme"] != self.started_as["theme"]:  # a setting kept by the server
                    self.page.evaluate("t => window.jupyterapp.commands.execute("
                                       "'apputils:change-theme', {theme: t})",
                                       self.started_as["theme"])
                    self.page.wait_for_function("t => document.body.dataset.jpThemeName === t",
                                                arg=self.started_as["theme"])
                    now = self.page.evaluate(APP_STATE_JS)
                if now != self.started_as:
                    self.leave()
        except Exception:  # a page in any state: start afresh
            self.leave()
        finally:
            if errors is None:
                errors = self.unexpected_console_errors()
            self.server.shutdown_kernels()
            self.page.set_viewport_size(VIEWPORT)
            self.console_errors.clear()
        return errors

    def leave(self):
        """Leave JupyterLab for a blank page (the next ``open`` starts it again)."""
        self.started_as = None
        self.page.goto("about:blank")

    def wait_for_kernel_idle(self):
        """Wait until the current notebook's kernel is connected and idle."""
        self.page.wait_for_function(KERNEL_IDLE_JS)

    def wait_for_kernel_value(self, expression, wanted, seconds=60):
        """Wait until ``repr`` of ``expression`` in the current notebook's kernel is
        ``wanted`` (a widget's last change reaches the kernel after the page shows it:
        :data:`KERNEL_VALUE_JS`); fail with the last value seen."""
        got = self.page.evaluate(KERNEL_VALUE_JS, [expression, wanted, seconds * 1000])
        assert got == wanted, f"the kernel's {expression} is {got}, not {wanted} after {seconds} s"

    def run_all(self, *, check=True):
        """Run All Cells and wait until every cell has run (the command's promise), the
        kernel is idle and every widget is drawn; raise if a cell raised (unless
        check=False)."""
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.wait_for_kernel_idle()
        errors = self.page.evaluate(CELL_ERRORS_JS)
        if check and errors:
            raise AssertionError("cells raised:\n" + "\n".join(errors))
        self.wait_for_widgets()
        return errors

    def wait_for_widgets(self):
        """Wait until every widget output of the current notebook is drawn."""
        self.page.wait_for_function(WIDGETS_DRAWN_JS)

    def unexpected_console_errors(self):
        return [e for e in self.console_errors if not any(re.search(p, e) for p in BENIGN_CONSOLE_ERRORS)]

    def assert_no_console_errors(self):
        errors = self.unexpected_console_errors()
        assert not errors, "browser console errors:\n" + "\n".join(errors)

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


def _leave_without_asking(dialog):
    """Leave a page with unsaved changes without asking; dismiss any other dialog (what
    Playwright does with no handler)."""
    if dialog.type == "beforeunload":
        dialog.accept()
    else:
        dialog.dismiss()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium under Playwright; skips when either is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium-headless-shell, "
                    "or set $CHROMIUM)")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    finally:
        playwright.stop()


@pytest.fixture(scope="session")
def jupyter_server(browser, tmp_path_factory):
    """A private JupyterLab server for this test session (started after the browser check)."""
    server = JupyterServer(tmp_path_factory.mktemp("jupyter")).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab_app(browser, jupyter_server):
    """The page the tests drive JupyterLab in (see ``lab``)."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield LabPage(page, jupyter_server)
    context.close()


@pytest.fixture
def lab(lab_app, request):
    """JupyterLab as it starts; screenshot and console-error check at the end of the test."""
    lab_app.reset()
    yield lab_app
    try:
        lab_app.screenshot(request.node.name)
    finally:
        errors = lab_app.reset()
    assert not errors, "browser console errors:\n" + "\n".join(errors)
