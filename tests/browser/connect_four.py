"""Lesson 9's Connect Four board plays in JupyterLab: a click drops a piece, the program answers.

Checked on the page of lesson 9 run in JupyterLab, by the test that runs every lesson
(test_pictures_fit.py), so that lesson 9 is not run again for its board alone.
"""

import re
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
#: How long the board may take to show a state the kernel has reached: a search of about a
#: second, then the board's SVG through the widget's comm, on a loaded machine.
STATE_MS = 60_000

#: The board's discs, by mark (the board is the notebook's first widget showing an SVG).
DISCS_JS = """() => {
    const svg = document.querySelector('.widget-html svg');
    const marks = svg ? [...svg.querySelectorAll('text.disc')].map(t => t.textContent) : null;
    return marks && {X: marks.filter(m => m === 'X').length,
                     O: marks.filter(m => m === 'O').length};
}"""


def wait_for_discs(page, x, o):
    """Wait until the board shows exactly ``x`` X discs and ``o`` O discs."""
    page.wait_for_function(f"() => {{ const d = ({DISCS_JS})(); "
                           f"return !!d && d.X === {x} && d.O === {o}; }}", timeout=STATE_MS)


def discs(page) -> dict:
    return page.evaluate(DISCS_JS)


#: Watch the page from now on: the first time the status says the program is thinking,
#: note whether the column buttons and New game were disabled (the kernel disables them in
#: the same refresh, before it writes the status). A watcher, not a look at the page later,
#: because on a loaded machine the browser may show the search's start and end at once.
WATCH_THINKING_JS = """() => {
    const button = name => [...document.querySelectorAll('button')]
        .find(b => b.textContent.trim() === name);
    const seen = window.connectFourSeen = {thinking: false, disabled: null};
    const look = () => {
        if (seen.thinking) return;
        if (![...document.querySelectorAll('.widget-html')]
                .some(h => h.textContent.includes('is thinking'))) return;
        seen.thinking = true;
        seen.disabled = [0, 1, 2, 3, 4, 5, 6].every(c => button('↓ ' + c).disabled)
            && button('New game').disabled;
    };
    new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
        characterData: true, attributes: true, attributeFilter: ['disabled']});
}"""


def the_board_answers_a_click_with_its_depth_and_values(page):
    """A click on a column drops an X; the program answers with an O, and says how deep it
    looked and what each column is worth to it. Starts on the board as Run All left it:
    empty, the program not moved yet."""
    drop = page.get_by_role("button", name="↓ 3")
    drop.wait_for(state="visible")
    assert page.get_by_role("button", name=re.compile(r"^↓ \d$")).count() == 7
    wait_for_discs(page, 0, 0)
    page.locator(".widget-html", has_text="The program has not moved yet.").wait_for()
    drop.click()
    # the answer, not a text left over: "looked" is written only once the program has moved
    thoughts = page.locator(".widget-html", has_text="The program looked")
    thoughts.wait_for(state="visible", timeout=STATE_MS)
    wait_for_discs(page, 1, 1)  # the board and the thoughts come from one refresh
    text = thoughts.inner_text()
    depth = int(re.search(r"looked (\d+) plies ahead", text).group(1))
    assert depth >= 1
    assert len(re.findall(r"\b[0-6]: (win|loss|[+-]?\d\.\d\d)", text)) == 7


def the_board_ignores_a_click_made_while_the_program_thinks(page):
    """Two quick clicks, as a student who thinks nothing happened makes them: both reach the
    kernel before the board can disable anything. Only the first is played; the board says
    the program is thinking, with every button disabled, until it has answered.

    Starts with "New game" during a game, so every state waited for is one that game could
    not have left on the page: an empty board with "not moved yet", then one disc each
    with "looked"; "is thinking" in between is caught by a watcher (WATCH_THINKING_JS)."""
    assert discs(page) != {"X": 0, "O": 0}, "no game under way: New game would change nothing"
    page.get_by_role("button", name="New game").click()
    wait_for_discs(page, 0, 0)
    page.locator(".widget-html", has_text="The program has not moved yet.").wait_for(
        timeout=STATE_MS)
    page.evaluate(WATCH_THINKING_JS)
    page.evaluate("""() => {
        const button = n => [...document.querySelectorAll('button')]
            .find(b => b.textContent.trim() === '↓ ' + n);
        button(3).click();
        button(5).click();
    }""")
    thinking = page.locator(".widget-html", has_text="is thinking")
    if thinking.is_visible():  # for a person to look at, when the page shows it long enough
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        new_game = page.get_by_role("button", name="New game")  # there whatever it shows
        widget = page.locator(".widget-vbox", has=new_game).last
        widget.screenshot(path=str(ARTIFACTS / "connect_four_thinking.png"))
    page.locator(".widget-html", has_text="The program looked").wait_for(timeout=STATE_MS)
    wait_for_discs(page, 1, 1)  # the second click was not played
    seen = page.evaluate("() => window.connectFourSeen")
    assert seen == {"thinking": True, "disabled": True}, seen
    assert not page.get_by_role("button", name="↓ 0").is_disabled()
    assert not page.get_by_role("button", name="New game").is_disabled()
    board = page.locator(".widget-html svg").first
    assert board.locator("text.values-label", has_text="the program's values").count() == 1
