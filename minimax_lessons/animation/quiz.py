"""Quizzes: the questions an animation stops to ask before it shows the answer.

Vocabulary
----------
- A *question* (:class:`QuizQuestion`) is asked while the player shows one frame,
  its *stop* (``frame``), and is answered by a later frame, its *reveal*
  (``reveal``). Questions are computed from a search's frames alone, so their
  answers are what the search did, not a second opinion.
- There are two kinds:

  - ``"value"``: "What value does B return?", a number. The stop is the frame
    just before the last step that decides it: the step that brings in the
    node's last child, or alpha-beta's prune at the node. The answer is the
    value the node returns; the reveal is the frame of its return.
  - ``"look"`` (searches with an alpha-beta window only): "Will alpha-beta look
    at C2?", ``"yes"`` or ``"no"``. The stop is the frame before the step that
    either enters the node's next child or prunes it; that next frame reveals it.

- A question is never asked once its frame gives the answer away: at a value
  question's stop the node is not finished and does not show its value as an
  exact number (a bound such as ``<=3`` can still go lower, a chance node's sum
  so far can still grow); at a look question's stop the child is not reached
  or pruned yet. A value question whose frame would show it is left out.
- When two questions stop at one frame, the look question comes first.
- No verdict gives away a later question. The one that would: "Will alpha-beta look at
  C2?", answered "no, C2 is pruned", says what C returns (the bound its frame shows),
  so the value question about a node that prunes is left out; its look question,
  asked at the same stop, is the alpha-beta question.
- A wrong answer is named by the *mistake* that gives it, with the course's own ids and
  sentences (:mod:`minimax_lessons.mistakes`, as ``check(...)`` and ``practice(...)``
  name them): a value question knows the values each known mistake gives at its node
  (``max-at-every-level``, ``players-swapped``, ``chance-as-min``, ``no-pruning`` when
  the node returns a bound, ...), a look question the tie rule and ``pruned-too-few`` /
  ``pruned-too-many``. ``question.mistake(reply)`` gives ``(ids, sentence)`` (a tuple of
  ids, two when two mistakes give the reply), the player the same from
  :meth:`QuizQuestion.as_data`.

- Each stop answered or skipped in the player is written in the learner's logbook
  (:mod:`minimax_lessons.logbook`) by a :class:`QuizLog` watching the widget's answers: the
  question is ``quiz:<search>``, its kind ``quiz-value`` or ``quiz-look``, right or wrong
  as :meth:`QuizQuestion.check` judges the reply, and the mistake
  :meth:`QuizQuestion.mistake` names.

>>> from minimax_lessons import alphabeta, FIGURE_5_2
>>> from minimax_lessons.pictures.frames import build_frames
>>> frames = build_frames(FIGURE_5_2, alphabeta(FIGURE_5_2, trace=True))
>>> questions = quiz_questions(frames, FIGURE_5_2)
>>> [(q.frame, q.prompt, q.answer) for q in questions[:3]]
[(4, 'Will alpha-beta look at B2?', 'yes'), (5, 'Will alpha-beta look at B3?', 'yes'), (5, 'What value does B return?', '3')]
>>> print(questions[2].explanation)
B is a MIN node: min(3, 12, 8) = 3.
>>> questions[2].mistake("12")[0]
('max-at-every-level', 'players-swapped')
>>> print(next(q for q in questions if q.answer == "no").explanation)
C is a MIN node at <=2 and alpha = 3: 2 <= 3, MAX can already get 3 elsewhere, so C2 and C3 are pruned.
"""

from __future__ import annotations

import json
import math
from typing import NamedTuple

from .. import logbook
from ..games.game import CHANCE, MIN
from ..games.tree import GameTree
from ..mistakes import explain, node_value_mistakes, wrong_values
from ..pictures.frames import DONE, UNVISITED
from ..search.adversarial import minimax
from ..search.trace import EVALUATE, PRUNE, RETURN, UPDATE, VISIT
from ..words import join_names, show_number

__all__ = ["QuizQuestion", "quiz_questions", "QuizLog", "VALUE", "LOOK"]

VALUE, LOOK = "value", "look"
#: How far a typed number may be from a value that is not whole (2 decimals are enough).
TOLERANCE = 0.005


class QuizQuestion(NamedTuple):
    """One quiz stop (see the module docstring)."""

    frame: int          # the frame shown while asking
    kind: str           # "value" or "look"
    path: tuple         # the node asked about (the node, or the child looked at)
    prompt: str         # "What value does B return?"
    answer: str         # "3", "yes" or "no"
    explanation: str    # one sentence: why that is the answer
    reveal: int         # the first frame whose picture shows the answer
    value: object = None  # the number, for a value question
    #: The known mistakes behind wrong answers: ``(answer, diagnosis ids, sentence)``, the
    #: answer a number (value) or "yes" / "no" (look), the ids a tuple (two when two
    #: mistakes give the same answer).
    mistakes: tuple = ()

    def check(self, reply) -> bool:
        """Whether ``reply`` (a number or text the student typed) is right.

        >>> q = QuizQuestion(5, VALUE, (0,), "What value does B return?", "3", "", 8, 3)
        >>> q.check("3"), q.check(" 3.0 "), q.check(12), q.check("three")
        (True, True, False, False)
        """
        if self.kind == LOOK:
            return str(reply).strip().lower() == self.answer
        got = _number(reply)
        if got is None:
            return False
        return self._same(got, self.value)

    def _same(self, got, value) -> bool:
        """A typed number against a value: exactly when it is whole (or infinite), else
        within :data:`TOLERANCE`."""
        if math.isinf(value) or float(value).is_integer():
            return got == value
        return abs(got - value) <= TOLERANCE

    def mistake(self, reply):
        """``(diagnosis ids, sentence)`` for a wrong ``reply``: the known mistakes that give
        it, else ``(("wrong",), "")``; None when the reply is right.

        >>> q = QuizQuestion(5, VALUE, (0,), "What value does B return?", "3", "", 8, 3,
        ...                  ((12, ("max-at-every-level",), "That is ..."),))
        >>> q.mistake("12"), q.mistake(" 7"), q.mistake(3)
        ((('max-at-every-level',), 'That is ...'), (('wrong',), ''), None)
        """
        if self.check(reply):
            return None
        if self.kind == LOOK:
            said = str(reply).strip().lower()
            found = [m for m in self.mistakes if m[0] == said]
        else:
            got = _number(reply)
            found = [] if got is None else [m for m in self.mistakes if self._same(got, m[0])]
        return (found[0][1], found[0][2]) if found else (("wrong",), "")

    def as_data(self) -> dict:
        """The question as JSON-ready data for the player."""
        data = {"f": self.frame, "kind": self.kind, "prompt": self.prompt,
                "answer": self.answer, "why": self.explanation, "reveal": self.reveal}
        if self.kind == VALUE:
            exact = math.isinf(self.value) or float(self.value).is_integer()
            data["tol"] = 0 if exact else TOLERANCE
            if not math.isinf(self.value):  # the answer text may be rounded (1.235e+04)
                data["value"] = self.value
        if self.mistakes:  # JSON has no infinity: "inf" and "-inf" as text
            data["mistakes"] = [[a if isinstance(a, str) or not math.isinf(a) else
                                 ("inf" if a > 0 else "-inf"), list(ids), sentence]
                                for a, ids, sentence in self.mistakes]
        return data


class QuizLog:
    """Writes each answer of a quiz in the logbook once, as the player reports it.

    Call it with the widget's ``answers`` (JSON text: one entry per question, None until
    answered, ``{"reply": ...}`` or ``{"skip": true}``), or pass it to ``observe``; a
    restart (no answer left) lets the questions be answered, and written, again.

    >>> q = QuizQuestion(5, VALUE, (0,), "What value does B return?", "3", "", 8, 3,
    ...                  ((12, ("max-at-every-level",), "That is ..."),))
    >>> log = QuizLog([q], "minimax")
    >>> [e["diagnoses"] for e in log.entries('[{"reply": "12", "ok": false}]', time=1.0)]
    [['max-at-every-level']]
    >>> log.entries('[{"reply": "3", "ok": true}]')  # already written
    []
    """

    def __init__(self, questions, search):
        self.questions = tuple(questions)
        self.question = f"quiz:{search}"
        self.noted = set()

    def __call__(self, change):
        for entry in self.entries(change["new"]):
            logbook.append(entry)

    def entries(self, answers_json, *, time=None) -> list:
        """The logbook entries of the answers not written yet."""
        try:
            answers = json.loads(answers_json or "[]")
        except ValueError:
            return []
        if not isinstance(answers, list):
            return []
        if not any(answers):
            self.noted.clear()
            return []
        found = []
        for i, (q, said) in enumerate(zip(self.questions, answers)):
            if i in self.noted or not isinstance(said, dict):
                continue
            self.noted.add(i)
            skipped = bool(said.get("skip"))
            reply = said.get("reply")
            right = not skipped and q.check(reply)
            mistake = None if right or skipped else q.mistake(reply)
            named = [vid for vid in (mistake[0] if mistake else ()) if vid != "wrong"]
            extra = {"skipped": True} if skipped else {}
            found.append(logbook.answer(self.question, None, right, named, kind=f"quiz-{q.kind}",
                                        time=time, prompt=q.prompt, **extra))
        return found


def _number(reply):
    """A typed number as a float (``inf``, ``+inf``, ``-inf``, ``∞`` too), else None."""
    if isinstance(reply, (int, float)):
        return float(reply)
    text = str(reply).strip().replace("\u2212", "-").replace("\u221e", "inf")
    try:
        return float(text)
    except ValueError:
        return None


def _look_mistakes(answer, tie) -> tuple:
    """The mistakes behind the wrong reply to a look question: the other tie rule on a tie,
    else looking at a child alpha-beta skips (``pruned-too-few``) or skipping one it needs
    (``pruned-too-many``)."""
    if answer == "no":
        said, vid = "yes", "prune-strict" if tie else "pruned-too-few"
    else:
        said, vid = "no", "prune-non-strict" if tie else "pruned-too-many"
    return ((said, (vid,), explain(vid, hand=True)),)


def _given_away(question, before) -> bool:
    """Whether a verdict asked before ``question`` gives its answer away: a value question at
    a node whose child a look question already said is pruned (it returns its bound)."""
    return question.kind == VALUE and any(
        q.kind == LOOK and q.answer == "no" and q.path[:-1] == question.path for q in before)


def _plain_tree(game, state) -> bool:
    """A game tree of numbers with no chance node under ``state`` (cheap to search again)."""
    return isinstance(game, GameTree) and not any(
        game.to_move(n) == CHANCE for n in game.subtree_nodes(state) if not game.is_terminal(n))


def quiz_questions(frames, game) -> list:
    """The questions a quiz asks over ``frames`` (from :func:`~minimax_lessons.pictures.frames.build_frames`).

    ``game`` names the nodes (``game.text``) and gives chance probabilities.
    The list is in the order the player asks: by stop frame, look first. A search whose
    values are one per player (``maxn``) has no quiz: ``ValueError``.
    """
    steps = [f.step for f in frames[1:]]
    if not steps:
        return []
    if any(isinstance(s.value, tuple) for s in steps):
        raise ValueError("a quiz asks for one number at each node, and this search gives a "
                         "value for each player (max^n): animate it without quiz=True, and "
                         "ask for a node's values with check() or in the lesson's text")
    return _Questions(frames, game, steps).run()


class _Questions:
    """Walks the steps once, remembering what each node has seen (internal)."""

    def __init__(self, frames, game, steps):
        self.frames, self.game, self.steps = frames, game, steps
        self.windowed = any(s.alpha is not None for s in steps)
        self.states = {}     # path -> state
        self.reported = {}   # path -> [(child path, value)] in order
        self.decisive = {}   # path -> index of the last step that decides its value
        self.pruned = {}     # path -> the prune step at it

    def name(self, path) -> str:
        text = str(self.game.text(self.states[path]))
        return text if "\n" not in text else "[" + text.replace("\n", "/") + "]"

    def run(self) -> list:
        out = []
        for k, step in enumerate(self.steps):
            path = step.path
            self.states.setdefault(path, step.state)
            if step.kind in (VISIT, EVALUATE):
                if path:
                    if self.windowed and self.reported.get(path[:-1]):
                        out.append(self.look(k, path[:-1], path, step))
                if step.kind == VISIT:
                    self.reported[path] = []
            if step.kind in (EVALUATE, RETURN) and path:
                self.reported.setdefault(path[:-1], []).append((path, step.value))
                self.decisive[path[:-1]] = k
            if step.kind == PRUNE:
                self.pruned[path] = step
                self.decisive[path] = k
                skipped = self.skipped(step)
                if self.windowed and skipped:
                    out.append(self.look(k, path, skipped[0], step, skipped))
            if step.kind == RETURN and self.reported.get(path):
                q = self.value(k, step)
                if q is not None:
                    out.append(q)
        asked = sorted(out, key=lambda q: (q.frame, q.kind != LOOK))
        return [q for i, q in enumerate(asked) if not _given_away(q, asked[:i])]

    # -- the two kinds ----------------------------------------------------------------
    def look(self, k, parent, child, step, skipped=()):
        """Stop before step k, which enters ``child`` (or prunes it, ``skipped``)."""
        self.states.setdefault(child, self.game.result(self.states[parent], child[-1]))
        name = self.name(child)
        me = self.name(parent)
        view = self.frames[k].view(parent)
        player = self.game.to_move(self.states[parent])
        v = view.value
        if player == MIN:
            shown, bound, rule = f"<={show_number(v)}", step.alpha, "alpha"
        else:
            shown, bound, rule = f">={show_number(v)}", step.beta, "beta"
        where = f"{me} is a {player.upper()} node at {shown} and {rule} = {show_number(bound)}"
        if skipped:
            names = join_names(self.name(p) for p in skipped)
            verb = "is" if len(skipped) == 1 else "are"
            if player == MIN:
                why = (f"{show_number(v)} <= {show_number(bound)}, MAX can already get "
                       f"{show_number(bound)} elsewhere")
            else:
                why = (f"{show_number(v)} >= {show_number(bound)}, MIN can already keep MAX to "
                       f"{show_number(bound)} elsewhere")
            explanation = f"{where}: {why}, so {names} {verb} pruned."
            answer = "no"
        elif v is None:
            explanation = f"{me} has no value yet, so {name} could still matter."
            answer = "yes"
        elif v == bound:
            explanation = (f"{where}: a tie, and this search prunes only when the value gets past "
                           f"{rule} (prune_ties=False), so it looks at {name}.")
            answer = "yes"
        else:
            op = ">" if player == MIN else "<"
            explanation = (f"{where}: {show_number(v)} {op} {show_number(bound)}, so {name} could "
                           f"still change the result.")
            answer = "yes"
        return QuizQuestion(k, LOOK, child, f"Will alpha-beta look at {name}?", answer,
                            explanation, k + 1, mistakes=_look_mistakes(answer, v is not None
                                                                        and v == bound))

    def value(self, k, step):
        """The value question about the node that returns at step k (None if given away)."""
        path = step.path
        stop = self.decisive[path]
        view = self.frames[stop].view(path)
        answer = show_number(step.value)
        if view.status == DONE or (view.value is not None and view.text() == answer):
            return None
        return QuizQuestion(stop, VALUE, path, f"What value does {self.name(path)} return?", answer,
                            self.why(path, step), k + 1, step.value, self.value_mistakes(step))

    def value_mistakes(self, step) -> tuple:
        """What each known mistake gives at the node returning at ``step``, as
        ``(value, ids, sentence)`` (the ids a tuple): from the values its children
        returned, and, in a tree of numbers searched with a window, the value it would
        have without pruning."""
        found = node_value_mistakes(self.game, step.state,
                                    [v for _, v in self.reported[step.path]])
        if self.windowed and _plain_tree(self.game, step.state):
            found.append(("no-pruning", minimax(self.game, step.state).value))
        return tuple((value, tuple(ids), explain(tuple(ids), hand=True))
                     for value, ids in wrong_values(found, step.value))

    def why(self, path, step) -> str:
        me, player = self.name(path), step.player
        values = [v for _, v in self.reported[path]]
        v = show_number(step.value)
        if player == CHANCE:
            chances = dict(self.game.chances(step.state))
            terms = []
            for child, value in self.reported[path]:
                p = chances.get(child[-1])
                p = 1 / len(chances) if p is None else p
                terms.append(f"{show_number(p)} x {show_number(value)}")
            return f"{me} is a chance node: {' + '.join(terms)} = {v}."
        shown = ", ".join(show_number(x) for x in values)
        prune = self.pruned.get(path)
        if prune is not None:
            names = join_names(self.name_of(path, s) for s in prune.detail)
            most = "at most" if player == MIN else "at least"
            return (f"{me} is a {player.upper()} node: {player}({shown}, ...) = {v}, and it prunes "
                    f"{names}, so {me} is worth {most} {v}.")
        return f"{me} is a {player.upper()} node: {player}({shown}) = {v}."

    # -- helpers ----------------------------------------------------------------------
    def name_of(self, parent, state):
        text = str(self.game.text(state))
        return text if "\n" not in text else "[" + text.replace("\n", "/") + "]"

    def skipped(self, step):
        """Paths of the children a prune step skips, in order."""
        for child, state in step.pruned:
            self.states.setdefault(child, state)
        return [child for child, _ in step.pruned]


