"""Feedback on hand answers names the mistake that really gives the answer, in words about
the answer (not "your function"), and draws it where a picture helps.

The mistakes' answers are computed here by running the mistaken searches of
``variants.py`` (the max at every level, the min at every level, players swapped, ...)
on each question's own tree, on MIN roots and MAX roots, never by asking the question.
"""

from __future__ import annotations

import math
import re

import pytest

from minimax_lessons.exercises import mistakes as M
from minimax_lessons.exercises import variants as V
from minimax_lessons.exercises.check import get_question, question_ids
from minimax_lessons.exercises.nested import to_game
from minimax_lessons.exercises.question_kinds import (ChoiceQuestion, FillQuestion,
                                                      FindBugQuestion, FunctionQuestion,
                                                      ParsonsQuestion, PredictQuestion,
                                                      PrunedQuestion, ValueQuestion,
                                                      WindowQuestion, tree_value_question)
from minimax_lessons.search.adversarial import minimax

SEEDS = range(6)
FUNCTION_WORDS = re.compile(r"your (function|alpha-beta|search|evaluation|estimates|code)",
                            re.IGNORECASE)


def value_questions():
    return [get_question(i) for i in question_ids()
            if isinstance(get_question(i), ValueQuestion)]


def asked_tree(q, data):
    """(nested subtree, is_max) whose minimax value the question asks for, or None."""
    if not isinstance(data, dict) or not isinstance(data.get("tree"), list) or "path" in data:
        return None  # ("path": what alpha-beta hands back from a node, not a minimax value)
    tree = data["tree"]
    if "node" in data:
        game = to_game(tree, data.get("is_max", True))
        if data["node"] not in game:
            return None
        return game.to_nested(data["node"]), game.to_move(data["node"]) == "max"
    if not _numbers_only(tree):
        return None
    if "is_max" in data:
        return tree, data["is_max"]
    # no root given: the root whose minimax value the question accepts, if just one does
    seed = next(s for s in SEEDS if q.data(s) is data)
    accepted = [r for r in (True, False) if q.check(root_value(tree, r), seed).passed]
    return (tree, accepted[0]) if len(accepted) == 1 else (tree, True)


def _numbers_only(tree):
    return all(_numbers_only(c) for c in tree) if isinstance(tree, list) else \
        isinstance(tree, (int, float)) and not isinstance(tree, bool)


def root_value(tree, is_max):
    return minimax(to_game(tree, is_max)).value


def first_best_moves(tree, is_max):
    values = [root_value(child, not is_max) for child in tree]
    best = max(values) if is_max else min(values)
    return [i for i, v in enumerate(values) if v == best]


def kind_of(q):
    """"value" when every seed's right answer is the asked tree's minimax value, "move"
    when it is the best move, else None (counting and scoring questions)."""
    kinds = set()
    for seed in SEEDS:
        asked = asked_tree(q, q.data(seed))
        if asked is None:
            return None
        tree, is_max = asked
        if q.check(root_value(tree, is_max), seed).passed:
            kinds.add("value")
        elif isinstance(tree[0], list) and q.check(first_best_moves(tree, is_max)[0],
                                                   seed).passed:
            kinds.add("move")
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def mistaken_values(tree, is_max):
    """{id: answer} for every mistaken search of variants.py, run on this tree.

    Never switching player is, by hand, the max (MAX root) or the min (MIN root) at every
    level, so it is filed under that name.
    """
    found = {}
    runs = [(vid, fn) for vid, fn in V.VARIANTS["minimax"]] + [
        ("min-at-every-level", V.minimax_min_everywhere)]
    for vid, fn in runs:
        if vid == "never-switches-player":
            vid = "max-at-every-level" if is_max else "min-at-every-level"
        found.setdefault(fn(tree, is_max), set()).add(vid)
    return found


def mistaken_moves(tree):
    """{move: ids} for the best-move mistakes of variants.py (a MAX root) and the min at
    every level."""
    found = {}
    for vid, fn in V.VARIANTS["best_move"]:
        found.setdefault(fn(tree), set()).add(vid)
    values = [V.minimax_min_everywhere(child, False) for child in tree]
    found.setdefault(values.index(min(values)), set()).add("min-at-every-level")
    return found


def ever_named(q, seed):
    """The ids this question can name for some answer on this variant."""
    return {vid for vid, _ in q._mistakes(q.data(seed))} if q._mistakes else set()


def assert_names_exactly(q, seed, answer, produced_by):
    """The answer's feedback names every mistake that gives it (of those the question
    knows), and none that does not."""
    feedback = q.check(answer, seed)
    if feedback.passed:
        return None
    named = set(feedback.diagnoses) - {"wrong"}
    assert named <= produced_by, (q.id, seed, answer, named, produced_by)
    assert produced_by & ever_named(q, seed) <= named, (q.id, seed, answer, named,
                                                         produced_by)
    return feedback


# -- 1. the diagnosis is the mistake that gives the answer -----------------------------------
def test_q2_2_calls_the_smallest_leaf_the_min_at_every_level_not_the_max():
    q = get_question("q2.2")
    for seed in SEEDS:
        data = q.data(seed)
        assert data["is_max"] is False
        smallest = V.minimax_min_everywhere(data["tree"], False)
        feedback = q.check(smallest, seed)
        assert "min-at-every-level" in feedback.diagnoses
        assert "max-at-every-level" not in feedback.diagnoses
        assert "smallest child value at every level" in feedback.message


def test_the_value_questions_of_every_bank_are_found_on_both_kinds_of_root():
    kinds = {q.id: kind_of(q) for q in value_questions()}
    values = [i for i, k in kinds.items() if k == "value"]
    assert {"q2.1", "q2.2", "p2.6", "p3.2", "q3.1"} <= set(values), kinds
    assert {"q2.3", "p3.5"} <= {i for i, k in kinds.items() if k == "move"}
    roots = {asked_tree(get_question(i), get_question(i).data(s))[1]
             for i in values for s in SEEDS}
    assert roots == {True, False}


@pytest.mark.parametrize("qid", [q.id for q in value_questions() if kind_of(q) == "value"])
def test_each_mistaken_search_gets_its_own_name_on_every_tree_value_question(qid):
    q = get_question(qid)
    checked = 0
    for seed in SEEDS:
        tree, is_max = asked_tree(q, q.data(seed))
        for answer, produced_by in mistaken_values(tree, is_max).items():
            if assert_names_exactly(q, seed, answer, produced_by) is not None:
                checked += 1
    assert checked > 0, f"{qid}: no mistake gave a wrong answer on any seed"


@pytest.mark.parametrize("root", ["max", "min"])
def test_random_trees_on_both_roots_name_each_mistake_behind_the_value(root):
    q = tree_value_question("t.value", "?", root=root, depth=3, branching=(2, 3))
    for seed in range(40):
        tree, is_max = q.data(seed)["tree"], root == "max"
        for answer, produced_by in mistaken_values(tree, is_max).items():
            assert_names_exactly(q, seed, answer, produced_by)


def test_on_a_min_root_the_largest_leaf_is_the_max_and_the_smallest_the_min_everywhere():
    # MIN at A, MAX at B and C, MIN below: B = max(4, 1), C = max(3, 5), A = 4; with the
    # players swapped B = min(8, 2), C = min(9, 6), A = 6 (hand-checked)
    q = tree_value_question("t.min", "?", tree=[[[4, 8], [1, 2]], [[9, 3], [6, 5]]],
                            root="min")
    assert q.check(4).passed
    assert q.check(9).diagnoses == ("max-at-every-level",)
    assert q.check(1).diagnoses == ("min-at-every-level",)
    assert q.check(6).diagnoses == ("players-swapped",)


@pytest.mark.parametrize("qid", [q.id for q in value_questions() if kind_of(q) == "move"])
def test_each_mistaken_move_gets_its_own_name(qid):
    q = get_question(qid)
    for seed in SEEDS:
        tree, is_max = asked_tree(q, q.data(seed))
        assert is_max, "the best-move mistakes of variants.py are MAX's"
        for answer, produced_by in mistaken_moves(tree).items():
            assert_names_exactly(q, seed, answer, produced_by)


def test_two_mistakes_with_the_same_answer_are_both_named():
    # B = min(3, 12, 8): the max at every level and MAX taken for MIN both give 12
    q = tree_value_question("t.both", "?", tree=[3, 12, 8], root="min")
    feedback = q.check(12)
    assert set(feedback.diagnoses) == {"max-at-every-level", "players-swapped"}
    for vid in feedback.diagnoses:
        assert V.HAND_DIAGNOSES[vid] in feedback.message
        assert vid.replace("-", " ") in feedback._repr_html_()


@pytest.mark.parametrize("qid", [q.id for q in value_questions()])
def test_every_value_question_names_all_or_none_of_the_mistakes_giving_an_answer(qid):
    q = get_question(qid)
    for seed in SEEDS[:3]:
        mistakes = q._mistakes(q.data(seed)) if q._mistakes else []
        for vid, value in mistakes:
            if value is None:
                continue
            feedback = q.check(value, seed)
            if feedback.passed:
                continue
            same = {other for other, v in mistakes if v is not None and v == value}
            assert set(feedback.diagnoses) <= same
            assert vid in feedback.diagnoses or any(
                M.SAME_BY_HAND.get(vid, ()) and a in feedback.diagnoses
                for a in M.SAME_BY_HAND.get(vid, ())), (qid, seed, vid, feedback.diagnoses)


# -- 2. hand answers are told about the answer, not about a function ------------------------
def wrong_answers(q, seed):
    """Answers a student gets wrong in the usual ways, for any kind of hand question."""
    data = q.data(seed)
    if isinstance(q, ValueQuestion):
        return [v for _, v in (q._mistakes(data) if q._mistakes else []) if v is not None]
    if isinstance(q, ChoiceQuestion):
        return list("abcdefgh"[:len(q._options(seed))])
    if isinstance(q, PrunedQuestion):
        game = to_game(data["tree"], data["is_max"])
        sets = [set(), set(game.leaves), {game.leaves[0]}, {game.leaves[-1]}]
        sets += [leaves for _, leaves in V.skipped_leaves(data["tree"], data["is_max"],
                                                          prune_ties=q.prune_ties)]
        sets.append(q._pruned_leaves(data, not q.prune_ties))
        return sets
    if isinstance(q, WindowQuestion):
        return [(3, 2), ("+inf", "-inf"), ("-inf", "+inf"), (0, 0)]
    if isinstance(q, FillQuestion):
        n = len(data["blanks"])
        return [["max"] * n, ["min"] * n, ["min" if b == "max" else "max"
                                           for b in data["blanks"]]]
    if isinstance(q, FindBugQuestion):
        bugs = q.bug_ids
        return [(data["line"], b) for b in bugs] + [(1, data["bug"])] if q.ask_kind else [1]
    if isinstance(q, PredictQuestion):
        return ["TypeError", "runs forever", 0]
    if isinstance(q, ParsonsQuestion):
        return [list(range(len(data["shown"]), 0, -1))]
    return []


HAND = [i for i in question_ids() if not isinstance(get_question(i), FunctionQuestion)]


@pytest.mark.parametrize("qid", HAND)
def test_hand_answers_are_told_about_the_answer_never_about_a_function(qid):
    q = get_question(qid)
    told = 0
    for seed in SEEDS[:3]:
        for answer in wrong_answers(q, seed):
            feedback = q.check(answer, seed)
            said = feedback.text() + " " + feedback.explanation
            assert not FUNCTION_WORDS.search(said), (qid, answer, said)
            if feedback.diagnosis in V.HAND_DIAGNOSES:
                assert V.HAND_DIAGNOSES[feedback.diagnosis] in feedback.text()
                told += 1
    if isinstance(q, ValueQuestion) and kind_of(q):
        assert told > 0, f"{qid}: no wrong answer was diagnosed"


def test_function_answers_keep_speaking_of_your_function():
    from minimax_lessons.exercises import check_function

    result = check_function("minimax", V.minimax_min_everywhere)
    assert result.diagnosis == "min-at-every-level"
    assert "your function" in result.explanation
    assert "your function" in V.explain("min-at-every-level")
    assert "your function" not in V.explain("min-at-every-level", hand=True)


def test_a_function_that_never_switches_player_is_told_so():
    from minimax_lessons.exercises import check_function

    result = check_function("minimax", V.minimax_no_switch)
    assert result.diagnosis == "never-switches-player"
    assert "passes its own player" in result.explanation


# -- 4. the alpha-beta picture of a function answer -----------------------------------------
def _png_width(tag):
    import base64

    png = base64.b64decode(re.search(r'base64,([^"]+)"', tag).group(1))
    return int.from_bytes(png[16:20], "big")


def leaf_order(fn, tree):
    """The paths of the leaves a variant evaluates, in order (recorded by the harness)."""
    from minimax_lessons.exercises.harness import nested_alphabeta, run_local

    out = run_local(fn, [(tree, -math.inf, math.inf, True)], nested_alphabeta)[0]
    return [tuple(p) for p in out.extra]


def test_the_prune_strict_picture_flags_only_leaves_evaluated_in_one_run():
    from minimax_lessons.exercises import check_function

    result = check_function("alphabeta", V.alphabeta_strict)
    assert result.diagnosis == "prune-strict"
    game, notes, highlight = result.picture
    tree = result.failing_input[0]
    right, strict = leaf_order(V.alphabeta, tree), leaf_order(V.alphabeta_strict, tree)
    differ = set(right) ^ set(strict)
    moved = [p for p in set(right) & set(strict) if right.index(p) != strict.index(p)]
    assert differ and moved, "the failing case has a leaf evaluated by both, at another step"
    assert highlight == {_leaf_name(game, p) for p in differ}
    for path in moved:
        name = _leaf_name(game, path)
        assert name not in highlight
        assert notes[name] == f"exp #{right.index(path) + 1} / you #{strict.index(path) + 1}"


def _leaf_name(game, path):
    node = game.root
    for i in path:
        node = game.children(node)[i]
    return node


def test_feedback_pictures_are_drawn_narrow_with_text_of_12_px_and_shrink_to_the_cell():
    from minimax_lessons import draw_tree
    from minimax_lessons.exercises import check_function
    from minimax_lessons.exercises import feedback as F
    from minimax_lessons.pictures.raster import svg_pixels

    result = check_function("alphabeta", V.alphabeta_strict)
    game, notes, highlight = result.picture
    svg = F.tree_svg(game, notes, set(highlight))
    width = re.search(r'<svg width="([\d.]+)pt"', svg).group(1)
    box = re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ', svg).group(1)
    assert float(width) == float(box), "drawn at the size of its content, not shrunk"
    assert F.smallest_text_px(svg) >= 12
    wide = draw_tree(game, notes=notes, highlight=set(highlight), names=True, narrow=False).svg()
    assert svg_pixels(svg)[0] < svg_pixels(wide)[0]  # narrow: nodes closer together
    html = F.tree_picture_html(game, notes, highlight)
    assert f'width="{_png_width(html)}"' in html and "max-width: 100%" in html
    assert "min-width" not in html and "overflow" not in html  # no scroll bar: it shrinks


def test_a_wide_tree_s_feedback_picture_is_capped():
    from minimax_lessons import GameTree
    from minimax_lessons.exercises import feedback as F
    from minimax_lessons.pictures.raster import MAX_PNG_WIDTH, svg_pixels

    game = GameTree.random(3, 4, seed=7)  # 121 nodes, about 5,000 px wide
    svg = F.tree_svg(game, {}, set())
    full = svg_pixels(svg)[0]
    html = F.tree_picture_html(game)
    natural = _png_width(html)
    assert full > natural == MAX_PNG_WIDTH  # the PNG is scaled down to the cap
    assert "max-width: 100%" in html and "min-width" not in html


# -- 3. pictures of hand answers ---------------------------------------------------------------
def pruned_leaves(game, prune_ties):
    from minimax_lessons.search.adversarial import alphabeta

    return {leaf for top in alphabeta(game, prune_ties=prune_ties).pruned
            for leaf in game.subtree_nodes(top) if game.is_terminal(leaf)}


PRUNED = [i for i in question_ids() if isinstance(get_question(i), PrunedQuestion)]


@pytest.mark.parametrize("qid", PRUNED)
def test_a_wrong_pruned_set_is_drawn_against_the_right_one_leaf_by_leaf(qid):
    q = get_question(qid)
    for seed in SEEDS[:3]:
        data = q.data(seed)
        game = to_game(data["tree"], data["is_max"])
        right = pruned_leaves(game, q.prune_ties)
        leaves = list(game.leaves)
        kept = [leaf for leaf in leaves if leaf not in right]
        for given in ({kept[0]}, set(), right | {kept[-1]}, (right - {min(right)}) | {kept[0]}):
            feedback = q.check(sorted(given), seed)
            assert not feedback.passed
            game_drawn, notes, highlight = feedback.picture
            assert highlight == given ^ right
            assert {n for n, t in notes.items() if t == "you marked it"} == given - right
            assert {n for n, t in notes.items() if t == "you missed it"} == right - given
            assert set(feedback.picture_result.pruned) <= set(game.nodes)
            assert {leaf for top in feedback.picture_result.pruned
                    for leaf in game.subtree_nodes(top) if game.is_terminal(leaf)} == right
    html = feedback._repr_html_()
    assert "<img" in html and "you missed it" in html and "dashed" in html


def test_the_picture_text_names_the_marks_it_uses():
    q = get_question("q6.1")
    data = q.data(0)
    game = to_game(data["tree"], data["is_max"])
    right = pruned_leaves(game, q.prune_ties)
    text = q.check(sorted(right | {game.leaves[0]}), 0).text()
    assert "you marked it: you named it as pruned" in text
    assert "you missed it:" not in text


def names_the_asked_node(q):
    """Questions made by tree_value_question, or whose data names the node asked about."""
    return q._asked is not None or "node" in q.data(0)


DRAWN_VALUES = [q.id for q in value_questions() if kind_of(q) == "value" and
                names_the_asked_node(q)]


def test_value_questions_on_a_root_or_a_named_node_draw_wrong_answers():
    assert {"q2.1", "q2.2", "q3.1", "p3.2"} <= set(DRAWN_VALUES)


@pytest.mark.parametrize("qid", DRAWN_VALUES)
def test_a_wrong_value_is_written_beside_the_right_one_at_the_asked_node(qid):
    q = get_question(qid)
    for seed in SEEDS[:3]:
        data = q.data(seed)
        tree, is_max = asked_tree(q, data)
        right = root_value(tree, is_max)
        wrong = right + 100
        feedback = q.check(wrong, seed)
        game, notes, highlight = feedback.picture
        asked = data.get("node", game.root)
        assert highlight == {asked}
        assert notes[asked].endswith(f"you {wrong}") and f"right {right}" in notes[asked]
        assert minimax(game, asked).value == right
        assert q.check(right, seed).picture is None


@pytest.mark.parametrize("qid", [q.id for q in value_questions() if kind_of(q) == "move"])
def test_a_wrong_move_is_drawn_at_the_child_chosen(qid):
    q = get_question(qid)
    for seed in SEEDS[:3]:
        tree, is_max = asked_tree(q, q.data(seed))
        best = first_best_moves(tree, is_max)
        wrong = next(i for i in range(len(tree)) if i not in best)
        game, notes, highlight = q.check(wrong, seed).picture
        kids = game.children(game.root)
        assert highlight == {kids[wrong]} and notes[kids[wrong]] == "your move"
        assert {k for k, t in notes.items() if t == "best move"} == {kids[i] for i in best}
