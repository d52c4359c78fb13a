"""Search: the algorithms that find a game's value, and the traces they leave.

- :mod:`.trace`: what a search did, step by step (``Trace``, ``Step``);
- :mod:`.adversarial`: minimax, alpha-beta, negamax, expectiminimax, ``solve``,
  iterative deepening, and ``SearchResult``;
- :mod:`.textbook`: the same searches in the short form students read (tested equal);
- :mod:`.engine`: move ordering, a transposition table and deepening for Connect Four;
- :mod:`.mcts`: Monte Carlo tree search (UCT).

Imports only :mod:`minimax_lessons.games`. The package's own names are those of
:mod:`.adversarial` (what ``minimax_lessons.search`` held when it was one module):

>>> from minimax_lessons.search import minimax
>>> from minimax_lessons.games import examples
>>> minimax(examples.FIGURE_5_2).value
3
"""

from .adversarial import (INF, MAX, MIN, SearchError, SearchResult, alphabeta, best_first,
                          best_move, expectiminimax, iterative_deepening, minimax, negamax,
                          shuffled, solve)

__all__ = ["SearchResult", "SearchError", "minimax", "alphabeta", "negamax",
           "expectiminimax", "best_move", "solve", "iterative_deepening",
           "best_first", "shuffled", "INF", "MIN", "MAX"]
