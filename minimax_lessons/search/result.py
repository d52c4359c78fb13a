"""What a search returns, and why a search refuses to run.

Vocabulary
----------
- A :class:`SearchResult` holds what a search found: the root's value and first
  best move, how many states it visited and scored, what alpha-beta pruned (and,
  asked, the leaves under what it pruned: :meth:`SearchResult.pruned_leaves`), and
  (with ``trace=True``) the :class:`~minimax_lessons.search.trace.Trace` of its
  steps, whose views it hands on (``visited``, ``values``, ``line``, ``windows``).
- A :class:`SearchError` says what is wrong with a search's input and what to
  do. The refusals every search shares are made here, once: a depth that is not
  a whole number of plies (:func:`check_depth`), a depth limit reached with no
  evaluation function (:func:`no_evaluation`), and a state that is not terminal
  but has no moves (:func:`no_actions`).

>>> try:
...     check_depth(-1)
... except SearchError as error:
...     print(error)
depth must be a whole number >= 0 (plies) or None, not -1
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.game import CHANCE, GameError
from .trace import Trace


class SearchError(GameError):
    """A search cannot run on this input (the message says why and what to do)."""


def check_depth(depth):
    """Refuse a depth limit that is not None or a whole number of plies >= 0."""
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise SearchError(f"depth must be a whole number >= 0 (plies) or None, not {depth!r}")


def no_evaluation(game, state) -> SearchError:
    """The error of a depth limit that stops at ``state`` with nothing to score it by."""
    return SearchError(
        f"the depth limit stopped the search at a non-terminal state "
        f"{game.text(state)!r} and there is no evaluation function: pass evaluate="
    )


def no_actions(game, state) -> SearchError:
    """The error of a state that is not terminal but has no moves (a broken game)."""
    return SearchError(f"state {game.text(state)!r} is not terminal but has no actions")


@dataclass(frozen=True)
class SearchResult:
    """What a search found.

    ``value``: the root's value (MAX's point of view); ``move``: the first best
    move, left to right (None at a terminal root); ``nodes``: states visited,
    root included; ``leaves``: states scored by utility or evaluation;
    ``estimated``: how many of those the evaluation function scored (0 means
    the search was exact); ``pruned``: the child states whose subtrees
    alpha-beta skipped, in order (None from a search that does not prune). With
    ``trace=True`` also ``trace`` (the steps), ``visited`` (states in
    first-visit order), ``line`` (the principal variation: the best moves from
    the root on) and ``values`` (the value each visited path returned; under
    alpha-beta a pruned node's value is a bound).
    """

    value: float
    move: object
    nodes: int
    leaves: int
    algorithm: str
    depth: int | None = None
    trace: Trace | None = field(default=None, repr=False)
    pruned: tuple | None = None
    estimated: int = 0

    @property
    def visited(self) -> tuple | None:
        """States in the order the search first reached them (needs ``trace=True``)."""
        return None if self.trace is None else self.trace.visited

    @property
    def values(self) -> dict | None:
        """The value returned at each visited path (needs ``trace=True``)."""
        return None if self.trace is None else self.trace.values

    @property
    def line(self) -> tuple | None:
        """The principal variation: best moves from the root on (needs ``trace=True``)."""
        return None if self.trace is None else self.trace.line

    @property
    def windows(self) -> dict | None:
        """Each inner node's alpha-beta window on entry and on return (needs ``trace=True``)."""
        return None if self.trace is None else self.trace.windows

    def pruned_leaves(self, game) -> tuple | None:
        """The terminal states under the children this search pruned, in the order it
        pruned them (left to right, unless ``order=`` reordered the moves); None from a
        search that does not prune.

        >>> from minimax_lessons import alphabeta, FIGURE_5_2
        >>> alphabeta(FIGURE_5_2).pruned_leaves(FIGURE_5_2)
        ('C2', 'C3')
        """
        if self.pruned is None:
            return None
        return tuple(leaf for top in self.pruned for leaf in leaves_below(game, top))


def leaves_below(game, state) -> tuple:
    """The terminal states of ``game`` under ``state`` (``state`` itself if terminal),
    left to right.

    >>> from minimax_lessons import FIGURE_5_2
    >>> leaves_below(FIGURE_5_2, "B"), leaves_below(FIGURE_5_2, "C2")
    (('B1', 'B2', 'B3'), ('C2',))
    """
    out, stack = [], [state]
    while stack:
        here = stack.pop()
        if game.is_terminal(here):
            out.append(here)
            continue
        moves = [a for a, _ in game.chances(here)] if game.to_move(here) == CHANCE \
            else game.actions(here)
        stack.extend(reversed([game.result(here, a) for a in moves]))
    return tuple(out)


__all__ = ["SearchResult", "SearchError", "check_depth", "no_evaluation", "no_actions",
           "leaves_below"]
