"""The course's canonical trees, kept as literal data in one place.

Each tree exists twice: as the literal nested lists (``*_NESTED`` or a dict
spec, what a student would type) and as a ready :class:`GameTree`.

- ``FIGURE_5_2``: AIMA's two-ply tree (Russell and Norvig, Figure 5.2): MAX at
  the root A, MIN nodes B, C, D over the leaves 3 12 8 / 2 4 6 / 14 5 2. Its
  value is 3 (move 0, towards B); alpha-beta prunes C2 and C3.
- ``SUBTREE_PRUNED``: three plies where alpha-beta skips a whole subtree (C2 and
  both its leaves), not just leaves.
- ``TIES``: equal values that make the two pruning rules differ: with
  ``prune_ties=True`` (alpha >= beta) C2 is pruned, with the strict rule it is not.
- ``CHANCE_TREE``: MAX chooses between two coin flips (expectiminimax).
- ``HEURISTIC_TREE``: inner nodes carry heuristic values, for depth limits.
- ``TWO_OPPONENTS``: MAX against two MIN agents who move one after the other.
- ``THREE_PLAYERS``: three players P1, P2, P3 in turn, a utility vector at each leaf
  (shaped like AIMA's Figure 5.4); max^n gives (6, 3, 9).
- ``NO_PRUNING``: two plies of a three-player game where alpha-beta's rule would skip
  the leaf that P2, then P1, prefer (C2).
- ``BOUNDED_CHANCE``: MAX chooses between two chance nodes whose leaves score 0 to 10;
  with those bounds expectiminimax can skip C3.
- ``BEAM_TRAP``: MAX's four moves carry estimates that rank the best one, E, last: a beam
  that searches only the two best-looking moves plays C, worth 3, where minimax plays E, 6.
- ``SINGULAR_TRAP``: three plies with estimates two plies down. A depth-2 search finds B
  far better than C (8 against 4): a singular move; one ply deeper B is worth only -3.
- ``TRAPPED``: CS188's trapped Pac-Man in one move: a sure 3 at B, or at C a 20 the
  ghost can refuse with a -10.
- ``HIDDEN_CARD``: a card dealt face down to MAX, who bets; MIN answers without seeing it.

>>> from minimax_lessons import minimax, alphabeta
>>> minimax(FIGURE_5_2).value, alphabeta(SUBTREE_PRUNED).pruned
(3, ('B2.2', 'C2'))
>>> THREE_PLAYERS.utility("C2.2"), BOUNDED_CHANCE.chances("C")
((6, 3, 9), [(0, 0.25), (1, 0.25), (2, 0.5)])
"""

from .multiplayer import MultiplayerTree
from .tree import GameTree

FIGURE_5_2_NESTED = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
FIGURE_5_2 = GameTree.from_nested(FIGURE_5_2_NESTED)

SUBTREE_PRUNED_NESTED = [[[3, 5], [6, 9]], [[1, 2], [0, -1]]]
SUBTREE_PRUNED = GameTree.from_nested(SUBTREE_PRUNED_NESTED)

TIES_NESTED = [[3, 5], [3, 9], [2, 8]]
TIES = GameTree.from_nested(TIES_NESTED)

CHANCE_SPEC = {
    "name": "A", "player": "max", "children": [
        {"name": "safe", "action": "safe", "player": "chance", "children": [
            {"name": "safe-heads", "action": "heads", "value": 3},
            {"name": "safe-tails", "action": "tails", "value": 1}]},
        {"name": "risky", "action": "risky", "player": "chance", "children": [
            {"name": "risky-heads", "action": "heads", "value": 8, "probability": 0.25},
            {"name": "risky-tails", "action": "tails", "value": -1, "probability": 0.75}]},
    ]}
CHANCE_TREE = GameTree.from_dict(CHANCE_SPEC)

HEURISTIC_SPEC = {
    "name": "A", "player": "max", "children": [
        {"name": "B", "player": "min", "value": 6, "children": [
            {"name": "B1", "value": 1}, {"name": "B2", "value": 9}]},
        {"name": "C", "player": "min", "value": 2, "children": [
            {"name": "C1", "value": 4}, {"name": "C2", "value": 5}]},
    ]}
HEURISTIC_TREE = GameTree.from_dict(HEURISTIC_SPEC)

TWO_OPPONENTS_SPEC = {
    "name": "A", "player": "max", "children": [
        {"name": "B", "player": "min", "children": [
            {"name": "B1", "player": "min", "children": [{"value": 4}, {"value": 7}]},
            {"name": "B2", "player": "min", "children": [{"value": 6}, {"value": 5}]}]},
        {"name": "C", "player": "min", "children": [
            {"name": "C1", "player": "min", "children": [{"value": 8}, {"value": 3}]},
            {"name": "C2", "player": "min", "children": [{"value": 9}, {"value": 9}]}]},
    ]}
TWO_OPPONENTS = GameTree.from_dict(TWO_OPPONENTS_SPEC)

THREE_PLAYERS_NESTED = [[[(3, 3, 7), (4, 3, 2)], [(3, 3, 5), (2, 6, 7)]],
                        [[(0, 5, 2), (1, 2, 5)], [(9, 6, 2), (6, 3, 9)]]]
THREE_PLAYERS = MultiplayerTree.from_nested(THREE_PLAYERS_NESTED)

NO_PRUNING_NESTED = [[(2, 6, 1), (5, 3, 3)], [(1, 4, 4), (6, 5, 0)]]
NO_PRUNING = MultiplayerTree.from_nested(NO_PRUNING_NESTED)

BOUNDED_CHANCE_SPEC = {
    "name": "A", "player": "max", "children": [
        {"name": "B", "player": "chance", "children": [
            {"name": "B1", "value": 6, "probability": 0.5},
            {"name": "B2", "value": 8, "probability": 0.25},
            {"name": "B3", "value": 8, "probability": 0.25}]},
        {"name": "C", "player": "chance", "children": [
            {"name": "C1", "value": 2, "probability": 0.25},
            {"name": "C2", "value": 4, "probability": 0.25},
            {"name": "C3", "value": 9, "probability": 0.5}]},
    ]}
BOUNDED_CHANCE = GameTree.from_dict(BOUNDED_CHANCE_SPEC)
#: The range every leaf of BOUNDED_CHANCE scores in.
BOUNDED_CHANCE_RANGE = (0, 10)

#: What the course calls its canonical trees, where a picture names its tree (alt text,
#: accessible names).
TITLES = {FIGURE_5_2: "Figure 5.2", SUBTREE_PRUNED: "The three-ply tree",
          TIES: "The tree with ties", CHANCE_TREE: "The coin-flip tree",
          TWO_OPPONENTS: "The tree of two opponents", BOUNDED_CHANCE: "The bounded chance tree"}

__all__ = ["TITLES", "FIGURE_5_2", "FIGURE_5_2_NESTED", "SUBTREE_PRUNED", "SUBTREE_PRUNED_NESTED",
           "TIES", "TIES_NESTED", "CHANCE_TREE", "CHANCE_SPEC", "HEURISTIC_TREE",
           "HEURISTIC_SPEC", "TWO_OPPONENTS", "TWO_OPPONENTS_SPEC", "THREE_PLAYERS",
           "THREE_PLAYERS_NESTED", "NO_PRUNING", "NO_PRUNING_NESTED", "BOUNDED_CHANCE",
           "BOUNDED_CHANCE_SPEC", "BOUNDED_CHANCE_RANGE"]

BEAM_TRAP_SPEC = {
    "name": "A", "player": "max", "children": [
        {"name": "B", "player": "min", "value": 8, "children": [
            {"value": 2}, {"value": 9}, {"value": 4}]},
        {"name": "C", "player": "min", "value": 7, "children": [{"value": 3}, {"value": 8}]},
        {"name": "D", "player": "min", "value": 5, "children": [{"value": 1}, {"value": 6}]},
        {"name": "E", "player": "min", "value": 2, "children": [{"value": 6}, {"value": 7}]},
    ]}
BEAM_TRAP = GameTree.from_dict(BEAM_TRAP_SPEC)

SINGULAR_TRAP_SPEC = {
    "name": "A", "player": "max", "children": [
        {"name": "B", "player": "min", "children": [
            {"name": "B1", "player": "max", "value": 9, "children": [{"value": -3}, {"value": -2}]},
            {"name": "B2", "player": "max", "value": 8, "children": [{"value": -4}, {"value": -3}]}]},
        {"name": "C", "player": "min", "children": [
            {"name": "C1", "player": "max", "value": 4, "children": [{"value": 4}, {"value": 3}]},
            {"name": "C2", "player": "max", "value": 5, "children": [{"value": 6}, {"value": 5}]}]},
    ]}
SINGULAR_TRAP = GameTree.from_dict(SINGULAR_TRAP_SPEC)

TRAPPED_NESTED = [[3, 3, 3], [-10, 20, 20]]
TRAPPED = GameTree.from_nested(TRAPPED_NESTED)

HIDDEN_CARD_SPEC = {
    "name": "deal", "player": "chance", "children": [
        {"name": "high", "action": "high card", "player": "max", "children": [
            {"name": "high-bet", "action": "bet", "player": "min", "children": [
                {"name": "high-call", "action": "call", "value": 2},
                {"name": "high-fold", "action": "fold", "value": 1}]},
            {"name": "high-check", "action": "check", "value": 1}]},
        {"name": "low", "action": "low card", "player": "max", "children": [
            {"name": "low-bet", "action": "bet", "player": "min", "children": [
                {"name": "low-call", "action": "call", "value": -2},
                {"name": "low-fold", "action": "fold", "value": 1}]},
            {"name": "low-check", "action": "check", "value": -1}]},
    ]}
HIDDEN_CARD = GameTree.from_dict(HIDDEN_CARD_SPEC)
