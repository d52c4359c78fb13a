"""Lesson 8's exercises: UCB1 by hand, the next selection, and the back-up step."""

import math

import pytest

from minimax_lessons import check_function
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises import variants as V
from minimax_lessons.search.mcts import ucb1_score

SEEDS = range(6)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_ucb1_score_rounded_to_two_decimals_is_right(seed):
    d = get_question("q8.1").data(seed)
    right = ucb1_score(d["wins"], d["visits"], d["parent"])
    assert check("q8.1", round(right, 2), seed=seed).passed
    assert check("q8.1", f"{right:.3f}", seed=seed).passed
    assert not check("q8.1", round(right + 0.05, 2), seed=seed).passed


@pytest.mark.parametrize("seed", SEEDS)
def test_each_ucb1_mistake_is_named(seed):
    d = get_question("q8.1").data(seed)
    w, n, big_n, c = d["wins"], d["visits"], d["parent"], math.sqrt(2)
    answers = {"ucb-common-log": w / n + c * math.sqrt(math.log10(big_n) / n),
               "ucb-no-sqrt": w / n + c * math.log(big_n) / n,
               "ucb-child-log": w / n + c * math.sqrt(math.log(n) / n),
               "ucb-no-mean": c * math.sqrt(math.log(big_n) / n)}
    for diagnosis, answer in answers.items():
        assert check("q8.1", round(answer, 2), seed=seed).diagnosis == diagnosis


def chooser_ucb(d):
    sign = 1 if d["player"] == "max" else -1
    return [ucb1_score(w, n, d["parent"]) for _, n, w in d["children"]], sign


@pytest.mark.parametrize("seed", SEEDS)
def test_the_next_child_is_the_highest_ucb1_for_the_player_choosing(seed):
    d = get_question("q8.2").data(seed)
    scores, sign = chooser_ucb(d)
    letters = "abcd"
    right = letters[scores.index(max(scores))]
    assert check("q8.2", right, seed=seed).passed
    means = [w / n for _, n, w in d["children"]]  # for the chooser
    greedy = letters[means.index(max(means))]
    rare = letters[min(range(len(means)), key=lambda i: d["children"][i][1])]
    assert check("q8.2", greedy, seed=seed).diagnosis == "greedy-mean"
    assert check("q8.2", rare, seed=seed).diagnosis == "least-visited"
    if d["player"] == "min":  # reading MAX's means as MIN's
        flipped = [ucb1_score(-w, n, d["parent"]) for _, n, w in d["children"]]
        wrong = letters[flipped.index(max(flipped))]
        assert check("q8.2", wrong, seed=seed).diagnosis == "min-uses-max-mean"


def test_both_players_choose_in_some_variant():
    players = {get_question("q8.2").data(seed)["player"] for seed in range(20)}
    assert players == {"max", "min"}


def test_the_options_show_means_from_maxs_point_of_view():
    for seed in range(10):
        d = get_question("q8.2").data(seed)
        name, n, w = d["children"][0]
        mean = w / n if d["player"] == "max" else -w / n
        assert f"mean for MAX {mean:+.2f}" in get_question("q8.2").listing(seed)


def test_a_correct_backup_passes():
    assert check_function("backup", V.backup).passed
    assert check("q8.3", V.backup).passed


def test_a_backup_that_also_adds_at_the_root_passes_the_roots_wins_count_for_nobody():
    def backup(path, utility):
        for node in path:
            node["visits"] += 1
            node["wins"] += utility if node["chooser"] != "min" else -utility
    assert check_function("backup", backup).passed


@pytest.mark.parametrize("diagnosis, fn", V.VARIANTS["backup"])
def test_each_backup_mistake_is_named(diagnosis, fn):
    result = check("q8.3", fn)
    assert not result.passed and result.diagnosis == diagnosis


def test_a_backup_that_forgets_min_written_by_a_student_is_diagnosed():
    def backup(path, utility):
        node = 0
        while node < len(path):
            path[node]["visits"] = path[node]["visits"] + 1
            path[node]["wins"] = path[node]["wins"] + utility
            node += 1
    result = check_function("backup", backup)
    assert result.diagnosis == "backup-no-sign-switch"
    assert "should leave the nodes' [visits, wins]" in result.message


def test_a_stub_is_not_answered():
    def backup(path, utility):
        ...
    assert check("q8.3", backup).diagnosis == "not-answered"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_min_nodes_mean_for_max_after_a_back_up(seed):
    d = get_question("q8.4").data(seed)
    wins_for_min = d["wins"] - d["utility"]       # MIN's result is minus MAX's utility
    for_max = -wins_for_min / (d["visits"] + 1)
    assert check("q8.4", round(for_max, 2), seed=seed).passed
    assert check("q8.4", round(-for_max, 2), seed=seed).diagnosis == "mean-for-chooser"
    no_switch = -(d["wins"] + d["utility"]) / (d["visits"] + 1)
    assert check("q8.4", round(no_switch, 2), seed=seed).diagnosis == "backup-no-sign-switch"
    no_visit = -wins_for_min / d["visits"]
    assert check("q8.4", round(no_visit, 2), seed=seed).diagnosis == "backup-no-visit"


def test_the_natural_solution_is_not_taken_for_a_copy_of_the_packages():
    def backup(path, utility):
        for node in path:
            node["visits"] += 1
            if node["chooser"] == "max":
                node["wins"] += utility
            elif node["chooser"] == "min":
                node["wins"] -= utility
    result = check("q8.3", backup)
    assert result.passed, result.text()
