"""Which leaves does alpha-beta never evaluate: a set of node names.

>>> q = PrunedQuestion("demo.pr", "Which leaves are pruned?", tree=[[3, 12, 8], [2, 4, 6]])
>>> q.check({"C2", "C3"}).passed
True
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...search.adversarial import alphabeta
from .. import feedback as F
from ..nested import random_nested, to_game
from ..variants import skipped_leaves
from ...words import counted
from .question import Question, by_hand


# -- which leaves are pruned ----------------------------------------------------------------
class PrunedQuestion(Question):
    """Which leaves does alpha-beta never evaluate? Answer: a set of node names.

    Names of inner nodes stand for all the leaves below them. The tree is
    fixed (``tree``) or drawn from the seed (leaves from ``low`` to ``high``)
    with at least one pruned leaf, where the two pruning rules (alpha >= beta,
    alpha > beta) prune different leaves and no known mistake (:func:`~.variants.
    skipped_leaves`) skips exactly the right ones: so each diagnosed mistake gives a wrong
    answer. (``ties_matter`` is kept as a name: every drawn tree is such a tree.)
    """

    kind = "pruned"
    answer_hint = "a set of node names, like {'C2', 'C3'} (or set() for none)"

    def __init__(self, id, prompt, *, tree=None, depth=3, branching=(2, 3), prune_ties=True,
                 root="max", low=0, high=9, ties_matter=False, **kw):
        self.prune_ties = prune_ties
        self._spec = (tree, depth, branching, root, low, high, ties_matter)
        super().__init__(id, prompt, make=self._make_tree, **kw)

    def _make_tree(self, rng):
        tree, depth, branching, root, low, high, ties_matter = self._spec
        is_max = root == "max"
        while tree is None:
            nested = random_nested(rng, branching=branching, depth=depth, low=low, high=high)
            data = {"tree": nested, "is_max": is_max}
            right = self._pruned_leaves(data)
            if right and right != self._pruned_leaves(data, not self.prune_ties) and all(
                    leaves != right for _, leaves in skipped_leaves(
                        nested, is_max, prune_ties=self.prune_ties)):
                tree = nested
        return {"tree": tree, "is_max": is_max}

    def picture(self, seed=0):
        data = self.data(seed)
        return to_game(data["tree"], data["is_max"])

    def _pruned_leaves(self, data, prune_ties=None):
        game = to_game(data["tree"], data["is_max"])
        rule = self.prune_ties if prune_ties is None else prune_ties
        r = alphabeta(game, prune_ties=rule)
        return {leaf for top in r.pruned for leaf in game.subtree_nodes(top)
                if game.is_terminal(leaf)}

    #: What the picture of a wrong answer shows.
    KEY = (("dashed grey", "pruned: alpha-beta never evaluates it"),
           ("you marked it", "you named it as pruned, but alpha-beta evaluates it"),
           ("you missed it", "alpha-beta prunes it, but you did not name it"))

    def check(self, answer, seed=0, **options):
        feedback = self._verdict(answer, seed)
        if feedback.passed or feedback.diagnosis == "bad-answer":
            return feedback
        data = self.data(seed)
        game = to_game(data["tree"], data["is_max"])
        given = {leaf for n in _as_names(answer) for leaf in game.subtree_nodes(n)
                 if game.is_terminal(leaf)}
        right = self._pruned_leaves(data)
        notes = {leaf: "you marked it" for leaf in given - right}
        notes.update({leaf: "you missed it" for leaf in right - given})
        return replace(feedback, picture=(game, notes, set(notes)), picture_key=self.KEY,
                       picture_result=alphabeta(game, trace=True, prune_ties=self.prune_ties))

    def _verdict(self, answer, seed):
        data = self.data(seed)
        game = to_game(data["tree"], data["is_max"])
        given = _as_names(answer)
        if given is None:
            return self._bad(seed, f"{F.show(answer)} is not a set of node names.")
        unknown = sorted(n for n in given if n not in game)
        if unknown:
            return self._bad(seed, f"There is no node called {', '.join(unknown)} in this tree.")
        if game.root in given:
            return self._feedback(False, "pruned-too-many", "The root is always searched.", seed)
        leaves = {leaf for n in given for leaf in game.subtree_nodes(n) if game.is_terminal(leaf)}
        right = self._pruned_leaves(data)
        if leaves == right:
            return self._feedback(True, None, "Right.", seed)
        other = self._pruned_leaves(data, not self.prune_ties)
        order = list(game.leaves)
        if leaves == other:
            diagnosis = "prune-strict" if self.prune_ties else "prune-non-strict"
            return self._feedback(False, diagnosis, by_hand(diagnosis), seed)
        if not leaves:
            return self._feedback(False, "no-pruning", "Alpha-beta does skip some leaves here: "
                                  "find a node where alpha >= beta.", seed)
        for vid, leaves_of_variant in skipped_leaves(data["tree"], data["is_max"],
                                                     prune_ties=self.prune_ties):
            if leaves == leaves_of_variant:
                return self._feedback(False, vid, by_hand(vid), seed)
        extra = sorted(leaves - right, key=order.index)
        missing = right - leaves
        if extra and not missing:
            return self._feedback(False, "pruned-too-many", f"Pruned too many: {extra[0]} is "
                                  "needed (alpha-beta evaluates it).", seed)
        if missing and not extra:
            return self._feedback(False, "pruned-too-few", "Alpha-beta skips "
                                  f"{counted(len(missing), 'more leaf', 'more leaves')} than "
                                  f"you named. {by_hand('pruned-too-few')}", seed)
        return self._feedback(False, "pruned-wrong", f"{extra[0]} is needed (alpha-beta "
                              "evaluates it), and alpha-beta skips "
                              f"{counted(len(missing), 'leaf', 'leaves')} you did not name.",
                              seed)


def _as_names(answer):
    if isinstance(answer, str):
        answer = [a for a in re.split(r"[,\s{}\[\]()'\"]+", answer) if a]
    if isinstance(answer, (set, frozenset, list, tuple)):
        if all(isinstance(a, str) for a in answer):
            return {a.strip() for a in answer}
    return None
