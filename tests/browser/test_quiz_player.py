"""A quiz animation in a real browser: in JupyterLab, and as a saved HTML file.

The student's answers below are chosen by hand from AIMA Figure 5.2 / 5.5 (B = 3,
C = 2 after C2 and C3 are pruned, D = 2, A = 3): some right, some wrong (each named by
its likely mistake), one skipped.
"""

import json

import nbformat
import pytest

from .saved_pages import saved_page

pytestmark = pytest.mark.browser

LAST = 22  # alphabeta on Figure 5.2: 22 steps
NOTEBOOK_CODE = """\
from minimax_lessons import alphabeta, FIGURE_5_2, animate
quiz = animate(alphabeta, FIGURE_5_2, quiz=True, speed=16)
quiz"""
SCORE_CODE = """\
import json
answers = json.loads(quiz.widget.answers)
print('kernel sees', sum(bool(a and a.get('ok')) for a in answers), 'right of', len(answers))"""

# (the question, the frame it stops on, what the student does, right?)
# A reply is "yes"/"no" (a button), a number typed then Enter or the Check button, or None (Skip).
# "What value does C return?" is not asked: the verdict on C2 (pruned) gives it away.
PLAN = [
    ("Will alpha-beta look at B2?", 4, "yes", True),
    ("Will alpha-beta look at B3?", 5, "no", False),
    ("What value does B return?", 5, ("12", "Enter"), False),
    ("Will alpha-beta look at C?", 8, None, None),
    ("Will alpha-beta look at C2?", 11, "no", True),
    ("Will alpha-beta look at D?", 13, "yes", True),
    ("Will alpha-beta look at D2?", 16, "yes", True),
    ("Will alpha-beta look at D3?", 18, "yes", True),
    ("What value does D return?", 18, ("2", "Enter"), True),
    ("What value does A return?", 20, ("3", "Check"), True),
]
#: The likely mistake each wrong reply is named by: 12 = max(3, 12, 8), what the max at
#: every level (or MAX's rule at the MIN node B) gives; skipping B3 prunes too many.
MISTAKES = {"Will alpha-beta look at B3?": ("pruned-too-many",),
            "What value does B return?": ("max-at-every-level", "players-swapped")}
RIGHT = sum(1 for *_, ok in PLAN if ok)
SKIPPED = sum(1 for *_, ok in PLAN if ok is None)


def quiz_notebook():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(NOTEBOOK_CODE), nbformat.v4.new_code_cell(SCORE_CODE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def wait_for_step(player, k):
    player.locator(".mmla-counter", has_text=f"step {k} / {LAST}").wait_for(state="visible")


def answer_by_keyboard(player, reply):
    """Answer with keys only: focus starts on the first control (the box, or Yes)."""
    keyboard = player.page.keyboard
    if reply is None:
        keyboard.press("Tab")  # past the box and Check, or past Yes and No, to Skip
        keyboard.press("Tab")
        keyboard.press("Enter")
    elif isinstance(reply, tuple):
        keyboard.type(reply[0])
        keyboard.press("Enter")
    else:
        if reply == "no":
            keyboard.press("Tab")
        keyboard.press("Enter")


def answer(player, n, reply):
    """Answer question n (1-based) the way PLAN says."""
    form = player.locator(".mmla-question")
    if reply is None:
        form.get_by_role("button", name="Skip").click()
    elif isinstance(reply, tuple):
        number, how = reply
        box = form.get_by_label("Your answer: a number")
        assert box.evaluate("e => e === document.activeElement")  # focus moved to the box
        box.fill(number)
        if how == "Enter":
            box.press("Enter")
        else:
            form.get_by_role("button", name="Check").click()
    else:
        form.get_by_role("button", name=reply.capitalize()).click()


def run_quiz(player, *, keyboard=False):
    """Play from question to question, answering by PLAN; checks each stop and verdict.

    ``keyboard=True`` uses keys only: Space plays, Tab and Enter answer.
    """
    for n, (prompt, frame, reply, ok) in enumerate(PLAN, start=1):
        play = player.get_by_role("button", name="Play")
        if play.count() and play.is_enabled() and not player.locator(".mmla-question").count():
            if keyboard:
                player.page.keyboard.press(" ")
            else:
                play.click()
        prompt_line = player.locator(".mmla-prompt")
        prompt_line.filter(has_text=f"Question {n} of {len(PLAN)}: {prompt}").wait_for()
        wait_for_step(player, frame)  # the player stopped here and waits
        assert player.get_by_role("button", name="Step forward").is_disabled()
        assert player.get_by_role("button", name="Last frame").is_disabled()
        assert player.get_by_role("button", name="Play").is_disabled()
        if keyboard:
            answer_by_keyboard(player, reply)
        else:
            answer(player, n, reply)
        player.locator(f'.mmla-quiz[data-answered="{n}"]').wait_for()
        verdict = player.locator(".mmla-verdict").inner_text()
        if ok is None:
            assert verdict.startswith("\u2013 Skipped: the answer is")
        elif ok:
            assert verdict.startswith("\u2713 Right:")
        else:
            assert verdict.startswith("\u2717 Not quite: you said")
            named = MISTAKES[prompt]
            assert player.locator(".mmla-verdict").get_attribute("data-diagnoses") == \
                " ".join(named)
            words = " or ".join(named).replace("-", " ")
            assert f"Likely mistake: {words}." in verdict
    if keyboard:
        player.page.keyboard.press(" ")
    else:
        player.get_by_role("button", name="Play").click()
    wait_for_step(player, LAST)
    return player.locator(".mmla-score").inner_text()


def test_a_quiz_in_jupyterlab_stops_asks_reveals_and_scores(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(quiz_notebook(), "quiz.ipynb"))
    lab.run_all()
    page = lab.page
    player = page.locator(".mmla")
    player.wait_for(state="visible")
    wait_for_step(player, 0)
    player.click(position={"x": 5, "y": 5})  # focus the player, as a student would

    # Playing stops at the first question; stepping back and forward comes back to it.
    player.get_by_role("button", name="Play").click()
    player.locator(".mmla-prompt", has_text=f"Question 1 of {len(PLAN)}").wait_for()
    wait_for_step(player, 4)
    player.get_by_role("button", name="Step back").click()
    wait_for_step(player, 3)
    assert player.locator(".mmla-question").count() == 0
    player.press("ArrowRight")
    wait_for_step(player, 4)
    player.press("ArrowRight")  # blocked: the question waits
    wait_for_step(player, 4)

    score = run_quiz(player)
    wanted = f"You predicted {RIGHT} of {len(PLAN)}. ({SKIPPED} skipped)"
    assert score.startswith(wanted)
    wrong_b = ("\u2717 Not quite: you said 12; the answer is 3. B is a MIN node: min(3, 12, 8) "
               "= 3.\nLikely mistake: max at every level or players swapped. That is what "
               "taking the largest child value at every level gives")
    # Stepping back to an answered question shows its verdict, not the question again.
    player.press("Home")
    wait_for_step(player, 0)
    player.locator(".mmla-slider").evaluate(
        "s => { s.value = '6'; s.dispatchEvent(new Event('input', {bubbles: true})); }")
    wait_for_step(player, 6)
    assert player.locator(".mmla-verdict").inner_text().startswith(wrong_b)
    assert player.locator(".mmla-question").count() == 0

    # The answers reached the kernel.
    lab.wait_for_kernel_value(
        "(lambda a: (sum(bool(x and x.get('ok')) for x in a), len(a)))"
        "(__import__('json').loads(quiz.widget.answers))", repr((RIGHT, len(PLAN))))
    page.evaluate("""() => {
        const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = 1;
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }""")
    page.get_by_text(f"kernel sees {RIGHT} right of {len(PLAN)}").wait_for(state="visible")

    # Restart: back to frame 0, no verdict, and the first question is asked again.
    player.press("End")
    wait_for_step(player, LAST)
    player.get_by_role("button", name="Restart quiz").click()
    wait_for_step(player, 0)
    assert player.locator(".mmla-verdict").count() == 0
    player.get_by_role("button", name="Play").click()
    player.locator(".mmla-prompt", has_text=f"Question 1 of {len(PLAN)}").wait_for()
    lab.assert_no_console_errors()


def test_the_saved_quiz_plays_offline_from_a_file_by_keyboard_alone(browser, tmp_path):
    from minimax_lessons import FIGURE_5_2, alphabeta, animate

    path = animate(alphabeta, FIGURE_5_2, quiz=True, speed=16).save(tmp_path / "quiz.html")
    with saved_page(browser, path, viewport={"width": 1000, "height": 800},
                    shot="saved_html_quiz.png") as saved:
        page = saved.page
        player = page.locator(".mmla")
        wait_for_step(player, 0)
        player.click(position={"x": 5, "y": 5})
        score = run_quiz(player, keyboard=True)
        assert score.startswith(f"You predicted {RIGHT} of {len(PLAN)}. ({SKIPPED} skipped)")
        stored = json.loads(page.evaluate("() => window.animationModel.get('answers')"))
        assert [a.get("ok") if not a.get("skip") else None for a in stored] == \
            [ok for *_, ok in PLAN]


def test_a_saved_chance_quiz_checks_decimals_and_refuses_a_reply_that_is_not_a_number(
        browser, tmp_path):
    # examples.CHANCE_TREE: safe = 0.5 x 3 + 0.5 x 1 = 2, risky = 0.25 x 8 + 0.75 x -1 = 1.25,
    # A = max(2, 1.25) = 2.
    from minimax_lessons import animate, examples, expectiminimax

    path = animate(expectiminimax, examples.CHANCE_TREE, quiz=True, speed=16).save(
        tmp_path / "chance.html")
    with saved_page(browser, path, viewport={"width": 1000, "height": 800}) as saved:
        page = saved.page
        player = page.locator(".mmla")
        player.get_by_role("button", name="Play").click()
        box = player.get_by_label("Your answer: a number")
        player.locator(".mmla-prompt", has_text="What value does safe return?").wait_for()
        box.fill("two")
        box.press("Enter")
        assert player.locator('.mmla-quiz[data-answered="0"]').count() == 1  # not taken
        assert box.evaluate("e => e.validationMessage").startswith("Type a number")
        box.fill("2")
        box.press("Enter")
        player.locator('.mmla-quiz[data-answered="1"]').wait_for()
        player.get_by_role("button", name="Play").click()
        player.locator(".mmla-prompt", has_text="What value does risky return?").wait_for()
        box.fill("1.3")
        box.press("Enter")
        player.locator(".mmla-verdict", has_text="you said 1.3; the answer is 1.25").wait_for()
        player.get_by_role("button", name="Play").click()
        player.locator(".mmla-prompt", has_text="What value does A return?").wait_for()
        box.fill("2.0")
        box.press("Enter")
        player.get_by_role("button", name="Play").click()
        assert player.locator(".mmla-score").inner_text().startswith("You predicted 2 of 3.")
