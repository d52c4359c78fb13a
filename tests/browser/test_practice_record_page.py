"""A saved practice page remembers, in the browser, where its student got to: the level and
the tree in progress when it is opened again, the mistakes in a small panel, and forgets
all of it at Clear my record; open in two tabs, both add to one record. Offline, from
file://, with no request but the page itself."""

import json
from contextlib import ExitStack, contextmanager

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.saved_pages import ARTIFACTS, saved_page, watched
from tests.browser.test_practice_page import (_text, feedback, look, node, solve_values,
                                              type_value, wait_data)

pytestmark = pytest.mark.browser


def panel(page):
    return page.locator(".mmp-record")


def max_everywhere_at_root(tree):
    """(the root, the value taking the largest leaf gives it): the max at every level."""
    root = tree.game.root
    wrong = max(v for child in tree.game.to_nested() for v in child)
    assert "max-at-every-level" in tree.judge("values", root, wrong).diagnosis
    return root, wrong


def holding(stored: dict) -> str:
    """A script that, run before a page's own (an init script), puts ``stored`` (key: text)
    in its localStorage: the page opens in a browser that already holds that record."""
    return (f"for (const [k, v] of Object.entries({json.dumps(stored)})) "
            "localStorage.setItem(k, v);")


def opened_again(page, errors, requests, later):
    """The same file opened again as a student comes back to it: in a browser of its own (a
    new context, closed by ``later``) whose localStorage holds, as the page starts, exactly
    what ``page`` holds in it now; ``page`` closed. The record is read back as the page
    itself wrote it (its writes are done in the task that shows the change), so what is
    tested is the page: that what it keeps is enough to go on where it stopped.

    Not the same context again: there Chromium hands one tab's localStorage to the next a
    moment later, and three times under the full suite's load (twice on CI) the page opened
    again started from an empty record: twice on a reload of its tab (once after another tab
    had read the record), once in a new tab after the same check. That is Chromium's timing, not
    the page's, which shows the record it reads as it starts (what it adds later goes to the
    record as stored then: the test of a record that reaches the page late)."""
    stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    context = page.context.browser.new_context(offline=True, viewport=page.viewport_size)
    later.callback(context.close)
    context.add_init_script(holding(stored))
    again = watched(context.new_page(), errors, requests)
    again.goto(page.url)
    again.locator(".mmp").wait_for(state="visible")
    page.close()
    return again


def shows_level(page, text, errors):
    """Wait until the widget's level line starts with ``text``; if it never does, say what
    the page shows, what it has in localStorage and what its console said."""
    try:
        page.locator(".mmp .mmp-level", has_text=text).wait_for(state="visible")
    except PlaywrightTimeout:
        seen = page.evaluate("""() => ({
            level: document.querySelector(".mmp-level")?.textContent,
            record: document.querySelector(".mmp-record")?.innerText,
            stored: Object.fromEntries(Object.entries(localStorage))})""")
        raise AssertionError(f"the page does not show {text!r}: {seen}; console: {errors}")
    assert page.locator(".mmp-level").inner_text().startswith(text)


def test_a_saved_page_remembers_its_level_and_mistakes_when_opened_again_until_cleared(
        browser, tmp_path):
    from minimax_lessons.exercises.practising import Practice, practice

    path = practice("values", level=1, trees=1).save(tmp_path / "values.html", trees=3)
    trees = Practice("values", per_level=3).trees_at(1)
    with ExitStack() as later, saved_page(browser, path, viewport={"width": 1024, "height": 768},
                                          shot="practice_record_page.png") as saved:
        page, errors, requests = saved.page, saved.errors, saved.requests
        widget = page.locator(".mmp")
        widget.wait_for(state="visible")
        assert "Nothing recorded yet" in panel(page).inner_text()

        # A wrong value at the root of the first tree: the max at every level, named in the
        # widget and, with its count, in the panel.
        tree = trees[0]
        root, wrong = max_everywhere_at_root(tree)
        type_value(widget, tree, root, str(wrong))
        assert "\u2718" in feedback(widget)
        assert "max at every level: 1 time, last today" in panel(page).inner_text()
        solve_values(widget, tree)
        wait_data(widget, "done", 1)

        # Three clean trees raise the level; the panel says so.
        for k, clean in enumerate([trees[1], trees[2], trees[0]]):
            widget.get_by_role("button", name="New tree").click()
            solve_values(widget, clean)
            wait_data(widget, "done", 2 + k)
        assert widget.locator(".mmp-level").inner_text().startswith("Level 2 of 5")
        summary = panel(page).locator(".mmp-record-summary").inner_text()
        assert "4 trees done; level 2 of 5 reached" in summary, summary
        page.screenshot(path=str(ARTIFACTS / "practice_record_before_reopening.png"),
                        full_page=True)

        # A tree of level 2 begun: one node answered right, one wrong.
        widget.get_by_role("button", name="New tree").click()
        begun = Practice("values", per_level=3).trees_at(2)[0]
        (first, item), (second, _) = list(begun.items("values").items())[:2]
        type_value(widget, begun, first, str(item.answer))
        type_value(widget, begun, second, str(begun.answer(second) + 1))
        before = [look(page, begun.ids[name]) for name in (first, second)]
        assert [b["mark"] for b in before] == ["\u2714", "\u2718"]

        # Opened again: level 2, the record still there, and the tree in progress as it was.
        saved.page = page = opened_again(page, errors, requests, later)
        widget = page.locator(".mmp")
        shows_level(page, "Level 2 of 5", errors)
        assert "max at every level: 1 time" in panel(page).inner_text()
        assert [look(page, begun.ids[name]) for name in (first, second)] == before
        assert node(widget, first, begun).locator("text").first.text_content().strip() == \
            _text(item.answer)
        leaves = [node(widget, leaf, begun).locator("text").first.text_content().strip()
                  for leaf in begun.game.leaves]
        assert leaves == [_text(begun.game.utility(leaf)) for leaf in begun.game.leaves]
        assert "\u2718" in feedback(widget)  # the last word said, said again
        solve_values(widget, begun)  # and it goes on from there
        wait_data(widget, "done", 5)
        page.screenshot(path=str(ARTIFACTS / "practice_record_after_reopening.png"),
                        full_page=True)

        # Cleared: gone, and the next opening starts at the page's own level again.
        page.get_by_role("button", name="Clear my record").click()
        assert "Cleared" in panel(page).inner_text()
        assert "Nothing recorded yet" in panel(page).inner_text()
        assert page.evaluate("() => localStorage.length") == 0
        saved.page = page = opened_again(page, errors, requests, later)
        shows_level(page, "Level 1 of 5", errors)
    assert set(requests) == {path.as_uri()}, requests


def test_a_page_where_the_browser_keeps_nothing_still_works_and_says_so(browser, tmp_path):
    from minimax_lessons.exercises.practising import practice

    path = practice("best-move", level=1, trees=1).save(tmp_path / "best.html", trees=1)
    tree = practice("best-move", level=1, trees=1).trees_at(1)[0]
    no_storage = ("Object.defineProperty(window, 'localStorage', "
                  "{get() { throw new Error('storage is off'); }});")
    with saved_page(browser, path, init_script=no_storage) as saved:
        widget = saved.page.locator(".mmp")
        best = next(c for c, item in tree.items("move").items() if item.answer)
        node(widget, best, tree).click()
        wait_data(widget, "done", 1)
        assert "keeps no record" in panel(saved.page).inner_text()



def summary(page, text):
    """Wait until the record's panel in ``page`` says ``text``; return what it says."""
    said = panel(page).locator(".mmp-record-summary")
    said.filter(has_text=text).wait_for(state="visible")
    return said.inner_text()


def test_two_tabs_of_a_page_add_to_one_record_and_each_panel_follows_the_other(
        browser, tmp_path):
    """A student with the page open twice loses nothing: each tab adds its answers to the
    record as stored, not to a copy it read when it opened, and each panel shows what the
    other tab did; a record cleared in one tab is cleared in the other."""
    from minimax_lessons.exercises.practising import Practice, practice

    path = practice("values", level=1, trees=1).save(tmp_path / "values.html", trees=3)
    tree = Practice("values", per_level=3).trees_at(1)[0]
    with saved_page(browser, path, viewport={"width": 1024, "height": 768},
                    shot="practice_record_two_tabs.png") as saved:
        first = saved.page
        first.locator(".mmp").wait_for(state="visible")
        second = watched(first.context.new_page(), saved.errors, saved.requests)
        second.set_viewport_size({"width": 1024, "height": 768})
        second.goto(first.url)
        second.locator(".mmp").wait_for(state="visible")

        root, wrong = max_everywhere_at_root(tree)
        type_value(second.locator(".mmp"), tree, root, str(wrong))
        assert "\u2718" in feedback(second.locator(".mmp"))
        summary(first, "1 answer, 0 right")  # the first tab learns of the second's answer
        assert "max at every level: 1 time" in panel(first).inner_text()

        (name, item), *_ = tree.items("values").items()
        type_value(first.locator(".mmp"), tree, name, str(item.answer))
        assert "\u2714" in feedback(first.locator(".mmp"))
        summary(second, "2 answers, 1 right")  # and the second of the first's
        stored = json.loads(first.evaluate(f"() => localStorage.getItem({json.dumps(KEY)})"))
        assert [a["right"] for a in stored["answers"]] == [False, True]
        assert stored["answers"][0]["diagnoses"] == ["max-at-every-level"]
        assert summary(first, "2 answers, 1 right").startswith("2 answers, 1 right")

        first.get_by_role("button", name="Clear my record").click()
        summary(second, "Nothing recorded yet")
        type_value(second.locator(".mmp"), tree, name, str(item.answer))
        summary(first, "1 answer, 1 right")  # after the clear, a record of one answer
        stored = json.loads(second.evaluate(f"() => localStorage.getItem({json.dumps(KEY)})"))
        assert [a["right"] for a in stored["answers"]] == [True]
        second.close()
    assert set(saved.requests) == {path.as_uri()}, saved.requests



def test_a_record_that_reaches_the_page_after_it_opened_is_added_to_not_replaced(
        browser, tmp_path):
    """A page that started from an empty record (a browser still handing the last writes
    over, as headless Chromium did under load) and then finds one in the store adds its
    answer to that record: the student's answers, trees and level stay. The record is put
    in the store by the page's own script, which no storage event tells the page of."""
    from minimax_lessons.exercises.practising import Practice, practice

    path = practice("values", level=1, trees=1).save(tmp_path / "values.html", trees=3)
    tree = Practice("values", per_level=3).trees_at(1)[0]
    earlier = [{"time": 1, "right": False, "diagnoses": ["max-at-every-level"], "level": 2}] * 3
    record = {"level": 2, "trees": 4, "answers": earlier, "progress": None}
    with saved_page(browser, path) as saved:
        page = saved.page
        widget = page.locator(".mmp")
        widget.wait_for(state="visible")
        assert "Nothing recorded yet" in panel(page).inner_text()
        page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                      [KEY, json.dumps(record)])
        (name, item), *_ = tree.items("values").items()
        type_value(widget, tree, name, str(item.answer))
        assert "\u2714" in feedback(widget)
        stored = json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(KEY)})"))
        assert stored["answers"][:3] == earlier and stored["answers"][3]["right"] is True
        assert len(stored["answers"]) == 4 and (stored["level"], stored["trees"]) == (2, 4)
        assert stored["progress"]["seed"] == tree.seed  # the tree in progress is this page's
        assert "4 answers, 1 right; 4 trees done; level 2 of 5" in panel(page).inner_text()


@contextmanager
def opened_with_record(browser, tmp_path, progress):
    """A values page (level 1, three trees a level) opened in a browser whose record of it
    says level 2, four trees done, and ``progress`` as the tree in progress: a
    :func:`saved_page`."""
    from minimax_lessons.exercises.practising import practice

    path = practice("values", level=1, trees=1).save(tmp_path / "values.html", trees=3)
    record = {"level": 2, "trees": 4, "answers": [], "progress": progress}
    with saved_page(browser, path, viewport={"width": 1024, "height": 768},
                    init_script=holding({KEY: json.dumps(record)})) as saved:
        saved.page.locator(".mmp").wait_for(state="visible")
        yield saved


KEY = "minimax-lessons:practice:values:ties-prune"


def shown_leaves(widget, tree):
    """The leaf values the widget draws where ``tree`` has its leaves ('' where it has none)."""
    found = [node(widget, leaf, tree).locator("text") for leaf in tree.game.leaves]
    return [t.first.text_content().strip() if t.count() else "" for t in found]


def test_a_kept_tree_the_page_cannot_show_again_gives_a_new_tree_at_the_record_s_level(
        browser, tmp_path):
    from minimax_lessons.exercises.practising import Practice

    tree = Practice("values", per_level=3).trees_at(2)[0]
    kept = {"version": 1, "level": 2, "at": 0, "seed": tree.seed, "stage": 0,
            "next": [[2, 1]], "state": 5, "said": {"kind": "wrong", "text": "kept"}}
    with opened_with_record(browser, tmp_path, kept) as saved:
        page, errors, warnings = saved.page, saved.errors, saved.warnings
        widget = page.locator(".mmp")
        shows_level(page, "Level 2 of 5", errors)
        assert shown_leaves(widget, tree) == [_text(tree.game.utility(leaf))
                                              for leaf in tree.game.leaves]
        assert feedback(widget) == ""  # nothing said of the tree that could not be shown
        assert page.locator("text.mmp-mark").count() == 0
        assert any("cannot be shown again" in w for w in warnings), warnings
        solve_values(widget, tree)  # and practice goes on, on that tree
        wait_data(widget, "done", 1)


def test_a_record_kept_by_a_page_with_more_trees_a_level_goes_on_with_this_page_s_trees(
        browser, tmp_path):
    from minimax_lessons.exercises.practising import Practice

    trees = Practice("values", per_level=3).trees_at(2)
    kept = {"version": 1, "level": 2, "at": 0, "seed": trees[0].seed, "stage": 0,
            "next": [[2, 7]], "state": [], "said": {"kind": "info", "text": ""}}
    with opened_with_record(browser, tmp_path, kept) as saved:
        page, errors, warnings = saved.page, saved.errors, saved.warnings
        widget = page.locator(".mmp")
        shows_level(page, "Level 2 of 5", errors)
        widget.get_by_role("button", name="New tree").click()
        # the eighth tree of a level of three: the second, as the page goes round them
        expected = [_text(trees[1].game.utility(leaf)) for leaf in trees[1].game.leaves]
        page.wait_for_function(
            "([ids, want]) => ids.every((id, k) => document.querySelector("
            "`g[id=\"${id}\"] text`)?.textContent.trim() === want[k])",
            arg=[[trees[1].ids[leaf] for leaf in trees[1].game.leaves], expected])
        solve_values(widget, trees[1])
        wait_data(widget, "done", 1)
