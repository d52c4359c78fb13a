"""``check("q3.1", answer)``: the one call a student makes, and the question registry.

In a notebook::

    from minimax_lessons.exercises import question, check
    question("q3.1", seed="alice")     # shows Alice's own tree
    check("q3.1", 5)                   # judges 5 against that same variant

``question(id, seed)`` remembers the seed per question, so ``check`` judges the
variant the student was shown (the seed may also be passed to ``check``).
Seeds are whole numbers or strings (a student's name or id).

Questions live in modules that call :func:`register`; the course's own,
:mod:`minimax_lessons.exercises.banks` (one module per lesson), are loaded on first
use, and :func:`add_bank` adds others (a dotted module name, imported on demand).

Grading
-------
When the environment variable ``MINIMAX_LESSONS_RECORD`` names a file (the
instructor's grader sets it in each notebook's kernel), ``check`` does not
judge: it appends the answer as one JSON line (functions as their source, see
:mod:`~minimax_lessons.runner.shipping`) and says so. The grader then
judges the recorded answers itself, against its key.

The learner's logbook
---------------------
Outside grading, every answer ``check`` judges is also written in the learner's logbook
(:mod:`minimax_lessons.exercises.remember`), which ``progress()`` and ``review()`` read;
answers to graded questions are not.

Graded questions
----------------
The questions of the graded notebooks (made with ``graded=True``, e.g. q3.7 or q6.7;
:data:`GRADED` lists their ids) are not
judged by ``check`` at all, in any notebook: it says the answer is *recorded* and
gives no right or wrong, so looping over candidate answers
(``[a for a in "abc" if check("q3.8", a)]``) learns nothing. Function questions are
the exception: a function is still tested on the public trees (a student cannot
guess a function), and the grader tests it again on hidden ones.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import stat
import time

from . import feedback as F
from ..runner.codec import encode
from .question_kinds import FunctionQuestion, ParsonsQuestion, PredictQuestion
from .remember import note_verdict
from .verdict import Verdict

RECORD_ENV = "MINIMAX_LESSONS_RECORD"
_REGISTRY: dict = {}
_BANKS = ["minimax_lessons.exercises.banks"]
_LOADED: set = set()
_SEEDS: dict = {}


def __getattr__(name):
    """``GRADED``: the ids of the questions the graded notebooks ask (``graded=True``):
    ``check`` records answers to them and never says whether they are right (function
    questions still run their public tests)."""
    if name == "GRADED":
        return frozenset(qid for qid in question_ids() if get_question(qid).graded)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register(*questions, replace=True):
    """Make questions available to :func:`check` and :func:`question` by their ids."""
    for q in questions:
        if not replace and q.id in _REGISTRY:
            raise ValueError(f"a question with id {q.id!r} is already registered")
        _REGISTRY[q.id] = q
    return questions[0] if len(questions) == 1 else questions


def add_bank(module_name: str):
    """Register the questions of another module (imported when first needed)."""
    if module_name not in _BANKS:
        _BANKS.append(module_name)


def _load_banks():
    for name in list(_BANKS):
        if name not in _LOADED:
            _LOADED.add(name)
            importlib.import_module(name)


def get_question(question_id):
    """The registered question with this id (None if there is none)."""
    if question_id not in _REGISTRY:
        _load_banks()
    return _REGISTRY.get(question_id)


def question_ids() -> list:
    """Ids of all registered questions, in registration order."""
    _load_banks()
    return list(_REGISTRY)


class QuestionView:
    """A question as shown to one student: prompt, data (a tree, code) and how to answer."""

    def __init__(self, q, seed):
        self.question = q
        self.seed = seed
        self.data = q.data(seed)

    @property
    def tree(self):
        """The variant's nested tree, when it has one (to compute with in code)."""
        return self.data.get("tree") if isinstance(self.data, dict) else None

    def text(self) -> str:
        q = self.question
        parts = [f"{q.title}: {q.prompt_text(self.seed)}"]
        if self.tree is not None:
            parts.append(f"tree = {self.tree!r}")
        listing = q.listing(self.seed)
        if listing:
            parts.append(listing)
        picture = _picture(q, self.seed)
        if picture is not None:
            parts.append(F.text_tree(*picture))
        parts.append(f'Answer with check("{q.id}", {_placeholder(q)}): {q.answer_hint}.')
        return "\n\n".join(parts)

    def __repr__(self):
        return self.text()

    def _repr_html_(self):
        return self.html()

    def html(self, *, how_to_answer=True) -> str:
        """The question as HTML; ``how_to_answer=False`` leaves out the line that says to
        answer with ``check(...)`` (for a page with an answer box of its own)."""
        q = self.question
        body = F.para(q.prompt_text(self.seed))
        listing = q.listing(self.seed)
        if listing:
            body += F.code(listing)
        picture = _picture(q, self.seed)
        if picture is not None:
            body += F.tree_picture_html(*picture)
        if self.tree is not None:
            body += F.code(f"tree = {self.tree!r}")
        answer = f'Answer with check("{q.id}", {_placeholder(q)}): {q.answer_hint}.'
        if how_to_answer:
            body += F.para(answer)
        # on a slide (notebooks/rise.css) the picture takes the height its words leave
        words = _words_height(q.prompt_text(self.seed), listing,
                              f"tree = {self.tree!r}" if self.tree is not None else None,
                              answer if how_to_answer else None)
        return (f'<div class="mml-question" style="border-left: 4px solid #1565c0; '
                f'padding: 0.3em 0.8em; margin: 0.3em 0; --mm-words: {words}px;">'
                f'<div style="font-weight: bold;">{F.html.escape(q.title)}</div>{body}</div>')


def _words_height(prompt, listing, code, answer) -> int:
    """Pixels a question's words take on a 1024-px slide, with the cell's code above and
    the slide's margins: what its picture leaves of the screen's height (rise.css reads it as
    ``--mm-words``). Prose wraps at about 110 characters (22 px a line), code at 100 (18).

    >>> _words_height("Which move?", None, None, "Answer with check(...).")
    218
    """
    def lines(text, chars):
        return sum(max(1, math.ceil(len(row) / chars)) for row in text.splitlines() or [""])

    height = 140 + 26 + 22 * lines(prompt, 110)  # cell, margins, box; title; prompt
    if listing:
        height += 18 * lines(listing, 100) + 12
    if code:
        height += 18 * lines(code, 100) + 12
    if answer:
        height += 22 * lines(answer, 110) + 8
    return height


def _picture(q, seed):
    """``(tree, notes[, highlight])`` to draw: a question's picture is a tree or such a tuple."""
    picture = q.picture(seed)
    if picture is None:
        return None
    return tuple(picture) if isinstance(picture, tuple) else (picture, None)


def _placeholder(q) -> str:
    return "your_function" if isinstance(q, FunctionQuestion) else "your_answer"


def question(question_id, seed=None) -> QuestionView:
    """Show a question (the variant for ``seed``), and remember the seed for :func:`check`."""
    q = get_question(question_id)
    if q is None:
        raise KeyError(f"no question {question_id!r}; known ids: {', '.join(question_ids())}")
    if seed is not None:
        _SEEDS[question_id] = seed
    if isinstance(q, (FunctionQuestion, PredictQuestion, ParsonsQuestion)) and \
            not os.environ.get(RECORD_ENV):
        from ..runner.sandbox import warm_up

        warm_up()
    return QuestionView(q, _SEEDS.get(question_id, 0))


def check(question_id, answer, *, seed=None) -> Verdict:
    """Judge ``answer`` to a registered question (the variant last shown, unless ``seed``)."""
    seed = _SEEDS.get(question_id, 0) if seed is None else seed
    path = os.environ.get(RECORD_ENV)
    if path:
        return record_answer(path, question_id, seed, answer)
    if answer is Ellipsis:
        return Verdict(str(question_id), False, "not-answered",
                        "Not answered yet: replace ... with your answer.", seed)
    q = get_question(question_id)
    if q is None:
        known = ", ".join(question_ids()[:30])
        return Verdict(str(question_id), False, "unknown-question",
                        f"There is no question {question_id!r}. Known ids: {known}.", seed)
    if q.graded and not isinstance(q, FunctionQuestion):
        return recorded_for_grading(question_id, seed)
    try:
        verdict = q.check(answer, seed)
    except Exception as exc:  # an answer of an unforeseen shape must not raise in class
        return Verdict(str(question_id), False, "bad-answer",
                        f"This answer could not be checked ({type(exc).__name__}: {exc}). "
                        f"Expected {q.answer_hint}.", seed)
    note_verdict(verdict, q)  # the learner's logbook (never in a graded run)
    return verdict


def recorded_for_grading(question_id, seed) -> Verdict:
    """What ``check`` says to a graded question: the same words whatever the answer.

    >>> feedback = recorded_for_grading("q3.8", 0)
    >>> bool(feedback), feedback.recorded
    (False, True)
    """
    return Verdict(str(question_id), False, None,
                    "Recorded. This question is graded: your instructor's grader judges the "
                    "answer later, so it is not checked here.", seed, recorded=True)


def record_answer(path, question_id, seed, answer) -> Verdict:
    """Append one answer to the grading record (a JSON line); never raises."""
    entry = {"question": str(question_id), "seed": seed if isinstance(seed, (int, str)) else 0,
             "time": time.time()}
    note = "Answer recorded for grading."
    try:
        if callable(answer) and not isinstance(answer, type):
            from ..runner.shipping import ShippingError, ship

            try:
                answer = ship(answer)
            except ShippingError as exc:
                note = f"Recorded, but the function could not be read: {exc}"
        entry["answer"] = encode(answer)
        line = json.dumps(entry)
    except Exception as exc:  # an answer that cannot even be encoded is recorded as such
        entry["answer"] = {"$opaque": [type(answer).__name__, f"unrecordable: {exc}"[:200]]}
        line = json.dumps(entry)
    try:
        with open(path, "a", encoding="utf-8") as out:
            out.write(line + "\n")
            out.flush()
            if stat.S_ISREG(os.fstat(out.fileno()).st_mode):  # the grader's is a pipe
                os.fsync(out.fileno())
    except OSError as exc:
        note = f"The answer could not be recorded ({exc})."
    return Verdict(str(question_id), True, None, note, seed, recorded=True)


__all__ = ["check", "question", "register", "add_bank", "get_question", "question_ids",
           "record_answer", "recorded_for_grading", "QuestionView", "RECORD_ENV", "GRADED"]
