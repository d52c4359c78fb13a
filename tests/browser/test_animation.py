"""The animation player in a real browser: in JupyterLab, and as a saved HTML file."""

import nbformat
import pytest

from minimax_lessons import FIGURE_5_2, alphabeta, animate
from minimax_lessons.pictures.frames import VISITED
from minimax_lessons.pictures.style import DASHARRAYS, node_look

from .saved_pages import saved_page

pytestmark = pytest.mark.browser

# Frame 22 is the last of alphabeta on Figure 5.2 (22 steps); C2 and C3 are pruned.
LAST = 22
NOTEBOOK_CODE = """\
from minimax_lessons import alphabeta, FIGURE_5_2
from minimax_lessons import animate
animation = animate(alphabeta, FIGURE_5_2)
animation"""
INDEX_CODE = "print('kernel sees frame', animation.widget.index)"

NODE_PAINT_JS = """([root, id]) => {
    const g = root.querySelector(`g[id="${id}"]`);
    const shape = g.querySelector('polygon, ellipse, path');
    const value = g.querySelector('text.mm-value');
    return {fill: shape.getAttribute('fill'), stroke: shape.getAttribute('stroke'),
            dash: shape.getAttribute('stroke-dasharray'), value: value ? value.textContent : null};
}"""


NAME_PLACE_JS = """([root, id]) => {
    const box = root.querySelector(`g[id="${id}"]`).getBoundingClientRect();
    const name = root.querySelector(`g[id="${id}_name"] text`);
    const at = name.getBoundingClientRect();
    return {text: name.textContent, fill: name.getAttribute('fill'), boxBottom: box.bottom,
            boxLeft: box.left, boxRight: box.right, top: at.top, left: at.left, right: at.right};
}"""


#: The node ids whose double outline shows (the current node's), with the white line's width.
RINGS_JS = """root => [...root.querySelectorAll('.mm-ring')]
    .filter(r => r.getAttribute('stroke') !== 'none')
    .map(r => [r.parentNode.getAttribute('id'), r.getAttribute('stroke'),
               r.getAttribute('stroke-width'), r.getAttribute('points') ===
               r.parentNode.querySelector('polygon:not(.mm-ring)').getAttribute('points')])"""


def animation_notebook():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(NOTEBOOK_CODE), nbformat.v4.new_code_cell(INDEX_CODE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def paint(player, node_id):
    """The fill, outline, dashes and value text of one node of the player's SVG."""
    return player.page.evaluate(NODE_PAINT_JS, [player.element_handle(), node_id])


def wait_for_step(player, k):
    player.locator(".mmla-counter", has_text=f"step {k} / {LAST}").wait_for(state="visible")


def test_the_widget_steps_forward_and_back_and_plays_to_the_pruned_end(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(animation_notebook(), "animation.ipynb"))
    lab.run_all()
    page = lab.page
    player = page.locator(".mmla")
    player.wait_for(state="visible")
    wait_for_step(player, 0)
    start = paint(player, "n_0_0")  # leaf B1, not yet evaluated

    forward = player.get_by_role("button", name="Step forward")
    for _ in range(3):
        forward.click()
    wait_for_step(player, 3)
    assert player.locator(".mmla-caption").inner_text() == "Leaf B1 has utility 3."
    evaluated = paint(player, "n_0_0")
    assert evaluated["fill"] != start["fill"] and evaluated["stroke"] != start["stroke"]
    assert start["dash"] == DASHARRAYS["dotted"] and evaluated["dash"] is None  # dotted until reached

    player.get_by_role("button", name="Step back").click()
    wait_for_step(player, 2)
    assert paint(player, "n_0_0") == start
    assert paint(player, "n_0")["value"] == "?"  # B is searched, no value before its first leaf
    player.press("ArrowRight")  # the arrow keys step the player, not JupyterLab's cells
    wait_for_step(player, 3)
    player.press("ArrowLeft")
    wait_for_step(player, 2)

    # Keyboard: Space and Enter press the focused button (one step), never start playback.
    forward.focus()
    page.keyboard.press("Space")
    wait_for_step(player, 3)
    page.keyboard.press("Enter")
    wait_for_step(player, 4)
    # not playing: the Play button would be Pause at once (set as the key is handled)
    assert player.get_by_role("button", name="Play").is_visible()
    assert "mmla-playing" not in (player.get_attribute("class") or "")
    # The tree has a name in words, the one Python gives that frame (not "A B C ? ...").
    named = player.locator(".mmla-stage svg").get_attribute("aria-label")
    assert named == animate(alphabeta, FIGURE_5_2).description(4)
    assert player.locator(".mmla-stage svg").get_attribute("role") == "img"
    player.get_by_role("button", name="Step back").click()
    player.get_by_role("button", name="Step back").click()
    wait_for_step(player, 2)

    player.get_by_label("Speed").select_option("16")
    player.get_by_role("button", name="Play").click()
    wait_for_step(player, LAST)
    assert player.locator(".mmla-caption").inner_text().startswith("Done: A is worth 3")
    assert paint(player, "n")["value"] == "3"
    assert paint(player, "n_1")["value"] == "≤2"
    assert player.locator(".mmla-stage svg").get_attribute("aria-label") == animate(
        alphabeta, FIGURE_5_2).description(-1)
    for pruned in ("n_1_1", "n_1_2"):
        assert paint(player, pruned)["dash"] == "5,2"
    assert paint(player, "n_2_2")["dash"] is None

    # The frame index reached the kernel: re-run the second cell and read it back.
    lab.wait_for_kernel_value("animation.widget.index", str(LAST))
    page.evaluate("""() => {
        const panel = window.jupyterapp.shell.currentWidget;
        panel.content.activeCellIndex = 1;
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }""")
    page.get_by_text(f"kernel sees frame {LAST}").wait_for(state="visible")
    lab.assert_no_console_errors()


def test_the_saved_html_plays_offline_to_its_last_frame(browser, tmp_path):
    path = animate(alphabeta, FIGURE_5_2, speed=16).save(tmp_path / "fig52.html")
    with saved_page(browser, path, viewport={"width": 1000, "height": 700},
                    shot="saved_html_player.png") as saved:
        page = saved.page
        player = page.locator(".mmla")
        wait_for_step(player, 0)
        name = page.evaluate(NAME_PLACE_JS, [player.element_handle(), "n_1_1"])
        assert name["text"] == "C2"  # the leaf's name, just below its box
        assert name["boxBottom"] <= name["top"] < name["boxBottom"] + 30
        assert name["boxLeft"] < name["left"] and name["right"] < name["boxRight"]
        player.get_by_role("button", name="Play").click()
        wait_for_step(player, LAST)
        assert paint(player, "n_1_1")["dash"] == "5,2"
        assert page.evaluate(NAME_PLACE_JS, [player.element_handle(), "n_1_1"]) == name
        assert page.evaluate(RINGS_JS, player.element_handle()) == []  # no current node
        player.press("Home")
        wait_for_step(player, 0)
        player.press("ArrowRight")
        wait_for_step(player, 1)
        # The current node (the root, then B, then leaf B1) has a double outline of its own.
        width = f"{round(node_look(VISITED, current=True).width / 3, 2):g}"
        assert page.evaluate(RINGS_JS, player.element_handle()) == [["n", "#ffffff", width, True]]
        player.press("ArrowRight")
        player.press("ArrowRight")
        wait_for_step(player, 3)
        assert page.evaluate(RINGS_JS, player.element_handle()) == [["n_0_0", "#ffffff", width, True]]
