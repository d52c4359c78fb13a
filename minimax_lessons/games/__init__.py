"""Games: the one interface every search and picture accepts, and the games of the course.

- :mod:`.game`: the interface (``Game``), the players ``MAX``, ``MIN``, ``CHANCE``;
- :mod:`.tree`: explicit game trees (``GameTree``), the small hand-made trees of the lessons;
- :mod:`.multiplayer`: trees of three or more players, a utility vector at each leaf
  (``MultiplayerTree``);
- :mod:`.tictactoe`, :mod:`.nim`, :mod:`.connectfour`: the board games;
- :mod:`.examples`: the course's canonical trees (Figure 5.2 and friends) as literal data.

This package imports nothing else of ``minimax_lessons``. Its own names are the
interface's (what ``minimax_lessons.games`` held when it was one module):

>>> from minimax_lessons.games import MAX, Game
>>> MAX
'max'
"""

from .game import (CHANCE, MAX, MIN, PLAYERS, Game, GameError, board_of, check_player,
                   is_named_tree, other)

__all__ = ["Game", "GameError", "MAX", "MIN", "CHANCE", "PLAYERS", "check_player", "other",
           "board_of", "is_named_tree"]
