"""Self-check questions: each kind, its seeded variants, and how answers are judged.

Vocabulary
----------
- A *question* has an id (``"q3.1"``), a prompt, and a kind. Its data (a tree,
  a snippet of code, shuffled lines) comes from ``make(rng)``, so each
  ``seed`` gives a *variant*: ``question.data(seed)``. The same seed always
  gives the same variant, on any machine.
- ``question.check(answer, seed)`` returns a
  :class:`~minimax_lessons.exercises.verdict.Verdict` (``Feedback`` is its old name
  here): ``passed``, a ``diagnosis`` id (see :mod:`~minimax_lessons.mistakes`)
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

import ast
import hashlib
import json
import math
import random
import re
import string
import textwrap
from dataclasses import dataclass, replace

from ..search.adversarial import alphabeta, minimax
from ..games.tree import GameTree
from . import feedback as F
from ..runner.codec import Opaque, encode, exception_name
from .answers import as_number, canonical, is_number, same_answer, same_number
from ..mistakes import (DIAGNOSES, GENERIC, WINDOW_WRONG, explain, hand_move_mistakes,
                        hand_value_mistakes, named_mistakes)
from .nested import random_nested, to_game
from ..runner.shipping import from_source
from .variants import skipped_leaves
from .verdict import Verdict
from ..words import counted

#: The answer "it runs forever" for predict-the-output questions.
FOREVER = "runs forever"
_FOREVER_WORDS = {"runs forever", "forever", "infinite loop", "loops forever", "never ends",
                  "never stops", "endless loop", "runs forever loop", "hangs", "infinite",
                  "does not stop", "doesn't stop", "does not end", "doesn't end", "loops"}


#: The verdict on an answer, by its old name here (:class:`~.verdict.Verdict`).
Feedback = Verdict


def _said(diagnosis) -> str:
    """The explanation of a diagnosis, worded for an answer given by hand (not a function)."""
    return explain(diagnosis, hand=True)


def hash_answer(question_id: str, answer) -> str:
    """The salted hash under which a fixed answer is stored (salt: the question id).

    >>> hash_answer("q1.1", "b") == hash_answer("q1.1", " B ")
    True
    """
    text = json.dumps(encode(canonical(answer)), sort_keys=True)
    return hashlib.sha256(f"minimax-lessons|{question_id}|{text}".encode()).hexdigest()[:24]


def seed_of(seed) -> int:
    """An integer seed from an int or a string (a student's name or id).

    >>> seed_of("alice") == seed_of("alice"), seed_of(7)
    (True, 7)
    """
    if seed is None:
        return 0
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed is a whole number or a string, not {seed!r}")
    if isinstance(seed, int):
        return seed
    return int(hashlib.sha256(seed.encode()).hexdigest()[:12], 16)


class Question:
    """Base class: an id, a prompt, points, and seeded data from ``make(rng)``.

    ``graded=True`` for a question of a graded notebook: ``check`` records its answer and
    never says whether it is right (see :mod:`~minimax_lessons.exercises.check`).
    """

    kind = ""
    answer_hint = "an answer"

    def __init__(self, id, prompt, *, make=None, data=None, points=1, title=None,
                 graded=False):
        if not isinstance(id, str) or not id:
            raise ValueError(f"a question id is a non-empty string, not {id!r}")
        self.id = id
        self.prompt = prompt
        self.points = points
        self.title = title or id
        self.graded = graded
        self._make = make
        self._fixed = data
        self._cache = {}
        self._worked_out = {}

    def data(self, seed=0):
        """The variant's data for ``seed`` (the same seed, the same data)."""
        seed = seed_of(seed)
        if seed not in self._cache:
            if self._make is None:
                self._cache[seed] = self._fixed
            else:
                self._cache[seed] = self._make(random.Random(f"{self.id}:{seed}"))
        return self._cache[seed]

    def _for_variant(self, work, seed):
        """``work(self.data(seed))``, worked out once per seed: each answer to a variant is
        checked against the same right answer and mistakes (the teaching guide tries
        hundreds of answers on each question)."""
        key = (work, seed_of(seed))
        if key not in self._worked_out:
            self._worked_out[key] = work(self.data(seed))
        return self._worked_out[key]

    @property
    def seeded(self) -> bool:
        """Whether seeds give variants of their own (the data of seeds 0 and 1 differ)."""
        if self._make is None:
            return False
        try:
            return bool(self.data(0) != self.data(1))
        except Exception:  # data that cannot be compared: take each seed to differ
            return True

    def prompt_text(self, seed=0) -> str:
        data = self.data(seed)
        if callable(self.prompt):
            return self.prompt(data)
        if isinstance(data, dict):
            try:
                return self.prompt.format(**data)
            except (KeyError, IndexError, ValueError):
                return self.prompt
        return self.prompt

    def picture(self, seed=0):
        """A GameTree to draw beside the prompt, or ``(tree, notes[, highlight])`` (or None)."""
        return None

    def listing(self, seed=0) -> str | None:
        """Code or lines shown with the prompt (None when there are none)."""
        return None

    def check(self, answer, seed=0, **options) -> Verdict:
        raise NotImplementedError

    def _feedback(self, passed, diagnosis, message, seed, **extra) -> Verdict:
        """The verdict (``diagnoses=`` when several mistakes give the answer)."""
        return Verdict(self.id, passed, diagnosis, message, seed, **extra)

    def _bad(self, seed, why) -> Verdict:
        return self._feedback(False, "bad-answer", f"{why} Expected {self.answer_hint}.", seed)


# -- value and choice ---------------------------------------------------------------------
class ValueQuestion(Question):
    """A number; ``solve(data)`` gives it, ``mistakes(data)`` gives ``[(id, wrong value)]``.

    ``solve`` may return a set of numbers (any of them is right, e.g. equally
    good moves). ``tree(data)`` gives the picture: a GameTree, or a pair
    ``(tree, notes)`` with short texts beside nodes (estimates, probabilities);
    ``listing(data)`` text shown with the prompt (a board); ``hint`` says what
    to answer ("a square number, 0-8"). ``asked(data)`` names the node whose value is
    asked (default: ``data["node"]`` if there is one): a wrong answer is then written
    beside the right one on the picture; ``ask_move=True`` when the answer is a move
    (the index of a child of the root), drawn at that child.
    """

    kind = "value"
    answer_hint = "a number"

    def __init__(self, id, prompt, *, solve, mistakes=None, tree=None, listing=None, hint=None,
                 asked=None, ask_move=False, tolerance=None, discriminate=True, **kw):
        if discriminate and kw.get("make") is not None and mistakes is not None:
            kw["make"] = _discriminating(kw["make"], self._collides)
        super().__init__(id, prompt, **kw)
        self.tolerance = tolerance  # answers this close count (a number worked out by hand)
        self._asked = asked
        self.ask_move = ask_move
        self._solve = solve
        self._mistakes = mistakes
        self._tree = tree
        self._listing = listing
        if hint is not None:
            self.answer_hint = hint

    def picture(self, seed=0):
        return self._tree(self.data(seed)) if self._tree else None

    def listing(self, seed=0):
        return self._listing(self.data(seed)) if self._listing else None

    def _collides(self, data) -> bool:
        """Does a known mistake give a right answer on ``data`` (so it would pass unseen)?"""
        right = self._solve(data)
        rights = right if isinstance(right, (set, frozenset)) else [right]
        return any(value is not None and self._close(value, r)
                   for _, value in self._mistakes(data) for r in rights)

    def _close(self, a, b) -> bool:
        if self.tolerance is None or not is_number(b):
            return same_number(a, b)
        return abs(a - b) <= self.tolerance

    def check(self, answer, seed=0, **options):
        number = as_number(answer)
        if number is None:
            return self._bad(seed, f"{F.show(answer)} is not a number.")
        data = self.data(seed)
        right = self._for_variant(self._solve, seed)
        rights = sorted(right) if isinstance(right, (set, frozenset)) else [right]
        if any(self._close(number, r) for r in rights):
            return self._feedback(True, None, f"Right: {F.show(number)}.", seed)
        mistakes = self._for_variant(self._mistakes, seed) if self._mistakes else []
        named = named_mistakes((vid, value is not None and self._close(number, value))
                               for vid, value in mistakes)
        said = f"Your answer {F.show(number)} is not right."
        drawn = self._answer_picture(data, number, rights)
        if len(named) == 1:
            return self._feedback(False, named[0], f"{said} {_said(named[0])}", seed, **drawn)
        if named:
            return self._feedback(False, named[0], f"{said} {_count_word(len(named))} different "
                                  f"mistakes give it. {_said(' or '.join(named))}", seed,
                                  diagnoses=tuple(named), **drawn)
        return self._feedback(False, "wrong", said, seed, **drawn)

    def _answer_picture(self, data, number, rights) -> dict:
        """``{"picture": (tree, notes, highlight)}``: the answer beside the right one at
        the asked node (or at the chosen child, for a move); {} when there is no node."""
        shown = self._tree(data) if self._tree else None
        if shown is None:
            return {}
        game, notes, highlight = (shown, {}, set()) if not isinstance(shown, tuple) else (
            shown[0], dict(shown[1]), set(shown[2]) if len(shown) > 2 else set())
        if self.ask_move:
            kids = game.children(game.root)
            for r in rights:
                notes[kids[r]] = "best move"
            if isinstance(number, int) and 0 <= number < len(kids):
                notes[kids[number]] = "your move"
                highlight = {kids[number]}
            return {"picture": (game, notes, highlight)}
        node = self._asked(data) if self._asked else (
            data.get("node") if isinstance(data, dict) else None)
        if node is None or node not in game:
            return {}
        right = " or ".join(F.show(r) for r in rights)
        notes[node] = f"right {right} / you {F.show(number)}"
        return {"picture": (game, notes, highlight | {node})}


def _discriminating(make, collides, tries=500):
    """``make``, drawing again (from the same seeded generator) while a known mistake would
    give a right answer: every seed's variant tells each mistake from the answer."""
    def draw(rng):
        for _ in range(tries):
            data = make(rng)
            if not collides(data):
                return data
        raise RuntimeError(f"no variant in {tries} draws where every known mistake gives a "
                           "wrong answer")
    return draw


def tree_value_question(id, prompt, *, tree=None, root="max", depth=2, branching=3,
                        ask="value", low=-9, high=15, drawn=None, **kw) -> ValueQuestion:
    """A question on a nested tree (fixed, or drawn from the seed): its value or best move.

    Wrong numbers are matched against the known mistakes on the same tree; a tree drawn
    from the seed is drawn again until no mistake gives its right answer. ``drawn`` is the
    fixed tree as a GameTree with the names the lesson gives its nodes (a subtree keeps
    them: B over B1, B2, B3), for the question's picture and a wrong answer's diagnosis.
    """
    def make(rng):
        nested = tree if tree is not None else random_nested(
            rng, branching=branching, depth=depth, low=low, high=high)
        return {"tree": nested, "is_max": root == "max", "root": root.upper()}

    if ask == "value":
        solve = lambda d: minimax(to_game(d["tree"], d["is_max"])).value  # noqa: E731

        def mistakes(d):
            return hand_value_mistakes(d["tree"], d["is_max"])
    elif ask == "move":
        def solve(d):
            values = [minimax(to_game(child, not d["is_max"])).value for child in d["tree"]]
            best = max(values) if d["is_max"] else min(values)
            return frozenset(i for i, v in enumerate(values) if v == best)

        def mistakes(d):
            return hand_move_mistakes(d["tree"], d["is_max"])
    else:
        raise ValueError(f"ask must be 'value' or 'move', not {ask!r}")
    if drawn is not None and (tree is None or drawn.to_nested() != tree):
        raise ValueError(f"question {id}: drawn= must be the fixed tree {tree!r} with names")

    def game(d):
        return drawn if drawn is not None else to_game(d["tree"], d["is_max"])

    return ValueQuestion(id, prompt, make=make, solve=solve, mistakes=mistakes,
                         tree=game, asked=lambda d: game(d).root,
                         ask_move=ask == "move", discriminate=tree is None, **kw)


def _count_word(n) -> str:
    return {2: "Two", 3: "Three", 4: "Four"}.get(n, str(n))


class ChoiceQuestion(Question):
    """One of the options, answered by letter (``"b"``) or by the option's text.

    The right option is given by ``answer_hash`` (see :func:`hash_answer`; the
    hash of the letter), by ``answer`` (plain: for instructor-side keys only),
    or computed by ``solve(data)`` for seeded variants. ``mistakes`` maps
    wrong letters (or their hashes) to a diagnosis id or to a sentence for students;
    for seeded variants it may be ``mistakes(data)`` returning that mapping.
    ``options`` may be ``options(data)`` too; ``tree(data)`` gives a picture as
    for :class:`ValueQuestion`.
    """

    kind = "choice"

    def __init__(self, id, prompt, options, *, answer=None, answer_hash=None, solve=None,
                 mistakes=None, tree=None, **kw):
        super().__init__(id, prompt, **kw)
        self._tree = tree
        if sum(x is not None for x in (answer, answer_hash, solve)) != 1:
            raise ValueError(f"question {id}: give exactly one of answer=, answer_hash=, solve=")
        self.options = options
        self._hash = answer_hash or (hash_answer(id, answer) if answer is not None else None)
        self._solve = solve
        self._mistakes_of = mistakes if callable(mistakes) else None
        self._mistakes = {} if callable(mistakes) else self._hashed(mistakes or {})

    def _hashed(self, mistakes):
        return {(k if _is_hash(k) else hash_answer(self.id, k)): v for k, v in mistakes.items()}

    @property
    def answer_hint(self):
        return "one of the letters " + ", ".join(string.ascii_lowercase[:len(self._options())])

    def _options(self, seed=0):
        return list(self._for_variant(self.options, seed) if callable(self.options)
                    else self.options)

    def picture(self, seed=0):
        return self._tree(self.data(seed)) if self._tree else None

    def listing(self, seed=0):
        return "\n".join(f"{letter}) {text}" for letter, text in
                         zip(string.ascii_lowercase, self._options(seed)))

    def check(self, answer, seed=0, **options):
        letters = string.ascii_lowercase[:len(self._options(seed))]
        letter = _as_letter(answer, self._options(seed), letters)
        if letter is None:
            return self._bad(seed, f"{F.show(answer)} is not one of the options.")
        right = (hash_answer(self.id, self._for_variant(self._solve, seed)) if self._solve
                 else self._hash)
        if hash_answer(self.id, letter) == right:
            return self._feedback(True, None, f"Right: {letter}.", seed)
        mistakes = (self._hashed(self._for_variant(self._mistakes_of, seed))
                    if self._mistakes_of else self._mistakes)
        note = mistakes.get(hash_answer(self.id, letter))
        if note in DIAGNOSES:
            return self._feedback(False, note, f"{letter} is not right. {_said(note)}", seed)
        return self._feedback(False, "wrong", f"{letter} is not right." + (
            f" {note}" if note else ""), seed)


def _is_hash(key) -> bool:
    return isinstance(key, str) and len(key) == 24 and all(c in string.hexdigits for c in key)


def _as_letter(answer, options, letters):
    if isinstance(answer, str):
        text = answer.strip().rstrip(")").strip().lower()
        if len(text) == 1 and text in letters:
            return text
        for letter, option in zip(letters, options):
            if answer.strip().lower() == str(option).strip().lower():
                return letter
    if isinstance(answer, int) and not isinstance(answer, bool):
        for letter, option in zip(letters, options):
            if option == answer or str(option) == str(answer):
                return letter
    return None


# -- predict the output ---------------------------------------------------------------------
class PredictQuestion(Question):
    """What does this code give: a value, an error, or does it run forever?

    The snippet's last line is an expression; its value is the output. The
    right answer is found by running the snippet in the sandbox (a snippet
    still running after ``time_limit`` seconds "runs forever").
    """

    kind = "predict"
    answer_hint = 'a value, an exception such as TypeError, or FOREVER ("runs forever")'

    def __init__(self, id, prompt, code=None, *, make=None, mistakes=None, time_limit=1.0,
                 **kw):
        if make is None and code is None:
            raise ValueError(f"question {id}: give code= or make=")
        super().__init__(id, prompt, make=make, data={"code": code} if code else None, **kw)
        self._mistakes = mistakes or {}
        self.time_limit = time_limit
        self._outcomes = {}

    def listing(self, seed=0):
        return self.data(seed)["code"]

    def outcome(self, seed=0):
        """("value", v) | ("raises", name) | ("forever", None): what the snippet does."""
        key = seed_of(seed)
        if key not in self._outcomes:
            self._outcomes[key] = run_snippet(self.data(seed)["code"], self.time_limit)
        return self._outcomes[key]

    def check(self, answer, seed=0, **options):
        said = _prediction(answer)
        what, value = self.outcome(seed)
        if said[0] == what and (what == "forever" or _same_prediction(said[1], value)):
            return self._feedback(True, None, "Right.", seed)
        if what == "raises" and value == "RecursionError" and said[0] == "forever":
            return self._feedback(False, "expects-loop", "Close: it would recurse forever, "
                                  "but Python stops endless recursion with an error. Which one?",
                                  seed)
        diagnosis = {("value", "raises"): "expects-error", ("value", "forever"): "expects-loop",
                     ("raises", "value"): "misses-error", ("raises", "raises"): "wrong-error",
                     ("raises", "forever"): "expects-loop", ("forever", "value"): "misses-loop",
                     ("forever", "raises"): "misses-loop"}.get((what, said[0]), "wrong")
        if diagnosis == "wrong":
            for wrong, vid in self._mistakes.items():
                if _same_prediction(said[1], wrong):
                    diagnosis = vid
                    break
        return self._feedback(False, diagnosis, _said(diagnosis), seed)


def _prediction(answer):
    if isinstance(answer, str) and _words(answer) in _FOREVER_WORDS:
        return ("forever", None)
    name = exception_name(answer)
    if name is not None:
        return ("raises", name)
    return ("value", answer)


def _words(text):
    return " ".join(re.sub(r"[^a-z' ]", " ", text.lower()).split())


def _same_prediction(said, value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = as_number(said)
        return number is not None and same_number(number, value)
    if isinstance(said, str) and isinstance(value, str):
        return said.strip().strip("'\"") == value.strip()
    if isinstance(value, Opaque):
        return isinstance(said, str) and said.strip() == value.repr
    return said == value and type(said) is type(value) or (
        isinstance(said, (list, tuple)) and isinstance(value, (list, tuple))
        and list(said) == list(value))


def run_snippet(code: str, time_limit: float = 1.0):
    """Run a snippet in the sandbox: ("value", v), ("raises", name) or ("forever", None)."""
    from .harness import call_args
    from ..runner.sandbox import default_sandbox

    tree = ast.parse(code)
    body = tree.body or [ast.Pass()]
    if isinstance(body[-1], ast.Expr):
        body[-1] = ast.Return(body[-1].value)
    func = ast.FunctionDef(name="snippet", args=ast.arguments(
        posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=body, decorator_list=[], returns=None, type_params=[])
    source = ast.unparse(ast.fix_missing_locations(ast.Module([func], [])))
    run = default_sandbox().run(from_source(source, "snippet", "the snippet"), [()],
                                harness=f"{call_args.__module__}:call_args",
                                time_limit=time_limit)
    if run.setup_error is not None:
        return ("raises", run.setup_error.type)
    outcome = run.outcomes[0]
    if outcome.status == "timeout":
        return ("forever", None)
    if outcome.status == "raised":
        return ("raises", outcome.error.type)
    if outcome.status != "ok":
        raise RuntimeError(f"the snippet could not be run: {outcome}")
    return ("value", outcome.value)


# -- fill in the blanks ---------------------------------------------------------------------
class FillQuestion(Question):
    """Words for the blanks, in order (``["max", "min"]``); ``make`` returns the blanks.

    ``make(rng)`` returns a dict with ``"blanks"`` (the right words) and what
    the prompt shows (``"code"`` with ``____`` marks, or ``"levels"`` text).
    Answers may be strings or the built-ins ``max`` and ``min`` themselves.
    """

    kind = "fill"

    def __init__(self, id, prompt, *, make=None, data=None, choices=("max", "min"), **kw):
        super().__init__(id, prompt, make=make, data=data, **kw)
        self.choices = choices

    @property
    def answer_hint(self):
        return "a list with one of " + " / ".join(self.choices) + " per blank"

    def listing(self, seed=0):
        data = self.data(seed)
        return data.get("code") or data.get("levels")

    def check(self, answer, seed=0, **options):
        blanks = self.data(seed)["blanks"]
        words = _as_words(answer, len(blanks))
        if words is None or any(w not in self.choices for w in words):
            return self._bad(seed, f"{F.show(answer)} does not fill {len(blanks)} blank(s).")
        if words == list(blanks):
            return self._feedback(True, None, "Right.", seed)
        first = next(i for i, (w, b) in enumerate(zip(words, blanks)) if w != b)
        diagnosis = "wrong"
        if set(blanks) <= {"max", "min"}:
            alternating = all(words[i] != words[i + 1] for i in range(len(words) - 1))
            if all(w == "max" for w in words):
                diagnosis = "max-at-every-level"
            elif all(w == "min" for w in words):
                diagnosis = "min-at-every-level"
            elif all(w != b for w, b in zip(words, blanks)):
                diagnosis = "players-swapped"
            elif alternating and len(words) > 2:
                diagnosis = "assumes-alternation"
        return self._feedback(False, diagnosis,
                              f"Blank {first + 1} is wrong." + (f" {_said(diagnosis)}"
                                                                if diagnosis != "wrong" else ""),
                              seed)


def _as_words(answer, count):
    if isinstance(answer, (str,)) or callable(answer):
        answer = [answer]
    if not isinstance(answer, (list, tuple)) or len(answer) != count:
        return None
    out = []
    for a in answer:
        if a is max or a is min:
            out.append(a.__name__)
        elif isinstance(a, str):
            out.append({"\u25b2": "max", "\u25bc": "min"}.get(a.strip(), a.strip().lower()))
        else:
            return None
    return out


def levels_question(id, prompt, *, tree=None, spec=None, depth=3, branching=2, **kw):
    """Fill in who moves at each level of a tree whose node values are all shown.

    ``tree`` (nested lists, MAX at the root), ``spec`` (a GameTree.from_dict
    spec, e.g. with two MIN levels in a row) or a random tree from the seed.
    """
    def make(rng):
        if spec is not None:
            game = GameTree.from_dict(spec)
        else:
            nested = tree if tree is not None else random_nested(
                rng, branching=branching, depth=depth, distinct=True)
            game = to_game(nested)
        values = minimax(game, trace=True)
        by_level = {}
        for name in game.nodes:
            node = game.node(name)
            by_level.setdefault(node.depth, []).append(name)
        value_of = {}
        for step in values.trace:
            if step.kind in ("return", "evaluate"):
                value_of[step.state] = step.value
        inner = [lvl for lvl in sorted(by_level) if not all(game.node(n).is_leaf
                                                            for n in by_level[lvl])]
        blanks = [game.node(by_level[lvl][0]).player for lvl in inner]
        lines = [f"level {lvl}: " + ", ".join(f"{n} = {F.show(value_of.get(n))}"
                                              for n in by_level[lvl]) for lvl in sorted(by_level)]
        return {"blanks": blanks, "levels": "\n".join(lines)}

    return FillQuestion(id, prompt, make=make, **kw)


# -- find the bug ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Bug:
    """A bug to plant: on ``line`` (1-based) of the correct code, write ``text`` instead."""

    diagnosis: str
    line: int
    text: str


class FindBugQuestion(Question):
    """Which line holds the bug, and which kind of bug is it: ``(line, "bug-id")``.

    ``code`` is a correct function; each seed plants one of ``bugs`` in it.
    With ``ask_kind=False`` the answer is just the line number.
    """

    kind = "find-bug"

    def __init__(self, id, prompt, code, bugs, *, ask_kind=True, **kw):
        lines = code.strip("\n").splitlines()
        for bug in bugs:
            if not 1 <= bug.line <= len(lines):
                raise ValueError(f"question {id}: bug line {bug.line} is outside the code")
        super().__init__(id, prompt, make=lambda rng: self._plant(rng), **kw)
        self._lines = lines
        self.bugs = list(bugs)
        self.ask_kind = ask_kind
        self.bug_ids = sorted({b.diagnosis for b in bugs})

    @property
    def answer_hint(self):
        return ("(line number, bug id) with the bug id one of " + ", ".join(self.bug_ids)
                if self.ask_kind else "a line number")

    def _plant(self, rng):
        bug = rng.choice(self.bugs)
        lines = list(self._lines)
        indent = lines[bug.line - 1][:len(lines[bug.line - 1]) - len(lines[bug.line - 1].lstrip())]
        lines[bug.line - 1] = indent + bug.text.strip()
        return {"code": "\n".join(lines), "line": bug.line, "bug": bug.diagnosis}

    def listing(self, seed=0):
        lines = self.data(seed)["code"].splitlines()
        return "\n".join(f"{i:>2}  {line}" for i, line in enumerate(lines, 1))

    def code(self, seed=0) -> str:
        """The buggy code of this variant (to run it)."""
        return self.data(seed)["code"]

    def check(self, answer, seed=0, **options):
        data = self.data(seed)
        if self.ask_kind:
            if isinstance(answer, dict):
                answer = (answer.get("line"), answer.get("bug") or answer.get("kind"))
            if not isinstance(answer, (tuple, list)) or len(answer) != 2:
                return self._bad(seed, f"{F.show(answer)} is not a pair.")
            line, bug = answer
        else:
            line, bug = answer, data["bug"]
        if isinstance(line, bool) or not isinstance(line, int):
            return self._bad(seed, f"{F.show(line)} is not a line number.")
        bug = str(bug).strip().lower().replace(" ", "-").replace("_", "-")
        if self.ask_kind and bug not in self.bug_ids:
            return self._bad(seed, f"{bug!r} is not one of the bug ids.")
        right_line, right_bug = line == data["line"], bug == data["bug"]
        if right_line and right_bug:
            return self._feedback(True, None, f"Right: line {line}, {bug}.", seed)
        if right_line:
            return self._feedback(False, "wrong-bug-kind", _said("wrong-bug-kind"), seed)
        if right_bug and self.ask_kind:
            return self._feedback(False, "wrong-line", _said("wrong-line"), seed)
        return self._feedback(False, "wrong", f"Line {line} is correct as it is.", seed)


# -- Parsons problems -----------------------------------------------------------------------
class ParsonsQuestion(Question):
    """Put the given lines in order. Answer: the labels (1, 2, ...) in order, or the lines.

    ``lines`` is the solution in order (with indentation); ``distractors``
    are lines that do not belong; ``alternatives`` are other correct orders
    (lists of line texts). With ``function_kind`` (and ``function_name``) any
    order whose code passes ``check_function`` is also accepted. With ``diagnose=True``
    every other order is run too, and named by what it does: Python refuses it, it uses
    a name before setting it, or it makes a known mistake of its kind. ``given`` is code
    run before the lines (a function they call), never shown as a line.
    """

    kind = "parsons"
    answer_hint = "a list of line labels (the numbers shown) in order"

    def __init__(self, id, prompt, lines, *, distractors=(), alternatives=(),
                 function_kind=None, function_name=None, diagnose=False, given="",
                 **kw):
        self.lines = [line.rstrip() for line in lines]
        self.distractors = [line.rstrip() for line in distractors]
        self.alternatives = [[line.rstrip() for line in alt] for alt in alternatives]
        self.function_kind = function_kind
        self.function_name = function_name
        self.diagnose = diagnose  # run every wrong order and name what it does
        self.given = given
        super().__init__(id, prompt, make=self._shuffle, **kw)

    def _shuffle(self, rng):
        shown = self.lines + self.distractors
        order = list(range(len(shown)))
        while True:
            rng.shuffle(order)
            if order[:len(self.lines)] != list(range(len(self.lines))) or len(shown) < 2:
                break
        return {"shown": [shown[i] for i in order]}

    def listing(self, seed=0):
        return "\n".join(f"{i:>2}: {line}" for i, line in enumerate(self.data(seed)["shown"], 1))

    def check(self, answer, seed=0, **options):
        shown = self.data(seed)["shown"]
        chosen = _as_lines(answer, shown, prefer=self.lines)
        if chosen is None:
            return self._bad(seed, f"{F.show(answer)} does not name the lines shown.")
        used_distractor = [line for line in chosen if line in self.distractors]
        solutions = [self.lines] + self.alternatives
        if chosen in solutions:
            return self._feedback(True, None, "Right.", seed)
        if self.diagnose and self.function_kind:
            found = self._run_order(chosen, shown, used_distractor, seed)
            if found is not None:
                return found
        if self.function_kind and not used_distractor:
            from .functions import check_function

            result = check_function(self.function_kind,
                                    from_source("\n".join(chosen) + "\n", self.function_name),
                                    seed=seed)
            if result.passed:
                return self._feedback(True, None, "Right: your order works too.", seed)
        if used_distractor:
            return self._feedback(False, "distractor-used",
                                  f"Line {_label(shown, used_distractor[0])} "
                                  f"({used_distractor[0].strip()}) does not belong in the "
                                  "solution.", seed)
        best = max(solutions, key=lambda s: _common_prefix(chosen, s))
        k = _common_prefix(chosen, best)
        missing = [line for line in best if line not in chosen]
        if k == len(chosen) < len(best):
            missing_at_end = len(best) - k
            return self._feedback(False, "missing-line", f"Right so far, but "
                                  f"{counted(missing_at_end, 'line')} "
                                  f"{'is' if missing_at_end == 1 else 'are'} missing at the end.",
                                  seed)
        if k == len(best):
            return self._feedback(False, "misplaced-line", f"The first {k} lines are right, "
                                  "but then there are extra lines.", seed)
        line = chosen[k]
        right = "The first line is right" if k == 1 else f"The first {k} lines are right"
        where = (f"{right}; line {_label(shown, line)} ({line.strip()}) is out of place."
                 if k else f"Line {_label(shown, line)} ({line.strip()}) is out of place.")
        if missing:
            return self._feedback(False, "missing-line", f"{where} Also, "
                                  f"{counted(len(missing), 'line')} of the solution "
                                  f"{'is' if len(missing) == 1 else 'are'} not used.", seed)
        return self._feedback(False, "misplaced-line", where, seed)


    def _run_order(self, chosen, shown, used_distractor, seed):
        """The verdict on a wrong order from what its code does (None: nothing to name):
        Python refuses it, it uses a name before setting it, or it behaves like a known
        mistake (``check_function``'s diagnosis)."""
        from .functions import check_function

        source = "\n".join(chosen) + "\n"
        try:
            compile(source, "<your order>", "exec")
        except SyntaxError as error:
            line = chosen[min(max((error.lineno or 1) - 1, 0), len(chosen) - 1)]
            return self._feedback(
                False, "misplaced-line", f"Python cannot run the lines in this order: "
                f"{error.msg} at line {_label(shown, line)} ({line.strip()}). Look at how "
                "far each line is indented: it says which block the line belongs to.",
                seed)
        given = self.given.rstrip() + "\n\n\n" if self.given else ""
        result = check_function(self.function_kind,
                                from_source(given + source, self.function_name), seed=seed)
        if result.passed:
            return self._feedback(True, None, "Right: your order works too.", seed)
        where = ""
        if used_distractor:
            where = (f"Line {_label(shown, used_distractor[0])} "
                     f"({used_distractor[0].strip()}) does not belong in the solution. ")
        error = result.error
        if error is not None and error.type in ("UnboundLocalError", "NameError"):
            name = re.search(r"'(\w+)'", error.message)
            user = next((line for line in chosen if name and re.search(
                rf"\b{name[1]}\b", line) and not re.match(rf"\s*{name[1]} =", line)), None)
            if name and user is not None:
                return self._feedback(
                    False, "used-before-set", f"{where}Line {_label(shown, user)} "
                    f"({user.strip()}) uses {name[1]} before any line gives it a value: "
                    f"the line that sets {name[1]} must come first.", seed)
        if result.diagnosis in DIAGNOSES and result.diagnosis not in GENERIC:
            return self._feedback(False, result.diagnosis,
                                  f"{where}{explain(result.diagnosis)}", seed)
        return None


def _label(shown, line):
    return shown.index(line) + 1


def _as_lines(answer, shown, prefer=()):
    """The lines an answer names (labels, or the lines' text), None if it names none.

    A line given as text matches its indentation first; a text that matches several
    lines once stripped is taken as one of ``prefer`` (the solution's lines) if it can.
    """
    if not isinstance(answer, (list, tuple)) or not answer:
        return None
    out = []
    for a in answer:
        if isinstance(a, int) and not isinstance(a, bool):
            if not 1 <= a <= len(shown):
                return None
            out.append(shown[a - 1])
        elif isinstance(a, str):
            matches = [s for s in shown if s.rstrip() == a.rstrip()] or \
                sorted((s for s in shown if s.strip() == a.strip()),
                       key=lambda s: s not in prefer)
            if not matches:
                return None
            out.append(matches[0])
        else:
            return None
    return out


def _common_prefix(a, b):
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k


# -- which leaves are pruned ----------------------------------------------------------------
class PrunedQuestion(Question):
    """Which leaves does alpha-beta never evaluate? Answer: a set of node names.

    Names of inner nodes stand for all the leaves below them. The tree is
    fixed (``tree``) or drawn from the seed (leaves from ``low`` to ``high``)
    with at least one pruned leaf, where the two pruning rules (alpha >= beta,
    alpha > beta) prune different leaves and no known mistake (:func:`~.variants.
    skipped_leaves`) skips exactly the right ones: so each diagnosed mistake gives a wrong
    answer. (``ties_matter`` is kept as a name: every drawn tree is such a tree.)
    """

    kind = "pruned"
    answer_hint = "a set of node names, like {'C2', 'C3'} (or set() for none)"

    def __init__(self, id, prompt, *, tree=None, depth=3, branching=(2, 3), prune_ties=True,
                 root="max", low=0, high=9, ties_matter=False, **kw):
        self.prune_ties = prune_ties
        self._spec = (tree, depth, branching, root, low, high, ties_matter)
        super().__init__(id, prompt, make=self._make_tree, **kw)

    def _make_tree(self, rng):
        tree, depth, branching, root, low, high, ties_matter = self._spec
        is_max = root == "max"
        while tree is None:
            nested = random_nested(rng, branching=branching, depth=depth, low=low, high=high)
            data = {"tree": nested, "is_max": is_max}
            right = self._pruned_leaves(data)
            if right and right != self._pruned_leaves(data, not self.prune_ties) and all(
                    leaves != right for _, leaves in skipped_leaves(
                        nested, is_max, prune_ties=self.prune_ties)):
                tree = nested
        return {"tree": tree, "is_max": is_max}

    def picture(self, seed=0):
        data = self.data(seed)
        return to_game(data["tree"], data["is_max"])

    def _pruned_leaves(self, data, prune_ties=None):
        game = to_game(data["tree"], data["is_max"])
        rule = self.prune_ties if prune_ties is None else prune_ties
        r = alphabeta(game, prune_ties=rule)
        return {leaf for top in r.pruned for leaf in game.subtree_nodes(top)
                if game.is_terminal(leaf)}

    #: What the picture of a wrong answer shows.
    KEY = (("dashed grey", "pruned: alpha-beta never evaluates it"),
           ("you marked it", "you named it as pruned, but alpha-beta evaluates it"),
           ("you missed it", "alpha-beta prunes it, but you did not name it"))

    def check(self, answer, seed=0, **options):
        feedback = self._verdict(answer, seed)
        if feedback.passed or feedback.diagnosis == "bad-answer":
            return feedback
        data = self.data(seed)
        game = to_game(data["tree"], data["is_max"])
        given = {leaf for n in _as_names(answer) for leaf in game.subtree_nodes(n)
                 if game.is_terminal(leaf)}
        right = self._pruned_leaves(data)
        notes = {leaf: "you marked it" for leaf in given - right}
        notes.update({leaf: "you missed it" for leaf in right - given})
        return replace(feedback, picture=(game, notes, set(notes)), picture_key=self.KEY,
                       picture_result=alphabeta(game, trace=True, prune_ties=self.prune_ties))

    def _verdict(self, answer, seed):
        data = self.data(seed)
        game = to_game(data["tree"], data["is_max"])
        given = _as_names(answer)
        if given is None:
            return self._bad(seed, f"{F.show(answer)} is not a set of node names.")
        unknown = sorted(n for n in given if n not in game)
        if unknown:
            return self._bad(seed, f"There is no node called {', '.join(unknown)} in this tree.")
        if game.root in given:
            return self._feedback(False, "pruned-too-many", "The root is always searched.", seed)
        leaves = {leaf for n in given for leaf in game.subtree_nodes(n) if game.is_terminal(leaf)}
        right = self._pruned_leaves(data)
        if leaves == right:
            return self._feedback(True, None, "Right.", seed)
        other = self._pruned_leaves(data, not self.prune_ties)
        order = list(game.leaves)
        if leaves == other:
            diagnosis = "prune-strict" if self.prune_ties else "prune-non-strict"
            return self._feedback(False, diagnosis, _said(diagnosis), seed)
        if not leaves:
            return self._feedback(False, "no-pruning", "Alpha-beta does skip some leaves here: "
                                  "find a node where alpha >= beta.", seed)
        for vid, leaves_of_variant in skipped_leaves(data["tree"], data["is_max"],
                                                     prune_ties=self.prune_ties):
            if leaves == leaves_of_variant:
                return self._feedback(False, vid, _said(vid), seed)
        extra = sorted(leaves - right, key=order.index)
        missing = right - leaves
        if extra and not missing:
            return self._feedback(False, "pruned-too-many", f"Pruned too many: {extra[0]} is "
                                  "needed (alpha-beta evaluates it).", seed)
        if missing and not extra:
            return self._feedback(False, "pruned-too-few", "Alpha-beta skips "
                                  f"{counted(len(missing), 'more leaf', 'more leaves')} than "
                                  f"you named. {_said('pruned-too-few')}", seed)
        return self._feedback(False, "pruned-wrong", f"{extra[0]} is needed (alpha-beta "
                              "evaluates it), and alpha-beta skips "
                              f"{counted(len(missing), 'leaf', 'leaves')} you did not name.",
                              seed)


def _as_names(answer):
    if isinstance(answer, str):
        answer = [a for a in re.split(r"[,\s{}\[\]()'\"]+", answer) if a]
    if isinstance(answer, (set, frozenset, list, tuple)):
        if all(isinstance(a, str) for a in answer):
            return {a.strip() for a in answer}
    return None


# -- the alpha-beta window at a node ----------------------------------------------------------
class WindowQuestion(Question):
    """Alpha and beta when alpha-beta enters a node. Answer: ``(alpha, beta)``.

    The tree is fixed (``tree`` and ``node``) or drawn from the seed, with a
    node (not the root) whose window is no longer the starting (-inf, +inf).
    The right window is read from the package's own alpha-beta trace.

    >>> q = WindowQuestion("demo.w", "?", tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]], node="C")
    >>> q.check((3, "+inf")).passed, q.check(("+inf", 3)).diagnosis
    (True, 'alpha-beta-swapped')
    """

    kind = "window"
    answer_hint = "a pair (alpha, beta), such as (3, math.inf) (or '-inf', '+inf')"

    def __init__(self, id, prompt, *, tree=None, node=None, depth=3, branching=2, root="max",
                 prune_ties=True, low=0, high=9, **kw):
        self.prune_ties = prune_ties
        self._spec = (tree, node, depth, branching, root, low, high)
        super().__init__(id, prompt, make=self._make_tree, **kw)

    def _trace(self, tree, is_max):
        return alphabeta(to_game(tree, is_max), trace=True, prune_ties=self.prune_ties).trace

    def _make_tree(self, rng):
        fixed, node, depth, branching, root, low, high = self._spec
        is_max = root == "max"
        tree = fixed
        while node is None:
            if fixed is None:
                tree = random_nested(rng, branching=branching, depth=depth, low=low,
                                     high=high)
            choices = self._askable(tree, is_max)
            if fixed is not None and not choices:
                raise ValueError(f"question {self.id}: no inner node of this tree is entered "
                                 "with a window its parent did not have; give node=")
            node = rng.choice(choices) if choices else None
        return {"tree": tree, "is_max": is_max, "node": node}

    def _askable(self, tree, is_max):
        """Inner nodes (not the root) entered with a narrowed window, new to them, where no
        known mistake (alpha and beta swapped, the parent's window, the window on return)
        gives the right window."""
        windows = self._windows(tree, is_max)
        game = to_game(tree, is_max)
        return [name for name, (entered, after) in windows.items()
                if name != game.root and entered != (-math.inf, math.inf)
                and entered != windows[game.parent(name)][0]
                and not same_answer(entered[::-1], entered)
                and (after is None or not same_answer(after, entered))]

    def _windows(self, tree, is_max):
        """Node name -> (window when entered, window when it returns), inner nodes only."""
        out = {}
        for step in self._trace(tree, is_max):
            if step.kind == "visit":
                out[step.state] = ((step.alpha, step.beta), None)
            elif step.kind == "return":
                out[step.state] = (out[step.state][0], (step.alpha, step.beta))
        return out

    def picture(self, seed=0):
        data = self.data(seed)
        return to_game(data["tree"], data["is_max"]), {data["node"]: "this node"}, {data["node"]}

    def check(self, answer, seed=0, **options):
        data = self.data(seed)
        pair = _as_pair(answer)
        if pair is None:
            return self._bad(seed, f"{F.show(answer)} is not a pair of numbers.")
        game = to_game(data["tree"], data["is_max"])
        windows = self._windows(data["tree"], data["is_max"])
        right, after = windows[data["node"]]
        if same_answer(pair, right):
            return self._feedback(True, None, f"Right: alpha = {F.show(right[0])}, "
                                  f"beta = {F.show(right[1])}.", seed)
        parent = windows[game.parent(data["node"])][0]
        for diagnosis, wrong in (("alpha-beta-swapped", right[::-1]), ("window-reset", parent),
                                 ("window-after", after)):
            if wrong is not None and same_answer(pair, wrong):
                return self._feedback(False, diagnosis, _said(diagnosis), seed)
        right_one = "alpha" if same_number(pair[0], right[0]) else \
            "beta" if same_number(pair[1], right[1]) else "both"
        return self._feedback(False, "wrong", WINDOW_WRONG[right_one], seed)


def _as_pair(answer):
    if isinstance(answer, dict):
        answer = (answer.get("alpha"), answer.get("beta"))
    if isinstance(answer, str):
        answer = [a for a in re.split(r"[,\s\[\]()]+", answer) if a]
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return None
    numbers = tuple(as_number(a) for a in answer)
    return None if None in numbers else numbers


# -- write the function -----------------------------------------------------------------------
class FunctionQuestion(Question):
    """Write a function of one of the kinds of :mod:`~minimax_lessons.exercises.kinds`."""

    kind = "function"
    answer_hint = "a function"

    def __init__(self, id, prompt, function_kind, *, prune_ties=True, time_limit=None,
                 partial=True, **kw):
        super().__init__(id, prompt, **kw)
        self.function_kind = function_kind
        self.prune_ties = prune_ties
        self.time_limit = time_limit
        self.partial = partial

    def check(self, answer, seed=0, *, hidden=False, salt=None, **options):
        """Run the function on the kind's tests; ``salt`` (the grader's secret, for hidden
        tests) makes the inputs ones no student can work out beforehand."""
        from .functions import check_function
        from ..runner.shipping import Shipped

        if not callable(answer) and not isinstance(answer, Shipped):
            return self._bad(seed, f"{F.show(answer)} is not a function.")
        if _is_stub(answer):
            return self._feedback(False, "not-answered", "Not answered yet: write the body of "
                                  "the function (replace the ... line with your code).", seed)
        tests = seed_of(seed) if salt is None else f"{seed_of(seed)}:{salt}"
        result = check_function(self.function_kind, answer, seed=tests, hidden=hidden,
                                time_limit=self.time_limit, prune_ties=self.prune_ties)
        return self._feedback(result.passed, result.diagnosis, result.message, seed,
                              detail=result,
                              score=result.score if self.partial else float(result.passed))


def _is_stub(fn) -> bool:
    """True for a function whose body is only ``...`` or ``pass`` (and a docstring)."""
    from ..runner.shipping import Shipped, ShippingError, ship

    try:
        source = (fn if isinstance(fn, Shipped) else ship(fn)).source
        tree = ast.parse(textwrap.dedent(source or ""))
    except (ShippingError, SyntaxError, TypeError, ValueError):
        return False
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return False
    body = defs[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return all(isinstance(n, ast.Pass) or (isinstance(n, ast.Expr) and isinstance(
        n.value, ast.Constant) and n.value.value is Ellipsis) for n in body)


__all__ = ["Question", "Feedback", "ValueQuestion", "ChoiceQuestion", "PredictQuestion",
           "FillQuestion", "FindBugQuestion", "ParsonsQuestion", "PrunedQuestion",
           "FunctionQuestion", "WindowQuestion", "Bug", "tree_value_question", "levels_question",
           "hash_answer", "seed_of", "run_snippet", "FOREVER"]
