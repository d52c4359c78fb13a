"""JupyterLab in a real browser runs a notebook and its ipywidgets talk to the kernel."""

import secrets
import socket
import threading
from pathlib import Path

import nbformat
import pytest
from jupyter_core.paths import jupyter_data_dir
from nbformat.sign import NotebookNotary

from . import conftest

pytestmark = pytest.mark.browser

#: What a kernel's ZeroMQ socket sends first to whoever connects (ZMTP 3's signature and
#: version): the answer the server's first poll got on a fresh clone, when a kernel of the
#: other worker took the port between ``free_port`` and JupyterLab's bind.
ZMQ_GREETING = b"\xff" + bytes(8) + b"\x7f\x03\x00NULL" + bytes(16)

WIDGETS = """\
import ipywidgets as widgets

depth = widgets.IntSlider(value=3, min=0, max=9, description="depth")
status = widgets.HTML(value="<b class='smoke-status'>waiting</b>")
button = widgets.Button(description="Search")

def on_click(_):
    status.value = f"<b class='smoke-status'>searched to depth {depth.value}</b>"

button.on_click(on_click)
widgets.VBox([depth, button, status])"""


def widget_notebook():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Smoke test"), nbformat.v4.new_code_cell(WIDGETS)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def test_run_all_shows_widgets_and_a_button_click_reaches_the_kernel(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(widget_notebook(), "smoke.ipynb"))
    lab.run_all()
    page = lab.page

    slider = page.locator(".widget-slider", has_text="depth")
    slider.wait_for(state="visible")
    assert page.locator(".smoke-status").inner_text() == "waiting"

    page.get_by_role("button", name="Search").click()
    page.locator(".smoke-status", has_text="searched to depth 3").wait_for(state="visible")
    lab.assert_no_console_errors()


def test_a_server_whose_port_a_kernel_took_meanwhile_starts_on_another(tmp_path, monkeypatch):
    """The port ``free_port`` found is a ZeroMQ socket's by the time JupyterLab binds it:
    the server's first poll reads no HTTP, the server exits on its failed bind, and
    ``start`` starts it again on another port, where it answers to its token."""
    taken = socket.create_server(("127.0.0.1", 0))
    taken.settimeout(0.1)
    answered, done = [], threading.Event()

    def answer_like_a_kernel():
        while not done.is_set():
            try:
                connection, _ = taken.accept()
            except TimeoutError:
                continue
            with connection:
                connection.sendall(ZMQ_GREETING)
                answered.append(1)

    thread = threading.Thread(target=answer_like_a_kernel, daemon=True)
    thread.start()
    ports = [taken.getsockname()[1]]
    found = conftest.free_port
    monkeypatch.setattr(conftest, "free_port", lambda: ports.pop() if ports else found())
    server = conftest.JupyterServer(tmp_path)
    try:
        server.start()
        assert answered, "the first poll never met the taken port"
        assert server.port != taken.getsockname()[1]
        assert server.api("status")["started"]
    finally:
        server.stop()
        done.set()
        thread.join()
        taken.close()


def test_a_notebook_the_tests_jupyterlab_trusts_is_trusted_in_its_own_data_only(
        jupyter_server, lab):
    """A notebook run and saved in the tests' JupyterLab is signed as trusted in that
    server's own data, not in the user's: there, a lesson once run and saved unchanged
    (by a test run before, or in ``make lab``) opened trusted in every later run, and the
    tests of untrusted lessons failed (tests/browser/test_pictures_fit.py)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"print({secrets.token_hex(8)!r})")]  # its own
    name = jupyter_server.add_notebook(nb, "signed-here.ipynb")
    lab.open(name)
    lab.run_all()
    page = lab.page
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    saved = nbformat.read(jupyter_server.root / name, as_version=4)
    assert saved.cells[0].outputs, "the run was not saved"
    users = Path(jupyter_data_dir())  # nothing there at all is fine too
    if (users / "nbsignatures.db").exists() and (users / "notebook_secret").exists():
        assert not NotebookNotary(data_dir=str(users)).check_signature(saved), \
            "the tests' JupyterLab signed the notebook in the user's own Jupyter data"
    here = NotebookNotary(data_dir=str(jupyter_server.home / "data"))
    assert here.check_signature(saved), "the server did not sign what it ran: nothing to test"
