"""Killer moves and the history heuristic: the same value, the moves that cut off tried first."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import ConnectFour, GameTree, SearchError, alphabeta, centre_first, textbook
from minimax_lessons.experiments import random_positions
from minimax_lessons.search.ordering import LearnedOrder, plies_from_root

from .test_textbook import LoggedGame


class Arrivals(LoggedGame):
    """A game that also records every state a search steps into (result calls)."""

    def __init__(self, game):
        super().__init__(game)
        self.reached = []

    def result(self, state, action):
        child = self.game.result(state, action)
        self.reached.append(child)
        return child


def test_killers_keep_the_latest_cut_off_moves_of_each_ply_first():
    learned = LearnedOrder(killers=2)
    for move in (5, 2, 5, 6):
        learned.cut("max", move, ply=3, left=2)
    assert learned.killers == {3: [6, 5]}
    assert learned.order("max", (3, 2, 4, 1, 5, 0, 6), 3) == (6, 5, 3, 2, 4, 1, 0)
    assert learned.order("max", (3, 2, 4), 3) == (3, 2, 4)  # killers that are not legal wait
    assert learned.order("max", (3, 2, 4, 6), 2) == (3, 2, 4, 6)  # another ply: no killers yet


def test_history_scores_add_the_square_of_the_plies_left_and_sort_stably():
    learned = LearnedOrder(history=True)
    learned.cut("max", 4, ply=1, left=3)
    learned.cut("max", 0, ply=5, left=1)
    learned.cut("min", 6, ply=2, left=5)
    assert learned.history == {("max", 4): 9, ("max", 0): 1, ("min", 6): 25}
    assert learned.order("max", (3, 2, 4, 1, 0, 6), 0) == (4, 0, 3, 2, 1, 6)


def test_a_bad_number_of_killers_is_refused():
    with pytest.raises(SearchError, match="killers must be a whole number"):
        alphabeta(GameTree.from_nested([[1]]), killers=-1)
    with pytest.raises(SearchError, match="killers must be a whole number"):
        LearnedOrder(killers=True)


def test_plies_are_counted_from_the_linked_path():
    assert [plies_from_root(p) for p in [(), ((), 0), (((), 0), 5)]] == [0, 1, 2]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.integers(0, 3), st.booleans())
def test_killers_and_history_never_change_alphabetas_value(seed, depth, killers, history):
    tree = GameTree.random((1, 4), depth, seed=seed, low=-3, high=3)
    plain = alphabeta(tree)
    learned = alphabeta(tree, killers=killers, history=history)
    assert learned.value == plain.value


def test_without_killers_or_history_alphabeta_is_unchanged():
    game = ConnectFour(rows=4, cols=5)
    for state in random_positions(game, 10, seed=1, moves=(0, 10)):
        a = alphabeta(game, state, depth=4, evaluate=game.estimate, order=centre_first(game))
        b = alphabeta(game, state, depth=4, evaluate=game.estimate, order=centre_first(game),
                      killers=0, history=False)
        assert (a.value, a.move, a.nodes) == (b.value, b.move, b.nodes)


def test_the_textbook_killers_reach_the_same_positions_in_the_same_order_as_the_engine():
    game = ConnectFour(rows=4, cols=5)
    for state in random_positions(game, 25, seed=3, moves=(0, 10)):
        logged = Arrivals(game)
        value = textbook.alphabeta_with_killers(logged, state, 5, game.estimate, {})
        r = alphabeta(game, state, depth=5, evaluate=game.estimate, killers=2, trace=True)
        assert value == r.value
        assert logged.reached == [s.state for s in r.trace if s.kind in ("visit", "evaluate")][1:]


def test_one_reply_that_refutes_every_move_is_tried_first_once_it_has_cut_off():
    game = ConnectFour(rows=4, cols=5)
    state = game.play("041414")  # O threatens to complete column 4; X must block there
    order = centre_first(game)
    replies = {}
    for name, options in (("centre", {}), ("killers", {"killers": 2})):
        r = alphabeta(game, state, depth=2, evaluate=game.estimate, order=order, trace=True,
                      **options)
        tried = {}
        for step in r.trace:
            if step.kind in ("visit", "evaluate") and len(step.path) == 2:
                tried.setdefault(step.path[0], []).append(step.path[1])
        replies[name] = tried
    assert replies["centre"] == {2: [2, 1, 3, 0, 4], 1: [2, 1, 3, 0, 4], 3: [2, 1, 3, 0, 4],
                                 0: [2, 1, 3, 0, 4], 4: [2, 1, 3, 0]}
    assert replies["killers"] == {2: [2, 1, 3, 0, 4], 1: [2, 1, 3, 0, 4], 3: [4], 0: [4],
                                  4: [2, 1, 3, 0]}


def test_killers_save_nothing_from_the_empty_board_and_about_half_in_the_middle_game():
    from minimax_lessons.experiments import ordering_by_position

    game = ConnectFour()
    order = centre_first(game)
    empty = [alphabeta(game, depth=6, evaluate=game.estimate, order=order, killers=k).nodes
             for k in (0, 2)]
    assert empty == [1249, 1249]
    rows = ordering_by_position(game, random_positions(game, 6, seed=10), depth=5,
                                evaluate=game.estimate,
                                orders={"centre": {"order": order},
                                        "killers": {"order": order, "killers": 2}})
    assert sum(r["killers"] for r in rows) < 0.8 * sum(r["centre"] for r in rows)
