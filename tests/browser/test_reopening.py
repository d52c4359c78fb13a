"""Reopening a notebook in JupyterLab: no widget error (that opening a lesson does not mark
it unsaved is checked where every lesson is opened, tests/browser/test_pictures_fit.py).

- A notebook run and saved, reopened once its kernel is gone, showed "Error displaying
  widget: model not found" where each player was: JupyterLab prefers a widget's view in a
  trusted output and never falls back to the picture beside it. The server extension
  ``minimax_lessons.pictures.saving`` (enabled by ``make setup``) saves the picture instead.
"""

import re
from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

CODE = [
    "from minimax_lessons import ConnectFourBoard, FIGURE_5_2, alphabeta, animate, practice",
    "animate(alphabeta, FIGURE_5_2)",
    "animate(alphabeta, FIGURE_5_2, quiz=True)",
    'practice("values", trees=1)',
    'ConnectFourBoard(human="X", max_depth=1)',
]
WIDGET = "application/vnd.jupyter.widget-view+json"

OUTPUTS_JS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.widgets;
    return cells.slice(1).map(cell => ({
        types: cell.model.outputs.toJSON().map(o => Object.keys(o.data || {}).sort()),
        svg: cell.model.outputs.toJSON().map(o => (o.data || {})['image/svg+xml'] || ''),
        text: cell.node.querySelector('.jp-OutputArea') ?
            cell.node.querySelector('.jp-OutputArea').innerText : '',
        images: [...cell.node.querySelectorAll('.jp-OutputArea-output img')]
            .filter(img => img.complete && img.naturalWidth > 0).length,
    }));
}"""


def test_a_run_notebook_saved_and_reopened_shows_still_pictures_with_a_hint(
        jupyter_server, lab):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in CODE]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    name = jupyter_server.add_notebook(nb, "reopened.ipynb")
    lab.open(name)
    lab.run_all()
    page = lab.page
    page.locator(".mmla").nth(1).wait_for(state="visible")
    page.locator(".mmp").wait_for(state="visible")
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    # The live notebook keeps its widgets; the file keeps the pictures.
    assert page.locator(".mmla").count() == 2
    saved = nbformat.read(jupyter_server.root / name, as_version=4)
    for cell in saved.cells[1:]:
        (out,) = [o for o in cell.outputs if "data" in o]
        assert WIDGET not in out["data"] and {"image/svg+xml", "image/png"} <= set(out["data"])

    jupyter_server.shutdown_kernels()  # the kernel is gone, as after closing the laptop
    lab.open(name)
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output img')"
                           ".length >= 4")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete)")
    found = page.evaluate(OUTPUTS_JS)
    assert "Error displaying widget" not in page.locator(".jp-Notebook").inner_text()
    hints = ["Run this cell to play it step by step.", "Run this cell to take the quiz",
             "Run this cell to practise", "Run this cell to play against the program."]
    for code, cell, hint in zip(CODE[1:], found, hints):
        assert cell["types"] == [["image/png", "image/svg+xml", "text/html", "text/plain"]], (
            code, cell)
        assert cell["images"] == 1, (code, cell)
        written = " ".join(re.findall(r'class="mm-hint">([^<]*)</text>', cell["svg"][0]))
        assert hint in written, (code, hint, written)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".jp-Cell").nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "reopened_notebook_still_pictures.png"))
    lab.assert_no_console_errors()


LECTURE_CODE = [
    "from minimax_lessons import FIGURE_5_2, alphabeta, animate, lecture_mode\nlecture_mode()",
    "animate(alphabeta, FIGURE_5_2)",
    "animate(alphabeta, FIGURE_5_2, quiz=True)",
]

#: Per output of the current notebook: its iframes and whether they show, its images (loaded
#: and shown) with the hint written in each, and its text.
LECTURE_OUTPUTS_JS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.widgets;
    const shown = el => !!(el.offsetWidth || el.offsetHeight);
    const hint = img => {
        const src = img.getAttribute('src') || '';
        if (!src.startsWith('data:image/svg+xml;base64,')) return '';
        const bytes = Uint8Array.from(atob(src.slice(26)), c => c.charCodeAt(0));
        const svg = new TextDecoder().decode(bytes);
        return [...svg.matchAll(/class="mm-hint">([^<]*)</g)].map(m => m[1]).join(' ');
    };
    return cells.slice(1).map(cell => {
        const area = cell.node.querySelector('.jp-OutputArea');
        return {
            iframes: [...area.querySelectorAll('iframe.mm-player')].map(shown),
            images: [...area.querySelectorAll('img')].filter(img => img.complete
                && img.naturalWidth > 0 && shown(img)).map(hint),
            text: area.innerText.trim(),
        };
    });
}"""


def test_a_notebook_run_in_lecture_mode_saved_and_reopened_untrusted_shows_each_still(
        jupyter_server, lab):
    """A player made in lecture mode carries its self-contained player as HTML (an iframe,
    for slides and exported pages) with its still picture after it: reopened trusted the
    iframe plays and the still stays hidden; reopened untrusted (on another machine, or
    changed outside JupyterLab) JupyterLab drops the iframe, and the still shows with its
    hint, not an empty output."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in LECTURE_CODE]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    name = jupyter_server.add_notebook(nb, "lecture-reopened.ipynb")
    page = lab.page
    page.set_viewport_size({"width": 1024, "height": 768})
    lab.open(name)
    lab.run_all()
    page.locator(".mmla").nth(1).wait_for(state="visible")
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    saved = nbformat.read(jupyter_server.root / name, as_version=4)
    for cell in saved.cells[1:]:
        (out,) = [o for o in cell.outputs if "data" in o]
        assert WIDGET not in out["data"]
        assert 'class="mm-player"' in out["data"]["text/html"] and "<img " in out["data"]["text/html"]
    jupyter_server.shutdown_kernels()

    lab.open(name)  # trusted (JupyterLab signed it as it saved it): the players play
    page.wait_for_function("() => document.querySelectorAll('iframe.mm-player').length === 2")
    trusted = page.evaluate(LECTURE_OUTPUTS_JS)
    assert [cell["iframes"] for cell in trusted] == [[True], [True]], trusted
    assert [cell["images"] for cell in trusted] == [[], []], trusted  # the stills stay hidden
    jupyter_server.shutdown_kernels()

    saved.metadata["reopened_elsewhere"] = True  # not what JupyterLab signed: untrusted
    elsewhere = jupyter_server.add_notebook(saved, "lecture-reopened-elsewhere.ipynb")
    lab.open(elsewhere)
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output img')"
                           ".length >= 2")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete)")
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                         ".filter(c => c.model.type === 'code').every(c => !c.model.trusted)")
    untrusted = page.evaluate(LECTURE_OUTPUTS_JS)
    hints = ["Run this cell to play it step by step.",
             "Run this cell to take the quiz: it asks before each step."]
    for cell, hint in zip(untrusted, hints):
        assert cell["iframes"] == [] and len(cell["images"]) == 1, untrusted
        assert hint in cell["images"][0], (hint, cell)
    assert "Error displaying widget" not in page.locator(".jp-Notebook").inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".jp-Cell").nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "lecture_reopened_untrusted_still_pictures.png"))
    lab.assert_no_console_errors()
