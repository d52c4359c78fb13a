"""The one small interface every game in the course shares.

Vocabulary
----------
- A *state* is a position of the game. States are hashable values: a node name
  for a :class:`~minimax_lessons.games.tree.GameTree`, a 9-character string for
  tic-tac-toe, a tuple for Nim.
- A *player* is one of ``"max"``, ``"min"`` or ``"chance"`` (dice, a random
  opponent). MAX wants the utility high, MIN wants it low.
- An *action* is a move available in a state; ``result(state, action)`` is the
  state it leads to. A *ply* is one move by one player.
- A *terminal* state ends the game; its *utility* is always given from MAX's
  point of view (+1 a win for MAX, -1 a win for MIN, 0 a draw, or any numbers).

Every search, drawing and exercise in the package accepts any object with these
methods, so a game written by a student works with all of them::

    class MyGame(Game):
        def initial_state(self): ...
        def to_move(self, state): ...        # "max", "min" or "chance"
        def actions(self, state): ...        # a sequence, in a fixed order
        def result(self, state, action): ...
        def is_terminal(self, state): ...
        def utility(self, state): ...        # from MAX's point of view

Optional methods that searches use when present: ``chances(state)`` (pairs of
action and probability, for chance states), ``heuristic(state)`` (a value for a
non-terminal state where a depth limit stops the search) and ``text(state)``
(a readable form of a state). Pictures also ask ``board(state)``: how a state looks
as a board (:func:`board_of`), and whether the game is a tree of named nodes
(:func:`is_named_tree`).

>>> from minimax_lessons import TicTacToe
>>> board_of(TicTacToe(), "XO..X...O"), board_of(Game(), "any state")
(('XO.', '.X.', '..O'), None)
"""

from __future__ import annotations

MAX = "max"
MIN = "min"
CHANCE = "chance"
PLAYERS = (MAX, MIN, CHANCE)


class GameError(ValueError):
    """A game was given a state, action or description it cannot accept."""


class Game:
    """Base class for games: subclasses fill in the six rules.

    >>> from minimax_lessons import Nim
    >>> game = Nim([1, 2])
    >>> game.to_move(game.initial_state())
    'max'
    """

    #: True for a game whose states are the named nodes of a tree given in full
    #: (:class:`~minimax_lessons.games.tree.GameTree`): pictures draw it whole, a name
    #: beside each node, and may start at any node below a search's root.
    named_tree = False

    def initial_state(self):
        """The state the game starts in."""
        raise NotImplementedError

    def to_move(self, state) -> str:
        """Whose turn it is in ``state``: "max", "min" or "chance"."""
        raise NotImplementedError

    def actions(self, state):
        """The legal actions in ``state``, in a fixed order (left to right)."""
        raise NotImplementedError

    def result(self, state, action):
        """The state reached by playing ``action`` in ``state``."""
        raise NotImplementedError

    def is_terminal(self, state) -> bool:
        """True when the game is over in ``state``."""
        raise NotImplementedError

    def utility(self, state) -> float:
        """The final score of a terminal ``state``, from MAX's point of view."""
        raise NotImplementedError

    def chances(self, state):
        """Pairs ``(action, probability)`` for a chance state (uniform by default)."""
        actions = list(self.actions(state))
        return [(a, 1 / len(actions)) for a in actions]

    def text(self, state) -> str:
        """A readable form of ``state``."""
        return str(state)

    def board(self, state):
        """How ``state`` looks as a board in pictures: a tuple of rows, top row first, one
        character a square (``"."`` an empty one); or one line of text; or None, for a
        game without a board (pictures then write ``text(state)``)."""
        return None

    def successors(self, state):
        """Pairs ``(action, next state)`` in action order.

        >>> from minimax_lessons import Nim
        >>> Nim([2]).successors(((2,), "max"))
        [((0, 1), ((1,), 'min')), ((0, 2), ((0,), 'min'))]
        """
        return [(a, self.result(state, a)) for a in self.actions(state)]


def board_of(game, state):
    """``game.board(state)``, also for a game written without :class:`Game` (None)."""
    board = getattr(game, "board", None)
    return board(state) if board is not None else None


def is_named_tree(game) -> bool:
    """Whether ``game`` is a tree of named nodes (see :attr:`Game.named_tree`)."""
    return bool(getattr(game, "named_tree", False))


def check_player(player, where: str = "", error=GameError) -> str:
    """Return ``player`` if it is a known player, else raise a clear ``error``."""
    if player not in PLAYERS:
        at = f" at {where}" if where else ""
        raise error(
            f"unknown player {player!r}{at}; a player is one of "
            + ", ".join(repr(p) for p in PLAYERS)
        )
    return player


def other(player: str) -> str:
    """The opponent of MAX or MIN.

    >>> other("max")
    'min'
    """
    return MIN if player == MAX else MAX
