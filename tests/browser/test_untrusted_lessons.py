"""A lesson opened but not yet run (untrusted) shows its pictures, not their text.

JupyterLab trusts only notebooks it ran itself: in any other it refuses SVG and
strips inline ``<svg>`` from HTML. These tests open every lesson as a student
first does, without running anything, and read what is on the screen.
"""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
# What a picture looks like when it is shown as text instead.
TEXT_INSTEAD_OF_PICTURE = re.compile(
    r"<(TreeDrawing|Animation) of|\btree\s+n_w\b|\bn->n_0\b|\bn_0_w\b|<TicTacToeBoard")

OUTPUTS_JS = """() => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const found = {untrusted: 0, pictures: 0, texts: [], broken: [], images: 0, clipped: []};
    nb.widgets.forEach((cell, i) => {
        if (cell.model.type !== 'code') return;
        if (!cell.model.trusted) found.untrusted += 1;
        const outputs = cell.model.outputs.toJSON();
        for (const out of outputs) {
            const data = out.data || {};
            if (data['image/svg+xml'] || data['image/png']
                || String(data['text/html'] || '').includes('<img')) found.pictures += 1;
        }
        const area = cell.node.querySelector('.jp-OutputArea');
        if (!area) return;
        for (const child of area.querySelectorAll('.jp-OutputArea-output')) {
            found.texts.push([i, child.innerText.slice(0, 300)]);
        }
        for (const img of area.querySelectorAll('img')) {
            found.images += 1;
            if (!(img.complete && img.naturalWidth > 0)) found.broken.push(i);
            // A picture must fit the output area (nothing cut off on the right), or sit
            // in a box that scrolls sideways (feedback pictures keep labels >= 12 px).
            const box = img.getBoundingClientRect();
            const output = img.closest('.jp-OutputArea-output');
            const room = output.getBoundingClientRect();
            let scrolls = false;
            for (let el = img.parentElement; el && el !== output; el = el.parentElement) {
                const s = getComputedStyle(el).overflowX;
                if ((s === 'auto' || s === 'scroll')
                    && el.getBoundingClientRect().right <= room.right + 1) scrolls = true;
            }
            if (box.right > room.right + 1 && !scrolls)
                found.clipped.push([i, Math.round(box.width), Math.round(room.width)]);
        }
    });
    return found;
}"""


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_an_untrusted_lesson_shows_pictures_not_their_text(jupyter_server, lab, path):
    lab.open(jupyter_server.add_notebook(path))
    page = lab.page
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output').length > 0")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
        ".every(img => img.complete)")
    found = page.evaluate(OUTPUTS_JS)
    assert found["untrusted"] > 0, "the lesson opened trusted: this test would prove nothing"
    assert found["pictures"] > 0, f"{path.name} stores no picture at all"
    shown_as_text = [f"cell {i + 1}: {text[:120]!r}" for i, text in found["texts"]
                     if TEXT_INSTEAD_OF_PICTURE.search(text)]
    assert not shown_as_text, "pictures shown as text:\n" + "\n".join(shown_as_text)
    assert found["images"] >= found["pictures"], (
        f"{found['pictures']} outputs hold a picture but only {found['images']} images show")
    assert not found["broken"], f"images that did not load, in cells {found['broken']}"
    assert not found["clipped"], (
        "pictures wider than their output area ([cell, width, room]): "
        f"{found['clipped']}")
    lab.assert_no_console_errors()
