"""minimax_lessons.draw: game trees as Graphviz DOT text, and as SVG."""

import re

import pytest

from minimax_lessons import (FIGURE_5_2, GameTree, Nim, TicTacToe, alphabeta, expectiminimax,
                             minimax)
from minimax_lessons import examples
from minimax_lessons.draw import (MAX_NODES, PALETTE, TreeDrawing, TreeTooLargeError, draw_tree,
                                  expand)
from minimax_lessons.frames import build_frames

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
    assert "ordering=out" in source
    heads = re.findall(r"\tn -> (n_\d)\b", source)
    assert heads == ["n_0", "n_1", "n_2"]


def test_leaves_show_their_values_and_inner_nodes_their_names():
    nodes, _ = drawn(FIGURE_5_2)
    assert [nodes[f"n_2_{j}"]["label"] for j in range(3)] == ["14", "5", "2"]
    assert nodes["n_1_w"]["label"] == "C"  # the text beside C
    assert nodes["n_1_w"]["shape"] == "plaintext"


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


def test_alpha_beta_windows_are_written_beside_inner_nodes():
    nodes, _ = drawn(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    assert nodes["n_w"]["label"] == "A\\nα=3 β=+∞"
    assert nodes["n_1_w"]["label"] == "C\\nα=3 β=2"
    assert "n_1_0_w" not in nodes  # no windows at leaves
    nodes, _ = drawn(FIGURE_5_2, result=minimax(FIGURE_5_2, trace=True))
    assert nodes["n_1_w"]["label"] == "C"


def test_text_beside_a_node_stays_on_its_rank_just_left_of_it():
    source = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True)).source
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
    nodes, _ = drawn(game, result=result)
    last = build_frames(game, result)[-1]
    assert len(tree_nodes(nodes)) == len(last.nodes)
    assert nodes["n"]["label"].startswith("{MAX\\ 1|")


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
    nodes, _ = drawn(FIGURE_5_2, notes={"C": "expected 2 / yours 4", (2, 1): "look"})
    assert nodes["n_1_w"]["label"] == "C\\nexpected 2 / yours 4"
    assert nodes["n_2_1_w"]["label"] == "look"


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
    for entry in ("MAX", "MIN", "leaf", "final value", "pruned", "chosen line"):
        assert f"label={entry}" in key or f'label="{entry}' in key
    assert "chance" not in key
    assert "cluster_legend" not in draw_tree(FIGURE_5_2).source


def test_a_drawing_shows_itself_as_svg_with_a_text_fallback():
    drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True))
    bundle = drawing._repr_mimebundle_()
    assert set(bundle) == {"image/svg+xml", "text/plain"}
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


def test_result_and_frame_cannot_both_be_given():
    result = alphabeta(FIGURE_5_2, trace=True)
    with pytest.raises(ValueError, match="either"):
        draw_tree(FIGURE_5_2, result=result, frame=build_frames(FIGURE_5_2, result)[0])
    with pytest.raises(ValueError, match="trace=True"):
        draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2))
