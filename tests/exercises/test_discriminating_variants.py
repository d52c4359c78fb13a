"""Every seeded variant tells each diagnosed mistake from the right answer.

For every question whose data comes from the seed (values, moves, pruned leaves, windows,
choices), on many seeds and the default ones: no mistake the checker diagnoses gives a
right answer, so a student who makes it is never told "Right" by accident (a tree where
taking the minimum everywhere happens to give the value, say). Each mistake's answer is
worked out here and sent through ``check``, which must refuse it.
"""

import math

import pytest

from minimax_lessons.exercises.check import get_question, question_ids
from minimax_lessons.exercises.nested import to_game
from minimax_lessons.exercises.question_kinds import (ChoiceQuestion, PrunedQuestion,
                                                      ValueQuestion, WindowQuestion)
from minimax_lessons.exercises.variants import skipped_leaves
from minimax_lessons.search.adversarial import alphabeta

#: The default seed of the lessons (0) and of the graded notebooks ("student"), and more.
SEEDS = [0, "student"] + list(range(1, 25)) + ["alice", "bob"]
KINDS = (ValueQuestion, PrunedQuestion, WindowQuestion, ChoiceQuestion)


def seeded(question) -> bool:
    """Does the question's data change with the seed?"""
    first = question.data(0)
    return any(question.data(s) != first for s in (1, 2, 3, "student"))


SEEDED = [qid for qid in question_ids()
          if isinstance(get_question(qid), KINDS) and seeded(get_question(qid))]


def mistaken_answers(question, data):
    """``[(mistake id, the answer it gives)]`` on the variant ``data``."""
    if isinstance(question, ValueQuestion):
        return [(vid, value) for vid, value in question._mistakes(data) if value is not None] \
            if question._mistakes else []
    if isinstance(question, PrunedQuestion):
        game = to_game(data["tree"], data["is_max"])
        other = alphabeta(game, prune_ties=not question.prune_ties).pruned
        rule = "prune-strict" if question.prune_ties else "prune-non-strict"
        return [(rule, set(other))] + [(vid, leaves) for vid, leaves in skipped_leaves(
            data["tree"], data["is_max"], prune_ties=question.prune_ties)]
    if isinstance(question, WindowQuestion):
        game = to_game(data["tree"], data["is_max"])
        trace = alphabeta(game, trace=True, prune_ties=question.prune_ties).trace
        entered = {s.state: (s.alpha, s.beta) for s in trace if s.kind == "visit"}
        left = {s.state: (s.alpha, s.beta) for s in trace if s.kind == "return"}
        node = data["node"]
        return [("alpha-beta-swapped", entered[node][::-1]),
                ("window-reset", entered[game.parent(node)]),
                ("window-after", left[node])]
    mistakes = question._mistakes_of(data) if question._mistakes_of else {}
    return [(vid, letter) for letter, vid in mistakes.items() if len(letter) == 1]


def test_the_sweep_covers_the_seeded_questions_of_every_kind():
    kinds = {type(get_question(qid)) for qid in SEEDED}
    assert kinds == set(KINDS)
    assert {"q3.1", "q3.2", "q2.3", "q4.2", "q4.6", "q6.1", "q6.3", "q6.8", "q3.13",
            "q8.2", "q9.3"} <= set(SEEDED)


@pytest.mark.parametrize("qid", SEEDED)
def test_no_diagnosed_mistake_gives_a_right_answer_on_any_seed(qid):
    question = get_question(qid)
    accepted = []
    for seed in SEEDS:
        for vid, answer in mistaken_answers(question, question.data(seed)):
            if isinstance(answer, tuple) and any(map(math.isinf, answer)):
                answer = tuple("+inf" if a == math.inf else "-inf" if a == -math.inf else a
                               for a in answer)
            if question.check(answer, seed).passed:
                accepted.append((seed, vid, answer))
    assert not accepted, f"{qid}: mistakes taken for right answers: {accepted[:5]}"


def test_q3_1s_default_tree_no_longer_lets_the_minimum_everywhere_pass():
    question = get_question("q3.1")
    tree = question.data(0)["tree"]
    smallest = min(leaf for child in tree for leaf in child)
    assert not question.check(smallest, 0).passed
