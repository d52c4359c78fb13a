"""``backup(path, utility)``: Monte Carlo tree search's back-up step, in place;
compared on each node's visits and wins afterwards.

>>> BackupKind().name
'backup'
"""

from __future__ import annotations

from .. import harness as H
from ..answers import is_number, same_number
from ..feedback import show
from .kind import Case, Expected, Kind, wanted_answer


# -- Monte Carlo tree search's back-up step ------------------------------------------
def _node(visits, wins, chooser, to_move):
    return {"visits": visits, "wins": wins, "chooser": chooser, "to_move": to_move}


def _backup_path(players, counts, terminal=False):
    """Nodes from the new one up to the root: ``players`` who move at each node, root last."""
    nodes = []
    for i, (player, (visits, wins)) in enumerate(zip(players, counts)):
        chooser = players[i + 1] if i + 1 < len(players) else None
        to_move = None if (terminal and i == 0) else player
        nodes.append(_node(visits, float(wins) if chooser else 0.0, chooser, to_move))
    return tuple(nodes)


#: (path, utility): MAX and MIN choosers, a result for each side, MIN moving twice in a
#: row, a finished game as the new node, and utilities other than +1 and -1.
_BACKUP_TRAPS = [
    (_backup_path(["max"], [(0, 0)]), 1),
    (_backup_path(["min", "max"], [(0, 0), (4, 0)]), 1),
    (_backup_path(["max", "min"], [(0, 0), (4, 0)]), 1),
    (_backup_path(["max", "min", "max"], [(0, 0), (3, -1), (7, 0)]), -1),
    (_backup_path(["min", "max", "min", "max"], [(0, 0), (2, 2), (5, -1), (9, 0)]), 1),
    (_backup_path(["min", "min", "max"], [(0, 0), (3, 1), (6, 0)], terminal=True), -1),
    (_backup_path(["max", "min", "min", "max"], [(0, 0), (2, 1), (4, -2), (8, 0)]), 5),
    (_backup_path(["min", "max", "min"], [(1, 0.5), (4, 1.5), (6, 0)]), -0.5),
]


class BackupKind(Kind):
    name = "backup"
    signature = ("backup(path, utility) -> None; path: the nodes from the new one up to the "
                 "root, each a dict with 'visits', 'wins', 'chooser' and 'to_move'; adds one "
                 "play-out's result (utility, MAX's point of view) in place")
    harness = H.ref(H.backup_step)

    def traps(self):
        return [Case(item, len(item[0])) for item in _BACKUP_TRAPS]

    def randoms(self, rng):
        out = []
        for _ in range(10):
            depth = rng.randint(1, 6)
            players = [rng.choice(["max", "min"]) for _ in range(depth)]
            counts = [(0, 0)]
            for _ in range(depth - 1):
                visits = counts[-1][0] + rng.randint(1, 6)
                counts.append((visits, rng.randint(-visits, visits) / 2))
            utility = rng.choice([1, -1, 1, -1, 0, 2, -3])
            out.append(Case((_backup_path(players, counts, rng.random() < 0.3), utility),
                            depth, trap=False))
        return sorted(out, key=lambda c: c.size)

    def expected(self, item):
        path, utility = item
        after = []
        for node in path:
            sign = {"max": 1, "min": -1}.get(node["chooser"])
            after.append([node["visits"] + 1,
                          None if sign is None else node["wins"] + sign * utility])
        return Expected(after)

    def type_problem(self, value, item):
        for visits, wins in value:
            if not is_number(visits) or not (wins is None or is_number(wins)):
                return (f"a node's visits or wins is no longer a number (visits {visits!r}, "
                        f"wins {wins!r}): update them with numbers, e.g. node['visits'] += 1")
        return None

    def right(self, item, expected, outcome):
        return _same_counts(outcome.value, expected.value)

    def same(self, a, b):
        if a.status != "ok" or b.status != "ok":
            return super().same(a, b)
        return _same_counts(a.value, b.value)

    def call_text(self, item):
        path, utility = item
        return f"backup({list(path)!r}, {utility!r})"

    def wrong_answer(self, head, call, item, expected, outcome, hidden):
        """The counts the nodes should hold afterwards, and the student's."""
        if hidden:
            return super().wrong_answer(head, call, item, expected, outcome, hidden)
        return (f"{head} {call} should leave the nodes' [visits, wins] at "
                f"{wanted_answer(expected)} (new node first; the root's wins are not "
                f"checked), but yours left {show(outcome.value)}.")


def _same_counts(got, want) -> bool:
    """The same visits and wins at every node (wins None at the root)."""
    if not isinstance(got, list) or len(got) != len(want):
        return False
    return all(isinstance(g, list) and len(g) == 2 and same_number(g[0], w[0]) and
               (g[1] is None if w[1] is None else same_number(g[1], w[1]))
               for g, w in zip(got, want))
