"""Knowledge of mistakes: what each one is called, how it is explained, what it gives by hand.

Every check in the course (a question, a student's function, a practice tree, a quiz in
an animation) names a wrong answer by the mistake that gives it. This module is that shared
knowledge; the checkers (:mod:`~minimax_lessons.exercises.question_kinds`,
:mod:`~minimax_lessons.exercises.functions`), practice
(:mod:`~minimax_lessons.exercises.practising`) and the quizzes of animations
(:mod:`~minimax_lessons.animation.quiz`) all read it, and it reads none of them. It sits
below all of them, beside :mod:`minimax_lessons.search` (its old path,
``minimax_lessons.exercises.mistakes``, still imports).

Vocabulary
----------
- A *diagnosis* is a stable id such as ``"max-at-every-level"`` (feedback, grades and
  tests use it); :data:`DIAGNOSES` gives each one sentence for students, about "your
  function", and :data:`HAND_DIAGNOSES` a sentence about an answer given *by hand* (a
  number, a set of leaves, a window) where the two differ: ``explain(id, hand=True)``.
- Where two mistakes give the same answer, both are named, joined by " or "
  (``"max-at-every-level or players-swapped"``); :func:`named_mistakes` lists them
  once each, and drops a mistake that by hand is only another name for one already
  listed.
- *Generic* ids (:data:`GENERIC`) say what went wrong when no known mistake matches:
  ``timeout``, ``raises``, ``wrong``, ...; some ids earn no points at all
  (:data:`ZERO_CREDIT`), whatever share of the tests passed.
- A mistake *by hand*: the value or move a student who makes it works out on a nested
  tree (:func:`hand_value_mistakes`, :func:`hand_move_mistakes`), or at one node of a game
  tree from its children's values (:func:`node_value_mistakes`); :func:`wrong_values`
  groups them by the wrong value they give. The buggy functions that make the same
  mistakes in code are :mod:`minimax_lessons.exercises.variants`.

>>> explain("min-at-every-level", hand=True)[:45]
'That is what taking the smallest child value '
>>> hand_value_mistakes([[3, 12], [2, 4]], True)
[('max-at-every-level', 12), ('min-at-every-level', 2), ('players-swapped', 4)]
"""

from __future__ import annotations

import math

from .games.game import CHANCE, MAX
from .games.tree import GameTree
from .runner.guard import EXPLANATION as PACKAGE_SEARCH_EXPLANATION
from .runner.guard import CARRIED_EXPLANATION, PROCESS_EXPLANATION
from .runner.copies import COPY_EXPLANATION

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
                  "leaf. Either its loop never stops when alpha >= beta, or it does not pass "
                  "its narrowed alpha and beta down to the children: a child called with "
                  "(-inf, +inf) can never prune, so stop the loop and pass alpha and beta on.",
    "window-reset": "Each child gets the window your node received instead of the narrowed "
                    "one: update alpha (at MAX) or beta (at MIN) after every child and pass "
                    "the new values down.",
    "alpha-beta-swapped": "Alpha and beta are swapped: alpha is MAX's guarantee (raised at MAX "
                          "nodes), beta is MIN's (lowered at MIN nodes); raise alpha at MAX "
                          "nodes, lower beta at MIN nodes, and pass them down in that order.",
    "returns-before-loop": "The code returns before its loop has compared any move, so it "
                           "always returns the first move: the return comes after the loop, "
                           "once every move has been compared.",
    "returns-inside-loop": "The code returns from inside its loop, after comparing the first "
                           "moves only: the return belongs after the loop, at the indentation "
                           "of the for line.",
    "max-at-min-root": "The code picks the largest value whoever moves at the root; where "
                       "MIN moves, the best move is the one with the smallest value (and the "
                       "children are MAX nodes).",
    "used-before-set": "A line uses a name before any line has given it a value (Python "
                       "raises UnboundLocalError or NameError): the line that sets it must "
                       "come first.",
    "not-symmetric": "Your evaluation scores a board and its mirror image (or rotation) "
                     "differently, but they are equally good.",
    "misses-better-board": "Your evaluation does not score the better board higher: of two "
                           "boards with the same pieces but one, X stands better where its "
                           "piece lies on more lines (the centre on 4, a corner on 3, an "
                           "edge square on 2), or O's on fewer. A constant, or a count of "
                           "pieces (which only says whose turn it is), cannot see it.",
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
    # lesson 10: more players, chance nodes with bounds, killer moves
    "maximises-root-score": "Each player picks by their own score: P2 takes the child where "
                            "P2's number is largest, not the root player's.",
    "assumes-zero-sum": "The other players are not against P1: each maximises their own "
                        "score, and what suits them may suit P1 too. Only in a two-player "
                        "zero-sum game is the opponent's gain your loss.",
    "reads-wrong-score": "At each node read the score of the player who moves there: the "
                         "first number for P1, the second for P2, the third for P3.",
    "prunes-chance-without-bounds": "An average can be lifted by any one outcome: without a "
                                    "highest possible score, a large enough score at C3 "
                                    "makes C beat B, so C3 must be looked at.",
    "forgets-unseen-outcomes": "That counts only the outcomes seen; the ones not seen yet "
                               "still weigh in, each at the highest (for at most) or lowest "
                               "(for at least) score the bounds allow.",
    "averages-seen-outcomes": "That is the average of the outcomes seen so far; the bound "
                              "weighs each seen outcome by its probability and adds the unseen "
                              "ones at the bound's score.",
    "bound-from-wrong-end": "The unseen outcomes are counted at the wrong end of the range: "
                            "for at most (and a child's alpha) they all score the highest "
                            "possible, for at least (and a child's beta) the lowest.",
    "child-window-unscaled": "That is how much this outcome must add to the average; as a "
                             "score of the outcome itself it is divided by the outcome's "
                             "probability.",
    "child-window-ignores-rest": "The outcomes after this one can still add to the average, "
                                 "up to the highest score each: subtract that before "
                                 "dividing by this outcome's probability.",
    "parent-window-passed": "A chance node does not pass its own alpha down: its outcomes "
                            "are scored on their own scale, and each gets the alpha that "
                            "would leave the average at most alpha.",
    "killers-never-replaced": "Killer moves are the latest cut-offs of the ply: each new one "
                              "goes in front and the oldest is dropped.",
    "killers-by-count": "That orders moves by how often they cut off (the history "
                        "heuristic's idea); killer moves keep the latest cut-offs, the latest "
                        "first.",
    "killers-always-help": "From the empty board the moves that cut off are the middle "
                           "columns, which centre-first order already tries first: killer "
                           "moves change nothing there. They help where a refutation comes "
                           "late in the fixed order.",
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
    "symmetry-not-merged": "Positions that look alike (the same heaps in another order, a "
                           "board's mirror image) are different positions to the table, and "
                           "they are already counted among the positions: they cannot explain "
                           "the gap.",
    "order-only": "With chance nodes the size of the scores matters, not only their order: an "
                  "expected value weighs how much each outcome pays.",
    "plays-best-mean": "UCT plays the most visited child, not the best mean: a mean from a "
                       "few play-outs is a noisy guess (B's +0.33 comes from 3 random games, "
                       "though MIN can hold B to -1), while the visits count how often UCB1, "
                       "weighing every mean against its shrinking bonus, chose the child.",
    "plays-least-visited": "The bonus for the least visited child is for choosing where to "
                           "look next, not what to play: after the last round UCT plays the "
                           "most visited child, the one whose mean has held up longest.",
    # lesson 9's predictions and exercises
    "bound-as-exact": "Only a value strictly inside the window the node was entered with "
                      "is exact. One at or above beta (a fail high) is a lower bound, one at "
                      "or below alpha (a fail low) an upper bound, at MAX and MIN nodes "
                      "alike: the node was cut off, or none of its moves got inside the "
                      "window. Storing a bound as exact is the classic transposition-table "
                      "bug.",
    "bound-flag-reversed": "The direction is the other way. Compare the value with the window "
                           "the node was entered with, whoever moves there: at or above beta "
                           "(a fail high) the true value is at least the value returned, at "
                           "or below alpha (a fail low) at most.",
    "cut-off-taken-as-lower": "A cut-off gives a lower bound only at a MAX node. This MIN node "
                              "stopped because a reply reached alpha (a fail low): the replies "
                              "not searched could only lower its value, so the true value is at "
                              "most the value returned. The rule is the same for both players: "
                              "at or above beta, at least; at or below alpha, at most.",
    "exact-taken-as-bound": "The value lies strictly inside the window the node was entered "
                            "with (alpha < value < beta): no move reached beta and the best "
                            "got above alpha, so nothing was cut off or failed, and the value "
                            "is exact.",
    "trusts-the-horizon": "The threat only delays: O's forced block costs two plies and "
                          "makes two threats of O's own, of which X can stop one, so the loss "
                          "comes at ply 4, just past the depth-3 horizon. A search 4 or 5 plies "
                          "deep sees it: a loss put off is still a loss.",
    "one-threat-wins": "One threat can be blocked: the opponent plays the cell it needs. A "
                       "threat wins only with a second one beside it (a fork), or when the "
                       "block itself loses; here the block is safe for O.",
    "deepening-pays-for-itself": "The table does not make the repeats free: in Connect Four a "
                                 "position is always met with the same number of plies left "
                                 "in a search of a given depth, so no value stored at one depth "
                                 "is used at the next. All the depths together visit more nodes "
                                 "than one search to the last depth.",
    "deepening-gains-nothing": "The repeats buy something: each depth tries first, at every "
                               "position, the move the depth before found best, so the last "
                               "search meets its cut-offs sooner and visits fewer nodes than a "
                               "search of the same depth that starts cold.",
    # lesson 5's predictions
    "win-outscored": "A won board is scored by its utility (+1), never by the evaluation "
                     "function; an unfinished board the evaluation scores higher than +1 "
                     "outranks the win.",
    "one-ply-only": "That is what a one-ply search plays; two plies also look at O's replies, "
                    "and after that move O can win at once.",
    "ignores-reply": "O moves at the second ply and picks her best reply: a move is worth the "
                     "smallest value below it, and some moves let O win at once (-100).",
    # lesson 11: what engines add after alpha-beta
    "memory-holds-tree": "A depth-first search forgets a subtree as soon as it has its value: "
                         "it holds the path from the root to the node it is at, one position "
                         "a ply, not the whole tree it visits.",
    "memory-holds-table": "That is what a table of every position holds (lessons 4 and 7); a "
                          "depth-first search without one keeps only the path it is on.",
    "memory-all-children": "That is every child of every node on the path, what a search "
                           "holds that makes all of a node's children at once (AIMA's O(bm)); "
                           "one that makes a child at a time holds only the path (O(m)).",
    "beam-sees-everything": "The beam never searches the moves it drops: a move that looks "
                            "bad to the estimate is never looked at, however good it is. That "
                            "is the risk of forward pruning.",
    "beam-trusts-estimates": "The beam uses the estimates only to choose which moves to "
                             "search; the moves it keeps are searched to the end, and the "
                             "best of their searched values decides.",
    "extension-not-searched": "That is B's value from the estimates at the depth limit; the "
                              "extension searches B's line one ply further, to the leaves, "
                              "and backs their values up.",
    "opening-moves-lose": "Every first move keeps the draw: the table's value of each of the "
                          "nine boards after X's first move is 0. Some openings give O more "
                          "ways to go wrong, none gives O a win.",
    "expects-random-opponent": "That is what the agent expects, the average over MIN's "
                               "replies; an adversary picks the reply worst for MAX, the "
                               "smallest leaf under the move the agent chose.",
    "minimax-agent-score": "That is what a minimax agent scores; the expectimax agent picked "
                           "the move with the best average, and the adversary answers it "
                           "with its smallest leaf.",
    # lesson 4's predictions
    "misses-block": "O already has two in a row with the third square empty: any other move "
                    "lets O complete the line next turn, so X must take that square.",
    "first-mover-wins": "X moves first, but O can always answer: minimax finds no way for X "
                        "to force three in a row, and none for O either.",
    "sentinel-equals-loss": "The best value starts at -10, the score of a loss, and a move "
                            "replaces it only when it scores strictly more. When every move "
                            "loses, none does: pos is never set and keeps the 2 main gave it, "
                            "a square O holds. Start below every score a move can have (or "
                            "at the first move's score).",
    "expects-fast-win": "Minimax scores every win the same (+1), now or three moves later, so "
                        "it keeps the first move in order that still forces a win, even if "
                        "another square wins at once.",
}

#: id -> one sentence about an answer given by hand (a number, a set of leaves, a
#: window): the ids whose sentence in DIAGNOSES speaks of "your function".
HAND_DIAGNOSES = {
    "sentinel-equals-loss": "That is the first of the losing squares, what lesson 4's minimax "
                            "plays, but this program is not that minimax. Follow bestMove "
                            "line by line on this board: what is value after each move, and "
                            "is pos ever set?",
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
SAME_BY_HAND = {"never-switches-player": ("max-at-every-level", "min-at-every-level")}

GENERIC = ("mutates-input", "timeout", "raises", "recursion", "wrong-type", "output-flood",
           "crash", "wrong")

#: Diagnoses beyond the known mistakes of :data:`DIAGNOSES`, with the sentence that explains
#: them: the guard's findings, a copy of the course's code (graded checks), and a leaf test
#: that takes 2.5 for an inner node.
EXTRA_DIAGNOSES = {
    "uses-package-search": PACKAGE_SEARCH_EXPLANATION,
    "starts-a-process": PROCESS_EXPLANATION,
    "runs-carried-code": CARRIED_EXPLANATION,
    "copied-from-course": COPY_EXPLANATION,
    "int-leaf-test": (
        "The function tests for a leaf with isinstance(node, int), so a leaf such as 2.5 is "
        "taken for an inner node. Test for an inner node with isinstance(node, list) "
        "instead: every leaf that is not a list is a number."),
}
#: Diagnoses that earn nothing, whatever share of the tests passed (except timeouts that
#: cost only their own tests, in hidden and graded checks: those earn the share).
ZERO_CREDIT = {"uses-package-search", "starts-a-process", "runs-carried-code",
               "copied-from-course", "timeout", "crash"}


def explain(diagnosis, *, hand=False) -> str:
    """The one-sentence explanation of a diagnosis id ('' for None).

    ``hand=True`` words it for an answer given by hand rather than a function;
    ids joined by " or " (two mistakes giving the same answer) get both sentences.

    >>> explain("one-based-move", hand=True)
    'That counts moves from 1; they are counted from 0 (the first child is move 0).'
    >>> explain("uses-package-search").startswith("The function gets its answer")
    True
    """
    if diagnosis is None:
        return ""
    if " or " in diagnosis:
        return " Or: ".join(explain(d, hand=hand) for d in diagnosis.split(" or "))
    if hand and diagnosis in HAND_DIAGNOSES:
        return HAND_DIAGNOSES[diagnosis]
    return DIAGNOSES.get(diagnosis) or EXTRA_DIAGNOSES.get(diagnosis, diagnosis)


#: The old name of :func:`explain`, when it alone knew :data:`EXTRA_DIAGNOSES`.
explain_diagnosis = explain


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
    return [v for v in ids if not any(o in ids for o in SAME_BY_HAND.get(v, ()))]


#: What to say of a window ``(alpha, beta)`` that no known mistake gives: one number is
#: right ("alpha" or "beta"), or neither ("both").
WINDOW_WRONG = {
    "alpha": "Alpha is right, beta is not: beta is the best MIN is already guaranteed on the "
             "path to this node.",
    "beta": "Beta is right, alpha is not: alpha is the best MAX is already guaranteed on the "
            "path to this node.",
    "both": "Both are wrong: follow the search from the root, raising alpha at MAX nodes and "
            "lowering beta at MIN nodes as children return.",
}


# -- mistakes made by hand, on a nested tree -------------------------------------------------
def _is_leaf(node) -> bool:
    """A leaf of a nested tree is a number; an inner node is a list."""
    return not isinstance(node, (list, tuple))


def minimax_value(node, is_max):
    """A nested tree's minimax value, MAX (or MIN) at its root, as worked out by hand."""
    if _is_leaf(node):
        return node
    values = [minimax_value(child, not is_max) for child in node]
    return max(values) if is_max else min(values)


def every_level(node, choose):
    """The value when ``choose`` (max or min) is taken at every level, whoever moves."""
    return node if _is_leaf(node) else choose(every_level(child, choose) for child in node)


#: A value question answered by hand, on a tree of numbers: the searches a mistaken
#: student does in their head, as (id, fn(nested tree, is_max)). Never switching player
#: is left out: by hand it is the max or the min at every level, named as such.
HAND_VALUE_MISTAKES = [
    ("max-at-every-level", lambda tree, is_max: every_level(tree, max)),
    ("min-at-every-level", lambda tree, is_max: every_level(tree, min)),
    ("players-swapped", lambda tree, is_max: minimax_value(tree, not is_max)),
]


def hand_value_mistakes(tree, is_max) -> list:
    """``[(id, value)]``: the root values a student gets by hand with each known mistake.

    >>> hand_value_mistakes([[3, 12], [2, 4]], False)
    [('max-at-every-level', 12), ('min-at-every-level', 2), ('players-swapped', 3)]
    """
    return [(vid, fn(tree, is_max)) for vid, fn in HAND_VALUE_MISTAKES]


def hand_move_mistakes(tree, is_max) -> list:
    """``[(id, move)]``: the moves (child indexes) a student picks with each known mistake.

    The root's player picks the first best child, as the course does.

    >>> hand_move_mistakes([[3, 12], [2, 4]], True)[:3]
    [('returns-value-not-move', 3), ('players-swapped', 0), ('players-swapped', 1)]
    """
    def first(values, choose):
        return values.index(choose(values))

    pick, other = (max, min) if is_max else (min, max)
    right = [minimax_value(child, not is_max) for child in tree]
    as_root = [minimax_value(child, is_max) for child in tree]
    return [("returns-value-not-move", pick(right)),
            ("players-swapped", first(as_root, pick)),
            ("players-swapped", first(right, other)),
            ("max-at-every-level", first([every_level(c, max) for c in tree], max)),
            ("one-based-move", first(right, pick) + 1),
            ("players-swapped", first(as_root, other)),
            ("min-at-every-level", first([every_level(c, min) for c in tree], min))]


# -- mistakes made by hand at one node of a game tree ----------------------------------------
def node_value_mistakes(game, state, child_values) -> list:
    """``[(id, value)]``: what a student gets by hand at the inner node ``state`` of ``game``
    with each known mistake, from its children's values (left to right, as shown).

    At a chance node: the smallest or the largest child (``chance-as-min``), or the plain
    average (``ignores-probabilities``). At MAX or MIN: in a
    :class:`~minimax_lessons.games.tree.GameTree` with no chance node below ``state``, the
    mistakes on its whole subtree (:func:`hand_value_mistakes`); then the other player's
    pick of the children's values (``players-swapped``, at this node alone).

    >>> from minimax_lessons.games.examples import FIGURE_5_2
    >>> node_value_mistakes(FIGURE_5_2, "B", [3, 12, 8])
    [('max-at-every-level', 12), ('min-at-every-level', 3), ('players-swapped', 12), ('players-swapped', 12)]
    """
    player = game.to_move(state)
    if player == CHANCE:
        return [("chance-as-min", min(child_values)), ("chance-as-min", max(child_values)),
                ("ignores-probabilities", sum(child_values) / len(child_values))]
    found = []
    if isinstance(game, GameTree) and not any(
            game.to_move(n) == CHANCE for n in game.subtree_nodes(state)
            if not game.is_terminal(n)):
        found += hand_value_mistakes(game.to_nested(state), player == MAX)
    found.append(("players-swapped", min(child_values) if player == MAX else max(child_values)))
    return found


def _same_value(a, b) -> bool:
    """Equal up to the rounding of floats (infinities only equal themselves)."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def wrong_values(mistakes, right) -> list:
    """``[(value, ids)]``: each value that ``mistakes`` (``[(id, value)]``) give and that is not
    ``right``, in order, with the distinct mistakes giving it (:func:`named_mistakes`).

    >>> wrong_values([("max-at-every-level", 12), ("min-at-every-level", 3),
    ...               ("players-swapped", 12.0)], 3)
    [(12, ['max-at-every-level', 'players-swapped'])]
    """
    out = []
    for _, value in mistakes:
        if _same_value(value, right) or any(_same_value(value, seen) for seen, _ in out):
            continue
        out.append((value, named_mistakes((vid, _same_value(v, value)) for vid, v in mistakes)))
    return out


__all__ = ["DIAGNOSES", "HAND_DIAGNOSES", "SAME_BY_HAND", "GENERIC", "EXTRA_DIAGNOSES",
           "ZERO_CREDIT", "WINDOW_WRONG", "explain", "explain_diagnosis", "named_mistakes",
           "HAND_VALUE_MISTAKES", "hand_value_mistakes", "hand_move_mistakes", "minimax_value",
           "every_level", "node_value_mistakes", "wrong_values"]
