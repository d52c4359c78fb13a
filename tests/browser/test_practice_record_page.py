"""A saved practice page remembers, in the browser, where its student got to: the level and
the tree in progress after a reload, the mistakes in a small panel, and forgets all of it at
Clear my record. Offline, from file://, with no request but the page itself."""

from pathlib import Path

import pytest

from tests.browser.test_practice_page import (_text, feedback, look, node, solve_values,
                                              type_value, wait_data)

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def panel(page):
    return page.locator(".mmp-record")


def max_everywhere_at_root(tree):
    """(the root, the value taking the largest leaf gives it): the max at every level."""
    root = tree.game.root
    wrong = max(v for child in tree.game.to_nested() for v in child)
    assert "max-at-every-level" in tree.judge("values", root, wrong).diagnosis
    return root, wrong


def test_a_saved_page_remembers_its_level_and_mistakes_after_a_reload_until_cleared(
        browser, tmp_path):
    from minimax_lessons.exercises.practising import Practice, practice

    path = practice("values", level=1, trees=1).save(tmp_path / "values.html", trees=3)
    trees = Practice("values", per_level=3).trees_at(1)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, offline=True)
    page = context.new_page()
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(path.as_uri())
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
        page.screenshot(path=str(ARTIFACTS / "practice_record_before_reload.png"),
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
        page.reload()
        widget = page.locator(".mmp")
        widget.wait_for(state="visible")
        # the page reads its record as it starts: wait for the level it shows, not a moment
        widget.locator(".mmp-level", has_text="Level 2 of 5").wait_for(state="visible")
        assert widget.locator(".mmp-level").inner_text().startswith("Level 2 of 5")
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
        page.screenshot(path=str(ARTIFACTS / "practice_record_after_reload.png"),
                        full_page=True)

        # Cleared: gone, and the next opening starts at the page's own level again.
        page.get_by_role("button", name="Clear my record").click()
        assert "Cleared" in panel(page).inner_text()
        assert "Nothing recorded yet" in panel(page).inner_text()
        page.reload()
        page.locator(".mmp").wait_for(state="visible")
        assert page.locator(".mmp-level").inner_text().startswith("Level 1 of 5")
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "practice_record_page.png"), full_page=True)
        context.close()
    assert not errors, "browser console errors:\n" + "\n".join(errors)
    assert set(requests) == {path.as_uri()}, requests


def test_a_page_where_the_browser_keeps_nothing_still_works_and_says_so(browser, tmp_path):
    from minimax_lessons.exercises.practising import practice

    path = practice("best-move", level=1, trees=1).save(tmp_path / "best.html", trees=1)
    tree = practice("best-move", level=1, trees=1).trees_at(1)[0]
    context = browser.new_context(offline=True)
    context.add_init_script("Object.defineProperty(window, 'localStorage', "
                            "{get() { throw new Error('storage is off'); }});")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(path.as_uri())
        widget = page.locator(".mmp")
        best = next(c for c, item in tree.items("move").items() if item.answer)
        node(widget, best, tree).click()
        wait_data(widget, "done", 1)
        assert "keeps no record" in panel(page).inner_text()
    finally:
        context.close()
    assert not errors
