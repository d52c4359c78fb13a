"""minimax_lessons.exercises.question_kinds and .check: every question kind takes right answers and
names the mistake in wrong ones; variants come from seeds; answers are not stored in plain text."""

import json
import math
from pathlib import Path

import pytest

import minimax_lessons.exercises.banks.lesson3 as bank
from minimax_lessons import alphabeta, minimax
from minimax_lessons.games.examples import CHANCE_TREE, TIES_NESTED, TWO_OPPONENTS_SPEC
from minimax_lessons.exercises import (FOREVER, Bug, ChoiceQuestion, FindBugQuestion,
                                       ParsonsQuestion, PredictQuestion, PrunedQuestion,
                                       ValueQuestion, WindowQuestion, check, get_question,
                                       hash_answer, levels_question, question, question_ids,
                                       seed_of, tree_value_question)
from minimax_lessons.exercises.check import RECORD_ENV, QuestionView
from minimax_lessons.exercises.feedback import text_tree
from minimax_lessons.runner.codec import decode
from minimax_lessons.exercises.nested import to_game
from minimax_lessons.exercises.variants import minimax as right_minimax
from minimax_lessons.exercises.variants import minimax_max_everywhere

from .graded_answers import alphabeta_search, minimax_line, minimax_line_max_everywhere


# -- value questions -------------------------------------------------------------------------
def test_a_value_question_accepts_the_value_and_names_the_mistake_behind_a_wrong_one():
    q = tree_value_question("t.value", "What does MIN return?", tree=[7, 2, 9], root="min")
    assert q.check(2).passed and q.check("2").passed and q.check(2.0).passed
    assert q.check(9).diagnosis == "max-at-every-level"
    assert q.check(7).diagnosis == "wrong"
    assert q.check("seven").diagnosis == "bad-answer"


def test_each_seed_gives_its_own_tree_and_the_answer_is_recomputed_for_it():
    q = get_question("q3.1")
    trees = {json.dumps(q.data(s)["tree"]) for s in range(6)}
    assert len(trees) > 1
    for s in range(6):
        tree = q.data(s)["tree"]
        value = minimax(to_game(tree)).value
        assert q.check(value, s).passed
        if minimax_max_everywhere(tree, True) != value:
            assert q.check(minimax_max_everywhere(tree, True), s).diagnosis == \
                "max-at-every-level"


def test_a_move_question_accepts_every_equally_good_move():
    q = tree_value_question("t.move", "Best move?", tree=[[3, 9], [3, 4], [1, 8]], ask="move")
    assert q.check(0).passed and q.check(1).passed
    assert not q.check(2).passed


# -- choice ----------------------------------------------------------------------------------
def test_a_choice_is_given_by_letter_or_text_and_its_answer_is_only_a_hash():
    q = get_question("q3.8")
    assert q.check("a").passed and q.check(" A) ").passed
    assert q.check("They return the same value at the root.").passed
    wrong = q.check("c")
    assert not wrong.passed and "bad move order" in wrong.message
    assert q.check("z").diagnosis == "bad-answer"
    source = Path(bank.__file__).read_text()
    assert hash_answer("q3.8", "a") in source
    assert 'answer="a"' not in source and "answer='a'" not in source


def test_a_choice_needs_exactly_one_way_to_know_the_answer():
    with pytest.raises(ValueError, match="exactly one"):
        ChoiceQuestion("t.c", "?", ["x", "y"])
    q = ChoiceQuestion("t.c2", "?", ["x", "y"], answer="b", mistakes={"a": "players-swapped"})
    assert q.check("y").passed and q.check("a").diagnosis == "players-swapped"


# -- predict the output ----------------------------------------------------------------------
def test_predict_accepts_values_errors_and_forever():
    value = PredictQuestion("t.p1", "?", "x = [3, 1, 2]\nsorted(x)[0]")
    assert value.check(1).passed and value.check("1").passed
    assert value.check(TypeError).diagnosis == "expects-error"
    assert value.check(FOREVER).diagnosis == "expects-loop"
    error = get_question("q3.9")
    assert error.check(TypeError).passed and error.check("TypeError").passed
    assert error.check(3).diagnosis == "misses-error"
    assert error.check(KeyError).diagnosis == "wrong-error"
    loop = PredictQuestion("t.p2", "?", "while True:\n    pass", time_limit=0.3)
    assert loop.check(FOREVER).passed and loop.check("infinite loop").passed
    assert loop.check(0).diagnosis == "misses-loop"


def test_a_snippet_is_run_once_whatever_the_seed_that_shows_it(monkeypatch):
    from minimax_lessons.exercises.question_kinds import predict

    runs = []
    real = predict.run_snippet
    monkeypatch.setattr(predict, "run_snippet", lambda code, limit: runs.append(code) or
                        real(code, limit))
    loop = PredictQuestion("t.p4", "?", "while True:\n    pass", time_limit=0.3)
    assert all(loop.check(FOREVER, seed).passed for seed in range(3))
    assert runs == ["while True:\n    pass"]  # the loop's time limit paid once, not 3 times


def test_endless_recursion_is_an_error_in_python_not_a_loop():
    q = PredictQuestion("t.p3", "?", "def f(n):\n    return f(n)\n\nf(1)")
    assert q.check(RecursionError).passed
    assert q.check(FOREVER).diagnosis == "expects-loop"


# -- fill in the blanks ----------------------------------------------------------------------
def test_fill_in_accepts_words_or_the_builtins_and_names_the_pattern_of_mistakes():
    q = get_question("q3.10")
    assert q.check(["max", "min"]).passed and q.check([max, min]).passed
    assert q.check(["MAX", "Min"]).passed
    assert q.check(["max", "max"]).diagnosis == "max-at-every-level"
    assert q.check(["min", "max"]).diagnosis == "players-swapped"
    assert q.check(["max"]).diagnosis == "bad-answer"


def test_levels_whose_players_do_not_alternate_catch_the_alternation_assumption():
    q = levels_question("t.levels", "?", spec=TWO_OPPONENTS_SPEC)
    assert q.data()["blanks"] == ["max", "min", "min"]
    assert q.check(["max", "min", "min"]).passed
    feedback = q.check(["max", "min", "max"])
    assert feedback.diagnosis == "assumes-alternation" and "Blank 3" in feedback.message


# -- find the bug ----------------------------------------------------------------------------
CODE = ("def f(node, is_max):\n    if not isinstance(node, list):\n        return node\n"
        "    values = [f(c, not is_max) for c in node]\n"
        "    return max(values) if is_max else min(values)\n")


def test_find_the_bug_checks_the_line_and_the_kind_separately():
    swapped = "return min(values) if is_max else max(values)"
    q = FindBugQuestion("t.bug", "?", CODE, [Bug("signs-swapped", 3, "return -node"),
                                             Bug("players-swapped", 5, swapped)])
    for seed in range(4):
        data = q.data(seed)
        assert q.check((data["line"], data["bug"]), seed).passed
        other = "players-swapped" if data["bug"] == "signs-swapped" else "signs-swapped"
        assert q.check((data["line"], other), seed).diagnosis == "wrong-bug-kind"
        assert q.check((1, data["bug"]), seed).diagnosis == "wrong-line"
        assert q.check({"line": data["line"], "bug": data["bug"]}, seed).passed
    assert q.check((3, "no-such-bug")).diagnosis == "bad-answer"
    assert {q.data(s)["bug"] for s in range(10)} == {"signs-swapped", "players-swapped"}


def test_the_planted_bugs_of_the_bank_really_are_those_mistakes():
    from minimax_lessons.exercises import check_function
    from minimax_lessons.runner.shipping import from_source

    q = get_question("q3.11")
    for bug in q.bugs:
        seed = next(s for s in range(200) if q.data(s)["bug"] == bug.diagnosis
                    and q.data(s)["line"] == bug.line)
        result = check_function("minimax", from_source(q.code(seed), "minimax"))
        # passing is_maximizing down unchanged is the max at every level under the MAX
        # roots the question talks about; the checker, which also tries MIN roots, calls
        # it by its own name
        named = {"never-switches-player": "max-at-every-level"}.get(result.diagnosis,
                                                                    result.diagnosis)
        assert named == bug.diagnosis


# -- Parsons -----------------------------------------------------------------------------------
def labels_for(q, seed, lines):
    shown = q.data(seed)["shown"]
    return [shown.index(line) + 1 for line in lines]


def test_parsons_accepts_the_order_and_names_the_first_misplaced_line():
    q = get_question("q3.12")
    right = labels_for(q, 0, q.lines)
    assert q.check(right, 0).passed
    assert q.check(q.lines, 0).passed
    swapped = right[:6] + [right[7], right[6]] + right[8:]
    feedback = q.check(swapped, 0)
    assert feedback.diagnosis == "misplaced-line"
    assert "first 6 lines are right" in feedback.message and "return max(values)" in \
        feedback.message


def test_parsons_names_a_distractor_and_missing_lines():
    q = get_question("q3.12")
    right = labels_for(q, 0, q.lines)
    distractor = labels_for(q, 0, q.distractors)[0]
    assert q.check(right[:5] + [distractor] + right[6:], 0).diagnosis == "distractor-used"
    assert q.check(right[:4], 0).diagnosis == "missing-line"
    assert q.check([0, 99], 0).diagnosis == "bad-answer"


def test_the_depth_limit_parsons_takes_either_base_case_first_but_not_a_depth_kept_unchanged():
    q = get_question("q3.4")
    lines = q.lines
    assert q.check(lines).passed
    assert q.check(lines[:1] + lines[3:5] + lines[1:3] + lines[5:]).passed
    assert q.check(lines[:5] + q.distractors + lines[6:]).diagnosis == "distractor-used"


def test_parsons_accepts_another_order_that_works_when_it_can_run_it():
    q = ParsonsQuestion("t.parsons", "?", [
        "def minimax(node, is_maximizing):",
        "    if not isinstance(node, list):",
        "        return node",
        "    values = [minimax(c, not is_maximizing) for c in node]",
        "    if is_maximizing:",
        "        return max(values)",
        "    if not is_maximizing:",
        "        return min(values)"], function_kind="minimax", function_name="minimax")
    lines = q.lines[:4] + q.lines[6:8] + q.lines[4:6]
    assert q.check(lines).passed


# -- which leaves are pruned -----------------------------------------------------------------------
def test_pruned_accepts_leaves_or_the_subtrees_they_form():
    q = PrunedQuestion("t.pruned", "?", tree=[[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    assert alphabeta(to_game(q.data()["tree"])).pruned == ("B2.2", "C2")
    assert q.check({"B2.2", "C2"}).passed
    assert q.check({"B2.2", "C2.1", "C2.2"}).passed
    assert q.check("B2.2, C2").passed


def test_pruned_names_the_rule_and_the_first_needed_leaf():
    q = PrunedQuestion("t.ties", "?", tree=TIES_NESTED)
    assert q.check({"C2", "D2"}).passed
    assert q.check({"D2"}).diagnosis == "prune-strict"
    assert q.check(set()).diagnosis == "no-pruning"
    too_many = q.check({"C2", "D2", "C1"})
    assert too_many.diagnosis == "pruned-too-many" and "C1 is needed" in too_many.message
    assert q.check({"C2"}).diagnosis == "pruned-too-few"
    assert q.check({"A"}).diagnosis == "pruned-too-many"
    assert q.check({"Z9"}).diagnosis == "bad-answer"
    strict = PrunedQuestion("t.strict", "?", tree=TIES_NESTED, prune_ties=False)
    assert strict.check({"D2"}).passed and strict.check({"C2", "D2"}).diagnosis == \
        "prune-non-strict"


def test_random_pruned_questions_always_have_something_to_prune():
    q = get_question("q3.13")
    for seed in range(8):
        data = q.data(seed)
        pruned = alphabeta(to_game(data["tree"])).pruned
        assert pruned and q.check(set(pruned), seed).passed


def test_pruned_questions_can_insist_on_trees_where_the_two_rules_differ():
    q = PrunedQuestion("t.ties-matter", "?", depth=2, branching=3, low=0, high=3,
                       prune_ties=False, ties_matter=True)
    for seed in range(4):
        game = to_game(q.data(seed)["tree"])
        strict, loose = alphabeta(game, prune_ties=False).pruned, alphabeta(game).pruned
        assert strict and strict != loose
        assert q.check(set(strict), seed).passed
        assert q.check(set(loose), seed).diagnosis == "prune-non-strict"


# -- the window at a node --------------------------------------------------------------------
def test_a_window_is_read_from_the_search_and_common_slips_are_named():
    q = WindowQuestion("t.window", "?", tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]], node="C")
    assert q.check((3, math.inf)).passed and q.check(["3", "+inf"]).passed
    assert q.check("[3, inf]").passed and q.check({"alpha": 3, "beta": "+inf"}).passed
    assert q.check((math.inf, 3)).diagnosis == "alpha-beta-swapped"
    assert q.check(("-inf", "+inf")).diagnosis == "window-reset"
    assert q.check((3, 2)).diagnosis == "window-after"  # C returns 2 with beta lowered to 2
    assert "Alpha is right" in q.check((3, 9)).message
    assert q.check(3).diagnosis == "bad-answer"
    game, notes, highlight = q.picture()
    assert notes == {"C": "this node"} and highlight == {"C"}
    fixed = WindowQuestion("t.window-fixed", "?", tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert {fixed.data(s)["node"] for s in range(10)} == {"C", "D"}
    with pytest.raises(ValueError, match="give node="):
        WindowQuestion("t.window-none", "?", tree=[[1, 2]]).data(0)


def test_random_windows_pick_a_node_whose_window_has_moved_on():
    q = WindowQuestion("t.window-random", "When it enters {node}?", depth=3, branching=2)
    for seed in range(5):
        data = q.data(seed)
        step = next(s for s in alphabeta(to_game(data["tree"]), trace=True).trace
                    if s.kind == "visit" and s.state == data["node"])
        assert (step.alpha, step.beta) != (-math.inf, math.inf) and step.depth >= 1
        assert q.check((step.alpha, step.beta), seed).passed
        assert data["node"] in q.prompt_text(seed)


# -- pictures, listings and seeded choices -----------------------------------------------------
def test_a_question_shows_notes_beside_its_tree_and_text_beside_its_prompt():
    tree = [[3, 1], 2]
    q = ValueQuestion("t.notes", "?", data={"tree": tree}, solve=lambda d: 2,
                      tree=lambda d: (to_game(d["tree"]), {"B": "estimate 7"}),
                      listing=lambda d: "X..\n...\n...", hint="a square number")
    text = QuestionView(q, 0).text()
    assert "B (MIN)  estimate 7" in text and "X..\n...\n..." in text
    assert "a square number" in text
    assert "estimate 7" in QuestionView(q, 0)._repr_html_()


def test_chance_outcomes_show_their_probabilities_in_text_trees():
    text = text_tree(CHANCE_TREE)
    assert "risky-heads = 8  p=0.25" in text and "safe (CHANCE)" in text


def test_a_seeded_choice_computes_its_answer_and_its_notes_from_the_variant():
    q = ChoiceQuestion("t.seeded-choice", "Is {n} even?", ["yes", "no"],
                       make=lambda rng: {"n": rng.randint(0, 99)},
                       solve=lambda d: "a" if d["n"] % 2 == 0 else "b",
                       mistakes=lambda d: {"b" if d["n"] % 2 == 0 else "a":
                                           f"{d['n']} % 2 is {d['n'] % 2}."})
    seeds = {q.data(s)["n"] % 2: s for s in range(20)}
    assert q.check("yes", seeds[0]).passed and q.check("no", seeds[1]).passed
    assert "% 2 is 0" in q.check("no", seeds[0]).message


# -- write the function ----------------------------------------------------------------------
def test_a_function_whose_body_is_only_an_ellipsis_is_not_answered_yet():
    from minimax_lessons.runner.shipping import from_source

    stub = from_source('def minimax(node, is_maximizing):\n    """Doc."""\n    ...\n', "minimax")
    assert check("q3.14", stub).diagnosis == "not-answered"
    passing = from_source("def minimax(node, is_maximizing):\n    pass\n", "minimax")
    assert check("q3.14", passing).diagnosis == "not-answered"


def test_a_function_question_runs_check_function_and_keeps_its_result():
    right = check("q3.14", minimax_line)
    assert right.passed and right.run.tests > 10
    wrong = check("q3.14", minimax_line_max_everywhere)
    assert wrong.diagnosis == "max-at-every-level" and "exp" in wrong.text()
    assert check("q3.14", "not a function").diagnosis == "bad-answer"


# -- check, question and the registry -----------------------------------------------------------
def test_check_judges_the_variant_that_question_showed():
    view = question("q3.1", seed="alice")
    value = minimax(to_game(view.tree)).value
    assert check("q3.1", value).passed
    assert check("q3.1", value, seed="alice").passed
    assert "tree = " in view.text() and "check(&quot;q3.1&quot;" in view._repr_html_()
    question("q3.1", seed=0)


def test_unknown_ids_unanswered_questions_and_string_seeds():
    assert check("q99.9", 3).diagnosis == "unknown-question"
    assert check("q3.7", ...).diagnosis == "not-answered"
    assert seed_of("bob") == seed_of("bob") != seed_of("alice")
    with pytest.raises(KeyError, match="no question"):
        question("q99.9")
    assert {"q3.7", "q3.14"} <= set(question_ids())


def test_in_grading_mode_check_records_answers_instead_of_judging(tmp_path, monkeypatch):
    record = tmp_path / "answers.jsonl"
    monkeypatch.setenv(RECORD_ENV, str(record))
    first = check("q3.7", 9)
    second = check("q3.14", right_minimax, seed=4)
    assert first.recorded and second.recorded and first.passed
    entries = [json.loads(line) for line in record.read_text().splitlines()]
    assert [e["question"] for e in entries] == ["q3.7", "q3.14"]
    assert decode(entries[0]["answer"]) == 9 and entries[1]["seed"] == 4
    shipped = decode(entries[1]["answer"])
    assert "def minimax(node, is_maximizing)" in shipped.source


def test_feedback_html_escapes_what_the_student_typed():
    feedback = check("q3.7", "<script>alert(1)</script>")
    assert "<script>" not in feedback._repr_html_()


def test_every_bank_question_shows_itself_and_accepts_a_right_answer():
    answers = {"q3.7": 2, "q3.8": "a", "q3.9": TypeError, "q3.3": FOREVER,
               "q3.10": ["max", "min"], "q3.14": minimax_line,
               "q3.15": alphabeta_search, "q3.18": (3, 0)}
    for qid in [i for i in question_ids() if i.startswith("q3.")]:  # lessons: test_lessons_bank
        q = get_question(qid)
        view = question(qid)
        assert view.text() and view._repr_html_()
        data = q.data(0)
        if qid in answers:
            answer = answers[qid]
        elif q.kind == "value" and "Which move" in q.prompt:
            answer = minimax(to_game(data["tree"])).move
        elif q.kind == "value":
            answer = minimax(to_game(data["tree"])).value
        elif q.kind == "find-bug":
            answer = (data["line"], data["bug"])
        elif q.kind == "parsons":
            answer = q.lines
        elif q.kind == "pruned":
            answer = set(alphabeta(to_game(data["tree"])).pruned)
        elif q.kind == "function":
            from minimax_lessons.exercises.variants import SOLUTIONS

            answer = SOLUTIONS[q.function_kind]
        else:
            pytest.fail(f"no right answer known for {qid}")
        assert q.check(answer, 0).passed, qid
