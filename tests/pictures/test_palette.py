"""The drawing palette: WCAG AA contrast, and no state that rests on colour alone.

Text (values, names, windows, move labels, the key, the player's texts) needs 4.5:1
against what it is drawn on; lines, outlines and other marks 3:1 against the
white page (WCAG 2.x, 1.4.3 and 1.4.11). Fills need no contrast of their own: each
node's outline (3:1) marks its edge. Every state of a node also shows without
colour: by dash, line width or text.
"""

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from minimax_lessons import FIGURE_5_2, alphabeta, draw_tree
from minimax_lessons.animation.player import STATIC, animate
from minimax_lessons.games.examples import SUBTREE_PRUNED
from minimax_lessons.pictures.draw import PALETTE, edge_look, graph_skeleton, node_look
from minimax_lessons.pictures.layout import expand
from minimax_lessons.pictures.scene import Scene
from minimax_lessons.pictures.style import DASHARRAYS, RING_CLASS, Style, choose_style
from minimax_lessons.pictures.frames import DONE, PRUNED, UNVISITED, VISITED, build_frames

WHITE = "#ffffff"
TEXT, MARK = 4.5, 3.0
STATUSES = (None, UNVISITED, VISITED, DONE, PRUNED)
ATTR = re.compile(r'([\w]+)=("(?:[^"\\]|\\.)*"|[^\s\]]+)')
SVG = "{http://www.w3.org/2000/svg}"


def luminance(colour):
    """Relative luminance of ``#rrggbb`` (WCAG 2.x)."""
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_matches_the_wcag_reference_values():
    assert contrast("#000000", WHITE) == pytest.approx(21)
    assert contrast(WHITE, WHITE) == 1
    assert contrast("#767676", WHITE) == pytest.approx(4.54, abs=0.01)  # the lightest AA grey
    assert contrast("#949494", WHITE) == pytest.approx(3.03, abs=0.01)


def looks():
    """Every node look a drawing can use: (what, look)."""
    for status, current, line, marked in itertools.product(STATUSES, *[(False, True)] * 3):
        yield (f"{status} current={current} line={line} highlight={marked}",
               node_look(status, current=current, on_line=line, highlighted=marked))


def edge_looks():
    for status, line, active in itertools.product(STATUSES, (False, True), (False, True)):
        yield f"edge {status} line={line} active={active}", edge_look(status, on_line=line,
                                                                      active=active)


def drawing_pairs():
    """(what, foreground, background, needed) for every colour pair the drawings use."""
    for what, look in looks():
        yield what + ": value on fill", look.text, look.fill, TEXT
        yield what + ": side text on page", look.side, WHITE, TEXT
        yield what + ": outline on page", look.stroke, WHITE, MARK
    for what, look in edge_looks():
        yield what + ": line on page", look.stroke, WHITE, MARK
    yield "leaf name on page", PALETTE["name"], WHITE, TEXT
    yield "chosen line in the key", PALETTE["line"], WHITE, MARK
    defaults = dict(ATTR.findall(graph_skeleton(Style(False, True, True, True, False)).source))
    yield "move label on page", defaults["fontcolor"].strip('"'), WHITE, TEXT


def failures():
    return [(what, fg, bg, round(contrast(fg, bg), 2)) for what, fg, bg, needed in drawing_pairs()
            if contrast(fg, bg) < needed]


def test_every_colour_pair_in_the_drawings_meets_wcag_aa():
    assert failures() == []


@pytest.mark.parametrize("key, colour", [("faint_text", "#8a8a8a"), ("faint", "#b8b8b8"),
                                         ("pruned", "#9a9a9a"), ("done", "#555555"),
                                         ("line", "#90caf9"), ("current", "#ffb74d"),
                                         ("ink", "#aaaaaa"), ("name", "#999999")])
def test_a_low_contrast_colour_in_the_palette_is_caught(monkeypatch, key, colour):
    monkeypatch.setitem(PALETTE, key, colour)
    assert any(colour in (fg, bg) for _, fg, bg, _ in failures())


def test_the_key_shows_node_looks_with_the_same_colours_as_the_tree():
    source = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), legend=True).source
    colours = set(re.findall(r'#[0-9a-fA-F]{6}', source))
    checked = {c for _, fg, bg, _ in drawing_pairs() for c in (fg, bg)}
    assert colours - checked <= {"#cccccc"}  # the key's frame: decoration, no information


# -- the player's page (animation.css) -----------------------------------------------

def css_rules():
    """(selector, {property: value}) of animation.css."""
    css = re.sub(r"/\*.*?\*/", "", (STATIC / "animation.css").read_text(), flags=re.S)
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        props = dict(re.findall(r"([\w-]+)\s*:\s*([^;]+);?", body))
        yield selector.strip(), {k: v.strip() for k, v in props.items()}


def test_every_text_colour_of_the_player_meets_wcag_aa_on_its_background():
    checked = 0
    for selector, props in css_rules():
        if "color" in props and props["color"].startswith("#") and "disabled" not in selector:
            background = props.get("background", WHITE)
            background = background if background.startswith("#") else WHITE
            assert contrast(props["color"], background) >= TEXT, selector
            checked += 1
    assert checked >= 5


# -- no state rests on colour alone ---------------------------------------------------

def cue(look):
    """What shows in grey: (line width, dash pattern: "", "dashed" or "dotted", doubled)."""
    return look.width, look.dash, look.double


STATES = {"not reached": dict(status=UNVISITED), "pruned": dict(status=PRUNED),
          "current": dict(status=VISITED, current=True), "bound (so far)": dict(status=VISITED),
          "final": dict(status=DONE), "chosen line": dict(status=DONE, on_line=True)}


def test_each_search_state_of_a_node_has_its_own_width_or_dash():
    cues = {name: cue(node_look(**state)) for name, state in STATES.items()}
    assert len(set(cues.values())) == len(cues), cues


def test_pruned_not_reached_bound_and_final_differ_in_outline_fill_and_mark():
    """On a washed-out screen, in grey: no two states share an outline, a fill or a mark."""
    frames = build_frames(SUBTREE_PRUNED, alphabeta(SUBTREE_PRUNED, trace=True))
    spots = expand(SUBTREE_PRUNED)
    scene = Scene(spots, choose_style(SUBTREE_PRUNED, spots, frames[-1]))
    seen = {}  # state -> (outline, fill, mark) of an inner node in that state
    for frame in frames:
        for spot, mark, status in zip(spots, scene.show(frame), scene.status):
            if spot.terminal or mark.look.stroke in (PALETTE["current"], PALETTE["line"]):
                continue  # current and chosen line: overlays, tested above
            state = {UNVISITED: "not reached", PRUNED: "pruned", DONE: "final"}.get(status)
            if status == VISITED and mark.value[:1] in ("≤", "≥"):
                state = "bound (so far)"
            if state:
                mark_text = mark.value.strip("0123456789-")
                seen.setdefault(state, (cue(mark.look), mark.look.fill, mark_text))
    assert set(seen) == {"not reached", "pruned", "bound (so far)", "final"}, seen
    for part in range(3):
        shown = [cues[part] for cues in seen.values()]
        assert len(set(shown)) == len(shown), (part, seen)
    # The current node keeps the fill and mark of its state; its outline is its own.
    current = {cue(node_look(status, current=True)) for status in STATUSES}
    assert all(doubled for _, _, doubled in current)
    assert not current & {cue for cue, _, _ in seen.values()}


def test_the_current_node_alone_has_a_double_outline_in_every_state():
    for status in STATUSES:
        assert node_look(status, current=True).double
        assert not node_look(status).double
        assert not node_look(status, on_line=True, highlighted=True).double
        assert node_look(status, current=True, highlighted=True).double


def washed_fills():
    """The fills a node of each state has: the current node may have any of them."""
    return {node_look(status).fill for status in STATUSES} | {PALETTE["warn_fill"]}


@pytest.mark.parametrize("fill", sorted(washed_fills()))
def test_the_double_outline_stands_out_from_the_page_its_fill_and_its_white_line_when_washed_out(
        fill):
    """Its outer line against the page, its inner line against the node's fill, and the
    white line between them against both lines: 3:1, also with 15% flare."""
    outline = PALETTE["current"]
    for against in (WHITE, fill, PALETTE["paper"]):
        assert contrast(outline, against) >= MARK, (outline, against)
        assert washed_out(outline, against) >= MARK, (outline, against,
                                                      round(washed_out(outline, against), 2))


def current_frame():
    """A frame of alpha-beta on Figure 5.2 whose current node is C (visited, value so far)."""
    frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
    return next(f for f in frames if f.current == (1,) and f.nodes[(1,)].value is not None)


def rings(svg):
    """{node id (or "key" for the key's entries): (stroke, stroke-width)} of each white line
    shown along a double outline."""
    found = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        for e in g:
            if e.get("class") == RING_CLASS and e.get("stroke") != "none":
                name = "key" if "key" in g.get("class", "") else g.get("id")
                found[name] = (e.get("stroke"), e.get("stroke-width"))
    return found


def test_a_still_draws_the_current_node_alone_with_a_white_line_along_its_outline():
    svg = draw_tree(FIGURE_5_2, frame=current_frame(), legend=True).svg()
    width = node_look(VISITED, current=True).width
    assert rings(svg) == {"n_1": (PALETTE["paper"], f"{round(width / 3, 2):g}"),
                          "key": (PALETTE["paper"], f"{round(width / 3, 2):g}")}  # and in the key
    outline = next(e for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id") == "n_1"
                   for e in g if e.tag == f"{SVG}polygon")
    assert outline.get("stroke") == PALETTE["current"] and outline.get("stroke-width") == f"{width:g}"
    finished = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True)).svg()
    assert rings(finished) == {}  # the last picture shows the chosen line, no current node


def test_a_players_frame_draws_the_same_double_outline_and_its_data_carries_it():
    animation = animate(alphabeta, FIGURE_5_2)
    k = current_frame().index
    width = node_look(VISITED, current=True).width
    assert rings(animation.frame_svg(k)) == {"n_1": (PALETTE["paper"], f"{round(width / 3, 2):g}")}
    assert rings(animation.frame_svg(-1)) == {}
    assert all(look[6] == int(look[1] == PALETTE["current"]) for look in animation.data["looks"])
    layout = ET.fromstring(animation.layout_svg)
    hidden = [e for e in layout.iter() if e.get("class") == RING_CLASS]
    assert len(hidden) == len(animation.spots)  # one per node, for the player to show
    script = (STATIC / "animation.js").read_text()
    assert f'const RING = "{RING_CLASS}"' in script and "border:5px double" in script


def washed_out(a, b, flare=0.15):
    """The contrast of two colours on a projector in a lit room: ``flare`` of white's
    luminance added to both (the model of the review screens-2026-11)."""
    light, dark = sorted((luminance(a) + flare, luminance(b) + flare), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("state", STATES)
def test_every_state_keeps_its_outline_at_3_to_1_against_the_page_and_its_fill_when_washed_out(
        state):
    look = node_look(**STATES[state])
    assert contrast(look.stroke, WHITE) >= MARK and contrast(look.stroke, look.fill) >= MARK
    assert washed_out(look.stroke, WHITE) >= MARK, (state, round(washed_out(look.stroke, WHITE), 2))
    assert contrast(look.text, look.fill) >= TEXT


@pytest.mark.parametrize("state", ["not reached", "pruned", "current", "bound (so far)", "final"])
def test_every_search_state_keeps_its_outline_at_3_to_1_against_its_own_fill_when_washed_out(
        state):
    """Outline and fill are neighbours: the node's edge shows on a projector in a lit room.
    (The chosen line is a blue line over a blue fill, 2.2:1 washed out: it is told by its
    thickness and by the thick blue edges into it.)"""
    look = node_look(**STATES[state])
    assert washed_out(look.stroke, look.fill) >= MARK, (state, round(washed_out(look.stroke, look.fill), 2))
    assert washed_out(look.text, look.fill) >= MARK


def test_a_first_frame_shows_the_whole_tree_with_dark_dots_and_marks():
    """Step 0 of a player and a quiz's still: every node reached by nothing yet."""
    frame = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))[0]
    drawing = draw_tree(FIGURE_5_2, frame=frame)
    nodes = nodes_of(drawing.source)
    inner = [s.id for s in drawing.spots if not s.terminal and s.path]
    assert all(nodes[k]["label"].replace("\\n", "") == "?" for k in inner)
    leaves = [s for s in drawing.spots if s.terminal]
    assert all(nodes[s.id]["label"] == str(s.utility) for s in leaves)
    dotted = node_look(UNVISITED)
    assert washed_out(dotted.stroke, WHITE) >= MARK and dotted.width >= 1.5


@pytest.mark.parametrize("look", [node_look, edge_look], ids=["node", "edge"])
def test_not_reached_differs_from_every_other_state_by_its_dots_not_by_width_alone(look):
    """A finished leaf and a node not reached yet once differed by grey and 0.3 pt."""
    others = [look(s) for s in STATUSES if s != UNVISITED]
    assert look(UNVISITED).dash == "dotted" and look(PRUNED).dash == "dashed"
    assert all(other.dash != "dotted" for other in others)
    assert look(UNVISITED).dasharray not in ("", look(PRUNED).dasharray)


def test_a_highlighted_node_not_reached_yet_stays_dotted():
    assert node_look(UNVISITED, highlighted=True).dash == "dotted"


def first_frame():
    return build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))[1]


def test_nodes_and_edges_not_reached_yet_are_dotted_in_the_dot_and_the_key_says_so():
    source = draw_tree(FIGURE_5_2, frame=first_frame(), legend=True).source
    nodes = nodes_of(source)
    assert "dotted" not in nodes["n"]["style"]  # the root is reached (current)
    for k in ("n_0", "n_1_2", "n_2_0"):
        assert nodes[k]["style"] == "filled,dotted"
    for k in ("n -> n_0", "n_1 -> n_1_2"):
        assert nodes[k]["style"] == "dotted"
    assert "dotted: not reached yet" in source
    finished = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), legend=True)
    assert "dotted" not in finished.source  # every node reached or pruned: no key entry


def test_nodes_not_reached_yet_are_dotted_in_the_svg():
    svg = draw_tree(FIGURE_5_2, frame=first_frame()).svg()
    groups = {g.get("id"): g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id")}
    dashes = {gid: next(e.get("stroke-dasharray") for e in groups[gid]
                        if e.tag in (f"{SVG}polygon", f"{SVG}path"))
              for gid in ("n", "n_0", "n_1_2", "e_0", "e_1_2")}
    dots = DASHARRAYS["dotted"]
    assert dots != "1,5"  # Graphviz's own dots fade on a projector: drawn denser
    assert dashes == {"n": None, "n_0": dots, "n_1_2": dots, "e_0": dots, "e_1_2": dots}


def test_the_player_data_carries_the_dotted_look_apart_from_the_pruned_dashes():
    data = animate(alphabeta, FIGURE_5_2).data
    dots = DASHARRAYS["dotted"]
    dashes = {look[3] for look in data["looks"]}
    assert {dots, "5,2", ""} <= dashes
    first = {i: data["looks"][look][3] for i, look, *_ in data["frames"][0]["n"]}
    assert all(first[i] == dots for i, node in enumerate(data["nodes"]) if node != "n")
    assert {data["edgeLooks"][look][2] for _, look in data["frames"][0]["e"]} == {dots}
    assert "dotted: not reached yet" in (STATIC / "animation.js").read_text()


def nodes_of(source):
    out = {}
    for line in source.splitlines():
        m = re.match(r'\s*(n(?:_\w+)*|\w+ -> n(?:_\w+)*)\s*\[(.*)\]\s*$', line)
        if m:
            out[m.group(1)] = {k: v.strip('"') for k, v in ATTR.findall(m.group(2))}
    return out


def frame_with_both():
    """A frame of alpha-beta on Figure 5.2 with values so far and final values."""
    result = alphabeta(FIGURE_5_2, trace=True)
    for frame in build_frames(FIGURE_5_2, result):
        statuses = [v.status for v in frame.nodes.values() if v.value is not None]
        if VISITED in statuses and DONE in statuses and frame.current is not None:
            return frame
    raise AssertionError("no such frame")


def test_a_value_so_far_reads_as_a_bound_and_sits_on_the_path_to_the_current_node():
    frame = frame_with_both()
    drawing = draw_tree(FIGURE_5_2, frame=frame)
    nodes, ids = nodes_of(drawing.source), {s.path: s.id for s in drawing.spots}
    open_nodes = [p for p, v in frame.nodes.items() if v.status == VISITED]
    shown = [p for p in open_nodes if frame.nodes[p].value is not None]
    assert shown
    for path in shown:
        label = nodes[ids[path]]["label"]
        assert label[0] in "≤≥", label
    assert all(frame.current[:len(p)] == p for p in open_nodes)


def test_pruned_nodes_and_edges_are_dashed_and_the_chosen_line_is_thick_in_the_dot():
    source = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), narrow=False).source
    nodes = nodes_of(source)
    pruned = {k for k, v in nodes.items() if "pruned" in v.get("class", "")}
    assert pruned == {"n_1_1", "n_1_2"}
    for k in pruned:
        assert "dashed" in nodes[k]["style"]
        assert "dashed" in nodes["n_1 -> " + k]["style"]
    edges = {k: v for k, v in nodes.items() if v.get("id", "").startswith("e")}
    line_edges = {k for k, v in edges.items() if v["color"] == PALETTE["line"]}
    assert line_edges == {"n -> n_0", "n_0 -> n_0_0"}
    thin = max(float(v["penwidth"]) for k, v in edges.items() if k not in line_edges)
    assert min(float(nodes[k]["penwidth"]) for k in line_edges) >= 2 * thin
    assert nodes["n_w"]["label"].startswith("A\\nenter α=")  # windows are written out


def test_pruned_nodes_are_dashed_and_the_chosen_line_thick_in_the_svg():
    svg = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True)).svg()
    groups = {g.get("id"): g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id")}

    def shape(gid):
        return next(e for e in groups[gid] if e.tag in (f"{SVG}polygon", f"{SVG}path",
                                                         f"{SVG}polyline", f"{SVG}ellipse"))

    assert shape("n_1_1").get("stroke-dasharray") and shape("e_1_1").get("stroke-dasharray")
    assert not shape("n_1_0").get("stroke-dasharray")
    assert float(shape("e_0").get("stroke-width")) > 2 * float(shape("e_2").get("stroke-width")
                                                                or 1)


def test_the_players_borders_and_focus_ring_stand_out_from_its_card():
    """WCAG 1.4.11: a control's outline and the focus ring need 3:1 against the card."""
    checked = 0
    for selector, props in css_rules():
        if "button" not in selector and "focus" not in selector:
            continue  # a decorative frame (the stage's hairline) is not a control
        for name in ("border", "border-color", "box-shadow"):
            for colour in re.findall(r"#[0-9a-fA-F]{6}\b", props.get(name, "")):
                background = props.get("background", WHITE)
                background = background if background.startswith("#") else WHITE
                assert contrast(colour, WHITE) >= MARK, (selector, name, colour)
                assert contrast(colour, background) >= MARK, (selector, name, colour, background)
                checked += 1
    assert checked >= 3
