r"""DOT statements from literal text: the one place where text is escaped for Graphviz.

Every text a picture shows (node names, notes, values, windows, move labels, titles,
boards, the key) is *literal*: shown exactly as written. Only this module turns text
into DOT, by :func:`escape`, so no text is ever read by Graphviz as syntax: not a quote,
a backslash (``\N`` or ``\l`` are escapes in Graphviz), a brace, ``<b>``, ``&amp;``
or ``];``.

Vocabulary
----------
- *Literal text* is a Python string shown as written: a line break in it starts a
  new line (centred), tabs and non-ASCII letters stay. A character that SVG cannot
  hold (a control character such as ``"\x01"``) is shown as its Unicode control
  picture (``"␁"``).
- A *label* is literal text, :class:`FlushLeft` lines (the key's explanations) or a
  :class:`Record` (a board: fields in rows and columns, Graphviz's record shapes).
- A :class:`Statements` writes the statements of one graph (nodes, edges, defaults,
  ranks, clusters) into a ``graphviz.Digraph``'s body. Attribute values are labels,
  other text (colours, shapes), or numbers; each is quoted and escaped here. Node
  names are the pictures' own ids (``n_1_0``), never text from outside.
- Lecture mode: a Statements made with a ``scale`` multiplies every size
  (:data:`SIZED`) by ``scale.font``.

>>> print(escape('B\\ said "hi"\nbye'))
B\\ said \"hi\"\nbye
>>> print(escape("MAX 3", record=True), Record(("MAX 3", ("X", "O", ""))).dot())
MAX\ 3 {MAX\ 3|{X|O|\ }}
>>> body = []
>>> Statements(body).node("n", {"label": "a <b>", "width": 0.5})
>>> body
['\tn [label="a <b>" width="0.5"]\n']
"""

from __future__ import annotations

import functools
from contextlib import contextmanager

__all__ = ["escape", "showable", "quoted", "FlushLeft", "Record", "Statements", "SIZED",
           "LINE_BREAKS"]

#: Attributes that lecture mode scales with the fonts: text sizes, node sizes and gaps.
SIZED = frozenset({"fontsize", "width", "height", "nodesep", "ranksep"})

#: Python's line breaks (those of ``str.splitlines``); each starts a new line.
LINE_BREAKS = _LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
#: Characters XML 1.0 (so SVG) cannot hold, shown as their Unicode control pictures
#: (U+2400 and on); in a label, a line break among them starts a new line instead.
_UNSHOWABLE = {**{chr(c): chr(0x2400 + c) for c in range(32) if chr(c) not in "\t\n\r"},
               "\ufffe": "\ufffd", "\uffff": "\ufffd"}
_SHOWABLE = str.maketrans(_UNSHOWABLE)
_TEXT = str.maketrans({"\\": "\\\\", '"': '\\"', "&": "&amp;", **_UNSHOWABLE,
                       **{c: "\\n" for c in _LINE_BREAKS}})
#: In a record's field, these are Graphviz syntax as well: fields, ports, hard spaces
#: (and a tab not escaped is dropped). Graphviz drops a field's leading spaces anyway.
_FIELD = str.maketrans({"\\": "\\\\", '"': '\\"', "&": "&amp;", **_UNSHOWABLE,
                        **{c: "\\n" for c in _LINE_BREAKS},
                        **{c: "\\" + c for c in "{}|<> \t"}})


def showable(text: str) -> str:
    """``text`` with the characters SVG cannot hold shown as their control pictures
    (for text written into an SVG directly, not through Graphviz).

    >>> showable("bell\x07")
    'bell␇'
    """
    return text.translate(_SHOWABLE)


@functools.lru_cache(maxsize=8192)
def escape(text: str, *, record: bool = False) -> str:
    """``text`` as the inside of a quoted DOT string that Graphviz shows as written.

    Backslashes are doubled, quotes and ``&`` escaped, each line break written ``\n``;
    ``record=True`` also escapes what is syntax in a record's field (``{}|<>``,
    spaces and tabs), an empty field being one space. An empty first line is written
    as one space: the embedded Graphviz (16.1) can crash on a label that starts with
    an empty line.
    """
    text = text.replace("\r\n", "\n")
    if text and text[0] in _LINE_BREAKS:
        text = " " + text
    if record:
        return text.translate(_FIELD) or "\\ "
    return text.translate(_TEXT)


class FlushLeft(tuple):
    r"""A label of lines set flush left (each ends with Graphviz's ``\l``)."""

    def dot(self) -> str:
        return "".join(escape(line if line or k else " ") + "\\l" for k, line in enumerate(self))


class Record(tuple):
    """A record label: its fields top to bottom; a tuple among them is a row of fields
    (left to right), a tuple in that a column again, and so on (Graphviz's record shapes)."""

    def dot(self) -> str:
        return _fields(self)


def _fields(fields) -> str:
    return "{" + "|".join(_fields(f) if isinstance(f, tuple) else escape(str(f), record=True)
                          for f in fields) + "}"


def quoted(value, scale: float = 1) -> str:
    """One attribute value in DOT: ``"..."``; a number times ``scale``, as ``"0.5"``."""
    if isinstance(value, (FlushLeft, Record)):
        return '"' + value.dot() + '"'
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'"{value * scale:g}"'
    return '"' + escape(str(value)) + '"'


class Statements:
    """Writes the statements of one graph into ``body`` (a ``graphviz.Digraph``'s body).

    ``scale`` is lecture mode's :class:`~minimax_lessons.pictures.lecture.Scale` (None: off).
    """

    def __init__(self, body: list, *, scale=None):
        self.body = body
        self.font = scale.font if scale is not None else 1
        self.indent = "\t"
        self._written = {}  # (key, value) -> 'key="value"': most values repeat

    def attributes(self, attrs: dict) -> str:
        """``key="value" ...``, sizes scaled for lecture mode."""
        written, out = self._written, []
        for item in attrs.items():
            text = written.get(item)
            if text is None:
                key, value = item
                text = written[item] = f"{key}={quoted(value, self.font if key in SIZED else 1)}"
            out.append(text)
        return " ".join(out)

    def node(self, name: str, attrs: dict) -> None:
        """A node statement (faster than ``Digraph.node`` for thousands of nodes)."""
        self.body.append(f"{self.indent}{name} [{self.attributes(attrs)}]\n")

    def edge(self, tail: str, head: str, attrs: dict) -> None:
        """An edge statement."""
        self.body.append(f"{self.indent}{tail} -> {head} [{self.attributes(attrs)}]\n")

    def defaults(self, kind: str, attrs: dict) -> None:
        """The default attributes of the graph, of its nodes (``"node"``) or edges (``"edge"``)."""
        self.body.append(f"{self.indent}{kind} [{self.attributes(attrs)}]\n")

    def same_rank(self, names) -> None:
        """Keep the nodes ``names`` on one rank (one level)."""
        self.body.append(f"{self.indent}{{rank=same; {'; '.join(names)}}}\n")

    @contextmanager
    def cluster(self, name: str, attrs: dict):
        """The statements written inside the block form the subgraph ``name``."""
        self.body.append(f"{self.indent}subgraph {name} {{\n")
        outer, self.indent = self.indent, self.indent + "\t"
        try:
            self.defaults("graph", attrs)
            yield self
        finally:
            self.indent = outer
            self.body.append(f"{outer}}}\n")
