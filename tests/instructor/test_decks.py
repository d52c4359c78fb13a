"""Offline decks: animations become their self-contained players, and nothing comes from a CDN.

The browser test (tests/browser/test_slides.py) opens a real deck of lesson 6 from
file://; these tests check the parts on a small notebook, without a browser.
"""

import html
import re

import nbformat
import pytest
from nbclient import NotebookClient

from minimax_lessons import FIGURE_5_2, alphabeta, animate
from minimax_lessons.animation.player import player_page
from minimax_lessons.instructor.teaching import decks
from tests.kernels import AsyncUnixSocketKernelManager

CODE = ("from minimax_lessons import alphabeta, animate, FIGURE_5_2, draw_tree\n"
        "animate(alphabeta, FIGURE_5_2)")
FORMULA = "The best case: $$b^{\\lceil d/2 \\rceil} + b^{\\lfloor d/2 \\rfloor} - 1$$ leaves."


@pytest.fixture(scope="module")
def executed():
    """A two-slide notebook with one animation, run with its widget state stored."""
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# A deck", metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_code_cell(CODE, metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_code_cell("draw_tree(FIGURE_5_2)", metadata={"slideshow": {"slide_type": "-"}}),
        nbformat.v4.new_markdown_cell(FORMULA, metadata={"slideshow": {"slide_type": "slide"}})])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, kernel_manager_class=AsyncUnixSocketKernelManager, timeout=120,
                   store_widget_state=True).execute()
    return nb


def srcdocs(text):
    return [html.unescape(m) for m in re.findall(r'srcdoc="([^"]*)"', text)]


def test_the_iframe_holds_the_same_page_animation_save_writes():
    animation = animate(alphabeta, FIGURE_5_2)
    w = animation.widget
    frame = decks.player_iframe({"svg": w.svg, "frames": w.frames, "speed": w.speed}, "t")
    assert srcdocs(frame) == [player_page(w.svg, w.frames, w.speed, "t", extra_css=decks.FRAME_CSS)]
    assert animation.html("t") == player_page(w.svg, w.frames, w.speed, "t")


def test_an_animation_output_becomes_its_player_and_widget_state_is_dropped(executed):
    nb = nbformat.from_dict(executed)
    model = nb.cells[1].outputs[0].data[decks.WIDGET_VIEW]["model_id"]
    state = nb.metadata.widgets[decks.WIDGET_STATE]["state"][model]["state"]
    title = nb.cells[1].outputs[0].data["text/plain"].strip("<>")
    nb, _ = decks.EmbedPlayers().preprocess(nb, {})
    data = nb.cells[1].outputs[0].data
    assert set(data) == {"text/html", "text/plain"}
    assert srcdocs(data["text/html"]) == [player_page(state["svg"], state["frames"],
                                                      state["speed"], title,
                                                      extra_css=decks.FRAME_CSS)]
    assert "widgets" not in nb.metadata
    assert "image/svg+xml" in nb.cells[2].outputs[0].data  # a still drawing stays as it is


def test_a_deck_loads_only_files_beside_it(executed):
    body, _ = decks.exporter().from_notebook_node(nbformat.from_dict(executed))
    outside = body.replace("".join(srcdocs(body)), "")
    sources = re.findall(r'<(?:script|link|img|iframe)\b[^>]*?\b(?:src|href)="([^"]+)"', outside)
    assert "reveal.js/dist/reveal.js" in sources and "reveal.js/dist/reveal.css" in sources
    assert not [s for s in sources if re.match(r"(https?:)?//", s)], sources
    assert "@import url(http" not in body and "require(" not in body
    assert body.count('class="mm-player"') == 1


def test_a_missing_notebook_is_named(tmp_path):
    with pytest.raises(FileNotFoundError, match="no notebook at"):
        decks.export_deck(tmp_path / "nope.ipynb", tmp_path)


def test_formulas_are_typeset_by_the_katex_shipped_with_the_package(executed, tmp_path):
    # The deck keeps the TeX for KaTeX's auto-render, which it loads from katex/ beside it;
    # every font the stylesheet names first (WOFF2) is there, so nothing is fetched.
    body, _ = decks.exporter().from_notebook_node(nbformat.from_dict(executed))
    outside = body.replace("".join(srcdocs(body)), "")
    sources = re.findall(r'<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"', outside)
    assert {"katex/katex.min.css", "katex/katex.min.js",
            "katex/contrib/auto-render.min.js"} <= set(sources)
    assert sources.index("katex/contrib/auto-render.min.js") < sources.index(
        "reveal.js/dist/reveal.js")
    assert "renderMathInElement(" in body and "\\lceil d/2 \\rceil" in body
    for source in ("katex.min.css", "katex.min.js", "contrib/auto-render.min.js", "LICENSE"):
        assert (decks.KATEX / source).is_file(), source
    css = (decks.KATEX / "katex.min.css").read_text()
    fonts = re.findall(r'src:url\((fonts/[^)]+\.woff2)\) format\("woff2"\)', css)
    assert len(fonts) == 20 and all((decks.KATEX / font).is_file() for font in fonts)
    assert "MIT" in (decks.KATEX / "LICENSE").read_text() + (decks.KATEX / "README.md").read_text()


def test_export_deck_copies_katex_beside_the_deck(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(FORMULA)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    source = tmp_path / "formula.ipynb"
    nbformat.write(nb, source)
    deck = decks.export_deck(source, tmp_path / "slides")
    assert deck.name == "formula.slides.html"
    for needed in ("katex/katex.min.js", "katex/fonts/KaTeX_Main-Regular.woff2",
                   "reveal.js/dist/reveal.js"):
        assert (tmp_path / "slides" / needed).is_file(), needed


def test_a_collapsed_cell_shows_only_its_output_in_the_deck():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# A deck", metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_code_cell("hidden_check = 42\nprint('printed by the hidden cell')",
                                  metadata={"slideshow": {"slide_type": "-"},
                                            "jupyter": {"source_hidden": True}}),
        nbformat.v4.new_code_cell("visible_code = 1",
                                  metadata={"slideshow": {"slide_type": "-"}})])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, kernel_manager_class=AsyncUnixSocketKernelManager, timeout=120).execute()
    body, _ = decks.exporter().from_notebook_node(nb)
    assert "printed by the hidden cell" in body and "visible_code" in body
    assert "hidden_check" not in body
