"""Lesson 6 as slides on a 1280x720 projector: live in JupyterLab (RISE), and as an offline deck.

- RISE: run the lesson in JupyterLab in lecture mode, as the teaching notes tell a
  lecturer to present, start the slideshow with jupyterlab-rise's ``RISE:slideshow``
  command (the presenter tab; ``RISE:preview``, Alt+R, shows the same app beside the
  notebook), step through every slide with the space bar and check that none is taller
  than the screen. RISE's presenter cannot load widgets (jupyterlab-contrib/rise #119),
  which is why lecturers present in lecture mode: there an animation also carries its HTML
  player, and that player steps on its slide. Lecture mode draws every picture at least as
  large as the default does and adds the player below an animation, so a slide that fits
  in lecture mode fits without it too; one presenter run checks both (each run of the
  lesson and of RISE's app costs the browser about 10 s of CPU).
- Offline deck: the file ``make slides`` writes opens from file:// with no request
  leaving the disk, its slides step, and the embedded animation player plays.
"""

import re
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest
from .conftest import ARTIFACTS
from .test_pictures_fit import (NO_TRANSITIONS_CSS, SLIDE_LABELS_JS, SLIDE_LAID_OUT_JS,
                                SLIDE_READY_JS, too_small)

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "06-alpha-beta.ipynb"
RISE_CSS = ROOT / "notebooks" / "rise.css"
PROJECTOR = {"width": 1280, "height": 720}

# The innermost slide on screen, and how tall it is against the slide area.
PRESENT_JS = """() => {
    const shown = [...document.querySelectorAll('.reveal .slides section.present')];
    const slide = shown[shown.length - 1];
    const area = document.querySelector('.reveal');
    const code = [...slide.querySelectorAll('.jp-CodeCell .cm-content')].map(c => c.innerText);
    return {hash: location.hash, scroll: slide.scrollHeight, height: area.clientHeight,
            animated: code.some(text => text.includes('animate(')),
            pictures: slide.querySelectorAll('.jp-OutputArea-output img').length,
            players: slide.querySelectorAll('.mmla, iframe.mm-player').length};
}"""
#: The player of an animation on the slide on screen (lecture mode's HTML copy of it).
PLAYER = ".reveal .slides section.present:not(.stack) iframe.mm-player"


def slide_stops(path):
    """How many slides the lesson's metadata asks for (each slide and subslide)."""
    nb = nbformat.read(path, as_version=4)
    kinds = [c.metadata.get("slideshow", {}).get("slide_type") for c in nb.cells]
    return sum(kind in ("slide", "subslide") for kind in kinds)


def in_lecture_mode(path):
    """The lesson as a lecturer presents it: lecture mode switched on in a first cell."""
    nb = nbformat.read(path, as_version=4)
    first = nbformat.v4.new_code_cell("from minimax_lessons import lecture_mode\nlecture_mode()")
    first.metadata["slideshow"] = {"slide_type": "skip"}
    nb.cells.insert(0, first)
    return nb


@contextmanager
def presented(lab, jupyter_server, notebook, name=None, *, in_lab=None):
    """Run a notebook in JupyterLab at 1280x720, then open RISE's presenter tab on it.

    ``in_lab(page)`` checks the notebook in JupyterLab first. Yields the presenter page
    (a tab of its own, 1280x720 too), closed at the end.
    """
    (jupyter_server.root / "rise.css").write_bytes(RISE_CSS.read_bytes())
    name = jupyter_server.add_notebook(notebook, name)
    page = lab.page
    page.set_viewport_size(PROJECTOR)
    lab.open(name)
    lab.run_all()
    if in_lab:
        in_lab(page)
    first = next(i for i, c in enumerate(nbformat.read(jupyter_server.root / name, 4).cells)
                 if c.metadata.get("slideshow", {}).get("slide_type") != "skip")
    page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {first}; }}")
    with page.context.expect_page() as opened:  # RISE:slideshow saves, then opens a new tab
        page.evaluate("() => window.jupyterapp.commands.execute('RISE:slideshow')")
    rise = opened.value
    try:
        rise.set_default_timeout(60_000)
        rise.add_style_tag(content=NO_TRANSITIONS_CSS)  # each slide measured as it stays
        rise.set_viewport_size(PROJECTOR)  # a new tab starts at the browser's default size
        rise.wait_for_selector(".reveal .slides section.present .jp-Cell:not(.reveal-skip)")
        rise.wait_for_function("h => document.querySelector('.reveal').clientHeight === h",
                               arg=PROJECTOR["height"])
        yield rise
    finally:
        rise.close()


#: RISE's slides (the innermost sections), and whether the one on screen is the last.
SLIDES_JS = """() => {
    const slides = [...document.querySelectorAll('.reveal .slides section')]
        .filter(s => !s.querySelector('section'));
    return {count: slides.length,
            last: slides.length > 0 && slides[slides.length - 1].classList.contains('present')};
}"""


def step_through(rise, expected, *, on_each=None):
    """Each slide's measurements, from the first, pressing space (`expected` slides, no more).
    ``on_each(rise)`` is called on every slide once it is measured."""
    seen = [rise.evaluate(PRESENT_JS)]
    for _ in range(expected - 1):
        if on_each:
            on_each(rise)
        rise.keyboard.press("Space")
        try:  # a slide change is expected here: as long as a loaded machine needs
            rise.wait_for_function("h => location.hash !== h", arg=seen[-1]["hash"],
                                   timeout=60_000)
        except PlaywrightTimeout:
            raise AssertionError(f"RISE showed {len(seen)} slides; the metadata asks for {expected}")
        seen.append(rise.evaluate(PRESENT_JS))
    if on_each:
        on_each(rise)
    # no more: RISE made exactly the slides the metadata asks for, and this is its last
    assert rise.evaluate(SLIDES_JS) == {"count": expected, "last": True}, "RISE showed more slides"
    return seen


def the_first_player_steps(rise) -> bool:
    """On the first slide that shows an animation's player: it steps forward on a click.
    False on every slide before it (and not checked again after it)."""
    player = rise.locator(PLAYER)
    if not (player.count() and player.first.is_visible()):
        return False
    # the slide has come in: clicks inside the player land where its buttons are
    player.first.element_handle().wait_for_element_state("stable")
    frame = rise.frame_locator(PLAYER).first
    counter = frame.locator(".mmla-counter")
    counter.wait_for(state="visible", timeout=15_000)
    k = int(re.match(r"step (\d+) /", counter.inner_text()).group(1))
    frame.get_by_role("button", name="Step forward").click()
    frame.locator(".mmla-counter", has_text=f"step {k + 1} /").wait_for(timeout=15_000)
    # The whole player shows inside its frame, lecture mode's larger controls and key too.
    inside = frame.locator("html").evaluate("e => [e.scrollHeight, e.clientHeight]")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rise.screenshot(path=str(ARTIFACTS / "rise_lecture_player.png"))
    assert inside[0] <= inside[1], f"player cut off: {inside[0]} px in a {inside[1]} px frame"
    rise.evaluate("() => document.activeElement.blur()")  # the space bar steps RISE again
    return True


def test_every_rise_slide_of_lesson_6_in_lecture_mode_fits_a_1280x720_projector_and_its_animation_plays(
        jupyter_server, lab):
    # jupyterlab-rise 0.43.1 presents in its own app, whose JupyterLab 4.3 core does not
    # share @jupyterlab/console, so the ipywidgets manager and anywidget fail to load
    # there (jupyterlab-contrib/rise issue #119). An animation made in lecture mode also
    # carries its self-contained player as HTML, which RISE shows instead.
    def widget_in_lab(page):  # in JupyterLab itself the widget still wins over the HTML copy
        assert page.locator(".jp-OutputArea-output .mmla").count() >= 1
        assert page.locator(".jp-OutputArea-output iframe.mm-player").count() == 0

    played, labels = [], []

    def play_the_first_player_and_measure(rise):
        """Measure every slide's pictures (at 1280x720, as the lessons' test measures them
        at 1024x720: tests/browser/test_pictures_fit.py), and play the first player."""
        id = rise.evaluate("() => { const s = [...document.querySelectorAll("
                           "'.reveal .slides section.present')]; return s[s.length - 1].id; }")
        if rise.evaluate(SLIDE_READY_JS, id) is not True:  # pictures still loading
            rise.wait_for_function(SLIDE_READY_JS, arg=id)
        rise.evaluate(SLIDE_LAID_OUT_JS)
        labels.append(rise.evaluate(SLIDE_LABELS_JS, [id, {}]))
        if not played and the_first_player_steps(rise):
            played.append(rise.evaluate("() => location.hash"))

    with presented(lab, jupyter_server, in_lecture_mode(LESSON), "06-lecture.ipynb",
                   in_lab=widget_in_lab) as rise:
        slides = step_through(rise, slide_stops(LESSON), on_each=play_the_first_player_and_measure)
    assert played, "no slide shows an animation player"
    small = [(m["id"], found) for m in labels for found in m["found"]
             if too_small(found) or found.get("cut")]
    assert not small, f"on slides at 1280x720, too small or cut off (CSS px): {small}"
    assert sum(found["what"] == "player" for m in labels for found in m["found"]) >= 3
    too_tall = [f"{s['hash']}: {s['scroll']} px in {s['height']} px" for s in slides
                if s["scroll"] > s["height"]]
    assert not too_tall, "slides taller than the screen (run `make slide-metadata`?):\n" + "\n".join(too_tall)
    assert all(s["height"] == PROJECTOR["height"] for s in slides)  # RISE fills the screen
    # Each animation's slide shows its player (or at least its still picture).
    animated = [s for s in slides if s["animated"]]
    assert animated and all(s["pictures"] + s["players"] >= 1 for s in animated)
    lab.assert_no_console_errors()


# ---------------------------------------------------------------- the offline deck

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
