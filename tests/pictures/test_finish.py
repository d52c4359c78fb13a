"""One finishing step for every picture: rings and slots found by what the builder recorded."""

import xml.etree.ElementTree as ET

from minimax_lessons import FIGURE_5_2, TicTacToe, alphabeta, animate, draw_tree
from minimax_lessons.games.multiplayer import MultiplayerTree
from minimax_lessons.pictures import lecture, texts
from minimax_lessons.pictures.finish import (VALUE_CLASS, WINDOW_CLASS, finish, ring_paint,
                                             tag_values)
from minimax_lessons.pictures.frames import build_frames
from minimax_lessons.pictures.render import dot_to_svg
from minimax_lessons.pictures.style import RING_CLASS, dense_dots
from minimax_lessons.search import maxn

SVG = f"{{{texts.SVG_NS}}}"


def current_frame():
    frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
    return next(f for f in frames if f.current == (1,) and f.nodes[(1,)].value is not None)


def ring_of(svg, group_id):
    """The attributes of the ring shown on a group (None if it shows none), and of the
    outline it lies on."""
    group = texts.groups(texts.parse(svg))[group_id]
    ring = next((dict(e.attrib) for e in group
                 if e.get("class") == RING_CLASS and e.get("stroke") != "none"), None)
    return ring, dict(next(e for e in group if e.tag == f"{SVG}polygon").attrib)


def test_a_still_keeps_graphviz_text_and_only_adds_the_ring_after_the_outline():
    drawing = draw_tree(FIGURE_5_2, frame=current_frame(), legend=True)
    raw = dot_to_svg(drawing.source)
    finished = finish(raw)
    added = [line for line in finished.splitlines() if f'class="{RING_CLASS}"' in line]
    assert len(added) == 2  # the current node and the key's sample
    restored = finished
    for line in added:  # each written on a line of its own, after the outline it copies
        restored = restored.replace("\n" + line, "", 1)
    assert restored == dense_dots(raw)
    assert drawing.svg() == finished


def test_a_still_without_a_current_node_is_graphvizs_svg_with_dense_dots_only():
    drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    raw = dot_to_svg(drawing.source)
    assert "current" not in raw and 'stroke-dasharray="5,2"' in raw  # pruned: dashed
    assert finish(raw) == dense_dots(raw) and drawing.svg() == finish(raw)  # no ring


def test_a_still_and_a_players_frame_paint_the_current_nodes_ring_alike():
    frame = current_frame()
    still = draw_tree(FIGURE_5_2, frame=frame).svg()
    player = animate(alphabeta, FIGURE_5_2).frame_svg(frame.index)
    in_still, under_still = ring_of(still, "n_1")
    in_player, under_player = ring_of(player, "n_1")
    for name in ("fill", *ring_paint(5)):  # white, a third of the outline's width, not filled
        assert in_still[name] == in_player[name], name
    assert in_still["stroke-width"] == ring_paint(under_still["stroke-width"])["stroke-width"]
    assert in_still["points"] == under_still["points"]  # on the outline (each in its layout)
    assert in_player["points"] == under_player["points"]
    assert ring_of(still, "n_2")[0] is None and ring_of(player, "n_2")[0] is None


def test_a_value_slot_is_the_line_the_builder_recorded_not_the_text_that_says_the_value():
    svg = (f'<svg xmlns="{texts.SVG_NS}"><g id="n"><text>3</text><text>3</text></g>'
           '<g id="m"><text>P2</text></g></svg>')
    root = texts.parse(svg)
    tag_values(root, {"n": 1, "m": 1})  # m has no second line: nothing is tagged there
    n, m = texts.groups(root)["n"], texts.groups(root)["m"]
    assert [t.get("class") for t in n] == [None, VALUE_CLASS]
    assert [t.get("class") for t in m] == [None]


def test_a_players_value_slot_of_a_named_players_node_is_its_second_line():
    tree = MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]])
    layout = texts.parse(animate(maxn, tree).layout_svg)
    node = texts.groups(layout)["n_0"]  # P2's node: the player's name over the value
    lines = [t for t in node if t.tag == f"{SVG}text"]
    assert [t.text for t in lines][0] == "P2" and lines[1].get("class") == VALUE_CLASS


def slots(animation):
    """{(group id, class)} of every slot of a player's layout."""
    root = ET.fromstring(animation.layout_svg)
    return {(g.get("id"), t.get("class")) for g in root.iter(f"{SVG}g") for t in g
            if t.get("class") in (VALUE_CLASS, WINDOW_CLASS)}


def test_lecture_mode_changes_no_slot_of_a_player():
    game = TicTacToe()
    state = game.parse("XOX\nOX.\n...")
    for where, options in ((FIGURE_5_2, {}), (game, {"state": state})):
        plain = slots(animate(alphabeta, where, **options))
        with lecture.using(lecture.Scale()):
            big = slots(animate(alphabeta, where, **options))
        assert {g for g, _ in plain} == {g for g, _ in big} and plain == big
        assert any(k == WINDOW_CLASS for _, k in plain) and any(k == VALUE_CLASS for _, k in plain)
