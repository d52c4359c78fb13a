"""``minimax_line(node, is_maximizing) -> (value, line)``: the value and the
principal line (moves as child indices), a graded kind no lesson's code contains.

>>> LineKind().expected(([[3, 9], [1, 5], [4, 3]], True)).value
(3, [0, 0])
"""

from __future__ import annotations

import itertools

from ...search.adversarial import minimax
from ..answers import is_number, same_number
from ..feedback import show
from ..nested import names, size, to_game
from .kind import Case, Expected, nested_call, type_message
from .minimax import MinimaxKind


# -- the graded functions: more than any code the course shows ---------------------------
TIE_TRAPS = [
    ([[3, 9], [1, 5], [4, 3]], True),  # moves 0 and 2 are both worth 3: 0, the leftmost
    ([[4, 6], [6, 4]], True),
    ([[6, 4], [4, 6]], False),
    ([[[2, 8], [8, 2]], [[8, 2], [2, 8]]], True),
]


def tuple_of(value, size) -> tuple | None:
    """``value`` as a tuple of ``size`` items when it is a tuple or list of that many."""
    return tuple(value) if isinstance(value, (tuple, list)) and len(value) == size else None


def moves_of(line) -> list | None:
    """A line of moves as a list of whole numbers (None when it is not one)."""
    if isinstance(line, (tuple, list)) and all(isinstance(m, int) and not isinstance(m, bool)
                                               for m in line):
        return list(line)
    return None


class LineKind(MinimaxKind):
    """``minimax_line(node, is_maximizing) -> (value, line)``: the value, and the moves of
    best play from ``node`` down to a leaf (the principal line; no lesson's code returns it)."""

    name = "minimax_line"
    flags_copies = True
    signature = ("minimax_line(node, is_maximizing) -> (value, line): the value, and the "
                 "moves (child indices) best play makes from node down to a leaf; [] at a "
                 "leaf, the leftmost of equally good children")

    def traps(self):
        return super().traps() + [Case(item, size(item[0]), label="ties")
                                  for item in TIE_TRAPS]

    def expected(self, item):
        tree, is_max = item
        result = minimax(to_game(tree, is_max), trace=True)
        return Expected((result.value, list(result.line)))

    def type_problem(self, value, item):
        pair = tuple_of(value, 2)
        if pair is None:
            return type_message(value, "a pair (value, line)")
        if not is_number(pair[0]):
            return f"its value, {show(pair[0])}, is not a number"
        if moves_of(pair[1]) is None:
            return (f"its line, {show(pair[1])}, is not a list of moves (whole numbers, the "
                    "index of each child)")
        return None

    def right(self, item, expected, outcome):
        pair = tuple_of(outcome.value, 2)
        return (pair is not None and same_number(pair[0], expected.value[0])
                and moves_of(pair[1]) == expected.value[1])

    def same(self, a, b):
        """Diagnosed by its values (the known mistakes are minimax's: they give no line)."""
        if a.status == b.status == "ok":
            mine, theirs = tuple_of(a.value, 2), tuple_of(b.value, 2)
            return mine is not None and theirs is not None and same_number(mine[0], theirs[0])
        return super().same(a, b)

    def call_text(self, item):
        return nested_call("minimax_line", *item)

    def node_items(self, item):
        return []

    def input_classes(self, case):
        found = super().input_classes(case)
        if case.label == "ties":
            found.add("ties between best moves")
        return found

    def names_the_cause(self, expected, outcome):
        """The right value along best play's line written backwards."""
        value, line = expected.value
        mine = tuple_of(outcome.value, 2) if outcome.ok else None
        return (mine is not None and same_number(mine[0], value) and len(line) > 1
                and moves_of(mine[1]) == line[::-1])

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """A wrong value, or the right value along another line, said as such."""
        value, line = expected.value
        mine = tuple_of(outcome.value, 2)
        if mine is not None and same_number(mine[0], value):
            if hidden:
                return f"{head} One of them returns the right value but another line."
            said = (f"{head} {call} returns the right value, {show(value)}, but the line "
                    f"{show(mine[1])} where best play goes {show(line)}.")
            if self.names_the_cause(expected, outcome):
                said += (" That is best play's line backwards: a line lists the moves from "
                         "the root down, so put each move in front of the line its child "
                         "returns.")
            return said
        if hidden:
            return f"{head} One of them should return a different value."
        return f"{head} {call} should return {show((value, line))}, but yours returned " \
               f"{show(outcome.value)}."

    def picture(self, item, expected, outcome, run_nodes):
        """The tree with the right line and the student's marked, node by node."""
        if not outcome.ok:
            return None, None
        tree, is_max = item
        labels = names(tree)
        mine = moves_of((tuple_of(outcome.value, 2) or (None, None))[1]) or []
        notes, highlight = {}, set()
        for depth, (want, got) in enumerate(itertools.zip_longest(expected.value[1], mine)):
            path_want = tuple(expected.value[1][:depth + 1])
            if want is not None and path_want in labels:
                notes[labels[path_want]] = "best play" + ("" if want == got else " (not yours)")
            path_got = tuple(mine[:depth + 1])
            if got != want and path_got in labels:
                notes[labels[path_got]] = "your line"
                highlight.add(labels[path_got])
        yours = (tuple_of(outcome.value, 2) or (outcome.value,))[0]
        notes[labels[()]] = f"exp {show(expected.value[0])} / you {show(yours)}"
        return (to_game(tree, is_max), notes, highlight), None
