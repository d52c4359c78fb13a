"""Experiments: tree sizes, growth with depth, ordering and matches."""

import pytest

from minimax_lessons import GameTree, TicTacToe, minimax
from minimax_lessons.experiments import (knuth_moore, match_record, nodes_by_depth,
                                         ordering_experiment, uniform_tree_size)
from minimax_lessons.play.match import perfect_player, random_player
from minimax_lessons.plots import plot_growth, plot_ordering


def test_uniform_tree_size_counts_every_node_of_a_random_tree():
    for b, d in [(2, 3), (3, 4), (5, 2)]:
        assert uniform_tree_size(b, d) == len(GameTree.random(b, d, seed=0))


@pytest.mark.slow
def test_nodes_by_depth_grows_to_the_full_game():
    rows = nodes_by_depth(TicTacToe(), range(10))
    counts = [r["nodes"] for r in rows]
    assert counts[:3] == [1, 1 + 9, 1 + 9 + 72]
    assert counts == sorted(counts) and counts[-1] == minimax(TicTacToe()).nodes


def test_ordering_experiment_sits_between_the_bound_and_minimax():
    for row in ordering_experiment(3, [2, 3, 4], seeds=range(3)):
        assert row["alphabeta, best first"] == row["Knuth-Moore bound"] == knuth_moore(3, row["depth"])
        assert row["Knuth-Moore bound"] <= row["alphabeta, given order"] <= row["minimax"]


def test_the_perfect_player_beats_or_draws_a_random_one():
    record = match_record(TicTacToe(), perfect_player, random_player(0), 20)
    assert record["MIN wins"] == 0 and sum(record.values()) == 20 and record["MAX wins"] > 0


def test_plots_draw_one_line_per_column():
    chart = plot_ordering(ordering_experiment(2, [2, 3], seeds=range(2)))
    assert len(chart.figure.axes[0].lines) == 5
    assert [t.get_text() for t in chart.figure.axes[0].get_legend().get_texts()][-1] == "Knuth-Moore bound"
    assert len(plot_growth(nodes_by_depth(TicTacToe(), [0, 1])).figure.axes[0].lines) == 1


def test_a_chart_shows_itself_as_png_and_saves(tmp_path):
    chart = plot_growth(nodes_by_depth(TicTacToe(), [0, 1]), title="growth")
    assert chart._repr_png_().startswith(b"\x89PNG") and repr(chart) == "<Chart: growth>"
    assert chart.save(tmp_path / "g.svg").read_text().lstrip().startswith("<?xml")
