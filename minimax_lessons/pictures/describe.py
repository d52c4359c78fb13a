"""A picture of a tree in words: its alt text and its accessible name for screen readers.

Vocabulary
----------
- A tree is *described* level by level, as a student reads it: its title, the root with
  who moves and its value, the root's children, then every deeper node under its
  parent, so that each leaf is tied to the node it belongs to::

      Figure 5.2, MAX root A = 3; MIN B = 3, C = 2, D = 2; under B: B1 = 3, B2 = 12,
      B3 = 8; under C: ...

- What a node says is the text inside it in that picture (:mod:`.scene`): a value, a
  bound (``≤2``), ``?`` while it is not known yet; a pruned node is said to be pruned
  (its text starts with ``✂``). A node of a game that is not a tree of named nodes is
  named by its moves from the root (``after 4, 2``).
- :func:`describe` works on plain lists (a name, who moves, the parent's index and the
  text of each node, in preorder), so the animation player (``static/animation.js``,
  ``describe``) says the same of every frame from the same data; :func:`describe_scene`
  gives those lists for a picture's spots and marks; :func:`describe_data` gives the fixed
  part of them as JSON-ready data for the player.
- A long description stops after :data:`MOST_NODES` nodes and says how many more there are.

>>> from minimax_lessons import FIGURE_5_2, draw_tree, minimax
>>> print(draw_tree(FIGURE_5_2, result=minimax(FIGURE_5_2, trace=True)).description)
Figure 5.2, MAX root A = 3; MIN B = 3, C = 2, D = 2; under B: B1 = 3, B2 = 12, B3 = 8; under C: C1 = 2, C2 = 4, C3 = 6; under D: D1 = 14, D2 = 5, D3 = 2.
"""

from __future__ import annotations

from ..games.game import is_named_tree
from ..words import show_number
from .style import PRUNED_MARK

__all__ = ["describe", "describe_scene", "describe_data", "title_of", "MOST_NODES"]

#: Nodes a description names before it says "and N more nodes".
MOST_NODES = 60


def title_of(game) -> str:
    """What a tree is called: a canonical tree by its name in the course, else its kind.

    >>> from minimax_lessons import FIGURE_5_2, GameTree, TicTacToe
    >>> title_of(FIGURE_5_2), title_of(GameTree.from_nested([1, 2])), title_of(TicTacToe())
    ('Figure 5.2', 'A game tree', 'A TicTacToe game tree')
    """
    from ..games import examples

    try:
        title = examples.TITLES.get(game)
    except TypeError:  # a game that cannot be a dictionary key
        title = None
    if title:
        return title
    return "A game tree" if is_named_tree(game) else f"A {type(game).__name__} game tree"


def _node_name(game, spot) -> str:
    if is_named_tree(game):
        return str(game.text(spot.state)).replace("\n", " ")
    return "after " + ", ".join(str(a) for a in spot.path) if spot.path else "the position"


def describe_data(game, spots, title=None) -> dict:
    """The fixed part of a description: ``{"title", "names", "players", "parents"}``, one
    entry per spot (a player's word, "" for a leaf; a parent's index, -1 for the root)."""
    index = {spot.id: i for i, spot in enumerate(spots)}
    names = []
    for spot in spots:
        name = _node_name(game, spot)
        if spot.probability is not None:
            name += f" (p={show_number(spot.probability)})"
        names.append(name)
    return {"title": title or title_of(game), "names": names,
            "players": ["" if spot.is_leaf else str(spot.player).upper() for spot in spots],
            "parents": [index.get(spot.parent_id, -1) if spot.index else -1 for spot in spots]}


def describe_scene(game, spots, marks, statuses=None, title=None) -> str:
    """The description of a picture: its ``spots`` showing ``marks`` (:mod:`.scene`)."""
    data = describe_data(game, spots, title)
    return describe(data["title"], data["names"], data["players"], data["parents"],
                    [mark.value for mark in marks])


def _said(name, text) -> str:
    text = text.strip()
    if text.startswith(PRUNED_MARK):
        return f"{name} pruned"
    return f"{name} = {text}" if text else name


def describe(title, names, players, parents, texts) -> str:
    """The words for a tree given node by node in preorder (see the module's docstring).

    >>> describe("A tree", ["A", "B", "B1", "B2", "C"], ["MAX", "MIN", "", "", ""],
    ...          [-1, 0, 1, 1, 0], ["?", "≤2", "2", "✂9", "5"])
    'A tree, MAX root A = ?; B = ≤2, C = 5; under B: B1 = 2, B2 pruned.'
    """
    if not names:
        return f"{title}, empty."
    depth = []
    for parent in parents:
        depth.append(0 if parent < 0 else depth[parent] + 1)
    root = f"{players[0]} root {_said(names[0], texts[0])}".strip() if players[0] \
        else _said(names[0], texts[0])
    parts, told = [f"{title}, {root}"], 1
    for level in range(1, max(depth) + 1):
        groups = {}
        for i, d in enumerate(depth):
            if d == level:
                groups.setdefault(parents[i], []).append(i)
        for parent, members in groups.items():
            if told >= MOST_NODES:
                break
            members = members[:MOST_NODES - told]
            told += len(members)
            kinds = {players[i] for i in members}
            said = ", ".join(_said(names[i], texts[i]) for i in members)
            if len(kinds) == 1 and "" not in kinds:
                said = f"{kinds.pop()} {said}"
            parts.append(said if level == 1 else f"under {names[parent]}: {said}")
    more = len(names) - told
    return "; ".join(parts) + (f"; and {more} more nodes." if more > 0 else ".")
