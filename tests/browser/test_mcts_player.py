"""Monte Carlo tree search in the animation player, as a saved page (lesson 8 runs in JupyterLab
and its player plays in tests/browser/test_pictures_fit.py)."""

import pytest

from minimax_lessons.pictures.style import DASHARRAYS

from .saved_pages import saved_page

pytestmark = pytest.mark.browser

#: The statistics beside a node (one line, or a word a line in a narrow tree: joined by
#: spaces) and its outline's dashes.
SIDE_TEXT_JS = """([root, id]) => {
    const lines = [...root.querySelectorAll(`g[id="${id}_w"] text.mm-window`)]
        .map(t => t.textContent).filter(t => t.trim());
    const shape = root.querySelector(`g[id="${id}"]`).querySelector('polygon, ellipse, path');
    return {side: lines.length ? lines.join(' ') : null,
            dash: shape.getAttribute('stroke-dasharray')};
}"""


def node(player, node_id):
    return player.page.evaluate(SIDE_TEXT_JS, [player.element_handle(), node_id])


def wait_for_step(player, k, last):
    player.locator(".mmla-counter", has_text=f"step {k} / {last}").wait_for(state="visible")


def test_the_saved_mcts_player_shows_visits_and_ucb_scores_as_the_tree_grows(browser, tmp_path):
    from minimax_lessons import GameTree
    from minimax_lessons.animation.mcts_player import animate_mcts

    tree = GameTree.from_nested([[1, 1, -1], [0, 0, 0], [-1, 1, -1]])
    animation = animate_mcts(tree, playouts=6, seed=0, speed=16)
    frames = animation.frames
    last = len(frames) - 1
    select = next(f.index for f in frames if f.kind == "select")
    path = animation.save(tmp_path / "mcts.html")
    with saved_page(browser, path, viewport={"width": 1100, "height": 700},
                    shot="mcts_player.png") as saved:
        page = saved.page
        player = page.locator(".mmla")
        wait_for_step(player, 0, last)
        assert node(player, "n_0")["dash"] == DASHARRAYS["dotted"]  # B not in the tree yet
        for _ in range(select):
            player.press("ArrowRight")
        wait_for_step(player, select, last)
        scores = dict(frames[select].step.detail)
        assert node(player, "n_0")["side"] == f"n=1 UCB {scores[0]:.2f}"
        assert node(player, "n_0")["dash"] in (None, "")        # in the tree: solid
        player.get_by_role("button", name="Last frame").click()
        wait_for_step(player, last, last)
        assert node(player, "n")["side"] == "n=6"
        key = player.locator(".mmla-key").inner_text()
        assert "mean result for MAX" in key and "a bound" not in key
        assert player.locator(".mmla-caption").inner_text().startswith("After 6 play-outs")
