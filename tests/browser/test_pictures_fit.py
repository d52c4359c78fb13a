"""Every picture fits and reads, in JupyterLab, on a laptop and on a projector.

- *Fits*: no output of a lesson shows a horizontal scroll bar, and no picture reaches past
  its output area, at 1280x800 and at 1024x768 (a projector), in the layout ``make lab``
  opens (the file browser open), before Run All (the notebook as cloned: untrusted, its
  stored pictures) and after it (trusted, live players). The one scroll bar allowed is the
  one a student asks for: a player's "fit" button switched to 1:1.
- *Reads*: what lesson 0 and the README tell a lecturer, ``lecture_mode()`` in the first
  cell and Run All, makes the values in the nodes of every tree at least 20 CSS pixels and
  the windows and names at least 16, in stills and in players, at 1024x768 with the file
  browser open; the players' buttons and caption grow too. Sizes are measured in the page:
  an SVG text's font size times the scale it is drawn at.

A notebook opened but not run shows its pictures, not their text: JupyterLab trusts only
notebooks it ran itself, so it refuses their SVG; the pictures' HTML (an ``<img>``) and PNG
still show. Screenshots of a few of these pages are kept in ``tests/artifacts/``.

Each lesson is opened once, in one notebook and one kernel, for both: it is checked as it
opens (its stored pictures, which are what Run All without lecture mode draws), then
switched to lecture mode and run once (as a lecturer would), checked again and measured.
The same run checks what opening a lesson and its own widgets do: the lesson is not marked
unsaved as it opens, its first animation plays to its end, lesson 4's board answers a
click, every prediction's explanation and result stay closed before Run All and after it,
lesson 9's and lesson 10's open when clicked, and lesson 9's Connect Four board plays
(:data:`LESSON_WIDGETS`).
"""

import json
import re
import subprocess
from pathlib import Path

import nbformat
import pytest

from minimax_lessons.pictures.lecture import ROOM

from . import connect_four

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
SIZES = ((1280, 800), (1024, 768))
LECTURE_CELL = "from minimax_lessons import lecture_mode\nlecture_mode()"
#: What a picture looks like when it is shown as text instead.
TEXT_INSTEAD_OF_PICTURE = re.compile(
    r"<(TreeDrawing|Animation) of|\btree\s+n_w\b|\bn->n_0\b|\bn_0_w\b|<TicTacToeBoard")

#: Outputs of the current notebook that scroll sideways or hold a picture wider than the
#: output area: [cell, what, width, room]. A player switched to 1:1 by its user may scroll.
OVERFLOW_JS = """() => {
    const found = [];
    const nb = window.jupyterapp.shell.currentWidget.content;
    nb.widgets.forEach((cell, i) => {
        const area = cell.node.querySelector('.jp-OutputArea');
        if (!area) return;
        for (const out of area.querySelectorAll('.jp-OutputArea-output')) {
            const room = out.getBoundingClientRect();
            if (!room.width) continue;
            for (const el of [out, ...out.querySelectorAll('*')]) {
                const style = getComputedStyle(el);
                if (el.closest('.mmla-stage:not(.mmla-fitted)')) continue;
                if ((style.overflowX === 'auto' || style.overflowX === 'scroll')
                    && el.scrollWidth > el.clientWidth + 1)
                    found.push([i, 'scroll bar: ' + String(el.className.baseVal ?? el.className),
                                el.scrollWidth, el.clientWidth]);
                else if (['IMG', 'svg', 'IFRAME'].includes(el.tagName)
                         && el.getBoundingClientRect().right > room.right + 1)
                    found.push([i, 'wider than the output: ' + el.tagName,
                                Math.round(el.getBoundingClientRect().width), Math.round(room.width)]);
            }
        }
    });
    return found;
}"""

#: What the untrusted notebook shows: its pictures (stored and visible), and any text that
#: stands where a picture should be.
PICTURES_JS = """() => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const found = {untrusted: 0, pictures: 0, texts: [], broken: [], images: 0, alts: []};
    nb.widgets.forEach((cell, i) => {
        if (cell.model.type !== 'code') return;
        if (!cell.model.trusted) found.untrusted += 1;
        for (const out of cell.model.outputs.toJSON()) {
            const data = out.data || {};
            if (data['image/svg+xml'] || data['image/png']
                || String(data['text/html'] || '').includes('<img')) found.pictures += 1;
        }
        const area = cell.node.querySelector('.jp-OutputArea');
        if (!area) return;
        for (const child of area.querySelectorAll('.jp-OutputArea-output'))
            found.texts.push([i, child.innerText.slice(0, 300)]);
        for (const img of area.querySelectorAll('img')) {
            found.images += 1;
            if (!(img.complete && img.naturalWidth > 0)) found.broken.push(i);
            found.alts.push([i, img.getAttribute('alt') || '']);
        }
    });
    return found;
}"""

#: The smallest value, window and name (CSS pixels) of every picture in the notebook that
#: shows values: trees (values in nodes and board headers and squares, windows and Monte
#: Carlo statistics beside, names below, moves on edges) and Connect Four boards (discs and
#: column values; column numbers and the values' label as names). Where it is drawn: players
#: and practice trees (inline SVG), boards in widgets (inline SVG), stills (an <img> of SVG,
#: read back from its data) and question pictures (a PNG <img>; ``pngs`` gives the SVG it was
#: made from, per cell, in order). A size is the font size times the scale it is drawn at.
LABELS_JS = """pngs => {
    const kind = (t) => {
        const board = t.getAttribute('class') || '';
        if (/^(disc|column-value)$/.test(board)) return 'value';
        if (/^(column|values-label)$/.test(board)) return 'name';
        const g = t.closest('g[id]');
        const id = g ? g.getAttribute('id') : '';
        if (/^n(_\\d+)*$/.test(id)) return 'value';
        if (/_w$/.test(id)) return /[αβ]|^enter$/.test(t.textContent) ? 'window' : 'name';
        if (/_name$/.test(id) || /^e(_\\d+)+$/.test(id)) return 'name';
        return null;
    };
    const smallest = (texts, scale) => {
        const least = {};
        for (const t of texts) {
            if (!t.textContent.trim()) continue;
            const px = Math.round(parseFloat(t.getAttribute('font-size')) * scale * 10) / 10;
            least.any = Math.min(least.any ?? Infinity, px);  // every text, whatever it says
            const what = kind(t);
            if (what) least[what] = Math.min(least[what] ?? Infinity, px);
        }
        return least;
    };
    const parsed = (text) => new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    const found = [];
    const nb = window.jupyterapp.shell.currentWidget.content;
    nb.widgets.forEach((cell, i) => {
        const area = cell.node.querySelector('.jp-OutputArea');
        if (!area) return;
        const inline = [['player', '.mmla-stage svg'], ['practice', '.mmp svg'],
                        ['board', '.widget-html-content svg']];
        for (const [what, selector] of inline) {
            for (const svg of area.querySelectorAll(selector)) {
                found.push({cell: i, what, ...smallest(svg.querySelectorAll('text'),
                                                       svg.getScreenCTM().a)});
            }
        }
        const stored = [...(pngs[i] || [])];
        for (const img of area.querySelectorAll('img')) {
            const src = img.getAttribute('src') || '';
            let svg = null;
            if (src.startsWith('data:image/svg+xml;base64,')) {
                const bytes = Uint8Array.from(atob(src.slice(26)), c => c.charCodeAt(0));
                svg = parsed(new TextDecoder().decode(bytes));
            } else if (src.startsWith('data:image/png') && stored.length
                       && (img.closest('.mml-tree') || img.closest('details'))) {
                svg = parsed(stored.shift());
            }
            if (!svg || !img.getBoundingClientRect().width) continue;
            const scale = img.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            const what = !src.includes('png') ? 'still' : img.closest('details') ? 'result' : 'question';
            found.push({cell: i, what,
                        ...smallest(svg.querySelectorAll('text'), scale)});
        }
    });
    return found;
}"""

#: Every text of the notebook's outputs (HTML and widgets; a picture's SVG text is the
#: palette's, tests/pictures/test_palette.py) whose contrast with what it stands on is
#: below 4.5:1: [text, colour, background, ratio]. The background is every layer under the
#: text composited, down to the page; an element faded by its opacity (a disabled control,
#: which WCAG exempts) is left out, and so is the syntax colouring JupyterLab's theme gives
#: code in Markdown (the textbook's listings), the same as in the notebook's code cells.
CONTRAST_JS = """() => {
    const parse = c => { const m = /rgba?\\(([^)]+)\\)/.exec(c); if (!m) return null;
        const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
        return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
    const over = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a),
        g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1});
    const luminance = ({r, g, b}) => [r, g, b].map(v => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const backdrop = el => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
        }
        return layers.reverse().reduce((under, c) => over(c, under), {r: 255, g: 255, b: 255, a: 1});
    };
    const faded = el => { for (let e = el; e; e = e.parentElement) {
        if (e.disabled || parseFloat(getComputedStyle(e).opacity) < 1) return true; } return false; };
    const found = [];
    for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
        const walk = document.createTreeWalker(out, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const el = n.parentElement;
            if (!n.textContent.trim() || el.closest('svg, style, script, .jp-RenderedMarkdown pre code span')
                || faded(el)) continue;
            const style = getComputedStyle(el);
            if (style.visibility === 'hidden' || !el.getClientRects().length) continue;
            const bg = backdrop(el);
            const fg = over(parse(style.color), bg);
            const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
            const ratio = (a + 0.05) / (b + 0.05);
            if (ratio < 4.5) found.push([n.textContent.trim().slice(0, 50), style.color,
                `rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)})`,
                Math.round(ratio * 100) / 100]);
        }
    }
    return found;
}"""


def low_contrast_in_both_themes(page):
    """The texts below 4.5:1 in the light theme, then in JupyterLab Dark (and back)."""
    found = [("light", *item) for item in page.evaluate(CONTRAST_JS)]
    for theme in ("JupyterLab Dark", "JupyterLab Light"):
        # the command's promise: the setting saved, before the next switch begins
        page.evaluate("async t => { await window.jupyterapp.commands.execute("
                      "'apputils:change-theme', {theme: t}); }", theme)
        page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)
        # and JupyterLab's splash, shown while a theme loads, is gone: a switch made while
        # it fades out has JupyterLab remove it twice (an uncaught error)
        page.wait_for_function("() => !document.getElementById('jupyterlab-splash')")
        dark = theme.endswith("Dark")
        # the theme's CSS is in: the notebook's own background is dark (or light again)
        page.wait_for_function("""dark => { const c = getComputedStyle(document.querySelector(
            '.jp-Notebook')).backgroundColor.match(/\\d+/g).map(Number);
            return (c[0] + c[1] + c[2] < 150) === dark; }""", arg=dark)
        settle(page)
        if dark:
            found += [("dark", *item) for item in page.evaluate(CONTRAST_JS)]
    return found


#: Dirty once the kernel's spec and language have been written into the notebook (the
#: notebook panel asked for both first, so its own updates have run when ours resolve).
#: JupyterLab writes both into a notebook as it opens it: a lesson that stored anything
#: else turned unsaved (a dot on its tab) before the student did anything.
DIRTY_AFTER_KERNEL_JS = """async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    const kernel = panel.sessionContext.session.kernel;
    await kernel.info;
    await kernel.spec;
    await null;
    return {dirty: panel.context.model.dirty,
            kernelspec: panel.context.model.getMetadata('kernelspec')};
}"""

#: The player's controls as drawn: its buttons' height and its caption's font size.
CONTROLS_JS = """root => ({
    button: root.querySelector('.mmla-bar button').getBoundingClientRect().height,
    caption: parseFloat(getComputedStyle(root.querySelector('.mmla-caption')).fontSize),
})"""


#: Wait until the notebook's layout (its width, and the box of every output and of every
#: picture in one) has stayed the same for three frames in a row; a layout still moving
#: after five seconds is measured as it is.
LAID_OUT_JS = """async () => {
    const nb = window.jupyterapp.shell.currentWidget.content.node;
    const layout = () => [nb, ...nb.querySelectorAll(
            '.jp-OutputArea-output, .jp-OutputArea-output :is(img, svg, iframe, .mmla-stage)')]
        .map(e => { const r = e.getBoundingClientRect();
                    return [r.left, r.top, r.width, r.height, e.scrollWidth].join(','); })
        .join(' ');
    const frame = () => new Promise(r => requestAnimationFrame(r));
    let last = layout();
    for (let same = 0, frames = 0; same < 3 && frames < 300; frames++) {
        await frame();
        const now = layout();
        same = now === last ? same + 1 : 0;
        last = now;
    }
}"""


def settle(page):
    """Let JupyterLab lay out again (after a resize or Run All) and the images load."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img')].every(i => i.complete)")
    page.evaluate(LAID_OUT_JS)


#: Screenshots kept for a person to look at: (lesson, when) -> the text of the cell shown,
#: at 1024x768 (the widest of these trees at the narrowest size).
SHOTS = {("02-backing-up-values.ipynb", "before Run All"): 'question("q2.3")',
         ("06-alpha-beta.ipynb", "before Run All"): "legend=True"}


def overflow_at_both_sizes(page, name, when):
    """The outputs that overflow, at each size: [(size, when, overflow)]."""
    found = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        found += [(f"{width}x{height}", when, *item) for item in page.evaluate(OVERFLOW_JS)]
    if (name, when) in SHOTS:
        page.locator(".jp-Cell", has_text=SHOTS[name, when]).first.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = f"fit_{width}x{height}_{when.replace(' ', '_')}_{name.split('-')[0]}.png"
        page.screenshot(path=str(ARTIFACTS / shot))
    return found


def assert_not_unsaved(page, name):
    seen = page.evaluate(DIRTY_AFTER_KERNEL_JS)
    assert seen["dirty"] is False, f"{name} turned unsaved on opening: {seen}"
    tab = page.locator(".jp-mod-current.lm-TabBar-tab")
    assert "jp-mod-dirty" not in (tab.get_attribute("class") or "")


def assert_the_first_player_plays(page, ends="Done:"):
    """The lesson's first player (not a quiz) steps forward and ends on its last caption."""
    first = page.locator(".mmla:not(:has(.mmla-quiz))").first
    counter = first.locator(".mmla-counter", has_text="step 0 /")
    counter.wait_for(state="visible")
    last = counter.text_content().split("/")[-1].strip()
    assert last.isdigit() and int(last) > 2, last
    first.get_by_role("button", name="Step forward").click()
    first.locator(".mmla-counter", has_text="step 1 /").wait_for(state="visible")
    first.get_by_role("button", name="Last frame").click()
    first.locator(".mmla-counter", has_text=f"step {last} / {last}").wait_for(state="visible")
    assert first.locator(".mmla-caption").inner_text().startswith(ends)


def the_tic_tac_toe_board_answers_a_click(page):
    """Lesson 4: every empty square is worth a draw; the centre is answered by one O."""
    squares = page.locator(".widget-gridbox button")
    page.locator(".widget-gridbox button", has_text="draw (+0)").nth(8).wait_for(state="visible")
    assert squares.count() == 9
    squares.nth(4).click()  # the centre
    page.locator(".widget-gridbox button", has_text=re.compile(r"^\s*O\s*$")).wait_for(state="visible")
    page.locator(".widget-gridbox button", has_text=re.compile(r"^\s*X\s*$")).wait_for(state="visible")
    texts = [squares.nth(i).text_content().strip() for i in range(9)]
    assert texts[4] == "X" and texts.count("O") == 1
    # each square says where it is (its tooltip, read after its label)
    assert squares.nth(4).get_attribute("title") == "square 4, middle row, centre: taken"
    assert squares.nth(0).get_attribute("title").startswith("square 0, top row, left: ")
    assert all(t in ("X", "O") or t.startswith(("draw", "loss")) for t in texts)


REVEALS_JS = """() => [...document.querySelectorAll('.jp-MarkdownOutput details')].map(d => ({
    open: d.open,
    summary: d.querySelector('summary').innerText,
}))"""


def the_reveals_open_only_when_clicked(page):
    """Lesson 10: a prediction's reveal stays closed until the student opens it."""
    page.locator(".jp-MarkdownOutput details").first.wait_for(state="attached")
    reveals = page.evaluate(REVEALS_JS)
    assert len(reveals) == 7  # one after each prediction, p10.1 to p10.7
    assert all(not r["open"] and r["summary"].startswith("Answer and explanation")
               for r in reveals)
    first = page.locator(".jp-MarkdownOutput details").first
    first.scroll_into_view_if_needed()
    assert not first.get_by_text("Read who moves from the shapes").is_visible()
    first.locator("summary").click()
    first.get_by_text("Read who moves from the shapes").wait_for(state="visible")
    assert page.evaluate(REVEALS_JS)[0]["open"]


#: The results a lesson shows closed (``reveal()``), in its outputs.
RESULTS_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output details')].map(d => ({
    open: d.open,
    summary: d.querySelector('summary').innerText,
    images: d.querySelectorAll('img').length,
}))"""


def predictions(path) -> int:
    """How many predictions the lesson checks (cells with ``check("pN.M"``)."""
    nb = nbformat.read(path, as_version=4)
    return sum('check("p' in cell.source for cell in nb.cells if cell.cell_type == "code")


def answers_are_closed(page, path, when):
    """Every prediction has its explanation below it, closed, and no result is open."""
    if not predictions(path):
        return
    page.locator(".jp-MarkdownOutput details").first.wait_for(state="attached")
    texts, results = page.evaluate(REVEALS_JS), page.evaluate(RESULTS_JS)
    assert texts and not [r for r in texts + results if r["open"]], \
        f"{path.name}: an answer is open {when}"
    assert all(r["summary"].startswith("Answer and explanation") for r in texts)
    assert all("(open it after you have checked your prediction" in r["summary"]
               for r in results)


def the_horizon_result_opens_only_when_clicked(page):
    """Lesson 9: the horizon position's result (a board and a line) opens on a click."""
    results = page.evaluate(RESULTS_JS)
    # p9.3 and p9.4 share one answer, and show the table's code closed in two results
    assert len(page.evaluate(REVEALS_JS)) == 6 and len(results) == 7
    horizon = page.locator(".jp-OutputArea-output details").nth(5)
    horizon.scroll_into_view_if_needed()
    assert results[5]["images"] == 1
    assert not horizon.get_by_text("column 2, searched 4 and 5 plies deep").is_visible()
    horizon.locator("summary").click()
    horizon.get_by_text("column 2, searched 4 and 5 plies deep").wait_for(state="visible")
    assert horizon.locator("img").evaluate("img => img.complete && img.naturalWidth > 0")
    page.screenshot(path=str(ARTIFACTS / "lesson-9-result-opened.png"))


def lesson_9s_result_and_board(page):
    """Lesson 9: the horizon result opens on a click; the Connect Four board plays."""
    the_horizon_result_opens_only_when_clicked(page)
    connect_four.the_board_answers_a_click_with_its_depth_and_values(page)
    connect_four.the_board_ignores_a_click_made_while_the_program_thinks(page)


#: What a lesson's own widgets do, checked on its one run (besides its first player).
LESSON_WIDGETS = {
    "04-tic-tac-toe.ipynb": the_tic_tac_toe_board_answers_a_click,
    "09-connect-four.ipynb": lesson_9s_result_and_board,
    "10-more-players-dice-and-killers.ipynb": the_reveals_open_only_when_clicked,
}
#: How a lesson's first player's last caption starts (a Monte Carlo search tells its rounds).
LAST_CAPTIONS = {"08-monte-carlo-tree-search.ipynb": "After 20 play-outs"}


def shown_as_text(found):
    return [f"cell {i + 1}: {text[:120]!r}" for i, text in found["texts"]
            if TEXT_INSTEAD_OF_PICTURE.search(text)]


#: The student's own copy of the lessons in the server's root, as ``make lab`` makes and
#: serves it (minimax_lessons/working_copy.py): the lessons are opened from there.
MY_LESSONS = "my-lessons"


@pytest.fixture(scope="module")
def my_lessons(jupyter_server):
    from minimax_lessons.working_copy import update

    update(NOTEBOOKS, jupyter_server.root / MY_LESSONS)
    return jupyter_server.root / MY_LESSONS


def course_state(path):
    """The course's file as shipped, and what ``git status`` says of the course's folder
    (None outside a git checkout)."""
    try:
        status = subprocess.run(["git", "status", "--porcelain", "--", "notebooks"],
                                cwd=NOTEBOOKS.parent, capture_output=True, text=True,
                                timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        status = None
    return path.read_bytes(), status


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_every_picture_of_a_lesson_fits_at_both_sizes_and_reads_in_lecture_mode(
        jupyter_server, lab, my_lessons, path):
    """Every picture fits at both sizes, before Run All (the stored pictures, as a student
    first sees them) and after it, and every text of the outputs has its contrast in the
    light and the dark theme; the lesson is run once, as a lecturer runs it:
    ``lecture_mode()`` in a first cell and Run All. Then every value reads at 20 px and
    every window and name at 16 at 1024x768 (:func:`reads_in_lecture_mode`), and on RISE's
    slides (:func:`reads_on_slides`).

    Why one run, in lecture mode, is enough: a lesson's Run All without lecture mode draws
    the very pictures it stores (nbval checks the stored outputs against a fresh run), and
    those are checked before Run All; what only a run shows, the live players, quizzes,
    practice trees and boards, is larger in lecture mode (values, controls and captions
    grow), so what fits there fits without it, and its colours are the same. A player
    without lecture mode is checked in ``tests/browser/test_player_in_a_room.py`` (its width,
    the dark theme) and below, far wider than the room at 1024x768. One run instead of a
    plain one and a lecture one saves the suite a Run All of every lesson.

    Also: the lesson is opened from the student's own copy, as ``make lab`` opens it, and
    saved there with the lecturer's cell: the course's file stays as shipped (``git status``
    of ``notebooks/`` as it was). Opening the lesson does not mark it unsaved, every still
    reads at 12 px or more at 1024x768 before Run All, and its first player plays."""
    shipped = course_state(path)
    lab.open(f"{MY_LESSONS}/{path.name}")
    page = lab.page
    assert_not_unsaved(page, path.name)
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output').length > 0")
    settle(page)
    found = page.evaluate(PICTURES_JS)
    assert found["untrusted"] > 0, "the lesson opened trusted: this test would prove nothing"
    assert found["pictures"] > 0, f"{path.name} stores no picture at all"
    assert not shown_as_text(found), "pictures shown as text:\n" + "\n".join(shown_as_text(found))
    assert found["images"] >= found["pictures"], (
        f"{found['pictures']} outputs hold a picture but only {found['images']} images show")
    assert not found["broken"], f"images that did not load, in cells {found['broken']}"
    # every picture says what it shows, in words: not empty, not a Python repr
    unsaid = [(i, alt[:80]) for i, alt in found["alts"] if not alt.strip() or alt.startswith("<")]
    assert not unsaid, f"{path.name}: pictures without words (cell, alt): {unsaid}"
    overflow = overflow_at_both_sizes(page, path.name, "before Run All")  # ends at 1024x768
    stills = [found for found in page.evaluate(LABELS_JS, question_pictures(
        nbformat.read(path, as_version=4), lecture=False)) if found.get("any", 99) < 12]
    assert not stills, f"{path.name}: stills under 12 px at 1024x768 before Run All: {stills}"
    answers_are_closed(page, path, "before Run All")
    nb = run_in_lecture_mode(lab, path)  # and every widget drawn
    overflow += overflow_at_both_sizes(page, path.name, "after Run All")
    assert not overflow, "outputs that scroll sideways or are cut off ([size, when, cell, " \
        "what, width, room]):\n" + "\n".join(map(str, overflow))
    answers_are_closed(page, path, "after Run All")
    low = low_contrast_in_both_themes(page)
    assert not low, f"{path.name}: texts under 4.5:1 ([theme, text, colour, on, ratio]):\n" + \
        "\n".join(map(str, low))
    if page.locator(".mmla:not(:has(.mmla-quiz))").count():
        assert_the_first_player_plays(page, LAST_CAPTIONS.get(path.name, "Done:"))
    LESSON_WIDGETS.get(path.name, lambda page: None)(page)
    lab.assert_no_console_errors()
    reads_in_lecture_mode(jupyter_server, lab, path, nb)
    saved_in_the_students_copy_only(jupyter_server, lab, path, shipped)
    reads_on_slides(jupyter_server, lab, path)


QUESTION = re.compile(r'^question\("([^"]+)"\)$')


#: The last cell of a lecture run: the SVG of every picture shown closed in a result
#: (``reveal(...)``, a PNG <img> in the page), by the execution count of its cell.
RESULT_PICTURES_CELL = """\
import json as _json
from minimax_lessons.pictures.reveal import Reveal as _Reveal
_svgs = {}
for _count, _shown in Out.items():
    if isinstance(_shown, _Reveal):
        _bundles = [_t._repr_mimebundle_(include=["image/svg+xml"]) for _t in _shown.things
                    if hasattr(_t, "_repr_mimebundle_")]
        _svgs[_count] = [_b["image/svg+xml"] for _b in _bundles if "image/svg+xml" in _b]
with open("result-pictures.json", "w") as _out:
    _json.dump(_svgs, _out)"""

#: Open every result shown closed; the execution count of every cell (None: not run).
OPEN_RESULTS_JS = """() => {
    for (const d of document.querySelectorAll('.jp-OutputArea-output details')) d.open = true;
    return window.jupyterapp.shell.currentWidget.content.widgets.map(cell =>
        cell.model.type === 'code' ? cell.model.executionCount : null);
}"""


def result_pictures(page, root) -> dict:
    """{cell index: [SVG]} of the pictures in results shown closed, after opening them all."""
    counts = page.evaluate(OPEN_RESULTS_JS)
    svgs = json.loads((root / "result-pictures.json").read_text(encoding="utf-8"))
    return {i: svgs[str(count)] for i, count in enumerate(counts)
            if count is not None and svgs.get(str(count))}


def question_pictures(nb, *, lecture=True) -> dict:
    """{cell index: [SVG]}: the tree each ``question("...")`` cell shows (as a PNG), drawn in
    lecture mode (or not) as the kernel draws it, for LABELS_JS to measure."""
    from minimax_lessons import lecture_mode
    from minimax_lessons.exercises.check import question
    from minimax_lessons.exercises.feedback import tree_svg

    found = {}
    with lecture_mode(lecture):
        for i, cell in enumerate(nb.cells):
            asked = QUESTION.match(cell.source.strip().splitlines()[-1]) \
                if cell.cell_type == "code" and cell.source.strip() else None
            if not asked:
                continue
            view = question(asked.group(1))
            picture = view.question.picture(view.seed)
            if picture is not None:
                found[i] = [tree_svg(*(picture if isinstance(picture, tuple) else (picture,)))]
    return found


#: In lecture mode, screenshots kept of each of these lessons at both sizes: the cell shown.
LECTURE_SHOTS = {"01-game-trees.ipynb": "draw_tree(game, state=start, depth=2)",
                 "04-tic-tac-toe.ipynb": "draw_tree(game, state=fork",
                 "05-cost-of-looking-ahead.ipynb": "notes=cut_off",
                 "06-alpha-beta.ipynb": "legend=True",
                 "08-monte-carlo-tree-search.ipynb": "animate_mcts(tree",
                 "10-more-players-dice-and-killers.ipynb": "draw_tree(THREE_PLAYERS, size",
                 "11-after-alpha-beta.ipynb": "draw_tree(BEAM_TRAP, notes"}


def keep_lecture_shots(page, name):
    """Screenshots of the lesson's chosen cell at 1024x768 and 1280x800, in tests/artifacts/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in reversed(SIZES):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.locator(".jp-Cell", has_text=LECTURE_SHOTS[name]).first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"lecture_{width}x{height}_{name.split('-')[0]}.png"))


#: The pictures that do not reach 20 px values and 16 px other text in the output column of
#: 1024x768 with the file browser open, each with the least it reads at there (value, other
#: text): too many nodes side by side for any layout at those sizes. Closing the side panel
#: (Ctrl+B), as the README and the teaching notes say, brings it to 20 and 16 px.
CROWDED = {
    # the whole game of Nim (2, 2): twelve boards side by side on its third ply
    ("01-game-trees.ipynb", "reveal(draw_tree(nim, result=result))"): (15, 12),
}


#: The least room (CSS px) a picture has: the content width of every output holding an
#: <img> or a player's stage (what lecture.ROOM says lecture pictures are made for).
ROOM_JS = """() => Math.min(...[...document.querySelectorAll(
    '.jp-OutputArea-output img, .mmla-stage')].map(e => (e.tagName === 'IMG'
        ? e.parentElement : e).clientWidth).filter(w => w > 0))"""


def too_small(found, least=(20, 16)):
    return found.get("value", 99) < least[0] or min(found.get("window", 99),
                                                     found.get("name", 99)) < least[1]


#: Put ``lecture_mode()`` in a first cell of the notebook on screen and the cell that saves
#: the results' pictures in a last one (their sources are the arguments), both left out of
#: the slides (as the lecturer's first cell is, in the teaching notes).
ADD_LECTURE_CELLS_JS = """([first, last]) => {
    const shared = window.jupyterapp.shell.currentWidget.content.model.sharedModel;
    const skip = {slideshow: {slide_type: 'skip'}};
    shared.insertCell(0, {cell_type: 'code', source: first, metadata: skip});
    shared.insertCell(shared.cells.length, {cell_type: 'code', source: last, metadata: skip});
    return shared.cells.length;
}"""


def run_in_lecture_mode(lab, path):
    """``lecture_mode()`` put in a first cell of the lesson on screen (as lesson 0 says) and
    the cell that saves the results' pictures in a last one, then Run All: the notebook as
    it now is (both cells in it)."""
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(LECTURE_CELL))
    nb.cells.append(nbformat.v4.new_code_cell(RESULT_PICTURES_CELL))
    assert lab.page.evaluate(ADD_LECTURE_CELLS_JS, [LECTURE_CELL, RESULT_PICTURES_CELL]) \
        == len(nb.cells)
    lab.run_all()
    return nb


def reads_in_lecture_mode(jupyter_server, lab, path, nb):
    """In lecture mode at 1024x768, values read at 20 px and windows and names at 16, in
    every picture that shows values: stills, players, quizzes, practice, questions, results
    shown closed (opened), boards (but the one in :data:`CROWDED`, which needs the side panel
    closed). Run on the lesson left open and run by :func:`run_in_lecture_mode` (``nb``)."""
    page = lab.page
    page.set_viewport_size({"width": 1024, "height": 768})
    assert page.locator(".jp-FileBrowser").is_visible()  # the layout make lab opens
    results = result_pictures(page, jupyter_server.root / MY_LESSONS)  # and open them
    players = page.locator(".mmla")
    # in JupyterLab an animation is its widget, not the HTML copy lecture mode adds for
    # RISE's presenter (which cannot load widgets: jupyterlab-contrib/rise #119)
    assert page.locator(".jp-OutputArea-output iframe.mm-player").count() == 0
    for k in range(players.count()):  # the last frame: every window written
        player = players.nth(k)
        player.locator(".mmla-stage svg").wait_for(state="attached")
        end = player.get_by_role("button", name="Last frame")
        if end.is_enabled():  # a quiz waits at its first question instead
            end.click()
    settle(page)
    assert page.evaluate(OVERFLOW_JS) == []
    assert page.evaluate(ROOM_JS) >= ROOM  # the room lecture pictures are made for
    pngs = {**question_pictures(nb), **results}
    labels = page.evaluate(LABELS_JS, pngs)
    crowded = {i: CROWDED[path.name, cell.source.strip().splitlines()[-1]]
               for i, cell in enumerate(nb.cells) if cell.source.strip()
               and (path.name, cell.source.strip().splitlines()[-1]) in CROWDED}
    small = [found for found in labels if too_small(found, crowded.get(found["cell"], (20, 16)))]
    assert not small, f"{path.name}: labels too small to project (CSS px): {small}"
    if crowded:  # with the side panel closed, they read too
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
        settle(page)
        assert not page.locator(".jp-FileBrowser").is_visible()
        closed = [found for found in page.evaluate(LABELS_JS, pngs) if found["cell"] in crowded]
        assert closed and not [found for found in closed if too_small(found)], closed
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
        settle(page)
    # Every drawing the lesson stores was measured (plots are PNG only; the tic-tac-toe
    # board's widget is buttons, its still a board without values).
    pictures = sum(1 for cell in nb.cells if cell.cell_type == "code"
                   and "TicTacToeBoard" not in cell.source for out in cell.outputs
                   if "image/svg+xml" in out.get("data", {}))
    assert len(labels) >= pictures + sum(map(len, pngs.values())), (pictures, labels)
    if path.name == "06-alpha-beta.ipynb":
        assert sum("window" in found for found in labels) >= 6
    for k in range(players.count()):
        controls = page.evaluate(CONTROLS_JS, players.nth(k).element_handle())
        assert controls["button"] >= 44 and controls["caption"] >= 24, controls
    if path.name in LECTURE_SHOTS:
        keep_lecture_shots(page, path.name)
    lab.assert_no_console_errors()


def saved_in_the_students_copy_only(jupyter_server, lab, path, shipped):
    """Save the lesson the lecturer changed (a cell added, run): it is saved in the
    student's own copy, and the course's file stays as shipped, ``git status`` of the
    course's notebooks as it was before (clean on a clean checkout)."""
    page = lab.page
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    copy = nbformat.read(jupyter_server.root / MY_LESSONS / path.name, as_version=4)
    assert copy.cells[0].source == LECTURE_CELL, "the edit was not saved in the copy"
    assert course_state(path) == shipped, f"saving {path.name} changed the course's own file"


#: The sections of RISE's slides that show a picture or a player (their ids, which RISE
#: also puts in the address as #/<id>).
PICTURE_SLIDES_JS = """() => [...document.querySelectorAll('.reveal .slides section:not(.stack)')]
    .filter(s => s.querySelector('.jp-OutputArea-output img, iframe.mm-player')).map(s => s.id)"""

#: The slide on screen is the one with this id, laid out: its images loaded and, for a
#: player, its tree drawn in its frame.
SLIDE_READY_JS = """id => {
    const slide = document.getElementById(id);
    if (!slide || !slide.classList.contains('present')) return false;
    const images = [...slide.querySelectorAll('.jp-OutputArea-output img')];
    const frames = [...slide.querySelectorAll('iframe.mm-player')];
    return images.every(i => i.complete) && frames.every(f => f.contentDocument
        && f.contentDocument.querySelector('.mmla-stage svg'));
}"""

#: Go to the slide with this id and say whether it is ready (SLIDE_READY_JS). The presenter
#: goes to the slide of the notebook's active cell once reveal.js is ready, which may come
#: after a first change of the hash (seen under load): so the hash is set again while the
#: slide on screen is another one, until it is the one asked for.
GO_TO_SLIDE_JS = f"""id => {{
    const slide = document.getElementById(id);
    if (location.hash !== '#/' + id || (slide && !slide.classList.contains('present')))
        location.hash = '#/' + id;
    return ({SLIDE_READY_JS})(id);
}}"""

#: What keeps a slide from being ready (SLIDE_READY_JS), to say so when it never is.
SLIDE_STATE_JS = """id => {
    const slide = document.getElementById(id);
    return {hash: location.hash, present: slide && slide.className,
            images: slide ? [...slide.querySelectorAll('.jp-OutputArea-output img')].map(i =>
                [i.complete, (i.getAttribute('src') || '').slice(0, 30), i.loading]) : null,
            frames: slide ? [...slide.querySelectorAll('iframe.mm-player')].map(f =>
                !!(f.contentDocument && f.contentDocument.querySelector('.mmla-stage svg'))) : null};
}"""

#: The smallest value and name of every picture on the slide on screen (as LABELS_JS, from
#: each <img>'s SVG, a question's PNG by the SVG it was made from, and each player's tree
#: in its frame), and how tall the slide is against the screen.
SLIDE_LABELS_JS = """([id, pngs]) => {
    const kind = t => {
        const g = t.closest('g[id]');
        const gid = g ? g.getAttribute('id') : '';
        if (/^n(_\\d+)*$/.test(gid)) return 'value';
        if (/_w$/.test(gid)) return /[αβ]|^enter$/.test(t.textContent) ? 'window' : 'name';
        if (/_name$/.test(gid) || /^e(_\\d+)+$/.test(gid)) return 'name';
        return null;
    };
    const smallest = (svg, scale) => {
        const least = {};
        for (const t of svg.querySelectorAll('text')) {
            const what = kind(t);
            if (!what || !t.textContent.trim()) continue;
            const px = Math.round(parseFloat(t.getAttribute('font-size')) * scale * 10) / 10;
            least[what] = Math.min(least[what] ?? Infinity, px);
        }
        return least;
    };
    const parsed = text => new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    const slide = document.getElementById(id);
    const found = [];
    for (const img of slide.querySelectorAll('.jp-OutputArea-output img')) {
        const box = img.getBoundingClientRect();
        if (!box.width) continue;  // a player's still, hidden where the player plays
        const src = img.getAttribute('src') || '';
        let svg = null;
        if (src.startsWith('data:image/svg+xml;base64,')) {
            const bytes = Uint8Array.from(atob(src.slice(26)), c => c.charCodeAt(0));
            svg = parsed(new TextDecoder().decode(bytes));
        } else if (pngs[src]) svg = parsed(pngs[src]);
        if (!svg) continue;  // a plot
        found.push({what: src.includes('png') ? 'question' : 'still',
                    ...smallest(svg, box.width / svg.viewBox.baseVal.width)});
    }
    for (const frame of slide.querySelectorAll('iframe.mm-player')) {
        const svg = frame.contentDocument.querySelector('.mmla-stage svg');
        const inside = frame.contentDocument.documentElement;
        found.push({what: 'player', cut: inside.scrollHeight > inside.clientHeight,
                    ...smallest(svg, svg.getScreenCTM().a)});
    }
    return {id, found, tall: slide.scrollHeight, screen: document.querySelector('.reveal').clientHeight};
}"""

#: {a question picture's PNG data URI: the SVG it was made from}, from the lesson's page.
QUESTION_SOURCES_JS = """pngs => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const found = {};
    for (const [i, svgs] of Object.entries(pngs)) {
        const images = [...nb.widgets[Number(i)].node.querySelectorAll('.mml-tree img')];
        images.forEach((img, k) => { if (svgs[k]) found[img.getAttribute('src')] = svgs[k]; });
    }
    return found;
}"""

#: LAID_OUT_JS for RISE's slides: their pictures and players keep their boxes for three
#: frames in a row (the slide's transition is over).
SLIDE_LAID_OUT_JS = LAID_OUT_JS.replace("window.jupyterapp.shell.currentWidget.content.node",
                                        "document.querySelector('.reveal .slides')")

#: Slides that come in at once instead of sliding in for 0.8 s (reveal.js's transition,
#: which only moves the slide it ends on): what is measured is the slide as it stays.
NO_TRANSITIONS_CSS = ".reveal .slides section, .reveal .backgrounds * {transition: none !important}"

#: The screen the slides are measured on: as narrow as 1024x768 and as low as 1280x720. A
#: slide's pictures and players only grow with the screen's width and height (rise.css),
#: so what reads and fits here reads and fits at both (lesson 6 is also stepped through at
#: 1280x720 itself, :func:`steps_on_a_projector`).
SLIDE_SCREEN = {"width": 1024, "height": 720}


def reads_on_slides(jupyter_server, lab, path):
    """The lesson run in lecture mode (left so by :func:`reads_in_lecture_mode`) as RISE's
    slides, in the presenter's own tab: on every slide that shows a picture or a player,
    values read at 20 px and windows and names at 16, the player fits its frame, and the
    slide fits the screen (:data:`SLIDE_SCREEN`)."""
    page = lab.page
    pngs = page.evaluate(QUESTION_SOURCES_JS, {str(i): svgs for i, svgs in
                                               question_pictures(_lecture_nb(path)).items()})
    first = next(i for i, c in enumerate(_lecture_nb(path).cells)
                 if c.metadata.get("slideshow", {}).get("slide_type") not in ("skip",)
                 and i > 0)
    page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {first}; }}")
    with page.context.expect_page() as opened:
        page.evaluate("() => window.jupyterapp.commands.execute('RISE:slideshow')")
    rise = opened.value
    try:
        rise.set_default_timeout(60_000)
        # The tab is handed over once its address has begun to load, before its document has
        # a <head>: a style added then fails ("Cannot read properties of null") on a busy
        # machine. DOMContentLoaded is the state the style needs.
        rise.wait_for_load_state("domcontentloaded")
        rise.add_style_tag(content=NO_TRANSITIONS_CSS)
        rise.set_viewport_size(SLIDE_SCREEN)
        rise.wait_for_selector(".reveal .slides section.present .jp-Cell:not(.reveal-skip)")
        rise.wait_for_function("h => document.querySelector('.reveal').clientHeight === h",
                               arg=SLIDE_SCREEN["height"])
        slides, measured = rise.evaluate(PICTURE_SLIDES_JS), []
        assert slides and all(slides), f"{path.name}: no slide with a picture found"
        for id in slides:
            try:
                rise.wait_for_function(GO_TO_SLIDE_JS, arg=id)
            except PlaywrightTimeout:
                raise AssertionError(f"{path.name}: slide {id} never came in whole: "
                                     f"{rise.evaluate(SLIDE_STATE_JS, id)}") from None
            rise.evaluate(SLIDE_LAID_OUT_JS)  # the slide has come in: nothing moves
            measured.append(rise.evaluate(SLIDE_LABELS_JS, [id, pngs]))
        for k, code in enumerate(SLIDE_SHOTS.get(path.name, ())):
            id = rise.evaluate("code => [...document.querySelectorAll('.reveal .slides "
                               "section:not(.stack)')].find(s => s.textContent.includes(code)).id",
                               code)
            rise.wait_for_function(GO_TO_SLIDE_JS, arg=id)
            rise.evaluate(SLIDE_LAID_OUT_JS)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            rise.screenshot(path=str(ARTIFACTS / f"slide_1024x720_{path.name[:2]}_{k}.png"))
        if path.name in PROJECTOR_LESSONS:
            steps_on_a_projector(rise, path)
    finally:
        rise.close()
    small = [(m["id"], found) for m in measured for found in m["found"] if too_small(found)
             or found.get("cut")]
    assert not small, f"{path.name}: on slides, too small or cut off (CSS px): {small}"
    tall = [(m["id"], m["tall"], m["screen"]) for m in measured if m["tall"] > m["screen"]]
    assert not tall, f"{path.name}: slides taller than the screen: {tall}"
    assert sum(len(m["found"]) for m in measured) >= 1


#: The lessons also presented as a lecturer does on a 1280x720 projector: every slide, from
#: the first, with the space bar (:func:`steps_on_a_projector`).
PROJECTOR_LESSONS = {"06-alpha-beta.ipynb"}
PROJECTOR = {"width": 1280, "height": 720}

#: The innermost slide on screen, and how tall it is against the slide area.
PRESENT_JS = """() => {
    const shown = [...document.querySelectorAll('.reveal .slides section.present')];
    const slide = shown[shown.length - 1];
    const area = document.querySelector('.reveal');
    const code = [...slide.querySelectorAll('.jp-CodeCell .cm-content')].map(c => c.innerText);
    return {id: slide.id, hash: location.hash, scroll: slide.scrollHeight,
            height: area.clientHeight, animated: code.some(text => text.includes('animate(')),
            pictures: slide.querySelectorAll('.jp-OutputArea-output img').length,
            players: slide.querySelectorAll('.mmla, iframe.mm-player').length};
}"""
#: RISE's slides (the innermost sections), the first one's id, and whether the one on
#: screen is the last.
SLIDES_JS = """() => {
    const slides = [...document.querySelectorAll('.reveal .slides section')]
        .filter(s => !s.querySelector('section'));
    return {count: slides.length, first: slides.length ? slides[0].id : null,
            last: slides.length > 0 && slides[slides.length - 1].classList.contains('present')};
}"""
#: The player of an animation on the slide on screen (lecture mode's HTML copy of it).
PLAYER = ".reveal .slides section.present:not(.stack) iframe.mm-player"


def slide_stops(path):
    """How many slides the lesson's metadata asks for (each slide and subslide)."""
    nb = nbformat.read(path, as_version=4)
    kinds = [c.metadata.get("slideshow", {}).get("slide_type") for c in nb.cells]
    return sum(kind in ("slide", "subslide") for kind in kinds)


def the_first_player_steps(rise) -> bool:
    """On the first slide that shows an animation's player: it steps forward on a click,
    and shows whole in its frame. False on a slide without one."""
    player = rise.locator(PLAYER)
    if not (player.count() and player.first.is_visible()):
        return False
    # the slide has come in: clicks inside the player land where its buttons are
    player.first.element_handle().wait_for_element_state("stable")
    frame = rise.frame_locator(PLAYER).first
    counter = frame.locator(".mmla-counter")
    counter.wait_for(state="visible")
    k = int(re.match(r"step (\d+) /", counter.inner_text()).group(1))
    frame.get_by_role("button", name="Step forward").click()
    frame.locator(".mmla-counter", has_text=f"step {k + 1} /").wait_for()
    # The whole player shows inside its frame, lecture mode's larger controls and key too.
    inside = frame.locator("html").evaluate("e => [e.scrollHeight, e.clientHeight]")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rise.screenshot(path=str(ARTIFACTS / "rise_lecture_player.png"))
    assert inside[0] <= inside[1], f"player cut off: {inside[0]} px in a {inside[1]} px frame"
    rise.evaluate("() => document.activeElement.blur()")  # the space bar steps RISE again
    return True


def steps_on_a_projector(rise, path):
    """RISE's presenter (left by :func:`reads_on_slides`) on a 1280x720 projector, from the
    first slide to the last with the space bar: exactly the slides the lesson's metadata
    asks for, each measured once it has come in (values 20 px, windows and names 16, no
    player cut off, no slide taller than the screen), and the first animation's player
    steps on its slide."""
    rise.set_viewport_size(PROJECTOR)
    rise.wait_for_function("h => document.querySelector('.reveal').clientHeight === h",
                           arg=PROJECTOR["height"])
    expected = slide_stops(path)
    rise.wait_for_function(GO_TO_SLIDE_JS, arg=rise.evaluate(SLIDES_JS)["first"])
    seen, labels, played = [], [], []
    for k in range(expected):
        if k:
            rise.keyboard.press("Space")
            try:  # a slide change is expected here, as long as a loaded machine needs
                rise.wait_for_function("h => location.hash !== h", arg=seen[-1]["hash"])
            except PlaywrightTimeout:
                raise AssertionError(f"{path.name}: RISE showed {len(seen)} slides; "
                                     f"the metadata asks for {expected}") from None
        seen.append(rise.evaluate(PRESENT_JS))
        rise.wait_for_function(SLIDE_READY_JS, arg=seen[-1]["id"])  # its pictures loaded
        rise.evaluate(SLIDE_LAID_OUT_JS)
        labels.append(rise.evaluate(SLIDE_LABELS_JS, [seen[-1]["id"], {}]))
        if not played and the_first_player_steps(rise):
            played.append(seen[-1]["hash"])
    # no more: RISE made exactly the slides the metadata asks for, and this is its last
    assert {k: v for k, v in rise.evaluate(SLIDES_JS).items() if k != "first"} == \
        {"count": expected, "last": True}, f"{path.name}: RISE showed more slides"
    assert played, f"{path.name}: no slide shows an animation player"
    small = [(m["id"], found) for m in labels for found in m["found"]
             if too_small(found) or found.get("cut")]
    assert not small, f"{path.name}: on slides at 1280x720, too small or cut off (CSS px): {small}"
    assert sum(found["what"] == "player" for m in labels for found in m["found"]) >= 3
    too_tall = [f"{s['hash']}: {s['scroll']} px in {s['height']} px" for s in seen
                if s["scroll"] > s["height"]]
    assert not too_tall, "slides taller than the projector (run `make slide-metadata`?):\n" + \
        "\n".join(too_tall)
    assert all(s["height"] == PROJECTOR["height"] for s in seen)  # RISE fills the screen
    # Each animation's slide shows its player (or at least its still picture).
    animated = [s for s in seen if s["animated"]]
    assert animated and all(s["pictures"] + s["players"] >= 1 for s in animated)


#: Slides kept as screenshots for a person to look at, per lesson: the code they show.
SLIDE_SHOTS = {"06-alpha-beta.ipynb": ("legend=True", "animate(alphabeta, SUBTREE_PRUNED)",
                                       "quiz=True"),
               "08-monte-carlo-tree-search.ipynb": ("animate_mcts(",)}


def _lecture_nb(path):
    """The lesson as the lecture run has it: lecture_mode() in a first cell."""
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(LECTURE_CELL))
    return nb


def test_a_player_fits_until_its_user_asks_for_1_to_1_and_then_scrolls_in_its_own_box(
        jupyter_server, lab):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from minimax_lessons import GameTree, alphabeta, animate\n"
        "animate(alphabeta, GameTree.random(3, 3, seed=1))")]  # 40 nodes: far wider than 577 px
    page = lab.page
    page.set_viewport_size({"width": 1024, "height": 768})
    lab.open(jupyter_server.add_notebook(nb, "wide-player.ipynb"))
    lab.run_all()
    player = page.locator(".mmla")
    stage = player.locator(".mmla-stage")
    stage.locator("svg").wait_for(state="attached")
    settle(page)
    assert "mmla-fitted" in stage.get_attribute("class")
    assert page.evaluate(OVERFLOW_JS) == []
    player.get_by_role("button", name="Fit to width").click()
    settle(page)
    sizes = page.evaluate("s => [s.scrollWidth, s.clientWidth]", stage.element_handle())
    assert sizes[0] > sizes[1] * 1.5, sizes  # 1:1: the tree at full size, in its own box
    assert page.evaluate(OVERFLOW_JS) == []  # that box is the one scroll bar allowed
    lab.assert_no_console_errors()
