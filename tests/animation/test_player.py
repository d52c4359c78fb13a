"""minimax_lessons.animation.player: one fixed layout, frames as changes, an offline HTML player."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

from minimax_lessons import FIGURE_5_2, TicTacToe, alphabeta, expectiminimax, minimax
from minimax_lessons import examples
from minimax_lessons.animation.mcts_player import animate_mcts
from minimax_lessons.animation.player import PLAY_HINT, STATIC, Animation, animate
from minimax_lessons.pictures.jupyter import fitting_img, with_hint
from minimax_lessons.pictures.draw import PALETTE, value_text
from minimax_lessons.pictures.scene import marked_value
from minimax_lessons.pictures.frames import CURRENT, PRUNED, VISITED

SVG = "{http://www.w3.org/2000/svg}"
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


@pytest.fixture(scope="module")
def fig52():
    return animate(alphabeta, FIGURE_5_2)


def groups(svg):
    return {g.get("id"): g for g in ET.fromstring(svg).iter(f"{SVG}g")}


def geometry(svg):
    """Every shape's and text's position, by group id: what must not move between frames."""
    out = {}
    for gid, g in groups(svg).items():
        out[gid] = [(c.tag, c.get("points"), c.get("d"), c.get("cx"), c.get("cy"), c.get("x"),
                     c.get("y")) for c in g if c.tag != f"{SVG}title"]
    return out


def shape(svg, gid):
    g = groups(svg)[gid]
    return next(c for c in g if c.tag in (f"{SVG}polygon", f"{SVG}ellipse", f"{SVG}path"))


def value_of(svg, gid):
    return next(t.text or "" for t in groups(svg)[gid] if t.get("class") == "mm-value")


# -- frames ---------------------------------------------------------------------------

def test_there_is_one_frame_per_step_plus_the_start(fig52):
    assert len(fig52) == len(fig52.result.trace) + 1 == 23
    assert len(fig52.data["frames"]) == len(fig52)
    assert [f["caption"] for f in fig52.data["frames"]] == [f.caption for f in fig52.frames]


def test_the_player_shows_pruning_only_when_the_search_pruned_something(fig52):
    from minimax_lessons import GameTree
    from minimax_lessons.animation.mcts_player import animate_mcts

    assert fig52.data["pruning"] is True
    assert animate(alphabeta, GameTree.from_nested([[1, 2], [3, 4]])).data["pruning"] is False
    assert animate(minimax, examples.FIGURE_5_2).data["pruning"] is False
    assert animate(alphabeta, examples.TIES, prune_ties=False).data["pruning"] is True
    assert animate_mcts(examples.FIGURE_5_2, playouts=8).data["pruning"] is False


def test_search_options_reach_the_search():
    ties = examples.TIES
    assert len(animate(alphabeta, ties).result.pruned) > len(
        animate(alphabeta, ties, prune_ties=False).result.pruned)
    limited = animate(alphabeta, examples.HEURISTIC_TREE, depth=1)
    assert limited.result.depth == 1 and limited.result.estimated == 2


def test_frame_zero_sets_every_node_and_later_frames_only_what_changed(fig52):
    data = fig52.data
    first = data["frames"][0]
    assert sorted(i for i, *_ in first["n"]) == list(range(len(data["nodes"])))
    assert sorted(i for i, _ in first["e"]) == list(range(1, len(data["nodes"])))
    for k in range(1, len(fig52)):
        before, after = fig52._frame_state(k - 1), fig52._frame_state(k)
        for i, look, value, window in data["frames"][k]["n"]:
            assert (look, value, window) != (before["looks"][i], before["values"][i],
                                             before["windows"][i])
        assert data["frames"][k]["n"] or data["frames"][k]["e"] or after == before


def test_replaying_the_changes_gives_each_frame_s_picture(fig52):
    for k, frame in enumerate(fig52.frames):
        state = fig52._frame_state(k)
        for i, spot in enumerate(fig52.spots):
            status = frame.status(spot.path)  # the current node is one being searched
            shown = marked_value(value_text(frame.nodes.get(spot.path), spot),
                                 VISITED if status == CURRENT else status, spot)
            assert state["values"][i] == shown
            look = fig52._looks[state["looks"][i]]
            if frame.status(spot.path) == PRUNED:
                assert look.dashed and look.stroke == PALETTE["pruned"]
            elif spot.path == frame.current and not frame.line:
                assert look.stroke == PALETTE["current"]


def replay(data, k):
    """The state at frame ``k`` as the player (animation.js) works it out: the changes
    of frames 0 to ``k`` applied in turn."""
    n = len(data["nodes"])
    looks, values, windows, edges = [None] * n, [None] * n, [None] * n, [None] * n
    for frame in data["frames"][:k + 1]:
        for i, look, value, window in frame["n"]:
            looks[i], values[i], windows[i] = look, value, window
        for i, look in frame["e"]:
            edges[i] = look
    return {"looks": looks, "values": values, "windows": windows, "edges": edges}


@pytest.mark.parametrize("make", [
    lambda: animate(alphabeta, FIGURE_5_2),
    lambda: animate(expectiminimax, examples.CHANCE_TREE),
    lambda: animate(alphabeta, TicTacToe(), state=TicTacToe.parse("XO.\n.X.\n...")),
    lambda: animate_mcts(FIGURE_5_2, playouts=10),
], ids=["alphabeta", "chance", "tictactoe", "mcts"])
def test_the_player_s_replay_of_the_changes_is_what_each_frame_s_svg_shows(make):
    animation = make()
    for k in range(len(animation)):
        assert replay(animation.data, k) == animation._frame_state(k), k


def test_the_player_keeps_checkpoints_as_often_as_the_frames_do(fig52):
    from minimax_lessons.pictures.frames import CHECKPOINT_EVERY

    assert fig52.data["checkpointEvery"] == CHECKPOINT_EVERY
    script = (STATIC / "animation.js").read_text()
    assert "data.checkpointEvery" in script and "CHECKPOINT_EVERY" not in script


def test_the_current_node_is_named_in_each_frame(fig52):
    nodes = fig52.data["nodes"]
    assert fig52.data["frames"][0]["c"] is None
    assert nodes[fig52.data["frames"][9]["c"]] == "n_1"  # visit C


# -- one layout, painted per frame ---------------------------------------------------------

def test_every_frame_has_the_same_layout(fig52):
    layout = geometry(fig52.frame_svg(0))
    for k in (1, 12, 13, 22, -1):
        assert geometry(fig52.frame_svg(k)) == layout
    assert layout == geometry(fig52.layout_svg)


def test_frames_differ_in_colours_and_texts(fig52):
    before, after = fig52.frame_svg(2), fig52.frame_svg(3)  # step 2 evaluates leaf B1
    assert shape(before, "n_0_0").get("fill") == PALETTE["paper"]
    assert shape(after, "n_0_0").get("fill") == PALETTE["done"]
    assert value_of(fig52.frame_svg(3), "n_0") == "?"  # B searched, no value yet
    assert value_of(fig52.frame_svg(4), "n_0") == "≤3"


def test_the_last_frame_shows_the_pruned_leaves_and_the_values(fig52):
    last = fig52.frame_svg(-1)
    for leaf in ("n_1_1", "n_1_2"):
        assert shape(last, leaf).get("stroke-dasharray") == "5,2"
    assert shape(last, "n_2_2").get("stroke-dasharray") is None
    assert value_of(last, "n") == "3" and value_of(last, "n_1") == "≤2"
    assert shape(last, "n").get("stroke") == PALETTE["line"]
    edge = next(c for c in groups(last)["e_0_0"] if c.tag == f"{SVG}path")
    assert edge.get("stroke") == PALETTE["line"]


def test_every_node_has_one_value_text_and_inner_nodes_a_window(fig52):
    g = groups(fig52.layout_svg)
    for spot in fig52.spots:
        assert [t.get("class") for t in g[spot.id] if t.tag == f"{SVG}text"].count("mm-value") == 1
        if not spot.terminal:
            assert any(t.get("class") == "mm-window" for t in g[spot.id + "_w"])


def test_windows_change_beside_the_nodes(fig52):
    def window(svg, gid):
        return [t.text for t in groups(svg)[gid + "_w"] if t.get("class") == "mm-window"]
    wide = animate(alphabeta, FIGURE_5_2, narrow=False)
    assert window(wide.frame_svg(9), "n_1") == ["enter α=3 β=+∞"]
    assert window(wide.frame_svg(12), "n_1") == ["enter α=3 β=+∞"]  # the window on entry stays
    assert window(wide.frame_svg(0), "n_1") in ([""], [None])
    # too wide to read in a notebook's column with windows in one line: stacked, line by line
    assert fig52.style.stacked and window(fig52.frame_svg(9), "n_1") == ["enter", "α=3", "β=+∞"]


def test_tic_tac_toe_boards_update_their_header():
    game = TicTacToe()
    animation = animate(alphabeta, game, state=game.parse("XO.\nXO.\n..."), narrow=False)
    assert value_of(animation.frame_svg(0), "n") == "MAX ?"  # not reached yet
    assert value_of(animation.frame_svg(-1), "n") == "MAX 1"
    assert geometry(animation.frame_svg(0)) == geometry(animation.frame_svg(-1))


def test_leaf_names_stay_below_the_leaves_unchanged_in_every_frame(fig52):
    def name(svg, gid):
        (text,) = [t for t in groups(svg)[gid + "_name"] if t.tag == f"{SVG}text"]
        return text.text, text.get("fill"), text.get("x"), text.get("y")

    leaves = [s for s in fig52.spots if s.terminal]
    first = {leaf.id: name(fig52.frame_svg(0), leaf.id) for leaf in leaves}
    assert first["n_1_1"][0] == "C2" and first["n_1_1"][1] == PALETTE["name"]
    box = [float(v) for v in shape(fig52.layout_svg, "n_1_1").get("points").replace(",", " ").split()]
    assert float(first["n_1_1"][3]) > max(box[1::2])  # below C2's box
    for k in range(1, len(fig52)):
        svg = fig52.frame_svg(k)
        assert {leaf.id: name(svg, leaf.id) for leaf in leaves} == first
    # The player repaints the nodes by their ids, which leaf names leave as they were.
    assert fig52.data["nodes"] == [s.id for s in fig52.spots]
    assert all(re.fullmatch(r"n(_\d+)*", i) for i in fig52.data["nodes"])


def test_board_headers_fit_their_boxes_in_every_frame():
    game = TicTacToe()
    animation = animate(alphabeta, game, state=game.parse("X.O\n.XO\n..."))
    layout = groups(animation.layout_svg)
    room = {}  # node: (width of its rounded box, header font size), the same in every frame
    for i, spot in enumerate(animation.spots):
        outline = next((c for c in layout[spot.id] if c.tag == f"{SVG}path"), None)
        if outline is not None:
            xs = [float(v) for v in re.findall(r"-?[\d.]+", outline.get("d"))[::2]]
            header = next(t for t in layout[spot.id] if t.get("class") == "mm-value")
            room[i] = (max(xs) - min(xs), float(header.get("font-size")))
    assert room
    for k in range(len(animation)):
        headers = animation._frame_state(k)["values"]
        for i, (width, size) in room.items():  # Courier: 0.6 em per character
            assert 0.6 * size * len(headers[i]) + 8 <= width, (k, headers[i])


def test_frames_export_as_svg_files(fig52, tmp_path):
    assert fig52.save_frame(12, tmp_path / "f12.svg").read_text() == fig52.frame_svg(12)
    assert fig52.save(tmp_path / "last.svg").read_text() == fig52.frame_svg(-1)
    assert "Frame 12 of 22: MIN node C takes min(2, ...)" in fig52.frame_svg(12)
    with_caption = fig52.save_frame(12, tmp_path / "f12c.svg", caption=True).read_text()
    lines = [t.text for t in ET.fromstring(with_caption).iter(f"{SVG}text")
             if t.get("class") == "mm-caption"]
    assert " ".join(lines) == "12/22. " + fig52.frames[12].caption
    assert geometry(with_caption) == geometry(fig52.frame_svg(12))


# -- the HTML player -----------------------------------------------------------------------

def test_the_saved_html_is_self_contained(fig52, tmp_path):
    page = fig52.save(tmp_path / "fig52.html").read_text()
    urls = set(re.findall(r"https?://[^\s\"'<>)\\]+", page))
    assert urls <= NAMESPACES, urls - NAMESPACES
    assert not re.search(r"<script[^>]*\bsrc=|<link\b|@import|url\(", page)
    assert "const player = {" in page and "export default" not in page
    payload = re.search(r'<script type="application/json" id="animation-data">(.*?)</script>',
                        page, re.S).group(1)
    data = json.loads(payload)
    assert data["svg"] == fig52.layout_svg
    assert json.loads(data["frames"]) == fig52.data


def test_the_player_module_is_the_widget_s_front_end(fig52):
    widget = fig52.widget
    assert widget._esm == (STATIC / "animation.js").read_text()
    assert widget.svg == fig52.layout_svg
    assert json.loads(widget.frames) == fig52.data
    assert widget.index == 0 and widget.playing is False


def test_in_a_notebook_it_shows_the_player_and_the_last_frame_as_svg(fig52):
    bundle = fig52._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == fig52.widget.model_id
    assert bundle["image/svg+xml"] == with_hint(fig52.frame_svg(-1), PLAY_HINT)
    assert bundle["text/plain"] == "<Animation of alphabeta on 13 nodes: 23 frames, value 3>"
    assert set(fig52._repr_mimebundle_(exclude=["image/svg+xml"])) == {
        "text/plain", "text/html", "image/png", "application/vnd.jupyter.widget-view+json"}
    # its alt text says the picture in words, then what to do to play it
    words = fig52.description(-1)
    assert words.startswith("Figure 5.2, MAX root A = 3; MIN B = 3, C = ≤2, D = 2; under B:")
    assert "C2 pruned" in words
    assert bundle["text/html"] == fitting_img(bundle["image/svg+xml"], f"{words} {PLAY_HINT}")


def test_the_static_picture_is_the_same_every_time():
    first = Animation(FIGURE_5_2, minimax(FIGURE_5_2, trace=True))
    again = Animation(FIGURE_5_2, minimax(FIGURE_5_2, trace=True))
    assert first.frame_svg(-1) == again.frame_svg(-1)
    assert first.frames_json == again.frames_json
