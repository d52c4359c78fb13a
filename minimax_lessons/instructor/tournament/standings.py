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

import html
from pathlib import Path

from ..common.files import csv_text, safe_name, write_atomic

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


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #1a1a1a;
       line-height: 1.4; padding: 0 1em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #888; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
th { background: #e8e8e8; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.reference td { color: #444; font-style: italic; }
.problem { color: #8b0000; }
pre { margin: 0; font-size: 0.9em; }
a { color: #0645ad; }
"""


def leaderboard_html(tournament, rows=None) -> str:
    """The leaderboard page (see the module docstring)."""
    rows = rows if rows is not None else standings(tournament)
    e = html.escape
    settings = tournament.settings
    spec = settings.get("game", {})
    size = f" on a {spec['rows']}&times;{spec['cols']} board" if "rows" in spec else ""
    head = (f"<p>{len(tournament.games)} games{size}, {settings.get('move_time', '?')} s per "
            f"move, {settings.get('games_per_pair', '?')} games per pair with the colours "
            f"alternating; isolation: {e(str(settings.get('isolation', '?')))}. A win is 1 "
            f"point, a draw 0.5. Elo: everyone starts at {INITIAL:g}, K = {K}, games taken "
            "in order.</p>")
    body = "".join(
        f"<tr class='{e(r['kind'])}' data-player='{e(r['player'], quote=True)}' "
        f"data-points='{r['points']:g}' data-elo='{r['elo']:.1f}'>"
        f"<td class='num'>{r['rank']}</td>"
        f"<td><a href='#{anchor(r['player'])}'>{e(r['player'])}</a>"
        f"{' (reference)' if r['kind'] == 'reference' else ''}</td>"
        f"<td class='num'>{r['points']:g}</td><td class='num'>{r['games']}</td>"
        f"<td class='num'>{r['wins']}</td><td class='num'>{r['draws']}</td>"
        f"<td class='num'>{r['losses']}</td><td class='num'>{r['elo']:.1f}</td>"
        f"<td class='num'>{r['lost_by_fault']}</td>"
        f"<td class='problem'>{e(r['problem'])}</td></tr>" for r in rows)
    table = ("<table><thead><tr><th>rank</th><th>player</th><th>points</th><th>games</th>"
             "<th>won</th><th>drawn</th><th>lost</th><th>Elo</th><th>lost by a fault</th>"
             f"<th>problem</th></tr></thead><tbody>{body}</tbody></table>")
    sections = "".join(_player_games(tournament, r["player"]) for r in rows)
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            "<title>Connect Four tournament: leaderboard</title>"
            f"<style>{_STYLE}</style></head><body><h1>Leaderboard</h1>{head}{table}"
            f"<h2>Games</h2>{sections}</body></html>")


def _player_games(tournament, name) -> str:
    e = html.escape
    mine = [g for g in tournament.games if name in (g.first, g.second)]
    items = "".join(
        f"<tr><td class='num'>{g.number}</td>"
        f"<td>{'first' if g.first == name else 'second'}</td>"
        f"<td>{e(g.second if g.first == name else g.first)}</td>"
        f"<td>{_outcome(g, name)}</td><td>{e(g.reason)}</td>"
        f"<td><code>{e(' '.join(map(str, g.moves)))}</code></td>"
        f"<td><pre>{e(g.final)}</pre></td></tr>" for g in mine)
    return (f"<section id='{anchor(name)}'><h3>{e(name)}</h3><table><thead><tr><th>game</th>"
            "<th>plays</th><th>against</th><th>result</th><th>why</th><th>moves</th>"
            f"<th>last board</th></tr></thead><tbody>{items}</tbody></table>"
            "<p><a href='#'>back to the top</a></p></section>")


def _outcome(game, name) -> str:
    if game.reason.startswith("not played"):
        return "not played"
    if game.winner is None:
        return "draw"
    return "won" if game.winner == name else "lost"


__all__ = ["elo", "standings", "write_standings", "leaderboard_html", "anchor", "K", "INITIAL"]
