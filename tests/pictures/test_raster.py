"""Every picture also comes as a PNG, the same bytes on every machine."""

import base64
import struct
import subprocess
import sys

import pytest

from minimax_lessons import FIGURE_5_2, alphabeta, animate, draw_tree, minimax
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
    assert set(bundle) == {"image/svg+xml", "image/png", "text/plain"}
    assert base64.b64decode(bundle["image/png"])[:8] == PNG_MAGIC


def test_an_animation_carries_its_last_frame_as_png():
    animation = animate(alphabeta, FIGURE_5_2)
    bundle = animation._repr_mimebundle_()
    png = base64.b64decode(bundle["image/png"])
    assert png == svg_to_png(animation.frame_svg(-1))


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
