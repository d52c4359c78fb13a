"""Lesson 10, more players, dice with bounds, moves that cut: its predictions and exercises.

Predictions, asked before the lesson shows the answer:

========  ===================================================================
id        the student predicts
========  ===================================================================
p10.1     the value of ``TWO_OPPONENTS``: MAX, then two MIN plies (CS188's ghosts)
p10.2     P1's score at the root of ``THREE_PLAYERS`` (max^n, utility vectors)
p10.3     whether max^n may skip C2 in ``NO_PRUNING`` as alpha-beta would
p10.4     whether, without bounds, an unseen outcome could still lift C in
          ``BOUNDED_CHANCE`` above B
p10.5     the most C can be worth there once every score lies in 0..10
p10.6     which reply O tries first after X's third move in ``REFUTED``, with killers
p10.7     what killer moves save on the empty Connect Four board, depth 6
========  ===================================================================

Every right answer is computed by the package's own searches, never stored.

Exercises at the end of the lesson: q10.5 who moves where with two MIN agents ★ (lesson
3's q3.16 until issue 34), q10.1 a max^n score ★, q10.2 a chance node's bound ★★, q10.3 the
killer moves' order ★★, q10.4 the window Star1 hands an outcome ★★★.

>>> from minimax_lessons.exercises import check
>>> check("p10.2", 6).passed, check("p10.2", 2).diagnosis
(True, 'assumes-zero-sum')
"""

from __future__ import annotations

import math
from fractions import Fraction

from ...games.connectfour import ConnectFour
from ...games.examples import (BOUNDED_CHANCE_RANGE, BOUNDED_CHANCE_SPEC, NO_PRUNING_NESTED,
                               THREE_PLAYERS_NESTED, TWO_OPPONENTS_SPEC)
from ...games.multiplayer import MultiplayerTree
from ...games.tree import GameTree
from ...search.adversarial import alphabeta, expectiminimax, maxn, minimax
from ...search.engine import centre_first
from ...search.ordering import LearnedOrder
from ..answers import TWO_DECIMALS
from ..question_kinds import ChoiceQuestion, ValueQuestion, levels_question

#: p10.6: on the 4 x 5 board, X to move; O threatens to complete column 4, so every move
#: but 4 loses at once to O's 4, the last reply centre-first order tries.
REFUTED = "041414"
#: p10.6 asks about the reply tried first after this move of X's (the third X tries).
REFUTED_MOVE = 3

NO_PRUNING_OPTIONS = [
    "Yes: P2 will hold P1 to at most 1 at C, so P1 plays B whatever C2 holds.",
    "No: P2 picks by P2's own score; C2 may suit P2 better, and P1 too.",
    "Yes: at the root only P1's score counts, so C2 cannot matter.",
]
UNBOUNDED_OPTIONS = [
    "No: C1 and C2 are far below B's 7, so C stays worse than B whatever C3 holds.",
    "Yes: C3 weighs one half of C's average, and a large enough score there lifts C above B.",
    "Only if C3 were a MAX node, who could choose a high score.",
]
EMPTY_BOARD_OPTIONS = [
    "About as many: 1,249 or close to it.",
    "About half as many.",
    "About a tenth as many, or fewer.",
]


# -- several MIN plies (CS188) ------------------------------------------------------------
def _alternating(spec):
    """The same leaves with MAX and MIN taking turns (the levels read MAX, MIN, MAX, ...)."""
    return GameTree.from_nested(GameTree.from_dict(spec).to_nested())


def _two_opponents_mistakes(data):
    tree = GameTree.from_dict(data["spec"])
    leaves = [tree.utility(leaf) for leaf in tree.leaves]
    return [("assumes-alternation", minimax(_alternating(data["spec"])).value),
            ("max-at-every-level", max(leaves)), ("min-at-every-level", min(leaves))]


# -- max^n and its mistakes ---------------------------------------------------------------
def backed_up(tree, score_for, state=None):
    """The vector reaching ``state`` when every node keeps its first child with the largest
    ``score_for(player, vector)`` (max^n: the mover's own score).

    >>> three = MultiplayerTree.from_nested(THREE_PLAYERS_NESTED)
    >>> backed_up(three, lambda player, v: v[three.index(player)])
    (6, 3, 9)
    """
    state = tree.root if state is None else state
    if tree.is_terminal(state):
        return tree.utility(state)
    player = tree.to_move(state)
    vectors = [backed_up(tree, score_for, tree.result(state, a)) for a in tree.actions(state)]
    return max(vectors, key=lambda v: score_for(player, v))


def maxn_mistakes(tree) -> list:
    """``[(diagnosis, the root player's score)]`` of the known max^n mistakes on ``tree``."""
    first = tree.to_move(tree.root)
    me, count = tree.index(first), len(tree.players)
    return [
        ("maximises-root-score", backed_up(tree, lambda p, v: v[me])[me]),
        ("assumes-zero-sum", backed_up(tree, lambda p, v: v[me] if p == first else -v[me])[me]),
        ("reads-wrong-score",
         backed_up(tree, lambda p, v: v[(tree.index(p) + 1) % count])[me]),
    ]


def _three(data):
    return MultiplayerTree.from_nested(_as_tuples(data["tree"]))


def _as_tuples(nested):
    """Nested lists with the leaves as tuples (data may come back with lists)."""
    if isinstance(nested, (list, tuple)) and nested and all(
            isinstance(x, (int, float)) for x in nested):
        return tuple(nested)
    return [_as_tuples(c) for c in nested]


def _root_score(data):
    tree = _three(data)
    return maxn(tree).value[tree.index(tree.to_move(tree.root))]


def cut_like_alphabeta(tree) -> object:
    """The root's move when every node of a player other than the root's stops, as a MIN
    node of alpha-beta would, at the first child worth no more to the root's player than
    what the root already has elsewhere (wrong for max^n)."""
    first = tree.to_move(tree.root)
    me = tree.index(first)
    best, move = -math.inf, None
    for a in tree.actions(tree.root):
        child = tree.result(tree.root, a)
        if tree.is_terminal(child):
            score = tree.utility(child)[me]
        else:
            mover = tree.index(tree.to_move(child))
            kept = None
            for b in tree.actions(child):
                v = maxn(tree, tree.result(child, b)).value
                if kept is None or v[mover] > kept[mover]:
                    kept = v
                if v[me] <= best:
                    break  # alpha-beta's cut: "this child is worth no more than best to me"
            score = kept[me]
        if score > best:
            best, move = score, a
    return move


def _no_pruning_letter(data):
    tree = _three(data)
    return "b" if cut_like_alphabeta(tree) != maxn(tree).move else "a"


# -- chance nodes with bounds --------------------------------------------------------------
def chance_bound(probabilities, seen, low, high, *, at_most=True) -> float:
    """The most (or least) a chance node can average once the outcomes ``seen`` (the first
    values, in order) are known and every score lies between ``low`` and ``high``.

    >>> chance_bound([0.25, 0.25, 0.5], [2, 4], 0, 10)
    6.5
    """
    known = sum(p * v for p, v in zip(probabilities, seen))
    rest = math.fsum(probabilities[len(seen):])
    return known + rest * (high if at_most else low)


def _bounded_c(data):
    """C's outcomes in BOUNDED_CHANCE: probabilities and the values seen before C3."""
    tree = GameTree.from_dict(data["spec"])
    chances = tree.chances("C")
    kids = tree.children("C")
    seen = [tree.utility(k) for k in kids[:data["seen"]]]
    return [p for _, p in chances], seen


def _bounded_c_value(data):
    probabilities, seen = _bounded_c(data)
    return chance_bound(probabilities, seen, *data["bounds"])


def bound_mistakes(probabilities, seen, low, high, *, at_most=True) -> list:
    """The known mistakes on a chance node's bound (see :func:`chance_bound`)."""
    unseen = len(probabilities) - len(seen)
    known = sum(p * v for p, v in zip(probabilities, seen))
    return [("forgets-unseen-outcomes", known),
            ("averages-seen-outcomes", sum(seen) / len(seen)),
            ("ignores-probabilities",
             (sum(seen) + unseen * (high if at_most else low)) / len(probabilities)),
            ("bound-from-wrong-end", chance_bound(probabilities, seen, low, high,
                                                  at_most=not at_most))]


def _unbounded_letter(data):
    """'b' when some score at C's unseen outcome would lift C above B (no bounds), else 'a'."""
    probabilities, seen = _bounded_c(data)
    tree = GameTree.from_dict(data["spec"])
    b_value = expectiminimax(tree, "B").value
    known = sum(p * v for p, v in zip(probabilities, seen))
    needed = (b_value - known) / math.fsum(probabilities[len(seen):])  # C3 above this wins
    return "b" if math.isfinite(needed) else "a"


def child_alpha(alpha, probabilities, seen, low, high) -> float:
    """The alpha a chance node entered with ``alpha`` hands its next outcome (Star1): at or
    below it, the node's average cannot beat alpha, whatever the later outcomes score.

    >>> child_alpha(7, [0.25, 0.25, 0.5], [2], 0, 10)   # (7 - 0.5 - 0.5 * 10) / 0.25
    6.0
    """
    k = len(seen)
    known = sum(p * v for p, v in zip(probabilities, seen))
    later = math.fsum(probabilities[k + 1:])
    return (alpha - known - later * high) / probabilities[k]


def child_alpha_mistakes(alpha, probabilities, seen, low, high) -> list:
    k = len(seen)
    known = sum(p * v for p, v in zip(probabilities, seen))
    later = math.fsum(probabilities[k + 1:])
    return [("child-window-unscaled", alpha - known - later * high),
            ("child-window-ignores-rest", (alpha - known) / probabilities[k]),
            ("bound-from-wrong-end", (alpha - known - later * low) / probabilities[k]),
            ("parent-window-passed", alpha)]


# -- killer moves ---------------------------------------------------------------------------
FOUR = ConnectFour()
#: Centre-first order of the columns of the full board.
CENTRE_ORDER = centre_first(FOUR)(None, tuple(range(FOUR.cols)))


def killer_order(cutoffs, moves=CENTRE_ORDER, slots=2) -> tuple:
    """The order a node tries ``moves`` in after the cut-offs ``cutoffs`` at its ply.

    >>> killer_order([5, 2, 5, 6])
    (6, 5, 3, 2, 4, 1, 0)
    """
    learned = LearnedOrder(killers=slots)
    for move in cutoffs:
        learned.cut("max", move, ply=1, left=1)
    return learned.order("max", moves, 1)


def killer_mistakes(cutoffs, moves=CENTRE_ORDER) -> list:
    """``[(diagnosis, order tried)]`` for the known mistakes about killer moves."""
    oldest = []
    for move in cutoffs:
        if move not in oldest and len(oldest) < 2:
            oldest.append(move)
    counts = {m: cutoffs.count(m) for m in cutoffs}
    latest = {m: max(i for i, x in enumerate(cutoffs) if x == m) for m in cutoffs}
    frequent = sorted(counts, key=lambda m: (-counts[m], -latest[m]))[:2]

    def first(killers):
        return tuple(killers) + tuple(m for m in moves if m not in killers)

    return [("killers-never-replaced", first(oldest)), ("killers-by-count", first(frequent)),
            ("order-ignored", tuple(moves))]


def _refuted_first_reply(data):
    game = ConnectFour(rows=data["rows"], cols=data["cols"])
    r = alphabeta(game, game.play(data["moves"]), depth=2, evaluate=game.estimate,
                  order=centre_first(game), killers=2, trace=True)
    return next(s.path[1] for s in r.trace
                if s.kind in ("visit", "evaluate") and len(s.path) == 2
                and s.path[0] == data["move"])


def _refuted_mistakes(data):
    game = ConnectFour(rows=data["rows"], cols=data["cols"])
    return [("order-ignored", centre_first(game)(None, game.actions(game.play(data["moves"])))[0])]


def killer_saving(depth=6) -> float:
    """Alpha-beta's nodes on the empty board with centre-first order and killer moves, over
    its nodes with centre-first order alone."""
    game = ConnectFour()
    order = centre_first(game)
    plain = alphabeta(game, depth=depth, evaluate=game.estimate, order=order)
    killers = alphabeta(game, depth=depth, evaluate=game.estimate, order=order, killers=2)
    return killers.nodes / plain.nodes


def _empty_board_letter(data):
    ratio = killer_saving(data["depth"])
    return "a" if ratio > 0.8 else "b" if ratio > 0.2 else "c"


def _empty_board_mistakes(data):
    right = _empty_board_letter(data)
    return {letter: "killers-always-help" for letter in "bc" if letter != right}


PREDICTIONS = (
    ValueQuestion(
        "p10.1", "MAX moves at A, then MIN at B and C, then MIN again at B1, B2, C1 and C2 (two "
                 "ghosts after Pac-Man, each minimising). What is A's minimax value?",
        data={"spec": TWO_OPPONENTS_SPEC}, solve=lambda d: minimax(GameTree.from_dict(
            d["spec"])).value, mistakes=_two_opponents_mistakes,
        tree=lambda d: GameTree.from_dict(d["spec"]), title="p10.1 Two ghosts"),
    ValueQuestion(
        "p10.2", "Three players move in turn, P1 at A, P2 at B and C, P3 below; each leaf "
                 "gives a score to each player (P1's first). Every player picks the child best "
                 "for themselves. What does P1 score at the root?",
        data={"tree": THREE_PLAYERS_NESTED}, solve=_root_score,
        mistakes=lambda d: maxn_mistakes(_three(d)), tree=_three,
        title="p10.2 Three players, three scores"),
    ChoiceQuestion(
        "p10.3", "B gives P1 a score of 2. At C, P2's first option C1 gives P1 only 1. "
                 "Alpha-beta would stop at C here (a MIN node worth at most what MAX already "
                 "has elsewhere is cut). May max^n skip C2 too?",
        NO_PRUNING_OPTIONS, data={"tree": NO_PRUNING_NESTED}, solve=_no_pruning_letter,
        mistakes=lambda d: {"a": "assumes-zero-sum", "c": "maximises-root-score"},
        tree=_three, title="p10.3 Prune max^n like alpha-beta?"),
    ChoiceQuestion(
        "p10.4", "Expectiminimax has found B worth 7, then C1 = 2 and C2 = 4. Nothing is known "
                 "about the range of the scores. Could some score at C3 still make C worth "
                 "more than B?",
        UNBOUNDED_OPTIONS, data={"spec": BOUNDED_CHANCE_SPEC, "seen": 2},
        solve=_unbounded_letter, mistakes=lambda d: {"a": "prunes-chance-without-bounds"},
        title="p10.4 An average without bounds"),
    ValueQuestion(
        "p10.5", "Now every leaf is known to score between 0 and 10. C1 = 2 and C2 = 4 are "
                 "seen, C3 is not. What is the most C can be worth?",
        data={"spec": BOUNDED_CHANCE_SPEC, "seen": 2, "bounds": BOUNDED_CHANCE_RANGE},
        solve=_bounded_c_value,
        mistakes=lambda d: bound_mistakes(*_bounded_c(d), *d["bounds"]),
        tree=lambda d: GameTree.from_dict(d["spec"]), tolerance=TWO_DECIMALS,
        hint="a number (decimals are fine)", title="p10.5 At most"),
    ValueQuestion(
        "p10.6", "X moves on the 4 x 5 board, O replies; alpha-beta searches 2 plies with "
                 "centre-first order (2, 1, 3, 0, 4) and killer moves. X's moves 2 and 1 are "
                 "searched first. Which reply does O try first after X's move 3?",
        data={"moves": REFUTED, "rows": 4, "cols": 5, "move": REFUTED_MOVE},
        solve=_refuted_first_reply, mistakes=_refuted_mistakes, hint="a column number, 0-4",
        title="p10.6 The killer reply"),
    ChoiceQuestion(
        "p10.7", "Alpha-beta with centre-first order visits 1,249 nodes from the empty board, "
                 "6 plies deep. With killer moves as well, how many does it visit?",
        EMPTY_BOARD_OPTIONS, data={"depth": 6}, solve=_empty_board_letter,
        mistakes=_empty_board_mistakes, title="p10.7 Killers from the empty board"),
)


# -- the exercises at the end of the lesson (q10.1 to q10.4) ----------------------------------
def _random_three(rng):
    """A three-player tree, two moves a node, three plies, where every decision is strict
    and each known mistake gives P1 another score."""
    while True:
        nested = [[[tuple(rng.randint(0, 9) for _ in range(3)) for _ in range(2)]
                   for _ in range(2)] for _ in range(2)]
        tree = MultiplayerTree.from_nested(nested)
        right = maxn(tree).value[0]
        wrong = [v for _, v in maxn_mistakes(tree)]
        if _strict(tree) and right not in wrong and len(set(wrong)) == len(wrong):
            return {"tree": nested}


def _strict(tree, state=None) -> bool:
    """No player meets a tie between the scores that decide."""
    state = tree.root if state is None else state
    if tree.is_terminal(state):
        return True
    me = tree.index(tree.to_move(state))
    kids = [tree.result(state, a) for a in tree.actions(state)]
    scores = [maxn(tree, k).value[me] for k in kids]
    return len(set(scores)) == len(scores) and all(_strict(tree, k) for k in kids)


#: Probabilities of a chance node's outcomes, left to right (exact in binary).
OUTCOMES = [(0.25, 0.25, 0.5), (0.5, 0.25, 0.25), (0.25, 0.5, 0.25), (0.25, 0.25, 0.25, 0.25),
            (0.125, 0.375, 0.5), (0.5, 0.125, 0.375)]


def _bound_case(rng):
    while True:
        probabilities = list(rng.choice(OUTCOMES))
        low = rng.choice([-5, -2, 1, 2])
        high = low + rng.choice([8, 10, 12])
        seen = [rng.randint(low, high) for _ in range(rng.randint(1, len(probabilities) - 1))]
        at_most = rng.random() < 0.6
        right = chance_bound(probabilities, seen, low, high, at_most=at_most)
        wrong = [v for _, v in bound_mistakes(probabilities, seen, low, high, at_most=at_most)]
        if all(abs(v - right) > 0.05 for v in wrong) and all(
                abs(a - b) > 0.05 for i, a in enumerate(wrong) for b in wrong[i + 1:]):
            return {"probabilities": probabilities, "seen": seen, "low": low, "high": high,
                    "at_most": at_most}


def _outcomes_listing(d):
    lines = []
    for i, p in enumerate(d["probabilities"]):
        value = f"scores {d['seen'][i]}" if i < len(d["seen"]) else "not seen yet"
        lines.append(f"outcome {i + 1}: probability {Fraction(p)}, {value}")
    return "\n".join(lines)


def _bound_args(d):
    return d["probabilities"], d["seen"], d["low"], d["high"]


def _killer_case(rng):
    while True:
        cutoffs = [rng.choice(CENTRE_ORDER) for _ in range(rng.randint(4, 6))]
        right = killer_order(cutoffs)[1]
        wrong = [order[1] for _, order in killer_mistakes(cutoffs)]
        if right not in wrong and len(set(wrong)) == len(wrong):
            return {"cutoffs": cutoffs}


def _window_case(rng):
    while True:
        probabilities = list(rng.choice(OUTCOMES))
        low = rng.choice([0, 1, 2])
        high = low + rng.choice([8, 10])
        seen = [rng.randint(low, high) for _ in range(rng.randint(1, len(probabilities) - 1))]
        alpha = rng.randint(low + 4, high - 1)
        args = (alpha, probabilities, seen, low, high)
        right = child_alpha(*args)
        wrong = [v for _, v in child_alpha_mistakes(*args)]
        if low < right < high and all(abs(v - right) > 0.05 for v in wrong) and all(
                abs(a - b) > 0.05 for i, a in enumerate(wrong) for b in wrong[i + 1:]):
            return {"alpha": alpha, "probabilities": probabilities, "seen": seen, "low": low,
                    "high": high}


def _window_args(d):
    return d["alpha"], d["probabilities"], d["seen"], d["low"], d["high"]


QUESTIONS = (
    ValueQuestion(
        "q10.1", "Three players move in turn, P1 at the root; each leaf gives a score to each "
                 "player (P1's first). Every player picks the child best for themselves. What "
                 "does P1 score at the root?",
        make=_random_three, solve=_root_score, mistakes=lambda d: maxn_mistakes(_three(d)),
        tree=_three, title="q10.1 Max^n"),
    ValueQuestion(
        "q10.2", lambda d: "A chance node's outcomes, in the order the search takes them, are "
                           f"listed below; every score lies between {d['low']} and "
                           f"{d['high']}. With the outcomes seen so far, what is the "
                           + ("most" if d["at_most"] else "least")
                           + " the chance node can be worth?",
        make=_bound_case,
        solve=lambda d: chance_bound(*_bound_args(d), at_most=d["at_most"]),
        mistakes=lambda d: bound_mistakes(*_bound_args(d), at_most=d["at_most"]),
        listing=_outcomes_listing, tolerance=TWO_DECIMALS, hint="a number (two decimals)",
        title="q10.2 A bound on an average"),
    ValueQuestion(
        "q10.3", lambda d: "Alpha-beta keeps two killer moves per ply. At one ply these moves "
                           "have cut off so far, in this order: "
                           + ", ".join(str(m) for m in d["cutoffs"])
                           + ". The next node at that ply has all seven columns to play and "
                             "orders the rest centre first (3, 2, 4, 1, 5, 0, 6). Which "
                             "column does it try second?",
        make=_killer_case, solve=lambda d: killer_order(d["cutoffs"])[1],
        mistakes=lambda d: [(vid, order[1]) for vid, order in killer_mistakes(d["cutoffs"])],
        hint="a column number, 0-6", title="q10.3 Killer moves"),
    ValueQuestion(
        "q10.4", lambda d: f"Expectiminimax with bounds enters a chance node with alpha = "
                           f"{d['alpha']} (and beta = +inf); every score lies between "
                           f"{d['low']} and {d['high']}. Its outcomes are listed below. With "
                           "what alpha does it search the first outcome not seen yet?",
        make=_window_case, solve=lambda d: child_alpha(*_window_args(d)),
        mistakes=lambda d: child_alpha_mistakes(*_window_args(d)),
        listing=_outcomes_listing, tolerance=TWO_DECIMALS, hint="a number (two decimals)",
        title="q10.4 The window of an outcome"),
    levels_question(
        "q10.5", "Every node's value is shown. Who moves at each level that has children: "
                 "max or min? (one word per level, top down)",
        spec=TWO_OPPONENTS_SPEC, title="q10.5 Who moves where?"),
)

__all__ = ["QUESTIONS", "PREDICTIONS", "REFUTED", "REFUTED_MOVE", "NO_PRUNING_OPTIONS",
           "UNBOUNDED_OPTIONS", "EMPTY_BOARD_OPTIONS", "backed_up", "maxn_mistakes",
           "cut_like_alphabeta", "chance_bound", "bound_mistakes", "child_alpha",
           "child_alpha_mistakes", "killer_order", "killer_mistakes", "killer_saving",
           "CENTRE_ORDER", "OUTCOMES"]
