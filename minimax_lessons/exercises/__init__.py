"""Exercises: auto-checked answers that name the mistake, and grading for instructors.

For students, in a notebook::

    from minimax_lessons.exercises import question, check, check_function
    question("q3.1", seed="alice")        # Alice's own tree
    check("q3.1", 7)                      # right, or which mistake gives 7
    check_function("minimax", minimax)    # runs your function on many trees

The pieces, one job each:

- :mod:`.check`: ``check(id, answer)``, ``question(id, seed)``, the registry;
- :mod:`.questions`: the question kinds (value, choice, predict the output, fill in
  the blanks, find the bug, Parsons, which leaves are pruned, the alpha-beta window
  at a node, write the function);
- :mod:`.functions`: ``check_function(kind, fn)`` and its ``FunctionCheck``;
- :mod:`.kinds`: the function kinds, their signatures and test inputs;
- :mod:`.mistakes`: the known mistakes (ids, explanations, what each gives by hand);
- :mod:`.variants`: the known mistakes as buggy code, the way a student writes them;
- :mod:`.harness`: how each kind of function is called on one input, in the worker
  that :mod:`minimax_lessons.runner` starts (not a security sandbox);
- :mod:`.feedback`: HTML and text; :mod:`.nested`: nested-list trees (``estimate``);
- :mod:`.practice`: ``practice(kind)``, seeded trees answered on the picture;
- :mod:`.capstone`: the Connect Four capstone's ``try_bot`` and ``enter_tournament``;
- :mod:`.bank`: the questions of lesson 3 and its graded notebook; :mod:`.lessons`: the
  exercises at the end of lessons 1, 2 and 4-9, and of the graded alpha-beta notebook;
  :mod:`.predictions`: the predictions asked in the body of the lessons;
- :mod:`minimax_lessons.instructor`: student versions of notebooks, and grading.
"""

from .check import add_bank, check, get_question, question, question_ids, register
from .functions import FunctionCheck, check_function
from .nested import estimate
from .questions import (FOREVER, Bug, ChoiceQuestion, Feedback, FillQuestion, FindBugQuestion,
                        FunctionQuestion, ParsonsQuestion, PredictQuestion, PrunedQuestion,
                        Question, ValueQuestion, WindowQuestion, hash_answer, levels_question,
                        seed_of, tree_value_question)
from ..runner.sandbox import warm_up
from .mistakes import DIAGNOSES, explain

__all__ = [
    "check", "question", "check_function", "FunctionCheck", "Feedback", "FOREVER",
    "estimate", "register", "add_bank", "get_question", "question_ids", "warm_up",
    "DIAGNOSES", "explain", "hash_answer", "seed_of",
    "Question", "ValueQuestion", "ChoiceQuestion", "PredictQuestion", "FillQuestion",
    "FindBugQuestion", "ParsonsQuestion", "PrunedQuestion", "FunctionQuestion", "WindowQuestion",
    "Bug",
    "tree_value_question", "levels_question",
]
