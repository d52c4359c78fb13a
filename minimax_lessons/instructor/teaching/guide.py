"""For lecturers: the misconception guide, generated from the checker's diagnosis registry.

Vocabulary
----------
- A *diagnosis* is the id the checker gives a wrong answer, such as
  ``"max-at-every-level"``; the registry is
  :data:`minimax_lessons.mistakes.DIAGNOSES` (id -> a sentence for students).
- :data:`ADVICE` holds, per id, what a student who makes the mistake *believes*, what
  to *say* to them, and (for mistakes no tree can show, such as a timeout) how the
  mistake *shows* instead. A test fails when an id of the registry has no entry.
- An :class:`Example` is a tiny tree (or board) where the mistake shows: the right
  answer and the mistaken one, both found by *running* the right function and the
  buggy one of :mod:`~minimax_lessons.exercises.variants`. For a mistake with no
  buggy function, the example is the smallest fixed question that diagnoses it,
  with the question's own right answer and its own mistaken answer.
- A question *detects* an id when its check can answer a wrong answer with that id:
  :func:`detectors` asks every registered question (values, letters and words are
  tried out; a function question names the known mistakes of its kind).

The guide (``docs/teaching/misconceptions.md``) is written by
``python -m minimax_lessons.instructor.teaching.guide``; a test compares it with
:func:`guide_markdown`.

>>> e = example("max-at-every-level")
>>> e.tree, e.call, e.right, e.mistaken
([[3, 12], [2, 4]], 'minimax(tree, True)', 3, 12)
>>> "q3.14" in detectors()["max-at-every-level"]
True
"""

from __future__ import annotations

import itertools
import math
import os
import string
from dataclasses import dataclass
from pathlib import Path

from ...exercises import variants as V
from ...exercises.check import RECORD_ENV, check, get_question, question_ids
from ...exercises.harness import (board_value, nested_alphabeta, nested_best_move,
                                  nested_best_move_either, nested_depth,
                                  nested_minimax, run_local)
from ...mistakes import DIAGNOSES, GENERIC
from ...exercises.nested import names, to_game
from ...exercises.question_kinds import (ChoiceQuestion, FillQuestion, FindBugQuestion,
                                         FunctionQuestion, ParsonsQuestion, PredictQuestion,
                                         PrunedQuestion, ValueQuestion, WindowQuestion)
from ...search.adversarial import alphabeta, minimax
from ...games.tictactoe import TicTacToe

#: Where the guide lives, relative to the project's root.
GUIDE_PATH = Path("docs") / "teaching" / "misconceptions.md"


@dataclass(frozen=True)
class Advice:
    """What a student believes, what to say, and how the mistake shows without a tree."""

    topic: str
    believes: str
    say: str
    shows: str = ""


@dataclass(frozen=True)
class Example:
    """A tiny input where a mistake shows: the right answer and the mistaken one, as run."""

    tree: object
    call: str
    right: object
    mistaken: object
    what: str = "the value"
    source: str = ""


#: The guide's sections, in order.
TOPICS = ("Backing up values", "Moves", "Depth limits", "Alpha-beta", "Boards and evaluation",
          "Counting and scoring", "Beyond minimax", "Code that fails to run",
          "Self-check answers")

_B, _M, _D, _A, _E, _C, _X, _F, _S = TOPICS

#: Diagnosis id -> Advice. Every id of ``mistakes.DIAGNOSES`` needs an entry.
ADVICE = {
    # -- backing up values
    "max-at-every-level": Advice(
        _B, "Every player wants the biggest number, so the value of a node is its largest "
            "child, at every level (or the player never changes on the way down).",
        "Ask who chooses at this node and what *they* want. Put the envelopes-of-cheques "
        "picture on the board: MAX picks the envelope, MIN picks the cheque."),
    "never-switches-player": Advice(
        _B, "The player at the root moves all the way down: the flag is passed on unchanged.",
        "Each level down belongs to the other player: the recursive call passes "
        "`not is_maximizing`. Under a MAX root this looks exactly like max at every level; a "
        "MIN root tells the two apart."),
    "min-at-every-level": Advice(
        _B, "Values are always the smallest child (often after drilling MIN's rule).",
        "Point at a MAX node and ask: would MAX ever pick the smaller of two results?"),
    "players-swapped": Advice(
        _B, "The root's player minimises (or every level has the other player): the roles "
            "are read off the wrong way round.",
        "Have them write ▲ MAX / ▼ MIN beside every level before computing anything; the "
        "root's player is part of the question, never a default."),
    "signs-swapped": Advice(
        _B, "A score is good for whoever won it: a win for O (MIN) scores +1 for O.",
        "There is one score, MAX's; MIN wins by making it low. Ask what the score is of a "
        "game O won, from X's point of view."),
    "assumes-alternation": Advice(
        _B, "Players always take turns, so the levels read MAX, MIN, MAX, ... whatever the "
            "tree says.",
        "Read who moves at each node from the drawing (▲/▼), not from the level's parity; "
        "games such as Pac-Man with two ghosts have MIN move twice in a row.",
        "In who-moves-where questions and trees where a player moves twice: the levels "
        "are filled in max, min, max, ..."),
    "needs-exact-value": Advice(
        _A, "A node's exact value must be known before the parent can decide.",
        "Ask: after C1 = 2, can C ever be worth more than 2 to MAX? Then could MAX prefer it "
        "to B's 3? A bound is enough to decide."),
    "bound-direction": Advice(
        _A, "A large leaf still to come could raise a MIN node's value.",
        "MIN picks the smallest: more children can only lower a MIN node. Write ≤2 beside C "
        "and ask which leaf could turn it into 3."),
    "bound-not-value": Advice(
        _A, "The number alpha-beta hands back from a cut-off node is that node's true value.",
        "A pruned node returns a bound (here 'at most 3'), which is all the parent needs; "
        "only the root's value is guaranteed exact."),
    # -- moves
    "returns-value-not-move": Advice(
        _M, "The best move and the best value are the same thing.",
        "A program must play a move: ask what it should send to the board, 3 or 'move 0'?"),
    "returns-move-not-value": Advice(
        _M, "Minimax returns which child to take, at every level.",
        "The recursion combines *values* from below; only the root turns the best value "
        "into a move. Trace the call on a two-level tree and see an index compared with a "
        "score."),
    "one-based-move": Advice(
        _M, "The first move is move 1.",
        "Python counts from 0 and so does the course: the leftmost child is move 0."),
    "rightmost-on-ties": Advice(
        _M, "Among equally good moves any will do, or the last one found wins (>=).",
        "Any best move is equally good for the game, but the checker and the textbook keep "
        "the first: switch only to a strictly better move (>, not >=)."),
    "expects-fast-win": Advice(
        _M, "Minimax prefers the quickest win.",
        "Plain minimax scores every win +1, now or later; it is in no hurry. Depth-discounted "
        "utilities (lesson 4's q4.6) make a quick win worth more."),
    "sentinel-equals-loss": Advice(
        _M, "The loop always sets the best move: the first move beats the starting value.",
        "Ask what the best value starts at, and whether a move that loses can ever be "
        "strictly above it. A best-so-far starts below every score (or at the first move's); "
        "the seed's C++ program (q4.7, q4.8) starts at the loss score and, on a lost board, "
        "prints a square that is not even free."),
    "misses-block": Advice(
        _M, "Attacking is always better than defending.",
        "Ask what O does next after each candidate move: minimax looks at the reply, and a "
        "move that lets O win at once is worth -1 whatever it threatens."),
    # -- depth limits
    "depth-off-by-one": Advice(
        _D, "Depth 1 means 'look at the root only' (or the search stops one ply late).",
        "At depth 0 a node is estimated; each move lowers the depth by one. Depth 1 means "
        "MAX moves once, then the children are estimated."),
    "depth-per-round": Advice(
        _D, "Depth counts rounds (MAX and MIN together), as in Berkeley's CS188 Pac-Man.",
        "Both ways are in use; this course counts plies, so every move, MAX's and MIN's, "
        "lowers the depth."),
    "depth-ignored": Advice(
        _D, "The depth is a hint; the search still goes to the leaves.",
        "The base case must test the depth: at depth 0 it returns the estimate and goes no "
        "further."),
    "terminal-not-checked": Advice(
        _D, "Only the depth limit ends the recursion, or a finished game can still be "
            "played on.",
        "Test for a finished game first, whatever the depth: its value is its utility. On "
        "nested lists, a number is a leaf."),
    "counts-levels": Advice(
        _C, "Depth counts the levels of nodes, the root's included.",
        "Depth counts plies, the moves between levels: a root whose children are leaves is "
        "one ply deep."),
    # -- alpha-beta
    "prune-strict": Advice(
        _A, "Pruning needs alpha to be strictly greater than beta (CS188's rule).",
        "Both rules give the same value; this course cuts as soon as alpha >= beta, since a "
        "tie cannot be better for the player who would pick it."),
    "prune-non-strict": Advice(
        _A, "Alpha-beta always prunes on a tie (alpha >= beta).",
        "Read the question's rule: this one prunes only when alpha > beta (CS188's), so tied "
        "leaves are still evaluated."),
    "no-pruning": Advice(
        _A, "Alpha-beta is minimax plus bookkeeping: it updates alpha and beta but looks at "
            "everything.",
        "The point is the cut: as soon as alpha >= beta, the node's remaining children "
        "cannot matter; break out of the loop."),
    "window-reset": Advice(
        _A, "Every child is searched with the window the node received.",
        "The window narrows as children return: at MAX raise alpha, at MIN lower beta, and "
        "pass the narrowed pair to the next child."),
    "alpha-beta-swapped": Advice(
        _A, "Alpha and beta are interchangeable names for the two bounds.",
        "Alpha is MAX's guarantee (it only rises, at MAX nodes), beta MIN's (it only falls, "
        "at MIN nodes); the call passes (alpha, beta) in that order at every level."),
    "window-after": Advice(
        _A, "The window of a node is the one it has when it returns.",
        "The question asks for the window the node is entered with: the one its parent "
        "passes down, as the animation writes 'enter α=… β=…'.",
        "In window questions: the pair given is the window the node returns with, not the "
        "one it is entered with."),
    "pruned-too-many": Advice(
        _A, "Any leaf that looks unpromising can be skipped.",
        "A leaf is skipped only after a bound proves it cannot change the decision: find the "
        "node where alpha >= beta, and skip only what comes after it.",
        "In which-leaves-are-pruned questions: a leaf named is one alpha-beta evaluates."),
    "pruned-too-few": Advice(
        _A, "A cut-off skips only the next leaf.",
        "Once alpha >= beta at a node, all its remaining children (and everything below "
        "them) are skipped.",
        "In which-leaves-are-pruned questions: every leaf named is pruned, but alpha-beta "
        "skips more."),
    "pruned-wrong": Advice(
        _A, "Pruning is decided leaf by leaf, by the leaf's own value.",
        "Pruning is decided at a node, by its window; step through the animation and mark "
        "the moment alpha >= beta.",
        "In which-leaves-are-pruned questions: some leaves named are needed, and some "
        "pruned ones are missing."),
    "bound-as-exact": Advice(
        _A, "Whatever number alpha-beta returns from a node is that node's value, so a table "
            "can store it as exact.",
        "Only values strictly inside the window the node was entered with are exact. At or "
        "above beta (fail high) it is a lower bound, at or below alpha (fail low) an upper "
        "bound, whoever moves; store the flag with the value and use a bound only when it "
        "settles the new window.",
        "Lesson 9's table that stores every value as exact returns a wrong value on a "
        "concrete 4 x 5 position (a draw it calls a win for X)."),
    "bound-flag-reversed": Advice(
        _A, "A value at or above beta is an upper bound (the node could be worth less).",
        "Compare the value with the entry window: at or above beta, at least; at or below "
        "alpha, at most; the same rule at MAX and MIN nodes."),
    "cut-off-taken-as-lower": Advice(
        _A, "A cut-off always gives a lower bound (true at MAX nodes, where lesson 6 met "
            "cut-offs first).",
        "At a MIN node the cut-off comes from a reply at or below alpha: the replies not "
        "searched could only lower the value, so it is an upper bound. Say the rule by the "
        "window, not by the cut-off: at or above beta, at least; at or below alpha, at most."),
    "exact-taken-as-bound": Advice(
        _A, "Every value alpha-beta returns is a bound of some kind.",
        "A value strictly between alpha and beta was neither cut off nor failed low: every "
        "move was searched and the best is inside the window, so it is exact."),
    "one-threat-wins": Advice(
        _D, "A threat wins: the opponent is forced, so the forcing side is winning.",
        "A forced reply is still a reply: the block may be harmless, or even good for the "
        "blocker. Play the threat and its block out on the board and look again."),
    "deepening-pays-for-itself": Advice(
        _D, "Iterative deepening with a transposition table costs less than one search to the "
            "same depth.",
        "The repeats cost nodes; what the table carries from one depth to the next is the best "
        "moves, not the values. Compare with one table search to the same depth (lesson 9: "
        "10,218 nodes against 7,515 at depth 8)."),
    "deepening-gains-nothing": Advice(
        _D, "Iterative deepening only repeats work, so its last search costs what a fresh one "
            "does.",
        "Each depth orders its moves by the depth before: the last search of lesson 9 visits "
        "4,526 nodes where a cold search to depth 8 visits 7,515."),
    "trusts-the-horizon": Advice(
        _D, "A move that keeps the loss out of sight at the depth limit has avoided it.",
        "Forcing moves (a threat the opponent must block) use up plies and push the loss past "
        "the horizon; search two plies deeper, or extend the search on forcing moves.",
        "Lesson 9's horizon position: at depth 3 only the threat in column 2 is not -1; at "
        "depth 5 it is -1 too."),
    "order-ignored": Advice(
        _A, "Alpha-beta prunes the same whatever the order of the moves.",
        "Best move first gives each node its tightest bound at once; in the best case the "
        "leaves evaluated fall to about b^(d/2)."),
    "counts-every-leaf": Advice(
        _A, "Alpha-beta evaluates every leaf, like minimax.",
        "It gets minimax's value while skipping leaves that cannot matter; with the best "
        "move first it skips most."),
    "knuth-moore-half": Advice(
        _A, "The best case is exactly b^(d/2) leaves.",
        "Half the depth is the idea; the exact count is b^ceil(d/2) + b^floor(d/2) - 1 (one "
        "line of play is counted in both terms)."),
    # -- boards and evaluation
    "board-not-restored": Advice(
        _E, "Trying a move on the board is harmless: the recursion 'undoes' it by itself.",
        "A list is shared by every call: a move written into it stays until you write '.' "
        "back. Either undo the move after the call or pass a copy.",
        "On a board, not on a tree: the board after the call still holds the tried moves."),
    "returns-before-loop": Advice(
        _M, "The return statement can go anywhere after the variable it returns is set.",
        "A return ends the function at once: put it after the loop, so that every move has "
        "been compared before the best index is returned."),
    "returns-inside-loop": Advice(
        _M, "The return belongs with the code that finds the best, inside the loop.",
        "Inside the loop the return runs on the first pass: the function then answers "
        "after comparing two moves. Indent it as the for line, after the loop."),
    "max-at-min-root": Advice(
        _M, "The best move is the one with the largest value.",
        "Best for the player who moves: the largest value where MAX moves, the smallest "
        "where MIN does (and the children are then MAX nodes)."),
    "used-before-set": Advice(
        _F, "The lines of a function can come in any order, as long as they are all there.",
        "Python runs them top to bottom: a name must be given its value (best = 0, values "
        "= ...) before a line reads it.",
        "In Parsons problems: the order given stops with UnboundLocalError or NameError."),
    "not-symmetric": Advice(
        _E, "A square's worth depends on its place in the list, not on the lines through it.",
        "A board and its mirror image are equally good; score lines, or weight squares by "
        "how many lines pass through them (centre 4, corner 3, edge 2)."),
    "misses-better-board": Advice(
        _E, "Any number will do as an estimate, as long as the search runs (a constant, or "
        "the count of pieces).",
        "An estimate must tell positions apart: put the same pieces on the board but one, "
        "and move that one to the centre. Which board would you rather have? Score lines, or "
        "weight squares by the lines through them (centre 4, corner 3, edge 2)."),
    "search-skips-win": Advice(
        _E, "An evaluation can say anything; wins are handled elsewhere (or inside it).",
        "The scale rule: every estimate strictly between a loss and a win. The search never "
        "asks evaluate about a finished board, so a win at +1 loses to an estimate of +2."),
    "win-outscored": Advice(
        _E, "The search takes a win whenever there is one.",
        "It takes the largest number, and an estimate larger than +1 beats the win: keep "
        "every estimate strictly between -1 and +1 (the scale rule)."),
    "one-ply-only": Advice(
        _E, "Looking two plies ahead plays the same move as looking one.",
        "The second ply is O's reply: back the values up (MIN takes the smallest) and the "
        "move that lets O win at once drops to -100."),
    "ignores-reply": Advice(
        _E, "A move is worth the best position it could lead to.",
        "O chooses at the second ply: a move is worth the smallest value below it."),
    "first-mover-wins": Advice(
        _E, "Moving first wins tic-tac-toe.",
        "Minimax's value of the empty board is 0: each side has an answer to everything; "
        "play the lesson's perfect player to feel it."),
    # -- counting and scoring
    "counts-nodes": Advice(
        _C, "The number of games is the number of positions in the tree.",
        "A game is a path from the root to a leaf: count the leaves, not all the nodes."),
    "counts-positions": Advice(
        _C, "Two games that end on the same board are the same game.",
        "A game is a sequence of moves: different orders are different games, even when the "
        "final boards agree."),
    "ignores-wins": Advice(
        _C, "Every game fills the board (9! orders of moves).",
        "A game stops as soon as someone has three in a row; those lines never reach a full "
        "board."),
    "wrong-scale": Advice(
        _C, "A win is always +1.",
        "Each game states its own scores; read them from the question (+10, +100, ...)."),
    "no-discount": Advice(
        _C, "With discounted scores the best move is the same as plain minimax's.",
        "With the discount a win now scores more than a win later, so the quickest winning "
        "square wins."),
    "counts-leaves": Advice(
        _C, "A tree of depth d has b^d nodes.",
        "b^d counts the leaves only; add every level above them: 1 + b + ... + b^d."),
    "counts-last-iteration": Advice(
        _C, "Iterative deepening costs only its last search.",
        "Every shallower search is repeated: add the nodes of the searches to depth 1, 2, "
        "..., d (about b/(b-1) times the last one)."),
    # -- beyond minimax
    "negamax-view": Advice(
        _X, "Negamax returns MAX's value at every node.",
        "Negamax returns the value for the player to move; where MIN moves that is minus "
        "MAX's value."),
    "counts-tree-nodes": Advice(
        _X, "A transposition table stores one entry per node of the tree.",
        "It stores each position once, however many move orders reach it."),
    "chance-as-min": Advice(
        _X, "A chance node is an opponent: it picks the worst outcome (or the best).",
        "Chance does not choose: its value is the probability-weighted average of its "
        "children."),
    "ignores-probabilities": Advice(
        _X, "Every outcome of a chance node is equally likely.",
        "Weight each child's value by its probability, as the drawing writes on the edges."),
    # -- Monte Carlo tree search (lesson 8)
    "backup-no-sign-switch": Advice(
        _X, "Every node adds the play-out's utility as it is, MAX's point of view.",
        "A node counts results for the player who chose it: where MIN chose, add minus the "
        "utility. Ask what a MIN node's mean of +1 would make MIN prefer."),
    "backup-mover-not-chooser": Advice(
        _X, "A node's wins count for the player who moves at that node.",
        "They count for the player who *chose* the node, the one moving at its parent: it is "
        "the parent that compares its children's means.",
        "In the back-up: every sign is the opposite of the right one, at MAX's and at MIN's "
        "choices alike, so each player walks into the moves that are worst for her."),
    "backup-no-visit": Advice(
        _X, "Back-up only adds the result; visits are counted elsewhere (or not at all).",
        "Both numbers change on every node of the path: one more visit and the result; the "
        "mean w / n needs both."),
    "backup-new-node-only": Advice(
        _X, "Only the new node learns from its play-out.",
        "Every ancestor's estimate includes this game too: walk up to the root.",
        "In the back-up: the root's visits stay behind the number of play-outs, and the "
        "nodes above the new one never change."),
    "ucb-common-log": Advice(
        _X, "log means log base 10.",
        "UCB1's log is the natural one, ln, Python's math.log; on a calculator use ln."),
    "ucb-no-sqrt": Advice(
        _X, "The exploration bonus is c * ln(N) / n.",
        "It is c * sqrt(ln(N) / n): the square root makes the bonus shrink slowly."),
    "ucb-child-log": Advice(
        _X, "The bonus is the child's own: c * sqrt(ln(n) / n).",
        "ln counts the parent's visits N: the bonus grows as the parent is tried more and "
        "the child is not."),
    "ucb-no-mean": Advice(
        _X, "UCB1 is the exploration bonus.",
        "UCB1 = mean + bonus: exploit what looks good, explore what is little known."),
    "mean-for-chooser": Advice(
        _X, "A node's mean, as stored, is MAX's mean.",
        "It is stored for the player who chose the node; below a MIN node, MAX's mean is "
        "minus the stored one."),
    "greedy-mean": Advice(
        _X, "MCTS always goes to the child with the best mean.",
        "It goes to the best mean *plus bonus*; compute the bonus for the rarely visited "
        "child."),
    "least-visited": Advice(
        _X, "MCTS goes to the least visited child until all are equal.",
        "Only the bonus favours rare children; a poor mean can outweigh it."),
    "min-uses-max-mean": Advice(
        _X, "At a MIN node the children's means are read as MAX's, highest first.",
        "The chooser is MIN: her mean is minus MAX's, so she prefers the lowest MAX mean.",
        "In which-child-next questions at a MIN node: the child picked is the one best for "
        "MAX."),
    "averages-not-minimax": Advice(
        _X, "The move with the best average play-out is the best move.",
        "A play-out lets MIN play at random; minimax lets her play her best. Averages and "
        "minimax disagree when one good reply hides among bad ones."),
    "plays-best-mean": Advice(
        _X, "After the search, play the move with the best average result.",
        "Averages from few play-outs are noise; the visit counts sum up the whole search, "
        "since UCB1 kept returning to the child whose mean held up. AIMA: 65 wins in 100 "
        "beat 2 in 3."),
    "plays-least-visited": Advice(
        _X, "The exploration bonus decides the move played, too.",
        "The bonus chooses where the next play-out goes; the move played at the end is the "
        "most visited child."),
    "few-playouts-enough": Advice(
        _X, "A hundred random games are plenty for tic-tac-toe.",
        "Random play-outs rarely find O's one drawing reply; the tree needs enough rounds "
        "to grow to where the threat shows."),
    "forgets-empty-heap": Advice(
        _X, "A heap of n counters has n sizes.",
        "A heap can be empty too: sizes 0 to n, so n + 1 of them."),
    "table-recomputes": Advice(
        _X, "With a table the search still visits a repeated position's moves.",
        "A position found in the table is looked up at once: its moves are never generated "
        "again."),
    "symmetry-not-merged": Advice(
        _X, "The table merges positions that look alike (heaps in another order, mirror "
            "images and rotations).",
        "To the table they are other positions, and the count of positions (Nim's 112, "
        "tic-tac-toe's 5,478) already counts them separately."),
    "order-only": Advice(
        _X, "With chance nodes, as in lesson 1, only the order of the scores matters.",
        "An average weighs sizes: scaling one outcome up can change the chance node's "
        "choice, while an increasing rescaling never changes plain minimax's."),
    # -- lesson 10: more players, chance nodes with bounds, killer moves
    "maximises-root-score": Advice(
        _X, "In a game of three, everyone plays for the root player's score (max everywhere, "
            "with vectors).",
        "Point at a P2 node and ask which number P2 looks at. Each player reads their own "
        "place in the vector."),
    "assumes-zero-sum": Advice(
        _X, "The other players are out to hurt me, so they minimise my score (and alpha-beta's "
            "cut-offs still apply).",
        "That is the paranoid assumption, a different algorithm. In max^n P2 wants P2's "
        "score; on `NO_PRUNING` P2's choice gives P1 more, so a cut would lose P1 four points."),
    "reads-wrong-score": Advice(
        _X, "A node picks by the score of the player who moved into it (or by the next "
            "player's).",
        "Write P1, P2, P3 above the places in the vector and beside each level; match them "
        "before computing."),
    "prunes-chance-without-bounds": Advice(
        _X, "A chance node whose first outcomes are bad is bad, as a MIN node would be.",
        "Ask what score at C3 would make C beat B. Without a highest possible score there "
        "always is one; CS188's point that expectimax cannot prune without bounds."),
    "forgets-unseen-outcomes": Advice(
        _X, "The bound on an average is the part already seen.",
        "The unseen outcomes still count: at most = seen part + unseen probability x the "
        "highest score."),
    "averages-seen-outcomes": Advice(
        _X, "The seen outcomes' plain average says what the node is worth.",
        "Weigh by probability, and add the unseen outcomes at the bound: an average of what "
        "has been seen is neither a bound nor the value."),
    "bound-from-wrong-end": Advice(
        _X, "Any bound will do for the unseen outcomes.",
        "At most means everything unseen goes as high as it can; at least, as low. For an "
        "outcome's alpha the later outcomes are counted at their highest."),
    "child-window-unscaled": Advice(
        _X, "An outcome's alpha is what it must add to the average.",
        "Divide by its probability: the window is in the outcome's own scores, which the "
        "average weighs by p."),
    "child-window-ignores-rest": Advice(
        _X, "The outcome's alpha depends only on what was seen before it.",
        "The outcomes after it can still add up to their highest scores; subtract that "
        "first, or the window is too strict and the cut wrong."),
    "parent-window-passed": Advice(
        _X, "A chance node hands its window down unchanged, as alpha-beta's nodes do.",
        "Its children are averaged, not chosen: each outcome gets the alpha that would leave "
        "the whole average at most alpha (Star1's formula)."),
    "killers-never-replaced": Advice(
        _X, "The first two moves to cut off stay the killers.",
        "Killers are the latest refutations: play the list of cut-offs and move each new one "
        "to the front, dropping the oldest."),
    "killers-by-count": Advice(
        _X, "Killer moves are the moves that cut off most often.",
        "That is the history heuristic (counts, at every ply); killers keep the latest two "
        "per ply, newest first."),
    "memory-holds-tree": Advice(
        _X, "A search holds everything it has looked at.",
        "Trace the recursion on Figure 5.2 with a finger: once B returns 3, nothing of B's "
        "subtree is needed again. Depth-first search holds its path: O(m) positions, or "
        "O(bm) if it makes all of a node's children at once."),
    "memory-holds-table": Advice(
        _X, "Searching a game means storing every position.",
        "Only a transposition table stores positions; plain depth-first minimax keeps its "
        "path. Lesson 11 puts the two side by side: 10 positions against 5,478."),
    "memory-all-children": Advice(
        _X, "Every search holds all the children of the nodes on its path.",
        "That is AIMA's O(bm), for a search that makes all of a node's successors at once; "
        "a recursion that makes one child at a time holds only the path, O(m)."),
    "beam-sees-everything": Advice(
        _X, "A beam only reorders the moves; it still finds the best one.",
        "Forward pruning drops moves unsearched: what the estimate ranks low is never looked "
        "at. Point at E in lesson 11's tree, worth 6 and ranked last."),
    "beam-trusts-estimates": Advice(
        _X, "A beam plays the move with the best estimate.",
        "The estimate only picks which moves to search; the kept moves are searched to the "
        "end and compared by their searched values."),
    "extension-not-searched": Advice(
        _X, "An extension only marks a move; the value stays the one at the depth limit.",
        "The extension searches the singular move further and backs the new values up: B's "
        "8 from the estimates becomes -3 from the leaves."),
    "opening-moves-lose": Advice(
        _X, "Some first moves of tic-tac-toe lose (the edges, say).",
        "Look up the nine boards after X's first move in the table: all are worth 0. An edge "
        "opening gives X fewer chances against a weak O, not a lost game."),
    "expects-random-opponent": Advice(
        _X, "An agent scores what it expects.",
        "The agent's model of the opponent is not the opponent: an adversary answers the "
        "expectimax agent's move with its worst leaf (CS188's table)."),
    "minimax-agent-score": Advice(
        _X, "Both agents play the same move, so both score the same.",
        "Expectimax chooses by averages, so it may pick a move that minimax rejects; against "
        "an adversary that move scores its smallest leaf."),
    "killers-always-help": Advice(
        _X, "A smarter order always saves nodes.",
        "Only where the fixed order puts the refutation late: from the empty board the "
        "refutations are middle columns, which centre-first already tries first."),
    # -- code that fails to run
    "mutates-input": Advice(
        _F, "The function may change the tree or board it was given.",
        "The caller still needs it: copy before changing, or undo each change.",
        "The checker compares the argument before and after each call."),
    "timeout": Advice(
        _F, "Any loop ends eventually.",
        "Check that every loop changes what its test looks at, and that the recursion moves "
        "towards a leaf.",
        "The function does not finish within the time limit (an endless loop, or a search "
        "far too large)."),
    "raises": Advice(
        _F, "Code that runs on the lesson's tree runs on every tree.",
        "Read the error and the smallest input the checker shows; run the function on it.",
        "The function raises an error on one of the checker's inputs."),
    "recursion": Advice(
        _F, "The recursion stops by itself.",
        "Every recursive function needs a base case reached on every path: here, a leaf.",
        "Python stops it with a RecursionError."),
    "wrong-type": Advice(
        _F, "Any answer that prints right is right (a list, a string, None).",
        "Return a number for a value, an index for a move; print is not return.",
        "The function returns something of the wrong type, often None from a missing "
        "return."),
    "output-flood": Advice(
        _F, "Printing inside a search is free.",
        "Print on a tiny tree only, or use the package's trace.",
        "The function prints so much that the checker stops it."),
    "crash": Advice(
        _F, "Anything the function does stays inside the function.",
        "Look for huge allocations or deep recursion; run it on the smallest input shown.",
        "The process running the function dies."),
    "wrong": Advice(
        _F, "(no known mistake matches: the answer is wrong in a way the checker cannot "
            "name)",
        "Ask the student to explain their answer on the smallest example; a new pattern may "
        "deserve a new diagnosis id.",
        "Any wrong answer no known mistake explains."),
    # -- self-check answers
    "unknown-question": Advice(
        _S, "(a typing slip, not a belief: the question id does not exist)",
        "Copy the id from the question cell.",
        "check is called with an id no question has."),
    "bad-answer": Advice(
        _S, "Any form of answer will be understood.",
        "Read the question's answer hint ('a number', 'one of the letters a, b, c').",
        "The answer is not in the form the question expects."),
    "not-answered": Advice(
        _S, "(the cell still holds the placeholder ...)",
        "Replace ... with an answer, or the body of the function.",
        "The answer is still ... (or a function whose body is ...)."),
    "expects-error": Advice(
        _S, "Code that looks odd must fail.",
        "Run it in your head line by line, with the actual values.",
        "In predict-the-output questions: the student says it raises, it returns a value."),
    "misses-error": Advice(
        _S, "Python will work out what was meant (iterate over a number, add None).",
        "Ask what type each name has at the failing line.",
        "In predict-the-output questions: the student predicts a value, the code raises."),
    "wrong-error": Advice(
        _S, "All errors are alike.",
        "Name the operation that fails and the types involved: iterating over an int is a "
        "TypeError.",
        "In predict-the-output questions: the right error is raised, but of another kind."),
    "misses-loop": Advice(
        _S, "A loop stops because the code 'moves on'.",
        "Find what the loop's test looks at and ask whether the body ever changes it.",
        "In predict-the-output questions: the student predicts a result, the code never "
        "stops."),
    "expects-loop": Advice(
        _S, "A function without a visible stop runs forever (or endless recursion hangs).",
        "Python stops endless recursion with a RecursionError; and some code does finish.",
        "In predict-the-output questions: the student says it runs forever; it finishes, or "
        "raises."),
    "misplaced-line": Advice(
        _S, "The order of the lines matters little, as long as they are all there.",
        "Base case first, then the recursive step: read the function aloud in order.",
        "In Parsons questions: a line is out of place."),
    "distractor-used": Advice(
        _S, "Every line offered belongs in the solution.",
        "One line is a planted mistake: compare the two similar lines and say what each "
        "does.",
        "In Parsons questions: the answer uses the planted line."),
    "missing-line": Advice(
        _S, "The short version is enough.",
        "Check that every case has a line: the leaf, the depth limit, both players.",
        "In Parsons questions: a line of the solution is not used."),
    "wrong-line": Advice(
        _S, "The bug is where the wrong value first appears.",
        "The right kind of bug was named: now find the line that causes it.",
        "In find-the-bug questions: right kind of bug, wrong line."),
    "wrong-bug-kind": Advice(
        _S, "Any change on the right line is the same bug.",
        "Name what the changed line does wrong: swap players, flip signs, take the max "
        "everywhere?",
        "In find-the-bug questions: right line, wrong kind of bug."),
}

#: Tiny examples: id -> (kind, buggy function, arguments, right function or None).
#: Each kind is run by its harness; ``None`` means the kind's correct solution.
_TREE = [[3, 12], [2, 4]]
_DEPTH_TREE = [[2, 12], [5, 4]]
_PRUNE_TREE = [[3, 5], [2, 9]]
_TIE_TREE = [[3, 5], [3, 1]]
TINY = {
    "max-at-every-level": ("minimax", V.minimax_max_everywhere, (_TREE, True)),
    "never-switches-player": ("minimax", V.minimax_no_switch, (_TREE, False)),
    "min-at-every-level": ("minimax", V.minimax_min_everywhere, (_TREE, True)),
    "players-swapped": ("minimax", V.minimax_players_swapped, (_TREE, True)),
    "signs-swapped": ("minimax", V.minimax_signs_swapped, (_TREE, True)),
    "returns-move-not-value": ("minimax", V.minimax_returns_move, (_TREE, True)),
    "returns-value-not-move": ("best_move", V.best_move_returns_value, (_TREE,)),
    "one-based-move": ("best_move", V.best_move_one_based, (_TREE,)),
    "rightmost-on-ties": ("best_move", V.best_move_rightmost_on_ties, ([[3, 5], [4, 3]],)),
    "returns-before-loop": ("best_move", V.best_move_returns_first, ([[2, 4], [3, 12]],)),
    "returns-inside-loop": ("best_move", V.best_move_returns_in_loop, ([[1], [2], [3]],)),
    "max-at-min-root": ("best_move_either", V.best_move_either_max_only, (_TREE, False)),
    "depth-off-by-one": ("minimax_depth", V.depth_stops_early, (_DEPTH_TREE, 1, True)),
    "depth-per-round": ("minimax_depth", V.depth_per_round, (_DEPTH_TREE, 1, True)),
    "depth-ignored": ("minimax_depth", V.depth_ignored, (_DEPTH_TREE, 1, True)),
    "terminal-not-checked": ("minimax_depth", V.depth_terminal_not_checked,
                             ([[2, 12], 5], 2, True)),
    "prune-strict": ("alphabeta", V.alphabeta_strict, (_TIE_TREE, -math.inf, math.inf, True)),
    "prune-non-strict": ("alphabeta", V.alphabeta, (_TIE_TREE, -math.inf, math.inf, True),
                         V.alphabeta_strict),
    "no-pruning": ("alphabeta", V.alphabeta_no_pruning,
                   (_PRUNE_TREE, -math.inf, math.inf, True)),
    "window-reset": ("alphabeta", V.alphabeta_window_reset,
                     (_PRUNE_TREE, -math.inf, math.inf, True)),
    "alpha-beta-swapped": ("alphabeta", V.alphabeta_swapped_call,
                           (_PRUNE_TREE, -math.inf, math.inf, True)),
    "board-not-restored": ("board_minimax", V.board_not_restored, ("XOXXO.O..", "X")),
    "not-symmetric": ("mirror", V.evaluate_not_symmetric, ("X........",)),
    "misses-better-board": ("pair", V.evaluate_counts_pieces, ("....X....", ".X.......")),
    "search-skips-win": ("one_ply", V.evaluate_terminal_not_checked, ("XOXOX.O..",)),
    "window-after": ("window", "returned", ([[[3, 5], [6, 9]], [[1, 2], [0, -1]]], "B2"),
                     "entered"),
}

_HARNESS = {"minimax": nested_minimax, "best_move": nested_best_move,
            "best_move_either": nested_best_move_either,
            "minimax_depth": nested_depth, "alphabeta": nested_alphabeta,
            "board_minimax": board_value}
_CALLS = {"minimax": "minimax(tree, {1})", "best_move": "best_move(tree)",
          "best_move_either": "best_move(tree, {1})",
          "minimax_depth": "minimax(tree, {1}, {2})",
          "alphabeta": "alphabeta(tree, -inf, +inf, {3})",
          "board_minimax": "minimax(board, {1!r})", "mirror": "evaluate(board), evaluate(mirror)",
          "pair": "evaluate({0!r}), evaluate({1!r})",
          "one_ply": "minimax(game, board, depth=1, evaluate=evaluate).move",
          "window": "alphabeta(tree, trace=True)"}


def _run(kind, fn, args):
    """What ``fn`` gives on ``args``: a value, a move, leaves evaluated, or the error."""
    if kind == "mirror":
        board = args[0]
        mirror = "".join(board[r + 2 - c] for r in (0, 3, 6) for c in range(3))
        return (fn(board), fn(mirror))
    if kind == "pair":
        return (fn(args[0]), fn(args[1]))
    if kind == "one_ply":
        game = TicTacToe(args[0])
        return minimax(game, depth=1, evaluate=fn).move
    if kind == "window":  # fn names the window read: "entered" or "returned"
        tree, node = args
        windows = alphabeta(to_game(tree), trace=True).trace.windows
        return next(getattr(w, fn) for w in windows.values() if w.state == node)
    outcome = run_local(fn, [tuple(args)], _HARNESS[kind])[0]
    if not outcome.ok:
        return f"raises {outcome.error.type}"
    if kind == "alphabeta":
        label = names(args[0])
        return ", ".join(label[tuple(p)] for p in outcome.extra)
    if kind == "board_minimax":
        return f"{outcome.value} (board after: {outcome.extra})"
    return outcome.value


_WHAT = {"minimax": "the value", "minimax_depth": "the value", "best_move": "the move",
         "best_move_either": "the move",
         "alphabeta": "the leaves evaluated", "board_minimax": "the value",
         "mirror": "a board's score and its mirror image's",
         "pair": "the scores of X on the centre and X on an edge square",
         "one_ply": "the square played", "window": "B2's window (alpha, beta) on entry"}


def _tiny_example(diagnosis):
    kind, fn, args, *right_fn = TINY[diagnosis]
    right_fn = right_fn[0] if right_fn else V.SOLUTIONS.get(kind, V.evaluate)
    return Example(tree=args[0], call=_CALLS[kind].format(*args),
                   right=_run(kind, right_fn, args), mistaken=_run(kind, fn, args),
                   what=_WHAT[kind])


def example(diagnosis):
    """A tiny input where ``diagnosis`` shows, with the right and the mistaken answer (or None).

    >>> e = example("one-based-move")
    >>> (e.right, e.mistaken)
    (0, 1)
    """
    _known(diagnosis)
    if diagnosis in TINY:
        return _tiny_example(diagnosis)
    return _question_example(diagnosis)


def _known(diagnosis):
    if diagnosis not in DIAGNOSES:
        raise KeyError(f"no diagnosis {diagnosis!r}; known ids: {', '.join(DIAGNOSES)}")


def _question_example(diagnosis):
    """The example a question gives (fixed questions first, else a variant's seed 0):
    its tree or board, its right answer and the answer this mistake gives."""
    if ADVICE.get(diagnosis, Advice("", "", "")).topic in (_F, _S):
        return None
    qids = detectors().get(diagnosis, ())
    fixed = [qid for qid in qids if get_question(qid).data(0) is get_question(qid).data(1)]
    for qid in fixed + [qid for qid in qids if qid not in fixed]:
        found = _answers(get_question(qid), diagnosis)
        if found is not None:
            right, mistaken, what, data = found
            call = qid if qid in fixed else f"{qid} (seed 0)"
            return Example(tree=_shown(data), call=call, right=right, mistaken=mistaken,
                           what=what, source=call)
    return None


def _answers(q, diagnosis):
    """(right answer, this mistake's answer, what they are, data) on seed 0, or None."""
    data = q.data(0)
    if isinstance(q, ValueQuestion):
        mistaken = [v for d, v in (q._mistakes(data) if q._mistakes else [])
                    if d == diagnosis and v is not None]
        if mistaken and diagnosis in _diagnoses(q.check(mistaken[0], 0)):
            right = q._solve(data)
            if isinstance(right, (set, frozenset)):
                right = " or ".join(_show(r) for r in sorted(right))
            return right, mistaken[0], "the answer", data
    if isinstance(q, ChoiceQuestion):
        options = q._options(0)
        letters = string.ascii_lowercase[:len(options)]
        right = [x for x in letters if q.check(x, 0).passed]
        wrong = [x for x in letters if diagnosis in _diagnoses(q.check(x, 0))]
        if right and wrong:
            return (f"{right[0]}) {options[letters.index(right[0])]}",
                    f"{wrong[0]}) {options[letters.index(wrong[0])]}", "the option", data)
    return None


def _diagnoses(verdict):
    """The ids a verdict names, as a set."""
    return set(verdict.diagnoses)


def _shown(data):
    """The tree (or board) a question is about, when it is small enough to print."""
    if isinstance(data, dict):
        for key in ("tree", "board", "state"):
            if key in data and len(repr(data[key])) <= 80:
                return data[key]
    return None


# -- which questions detect which mistakes ------------------------------------------------
_NOT_MISTAKES = {"not-answered", "unknown-question"}
_PROBE_SEEDS = range(4)
_NONSENSE = {"not": "an answer"}


def diagnoses_of(q):
    """The diagnosis ids a question's check can give a wrong answer (found by asking it).

    >>> sorted(diagnoses_of(get_question("q3.7")))
    ['bad-answer', 'max-at-every-level', 'players-swapped', 'wrong']
    """
    found = _diagnoses(q.check(_NONSENSE, 0))
    if isinstance(q, FunctionQuestion):
        return found | {vid for vid, _ in V.variants_for(q.function_kind,
                                                          prune_ties=q.prune_ties)} \
            | set(GENERIC)
    if isinstance(q, ParsonsQuestion):
        return found | {"misplaced-line", "missing-line"} | (
            {"distractor-used"} if q.distractors else set())
    if isinstance(q, WindowQuestion):
        return found | {"alpha-beta-swapped", "window-reset", "window-after", "wrong"}
    if isinstance(q, PrunedQuestion):
        rule = "prune-strict" if q.prune_ties else "prune-non-strict"
        return found | {rule, "no-pruning", "pruned-too-many", "pruned-too-few",
                        "pruned-wrong"} | \
            {vid for vid, _ in V.variants_for("alphabeta", prune_ties=q.prune_ties)}
    seeds = [0] if isinstance(q, PredictQuestion) else _PROBE_SEEDS
    for seed in seeds:
        for answer in _tries(q, seed):
            try:
                verdict = q.check(answer, seed)
            except Exception:  # an answer the question cannot read says nothing
                continue
            if not verdict.passed:
                found |= _diagnoses(verdict)
    return found - _NOT_MISTAKES


def _tries(q, seed):
    """Answers worth trying on one variant of a question."""
    data = q.data(seed)
    if isinstance(q, ValueQuestion):
        mistakes = q._for_variant(q._mistakes, seed) if q._mistakes else []  # as check has them
        tries = [v for _, v in mistakes if v is not None]
        return tries + [-12345]
    if isinstance(q, ChoiceQuestion):
        return list(string.ascii_lowercase[:len(q._options(seed))])
    if isinstance(q, FillQuestion):
        return [list(words) for words in
                itertools.product(q.choices, repeat=len(data["blanks"]))]
    if isinstance(q, FindBugQuestion):
        lines = range(1, len(data["code"].splitlines()) + 1)
        return [(line, bug) for line in lines for bug in q.bug_ids]
    if isinstance(q, PredictQuestion):
        return [0, [], "TypeError", "ValueError", "RecursionError", "forever"]
    return []


def lesson_order(question_id):
    """Sort key: by lesson, a lesson's predictions (p) before its exercises (q), by number.

    >>> sorted(["q3.10", "q1.2", "p3.1", "q3.9"], key=lesson_order)
    ['q1.2', 'p3.1', 'q3.9', 'q3.10']
    """
    prefix, _, rest = question_id.partition(".")
    try:
        return (int(prefix[1:]), prefix[0], int(rest), question_id)
    except ValueError:
        return (math.inf, prefix, math.inf, question_id)


def detectors():
    """Diagnosis id -> ids of the questions that can give it, lesson by lesson."""
    if not _DETECTORS:
        found = {vid: [] for vid in DIAGNOSES}
        for qid in sorted(question_ids(), key=lesson_order):
            said = set() if os.environ.get(RECORD_ENV) else _diagnoses(check(qid, ...))
            for vid in sorted(diagnoses_of(get_question(qid)) | said):
                found.setdefault(vid, []).append(qid)
        _DETECTORS.update(found)
    return {vid: list(qids) for vid, qids in _DETECTORS.items()}


_DETECTORS: dict = {}


def planted_in():
    """Diagnosis id -> ids of the find-the-bug questions that plant that bug for students."""
    found = {}
    for qid in sorted(question_ids(), key=lesson_order):
        q = get_question(qid)
        if isinstance(q, FindBugQuestion):
            for vid in q.bug_ids:
                found.setdefault(vid, []).append(qid)
    return found


# -- the guide --------------------------------------------------------------------------------
def misconception(diagnosis) -> dict:
    """Everything the guide says about one diagnosis, as plain data.

    >>> m = misconception("depth-ignored")
    >>> m["example"].right, m["example"].mistaken
    (5, 4)
    """
    _known(diagnosis)
    if diagnosis not in ADVICE:
        raise KeyError(f"teaching.ADVICE has no entry for {diagnosis!r}: add one")
    advice = ADVICE[diagnosis]
    return {"id": diagnosis, "topic": advice.topic, "explanation": DIAGNOSES[diagnosis],
            "believes": advice.believes, "say": advice.say, "shows": advice.shows,
            "example": example(diagnosis), "detected_by": detectors().get(diagnosis, []),
            "planted_in": planted_in().get(diagnosis, [])}


def missing_advice() -> list:
    """Ids of the registry that :data:`ADVICE` does not cover (should be empty)."""
    return [vid for vid in DIAGNOSES if vid not in ADVICE]


def misconceptions() -> list:
    """The guide's entries, topic by topic, in the registry's order within a topic."""
    missing = missing_advice()
    if missing:
        raise KeyError(f"teaching.ADVICE has no entry for: {', '.join(missing)}")
    order = {topic: i for i, topic in enumerate(TOPICS)}
    ids = sorted(DIAGNOSES, key=lambda vid: order[ADVICE[vid].topic])
    return [misconception(vid) for vid in ids]


def _show(value):
    """A value as the guide prints it: boards row by row, infinities as +inf / -inf."""
    if isinstance(value, float) and math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    if isinstance(value, str) and len(value) == 9 and set(value) <= set("XO."):
        return "|".join(value[r:r + 3] for r in (0, 3, 6))
    return repr(value) if not isinstance(value, str) else value


def _question_list(qids, every):
    if len(qids) == len(every):
        return f"every question ({len(qids)})"
    return ", ".join(qids)


def guide_markdown() -> str:
    """The misconception guide as Markdown (what ``docs/teaching/misconceptions.md`` holds)."""
    every = question_ids()
    entries = misconceptions()
    lines = ["# Misconception guide", "",
             "Generated by `python -m minimax_lessons.instructor.teaching.guide` from the "
             "checker's diagnosis registry (`minimax_lessons/exercises/variants.py`) and the "
             "registered questions; "
             "do not edit by hand. For each mistake the checker can name: what the student "
             "believes, a tiny tree where it shows (the right and the mistaken answer are "
             "computed by running the right function and the buggy one), what to say, and "
             "which questions detect it.", "",
             "A question *detects* a mistake when its check can answer a wrong answer with "
             "that id; function questions name every known mistake of their kind and the "
             "generic failures.", ""]
    for topic in TOPICS:
        lines += [f"- [{topic}](#{topic.lower().replace(' ', '-').replace(',', '')})"]
    lines.append("")
    for topic in TOPICS:
        lines += [f"## {topic}", ""]
        for m in (e for e in entries if e["topic"] == topic):
            lines += _entry(m, every)
    return "\n".join(lines).rstrip() + "\n"


def _entry(m, every):
    out = [f"### `{m['id']}`", "", f"*The checker says:* {m['explanation']}", "",
           f"- **Believes:** {m['believes']}"]
    e = m["example"]
    if e is not None:
        if e.source:
            on = f", on `{_show(e.tree)}`," if e.tree is not None else ","
            where = f"in {e.source}{on} {e.what} is"
        else:
            kind = "board" if isinstance(e.tree, str) else "tree"
            where = f"on the {kind} `{_show(e.tree)}`, `{e.call}` gives {e.what}"
        mistaken = _show(e.mistaken)
        stop = "" if mistaken.endswith(".") else "."
        out.append(f"- **Where it shows:** {where} **{_show(e.right)}**; with this mistake "
                   f"**{mistaken}**{stop}")
        if m["shows"]:
            out.append(f"- **How it shows:** {m['shows']}")
    else:
        out.append(f"- **How it shows:** {m['shows'] or 'no tiny tree; see the questions.'}")
    out.append(f"- **Say:** {m['say']}")
    out.append(f"- **Detected by:** {_question_list(m['detected_by'], every) or 'no question'}")
    if m["planted_in"]:
        out.append(f"- **Planted in:** {', '.join(m['planted_in'])} (find the bug)")
    return out + [""]


def write_guide(root=".") -> Path:
    """Write the guide under ``root`` (the project's root); returns the file's path."""
    path = Path(root) / GUIDE_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(guide_markdown(), encoding="utf-8")
    return path


__all__ = ["ADVICE", "TOPICS", "Advice", "Example", "example", "detectors", "diagnoses_of",
           "planted_in", "lesson_order", "misconception", "misconceptions", "missing_advice",
           "guide_markdown", "write_guide", "GUIDE_PATH"]


if __name__ == "__main__":
    print(write_guide())
