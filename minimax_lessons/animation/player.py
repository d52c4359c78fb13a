"""Animations: step through a search, one frame per step of its trace.

Vocabulary
----------
- An :class:`Animation` holds a search's frames (:mod:`minimax_lessons.pictures.frames`)
  and one drawing of its tree, laid out by Graphviz *once*. Frames do not move
  the tree: each frame only changes colours, the values inside the nodes and
  the alpha-beta windows beside them (leaf names below the leaves never change).
- The *player* is the front-end: a small JavaScript module
  (``minimax_lessons/static/animation.js``) that holds every frame in the
  browser, so stepping needs no round trip to the kernel. In Jupyter it runs
  as an ``anywidget`` widget (:class:`AnimationWidget`); ``save("x.html")``
  wraps the same module, the SVG and the frames into one self-contained HTML
  file that plays offline.
- The frames travel as *changes*: frame 0 gives every node's look, value and
  window; frame k only the nodes and edges that differ from frame k - 1.
  Looks are numbered in a small table (fill, outline, width, dashes as an SVG
  dash pattern: ``"5,2"`` pruned, ``"1,5"`` dotted not reached yet; text
  colours), so the front-end only sets attributes of the SVG elements whose ids
  are the drawing's node ids (``n_1_0``; see :mod:`minimax_lessons.pictures.draw`).
- A *quiz* (``animate(..., quiz=True)``) adds its questions to the data
  (:func:`minimax_lessons.animation.quiz.quiz_questions`); the player stops at each one
  until it is answered or skipped, and keeps the answers in the widget's
  ``answers`` (JSON text), so the kernel can read them too.

At the end of a notebook cell an animation shows the player, and also carries
a static SVG of its last frame: that picture is what GitHub, nbconvert and
other viewers without a running kernel show.

>>> from minimax_lessons import alphabeta, FIGURE_5_2
>>> animation = animate(alphabeta, FIGURE_5_2)
>>> len(animation.frames), animation.frames[-1].caption
(23, 'Done: A is worth 3; best move 0 (to B). Chosen line: A -> B -> B1.')
"""

from __future__ import annotations

import base64
import functools
import html
import json
import textwrap
import xml.etree.ElementTree as ET
from functools import cached_property
from pathlib import Path

from ..pictures.draw import (MAX_NODES, PALETTE, NodeSpec, _board_parts, _style, build_digraph,
                   edge_label, edge_look, frame_plan, leaf_name, node_class, node_look,
                   node_parts, value_text, window_text)
from . import iframe
from ..pictures import lecture
from ..pictures.frames import PRUNED, UNVISITED, build_frames
from .quiz import quiz_questions
from ..pictures.raster import svg_to_png
from ..search.trace import PRUNE
from ..words import show_number

__all__ = ["animate", "Animation", "AnimationWidget", "player_page", "STATIC"]

STATIC = Path(__file__).parents[1] / "static"
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: Steps per second when playing, unless speed= says otherwise.
DEFAULT_SPEED = 2.0


def animate(search, game, *, state=None, depth=None, names=None, edge_labels=None,
            speed=DEFAULT_SPEED, max_nodes=MAX_NODES, renderer="auto", quiz=False,
            **search_options):
    """Run ``search`` on ``game`` with a trace and return its :class:`Animation`.

    ``state`` and ``depth`` go to the search (the root and the depth limit), as
    do other options (``order=``, ``prune_ties=``, ``evaluate=``...).

    >>> from minimax_lessons import minimax, GameTree
    >>> animate(minimax, GameTree.from_nested([[3, 12], [2]]))
    <Animation of minimax on 6 nodes: 13 frames, value 3>

    ``quiz=True`` makes it a predict-then-reveal quiz: the player stops before
    each step a student can predict and asks "What value does B return?" (a
    number) or, under alpha-beta, "Will alpha-beta look at C2?" (yes / no).
    Answering or skipping shows a verdict with the right answer and why, then
    steps on; the last frame shows the score ("You predicted 7 of 11"). The
    questions are plain data, computed from the frames by
    :func:`minimax_lessons.animation.quiz.quiz_questions` (``animation.questions``):

    >>> from minimax_lessons import alphabeta, FIGURE_5_2, quiz_questions
    >>> quiz = animate(alphabeta, FIGURE_5_2, quiz=True)
    >>> questions = quiz_questions(quiz.frames, FIGURE_5_2)
    >>> len(questions), questions[-1].prompt, questions[-1].answer, questions[-1].explanation
    (11, 'What value does A return?', '3', 'A is a MAX node: max(3, 2, 2) = 3.')
    >>> tuple(questions) == quiz.questions
    True
    """
    result = search(game, state, depth=depth, trace=True, **search_options)
    return Animation(game, result, names=names, edge_labels=edge_labels, speed=speed,
                     max_nodes=max_nodes, renderer=renderer, quiz=quiz)


class Animation:
    """The frames of one search over one fixed drawing of its tree.

    Build one with :func:`animate`, or ``Animation(game, result)`` for a
    result already made with ``trace=True``. ``frames`` are the
    :class:`~minimax_lessons.pictures.frames.Frame` objects; ``frame_svg(k)`` one frame
    as SVG; ``save("x.html")`` a self-contained player; ``widget`` the Jupyter
    widget.
    """

    def __init__(self, game, result, *, names=None, edge_labels=None, speed=DEFAULT_SPEED,
                 max_nodes=MAX_NODES, renderer="auto", quiz=False):
        self.game = game
        self.result = result
        self.frames = build_frames(game, result)
        #: The quiz's questions (empty unless made with ``quiz=True``).
        self.questions = tuple(quiz_questions(self.frames, game)) if quiz else ()
        self.quiz = bool(quiz)
        self.speed = float(speed)
        self.renderer = renderer
        self.lecture = lecture.current()  # the mode it was made in, kept for its layout
        final = self.frames[-1]
        self.spots = frame_plan(game, final, max_nodes=max_nodes).spots  # as draw_tree lays out
        self._style = _style(game, self.spots, final, names, edge_labels, None)
        self._index = {spot.path: i for i, spot in enumerate(self.spots)}
        self._changes, self._looks, self._edge_looks, self._widest = _frame_changes(self)

    # -- what a student sees ------------------------------------------------------
    def __len__(self):
        return len(self.frames)

    def __repr__(self):
        nodes = f"{len(self.spots)} node" + ("s" if len(self.spots) != 1 else "")
        quiz = f", a quiz of {len(self.questions)} questions" if self.quiz else ""
        return (f"<Animation of {self.result.algorithm} on {nodes}: "
                f"{len(self.frames)} frames, value {show_number(self.result.value)}{quiz}>")

    @cached_property
    def widget(self):
        """The Jupyter widget that plays this animation (made on first use)."""
        quiz = {"answers": "[]"} if self.quiz else {}
        return _widget_class()(svg=self.layout_svg, frames=self.frames_json,
                               speed=self.speed, index=0, **quiz)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The player, plus the last frame as SVG for viewers without a kernel.

        Made in lecture mode, it also carries the self-contained player as HTML
        (an ``<iframe srcdoc>``), which plays where widgets do not run: in
        jupyterlab-rise's slideshow and in notebooks exported to HTML.

        A quiz shows its first frame instead, so that its still picture gives
        no answer away.
        """
        widget_bundle = self.widget._repr_mimebundle_()
        data = dict(widget_bundle[0] if isinstance(widget_bundle, tuple) else widget_bundle)
        data["image/svg+xml"] = self.frame_svg(0 if self.quiz else -1)
        png = svg_to_png(data["image/svg+xml"])
        if png is not None:
            data["image/png"] = base64.b64encode(png).decode("ascii")
        if self.lecture is not None:
            # Made in lecture mode: also the self-contained player as HTML, for the
            # places widgets cannot run (RISE's slideshow, exported HTML). JupyterLab
            # itself still prefers the widget above.
            title = f"{self.result.algorithm} step by step"
            page = player_page(self.widget.svg, self.widget.frames, self.widget.speed, title,
                               extra_css=iframe.FRAME_CSS)
            data["text/html"] = iframe.iframe(page, self.widget.svg, title)
        data["text/plain"] = repr(self)
        if include:
            data = {k: v for k, v in data.items() if k in include}
        if exclude:
            data = {k: v for k, v in data.items() if k not in exclude}
        return data

    # -- the drawing ----------------------------------------------------------------
    @cached_property
    def dot(self):
        """The ``graphviz.Digraph`` of the fixed layout (room for every frame's text)."""
        specs = []
        values, windows = self._widest_texts()
        first = self._frame_state(0)
        for i, spot in enumerate(self.spots):
            look = self._looks[first["looks"][i]]
            side = self._side_name(spot)
            if windows[i]:
                side = side + [windows[i]]
            parts = self._parts(spot, values[i])
            e_look = self._edge_looks[first["edges"][i]] if spot.index else None
            specs.append(NodeSpec(parts, look, node_class(spot, None), "\\n".join(side),
                                  e_look, edge_label(spot, self._style),
                                  leaf_name(self.game, spot, self._style)))
        with lecture.using(self.lecture):  # laid out as made, even if shown later
            return build_digraph(self.spots, specs, self._style)

    @cached_property
    def layout_svg(self) -> str:
        """The SVG laid out once, its changing texts tagged ``mm-value`` / ``mm-window``."""
        from ..pictures.render import dot_to_svg

        values, windows = self._widest_texts()
        root = _parse_svg(dot_to_svg(self.dot, renderer=self.renderer))
        groups = {g.get("id"): g for g in root.iter(f"{{{SVG_NS}}}g")}
        for i, spot in enumerate(self.spots):
            g = groups.get(spot.id)
            if g is None:
                continue
            _tag_text(g, _slot_text(self, spot, values[i]) or " ", "mm-value")
            _set_title(g, self._title(spot))
            side = groups.get(spot.id + "_w")
            if side is not None:
                _set_title(side, self._title(spot))
                if windows[i]:
                    _tag_text(side, windows[i], "mm-window")
            name = groups.get(spot.id + "_name")  # a leaf's name: the same in every frame
            if name is not None:
                _set_title(name, self._title(spot))
            edge = groups.get(spot.edge_id) if spot.index else None
            if edge is not None:
                _set_title(edge, f"move {spot.action}")
        root.set("class", "mmla-tree")
        return _serialize(root)

    def frame_svg(self, k: int, *, caption=False) -> str:
        """Frame ``k`` (negative counts from the end) as a standalone SVG.

        Every frame shares the layout of :attr:`layout_svg`: only colours and
        texts differ. ``caption=True`` writes the step's sentence below the tree.
        """
        k = range(len(self.frames))[k]
        state = self._frame_state(k)
        root = _parse_svg(self.layout_svg)
        groups = {g.get("id"): g for g in root.iter(f"{{{SVG_NS}}}g")}
        for i, spot in enumerate(self.spots):
            _paint_node(groups.get(spot.id), groups.get(spot.id + "_w"),
                        self._looks[state["looks"][i]], state["values"][i], state["windows"][i])
            if spot.index:
                _paint_edge(groups.get(spot.edge_id), self._edge_looks[state["edges"][i]])
        title = ET.SubElement(root, f"{{{SVG_NS}}}desc")
        title.text = f"Frame {k} of {len(self.frames) - 1}: {self.frames[k].caption}"
        if caption:
            _add_caption(root, f"{k}/{len(self.frames) - 1}. {self.frames[k].caption}")
        return _serialize(root)

    def save_frame(self, k: int, path, *, caption=False) -> Path:
        """Write frame ``k`` as an SVG file (``caption=True`` adds the step's sentence)."""
        path = Path(path)
        path.write_text(self.frame_svg(k, caption=caption), encoding="utf-8")
        return path

    # -- the player -------------------------------------------------------------------
    @cached_property
    def data(self) -> dict:
        """Everything the player needs, as plain JSON-ready data."""
        data = {
            "version": 1,
            "nodes": [s.id for s in self.spots],
            "edges": [s.edge_id for s in self.spots],
            "looks": [[lk.fill, lk.stroke, lk.width, lk.dasharray, lk.text, lk.side]
                      for lk in self._looks],
            "edgeLooks": [[lk.stroke, lk.width, lk.dasharray] for lk in self._edge_looks],
            "frames": [{"caption": f.caption, "kind": f.kind, "n": n, "e": e,
                        "c": self._index.get(f.current) if f.current is not None else None}
                       for f, (n, e) in zip(self.frames, self._changes)],
            "title": f"{self.result.algorithm}: value {show_number(self.result.value)}",
            "palette": dict(PALETTE),
            "pruning": any(frame.kind == PRUNE for frame in self.frames),
            "windows": self._style.windows,
        }
        if self.quiz:
            data["quiz"] = [q.as_data() for q in self.questions]
        return data

    @cached_property
    def frames_json(self) -> str:
        """:attr:`data` as compact JSON text."""
        return json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))

    def html(self, title=None) -> str:
        """One self-contained HTML page that plays the animation (no network needed)."""
        title = title or f"{self.result.algorithm} step by step"
        return player_page(self.layout_svg, self.frames_json, self.speed, title)

    def save(self, path, title=None) -> Path:
        """Write the self-contained HTML player (``.html``), or the last frame (``.svg``)."""
        path = Path(path)
        if path.suffix.lower() == ".svg":
            return self.save_frame(-1, path)
        path.write_text(self.html(title), encoding="utf-8")
        return path

    # -- helpers ----------------------------------------------------------------------
    def _parts(self, spot, value):
        return node_parts(self.game, spot, self._style, value)

    def _side_name(self, spot):
        if self._style.names and not spot.terminal:
            return [str(self.game.text(spot.state))]
        return []

    def _title(self, spot):
        who = "leaf" if spot.terminal else spot.player.upper()
        text = str(self.game.text(spot.state)).replace("\n", " / ")
        return f"{text} ({who})"

    def _widest_texts(self):
        """Per node, the longest value text and window text any frame shows."""
        return self._widest

    def _frame_state(self, k):
        """The full state at frame k, replayed from the changes (as the player does)."""
        n = len(self.spots)
        looks, values, windows, edges = [0] * n, [""] * n, [""] * n, [0] * n
        for nodes, edge_changes in self._changes[:k + 1]:
            for i, look, value, window in nodes:
                looks[i], values[i], windows[i] = look, value, window
            for i, look in edge_changes:
                edges[i] = look
        return {"looks": looks, "values": values, "windows": windows, "edges": edges}


def player_page(svg: str, frames_json: str, speed: float, title: str, *, extra_css="") -> str:
    """The self-contained HTML page of a player, from the widget's own state.

    ``svg``, ``frames_json`` and ``speed`` are what :attr:`Animation.widget`
    holds (``layout_svg``, ``frames_json``, ``speed``), so a notebook that stored
    its widget state can be turned back into players (see
    :mod:`minimax_lessons.instructor.decks`, which adds ``extra_css``).
    """
    script = (STATIC / "animation.js").read_text(encoding="utf-8")
    if "\nexport default" not in script:
        raise RuntimeError("animation.js must end with its `export default` line")
    script = script.replace("\nexport default", "\nconst player =", 1)
    payload = json.dumps({"svg": svg, "frames": frames_json, "speed": speed}, ensure_ascii=False)
    payload = payload.replace("</", "<\\/")
    css = (STATIC / "animation.css").read_text(encoding="utf-8") + extra_css
    return _PAGE.format(title=html.escape(title), css=css, payload=payload, script=script)


def _slot_text(animation, spot, value):
    """The text of the element that shows a node's value (a board's whole header)."""
    if animation._style.boards:
        label = _board_parts(animation.game, spot, value)["label"]
        return _record_header(label)
    return value


def _record_header(label):
    """The first field of a record label, unescaped."""
    out, escaped = [], False
    for ch in label[1:]:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "|":
            break
        else:
            out.append(ch)
    return "".join(out)


def _frame_changes(animation):
    """Per frame: (node changes [[i, look, value, window]], edge changes [[i, look]]).

    Also returns the tables of node and edge looks, and per node the longest value
    and window texts any frame shows (the layout makes room for them).
    """
    spots, index, frames = animation.spots, animation._index, animation.frames
    n = len(spots)
    end = _subtree_ends(spots)
    looks, look_ids = [], {}
    edge_looks, edge_ids = [], {}

    def look_id(table, ids, look):
        if look not in ids:
            ids[look] = len(table)
            table.append(look)
        return ids[look]

    status = [UNVISITED] * n
    views = [None] * n
    widest_values, widest_windows = [""] * n, [""] * n
    shown_nodes, shown_edges = [None] * n, [None] * n
    current = active = None
    line = set()
    out = []
    for frame in frames:
        touched = set(range(n)) if frame.index == 0 else set()
        for path, view in frame.changes.items():
            i = index.get(path)
            if i is None:
                continue
            views[i] = view
            touched.add(i)
            if view.status == PRUNED:
                for j in range(i, end[i]):
                    status[j] = PRUNED
                    touched.add(j)
            else:
                status[i] = view.status
        new_current = index.get(frame.current) if frame.current is not None and not frame.line \
            else None
        new_active = index.get(frame.edge[1]) if frame.edge else None
        touched.update(x for x in (current, new_current, active, new_active) if x is not None)
        current, active = new_current, new_active
        if frame.line:
            line = {index[p] for p in frame.line if p in index}
            touched.update(line)
        node_changes, edge_changes = [], []
        for i in sorted(touched):
            spot = spots[i]
            look = node_look(status[i], current=i == current, on_line=i in line)
            value = value_text(views[i], spot)
            window = window_text(views[i]) if animation._style.windows and (
                not spot.is_leaf or (views[i] is not None and views[i].note)) else ""
            if len(value) > len(widest_values[i]):
                widest_values[i] = value
            if len(window) > len(widest_windows[i]):
                widest_windows[i] = window
            entry = (look_id(looks, look_ids, look), _slot_text(animation, spot, value), window)
            if entry != shown_nodes[i]:
                shown_nodes[i] = entry
                node_changes.append([i, *entry])
            if spot.index:
                parent = index[spot.path[:-1]]
                e = edge_look(status[i], on_line=i in line and parent in line, active=i == active)
                e_id = look_id(edge_looks, edge_ids, e)
                if e_id != shown_edges[i]:
                    shown_edges[i] = e_id
                    edge_changes.append([i, e_id])
        out.append((node_changes, edge_changes))
    return out, looks, edge_looks, (widest_values, widest_windows)


def _subtree_ends(spots):
    """For each spot (in preorder), the index just past its subtree."""
    n = len(spots)
    end = [n] * n
    stack = []
    for i, spot in enumerate(spots):
        depth = len(spot.path)
        while stack and len(spots[stack[-1]].path) >= depth:
            end[stack.pop()] = i
        stack.append(i)
    return end


# -- SVG handling (the same painting as the player's JavaScript) -----------------------

def _parse_svg(text):
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    return ET.fromstring(text.encode("utf-8") if isinstance(text, str) else text)


def _serialize(root) -> str:
    return ET.tostring(root, encoding="unicode")


_SHAPES = {f"{{{SVG_NS}}}{t}" for t in ("polygon", "ellipse", "path", "polyline")}
_TEXT = f"{{{SVG_NS}}}text"


def _tag_text(group, content, klass):
    """Give the text element showing ``content`` (else the last text) the class ``klass``."""
    texts = [t for t in group if t.tag == _TEXT]
    if not texts:
        return
    target = next((t for t in texts if (t.text or "") == content), texts[-1])
    target.set("class", klass)


def _set_title(group, text):
    for child in group:
        if child.tag == f"{{{SVG_NS}}}title":
            child.text = text
            return


def _add_caption(root, text, size=14.0):
    """Write ``text`` below the drawing, wrapped to its width (sizes in points)."""
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    per_line = max(20, int(width / (0.52 * size)))
    lines = textwrap.wrap(text, per_line) or [""]
    extra = (len(lines) + 0.6) * size * 1.3
    background = ET.SubElement(root, f"{{{SVG_NS}}}rect", x=f"{x0:g}", y=f"{y0 + height:g}",
                               width=f"{width:g}", height=f"{extra:g}", fill="white")
    background.tail = "\n"
    for n, line in enumerate(lines, start=1):
        t = ET.SubElement(root, _TEXT, x=f"{x0 + size:g}", y=f"{y0 + height + n * size * 1.3:g}")
        t.set("font-family", "Helvetica,sans-Serif")
        t.set("font-size", f"{size:g}")
        t.set("fill", PALETTE["ink"])
        t.set("class", "mm-caption")
        t.text = line
    root.set("viewBox", f"{x0:g} {y0:g} {width:g} {height + extra:g}")
    root.set("height", f"{height + extra:g}pt")


def _paint_node(group, side, look, value, window):
    fill, stroke, width, dash, text, side_colour = (look.fill, look.stroke, look.width,
                                                    look.dasharray, look.text, look.side)
    if group is not None:
        shapes = [c for c in group if c.tag in _SHAPES]
        for k, shape in enumerate(shapes):
            if k == 0:
                shape.set("fill", fill)
            shape.set("stroke", stroke)
            shape.set("stroke-width", f"{width:g}")
            _dash(shape, dash)
        for t in group:
            if t.tag == _TEXT:
                t.set("fill", text)
                if t.get("class") == "mm-value":
                    t.text = value
    if side is not None:
        for t in side:
            if t.tag == _TEXT:
                t.set("fill", side_colour)
                if t.get("class") == "mm-window":
                    t.text = window


def _paint_edge(group, look):
    if group is None:
        return
    for shape in group:
        if shape.tag in _SHAPES:
            shape.set("stroke", look.stroke)
            shape.set("stroke-width", f"{look.width:g}")
            _dash(shape, look.dasharray)


def _dash(element, dasharray):
    """Set an SVG shape's dashes (``"5,2"`` pruned, ``"1,5"`` not reached), or clear them."""
    if dasharray:
        element.set("stroke-dasharray", dasharray)
    elif "stroke-dasharray" in element.attrib:
        del element.attrib["stroke-dasharray"]


# -- the widget ----------------------------------------------------------------------

@functools.cache
def _widget_class():
    import anywidget
    import traitlets

    class AnimationWidget(anywidget.AnyWidget):
        """The player in Jupyter: all frames live in the browser (see animation.js)."""

        _esm = (STATIC / "animation.js").read_text(encoding="utf-8")
        _css = (STATIC / "animation.css").read_text(encoding="utf-8")
        svg = traitlets.Unicode("").tag(sync=True)
        frames = traitlets.Unicode("{}").tag(sync=True)
        index = traitlets.Int(0).tag(sync=True)
        playing = traitlets.Bool(False).tag(sync=True)
        speed = traitlets.Float(DEFAULT_SPEED).tag(sync=True)
        #: A quiz's answers so far, as JSON text (one entry per question; "" if no quiz).
        answers = traitlets.Unicode("").tag(sync=True)

    AnimationWidget.__qualname__ = "AnimationWidget"
    return AnimationWidget


def __getattr__(name):
    # The widget class needs anywidget; build it only when asked for.
    if name == "AnimationWidget":
        return _widget_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 16px; font-family: Helvetica, Arial, sans-serif; background: #ffffff; }}
{css}
</style>
</head>
<body>
<div id="player"></div>
<script type="application/json" id="animation-data">{payload}</script>
<script type="module">
{script}
const data = JSON.parse(document.getElementById("animation-data").textContent);
const model = player.localModel({{svg: data.svg, frames: data.frames, index: 0,
                                  playing: false, speed: data.speed}});
player.initialize({{model}});
player.render({{model, el: document.getElementById("player")}});
window.animationModel = model;
</script>
</body>
</html>
"""
