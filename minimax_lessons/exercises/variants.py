"""Known mistakes as code: the buggy functions a student writes, by mistake id.

When a student's function gives wrong answers, the checker runs these buggy
variants on the same inputs; a variant that gives exactly the student's answers
names the mistake. Each variant is written the way a student would write it
(and the tests send them through the sandbox as if a student had). The words for
each id (:data:`~minimax_lessons.mistakes.DIAGNOSES`,
:func:`~minimax_lessons.mistakes.explain`, ...) are in :mod:`minimax_lessons.mistakes`.

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
``alpha-beta-swapped``      alpha and beta swapped (in the recursive call, the tests or the
                            updates)
``returns-before-loop``     returns before the loop compares any move (the first move)
``returns-inside-loop``     returns inside the loop, after the first comparison
``max-at-min-root``         picks the largest value at a MIN root too
``not-symmetric``           an evaluation that scores mirror images differently
``misses-better-board``     an evaluation blind to where pieces stand (a constant, a
                            count of pieces)
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
``not-answered`` and the ids listed in :data:`~minimax_lessons.mistakes.DIAGNOSES`
under "self-check questions".

>>> [vid for vid, fn in variants_for("minimax")][:2]
['max-at-every-level', 'never-switches-player']
>>> minimax_max_everywhere([[3, 12], [2, 4]], True)
12
"""

from __future__ import annotations

import math

from ..games.tictactoe import LINES, winner
from .harness import nested_alphabeta
from .nested import estimate, is_leaf, names, paths, subtree

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


def best_move_returns_first(node):
    """The return placed before the loop: the first move, whatever the values."""
    values = [minimax(child, False) for child in node]
    best = 0
    return best


def best_move_returns_in_loop(node):
    """The return inside the loop: decided after comparing the first two moves."""
    values = [minimax(child, False) for child in node]
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
        return best
    return best


# =============================================================================
# "best_move_either": fn(node, is_maximizing) -> index of the best child for the mover
# =============================================================================
def best_move_either(node, is_maximizing):
    """A correct student solution."""
    values = [minimax(child, not is_maximizing) for child in node]
    best = 0
    for i in range(1, len(values)):
        if (values[i] > values[best]) if is_maximizing else (values[i] < values[best]):
            best = i
    return best


def best_move_either_max_only(node, is_maximizing):
    """The lesson's best_move, whoever moves at the root."""
    values = [minimax(child, False) for child in node]
    return values.index(max(values))


def best_move_either_largest_always(node, is_maximizing):
    """The children's values right, but always the largest picked."""
    values = [minimax(child, not is_maximizing) for child in node]
    return values.index(max(values))


def best_move_either_players_swapped(node, is_maximizing):
    values = [minimax(child, is_maximizing) for child in node]
    pick = min if is_maximizing else max
    return values.index(pick(values))


def best_move_either_returns_value(node, is_maximizing):
    values = [minimax(child, not is_maximizing) for child in node]
    return max(values) if is_maximizing else min(values)


def best_move_either_one_based(node, is_maximizing):
    return best_move_either(node, is_maximizing) + 1


def best_move_either_rightmost_on_ties(node, is_maximizing):
    values = [minimax(child, not is_maximizing) for child in node]
    best = 0
    for i, v in enumerate(values):
        if (v >= values[best]) if is_maximizing else (v <= values[best]):
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


def alphabeta_swapped_updates(node, alpha, beta, is_maximizing):
    """MAX's node lowers beta and MIN's raises alpha: each updates the other one's bound."""
    if not isinstance(node, list):
        return node
    if is_maximizing:
        value = -math.inf
        for child in node:
            value = max(value, alphabeta_swapped_updates(child, alpha, beta, False))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for child in node:
        value = min(value, alphabeta_swapped_updates(child, alpha, beta, True))
        alpha = max(alpha, value)
        if alpha >= beta:
            break
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
    if w is not None:
        return 1 if w == "X" else -1
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
def evaluate(board):
    """A correct student solution: open lines for X minus for O, shrunk to lie strictly
    between a loss (-1) and a win (+1); a search never asks it about finished games."""
    x_open = sum(1 for line in LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in LINES if all(board[i] != "X" for i in line))
    return (x_open - o_open) / 10


def evaluate_wins_inside(board):
    """Wins at +-100 inside evaluate, open lines otherwise: the search never calls it on a
    won board, so only the -8..8 of the unfinished ones counts, and that outranks a win."""
    w = winner(board)
    if w == "X":
        return 100
    if w == "O":
        return -100
    x_open = sum(1 for line in LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in LINES if all(board[i] != "X" for i in line))
    return x_open - o_open


def evaluate_signs_swapped(board):
    w = winner(board)
    if w == "X":
        return -100
    if w == "O":
        return 100
    x_open = sum(1 for line in LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in LINES if all(board[i] != "X" for i in line))
    return o_open - x_open


def evaluate_terminal_not_checked(board):
    x_open = sum(1 for line in LINES if all(board[i] != "O" for i in line))
    o_open = sum(1 for line in LINES if all(board[i] != "X" for i in line))
    return x_open - o_open


def evaluate_counts_pieces(board):
    """X's pieces minus O's, shrunk: in tic-tac-toe it only says whose turn it is."""
    return (board.count("X") - board.count("O")) / 10


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
        ("returns-before-loop", best_move_returns_first),
        ("returns-inside-loop", best_move_returns_in_loop),
    ],
    "best_move_either": [
        ("max-at-min-root", best_move_either_max_only),
        ("max-at-min-root", best_move_either_largest_always),
        ("returns-value-not-move", best_move_either_returns_value),
        ("players-swapped", best_move_either_players_swapped),
        ("one-based-move", best_move_either_one_based),
        ("rightmost-on-ties", best_move_either_rightmost_on_ties),
    ],
    "alphabeta": [
        ("no-pruning", alphabeta_no_pruning),
        ("window-reset", alphabeta_window_reset),
        ("alpha-beta-swapped", alphabeta_swapped_call),
        ("alpha-beta-swapped", alphabeta_swapped_tests),
        ("alpha-beta-swapped", alphabeta_swapped_updates),
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
        ("misses-better-board", evaluate_counts_pieces),
    ],
}

#: kind -> a correct solution written as a student would (tests, notebook keys).
SOLUTIONS = {
    "minimax": minimax,
    "minimax_depth": minimax_depth,
    "best_move": best_move,
    "best_move_either": best_move_either,
    "alphabeta": alphabeta,
    "game_minimax": game_minimax,
    "board_minimax": board_minimax,
    "evaluate": evaluate,
    "backup": backup,
}


def variants_for(kind, *, prune_ties=True):
    """The (id, function) pairs for ``kind``; alpha-beta's depend on the pruning rule.

    The graded kinds that return more than a value (``minimax_line``, ``alphabeta_search``)
    make the mistakes of the search they extend: its variants, each wrapped to answer in
    the graded kind's shape (the value alone is compared, and alpha-beta's leaves).
    """
    if kind in EXTENDED:
        base, wrap = EXTENDED[kind]
        return [(vid, wrap(fn)) for vid, fn in variants_for(base, prune_ties=prune_ties)]
    found = list(VARIANTS.get(kind, ()))
    if kind == "alphabeta":
        other = ("prune-strict", alphabeta_strict) if prune_ties else \
            ("prune-non-strict", alphabeta)
        found.insert(0, other)
    return found


def _with_no_line(fn):
    """A minimax mistake answering as ``minimax_line`` does (with no line)."""
    def minimax_line(node, is_maximizing):
        return fn(node, is_maximizing), None

    return minimax_line


def _from_the_root(fn):
    """An alpha-beta mistake answering as ``alphabeta_search`` does (value only)."""
    def alphabeta_search(node, is_maximizing):
        return fn(node, -math.inf, math.inf, is_maximizing), None, None

    return alphabeta_search


#: graded kind -> (the kind whose mistakes it makes, how to wrap one of them).
EXTENDED = {"minimax_line": ("minimax", _with_no_line),
            "alphabeta_search": ("alphabeta", _from_the_root)}


#: Mistakes made in code but not by hand: nobody working out alpha-beta on paper moves the
#: other player's bound, so a set of leaves that mistake would skip is not named after it.
CODE_ONLY = (alphabeta_swapped_updates,)


def skipped_leaves(tree, is_max, *, prune_ties=True) -> list:
    """``[(id, names of the leaves it never evaluates)]`` for each known alpha-beta mistake
    on a nested tree, the other pruning rule first; each mistaken search is watched by the
    checker's own harness, as ``check_function`` watches a student's.

    >>> skipped_leaves([[3, 12], [2, 4]], True)[:2]
    [('prune-strict', {'C2'}), ('no-pruning', set())]
    """
    labels = names(tree)
    every = {labels[path] for path in paths(tree) if is_leaf(subtree(tree, path))}
    item = (tree, -math.inf, math.inf, is_max)
    found = []
    for vid, fn in variants_for("alphabeta", prune_ties=prune_ties):
        if fn in CODE_ONLY:
            continue
        _, order = nested_alphabeta(fn, item, lambda *args, watch=None, freeze=None, fn=fn:
                                    fn(*args))
        found.append((vid, every - {labels[tuple(path)] for path in order}))
    return found


__all__ = ["VARIANTS", "SOLUTIONS", "variants_for", "skipped_leaves"]
