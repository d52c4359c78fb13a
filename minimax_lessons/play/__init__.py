"""Play: games against the program, and bots that play each other.

- :mod:`.match`: the exact value of every move, players, one match between two players;
- :mod:`.tictactoe_board`, :mod:`.connectfour_board`: clickable boards against the program;
- :mod:`.bots`: programs that choose a move, and the reference bots;
- :mod:`.arena`, :mod:`.bot_process`: games between bots, each in a process of its own.

Imports only the layers below (games, search, pictures, and the runner's codec for the
bots' pipes). The package's own names are those ``minimax_lessons.play`` held when it was
one module:

>>> from minimax_lessons.play import move_values
>>> from minimax_lessons import TicTacToe
>>> game = TicTacToe()
>>> move_values(game, game.parse("XX.\\nOO.\\n..."))[2]
1
"""

from .match import move_values, perfect_player, play_match, random_player
from .tictactoe_board import TicTacToeBoard

__all__ = ["move_values", "perfect_player", "random_player", "play_match", "TicTacToeBoard"]
