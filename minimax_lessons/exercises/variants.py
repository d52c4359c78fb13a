"""Known mistakes: a short id and a one-sentence explanation for each, and code.

When a student's function gives wrong answers, the checker runs these buggy
variants on the same inputs; a variant that gives exactly the student's answers
names the mistake. Each variant is written the way a student would write it
(and the tests send them through the sandbox as if a student had).

The ids (stable: feedback, grades and tests use them):

==========================  =====================================================
id                          mistake
==========================  =====================================================
``max-at-every-level``      takes the max at every level
``min-at-every-level``      takes the min at every level
``never-switches-player``   passes its own player down (max everywhere under a MAX
                            root, min everywhere under a MIN one)
``players-swapped``         MIN and MAX swapped (at the root, or everywhere)
``signs-swapped``           a win for MAX scored as a loss and the reverse
``board-not-restored``      a move tried on the board is not taken back
``returns-value-not-move``  returns the best value where the move is asked for
``returns-move-not-value``  returns a move (a child's index) where the value is asked for
``one-based-move``          counts moves from 1 instead of 0
``rightmost-on-ties``       picks the last of equally good moves, not the first
``depth-off-by-one``        stops one ply too early or too late
``depth-per-round``         lowers the depth once per round (CS188's count), not per ply
``depth-ignored``           never stops at the depth limit
``terminal-not-checked``    does not stop at terminal states (leaves, won boards)
``prune-strict``            prunes only when alpha > beta (the course prunes when alpha >= beta)
``prune-non-strict``        prunes when alpha >= beta (this question prunes only when alpha > beta)
``no-pruning``              never prunes (correct value, every leaf evaluated)
``window-reset``            children get the node's incoming window, not the narrowed one
``alpha-beta-swapped``      alpha and beta swapped (in the recursive call or the tests)
``not-symmetric``           an evaluation that scores mirror images differently
``search-skips-win``        estimates at or beyond a win or a loss: a depth-limited search
                            with them skips a win or walks into a loss
==========================  =====================================================

Monte Carlo tree search's back-up step (kind ``backup``):

============================  ===================================================
id                            mistake
============================  ===================================================
``backup-no-sign-switch``     adds MAX's result where MIN chose the node
``backup-mover-not-chooser``  signs by the player to move at the node, not by the
                              player who chose it (one ply off)
``backup-no-visit``           adds the result but not the visit
``backup-new-node-only``      updates the new node and stops
============================  ===================================================

Generic ids, when no known mistake matches: ``mutates-input``, ``timeout``,
``raises``, ``recursion``, ``wrong-type``, ``output-flood``, ``crash``,
``wrong``; for self-check questions also ``unknown-question``, ``bad-answer``,
``not-answered`` and the ids listed in :data:`DIAGNOSES` under "self-check
questions".

Feedback on a function speaks of "your function"; feedback on an answer given by
hand (a number, a set of leaves) speaks of that answer instead
(``explain(id, hand=True)``, from :data:`HAND_DIAGNOSES`). Where two mistakes give
the same answer, both are named (``"max-at-every-level or players-swapped"``).

>>> explain("players-swapped")[:40]
'MAX and MIN are swapped: your function t'
>>> explain("min-at-every-level", hand=True)[:45]
'That is what taking the smallest child value '
"""

from __future__ import annotations

import math

from ..games.tictactoe import winner
from .nested import estimate

#: id -> one sentence for students.
DIAGNOSES = {
    "max-at-every-level": "MIN's levels must take the smallest child value, but your function "
                          "takes the largest at every level.",
    "never-switches-player": "Players take turns, but your function passes its own player "
                             "down: it takes the largest value at every level under a MAX "
                             "root and the smallest at every level under a MIN root.",
    "min-at-every-level": "MAX's levels must take the largest child value, but your function "
                          "takes the smallest at every level.",
    "players-swapped": "MAX and MIN are swapped: your function takes the smallest value where "
                       "MAX moves and the largest where MIN moves.",
    "signs-swapped": "Wins and losses are swapped: a position good for MAX must score high "
                     "(+1 when X wins), one good for MIN low.",
    "board-not-restored": "After trying a move your function does not take it back, so the "
                          "board it searches next is wrong (and the caller's board changes).",
    "returns-value-not-move": "The question asks for a move (the index of the best child), but "
                              "your function returns the best value.",
    "returns-move-not-value": "The question asks for the value, but your function returns a "
                              "move (the index of the best child).",
    "one-based-move": "Moves are counted from 0 (the first child is move 0), but your function "
                      "counts from 1.",
    "search-skips-win": "Your estimates reach past a win or a loss: a depth-limited search "
                        "scores finished games by their utility (+1, -1) and calls evaluate "
                        "only on unfinished boards, so an estimate of +2 beats a win and one "
                        "of -2 is worse than losing. Keep every estimate strictly between "
                        "-1 and +1.",
    "rightmost-on-ties": "When several moves are equally good your function returns the last "
                         "one; the question asks for the leftmost (the first), as minimax "
                         "and alpha-beta keep a move and switch only to a strictly better one.",
    "depth-off-by-one": "Your search stops one ply too early or too late: at depth 0 a node is "
                        "estimated, and each move lowers the depth by one.",
    "depth-per-round": "Your search lowers the depth once per round, after both players have "
                       "moved (Berkeley's CS188 counts depth that way); this course and its "
                       "checker count plies, so every move, MAX's and MIN's, lowers it by one.",
    "depth-ignored": "Your search goes down to the leaves and never stops at the depth limit.",
    "terminal-not-checked": "Your function does not stop at terminal states (leaves, or a board "
                            "someone has won); check for them before looking at children.",
    "prune-strict": "Your alpha-beta prunes only when alpha > beta; this course prunes as soon "
                    "as alpha >= beta, so with ties it evaluates leaves it could skip.",
    "prune-non-strict": "Your alpha-beta prunes when alpha >= beta; this question prunes only "
                        "when alpha > beta, so with ties you skip leaves it evaluates.",
    "no-pruning": "Your alpha-beta never prunes: it gets the right value but evaluates every "
                  "leaf; stop the loop when alpha >= beta.",
    "window-reset": "Each child gets the window your node received instead of the narrowed "
                    "one: update alpha (at MAX) or beta (at MIN) after every child and pass "
                    "the new values down.",
    "alpha-beta-swapped": "Alpha and beta are swapped: alpha is MAX's guarantee (raised at MAX "
                          "nodes), beta is MIN's (lowered at MIN nodes); pass them in that order.",
    "not-symmetric": "Your evaluation scores a board and its mirror image (or rotation) "
                     "differently, but they are equally good.",
    # generic
    "mutates-input": "Your function changes the tree or board it was given; the caller "
                     "still needs it as it was.",
    "timeout": "Your function did not finish within the time limit: an endless loop, or "
               "far too much work.",
    "raises": "Your function raised an error.",
    "recursion": "Your function calls itself without end (a RecursionError): it never "
                 "reaches a base case, such as a leaf.",
    "wrong-type": "Your function returns something of the wrong type.",
    "output-flood": "Your function prints far too much; the checker stopped it.",
    "crash": "The Python process running your function died.",
    "wrong": "Wrong answer (no common mistake matches it).",
    "unknown-question": "There is no question with this id.",
    "bad-answer": "The answer is not in the form the question expects.",
    "not-answered": "This question has not been answered yet.",
    # self-check questions
    "expects-error": "The code runs without raising an error.",
    "misses-error": "Look again: the code raises an error before it can return a value.",
    "wrong-error": "The code does raise an error, but of another kind.",
    "misses-loop": "Look again: does the code ever stop?",
    "expects-loop": "The code does finish.",
    "pruned-too-many": "Alpha-beta cannot skip a leaf whose value could still change the "
                       "decision.",
    "pruned-too-few": "Alpha-beta skips more than that: once alpha >= beta at a node, all its "
                      "remaining children are skipped.",
    "pruned-wrong": "Some of the leaves you named are needed, and alpha-beta skips others.",
    "misplaced-line": "A line is out of place.",
    "distractor-used": "One of the lines you used does not belong in the solution.",
    "missing-line": "A line of the solution is missing.",
    "wrong-line": "That is the right kind of bug, but it is on another line.",
    "wrong-bug-kind": "That is the right line, but the bug there is of another kind.",
    "assumes-alternation": "Players need not alternate: read off who moves at each level "
                           "(here one player moves twice in a row).",
    "window-after": "That is the window when the node returns; the question asks for the "
                    "window alpha-beta passes down when it enters the node (the one the "
                    "drawings write beside it as \"enter α=… β=…\").",
    # counting and scoring (lessons 1, 5, 6, 7)
    "counts-levels": "Depth counts plies (moves), not levels: a root whose children are all "
                     "leaves is 1 ply deep.",
    "counts-nodes": "That counts every position in the tree; a finished game is a leaf.",
    "counts-positions": "That counts different final boards; two games that reach the same "
                        "board by different move orders are different games.",
    "ignores-wins": "A game ends as soon as someone has three in a row, so some lines of play "
                    "stop before the board is full.",
    "wrong-scale": "Use the scores this game gives to a win, a draw and a loss (see the "
                   "question), not +1 and -1.",
    "no-discount": "That is plain minimax's square: every win scores +1 there, however late, so "
                   "it keeps the first winning line even when a quicker win exists. With the "
                   "discount a win now scores more than a win later.",
    "counts-leaves": "That counts only the leaves (b^d); the tree also has every position "
                     "above them: 1 + b + b^2 + ... + b^d nodes.",
    "counts-last-iteration": "Iterative deepening repeats the shallower searches: add up the "
                             "nodes of the searches to depth 1, 2, ..., d, not only the last.",
    "knuth-moore-half": "Half the depth is the idea, but the exact best case is "
                        "b^ceil(d/2) + b^floor(d/2) - 1 leaves.",
    "negamax-view": "Negamax returns the value for the player to move: where MIN moves, that "
                    "is minus MAX's value.",
    "counts-tree-nodes": "That counts tree nodes, where a position reached by two move orders "
                         "counts twice; a search with a transposition table needs one value per position.",
    "chance-as-min": "A chance node does not choose: its value is the probability-weighted "
                     "average of its children, not their smallest or largest.",
    "ignores-probabilities": "The outcomes of a chance node need not be equally likely: weight "
                             "each child's value by its probability.",
    # lesson 6's predictions
    "needs-exact-value": "MAX needs only to know that C is worse than B, not C's exact value: "
                         "after C1 = 2, MIN can hold C to at most 2, and MAX already has 3 at B.",
    "bound-direction": "A large leaf cannot lift C: MIN picks the smallest, so more leaves can "
                       "only lower C's value, never raise it above the 2 already seen.",
    "bound-not-value": "C stops as soon as it cannot beat what MAX already has: after C1 = 3 "
                       "it is worth at most 3 = alpha, so C2 is pruned and C returns 3, a "
                       "bound, not its true value.",
    "order-ignored": "The order changes what alpha-beta looks at: with the best move first, "
                     "each node's first child already gives the tightest bound, so more is "
                     "pruned.",
    "counts-every-leaf": "That is every leaf, what minimax evaluates; alpha-beta prunes in any "
                         "order, and most with the best move first.",
    # lesson 8: Monte Carlo tree search
    "backup-no-sign-switch": "Your function adds MAX's utility to every node, but a node's wins "
                             "count for the player who chose it: where MIN chose the node, "
                             "MIN's result is minus MAX's, so subtract the utility there.",
    "backup-mover-not-chooser": "Your function picks the sign by the player to move at the node "
                                "(to_move), one ply off: a node's wins count for the player "
                                "who chose it, the player to move at its parent (chooser).",
    "backup-no-visit": "Your function adds the result but not the visit: every node on the "
                       "path counts one more visit (visits += 1), or its mean wins / visits "
                       "is wrong.",
    "backup-new-node-only": "Your function updates only the new node: the play-out's result "
                            "goes to every node on the path, up to the root.",
    "ucb-common-log": "That uses the logarithm in base 10; UCB1 uses the natural logarithm "
                 "(math.log, ln).",
    "ucb-no-sqrt": "That forgets the square root over ln(N) / n in the exploration bonus.",
    "ucb-child-log": "That takes the logarithm of the child's visits; UCB1 uses the parent's, "
                     "ln(N) over the child's n.",
    "ucb-no-mean": "That is the exploration bonus alone; UCB1 adds it to the child's mean "
                   "result w / n.",
    "mean-for-chooser": "That is the mean for the player who chose the node (MIN); from "
                        "MAX's point of view it is minus that.",
    "greedy-mean": "That child has the best mean, but UCB1 adds an exploration bonus: a child "
                   "visited rarely gets a large one, and may be selected first.",
    "least-visited": "That is the least visited child, but UCB1 adds the bonus to the mean: a "
                     "poor enough mean loses to a better child visited more often.",
    "min-uses-max-mean": "At a MIN node the mean to add is MIN's, minus MAX's: that child is "
                         "the best for MAX, the worst for the player choosing.",
    "averages-not-minimax": "Random play-outs average over every reply, but MIN will not play "
                            "at random: she picks her best reply, and averages hide it.",
    "few-playouts-enough": "With few play-outs the means are noisy and most of them come from "
                           "random games, where O's bad moves are as likely as her good ones.",
    # lesson 7's predictions
    "forgets-empty-heap": "A heap can also be empty: a heap of 4 counters has 5 sizes, 0 to 4.",
    "table-recomputes": "With the table, a position reached again is not searched again: its "
                        "value is looked up at once, and its moves are not looked at.",
    "symmetry-not-merged": "Mirror images and rotations are different positions to the table, "
                           "and they are already among the 5,478: they cannot explain the gap.",
    "order-only": "With chance nodes the size of the scores matters, not only their order: an "
                  "expected value weighs how much each outcome pays.",
    # lesson 9's predictions and exercises
    "bound-as-exact": "A node that stopped early returned a bound, not its value: after a "
                      "cut-off the true value is at least the number returned (at MAX), and "
                      "after no move beat alpha it is at most that. Storing it as exact is "
                      "the classic transposition-table bug.",
    "bound-flag-reversed": "The direction is the other way: a cut-off (value >= beta) means "
                           "the true value is at least the number returned, since the moves "
                           "not searched could only raise it; value <= alpha means at most.",
    "trusts-the-horizon": "The threat only delays: O's forced block costs two plies, which "
                          "pushes the loss past the depth-3 horizon. Two plies deeper the "
                          "search sees it again: a loss put off is still a loss.",
    # lesson 5's predictions
    "win-outscored": "A won board is scored by its utility (+1), never by the evaluation "
                     "function; an unfinished board the evaluation scores higher than +1 "
                     "outranks the win.",
    "one-ply-only": "That is what a one-ply search plays; two plies also look at O's replies, "
                    "and after that move O can win at once.",
    "ignores-reply": "O moves at the second ply and picks her best reply: a move is worth the "
                     "smallest value below it, and some moves let O win at once (-100).",
    # lesson 4's predictions
    "misses-block": "O already has two in a row with the third square empty: any other move "
                    "lets O complete the line next turn, so X must take that square.",
    "first-mover-wins": "X moves first, but O can always answer: minimax finds no way for X "
                        "to force three in a row, and none for O either.",
    "expects-fast-win": "Minimax scores every win the same (+1), now or three moves later, so "
                        "it keeps the first move in order that still forces a win, even if "
                        "another square wins at once.",
}

#: id -> one sentence about an answer given by hand (a number, a set of leaves, a
#: window): the ids whose sentence in DIAGNOSES speaks of "your function".
HAND_DIAGNOSES = {
    "max-at-every-level": "That is what taking the largest child value at every level gives "
                          "(the largest leaf, as if MAX moved everywhere), but MIN's levels "
                          "take the smallest.",
    "min-at-every-level": "That is what taking the smallest child value at every level gives "
                          "(the smallest leaf, as if MIN moved everywhere), but MAX's levels "
                          "take the largest.",
    "never-switches-player": "That is what keeping one player at every level gives, but "
                             "players take turns: each level down belongs to the other player.",
    "players-swapped": "That is what swapping MAX and MIN gives (the smallest value where MAX "
                       "moves, the largest where MIN moves): check who moves at the root.",
    "board-not-restored": "That is what you get without taking back a move after trying it: "
                          "the board searched next is then wrong.",
    "returns-value-not-move": "That is the best value, but the question asks for the move: the "
                              "index of the best child, counting from 0.",
    "returns-move-not-value": "That is a move (the index of the best child), but the question "
                              "asks for the value.",
    "one-based-move": "That counts moves from 1; they are counted from 0 (the first child is "
                      "move 0).",
    "search-skips-win": "Estimates must stay strictly between a loss (-1) and a win (+1): a "
                        "depth-limited search scores finished games by their utility and "
                        "estimates only unfinished boards, so an estimate of +2 beats a win.",
    "rightmost-on-ties": "That is the last of several equally good moves; the question asks "
                         "for the leftmost (the first), as minimax and alpha-beta keep a move "
                         "and switch only to a strictly better one.",
    "depth-off-by-one": "That stops one ply too early or too late: at depth 0 a node is "
                        "estimated, and each move lowers the depth by one.",
    "depth-per-round": "That lowers the depth once per round, after both players have moved "
                       "(Berkeley's CS188 counts depth that way); this course counts plies, "
                       "so every move, MAX's and MIN's, lowers it by one.",
    "depth-ignored": "That goes down to the leaves and ignores the depth limit; at the limit "
                     "a node is estimated.",
    "terminal-not-checked": "That looks past a terminal state (a leaf, or a board someone has "
                            "won); the search stops there and scores it by its utility.",
    "prune-strict": "That is what pruning only when alpha > beta gives; this course prunes "
                    "as soon as alpha >= beta, so with ties it skips more leaves.",
    "prune-non-strict": "That is what pruning as soon as alpha >= beta gives; this question "
                        "prunes only when alpha > beta, so with ties it evaluates more leaves.",
    "no-pruning": "That is what a search that never prunes gives: alpha-beta stops a node's "
                  "loop as soon as alpha >= beta and skips the remaining children.",
    "window-reset": "That is what passing every child the node's incoming window gives; "
                    "alpha-beta narrows it as children return (alpha at MAX, beta at MIN) "
                    "and passes the new values down.",
    "alpha-beta-swapped": "Alpha and beta are swapped: alpha is MAX's guarantee (raised at MAX "
                          "nodes), beta is MIN's (lowered at MIN nodes).",
    "not-symmetric": "A board and its mirror image (or rotation) are equally good, so they "
                     "get the same score.",
    "backup-no-sign-switch": "That adds MAX's utility, but this node was chosen by MIN and "
                             "counts MIN's result, minus MAX's.",
    "backup-mover-not-chooser": "That takes the sign from the player to move at the node, one "
                                "ply off: a node's wins count for the player who chose it.",
    "backup-no-visit": "Every node on the path also counts one more visit.",
    "backup-new-node-only": "The result goes to every node on the path, up to the root.",
}

#: For an answer given by hand, these mistakes are the same as another one whenever both
#: give the answer: never switching player under a MAX root *is* the max at every level.
_SAME_BY_HAND = {"never-switches-player": ("max-at-every-level", "min-at-every-level")}

GENERIC = ("mutates-input", "timeout", "raises", "recursion", "wrong-type", "output-flood",
           "crash", "wrong")


def explain(diagnosis, *, hand=False) -> str:
    """The one-sentence explanation of a diagnosis id ('' for None).

    ``hand=True`` words it for an answer given by hand rather than a function;
    ids joined by " or " (two mistakes giving the same answer) get both sentences.

    >>> explain("one-based-move", hand=True)
    'That counts moves from 1; they are counted from 0 (the first child is move 0).'
    """
    if diagnosis is None:
        return ""
    if " or " in diagnosis:
        return " Or: ".join(explain(d, hand=hand) for d in diagnosis.split(" or "))
    if hand and diagnosis in HAND_DIAGNOSES:
        return HAND_DIAGNOSES[diagnosis]
    return DIAGNOSES.get(diagnosis, diagnosis)


def named_mistakes(answer_matches) -> list:
    """The distinct mistake ids, in order, that give a hand answer (from ``(id, matches)``).

    A mistake that by hand is only another name for one already in the list
    (never switching player, when the max or min at every level is there) is dropped.

    >>> named_mistakes([("never-switches-player", True), ("min-at-every-level", True),
    ...                 ("players-swapped", False)])
    ['min-at-every-level']
    """
    ids = []
    for vid, matches in answer_matches:
        if matches and vid not in ids:
            ids.append(vid)
    return [v for v in ids if not any(o in ids for o in _SAME_BY_HAND.get(v, ()))]


# =============================================================================
# "minimax": fn(node, is_maximizing) on nested lists
# =============================================================================
def minimax(node, is_maximizing):
    """A correct student solution."""
    if not isinstance(node, list):
        return node
    values = [minimax(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def minimax_max_everywhere(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax_max_everywhere(child, not is_maximizing) for child in node]
    return max(values)


def minimax_no_switch(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax_no_switch(child, is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def minimax_min_everywhere(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax_min_everywhere(child, not is_maximizing) for child in node]
    return min(values)


def minimax_players_swapped(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax_players_swapped(child, not is_maximizing) for child in node]
    return min(values) if is_maximizing else max(values)


def minimax_signs_swapped(node, is_maximizing):
    if not isinstance(node, list):
        return -node
    values = [minimax_signs_swapped(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def minimax_returns_move(node, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [minimax_returns_move(child, not is_maximizing) for child in node]
    best = max(values) if is_maximizing else min(values)
    return values.index(best)


# =============================================================================
# "minimax_depth": fn(node, depth, is_maximizing); estimate(node) at depth 0
# =============================================================================
def minimax_depth(node, depth, is_maximizing):
    """A correct student solution."""
    if not isinstance(node, list):
        return node
    if depth == 0:
        return estimate(node)
    values = [minimax_depth(child, depth - 1, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_stops_early(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth <= 1:
        return estimate(node)
    values = [depth_stops_early(child, depth - 1, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_stops_late(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth < 0:
        return estimate(node)
    values = [depth_stops_late(child, depth - 1, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_per_round(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth == 0:
        return estimate(node)
    next_depth = depth if is_maximizing else depth - 1
    values = [depth_per_round(child, next_depth, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_per_round_after_max(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth == 0:
        return estimate(node)
    next_depth = depth - 1 if is_maximizing else depth
    values = [depth_per_round_after_max(child, next_depth, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_ignored(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    values = [depth_ignored(child, depth - 1, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_terminal_not_checked(node, depth, is_maximizing):
    if depth == 0:
        return estimate(node)
    values = [depth_terminal_not_checked(child, depth - 1, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def depth_max_everywhere(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth == 0:
        return estimate(node)
    values = [depth_max_everywhere(child, depth - 1, not is_maximizing) for child in node]
    return max(values)


def depth_players_swapped(node, depth, is_maximizing):
    if not isinstance(node, list):
        return node
    if depth == 0:
        return estimate(node)
    values = [depth_players_swapped(child, depth - 1, not is_maximizing) for child in node]
    return min(values) if is_maximizing else max(values)


# =============================================================================
# "best_move": fn(node) -> index of MAX's best child
# =============================================================================
def best_move(node):
    """A correct student solution."""
    values = [minimax(child, False) for child in node]
    return values.index(max(values))


def best_move_returns_value(node):
    values = [minimax(child, False) for child in node]
    return max(values)


def best_move_children_as_max(node):
    values = [minimax(child, True) for child in node]
    return values.index(max(values))


def best_move_picks_min(node):
    values = [minimax(child, False) for child in node]
    return values.index(min(values))


def best_move_max_everywhere(node):
    values = [minimax_max_everywhere(child, False) for child in node]
    return values.index(max(values))


def best_move_players_swapped(node):
    values = [minimax(child, True) for child in node]
    return values.index(min(values))


def best_move_one_based(node):
    values = [minimax(child, False) for child in node]
    return values.index(max(values)) + 1


def best_move_rightmost_on_ties(node):
    values = [minimax(child, False) for child in node]
    best = 0
    for i, v in enumerate(values):
        if v >= values[best]:
            best = i
    return best


# =============================================================================
# "alphabeta": fn(node, alpha, beta, is_maximizing) -> value; leaves observed
# =============================================================================
def alphabeta(node, alpha, beta, is_maximizing):
    """A correct student solution (prunes as soon as alpha >= beta)."""
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta(child, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta(child, alpha, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta_strict(node, alpha, beta, is_maximizing):
    """Prunes only when alpha > beta (CS188's rule)."""
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta_strict(child, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha > beta:
                break
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta_strict(child, alpha, beta, True))
        beta = min(beta, value)
        if alpha > beta:
            break
    return value


def alphabeta_no_pruning(node, alpha, beta, is_maximizing):
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta_no_pruning(child, alpha, beta, False))
            alpha = max(alpha, value)
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta_no_pruning(child, alpha, beta, True))
        beta = min(beta, value)
    return value


def alphabeta_window_reset(node, alpha, beta, is_maximizing):
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta_window_reset(child, alpha, beta, False))
            if value >= beta:
                break
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta_window_reset(child, alpha, beta, True))
        if value <= alpha:
            break
    return value


def alphabeta_swapped_call(node, alpha, beta, is_maximizing):
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta_swapped_call(child, beta, alpha, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta_swapped_call(child, beta, alpha, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta_swapped_tests(node, alpha, beta, is_maximizing):
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta_swapped_tests(child, alpha, beta, False))
            if value <= alpha:
                break
            alpha = max(alpha, value)
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta_swapped_tests(child, alpha, beta, True))
        if value >= beta:
            break
        beta = min(beta, value)
    return value


def alphabeta_max_everywhere(node, alpha, beta, is_maximizing):
    if not isinstance(node, list):
        return node
    value = -math.inf
    for child in node:
        value = max(value, alphabeta_max_everywhere(child, alpha, beta, not is_maximizing))
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return value


def alphabeta_players_swapped(node, alpha, beta, is_maximizing):
    return alphabeta(node, alpha, beta, not is_maximizing)


# =============================================================================
# "game_minimax": fn(game, state) -> value, through the Game interface
# =============================================================================
def game_minimax(game, state):
    """A correct student solution."""
    if game.is_terminal(state):
        return game.utility(state)
    values = [game_minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


def game_max_everywhere(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    return max(game_max_everywhere(game, game.result(state, a)) for a in game.actions(state))


def game_players_swapped(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [game_players_swapped(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) == "max" else max(values)


def game_signs_swapped(game, state):
    if game.is_terminal(state):
        return -game.utility(state)
    values = [game_signs_swapped(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


def game_terminal_not_checked(game, state):
    if game.to_move(state) == "max":
        best = -math.inf
        for a in game.actions(state):
            best = max(best, game_terminal_not_checked(game, game.result(state, a)))
    else:
        best = math.inf
        for a in game.actions(state):
            best = min(best, game_terminal_not_checked(game, game.result(state, a)))
    return best


def game_terminal_not_checked_max(game, state):
    values = [game_terminal_not_checked_max(game, game.result(state, a))
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


# =============================================================================
# "board_minimax": fn(board, player) on a list of 9 cells "X", "O", "."
# =============================================================================
def board_minimax(board, player):
    """A correct student solution (X is MAX: +1 X wins, -1 O wins, 0 draw)."""
    w = winner(board)
    if w == "X":
        return 1
    if w == "O":
        return -1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(board_minimax(board, other))
            board[square] = "."
    return max(values) if player == "X" else min(values)


def board_not_restored(board, player):
    w = winner(board)
    if w == "X":
        return 1
    if w == "O":
        return -1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(board_not_restored(board, other))
    return max(values) if player == "X" else min(values)


def board_terminal_not_checked(board, player):
    if "." not in board:
        w = winner(board)
        return 1 if w == "X" else -1 if w == "O" else 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(board_terminal_not_checked(board, other))
            board[square] = "."
    return max(values) if player == "X" else min(values)


def board_signs_swapped(board, player):
    w = winner(board)
    if w == "X":
        return -1
    if w == "O":
        return 1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(board_signs_swapped(board, other))
            board[square] = "."
    return max(values) if player == "X" else min(values)


def board_players_swapped(board, player):
    w = winner(board)
    if w == "X":
        return 1
    if w == "O":
        return -1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(board_players_swapped(board, other))
            board[square] = "."
    return min(values) if player == "X" else max(values)


def board_max_everywhere(board, player):
    w = winner(board)
    if w == "X":
        return 1
    if w == "O":
        return -1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    values = []
    for square in range(9):
        if board[square] == ".":
            board[square] = player
            values.append(board_max_everywhere(board, other))
            board[square] = "."
    return max(values)


# =============================================================================
# "evaluate": fn(board) -> number, a tic-tac-toe evaluation function
# =============================================================================
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def evaluate(board):
    """A correct student solution: open lines for X minus for O, shrunk to lie strictly
    between a loss (-1) and a win (+1); a search never asks it about finished games."""
    x_open = sum(1 for line in _LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in _LINES if all(board[i] != "X" for i in line))
    return (x_open - o_open) / 10


def evaluate_wins_inside(board):
    """Wins at +-100 inside evaluate, open lines otherwise: the search never calls it on a
    won board, so only the -8..8 of the unfinished ones counts, and that outranks a win."""
    w = winner(board)
    if w == "X":
        return 100
    if w == "O":
        return -100
    x_open = sum(1 for line in _LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in _LINES if all(board[i] != "X" for i in line))
    return x_open - o_open


def evaluate_signs_swapped(board):
    w = winner(board)
    if w == "X":
        return -100
    if w == "O":
        return 100
    x_open = sum(1 for line in _LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in _LINES if all(board[i] != "X" for i in line))
    return o_open - x_open


def evaluate_terminal_not_checked(board):
    x_open = sum(1 for line in _LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in _LINES if all(board[i] != "X" for i in line))
    return x_open - o_open


def evaluate_not_symmetric(board):
    w = winner(board)
    if w == "X":
        return 100
    if w == "O":
        return -100
    score = 0
    for square, weight in zip(range(9), (3, 2, 1, 2, 4, 1, 1, 1, 1)):
        if board[square] == "X":
            score += weight
        elif board[square] == "O":
            score -= weight
    return score


# =============================================================================
# "backup": fn(path, utility), Monte Carlo tree search's back-up step
# =============================================================================
def backup(path, utility):
    """A correct student solution."""
    for node in path:
        node["visits"] += 1
        if node["chooser"] == "max":
            node["wins"] += utility
        elif node["chooser"] == "min":
            node["wins"] -= utility


def backup_no_sign_switch(path, utility):
    for node in path:
        node["visits"] += 1
        node["wins"] += utility


def backup_by_mover(path, utility):
    for node in path:
        node["visits"] += 1
        if node["to_move"] == "max":
            node["wins"] += utility
        else:
            node["wins"] -= utility


def backup_no_visit(path, utility):
    for node in path:
        if node["chooser"] == "max":
            node["wins"] += utility
        elif node["chooser"] == "min":
            node["wins"] -= utility


def backup_new_node_only(path, utility):
    node = path[0]
    node["visits"] += 1
    if node["chooser"] == "max":
        node["wins"] += utility
    elif node["chooser"] == "min":
        node["wins"] -= utility


#: kind -> [(diagnosis id, buggy function)], most common mistakes first.
VARIANTS = {
    "minimax": [
        ("max-at-every-level", minimax_max_everywhere),
        ("never-switches-player", minimax_no_switch),
        ("min-at-every-level", minimax_min_everywhere),
        ("players-swapped", minimax_players_swapped),
        ("signs-swapped", minimax_signs_swapped),
        ("returns-move-not-value", minimax_returns_move),
    ],
    "minimax_depth": [
        ("depth-off-by-one", depth_stops_early),
        ("depth-off-by-one", depth_stops_late),
        ("depth-per-round", depth_per_round),
        ("depth-per-round", depth_per_round_after_max),
        ("depth-ignored", depth_ignored),
        ("terminal-not-checked", depth_terminal_not_checked),
        ("max-at-every-level", depth_max_everywhere),
        ("players-swapped", depth_players_swapped),
    ],
    "best_move": [
        ("returns-value-not-move", best_move_returns_value),
        ("players-swapped", best_move_children_as_max),
        ("players-swapped", best_move_picks_min),
        ("max-at-every-level", best_move_max_everywhere),
        ("one-based-move", best_move_one_based),
        ("rightmost-on-ties", best_move_rightmost_on_ties),
        ("players-swapped", best_move_players_swapped),
    ],
    "alphabeta": [
        ("no-pruning", alphabeta_no_pruning),
        ("window-reset", alphabeta_window_reset),
        ("alpha-beta-swapped", alphabeta_swapped_call),
        ("alpha-beta-swapped", alphabeta_swapped_tests),
        ("max-at-every-level", alphabeta_max_everywhere),
        ("players-swapped", alphabeta_players_swapped),
    ],
    "game_minimax": [
        ("max-at-every-level", game_max_everywhere),
        ("players-swapped", game_players_swapped),
        ("signs-swapped", game_signs_swapped),
        ("terminal-not-checked", game_terminal_not_checked),
        ("terminal-not-checked", game_terminal_not_checked_max),
    ],
    "board_minimax": [
        ("board-not-restored", board_not_restored),
        ("terminal-not-checked", board_terminal_not_checked),
        ("signs-swapped", board_signs_swapped),
        ("players-swapped", board_players_swapped),
        ("max-at-every-level", board_max_everywhere),
    ],
    "backup": [
        ("backup-no-sign-switch", backup_no_sign_switch),
        ("backup-mover-not-chooser", backup_by_mover),
        ("backup-no-visit", backup_no_visit),
        ("backup-new-node-only", backup_new_node_only),
    ],
    "evaluate": [
        ("signs-swapped", evaluate_signs_swapped),
        ("search-skips-win", evaluate_terminal_not_checked),
        ("search-skips-win", evaluate_wins_inside),
        ("not-symmetric", evaluate_not_symmetric),
    ],
}

#: kind -> a correct solution written as a student would (tests, notebook keys).
SOLUTIONS = {
    "minimax": minimax,
    "minimax_depth": minimax_depth,
    "best_move": best_move,
    "alphabeta": alphabeta,
    "game_minimax": game_minimax,
    "board_minimax": board_minimax,
    "evaluate": evaluate,
    "backup": backup,
}


def variants_for(kind, *, prune_ties=True):
    """The (id, function) pairs for ``kind``; alpha-beta's depend on the pruning rule."""
    found = list(VARIANTS.get(kind, ()))
    if kind == "alphabeta":
        other = ("prune-strict", alphabeta_strict) if prune_ties else \
            ("prune-non-strict", alphabeta)
        found.insert(0, other)
    return found


#: A value question answered by hand, on a tree of numbers: the searches a mistaken
#: student does in their head, as (id, fn(nested tree, is_max)). Never switching player
#: is left out: by hand it is the max or the min at every level, named as such.
HAND_VALUE_MISTAKES = [
    ("max-at-every-level", minimax_max_everywhere),
    ("min-at-every-level", minimax_min_everywhere),
    ("players-swapped", minimax_players_swapped),
]

__all__ = ["DIAGNOSES", "HAND_DIAGNOSES", "HAND_VALUE_MISTAKES", "GENERIC", "VARIANTS",
           "SOLUTIONS", "explain", "named_mistakes", "variants_for"]
