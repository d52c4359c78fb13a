"""Questions answered by a number (a node's value, a move), diagnosed by the known
mistake that gives it; and the seeded tree-value question.

>>> q = tree_value_question("demo.1", "What does MIN return?", tree=[7, 2, 9], root="min")
>>> q.check(2).passed, q.check(9).diagnosis
(True, 'max-at-every-level')
"""

from __future__ import annotations

from ...search.adversarial import minimax
from .. import feedback as F
from ..answers import as_number, is_number, same_number
from ...mistakes import hand_move_mistakes, hand_value_mistakes, named_mistakes
from ..nested import random_nested, to_game
from .question import Question, by_hand


# -- value and choice ---------------------------------------------------------------------
class ValueQuestion(Question):
    """A number; ``solve(data)`` gives it, ``mistakes(data)`` gives ``[(id, wrong value)]``.

    ``solve`` may return a set of numbers (any of them is right, e.g. equally
    good moves). ``tree(data)`` gives the picture: a GameTree, or a pair
    ``(tree, notes)`` with short texts beside nodes (estimates, probabilities);
    ``listing(data)`` text shown with the prompt (a board); ``hint`` says what
    to answer ("a square number, 0-8"). ``asked(data)`` names the node whose value is
    asked (default: ``data["node"]`` if there is one): a wrong answer is then written
    beside the right one on the picture; ``ask_move=True`` when the answer is a move
    (the index of a child of the root), drawn at that child.
    """

    kind = "value"
    answer_hint = "a number"

    def __init__(self, id, prompt, *, solve, mistakes=None, tree=None, listing=None, hint=None,
                 asked=None, ask_move=False, tolerance=None, discriminate=True, **kw):
        if discriminate and kw.get("make") is not None and mistakes is not None:
            kw["make"] = _discriminating(kw["make"], self._collides)
        super().__init__(id, prompt, **kw)
        self.tolerance = tolerance  # answers this close count (a number worked out by hand)
        self._asked = asked
        self.ask_move = ask_move
        self._solve = solve
        self._mistakes = mistakes
        self._tree = tree
        self._listing = listing
        if hint is not None:
            self.answer_hint = hint

    def picture(self, seed=0):
        return self._tree(self.data(seed)) if self._tree else None

    def listing(self, seed=0):
        return self._listing(self.data(seed)) if self._listing else None

    def _collides(self, data) -> bool:
        """Does a known mistake give a right answer on ``data`` (so it would pass unseen)?"""
        right = self._solve(data)
        rights = right if isinstance(right, (set, frozenset)) else [right]
        return any(value is not None and self._close(value, r)
                   for _, value in self._mistakes(data) for r in rights)

    def _close(self, a, b) -> bool:
        if self.tolerance is None or not is_number(b):
            return same_number(a, b)
        return abs(a - b) <= self.tolerance

    def check(self, answer, seed=0, **options):
        number = as_number(answer)
        if number is None:
            return self._bad(seed, f"{F.show(answer)} is not a number.")
        data = self.data(seed)
        right = self._for_variant(self._solve, seed)
        rights = sorted(right) if isinstance(right, (set, frozenset)) else [right]
        if any(self._close(number, r) for r in rights):
            return self._feedback(True, None, f"Right: {F.show(number)}.", seed)
        mistakes = self._for_variant(self._mistakes, seed) if self._mistakes else []
        named = named_mistakes((vid, value is not None and self._close(number, value))
                               for vid, value in mistakes)
        said = f"Your answer {F.show(number)} is not right."
        drawn = self._answer_picture(data, number, rights)
        if len(named) == 1:
            return self._feedback(False, named[0], f"{said} {by_hand(named[0])}", seed, **drawn)
        if named:
            return self._feedback(False, named[0], f"{said} {_count_word(len(named))} different "
                                  f"mistakes give it. {by_hand(' or '.join(named))}", seed,
                                  diagnoses=tuple(named), **drawn)
        return self._feedback(False, "wrong", said, seed, **drawn)

    def _answer_picture(self, data, number, rights) -> dict:
        """``{"picture": (tree, notes, highlight)}``: the answer beside the right one at
        the asked node (or at the chosen child, for a move); {} when there is no node."""
        shown = self._tree(data) if self._tree else None
        if shown is None:
            return {}
        game, notes, highlight = (shown, {}, set()) if not isinstance(shown, tuple) else (
            shown[0], dict(shown[1]), set(shown[2]) if len(shown) > 2 else set())
        if self.ask_move:
            kids = game.children(game.root)
            for r in rights:
                notes[kids[r]] = "best move"
            if isinstance(number, int) and 0 <= number < len(kids):
                notes[kids[number]] = "your move"
                highlight = {kids[number]}
            return {"picture": (game, notes, highlight)}
        node = self._asked(data) if self._asked else (
            data.get("node") if isinstance(data, dict) else None)
        if node is None or node not in game:
            return {}
        right = " or ".join(F.show(r) for r in rights)
        notes[node] = f"right {right} / you {F.show(number)}"
        return {"picture": (game, notes, highlight | {node})}


def _discriminating(make, collides, tries=500):
    """``make``, drawing again (from the same seeded generator) while a known mistake would
    give a right answer: every seed's variant tells each mistake from the answer."""
    def draw(rng):
        for _ in range(tries):
            data = make(rng)
            if not collides(data):
                return data
        raise RuntimeError(f"no variant in {tries} draws where every known mistake gives a "
                           "wrong answer")
    return draw


def tree_value_question(id, prompt, *, tree=None, root="max", depth=2, branching=3,
                        ask="value", low=-9, high=15, drawn=None, **kw) -> ValueQuestion:
    """A question on a nested tree (fixed, or drawn from the seed): its value or best move.

    Wrong numbers are matched against the known mistakes on the same tree; a tree drawn
    from the seed is drawn again until no mistake gives its right answer. ``drawn`` is the
    fixed tree as a GameTree with the names the lesson gives its nodes (a subtree keeps
    them: B over B1, B2, B3), for the question's picture and a wrong answer's diagnosis.
    """
    def make(rng):
        nested = tree if tree is not None else random_nested(
            rng, branching=branching, depth=depth, low=low, high=high)
        return {"tree": nested, "is_max": root == "max", "root": root.upper()}

    if ask == "value":
        solve = lambda d: minimax(to_game(d["tree"], d["is_max"])).value  # noqa: E731

        def mistakes(d):
            return hand_value_mistakes(d["tree"], d["is_max"])
    elif ask == "move":
        def solve(d):
            values = [minimax(to_game(child, not d["is_max"])).value for child in d["tree"]]
            best = max(values) if d["is_max"] else min(values)
            return frozenset(i for i, v in enumerate(values) if v == best)

        def mistakes(d):
            return hand_move_mistakes(d["tree"], d["is_max"])
    else:
        raise ValueError(f"ask must be 'value' or 'move', not {ask!r}")
    if drawn is not None and (tree is None or drawn.to_nested() != tree):
        raise ValueError(f"question {id}: drawn= must be the fixed tree {tree!r} with names")

    def game(d):
        return drawn if drawn is not None else to_game(d["tree"], d["is_max"])

    return ValueQuestion(id, prompt, make=make, solve=solve, mistakes=mistakes,
                         tree=game, asked=lambda d: game(d).root,
                         ask_move=ask == "move", discriminate=tree is None, **kw)


def _count_word(n) -> str:
    return {2: "Two", 3: "Three", 4: "Four"}.get(n, str(n))
