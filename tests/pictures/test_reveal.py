"""minimax_lessons.pictures.reveal: a result shown closed, each thing as it shows alone."""

import re

import pytest

from minimax_lessons import FIGURE_5_2, draw_tree, reveal
from minimax_lessons.experiments import nodes_by_depth
from minimax_lessons.games.tictactoe import TicTacToe
from minimax_lessons.plots import plot_growth


def html_of(*things, **options):
    return reveal(*things, **options)._repr_mimebundle_()["text/html"]


def test_a_reveal_is_one_closed_details_element_with_its_summary_first():
    shown = html_of("4", summary="What minimax returns")
    assert re.fullmatch(r"<details><summary>What minimax returns</summary>.*</details>", shown,
                        re.S)
    assert "<details open" not in shown and shown.count("<details") == 1


def test_text_is_escaped_and_kept_in_order():
    shown = html_of("a < b", 7, {"B": 1.54})
    assert shown.index("a &lt; b") < shown.index("7") < shown.index("{&#x27;B&#x27;: 1.54}")


def test_a_drawing_shows_as_a_png_image_never_as_inline_svg():
    shown = html_of(draw_tree(FIGURE_5_2))
    assert '<img src="data:image/png;base64,' in shown and "<svg" not in shown
    assert 'alt="Figure 5.2, MAX root A; MIN B, C, D; under B: B1 = 3, B2 = 12, B3 = 8;' in shown


def test_a_chart_shows_as_its_png():
    chart = plot_growth(nodes_by_depth(TicTacToe(), range(3)))
    assert '<img src="data:image/png;base64,iVBORw0KGgo' in html_of(chart)
    assert 'alt="Chart: Nodes visited against depth.' in html_of(chart)  # its points in words


def test_the_text_display_holds_the_summary_then_each_thing():
    assert str(reveal("depth 4: 2,801 nodes", 12, summary="Counts")) == \
        "Counts\ndepth 4: 2,801 nodes\n12"


def test_the_same_things_give_the_same_html_every_time():
    assert html_of(draw_tree(FIGURE_5_2), "x") == html_of(draw_tree(FIGURE_5_2), "x")


@pytest.mark.parametrize("bad", ["", "   ", None])
def test_a_reveal_without_a_summary_or_without_things_is_refused(bad):
    with pytest.raises(ValueError, match="summary"):
        reveal("x", summary=bad)
    with pytest.raises(ValueError, match="something to show"):
        reveal()
