"""minimax_lessons.pictures.tall: in lecture mode a wide tree uses the height, not tiny text."""

import re
import xml.etree.ElementTree as ET

import pytest

from minimax_lessons import FIGURE_5_2, GameTree, draw_tree, lecture_mode
from minimax_lessons.exercises.check import question
from minimax_lessons.exercises.feedback import tree_svg
from minimax_lessons.games.examples import SUBTREE_PRUNED
from minimax_lessons.pictures.lecture import ROOM, TEXT_PX, VALUE_PX, Scale
from minimax_lessons.pictures.layout import expand
from minimax_lessons.pictures.style import LEVEL_RANKS, choose_style
from minimax_lessons.pictures.tall import Tall, budget, footprint, row_widths, tall_layout

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def lecture_off():
    lecture_mode(False)
    yield
    lecture_mode(False)


def picture_of(question_id):
    """The SVG of a question's tree, drawn in lecture mode as the notebook shows it."""
    view = question(question_id)
    picture = view.question.picture(view.seed)
    with lecture_mode():
        return tree_svg(*(picture if isinstance(picture, tuple) else (picture,)))


def fitted_px(svg, room=ROOM):
    """{"value": px, "other": px}: the smallest value in a node and the smallest other text,
    with the drawing fitted to ``room`` CSS pixels."""
    root = ET.fromstring(svg)
    scale = min(1.0, room / (float(root.get("width").rstrip("pt")) * 4 / 3)) * 4 / 3
    least = {"value": 99.0, "other": 99.0}
    for g in root.iter(f"{SVG}g"):
        kind = "value" if re.fullmatch(r"n(_\d+)*", g.get("id") or "") else "other"
        for t in g.iter(f"{SVG}text"):
            if (t.text or "").strip() and "key" not in (g.get("class") or ""):
                least[kind] = min(least[kind], float(t.get("font-size")) * scale)
    return least


def ids_of(svg, pattern):
    return {g.get("id") for g in ET.fromstring(svg).iter(f"{SVG}g")
            if re.fullmatch(pattern, g.get("id") or "")}


def test_the_budget_is_the_widest_row_that_reads_at_20_and_16_px_in_the_room():
    spots = expand(FIGURE_5_2)
    style = choose_style(FIGURE_5_2, spots, None, scale=Scale())
    # values of 17 pt read at 20 px in 540 px when the row is at most 17 * 540 / (72 * 20) in
    assert budget(style) == round(17 * ROOM / (72 * VALUE_PX), 2) == 6.38
    assert budget(style) <= round(14 * ROOM / (72 * TEXT_PX), 2)  # names: 14 pt at 16 px


@pytest.mark.parametrize("question_id", ["q10.1", "q2.4", "q5.3", "q2.3"])
def test_a_questions_wide_tree_reads_at_20_px_in_lecture_mode_by_using_the_height(question_id):
    """Three players' utility vectors side by side (q10.1), notes beside every node (q2.4,
    q5.3), seventeen named leaves (q2.3): each was 11-17 px fitted to a projector's column."""
    least = fitted_px(picture_of(question_id))
    assert least["value"] >= VALUE_PX and least["other"] >= TEXT_PX, least


def test_leaves_stagger_in_their_families_when_their_row_is_too_wide():
    svg = picture_of("q10.1")  # 8 leaves: (7,7,0) (3,8,6) ... two to a family
    leaves = {g.get("id"): float(next(g.iter(f"{SVG}polygon")).get("points").split()[0].split(",")[1])
              for g in ET.fromstring(svg).iter(f"{SVG}g")
              if re.fullmatch(r"n_\d_\d_\d", g.get("id") or "")}
    firsts = {k: y for k, y in leaves.items() if k.endswith("_0")}
    seconds = {k: y for k, y in leaves.items() if k.endswith("_1")}
    assert len(firsts) == len(seconds) == 4
    assert len(set(firsts.values())) == len(set(seconds.values())) == 1  # two rows
    assert min(seconds.values()) > max(firsts.values())  # every second leaf a row lower


def boxes_and_edges(svg):
    """{node id: (left, top, right, bottom)} of every polygon-shaped node, and {edge id and
    title: points along its path} (each cubic Bezier segment sampled), in the SVG's units."""
    boxes, edges = {}, {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        ident = g.get("id") or ""
        polygon = next((e for e in g if e.tag == f"{SVG}polygon"), None)
        path = next((e for e in g if e.tag == f"{SVG}path"), None)
        if re.fullmatch(r"n(_\d+)*", ident) and polygon is not None:
            xs, ys = zip(*(map(float, p.split(",")) for p in polygon.get("points").split()))
            boxes[ident] = (min(xs), min(ys), max(xs), max(ys))
        elif "edge" in (g.get("class") or "") and path is not None:
            numbers = [float(n) for n in re.findall(r"-?[\d.]+", path.get("d"))]
            points = list(zip(numbers[::2], numbers[1::2]))
            sampled = []
            for k in range(0, len(points) - 3, 3):
                p0, p1, p2, p3 = points[k:k + 4]
                for step in range(21):
                    t = step / 20
                    sampled.append(tuple((1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b
                                         + 3 * (1 - t) * t ** 2 * c + t ** 3 * d
                                         for a, b, c, d in zip(p0, p1, p2, p3)))
            edges[f"{ident} ({g.find(f'{SVG}title').text})"] = sampled  # e_3 (n_0->n_0_1)
    return boxes, edges


def test_an_edge_to_a_staggered_leaf_passes_beside_the_leaf_next_to_it_not_through_it():
    """Lesson 10's three players, and q10.1: the edge to each second leaf, a row lower, was
    straight and cut through its sibling's box."""
    from minimax_lessons.games.examples import THREE_PLAYERS

    with lecture_mode():
        drawings = [draw_tree(THREE_PLAYERS, size="7.5,6").svg(), picture_of("q10.1")]
    for svg in drawings:
        boxes, edges = boxes_and_edges(svg)
        leaves = {i: box for i, box in boxes.items() if re.fullmatch(r"n_\d_\d_\d", i)}
        assert len(leaves) == 8 and len(edges) >= 14
        for edge, points in edges.items():
            for leaf, (left, top, right, bottom) in leaves.items():
                inside = [(x, y) for x, y in points
                          if left + 1 < x < right - 1 and top + 1 < y < bottom - 1]
                assert not inside, f"the edge {edge} crosses leaf {leaf} at {inside[0]}"


def test_text_beside_a_too_wide_row_goes_above_its_nodes():
    svg = picture_of("q2.4")
    tree = ET.fromstring(svg)
    place = {}
    for g in tree.iter(f"{SVG}g"):
        texts = [float(t.get("y")) for t in g.iter(f"{SVG}text")]
        shapes = [e for e in g if e.tag == f"{SVG}polygon"]
        if texts:
            place[g.get("id")] = (min(texts), max(texts))
        if shapes:
            ys = [float(p.split(",")[1]) for p in shapes[0].get("points").split()]
            place[g.get("id")] = (min(ys), max(ys))
    for node in ("n_0_0", "n_0_1", "n_1_0", "n_1_1"):  # B1, B2, C1, C2: their notes on top
        assert place[node + "_w"][1] < place[node][0], node
    assert place["n_0_w"][1] > place["n_0"][0]  # B's row fits: its note stays beside it


def test_a_tree_that_fits_and_any_tree_outside_lecture_mode_keep_their_rows():
    for tree in (FIGURE_5_2, SUBTREE_PRUNED):
        with lecture_mode():
            source = draw_tree(tree, legend=True).source
        ranks = {int(n) for n in re.findall(r'minlen="(\d+)"', source)}
        assert max(ranks) <= LEVEL_RANKS and 'splines="line"' in source  # no stagger
    wide = GameTree.random(3, 3, seed=1)  # 40 nodes, far wider than any budget
    spots = expand(wide)
    style = choose_style(wide, spots, None, narrow=True)  # narrow, not lecture mode
    assert tall_layout(spots, [], style) == Tall() and not Tall()


def test_rows_are_estimated_from_nodes_sides_and_names():
    spots = expand(FIGURE_5_2)
    style = choose_style(FIGURE_5_2, spots, None, scale=Scale())
    from minimax_lessons.pictures.draw import NodeSpec
    from minimax_lessons.pictures.labels import leaf_name, node_parts, side_lines
    from minimax_lessons.pictures.style import node_look
    specs = [NodeSpec(node_parts(FIGURE_5_2, s, style, ""), node_look(None), "",
                      "\n".join(side_lines(FIGURE_5_2, s, style, "", None)), None, None,
                      leaf_name(FIGURE_5_2, s, style)) for s in spots]
    rows = row_widths(spots, specs, style)
    assert set(rows) == {(0, 0), (1, 0), (2, 0)}
    assert rows[(2, 0)] == pytest.approx(1.1 * 9 * footprint(spots[2], specs[2], style.sizes))
    assert rows[(2, 0)] < budget(style)  # Figure 5.2's nine leaves fit: nothing moves


def test_in_lecture_mode_monte_carlo_statistics_stand_under_the_leaves_and_read():
    """Lesson 8's player (20 play-outs) and its tree after 200: ``n=`` and UCB1 scores
    beside each leaf made the row of nine leaves 1,547 px wide (values at 10 px fitted)."""
    from minimax_lessons import mcts
    from minimax_lessons.animation.mcts_player import animate_mcts, draw_mcts
    from minimax_lessons.exercises.banks.lesson8 import AVERAGE_TRAP

    tree = GameTree.from_nested(AVERAGE_TRAP)
    with lecture_mode():
        animation = animate_mcts(tree, playouts=20, seed=0)
        still = draw_mcts(tree, mcts(tree, playouts=200, seed=0, trace=True))
    selecting = next(k for k, f in enumerate(animation.frames) if "UCB" in f.caption)
    for svg in (animation.frame_svg(selecting), animation.frame_svg(-1), still.svg()):
        least = fitted_px(svg)
        assert least["value"] >= VALUE_PX and least["other"] >= TEXT_PX, least
        groups = {g.get("id"): g for g in ET.fromstring(svg).iter(f"{SVG}g")}
        for leaf in ("n_0_0", "n_1_2", "n_2_0"):  # B1, C3, D1: statistics under the name
            box = [float(p.split(",")[1]) for p in
                   next(groups[leaf].iter(f"{SVG}polygon")).get("points").split()]
            name = float(next(groups[leaf + "_name"].iter(f"{SVG}text")).get("y"))
            stats = [float(t.get("y")) for t in groups[leaf + "_w"].iter(f"{SVG}text")]
            assert max(box) < name < min(stats), leaf
