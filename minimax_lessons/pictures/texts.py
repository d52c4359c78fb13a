"""Where a drawing's texts stand in its SVG: found by what the label builder recorded.

Vocabulary
----------
- A drawing *records* the lines of every text it writes beside a node: for the SVG group
  of that text (id ``n_1_w``, see :mod:`~minimax_lessons.pictures.draw`), each line's
  *role* and words, in order (:func:`~minimax_lessons.pictures.labels.side_parts`):
  ``("name", "B")``, ``("window", "α=3")``, ``("note", "you 12")``.
- Graphviz writes one ``<text>`` element per line that is not empty, in order (and
  nothing for an empty line). :func:`lines_in` pairs the recorded lines with those
  elements by the group's id and the line's place: never by what a line says, so a
  step that finishes a picture (an answer slot in place of a note, a window the player
  rewrites) finds its texts in any mode, whether lecture mode stacks them in short lines
  or not.
- :func:`parse` and :func:`serialize` read and write an SVG as an ElementTree (pure
  Python: this runs in the browser under Pyodide too).

>>> svg = ('<svg xmlns="http://www.w3.org/2000/svg"><g id="n_1_w"><text>B</text>'
...        '<text>α=-∞</text><text>β=+∞</text></g></svg>')
>>> found = lines_in(parse(svg), {"n_1_w": (("name", "B"), ("note", "α=-∞\\nβ=+∞"))})
>>> [(role, element.text) for role, element in found["n_1_w"]]
[('name', 'B'), ('note', 'α=-∞'), ('note', 'β=+∞')]
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .dot import LINE_BREAKS

__all__ = ["SVG_NS", "XLINK_NS", "parse", "serialize", "groups", "label_lines", "lines_in",
           "texts_of"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
_G, _TEXT = f"{{{SVG_NS}}}g", f"{{{SVG_NS}}}text"
_BREAK = re.compile(f"[{LINE_BREAKS}]")


def parse(svg: str):
    """The SVG text (a prologue before ``<svg`` is dropped) as an ElementTree element."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    return ET.fromstring(svg[svg.index("<svg"):].encode("utf-8"))


def serialize(root) -> str:
    """The SVG text of an element made by :func:`parse`."""
    return ET.tostring(root, encoding="unicode")


def groups(root) -> dict:
    """Every ``<g>`` of the SVG with an id, by its id."""
    return {g.get("id"): g for g in root.iter(_G) if g.get("id")}


def label_lines(parts) -> list:
    """``[(role, line)]``: the lines Graphviz draws for a label written as ``parts``
    (``[(role, text)]``, joined by line breaks), as :func:`~minimax_lessons.pictures.dot.escape`
    writes it: every line break Python knows starts a line, an empty line draws nothing,
    and a label that starts with a line break starts with a line of one space.

    >>> label_lines([("name", ""), ("note", "a\\r\\nb"), ("note", "")])
    [('name', ' '), ('note', 'a'), ('note', 'b')]
    """
    found = []
    for k, (role, text) in enumerate(parts):
        text = text.replace("\r\n", "\n")
        if k == 0 and (text[:1] in LINE_BREAKS if text else len(parts) > 1):
            found.append((role, " "))
        found += [(role, line) for line in _BREAK.split(text) if line]
    return found


def lines_in(root, recorded: dict) -> dict:
    """``{group id: [(role, <text> element)]}``: each line of each recorded label (see
    :func:`label_lines`) with the element Graphviz wrote it in, in order (a group missing
    from the SVG is left out)."""
    found, by_id = {}, groups(root)
    for group_id, parts in recorded.items():
        group = by_id.get(group_id)
        if group is None:
            continue
        elements = [child for child in group if child.tag == _TEXT]
        found[group_id] = [(role, element) for (role, _), element in
                           zip(label_lines(parts), elements)]
    return found


def texts_of(svg: str) -> dict:
    """``{group id: the words of its own <text> elements, joined by spaces}``: what each node,
    edge and side text of a picture says, to compare two pictures' contents.

    >>> texts_of('<svg xmlns="http://www.w3.org/2000/svg"><g id="n"><text>3</text></g></svg>')
    {'n': '3'}
    """
    return {group_id: " ".join((t.text or "").strip() for t in g if t.tag == _TEXT).strip()
            for group_id, g in groups(parse(svg)).items()}
