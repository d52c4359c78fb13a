"""How each kind of student function is called on one test input.

A *harness* is ``harness(fn, item, call) -> (value, extra)``: it prepares the
arguments from ``item`` (plain, picklable data), calls the student's function
through ``call(*args)`` (which captures output, notices mutated arguments and
reports exceptions) and returns what it observed. The same harnesses run in
the sandbox's worker (student code) and in this process (:func:`run_local`, for
the known buggy variants, which are our own code).

Watching alpha-beta
-------------------
To learn the order in which a student's alpha-beta evaluates leaves without
asking the student to call anything, the inner nodes are handed over as
:class:`RecordingList` objects: real lists (``isinstance(node, list)`` is
True) that note each leaf at the moment the student's loop reaches it, through
``for child in node``, ``node[i]``, ``enumerate(node)`` and the like. A leaf is
*evaluated* when the loop reaches it; children the loop never reaches were
pruned.

>>> log = []
>>> node = RecordingList.wrap([[3, 12], [2, 4]], log)
>>> for child in node[0]:
...     pass
>>> log
[(0, 0), (0, 1)]
"""

from __future__ import annotations

import copy

from ..games.tictactoe import TicTacToe
from ..games.tree import GameTree
from ..runner.codec import Opaque, decode, encode


class RecordingList(list):
    """A list that notes in a shared log each leaf child handed out, by index path."""

    __slots__ = ("_ids", "_log")

    @classmethod
    def wrap(cls, tree, log, path=()):
        """Wrap a nested tree (lists become RecordingLists; leaves stay numbers)."""
        if not isinstance(tree, list):
            return tree
        node = cls(cls.wrap(c, log, (*path, i)) for i, c in enumerate(tree))
        node._ids = tuple((*path, i) for i in range(len(tree)))
        node._log = log
        return node

    def _note(self, i):
        child = list.__getitem__(self, i)
        if not isinstance(child, list):
            self._log.append(self._ids[i])
        return child

    def __iter__(self):
        for i in range(list.__len__(self)):
            yield self._note(i)

    def __reversed__(self):
        for i in reversed(range(list.__len__(self))):
            yield self._note(i)

    def __getitem__(self, i):
        if isinstance(i, slice):
            part = RecordingList(list.__getitem__(self, i))
            part._ids = self._ids[i]
            part._log = self._log
            return part
        n = list.__len__(self)
        return self._note(i + n if isinstance(i, int) and i < 0 else i)

    def copy(self):
        return self[:]

    def __repr__(self):
        return repr(plain(self))

    def __reduce_ex__(self, protocol):
        return (list, (plain(self),))


def plain(tree):
    """A nested tree with RecordingLists turned back into lists (nothing is logged)."""
    if isinstance(tree, list):
        return [plain(c) for c in list.__iter__(tree)]
    return tree


# -- harnesses (referenced as "minimax_lessons.exercises.harness:NAME") ----------
def call_args(fn, item, call):
    """``item`` is a tuple of arguments."""
    return call(*item), None


def nested_minimax(fn, item, call):
    """``fn(node, is_maximizing)``; item ``(tree, is_maximizing)``."""
    tree, is_max = item
    return call(tree, is_max), None


def nested_depth(fn, item, call):
    """``fn(node, depth, is_maximizing)``; item ``(tree, depth, is_maximizing)``."""
    tree, depth, is_max = item
    return call(tree, depth, is_max), None


def nested_best_move(fn, item, call):
    """``fn(node) -> index of the best child``, MAX at the root; item ``(tree,)``."""
    (tree,) = item
    return call(tree), None


def nested_best_move_either(fn, item, call):
    """``fn(node, is_maximizing) -> index of the best child for the player at the root``;
    item ``(tree, is_maximizing)``."""
    tree, is_max = item
    return call(tree, is_max), None


def nested_alphabeta(fn, item, call):
    """``fn(node, alpha, beta, is_maximizing)``; extra: leaf index paths in evaluation order."""
    tree, alpha, beta, is_max = item
    log = []
    node = RecordingList.wrap(tree, log)
    if not isinstance(node, list):
        log.append(())
    value = call(node, alpha, beta, is_max, watch=node, freeze=plain)
    return value, tuple(log)


def nested_search(fn, item, call):
    """``fn(node, is_maximizing)`` that searches with alpha-beta; extra: leaf index paths in
    evaluation order (as :func:`nested_alphabeta`)."""
    tree, is_max = item
    log = []
    node = RecordingList.wrap(tree, log)
    if not isinstance(node, list):
        log.append(())
    value = call(node, is_max, watch=node, freeze=plain)
    return value, tuple(log)


def game_value(fn, item, call):
    """``fn(game, state) -> value``; item ``(game description, state)``."""
    game, state = item
    return call(make_game(game), state, watch=None), None


def board_value(fn, item, call):
    """``fn(board, player)`` on a tic-tac-toe board as a list of 9 cells; extra: the board after."""
    board, player = item
    board = list(board)
    value = call(board, player)
    return value, "".join(str(c) for c in board)


def evaluation(fn, item, call):
    """``fn(board) -> number`` for a tic-tac-toe board given as a 9-character string."""
    (board,) = item
    return call(board), None


def backup_step(fn, item, call):
    """``fn(path, utility)`` updates the nodes of ``path`` (dicts) in place; the value
    observed: each node's ``[visits, wins]`` afterwards, the new node first (the root's
    wins count for nobody, so they are not looked at: None)."""
    path, utility = item
    nodes = [dict(node) for node in path]
    call(nodes, utility, watch=None)  # changing the nodes is the job, not a mistake
    return [[node.get("visits"), node.get("wins") if old["chooser"] is not None else None]
            for node, old in zip(nodes, path)], None


def make_game(description):
    """A game from its picklable description: ``("tree", spec)``, ``("tictactoe",)``, or a game."""
    if isinstance(description, tuple) and description and description[0] == "tree":
        return GameTree.from_dict(description[1])
    if isinstance(description, tuple) and description and description[0] == "tictactoe":
        return TicTacToe()
    return description


def describe_game(game):
    """The picklable description of a game (GameTree objects are sent as specs)."""
    if isinstance(game, GameTree):
        return ("tree", game.to_dict())
    if isinstance(game, TicTacToe) and game.start == "." * 9 and game.scores == (1, 0, -1):
        return ("tictactoe",)
    return game


# -- running trusted code here --------------------------------------------------
class _Raised(Exception):
    def __init__(self, exc):
        super().__init__(repr(exc))
        self.exc = exc


def run_local(fn, items, harness):
    """Outcomes of our own (trusted) function, as the sandbox would report them."""
    from ..runner.sandbox import ErrorInfo, Outcome

    outcomes = []
    for item in items:
        mutated = []

        def call(*args, watch=_ARGS, freeze=copy.deepcopy):
            target = args if watch is _ARGS else watch
            before = freeze(target)
            try:
                return fn(*args)
            except Exception as exc:
                raise _Raised(exc) from None
            finally:
                if before != freeze(target):
                    mutated.append(True)

        try:
            value, extra = harness(fn, copy.deepcopy(item), call)
            outcomes.append(Outcome("ok", _roundtrip(value), _roundtrip(extra),
                                    mutated=bool(mutated)))
        except _Raised as err:
            outcomes.append(Outcome("raised", error=ErrorInfo(type(err.exc).__name__,
                                                              str(err.exc)), mutated=bool(mutated)))
    return outcomes


_ARGS = object()


def _roundtrip(value):
    """What the value looks like after the trip from the worker (same types as students')."""
    if value is None:
        return None
    return decode(encode(value))


def resolve_harness(name):
    """The harness function for ``"module:function"`` or a bare name in this module."""
    return globals()[name.rpartition(":")[2]]


def ref(harness) -> str:
    """The importable reference of one of this module's harnesses."""
    return f"{__name__}:{harness.__name__}"


__all__ = ["RecordingList", "plain", "run_local", "ref", "make_game", "describe_game",
           "Opaque"]
