"""A page the course saves (a player, a quiz, a practice page), opened from its file in a
browser with no network, as a student who downloaded it opens it.

    with saved_page(browser, tmp_path / "fig52.html", shot="player.png") as saved:
        saved.page.locator(".mmla").wait_for()
    assert saved.requests == [(tmp_path / "fig52.html").as_uri()]  # and no console error
"""

from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def watched(page, errors: list, requests: list):
    """``page``, its console errors and uncaught exceptions noted in ``errors`` and every
    URL it asks for in ``requests``."""
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    return page


@dataclass
class Saved:
    page: object
    errors: list = field(default_factory=list)
    requests: list = field(default_factory=list)
    warnings: list = field(default_factory=list)  # the console's warnings


@contextmanager
def saved_page(browser, path, *, viewport=None, shot=None, init_script=None):
    """The file ``path`` opened in a browser context of its own, offline; yields a
    :class:`Saved`. As the block ends: a screenshot ``shot`` (a file name) kept in
    ``tests/artifacts/`` whatever happened, the context closed, and, unless the block
    failed already, no console error or uncaught exception, or an AssertionError."""
    context = browser.new_context(offline=True, **({"viewport": viewport} if viewport else {}))
    if init_script:
        context.add_init_script(init_script)
    saved = Saved(None)
    saved.page = watched(context.new_page(), saved.errors, saved.requests)
    saved.page.on("console", lambda m: saved.warnings.append(m.text)
                  if m.type == "warning" else None)
    try:
        saved.page.goto(Path(path).as_uri())
        yield saved
    finally:
        try:
            if shot:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                saved.page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
        finally:
            context.close()
    assert not saved.errors, "browser console errors:\n" + "\n".join(saved.errors)
