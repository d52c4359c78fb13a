"""Lesson 9's Connect Four board plays in JupyterLab: a click drops a piece, the program answers.

Checked on the page of lesson 9 run in JupyterLab, by the test that runs every lesson
(test_pictures_fit.py), so that lesson 9 is not run again for its board alone.
"""

import re
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def the_board_answers_a_click_with_its_depth_and_values(page):
    """A click on a column drops an X; the program answers with an O, and says how deep it
    looked and what each column is worth to it."""
    drop = page.get_by_role("button", name="↓ 3")
    drop.wait_for(state="visible")
    assert page.get_by_role("button", name=re.compile(r"^↓ \d$")).count() == 7
    drop.click()
    thoughts = page.locator(".widget-html", has_text="The program looked")
    thoughts.wait_for(state="visible", timeout=20_000)
    text = thoughts.inner_text()
    depth = int(re.search(r"looked (\d+) plies ahead", text).group(1))
    assert depth >= 1
    assert len(re.findall(r"\b[0-6]: (win|loss|[+-]?\d\.\d\d)", text)) == 7
    board = page.locator(".widget-html svg").first
    assert board.locator("text", has_text=re.compile(r"^X$")).count() == 1
    assert board.locator("text", has_text=re.compile(r"^O$")).count() == 1


def the_board_ignores_a_click_made_while_the_program_thinks(page):
    """Two quick clicks, as a student who thinks nothing happened makes them: both reach the
    kernel before the board can disable anything. Only the first is played; the board says
    the program is thinking, with every button disabled, until it has answered.
    Starts with "New game" (no piece on the board)."""
    page.get_by_role("button", name="New game").click()
    board = page.locator(".widget-html svg").first
    # the new game's empty board (the status "Your move (X)" may be left from the last one)
    page.wait_for_function("""() => ![...document.querySelector('.widget-html svg')
        .querySelectorAll('text')].some(t => /^[XO]$/.test(t.textContent))""")
    page.locator(".widget-html", has_text="Your move (X)").wait_for(state="visible")
    assert board.locator("text", has_text=re.compile(r"^[XO]$")).count() == 0
    page.get_by_role("button", name="↓ 3").wait_for(state="visible")
    page.evaluate("""() => {
        const button = n => [...document.querySelectorAll('button')]
            .find(b => b.textContent.trim() === '↓ ' + n);
        button(3).click();
        button(5).click();
    }""")
    thinking = page.locator(".widget-html", has_text="is thinking")
    thinking.wait_for(state="visible", timeout=20_000)
    assert page.get_by_role("button", name="↓ 0").is_disabled()
    assert page.get_by_role("button", name="New game").is_disabled()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    widget = page.locator(".widget-vbox", has=thinking).last
    widget.screenshot(path=str(ARTIFACTS / "connect_four_thinking.png"))
    page.locator(".widget-html", has_text="Your move (X)").wait_for(state="visible",
                                                                   timeout=20_000)
    board = page.locator(".widget-html svg").first
    assert board.locator("text", has_text=re.compile(r"^X$")).count() == 1
    assert board.locator("text", has_text=re.compile(r"^O$")).count() == 1
    assert not page.get_by_role("button", name="↓ 0").is_disabled()
    assert board.locator("text.values-label", has_text="the program's values").count() == 1
