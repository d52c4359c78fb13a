"""Points, Elo ratings and the leaderboard of a tournament (pure tables, then files).

- *Points*: 1 for a win, 0.5 for a draw, 0 for a loss, summed over a player's games.
  Players are ranked by points, then Elo, then name.
- *Elo*: every player starts at :data:`INITIAL` and the games are taken in game-number
  order; after each, both ratings move by ``K * (score - expected)``, with
  ``expected = 1 / (1 + 10 ** ((opponent - rating) / 400))`` and :data:`K` = 32.
  What one player gains the other loses, so the ratings always sum to
  ``INITIAL * players``. Games not played (neither side had a bot) do not count.

Files written by :func:`write_standings`: ``points.csv`` (one row per player, in rank
order), ``elo.csv``, ``games.csv`` (every game: players, winner, why, moves) and
``leaderboard.html`` (self-contained: no scripts, styles inline, no network; each
player's row links to the list of their games further down the page).

>>> ratings = elo([("ann", "bob", "ann")], ["ann", "bob"])
>>> ratings["ann"], ratings["bob"]
(1516.0, 1484.0)
"""

from __future__ import annotations

from pathlib import Path

from ..common.files import csv_text, safe_name, write_atomic
from ..common.pages import render

K = 32
INITIAL = 1500.0
POINTS_FIELDS = ["rank", "player", "kind", "points", "games", "wins", "draws", "losses",
                 "elo", "lost_by_fault", "problem"]
GAMES_FIELDS = ["game", "first", "second", "winner", "fault", "reason", "moves"]


def elo(results, players, k=K, initial=INITIAL) -> dict:
    """Ratings after ``results``, a list of ``(first, second, winner or None)`` in order."""
    rating = {p: float(initial) for p in players}
    for first, second, winner in results:
        expected = 1 / (1 + 10 ** ((rating[second] - rating[first]) / 400))
        score = 0.5 if winner is None else (1.0 if winner == first else 0.0)
        change = k * (score - expected)
        rating[first] += change
        rating[second] -= change
    return rating


def played(games) -> list:
    """The games that were played (at least one side had a bot)."""
    return [g for g in games if not g.reason.startswith("not played")]


def standings(tournament) -> list:
    """One dict per player (the columns of ``points.csv``), best first."""
    games = played(tournament.games)
    names = [p.name for p in tournament.players]
    ratings = elo([(g.first, g.second, g.winner) for g in sorted(games, key=lambda g: g.number)],
                  names)
    rows = []
    for player in tournament.players:
        mine = [g for g in games if player.name in (g.first, g.second)]
        wins = sum(1 for g in mine if g.winner == player.name)
        draws = sum(1 for g in mine if g.winner is None)
        faults = sum(1 for g in mine if g.fault and g.loser == player.name)
        rows.append({"player": player.name, "kind": player.kind,
                     "points": sum(g.points(player.name) for g in mine), "games": len(mine),
                     "wins": wins, "draws": draws, "losses": len(mine) - wins - draws,
                     "elo": round(ratings[player.name], 1), "lost_by_fault": faults,
                     "problem": player.problem or ""})
    rows.sort(key=lambda r: (-r["points"], -r["elo"], r["player"]))
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return rows


def write_standings(out, tournament):
    """Write ``points.csv``, ``elo.csv``, ``games.csv`` and ``leaderboard.html`` to ``out``."""
    out = Path(out)
    rows = standings(tournament)
    write_atomic(out / "points.csv", _csv(POINTS_FIELDS, [
        {**r, "points": f"{r['points']:g}", "elo": f"{r['elo']:.1f}"} for r in rows]))
    by_elo = sorted(rows, key=lambda r: (-r["elo"], r["player"]))
    write_atomic(out / "elo.csv", _csv(["player", "elo", "games"], [
        {"player": r["player"], "elo": f"{r['elo']:.1f}", "games": r["games"]} for r in by_elo]))
    write_atomic(out / "games.csv", _csv(GAMES_FIELDS, [
        {"game": g.number, "first": g.first, "second": g.second, "winner": g.winner or "",
         "fault": g.fault or "", "reason": g.reason, "moves": " ".join(map(str, g.moves))}
        for g in tournament.games]))
    write_atomic(out / "leaderboard.html", leaderboard_html(tournament, rows))


def _csv(fields, rows) -> str:
    return csv_text(fields, rows)


def anchor(name) -> str:
    """The id of a player's list of games in the page (distinct names, distinct ids).

    >>> anchor("ann"), anchor("Ann Lee") != anchor("Ann_Lee")
    ('games-ann', True)
    """
    return "games-" + safe_name(name)


def leaderboard_html(tournament, rows=None) -> str:
    """The leaderboard page (see the module docstring): the template
    ``leaderboard.html.j2`` filled with the standings and each player's games."""
    rows = rows if rows is not None else standings(tournament)
    settings = tournament.settings
    spec = settings.get("game", {})
    return render(
        "leaderboard.html.j2", games=tournament.games,
        size=spec if "rows" in spec else None, move_time=settings.get("move_time", "?"),
        games_per_pair=settings.get("games_per_pair", "?"),
        isolation=settings.get("isolation", "?"), initial=INITIAL, k=K,
        rows=[{**r, "anchor": anchor(r["player"]),
               "games_played": _games_of(tournament, r["player"])} for r in rows])


def _games_of(tournament, name) -> list:
    """The games ``name`` took part in, as that player's list shows them."""
    return [{"number": g.number, "plays": "first" if g.first == name else "second",
             "against": g.second if g.first == name else g.first,
             "outcome": _outcome(g, name), "reason": g.reason,
             "moves": " ".join(map(str, g.moves)), "final": g.final}
            for g in tournament.games if name in (g.first, g.second)]


def _outcome(game, name) -> str:
    if game.reason.startswith("not played"):
        return "not played"
    if game.winner is None:
        return "draw"
    return "won" if game.winner == name else "lost"


__all__ = ["elo", "standings", "write_standings", "leaderboard_html", "anchor", "K", "INITIAL"]
