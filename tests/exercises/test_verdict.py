"""minimax_lessons.exercises.verdict: one verdict for questions, functions and practice."""

from minimax_lessons import Feedback, FunctionCheck
from minimax_lessons.exercises import check, check_function, variants
from minimax_lessons.exercises.practising import practice_tree
from minimax_lessons.exercises.practising import tree as practising_tree
from minimax_lessons.exercises.verdict import Verdict


def test_a_question_a_function_and_a_practice_tree_give_the_same_kind_of_verdict():
    answered = check("p2.1", 12)
    written = check_function("minimax", variants.minimax_max_everywhere)
    tree = practice_tree("values", level=1, seed=0)
    clicked = tree.judge("values", "A", 14)
    for verdict in (answered, written, clicked):
        assert type(verdict) is Verdict and not verdict
        assert verdict.diagnosis == "max-at-every-level" == verdict.diagnoses[0]
    assert answered.score == clicked.score == 0 and written.score == 4 / 25
    assert Feedback is FunctionCheck is practising_tree.Verdict is Verdict


def test_the_old_names_of_the_fields_still_read_them():
    answered = check("p2.1", 3)
    assert answered.question == answered.subject == "p2.1"
    assert answered.correct is answered.passed is True and answered.points_fraction == 1.0
    clicked = practice_tree("values", level=1, seed=0).judge("values", "A", 14)
    assert clicked.right is False and clicked.sentence == clicked.message
    assert clicked.sentence.startswith("That is what taking the largest")


def test_a_function_question_shows_the_verdict_on_the_function_it_holds():
    verdict = check("q3.5", variants.best_move_either_players_swapped)
    assert isinstance(verdict.detail, Verdict) and verdict.detail.kind == "best_move_either"
    assert verdict.text() == "q3.5: " + verdict.detail.text()
    assert verdict._repr_html_() == verdict.detail._repr_html_()
    assert verdict.explanation == verdict.detail.explanation
    assert "your function" in verdict.explanation.lower()


def test_a_hand_answer_is_explained_in_words_about_the_answer_a_function_about_the_function():
    by_hand = Verdict("q", False, "players-swapped", "No.")
    in_code = Verdict("minimax", False, "players-swapped", "No.", hand=False, tests=4, failed=1)
    assert "your function" not in by_hand.explanation and by_hand.explanation in by_hand.text()
    assert "your function" in in_code.explanation
    assert "Likely mistake (players-swapped)" in in_code.text()
    assert in_code.score == 0.75 and by_hand.score == 0.0
    no_credit = Verdict("minimax", False, "uses-package-search", "No.", hand=False, tests=4,
                        failed=1)
    assert no_credit.score == 0.0


def test_a_question_not_answered_yet_waits_for_its_answer_and_does_not_look_wrong():
    from minimax_lessons.exercises.feedback import STATES

    waiting = check("p2.1", ...)
    assert not waiting.passed and waiting.waiting and waiting.diagnosis == "not-answered"
    shown = waiting._repr_html_()
    assert "waiting for your answer" in shown
    assert "\u2718" not in shown and STATES["wrong"][1] not in shown  # no cross, no red
    assert waiting.text().startswith("? p2.1:")
    stub = Verdict("q3.4", False, "not-answered", "Not answered yet: write the body.")
    assert stub.waiting and "\u2718" not in stub._repr_html_()  # a function's stub waits too
    wrong = check("p2.1", 12)
    assert not wrong.waiting and "\u2718" in wrong._repr_html_()
    assert STATES["wrong"][1] in wrong._repr_html_()
