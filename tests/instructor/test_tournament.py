"""The Connect Four tournament (issue 11): bots in processes with a clock, points, Elo, a page.

Eight sample submissions (the student version of the capstone notebook with the
code of ``tests/instructor/tournament_bots/<name>.py`` in its answer cell) play on a 4x5 board
against two of the reference bots (the random one and a searching one) and each other,
with a second per move, two games at once: a sound bot, a weak one that prints
on every move, a random one, one that crashes Python mid-game, one that sleeps past
the clock, one that plays a column that does not exist, one that writes garbage on
the tournament's pipe, and one whose notebook raises before defining ``evaluate``.
The whole class plays once in bubblewrap when it works here (else without, and the
output says so); two of them play twice more with isolation switched off, through
the command line, one game at a time and two at once, to check that the same
submissions give the same games, points and ratings.
"""

import csv
import io
import math
import os
import re
from pathlib import Path

import nbformat
import pytest

from minimax_lessons.play.bots import REFERENCE_BOTS
from minimax_lessons.instructor.__main__ import main
from minimax_lessons.instructor.grading.isolation import find_bwrap, why_no_bwrap
from minimax_lessons.instructor.tournament.standings import INITIAL, K, elo
from minimax_lessons.instructor.tournament.round_robin import run_tournament, schedule

#: Loads eight notebooks in bubblewrap and plays some hundred games: not for make test-fast.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
STUDENT_NOTEBOOK = ROOT / "notebooks" / "exercises" / "09-connect-four-capstone.ipynb"
BOTS = Path(__file__).resolve().parent / "tournament_bots"
CLASS = ["good", "weak", "rando", "crasher", "sleeper", "illegal", "garbage", "broken"]
MISBEHAVES = {"crasher": "died", "sleeper": "timeout", "illegal": "illegal", "garbage": "garbage"}
MOVE_TIME = 1.0  # seconds: ample for the quick bots on a loaded machine
SMALL = {"rows": 4, "cols": 5}
#: The reference bots the class meets: every kind of game is played against these two.
REFERENCES = ("random", "depth-2")


def submit(folder: Path, name: str):
    """``folder/<name>.ipynb``: the student notebook with the sample bot's code filled in."""
    nb = nbformat.read(STUDENT_NOTEBOOK, as_version=4)
    code = (BOTS / f"{name}.py").read_text(encoding="utf-8")
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id == "evaluate_answer":
            cell.source = code
        elif grade_id == "choose_answer" and "def choose_move" in code:
            cell.source = "# choose_move is defined with evaluate above"
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / f"{name}.ipynb")


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    from minimax_lessons.games.connectfour import ConnectFour

    base = tmp_path_factory.mktemp("tournament")
    for name in CLASS:
        submit(base / "submitted", name)
    stream = io.StringIO()
    result = run_tournament(base / "submitted", base / "out", game=ConnectFour(**SMALL), jobs=2,
                            move_time=MOVE_TIME, references=REFERENCES, stream=stream,
                            cell_timeout=60)
    return {"result": result, "out": base / "out", "log": stream.getvalue(),
            "games": rows(base / "out" / "games.csv"),
            "points": rows(base / "out" / "points.csv")}


def games_of(played, name):
    return [g for g in played["games"] if name in (g["first"], g["second"])]


def test_every_pairing_is_played_twice_with_the_colours_swapped(played):
    students = sorted(CLASS)
    expected = len(students) * len(REFERENCES) * 2 + len(students) * (len(students) - 1)
    assert len(played["games"]) == expected
    pairs = {}
    for g in played["games"]:
        pairs.setdefault(frozenset((g["first"], g["second"])), []).append(g["first"])
    assert all(len(set(firsts)) == 2 for firsts in pairs.values())
    assert not any({g["first"], g["second"]} <= set(REFERENCE_BOTS) for g in played["games"])
    assert {p for g in played["games"] for p in (g["first"], g["second"])} == \
        set(CLASS) | set(REFERENCES)


def test_the_class_plays_in_bubblewrap_when_it_works_here_and_says_so_when_not(played):
    if find_bwrap() is None:
        assert "without isolation (NOT a security sandbox)" in played["log"]
        assert played["result"].settings["isolation"] == "none"
    else:
        assert "without isolation" not in played["log"]
        assert played["result"].settings["isolation"] == "bubblewrap"


@pytest.mark.parametrize("name", sorted(MISBEHAVES))
def test_a_bot_that_misbehaves_loses_those_games_with_the_reason(played, name):
    fault = MISBEHAVES[name]
    lost = [g for g in games_of(played, name) if g["fault"] == fault]
    assert lost, f"{name} never lost by {fault}"
    for g in games_of(played, name):
        # it loses by its own fault, unless the opponent had no bot or misbehaved first
        assert g["winner"] != name or g["fault"] not in ("", fault), g
        if g["winner"] != name:
            assert g["fault"] == fault and g["reason"].startswith(f"{name} lost ({fault})"), g
    if name == "sleeper":
        assert all(f"took longer than {MOVE_TIME:g} s" in g["reason"] for g in lost)


def test_a_process_that_died_or_hung_is_restarted_for_the_next_game(played):
    # the crasher dies on its move once 4 pieces are down: as first player that is its
    # third move, as second its second: so every game it lost, a fresh process played
    for name in ("crasher", "sleeper"):
        for g in games_of(played, name):
            if g["winner"] != name and g["fault"] in ("died", "timeout"):
                ply = int(re.search(r"on move (\d+)", g["reason"]).group(1))
                assert ply >= 3 and len(g["moves"].split()) == ply - 1, g


def test_printing_does_not_lose_a_game(played):
    assert not [g for g in games_of(played, "weak") if g["winner"] != "weak" and g["fault"]]


def test_a_notebook_that_raises_before_defining_evaluate_loses_every_game_with_the_reason(played):
    games = games_of(played, "broken")
    assert games and all(g["winner"] != "broken" and g["fault"] == "not-loaded" for g in games)
    row = next(r for r in played["points"] if r["player"] == "broken")
    assert row["points"] == "0" and row["wins"] == "0"
    assert "ModuleNotFoundError" in row["problem"] and "a_module_that_is_not_installed" in \
        row["problem"]
    assert row["rank"] == str(len(played["points"]))  # last


def test_the_sound_bot_beats_random_in_every_game_and_ranks_above_the_weak_ones(played):
    against_random = [g for g in games_of(played, "good") if "random" in (g["first"], g["second"])]
    assert len(against_random) == 2 and all(g["winner"] == "good" for g in against_random)
    rank = {r["player"]: int(r["rank"]) for r in played["points"]}
    assert all(rank["good"] < rank[other] for other in CLASS if other != "good")


def test_reference_bots_never_lose_by_a_fault(played):
    for g in played["games"]:
        if g["fault"]:
            assert g["reason"].split(" lost")[0] not in REFERENCE_BOTS, g


def test_points_are_one_per_win_and_a_half_per_draw_over_all_games(played):
    for row in played["points"]:
        games = games_of(played, row["player"])
        wins = sum(g["winner"] == row["player"] for g in games)
        draws = sum(g["winner"] == "" for g in games)
        assert float(row["points"]) == wins + draws / 2 and int(row["games"]) == len(games)


def test_elo_ratings_sum_to_the_initial_rating_times_the_players(played):
    ratings = [float(r["elo"]) for r in rows(played["out"] / "elo.csv")]
    assert len(ratings) == len(CLASS) + len(REFERENCES)
    assert math.isclose(sum(ratings), INITIAL * len(ratings), abs_tol=0.05 * len(ratings))


def test_the_leaderboard_page_agrees_with_the_csv_and_links_each_player_to_their_games(played):
    page = (played["out"] / "leaderboard.html").read_text(encoding="utf-8")
    shown = re.findall(r"data-player='([^']*)' data-points='([^']*)' data-elo='([^']*)'", page)
    assert shown == [(r["player"], r["points"], r["elo"]) for r in played["points"]]
    for player, _, _ in shown:
        target = re.search(rf"<a href='#([^']*)'>{re.escape(player)}</a>", page).group(1)
        section = page.split(f"<section id='{target}'>")[1].split("</section>")[0]
        assert section.count("<tr><td class='num'>") == len(games_of(played, player))
    assert not re.search(r"https?://|<script|<link|@import", page), "the page needs no network"


# -- the rules, one at a time ----------------------------------------------------------------
def test_the_schedule_meets_every_reference_bot_then_every_student_in_a_fixed_order():
    plan = schedule(["ann", "bob"], ["random", "greedy"], 2)
    assert [(a, b) for _, a, b in plan] == [
        ("ann", "random"), ("random", "ann"), ("ann", "greedy"), ("greedy", "ann"),
        ("bob", "random"), ("random", "bob"), ("bob", "greedy"), ("greedy", "bob"),
        ("ann", "bob"), ("bob", "ann")]
    assert [n for n, _, _ in plan] == list(range(1, 11))


def test_elo_moves_by_half_of_k_between_equals_and_less_for_an_expected_win():
    assert elo([("a", "b", "a")], ["a", "b"]) == {"a": INITIAL + K / 2, "b": INITIAL - K / 2}
    assert elo([("a", "b", None)], ["a", "b"]) == {"a": INITIAL, "b": INITIAL}
    after = elo([("a", "b", "a"), ("a", "b", "a")], ["a", "b"])
    assert after["a"] - (INITIAL + K / 2) < K / 2  # the second win was expected more


def test_a_bot_that_cannot_be_rebuilt_loses_its_games_without_being_started_again():
    from minimax_lessons.games.connectfour import ConnectFour
    from minimax_lessons.play.bots import game_spec
    from minimax_lessons.play.arena import BotPool, Player, play_game

    game = ConnectFour(**SMALL)
    bad = Player("bad", "student", evaluate={"name": "evaluate", "parts": [
        ["evaluate", "code", ["def evaluate(board:\n    return 0\n", 1, "a cell"]]]})
    rival = Player("random", "reference", builtin="random")
    pools = {p.name: BotPool(p, game_spec(game)) for p in (bad, rival)}
    try:
        games = [play_game(game, n, *pair, pools, move_time=MOVE_TIME)
                 for n, pair in enumerate([(bad, rival), (rival, bad)], 1)]
    finally:
        for pool in pools.values():
            pool.close()
    assert [(g.winner, g.fault) for g in games] == [("random", "no-start")] * 2
    assert all("could not start: SyntaxError" in g.reason for g in games)
    assert pools["bad"].starts == 1


def test_bad_settings_are_clear_errors(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    assert main(["tournament", str(tmp_path / "missing"), "--out", str(tmp_path / "o")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["tournament", str(tmp_path / "sub"), "--out", str(tmp_path / "o"),
                 "--references", "random,grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err
    assert main(["tournament", str(tmp_path / "sub"), "--out", str(tmp_path / "o"),
                 "--move-time", "0"]) == 2
    assert "move time" in capsys.readouterr().err
    assert main(["tournament", str(tmp_path / "sub"), "--out", str(tmp_path / "o"),
                 "--max-depth", "0"]) == 2
    assert "depth must be a whole number >= 1" in capsys.readouterr().err
    assert main(["tournament", str(tmp_path / "sub"), "--out", str(tmp_path / "o"),
                 "--rows", "40"]) == 2
    assert "rows must be a whole number from 1 to 16" in capsys.readouterr().err
    (tmp_path / "sub" / "greedy").mkdir()
    assert main(["tournament", str(tmp_path / "sub"), "--out", str(tmp_path / "o")]) == 2
    assert "'greedy' has the name of a reference bot" in capsys.readouterr().err


def test_without_isolation_the_command_line_plays_the_same_tournament_one_or_two_at_a_time(
        tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MINIMAX_LESSONS_NO_BWRAP", "1")
    for name in ("good", "crasher"):
        submit(tmp_path / "sub", name)
    tables = []
    for jobs in ("1", "2"):
        code = main(["tournament", str(tmp_path / "sub"), "--out", str(tmp_path / jobs),
                     "--rows", "4", "--cols", "5", "--move-time", str(MOVE_TIME),
                     "--references", "random", "--jobs", jobs, "--timeout", "60"])
        assert code == 0
        tables.append([(tmp_path / jobs / name).read_text(encoding="utf-8")
                       for name in ("games.csv", "points.csv", "elo.csv")])
    err = capsys.readouterr().err
    assert "without isolation (NOT a security sandbox)" in err
    assert tables[0] == tables[1]
    games = list(csv.DictReader(io.StringIO(tables[0][0])))
    assert len(games) == 2 * 2 + 2
    assert all(g["fault"] == "died" for g in games if g["winner"] != "crasher"
               and "crasher" in (g["first"], g["second"]))


def test_in_bubblewrap_a_bot_cannot_read_the_other_submissions(tmp_path):
    if find_bwrap() is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    from minimax_lessons.games.connectfour import ConnectFour

    submit(tmp_path / "template", "rando")  # a notebook whose bot has a choose_move
    other = tmp_path / "sub" / "quoter.ipynb"  # the other submission the snoop reads
    snoop = ("def evaluate(board):\n    return 0\n\n\n"
             f"SECRET = {str(other)!r}\n\n\n"
             "def choose_move(state, time_left):\n"
             "    with open(SECRET, encoding='utf-8') as f:\n"
             "        f.read()\n"
             "    return game.actions(state)[0]\n")
    nb = nbformat.read(tmp_path / "template" / "rando.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "evaluate_answer":
            cell.source = snoop
    (tmp_path / "sub").mkdir()
    nbformat.write(nb, tmp_path / "sub" / "snoop.ipynb")
    for cell in nb.cells:  # a bot whose error quotes the jail's command line (host paths)
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "evaluate_answer":
            cell.source = ("def evaluate(board):\n    return 0\n\n\n"
                           "def choose_move(state, time_left):\n"
                           "    words = open('/proc/1/cmdline').read().split(chr(0))\n"
                           "    raise ValueError(' '.join(w for w in words if '/' in w))\n")
    nbformat.write(nb, tmp_path / "sub" / "quoter.ipynb")
    result = run_tournament(tmp_path / "sub", tmp_path / "out", game=ConnectFour(**SMALL),
                            jobs=2, move_time=MOVE_TIME, references=["random"],
                            isolation="bwrap", progress=False, cell_timeout=60)
    mine = [g for g in result.games if "snoop" in (g.first, g.second)
            and "quoter" not in (g.first, g.second)]  # (the quoter may crash first)
    assert mine and all(g.winner != "snoop" and g.fault == "crash" for g in mine)
    assert all("FileNotFoundError" in g.reason or "PermissionError" in g.reason for g in mine)
    assert all("'quoter.ipynb'" in g.reason for g in mine), "named from the submissions folder"
    quoted = [g for g in result.games if g.reason.startswith("quoter lost (crash)")]
    assert quoted and all("/usr/bin/bwrap" in g.reason and " …/" in g.reason for g in quoted)
    home, checkout = os.path.expanduser("~"), str(ROOT)
    for name in ("leaderboard.html", "games.csv", "points.csv"):
        text = (tmp_path / "out" / name).read_text(encoding="utf-8")
        assert str(tmp_path) not in text and f"{home}/" not in text and checkout not in text


def test_a_bot_whose_answer_the_codec_cannot_read_loses_by_garbage_and_every_file_is_written(
        tmp_path, monkeypatch):
    """Issue 19: ``<id> {"$float": "zz"}`` raised KeyError in the codec and stopped the
    tournament after 5 games with no points, Elo or leaderboard; and a fault of the arena
    itself in one game costs that game only."""
    from minimax_lessons.games.connectfour import ConnectFour
    from minimax_lessons.instructor.tournament import round_robin

    monkeypatch.setenv("MINIMAX_LESSONS_NO_BWRAP", "1")
    for name in ("good", "floater"):
        submit(tmp_path / "sub", name)
    played = round_robin.play_game

    def fails_once(game, number, *args, **kwargs):
        if number == 2:
            raise RuntimeError("a fault of the arena")
        return played(game, number, *args, **kwargs)

    monkeypatch.setattr(round_robin, "play_game", fails_once)
    result = run_tournament(tmp_path / "sub", tmp_path / "out", game=ConnectFour(**SMALL),
                            jobs=2, move_time=MOVE_TIME, references=["random"],
                            progress=False, cell_timeout=60)
    assert len(result.games) == 6
    for name in ("points.csv", "elo.csv", "games.csv", "leaderboard.html"):
        assert (tmp_path / "out" / name).exists(), name
    lost = [g for g in result.games if "floater" in (g.first, g.second) and g.number != 2]
    assert lost and all(g.fault == "garbage" and g.winner != "floater" for g in lost), lost
    assert "DecodeError" in lost[0].reason
    (failed,) = [g for g in result.games if g.number == 2]
    assert failed.reason.startswith("not played: the arena failed (RuntimeError")
