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


LESSON_9 = Path(__file__).resolve().parents[2] / "notebooks" / "09-connect-four.ipynb"

OUTPUT_REVEALS_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output details')].map(d => ({
    open: d.open,
    summary: d.querySelector('summary').innerText,
    images: d.querySelectorAll('img').length,
    shown: d.getBoundingClientRect().height,
}))"""


def reveals(page):
    return page.evaluate(REVEALS_JS), page.evaluate(OUTPUT_REVEALS_JS)


def test_lesson_9s_answers_stay_closed_opened_untrusted_and_after_run_all(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(LESSON_9))
    page = lab.page
    for width, height in ((1280, 800), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".jp-OutputArea-output details").first.wait_for(state="attached")
        texts, outputs = reveals(page)
        assert len(texts) == 6 and len(outputs) == 5   # p9.1 to p9.7 (p9.3, p9.4 share one)
        assert not any(r["open"] for r in texts + outputs)
        page.locator(".jp-OutputArea-output details").nth(3).scroll_into_view_if_needed()
        lab.screenshot(f"lesson-9-reveals-untrusted-{width}x{height}")
    lab.run_all()
    for width, height in ((1280, 800), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        texts, outputs = reveals(page)
        assert len(texts) == 6 and len(outputs) == 5
        assert not any(r["open"] for r in texts + outputs), "Run All opened an answer"
        horizon = page.locator(".jp-OutputArea-output details").nth(3)
        horizon.scroll_into_view_if_needed()
        lab.screenshot(f"lesson-9-reveals-run-{width}x{height}")
    assert page.evaluate(OUTPUT_REVEALS_JS)[3]["images"] == 1   # the board with its values
    horizon = page.locator(".jp-OutputArea-output details").nth(3)
    assert not horizon.get_by_text("column 2, searched 4 and 5 plies deep").is_visible()
    horizon.locator("summary").click()
    horizon.get_by_text("column 2, searched 4 and 5 plies deep").wait_for(state="visible")
    assert horizon.locator("img").evaluate("img => img.complete && img.naturalWidth > 0")
    lab.screenshot("lesson-9-reveal-opened")
