"""Issue 31: feedback on hidden tests leaks no hidden input, and a table of answers pooled
from other students (or from one's own earlier submissions) does not pass.

Before, a failed hidden test quoted the exception's text, which the answer chooses
(``raise ValueError(node)``), and every student of a key got the same hidden inputs.
"""

import json
import re

from minimax_lessons.exercises import get_question
from minimax_lessons.exercises.function_kinds import get_kind
from minimax_lessons.exercises.question_kinds import seed_of
from minimax_lessons.instructor.grading.judging import hidden_salt
from minimax_lessons.runner.shipping import from_source

#: q3.14 answered by functions that put their (hidden) input in what feedback quotes: the
#: text of an exception, the value returned, what they print.
RAISER = from_source('''\
def minimax_line(node, is_maximizing):
    import json
    print("INPUT", json.dumps(node))
    raise ValueError("INPUT " + json.dumps(node))
''', "minimax_line")
RETURNER = from_source('''\
def minimax_line(node, is_maximizing):
    import json
    return "INPUT " + json.dumps(node), []
''', "minimax_line")
KEY = {"secret": "a key's secret"}


def hidden_inputs(salt) -> list:
    kind = get_kind("minimax_line")
    return [c.item for c in kind.cases(f"{seed_of('ann')}:{salt}", hidden=True)]


def test_feedback_on_hidden_tests_names_the_exception_and_line_never_its_text():
    salt = hidden_salt(KEY, "ann", "digest of ann's notebook")
    for answer, said in ((RAISER, ("ValueError", "line 4")), (RETURNER, ("a tuple",))):
        verdict = get_question("q3.14").check(answer, "ann", hidden=True, salt=salt)
        assert not verdict.passed and verdict.score == 0
        text = verdict.message + " " + verdict.text()
        assert not re.search(r"INPUT [\[0-9-]", text), text  # the marker, then an input
        assert all(words in text for words in said), text
        for item in hidden_inputs(salt):
            tree = json.dumps(item[0])
            assert len(tree) < 8 or tree not in text, tree


def test_each_student_and_each_submission_gets_hidden_inputs_of_its_own():
    ann, bob = hidden_salt(KEY, "ann", "1"), hidden_salt(KEY, "bob", "1")
    again = hidden_salt(KEY, "ann", "2")
    assert len({ann, bob, again}) == 3 and hidden_salt(KEY, "ann", "1") == ann
    assert hidden_inputs(ann) != hidden_inputs(bob) != hidden_inputs(again)


def test_a_table_of_answers_pooled_from_another_student_does_not_pass():
    """bob learnt every hidden input and answer of his (as feedback that leaked would tell
    him) and hands in the table; ann's submission uses it and fails, bob's passes."""
    kind = get_kind("minimax_line")
    bob = hidden_salt(KEY, "bob", "bob's notebook")
    table = {json.dumps(c.item): kind.expected(c.item).value
             for c in kind.cases(f"{seed_of('bob')}:{bob}", hidden=True)}
    pooled = from_source(
        "def minimax_line(node, is_maximizing):\n"
        "    return TABLE[json.dumps((node, is_maximizing))]\n", "minimax_line")
    pooled = type(pooled)(pooled.name, (("json", "module", "json"),
                                        ("TABLE", "pickle", __import__("pickle").dumps(
                                            {k: v for k, v in table.items()})),
                                        *pooled.parts), pooled.label)
    q = get_question("q3.14")
    assert q.check(pooled, "bob", hidden=True, salt=bob).passed
    ann = hidden_salt(KEY, "ann", "ann's notebook")
    assert q.check(pooled, "ann", hidden=True, salt=ann).score == 0
    assert not re.search(r"\[\[", q.check(pooled, "ann", hidden=True, salt=ann).message)
