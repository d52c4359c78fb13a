"""Exercises: auto-checked answers that name the mistake, and grading for instructors.

For students, in a notebook::

    from minimax_lessons.exercises import question, check, check_function
    question("q3.1", seed="alice")        # Alice's own tree
    check("q3.1", 7)                      # right, or which mistake gives 7
    check_function("minimax", minimax)    # runs your function on many trees

The pieces, one job each:

- :mod:`.check`: ``check(id, answer)``, ``question(id, seed)``, the registry;
- :mod:`.question_kinds`: the question kinds, one module each (value, choice, predict
  the output, fill in the blanks, find the bug, Parsons, which leaves are pruned, the
  alpha-beta window at a node, write the function);
- :mod:`.verdict`: the one ``Verdict`` every check gives (``Feedback`` and
  ``FunctionCheck`` are its old names);
- :mod:`.functions`: ``check_function(kind, fn)``;
- :mod:`.function_kinds`: the function kinds, one module each: their signatures and
  test inputs, and what each does differently (its classes of input, its picture of a
  failing input);
- :mod:`minimax_lessons.mistakes` (below this layer, since animations' quizzes name
  mistakes too; ``.mistakes`` is its old path): the known mistakes (ids, explanations,
  what each gives by hand);
- :mod:`.variants`: the known mistakes as buggy code, the way a student writes them;
- :mod:`.harness`: how each kind of function is called on one input, in the worker
  that :mod:`minimax_lessons.runner` starts (not a security sandbox);
- :mod:`.answers`: how answers are read and compared; :mod:`.feedback`: HTML and text;
  :mod:`.nested`: nested-list trees (``estimate``, ``random_nested``);
- :mod:`.practising`: ``practice(kind)``, seeded trees answered on the picture (its
  parts: levels, one tree, the widget);
- :mod:`.capstone`: the Connect Four capstone's ``try_bot`` and ``enter_tournament``;
- :mod:`.banks`: the questions, one module per lesson (``banks/lesson1.py`` ...): the
  predictions asked in its body, the exercises at its end, and those of its graded
  notebook (lessons 3 and 6); the old paths ``.bank``, ``.lessons`` and
  ``.predictions.lessonN`` still import;
- :mod:`minimax_lessons.instructor`: student versions of notebooks, and grading.
"""

from .check import add_bank, check, get_question, question, question_ids, register
from .functions import FunctionCheck, check_function
from .nested import estimate
from .question_kinds import (FOREVER, Bug, ChoiceQuestion, Feedback, FillQuestion, FindBugQuestion,
                            FunctionQuestion, ParsonsQuestion, PredictQuestion, PrunedQuestion,
                            Question, ValueQuestion, WindowQuestion, hash_answer,
                            levels_question, seed_of, tree_value_question)
from ..runner.sandbox import warm_up
from ..mistakes import DIAGNOSES, explain

__all__ = [
    "check", "question", "check_function", "FunctionCheck", "Feedback", "FOREVER",
    "estimate", "register", "add_bank", "get_question", "question_ids", "warm_up",
    "DIAGNOSES", "explain", "hash_answer", "seed_of",
    "Question", "ValueQuestion", "ChoiceQuestion", "PredictQuestion", "FillQuestion",
    "FindBugQuestion", "ParsonsQuestion", "PrunedQuestion", "FunctionQuestion", "WindowQuestion",
    "Bug",
    "tree_value_question", "levels_question",
]
