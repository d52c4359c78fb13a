"""A formula in an offline deck is typeset (KaTeX shipped with the package), not TeX source.

Lesson 6's Knuth-Moore bound, b^ceil(d/2) + b^floor(d/2) - 1, in the deck ``make slides``
writes, opened from file:// with no network, on a 1280x720 projector.
"""

from pathlib import Path

import pytest

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "06-alpha-beta.ipynb"

FORMULAS_JS = """() => [...document.querySelectorAll('.reveal .slides .katex-display')].map(k => ({
    tex: (k.querySelector('annotation[encoding="application/x-tex"]') || {}).textContent,
    shown: k.querySelector('.katex-html').innerText,
    height: k.getBoundingClientRect().height,
    font: getComputedStyle(k.querySelector('.katex')).fontFamily,
}))"""


def test_the_knuth_moore_bound_is_typeset_in_the_offline_deck(browser, tmp_path):
    from minimax_lessons.instructor.decks import export_deck

    deck = export_deck(LESSON, tmp_path / "slides")
    context = browser.new_context(viewport={"width": 1280, "height": 720}, offline=True)
    page = context.new_page()
    requests, failed, errors = [], [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    try:
        page.goto(deck.as_uri())
        page.wait_for_function("() => window.Reveal && Reveal.isReady()")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        formulas = page.evaluate(FORMULAS_JS)
        assert len(formulas) == 1, formulas
        (bound,) = formulas
        assert bound["tex"].strip() == r"b^{\lceil d/2 \rceil} + b^{\lfloor d/2 \rfloor} - 1"
        assert "\\" not in bound["shown"] and "⌈" in bound["shown"] and "⌊" in bound["shown"]
        assert "KaTeX_Main" in bound["font"]
        text = page.locator(".reveal .slides").inner_text()
        assert "\\lceil" not in text and "$$" not in text
        h, v = page.evaluate("""() => {
            const i = Reveal.getIndices(document.querySelector('.katex-display').closest('section'));
            return [i.h, i.v || 0];
        }""")
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "offline_deck_formula.png"))
    finally:
        context.close()
    assert any(url.endswith("/katex/fonts/KaTeX_Main-Regular.woff2") for url in requests)
    off_disk = [url for url in requests if not url.startswith(("file://", "data:", "about:"))]
    assert not off_disk, "requests off the disk:\n" + "\n".join(off_disk)
    assert not failed, "failed requests:\n" + "\n".join(failed)
    assert not errors, "console errors:\n" + "\n".join(errors)
