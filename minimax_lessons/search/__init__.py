"""Search: the algorithms that find a game's value, and the traces they leave.

- :mod:`.trace`: what a search did, step by step (``Trace``, ``Step``), and the
  recorder a search writes its steps to;
- :mod:`.result`: what a search returns (``SearchResult``) and the refusals every
  search shares (``SearchError``);
- :mod:`.adversarial`: minimax, alpha-beta, negamax, expectiminimax (with bounds:
  Star1), max^n, ``solve``, iterative deepening; :mod:`._deep` gives them room to
  recurse in deep games; :mod:`.ordering`: move orders learned from cut-offs (killer
  moves, the history heuristic);
- :mod:`.textbook`: the same searches in the short form students read (tested equal);
- :mod:`.engine`: move ordering, a transposition table and deepening for Connect Four;
- :mod:`.mcts`: Monte Carlo tree search (UCT).

Within the layer the textbook stands alone (it imports only the game interface), and
the engine builds on it: ``engine.table_search`` stores the flags of
``textbook.bound_flag``, the very function lesson 9 shows.

Imports only :mod:`minimax_lessons.games`. The package's own names are those of
:mod:`.adversarial` (what ``minimax_lessons.search`` held when it was one module):

>>> from minimax_lessons.search import minimax
>>> from minimax_lessons.games import examples
>>> minimax(examples.FIGURE_5_2).value
3
"""

from .adversarial import (INF, MAX, MIN, SearchError, SearchResult, alphabeta, best_first,
                          best_move, expectiminimax, iterative_deepening, maxn, minimax, negamax,
                          pruned_leaves, shuffled, solve)

__all__ = ["SearchResult", "SearchError", "minimax", "alphabeta", "negamax",
           "expectiminimax", "maxn", "pruned_leaves", "best_move", "solve", "iterative_deepening",
           "best_first", "shuffled", "INF", "MIN", "MAX"]
