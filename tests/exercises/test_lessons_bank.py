"""minimax_lessons.exercises.banks: every lesson question takes its right answer, recomputed
here from the variant with the package's searches, and names the typical mistake behind a
wrong one; seeds give different variants; no answer is stored in plain text."""

import ast
import functools
import json
import math
import re
from pathlib import Path

import pytest

from minimax_lessons import (ConnectFour, GameTree, Nim, TicTacToe, alphabeta, best_first,
                             centre_first, check_function, column_values, expectiminimax, iterative_deepening,
                             minimax, negamax, solve, table_search)
from minimax_lessons.exercises.banks import lesson4, lesson5, lesson6
from minimax_lessons.exercises.function_kinds import get_kind
from minimax_lessons.exercises.function_kinds import evaluate as evaluate_kind
from minimax_lessons.exercises.function_kinds.evaluate import (SEARCH_TRAPS, search_boards,
                                                               search_mistake)
from minimax_lessons.games.multiplayer import MultiplayerTree
from minimax_lessons.search.adversarial import maxn
from minimax_lessons.games.tictactoe import (EVAL_PAIRS, LINES, LINES_THROUGH, eval_pairs,
                                             open_lines, winner)
from minimax_lessons.exercises import check, get_question, hash_answer, question, question_ids
from minimax_lessons.exercises.nested import to_game
from minimax_lessons.runner.shipping import from_source
from minimax_lessons.exercises.variants import (SOLUTIONS, alphabeta_strict, backup_no_sign_switch,
                                                board_not_restored,
                                                evaluate_signs_swapped, evaluate_wins_inside)
from minimax_lessons.exercises.variants import alphabeta as student_alphabeta

from .graded_answers import alphabeta_search, alphabeta_search_strict

GAME = TicTacToe()
SEEDS = range(4)
LESSON_IDS = [f"q{lesson}.{n}" for lesson, count in ((1, 5), (2, 5), (4, 8), (5, 5), (6, 14),
                                                     (7, 5), (8, 4), (9, 4), (10, 5), (11, 4))
              for n in range(1, count + 1)]


# -- references, written here from the package's searches --------------------------------------
def backed_up(nested, is_max, rule="minimax"):
    """A nested tree's value by hand: the right rule, or one of the classic mistakes."""
    if not isinstance(nested, list):
        return nested
    values = [backed_up(c, not is_max, rule) for c in nested]
    take_max = {"minimax": is_max, "max": True, "min": False, "swapped": not is_max}[rule]
    return max(values) if take_max else min(values)


def inner_values(nested, rule):
    game = to_game(nested)
    return {n: backed_up(game.to_nested(n), game.to_move(n) == "max", rule)
            for n in game.nodes if not game.node(n).is_leaf}


def best_moves(board, player=None):
    player = player or GAME.to_move(board)
    values = {a: minimax(GAME, GAME.result(board, a)).value for a in GAME.actions(board)}
    best = (max if player == "max" else min)(values.values())
    return {a for a, v in values.items() if v == best}


def visit_window(tree, node, prune_ties=True):
    step = next(s for s in alphabeta(to_game(tree), trace=True, prune_ties=prune_ties).trace
                if s.kind == "visit" and s.state == node)
    return step.alpha, step.beta


def pruned_leaves(tree, prune_ties=True):
    game = to_game(tree)
    return {leaf for top in alphabeta(game, prune_ties=prune_ties).pruned
            for leaf in game.subtree_nodes(top) if game.is_terminal(leaf)}


def chance_as(spec, player):
    """The spec with every chance node played by ``player`` instead."""
    out = {k: v for k, v in spec.items() if k not in ("children", "probability")}
    if "children" in spec:
        if spec.get("player") == "chance":
            out["player"] = player
        out["children"] = [chance_as(c, player) for c in spec["children"]]
    return out


def right_and_wrong(qid, data):
    """The right answer, and a typical wrong answer with its diagnosis (None: none fits)."""
    lesson = qid.split(".")[0]
    if qid == "q1.1":
        chain = 0
        for _ in range(data["k"] + 1):
            chain = [chain]
        game = GameTree.from_nested(chain, root=data["root"].lower())
        node = next(n for n in game.nodes if game.node(n).depth == data["k"])
        letter = "a" if game.to_move(node) == "max" else "b"
        return letter, ({"a": "b", "b": "a"}[letter], "wrong")
    if qid == "q1.2":
        def plies(n):
            return 0 if not isinstance(n, list) else 1 + max(plies(c) for c in n)
        return plies(data["tree"]), (plies(data["tree"]) + 1, "counts-levels")
    if qid == "q1.3":
        scale = data["scale"]
        u = TicTacToe(scores=(scale, 0, -scale)).utility(data["board"])
        return u, ((-u, "signs-swapped") if u else (scale, "wrong"))
    if qid == "q1.4":
        def keeps(text):
            f = eval("lambda x: " + text.removeprefix("f(x) = "))  # our own option texts
            return all(f(a) < f(a + 1) for a in range(-9, 9))
        options = get_question(qid)._options(data["seed"])
        right = [i for i, o in enumerate(options) if keeps(o)]
        assert len(right) == 1
        wrong = next(i for i in range(4) if i not in right)
        return "abcd"[right[0]], ("abcd"[wrong], "wrong")
    if qid == "q1.5":
        board = data["board"]
        return minimax(GAME, board).leaves, (math.factorial(board.count(".")), "ignores-wins")
    if qid == "q2.1":
        game = to_game(data["tree"])
        node = data["node"]
        below, is_max = game.to_nested(node), game.to_move(node) == "max"
        return minimax(game, node).value, (backed_up(below, is_max, "max"), "max-at-every-level")
    if qid == "q2.2":
        tree = data["tree"]
        return minimax(GameTree.from_nested(tree, root="min")).value, \
            (backed_up(tree, False, "max"), "max-at-every-level")
    if qid == "q2.3":
        game = to_game(data["tree"])
        values = [minimax(game, child).value for child in game.children(game.root)]
        best = {i for i, v in enumerate(values) if v == max(values)}
        return min(best), (len(values) + 100, "wrong")   # no move, and no value either
    if qid == "q2.4":
        rules = ["max", "min", "swapped", "minimax"]
        shown = data["values"]
        right = next(i for i, r in enumerate(rules) if inner_values(data["tree"], r) == shown)
        assert inner_values(data["tree"], "minimax") == {
            n: minimax(to_game(data["tree"]), n).value for n in shown}
        return "abcd"[right], ("abcd"[(right + 1) % 4], "wrong")
    if qid == "q2.5":
        alternating = minimax(to_game(data["nested"], data["root"] == "max")).value
        return minimax(GameTree.from_dict(data["spec"])).value, \
            (alternating, "assumes-alternation")
    if qid == "q4.1":
        assert solve(GAME)[GAME.initial_state()] == 0  # perfect play draws
        return "b", ("a", "wrong")
    if qid == "q4.2":
        board = data["board"]
        swapped = minimax(TicTacToe(scores=(-1, 0, 1)), board).value
        value = minimax(GAME, board).value
        return value, ((swapped, "signs-swapped") if swapped != value else None)
    if qid == "q4.3":
        board = data["board"]
        right = best_moves(board)
        other = "min" if GAME.to_move(board) == "max" else "max"
        wrong = sorted(best_moves(board, other) - right)
        return min(right), ((wrong[0], "players-swapped") if wrong else None)
    if qid == "q4.6":
        board = data["board"]
        values = {a: fast_win_value(GAME.result(board, a)) for a in GAME.actions(board)}
        fastest = {a for a, v in values.items() if v == max(values.values())}
        return min(fastest), (minimax(GAME, board).move, "no-discount")
    if qid == "q4.7":   # every move loses, so the seed's bestMove never sets pos (main: 2)
        board = data["board"]
        assert all(minimax(GAME, GAME.result(board, a)).value == -1 for a in GAME.actions(board))
        return 2, (minimax(GAME, board).move, "sentinel-equals-loss")
    if qid == "q4.8":   # the best value starts at the loss score, -10
        lines = get_question(qid).code().splitlines()
        sentinel = next(i for i, line in enumerate(lines, 1) if "int value = -10;" in line)
        comparison = next(i for i, line in enumerate(lines, 1) if "temp > value" in line)
        return sentinel, (comparison, "wrong")
    if qid == "q10.5":   # MAX, then two MIN levels (the ghosts), read from the tree
        return ["max", "min", "min"], (["max", "min", "max"], "assumes-alternation")
    if qid == "q11.1":   # the longest game takes one counter a move; a table holds them all
        nim = Nim(data["heaps"])
        return sum(data["heaps"]) + 1, (len(solve(nim)), "memory-holds-table")
    if qid == "q11.2":   # the beam keeps the child with the best leftmost leaf
        leftmost = [child[0] if isinstance(child, list) else child for child in data["tree"]]
        return leftmost.index(max(leftmost)), (minimax(to_game(data["tree"], True)).move,
                                               "beam-sees-everything")
    if qid == "q11.3":   # positions, each once, against move orders
        from itertools import permutations
        boards = set()
        for k in range(data["plies"] + 1):
            for order in permutations(range(9), k):
                board = ["."] * 9
                for i, square in enumerate(order):
                    board[square] = "XO"[i % 2]
                boards.add("".join(board))
        orders = sum(math.perm(9, k) for k in range(data["plies"] + 1))
        return len(boards), (orders, "counts-tree-nodes")
    if qid == "q11.4":   # the best average, answered by its smallest leaf
        averages = [sum(c) / len(c) for c in data["tree"]]
        chosen = data["tree"][averages.index(max(averages))]
        return min(chosen), (max(averages), "expects-random-opponent")
    if qid in ("q4.4", "q6.13"):
        other = next(b.diagnosis for b in get_question(qid).bugs
                     if b.diagnosis != data["bug"])
        return (data["line"], data["bug"]), ((data["line"], other), "wrong-bug-kind")
    if qid == "q5.1":
        b, d = data["b"], data["d"]
        return minimax(GameTree.random(b, d, seed=1)).nodes, (b ** d, "counts-leaves")
    if qid == "q5.2":
        return "b", ("c", "wrong")
    if qid == "q5.3":
        game = GameTree.from_dict(data["spec"])
        return minimax(game, depth=data["depth"]).value, (minimax(game).value, "depth-ignored")
    if qid == "q5.4":
        b, d = data["b"], data["d"]
        tree = GameTree.random(b, d, seed=2)
        per_depth = [minimax(tree, depth=k, evaluate=lambda s: 0).nodes for k in range(1, d + 1)]
        return sum(per_depth), (per_depth[-1], "counts-last-iteration")
    if qid in ("q6.1", "q6.3", "q6.7"):
        right = pruned_leaves(data["tree"])
        strict = pruned_leaves(data["tree"], prune_ties=False)
        return right, ((strict, "prune-strict") if strict != right else (set(), "no-pruning"))
    if qid in ("q6.2", "q6.8"):
        alpha, beta = visit_window(data["tree"], data["node"])
        return (alpha, beta), ((beta, alpha), "alpha-beta-swapped")
    if qid in ("q6.4", "q6.11"):
        b, d = data["b"], data["d"]
        tree = GameTree.random(b, d, seed=3, distinct=True)
        leaves = alphabeta(tree, order=best_first(tree)).leaves
        assert leaves == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1  # Knuth and Moore
        return leaves, (b ** d, "no-pruning")
    if qid in ("q6.5", "q6.10"):
        return pruned_leaves(data["tree"], prune_ties=False), \
            (pruned_leaves(data["tree"]), "prune-non-strict")
    if qid == "q6.9":
        game = to_game(data["tree"])
        return alphabeta(game).leaves, (minimax(game).leaves, "no-pruning")
    if qid == "q6.12":
        return "c", ("b", "wrong")
    if qid == "q7.1":
        outer = re.findall(r"^(max|min)\(", data["code"], flags=re.M)
        right = [{"max": "min", "min": "max"}[f] for f in outer]
        return right, (list(reversed(right)), "players-swapped")
    if qid == "q7.2":
        game = to_game(data["tree"], False)
        return -negamax(game).value, (minimax(game).value, "negamax-view")
    if qid == "q7.3":
        board = data["board"]
        return len(solve(GAME, board)), (minimax(GAME, board).nodes, "counts-tree-nodes")
    if qid in ("q7.4", "q7.5"):
        spec = data["spec"]
        as_min = minimax(GameTree.from_dict(chance_as(spec, "min"))).value
        return expectiminimax(GameTree.from_dict(spec)).value, (as_min, "chance-as-min")
    if qid == "q8.1":
        w, n, big_n = data["wins"], data["visits"], data["parent"]
        right = w / n + math.sqrt(2) * math.sqrt(math.log(big_n) / n)
        return round(right, 2), (round(w / n + math.sqrt(2) * math.log(big_n) / n, 2),
                                 "ucb-no-sqrt")
    if qid == "q8.2":
        sign = 1 if data["player"] == "max" else -1
        scores = [w / n + math.sqrt(2 * math.log(data["parent"]) / n)
                  for _, n, w in data["children"]]
        means = [w / n for _, n, w in data["children"]]
        letters = "abcd"
        return (letters[scores.index(max(scores))],
                (letters[means.index(max(means))], "greedy-mean"))
    if qid == "q8.4":
        min_mean = (data["wins"] - data["utility"]) / (data["visits"] + 1)
        return round(-min_mean, 2), (round(min_mean, 2), "mean-for-chooser")
    if qid == "q9.1":  # no game of Connect Four ends before ply 7: a full tree to depth d
        cols, d = data["cols"], data["d"]
        return sum(cols ** k for k in range(d + 1)), (cols ** d, "counts-leaves")
    if qid in ("q9.2", "q9.4"):  # the search's move: it blocks (2 plies), it wins (3 plies)
        game = ConnectFour()
        state = tuple(data["state"])
        move = table_search(game, state, depth=2 if qid == "q9.2" else 3,
                            evaluate=game.estimate, order=centre_first(game)).move
        sign = 1 if game.to_move(state) == "max" else -1
        values = column_values(game, state, depth=2 if qid == "q9.2" else 3,
                               evaluate=game.estimate)
        other = next(a for a in game.actions(state) if sign * values[a] < sign * values[move])
        return move, (other, "wrong")
    if qid == "q9.3":
        value, alpha, beta = data["value"], data["alpha"], data["beta"]
        letter = "b" if value >= beta else "c" if value <= alpha else "a"
        return letter, (None if letter == "a" else ("a", "bound-as-exact"))
    if qid == "q10.1":  # max^n: the package's search; the paranoid P1 worked out here
        tree = MultiplayerTree.from_nested(data["tree"])
        return maxn(tree).value[0], (paranoid_score(data["tree"]), "assumes-zero-sum")
    if qid == "q10.2":
        ps, seen, low, high = data["probabilities"], data["seen"], data["low"], data["high"]
        known = sum(p * v for p, v in zip(ps, seen))
        unseen = sum(ps[len(seen):])
        right = known + unseen * (high if data["at_most"] else low)
        return round(right, 2), (round(known, 2), "forgets-unseen-outcomes")
    if qid == "q10.3":  # the latest two cut-offs first, the latest in front
        killers = []
        for move in data["cutoffs"]:
            killers = ([move] + [m for m in killers if m != move])[:2]
        order = killers + [m for m in (3, 2, 4, 1, 5, 0, 6) if m not in killers]
        return order[1], ((3, 2, 4, 1, 5, 0, 6)[1], "order-ignored")
    if qid == "q10.4":  # Star1: at or below it, even the best later outcomes leave <= alpha
        ps, seen = data["probabilities"], data["seen"]
        known = sum(p * v for p, v in zip(ps, seen))
        later = sum(ps[len(seen) + 1:])
        right = (data["alpha"] - known - later * data["high"]) / ps[len(seen)]
        return round(right, 2), (round(right * ps[len(seen)], 2), "child-window-unscaled")
    raise AssertionError(f"no reference for {qid} ({lesson})")


def paranoid_score(nested, depth=0):
    """P1's score when P2 and P3 play to hold P1's score down (the first of equals kept)."""
    if isinstance(nested, tuple):
        return nested
    kids = [paranoid_score(c, depth + 1) for c in nested]
    pick = max if depth % 3 == 0 else min
    return pick(kids, key=lambda v: v[0]) if depth else pick(kids, key=lambda v: v[0])[0]


FUNCTIONS = {"q4.5": (SOLUTIONS["board_minimax"], board_not_restored, "board-not-restored"),
             "q5.5": (SOLUTIONS["evaluate"], evaluate_signs_swapped, "signs-swapped"),
             "q6.6": (student_alphabeta, alphabeta_strict, "prune-strict"),
             "q6.14": (alphabeta_search_strict, alphabeta_search, "prune-non-strict"),
             "q8.3": (SOLUTIONS["backup"], backup_no_sign_switch, "backup-no-sign-switch")}
VALUE_IDS = [qid for qid in LESSON_IDS if qid not in FUNCTIONS]


# -- every question, right and wrong ------------------------------------------------------------
def test_the_lessons_have_four_to_six_questions_each_and_the_graded_notebook_eight():
    ids = [q for q in question_ids() if q.startswith("q") and not q.startswith("q3.")]
    assert ids == LESSON_IDS
    for lesson in (1, 2, 5, 7, 8, 9, 10, 11):
        assert 4 <= sum(q.startswith(f"q{lesson}.") for q in ids) <= 6
    # lesson 4's six, and two on the seed's C++ program: what it prints, where its bug is
    assert [q for q in ids if q.startswith("q4.")][6:] == ["q4.7", "q4.8"]
    assert len([q for q in ids if q.startswith("q6.")]) == 6 + 8


@pytest.mark.parametrize("qid", VALUE_IDS)
def test_each_question_accepts_the_answer_the_package_computes(qid):
    q = get_question(qid)
    for seed in SEEDS:
        data = q.data(seed)
        if isinstance(data, dict):
            data = {**data, "seed": seed}
        right, _ = right_and_wrong(qid, data)
        feedback = q.check(right, seed)
        assert feedback.passed, (seed, feedback.text())


@pytest.mark.parametrize("qid", VALUE_IDS)
def test_each_question_names_the_typical_mistake_behind_a_wrong_answer(qid):
    q = get_question(qid)
    named = 0
    for seed in SEEDS:
        data = q.data(seed)
        if isinstance(data, dict):
            data = {**data, "seed": seed}
        right, wrong = right_and_wrong(qid, data)
        if wrong is None or wrong[0] == right:
            continue
        answer, diagnosis = wrong
        feedback = q.check(answer, seed)
        named_here = (feedback.diagnosis,) + tuple(feedback.diagnoses or ())
        assert not feedback.passed and diagnosis in named_here, (seed, feedback.text())
        named += 1
    assert named, "no seed gave a wrong answer to test"


@pytest.mark.parametrize("qid", sorted(FUNCTIONS))
def test_function_questions_pass_a_solution_and_name_a_buggy_one(qid):
    right, buggy, diagnosis = FUNCTIONS[qid]
    q = get_question(qid)
    assert q.check(right).passed
    assert q.check(buggy).diagnosis == diagnosis


def test_a_function_left_as_a_stub_is_not_answered_yet_rather_than_wrong():
    stub = from_source("def alphabeta(node, alpha, beta, is_maximizing):\n"
                       "    ...  # your code\n", "alphabeta")
    feedback = check("q6.6", stub)
    assert not feedback.passed and feedback.diagnosis == "not-answered"
    assert "Not answered yet" in feedback.text()
    raising = from_source("def alphabeta(node, alpha, beta, is_maximizing):\n"
                          "    raise NotImplementedError()\n", "alphabeta")
    assert check("q6.6", raising).diagnosis == "raises"


def test_the_tic_tac_toe_find_the_bug_plants_real_bugs_and_shows_swapped_signs_first():
    q = get_question("q4.4")
    assert q.data(0)["bug"] == "signs-swapped"
    for bug in q.bugs:
        seed = next(s for s in range(300) if q.data(s)["code"].splitlines()[bug.line - 1]
                    .strip() == bug.text)
        code = "from minimax_lessons.games.tictactoe import winner\n\n" + q.code(seed)
        result = check("q4.5", from_source(code, "minimax"))
        assert result.diagnosis == bug.diagnosis, bug


def test_the_alphabeta_find_the_bug_plants_bugs_the_checker_rejects():
    q = get_question("q6.13")
    for bug in q.bugs:
        seed = next(s for s in range(300) if q.data(s)["line"] == bug.line
                    and q.data(s)["bug"] == bug.diagnosis)
        result = check("q6.6", from_source("import math\n\n" + q.code(seed), "alphabeta"))
        assert not result.passed and result.diagnosis != "raises", bug


def test_a_window_may_be_written_with_strings_or_a_dict_and_a_stale_window_is_named():
    q = get_question("q6.2")
    tree, node = q.data(0)["tree"], q.data(0)["node"]
    alpha, beta = visit_window(tree, node)
    assert q.check({"alpha": alpha, "beta": beta}).passed
    assert q.check(f"[{alpha}, {beta}]".replace("inf", "+inf").replace("-+", "-")).passed
    game = to_game(tree)
    parent = visit_window(tree, game.parent(node)) if game.parent(node) != game.root else \
        (-math.inf, math.inf)
    assert q.check(parent).diagnosis == "window-reset"
    assert q.check("three").diagnosis == "bad-answer"


def test_a_rescaling_that_breaks_the_order_is_shown_with_a_pair_it_swaps():
    q = get_question("q1.4")
    options = q._options(0)
    wrong = next(i for i, o in enumerate(options) if "abcd"[i] != right_and_wrong(
        "q1.4", {"seed": 0})[0])
    feedback = q.check("abcd"[wrong])
    assert not feedback.passed and "is no longer above" in feedback.message


def test_a_diagnosed_student_gets_told_which_node_gives_the_mistake_away():
    q = get_question("q2.4")
    seed = next(s for s in range(30) if right_and_wrong("q2.4", {**q.data(s), "seed": s})[0]
                == "d")
    feedback = q.check("a", seed)
    assert not feedback.passed and "would be" in feedback.message


# -- variants and storage ---------------------------------------------------------------------
@pytest.mark.parametrize("qid", [q for q in VALUE_IDS
                                 if q not in ("q4.1", "q4.7", "q4.8", "q5.2", "q6.12",
                                              "q10.5")])
def test_seeds_give_different_variants(qid):
    q = get_question(qid)
    variants = {json.dumps(q.data(seed), sort_keys=True, default=str) for seed in range(8)}
    assert len(variants) > 1
    assert q.data("alice") == q.data("alice")


def exercises_source(lesson) -> str:
    """The source of a lesson's exercises: its ``QUESTIONS = (...)``."""
    source = Path(lesson.__file__).read_text()
    node = next(n for n in ast.parse(source).body if isinstance(n, ast.Assign)
                and getattr(n.targets[0], "id", None) == "QUESTIONS")
    return ast.get_source_segment(source, node)


def test_fixed_answers_are_stored_only_as_hashes():
    source = "\n".join(exercises_source(lesson) for lesson in (lesson4, lesson5, lesson6))
    for qid, letter in (("q4.1", "b"), ("q5.2", "b"), ("q6.12", "c")):
        assert hash_answer(qid, letter) in source
        for other in "abc":
            if other != letter:
                assert hash_answer(qid, other) in source, "wrong letters are hashed too"
    assert not re.search(r'^\s*(mistakes=\{)?"[a-d]": "', source, flags=re.M)
    assert "answer=" not in source


@functools.lru_cache(maxsize=None)
def fast_win_value(board):
    """Tic-tac-toe minimax where a win scores 10 minus the pieces on the board (by hand)."""
    w = winner(board)
    if w is not None:
        return (1 if w == "X" else -1) * (1 + board.count("."))
    if "." not in board:
        return 0
    values = [fast_win_value(GAME.result(board, a)) for a in GAME.actions(board)]
    return max(values) if GAME.to_move(board) == "max" else min(values)


# -- lesson 4: the fastest win ------------------------------------------------------------------
def test_plain_minimax_passes_over_a_win_on_the_spot_and_discounting_takes_it():
    board = "OO.XX...."  # X wins at once on 5; plain minimax keeps the slower win at 2
    assert minimax(GAME, board).move == 2 and minimax(GAME, board).value == 1
    assert lesson4.fastest_squares(board) == {5}
    assert minimax(lesson4.FAST_WINS, board).move == 5


def test_a_students_discounted_subclass_answers_every_fastest_win_variant():
    class SoonerWins(TicTacToe):
        def utility(self, state):
            return super().utility(state) * (10 - (9 - state.count(".")))

    for seed in range(6):
        board = get_question("q4.6").data(seed)["board"]
        assert check("q4.6", minimax(SoonerWins(), board).move, seed=seed).passed


@pytest.mark.parametrize("seed", range(6))
def test_each_fastest_win_variant_is_a_position_where_plain_minimax_is_slower(seed):
    board = get_question("q4.6").data(seed)["board"]
    plain = minimax(GAME, board).move
    assert GAME.to_move(board) == "max" and fast_win_value(GAME.result(board, plain)) < max(
        fast_win_value(GAME.result(board, a)) for a in GAME.actions(board))
    # X wins, but not in one move: the fastest square takes a search, not a glance
    assert minimax(GAME, board).value == 1 and not lesson4.wins_at_once(board)
    assert all(winner(GAME.result(board, a)) is None for a in GAME.actions(board))
    assert check("q4.6", plain, seed=seed).diagnosis == "no-discount"


# -- lesson 5: the scale of estimates, and iterative deepening with minimax -----------------------
def test_open_lines_outranks_a_win_in_a_one_ply_search_and_shrunk_estimates_do_not():
    trap = GAME.parse("XOX\nOX.\nO..")
    assert minimax(GAME, trap, depth=1, evaluate=open_lines).move == 7
    assert minimax(GAME, trap, depth=1, evaluate=lambda b: open_lines(b) / 10).move == 8


@pytest.mark.parametrize("trap", SEARCH_TRAPS)
def test_each_search_trap_alone_catches_estimates_beyond_a_win(trap, monkeypatch):
    monkeypatch.setattr(evaluate_kind, "SEARCH_TRAPS", (trap,))
    boards = search_boards()
    assert search_mistake({b: open_lines(b) for b in boards})[0] == trap[0]
    assert search_mistake({b: open_lines(b) / 10 for b in boards}) is None


def test_q5_5_refuses_open_lines_and_wins_at_100_inside_evaluate_with_the_reason():
    assert check_function("evaluate", SOLUTIONS["evaluate"]).passed
    for unscaled in (open_lines, evaluate_wins_inside):
        result = check_function("evaluate", unscaled)
        assert result.diagnosis == "search-skips-win"
        assert "between -1 and +1" in result.message and "win" in result.explanation
    shrunk = check_function("evaluate", lambda board: open_lines(board) / 10)
    assert shrunk.passed  # wins need no special case: a search never asks evaluate about them


def test_q5_5_keeps_its_word_and_never_asks_evaluate_about_a_finished_board():
    """The question says a search calls evaluate only on unfinished boards: an evaluate
    that refuses a finished one (raising, or returning None) is as right as any."""
    from minimax_lessons.games.tictactoe import winner

    def refuses_finished(board):
        if winner(board) is not None or "." not in board:
            raise ValueError(f"evaluate was asked about a finished game: {board}")
        return open_lines(board) / 10

    def none_on_finished(board):
        return None if winner(board) is not None or "." not in board else open_lines(board) / 10

    for seed in (0, 1, "student"):
        assert not any(GAME.is_terminal(case.item[0])
                       for case in get_kind("evaluate").cases(seed))
    for student in (refuses_finished, none_on_finished):
        assert check_function("evaluate", student).passed
    assert not any(GAME.is_terminal(board) for board in search_boards())


def test_q5_5s_pairs_differ_in_one_piece_that_open_lines_and_the_exact_value_agree_with():
    exact = solve(GAME)
    lines_through = [sum(square in line for line in LINES) for square in range(9)]
    assert tuple(lines_through) == LINES_THROUGH
    for better, worse in eval_pairs():
        assert better in exact and worse in exact                # legal positions
        assert not GAME.is_terminal(better) and not GAME.is_terminal(worse)
        assert GAME.to_move(better) == GAME.to_move(worse)
        (here,) = [i for i in range(9) if better[i] != worse[i] and worse[i] == "."]
        (there,) = [i for i in range(9) if better[i] != worse[i] and better[i] == "."]
        piece = better[here]
        assert piece == worse[there] and sum(a != b for a, b in zip(better, worse)) == 2
        more_lines = lines_through[here] > lines_through[there]
        assert more_lines == (piece == "X")                     # X gains lines, O loses them
        assert open_lines(better) > open_lines(worse)
        assert exact[better] >= exact[worse]
    assert len(eval_pairs()) > 4 * len(EVAL_PAIRS)  # mirror images and turns too


def test_q5_5_passes_weights_of_squares_and_says_only_what_it_tested():
    def weights(board):
        sign = {"X": 1, "O": -1, ".": 0}
        return sum(sign[c] * n for c, n in zip(board, (3, 2, 3, 2, 4, 2, 3, 2, 3))) / 30

    verdict = check_function("evaluate", weights)
    assert verdict.passed
    assert "pairs of boards with the same pieces but one" in verdict.message
    assert "higher" in verdict.message and "boards better for X score higher" not in verdict.message


def test_q5_4_asks_about_minimax_and_counts_its_nodes_not_alphabetas():
    q = get_question("q5.4")
    assert "search=minimax" in question("q5.4", seed=0).text()
    data = q.data(0)
    tree = GameTree.random(data["b"], data["d"], seed=5)
    with_minimax = sum(r.nodes for r in iterative_deepening(
        tree, max_depth=data["d"], search=minimax, evaluate=lambda s: 0))
    with_alphabeta = sum(r.nodes for r in iterative_deepening(
        tree, max_depth=data["d"], evaluate=lambda s: 0))
    assert check("q5.4", with_minimax, seed=0).passed
    assert with_alphabeta < with_minimax and not check("q5.4", with_alphabeta, seed=0).passed


def test_every_lesson_question_shows_itself_in_a_fresh_registry():
    for qid in LESSON_IDS:
        view = question(qid)
        assert view.text().startswith(qid) and f'check("{qid}"' in view.text()
        assert qid in view._repr_html_()
    assert check("q6.2", ...).diagnosis == "not-answered"


# -- lesson 3 sends students to the graded notebook: which parts need lesson 6 -------------------
def test_lesson_3_names_exactly_the_graded_questions_that_need_alpha_beta():
    graded = [f"q3.{n}" for n in range(7, 16)]
    about_alphabeta = {qid for qid in graded
                       if "alpha" in get_question(qid).prompt_text().lower()}
    assert about_alphabeta == {"q3.8", "q3.13", "q3.15"}
    lesson = json.loads((Path(__file__).parents[2] / "notebooks"
                         / "03-minimax-in-code.ipynb").read_text())
    text = "\n\n".join("".join(cell["source"]) for cell in lesson["cells"]
                       if cell["cell_type"] == "markdown")
    paragraph = next(p for p in text.split("\n\n") if "exercises/03-minimax-exercises" in p)
    parts = paragraph.replace("\n", " ").split("Its questions")
    after_lesson_6 = [part for part in parts[1:] if "lesson 6" in part]
    assert len(after_lesson_6) == 1
    assert set(re.findall(r"q3\.\d+", after_lesson_6[0])) == about_alphabeta
