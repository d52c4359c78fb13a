"""Any text draws and animates: node names, notes, moves and boards reach the SVG as written.

Every entry point that turns text into a picture is fed arbitrary text (hypothesis): still
drawings (with notes, a search and its key), animations (also quizzes), Monte Carlo
search's pictures, and boards of a game of one's own. Each must render, and the SVG must
hold the text as SVG writes it (:func:`as_shown`).
"""

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import GameTree, alphabeta, draw_tree, minimax
from minimax_lessons.animation.mcts_player import animate_mcts, draw_mcts
from minimax_lessons.animation.player import animate
from minimax_lessons.games.game import Game
from minimax_lessons.search.mcts import mcts

SVG = "{http://www.w3.org/2000/svg}"
#: Python's line breaks (``str.splitlines``): each starts a new line of a label.
BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
#: Texts that broke pictures once, or look like DOT, records, HTML, escapes or formats.
NASTY = ['say \\"hi', "B\\", "\\\\\"x", "C\\l", "\\N", '"', "{x}", "<b>", "[label=x]", "];",
         "%s", "a\tb", "two\nlines", "é α ∞ 漢", "&amp;", "-1", "a  b", "x\\", "|"]


def as_shown(text):
    """The lines of ``text`` as the SVG holds them: a character XML cannot hold becomes
    its control picture (U+2400 + its code), each line break starts a new ``<text>``
    (empty lines make none, but an empty first line is one space), and Graphviz writes
    every space after a space as U+00A0."""
    text = text.replace("\r\n", "\n")
    if text and text[0] in BREAKS:
        text = " " + text
    text = "".join(chr(0x2400 + ord(c)) if ord(c) < 32 and c != "\t" and c not in BREAKS
                   else "\ufffd" if c in "\ufffe\uffff" else c for c in text)
    return [re.sub("(?<= ) ", "\xa0", line) for line in re.split(f"[{BREAKS}]", text) if line]


def texts(svg, gid):
    group = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id") == gid)
    return [t.text or "" for t in group if t.tag == f"{SVG}text"]


def holds(svg, gid, *label):
    """Whether the group ``gid`` shows the lines of its label, the ``label`` texts one
    below the other (others may come between them, such as an alpha-beta window)."""
    lines, shown = as_shown("\n".join(label)), iter(texts(svg, gid))
    return all(any(line == t for t in shown) for line in lines)


def tree_named(names, move):
    """A small tree: A over a MIN node B (the move ``move`` leads to it) and a leaf."""
    a, b, b1, b2, c = names
    return GameTree.from_dict({"name": a, "player": "max", "children": [
        {"name": b, "player": "min", "action": move,
         "children": [{"name": b1, "value": 3}, {"name": b2, "value": -1}]},
        {"name": c, "value": 2}]})


def check_names(svg, tree, *, leaves=True):
    a, b = tree.root, tree.children(tree.root)[0]
    assert holds(svg, "n_w", a) and holds(svg, "n_0_w", b)
    if leaves:
        assert holds(svg, "n_0_0_name", tree.children(b)[0]) and holds(svg, "n_1_name",
                                                                       tree.children(a)[1])


def check_everywhere(names, move, note):
    tree = tree_named(names, move)
    b = names[1]
    drawing = draw_tree(tree, notes={b: note}, edge_labels=True)
    svg = drawing.svg()
    check_names(svg, tree)
    assert holds(svg, "n_0_w", b, note) and holds(svg, "e_0", " " + move + " ")
    svg = draw_tree(tree, result=alphabeta(tree, trace=True), legend=True, notes={(): note}).svg()
    assert holds(svg, "n_w", names[0], note)
    for animation in (animate(minimax, tree), animate(alphabeta, tree, quiz=True)):
        for svg in (animation.layout_svg, animation.frame_svg(0), animation.frame_svg(-1)):
            check_names(svg, tree)
        assert animation.frames_json and animation.html()
    result = mcts(tree, playouts=4, seed=0, trace=True)
    check_names(draw_mcts(tree, result).svg(), tree)
    check_names(animate_mcts(tree, playouts=4).frame_svg(-1), tree)


class Labels(Game):
    """A game of one move whose two states are written as any text (drawn as boards)."""

    def __init__(self, start, end):
        self.start, self.end = start, end

    def initial_state(self):
        return 0

    def to_move(self, state):
        return "max"

    def actions(self, state):
        return () if state else ("go",)

    def result(self, state, action):
        return 1

    def is_terminal(self, state):
        return state == 1

    def utility(self, state):
        return 1

    def text(self, state):
        return self.end if state else self.start


def board_lines(text):
    """A board's lines as its record shows them: Graphviz drops a field's leading spaces."""
    return [line.lstrip(" ") or " " for line in str(text).splitlines() or [" "]]


def check_board(start, end):
    game = Labels(start, end)
    for svg in (draw_tree(game).svg(), animate(minimax, game).frame_svg(-1)):
        assert texts(svg, "n")[1:] == [shown for line in board_lines(start)
                                       for shown in as_shown(line) or [" "]]
        assert texts(svg, "n_0")[1:] == [shown for line in board_lines(end)
                                         for shown in as_shown(line) or [" "]]


@pytest.mark.parametrize("text", NASTY)
def test_nasty_names_notes_and_moves_draw_and_animate(text):
    names = [text, text + "b", "b1", text + "2", "c"]
    check_everywhere(names, text, text)


names = st.lists(st.text(min_size=1, max_size=8), min_size=5, max_size=5, unique=True)


@settings(max_examples=30, deadline=None)
@given(names, st.text(min_size=1, max_size=8), st.text(max_size=12))
def test_any_text_as_names_moves_and_notes_draws_and_animates_as_written(names, move, note):
    check_everywhere(names, move, note)


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=12).filter(lambda t: t.strip()), st.text(max_size=12))
def test_any_text_of_a_game_draws_as_its_board(start, end):
    check_board(start, end)
