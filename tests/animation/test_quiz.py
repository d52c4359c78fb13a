"""minimax_lessons.animation.quiz: the questions a quiz animation asks, and their answers."""

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minimax_lessons import (FIGURE_5_2, GameTree, alphabeta, examples, expectiminimax,
                             minimax)
from minimax_lessons.animation.player import QUIZ_HINT, animate
from minimax_lessons.pictures.jupyter import with_hint
from minimax_lessons.pictures.frames import DONE, PRUNED, UNVISITED, build_frames
from minimax_lessons.animation.quiz import LOOK, VALUE, QuizQuestion, quiz_questions
from minimax_lessons.exercises import tree_value_question
from minimax_lessons.exercises.practising import PracticeTree
from minimax_lessons.mistakes import explain
from minimax_lessons.search.trace import EVALUATE, PRUNE, RETURN, VISIT

SVG = "{http://www.w3.org/2000/svg}"

random_trees = st.builds(
    GameTree.random,
    st.integers(1, 3), st.integers(1, 4),
    seed=st.integers(0, 10_000), low=st.just(-5), high=st.just(5),
)


def quiz_of(search, tree, **options):
    result = search(tree, trace=True, **options)
    frames = build_frames(tree, result)
    return frames, result.trace, quiz_questions(frames, tree)


def names(tree, questions):
    return [(q.kind, name_at(tree, q.path), q.answer) for q in questions]


def name_at(tree, path):
    state = tree.initial_state()
    for action in path:
        state = tree.result(state, action)
    return tree.text(state)


def random_chance_tree(seed):
    """A seeded random tree of MAX, MIN and chance nodes with probabilities."""
    rng = random.Random(seed)

    def node(depth):
        if depth == 0 or rng.random() < 0.2:
            return {"value": rng.randint(-5, 5)}
        player = rng.choice(["max", "min", "chance"])
        kids = [node(depth - 1) for _ in range(rng.randint(1, 3))]
        if player == "chance":
            weights = [rng.randint(1, 4) for _ in kids]
            for kid, w in zip(kids, weights):
                kid["probability"] = w / sum(weights)
        return {"player": player, "children": kids}

    spec = node(3)
    if "children" not in spec:
        spec = {"player": "max", "children": [spec]}
    return GameTree.from_dict(spec)


# -- the textbook's Figure 5.2 -----------------------------------------------------------

def test_minimax_on_figure_5_2_asks_what_b_c_d_and_a_return():
    # AIMA Figure 5.2: B = min(3, 12, 8) = 3, C = min(2, 4, 6) = 2, D = min(14, 5, 2) = 2,
    # A = max(3, 2, 2) = 3, asked bottom up as each value is decided.
    _, _, questions = quiz_of(minimax, FIGURE_5_2)
    assert names(FIGURE_5_2, questions) == [
        (VALUE, "B", "3"), (VALUE, "C", "2"), (VALUE, "D", "2"), (VALUE, "A", "3")]
    assert [q.prompt for q in questions][0] == "What value does B return?"
    assert questions[0].explanation == "B is a MIN node: min(3, 12, 8) = 3."
    assert questions[-1].explanation == "A is a MAX node: max(3, 2, 2) = 3."


def test_alphabeta_on_figure_5_2_asks_whether_it_looks_and_only_c2_is_pruned():
    # AIMA Figure 5.5: after C1 = 2, C is worth at most 2 < 3 = alpha, so C2 and C3
    # are never looked at; every other leaf is. "What value does C return?" is not
    # asked: the verdict on C2 ("C2 and C3 are pruned") says that C returns the 2 it shows.
    _, _, questions = quiz_of(alphabeta, FIGURE_5_2)
    assert names(FIGURE_5_2, questions) == [
        (LOOK, "B2", "yes"), (LOOK, "B3", "yes"), (VALUE, "B", "3"),
        (LOOK, "C", "yes"), (LOOK, "C2", "no"),
        (LOOK, "D", "yes"), (LOOK, "D2", "yes"), (LOOK, "D3", "yes"), (VALUE, "D", "2"),
        (VALUE, "A", "3")]
    c2 = questions[4]
    assert c2.prompt == "Will alpha-beta look at C2?"
    assert c2.explanation == ("C is a MIN node at <=2 and alpha = 3: 2 <= 3, MAX can already "
                              "get 3 elsewhere, so C2 and C3 are pruned.")


@pytest.mark.parametrize("prune_ties, c2", [(True, "no"), (False, "yes")])
def test_the_tie_question_follows_prune_ties(prune_ties, c2):
    # examples.TIES: C1 = 3 equals alpha = 3; only alpha >= beta prunes on the tie.
    _, _, questions = quiz_of(alphabeta, examples.TIES, prune_ties=prune_ties)
    answer = {name_at(examples.TIES, q.path): q.answer for q in questions if q.kind == LOOK}
    assert answer["C2"] == c2
    if not prune_ties:
        tie = next(q for q in questions if name_at(examples.TIES, q.path) == "C2")
        assert "a tie" in tie.explanation and "prune_ties=False" in tie.explanation


def test_expectiminimax_asks_chance_values_weighted_by_probability():
    # safe: 0.5 x 3 + 0.5 x 1 = 2; risky: 0.25 x 8 + 0.75 x -1 = 1.25; A = max(2, 1.25).
    tree = examples.CHANCE_TREE
    _, _, questions = quiz_of(expectiminimax, tree)
    assert names(tree, questions) == [
        (VALUE, "safe", "2"), (VALUE, "risky", "1.25"), (VALUE, "A", "2")]
    assert questions[1].explanation == "risky is a chance node: 0.25 x 8 + 0.75 x -1 = 1.25."
    assert questions[1].check("1.25") and questions[1].check("1.249")
    assert not questions[1].check("1.3") and not questions[1].check("")


def test_answers_are_checked_as_numbers_or_yes_no():
    _, _, questions = quiz_of(alphabeta, FIGURE_5_2)
    b, c2 = questions[2], questions[4]
    assert b.check("3") and b.check(3) and b.check(" 3.0") and not b.check("3.5")
    assert not b.check("12") and not b.check("three")
    assert c2.check("no") and c2.check("No ") and not c2.check("yes")


# -- naming the mistake behind a wrong answer ------------------------------------------------

def test_a_wrong_value_is_named_by_the_mistake_that_gives_it():
    # B = min(3, 12, 8): 12 is the largest leaf, what the max at every level gives, and what
    # MAX's rule at B gives. A = max(3, 2, 2) = 3: 14 is the largest leaf of the tree, 2 the
    # smallest, and 6 is minimax with MIN at the root: min(max(3, 12, 8), max(2, 4, 6), ...).
    _, _, questions = quiz_of(minimax, FIGURE_5_2)
    b, a = questions[0], questions[-1]
    both = ("max-at-every-level", "players-swapped")
    assert b.mistake("12") == (both, explain(both, hand=True))
    assert b.mistake(" 12.0 ")[0] == both
    assert b.mistake("8") == (("wrong",), "") and b.mistake("3") is None
    assert [a.mistake(x)[0] for x in ("14", "2", "6", "5")] == [
        ("max-at-every-level",), ("min-at-every-level", "players-swapped"),
        ("players-swapped",), ("wrong",)]
    assert "the largest child value at every level" in a.mistake("14")[1]


def test_a_wrong_yes_or_no_is_named_by_the_pruning_mistake_or_the_other_tie_rule():
    # Figure 5.2: C2 is pruned (2 < 3, no tie): looking at it is pruning too few; B2 is
    # needed: skipping it is pruning too many. examples.TIES: C1 = 3 equals alpha = 3, so
    # the wrong reply is the other tie rule's.
    _, _, questions = quiz_of(alphabeta, FIGURE_5_2)
    look = {name_at(FIGURE_5_2, q.path): q for q in questions if q.kind == LOOK}
    assert look["C2"].mistake("yes") == (("pruned-too-few",), explain("pruned-too-few"))
    assert look["B2"].mistake("No") == (("pruned-too-many",), explain("pruned-too-many"))
    assert look["C2"].mistake("no") is None
    for ties, wrong, named in ((True, "yes", "prune-strict"), (False, "no", "prune-non-strict")):
        _, _, questions = quiz_of(alphabeta, examples.TIES, prune_ties=ties)
        c2 = next(q for q in questions if name_at(examples.TIES, q.path) == "C2")
        assert c2.mistake(wrong) == ((named,), explain(named, hand=True))


def test_a_node_that_returns_a_bound_names_its_true_value_as_no_pruning():
    # A = max(B, C), B = min(5) = 5, so C is entered with alpha = 5. C's only child C1 is
    # MAX over two MIN nodes, [3, 1] and [4, 2]: each prunes after its first leaf (3 <= 5,
    # 4 <= 5) and returns it, so C1 returns max(3, 4) = 4, a bound; without pruning C1 is
    # max(min(3, 1), min(4, 2)) = 2. The smallest leaf, 1, is the min at every level; 3 is
    # MIN's rule at C1 (players swapped).
    tree = GameTree.from_nested([[5], [[[3, 1], [4, 2]]]])
    _, _, questions = quiz_of(alphabeta, tree)
    c1 = next(q for q in questions if q.kind == VALUE and name_at(tree, q.path) == "C1")
    assert c1.answer == "4"
    assert [c1.mistake(x)[0] for x in ("2", "1", "3")] == [
        ("no-pruning",), ("min-at-every-level",), ("players-swapped",)]
    assert c1.mistake("2")[1] == explain("no-pruning", hand=True)


@settings(max_examples=40, deadline=None)
@given(random_trees)
def test_a_value_quiz_names_each_mistake_as_practice_does_on_the_same_tree(tree):
    # practice("values") judges a typed value at a node; the quiz, asking the same node,
    # names the same mistake with the same sentence for every wrong value it knows.
    frames, trace, questions = quiz_of(minimax, tree)
    judge = PracticeTree("values", 1, 0, tree)
    assert questions
    for q in questions:
        node = name_at(tree, q.path)
        for value, diagnoses, sentence in q.mistakes:
            verdict = judge.judge("values", node, value)
            assert not verdict.passed and q.mistake(str(value)) == (diagnoses, sentence)
            assert (verdict.diagnoses, verdict.message) == (diagnoses, sentence)


@settings(max_examples=40, deadline=None)
@given(random_trees, st.booleans())
def test_a_root_quiz_names_every_mistake_check_names_for_the_same_number(tree, is_max):
    # check() on a tree_value_question names the mistakes worked out on the whole tree;
    # the quiz's question about the root knows each of them (and players swapped at the
    # root alone, as practice does).
    tree = GameTree.from_nested(tree.to_nested(), root="max" if is_max else "min")
    if tree.is_terminal(tree.root):
        return
    _, _, questions = quiz_of(minimax, tree)
    root = questions[-1]
    assert root.path == ()
    asked = tree_value_question("t", "value?", tree=tree.to_nested(),
                                root="max" if is_max else "min")
    for value, _, _ in root.mistakes:
        verdict = asked.check(value)
        named = set(verdict.diagnoses) - {"wrong"}
        assert named <= set(root.mistake(str(value))[0])


@settings(max_examples=60, deadline=None)
@given(random_trees, st.booleans())
def test_no_verdict_gives_away_a_later_question(tree, prune_ties):
    # A look question answered "no" says that its node prunes, so that the node returns the
    # bound its frame shows: no value question about that node comes after it.
    _, trace, questions = quiz_of(alphabeta, tree, prune_ties=prune_ties)
    for i, q in enumerate(questions):
        if q.kind == VALUE:
            assert not any(p.kind == LOOK and p.answer == "no" and p.path[:-1] == q.path
                           for p in questions[:i])
            assert not any(name_at(tree, q.path) + " is worth" in p.explanation
                           for p in questions[:i])
    pruning = {s.path for s in trace if s.kind == PRUNE}
    assert not {q.path for q in questions if q.kind == VALUE} & pruning


# -- properties over many trees --------------------------------------------------------

def searches():
    return [(minimax, {}), (alphabeta, {"prune_ties": True}), (alphabeta, {"prune_ties": False})]


def check_against_trace(tree, frames, trace, questions):
    """Every answer agrees with the trace and the pictures, and none is given away early."""
    steps = list(trace)
    returns = {s.path: s for s in steps if s.kind == RETURN}
    last = frames[-1]
    assert [q.frame for q in questions] == sorted(q.frame for q in questions)
    for q in questions:
        assert 0 <= q.frame < q.reveal <= len(frames) - 1
        asking, shown = frames[q.frame], frames[q.reveal]
        assert q.check(q.answer)
        if q.kind == VALUE:
            step = returns[q.path]
            assert q.value == step.value and q.answer == show_value(step.value)
            assert shown.step == step and shown.view(q.path).status == DONE
            assert shown.view(q.path).value == step.value
            # The frame asked on does not show the value: not finished, not exact.
            view = asking.view(q.path)
            assert view.status != DONE
            assert view.value is None or view.bound is not None or view.value != step.value
            assert f"{name_at(tree, q.path)} returns" not in asking.caption
            assert "Done:" not in asking.caption
            assert not any(f.step == step for f in frames[:q.frame + 1])
            check_sentence(q)
        else:
            assert asking.status(q.path) == UNVISITED
            assert asking.view(q.path).status == UNVISITED
            nxt = shown.step
            if q.answer == "no":
                assert nxt.kind == PRUNE and nxt.path == q.path[:-1]
                assert last.status(q.path) == PRUNED
            else:
                assert nxt.kind in (VISIT, EVALUATE) and nxt.path == q.path
                assert last.status(q.path) != PRUNED


def show_value(v):
    from minimax_lessons.search.trace import show_number
    return show_number(v)


def check_sentence(q):
    """'B is a MIN node: min(3, 12, 8) = 3.' must be true arithmetic."""
    m = re.search(r"(max|min)\(([^)]*)\) = (\S+?)(?:\.$|,)", q.explanation)
    if m:
        numbers = [float(x) for x in m.group(2).replace(", ...", "").split(", ")]
        assert (max if m.group(1) == "max" else min)(numbers) == float(m.group(3))
        return
    m = re.search(r"chance node: (.*) = (\S+)\.$", q.explanation)
    assert m, q.explanation
    total = sum(float(p) * float(v) for p, v in
                (term.split(" x ") for term in m.group(1).split(" + ")))
    assert total == pytest.approx(float(m.group(2)), abs=1e-3)


@settings(max_examples=60, deadline=None)
@given(random_trees, st.integers(0, 2))
def test_answers_agree_with_the_trace_and_are_never_shown_before_they_are_asked(tree, which):
    search, options = searches()[which]
    frames, trace, questions = quiz_of(search, tree, **options)
    check_against_trace(tree, frames, trace, questions)


@settings(max_examples=40, deadline=None)
@given(random_trees)
def test_minimax_asks_about_every_inner_node_and_its_answer_is_its_minimax_value(tree):
    frames, trace, questions = quiz_of(minimax, tree)
    inner = {s.path for s in trace if s.kind == VISIT}
    assert {q.path for q in questions} == inner
    for q in questions:
        state = tree.initial_state()
        for action in q.path:
            state = tree.result(state, action)
        assert q.value == minimax(tree, state).value  # searched afresh from that node


@settings(max_examples=60, deadline=None)
@given(random_trees, st.booleans())
def test_alphabeta_asks_about_every_prune_and_every_later_child_it_enters(tree, prune_ties):
    frames, trace, questions = quiz_of(alphabeta, tree, prune_ties=prune_ties)
    looks = {q.frame: q for q in questions if q.kind == LOOK}
    seen = set()
    for k, step in enumerate(trace):
        later_child = step.kind in (VISIT, EVALUATE) and step.path and \
            any(p and p[:-1] == step.path[:-1] for p in seen)
        if step.kind == PRUNE or later_child:
            assert k in looks and looks[k].answer == ("no" if step.kind == PRUNE else "yes")
        else:
            assert k not in looks
        if step.kind in (VISIT, EVALUATE):
            seen.add(step.path)
    assert sum(q.answer == "no" for q in looks.values()) == len(trace.of_kind("prune"))


@pytest.mark.parametrize("seed", range(40))
def test_expectiminimax_answers_agree_with_the_trace_on_random_chance_trees(seed):
    tree = random_chance_tree(seed)
    frames, trace, questions = quiz_of(expectiminimax, tree)
    check_against_trace(tree, frames, trace, questions)
    assert all(q.kind == VALUE for q in questions)


def test_a_value_the_frame_already_shows_exactly_is_not_asked():
    # A chance node whose last child is worth 0 shows its final sum before that child
    # arrives (0.5 x 4 + 0.5 x 0: "2" after the first child), so it is not asked.
    tree = GameTree.from_dict({"player": "max", "children": [
        {"name": "R", "player": "chance", "children": [
            {"value": 4, "probability": 0.5}, {"value": 0, "probability": 0.5}]}]})
    frames, trace, questions = quiz_of(expectiminimax, tree)
    assert [name_at(tree, q.path) for q in questions] == ["A"]


# -- in the animation ----------------------------------------------------------------

def test_a_quiz_animation_carries_its_questions_to_the_player():
    quiz = animate(alphabeta, FIGURE_5_2, quiz=True)
    data = quiz.data["quiz"]
    assert len(data) == len(quiz.questions) == 10
    assert data[4] == {"f": 11, "kind": "look", "prompt": "Will alpha-beta look at C2?",
                       "answer": "no", "why": quiz.questions[4].explanation, "reveal": 12,
                       "mistakes": [["yes", ["pruned-too-few"], explain("pruned-too-few")]]}
    assert data[2]["tol"] == 0 and data[2]["value"] == 3
    both = ("max-at-every-level", "players-swapped")
    assert data[2]["mistakes"] == [[12, list(both), explain(both, hand=True)]]
    assert '"quiz":[' in quiz.frames_json and "Will alpha-beta look at C2?" in quiz.html()
    assert "a quiz of 10 questions" in repr(quiz)


def test_without_quiz_the_player_data_is_unchanged():
    plain, quiz = animate(alphabeta, FIGURE_5_2), animate(alphabeta, FIGURE_5_2, quiz=True)
    assert plain.questions == () and "quiz" not in plain.data
    assert {k: v for k, v in quiz.data.items() if k != "quiz"} == plain.data
    assert plain.layout_svg == quiz.layout_svg
    assert "quiz" not in plain.frames_json


def test_a_question_is_plain_data():
    q = quiz_of(minimax, FIGURE_5_2)[2][0]
    assert isinstance(q, QuizQuestion) and q._replace(answer="3") == q
    assert q.as_data()["f"] == q.frame


def test_the_quiz_question_has_a_name_of_its_own_beside_the_exercises_question():
    import minimax_lessons
    from minimax_lessons import exercises

    assert minimax_lessons.QuizQuestion is QuizQuestion
    assert "QuizQuestion" in minimax_lessons.__all__
    assert exercises.Question is not QuizQuestion  # the clash the new name ends


def test_a_quiz_s_still_picture_is_its_first_frame_so_it_gives_nothing_away():
    quiz = animate(minimax, FIGURE_5_2, quiz=True)
    bundle = quiz._repr_mimebundle_()
    assert bundle["image/svg+xml"] == with_hint(quiz.frame_svg(0), QUIZ_HINT)
    assert quiz.frame_svg(0) != quiz.frame_svg(-1)
    assert "take the quiz" in bundle["image/svg+xml"]
    assert quiz.widget.answers == "[]"
    assert animate(minimax, FIGURE_5_2).widget.answers == ""


def test_a_node_whose_name_ends_in_a_backslash_animates_also_as_a_quiz():
    # The animation rebuilt the text beside a node without escaping it: no DOT would parse.
    tree = GameTree.from_dict({"name": "A", "children": [
        {"name": "B\\", "children": [{"name": "B1", "value": 3}, {"name": "B2", "value": 5}]},
        {"name": "C", "value": 2}]})
    for quiz in (False, True):
        animation = animate(minimax, tree, quiz=quiz)
        for svg in (animation.layout_svg, animation.frame_svg(-1)):
            side = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("id") == "n_0_w")
            assert [t.text for t in side if t.tag == f"{SVG}text"][0] == "B\\"
    assert animate(minimax, tree, quiz=True).questions[0].prompt == "What value does B\\ return?"


def test_a_quiz_of_max_n_is_refused_with_a_reason_and_its_player_still_plays():
    """max^n's values are one per player: no quiz asks for them (it used to fail deep in the
    mistakes' arithmetic with a TypeError); the animation without a quiz still plays."""
    from minimax_lessons import maxn

    three = examples.THREE_PLAYERS
    with pytest.raises(ValueError, match=r"one number at each node.*\(max\^n\).*without quiz=True"):
        animate(maxn, three, quiz=True)
    plain = animate(maxn, three)
    assert plain.questions == () and plain.result.value == maxn(three).value
