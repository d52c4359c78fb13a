"""A set of practice trees for every level, shown as a widget that judges in the
browser, or saved as one self-contained page.

>>> p = practice("values", level=2, trees=2)
>>> p
<Practice values from level 2: 10 trees>
"""

from __future__ import annotations

import functools
import json
from functools import cached_property
from pathlib import Path

from ...pictures.jupyter import STATIC, mimebundle, offline_page, widget_class, widget_makers
from ..remember import note_practice, remembered_level
from .levels import HINT, LEVELS, STREAK, check_kind, check_level
from .tree import practice_tree


# -- a set of trees and the widget --------------------------------------------------------

def practice(kind, *, level=None, seed=0, prune_ties=True, trees=5) -> "Practice":
    """Practice ``kind`` ("values", "pruning" or "best-move") on the picture.

    Starts at ``level`` (1-5; by default the level practice of this kind last got to, in
    the learner's logbook, else 1) with ``trees`` seeded trees for each level (a new
    tree comes from the same level until a streak of :data:`STREAK` trees done
    without a mistake raises it). ``prune_ties`` is the tie rule, as in
    ``alphabeta(..., prune_ties=)``. Every answer judged on the tree, and every level
    reached, is written in the logbook (:mod:`~minimax_lessons.exercises.remember`).

    >>> p = practice("values", level=2, trees=2)
    >>> p
    <Practice values from level 2: 10 trees>
    >>> p.trees[0].kind, len(p.trees_at(5))
    ('values', 2)
    """
    check_kind(kind)
    if level is None:
        level = min(max(remembered_level(kind), 1), len(LEVELS))
    check_level(level)
    if isinstance(trees, bool) or not isinstance(trees, int) or trees < 1:
        raise ValueError(f"trees must be a whole number of trees per level, 1 or more, "
                         f"not {trees!r}")
    return Practice(kind, level=level, seed=seed, prune_ties=prune_ties, per_level=trees)


class Practice:
    """Seeded practice trees for every level, and the widget that plays them."""

    def __init__(self, kind, *, level=1, seed=0, prune_ties=True, per_level=5, aim=None,
                 then=None):
        self.kind, self.level, self.seed = kind, level, seed
        self.prune_ties = prune_ties
        self.per_level = per_level
        #: The review card these trees were served for (written with each answer), or None.
        self.aim = aim
        #: What to do when a tree is done, where something else serves the next (a review's
        #: "Press Next for another item."): the widget then has no New tree button.
        self.then = then
        self.trees = [practice_tree(kind, level=lv.number, seed=f"{seed}:{i}",
                                    prune_ties=prune_ties)
                      for lv in LEVELS for i in range(per_level)]

    def __repr__(self):
        return (f"<Practice {self.kind} from level {self.level}: "
                f"{len(self.trees)} trees>")

    def trees_at(self, level) -> list:
        check_level(level)
        return [t for t in self.trees if t.level == level]

    def data(self) -> dict:
        """The trees, their SVGs and keys, as JSON-ready data for the front-end."""
        from ...pictures.draw import PALETTE

        return {"version": 1, "kind": self.kind, "level": self.level, "streak": STREAK,
                "pruneTies": self.prune_ties, "palette": dict(PALETTE),
                "levels": [lv.describe(self.kind) for lv in LEVELS],
                "trees": [{**t.key(), "svg": t.svg} for t in self.trees],
                **({"then": self.then} if self.then else {})}

    @cached_property
    def data_json(self) -> str:
        return json.dumps(self.data(), ensure_ascii=False, separators=(",", ":"))

    @cached_property
    def widget(self):
        """The Jupyter widget (made on first use); what it judges goes to the logbook."""
        made = _widget_class()(data=self.data_json)
        made.on_msg(self._heard)
        return made

    def _heard(self, widget, content, buffers):
        """A message from the widget: an answer judged, or a tree done
        (:mod:`~minimax_lessons.exercises.remember`)."""
        note_practice(self.kind, content, aim=self.aim)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The widget, plus the first tree as SVG (and PNG) for viewers without a kernel."""
        first = self.trees_at(self.level)[0]
        makers = widget_makers(lambda: self.widget, lambda: first.svg, lambda: repr(self),
                               hint=HINT, alt=lambda: first.description)
        return mimebundle(makers, include, exclude)

    def html(self, title=None) -> str:
        """One self-contained HTML page to practise in (no Python, no network needed)."""
        title = title or f"Practise {self.kind} on the tree"
        start = (STATIC / "practice_record.js").read_text(encoding="utf-8") + _START
        return offline_page("practice", name="practice", title=title, data=self.data_json,
                            start=start, heading=True)

    def save(self, path, title=None, *, trees=20) -> Path:
        """Write one self-contained HTML page with ``trees`` trees per level (for a course
        page or an LMS; it works from ``file://``)."""
        path = Path(path)
        full = self if self.per_level == trees else Practice(
            self.kind, level=self.level, seed=self.seed, prune_ties=self.prune_ties,
            per_level=trees)
        path.write_text(full.html(title), encoding="utf-8")
        return path


@functools.cache
def _widget_class():
    import traitlets

    return widget_class(
        "PracticeWidget", "practice", module=__name__,
        doc="Practice on the tree: every tree and its key live in the browser (practice.js).",
        data=traitlets.Unicode("{}").tag(sync=True))


#: The offline page's start: the practice on the data written into the page, from the level
#: and the tree in progress this browser's record of the page remembers, with that record's
#: panel below it
#: (``static/practice_record.js``, written into the page before these lines).
_START = """const record = practiceRecord.open(document.getElementById("practice-data").textContent);
const model = practice.localModel({data: record.data});
model.send = record.note;
model.keep = record.keep;
model.resume = record.resume;
practice.render({model, el: document.getElementById("practice")});
record.panel(document.getElementById("practice"));
window.practiceModel = model;
window.practiceModule = practice;
window.practiceRecord = record;
"""
