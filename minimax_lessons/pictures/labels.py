"""What the nodes of a picture say: values, windows, names, move labels and boards.

Vocabulary
----------
- Every text here is *literal*: the words a student reads, never DOT.
  :mod:`minimax_lessons.pictures.dot` escapes them when the DOT text is written.
- The *value* is the text inside a node (``3``, ``≤2``, a leaf's utility); the
  *window* the text beside it (``enter α=3 β=+∞``, or Monte Carlo search's visits);
  the *side text* a node's name, its window and a note, one per line; a leaf's name
  is written below it.
- A game other than a tree of named nodes is drawn as *boards*: a record with a
  header (``MAX 3``, or ``= 1`` for a game over) over the state, as the game's
  ``board(state)`` gives it (:func:`~minimax_lessons.games.game.board_of`): a grid
  of squares, a line of text, or else the lines of ``text(state)``. In a narrow tree
  (lecture mode) a board is as narrow as its squares, with larger glyphs: a header
  wider than the board is written in two lines (``MAX`` over ``3``:
  :func:`board_header_lines`).

>>> from minimax_lessons import TicTacToe
>>> from minimax_lessons.pictures.layout import expand
>>> spot = expand(TicTacToe(), "XO.XO....", depth=0)[0]
>>> board_label(TicTacToe(), spot, "1").dot()
'{MAX\\\\ 1|{X|O|\\\\ }|{X|O|\\\\ }|{\\\\ |\\\\ |\\\\ }}'
"""

from __future__ import annotations

import textwrap

from ..games.game import CHANCE, MAX, MIN, board_of
from ..words import show_number
from .dot import Record
from .style import BOARD_FONT, BOARD_FONT_SIZE, BOARD_HEADER_PAD, BOARD_WIDTH, COURIER_EM

__all__ = ["value_text", "window_text", "symbols", "side_parts", "side_lines", "leaf_name", "edge_label",
           "node_class", "node_parts", "vector_node_parts", "text_width", "board_label",
           "board_header", "board_header_lines", "board_value_text", "board_room", "board_body",
           "board_width", "narrow_board_parts",
           "spot_title", "NARROW_BOARD_FONT_SIZE", "NARROW_SQUARE_EMS"]

SHAPES = {MAX: "triangle", MIN: "invtriangle", CHANCE: "circle"}


def symbols(text: str) -> str:
    """Bounds and infinities as the pictures write them.

    >>> symbols("<=2"), symbols("-inf")
    ('≤2', '-∞')
    """
    return text.replace("<=", "≤").replace(">=", "≥").replace("+inf", "+∞").replace("-inf", "-∞")


def _number(x) -> str:
    if isinstance(x, tuple):  # a utility vector, written as tightly as AIMA writes it
        return "(" + ",".join(_number(v) for v in x) + ")"
    return symbols(show_number(x))


def value_text(view, spot) -> str:
    """The text inside a node: the value known so far, else a leaf's utility; a utility
    vector without spaces, ``(1,2,6)``, so that a tree of them stays narrow.

    >>> from minimax_lessons.pictures.frames import NodeView
    >>> value_text(NodeView("done", (6, 3, 9)), None), value_text(NodeView("done", 2, "<="), None)
    ('(6,3,9)', '≤2')
    """
    if view is not None and view.value is not None:
        if isinstance(view.value, tuple):
            return symbols(view.bound or "") + _number(view.value)
        return symbols(view.text())
    if spot.terminal:
        return _number(spot.utility)
    return ""


def window_text(view, *, stacked=False) -> str:
    """``enter α=3 β=+∞``, the window a node was entered with under alpha-beta, else ''.

    ``stacked`` writes it in three short lines (``enter``, ``α=3``, ``β=+∞``), as a narrow
    tree does. A view's ``note`` (Monte Carlo search's visits and UCB1 scores) stands in
    its place (stacked: a word a line).

    >>> from minimax_lessons.pictures.frames import NodeView
    >>> view = NodeView("done", 3, alpha=2, beta=float("inf"))
    >>> window_text(view), window_text(view, stacked=True)
    ('enter α=2 β=+∞', 'enter\\nα=2\\nβ=+∞')
    """
    if view is not None and view.note:  # stacked: a word a line
        return "\n".join(view.note.split()) if stacked else view.note
    if view is None or view.alpha is None:
        return ""
    sep = "\n" if stacked else " "
    return f"enter{sep}α={_number(view.alpha)}{sep}β={_number(view.beta)}"


#: In a narrow tree a note beside a node is wrapped to lines of about this many characters
#: (a longer word keeps its line).
NARROW_NOTE_CHARS = 8


def side_parts(game, spot, style, window, note) -> list:
    """The parts written beside a node, one line each (a part may break into more), with
    their *roles*: its name (``"name"``, trees), its alpha-beta window (``"window"``, or
    the view's note in its place) and a note (``"note"``, wrapped into several parts in a
    narrow tree). What a picture records of its side texts, so that a later step finds
    each line in the SVG by its node's id and its place, never by what it says
    (:mod:`~minimax_lessons.pictures.texts`).

    >>> from minimax_lessons import FIGURE_5_2
    >>> from minimax_lessons.pictures.layout import expand
    >>> from minimax_lessons.pictures.style import choose_style
    >>> spots = expand(FIGURE_5_2)
    >>> narrow = choose_style(FIGURE_5_2, spots, None, windows=True, narrow=True)
    >>> side_parts(FIGURE_5_2, spots[1], narrow, "enter\\nα=3", "α=-∞ β=+∞")
    [('name', 'B'), ('window', 'enter\\nα=3'), ('note', 'α=-∞'), ('note', 'β=+∞')]
    """
    parts = []
    if style.names and not spot.terminal:
        parts.append(("name", str(game.text(spot.state))))
    if style.windows and window:
        parts.append(("window", window))
    if note and style.stacked:  # a narrow tree: a long note in short lines too
        parts += [("note", line) for line in
                  textwrap.wrap(str(note), NARROW_NOTE_CHARS, break_long_words=False) or [""]]
    elif note:
        parts.append(("note", str(note)))
    return parts


def side_lines(game, spot, style, window, note) -> list:
    """Lines written beside a node: its name (trees), its alpha-beta window (or the
    view's note), a note (wrapped in a narrow tree); :func:`side_parts` without the roles.

    >>> from minimax_lessons import FIGURE_5_2
    >>> from minimax_lessons.pictures.layout import expand
    >>> from minimax_lessons.pictures.style import choose_style
    >>> spots = expand(FIGURE_5_2)
    >>> style = choose_style(FIGURE_5_2, spots, None, narrow=True)
    >>> side_lines(FIGURE_5_2, spots[1], style, "", "max-everywhere: 12")
    ['B', 'max-', 'everywhere:', '12']
    >>> side_lines(FIGURE_5_2, spots[1], style, "", "they say -7")
    ['B', 'they say', '-7']
    """
    return [line for _, line in side_parts(game, spot, style, window, note)]


def leaf_name(game, spot, style) -> str:
    """The name written below a leaf of a GameTree when names are shown, else ''."""
    if style.names and not style.boards and spot.terminal:
        return str(game.text(spot.state))
    return ""


def edge_label(spot, style) -> str | None:
    """The move on the edge into ``spot`` (and a chance probability), or None."""
    if not spot.index:
        return None
    parts = []
    if style.edge_labels:
        parts.append(str(spot.action))
    if spot.probability is not None:
        parts.append(f"p={show_number(spot.probability)}")
    return " ".join(parts) if parts else None


def node_class(spot, status) -> str:
    """The SVG class of a node (after Graphviz's own "node"): player or leaf, and status."""
    kind = "leaf" if spot.terminal else spot.player
    return f"{kind} {status or 'plain'}"


def spot_title(game, spot) -> str:
    """The tooltip of a node: its state on one line and who moves (``B (MIN)``)."""
    who = "leaf" if spot.terminal else spot.player.upper()
    text = str(game.text(spot.state)).replace("\n", " / ")
    return f"{text} ({who})"


# -- shapes and boards ---------------------------------------------------------------

def node_parts(game, spot, style, value) -> dict:
    """DOT attributes of a node: shape, size, and a label showing the text ``value``."""
    if not style.boards and getattr(game, "players", None):
        return vector_node_parts(spot, style, value)
    if style.boards and style.stacked:
        return narrow_board_parts(game, spot, value)
    if style.boards:
        header = board_header(spot, value)
        return {"shape": "record" if spot.terminal else "Mrecord",
                "label": board_label(game, spot, value), "fontname": BOARD_FONT,
                "fontsize": BOARD_FONT_SIZE, "width": board_width(header)}
    sizes = style.sizes
    label = value or " "
    if spot.terminal:  # as wide as its text needs (a pruned leaf's ✂ with a value)
        width, height = sizes.leaf
        width = max(width, round(text_width(label, sizes.font) + 0.12, 2))
        return {"shape": "box", "label": label, "width": width, "height": height,
                "fixedsize": "true"}
    shape = SHAPES.get(spot.player, "box")
    if shape == "circle":
        return {"shape": shape, "label": label, "width": sizes.circle, "height": sizes.circle,
                "fixedsize": "true"}
    width, height = sizes.triangle  # wide enough for its text (a mean such as 5.38)
    width = max(width, round(1.55 * text_width(label, sizes.font) + 0.05, 2))
    if spot.player != MAX:  # in a down-triangle the text goes up, into the wide half
        label += "\n"
    return {"shape": shape, "label": label, "width": width, "height": height,
            "fixedsize": "true"}


def vector_node_parts(spot, style, value) -> dict:
    """DOT attributes of a node of a game scored with utility vectors (``(1, 2, 6)``): as
    wide as its text; a MAX or MIN node a triangle, another player's node an ellipse with
    the player's name above the value.

    >>> from minimax_lessons.games.multiplayer import MultiplayerTree
    >>> from minimax_lessons.pictures.layout import expand
    >>> from minimax_lessons.pictures.style import choose_style
    >>> tree = MultiplayerTree.from_nested([[(1, 2, 6), (4, 2, 3)]])
    >>> spots = expand(tree)
    >>> parts = vector_node_parts(spots[1], choose_style(tree, spots, None), "(1, 2, 6)")
    >>> parts["shape"], parts["label"]
    ('ellipse', 'P2\\n(1, 2, 6)')
    """
    sizes = style.sizes
    label = value or " "
    wide = text_width(label, sizes.font)
    if spot.terminal:
        width, height = sizes.leaf
        return {"shape": "box", "label": label, "width": max(width, round(wide + 0.16, 2)),
                "height": height, "fixedsize": "true"}
    width, height = sizes.triangle
    if spot.player in (MAX, MIN):  # the text sits in the wide half: twice as wide as it
        label += "\n" if spot.player == MIN else ""
        return {"shape": SHAPES[spot.player], "label": label, "height": height,
                "width": max(width, round(2 * wide + 0.2, 2)), "fixedsize": "true"}
    label = f"{spot.player}\n{label}"
    longest = max(text_width(line, sizes.font) for line in label.splitlines())
    return {"shape": "ellipse", "label": label, "height": height,
            "width": max(width, round(longest * 1.2 + 0.15, 2)), "fixedsize": "true"}


def text_width(text, font) -> float:
    """A generous width (inches) of ``text`` in the pictures' font of ``font`` points: 0.6 em
    for a digit, a letter or a sign, 0.3 em for a comma, a space or a bracket, 1 em for
    a pruned node's ✂.

    >>> text_width("(1,2,6)", 17), text_width("≤-12", 17), text_width("✂-1", 17)
    (0.71, 0.57, 0.52)
    """
    narrow = sum(1 for c in text if c in ",. ()")
    wide = text.count("✂")
    return round(((len(text) - narrow - wide) * 0.6 + narrow * 0.3 + wide) * font / 72, 2)


def board_header(spot, value) -> str:
    """A board's header: who moves and the value so far (``MAX 3``), or ``= 1`` at the end."""
    who = spot.player.upper() if spot.player in (MAX, MIN) else "CHANCE"
    return f"= {value}" if spot.terminal else f"{who} {value}".rstrip()


def board_label(game, spot, value) -> Record:
    """A record: the header over the state (a grid of squares, a line, or the text's lines)."""
    return Record((board_header(spot, value), *board_body(game, spot)))


def board_body(game, spot) -> list:
    """A board's rows: tuples of squares (a grid), or lines of text."""
    board = board_of(game, spot.state)
    if isinstance(board, tuple):
        return [tuple(" " if square == "." else square for square in row) for row in board]
    if board is not None:
        return [str(board)]
    return str(game.text(spot.state)).splitlines() or [" "]


#: A narrow tree's boards (lecture mode): their text size (points, before lecture mode's
#: scale), and how wide a square is, in ems of it (a glyph is 0.6 em: a little room each side).
NARROW_BOARD_FONT_SIZE = 16
NARROW_SQUARE_EMS = 0.95


def board_header_lines(spot, value, room) -> tuple:
    """A narrow board's header: who moves over the value (``("MAX", "3")``, or who moves
    alone without a value); a game over's ``= 1`` in one line when it is at most ``room``
    characters, else ``=`` over the value.

    >>> from minimax_lessons.pictures.layout import Spot
    >>> inner, over = Spot((), (), "s", "max", False), Spot((0,), (0,), "t", "min", True, utility=1)
    >>> board_header_lines(inner, "-1", 3), board_header_lines(over, "1", 3)
    (('MAX', '-1'), ('= 1',))
    >>> lost = Spot((0,), (0,), "t", "min", True, utility=-100)
    >>> board_header_lines(lost, "-100", 3)
    ('=', '-100')
    """
    if spot.terminal:
        one = f"= {_number(spot.utility)}"  # decided by the utility: the same in every frame
        return (board_header(spot, value),) if len(one) <= room else ("=", value or " ")
    who = board_header(spot, "").strip()
    return (who, value) if value else (who,)


def board_room(body) -> int:
    """How many characters wide a board's rows are (squares of a grid, else letters)."""
    return len(body[0]) if isinstance(body[0], tuple) else max(len(line) for line in body)


def board_value_text(game, spot, value, style) -> str:
    """The text of the element of a board that shows its value: the whole header, or in a
    narrow tree the header's last line.

    >>> from minimax_lessons import TicTacToe
    >>> from minimax_lessons.pictures.layout import expand
    >>> from minimax_lessons.pictures.style import choose_style
    >>> spots = expand(TicTacToe(), "XO.XO....", depth=0)
    >>> [board_value_text(TicTacToe(), spots[0], "1", choose_style(TicTacToe(), spots, None,
    ...                                                            narrow=narrow))
    ...  for narrow in (False, True)]
    ['MAX 1', '1']
    """
    if not style.stacked:
        return board_header(spot, value)
    return board_header_lines(spot, value, board_room(board_body(game, spot)))[-1]


def narrow_board_parts(game, spot, value) -> dict:
    r"""DOT attributes of a board in a narrow tree: larger glyphs, squares just wider than
    them, the header in two lines when the board is narrower than it (the tree grows in
    height, not in width).

    >>> from minimax_lessons import TicTacToe
    >>> from minimax_lessons.pictures.layout import expand
    >>> parts = narrow_board_parts(TicTacToe(), expand(TicTacToe(), "XO.XO....", depth=0)[0], "1")
    >>> parts["label"].dot(), parts["fontsize"], parts["width"]
    ('{MAX|1|{X|O|\\ }|{X|O|\\ }|{\\ |\\ |\\ }}', 16, 0.77)
    """
    body = board_body(game, spot)
    grid = isinstance(body[0], tuple)
    room = board_room(body)
    header = board_header_lines(spot, value, room)
    em = NARROW_BOARD_FONT_SIZE / 72  # inches
    widest = max(room * NARROW_SQUARE_EMS if grid else room * COURIER_EM,
                 max(len(line) for line in header) * COURIER_EM)
    return {"shape": "record" if spot.terminal else "Mrecord", "label": Record((*header, *body)),
            "fontname": BOARD_FONT, "fontsize": NARROW_BOARD_FONT_SIZE,
            "width": round(widest * em + 2 * BOARD_HEADER_PAD / 72, 2)}


def board_width(header: str) -> float:
    """The least width (inches) of a board whose header is ``header``.

    Graphviz sizes a record by its text, not by the rounded corners of an
    ``Mrecord``, which cut into a header as wide as the board: a header gets
    ``BOARD_HEADER_PAD`` points either side (Courier is 0.6 em per character).

    >>> board_width("MAX 1"), board_width("MIN ≤-1")
    (0.84, 0.956)
    """
    text_points = len(header) * COURIER_EM * BOARD_FONT_SIZE
    return max(BOARD_WIDTH, round((text_points + 2 * BOARD_HEADER_PAD) / 72, 3))
