"""The Connect Four tournament: every submitted bot against the reference bots and each other.

``python -m minimax_lessons.instructor tournament SUBMISSIONS/ --out OUT/`` does:

1. **Load** each student's notebook the way the grader runs it (:mod:`.entries`): in a
   fresh process of its own, in a fresh kernel (per-cell time limit, output cap),
   inside bubblewrap when it works here, with ``MINIMAX_LESSONS_RECORD`` set, so that
   ``enter_tournament(game, evaluate, choose_move)`` records the functions as their
   source. A notebook that records no ``evaluate`` (it raised first, or never called
   ``enter_tournament``) gives no bot: that student loses every game, and the
   leaderboard says why.
2. **Play** (:mod:`minimax_lessons.play.arena`): each student against each reference bot
   (:data:`~minimax_lessons.play.bots.REFERENCE_BOTS`) and against each other student,
   ``games_per_pair`` games per pair with the colours alternating, in a fixed order
   (:func:`schedule`); ``jobs`` games at once. Every bot runs in a long-lived
   process of its own (students' in bubblewrap), asked for one move at a time with a
   clock of ``move_time`` seconds. Reference bots are trusted and get
   ``max(10, 10 * move_time)`` seconds.
3. **Score** (:mod:`.standings`): points (1 a win, 0.5 a draw), an Elo table from
   all games in game order, ``points.csv``, ``elo.csv``, ``games.csv`` and a
   self-contained ``leaderboard.html``.

Given the same submissions, the same tournament is played (the random bot is
seeded by the game number, the default search goes to a fixed depth), so long as
no bot runs out of time or reads the clock itself.
"""

from __future__ import annotations

import shutil
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ...play.arena import BotPool, GameRecord, Player, play_game
from ...play.bots import REFERENCE_BOTS, game_spec, make_game
from ..assignment.release import ReleaseError
from ..common.privacy import MAX_SAID, HostPaths
from ..common.environment import student_environment
from ..grading.judging import Options
from ..grading.notebook_runner import kernels_folder
from .entries import find_entries, load_student


@dataclass
class Tournament:
    """Everything a tournament produced: the players, in order, and the games, in order."""

    players: list
    games: list
    settings: dict = field(default_factory=dict)


# -- the games -------------------------------------------------------------------------------------
def schedule(students, references=REFERENCE_BOTS, games_per_pair=2) -> list:
    """``[(game number, first, second)]``: each student against each reference bot, then
    each pair of students, ``games_per_pair`` games each with the colours alternating.

    >>> schedule(["ann", "bob"], ["random"], 2)
    [(1, 'ann', 'random'), (2, 'random', 'ann'), (3, 'bob', 'random'), (4, 'random', 'bob'), \
(5, 'ann', 'bob'), (6, 'bob', 'ann')]
    """
    if not isinstance(games_per_pair, int) or games_per_pair < 1:
        raise ReleaseError(f"games per pair must be a whole number >= 1, not {games_per_pair!r}")
    pairs = [(s, r) for s in students for r in references]
    pairs += [(a, b) for i, a in enumerate(students) for b in students[i + 1:]]
    games = []
    for a, b in pairs:
        for k in range(games_per_pair):
            games.append((len(games) + 1, *((a, b) if k % 2 == 0 else (b, a))))
    return games


def run_tournament(submissions, out, *, game=None, jobs=1, move_time=1.0, games_per_pair=2,
                   references=REFERENCE_BOTS, isolation="auto", cell_timeout=30,
                   notebook_timeout=600, output_limit=100_000, kernel_name="python3",
                   max_depth=None, progress=True, stream=None) -> Tournament:
    """Load, play and score; writes the tables and the leaderboard to ``out``."""
    from ..grading.isolation import choose_isolation
    from .standings import write_standings

    if game is None:
        game = make_game({"kind": "connectfour", "rows": 6, "cols": 7})
    if not (isinstance(move_time, (int, float)) and move_time > 0):
        raise ReleaseError(f"the move time must be a number of seconds > 0, not {move_time!r}")
    if max_depth is not None and (not isinstance(max_depth, int) or max_depth < 1):
        raise ReleaseError(f"the default search's depth must be a whole number >= 1, "
                           f"not {max_depth!r}")
    unknown = [r for r in references if r not in REFERENCE_BOTS]
    if unknown:
        raise ReleaseError(f"unknown reference bot {unknown[0]!r}; choose from "
                           + ", ".join(REFERENCE_BOTS))
    spec = game_spec(game)
    stream = stream or sys.stderr
    entries = find_entries(submissions)
    clash = sorted(set(entries) & set(REFERENCE_BOTS))
    if clash:
        raise ReleaseError(f"the submission {clash[0]!r} has the name of a reference bot; "
                           f"rename it (reference bots: {', '.join(REFERENCE_BOTS)})")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    options = Options(cell_timeout=cell_timeout, notebook_timeout=notebook_timeout,
                      output_limit=output_limit, kernel_name=kernel_name, isolation=isolation)
    isolation = choose_isolation(options.isolation, stream, private=[submissions], own=[out])
    hide = [str(Path(submissions).resolve()), str(out.resolve())]
    work_root = kernels_folder("mml-tournament-")
    workers = max(1, int(jobs or 1))
    say = (lambda text: print(text, file=stream, flush=True)) if progress else (lambda text: None)
    pools = {}
    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            loaded = list(pool.map(lambda item: load_student(
                item[0], item[1], options, isolation=isolation, hide=hide, work_root=work_root),
                entries.items()))
        places = HostPaths.of_grader(submissions, out, work_root)
        for player in loaded:  # the leaderboard names no host path, not even in a bot's error
            player.max_depth = max_depth
            player.problem = places.scrub(player.problem)
            say(f"loaded {player.name}: " + ("ready" if player.loaded else player.problem))
        players = [Player(name, "reference", builtin=name) for name in references] + loaded
        jail = isolation.jails(hide=hide, root=work_root)
        env = student_environment()
        for player in players:
            if player.loaded:
                pools[player.name] = BotPool(
                    player, spec, jail=jail if player.kind == "student" else None, env=env,
                    work_root=work_root)
        by_name = {p.name: p for p in players}
        limits = {p.name: max(10.0, 10 * move_time) for p in players if p.kind == "reference"}
        plan = schedule([p.name for p in loaded], list(references), games_per_pair)
        lock = threading.Lock()
        done = [0]

        def one(item):
            number, first, second = item
            try:
                record = play_game(game, number, by_name[first], by_name[second], pools,
                                   move_time=move_time, limits=limits)
            except Exception as exc:  # a fault of the arena: this game only, never the rest
                record = GameRecord(number, first, second, reason=(
                    f"not played: the arena failed ({type(exc).__name__}: {str(exc)[:MAX_SAID]})"))
            record.reason = places.scrub(record.reason)
            with lock:
                done[0] += 1
                say(f"game {number} ({done[0]}/{len(plan)}): {first} - {second}: "
                    f"{record.reason}")
            return record

        with ThreadPoolExecutor(max_workers=workers) as pool:
            records = list(pool.map(one, plan))
    finally:
        for p in pools.values():
            p.close()
        shutil.rmtree(work_root, ignore_errors=True)
    settings = {"game": spec, "move_time": move_time, "games_per_pair": games_per_pair,
                "references": list(references),
                "isolation": {"bwrap": "bubblewrap"}.get(isolation.kind, isolation.kind)}
    result = Tournament(players, records, settings)
    write_standings(out, result)
    return result


__all__ = ["run_tournament", "schedule", "Tournament"]
