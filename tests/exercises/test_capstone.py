"""The capstone's notebook helpers (issue 11): try_bot and enter_tournament."""

import re

from minimax_lessons.exercises.capstone import CHOOSE_MOVE_ID, EVALUATE_ID, enter_tournament, try_bot
from minimax_lessons.games.connectfour import ConnectFour, open_lines
from minimax_lessons.exercises.check import RECORD_ENV
from minimax_lessons.instructor.grading.judging import read_records
from minimax_lessons.instructor.tournament.entries import functions_recorded

GAME = ConnectFour(rows=4, cols=5)


def even(board):
    return 0


def too_big(board):
    return 5


def loops(state, time_left):
    while True:
        pass


def plays_off_the_board(state, time_left):
    return 99


def test_a_sound_bot_is_ready_and_says_what_it_plays_first():
    entry = enter_tournament(GAME, open_lines)
    assert entry.ready and "evaluate(empty board) = 0" in entry.message
    first = re.search(r"the deepening search plays (\d+) first", entry.message)
    assert first and int(first.group(1)) in GAME.actions(GAME.initial_state())


def test_enter_tournament_names_the_problem_to_fix():
    assert not enter_tournament(GAME, ...).ready
    entry = enter_tournament(GAME, too_big)
    assert not entry.ready and "strictly between -1 and +1" in entry.message
    entry = enter_tournament(GAME, even, plays_off_the_board)
    assert not entry.ready and "played 99" in entry.message


def test_a_bot_that_never_answers_loses_by_the_clock_instead_of_hanging_the_cell():
    entry = enter_tournament(GAME, even, loops, move_time=0.3)
    assert not entry.ready and "no answer within 0.3 s" in entry.message
    table = try_bot(GAME, even, loops, opponents=["random"], move_time=0.3)
    assert [r.outcome for r in table.rows] == ["lost", "lost"]
    assert all("took longer than 0.3 s" in r.reason for r in table.rows)


def test_try_bot_plays_each_opponent_with_both_colours_and_scores_the_games():
    table = try_bot(GAME, open_lines, opponents=["random", "greedy"], games=2)
    assert [(r.opponent, r.colour) for r in table.rows] == [
        ("random", "first"), ("random", "second"), ("greedy", "first"), ("greedy", "second")]
    points = {"won": 1, "drew": 0.5, "lost": 0}
    assert table.score() == sum(points[r.outcome] for r in table.rows)
    for row in table.rows:
        assert all(isinstance(m, int) for m in row.moves)
    assert "Score:" in repr(table) and "<table>" in table._repr_html_()


def test_under_the_tournament_try_bot_waits_and_enter_tournament_records_both_functions(
        tmp_path, monkeypatch):
    record = tmp_path / "answers.jsonl"
    monkeypatch.setenv(RECORD_ENV, str(record))
    assert try_bot(GAME, even).rows == []
    assert enter_tournament(GAME, even, loops).ready
    records = read_records(record)
    assert [r["question"] for r in records] == [EVALUATE_ID, CHOOSE_MOVE_ID]
    found = functions_recorded(records, None)
    assert "def even(board)" in found["evaluate"]["parts"][-1][2][0]
    assert "def loops(state, time_left)" in found["choose_move"]["parts"][-1][2][0]


def test_the_grader_neither_runs_nor_asks_for_the_capstone_which_has_no_questions(tmp_path):
    from pathlib import Path

    from minimax_lessons.instructor import release
    from minimax_lessons.instructor.grading.judging import Options, grade_here

    source = Path(__file__).resolve().parents[2] / "course" / "source"
    key = release(source / "09-connect-four-capstone.ipynb", tmp_path / "release")
    assert key["notebooks"]["09-connect-four-capstone.ipynb"]["questions"] == {}
    result, executed = grade_here("ann", [], key, Options(), work_root=tmp_path)
    assert result.problems == [] and result.grades == [] and executed == {}
