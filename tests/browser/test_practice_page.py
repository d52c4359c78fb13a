"""Practice on the tree in a real browser: in JupyterLab, and as a saved HTML page.

The student clicks nodes and types values as a person would; what is right and which
mistake is named come from the Python answer key (PracticeTree), so the test knows
them without reading the page's own data.
"""

import nbformat
import pytest

from .saved_pages import saved_page

pytestmark = pytest.mark.browser

NOTEBOOK_CODE = """\
from minimax_lessons import practice
values = practice("values", level=1, trees=2)
values"""
PRUNING_CODE = """\
pruning = practice("pruning", level=1, trees=2)
pruning"""


def practice_notebook():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(NOTEBOOK_CODE), nbformat.v4.new_code_cell(PRUNING_CODE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def node(widget, name, tree):
    """The SVG group of the node called ``name`` in the tree the widget shows."""
    return widget.locator(f'g[id="{tree.ids[name]}"]')


def type_value(widget, tree, name, text):
    node(widget, name, tree).click()
    box = widget.locator(".mmp-input")
    box.fill(text)
    box.press("Enter")


def wait_data(widget, name, value):
    """Wait until the widget's ``data-<name>`` attribute is ``value`` (stage, trees done)."""
    widget.page.wait_for_function("([el, name, value]) => el.dataset[name] === value",
                                  arg=[widget.element_handle(), name, str(value)])


LOOK_JS = """id => {
    const g = document.querySelector(`g[id="${id}"]`);
    const shape = g.querySelector('polygon, ellipse, path');
    const mark = g.querySelector('text.mmp-mark');
    return {mark: mark ? mark.textContent : null, dash: shape.getAttribute('stroke-dasharray'),
            width: shape.getAttribute('stroke-width')};
}"""


def look(page, node_id):
    """A node's mark (tick, cross) and outline (dashes, width): right and wrong never
    differ by colour alone."""
    return page.evaluate(LOOK_JS, node_id)


def feedback(widget):
    return widget.locator(".mmp-feedback").inner_text()


def solve_values(widget, tree, *, wrong_first=None):
    """Answer every inner node, children first; with ``wrong_first=(name, value)`` type
    that wrong value first and return the feedback it got."""
    said = None
    if wrong_first:
        type_value(widget, tree, *wrong_first)
        said = feedback(widget)
    for name, item in tree.items("values").items():
        type_value(widget, tree, name, str(item.answer))
        assert "right" in feedback(widget), feedback(widget)
    return said


def solve_pruning(widget, tree):
    for leaf in tree.pruned_leaves:
        node(widget, leaf, tree).click()
    wait_data(widget, "stage", "windows")
    for name, item in tree.items("windows").items():
        alpha, beta = item.answer
        type_value(widget, tree, name, f"{_text(alpha)}, {_text(beta)}")
        assert "right" in feedback(widget), feedback(widget)


def _text(x):
    from minimax_lessons.search.trace import show_number

    return show_number(x)


def test_a_student_practises_values_and_pruning_on_the_tree_in_lab(jupyter_server, lab):
    from minimax_lessons.exercises.practising import practice

    values = practice("values", level=1, trees=2)
    first, second = values.trees_at(1)
    pruning = practice("pruning", level=1, trees=2).trees_at(1)[0]

    lab.open(jupyter_server.add_notebook(practice_notebook()))
    lab.run_all()
    widgets = lab.page.locator(".mmp")
    widgets.nth(1).wait_for(state="visible")
    v = widgets.nth(0)

    # A wrong value at the root: the max at every level, named as such.
    root = first.game.root
    leaves_max = max(first.game.to_nested()[0] + first.game.to_nested()[1])
    said = solve_values(v, first, wrong_first=(root, str(leaves_max)))
    expected = first.judge("values", root, leaves_max)
    assert not expected.passed and expected.diagnosis in said.replace(" ", "-"), said
    assert "\u2718" in said  # a cross, not only a colour
    wait_data(v, "done", 1)
    assert "Tree done" in feedback(v)

    # A new tree is the second tree of level 1; Show me reveals one node with a reason.
    v.get_by_role("button", name="New tree").click()
    leaf_values = [str(x) for x in second.game.to_nested()[0]]
    shown = node(v, second.game.leaves[0], second).locator("text").first.text_content()
    assert shown.strip() == leaf_values[0]
    v.get_by_role("button", name="Show me").click()
    (name, item), (after, then) = list(second.items("values").items())[:2]
    assert feedback(v) == item.why

    # Keyboard in JupyterLab: focus the next node, type its value, Enter; the keys are the
    # widget's (a digit does not turn the notebook's cell into a heading).
    node(v, after, second).focus()
    lab.page.keyboard.type(_text(then.answer))
    lab.page.keyboard.press("Enter")
    assert feedback(v).startswith(f"\u2714 {after}: right"), feedback(v)
    assert lab.page.locator(".jp-CodeCell").count() == 2

    # Pruning: a leaf alpha-beta needs, marked by mistake, is diagnosed, then unmarked.
    p = widgets.nth(1)
    p.get_by_role("button", name="Check").click()  # nothing marked yet
    assert "Likely mistake: no pruning" in feedback(p)
    needed = next(leaf for leaf in pruning.game.leaves if leaf not in pruning.pruned_leaves)
    node(p, needed, pruning).click()
    verdict = pruning.judge("pruned", needed, True)
    assert f"{needed} is needed" in feedback(p) and "\u2718" in feedback(p)
    assert p.get_attribute("data-last-diagnoses") == " ".join(verdict.diagnoses)
    node(p, needed, pruning).click()
    assert "no longer marked" in feedback(p)
    solve_pruning(p, pruning)
    wait_data(p, "done", 1)
    lab.assert_no_console_errors()


def test_the_saved_practice_page_works_offline_with_no_requests(browser, tmp_path):
    from minimax_lessons.exercises.practising import practice

    p = practice("values", level=1, trees=2)
    path = p.save(tmp_path / "practice.html", trees=3)
    trees = p.__class__("values", per_level=3).trees_at(1)
    with saved_page(browser, path, viewport={"width": 1000, "height": 800},
                    shot="saved_practice_page.png") as saved:
        page = saved.page
        widget = page.locator(".mmp")
        widget.wait_for(state="visible")
        tree = trees[0]
        # keyboard only: Tab from the page to the first node, arrows, digits, Enter
        order = list(tree.items("values"))
        first_id = tree.ids[order[0]]
        widget.get_by_role("button", name="New tree").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.getAttribute('id')") in tree.ids.values()
        page.locator(f'g[id="{first_id}"]').focus()
        page.keyboard.press("ArrowRight")
        second_id = page.evaluate("document.activeElement.getAttribute('id')")
        assert second_id != first_id
        # a wrong answer: a cross and a dashed outline; then right: a tick, solid and thick
        wrong = tree.answer(order[0]) + 1
        type_value(widget, tree, order[0], str(wrong))
        assert look(page, first_id) == {"mark": "\u2718", "dash": "4,3", "width": "3"}
        assert tree.judge("values", order[0], wrong).message in feedback(widget)
        # the wrong answer is selected: the next try, typed straight away, replaces it
        assert widget.locator(".mmp-input").evaluate(
            "i => [document.activeElement === i, i.selectionStart, i.selectionEnd, i.value]"
        ) == [True, 0, len(str(wrong)), str(wrong)]
        answer = str(tree.answer(order[0]))
        page.keyboard.type(answer)
        assert widget.locator(".mmp-input").input_value() == answer
        page.keyboard.press("Enter")
        assert "right" in feedback(widget)
        # a screen reader ties each leaf to its node: "B1 = 3, leaf of B"; "B, MIN node over
        # B1 = 3, B2 = 12"
        parent = tree.game.parent(tree.game.leaves[0])
        leaf_label = node(widget, tree.game.leaves[0], tree).get_attribute("aria-label")
        assert leaf_label.startswith(f"{tree.game.leaves[0]} = "
                                     f"{_text(tree.game.utility(tree.game.leaves[0]))}, "
                                     f"leaf of {parent}"), leaf_label
        assert node(widget, tree.game.leaves[0], tree).get_attribute("role") == "img"
        over = ", ".join(f"{c} = {_text(tree.game.utility(c))}"
                         for c in tree.game.children(parent))
        assert f"node over {over}" in node(widget, parent, tree).get_attribute("aria-label")
        assert look(page, first_id) == {"mark": "\u2714", "dash": None, "width": "3.5"}
        solve_values(widget, tree)
        wait_data(widget, "done", 1)
        type_value(widget, tree, order[0], answer)  # answering again counts no second tree
        assert widget.get_attribute("data-done") == "1"
        # that tree had a mistake; three clean ones in a row raise the level
        assert "Streak 0 of 3" in widget.locator(".mmp-streak").inner_text()
        for k, clean in enumerate([trees[1], trees[2], trees[0]]):
            widget.get_by_role("button", name="New tree").click()
            assert "A new tree" in feedback(widget)
            solve_values(widget, clean)
            wait_data(widget, "done", 2 + k)
        assert "Level up: level 2" in feedback(widget)
        assert widget.locator(".mmp-level").inner_text().startswith("Level 2 of 5")
    assert saved.requests == [path.as_uri()], saved.requests


MARKED_JS = """([keys, cases]) => cases.map(([k, marked]) => {
    const v = window.practiceModule.judgeMarked(keys[k], new Set(marked));
    return [v.right, v.diagnoses, v.right ? null : v.sentence];
})"""


JUDGE_JS = """([keys, cases]) => cases.map(([k, stage, id, text]) => {
    const tree = keys[k];
    const s = tree.stages.find((x) => x.stage === stage);
    const v = window.practiceModule.judgeTyped(s, s.items[id], text, tree);
    return [v.right, v.diagnoses, v.sentence];
})"""


def typed_cases(tree):
    """(stage, node, answer as Python value, as typed): right, every known wrong answer,
    and a few others, for each node the student types at."""
    import math

    from minimax_lessons.search.trace import show_number

    def text(value):
        if isinstance(value, tuple):
            return ", ".join(text(v) for v in value)
        return show_number(value)

    def parse(word):
        return {"inf": math.inf, "-inf": -math.inf}.get(word) if "inf" in word else float(word)

    for stage in tree.stages:
        if stage not in ("values", "windows"):
            continue
        for name, item in tree.items(stage).items():
            answers = [item.answer]
            answers += [tuple(parse(w) for w in k.split("|")) if stage == "windows"
                        else parse(k) for k in item.wrong]
            if stage == "windows":
                a, b = item.answer
                answers += [(a, 99), (-99, b), (-99, 99)]
            else:
                answers += [item.answer + 1, -item.answer - 7]
            for answer in answers:
                yield stage, name, answer, text(answer)


def test_the_page_judges_every_typed_answer_as_python_does(browser, tmp_path):
    """The browser's judge (practice.js) and PracticeTree.judge agree on the verdict, the
    diagnosis and the sentence, for right answers, every known mistake and others."""
    import json

    from minimax_lessons.exercises.practising import practice, practice_tree

    path = practice("values", trees=1).save(tmp_path / "p.html", trees=1)  # for its script
    with saved_page(browser, path) as saved:
        page = saved.page
        page.locator(".mmp").wait_for(state="visible")
        keys, cases, expected = [], [], []
        for i in range(40):
            for kind in ("values", "pruning"):
                tree = practice_tree(kind, level=1 + i % 5, seed=f"judge{i}",
                                     prune_ties=i % 2 == 0)
                keys.append(json.loads(json.dumps(tree.key())))
                for stage, name, answer, typed in typed_cases(tree):
                    cases.append([len(keys) - 1, stage, tree.ids[name], typed])
                    v = tree.judge(stage, name, answer)
                    expected.append([v.passed, list(v.diagnoses), v.message])
        got = page.evaluate(JUDGE_JS, [keys, cases])
        # Check with a set of leaves marked: right, none, each mistake's set, one off
        keys, marked_cases, expected_marked = [], [], []
        for i in range(40):
            tree = practice_tree("pruning", level=1 + i % 5, seed=f"marked{i}",
                                 prune_ties=i % 2 == 0)
            keys.append(json.loads(json.dumps(tree.key())))
            right = set(tree.pruned_leaves)
            sets = [right, set(), *(set(leaves) for _, _, leaves in tree.mistaken_sets)]
            sets += [right - {leaf} for leaf in right] + [right | {leaf} for leaf in
                                                          tree.game.leaves if leaf not in right]
            for marked in sets:
                marked_cases.append([len(keys) - 1, sorted(tree.ids[leaf] for leaf in marked)])
                v = tree.judge_marked(marked)
                expected_marked.append([v.passed, list(v.diagnoses),
                                        None if v.passed else v.message])
        got_marked = page.evaluate(MARKED_JS, [keys, marked_cases])
    assert len(got) == len(expected) > 1000
    assert got_marked == expected_marked and len(expected_marked) > 200
    wrong = [(c[1:], g, e) for c, g, e in zip(cases, got, expected) if g != e]
    assert not wrong, wrong[:3]
    assert {d for _, ids, _ in expected for d in ids or [None]} >= {
        None, "wrong", "players-swapped", "window-reset"}


def test_the_saved_best_move_page_names_a_wrong_move_then_accepts_the_best(browser, tmp_path):
    from minimax_lessons.exercises.practising import practice

    p = practice("best-move", level=1, trees=1)
    path = p.save(tmp_path / "best.html", trees=1)
    tree = p.trees_at(1)[0]
    items = tree.items("move")
    best = next(child for child, item in items.items() if item.answer)
    other = next(child for child in items if child != best)
    with saved_page(browser, path) as saved:
        page = saved.page
        widget = page.locator(".mmp")
        node(widget, other, tree).click()
        verdict = tree.judge("move", tree.game.root, other)
        assert verdict.message in feedback(widget) and "\u2718" in feedback(widget)
        node(widget, best, tree).click()
        wait_data(widget, "done", 1)
        assert feedback(widget).startswith(f"\u2714 {best}: right")


DIRTY_JS = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"


def saved_by_ctrl_s(page):
    """Make the notebook unsaved, press Ctrl+S where the focus is, and wait until it is saved."""
    page.evaluate("() => { window.jupyterapp.shell.currentWidget.context.model.dirty = true; }")
    assert page.evaluate(DIRTY_JS)
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    return True


def test_in_lab_a_finished_tree_keeps_the_focus_and_the_node_s_name_and_ctrl_s_saves(
        jupyter_server, lab):
    from minimax_lessons.exercises.practising import practice

    first, second = practice("values", level=1, trees=2).trees_at(1)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(NOTEBOOK_CODE), nbformat.v4.new_code_cell(
        "from minimax_lessons import animate, minimax, FIGURE_5_2\nanimate(minimax, FIGURE_5_2)")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    lab.open(jupyter_server.add_notebook(nb, "keys.ipynb"))
    lab.run_all()
    page = lab.page
    v = page.locator(".mmp")
    v.wait_for(state="visible")

    # Keyboard only: each node, its value, Enter. When the tree is done the answer box
    # goes, and the focus goes to New tree (not to the page); Enter there starts the next.
    for name, item in first.items("values").items():
        node(v, name, first).focus()
        page.keyboard.type(_text(item.answer))
        page.keyboard.press("Enter")
    wait_data(v, "done", 1)
    assert page.evaluate("() => document.activeElement.dataset.action") == "new"
    page.keyboard.press("Enter")
    assert "A new tree" in feedback(v)

    # Show me to the end: the last sentence keeps its node's name, with no tick (nobody
    # answered it), and the focus stays in the widget.
    items = list(second.items("values").items())
    for _ in items:
        v.get_by_role("button", name="Show me").click()
    wait_data(v, "done", 2)
    name, item = items[-1]
    assert feedback(v) == f"{item.why} Tree done. Press New tree for another.", feedback(v)
    assert feedback(v).startswith(f"{name} is a ")
    assert page.evaluate("() => document.activeElement.dataset.action") == "new"

    # Ctrl+S saves from inside the practice widget and from inside a player; other keys
    # stay the widgets' own.
    node(v, second.game.root, second).focus()
    assert saved_by_ctrl_s(page)
    player = page.locator(".mmla")
    player.click(position={"x": 5, "y": 5})
    assert saved_by_ctrl_s(page)
    page.keyboard.press("ArrowRight")
    player.locator(".mmla-counter", has_text="step 1 /").wait_for()
    assert player.get_attribute("data-lm-suppress-shortcuts") == "true"
    assert page.locator(".jp-CodeCell").count() == 2
    lab.assert_no_console_errors()


MARKS_OVERLAP_JS = """() => {
    // Every mark's box against the shapes and texts of every other node (names, windows).
    const svg = document.querySelector('.mmp svg');
    const parts = [];
    for (const g of svg.querySelectorAll('g[id^="n"]')) {
        for (const part of g.children) {
            if (part.classList.contains('mmp-mark')) continue;
            if (!['polygon', 'ellipse', 'path', 'polyline', 'text'].includes(part.localName)) continue;
            const r = part.getBoundingClientRect();
            if (r.width) parts.push([g.id, r]);
        }
    }
    const found = [];
    const marks = svg.querySelectorAll('text.mmp-mark');
    for (const m of marks) {
        const own = m.parentNode.id, r = m.getBoundingClientRect();
        for (const [id, o] of parts) {
            if (id === own || id.startsWith(own + '_')) continue;
            if (r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom) {
                found.push(`${own} ${m.textContent} covers ${id}`);
            }
        }
    }
    return {marks: marks.length, found};
}"""


@pytest.mark.parametrize("level", [1, 5])
def test_marks_never_cover_a_neighbour(browser, tmp_path, level):
    # Whole subtrees marked as pruned put a cross and scissors on each needed leaf, and
    # leaves stand about 18 px apart: the marks stack, and shrink to the room they have.
    from minimax_lessons.exercises.practising import practice

    p = practice("pruning", level=level, trees=1)
    tree = p.trees_at(level)[0]
    path = p.save(tmp_path / "pruning.html", trees=1)
    with saved_page(browser, path, viewport={"width": 1024, "height": 768},
                    shot=f"practice_marks_level{level}.png") as saved:
        page = saved.page
        widget = page.locator(".mmp")
        children = tree.game.children(tree.game.root)
        for child in children:  # each subtree below the root, marked at once
            node(widget, child, tree).click()
        seen = page.evaluate(MARKS_OVERLAP_JS)
        assert seen["marks"] >= len(tree.game.leaves) and seen["found"] == [], seen
        assert "\u2718" in page.locator("text.mmp-mark").first.text_content()
