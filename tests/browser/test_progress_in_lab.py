"""In JupyterLab: a wrong answer in practice reaches the kernel's logbook, progress() names the
misconception, and review() serves it back, on a fresh tree whose answers carry the aim."""

import json
import time
from pathlib import Path

import nbformat
import pytest

from tests.browser.test_practice_page import feedback, type_value, wait_data
from tests.browser.test_practice_record_page import max_everywhere_at_root

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

SETUP = """\
import os
os.environ["MINIMAX_LESSONS_PROGRESS_DIR"] = {folder!r}
from minimax_lessons import practice, progress, review
values = practice("values", level=1, trees=2)
values"""


def run_cell(lab, index):
    """Run the cell at ``index`` of the open notebook and wait for the kernel."""
    lab.page.evaluate("""i => {
        const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = i;
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }""", index)
    lab.wait_for_kernel_idle()


def logbook_lines(folder):
    path = Path(folder) / "progress.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def written(folder, wanted, seconds=30):
    """The logbook's entries that satisfy ``wanted``, once there are some (the widget's
    message reaches the kernel a moment after the click)."""
    deadline = time.monotonic() + seconds
    while True:
        found = [e for e in logbook_lines(folder) if wanted(e)]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def test_a_mistake_in_practice_is_named_by_progress_and_served_by_review(jupyter_server, lab,
                                                                           tmp_path):
    from minimax_lessons.exercises.practising import practice

    folder = tmp_path / "logbook"
    first = practice("values", level=1, trees=2).trees_at(1)[0]
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP.format(folder=str(folder))),
                nbformat.v4.new_code_cell("progress()"),
                nbformat.v4.new_code_cell("session = review()\nsession")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    lab.open(jupyter_server.add_notebook(nb, "progress.ipynb"))
    lab.run_all()
    page = lab.page
    board = page.locator(".mml-progress")
    board.wait_for(state="visible")
    assert "0 answers recorded" in board.inner_text()

    # A wrong value at the root: the largest leaf, the max at every level.
    v = page.locator(".mmp").first
    root, wrong = max_everywhere_at_root(first)
    type_value(v, first, root, str(wrong))
    assert "likely mistake: max at every level" in feedback(v)
    (entry,) = written(folder, lambda e: e.get("question") == "practice:values")
    assert (entry["right"], entry["node"], entry["level"], entry["seed"]) == \
        (False, root, 1, first.seed)
    assert "max-at-every-level" in entry["diagnoses"]

    # progress() names it, says it is still there, and offers review().
    run_cell(lab, 1)
    board = page.locator(".mml-progress")
    text = board.inner_text()
    assert "max at every level" in text and "still there" in text, text
    assert "review()" in text and "1 answer recorded" in text
    assert board.locator("img").count() == 1
    alt = board.locator("img").get_attribute("alt")
    assert "max at every level (still there)" in alt
    # The picture is an SVG in an <img>, loaded, and no wider than the output it is in.
    shown = page.evaluate("""() => {
        const img = document.querySelector('.mml-progress img');
        return {src: img.getAttribute('src').slice(0, 26), loaded: img.complete,
                natural: img.naturalWidth, width: img.getBoundingClientRect().width,
                room: img.closest('.jp-OutputArea-output').getBoundingClientRect().width};
    }""")
    assert shown["src"] == "data:image/svg+xml;base64," and shown["loaded"], shown
    assert shown["natural"] > 0 and 0 < shown["width"] <= shown["room"], shown
    page.screenshot(path=str(ARTIFACTS / "progress_in_lab.png"), full_page=True)

    # review() serves it back: a fresh values tree, named for that mistake.
    run_cell(lab, 2)
    session = page.locator(".mml-review")
    session.wait_for(state="visible")
    why = session.locator(".mml-review-why").inner_text()
    assert "max at every level" in why and "fresh tree to practise values" in why, why
    tree_widget = session.locator(".mmp")
    tree_widget.wait_for(state="visible")
    item_tree = practice("values", level=1, seed=_review_seed(folder, lab), trees=2)
    served = item_tree.trees_at(1)[0]
    assert served.game != first.game
    assert not tree_widget.get_by_role("button", name="New tree").is_visible()  # Next serves
    for name, item in served.items("values").items():
        type_value(tree_widget, served, name, _text(item.answer))
    wait_data(tree_widget, "done", 1)
    said = tree_widget.locator(".mmp-feedback").inner_text()
    assert said.endswith("Press Next for another item.") and "New tree" not in said, said
    # the keyboard was in the tree: it goes on to the review's own Next
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Next"
    assert written(folder, lambda e: e.get("aim") and "practice" in e)  # the tree done: the last
    aimed = [e for e in logbook_lines(folder) if e.get("aim") and "question" in e]
    assert aimed and all(e["aim"][0] == "max-at-every-level" and e["right"] for e in aimed)
    page.screenshot(path=str(ARTIFACTS / "review_in_lab.png"), full_page=True)

    # Next: the mistake was answered right when due, so something else comes.
    session.get_by_role("button", name="Next").click()
    page.wait_for_function("() => document.querySelector('.mml-review-why')"
                           ".textContent.includes('item 2')")
    assert "max at every level" not in session.locator(".mml-review-why").inner_text()
    lab.assert_no_console_errors()


def _review_seed(folder, lab):
    """The seed the review's first item drew its trees from (read back from the kernel)."""
    out = lab.page.evaluate("""async () => {
        const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
        const future = kernel.requestExecute({code: 'print(session.item.seed)'});
        let text = '';
        future.onIOPub = msg => { if (msg.header.msg_type === 'stream') text += msg.content.text; };
        await future.done;
        return text;
    }""")
    return out.strip()


def _text(x):
    from minimax_lessons.words import show_number

    return show_number(x)


def test_a_saved_dashboard_shows_its_picture_in_a_notebook_opened_untrusted(jupyter_server, lab):
    """A notebook saved with progress()'s output and opened again is untrusted: JupyterLab
    sanitises its HTML, and the picture (an SVG in a data: <img>) still shows."""
    from minimax_lessons import check
    from minimax_lessons.progress import progress

    check("p2.1", 12)  # the largest leaf: max at every level, in this test's own logbook
    board = progress()
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("progress()")
    cell.outputs = [nbformat.v4.new_output("execute_result", execution_count=1, data={
        "text/html": board._repr_html_(), "text/plain": board.text()})]
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    lab.open(jupyter_server.add_notebook(nb, "saved-progress.ipynb"))
    page = lab.page
    page.locator(".mml-progress img").wait_for(state="visible")
    trusted = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.model"
                            ".cells.get(0).trusted")
    page.wait_for_function("() => { const i = document.querySelector('.mml-progress img');"
                           " return i.complete && i.naturalWidth > 0; }")
    img = page.locator(".mml-progress img")
    assert trusted is False
    assert "max at every level (still there)" in img.get_attribute("alt")
    assert img.get_attribute("src").startswith("data:image/svg+xml;base64,")
    lab.assert_no_console_errors()
