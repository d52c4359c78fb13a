"""Experiments: tree sizes, growth with depth, ordering and matches."""

from minimax_lessons import GameTree, TicTacToe, minimax
from minimax_lessons.experiments import (knuth_moore, match_record, nodes_by_depth,
                                         ordering_experiment, uniform_tree_size)
from minimax_lessons.play import perfect_player, random_player
from minimax_lessons.plots import plot_growth, plot_ordering


def test_uniform_tree_size_counts_every_node_of_a_random_tree():
    for b, d in [(2, 3), (3, 4), (5, 2)]:
        assert uniform_tree_size(b, d) == len(GameTree.random(b, d, seed=0))


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
    fig = plot_ordering(ordering_experiment(2, [2, 3], seeds=range(2)))
    assert len(fig.axes[0].lines) == 5
    assert len(plot_growth(nodes_by_depth(TicTacToe(), [0, 1])).axes[0].lines) == 1
