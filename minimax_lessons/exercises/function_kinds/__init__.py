"""The kinds of student function the checker knows, and the inputs it tries: one module
per kind (``minimax``, ``depth``, ``best_move``, ``alphabeta``, ``line``,
``alphabeta_search``, ``game_minimax``, ``board_minimax``, ``evaluate``, ``backup``),
what all share in :mod:`.kind`, and the registry here (:data:`KINDS`, :func:`get_kind`).

=================  ==========================================  =====================
kind               the student writes                          compared on
=================  ==========================================  =====================
``minimax``        ``minimax(node, is_maximizing) -> value``   value
``minimax_depth``  ``minimax(node, depth, is_maximizing)``     value (``estimate``
                                                               at depth 0)
``best_move``      ``best_move(node) -> index``                the best move (MAX at
                                                               the root; the first
                                                               of equal best moves)
``best_move_either`` ``best_move(node, is_maximizing)``        the best move for the
                                                               player at the root
                                                               (the first of equals)
``alphabeta``      ``alphabeta(node, alpha, beta,              value, and the order
                   is_maximizing) -> value``                   leaves are evaluated
``minimax_line``   ``minimax_line(node, is_maximizing)         value and the line of
                   -> (value, line)``                          best play (indices)
``alphabeta_``     ``alphabeta_search(node, is_maximizing)     value, first best move,
``search``         -> (value, move, leaves)``                  leaves counted, and the
                                                               order they are evaluated
``game_minimax``   ``minimax(game, state) -> value``           value (trees,
                                                               tic-tac-toe, Nim)
``board_minimax``  ``minimax(board, player) -> value``         value; board left as
                                                               it was
``evaluate``       ``evaluate(board) -> number``               properties (pairs of
                                                               boards, symmetric, in
                                                               range)
``backup``         ``backup(path, utility)``: Monte Carlo      each node's visits
                   tree search's back-up step, in place        and wins afterwards
=================  ==========================================  =====================

``node`` is a nested tree (:mod:`~minimax_lessons.exercises.nested`): a number
is a leaf, a list an inner node. ``board`` is a list of 9 cells ``"X"``,
``"O"``, ``"."`` (row by row) and ``player`` is ``"X"`` (MAX) or ``"O"``; for
``evaluate`` the board is a 9-character string as in
:class:`~minimax_lessons.games.tictactoe.TicTacToe`, scored from X's (MAX's) side. For
``backup``, ``path`` lists the nodes from the one just added up to the root, each a
dict ``{"visits": 3, "wins": 1.0, "chooser": "max", "to_move": "min"}`` (``chooser``:
the player who moved into the node, None at the root; ``to_move``: who moves there,
None at a finished game); ``utility`` is the play-out's result, MAX's point of view.

Inputs: hand-made *traps* first (small trees on which the known mistakes give
different answers), then trees drawn from a seed. Hidden tests (graded use) draw from
another stream and add traps of their own: trees with float leaves, on which a leaf test
``isinstance(node, int)`` fails. Every expected answer comes
from the package's own searches (:mod:`minimax_lessons.search`).

>>> get_kind("minimax").signature
'minimax(node, is_maximizing) -> value'
>>> sorted(KINDS)[:3]
['alphabeta', 'alphabeta_search', 'backup']
"""

from __future__ import annotations

from .alphabeta import AlphaBetaKind
from .alphabeta_search import SearchKind
from .backup import BackupKind
from .best_move import BestMoveEitherKind, BestMoveKind
from .board_minimax import BoardKind
from .depth import DepthKind
from .evaluate import EvaluateKind
from .game_minimax import GameKind
from .kind import Case, Expected, Kind, NestedKind
from .line import LineKind
from .minimax import MinimaxKind

KINDS = {k.name: k for k in (MinimaxKind(), DepthKind(), BestMoveKind(), BestMoveEitherKind(),
                             AlphaBetaKind(), LineKind(), SearchKind(), GameKind(), BoardKind(),
                             EvaluateKind(),
                             BackupKind())}


def get_kind(name, *, prune_ties=None) -> Kind:
    """The kind called ``name`` (under alpha-beta's pruning rule ``prune_ties``, for the
    kinds that have one); a clear error otherwise."""
    try:
        kind = KINDS[name]
    except KeyError:
        raise ValueError(f"unknown kind {name!r}; kinds are {', '.join(KINDS)}") from None
    return kind if prune_ties is None else kind.with_pruning_rule(prune_ties)


__all__ = ["Kind", "NestedKind", "Case", "Expected", "KINDS", "get_kind"]
