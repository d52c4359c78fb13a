"""The old home of the lessons' exercises, kept so that old imports still work.

The exercises at the end of lessons 1, 2 and 4-9 (and of the graded alpha-beta notebook)
now live with each lesson's predictions in :mod:`minimax_lessons.exercises.banks`
(``banks/lesson1.py`` ... ``banks/lesson9.py``); this module gives their helpers under
the names they had here.

>>> from minimax_lessons.exercises.lessons import numbered
>>> print(numbered("X........").splitlines()[0])
X . .    0 1 2
"""

from ..search.mcts import ucb1_score
from .banks.common import (GAME, LETTERS, best_squares, move_values, mover, numbered,
                           random_nested, random_position, signed)
from .banks.lesson1 import ALL_RESCALINGS, INCREASING, OTHERS
from .banks.lesson2 import SHOWN_MISTAKES
from .banks.lesson4 import BOARD_MINIMAX, FAST_WINS, FastWins, fastest_squares, wins_at_once
from .banks.lesson5 import deepening_total, tree_size
from .banks.lesson6 import ALPHABETA, KNUTH_MOORE, PRUNED, STRICT, WINDOW, perfect_order_leaves
from .banks.lesson7 import CHANCES
from .banks.lesson9 import (FOUR, blocking_columns, columns_winning_now, forced_win_within,
                            four_listing, winning_columns_in_three)

#: The rescalings of q1.4, by their text.
RESCALINGS = ALL_RESCALINGS
#: The old names of the counts of lesson 5 and of UCB1.
uniform_size, deepening_nodes, ucb1 = tree_size, deepening_total, ucb1_score

__all__ = ["GAME", "LETTERS", "random_nested", "random_position", "numbered", "mover",
           "move_values", "best_squares", "signed", "INCREASING", "OTHERS", "RESCALINGS",
           "SHOWN_MISTAKES", "BOARD_MINIMAX", "FastWins", "FAST_WINS", "fastest_squares",
           "wins_at_once", "uniform_size", "deepening_nodes", "perfect_order_leaves",
           "ALPHABETA", "PRUNED", "STRICT", "WINDOW", "KNUTH_MOORE", "CHANCES", "ucb1", "FOUR",
           "four_listing", "columns_winning_now", "forced_win_within", "blocking_columns",
           "winning_columns_in_three"]
