"""The course as a static site (``make site``): every lesson runs in the browser, as on CPython.

One Chromium page serves the whole file: JupyterLab from ``site/`` on 127.0.0.1 (a static
server, as ``python -m http.server`` would), one Pyodide kernel that runs the notebooks in
turn (Run All each), then a notebook of the student's own for what a lesson's Run All does
not do (a wrong answer, a looping function, the practice tree, the logbook after a
reload). Every request the page and its workers make must go to 127.0.0.1, and no test
leaves an error in the browser's console or a request answered with an error status.
"""

import pytest

from tests.browser.site_kit import (SitePage, SiteServer, built_site, course_notebooks, errors,
                                    pictures, stored_outputs, texts, NOTEBOOKS)

pytestmark = pytest.mark.browser

#: JupyterLab's settings for the tests (served on top of the site's, see SiteServer): none,
#: the site as a student gets it, whose notebook draws the cells in view (JupyterLab's
#: windowing). The tests read the outputs from the notebook's model, not from the page:
#: every output of every lesson is drawn and measured in the lab tests
#: (tests/browser/test_pictures_fit.py), with the same widget front ends; here an animation
#: and a practice tree are drawn and used (:data:`SCRATCH_CELLS`). Drawing every cell of
#: every lesson cost this file a third of its time (about 26 of 100 CPU s).
TEST_SETTINGS = {}
#: Notebooks the test opens as the site ships them, stored outputs and all (the others come
#: without: the test compares with the files, the browser need not draw them first): lesson
#: 3's Markdown outputs are what JupyterLab's table of contents failed on when the site
#: shipped them as lists of lines ("e.replace is not a function", see lite/build.py served).
SHIPPED = ("03-minimax-in-code.ipynb",)
SCRATCH, PROGRESS = "my-checks.ipynb", "my-progress.ipynb"
#: A wrong answer, a loop, the kernel still there, endless recursion, a changed input, a
#: practice tree, a module of the student's own written beside the notebook and imported at
#: once (the site's finder for the drive's folders, lite/drive_imports.py), an animation;
#: then the logbook.
SCRATCH_CELLS = [
    "from minimax_lessons import practice, progress\n"
    "from minimax_lessons.exercises import check, check_function",
    'check("p2.1", 12)',
    "def minimax(node, is_maximizing):\n    while True:\n        pass\n\n"
    'check_function("minimax", minimax)',
    "6 * 7",
    "def minimax(node, is_maximizing):\n    return minimax(node, is_maximizing)\n\n"
    'check_function("minimax", minimax).diagnosis',
    "def minimax(node, is_maximizing):\n    if not isinstance(node, list):\n        return node\n"
    "    node.sort()\n    values = [minimax(child, not is_maximizing) for child in node]\n"
    "    return max(values) if is_maximizing else min(values)\n\n"
    'check_function("minimax", minimax).diagnosis',
    'values = practice("values", level=1, trees=1)\nvalues',
    "tree = values.trees_at(1)[0]\nname, item = next(iter(tree.items('values').items()))\n"
    "print(tree.ids[name], item.answer)",
    "import os, sys\nwith open('my_helper.py', 'w') as out:\n    out.write('ANSWER = 42')\n"
    "import my_helper\nos.remove('my_helper.py')\n"
    "print(my_helper.ANSWER, type(sys.path_importer_cache[os.getcwd()]).__name__)",
    "from minimax_lessons import FIGURE_5_2, alphabeta, animate\nanimate(alphabeta, FIGURE_5_2)",
]


@pytest.fixture(scope="module")
def site_page(browser):
    server = SiteServer(built_site(), settings=TEST_SETTINGS, without_outputs=True,
                        keep_outputs=SHIPPED)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    elsewhere = []

    def outside(route):
        elsewhere.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(server.url) and not url.startswith(
        ("data:", "blob:", "about:")), outside)
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.set_default_timeout(240_000)
    site = SitePage(page, server)
    site.elsewhere, site.asked = elsewhere, asked
    yield site
    context.close()
    server.stop()


@pytest.fixture(autouse=True)
def troubles_of_this_test_only(site_page):
    """Each test ends asserting ``site_page.troubles() == []``: what an earlier test left in
    the console was that test's failure, not this one's."""
    site_page.troubles()


@pytest.mark.parametrize("path", course_notebooks())
def test_run_all_gives_what_cpython_gives(site_page, path):
    site_page.open(path)
    site_page.run_all()
    got, expected = site_page.outputs(), stored_outputs(NOTEBOOKS / path)
    assert errors(got) == []
    assert len(got) == len(expected)
    assert pictures(got) == pictures(expected)
    for number, (mine, theirs) in enumerate(zip(texts(got), texts(expected))):
        assert mine == theirs, f"code cell {number} of {path}"
    assert site_page.troubles() == []


def test_the_students_own_checks_practice_and_logbook(site_page):
    page = site_page.page
    if site_page.kernel is None:  # run alone: JupyterLab and a kernel first
        site_page.start(course_notebooks()[0])
    site_page.save_notebook(SCRATCH, SCRATCH_CELLS)
    site_page.save_notebook(PROGRESS, ["from minimax_lessons import progress\nprogress()"])
    site_page.open(SCRATCH)
    site_page.run_all()
    out = texts(site_page.outputs())
    assert "largest child value at every level" in out[1][0]  # a wrong answer, diagnosed
    assert "did not finish within the time limit" in out[2][0]  # the loop, stopped
    assert out[3] == ["42"]  # and the kernel goes on
    assert out[4] == ["'recursion'"] and out[5] == ["'mutates-input'"]  # as on CPython
    assert out[8] == ["[stdout] 42 DriveFinder\n"], site_page.outputs()[8]  # written, then found
    node_id, answer = out[7][0].removeprefix("[stdout] ").split()
    widget = page.locator(".mmp").first
    widget.locator(f'g[id="{node_id}"]').click()  # a node of the practice tree: click, type
    box = widget.locator(".mmp-input")
    box.fill(str(int(answer) + 1))
    box.press("Enter")
    feedback = widget.locator(".mmp-feedback")
    page.wait_for_function("el => el.textContent.trim() !== ''", arg=feedback.element_handle())
    assert "not right" in feedback.inner_text()  # judged at once, in the page
    widget.locator(f'g[id="{node_id}"]').click()
    box.fill(answer)
    box.press("Enter")
    page.wait_for_function("el => el.textContent.includes('right') && "
                           "!el.textContent.includes('not right')", arg=feedback.element_handle())
    # the animation's player, drawn by the site's front end from the Pyodide kernel's data,
    # steps forward on a click
    player = page.locator(".mmla").first
    player.locator(".mmla-stage svg").wait_for(state="visible")
    player.locator(".mmla-counter", has_text="step 0 /").wait_for(state="visible")
    player.get_by_role("button", name="Step forward").click()
    player.locator(".mmla-counter", has_text="step 1 /").wait_for(state="visible")

    # the logbook outlives the page and its kernel: the page loaded again, with the notebook
    # that asks for progress() open (JupyterLab restores the one open before beside it)
    site_page.start(PROGRESS)
    site_page.run_all()
    shown = texts(site_page.outputs())[0][0]
    assert "Lesson 2: predictions 1/0/" in shown and "max at every level" in shown
    assert site_page.troubles() == []


def test_nothing_was_asked_of_any_other_host(site_page):
    assert site_page.asked, "no request was recorded"
    assert site_page.elsewhere == []
    assert all(url.startswith((site_page.server.url, "data:", "blob:")) for url in site_page.asked)
