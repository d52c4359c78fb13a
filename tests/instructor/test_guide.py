"""The lecturer's kit: the misconception guide and the lesson notes in docs/teaching/.

The guide is generated from the diagnosis registry, so it must cover every id and match
the file on disk; the notes name notebook sections and question ids, which must exist.
"""

import ast
import json
import re
from pathlib import Path

import pytest

from minimax_lessons import teaching
from minimax_lessons.exercises import variants
from minimax_lessons.exercises.check import get_question, question_ids
from minimax_lessons.exercises.nested import to_game
from minimax_lessons.exercises.question_kinds import ChoiceQuestion
from minimax_lessons.search.adversarial import alphabeta, minimax

#: Building the guide runs the diagnoses of every question (about 20 s): not for test-fast.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "docs" / "teaching"
LESSONS = sorted((ROOT / "notebooks").glob("0*.ipynb"))


# -- the misconception guide ------------------------------------------------------------------
def test_every_diagnosis_in_the_registry_has_teaching_advice():
    assert teaching.missing_advice() == []


def test_advice_names_no_diagnosis_the_registry_lacks():
    assert sorted(set(teaching.ADVICE) - set(variants.DIAGNOSES)) == []


def test_a_diagnosis_without_advice_stops_the_guide_and_is_named(monkeypatch):
    monkeypatch.setitem(variants.DIAGNOSES, "forgets-the-root", "A new mistake.")
    assert teaching.missing_advice() == ["forgets-the-root"]
    with pytest.raises(KeyError, match="forgets-the-root"):
        teaching.guide_markdown()


def test_an_unknown_id_gets_an_error_listing_the_known_ones():
    with pytest.raises(KeyError, match="max-at-every-level"):
        teaching.example("maximises-twice")


def test_the_guide_on_disk_is_what_the_generator_makes():
    on_disk = (ROOT / teaching.GUIDE_PATH).read_text(encoding="utf-8")
    assert on_disk == teaching.guide_markdown(), \
        "docs/teaching/misconceptions.md is stale: run python -m minimax_lessons.instructor.teaching.guide"


def test_the_guide_has_one_entry_per_diagnosis():
    text = teaching.guide_markdown()
    headings = re.findall(r"^### `([a-z-]+)`$", text, flags=re.M)
    assert sorted(headings) == sorted(variants.DIAGNOSES)


def test_every_mistake_has_a_tiny_example_or_says_how_it_shows():
    lacking = [vid for vid in variants.DIAGNOSES
               if teaching.example(vid) is None and not teaching.ADVICE[vid].shows]
    assert lacking == []


@pytest.mark.parametrize("diagnosis", sorted(teaching.TINY))
def test_a_tiny_example_shows_a_difference(diagnosis):
    e = teaching.example(diagnosis)
    assert e.right != e.mistaken


@pytest.mark.parametrize("diagnosis", [d for d, spec in sorted(teaching.TINY.items())
                                       if spec[0] == "minimax"])
def test_a_tiny_examples_right_value_is_the_package_minimax(diagnosis):
    tree, is_max = teaching.TINY[diagnosis][2]
    assert teaching.example(diagnosis).right == minimax(to_game(tree, is_max)).value


def test_the_pruning_examples_right_leaves_are_the_package_alphabetas():
    tree = teaching.TINY["no-pruning"][2][0]
    game = to_game(tree)
    result = alphabeta(game, trace=True)
    evaluated = [s.state for s in result.trace if s.kind == "evaluate"]
    assert teaching.example("no-pruning").right == ", ".join(evaluated)


def test_hand_checked_examples():
    assert (teaching.example("max-at-every-level").right,
            teaching.example("max-at-every-level").mistaken) == (3, 12)
    assert teaching.example("terminal-not-checked").mistaken == "raises TypeError"
    assert teaching.example("no-pruning").mistaken == "B1, B2, C1, C2"


def test_a_question_example_is_what_that_question_diagnoses():
    checked = 0
    for vid in variants.DIAGNOSES:
        e = teaching.example(vid)
        if e is None or not e.source:
            continue
        q = get_question(e.source.split()[0])
        answer = e.mistaken.split(")")[0] if isinstance(q, ChoiceQuestion) else e.mistaken
        assert vid in q.check(answer, 0).diagnosis.split(" or "), vid
        checked += 1
    assert checked >= 10


def test_detectors_name_questions_that_really_give_the_id():
    found = teaching.detectors()
    assert "q3.14" in found["max-at-every-level"]
    assert "p6.4" in found["bound-not-value"]
    assert "q3.3" in found["misses-loop"]
    assert set(found["not-answered"]) == set(question_ids())
    q = get_question("q3.7")  # MIN's children are 7, 2 and 9: 9 is the max everywhere
    assert q.check(9).diagnosis == "max-at-every-level" and "q3.7" in found["max-at-every-level"]


def test_find_the_bug_questions_list_the_bugs_they_plant():
    assert "q3.11" in teaching.planted_in()["signs-swapped"]


def test_detected_questions_are_listed_lesson_by_lesson():
    for qids in teaching.detectors().values():
        assert qids == sorted(qids, key=teaching.lesson_order)


# -- the lesson notes -------------------------------------------------------------------------
def _headings(notebook):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return {line.strip() for c in cells if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines() if line.startswith("#")}


def _note(notebook):
    return NOTES / f"lesson-{notebook.name[:2]}.md"


def _sections(text, title):
    """The text under ``## title`` (up to the next ## heading)."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert match, f"no section '## {title}'"
    return match.group(1)


def test_every_lesson_has_teaching_notes_and_the_readme_links_them():
    readme = (NOTES / "README.md").read_text(encoding="utf-8")
    assert LESSONS
    for notebook in LESSONS:
        assert _note(notebook).exists(), f"{_note(notebook).name} is missing"
        assert f"({_note(notebook).name})" in readme
    assert "(misconceptions.md)" in readme


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.name[:2])
def test_every_section_named_in_the_notes_is_a_heading_of_the_lesson(notebook):
    text = _note(notebook).read_text(encoding="utf-8")
    named = re.findall(r"`(#{1,4} [^`]+)`", text)
    assert named, "the notes name no section"
    missing = sorted(set(named) - _headings(notebook))
    assert missing == [], f"not headings of {notebook.name}: {missing}"


def test_every_question_id_named_in_the_notes_exists():
    known = set(question_ids())
    for note in sorted(NOTES.glob("*.md")):
        if note.name == teaching.GUIDE_PATH.name:
            continue
        named = set(re.findall(r"\b[pq]\d+\.\d+\b", note.read_text(encoding="utf-8")))
        assert sorted(named - known) == [], note.name


def test_every_misconception_named_in_the_notes_exists():
    for note in sorted(NOTES.glob("lesson-*.md")):
        named = re.findall(r"misconceptions\.md#([a-z-]+)", note.read_text(encoding="utf-8"))
        assert sorted(set(named) - set(variants.DIAGNOSES)) == [], note.name


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.name[:2])
def test_each_plan_takes_fifty_minutes(notebook):
    plan = _sections(_note(notebook).read_text(encoding="utf-8"), "Plan (50 minutes)")
    minutes = [int(m) for m in re.findall(r"^\| (\d+) \|", plan, flags=re.M)]
    assert minutes and sum(minutes) == 50


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.name[:2])
def test_each_objective_is_assessed_by_questions_or_in_class(notebook):
    text = _note(notebook).read_text(encoding="utf-8")
    rows = re.findall(r"^\| (?!Students|---)(.+)$", _sections(text, "Learning objectives"),
                      flags=re.M)
    assert rows
    for row in rows:
        assessed_by = [cell.strip() for cell in row.split("|") if cell.strip()][-1]
        assert re.search(r"\b[pq]\d+\.\d+\b", assessed_by) or \
            assessed_by.startswith("in class:"), f"objective without an assessment: {row}"


@pytest.mark.parametrize("notebook", LESSONS[1:], ids=lambda p: p.name[:2])
def test_clicker_questions_are_two_to_four_choice_or_prediction_questions(notebook):
    text = _note(notebook).read_text(encoding="utf-8")
    ids = re.findall(r"^- \*\*([pq]\d+\.\d+)\*\*", _sections(text, "Clicker questions"),
                     flags=re.M)
    assert 2 <= len(ids) <= 4
    for qid in ids:
        assert qid.startswith("p") or isinstance(get_question(qid), ChoiceQuestion), qid


@pytest.mark.parametrize("notebook", LESSONS[1:], ids=lambda p: p.name[:2])
def test_homework_is_the_lessons_own_exercises(notebook):
    text = _note(notebook).read_text(encoding="utf-8")
    ids = re.findall(r"\b[pq]\d+\.\d+\b", _sections(text, "Homework"))
    lesson = int(notebook.name[:2])
    assert ids and all(qid.startswith(f"q{lesson}.") for qid in ids)


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.name[:2])
def test_the_answers_given_for_clicker_questions_are_right(notebook):
    text = _sections(_note(notebook).read_text(encoding="utf-8"), "Clicker questions")
    answers = re.findall(r"^- \*\*([pq]\d+\.\d+)\*\* .*? Answer: `([^`]+)`", text, flags=re.M)
    ids = re.findall(r"^- \*\*([pq]\d+\.\d+)\*\*", text, flags=re.M)
    assert answers and [qid for qid, _ in answers] == ids, "a clicker question without answer"
    for qid, literal in answers:
        feedback = get_question(qid).check(ast.literal_eval(literal), 0)
        assert feedback.passed, f"{qid}: {literal} is not right ({feedback.message})"
