"""minimax_lessons.pictures.draw: game trees as Graphviz DOT text, and as SVG."""

import re
import xml.etree.ElementTree as ET

import pytest

from minimax_lessons import (FIGURE_5_2, GameTree, Nim, TicTacToe, alphabeta, expectiminimax,
                             minimax)
from minimax_lessons import examples
from minimax_lessons.pictures.draw import (MAX_NODES, PALETTE, TreeDrawing, TreeTooLargeError, draw_tree,
                                  expand)
from minimax_lessons.pictures.frames import build_frames

ATTR = re.compile(r'([\w]+)=("(?:[^"\\]|\\.)*"|[^\s\]]+)')


def parse_dot(source):
    """{node id: attrs} and {(tail, head): attrs} of a DOT text (quotes removed)."""
    nodes, edges = {}, {}
    for line in source.splitlines():
        m = re.match(r'\s*("?[\w.]+"?)(?:\s*->\s*("?[\w.]+"?))?\s*\[(.*)\]\s*$', line)
        if not m:
            continue
        attrs = {k: v[1:-1] if v.startswith('"') else v for k, v in ATTR.findall(m.group(3))}
        if m.group(2):
            edges[(m.group(1).strip('"'), m.group(2).strip('"'))] = attrs
        else:
            nodes[m.group(1).strip('"')] = attrs
    return nodes, edges


def drawn(game, **options):
    return parse_dot(draw_tree(game, **options).source)


def tree_nodes(nodes):
    """Only the drawn nodes of the tree (no side texts, no key)."""
    return {k: v for k, v in nodes.items() if re.fullmatch(r"n(_\d+)*", k)}


SVG = "{http://www.w3.org/2000/svg}"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def svg_groups(svg):
    return {g.get("id"): g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id")}


def points(element):
    """The (x, y) points of a polygon, polyline or path (y grows downwards)."""
    numbers = [float(n) for n in NUMBER.findall(element.get("points") or element.get("d") or "")]
    return list(zip(numbers[::2], numbers[1::2]))


def text_box(t):
    """A generous box around an SVG text: 0.6 em per character, ascent 0.8 em."""
    size, x, y = float(t.get("font-size")), float(t.get("x")), float(t.get("y"))
    half = 0.3 * size * len(t.text or "")
    return (x - half, y - 0.8 * size, x + half, y + 0.2 * size)


def box(group):
    """The bounding box (x0, y0, x1, y1) of a group's shapes and texts."""
    xs, ys = [], []
    for c in group:
        if c.tag == f"{SVG}text":
            x0, y0, x1, y1 = text_box(c)
            xs += [x0, x1]
            ys += [y0, y1]
        else:
            for x, y in points(c):
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(line, rect):
    """Does the polyline pass through the rectangle? (sampled every half point)"""
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        steps = max(1, int(2 * max(abs(x1 - x0), abs(y1 - y0))))
        for k in range(steps + 1):
            x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            if rect[0] < x < rect[2] and rect[1] < y < rect[3]:
                return True
    return False


def check_leaf_names(tree, **options):
    """Each leaf's name is drawn just below its box, clear of every other node and edge."""
    drawing = draw_tree(tree, **options)
    groups = svg_groups(drawing.svg())
    leaves = [s for s in drawing.spots if s.terminal]
    assert leaves
    for leaf in leaves:
        (name,) = [t for t in groups[leaf.id + "_name"] if t.tag == f"{SVG}text"]
        assert name.text == tree.text(leaf.state)
        assert name.get("fill") == PALETTE["name"]
        x0, y0, x1, y1 = box(groups[leaf.id])
        label = text_box(name)
        assert x0 < float(name.get("x")) < x1  # centred under the box...
        assert y1 <= label[1] < y1 + 30  # ...and just below it
        for gid, g in groups.items():
            if gid in (leaf.id, leaf.id + "_name") or gid.startswith("graph"):
                continue
            if "node" in g.get("class", ""):
                assert not overlaps(label, box(g)), (name.text, gid)
            elif "edge" in g.get("class", ""):
                for shape in g:
                    if shape.tag == f"{SVG}path":
                        assert not crosses(points(shape), label), (name.text, gid)


# -- shapes, ids and order ---------------------------------------------------------------

def test_max_min_chance_and_leaf_nodes_have_their_textbook_shapes():
    nodes, _ = drawn(examples.CHANCE_TREE)
    assert nodes["n"]["shape"] == "triangle"
    assert nodes["n_0"]["shape"] == "circle"
    assert nodes["n_0_0"]["shape"] == "box"
    nodes, _ = drawn(FIGURE_5_2)
    assert nodes["n_1"]["shape"] == "invtriangle"


def test_node_ids_come_from_child_positions_and_edges_from_their_heads():
    nodes, edges = drawn(FIGURE_5_2)
    assert set(tree_nodes(nodes)) == {"n"} | {f"n_{i}" for i in range(3)} | {
        f"n_{i}_{j}" for i in range(3) for j in range(3)}
    assert all(nodes[k]["id"] == k for k in tree_nodes(nodes))
    assert edges[("n_1", "n_1_2")]["id"] == "e_1_2"


def test_children_are_drawn_left_to_right():
    source = draw_tree(FIGURE_5_2).source
    assert 'ordering="out"' in source
    heads = re.findall(r"\tn -> (n_\d)\b", source)
    assert heads == ["n_0", "n_1", "n_2"]


def test_leaves_show_their_values_and_inner_nodes_their_names():
    nodes, _ = drawn(FIGURE_5_2)
    assert [nodes[f"n_2_{j}"]["label"] for j in range(3)] == ["14", "5", "2"]
    assert nodes["n_1_w"]["label"] == "C"  # the text beside C
    assert nodes["n_1_w"]["shape"] == "plaintext"


def test_leaves_show_their_names_in_small_grey_text_below_them():
    nodes, edges = drawn(FIGURE_5_2)
    name = nodes["n_1_1_name"]  # C2, the middle leaf under C
    assert name["label"] == "C2" and name["shape"] == "plaintext"
    assert name["fontcolor"] == PALETTE["name"] and float(name["fontsize"]) < 17
    assert edges[("n_1_1", "n_1_1_name")]["style"] == "invis"
    assert {k[:-len("_name")] for k in nodes if k.endswith("_name")} == {
        f"n_{i}_{j}" for i in range(3) for j in range(3)}
    svg = svg_groups(draw_tree(FIGURE_5_2).svg())
    (text,) = [t for t in svg["n_1_1_name"] if t.tag == f"{SVG}text"]
    assert text.text == "C2"
    assert float(text.get("y")) > box(svg["n_1_1"])[3]  # below the box (SVG y grows down)


@pytest.mark.parametrize("tree, options", [
    (FIGURE_5_2, {}),
    (FIGURE_5_2, {"result": alphabeta(FIGURE_5_2, trace=True), "legend": True}),
    (examples.SUBTREE_PRUNED, {"result": alphabeta(examples.SUBTREE_PRUNED, trace=True)}),
    (GameTree.from_nested([[1, [2, 3]], 4]), {}),
    (GameTree.random(3, 3, seed=7), {"result": alphabeta(GameTree.random(3, 3, seed=7),
                                                         trace=True)}),
    (examples.CHANCE_TREE, {"result": expectiminimax(examples.CHANCE_TREE, trace=True)}),
], ids=["fig52", "fig52-alphabeta-legend", "subtree-pruned", "uneven", "random-3-ply", "chance"])
def test_every_leaf_name_sits_just_below_its_box_clear_of_other_nodes_and_edges(tree, options):
    check_leaf_names(tree, **options)


def test_leaf_names_keep_the_levels_as_far_apart_as_without_them():
    def level_gap(svg):
        return box(svg_groups(svg)["n_0"])[1] - box(svg_groups(svg)["n"])[3]
    named, plain = draw_tree(FIGURE_5_2).svg(), draw_tree(FIGURE_5_2, names=False).svg()
    assert abs(level_gap(named) - level_gap(plain)) < 4


def test_leaf_names_are_shown_with_the_other_names_only():
    assert "_name" not in draw_tree(FIGURE_5_2, names=False).source
    big = GameTree.random(3, 4, seed=1)  # 121 nodes: compact, no names
    assert len(big) > 60 and "_name" not in draw_tree(big).source
    assert "minlen" not in draw_tree(big).source  # the compact layout is unchanged
    assert "n_0_0_0_0_name" in draw_tree(big, names=True).source
    game = TicTacToe()  # boards show their state: no names
    assert "_name" not in draw_tree(game, state=game.parse("XO.\nXO.\n..."), depth=1).source


def test_expand_follows_a_game_path_by_path_from_any_state_to_a_depth():
    game = TicTacToe()
    spots = expand(game, game.parse("XO.\nXO.\n..."), depth=1)
    assert len(spots) == 1 + 5
    assert [s.path for s in spots[1:]] == [(2,), (5,), (6,), (7,), (8,)]
    assert spots[3].terminal  # X wins with square 6
    assert all(s.cut for s in spots[1:] if not s.terminal)


# -- over a search ------------------------------------------------------------------------

def test_a_result_puts_the_values_inside_the_nodes():
    nodes, _ = drawn(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    assert nodes["n"]["label"] == "3"
    assert nodes["n_0"]["label"] == "3\\n"  # a down-triangle's text sits in its upper half
    assert nodes["n_1"]["label"] == "≤2\\n"  # C pruned: only a bound


def test_pruned_nodes_and_edges_are_grey_and_dashed():
    nodes, edges = drawn(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    for leaf in ("n_1_1", "n_1_2"):
        assert nodes[leaf]["style"] == "filled,dashed"
        assert nodes[leaf]["color"] == PALETTE["pruned"]
        assert edges[("n_1", leaf)]["style"] == "dashed"
    dashed = {k for k, v in tree_nodes(nodes).items() if "dashed" in v["style"]}
    assert dashed == {"n_1_1", "n_1_2"}


def test_a_pruned_subtree_is_greyed_all_the_way_down():
    tree = examples.SUBTREE_PRUNED
    nodes, edges = drawn(tree, result=alphabeta(tree, trace=True))
    for node in ("n_1_1", "n_1_1_0", "n_1_1_1", "n_0_1_1"):
        assert nodes[node]["color"] == PALETTE["pruned"]
    assert edges[("n_1_1", "n_1_1_0")]["style"] == "dashed"


def test_the_chosen_line_is_thick_and_coloured_and_nothing_else_is():
    result = alphabeta(examples.SUBTREE_PRUNED, trace=True)
    assert result.line == (0, 0, 1)
    _, edges = drawn(examples.SUBTREE_PRUNED, result=result)
    thick = {head for (_, head), a in edges.items() if a.get("color") == PALETTE["line"]}
    assert thick == {"n_0", "n_0_0", "n_0_0_1"}
    assert all(float(edges[("n", "n_0")]["penwidth"]) > 2 * float(a["penwidth"])
               for (_, head), a in edges.items() if head not in thick and "penwidth" in a)


def test_alpha_beta_windows_on_entry_are_written_beside_inner_nodes():
    nodes, _ = drawn(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), narrow=False)
    assert nodes["n_w"]["label"] == "A\\nenter α=-∞ β=+∞"
    assert nodes["n_1_w"]["label"] == "C\\nenter α=3 β=+∞"  # not β=2, C's window on return
    assert "n_1_0_w" not in nodes  # no windows at leaves
    nodes, _ = drawn(FIGURE_5_2, result=minimax(FIGURE_5_2, trace=True))
    assert nodes["n_1_w"]["label"] == "C"


def test_text_beside_a_node_stays_on_its_rank_just_left_of_it():
    source = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), narrow=False).source
    assert "{rank=same; n_1_w; n_1}" in source
    assert source.index("n -> n_1_w") < source.index("n -> n_1 ")


def test_a_frame_shows_the_current_node_in_orange():
    frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
    nodes, edges = drawn(FIGURE_5_2, frame=frames[9])  # visit C
    assert nodes["n_1"]["color"] == PALETTE["current"]
    assert nodes["n_1"]["fillcolor"] == PALETTE["open"]
    assert edges[("n", "n_1")]["color"] == PALETTE["current"]
    assert nodes["n_2"]["color"] == PALETTE["faint"]  # D: not reached yet


def test_a_part_of_a_searched_tree_can_be_drawn_from_a_state():
    tree = examples.SUBTREE_PRUNED
    nodes, _ = drawn(tree, result=alphabeta(tree, trace=True), state="C")
    assert nodes["n"]["label"] == "≤2\\n"
    assert nodes["n_1"]["color"] == PALETTE["pruned"]  # C2, seen from C
    assert len(tree_nodes(nodes)) == len(tree.subtree_nodes("C"))


def test_chance_edges_show_their_probability():
    _, edges = drawn(examples.CHANCE_TREE, result=expectiminimax(examples.CHANCE_TREE, trace=True))
    assert edges[("n_1", "n_1_0")]["label"].strip() == "heads p=0.25"


# -- games as boards -----------------------------------------------------------------------

def test_tic_tac_toe_states_are_3x3_boards_with_the_move_on_the_edge():
    game = TicTacToe()
    nodes, edges = drawn(game, state=game.parse("XO.\nXO.\n..."), depth=1)
    root = nodes["n"]
    assert root["shape"] == "Mrecord" and root["fontname"] == "Courier"
    assert root["label"] == "{MAX|{X|O|\\ }|{X|O|\\ }|{\\ |\\ |\\ }}"
    assert nodes["n_2"]["label"].startswith("{=\\ 1|")  # X wins: a terminal record
    assert edges[("n", "n_2")]["label"].strip() == "6"


def test_a_searched_game_is_drawn_as_deep_as_the_search_went_with_pruned_parts_folded():
    game = TicTacToe()
    result = alphabeta(game, game.parse("XO.\nXO.\n..."), trace=True)
    nodes, _ = drawn(game, result=result, narrow=False)
    last = build_frames(game, result)[-1]
    assert len(tree_nodes(nodes)) == len(last.nodes)
    assert nodes["n"]["label"].startswith("{MAX\\ 1|")


def header_clearance(svg):
    """Per rounded board: the room (points) between its header text and each side."""
    out = {}
    for gid, g in svg_groups(svg).items():
        outline = next((c for c in g if c.tag == f"{SVG}path"), None)
        header = next((c for c in g if c.tag == f"{SVG}text"), None)
        if outline is None or header is None or "node" not in g.get("class", ""):
            continue
        xs = [x for x, _ in points(outline)]
        x0, _, x1, _ = text_box(header)  # Courier: 0.6 em per character, exactly
        out[header.text] = min(out.get(header.text, 99), x0 - min(xs), max(xs) - x1)
    return out


def test_board_headers_fit_inside_their_rounded_boxes():
    game = TicTacToe()
    state = game.parse("X.O\n.XO\n...")
    svg = draw_tree(game, state=state, depth=1, result=minimax(game, state, trace=True),
                    narrow=False).svg()
    room = header_clearance(svg)
    assert "MIN -1" in room and "MAX 1" in room
    assert all(r >= 4 for r in room.values()), room  # clear of the rounded corners
    nim = header_clearance(draw_tree(Nim([1, 2]), depth=2, narrow=False).svg())
    assert "MIN" in nim and all(r >= 4 for r in nim.values()), nim
    searched = alphabeta(game, game.parse("XO.\n.X.\n..O"), trace=True)
    room = header_clearance(draw_tree(game, result=searched, narrow=False).svg())
    assert "MIN ≤-1" in room and all(r >= 4 for r in room.values()), room


def test_connect_four_states_are_grids_of_squares_as_the_game_s_board_says():
    from minimax_lessons import ConnectFour

    game = ConnectFour(rows=2, cols=3)
    nodes, _ = drawn(game, state=game.play("1"), depth=1)
    assert nodes["n"]["label"] == "{MIN|{\\ |\\ |\\ }|{\\ |X|\\ }}"


def test_nim_states_show_their_heaps():
    nodes, edges = drawn(Nim([1, 2]), depth=1)
    assert nodes["n"]["label"] == "{MAX|1\\ 2}"
    assert edges[("n", "n_0")]["label"].strip() == "(0, 1)"


# -- size limits ---------------------------------------------------------------------------

def test_a_tree_too_large_is_refused_with_its_size_and_how_to_draw_a_part():
    tree = GameTree.random(3, 7, seed=1)
    with pytest.raises(TreeTooLargeError) as error:
        draw_tree(tree)
    message = str(error.value)
    assert f"{len(tree):,} nodes" in message and f"{MAX_NODES:,}" in message
    assert "depth=6" in message and "(1,093 nodes)" in message and "state=" in message
    assert len(draw_tree(tree, depth=6).spots) == 1093


def test_a_whole_game_too_large_to_count_says_more_than():
    with pytest.raises(TreeTooLargeError, match=r"more than 100,000 nodes in full.*depth=3"):
        draw_tree(TicTacToe())


def test_max_nodes_raises_the_limit():
    tree = GameTree.random(2, 4, seed=2)
    with pytest.raises(TreeTooLargeError, match="31 nodes"):
        draw_tree(tree, max_nodes=20)
    assert len(draw_tree(tree, max_nodes=31).spots) == 31


# -- notes and highlights (for feedback on exercises) -------------------------------------

def test_notes_are_written_beside_nodes_named_by_state_or_path():
    nodes, _ = drawn(FIGURE_5_2, notes={"C": "expected 2 / yours 4", (2, 1): "look"},
                     narrow=False)
    assert nodes["n_1_w"]["label"] == "C\\nexpected 2 / yours 4"
    assert nodes["n_2_1_w"]["label"] == "look"


def test_a_note_with_a_backslash_before_a_quote_is_written_as_it_is():
    # It failed to parse: the backslash was doubled, then `\\"` taken as an escaped quote.
    svg = draw_tree(FIGURE_5_2, notes={"B": 'say \\"hi', "C": "C:\\"}).svg()
    side = svg_groups(svg)
    assert [t.text for t in side["n_0_w"] if t.tag == f"{SVG}text"] == ["B", 'say \\"hi']
    assert [t.text for t in side["n_1_w"] if t.tag == f"{SVG}text"] == ["C", "C:\\"]


def test_highlighted_nodes_are_drawn_in_the_warning_colour():
    nodes, _ = drawn(FIGURE_5_2, highlight={"C", (0, 2)})
    assert {k for k, v in tree_nodes(nodes).items() if v["color"] == PALETTE["warn"]} == {
        "n_1", "n_0_2"}
    nodes, _ = drawn(FIGURE_5_2, highlight="B")
    assert nodes["n_0"]["fillcolor"] == PALETTE["warn_fill"]


def test_an_unknown_node_is_a_clear_error():
    with pytest.raises(KeyError, match="no drawn node is 'Z'.*path"):
        draw_tree(FIGURE_5_2, highlight={"Z"})


# -- legend and display ----------------------------------------------------------------------

def test_the_legend_lists_what_the_drawing_uses():
    source = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), legend=True).source
    key = source[source.index("subgraph cluster_legend"):]
    for entry in ("MAX", "MIN", "leaf", "final value", "✂ pruned", "chosen line"):
        assert f"label={entry}" in key or f'label="{entry}' in key
    assert "chance" not in key
    assert "cluster_legend" not in draw_tree(FIGURE_5_2).source


def legend_of(source):
    """The key's part of a DOT text."""
    return source[source.index("subgraph cluster_legend"):]


def test_the_legend_explains_the_windows_and_the_bounds_an_alpha_beta_drawing_shows():
    nodes, edges = drawn(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), legend=True,
                         narrow=False)
    key = {k: v for k, v in nodes.items() if k.startswith("key_")}
    labels = {v.get("label", "") for v in key.values()}
    # The window: a sample as written beside A, explained beside it.
    window = next(k for k, v in key.items() if v.get("label") == "enter α=-∞ β=+∞")
    assert key[window]["fontcolor"] == PALETTE["side"]
    assert any("window alpha-beta passed" in t and "on entering the node" in t for t in labels)
    # The bound: C as drawn (a finished MIN node showing ≤2), explained beside it.
    bound = next(k for k, v in key.items() if v.get("label", "").startswith("≤2"))
    assert key[bound]["shape"] == "invtriangle" and key[bound]["fillcolor"] == PALETTE["done"]
    assert any("bound" in t and "pruned" in t and "at most 2" in t for t in labels)
    # The notation forms rows under the looks of the nodes (a third one when it is wide).
    assert "key_0_0" in nodes and window.startswith("key_1_")
    assert bound.startswith(("key_1_", "key_2_"))
    assert ("key_0_0", "key_1_0_start") in edges  # the chosen line opens the second row


@pytest.mark.parametrize("search", [minimax, expectiminimax])
def test_a_drawing_without_windows_or_bounds_has_no_key_entries_for_them(search):
    key = legend_of(draw_tree(FIGURE_5_2, result=search(FIGURE_5_2, trace=True),
                              legend=True).source)
    assert "chosen line" in key
    for absent in ("α", "β", "window", "bound", "≤", "≥", "key_1_"):
        assert absent not in key


def test_the_legend_explains_only_what_is_shown():
    result = alphabeta(FIGURE_5_2, trace=True)
    key = legend_of(draw_tree(FIGURE_5_2, result=result, windows=False, legend=True).source)
    assert "window" not in key and "α" not in key and "at most 2" in key
    frames = build_frames(FIGURE_5_2, result)
    # Frame 11: A is "≥3" and C "≤2" so far (visited: "value so far"); no finished bound.
    key = legend_of(draw_tree(FIGURE_5_2, frame=frames[11], legend=True).source)
    assert "value so far" in key and "on entering the node" in key and "bound" not in key
    key = legend_of(draw_tree(FIGURE_5_2, frame=frames[13], legend=True).source)  # C done, ≤2
    assert "at most 2" in key
    random = GameTree.random(3, 3, seed=7)  # finished nodes with both kinds of bound
    key = legend_of(draw_tree(random, result=alphabeta(random, trace=True), legend=True).source)
    assert "true value at most" in key and "true value at least" in key


def test_the_chosen_line_in_the_legend_leaves_room_around_its_sample():
    for search in (minimax, alphabeta):
        svg = svg_groups(draw_tree(FIGURE_5_2, result=search(FIGURE_5_2, trace=True),
                                   legend=True).svg())
        (line,) = [e for e in svg["key_line"] if e.tag == f"{SVG}path"]
        (text,) = [t for t in svg["key_line_label"] if t.tag == f"{SVG}text"]
        (start, y), end = points(line)[0], max(x for x, _ in points(line))
        half = 0.25 * float(text.get("font-size")) * len(text.text)  # 0.5 em a character
        assert text.get("text-anchor") == "middle"
        assert float(text.get("x")) - half - end > 3, search.__name__  # room before the label
        left = [box(g) for k, g in svg.items() if g.get("class", "").startswith("node")
                and k != "key_line_label" and any(c.tag != f"{SVG}title" for c in g)]
        left = [b for b in left if b[1] <= y <= b[3] and b[2] <= start + 1]
        assert all(start - b[2] > 5 for b in left), search.__name__  # and after the entry before


def test_a_drawing_shows_itself_as_svg_with_png_and_text_fallbacks():
    drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    bundle = drawing._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/svg+xml", "image/png", "text/plain"}
    assert bundle["text/plain"] == "<TreeDrawing of 13 nodes: alphabeta, value 3, 2 pruned>"
    svg = bundle["image/svg+xml"]
    assert '<g id="n_1_1" class="node leaf pruned">' in svg
    assert 'stroke-dasharray="5,2"' in svg
    assert drawing._repr_mimebundle_(include=["text/plain"]) == {"text/plain": bundle["text/plain"]}


def test_svg_is_the_same_every_time():
    first = draw_tree(examples.SUBTREE_PRUNED, result=alphabeta(examples.SUBTREE_PRUNED, trace=True))
    again = draw_tree(examples.SUBTREE_PRUNED, result=alphabeta(examples.SUBTREE_PRUNED, trace=True))
    assert first.svg() == again.svg()


def test_the_digraph_can_be_customised_before_rendering(tmp_path):
    drawing = draw_tree(FIGURE_5_2)
    assert isinstance(drawing, TreeDrawing)
    drawing.digraph.attr("graph", label="Figure 5.2")
    assert ">Figure 5.2</text>" in drawing.svg()
    assert drawing.save(tmp_path / "tree.svg").read_text().startswith("<?xml")
    assert drawing.save(tmp_path / "tree.dot").read_text() == drawing.source


def test_a_game_tree_displays_itself_through_draw_tree():
    bundle = FIGURE_5_2._repr_mimebundle_()
    assert bundle["image/svg+xml"] == draw_tree(FIGURE_5_2).svg()


def test_a_game_tree_too_large_to_draw_displays_as_text_saying_why():
    tree = GameTree.random(3, 8, seed=1)  # 9,841 nodes
    bundle = tree._repr_mimebundle_()
    assert set(bundle) == {"text/plain"}
    assert bundle["text/plain"].startswith(repr(tree) + "\n(not drawn: this tree has 9,841 nodes")


def test_result_and_frame_cannot_both_be_given():
    result = alphabeta(FIGURE_5_2, trace=True)
    with pytest.raises(ValueError, match="either"):
        draw_tree(FIGURE_5_2, result=result, frame=build_frames(FIGURE_5_2, result)[0])
    with pytest.raises(ValueError, match="trace=True"):
        draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2))


# -- games of more players, and chance nodes cut by bounds ------------------------------------

#: Helvetica's widths in ems of the characters a utility vector is written with.
HELVETICA_EMS = {",": 0.28, " ": 0.28, "(": 0.34, ")": 0.34, "-": 0.34, "P": 0.67}


def test_utility_vectors_fit_inside_their_leaves_and_players_are_named_in_their_nodes():
    from minimax_lessons.games.examples import THREE_PLAYERS
    from minimax_lessons.search.adversarial import maxn

    drawing = draw_tree(THREE_PLAYERS, result=maxn(THREE_PLAYERS, trace=True))
    nodes, _ = parse_dot(drawing.source)
    assert nodes["n"]["shape"] == "ellipse" and nodes["n"]["label"] == "P1\\n(6,3,9)"
    assert nodes["n_0_1_1"]["shape"] == "box" and nodes["n_0_1_1"]["label"] == "(2,6,7)"
    groups = svg_groups(drawing.svg())
    for spot in drawing.spots:
        shape = next(c for c in groups[spot.id] if c.tag in (f"{SVG}polygon", f"{SVG}ellipse"))
        if shape.tag == f"{SVG}polygon":
            xs = [x for x, _ in points(shape)]
        else:
            cx, rx = float(shape.get("cx")), float(shape.get("rx"))
            xs = [cx - rx, cx + rx]
        for text in (c for c in groups[spot.id] if c.tag == f"{SVG}text"):
            ems = sum(HELVETICA_EMS.get(c, 0.56) for c in text.text)  # digits 0.56 em
            width = ems * float(text.get("font-size"))
            x = float(text.get("x"))
            assert min(xs) < x - width / 2 and x + width / 2 < max(xs), (spot.id, text.text)
    drawn_boxes = [box(groups[s.id]) for s in drawing.spots]
    assert not any(overlaps(a, b) for i, a in enumerate(drawn_boxes) for b in drawn_boxes[i + 1:])


def test_a_two_player_tree_with_vectors_keeps_its_triangles_wide_enough():
    from minimax_lessons.games.multiplayer import MultiplayerTree

    nodes, _ = drawn(MultiplayerTree.from_two_player(FIGURE_5_2))
    assert nodes["n"]["shape"] == "triangle" and nodes["n_1"]["shape"] == "invtriangle"
    assert float(nodes["n_2_0"]["width"]) > 0.55  # "(14, -14)" needs more than a number's box


def test_numbers_keep_their_fixed_sizes():
    nodes, _ = drawn(FIGURE_5_2)
    assert (nodes["n_0_0"]["width"], nodes["n"]["width"]) == ("0.55", "0.95")


def test_a_chance_node_cut_by_bounds_shows_at_most_and_its_unseen_outcome_dashed():
    from minimax_lessons.games.examples import BOUNDED_CHANCE, BOUNDED_CHANCE_RANGE

    result = expectiminimax(BOUNDED_CHANCE, bounds=BOUNDED_CHANCE_RANGE, trace=True)
    nodes, edges = drawn(BOUNDED_CHANCE, result=result, legend=True)
    assert nodes["n_1"]["label"] == "≤6.5" and nodes["n_1"]["shape"] == "circle"
    assert "dashed" in nodes["n_1_2"]["style"] and edges[("n_1", "n_1_2")]["style"] == "dashed"
    assert nodes["n_1_w"]["label"] == "C\\nenter α=7 β=+∞"
    assert "true value at most 6.5" in draw_tree(BOUNDED_CHANCE, result=result,
                                                 legend=True).source
