"""Move ordering, the transposition table with bound flags, and deepening on Connect Four."""

import random

import pytest

from minimax_lessons import MAX, ConnectFour, alphabeta, minimax
from minimax_lessons.search.engine import (EXACT, LOWER, UPPER, TranspositionTable, bound_flag,
                                    centre_first, column_values, deepen, table_search)
from minimax_lessons.exercises.banks.lesson9 import HORIZON, TEMPTING_THREAT
from minimax_lessons.search.adversarial import SearchError

GAME = ConnectFour()
#: The small board of lesson 9's exhaustive searches: 4 rows, 5 columns.
SMALL = (4, 5)
#: Lesson 9's position on the SMALL board, O to move: a draw, which a table storing bounds
#: as exact values calls a win for X.
BUGGY_TABLE = "001110331"


def random_positions(game, count, seed, *, low=4, high=24):
    """Unfinished positions reached by seeded random play, ``low`` to ``high`` moves in."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randint(low, high)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.append(state)
    return found


def mover_wins(game, state, child):
    """True when ``child`` is a finished game won by the player to move in ``state``."""
    sign = 1 if game.to_move(state) == MAX else -1
    return game.is_terminal(child) and sign * game.utility(child) > 0


def forced_win(game, state, plies):
    """Can the player to move force a win within ``plies`` (odd) plies? Exhaustive."""
    for a in game.actions(state):
        child = game.result(state, a)
        if mover_wins(game, state, child):
            return True
        if plies >= 3 and not game.is_terminal(child) and all(
                not game.is_terminal(game.result(child, r))
                and forced_win(game, game.result(child, r), plies - 2)
                for r in game.actions(child)):
            return True
    return False


def immediate_wins(game, state):
    return [a for a in game.actions(state) if mover_wins(game, state, game.result(state, a))]


def test_centre_first_orders_columns_by_distance_from_the_middle():
    order = centre_first(GAME)
    assert order(None, (0, 1, 2, 3, 4, 5, 6)) == (3, 2, 4, 1, 5, 0, 6)
    assert order(None, (0, 1, 5, 6)) == (1, 5, 0, 6)
    assert centre_first(ConnectFour(4, 4))(None, (0, 1, 2, 3)) == (1, 2, 0, 3)


def test_a_returned_value_is_a_bound_unless_strictly_inside_the_window():
    assert bound_flag(7, 2, 7) == LOWER and bound_flag(9, 2, 7) == LOWER
    assert bound_flag(2, 2, 7) == UPPER and bound_flag(1, 2, 7) == UPPER
    assert bound_flag(3, 2, 7) == EXACT


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_the_table_search_gives_plain_alphabetas_value_on_many_positions(depth):
    for state in random_positions(GAME, 40, seed=depth):
        plain = alphabeta(GAME, state, depth=depth, evaluate=GAME.estimate)
        for order in (None, centre_first(GAME)):
            fast = table_search(GAME, state, depth=depth, evaluate=GAME.estimate, order=order)
            assert fast.value == plain.value, GAME.text(state)


def test_the_table_search_solves_small_boards_exactly():
    game = ConnectFour(4, 4)
    for state in random_positions(game, 25, seed=5, low=3, high=10):
        exact = minimax(game, state, memo=True).value
        assert table_search(game, state, order=centre_first(game)).value == exact
        assert table_search(game, state).estimated == 0


def test_the_table_holds_bounds_and_hits_save_nodes():
    state = GAME.play("3324")
    table = TranspositionTable()
    first = table_search(GAME, state, depth=5, evaluate=GAME.estimate, table=table)
    flags = {flag for _, flag in table.values.values()}
    assert flags == {EXACT, LOWER, UPPER}
    again = table_search(GAME, state, depth=5, evaluate=GAME.estimate, table=table)
    assert again.value == first.value and again.nodes == 1 and table.hits >= 1


def test_ordering_and_the_table_cut_the_nodes_of_plain_alphabeta():
    state = GAME.initial_state()
    plain = alphabeta(GAME, state, depth=6, evaluate=GAME.estimate)
    ordered = alphabeta(GAME, state, depth=6, evaluate=GAME.estimate, order=centre_first(GAME))
    tabled = table_search(GAME, state, depth=6, evaluate=GAME.estimate, order=centre_first(GAME))
    assert ordered.value == plain.value == tabled.value
    assert tabled.nodes < ordered.nodes < plain.nodes


def test_deepening_costs_more_than_one_table_search_yet_its_last_search_costs_less():
    order = centre_first(GAME)
    runs = deepen(GAME, max_depth=8, evaluate=GAME.estimate, order=order)
    once = table_search(GAME, depth=8, evaluate=GAME.estimate, order=order)
    ordered = alphabeta(GAME, depth=8, evaluate=GAME.estimate, order=order)
    assert runs[-1].value == once.value == ordered.value
    total = sum(r.nodes for r in runs)
    assert runs[-1].nodes < once.nodes < total < ordered.nodes  # 4,526 < 7,515 < 10,218 < 13,297


def test_what_deepening_carries_from_one_depth_to_the_next_is_the_best_moves():
    order = centre_first(GAME)
    warm = TranspositionTable()
    deepen(GAME, max_depth=7, evaluate=GAME.estimate, order=order, table=warm)
    moves_only = TranspositionTable()
    moves_only.moves.update(warm.moves)
    last = table_search(GAME, depth=8, evaluate=GAME.estimate, order=order, table=warm)
    same = table_search(GAME, depth=8, evaluate=GAME.estimate, order=order, table=moves_only)
    assert same.nodes == last.nodes and same.value == last.value  # the values did not help
    # why: in a search to depth d, a position with k pieces always has d - k plies left
    fresh = TranspositionTable()
    table_search(GAME, depth=6, evaluate=GAME.estimate, order=order, table=fresh)
    pieces = {state: sum(len(row) - row.count(".") for row in GAME.board(state))
              for state, _ in fresh.values}
    assert all(left == 6 - pieces[state] for state, left in fresh.values)


def test_deepening_stops_at_max_depth_or_at_the_end_of_the_game():
    runs = deepen(GAME, max_depth=3, evaluate=GAME.estimate)
    assert [r.depth for r in runs] == [1, 2, 3]
    small = ConnectFour(3, 3)  # no four fits: every game is a draw, 9 plies
    runs = deepen(small, max_depth=20, evaluate=small.estimate)
    assert runs[-1].estimated == 0 and runs[-1].value == 0 and len(runs) == 9


def test_deepening_under_a_time_budget_finishes_at_least_depth_one():
    runs = deepen(GAME, seconds=0.05, evaluate=GAME.estimate, order=centre_first(GAME))
    assert runs and [r.depth for r in runs] == list(range(1, len(runs) + 1))
    assert runs[-1].move in GAME.actions(GAME.initial_state())


def test_deepening_needs_a_budget_and_refuses_bad_ones():
    with pytest.raises(SearchError, match="needs a budget"):
        deepen(GAME)
    with pytest.raises(SearchError, match="seconds must be a number > 0"):
        deepen(GAME, seconds=0)
    with pytest.raises(SearchError, match="depth must be a whole number"):
        table_search(GAME, depth=-1)
    with pytest.raises(SearchError, match="no evaluation function"):
        table_search(GAME, depth=1)


def test_the_search_takes_every_win_in_one():
    positions = [s for s in random_positions(GAME, 400, seed=11, high=30)
                 if immediate_wins(GAME, s)]
    assert len(positions) >= 30
    for state in positions:
        one_ply = table_search(GAME, state, depth=1, evaluate=GAME.estimate)
        assert one_ply.move in immediate_wins(GAME, state), GAME.text(state)
        deeper = table_search(GAME, state, depth=4, evaluate=GAME.estimate,
                              order=centre_first(GAME))
        sign = 1 if GAME.to_move(state) == MAX else -1
        assert sign * deeper.value == 1


def opponent_threats(game, state):
    """Columns where the opponent wins next unless the player to move plays there first."""
    threats = []
    for c in game.actions(state):
        others = [game.result(state, a) for a in game.actions(state) if a != c]
        if others and all(c in game.actions(after) and mover_wins(game, after, game.result(after, c))
                          for after in others):
            threats.append(c)
    return threats


def test_the_search_blocks_every_loss_in_one():
    """One threat, and blocking it does not hand the opponent another win at once."""
    cases = [s for s in random_positions(GAME, 900, seed=12, high=30)
             if not immediate_wins(GAME, s) and len(opponent_threats(GAME, s)) == 1
             and not immediate_wins(GAME, GAME.result(s, opponent_threats(GAME, s)[0]))]
    assert len(cases) >= 30
    for state in cases:
        r = table_search(GAME, state, depth=2, evaluate=GAME.estimate, order=centre_first(GAME))
        assert [r.move] == opponent_threats(GAME, state), GAME.text(state)


def test_the_search_finds_every_win_in_three():
    cases = [s for s in random_positions(GAME, 500, seed=13, high=30)
             if not immediate_wins(GAME, s) and forced_win(GAME, s, 3)]
    assert len(cases) >= 10
    for state in cases:
        r = table_search(GAME, state, depth=3, evaluate=GAME.estimate, order=centre_first(GAME))
        sign = 1 if GAME.to_move(state) == MAX else -1
        assert sign * r.value == 1, GAME.text(state)
        after = GAME.result(state, r.move)  # the move keeps the forced win
        assert all(forced_win(GAME, GAME.result(after, reply), 1) for reply in GAME.actions(after))


def test_a_table_that_stores_bounds_as_exact_values_gets_a_wrong_answer():
    game = ConnectFour(*SMALL)
    state = game.play(BUGGY_TABLE)
    exact = minimax(game, state, memo=True).value
    assert alphabeta(game, state).value == table_search(game, state).value == exact
    assert table_search(game, state, flags=False).value != exact


@pytest.mark.slow
def test_the_buggy_table_goes_wrong_on_other_positions_too_but_the_right_one_never():
    game = ConnectFour(*SMALL)
    wrong = 0
    for state in random_positions(game, 60, seed=3, low=8, high=13):
        exact = alphabeta(game, state).value
        assert table_search(game, state).value == exact
        wrong += table_search(game, state, flags=False).value != exact
    assert wrong >= 1


def test_the_horizon_position_hides_a_loss_behind_a_forcing_move():
    state = GAME.play(HORIZON)
    sign = 1 if GAME.to_move(state) == MAX else -1
    shallow = column_values(GAME, state, depth=3, evaluate=GAME.estimate)
    delaying = [a for a, v in shallow.items() if sign * v > -1]
    assert len(delaying) == 1 and all(sign * v == -1 for a, v in shallow.items()
                                      if a not in delaying)
    after = GAME.result(state, delaying[0])
    blocks = [r for r in GAME.actions(after) if not immediate_wins(GAME, GAME.result(after, r))]
    assert len(blocks) == 1  # the reply is forced: the threat must be blocked
    deeper = column_values(GAME, state, depth=5, evaluate=GAME.estimate)
    assert all(sign * v == -1 for v in deeper.values())


def test_a_tempting_threat_is_played_at_depth_3_and_refused_from_depth_4_on():
    state = GAME.play(TEMPTING_THREAT)
    order = centre_first(GAME)

    def best(depth, **options):
        values = column_values(GAME, state, depth=depth, evaluate=GAME.estimate, order=order,
                               **options)
        return max(values, key=values.get), values

    assert best(3)[0] == 4
    for depth in (4, 5, 6):
        move, values = best(depth)
        assert move == 2 and values[4] == -1
    after = GAME.result(state, 4)
    blocks = [r for r in GAME.actions(after) if not immediate_wins(GAME, GAME.result(after, r))]
    assert blocks == [2]  # O's answer is forced
    blocked = GAME.result(after, 2)
    assert all(immediate_wins(GAME, GAME.result(blocked, x)) for x in GAME.actions(blocked))
    move, values = best(3, quiescence=True)
    assert move == 2 and values[4] == -1


def test_quiescence_sees_the_loss_behind_the_horizon_positions_forcing_move():
    state = GAME.play(HORIZON)
    assert column_values(GAME, state, depth=3, evaluate=GAME.estimate)[2] > -1
    assert column_values(GAME, state, depth=3, evaluate=GAME.estimate, quiescence=True)[2] == -1


def test_quiescence_changes_nothing_where_every_leaf_is_quiet():
    small = ConnectFour(*SMALL)
    state = small.initial_state()  # nobody can threaten anything within two plies
    plain = table_search(small, state, depth=2, evaluate=small.estimate)
    quiet = table_search(small, state, depth=2, evaluate=small.estimate, quiescence=True)
    assert (quiet.value, quiet.nodes, quiet.estimated) == (plain.value, plain.nodes,
                                                            plain.estimated)


def test_quiescence_counts_the_positions_it_plays_on_into():
    state = GAME.play(TEMPTING_THREAT)
    plain = table_search(GAME, state, depth=3, evaluate=GAME.estimate)
    quiet = table_search(GAME, state, depth=3, evaluate=GAME.estimate, quiescence=True)
    deeper = table_search(GAME, state, depth=5, evaluate=GAME.estimate)
    assert plain.nodes < quiet.nodes < deeper.nodes


# -- the textbook versions students read are tested equal to the engine -----------------------
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_textbook_quiescence_search_gives_the_engines_values(depth):
    from minimax_lessons import textbook

    order = centre_first(GAME)
    for state in random_positions(GAME, 12, seed=depth, low=6, high=30) + [
            GAME.play(TEMPTING_THREAT), GAME.play(HORIZON)]:
        engine = table_search(GAME, state, depth=depth, evaluate=GAME.estimate, order=order,
                              quiescence=True)
        assert textbook.alphabeta_with_quiescence(GAME, state, depth, GAME.estimate) == \
            engine.value


def test_flags_tell_the_truth_at_max_and_min_nodes_alike_and_both_bounds_occur_at_both():
    from minimax_lessons import textbook

    game = ConnectFour(*SMALL)
    seen = set()
    for state in random_positions(game, 6, seed=5, low=9, high=12):
        table = {}
        textbook.alphabeta_with_table(game, state, table)
        for s, (v, flag) in table.items():
            exact = textbook.alphabeta(game, s)
            assert {"exact": exact == v, "lower": exact >= v, "upper": exact <= v}[flag]
            seen.add((game.to_move(s), flag))
    assert {("max", "lower"), ("max", "upper"), ("min", "lower"), ("min", "upper")} <= seen


# -- the textbook versions students read are tested equal to the engine -----------------------
@pytest.mark.slow
def test_the_textbook_table_search_gives_the_engines_exact_value():
    from minimax_lessons import textbook

    game = ConnectFour(*SMALL)
    for state in random_positions(game, 30, seed=21, low=8, high=13):
        exact = table_search(game, state).value
        assert textbook.alphabeta_with_table(game, state, {}) == exact
        assert textbook.alphabeta(game, state) == exact


def test_the_textbook_table_without_flags_goes_wrong_on_the_lessons_position():
    from minimax_lessons import textbook

    game = ConnectFour(*SMALL)
    state = game.play(BUGGY_TABLE)
    exact = textbook.alphabeta(game, state)
    table = {}
    assert textbook.alphabeta_with_exact_table(game, state, table) != exact
    flagged = {}
    assert textbook.alphabeta_with_table(game, state, flagged) == exact
    assert {flag for _, flag in flagged.values()} == {"exact", "lower", "upper"}


def test_analyse_values_every_column_at_the_depth_it_reached_and_plays_the_best():
    from minimax_lessons.search.engine import analyse

    order = centre_first(GAME)
    for state in random_positions(GAME, 8, seed=31):
        a = analyse(GAME, state, max_depth=3, evaluate=GAME.estimate, order=order)
        assert a.depth == 3
        assert a.values == column_values(GAME, state, depth=3, evaluate=GAME.estimate)
        pick = max if GAME.to_move(state) == MAX else min
        assert a.values[a.move] == pick(a.values.values())
        ties = [c for c in order(state, GAME.actions(state)) if a.values[c] == a.values[a.move]]
        assert a.move == ties[0]  # the first best in the order searched


def test_analyse_under_a_clock_finishes_depth_one_and_refuses_bad_input():
    from minimax_lessons.search.engine import analyse

    a = analyse(GAME, seconds=0.05, evaluate=GAME.estimate, order=centre_first(GAME))
    assert a.depth >= 1 and set(a.values) == set(range(7))
    with pytest.raises(SearchError, match="needs a budget"):
        analyse(GAME)
    with pytest.raises(SearchError, match="the game is over"):
        analyse(GAME, GAME.play("0101010"), max_depth=2)
