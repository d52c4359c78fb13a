"""Lesson 11's predictions and exercises: each right answer, written here from first
principles, is accepted, and each named mistake diagnosed."""

import math
import random
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from minimax_lessons import GameTree, Nim, TicTacToe, expectiminimax, minimax, solve, textbook
from minimax_lessons.exercises import check, get_question
from minimax_lessons.exercises.banks.lesson11 import book_size, held_at_most
from minimax_lessons.experiments import agents_against_opponents, search_memory
from minimax_lessons.games.examples import BEAM_TRAP, SINGULAR_TRAP, TRAPPED
from minimax_lessons.games.opponents import RandomMin

IDS = [f"p11.{k}" for k in range(1, 8)]
GAME = TicTacToe()


@pytest.mark.parametrize("qid", IDS)
def test_each_prediction_is_registered_and_starts_unanswered(qid):
    assert check(qid, ...).diagnosis == "not-answered"


def test_a_depth_first_search_holds_its_path_a_table_every_position():
    # the longest game fills the board: nine moves, ten positions on the path
    longest = max(len(moves) for moves in _some_full_games())
    assert longest == 9 and held_at_most(GAME) == 10
    memory = search_memory(GAME)
    assert memory == {"tree nodes": minimax(GAME).nodes, "path": 10,
                      "all children": 1 + 9 + 8 + 7 + 6 + 5 + 4 + 3 + 2 + 1,
                      "table": len(solve(GAME))}
    assert check("p11.1", 10).passed
    assert check("p11.1", 5478).diagnosis == "memory-holds-table"
    assert check("p11.1", 549_946).diagnosis == "memory-holds-tree"
    assert check("p11.1", 46).diagnosis == "memory-all-children"


def _some_full_games():
    state, moves = GAME.initial_state(), []
    while not GAME.is_terminal(state):  # X and O fill squares in order without a line
        for square in (0, 1, 2, 4, 3, 5, 7, 6, 8):
            if state[square] == ".":
                moves.append(square)
                state = GAME.result(state, square)
                break
    yield moves


def test_a_beam_of_width_two_keeps_b_and_c_and_never_sees_e():
    guess = {"B": 8, "C": 7, "D": 5, "E": 2}
    kept = sorted(guess, key=guess.get, reverse=True)[:2]
    searched = {n: min(BEAM_TRAP.utility(leaf) for leaf in BEAM_TRAP.children(n))
                for n in kept}
    assert kept == ["B", "C"] and searched == {"B": 2, "C": 3}
    assert minimax(BEAM_TRAP).move == 3                           # E, never searched
    assert check("p11.2", "b").passed
    assert check("p11.2", "d").diagnosis == "beam-sees-everything"
    assert check("p11.2", "a").diagnosis == "beam-trusts-estimates"


def test_beam_minimax_with_a_width_as_large_as_the_branching_is_minimax():
    for seed in range(30):
        tree = GameTree.random(3, 3, seed=seed)
        exact = lambda s: tree.utility(s) if tree.is_terminal(s) else 0  # noqa: E731
        assert textbook.beam_minimax(tree, tree.root, 3, exact) == minimax(tree).value


def test_the_singular_move_searched_deeper_is_worth_its_leaves_backed_up():
    b1, b2 = max(-3, -2), max(-4, -3)
    assert min(b1, b2) == -3 == minimax(SINGULAR_TRAP, "B").value
    assert check("p11.3", -3).passed
    assert check("p11.3", 8).diagnosis == "extension-not-searched"
    assert textbook.singular_extension_decision(SINGULAR_TRAP, "A", 2, SINGULAR_TRAP.heuristic,
                                                3) == minimax(SINGULAR_TRAP).move == 1
    # with a margin larger than the gap, nothing is extended and B's 8 is trusted
    assert textbook.singular_extension_decision(SINGULAR_TRAP, "A", 2, SINGULAR_TRAP.heuristic,
                                                5) == 0


def test_every_first_move_draws_and_retrograde_analysis_agrees_with_solve():
    table = solve(GAME)
    start = GAME.initial_state()
    assert [table[GAME.result(start, a)] for a in GAME.actions(start)] == [0] * 9
    assert check("p11.4", 9).passed and check("p11.4", 1).diagnosis == "opening-moves-lose"
    rounds = textbook.retrograde(GAME, start)
    assert {s: v for s, (v, _) in rounds.items()} == table
    assert all(r == 0 for s, (_, r) in rounds.items() if GAME.is_terminal(s))
    assert rounds[start][1] == 9 and check("p11.5", 9).passed


def test_retrograde_analysis_agrees_with_solve_on_nim():
    for heaps in ([1, 2], [2, 2, 3], [1, 3, 4]):
        nim = Nim(heaps)
        table = solve(nim)
        assert {s: v for s, (v, _) in textbook.retrograde(nim, nim.initial_state()).items()} == table


def test_the_share_of_positions_with_every_move_alike():
    table = solve(GAME)
    unfinished = [s for s in table if not GAME.is_terminal(s)]
    alike = sum(len({table[GAME.result(s, a)] for a in GAME.actions(s)}) == 1 for s in unfinished)
    assert (alike, len(unfinished)) == (1329, 4520)
    assert check("p11.6", "b").passed and not check("p11.6", "a").passed


def test_cs188s_table_on_the_trapped_tree():
    rows = {(r["agent"], r["opponent"]): r["exact"] for r in agents_against_opponents(TRAPPED)}
    assert rows == {("minimax", "adversarial"): 3, ("minimax", "random"): 3,
                    ("expectimax", "adversarial"): -10, ("expectimax", "random"): 10}
    assert expectiminimax(RandomMin(TRAPPED)).value == Fraction(10)
    assert check("p11.7", "c").passed
    assert check("p11.7", "a").diagnosis == "minimax-agent-score"
    assert check("p11.7", "b").diagnosis == "expects-random-opponent"


def test_random_min_averages_mins_moves_with_exact_fractions():
    tree = GameTree.from_nested([[1, 2, 4], [0, 9]])
    random_min = RandomMin(tree)
    assert random_min.to_move("B") == "chance" and random_min.to_move("A") == "max"
    assert random_min.chances("B") == [(0, Fraction(1, 3)), (1, Fraction(1, 3)), (2, Fraction(1, 3))]
    assert expectiminimax(random_min).value == Fraction(9, 2)


# -- the exercises ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, "student", "alice"])
def test_q11_1_the_longest_nim_game_takes_a_counter_a_move(seed):
    heaps = get_question("q11.1").data(seed)["heaps"]
    assert check("q11.1", sum(heaps) + 1, seed=seed).passed
    assert held_at_most(Nim(heaps)) == sum(heaps) + 1


@pytest.mark.parametrize("seed", [0, 1, 2, "student", "alice"])
def test_q11_2_a_beam_of_width_one_plays_the_best_leftmost_leaf(seed):
    tree = get_question("q11.2").data(seed)["tree"]
    leftmost = [child[0] if isinstance(child, list) else child for child in tree]
    move = leftmost.index(max(leftmost))
    assert check("q11.2", move, seed=seed).passed
    assert move != minimax(GameTree.from_nested(tree)).move
    assert check("q11.2", minimax(GameTree.from_nested(tree)).move,
                 seed=seed).diagnosis == "beam-sees-everything"


@pytest.mark.parametrize("plies", [2, 3, 4])
def test_q11_3_a_book_counts_positions_not_move_orders(plies):
    positions = set()
    for k in range(plies + 1):
        for order in permutations(range(9), k):
            board = ["."] * 9
            for i, square in enumerate(order):
                board[square] = "XO"[i % 2]
            positions.add("".join(board))
    assert book_size(plies) == len(positions)


@pytest.mark.parametrize("seed", [0, 1, 2, "student", "alice"])
def test_q11_4_the_adversary_answers_the_best_average_with_its_smallest_leaf(seed):
    tree = get_question("q11.4").data(seed)["tree"]
    averages = [sum(c) / len(c) for c in tree]
    right = min(tree[averages.index(max(averages))])
    assert check("q11.4", right, seed=seed).passed
    assert check("q11.4", max(averages), seed=seed).diagnosis == "expects-random-opponent"
