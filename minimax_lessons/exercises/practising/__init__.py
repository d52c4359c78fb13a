"""Practice on the picture: seeded trees whose nodes the student answers on the drawing;
its parts: the kinds and levels (:mod:`.levels`), one tree and its answer key
(:mod:`.tree`), a set of trees as a widget or a page (:mod:`.widget`).

Vocabulary
----------
- A *kind* of practice says what the student answers:
  ``"values"`` (type each inner node's value: MAX, MIN and, at higher levels,
  chance nodes), ``"pruning"`` (click the leaves, or whole subtrees, alpha-beta
  never evaluates; then type the window ``alpha, beta`` on entry to each inner
  node it enters) and ``"best-move"`` (click the root's best child).
- A *level* (1 to 5, :data:`LEVELS`) sets the tree: branching, depth, a MIN root,
  chance nodes, ties. A front-end raises the level after a streak of trees done
  without a mistake.
- A :class:`PracticeTree` is one tree for ``(kind, level, seed)``: its *items*
  (the nodes to answer, per *stage*) with the right answer, a sentence saying
  why (the "show me" text), and the likely mistake behind each common wrong
  answer. The mistakes and their sentences are the course's own
  (:mod:`minimax_lessons.mistakes`, the same ids as ``check(...)``:
  ``max-at-every-level``, ``prune-strict``, ``window-after``, ...).
  ``judge(stage, node, answer)`` gives a
  :class:`~minimax_lessons.exercises.verdict.Verdict` (the one every
  check gives: ``right``, ``diagnosis``, ``sentence`` are its ``passed``, ``diagnosis``,
  ``message``); ``key()`` is the
  same knowledge as JSON-ready data, by the drawing's node ids (``n``, ``n_1_0``),
  so a browser can judge without Python.
- :func:`practice` returns a :class:`Practice`: a set of trees for each level,
  shown as a widget (``minimax_lessons/static/practice.js``) that judges every
  answer in the browser and tells the kernel, which writes it in the learner's logbook
  (:mod:`~minimax_lessons.exercises.remember`); ``save("p.html")``
  writes one self-contained page, which keeps a
  record of its own in the browser (``static/practice_record.js``: ``localStorage``, a
  small panel, a button to clear it).

The answers travel with the page: this is practice, not an exam.

>>> t = practice_tree("values", level=1, seed=0)
>>> t.game.to_nested()
[[14, 7], [6, -9]]
>>> t.judge("values", "B", 7).right, t.judge("values", "A", 14).diagnosis
(True, 'max-at-every-level')
>>> p = practice_tree("pruning", level=1, seed=0)
>>> p.game.to_nested(), p.pruned_leaves
([[7, 1], [0, 8]], ('C2',))
"""

from __future__ import annotations

from .levels import KINDS, LEVELS, STREAK, Level
from .tree import PracticeTree, practice_tree
from .widget import Practice, practice

__all__ = ["practice", "practice_tree", "Practice", "PracticeTree", "Level",
           "LEVELS", "KINDS", "STREAK"]
