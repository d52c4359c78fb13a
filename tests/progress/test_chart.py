"""The dashboard's picture: well-formed SVG holding every lesson's numbers and every mistake's
name and state, a cross per wrong answer and a ring per right one when it came back, and no
text running out of the picture or into another."""

import importlib.util
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from minimax_lessons.logbook import answer
from minimax_lessons.mistakes import DIAGNOSES
from minimax_lessons.pictures.raster import svg_to_png
from minimax_lessons.progress.chart import (MARK, NAME_ROOM, ROWS, TEXT, WIDTH, name_lines, svg,
                                           wide, words)
from minimax_lessons.progress.places import plan
from minimax_lessons.progress.schedule import is_named
from minimax_lessons.progress.summary import summarise
from tests.progress.test_summary import DAY, MAX_ALL, book_of_a_week

NS = {"s": "http://www.w3.org/2000/svg"}


def book_of_long_names():
    """One wrong answer a day for each of the eight longest mistake names."""
    longest = sorted(filter(is_named, DIAGNOSES), key=lambda d: (-len(d), d))[:ROWS]
    return [answer("q2.1", n, False, [d], kind="value", time=n * DAY)
            for n, d in enumerate(longest)], len(longest) * DAY


def book_of_two_months(n=10_000, seed=3):
    """Answers of every kind over 60 days, as a student who used the course for a term."""
    rng, course = random.Random(seed), plan()
    questions = [q for lesson in course.predictions
                 for q in course.predictions[lesson] + course.exercises[lesson]]
    mistakes = sorted(filter(is_named, DIAGNOSES))[:12]
    book = []
    for i in range(n):
        t = 60 * DAY * i / n
        right = rng.random() < 0.5 + 0.4 * i / n
        wrong = [] if right else [rng.choice(mistakes)]
        if rng.random() < 0.6:
            book.append(answer(rng.choice(questions), rng.randrange(50), right, wrong,
                               kind="value", time=t))
        else:
            book.append(answer("practice:values", f"0:{i}", right, wrong,
                               kind="practice-values", time=t))
    return book, 60 * DAY


BOOKS = {"a week": book_of_a_week, "long names": book_of_long_names,
         "two months": book_of_two_months, "one answer": lambda: (
             [answer("p2.1", 0, False, [MAX_ALL], kind="value", time=0)], 30)}


def picture_of(book_and_now):
    book, now = book_and_now
    summary = summarise(book, now=now)
    return summary, ET.fromstring(svg(summary))


def texts(root):
    """Every text of the picture: (its words, its box: left, top, right, bottom)."""
    out = []
    for t in root.iter(f"{{{NS['s']}}}text"):
        size, x, baseline = float(t.get("font-size")), float(t.get("x")), float(t.get("y"))
        width = wide(t.text, size)
        anchor = t.get("text-anchor", "start")
        left = x - {"start": 0, "middle": width / 2, "end": width}[anchor]
        out.append((t.text, (left, baseline - 0.8 * size, left + width, baseline + 0.25 * size)))
    return out


def group_texts(group, klass):
    return [t.text for t in group.iter(f"{{{NS['s']}}}text") if t.get("class") == klass]


# -- what it holds ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(BOOKS))
def test_the_picture_is_well_formed_svg_with_each_lessons_numbers(name):
    summary, root = picture_of(BOOKS[name]())
    assert root.tag == f"{{{NS['s']}}}svg" and root.get("width") == str(WIDTH)
    assert root.get("viewBox") == f"0 0 {WIDTH} {root.get('height')}"
    lessons = root.findall(".//s:g[@class='lesson']", NS)
    assert [int(g.get("data-lesson")) for g in lessons] == [r.lesson for r in summary.lessons]
    for g, r in zip(lessons, summary.lessons):
        right = r.predictions_right + r.exercises_right
        done = r.predictions_done + r.exercises_done
        assert group_texts(g, "name") == [f"Lesson {r.lesson}"]
        assert group_texts(g, "numbers") == [f"{right}/{done}/{r.predictions + r.exercises}"]
    assert root.find("s:title", NS).text == words(summary)


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_each_mistake_drawn_has_its_name_and_state_the_most_urgent_first(name):
    summary, root = picture_of(BOOKS[name]())
    rows = root.findall(".//s:g[@class='mistake']", NS)
    drawn = summary.misconceptions[:ROWS]
    assert [g.get("data-diagnosis") for g in rows] == [m.diagnosis for m in drawn]
    for g, m in zip(rows, drawn):
        assert " ".join(group_texts(g, "name")) == m.name
        assert group_texts(g, "state") == [m.state]


def test_each_row_has_a_cross_where_the_mistake_was_made_and_a_ring_where_it_was_right():
    summary, root = picture_of(book_of_a_week())
    rows = {g.get("data-diagnosis"): g for g in root.findall(".//s:g[@class='mistake']", NS)}
    count = {d: (len(g.findall("s:use[@class='cross']", NS)),
                 len(g.findall("s:use[@class='ring']", NS))) for d, g in rows.items()}
    # made on days 0-3, right on days 4, 5 and 6; prune strict made every day
    assert count == {MAX_ALL: (4, 3), "prune-strict": (7, 0)}
    for m in summary.misconceptions:  # a mark per answer that moved it (days apart here)
        assert count[m.diagnosis] == (sum(not ok for _, ok in m.history),
                                      sum(ok for _, ok in m.history))
    states = {d: group_texts(g, "state")[0] for d, g in rows.items()}
    assert states == {MAX_ALL: "gone for now", "prune-strict": "still there"}


def test_marks_stand_left_of_now_in_the_order_the_answers_came():
    summary, root = picture_of(book_of_a_week())
    row = root.find(f".//s:g[@data-diagnosis='{MAX_ALL}']", NS)
    crosses = [float(u.get("x")) for u in row.findall("s:use[@class='cross']", NS)]
    rings = [float(u.get("x")) for u in row.findall("s:use[@class='ring']", NS)]
    assert crosses == sorted(crosses) and rings == sorted(rings) and max(crosses) < min(rings)
    ticks = {t.text: float(t.get("x")) for t in root.iter(f"{{{NS['s']}}}text")
             if t.get("class") == "tick"}
    assert max(rings) <= ticks["now"] and ticks["6"] < ticks["now"]
    assert "days ago" in [t for t, _ in texts(root)]


def test_answers_in_the_same_minute_of_a_week_draw_one_mark():
    book = [answer("q2.1", n, False, [MAX_ALL], kind="value", time=n) for n in range(50)]
    book.append(answer("q2.1", 99, False, [MAX_ALL], kind="value", time=7 * DAY))
    summary, root = picture_of((book, 7 * DAY))
    assert summary.misconceptions[0].times == 51
    assert len(root.findall(".//s:use[@class='cross']", NS)) == 2


def test_time_reads_in_minutes_hours_or_days_by_how_long_the_record_is():
    for span, unit in ((30 * 60, "minutes ago"), (20 * 3600, "hours ago"), (9 * DAY, "days ago")):
        book = [answer("q2.1", 0, False, [MAX_ALL], kind="value", time=0)]
        _, root = picture_of((book, span))
        assert unit in [t for t, _ in texts(root)]


def test_the_answered_bar_is_hatched_and_the_marks_differ_in_shape_not_only_colour():
    _, root = picture_of(book_of_a_week())
    pattern = root.find(".//s:pattern[@id='mml-answered']", NS)
    assert pattern.find("s:line", NS) is not None  # hatched: lines, not a flat colour
    cross, ring = (root.find(f".//s:defs/*[@id='mml-{m}']", NS) for m in ("cross", "ring"))
    assert cross.tag.endswith("path") and ring.tag.endswith("circle")  # an x and an o
    answered = root.findall(".//s:rect[@class='answered']", NS)
    assert answered and all(r.get("fill") == "url(#mml-answered)" for r in answered)
    assert root.findall(".//s:use[@class='cross']", NS) and \
        root.findall(".//s:use[@class='ring']", NS)


# -- it fits ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(BOOKS))
def test_no_text_runs_out_of_the_picture_or_into_another(name):
    _, root = picture_of(BOOKS[name]())
    boxes = texts(root)
    height = float(root.get("height"))
    for words_, (left, top, right, bottom) in boxes:
        assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= height, words_
    for i, (a, (l1, t1, r1, b1)) in enumerate(boxes):
        for b, (l2, t2, r2, b2) in boxes[i + 1:]:
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, (a, b)


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_names_end_before_the_bars_and_marks_begin_and_states_after_the_last_mark(name):
    _, root = picture_of(BOOKS[name]())
    names = [box[2] for t, box in texts(root) if t.startswith("Lesson ")]
    bars = [float(r.get("x")) for r in root.findall(".//s:rect[@class='questions']", NS)]
    assert max(names) < min(bars)
    for g in root.findall(".//s:g[@class='mistake']", NS):
        boxes = dict(texts(g))
        marks = [float(u.get("x")) for u in g.findall("s:use", NS)]
        state = boxes[group_texts(g, "state")[0]]
        assert max(boxes[n][2] for n in group_texts(g, "name")) < min(marks) - MARK
        assert max(marks) + MARK < state[0]


def test_a_long_name_takes_two_lines_and_every_line_fits_the_name_column():
    assert name_lines("prunes chance without bounds") == ["prunes chance", "without bounds"]
    assert name_lines("players swapped") == ["players swapped"]
    for d in DIAGNOSES:
        lines = name_lines(d.replace("-", " "))
        assert " ".join(lines) == d.replace("-", " ") and len(lines) <= 2
        assert all(wide(line, TEXT) <= NAME_ROOM for line in lines), lines


def test_the_width_estimate_holds_for_the_font_the_png_is_drawn_in():
    """Every text of the pictures, every mistake's name and every state is no wider in DejaVu
    Sans (the PNG's font, and among the widest sans-serif fonts a browser falls back to)
    than the picture allows for it, and a name not a third wider than it needs."""
    ttLib = pytest.importorskip("fontTools.ttLib")
    spec = importlib.util.find_spec("matplotlib")  # the fonts the PNG is drawn in ship with it
    folder = Path(spec.submodule_search_locations[0]) / "mpl-data" / "fonts" / "ttf"
    faces = {}
    for italic, file in ((False, "DejaVuSans.ttf"), (True, "DejaVuSans-Oblique.ttf")):
        font = ttLib.TTFont(folder / file)
        faces[italic] = (font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm)

    def real(text, size, italic=False):
        cmap, hmtx, em = faces[italic]
        return sum(hmtx[cmap[ord(c)]][0] for c in text) / em * size

    for name in BOOKS:
        _, root = picture_of(BOOKS[name]())
        for t in root.iter("{http://www.w3.org/2000/svg}text"):
            size, italic = float(t.get("font-size")), t.get("font-style") == "italic"
            assert real(t.text, size, italic) <= wide(t.text, size), t.text
    for d in filter(is_named, DIAGNOSES):
        name = d.replace("-", " ")
        assert real(name, TEXT) <= wide(name, TEXT) <= 1.33 * real(name, TEXT), name
    for state in ("still there", "fading", "gone for now"):
        assert real(state, 17, italic=True) <= wide(state, 17)


# -- the rest --------------------------------------------------------------------------------

def test_the_same_summary_draws_the_same_picture_and_nothing_recorded_draws_none():
    book, now = book_of_a_week()
    assert svg(summarise(book, now=now)) == svg(summarise(book, now=now))
    assert svg(summarise([], now=0)) is None


def test_answers_without_a_named_mistake_say_so_in_the_picture():
    summary, root = picture_of(([answer("p2.1", 0, True, kind="value", time=0)], 60))
    assert not root.findall(".//s:g[@class='mistake']", NS)
    assert "No named mistake so far." in [t for t, _ in texts(root)]


def test_more_mistakes_than_rows_are_counted_under_the_picture():
    names = [d for d in sorted(DIAGNOSES) if is_named(d)][:ROWS + 3]
    book = [answer("q2.1", n, False, [d], kind="value", time=n) for n, d in enumerate(names)]
    summary, root = picture_of((book, 100))
    assert len(root.findall(".//s:g[@class='mistake']", NS)) == ROWS
    assert "and 3 more in the table below" in [t for t, _ in texts(root)]


def test_the_picture_rasterises_at_its_width():
    png = svg_to_png(svg(summarise(*book_of_a_week())))
    if png is None:
        pytest.skip("resvg-py is not installed")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == WIDTH
