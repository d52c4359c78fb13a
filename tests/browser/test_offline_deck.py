"""Lesson 6 as an offline deck on a 1280x720 projector: the file ``make slides`` writes opens
from file:// with no request leaving the disk, its formula is typeset by the KaTeX shipped
beside it, its slides step, and the embedded animation player plays.

The same lesson presented live in JupyterLab (RISE's presenter, lecture mode, every slide
stepped through with the space bar at 1280x720) is checked on the lesson's own run in
tests/browser/test_pictures_fit.py (:func:`steps_on_a_projector`).
"""

from pathlib import Path

import pytest
from .conftest import ARTIFACTS
from .test_pictures_fit import PROJECTOR, slide_stops

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "06-alpha-beta.ipynb"


#: Each typeset formula of a deck: its TeX, the text it shows, the font KaTeX set.
FORMULAS_JS = """() => [...document.querySelectorAll('.reveal .slides .katex-display')].map(k => ({
    tex: (k.querySelector('annotation[encoding="application/x-tex"]') || {}).textContent,
    shown: k.querySelector('.katex-html').innerText,
    font: getComputedStyle(k.querySelector('.katex')).fontFamily,
}))"""


def test_the_offline_deck_of_lesson_6_needs_no_network_and_its_animation_plays(browser, tmp_path):
    from minimax_lessons.instructor.teaching.decks import export_deck

    deck = export_deck(LESSON, tmp_path / "slides")
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.set_default_timeout(30_000)
    requests, failed, errors = [], [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    try:
        page.goto(deck.as_uri())
        page.wait_for_function("() => window.Reveal && Reveal.isReady()")
        total = page.evaluate("() => Reveal.getTotalSlides()")
        assert total == slide_stops(LESSON)
        heights = page.evaluate("""() => Reveal.getSlides().map(slide => {
            const i = Reveal.getIndices(slide);
            return [`${i.h}/${i.v || 0}`, slide.scrollHeight];
        })""")
        too_tall = [f"{where}: {h} px" for where, h in heights if h > PROJECTOR["height"]]
        assert not too_tall, "deck slides taller than 720 px:\n" + "\n".join(too_tall)
        # The Knuth-Moore bound is typeset by the KaTeX shipped with the package (beside the
        # deck, in katex/), not left as TeX source for a MathJax that would come from a CDN.
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        (bound,) = page.evaluate(FORMULAS_JS)
        assert bound["tex"].strip() == r"b^{\lceil d/2 \rceil} + b^{\lfloor d/2 \rfloor} - 1"
        assert "\\" not in bound["shown"] and "⌈" in bound["shown"] and "⌊" in bound["shown"]
        assert "KaTeX_Main" in bound["font"]
        assert "\\lceil" not in page.locator(".reveal .slides").inner_text()
        page.evaluate("""() => Reveal.slide(...Object.values(Reveal.getIndices(
            document.querySelector('.katex-display').closest('section'))))""")
        page.wait_for_function("() => document.fonts.check('16px KaTeX_Main')")  # from katex/
        page.screenshot(path=str(ARTIFACTS / "offline_deck_formula.png"))
        page.evaluate("() => Reveal.slide(0, 0)")
        page.keyboard.press("Space")  # the next slide: the second section's first
        page.wait_for_function("() => Reveal.getIndices().h === 1 && !Reveal.getIndices().v")
        page.keyboard.press("Space")  # then down, to its second slide
        page.wait_for_function("() => Reveal.getIndices().h === 1 && Reveal.getIndices().v === 1")

        # The first animation: step to its slide, then play it inside its frame.
        h, v = page.evaluate("""() => {
            const frame = document.querySelector('iframe.mm-player');
            let slide = frame.closest('section');
            const indices = Reveal.getIndices(slide);
            return [indices.h, indices.v || 0];
        }""")
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        frame = page.frame_locator(".reveal .slides section.present iframe.mm-player").first
        counter = frame.locator(".mmla-counter")
        counter.wait_for(state="visible")
        assert counter.inner_text().startswith("step 0 / ")
        last = counter.inner_text().split("/ ")[1]
        frame.get_by_label("Speed").select_option("16")
        frame.get_by_role("button", name="Play").click()
        frame.locator(".mmla-counter", has_text=f"step {last} / {last}").wait_for(state="visible")
        # The whole player shows inside its frame: nothing cut off at the bottom.
        inside = frame.locator("html").evaluate("e => [e.scrollHeight, e.clientHeight]")
        assert inside[0] <= inside[1], f"player cut off: {inside[0]} px in a {inside[1]} px frame"
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "offline_deck.png"))
        context.close()
    off_disk = [url for url in requests if not url.startswith(("file://", "data:", "about:"))]
    assert not off_disk, "requests off the disk:\n" + "\n".join(off_disk)
    assert not failed, "failed requests:\n" + "\n".join(failed)
    assert not errors, "console errors:\n" + "\n".join(errors)
