"""``review()``: questions and practice trees aimed at the learner's own mistakes, without end.

Vocabulary
----------
- An *item* is one thing to answer: a question (its id and a seed) or a practice tree
  (its kind and level), with *why* it comes now, in one sentence, and the *card* it aims
  at (:mod:`.schedule`; None for new material).
- What comes next (:func:`next_item`), from the logbook and the time:

  1. the cards *due*, most urgent first (the one just served goes behind another due
     card, so that one mistake does not fill a session);
  2. else *new material*: the first question of the course, lesson by lesson, not yet
     answered right (a fresh variant if it has variants), so an empty logbook starts
     from lesson 1's first questions;
  3. else the card due soonest, early;
  4. else a practice tree of values.

- A card is served as (:func:`item_for`): a fresh variant (another seed) of a question it
  was made on, when that question has variants; else a practice tree of a kind whose
  answers can show the mistake (:func:`practice_kinds`: values for the backing-up
  mistakes, pruning for alpha-beta's; a quiz's look questions are reviewed as pruning,
  its value questions as values), at the level it was made on; else the very question
  it was made on, asked again.
- Only questions answered by typing are served (:data:`TYPED`): values, letters, what
  code does, sets of leaves, windows, words for blanks; functions and Parsons puzzles stay
  in their lessons, as graded questions stay out of every review.
- A *review* (:class:`Review`, what ``review()`` returns) shows one item at a time in a
  widget: a question with an answer box and Check (judged as ``check`` judges, and
  written in the logbook with its aim) or a practice tree (each answer written likewise),
  and **Next** for the next item. Where widgets do not run it shows its first item.

>>> from minimax_lessons.logbook import answer
>>> next_item([], now=0).question                                # an empty logbook
'p1.1'
>>> book = [answer("p2.1", 0, False, ["max-at-every-level"], kind="value", time=0)]
>>> item = next_item(book, now=60)
>>> item.card, item.practice, item.level
(('max-at-every-level', 'value'), 'values', 1)
"""

from __future__ import annotations

import functools
import html
import re
import time
from dataclasses import dataclass

from .. import logbook
from ..exercises import feedback as F
from ..exercises.check import QuestionView, get_question
from ..exercises.practising import KINDS, LEVELS, Practice, practice_tree
from ..exercises.remember import note_verdict, practice_question, remembered_level
from ..exercises.verdict import Verdict
from ..pictures.jupyter import HTML, TEXT, WIDGET, widget_view
from .places import plan
from .schedule import cards, due, is_named
from .summary import ago, mistake_name, times

__all__ = ["review", "Review", "Item", "next_item", "item_for", "practice_kinds", "TYPED",
           "parse_answer"]

#: The kinds of question a review serves (answered by typing).
TYPED = ("value", "choice", "predict", "pruned", "window", "fill")
#: The practice kind that reviews a quiz's questions of each kind.
QUIZ_PRACTICE = {"quiz-value": "values", "quiz-look": "pruning"}
#: The line under a review's still picture.
HINT = "Run this cell to review: answer here, then press Next for more."


@dataclass(frozen=True)
class Item:
    """One thing to answer in a review (see the module)."""

    number: int
    why: str
    card: tuple | None = None
    question: str | None = None
    seed: object = 0
    practice: str | None = None
    level: int = 1


@functools.cache
def practice_kinds() -> dict:
    """Practice kind -> the named mistakes its answers can show (read from the keys of a
    few trees at every level, so it is what practice itself says)."""
    found = {}
    for kind in KINDS:
        named = set()
        for lv in LEVELS:
            for seed in ("probe-0", "probe-1"):
                key = practice_tree(kind, level=lv.number, seed=seed).key()
                said = [item["otherwise"][0] for stage in key["stages"]
                        for item in stage["items"].values()]
                said += [w[0] for stage in key["stages"] for item in stage["items"].values()
                         for w in item.get("wrong", {}).values()]
                said += [s[0] for s in key.get("sets", ())] + list(key.get("none", ())[:1])
                said += [w[0] for w in key.get("windowWrong", {}).values()]
                named |= {d for text in said for d in text.split(" or ") if is_named(d)}
        found[kind] = frozenset(named)
    return found


def typed(question) -> bool:
    """Whether a review may serve ``question`` (typed, and not graded)."""
    return question is not None and not question.graded and question.kind in TYPED


def item_for(card, number, now, *, made=None, lead=None):
    """The item that serves ``card`` (see the module), or None when nothing can; ``made``
    is ``(how often, when last)`` its mistake was made in every kind of question (else in
    the card's); ``lead`` the sentence that says why it comes (else that it is back)."""
    examples = sorted(card.examples.values(), key=lambda e: -e["time"])
    fresh = f"review-{int(now)}-{number}"
    count, when = made or (card.wrong, card.last_wrong)
    why = lead or (f"Back again: the mistake '{mistake_name(card.diagnosis)}', made "
                   f"{times(count)}, last {ago(now - when)}.")
    for e in examples:
        q = get_question(e["question"])
        if typed(q) and q.seeded:
            return Item(number, why + " Here is a fresh variant of a question you met it in.",
                        card.key, question=q.id, seed=fresh)
    for kind in _practice_for(card, examples):
        level = next((e["level"] for e in examples if e["question"] == practice_question(kind)
                      and isinstance(e.get("level"), int)), None)
        level = level if level in range(1, len(LEVELS) + 1) else _level(kind)
        return Item(number, why + f" Here is a fresh tree to practise {kind} on.", card.key,
                    practice=kind, level=level, seed=fresh)
    for e in examples:
        q = get_question(e["question"])
        if typed(q):
            return Item(number, why + " Here is the question again.", card.key, question=q.id,
                        seed=e.get("seed") if isinstance(e.get("seed"), (int, str)) else 0)
    return None


def _practice_for(card, examples) -> list:
    """Practice kinds that can show the card's mistake, the one it was made in first."""
    kinds = [k for k in KINDS if card.diagnosis in practice_kinds()[k]]
    made_in = [e["question"].split(":", 1)[1] for e in examples
               if e["question"].startswith("practice:")]
    if card.kind in QUIZ_PRACTICE:
        made_in.append(QUIZ_PRACTICE[card.kind])
    return sorted(kinds, key=lambda k: (k not in made_in, KINDS.index(k)))


def _level(kind) -> int:
    return min(max(remembered_level(kind), 1), len(LEVELS))


def next_item(found, now, *, number=1, last=None) -> Item:
    """The item to serve next, from the logbook's entries ``found`` at time ``now``
    (``last``: the card served last, which goes behind another due card)."""
    answered = logbook.answers(found)
    found_cards = cards(answered)
    ready = due(found_cards, now)
    if last is not None and len(ready) > 1 and ready[0].key == tuple(last):
        ready = ready[1:] + ready[:1]
    made = {}
    for card in found_cards.values():
        count, when = made.get(card.diagnosis, (0, card.last_wrong))
        made[card.diagnosis] = (count + card.wrong, max(when, card.last_wrong))
    for card in ready:
        item = item_for(card, number, now, made=made[card.diagnosis])
        if item is not None:
            return item
    item = _new_material(answered, number, now)
    if item is not None:
        return item
    for card in sorted(found_cards.values(), key=lambda c: (c.due, c.key)):
        wait = ago(card.due - now).replace(" ago", "").replace("just now", "a minute")
        item = item_for(card, number, now, lead=(
            f"Nothing is due now; '{mistake_name(card.diagnosis)}' would come back in "
            f"{wait.replace('yesterday', 'a day')}: once more, early."))
        if item is not None:
            return item
    return Item(number, "Everything is answered and nothing is due: practise on a tree.",
                practice="values", level=_level("values"), seed=f"review-{int(now)}-{number}")


def _new_material(answered, number, now):
    right = {e["question"] for e in answered if e["right"]}
    tried = {e["question"] for e in answered}
    course = plan()
    for lesson in course.predictions:
        for qid in course.predictions[lesson] + course.exercises[lesson]:
            q = get_question(qid)
            if not typed(q) or qid in right or (qid in tried and not q.seeded):
                continue
            start = "Nothing to review yet: " if not answered else "New for you: "
            title = course.titles.get(lesson, (None, ""))[1]
            return Item(number, f"{start}{qid}, from lesson {lesson}" +
                        (f" ({title})." if title else "."), question=qid,
                        seed=f"review-{int(now)}-{number}" if q.seeded else 0)
    return None


def parse_answer(question, text):
    """What a typed answer means for ``question``: words for blanks become a list, a set
    of leaves typed as ``{...}`` drops its braces; the rest goes to the check as typed.

    >>> from minimax_lessons.exercises import get_question
    >>> parse_answer(get_question("q7.1"), "min, max"), parse_answer(get_question("p1.1"), " b")
    (['min', 'max'], 'b')
    """
    text = str(text).strip()
    if question.kind == "fill":
        return re.findall(r"[A-Za-z_]+", text)
    if question.kind == "pruned":
        return re.sub(r"[{}\[\]()'\"]", " ", text).strip()
    return text


# -- the review in a notebook ---------------------------------------------------------------

def review(*, clock=None) -> "Review":
    """Review your own mistakes: fresh questions and practice trees aimed at them, most
    urgent first, without end (see :mod:`minimax_lessons.progress.review`).

    ``clock`` is a function giving the time (for tests); by default the real one.
    """
    return Review(clock=clock)


class Review:
    """A review session: one item at a time, answered, judged, written in the logbook."""

    def __init__(self, *, clock=None):
        self.clock = clock or _now
        self.number = 0
        self.item = None
        self.verdicts = []
        self.next()

    def __repr__(self):
        return f"<Review, item {self.number}: {self.describe()}>"

    def next(self) -> Item:
        """Serve the next item (the logbook read again: what was just answered counts)."""
        self.number += 1
        last = self.item.card if self.item is not None else None
        self.item = next_item(logbook.entries(), self.clock(), number=self.number, last=last)
        self.__dict__.pop("practice", None)
        self.__dict__.pop("view", None)
        if "widget" in self.__dict__:
            self._show()
        return self.item

    def describe(self) -> str:
        item = self.item
        what = (f"question {item.question}" if item.question else
                f"a {item.practice} tree at level {item.level}")
        return f"{what}. {item.why}"

    @functools.cached_property
    def view(self):
        """The question served, as shown to the student (None for a practice tree)."""
        if self.item.question is None:
            return None
        return QuestionView(get_question(self.item.question), self.item.seed)

    @functools.cached_property
    def practice(self):
        """The practice trees served (None for a question); their answers carry the aim."""
        item = self.item
        if item.practice is None:
            return None
        return Practice(item.practice, level=item.level, seed=item.seed, per_level=2,
                        aim=item.card, then="Press Next for another item.")

    def answer(self, text) -> Verdict:
        """Judge a typed answer to the question served, as ``check`` does, and write it."""
        if self.view is None:
            raise ValueError("this item is a practice tree: answer on the tree")
        q = self.view.question
        try:
            verdict = q.check(parse_answer(q, text), self.item.seed)
        except Exception as exc:  # an answer of an unforeseen shape must not raise in class
            verdict = Verdict(q.id, False, "bad-answer", f"This answer could not be checked "
                              f"({type(exc).__name__}: {exc}). Expected {q.answer_hint}.",
                              self.item.seed)
        note_verdict(verdict, q, aim=self.item.card)
        self.verdicts.append(verdict)
        return verdict

    # -- showing it ------------------------------------------------------------------------
    def _header_html(self) -> str:
        off = "" if logbook.recording() else (" (Recording is off: your answers here are "
                                               "judged, not written down.)")
        return (f'<div class="mml-review-why" style="line-height: 1.4; font-size: 1.05em;">'
                f"<b>Review, item {self.number}.</b> {html.escape(self.item.why + off)}</div>")

    def still_html(self) -> str:
        """The item as HTML, for where widgets do not run."""
        if self.view is not None:
            body = self.view.html(how_to_answer=False)
        else:
            tree = self.practice.trees_at(self.item.level)[0]
            body = F.para(tree.prompt(tree.stages[0])) + tree.svg
        return (f'<div class="mml-review">{self._header_html()}{body}'
                f'<p style="font-style: italic;">{html.escape(HINT)}</p></div>')

    def text(self) -> str:
        if self.view is not None:
            return f"Review, item {self.number}. {self.item.why}\n\n{self.view.text()}"
        return f"Review, item {self.number}. {self.item.why}\n\n{HINT}"

    def _repr_mimebundle_(self, include=None, exclude=None):
        from ..pictures.jupyter import mimebundle

        return mimebundle({WIDGET: lambda: widget_view(self.widget), HTML: self.still_html,
                           TEXT: self.text}, include, exclude)

    @functools.cached_property
    def widget(self):
        """The review's widget (ipywidgets): the item, an answer box or a tree, and Next."""
        import ipywidgets as w

        self._header = w.HTML()
        self._body = w.VBox()
        self._next = w.Button(description="Next", tooltip="The next item of your review",
                              icon="arrow-right")
        self._next.on_click(lambda _: self.next())
        made = w.VBox([self._header, self._body, self._next],
                      layout=w.Layout(border="1px solid #888", padding="6px 10px"))
        made.add_class("mml-review")
        self.__dict__["widget"] = made
        self._show()
        return made

    def _show(self):
        import ipywidgets as w

        self._header.value = self._header_html()
        if self.view is None:
            self._body.children = [w.HTML(F.para("Answer on the tree; press Next for another "
                                                 "item when you are done.")),
                                   self.practice.widget]
            return
        q = self.view.question
        box = w.Text(placeholder=q.answer_hint, continuous_update=False,
                     layout=w.Layout(width="30em"), description="Your answer:",
                     style={"description_width": "initial"})
        said = w.HTML(layout=w.Layout(width="100%"))  # the verdict wraps to the width
        check = w.Button(description="Check")
        judged = {"last": None}

        def judge(_=None):
            if not box.value.strip() or box.value == judged["last"]:
                return
            judged["last"] = box.value
            said.value = _fit(self.answer(box.value)._repr_html_())

        box.observe(judge, names="value")
        check.on_click(judge)
        self._body.children = [w.HTML(_fit(self.view.html(how_to_answer=False)),
                                      layout=w.Layout(width="100%")),
                               w.HBox([box, check]), said]


def _now():
    return time.time()


def _fit(page: str) -> str:
    """HTML that keeps to the widget's width: text wraps, and a picture wider than the
    widget scrolls in its own box (a widget's HTML is a flex item, which grows to its
    widest picture unless told it may be narrower, and the widget clips it)."""
    return ("<style>.mml-review .widget-html-content {min-width: 0; flex: 1 1 auto; "
            "line-height: 1.4;}</style>"
            f'<div class="mml-fit" style="max-width: 100%;">{page}</div>')
