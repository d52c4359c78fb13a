"""minimax_lessons.pictures.dot: literal text escaped once, shown by Graphviz as written."""

import xml.etree.ElementTree as ET

import pytest

from minimax_lessons.pictures.dot import FlushLeft, Record, Statements, escape, quoted
from minimax_lessons.pictures.lecture import Scale
from minimax_lessons.pictures.render import dot_to_svg

SVG = "{http://www.w3.org/2000/svg}"

#: Texts that once broke a drawing, or look like DOT, records, HTML, escapes or formats.
NASTY = ['say \\"hi', "B\\", 'a"b', '\\\\"x', "C\\l", "\\N", "\\G", "\\n", "x\\", "\\",
         '"', '""', "{x}", "<b>", "[label=x]", "];", "%s", "a\tb", "é α ∞ 漢 🙂", "&amp;",
         "& x", "&#45;", "<", "|", "x\\{", "\\ ", "trail ", "2 <= 3", "-5", "a--b"]


def texts(svg, gid):
    """The texts of the SVG group with id ``gid``."""
    group = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id") == gid)
    return [t.text for t in group if t.tag == f"{SVG}text"]


def render(statements):
    return dot_to_svg("digraph {\n" + "".join(statements) + "}")


@pytest.fixture(scope="module")
def nasty_svg():
    body = []
    out = Statements(body)
    for i, text in enumerate(NASTY):
        out.node(f"p{i}", {"id": f"p{i}", "shape": "plaintext", "label": text})
        out.node(f"r{i}", {"id": f"r{i}", "shape": "record", "label": Record(("H", text))})
        out.edge(f"p{i}", f"r{i}", {"id": f"e{i}", "label": text})
    return render(body)


@pytest.mark.parametrize("i", range(len(NASTY)), ids=[repr(t) for t in NASTY])
def test_any_text_is_shown_as_written_in_labels_records_and_edge_labels(nasty_svg, i):
    text = NASTY[i]
    assert texts(nasty_svg, f"p{i}") == [text]
    assert texts(nasty_svg, f"r{i}") == ["H", text]
    assert texts(nasty_svg, f"e{i}") == [text]


def test_a_backslash_before_a_quote_is_doubled_then_the_quote_escaped():
    # The bug of round 1: the backslash was doubled, then `\\"` taken as an escaped quote.
    assert escape('say \\"hi') == 'say \\\\\\"hi'
    assert escape("B\\") == "B\\\\"  # a backslash at the end cannot swallow the closing quote


def test_line_breaks_start_new_lines_and_flush_left_lines_end_with_l():
    assert escape("a\nb\r\nc") == "a\\nb\\nc"
    assert FlushLeft(("one", "two \\")).dot() == "one\\ltwo \\\\\\l"
    svg = render(['a [id="a" shape=plaintext label="' + escape("first\nsecond") + '"]\n'])
    assert texts(svg, "a") == ["first", "second"]


def test_characters_svg_cannot_hold_are_shown_as_control_pictures():
    assert escape("a\x01b\x1b") == "a\u2401b\u241b"
    svg = render(['a [id="a" shape=plaintext label="' + escape("bell\x07") + '"]\n'])
    assert texts(svg, "a") == ["bell\u2407"]


def test_a_record_escapes_its_syntax_and_nests_rows_and_columns():
    assert Record(("MAX 3", ("X", "O", ""), "a|b")).dot() == "{MAX\\ 3|{X|O|\\ }|a\\|b}"
    assert escape("{<p>}", record=True) == "\\{\\<p\\>\\}"
    assert escape("", record=True) == "\\ "


def test_every_value_is_quoted_and_lecture_mode_scales_only_sizes():
    body = []
    out = Statements(body, scale=Scale(font=2, line=3))
    out.node("n", {"label": "width=3", "width": 0.5, "fontsize": 13, "penwidth": 1.5,
                   "margin": "0.02,0"})
    assert body == ['\tn [label="width=3" width="1" fontsize="26" penwidth="1.5" '
                    'margin="0.02,0"]\n']
    assert quoted(0.5) == '"0.5"' and quoted("a b") == '"a b"'


def test_a_cluster_holds_the_statements_written_inside_it():
    body = []
    out = Statements(body)
    with out.cluster("cluster_key", {"label": ""}) as key:
        key.node("k", {"label": "x"})
        key.same_rank(["k", "j"])
    out.edge("a", "k", {"style": "invis"})
    assert "".join(body) == ('\tsubgraph cluster_key {\n\t\tgraph [label=""]\n'
                             '\t\tk [label="x"]\n\t\t{rank=same; k; j}\n\t}\n'
                             '\ta -> k [style="invis"]\n')
