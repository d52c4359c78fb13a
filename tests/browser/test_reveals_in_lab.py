"""A prediction's reveal stays closed in JupyterLab until the student opens it."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "10-more-players-dice-and-killers.ipynb"

REVEALS_JS = """() => [...document.querySelectorAll('.jp-MarkdownOutput details')].map(d => ({
    open: d.open,
    summary: d.querySelector('summary').innerText,
    hidden: d.querySelector('p') ? d.querySelector('p').getBoundingClientRect().height === 0 : null,
}))"""


def test_lesson_10_runs_and_its_reveals_open_only_when_clicked(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(LESSON))
    lab.run_all()
    page = lab.page
    page.locator(".jp-MarkdownOutput details").first.wait_for(state="attached")
    reveals = page.evaluate(REVEALS_JS)
    assert len(reveals) == 7  # one after each prediction, p10.1 to p10.7
    assert all(not r["open"] and r["summary"].startswith("Answer and explanation")
               for r in reveals)
    first = page.locator(".jp-MarkdownOutput details").first
    first.scroll_into_view_if_needed()
    assert not first.get_by_text("Read who moves from the shapes").is_visible()
    first.locator("summary").click()
    first.get_by_text("Read who moves from the shapes").wait_for(state="visible")
    assert page.evaluate(REVEALS_JS)[0]["open"]
