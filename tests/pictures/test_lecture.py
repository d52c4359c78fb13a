"""minimax_lessons.pictures.lecture: lecture mode makes drawings and animations larger, and only then."""

import re
import xml.etree.ElementTree as ET

import pytest

import minimax_lessons
from minimax_lessons import (FIGURE_5_2, TicTacToe, alphabeta, animate, draw_tree, lecture_mode,
                             minimax)
from minimax_lessons.pictures.frames import build_frames
from minimax_lessons.games.examples import SUBTREE_PRUNED
from minimax_lessons.pictures.lecture import ROOM, TEXT_PX, VALUE_PX, Scale, current
from minimax_lessons.pictures.style import NARROW, REGULAR

ATTR = re.compile(r'([\w]+)=("(?:[^"\\]|\\.)*"|[^\s\]]+)')
SVG = "{http://www.w3.org/2000/svg}"


def statements(source):
    """{name: attrs} of every node, edge and default statement of a DOT text."""
    out = {}
    for line in source.splitlines():
        m = re.match(r'\s*([\w.]+(?:\s*->\s*[\w.]+)?)\s*\[(.*)\]\s*$', line)
        if m:
            name = re.sub(r"\s+", "", m.group(1))
            attrs = {k: v.strip('"') for k, v in ATTR.findall(m.group(2))}
            out.setdefault(name, {}).update(attrs)
    return out


@pytest.fixture(autouse=True)
def lecture_off():
    """Every test starts and ends with lecture mode off."""
    lecture_mode(False)
    yield
    lecture_mode(False)


def result():
    return alphabeta(FIGURE_5_2, trace=True)


def figure(**options):
    return draw_tree(FIGURE_5_2, result=result(), legend=True, **options)


def test_lecture_mode_is_exported_from_the_package():
    assert "lecture_mode" in minimax_lessons.__all__
    assert minimax_lessons.lecture_mode is lecture_mode


def test_a_kernel_started_with_the_lecture_variable_starts_in_lecture_mode():
    import os
    import subprocess
    import sys

    code = "from minimax_lessons.pictures.lecture import current; print(current())"
    for value, said in (("on", "Scale(font=1.5, line=2.0)"), ("", "None"), ("off", "None")):
        env = {**os.environ, "MINIMAX_LESSONS_LECTURE": value}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True).stdout.strip()
        assert out == said, (value, out)


def test_lecture_mode_scales_node_labels_side_texts_names_and_move_labels_by_half_again():
    plain = statements(figure().source)
    with lecture_mode():
        big = statements(figure().source)
    assert float(big["node"]["fontsize"]) >= 1.5 * float(plain["node"]["fontsize"])  # values
    assert float(big["edge"]["fontsize"]) >= 1.5 * float(plain["edge"]["fontsize"])  # moves
    for name in ("n_w", "n_0_0_name", "key_0_0"):  # beside A, below B1, the key's MAX
        assert float(big[name]["fontsize"]) >= 1.5 * float(plain[name]["fontsize"]), name


def test_lecture_mode_grows_fixed_size_nodes_with_their_text_from_its_narrow_sizes():
    with lecture_mode():
        big = statements(figure().source)
    for name, (width, height) in (("n", NARROW.triangle), ("n_0", NARROW.triangle),
                                  ("n_0_0", NARROW.leaf)):
        assert big[name]["fixedsize"] == "true"
        assert float(big[name]["width"]) == pytest.approx(1.5 * width)
        assert float(big[name]["height"]) == pytest.approx(1.5 * height)
    assert NARROW.triangle[0] < REGULAR.triangle[0] and NARROW.nodesep < REGULAR.nodesep


def ems(svg):
    """(width, height) of a picture in ems of its largest text (the values in its nodes)."""
    root = ET.fromstring(svg)
    font = max(float(t.get("font-size")) for t in root.iter(f"{SVG}text"))
    box = [float(v) for v in root.get("viewBox").split()]
    return box[2] / font, box[3] / font


@pytest.mark.parametrize("tree", [FIGURE_5_2, SUBTREE_PRUNED], ids=["fig52", "subtree"])
def test_a_lecture_tree_uses_the_height_so_that_fitted_to_a_width_its_text_is_larger(tree):
    """Fitted to a projector's width, text is as large as the width over the tree's width
    in ems: lecture mode stacks windows and packs nodes, so the tree is far fewer ems wide."""
    plain = ems(animate(alphabeta, tree, narrow=False).layout_svg)
    with lecture_mode():
        big = ems(animate(alphabeta, tree).layout_svg)
    assert big[0] <= 0.6 * plain[0], (plain, big)
    assert big[1] > plain[1], (plain, big)
    assert big[0] <= 24, big  # 560 px (1024x768, file browser open) / 24 ems: 23 px values


def test_lecture_mode_doubles_every_outline_and_edge_and_the_keys_chosen_line():
    plain = statements(figure().source)
    with lecture_mode():
        big = statements(figure().source)
    widths = {k: v["penwidth"] for k, v in plain.items()
              if "penwidth" in v and not k.startswith("key_")}  # the key's rows wrap
    assert {"n", "n_0_1", "n->n_0", "n_1->n_1_1"} <= set(widths)  # line, plain, pruned
    for name, width in widths.items():
        assert float(big[name]["penwidth"]) >= 2 * float(width), name
    (line,) = [v for v in plain.values() if v.get("id") == "key_line"]
    (thick,) = [v for v in big.values() if v.get("id") == "key_line"]
    assert float(thick["penwidth"]) >= 2 * float(line["penwidth"])


def key_offsets(svg):
    """How far below the key's first entry each of its entries' text stands (points)."""
    tops = {}
    for group in ET.fromstring(svg.encode()).iter(SVG + "g"):
        title = group.find(SVG + "title")
        name = (title.text or "") if title is not None else ""
        texts = [float(t.get("y")) for t in group.iter(SVG + "text")]
        if name.startswith("key_") and "->" not in name and texts:
            tops[name] = min(texts)
    return {name: round(y - tops["key_0_0"], 1) for name, y in tops.items()}


def test_a_lecture_keys_rows_stand_as_close_alone_as_under_the_tree():
    """Lecture mode shows the key as a picture of its own; its rows are Graphviz ranks, and
    with a whole level's gap between them they floated apart (lesson 6 at 1280x800: 60 px
    of white between "MAX MIN leaf" and "final value")."""
    with lecture_mode():
        drawing = figure()
    _, alone = drawing.part_svgs()
    under = key_offsets(drawing.svg())
    assert len({y for y in under.values()}) >= 4, under  # rows of looks and of notation
    assert key_offsets(alone) == under


def test_drawings_after_lecture_mode_are_byte_identical_to_before():
    dot, svg = figure().source, figure().svg()
    lecture_mode()
    assert figure().source != dot
    lecture_mode(False)
    again = figure()
    assert again.source == dot
    assert again.svg() == svg


def test_a_drawing_keeps_the_sizes_of_the_mode_it_was_made_in():
    with lecture_mode():
        big = figure()
    assert 'fontsize="25.5"' in big.source
    assert 'font-size="25.50"' in big.svg()  # rendered after the block, still large


def test_lecture_svg_has_the_larger_fonts_and_thicker_strokes():
    def sizes(svg):
        root = ET.fromstring(svg)
        fonts = {float(t.get("font-size")) for t in root.iter(f"{SVG}text")}
        strokes = {float(e.get("stroke-width")) for e in root.iter()
                   if e.get("stroke-width") is not None}
        return max(fonts), max(strokes)

    font, stroke = sizes(figure().svg())
    with lecture_mode():
        big_font, big_stroke = sizes(figure().svg())
    assert big_font >= 1.5 * font
    assert big_stroke >= 2 * stroke


def test_animations_made_in_lecture_mode_paint_every_frame_with_thick_lines():
    plain = animate(alphabeta, FIGURE_5_2)
    plain.dot
    with lecture_mode():
        big = animate(alphabeta, FIGURE_5_2)
    assert [w * 2 for _, _, w, *_ in plain.data["looks"]] == [w for _, _, w, *_ in
                                                             big.data["looks"]]
    assert [w * 2 for _, w, _ in plain.data["edgeLooks"]] == [w for _, w, _ in
                                                             big.data["edgeLooks"]]
    assert 'fontsize="25.5"' in big.dot.source and 'fontsize="25.5"' not in plain.dot.source
    widths = [float(e.get("stroke-width")) for e in ET.fromstring(big.frame_svg(5)).iter()
              if e.get("stroke-width") is not None]
    assert min(widths) >= 2 * 1.2  # the thinnest look (not reached yet), doubled


def test_lecture_mode_applies_to_boards_too():
    game = TicTacToe()
    with lecture_mode():
        big = statements(draw_tree(game, state="XO.X.O...", depth=1).source)
    plain = statements(draw_tree(game, state="XO.X.O...", depth=1).source)
    narrow = statements(draw_tree(game, state="XO.X.O...", depth=1, narrow=True).source)
    assert float(big["n"]["fontsize"]) == 1.5 * float(narrow["n"]["fontsize"])
    assert float(big["n"]["width"]) == 1.5 * float(narrow["n"]["width"])
    # A narrow board: larger glyphs in a narrower record, its header over two lines.
    assert float(narrow["n"]["fontsize"]) > float(plain["n"]["fontsize"])
    assert float(narrow["n"]["width"]) < float(plain["n"]["width"])
    assert big["n_0"]["label"].startswith("{MIN|") and plain["n_0"]["label"].startswith("{MIN")


def fitted_sizes(picture, room):
    """The smallest text of a tree of boards fitted to ``room`` CSS px: (boards, the rest)."""
    svg = picture.svg()
    width = float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1)) * 4 / 3
    fitted = min(1, room / width) * 4 / 3  # CSS px per point
    texts = re.findall(r'<text [^>]*font-family="([^"]+)" font-size="([\d.]+)"', svg)
    boards = [float(size) * fitted for family, size in texts if family.startswith("Courier")]
    others = [float(size) * fitted for family, size in texts if not family.startswith("Courier")]
    return min(boards), min(others)


def test_in_lecture_mode_a_tree_of_boards_reads_at_20_px_in_a_projectors_column():
    """Lesson 5's two plies of tic-tac-toe with estimates beside the positions cut off:
    fitted to 540 px (a 1024x768 screen's output column, with the file browser open), the
    boards' text is at least 20 px, moves and notes 16."""
    game = TicTacToe()
    block = game.parse("O.X\nXOO\nX..")
    notes = {(1, 7): "est. -1", (7, 1): "est. 0", (8, 1): "est. 0", (8, 7): "est. -1"}
    with lecture_mode():
        drawing = draw_tree(game, state=block, depth=2, notes=notes)
    boards, others = fitted_sizes(drawing, ROOM)
    assert boards >= VALUE_PX and others >= TEXT_PX, (boards, others)
    plain = fitted_sizes(draw_tree(game, state=block, depth=2, notes=notes, narrow=False), ROOM)
    assert plain[0] < 14  # before: the boards at 14 pt, a header and notes as wide as them


def test_lesson_1s_tree_of_nim_in_lecture_mode_needs_the_side_panel_closed_to_read_at_20_px():
    """Twelve boards wide at its third ply, the whole game of Nim (2, 2) is the one tree of
    boards the lessons draw that does not reach 20 px with the file browser open (it reads
    at 15 px there, 9.5 px before lecture mode drew boards narrow); with the side panel
    closed (Ctrl+B: an 811 px column) it does."""
    from minimax_lessons.games.nim import Nim

    with lecture_mode():
        nim = draw_tree(Nim((2, 2)), result=minimax(Nim((2, 2)), trace=True))
    boards, moves = fitted_sizes(nim, ROOM)
    assert boards >= 14.5 and moves >= 12, (boards, moves)
    boards, moves = fitted_sizes(nim, 811)
    assert boards >= VALUE_PX and moves >= TEXT_PX, (boards, moves)


def test_lecture_mode_as_a_block_restores_the_mode_before_it():
    assert current() is None
    with lecture_mode(font=2, line=3) as scale:
        assert scale == Scale(2, 3) == current()
        with lecture_mode(False):
            assert current() is None
        assert current() == Scale(2, 3)
    assert current() is None


def test_lecture_mode_is_restored_after_an_error_in_the_block():
    with pytest.raises(RuntimeError):
        with lecture_mode():
            raise RuntimeError("boom")
    assert current() is None


def test_lecture_mode_refuses_sizes_that_would_not_be_lecture_sized():
    with pytest.raises(ValueError, match=r"font >= 1\.5.*font=1\.2"):
        lecture_mode(font=1.2)
    assert current() is None


def test_frames_and_searches_are_not_touched_by_lecture_mode():
    with lecture_mode():
        frames = build_frames(FIGURE_5_2, result())
    again = build_frames(FIGURE_5_2, result())
    assert [(f.caption, f.nodes, f.line) for f in frames] == [(f.caption, f.nodes, f.line)
                                                              for f in again]


def test_an_animation_made_in_lecture_mode_keeps_its_sizes_when_shown_after_the_block():
    with lecture_mode():
        shown_inside = animate(alphabeta, FIGURE_5_2)
        shown_inside.layout_svg
        shown_later = animate(alphabeta, FIGURE_5_2)
    assert current() is None
    assert shown_later.dot.source == shown_inside.dot.source
    assert shown_later.layout_svg == shown_inside.layout_svg
    assert 'fontsize="25.5"' in shown_later.dot.source
    plain = animate(alphabeta, FIGURE_5_2)  # made with the mode off: plain, wherever shown
    with lecture_mode():
        assert 'fontsize="25.5"' not in plain.dot.source


def test_an_animation_made_in_lecture_mode_also_carries_its_player_as_html():
    from minimax_lessons.animation.iframe import with_still
    from minimax_lessons.animation.player import PLAY_HINT
    from minimax_lessons.instructor.teaching.decks import player_iframe
    from minimax_lessons.pictures.jupyter import fitting_img, with_hint

    plain = animate(alphabeta, FIGURE_5_2)._repr_mimebundle_()
    assert plain["text/html"].startswith("<img "), "outside lecture mode: only the still"
    with lecture_mode():
        made = animate(alphabeta, FIGURE_5_2)
    bundle = made._repr_mimebundle_()  # shown after the block: still the lecture player
    widget = made.widget
    player = player_iframe({"svg": widget.svg, "frames": widget.frames, "speed": widget.speed},
                           "alphabeta step by step")
    still = fitting_img(with_hint(made.frame_svg(-1), PLAY_HINT),
                        f"{made.description(-1)} {PLAY_HINT}")
    assert bundle["text/html"] == with_still(player, still)  # the still, for untrusted views
    assert 'class="mm-player"' in bundle["text/html"] and "srcdoc=" in bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle  # JupyterLab prefers it
