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
  window; frame k only the nodes and edges that differ from frame k - 1. What
  each node shows in a frame is its *scene*
  (:class:`~minimax_lessons.pictures.scene.Scene`, the same as ``draw_tree`` of that
  frame); the changes are the differences between consecutive scenes.
  Looks are numbered in a small table (fill, outline, width, dashes as an SVG
  dash pattern: ``"5,2"`` pruned, ``"1,5"`` dotted not reached yet; text
  colours), so the front-end only sets attributes of the SVG elements whose ids
  are the drawing's node ids (``n_1_0``; see :mod:`minimax_lessons.pictures.draw`).
- A *quiz* (``animate(..., quiz=True)``) adds its questions to the data
  (:func:`minimax_lessons.animation.quiz.quiz_questions`); the player stops at each one
  until it is answered or skipped, and keeps the answers in the widget's
  ``answers`` (JSON text), so the kernel can read them too: it writes each in the
  learner's logbook (:class:`~minimax_lessons.animation.quiz.QuizLog`).

At the end of a notebook cell an animation shows the player, and also carries
a static SVG of its last frame: that picture is what GitHub, nbconvert and
other viewers without a running kernel show.

>>> from minimax_lessons import alphabeta, FIGURE_5_2
>>> animation = animate(alphabeta, FIGURE_5_2)
>>> len(animation.frames), animation.frames[-1].caption
(23, 'Done: A is worth 3; best move 0 (to B). Chosen line: A -> B -> B1.')
"""

from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as ET
from functools import cached_property
from pathlib import Path

from . import iframe
from .quiz import QuizLog, quiz_questions
from ..pictures import lecture
from ..pictures.describe import describe, describe_data
from ..pictures.dot import showable
from ..pictures.draw import MAX_NODES, NodeSpec, build_digraph, draw_plan, frame_plan
from ..pictures.frames import CHECKPOINT_EVERY, build_frames
from ..pictures import texts
from ..pictures.labels import (board_value_text, edge_label, leaf_name, node_class, node_parts,
                               side_parts, spot_title)
from ..pictures.scene import Scene
from ..pictures.style import PALETTE, RING_CLASS, choose_style, dense_dots, ring
from ..pictures.jupyter import (HTML, STATIC, add_caption, mimebundle, offline_page,
                                widget_class, widget_makers)
from ..search.trace import PRUNE
from ..words import show_number

__all__ = ["animate", "Animation", "AnimationWidget", "player_page", "STATIC"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: Steps per second when playing, unless speed= says otherwise.
DEFAULT_SPEED = 2.0
#: The line under the still picture: what to do to get the player (or the quiz).
PLAY_HINT = "Run this cell to play it step by step."
QUIZ_HINT = "Run this cell to take the quiz: it asks before each step."


def animate(search, game, *, state=None, depth=None, names=None, edge_labels=None,
            speed=DEFAULT_SPEED, max_nodes=MAX_NODES, renderer="auto", quiz=False, narrow=None,
            **search_options):
    """Run ``search`` on ``game`` with a trace and return its :class:`Animation`.

    ``state`` and ``depth`` go to the search (the root and the depth limit), as
    do other options (``order=``, ``prune_ties=``, ``evaluate=``...). ``narrow`` is as in
    :func:`~minimax_lessons.pictures.draw.draw_tree` (by default: narrow when the tree is too
    wide to read in a notebook's column).

    >>> from minimax_lessons import minimax, GameTree
    >>> animate(minimax, GameTree.from_nested([[3, 12], [2]]))
    <Animation of minimax on 6 nodes: 13 frames, value 3>

    ``quiz=True`` makes it a predict-then-reveal quiz: the player stops before
    each step a student can predict and asks "What value does B return?" (a
    number) or, under alpha-beta, "Will alpha-beta look at C2?" (yes / no).
    Answering or skipping shows a verdict with the right answer and why (a wrong
    answer also with the likely mistake that gives it, as ``check`` names it), then
    steps on; the last frame shows the score ("You predicted 7 of 10"). The
    questions are plain data, computed from the frames by
    :func:`minimax_lessons.animation.quiz.quiz_questions` (``animation.questions``):

    >>> from minimax_lessons import alphabeta, FIGURE_5_2, quiz_questions
    >>> quiz = animate(alphabeta, FIGURE_5_2, quiz=True)
    >>> questions = quiz_questions(quiz.frames, FIGURE_5_2)
    >>> len(questions), questions[-1].prompt, questions[-1].answer, questions[-1].explanation
    (10, 'What value does A return?', '3', 'A is a MAX node: max(3, 2, 2) = 3.')
    >>> tuple(questions) == quiz.questions
    True
    """
    result = search(game, state, depth=depth, trace=True, **search_options)
    return Animation(game, result, names=names, edge_labels=edge_labels, speed=speed,
                     max_nodes=max_nodes, renderer=renderer, quiz=quiz, narrow=narrow)


class Animation:
    """The frames of one search over one fixed drawing of its tree.

    Build one with :func:`animate`, or ``Animation(game, result)`` for a
    result already made with ``trace=True``. ``frames`` are the
    :class:`~minimax_lessons.pictures.frames.Frame` objects; ``frame_svg(k)`` one frame
    as SVG; ``save("x.html")`` a self-contained player; ``widget`` the Jupyter
    widget.

    Other searches bring their own ``frames`` (made from ``result``) and ``plan``
    (the :class:`~minimax_lessons.pictures.layout.Plan` of their pictures), as
    :class:`~minimax_lessons.animation.mcts_player.MCTSAnimation` does.
    """

    def __init__(self, game, result, *, names=None, edge_labels=None, speed=DEFAULT_SPEED,
                 max_nodes=MAX_NODES, renderer="auto", quiz=False, frames=None, plan=None,
                 narrow=None):
        self.game = game
        self.result = result
        self.frames = build_frames(game, result) if frames is None else list(frames)
        #: The quiz's questions (empty unless made with ``quiz=True``).
        self.questions = tuple(quiz_questions(self.frames, game)) if quiz else ()
        self.quiz = bool(quiz)
        self.speed = float(speed)
        self.renderer = renderer
        self.lecture = lecture.current()  # the mode it was made in, kept for its layout
        final = self.frames[-1]
        if plan is None:
            plan = frame_plan(game, final, max_nodes=max_nodes)  # as draw_tree lays out
        self.spots = plan.spots
        # Drawn narrow where the last frame, drawn as a still, would be (too wide to read
        # in a notebook's column otherwise: pictures.tall.fits_a_page).
        if narrow is None:
            narrow = self.lecture is None and draw_plan(
                game, plan, final, names=names, edge_labels=edge_labels, scale=self.lecture).narrow
        #: The drawing's fixed choices, lecture mode's sizes among them.
        self.style = choose_style(game, self.spots, final, names=names, edge_labels=edge_labels,
                                  scale=self.lecture, narrow=bool(narrow))
        self._index = {spot.path: i for i, spot in enumerate(self.spots)}
        self._play()

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
        made = _widget_class()(svg=self.layout_svg, frames=self.frames_json,
                               speed=self.speed, index=0, **quiz)
        if self.quiz:  # each answer goes to the learner's logbook
            made.observe(QuizLog(self.questions, self.result.algorithm), names="answers")
        return made

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The player, plus the last frame as a picture for viewers without a kernel.

        Made in lecture mode, it carries the self-contained player as its HTML
        (an ``<iframe srcdoc>``), which plays where widgets do not run: in
        jupyterlab-rise's slideshow and in notebooks exported to HTML; with the still
        picture after it, shown where the iframe is dropped (a notebook opened
        untrusted: :func:`~minimax_lessons.animation.iframe.with_still`).

        A quiz shows its first frame instead, so that its still picture gives
        no answer away.
        """
        def lecture_player():
            # Made in lecture mode: also the self-contained player as HTML, for the
            # places widgets cannot run (RISE's slideshow, exported HTML). JupyterLab
            # itself still prefers the widget.
            if self.lecture is None:
                return None
            title = f"{self.result.algorithm} step by step"
            page = player_page(self.widget.svg, self.widget.frames, self.widget.speed, title,
                               extra_css=iframe.FRAME_CSS)
            # with its still picture, for a notebook opened untrusted (the iframe dropped)
            return iframe.with_still(iframe.iframe(page, self.widget.svg, title), still())

        shown = 0 if self.quiz else -1
        makers = widget_makers(lambda: self.widget, lambda: self.frame_svg(shown),
                               lambda: repr(self), hint=QUIZ_HINT if self.quiz else PLAY_HINT,
                               alt=lambda: self.description(shown))
        still = makers[HTML]
        return mimebundle({**makers, HTML: lambda: lecture_player() or still()}, include, exclude)

    # -- the drawing ----------------------------------------------------------------
    @cached_property
    def dot(self):
        """The ``graphviz.Digraph`` of the fixed layout (room for every frame's text),
        in the sizes of the lecture mode it was made in, even if shown later."""
        specs, self._lines = [], {}
        values, windows = self._widest
        game, style = self.game, self.style
        first = Scene(self.spots, style).show(self.frames[0])
        for i, spot in enumerate(self.spots):
            side = side_parts(game, spot, style, windows[i], None)
            if side:
                self._lines[spot.id + "_w"] = tuple(side)
            specs.append(NodeSpec(node_parts(game, spot, style, values[i]), first[i].look,
                                  node_class(spot, None), "\n".join(w for _, w in side),
                                  first[i].edge, edge_label(spot, style),
                                  leaf_name(game, spot, style)))
        return build_digraph(self.spots, specs, style)

    @cached_property
    def layout_svg(self) -> str:
        """The SVG laid out once, its changing texts tagged ``mm-value`` / ``mm-window``."""
        from ..pictures.render import dot_to_svg

        values, windows = self._widest
        root = _parse_svg(dense_dots(dot_to_svg(self.dot, renderer=self.renderer)))
        groups = {g.get("id"): g for g in root.iter(f"{{{SVG_NS}}}g")}
        # the lines of each window: by the ids and lines the drawing recorded
        for found in texts.lines_in(root, self._lines).values():
            for role, element in found:
                if role == "window":
                    element.set("class", "mm-window")
        for i, spot in enumerate(self.spots):
            g = groups.get(spot.id)
            if g is None:
                continue
            title = spot_title(self.game, spot)
            _tag_text(g, self._slot_text(i, values[i]) or " ", "mm-value")
            _add_ring(g)
            _set_title(g, title)
            side = groups.get(spot.id + "_w")
            if side is not None:
                _set_title(side, title)
            name = groups.get(spot.id + "_name")  # a leaf's name: the same in every frame
            if name is not None:
                _set_title(name, title)
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
        title.text = showable(f"Frame {k} of {len(self.frames) - 1}: {self.frames[k].caption}")
        if caption:
            add_caption(root, showable(f"{k}/{len(self.frames) - 1}. {self.frames[k].caption}"))
        return _serialize(root)

    def description(self, k: int) -> str:
        """Frame ``k`` in words (negative counts from the end): the tree level by level
        with what each node shows (:mod:`~minimax_lessons.pictures.describe`), as the
        player names its tree at that frame."""
        k = range(len(self.frames))[k]
        words = self._words
        return describe(words["title"], words["names"], words["players"], words["parents"],
                        self._frame_state(k)["values"])

    @cached_property
    def _words(self) -> dict:
        return describe_data(self.game, self.spots)

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
            "looks": [[lk.fill, lk.stroke, lk.width, lk.dasharray, lk.text, lk.side,
                       int(lk.double)] for lk in self._looks],
            "edgeLooks": [[lk.stroke, lk.width, lk.dasharray] for lk in self._edge_looks],
            "frames": [{"caption": f.caption, "kind": f.kind, "n": n, "e": e,
                        "c": self._index.get(f.current) if f.current is not None else None}
                       for f, (n, e) in zip(self.frames, self._changes)],
            "title": f"{self.result.algorithm}: value {show_number(self.result.value)}",
            "palette": dict(PALETTE),
            "pruning": any(frame.kind == PRUNE for frame in self.frames),
            "windows": self.style.windows,
            "checkpointEvery": CHECKPOINT_EVERY,
            "words": self._words,  # the tree in words, for its accessible name
        }
        if self.lecture is not None:  # the player's controls grow with the tree
            data["lecture"] = True
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

    # -- the frames as changes ----------------------------------------------------------
    def _play(self):
        """Step a scene through the frames, keeping per frame what differs from the frame
        before: ``_changes`` (node changes ``[i, look, value, window]``, edge changes
        ``[i, look]``), the tables of looks they number, and per node the longest value
        and window any frame shows (``_widest``: the layout makes room for them)."""
        scene = Scene(self.spots, self.style)
        looks, edge_looks = _Numbered(), _Numbered()
        n = len(self.spots)
        widest_values, widest_windows = [""] * n, [""] * n
        shown_nodes, shown_edges = [None] * n, [None] * n
        self._changes = []
        for frame in self.frames:
            node_changes, edge_changes = [], []
            for i in sorted(scene.step(frame)):
                mark = scene.marks[i]
                if len(mark.value) > len(widest_values[i]):
                    widest_values[i] = mark.value
                if len(mark.window) > len(widest_windows[i]):
                    widest_windows[i] = mark.window
                entry = (looks.number(mark.look), mark.value, mark.window)
                if entry != shown_nodes[i]:
                    shown_nodes[i] = entry
                    node_changes.append([i, *entry])
                if mark.edge is not None and edge_looks.number(mark.edge) != shown_edges[i]:
                    shown_edges[i] = edge_looks.number(mark.edge)
                    edge_changes.append([i, shown_edges[i]])
            self._changes.append((node_changes, edge_changes))
        self._looks, self._look_numbers = looks.items, looks.numbers
        self._edge_looks, self._edge_look_numbers = edge_looks.items, edge_looks.numbers
        self._widest = (widest_values, widest_windows)
        if self.style.boards:  # a board shows its value in a header line: write that line
            for node_changes, _ in self._changes:
                for change in node_changes:
                    change[2] = self._slot_text(change[0], change[2])

    def _slot_text(self, i, value):
        """The text of the element that shows node ``i``'s value: the value, or the line of a
        board's header that holds it (in a narrow tree a line of its own, blank in a frame
        without a value when another frame gives it one: the layout keeps that line)."""
        if not self.style.boards:
            return value
        if not value and self._widest[0][i]:
            value = " "
        return board_value_text(self.game, self.spots[i], value, self.style)

    def _frame_state(self, k):
        """What frame k shows, from its scene (which reads the frame's nodes from the
        frames' checkpoints, not by replaying every frame before it)."""
        marks = Scene(self.spots, self.style).show(self.frames[k])
        return {"looks": [self._look_numbers[m.look] for m in marks],
                "values": [self._slot_text(i, m.value) for i, m in enumerate(marks)],
                "windows": [m.window for m in marks],
                "edges": [self._edge_look_numbers[m.edge] if m.edge is not None else None
                          for m in marks]}


class _Numbered:
    """Looks numbered in the order they are first used (the player's tables)."""

    def __init__(self):
        self.items, self.numbers = [], {}

    def number(self, item) -> int:
        if item not in self.numbers:
            self.numbers[item] = len(self.items)
            self.items.append(item)
        return self.numbers[item]


def player_page(svg: str, frames_json: str, speed: float, title: str, *, extra_css="") -> str:
    """The self-contained HTML page of a player, from the widget's own state.

    ``svg``, ``frames_json`` and ``speed`` are what :attr:`Animation.widget`
    holds (``layout_svg``, ``frames_json``, ``speed``), so a notebook that stored
    its widget state can be turned back into players (see
    :mod:`minimax_lessons.instructor.teaching.decks`, which adds ``extra_css``).
    """
    data = json.dumps({"svg": svg, "frames": frames_json, "speed": speed}, ensure_ascii=False)
    return offline_page("animation", name="player", title=title, data=data, start=_START,
                        extra_css=extra_css)


#: The page's start: the player on the data written into the page.
_START = """const data = JSON.parse(document.getElementById("animation-data").textContent);
const model = player.localModel({svg: data.svg, frames: data.frames, index: 0,
                                  playing: false, speed: data.speed});
player.initialize({model});
player.render({model, el: document.getElementById("player")});
window.animationModel = model;
"""


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
            child.text = showable(text)
            return


def _add_ring(group):
    """A copy of a node's outline (class ``mm-ring``), hidden until the node is current:
    then it is the white line along the middle of its double outline."""
    shapes = [c for c in group if c.tag in _SHAPES]
    if not shapes:
        return
    copy = ET.Element(shapes[0].tag, {k: v for k, v in shapes[0].attrib.items()
                                      if k not in ("stroke-dasharray", "stroke-width")})
    copy.set("class", RING_CLASS)
    copy.set("fill", "none")
    copy.set("stroke", "none")
    copy.tail = shapes[0].tail
    group.insert(list(group).index(shapes[0]) + 1, copy)


def _paint_ring(shape, look):
    """Show the white line along the middle of a current node's outline, else hide it."""
    if look.double:
        shape.set("stroke", PALETTE["paper"])
        shape.set("stroke-width", f"{ring(look.width):g}")
        _dash(shape, look.dasharray)
    else:
        shape.set("stroke", "none")
        for name in ("stroke-width", "stroke-dasharray"):
            shape.attrib.pop(name, None)


def _paint_node(group, side, look, value, window):
    fill, stroke, width, dash, text, side_colour = (look.fill, look.stroke, look.width,
                                                    look.dasharray, look.text, look.side)
    if group is not None:
        shapes = [c for c in group if c.tag in _SHAPES]
        for k, shape in enumerate(shapes):
            if shape.get("class") == RING_CLASS:  # the current node's double outline
                _paint_ring(shape, look)
                continue
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
        lines = iter(window.split("\n"))
        for t in side:
            if t.tag == _TEXT:
                t.set("fill", side_colour)
                if t.get("class") == "mm-window":
                    t.text = next(lines, "")


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
    import traitlets

    return widget_class(
        "AnimationWidget", "animation", module=__name__,
        doc="The player in Jupyter: all frames live in the browser (see animation.js).",
        svg=traitlets.Unicode("").tag(sync=True),
        frames=traitlets.Unicode("{}").tag(sync=True),
        index=traitlets.Int(0).tag(sync=True),
        playing=traitlets.Bool(False).tag(sync=True),
        speed=traitlets.Float(DEFAULT_SPEED).tag(sync=True),
        # A quiz's answers so far, as JSON text (one entry per question; "" if no quiz).
        answers=traitlets.Unicode("").tag(sync=True))


def __getattr__(name):
    # The widget class needs anywidget; build it only when asked for.
    if name == "AnimationWidget":
        return _widget_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
