"""One practice tree for ``(kind, level, seed)``: its items per stage, the verdict on
an answer, its answer key for the browser, and its drawing.

>>> t = practice_tree("values", level=1, seed=0)
>>> t.game.to_nested()
[[14, 7], [6, -9]]
>>> t.judge("values", "B", 7).right, t.judge("values", "A", 14).diagnosis
(True, 'max-at-every-level')
"""

from __future__ import annotations

import random
import re
from functools import cached_property

from ...games.game import CHANCE, MAX, MIN
from ...pictures import texts
from ...pictures.layout import plan
from ...search.adversarial import alphabeta, expectiminimax, minimax
from ...words import show_number
from ...games.tree import GameTree
from ..answers import canon, same_answer
from ...mistakes import (DIAGNOSES, WINDOW_WRONG, explain, hand_move_mistakes, named_mistakes,
                         node_value_mistakes, wrong_values)
from ..nested import random_nested
from ..variants import skipped_leaves
from ..verdict import Verdict
from .levels import Item, LEVELS, check_kind, check_level


def _said(ids) -> str:
    return explain(" or ".join(ids), hand=True)


# -- drawing a tree for a (kind, level, seed) ----------------------------------------

def _random_tree(kind, lv, rng) -> GameTree:
    is_max = not (lv.min_root and rng.random() < 0.5)
    low, high = (0, 5) if lv.ties else (-9, 15) if kind != "pruning" else (0, 12)
    nested = random_nested(rng, branching=lv.branching, depth=lv.depth, low=low, high=high)
    if not (kind == "values" and lv.chance):
        return GameTree.from_nested(nested, root="max" if is_max else "min")
    return GameTree.from_dict(_with_chance(nested, is_max, rng))


def _with_chance(nested, is_max, rng) -> dict:
    """A dict tree: MAX (or MIN) at the root, chance nodes below it, then the other player."""
    root = MAX if is_max else MIN
    other = MIN if is_max else MAX
    odds = ((0.5, 0.5), (0.25, 0.75), (0.75, 0.25))

    def node(item, player):
        if not isinstance(item, list):
            return {"value": item}
        if player == CHANCE:
            item = item[:2]  # two outcomes: expected values stay easy to work out by hand
        spec = {"player": player, "children": [node(c, _next(player)) for c in item]}
        if player == CHANCE:
            for child, p in zip(spec["children"], odds[rng.randrange(3)]):
                child["probability"] = p
        return spec

    def _next(player):
        return CHANCE if player == root else other if player == CHANCE else root

    return node(nested, root)


def _wanted(kind, game, prune_ties) -> bool:
    """Is this tree worth practising on (something to find)?"""
    if kind == "pruning":
        return bool(alphabeta(game, prune_ties=prune_ties).pruned)
    if kind == "best-move":
        values = [minimax(game, c).value for c in game.children(game.root)]
        return len(set(values)) > 1
    return True


def practice_tree(kind, *, level=1, seed=0, prune_ties=True) -> "PracticeTree":
    """The practice tree for ``(kind, level, seed)``: the same seed, the same tree."""
    check_kind(kind)
    check_level(level)
    if not isinstance(prune_ties, bool):
        raise ValueError(f"prune_ties must be True or False, not {prune_ties!r}")
    lv = LEVELS[level - 1]
    rng = random.Random(f"practice:{kind}:{level}:{seed}:{prune_ties}")
    while True:
        game = _random_tree(kind, lv, rng)
        if _wanted(kind, game, prune_ties):
            return PracticeTree(kind, level, seed, game, prune_ties)


# -- one tree and its answer key -----------------------------------------------------

class PracticeTree:
    """One practice tree: its stages, the items to answer, and how answers are judged."""

    def __init__(self, kind, level, seed, game, prune_ties=True):
        self.kind, self.level, self.seed = kind, level, seed
        self.game = game
        self.prune_ties = prune_ties
        self.spots = plan(game).spots
        self.ids = {spot.state: spot.id for spot in self.spots}

    def __repr__(self):
        return (f"<PracticeTree {self.kind} level {self.level} seed {self.seed}: "
                f"{len(self.spots)} nodes>")

    # -- what is asked ------------------------------------------------------------
    @property
    def stages(self) -> tuple:
        return {"values": ("values",), "pruning": ("pruned", "windows"),
                "best-move": ("move",)}[self.kind]

    @property
    def rule(self) -> str:
        """The tie rule, as the prompt states it."""
        return ("alpha-beta stops a node's loop as soon as alpha >= beta (ties prune)"
                if self.prune_ties else
                "alpha-beta stops a node's loop only when alpha > beta (ties do not prune)")

    def prompt(self, stage) -> str:
        root = self.game.to_move(self.game.root).upper()
        return {
            "values": f"Type the value of every inner node (the root is {root}). "
                      "Click a node, or Tab to it, and type its value.",
            "pruned": f"Click the leaves (or whole subtrees) that alpha-beta never evaluates, "
                      f"searching left to right from the {root} root; {self.rule}. "
                      "Then press Check.",
            "windows": "Now type the window on entry, 'alpha, beta', of every inner node "
                       "alpha-beta enters (the root is entered with -inf, +inf).",
            "move": f"Click the root's best child (the root is {root}; on a tie, the "
                    "leftmost).",
        }[stage]

    def items(self, stage) -> dict:
        """Node name -> :class:`Item` for one stage."""
        if stage not in self.stages:
            raise ValueError(f"a {self.kind} tree has the stages {', '.join(self.stages)}, "
                             f"not {stage!r}")
        return getattr(self, {"values": "_value_items", "pruned": "_pruned_items",
                              "windows": "_window_items", "move": "_move_items"}[stage])

    def answer(self, node, stage=None):
        return self.items(stage or self.stages[0])[node].answer

    # -- judging --------------------------------------------------------------------
    def judge(self, stage, node, answer) -> Verdict:
        """The verdict on ``answer`` at ``node`` (a node name) in ``stage``.

        Values: a number; pruned: True when the student marks the leaf pruned, False
        when they leave it (at Check); windows: ``(alpha, beta)``; move: the child
        clicked (its name), with ``node`` the root.
        """
        items = self.items(stage)
        if stage == "move":
            item = items[answer] if answer in items else None
            if item is None:
                raise ValueError(f"{answer!r} is not a child of the root "
                                 f"({', '.join(items)})")
            if item.answer:
                return Verdict(item.node, True, None, item.why)
            return Verdict(item.node, False, *item.otherwise)
        if node not in items:
            raise ValueError(f"{node!r} is not asked in the {stage} stage; the nodes are "
                             + ", ".join(items))
        item = items[node]
        if same_answer(answer, item.answer):
            return Verdict(node, True, None, item.why)
        otherwise = item.otherwise
        if stage == "windows" and canon(answer) not in item.wrong:
            if same_answer(answer[0], item.answer[0]):
                otherwise = _WINDOW_WRONG["alpha"]
            elif same_answer(answer[1], item.answer[1]):
                otherwise = _WINDOW_WRONG["beta"]
        return Verdict(node, False, *item.wrong.get(canon(answer), otherwise))

    # -- the values stage -------------------------------------------------------------
    @cached_property
    def values(self) -> dict:
        """Node name -> its value (minimax, or expectiminimax with chance nodes)."""
        search = expectiminimax if self._has_chance else minimax
        return {name: search(self.game, name).value for name in self.game.nodes}

    @cached_property
    def _has_chance(self) -> bool:
        return any(self.game.to_move(n) == CHANCE for n in self.game.nodes
                   if not self.game.is_terminal(n))

    @cached_property
    def _value_items(self) -> dict:
        game, out = self.game, {}
        for spot in _postorder(self.spots):
            name = spot.state
            if spot.terminal:
                continue
            player = game.to_move(name)
            kids = game.children(name)
            child_values = [self.values[c] for c in kids]
            right = self.values[name]
            mistakes = node_value_mistakes(game, name, child_values)
            wrong = {canon(value): (" or ".join(ids), _said(ids))
                     for value, ids in wrong_values(mistakes, right)}
            shown = ", ".join(show_number(v) for v in child_values)
            if player == CHANCE:
                ps = [p for _, p in game.chances(name)]
                terms = " + ".join(f"{show_number(p)} × {show_number(v)}"
                                   for p, v in zip(ps, child_values))
                why = (f"{name} is a chance node: its value is the probability-weighted "
                       f"average of its children, {terms} = {show_number(right)}.")
                rule = "a chance node's value is the probability-weighted average of its " \
                       "children's values"
            else:
                word = "largest" if player == MAX else "smallest"
                why = (f"{name} is a {player.upper()} node: it takes the {word} of its "
                       f"children's values ({shown}), {show_number(right)}.")
                rule = f"a {player.upper()} node takes the {word} of its children's values"
            out[name] = Item(name, right, why, wrong,
                             ("wrong", f"No common mistake gives that: {rule}."))
        return out

    # -- the pruning stages -----------------------------------------------------------
    @cached_property
    def search(self):
        """The alpha-beta search of this tree, with its trace."""
        return alphabeta(self.game, trace=True, prune_ties=self.prune_ties)

    def _leaves_under(self, names) -> set:
        return {leaf for top in names for leaf in self.game.subtree_nodes(top)
                if self.game.is_terminal(leaf)}

    @cached_property
    def pruned_leaves(self) -> tuple:
        """The leaves alpha-beta never evaluates, left to right."""
        skipped = self._leaves_under(self.search.pruned)
        return tuple(leaf for leaf in self.game.leaves if leaf in skipped)

    @cached_property
    def _pruned_items(self) -> dict:
        """Leaf -> Item whose answer is True when alpha-beta never evaluates it."""
        right = set(self.pruned_leaves)
        other = self._leaves_under(alphabeta(self.game, prune_ties=not self.prune_ties).pruned)
        other_id = "prune-strict" if self.prune_ties else "prune-non-strict"
        why_pruned = {}
        for step in self.search.trace.of_kind("prune"):
            sentence = step.sentence(self.game)
            for top in step.detail:
                for leaf in self._leaves_under([top]):
                    why_pruned[leaf] = f"{leaf} is never evaluated: {sentence}."
        out = {}
        for leaf in self.game.leaves:
            if leaf in right:
                if leaf not in other:
                    missed = (other_id, _said([other_id]))
                else:
                    missed = ("pruned-too-few", f"Alpha-beta never evaluates {leaf}. "
                              + DIAGNOSES["pruned-too-few"])
                out[leaf] = Item(leaf, True, why_pruned[leaf], {}, missed)
            else:
                if leaf in other:  # pruned only when ties prune, and this tree's rule does not
                    marked = (other_id, f"{leaf} is needed (alpha-beta evaluates it). "
                              + _said([other_id]))
                else:
                    marked = ("pruned-too-many", f"Pruned too many: {leaf} is needed (alpha-beta "
                              "evaluates it). " + DIAGNOSES["pruned-too-many"])
                out[leaf] = Item(leaf, False, f"{leaf} is evaluated: alpha-beta reaches it "
                                 "before any cut-off at its parent.", {}, marked)
        return out

    @cached_property
    def mistaken_sets(self) -> list:
        """``[(diagnosis id, sentence, leaves)]``: the leaves each known alpha-beta mistake
        never evaluates (the other tie rule first), when that differs from the right set.
        A whole answer equal to one of them names that mistake, as ``check(...)`` does."""
        right = set(self.pruned_leaves)
        other = self._leaves_under(alphabeta(self.game, prune_ties=not self.prune_ties).pruned)
        other_id = "prune-strict" if self.prune_ties else "prune-non-strict"
        found, seen = [], [right, set()]
        is_max = self.game.to_move(self.game.root) == MAX
        for vid, leaves in [(other_id, other)] + skipped_leaves(
                self.game.to_nested(), is_max, prune_ties=self.prune_ties):
            if leaves not in seen:
                seen.append(leaves)
                found.append((vid, _said([vid]), tuple(sorted(leaves))))
        return found

    def judge_marked(self, marked) -> Verdict:
        """The verdict when the student presses Check with the leaves ``marked`` as pruned
        (leaf names); a wrong mark or a missed leaf is judged leaf by leaf as well."""
        marked = set(marked)
        items = self.items("pruned")
        if marked == set(self.pruned_leaves):
            return Verdict("pruned", True, None, "Right: alpha-beta never evaluates exactly these.")
        if not marked:
            return Verdict("pruned", False, *_NO_PRUNING(self.prune_ties))
        for vid, sentence, leaves in self.mistaken_sets:
            if marked == set(leaves):
                return Verdict("pruned", False, vid, sentence)
        missed = [leaf for leaf in self.game.leaves if items[leaf].answer and leaf not in marked]
        if missed:
            return Verdict("pruned", False, *items[missed[0]].otherwise)
        extra = [leaf for leaf in self.game.leaves if leaf in marked and not items[leaf].answer]
        return Verdict("pruned", False, *items[extra[0]].otherwise)

    @cached_property
    def entry_windows(self) -> dict:
        """Inner node entered -> (alpha, beta) on entry, and the window when it returns."""
        out, after = {}, {}
        for step in self.search.trace:
            if step.kind == "visit":
                out[step.state] = (step.alpha, step.beta)
            elif step.kind == "return":
                after[step.state] = (step.alpha, step.beta)
        self._after = after
        return out

    @cached_property
    def _window_items(self) -> dict:
        windows = self.entry_windows
        game, out = self.game, {}
        for name, right in windows.items():
            if name == game.root:
                continue
            parent = windows[game.parent(name)]
            candidates = (("alpha-beta-swapped", right[::-1]), ("window-reset", parent),
                          ("window-after", self._after.get(name)))
            wrong = {}
            for vid, pair in candidates:
                if pair is None or same_answer(pair, right) or canon(pair) in wrong:
                    continue
                wrong[canon(pair)] = (vid, _said([vid]))
            who = game.to_move(game.parent(name)).upper()
            why = (f"{name} is entered with alpha = {show_number(right[0])}, beta = "
                   f"{show_number(right[1])}: the window its {who} parent "
                   f"{game.parent(name)} holds when it moves to {name} (alpha: MAX's best "
                   "so far on the path, beta: MIN's).")
            out[name] = Item(name, right, why, wrong, _WINDOW_WRONG["both"])
        return out

    # -- the best-move stage ----------------------------------------------------------------
    @cached_property
    def _move_items(self) -> dict:
        game = self.game
        root = game.root
        is_max = game.to_move(root) == MAX
        kids = game.children(root)
        values = [self.values[c] for c in kids]
        best = minimax(game).move
        first = kids.index(game.result(root, best))
        mistakes = [(vid, m) for vid, m in hand_move_mistakes(game.to_nested(), is_max)
                    if vid not in ("returns-value-not-move", "one-based-move")]
        word = "largest" if is_max else "smallest"
        shown = ", ".join(f"{c} {show_number(v)}" for c, v in zip(kids, values))
        out = {}
        for i, child in enumerate(kids):
            if i == first:
                out[child] = Item(child, True, f"{child} is the best move: the root is "
                                  f"{'MAX' if is_max else 'MIN'} and takes the {word} child "
                                  f"value ({shown}), the leftmost on a tie.")
                continue
            if same_answer(values[i], values[first]):
                ids = ["rightmost-on-ties"]
            else:
                ids = named_mistakes((vid, m == i) for vid, m in mistakes)
            if ids:
                otherwise = (" or ".join(ids), _said(ids))
            else:
                otherwise = ("wrong", f"{child} is not the best move: work out each child's "
                             f"value first; the root takes the {word}.")
            out[child] = Item(child, False, "", {}, otherwise)
        return out

    # -- the key the browser judges with ------------------------------------------------------
    def key(self) -> dict:
        """Everything a front-end needs to judge this tree, by drawing ids (JSON-ready)."""
        ids = self.ids
        stages = []
        for stage in self.stages:
            items = {}
            for name, item in self.items(stage).items():
                entry = {"name": name, "why": item.why, "otherwise": list(item.otherwise)}
                if stage in ("values", "windows"):
                    entry["answer"] = canon(item.answer)
                    entry["shown"] = (show_number(item.answer) if stage == "values" else
                                      f"{show_number(item.answer[0])}, "
                                      f"{show_number(item.answer[1])}")
                    entry["wrong"] = {k: list(v) for k, v in item.wrong.items()}
                else:
                    entry["answer"] = bool(item.answer)
                items[ids[name]] = entry
            stages.append({"stage": stage, "prompt": self.prompt(stage), "items": items})
        nodes = {}
        for spot in self.spots:
            nodes[spot.id] = {"name": spot.state, "leaf": spot.terminal,
                              "player": spot.player, "parent": spot.parent_id,
                              "leaves": sorted(ids[leaf] for leaf in
                                               self._leaves_under([spot.state]))}
        extra = {}
        if self.kind == "pruning":
            extra["none"] = list(_NO_PRUNING(self.prune_ties))
            extra["sets"] = [[vid, sentence, [ids[leaf] for leaf in leaves]]
                             for vid, sentence, leaves in self.mistaken_sets]
            root = self.entry_windows[self.game.root]
            extra["rootWindow"] = f"{show_number(root[0])}, {show_number(root[1])}"
            extra["windowWrong"] = {k: list(v) for k, v in _WINDOW_WRONG.items()}
        return {"kind": self.kind, "level": self.level, "seed": self.seed,
                "root": self.spots[0].id, "order": [s.id for s in self.spots],
                "nodes": nodes, "stages": stages, **extra}

    @cached_property
    def drawing(self):
        """The tree drawn as the course draws it (a pruning tree with room beside every
        inner node for the window the student types)."""
        from ...pictures.draw import draw_tree

        # in the regular layout (narrow in lecture mode): a mark beside every leaf needs
        # the room between leaves that a narrow tree gives away
        if self.kind != "pruning":
            return draw_tree(self.game, narrow=False)
        # room beside every inner node for the window the student types (all inner
        # nodes, so the room does not tell which ones alpha-beta enters)
        notes = {n: _WINDOW_ROOM for n in self.game.nodes if not self.game.is_terminal(n)}
        return draw_tree(self.game, notes=notes, narrow=False)

    @cached_property
    def svg(self) -> str:
        """The tree drawn, inner nodes empty, ready for answers: in a pruning tree the room
        kept for each window is an empty answer slot, one ``text.mmp-window`` a line (one
        line, or two stacked in a narrow tree), found by the ids and lines the drawing
        recorded, whatever the mode (:mod:`~minimax_lessons.pictures.texts`)."""
        drawing = self.drawing
        root = texts.parse(drawing.svg())
        for found in texts.lines_in(root, drawing.lines).values():
            slots = [element for role, element in found if role == "note"]
            for k, element in enumerate(slots):
                element.text = " "
                element.set("class", "mmp-window")
                element.set("data-line", str(k))
        return _clean_svg(texts.serialize(root))

    @property
    def description(self) -> str:
        """The tree in words, before any answer (its alt text)."""
        return "Practice tree: " + self.drawing.description


def _NO_PRUNING(prune_ties):
    """The verdict on marking nothing, in PrunedQuestion's words."""
    return ("no-pruning", "Alpha-beta does skip some leaves here: find a node where alpha "
            + (">=" if prune_ties else ">") + " beta.")


#: The verdicts on a window no known mistake gives (one number right, or neither), in
#: the words a WindowQuestion uses.
_WINDOW_WRONG = {right: ("wrong", sentence) for right, sentence in WINDOW_WRONG.items()}


def _postorder(spots):
    """Spots children first (so "show me" reveals values bottom-up)."""
    return sorted(spots, key=lambda s: (-len(s.index), s.index))


#: The widest window text a pruning tree makes room for beside each inner node.
_WINDOW_ROOM = "α=-∞ β=+∞"


def _clean_svg(svg: str) -> str:
    """The SVG without its XML prologue and comments (it is inlined in HTML)."""
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<title>[^<]*</title>\n?", "", svg)
    return re.sub(r"<!--.*?-->\n?", "", svg, flags=re.S)
