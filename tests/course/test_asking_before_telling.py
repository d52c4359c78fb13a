"""No prediction's answer shows before the student has answered it.

The test reads every lesson as a student scrolls it, from the stored notebook (what a
student sees on opening it, and again after Run All: nbval keeps the two the same).

What a student sees
-------------------
- a Markdown cell's text, but not what sits inside a closed ``<details>`` block (only its
  ``<summary>`` line shows);
- a code cell's source; when JupyterLab collapses it (``metadata.jupyter.source_hidden``)
  only its first line shows, followed by "•••" (so a collapsed cell starts with a comment);
- its outputs, unless collapsed (``metadata.jupyter.outputs_hidden``), each as JupyterLab
  draws it: HTML before Markdown, SVG, PNG and plain text. In HTML, what sits in a closed
  ``<details>`` (a result shown by ``reveal()``) is not seen; a picture's SVG is read for
  its words and numbers (a value written in a node is seen as surely as one printed).

Before the reveal
-----------------
A student who has just read a prediction's question sees its check cell and about a
screen below it (:data:`SCREEN`, in CSS pixels, estimated from what each cell shows, see
:func:`seen`; a screenshot of JupyterLab at 1280x800 shows about 680 pixels of notebook).
Everything there is *before the reveal*: opening the closed answer is the only way to
read on with the answer in view, and a student who scrolls on past a screen of other
things has passed the answer's closed block. Above the question, the student has read
everything from the top of the lesson.

What counts as the answer (its *tells*)
---------------------------------------
- a value question: the number, written any way (``2801``, ``2,801``, ``-1``, ``−1``,
  ``2.0``); each of a set of right numbers;
- a choice question: the letter as an answer (``"b"`` in code; ``(b)``, ``b)`` or
  ``**b`` in text), and the right option itself as a string in code when it is short
  (``"min"``);
- a set of nodes: all of them written together (``C2, C3, D3`` in any order);
- a window: the pair, ``(-inf, 5)`` or ``(-∞, 5)``;
- and :data:`GIVEAWAYS`: for each prediction, the words or facts that give it away
  which are not the answer written out (a count that decides a choice, a title that says
  what happens), chosen by reading the lessons. These are looked for everywhere a student
  can see before the reveal, the lessons before included, except in the question itself
  (its options and its data are not a giveaway); the written-out answer is looked for in
  the screen below the question.

Also: an ``assert`` in plain view in that screen is a leak of its own, whatever it checks
(the cells that check an answer stay collapsed). :data:`NOT_THE_ANSWER` lists the few
places, each with its reason, where a prediction's number shows but is not its answer.

On the lessons as they stood at commit f7707ec (before issue 34) this test failed in 10
lessons of 10, for 51 of the 52 predictions, with 155 findings (p5.1's "81 of 121 nodes"
sits more than a screen below its question, behind a tree drawing).
"""

import base64
import html
import json
import re
import string
import struct
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
LESSONS = sorted(p for p in NOTEBOOK_DIR.glob("[0-9][0-9]-*.ipynb") if p.name[:2] != "00")

#: How far below a prediction's check cell a student sees without scrolling past the
#: answer's closed block: JupyterLab at 1280x800 shows about 690 CSS pixels of notebook,
#: of which the question and its check cell take about 150 at the top.
SCREEN = 540

#: Words and facts that give a prediction away without writing its answer out, by
#: prediction: each a regular expression (case-insensitive) that must not show before the
#: reveal outside the question itself. A plain count that decides a choice is written as
#: a number (found in any of its spellings).
GIVEAWAYS = {
    "p1.1": [r"movers\[5\]"],
    "p1.3": [r"10 \* x - 7"],
    "p1.4": [r"copying", r"copies"],
    "p4.3": [255168, 549946],
    "p6.1": [r"C2.{0,20}pruned", r"pruned.{0,40}C2", r"at most 2"],
    "p6.3": [r"\b(lowers|handing|hands) its (β|beta)", r"(β|beta) (to|=) 5\b"],
    "p6.4": [r"bound can tie"],
    "p7.3": [r"arrivals?"],
    "p8.1": [r"best average.{0,30}\bB\b"],
    "p8.4": [r"plays the root's most visited", r"most visited (child|move)"],
    "p8.5": [r"\b\d+ seeds? of 10\b", r"\b\d+ of (the )?10 seeds\b"],
    "p9.2": [1249, r"a tenth as many", r"an eighth"],
    "p9.3": [r"['\"]lower['\"]", r"\blower bound\b", r"fails? high"],
    "p9.4": [r"['\"]upper['\"]", r"\bupper bound\b", r"fails? low"],
    "p9.5": [10218, 4526],
    "p9.6": [r"pushed past"],
    "p9.7": [r"changes the move", r"costs X the game"],
    "p10.3": [r"suit P2", r"P2's own score"],
    "p10.4": [r"no cap", r"lifts C"],
    "p10.7": [r"killers?.{0,40}\b1,?249\b", r"\b1,?249\b.{0,40}killers?"],
}

#: Numbers that name a place, not a value: "lesson 3", "lessons 3 and 5", "Figure 5.2",
#: "chapter 5", "p2.4" (a prediction's id is no number on its own anyway).
REFERENCES = re.compile(r"\b(?:lessons?|chapters?|figures?|sections?)\s+\d+(?:\.\d+)?"
                        r"(?:(?:,\s*|\s+and\s+|\s+to\s+|-)\d+(?:\.\d+)?)*", re.I)
#: A list of numbers written out (a tree as nested lists): a question's data.
LISTS = re.compile(r"\[[\[\]\d\s,.\-]*\d[\[\]\d\s,.\-]*\]")
ASSERT = re.compile(r"^\s*assert\b", re.M)
#: Places where a prediction's number shows before its reveal but is not its answer, each
#: with the reason, checked by reading the lesson: (lesson, prediction) -> {text: reason}.
NOT_THE_ANSWER = {
    ("07-beyond.ipynb", "p7.4"): {
        "among 2, 20 and 20": "lesson 5's tree of p5's risky move, not the coins of p7.4"},
    ("08-monte-carlo-tree-search.ipynb", "p8.3"): {
        "+1 a win for that player, -1 a loss": "the rule, stated in UCB1's section above the "
                                               "question too; p8.3 asks to apply it"},
    ("10-more-players-dice-and-killers.ipynb", "p10.1"): {
        "[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2)]]": "the example tree in maxn's docstring"},
    **{("09-connect-four.ipynb", qid): {
        f"('{player}', '{flag}')": "how often each flag occurs at MAX and MIN nodes: both "
                                   "bounds at both, which asks the question, not answers it"
        for player in ("max", "min") for flag in ("lower", "upper")} for qid in ("p9.3", "p9.4")},
}

NUMBER_START = r"(?<![\w.])"


# ---------------------------------------------------------------- reading what shows

class _Visible(HTMLParser):
    """The text of an HTML fragment a student sees: nothing inside a closed <details> but
    its <summary>, no script or style; an <img> of SVG read for its words."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.images, self.pictures = [], [], []
        self._closed = []   # for each open <details>: is it closed?
        self._in_summary = 0
        self._skip = 0

    @property
    def hidden(self):
        return (any(self._closed) and not self._in_summary) or self._skip

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "details":
            self._closed.append("open" not in attrs)
        elif tag == "summary":
            self._in_summary += 1
        elif tag in ("script", "style"):
            self._skip += 1
        elif tag == "img" and not self.hidden:
            self.images.append(attrs)
            svg = _svg_of_data_uri(attrs.get("src") or "")
            if svg:
                self.pictures.append(svg_text(svg))

    def handle_endtag(self, tag):
        if tag == "details" and self._closed:
            self._closed.pop()
        elif tag == "summary" and self._in_summary:
            self._in_summary -= 1
        elif tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def _svg_of_data_uri(src):
    if src.startswith("data:image/svg+xml;base64,"):
        return base64.b64decode(src.split(",", 1)[1]).decode("utf-8", "replace")
    if src.startswith("data:image/svg+xml"):
        return html.unescape(src.split(",", 1)[1])
    return None


def svg_text(svg):
    """The words an SVG picture shows (its <text> elements), one per line."""
    return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", t))
                     for t in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, re.S))


def visible_html(text):
    """(visible text, [attributes of every visible <img>], [the words of each picture])."""
    parser = _Visible()
    parser.feed(text)
    parser.close()
    return "".join(parser.parts), parser.images, parser.pictures


def joined(value):
    return "".join(value) if isinstance(value, list) else (value or "")


def source(cell):
    return joined(cell.get("source", ""))


def hidden(cell, part):
    return bool(cell.get("metadata", {}).get("jupyter", {}).get(f"{part}_hidden"))


def shown_output(output):
    """(what the student reads in one output, its height in pixels)."""
    kind = output.get("output_type")
    if kind == "stream":
        text = joined(output.get("text"))
        return text, _lines(text) * CODE_LINE
    if kind == "error":
        text = "\n".join(output.get("traceback", []))
        return text, _lines(text) * CODE_LINE
    data = output.get("data", {})
    if "text/html" in data:
        text, images, pictures = visible_html(joined(data["text/html"]))
        tall = sum(_image_height(img) for img in images)
        return "\n".join([text] + pictures), tall + _lines(text) * MD_LINE
    if "text/markdown" in data:
        text = markdown_visible(joined(data["text/markdown"]))
        return text, markdown_height(text)
    if "image/svg+xml" in data:
        svg = joined(data["image/svg+xml"])
        return svg_text(svg), _svg_height(svg)
    if "image/png" in data:
        return "", _png_height(data["image/png"])
    text = joined(data.get("text/plain"))
    return text, _lines(text) * CODE_LINE


def markdown_visible(text):
    """A Markdown cell's text less what its closed <details> blocks hold."""
    shown, _, pictures = visible_html(text)
    return "\n".join([shown] + pictures)


# ---------------------------------------------------------------- how tall each part is

MD_LINE = 22          # JupyterLab: 14 px text, line height 1.6
CODE_LINE = 17        # 13 px code, line height 1.3
CHARS = 110           # characters to a line of text, the file browser open at 1280x800
CELL = 16             # a cell's padding and margins
COLLAPSED = 24        # a collapsed input or output: one thin bar
WIDTH = 900           # the width of the output area


def _lines(text, width=CHARS):
    return sum(max(1, -(-len(line) // width)) for line in text.rstrip("\n").split("\n")) \
        if text.strip() else 0


def markdown_height(text):
    tall = 0
    for block in re.split(r"\n\s*\n", text.strip()):
        if not block.strip():
            continue
        first = block.lstrip()
        if first.startswith("## "):
            tall += 48
        elif first.startswith("#"):
            tall += 38
        elif first.startswith("|"):
            tall += 30 * block.count("\n")
        elif first.startswith("```"):
            tall += CODE_LINE * block.count("\n") + 10
        else:
            items = re.split(r"\n(?=\s*(?:[-*]|\d+\.)\s)", block)
            tall += sum(_lines(" ".join(item.split())) for item in items) * MD_LINE + 12
    return tall


def _image_height(attrs):
    src = attrs.get("src") or ""
    svg = _svg_of_data_uri(src)
    natural = _svg_size(svg) if svg else _png_size(src.split(",", 1)[1]) \
        if src.startswith("data:image/png") else None
    if not natural:
        return 200
    width, tall = natural
    shown = min(float(attrs.get("width") or width), WIDTH)
    return tall * shown / width if width else tall


def _svg_size(svg):
    match = re.search(r"<svg\b[^>]*?\bwidth=\"([\d.]+)(?:pt|px)?\"[^>]*?\bheight=\"([\d.]+)"
                      r"(?:pt|px)?\"", svg, re.S)
    if not match:
        return None
    return float(match.group(1)) * 4 / 3, float(match.group(2)) * 4 / 3


def _svg_height(svg):
    size = _svg_size(svg)
    return min(size[1], size[1] * WIDTH / size[0]) if size else 200


def _png_size(b64):
    head = base64.b64decode(joined(b64)[:64])
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    width, tall = struct.unpack(">II", head[16:24])
    return width, tall


def _png_height(b64):
    size = _png_size(b64)
    return min(size[1], size[1] * WIDTH / size[0]) if size else 200


# ---------------------------------------------------------------- a lesson as seen

class Seen:
    """One thing a student sees: where it is, what it says, and how tall it is."""

    def __init__(self, index, part, text, tall):
        self.index, self.part, self.text, self.tall = index, part, text, tall

    def __repr__(self):
        return f"cell {self.index + 1} {self.part}"


@lru_cache(maxsize=None)
def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def seen(path):
    """Per cell, the list of :class:`Seen` a student sees in it, top to bottom."""
    found = []
    for i, cell in enumerate(load(path)["cells"]):
        parts = []
        text = source(cell)
        if cell["cell_type"] == "markdown":
            shown = markdown_visible(text)
            parts.append(Seen(i, "text", shown, markdown_height(shown) + CELL))
        elif cell["cell_type"] == "code":
            if hidden(cell, "source"):  # JupyterLab still shows its first line, then "•••"
                parts.append(Seen(i, "source (collapsed)", text.split("\n", 1)[0],
                                  COLLAPSED + CELL))
            else:
                parts.append(Seen(i, "source", text, _lines(text) * CODE_LINE + CELL))
            outputs = cell.get("outputs", [])
            if outputs and hidden(cell, "outputs"):
                parts.append(Seen(i, "output (collapsed)", "", COLLAPSED))
            elif outputs:
                for output in outputs:
                    shown, tall = shown_output(output)
                    parts.append(Seen(i, "output", shown, tall + 8))
        found.append(parts)
    return found


# ---------------------------------------------------------------- the answers

PREDICTION = re.compile(r"""check\(\s*["'](p\d+\.\d+)["']""")


def predictions(path):
    """[(cell index, prediction id)] of the lesson's ``check("pN.k", ...)`` cells."""
    return [(i, m.group(1)) for i, cell in enumerate(load(path)["cells"])
            if cell["cell_type"] == "code" for m in [PREDICTION.search(source(cell))] if m]


def number_pattern(value):
    """A pattern for a number in any of its spellings, standing alone."""
    number = float(value)
    spellings = set()
    if number == int(number):
        whole = int(number)
        spellings |= {str(abs(whole)), f"{abs(whole):,}", f"{abs(whole)}.0"}
    else:
        spellings |= {repr(abs(number)), f"{abs(number):g}", f"{abs(number):.2f}"}
    sign = r"[-−]\s?" if number < 0 else r"(?<![-−])(?<![-−]\s)"
    body = "|".join(sorted((re.escape(s) for s in spellings), key=len, reverse=True))
    return re.compile(rf"{NUMBER_START}{sign}(?:{body})(?![\w]|[.,]\d)")


def letter_patterns(letter):
    """The letter written as an answer: ``"b"`` in code, ``(b)``, ``b)`` or ``**b`` in text."""
    return [re.compile(rf"""(?<![\w])["']{letter}["'](?![\w])"""),
            re.compile(rf"(?<![\w(])\({letter}\)|(?<![\w(\"'`])\b{letter}\)(?![\w])"),
            re.compile(rf"\*\*{letter}\b")]


class Letter:
    """A pattern for the right letter that passes over a list of all the options (``"a",
    "b" or "c"``; ``(a) ... (b) ... (c)``): that asks, it does not answer."""

    def __init__(self, form, letter, letters):
        self.pattern = letter_patterns(letter)[form]
        self.others = [letter_patterns(x)[form] for x in letters if x != letter]

    def search(self, text):
        match = self.pattern.search(text)
        if match and all(other.search(text) for other in self.others):
            return None
        return match


def tells(qid):
    """``(written, giveaways)``: [(pattern, what)] for the answer written out, and for the
    words and facts that give it away (:data:`GIVEAWAYS`)."""
    from minimax_lessons.exercises import get_question

    question = get_question(qid)
    kind = type(question).__name__
    written = []
    if kind == "ValueQuestion":
        right = question._solve(question.data(0))
        for value in (sorted(right) if isinstance(right, (set, frozenset)) else [right]):
            written.append((number_pattern(value), f"the answer {value}"))
    elif kind == "ChoiceQuestion":
        options = [str(o) for o in question._options(0)]
        letters = string.ascii_lowercase[:len(options)]
        letter = next(x for x in letters if question.check(x).passed)
        right = options[letters.index(letter)]
        written += [(Letter(form, letter, letters), f"the letter {letter}")
                    for form in range(len(letter_patterns(letter)))]
        if len(right) <= 24:
            written.append((re.compile(rf"""["']{re.escape(right)}["']""", re.I),
                            f"the option {right!r}"))
    elif kind == "PrunedQuestion":
        names = sorted(question._pruned_leaves(question.data(0)))
        one = "|".join(map(re.escape, names))
        together = re.compile(rf"(?:{one})(?:[^\w\n]{{1,6}}(?:{one})){{{len(names) - 1}}}")
        written.append((together, "the pruned nodes " + ", ".join(names)))
    elif kind == "WindowQuestion":
        data = question.data(0)
        alpha, beta = question._windows(data["tree"], data["is_max"])[data["node"]][0]
        written.append((window_pattern(alpha, beta), f"the window ({alpha}, {beta})"))
    giveaways = []
    for giveaway in GIVEAWAYS.get(qid, []):
        if isinstance(giveaway, int):
            giveaways.append((number_pattern(giveaway), f"{giveaway:,}"))
        else:
            giveaways.append((re.compile(giveaway, re.I | re.S), giveaway))
    return written, giveaways


def window_pattern(alpha, beta):
    def side(value):
        if value == float("-inf"):
            return r"""[-−]\s*(?:math\.)?(?:inf|∞)|["']-inf["']"""
        if value == float("inf"):
            return r"""\+?\s*(?:math\.)?(?:inf|∞)|["']\+?inf["']"""
        return number_pattern(value).pattern
    return re.compile(rf"\(\s*{side(alpha)}\s*,\s*{side(beta)}\s*\)")


# ---------------------------------------------------------------- the scan

def before_the_reveal(path, index):
    """Everything a student sees below check cell ``index`` within :data:`SCREEN`."""
    cells = seen(path)
    shown, room = [], SCREEN
    for part in cells[index][1:]:   # the check cell's own output
        shown.append(part)
    for later in cells[index + 1:]:
        for part in later:
            if room <= 0:
                return shown
            shown.append(part)
            room -= part.tall
    return shown


def question_cell(path, index):
    cell_above = index - 1
    return cell_above if load(path)["cells"][cell_above]["cell_type"] == "markdown" else None


def found_in(parts, patterns, questions=(), data=()):
    """Sentences for each pattern that matches what a part shows. In the cells in
    ``questions`` (other predictions' questions) numbers are data: only the letter and
    the giveaways count there; so are the lists in ``data`` (a question's tree, written
    out again in the code that runs it)."""
    for part in parts:
        text = REFERENCES.sub(" ", part.text.replace("−", "-"))
        for literal in data:
            text = text.replace(literal, " ")
        for pattern, what in patterns:
            if part.index in questions and isinstance(pattern, re.Pattern) \
                    and pattern.pattern.startswith(NUMBER_START):
                continue
            match = pattern.search(text)
            if match:
                start = max(0, match.start() - 40)
                yield (f"{part}: {what}: "
                       f"...{' '.join(text[start:match.end() + 40].split())}...")


def earlier_lessons(path):
    """The lessons before ``path``: a giveaway there is read before the question too."""
    return [p for p in LESSONS if p.name < path.name]


def leaks(path):
    """Every place a prediction's answer shows before its reveal, as sentences."""
    found = []
    name = path.name
    asking = {question_cell(path, index) for index, _ in predictions(path)}
    data = sorted({literal for cell in asking if cell is not None
                   for literal in LISTS.findall(source(load(path)["cells"][cell]))},
                  key=len, reverse=True)
    for index, qid in predictions(path):
        written, giveaways = tells(qid)
        below = before_the_reveal(path, index)
        asked = question_cell(path, index)
        above = [part for cell in seen(path)[:index] for part in cell
                 if part.index != asked]
        allowed = NOT_THE_ANSWER.get((name, qid), {})
        found += [f"{name} {qid}: {leak}"
                  for leak in found_in(below, written + giveaways, asking - {asked},
                                       data + sorted(allowed))]
        found += [f"{name} {qid}: {part}: an assert in plain view right below the question "
                  f"(the cells that check an answer stay collapsed)"
                  for part in below if part.part.startswith("source") and ASSERT.search(part.text)]
        found += [f"{name} {qid}: above: {leak}" for leak in found_in(above, giveaways)]
        for earlier in earlier_lessons(path):
            parts = [part for cell in seen(earlier) for part in cell]
            found += [f"{name} {qid}: in {earlier.name}: {leak}"
                      for leak in found_in(parts, giveaways)]
    return found


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_no_prediction_is_answered_before_its_reveal(path):
    found = leaks(path)
    assert not found, (
        "a student sees these answers before opening the reveal: hide the cell that "
        "states it (metadata.jupyter.source_hidden, and outputs through reveal() or "
        "outputs_hidden), move the words into the closed answer, or put them a screen "
        "further down:\n" + "\n".join(found))


# ---------------------------------------------------------------- the detector itself

def _lesson(tmp_path, name, below):
    """A lesson asking p2.1 (B's value, 3), with ``below`` (cells) under its answer."""
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "**Predict.** What is B worth?"},
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "source":
            'answer = ...  # your prediction\ncheck("p2.1", answer)', "outputs": [
                {"output_type": "execute_result", "execution_count": 1, "metadata": {},
                 "data": {"text/plain": "✘ p2.1: Not answered yet: replace ... with your answer."}}]},
        {"cell_type": "markdown", "metadata": {}, "source":
            "<details><summary><b>Answer and explanation</b></summary>\n\n**3.** MIN takes "
            "the smallest.\n\n</details>"},
    ] + below
    path = tmp_path / name
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}))
    return path


def _code(text, hidden=False, output=None):
    cell = {"cell_type": "code", "metadata": {"jupyter": {"source_hidden": True}} if hidden
            else {}, "execution_count": 2, "source": text, "outputs": []}
    if output is not None:
        cell["outputs"] = [{"output_type": "execute_result", "execution_count": 2,
                            "metadata": {}, "data": output}]
    return cell


def test_the_detector_sees_an_answer_in_source_output_text_or_a_collapsed_first_line(tmp_path):
    closed = {"text/html": "<details><summary>The result</summary><pre>3</pre></details>",
              "text/plain": "The result\n3"}
    plain_view = _lesson(tmp_path, "02-a.ipynb", [_code("B = min(3, 12, 8)\nassert B == 3")])
    printed = _lesson(tmp_path, "02-b.ipynb", [_code("B", output={"text/plain": "3"})])
    said = _lesson(tmp_path, "02-c.ipynb", [
        {"cell_type": "markdown", "metadata": {}, "source": "So B is worth 3."}])
    first_line = _lesson(tmp_path, "02-d.ipynb", [_code("B = min(3, 12, 8)", hidden=True)])
    hidden_well = _lesson(tmp_path, "02-e.ipynb", [
        _code("# Checked in code: click the dots to read it.\nB = min(3, 12, 8)\n"
              "assert B == 3\nreveal(B)", hidden=True, output=closed)])
    assert any("assert in plain view" in leak for leak in leaks(plain_view))
    assert any("the answer 3" in leak and "output" in leak for leak in leaks(printed))
    assert any("the answer 3" in leak and "text" in leak for leak in leaks(said))
    assert any("source (collapsed)" in leak for leak in leaks(first_line))
    assert leaks(hidden_well) == []


def test_a_giveaway_above_the_question_is_found_and_the_question_itself_is_not_one(tmp_path):
    below = [_code("# Checked in code: click the dots to read it.\nassert True", hidden=True)]
    path = _lesson(tmp_path, "10-a.ipynb", below)
    cells = json.loads(path.read_text())["cells"]
    cells[0]["source"] = "**Predict.** Could some score at C3 lift C above B? (no cap?)"
    title = {"cell_type": "markdown", "metadata": {}, "source": "## Dice: an average has no cap"}
    for qid, name, first in (("p10.4", "10-b.ipynb", [title]), ("p10.4", "10-c.ipynb", [])):
        cells[1]["source"] = f'answer = ...\ncheck("{qid}", answer)'
        (tmp_path / name).write_text(json.dumps({"cells": first + cells, "metadata": {},
                                                 "nbformat": 4, "nbformat_minor": 5}))
    assert any("above" in leak and "no cap" in leak for leak in leaks(tmp_path / "10-b.ipynb"))
    assert leaks(tmp_path / "10-c.ipynb") == []   # the same words in the question itself
