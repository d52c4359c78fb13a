"""How fast are the pictures? Rendering, frames, and stepping in a browser.

Prints:
- the time to render 13-, 121- and 1,093-node trees (ternary, depth 2, 4, 6) from DOT
  to SVG with the embedded Graphviz (after its one-time start) and with the system
  `dot` when there is one; also the time to build the DOT text;
- the time to build every frame of the alpha-beta animation of Figure 5.2 and of the
  1,093-node tree, the per-frame changes the player needs, and the one layout;
- the time one step takes in the browser: an exported HTML player opened in headless
  Chromium, N clicks on "Step forward" timed with performance.now() in the page (the
  click handler alone, and up to the next painted frame).

Targets: 1,093 nodes render in under 150 ms after the first call; a browser step
takes under 30 ms. Nothing here is asserted: the figures are for a person to read.
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minimax_lessons import FIGURE_5_2, GameTree, alphabeta  # noqa: E402
from minimax_lessons.animation.player import Animation  # noqa: E402
from minimax_lessons.pictures.draw import draw_tree  # noqa: E402
from minimax_lessons.pictures.frames import build_frames  # noqa: E402
from minimax_lessons.pictures.render import _system_dot, dot_to_svg  # noqa: E402
from tests.browser import chromium  # noqa: E402

SEED = 7
DEPTHS = {13: 2, 121: 4, 1093: 6}
#: Debian's Chromium, else its headless shell (what ``.ci/run`` installs); ``$CHROMIUM`` chooses.
CHROMIUM = chromium.find(chromium.BROWSER)
STEPS = 100


def best_ms(fn, repeat=5):
    """The fastest of ``repeat`` runs, in milliseconds (and the last result)."""
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), out


def tree(size):
    t = GameTree.random(3, DEPTHS[size], seed=SEED)
    assert len(t) == size
    return t


def rendering():
    print("Rendering a tree drawing (DOT -> SVG)")
    start = time.perf_counter()
    dot_to_svg("digraph { a -> b }", renderer="embedded")
    first = (time.perf_counter() - start) * 1000
    print(f"  embedded Graphviz, first call in this process (loads WebAssembly): {first:.0f} ms")
    system = _system_dot()
    header = f"  {'nodes':>6}  {'build DOT':>10}  {'embedded':>9}"
    print(header + (f"  {'system dot':>10}" if system else "  (no system `dot` on PATH)"))
    for size in DEPTHS:
        t = tree(size)
        result = alphabeta(t, trace=True)
        build, drawing = best_ms(lambda: draw_tree(t, result=result).source)
        embedded, _ = best_ms(lambda: dot_to_svg(drawing, renderer="embedded"))
        line = f"  {size:>6,}  {build:>8.1f}ms  {embedded:>7.1f}ms"
        if system:
            sys_ms, _ = best_ms(lambda: dot_to_svg(drawing, renderer="system"), repeat=3)
            line += f"  {sys_ms:>8.1f}ms"
        if size == 1093:
            line += f"   target < 150 ms: {'met' if embedded < 150 else 'MISSED'}"
        print(line)


def frames():
    print("Building the frames of an alpha-beta animation")
    print(f"  {'tree':<22} {'steps':>6}  {'frames':>8}  {'changes':>8}  {'layout':>8}  {'JSON':>8}")
    for name, t in (("Figure 5.2", FIGURE_5_2), ("1,093 nodes (3^6)", tree(1093))):
        result = alphabeta(t, trace=True)
        frames_ms, _ = best_ms(lambda: build_frames(t, result))
        changes_ms, animation = best_ms(lambda: Animation(t, result))
        layout_ms, _ = best_ms(lambda: Animation(t, result).layout_svg, repeat=3)
        json_kb = len(animation.frames_json.encode()) / 1024
        print(f"  {name:<22} {len(result.trace):>6}  {frames_ms:>6.1f}ms  {changes_ms:>6.1f}ms"
              f"  {layout_ms:>6.1f}ms  {json_kb:>6.0f}KB")


STEP_JS = """async (n) => {
    const forward = document.querySelector('button[data-action="forward"]');
    const handler = [], painted = [];
    for (let i = 0; i < n; i++) {
        const start = performance.now();
        forward.click();
        handler.push(performance.now() - start);
        await new Promise(requestAnimationFrame);
        painted.push(performance.now() - start);
    }
    return {handler, painted, frame: document.querySelector('.mmla').dataset.frame};
}"""


def browser_steps():
    print(f"Stepping in the browser (saved HTML player, {STEPS} clicks on 'Step forward')")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("  skipped: playwright is not installed")
        return
    if CHROMIUM is None:
        print("  skipped: no Chromium (apt-get install chromium, or set $CHROMIUM)")
        return
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=chromium.ARGS)
        for name, t in (("Figure 5.2", FIGURE_5_2), ("1,093 nodes (3^6)", tree(1093))):
            path = Animation(t, alphabeta(t, trace=True)).save(Path(folder) / "player.html")
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(path.as_uri())
            page.wait_for_selector(".mmla-counter")
            n = min(STEPS, len(alphabeta(t, trace=True).trace))
            out = page.evaluate(STEP_JS, n)
            handler, painted = out["handler"], out["painted"]
            print(f"  {name:<20} click handler: median {statistics.median(handler):5.2f} ms, "
                  f"max {max(handler):5.2f} ms;  to next paint: median "
                  f"{statistics.median(painted):5.1f} ms, max {max(painted):5.1f} ms"
                  f"   target < 30 ms: {'met' if statistics.median(painted) < 30 else 'MISSED'}")
            page.close()
        browser.close()


if __name__ == "__main__":
    rendering()
    print()
    frames()
    print()
    browser_steps()
