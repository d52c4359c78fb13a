"""Fill in the blanks: a list of words ("max"/"min"), one per blank; and the seeded
question "which player moves at each level".

>>> levels_question("demo.f", "Who moves?", tree=[[1, 2], [3, 4]]).answer_hint
'a list with one of max / min per blank'
"""

from __future__ import annotations

from ...search.adversarial import minimax
from ...games.tree import GameTree
from .. import feedback as F
from ..nested import random_nested, to_game
from .question import Question, by_hand


# -- fill in the blanks ---------------------------------------------------------------------
class FillQuestion(Question):
    """Words for the blanks, in order (``["max", "min"]``); ``make`` returns the blanks.

    ``make(rng)`` returns a dict with ``"blanks"`` (the right words) and what
    the prompt shows (``"code"`` with ``____`` marks, or ``"levels"`` text).
    Answers may be strings or the built-ins ``max`` and ``min`` themselves.
    """

    kind = "fill"

    def __init__(self, id, prompt, *, make=None, data=None, choices=("max", "min"), **kw):
        super().__init__(id, prompt, make=make, data=data, **kw)
        self.choices = choices

    @property
    def answer_hint(self):
        return "a list with one of " + " / ".join(self.choices) + " per blank"

    def listing(self, seed=0):
        data = self.data(seed)
        return data.get("code") or data.get("levels")

    def check(self, answer, seed=0, **options):
        blanks = self.data(seed)["blanks"]
        words = _as_words(answer, len(blanks))
        if words is None or any(w not in self.choices for w in words):
            return self._bad(seed, f"{F.show(answer)} does not fill {len(blanks)} blank(s).")
        if words == list(blanks):
            return self._feedback(True, None, "Right.", seed)
        first = next(i for i, (w, b) in enumerate(zip(words, blanks)) if w != b)
        diagnosis = "wrong"
        if set(blanks) <= {"max", "min"}:
            alternating = all(words[i] != words[i + 1] for i in range(len(words) - 1))
            if all(w == "max" for w in words):
                diagnosis = "max-at-every-level"
            elif all(w == "min" for w in words):
                diagnosis = "min-at-every-level"
            elif all(w != b for w, b in zip(words, blanks)):
                diagnosis = "players-swapped"
            elif alternating and len(words) > 2:
                diagnosis = "assumes-alternation"
        return self._feedback(False, diagnosis,
                              f"Blank {first + 1} is wrong." + (f" {by_hand(diagnosis)}"
                                                                if diagnosis != "wrong" else ""),
                              seed)


def _as_words(answer, count):
    if isinstance(answer, (str,)) or callable(answer):
        answer = [answer]
    if not isinstance(answer, (list, tuple)) or len(answer) != count:
        return None
    out = []
    for a in answer:
        if a is max or a is min:
            out.append(a.__name__)
        elif isinstance(a, str):
            out.append({"\u25b2": "max", "\u25bc": "min"}.get(a.strip(), a.strip().lower()))
        else:
            return None
    return out


def levels_question(id, prompt, *, tree=None, spec=None, depth=3, branching=2, **kw):
    """Fill in who moves at each level of a tree whose node values are all shown.

    ``tree`` (nested lists, MAX at the root), ``spec`` (a GameTree.from_dict
    spec, e.g. with two MIN levels in a row) or a random tree from the seed.
    """
    def make(rng):
        if spec is not None:
            game = GameTree.from_dict(spec)
        else:
            nested = tree if tree is not None else random_nested(
                rng, branching=branching, depth=depth, distinct=True)
            game = to_game(nested)
        values = minimax(game, trace=True)
        by_level = {}
        for name in game.nodes:
            node = game.node(name)
            by_level.setdefault(node.depth, []).append(name)
        value_of = {}
        for step in values.trace:
            if step.kind in ("return", "evaluate"):
                value_of[step.state] = step.value
        inner = [lvl for lvl in sorted(by_level) if not all(game.node(n).is_leaf
                                                            for n in by_level[lvl])]
        blanks = [game.node(by_level[lvl][0]).player for lvl in inner]
        lines = [f"level {lvl}: " + ", ".join(f"{n} = {F.show(value_of.get(n))}"
                                              for n in by_level[lvl]) for lvl in sorted(by_level)]
        return {"blanks": blanks, "levels": "\n".join(lines)}

    return FillQuestion(id, prompt, make=make, **kw)
