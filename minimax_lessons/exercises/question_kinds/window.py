"""The alpha-beta window ``(alpha, beta)`` when the search enters a node.

>>> WindowQuestion.kind
'window'
"""

from __future__ import annotations

import math
import re

from ...search.adversarial import alphabeta
from .. import feedback as F
from ..answers import as_number, same_answer, same_number
from ...mistakes import WINDOW_WRONG
from ..nested import random_nested, to_game
from .question import Question, by_hand


# -- the alpha-beta window at a node ----------------------------------------------------------
class WindowQuestion(Question):
    """Alpha and beta when alpha-beta enters a node. Answer: ``(alpha, beta)``.

    The tree is fixed (``tree`` and ``node``) or drawn from the seed, with a
    node (not the root) whose window is no longer the starting (-inf, +inf).
    The right window is read from the package's own alpha-beta trace.

    >>> q = WindowQuestion("demo.w", "?", tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]], node="C")
    >>> q.check((3, "+inf")).passed, q.check(("+inf", 3)).diagnosis
    (True, 'alpha-beta-swapped')
    """

    kind = "window"
    answer_hint = "a pair (alpha, beta), such as (3, math.inf) (or '-inf', '+inf')"

    def __init__(self, id, prompt, *, tree=None, node=None, depth=3, branching=2, root="max",
                 prune_ties=True, low=0, high=9, **kw):
        self.prune_ties = prune_ties
        self._spec = (tree, node, depth, branching, root, low, high)
        super().__init__(id, prompt, make=self._make_tree, **kw)

    def _trace(self, tree, is_max):
        return alphabeta(to_game(tree, is_max), trace=True, prune_ties=self.prune_ties).trace

    def _make_tree(self, rng):
        fixed, node, depth, branching, root, low, high = self._spec
        is_max = root == "max"
        tree = fixed
        while node is None:
            if fixed is None:
                tree = random_nested(rng, branching=branching, depth=depth, low=low,
                                     high=high)
            choices = self._askable(tree, is_max)
            if fixed is not None and not choices:
                raise ValueError(f"question {self.id}: no inner node of this tree is entered "
                                 "with a window its parent did not have; give node=")
            node = rng.choice(choices) if choices else None
        return {"tree": tree, "is_max": is_max, "node": node}

    def _askable(self, tree, is_max):
        """Inner nodes (not the root) entered with a narrowed window, new to them, where no
        known mistake (alpha and beta swapped, the parent's window, the window on return)
        gives the right window."""
        windows = self._windows(tree, is_max)
        game = to_game(tree, is_max)
        return [name for name, (entered, after) in windows.items()
                if name != game.root and entered != (-math.inf, math.inf)
                and entered != windows[game.parent(name)][0]
                and not same_answer(entered[::-1], entered)
                and (after is None or not same_answer(after, entered))]

    def _windows(self, tree, is_max):
        """Node name -> (window when entered, window when it returns), inner nodes only."""
        out = {}
        for step in self._trace(tree, is_max):
            if step.kind == "visit":
                out[step.state] = ((step.alpha, step.beta), None)
            elif step.kind == "return":
                out[step.state] = (out[step.state][0], (step.alpha, step.beta))
        return out

    def picture(self, seed=0):
        data = self.data(seed)
        return to_game(data["tree"], data["is_max"]), {data["node"]: "this node"}, {data["node"]}

    def check(self, answer, seed=0, **options):
        data = self.data(seed)
        pair = _as_pair(answer)
        if pair is None:
            return self._bad(seed, f"{F.show(answer)} is not a pair of numbers.")
        game = to_game(data["tree"], data["is_max"])
        windows = self._windows(data["tree"], data["is_max"])
        right, after = windows[data["node"]]
        if same_answer(pair, right):
            return self._feedback(True, None, f"Right: alpha = {F.show(right[0])}, "
                                  f"beta = {F.show(right[1])}.", seed)
        parent = windows[game.parent(data["node"])][0]
        for diagnosis, wrong in (("alpha-beta-swapped", right[::-1]), ("window-reset", parent),
                                 ("window-after", after)):
            if wrong is not None and same_answer(pair, wrong):
                return self._feedback(False, diagnosis, by_hand(diagnosis), seed)
        right_one = "alpha" if same_number(pair[0], right[0]) else \
            "beta" if same_number(pair[1], right[1]) else "both"
        return self._feedback(False, "wrong", WINDOW_WRONG[right_one], seed)


def _as_pair(answer):
    if isinstance(answer, dict):
        answer = (answer.get("alpha"), answer.get("beta"))
    if isinstance(answer, str):
        answer = [a for a in re.split(r"[,\s\[\]()]+", answer) if a]
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return None
    numbers = tuple(as_number(a) for a in answer)
    return None if None in numbers else numbers
