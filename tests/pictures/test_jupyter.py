"""One way to show things in Jupyter: bundles made lazily, one widget factory, one page."""

import pytest

from minimax_lessons import FIGURE_5_2, alphabeta, animate, draw_tree, practice
from minimax_lessons.pictures import jupyter
from minimax_lessons.pictures.jupyter import (HTML, PNG, SVG, TEXT, WIDGET, mimebundle,
                                              offline_page, wanted, widget_class)


def counting_makers(calls):
    def maker(mime, content):
        def make():
            calls.append(mime)
            return content
        return make
    return {SVG: maker(SVG, "<svg/>"), PNG: maker(PNG, "iVBOR"), HTML: maker(HTML, None),
            TEXT: maker(TEXT, "a tree")}


@pytest.mark.parametrize("include, exclude, made", [
    (None, None, [SVG, PNG, HTML, TEXT]),              # a cell's result: everything
    ([TEXT], None, [TEXT]),
    (None, [PNG], [SVG, HTML, TEXT]),
    ([SVG, PNG], [PNG], [SVG]),                         # exclude wins, as in IPython
    ({"text/latex"}, None, []),
])
def test_a_bundle_makes_only_the_types_asked_for(include, exclude, made):
    calls = []
    bundle = mimebundle(counting_makers(calls), include, exclude)
    assert calls == made
    assert set(bundle) == set(made) - {HTML}  # a maker that returns None adds nothing
    assert all(wanted(m, include, exclude) for m in bundle)


def test_a_drawing_asked_for_its_text_renders_nothing(monkeypatch):
    from minimax_lessons.pictures import render

    def refuse(*args, **kwargs):
        raise AssertionError("rendered an SVG nobody asked for")

    monkeypatch.setattr(render, "dot_to_svg", refuse)
    monkeypatch.setattr(jupyter, "svg_to_png", refuse)
    drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    assert drawing._repr_mimebundle_(include=[TEXT]) == {TEXT: repr(drawing)}
    assert FIGURE_5_2._repr_mimebundle_(include=[TEXT]) == {TEXT: "<TreeDrawing of 13 nodes>"}


def test_a_drawing_without_its_png_is_not_rasterised(monkeypatch):
    monkeypatch.setattr(jupyter, "svg_to_png", lambda svg: pytest.fail("rasterised"))
    drawing = draw_tree(FIGURE_5_2)
    assert drawing._repr_mimebundle_(exclude=[PNG, HTML]) == {SVG: drawing.svg(),
                                                              TEXT: repr(drawing)}


def test_the_svg_is_made_once_for_the_svg_and_the_png():
    calls = []

    def svg():
        calls.append("svg")
        return '<svg xmlns="http://www.w3.org/2000/svg" width="9pt" height="6pt"/>'

    bundle = mimebundle(jupyter.picture_makers(svg, lambda: "text"))
    assert calls == ["svg"] and set(bundle) == {HTML, SVG, PNG, TEXT}


def test_an_animation_asked_for_its_text_makes_no_widget_and_no_picture(monkeypatch):
    monkeypatch.setattr(jupyter, "svg_to_png", lambda svg: pytest.fail("rasterised"))
    animation = animate(alphabeta, FIGURE_5_2)
    assert animation._repr_mimebundle_(include=[TEXT]) == {TEXT: repr(animation)}
    assert "widget" not in vars(animation) and "layout_svg" not in vars(animation)
    bundle = animation._repr_mimebundle_(exclude=[PNG])
    assert set(bundle) == {WIDGET, HTML, SVG, TEXT} and "widget" in vars(animation)


def test_practice_asked_for_its_widget_only_gets_the_widget():
    p = practice("values", trees=1)
    bundle = p._repr_mimebundle_(include=[WIDGET])
    assert set(bundle) == {WIDGET} and bundle[WIDGET]["model_id"] == p.widget.model_id


def test_a_widget_class_runs_its_front_end_and_has_its_traits():
    import traitlets

    made = widget_class("TryWidget", "practice", module=__name__, doc="A try.",
                        data=traitlets.Unicode("{}").tag(sync=True))
    assert made.__name__ == made.__qualname__ == "TryWidget" and made.__module__ == __name__
    assert made.__doc__ == "A try."
    assert made._esm == (jupyter.STATIC / "practice.js").read_text(encoding="utf-8")
    assert made._css == (jupyter.STATIC / "practice.css").read_text(encoding="utf-8")
    widget = made(data='{"a": 1}')
    assert widget.data == '{"a": 1}' and WIDGET in jupyter.widget_makers(
        lambda: widget, lambda: "<svg/>", lambda: "") and jupyter.widget_view(widget)


def test_an_offline_page_holds_its_module_css_and_data_and_no_end_of_script(tmp_path,
                                                                           monkeypatch):
    page = offline_page("animation", name="player", title="<b>A</b>",
                        data='{"svg": "<svg></svg>"}', start="player.go();\n",
                        extra_css=".extra {}")
    assert "<title>&lt;b&gt;A&lt;/b&gt;</title>" in page and "<h1" not in page
    assert "const player = {" in page and "export default" not in page
    assert '<div id="player"></div>' in page
    assert '<script type="application/json" id="animation-data">{"svg": "<svg><\\/svg>"}' \
        "</script>" in page  # the data cannot end its <script> early
    assert "player.go();\n</script>" in page and ".extra {}\n</style>" in page
    titled = offline_page("practice", name="practice", title="P", data="{}", start="",
                          heading=True)
    assert '<h1 style="font-size: 1.3em;">P</h1>\n<div id="practice">' in titled

    (tmp_path / "bad.js").write_text("const x = 1;\n")
    (tmp_path / "bad.css").write_text("")
    monkeypatch.setattr(jupyter, "STATIC", tmp_path)
    with pytest.raises(RuntimeError, match="bad.js must end with its `export default` line"):
        offline_page("bad", name="bad", title="t", data="{}", start="")


def test_a_picture_shows_in_jupyterlab_as_an_img_of_its_svg_that_fits_the_output_width():
    """JupyterLab shows image/svg+xml at full size behind a scroll bar; an <img> in HTML it
    scales to the output's width (untrusted too), never above the picture's own size."""
    import base64
    import html as html_text
    import re

    drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    bundle = drawing._repr_mimebundle_()
    img = bundle[HTML]
    src = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)"'
                       r' width="(\d+)" style="max-width: 100%; height: auto;">', img)
    assert src, img[:200]
    assert base64.b64decode(src[1]).decode("utf-8") == bundle[SVG]
    assert html_text.unescape(src[2]) == drawing.description  # the picture in words
    assert drawing.description.startswith("Figure 5.2, MAX root A = 3; MIN B = 3, C = ≤2")
    points = float(re.search(r'<svg width="([\d.]+)pt"', bundle[SVG])[1])
    assert int(src[3]) == round(points * 4 / 3)  # its own size in CSS pixels, at most


def test_a_narrow_drawing_stacks_its_windows_and_is_narrower_for_its_text():
    import re

    result = alphabeta(FIGURE_5_2, trace=True)
    wide, narrow = (draw_tree(FIGURE_5_2, result=result, narrow=n) for n in (False, True))
    assert 'label="B\\nenter α=-∞ β=+∞"' in wide.source
    assert 'label="B\\nenter\\nα=-∞\\nβ=+∞"' in narrow.source

    def width(svg):
        return float(re.search(r'<svg width="([\d.]+)pt"', svg)[1])

    assert width(narrow.svg()) < 0.8 * width(wide.svg())
    assert 'fontsize="17"' in narrow.source  # the same size of text, in less width
