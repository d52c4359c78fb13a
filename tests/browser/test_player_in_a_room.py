"""The player as a lecturer uses it: keys after a click, the width it has, a dark theme."""

import pytest

from .saved_pages import saved_page
from .test_animation import animation_notebook, wait_for_step
from .test_practice_page import saved_by_ctrl_s

pytestmark = pytest.mark.browser

# The WCAG relative luminance and contrast of the text of an element against the first
# opaque background behind it.
CONTRAST_JS = """el => {
    const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
        const c = [r, g, b].map(v => v / 255).map(v => v <= 0.03928 ? v / 12.92
                                                  : Math.pow((v + 0.055) / 1.055, 2.4));
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    let node = el, bg = null;
    while (node && node.nodeType === 1) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3] > 0.99)) { bg = c; break; }
        node = node.parentElement;
    }
    const fg = rgb(getComputedStyle(el).color);
    const [a, b] = [lum(fg), lum(bg || [255, 255, 255])];
    return {ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
            size: parseFloat(getComputedStyle(el).fontSize)};
}"""


def open_player(jupyter_server, lab, width=1280):
    lab.page.set_viewport_size({"width": width, "height": 900})
    lab.open(jupyter_server.add_notebook(animation_notebook(), "animation.ipynb"))
    lab.run_all()
    player = lab.page.locator(".mmla")
    player.wait_for(state="visible")
    wait_for_step(player, 0)
    return player


def test_arrow_keys_step_the_player_after_a_click_on_its_slider(jupyter_server, lab):
    player = open_player(jupyter_server, lab)
    slider = player.locator(".mmla-slider")
    slider.click()  # jumps to the middle of the slider
    k = int(player.get_attribute("data-frame"))
    assert 0 < k < 22, k
    lab.page.keyboard.press("ArrowRight")
    wait_for_step(player, k + 1)
    lab.page.keyboard.press("ArrowLeft")
    lab.page.keyboard.press("ArrowLeft")
    wait_for_step(player, k - 1)
    # The keys stayed with the player: JupyterLab did not move to another cell.
    assert lab.page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex") == 0
    # ...all but Ctrl+S, which saves the notebook from inside the player too.
    assert player.evaluate("el => el.contains(document.activeElement)")
    assert saved_by_ctrl_s(lab.page)
    lab.assert_no_console_errors()


SIZES_JS = """root => {
    const stage = root.querySelector('.mmla-stage');
    const svg = stage.querySelector('svg');
    return {stage: stage.clientWidth, svg: svg.getBoundingClientRect().width,
            natural: svg.viewBox.baseVal.width * 4 / 3, scroll: stage.scrollWidth};
}"""


def assert_uses_the_width(sizes):
    assert sizes["natural"] < sizes["stage"] * 0.8, sizes  # room to grow: the test means it
    assert sizes["svg"] >= sizes["stage"] * 0.95, sizes     # ...and it grew into it
    assert sizes["scroll"] <= sizes["stage"] + 1, sizes     # nothing cut off or scrolled


def test_a_fitted_player_uses_the_width_it_has_at_1400_px(jupyter_server, lab):
    nb = animation_notebook()
    nb.cells[0].source = nb.cells[0].source.replace(
        "animate(alphabeta, FIGURE_5_2)", "animate(alphabeta, GameTree.from_nested([[3, 12, 8], [2, 4]]))"
    ).replace("from minimax_lessons import animate", "from minimax_lessons import animate, GameTree")
    lab.page.set_viewport_size({"width": 1400, "height": 900})
    lab.open(jupyter_server.add_notebook(nb, "small.ipynb"))
    lab.run_all()
    player = lab.page.locator(".mmla")
    player.wait_for(state="visible")
    player.locator(".mmla-counter", has_text="step 0 /").wait_for(state="visible")
    assert_uses_the_width(lab.page.evaluate(SIZES_JS, player.element_handle()))


def test_a_saved_player_uses_the_width_it_has_at_1400_px(browser, tmp_path):
    from minimax_lessons import FIGURE_5_2, alphabeta, animate

    path = animate(alphabeta, FIGURE_5_2).save(tmp_path / "fig52.html")
    with saved_page(browser, path, viewport={"width": 1400, "height": 900}) as saved:
        player = saved.page.locator(".mmla")
        player.locator(".mmla-counter", has_text="step 0 /").wait_for(state="visible")
        assert_uses_the_width(saved.page.evaluate(SIZES_JS, player.element_handle()))


def test_the_key_and_counter_stay_readable_in_the_dark_theme(jupyter_server, lab):
    player = open_player(jupyter_server, lab)
    lab.page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', "
                      "{theme: 'JupyterLab Dark'})")
    lab.page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    for selector in (".mmla-counter", ".mmla-key span", ".mmla-caption", ".mmla-speed"):
        found = lab.page.evaluate(CONTRAST_JS, player.locator(selector).first.element_handle())
        assert found["ratio"] >= 4.5, (selector, found)  # WCAG AA for normal text
        assert found["size"] >= 14, (selector, found)
