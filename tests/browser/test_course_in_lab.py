"""The course notebooks themselves run in JupyterLab, and their widgets work there."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize("name", ["00-start-here.ipynb", "02-backing-up-values.ipynb",
                                  "06-alpha-beta.ipynb"])
def test_a_lesson_runs_and_its_animations_play(jupyter_server, lab, name):
    lab.open(jupyter_server.add_notebook(NOTEBOOKS / name))
    lab.run_all()
    players = lab.page.locator(".mmla")
    players.first.wait_for(state="visible")
    first = players.first
    counter = first.locator(".mmla-counter", has_text="step 0 /")
    counter.wait_for(state="visible")
    text = counter.text_content()
    last = text.split("/")[-1].strip()
    assert last.isdigit(), text
    assert int(last) > 10
    first.get_by_role("button", name="Step forward").click()
    first.locator(".mmla-counter", has_text="step 1 /").wait_for(state="visible")
    first.get_by_role("button", name="Last frame").click()
    first.locator(".mmla-counter", has_text=f"step {last} / {last}").wait_for(state="visible")
    assert first.locator(".mmla-caption").inner_text().startswith("Done:")
    lab.assert_no_console_errors()


def test_the_tic_tac_toe_board_answers_a_click(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(NOTEBOOKS / "04-tic-tac-toe.ipynb"))
    lab.run_all()
    page = lab.page
    squares = page.locator(".widget-gridbox button")
    # Every empty square of the first position is worth a draw (labels arrive with the model).
    page.locator(".widget-gridbox button", has_text="draw (+0)").nth(8).wait_for(state="visible")
    assert squares.count() == 9
    squares.nth(4).click()  # the centre
    page.locator(".widget-gridbox button", has_text=re.compile(r"^\s*O\s*$")).wait_for(state="visible")
    page.locator(".widget-gridbox button", has_text=re.compile(r"^\s*X\s*$")).wait_for(state="visible")
    texts = [squares.nth(i).text_content().strip() for i in range(9)]
    assert texts[4] == "X" and texts.count("O") == 1
    assert all(t in ("X", "O") or t.startswith(("draw", "loss")) for t in texts)
    lab.assert_no_console_errors()
