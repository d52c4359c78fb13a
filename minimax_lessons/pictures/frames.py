"""Frames: the picture of a search after each of its steps.

Vocabulary
----------
- A *frame* is what a drawing of the game tree shows after one step of a
  search's trace: for every node it has reached, a :class:`NodeView`; the node
  the step is about (``current``); the edge a value just travelled along
  (``edge``); one caption sentence; and, in the last frame, the chosen line of
  play (``line``). Frame 0 shows the tree before the search starts, frame k the
  tree after step k - 1, so a trace of n steps gives n + 1 frames.
- A node is identified by its *path*: the tuple of actions from the search's
  root (``()`` is the root). A game state reached twice (a transposition) is
  two nodes with two paths.
- A node's *status* is one of ``unvisited`` (not reached yet; drawings show it
  dotted), ``visited`` (the search is working below it: its value so far is a
  bound), ``done`` (its value is final and went back to its parent) and
  ``pruned`` (alpha-beta skipped it; everything below a pruned node is skipped
  too; drawn dashed). ``frame.current`` is the node
  the step is about; ``frame.status(path)`` answers "current" for it.
- A node's *value* is always from MAX's point of view. While a MAX node is
  visited, its best value so far v means "at least v" (``bound=">="``), for a MIN
  node "at most v" (``"<="``). A finished node whose subtree alpha-beta cut
  keeps such a bound: in Figure 5.2, C returns 2 but is only known to be <= 2.
- Under alpha-beta a node also shows its *window on entry*: the ``alpha`` and
  ``beta`` the search passed down when it entered the node. It stays the same
  while the node is searched (the captions say how alpha or beta change), so
  every picture shows what "the window when alpha-beta enters C" asks for:
  in Figure 5.2, C is entered with alpha = 3, beta = +inf.

>>> from minimax_lessons import alphabeta, FIGURE_5_2
>>> frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
>>> len(frames)
23
>>> print(frames[12].caption)
MIN node C takes min(2, ...) = 2 <= alpha = 3: MAX can already get 3 elsewhere, so prune C2 and C3.
>>> frames[-1].view((1,)).text(), frames[-1].status((1, 2)), frames[-1].line
('<=2', 'pruned', ((), (0,), (0, 0)))
>>> frames[-1].view((1,)).window()
'entered with alpha = 3, beta = +inf'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from ..search.trace import EVALUATION, MEMO, UPDATE, Trace
from ..words import join_names, show_number, state_name
from ..games.game import CHANCE, MAX, MIN, is_named_tree

UNVISITED, CURRENT, VISITED, DONE, PRUNED = "unvisited", "current", "visited", "done", "pruned"
STATUSES = (UNVISITED, VISITED, DONE, PRUNED)
INF = math.inf

__all__ = ["Frame", "NodeView", "build_frames", "STATUSES", "CHECKPOINT_EVERY",
           "UNVISITED", "CURRENT", "VISITED", "DONE", "PRUNED"]


@dataclass(frozen=True)
class NodeView:
    """What a frame shows at one node.

    ``value`` is the value known so far (MAX's point of view; None if none yet);
    ``bound`` is None for an exact value, ``">="`` or ``"<="`` when the true
    value may be higher or lower; ``alpha``/``beta`` the alpha-beta window the
    search passed down when it entered the node (None under other searches).
    """

    status: str = UNVISITED
    value: object = None
    bound: str | None = None
    alpha: object = None
    beta: object = None
    #: Text beside the node instead of a window (Monte Carlo search: "n=5").
    note: str = ""

    def text(self) -> str:
        """The value as a student writes it: ``3``, ``>=3``, ``<=2`` ('' if unknown).

        >>> NodeView(DONE, 2, "<=").text(), NodeView(VISITED).text()
        ('<=2', '')
        """
        if self.value is None:
            return ""
        return (self.bound or "") + show_number(self.value)

    def window(self) -> str:
        """The window on entry as text, ``entered with alpha = 3, beta = +inf`` ('' if none)."""
        if self.alpha is None:
            return ""
        return f"entered with alpha = {show_number(self.alpha)}, beta = {show_number(self.beta)}"


_BLANK = NodeView()
#: Frames whose full picture is kept once computed (every 64th), so that asking
#: for any frame's picture replays at most 64 frames of changes. The animation
#: player keeps its checkpoints as often (it reads this from its data).
CHECKPOINT_EVERY = 64


@dataclass(frozen=True, eq=False)
class Frame:
    """The picture after one step (see the module docstring).

    ``changes`` holds only the nodes whose view changed at this frame; the
    full picture is ``frame.nodes`` (computed on first use from the frames
    before it) and ``frame.view(path)``.
    """

    index: int
    caption: str
    step: object = None
    current: tuple | None = None
    edge: tuple | None = None
    changes: MappingProxyType = field(default_factory=lambda: MappingProxyType({}), repr=False)
    line: tuple = ()
    root: object = None
    algorithm: str = ""
    previous: "Frame | None" = field(default=None, repr=False)

    @property
    def kind(self) -> str:
        """The step's kind ("visit", "evaluate", ...), or "start" for frame 0."""
        return self.step.kind if self.step is not None else "start"

    @cached_property
    def nodes(self) -> MappingProxyType:
        """Every reached node's view, by path (unvisited nodes are left out)."""
        chain, frame = [], self
        while frame is not None and "nodes" not in frame.__dict__:
            chain.append(frame)
            frame = frame.previous
        views = dict(frame.nodes) if frame is not None else {}
        for f in reversed(chain):
            views.update(f.changes)
            if f is not self and f.index % CHECKPOINT_EVERY == 0:  # later walks stay short
                f.__dict__["nodes"] = MappingProxyType(dict(views))
        return MappingProxyType(views)

    def view(self, path) -> NodeView:
        """The :class:`NodeView` of the node at ``path`` (blank if unvisited)."""
        return self.nodes.get(tuple(path), _BLANK)

    def status(self, path) -> str:
        """"current", "pruned" (the node or an ancestor was pruned), or its view's status."""
        path = tuple(path)
        if path == self.current:
            return CURRENT
        nodes = self.nodes
        for k in range(len(path) + 1):
            view = nodes.get(path[:k])
            if view is not None and view.status == PRUNED:
                return PRUNED
        return nodes.get(path, _BLANK).status

    def __repr__(self):
        return f"<Frame {self.index} ({self.kind}): {self.caption}>"


def build_frames(game, result) -> list:
    """The frames of a search: one per trace step, plus frame 0 before the search.

    ``result`` is a :class:`~minimax_lessons.search.SearchResult` made with
    ``trace=True`` (or its :class:`~minimax_lessons.search.trace.Trace`).

    >>> from minimax_lessons import minimax, GameTree
    >>> tree = GameTree.from_nested([[3, 12], [2]])
    >>> [f.caption for f in build_frames(tree, minimax(tree, trace=True))][:3]
    ['minimax starts at the root A (MAX).', 'Visit A (MAX), the root.', 'Visit B (MIN).']
    """
    trace = _trace_of(result)
    algorithm = getattr(result, "algorithm", "") or "the search"
    return _Builder(game, trace, algorithm).run()


def _trace_of(result) -> Trace:
    if isinstance(result, Trace):
        return result
    trace = getattr(result, "trace", None)
    if trace is None:
        if hasattr(result, "trace"):
            raise ValueError(
                f"this {getattr(result, 'algorithm', 'search')} result has no trace: run the search "
                "with trace=True, e.g. alphabeta(game, trace=True)")
        raise TypeError(f"expected a SearchResult made with trace=True or a Trace, "
                        f"not {type(result).__name__}")
    return trace


class _Builder:
    """Walks a trace once and makes the frames (internal)."""

    def __init__(self, game, trace, algorithm):
        self.game = game
        self.trace = trace
        self.steps = list(trace)
        self.algorithm = algorithm
        self.views = {}
        self.running = {}  # path -> the window (alpha, beta) as it stands while searched
        self.kids = {}        # path -> [(child path, value, low, high)] in arrival order
        self.cut = set()      # paths of nodes that pruned some children
        self.states = {}      # path -> state
        self.frames = []
        self.root = self.steps[0].state if self.steps else None

    # -- naming -------------------------------------------------------------------
    def name(self, state) -> str:
        return state_name(self.game, state)

    def run(self) -> list:
        root = self.name(self.root) if self.steps else "?"
        player = self.steps[0].player.upper() if self.steps else "?"
        first = f"{self.algorithm} starts at the root {root} ({player})."
        self.emit(first, None, None, None, {})
        for k, step in enumerate(self.steps):
            nxt = self.steps[k + 1] if k + 1 < len(self.steps) else None
            getattr(self, "on_" + step.kind)(step, nxt)
        return self.frames

    def emit(self, caption, step, current, edge, changes, line=()):
        self.views.update(changes)
        frame = Frame(len(self.frames), caption, step, current, edge,
                      MappingProxyType(dict(changes)), line, self.root, self.algorithm,
                      self.frames[-1] if self.frames else None)
        self.frames.append(frame)

    # -- the five kinds of step ---------------------------------------------------
    def on_visit(self, step, nxt):
        path = step.path
        self.states[path] = step.state
        self.kids[path] = []
        me = f"{self.name(step.state)} ({step.player.upper()})"
        if step.detail == MEMO:
            caption = f"{me} was solved before: its value comes from the transposition table."
        else:
            where = ", the root" if not path else ""
            window = f", with alpha = {show_number(step.alpha)}, beta = {show_number(step.beta)}" \
                if step.alpha is not None else ""
            caption = f"Visit {me}{where}{window}."
        view = NodeView(VISITED, None, None, step.alpha, step.beta)
        self.emit(caption, step, path, self._edge_down(path), {path: view})

    def on_evaluate(self, step, nxt):
        path = step.path
        self.states[path] = step.state
        v = step.value
        if step.detail == EVALUATION:
            caption = (f"Depth limit: {self.name(step.state)} is not expanded; the evaluation "
                       f"function scores it {show_number(v)}.")
        elif path:
            caption = f"Leaf {self.name(step.state)} has utility {show_number(v)}."
        else:
            caption = f"The root {self.name(step.state)} is terminal: utility {show_number(v)}."
        if path:
            self._arrive(path, v, v, v)
            keep = self._keeps(path, nxt)
            if keep:
                caption = caption[:-1] + "; " + keep
        self.emit(caption, step, path, self._edge_down(path), {path: NodeView(DONE, v)},
                  self._line() if not path else ())

    def on_update(self, step, nxt):
        path = step.path
        child = self._last_child(path)
        old = self.views.get(path, _BLANK)
        player = step.player
        values = [show_number(k[1]) for k in self.kids.get(path, [])]
        v = show_number(step.value)
        me = self.name(step.state)
        if player == CHANCE:
            p = self._probability(path, child)
            caption = (f"Chance node {me} adds {show_number(p)} x {values[-1] if values else '?'}: "
                       f"expected value so far = {v}.")
            bound = None
        elif player not in (MAX, MIN):  # a player of a game scored with vectors (max^n)
            caption = (f"{player} at {me} takes {v} from "
                       f"{self.name(self.states.get(child, step.detail))}: the best so far "
                       f"for {player}, who scores {self._score(step.value, player)} there.")
            bound = None
        else:
            rule = "max" if player == MAX else "min"
            taken = f"{rule}({', '.join(values)}) = {v}" if len(values) > 1 else \
                f"{v} from {self.name(self.states.get(child, step.detail))}"
            caption = f"{player.upper()} node {me} takes {taken}"
            if step.alpha is not None:
                alpha, beta = self.running.get(path, (old.alpha, old.beta))
                self.running[path] = (step.alpha, step.beta)
                if player == MAX and step.alpha != alpha:
                    caption += f", so alpha = {show_number(step.alpha)}"
                if player == MIN and step.beta != beta:
                    caption += f", so beta = {show_number(step.beta)}"
            caption += "."
            bound = ">=" if player == MAX else "<="
        view = NodeView(VISITED, step.value, bound, old.alpha, old.beta)
        self.emit(caption, step, path, (path, child) if child is not None else None, {path: view})

    def on_prune(self, step, nxt):
        path = step.path
        self.cut.add(path)
        skipped = [child for child, _ in step.pruned]
        names = join_names(self.name(s) for s in step.detail)
        v = show_number(step.value)
        me = self.name(step.state)
        if step.player == CHANCE:
            caption = self._chance_cut(step, me, v, names)
            changes = {p: NodeView(PRUNED) for p in skipped}
            old = self.views.get(path, _BLANK)
            changes[path] = NodeView(VISITED, old.value, old.bound, old.alpha, old.beta)
            self.emit(caption, step, path, None, changes)
            return
        rule = "max" if step.player == MAX else "min"
        bound = step.beta if step.player == MAX else step.alpha
        why = f"{rule}({v}, ...) = {v}"
        if bound is None:  # negamax records no window
            why += " and alpha >= beta"
            who = "the opponent will not let the game come here"
        elif step.player == MAX:
            why += f" >= beta = {show_number(bound)}"
            who = f"MIN can already keep MAX to {show_number(bound)} elsewhere"
        else:
            why += f" <= alpha = {show_number(bound)}"
            who = f"MAX can already get {show_number(bound)} elsewhere"
        caption = f"{step.player.upper()} node {me} takes {why}: {who}, so prune {names}."
        changes = {p: NodeView(PRUNED) for p in skipped}
        old = self.views.get(path, _BLANK)
        changes[path] = NodeView(VISITED, old.value, old.bound, old.alpha, old.beta)
        self.emit(caption, step, path, None, changes)

    def on_return(self, step, nxt):
        path = step.path
        low, high = self._bounds(step)
        v = step.value
        bound = None if low == high else "<=" if high == v else ">=" if low == v else "~"
        me = self.name(step.state)
        old = self.views.get(path, _BLANK)
        view = NodeView(DONE, v, bound, old.alpha, old.beta)
        if path:
            self._arrive(path, v, low, high)
            parent = self.name(self.states.get(path[:-1], "?"))
            caption = f"{me} returns {show_number(v)} to {parent}."
            if bound in ("<=", ">="):
                could = "lower" if bound == "<=" else "raise"
                caption = (f"{me} returns {show_number(v)} to {parent}: only a bound, {me} is worth "
                           f"{bound} {show_number(v)} (what was pruned below it could only {could} it).")
            elif bound:
                caption = f"{me} returns {show_number(v)} to {parent}: only an estimate (pruned below)."
            keep = self._keeps(path, nxt)
            if keep:
                caption = caption[:-1] + "; " + keep
            self.emit(caption, step, path, None, {path: view})
            return
        line = self._line()
        caption = f"Done: {me} is worth {show_number(v)}"
        if step.detail is not None:
            best = self.name(self.game.result(step.state, step.detail)) \
                if self._is_tree() else None
            to = f" (to {best})" if best and best != str(step.detail) else ""
            caption += f"; best move {step.detail}{to}"
        moves = [p[-1] for p in line[1:]]
        if len(moves) > 1:
            if self._is_tree():
                chain = " -> ".join(self.name(self.states.get(p, "?")) for p in line)
            else:
                chain = ", ".join(str(m) for m in moves)
            caption += f". Chosen line: {chain}"
        self.emit(caption + ".", step, path, None, {path: view}, line)

    # -- helpers --------------------------------------------------------------------
    def _chance_cut(self, step, me, v, names) -> str:
        """The caption of a chance node cut off (expectiminimax with bounds)."""
        if step.alpha is not None and step.value <= step.alpha:
            return (f"Chance node {me} can average at most {v}, even if every outcome not "
                    f"seen yet scores the highest possible; {v} <= alpha = "
                    f"{show_number(step.alpha)}: MAX can already get "
                    f"{show_number(step.alpha)} elsewhere, so prune {names}.")
        return (f"Chance node {me} averages at least {v}, even if every outcome not seen yet "
                f"scores the lowest possible; {v} >= beta = {show_number(step.beta)}: MIN can "
                f"already keep MAX to {show_number(step.beta)} elsewhere, so prune {names}.")

    def _score(self, vector, player):
        """``player``'s score in a utility vector (as text; '?' when it cannot be read)."""
        players = tuple(getattr(self.game, "players", ()))
        if player in players and isinstance(vector, tuple) and len(vector) == len(players):
            return show_number(vector[players.index(player)])
        return "?"

    def _is_tree(self) -> bool:
        return is_named_tree(self.game)

    def _edge_down(self, path):
        return (path[:-1], path) if path else None

    def _arrive(self, path, v, low, high):
        self.kids.setdefault(path[:-1], []).append((path, v, low, high))

    def _last_child(self, path):
        kids = self.kids.get(path)
        return kids[-1][0] if kids else None

    def _keeps(self, path, nxt) -> str:
        """'MIN node B keeps min(3, 12) = 3.' when the parent's value did not change."""
        parent = path[:-1]
        if nxt is not None and nxt.kind == UPDATE and nxt.path == parent:
            return ""
        player = self.game.to_move(self.states[parent]) if parent in self.states else None
        if player not in (MAX, MIN):
            return self._keeps_vector(parent, player)
        kids = self.kids.get(parent, [])
        values = [k[1] for k in kids]
        best = max(values) if player == MAX else min(values)
        shown = ", ".join(show_number(x) for x in values)
        return (f"{player.upper()} node {self.name(self.states[parent])} keeps "
                f"{player}({shown}) = {show_number(best)}.")

    def _keeps_vector(self, parent, player) -> str:
        """'P3 at B1 keeps (1, 2, 6): P3 scores 6 there, 3 here.' (games of more players)."""
        if player == CHANCE or player is None:
            return ""
        kids = self.kids.get(parent, [])
        if len(kids) < 2 or self._score(kids[-1][1], player) == "?":
            return ""
        players = tuple(self.game.players)
        mine = players.index(player)
        kept = next(k[1] for k in kids if k[1][mine] == max(x[1][mine] for x in kids))
        return (f"{player} at {self.name(self.states[parent])} keeps {show_number(kept)}: "
                f"{player} scores {self._score(kept, player)} there, "
                f"{self._score(kids[-1][1], player)} here.")

    def _probability(self, path, child):
        if child is None:
            return None
        state = self.states.get(path)
        for action, p in self.game.chances(state):
            if action == child[-1]:
                return p
        return None

    def _bounds(self, step):
        """(low, high): what the node's true value is known to lie between."""
        path, player = step.path, step.player
        kids = self.kids.get(path, [])
        cut = path in self.cut
        if not kids:
            return step.value, step.value
        if player == MAX:
            low = max(k[2] for k in kids)
            high = INF if cut else max(k[3] for k in kids)
        elif player == MIN:
            low = -INF if cut else min(k[2] for k in kids)
            high = min(k[3] for k in kids)
        else:
            exact = all(k[2] == k[3] for k in kids) and not cut
            if exact:
                return step.value, step.value
            if cut and step.alpha is not None and step.value <= step.alpha:
                return -INF, step.value  # cut: its unseen outcomes could only lower it
            if cut and step.beta is not None and step.value >= step.beta:
                return step.value, INF
            return -INF, INF
        return low, high

    def _line(self) -> tuple:
        """Paths along the principal variation, from the root."""
        moves = self.trace.line
        return tuple(moves[:k] for k in range(len(moves) + 1))
