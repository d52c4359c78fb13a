"""Pictures of Monte Carlo tree search: the tree it grew, still or round by round.

- :func:`draw_mcts` draws the search tree after the last round: inside each node
  its mean result (MAX's point of view), beside it ``n=``, its visits; nodes the
  search never added stay dotted; the move played is the thick blue edge.
- :func:`animate_mcts` runs :func:`~minimax_lessons.search.mcts.mcts` with a trace and
  returns an :class:`MCTSAnimation`: the same player as the other searches
  (:class:`~minimax_lessons.animation.player.Animation`), over the frames of
  :mod:`minimax_lessons.pictures.mcts_frames`. The whole game tree is laid out once, so
  the search tree is seen growing into it, unevenly.

A :class:`~minimax_lessons.games.tree.GameTree` is drawn whole (a few dozen nodes read best);
another game (tic-tac-toe) as far as the search tree reached, each of its nodes with all
its children, those not added yet dotted. Keep such searches short (a few dozen
play-outs) or the picture grows too large to read.

>>> from minimax_lessons import FIGURE_5_2
>>> animation = animate_mcts(FIGURE_5_2, playouts=8)
>>> animation
<Animation of mcts on 13 nodes: 31 frames, value 7.4>
>>> draw_mcts(FIGURE_5_2, animation.result)
<TreeDrawing of 13 nodes: mcts, 8 play-outs, move 2>
"""

from __future__ import annotations

from functools import cached_property

from .player import DEFAULT_SPEED, Animation
from ..games.game import is_named_tree
from ..pictures.draw import MAX_NODES, draw_plan, frame_plan
from ..pictures.layout import plan
from ..pictures.mcts_frames import mcts_frames
from ..search.mcts import DEFAULT_C, mcts

__all__ = ["draw_mcts", "animate_mcts", "MCTSAnimation", "mcts_plan"]


def mcts_plan(game, result, final, *, max_nodes=MAX_NODES):
    """The layout of a Monte Carlo search's pictures: a tree drawn whole; any other game
    drawn as far as the search tree reached, each of its nodes with every child (the
    children not added yet dotted and drawn without their own subtrees)."""
    if is_named_tree(game):
        return frame_plan(game, final, max_nodes=max_nodes)
    states, cut = {(): result.root}, set()
    for path in result.tree:  # parents come before their children
        if path:
            states[path] = game.result(states[path[:-1]], path[-1])
        if game.is_terminal(states[path]):
            continue
        kids = [path + (a,) for a in game.actions(states[path])]
        cut.update(k for k in kids if k not in result.tree)
        if not any(k in result.tree for k in kids):
            cut.add(path)  # a frontier node: added, never expanded
    return plan(game, search_root=result.root, reached=result.tree, pruned=cut,
                max_nodes=max_nodes)


def _frames_of(game, result):
    if getattr(result, "algorithm", None) != "mcts":
        raise TypeError(f"expected the result of mcts(..., trace=True), not "
                        f"{type(result).__name__}")
    return mcts_frames(game, result)


def draw_mcts(game, result, *, size=None, max_nodes=MAX_NODES, renderer="auto"):
    """The search tree after the last round of ``result`` (made with ``trace=True``)."""
    final = _frames_of(game, result)[-1]
    layout = mcts_plan(game, result, final, max_nodes=max_nodes)
    summary = f"mcts, {result.playouts} play-outs, move {result.move}"
    return draw_plan(game, layout, final, size=size, renderer=renderer, summary=summary)


class MCTSAnimation(Animation):
    """An :class:`~minimax_lessons.animation.player.Animation` of a traced Monte Carlo search."""

    def __init__(self, game, result, *, speed=DEFAULT_SPEED, max_nodes=MAX_NODES,
                 renderer="auto"):
        frames = _frames_of(game, result)  # no predict-then-reveal quiz for MCTS
        super().__init__(game, result, speed=speed, max_nodes=max_nodes, renderer=renderer,
                         frames=frames, plan=mcts_plan(game, result, frames[-1],
                                                       max_nodes=max_nodes))

    @cached_property
    def data(self) -> dict:
        """The player's data; the text beside nodes is visits and UCB1, not a window."""
        data = dict(Animation.data.func(self))
        data["windows"] = False
        data["key"] = [["current", "the node the step is about"],
                       ["open", "in the search tree: mean result for MAX inside, n = visits "
                                "beside (and UCB1 while its parent selects)"],
                       ["dotted", "dotted: not in the search tree yet"],
                       ["line", "the move played: the root's most visited child"]]
        data["title"] = (f"Monte Carlo tree search: {self.result.playouts} play-outs, "
                         f"move {self.result.move}")
        return data


def animate_mcts(game, state=None, *, playouts=20, seed=0, c=DEFAULT_C, speed=DEFAULT_SPEED,
                 max_nodes=MAX_NODES, renderer="auto") -> MCTSAnimation:
    """Run ``playouts`` rounds of UCT with a trace and animate them."""
    result = mcts(game, state, playouts=playouts, seed=seed, c=c, trace=True)
    return MCTSAnimation(game, result, speed=speed, max_nodes=max_nodes, renderer=renderer)
