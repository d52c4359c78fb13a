"""Self-check questions: each kind, its seeded variants, and how answers are judged; one
module per kind (``value``, ``choice``, ``predict``, ``fill``, ``find_bug``, ``parsons``,
``pruned``, ``window``, ``function``) and what all share in :mod:`.question`.

Vocabulary
----------
- A *question* has an id (``"q3.1"``), a prompt, and a kind. Its data (a tree,
  a snippet of code, shuffled lines) comes from ``make(rng)``, so each
  ``seed`` gives a *variant*: ``question.data(seed)``. The same seed always
  gives the same variant, on any machine.
- ``question.check(answer, seed)`` returns a
  :class:`~minimax_lessons.exercises.verdict.Verdict` (``Feedback`` is its old
  name): ``passed``, a ``diagnosis`` id (see :mod:`~minimax_lessons.mistakes`)
  and a ``message``. Where possible the right answer is *recomputed* from the
  variant with the package's own searches; fixed answers (a multiple-choice
  letter) are stored only as a salted hash (:func:`hash_answer`). So a student
  notebook never holds an answer in plain text. (A hash of one of four letters
  is a deterrent against glancing, not a secret.)

The kinds
---------
========================  ====================================  ==========================
class                     the student answers                   diagnoses
========================  ====================================  ==========================
:class:`ValueQuestion`    a number (a node's value, a move)     the known mistake that
                                                                gives that number
:class:`ChoiceQuestion`   a letter (or the option's text)       per wrong option
:class:`PredictQuestion`  a value, an exception (``TypeError``  expects-error,
                          or ``"TypeError"``), or ``FOREVER``   misses-error, wrong-error,
                          ("runs forever")                      misses-loop, expects-loop
:class:`FillQuestion`     a list of words ("max"/"min"), one    max-at-every-level,
                          per blank                             players-swapped,
                                                                assumes-alternation
:class:`FindBugQuestion`  ``(line number, bug id)``             wrong-line, wrong-bug-kind
:class:`ParsonsQuestion`  the lines' labels in order            misplaced-line (named),
                                                                distractor-used,
                                                                missing-line
:class:`PrunedQuestion`   a set of node names                   prune-strict, no-pruning,
                                                                pruned-too-many ("C3 is
                                                                needed"), pruned-too-few
:class:`WindowQuestion`   ``(alpha, beta)`` when alpha-beta     alpha-beta-swapped,
                          enters a node                         window-reset, window-after
:class:`FunctionQuestion` a function                            as ``check_function``
========================  ====================================  ==========================

Writing a question::

    from minimax_lessons.exercises import register, tree_value_question
    register(tree_value_question("q2.3", "What is the minimax value of the root?",
                                 depth=2, branching=3))

>>> q = tree_value_question("demo.1", "What does MIN return?", tree=[7, 2, 9], root="min")
>>> q.check(2).passed, q.check(9).diagnosis
(True, 'max-at-every-level')
"""

from __future__ import annotations

from .choice import ChoiceQuestion
from .fill import FillQuestion, levels_question
from .find_bug import Bug, FindBugQuestion
from .function import FunctionQuestion
from .parsons import ParsonsQuestion
from .predict import FOREVER, PredictQuestion, run_snippet
from .pruned import PrunedQuestion
from .question import Feedback, Question, hash_answer, seed_of
from .value import ValueQuestion, tree_value_question
from .window import WindowQuestion

__all__ = ["Question", "Feedback", "ValueQuestion", "ChoiceQuestion", "PredictQuestion",
           "FillQuestion", "FindBugQuestion", "ParsonsQuestion", "PrunedQuestion",
           "FunctionQuestion", "WindowQuestion", "Bug", "tree_value_question", "levels_question",
           "hash_answer", "seed_of", "run_snippet", "FOREVER"]
