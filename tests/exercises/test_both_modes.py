"""Lecture mode changes sizes, never content: practice, quizzes and questions say the same.

A lecturer projects the same exercises a student works alone. For every practice kind at
every level, the quizzes the lessons run and the picture of every question, each SVG
group (a node, the text beside it, a leaf's name, an edge) says the same words with
lecture mode on and off (lecture mode may break a text into shorter lines: whitespace
aside), a practice tree has the same answer slots (by node) and the same key, and a quiz
asks the same questions at the same frames. Nothing a student is asked shows before it
is answered: no window in a pruning tree, no value in an inner node.
"""

import re

import pytest

from minimax_lessons import FIGURE_5_2, GameTree, alphabeta, animate, lecture_mode, minimax
from minimax_lessons.exercises.check import get_question, question_ids
from minimax_lessons.exercises.feedback import tree_svg
from minimax_lessons.exercises.practising import KINDS, LEVELS, practice_tree
from minimax_lessons.pictures.texts import groups, parse, texts_of

#: The quizzes the lessons run (lesson 2's and lesson 6's).
QUIZZES = {
    "lesson 2": lambda: animate(minimax, FIGURE_5_2, quiz=True),
    "lesson 6": lambda: animate(alphabeta, GameTree.from_nested([[4, 8, 7], [9, 3, 2], [1, 6, 5]]),
                                quiz=True),
}


def words(svg) -> dict:
    """What each group of the SVG says, whitespace aside."""
    return {gid: re.sub(r"\s+", "", text) for gid, text in texts_of(svg).items()}


def slots(svg) -> dict:
    """{group id: how many answer slots it holds} (a slot is a line of one)."""
    found = {}
    for gid, g in groups(parse(svg)).items():
        n = sum(1 for t in g if t.tag == "{http://www.w3.org/2000/svg}text"
                and "mmp-window" in (t.get("class") or ""))
        if n:
            found[gid] = n
    return found


def both_modes(make):
    """``make()`` with lecture mode off, then on."""
    plain = make()
    with lecture_mode():
        lecture = make()
    return plain, lecture


@pytest.mark.parametrize("kind", KINDS)
def test_a_practice_tree_has_the_same_slots_texts_and_key_in_both_modes(kind):
    for level in range(1, len(LEVELS) + 1):
        for seed in range(3):
            plain, lecture = both_modes(lambda: practice_tree(kind, level=level, seed=seed))
            where = f"{kind} level {level} seed {seed}"
            assert set(slots(plain.svg)) == set(slots(lecture.svg)), where
            assert words(plain.svg) == words(lecture.svg), where
            assert plain.key() == lecture.key(), where
            inner = {plain.ids[n] for n in plain.game.nodes if not plain.game.is_terminal(n)}
            for svg in (plain.svg, lecture.svg):
                said = texts_of(svg)
                assert all(said[node] in ("", "?") for node in inner), where  # no value shown
                if kind == "pruning":  # a slot beside every inner node, and no window shown
                    assert set(slots(svg)) == {node + "_w" for node in inner}, where
                    assert not [t for t in said.values() if "α" in t or "β" in t], where
                else:
                    assert not slots(svg), where


@pytest.mark.parametrize("lesson", sorted(QUIZZES))
def test_a_lesson_s_quiz_asks_the_same_and_shows_the_same_in_both_modes(lesson):
    plain, lecture = both_modes(QUIZZES[lesson])
    assert plain.data["quiz"] == lecture.data["quiz"]
    assert plain.data["quiz"], "a quiz with no question proves nothing"
    for k in range(len(plain.frames)):
        assert words(plain.frame_svg(k)) == words(lecture.frame_svg(k)), f"{lesson} frame {k}"
        assert plain.description(k) == lecture.description(k)
    for before, after in zip(plain.data["frames"], lecture.data["frames"]):
        assert before["caption"] == after["caption"]
        assert [(i, re.sub(r"\s+", "", w)) for i, _, _, w in before["n"]] == \
            [(i, re.sub(r"\s+", "", w)) for i, _, _, w in after["n"]]


def test_every_question_s_picture_says_the_same_in_both_modes():
    drawn = 0
    for qid in question_ids():
        q = get_question(qid)
        plain, lecture = both_modes(lambda: q.picture(0))
        if plain is None:
            continue
        args = lambda picture: picture if isinstance(picture, tuple) else (picture,)  # noqa: E731
        first, second = both_modes(lambda: tree_svg(*args(plain)))
        assert first is not None and second is not None, qid
        assert words(first) == words(second), qid
        drawn += 1
    assert drawn >= 20, drawn
