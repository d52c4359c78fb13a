"""How long does a tree take to show in Jupyter? The whole display bundle, and the import.

At the end of a cell Jupyter asks an object for its *display bundle*
(``_repr_mimebundle_``): for a drawing that is its SVG, a PNG of it (what a notebook
opened untrusted shows) and a line of text. This prints, for Figure 5.2 (13 nodes) and
a complete ternary tree of depth 6 (1,093 nodes):

- ``bundle``: from the tree to the whole bundle, as a cell ending in ``draw_tree(t)``
  pays it (build the DOT, render the SVG, rasterise the PNG), the median of RUNS runs,
  with its parts (DOT, SVG, PNG) and the PNG's size in pixels;
- ``text only``: the bundle when only ``text/plain`` is asked for (no SVG, no PNG);
- ``animation``: the bundle of the alpha-beta animation of the same tree (the widget,
  the still SVG of its last frame, its PNG, the text), for comparison.

Wall-clock times, and for the bundle also the CPU time of this process (steadier on a
machine that other work shares). Then the time of ``import minimax_lessons`` in a fresh
process (the median of RUNS).
Targets: Figure 5.2's bundle under 40 ms, the 1,093-node bundle under 250 ms, the
import under 0.2 s. Nothing here is asserted: the figures are for a person to read.
The embedded Graphviz is started once before the timings (bench_first_draw.py measures
the first drawing of a process).
"""

import base64
import os
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minimax_lessons import FIGURE_5_2, GameTree, alphabeta, animate, draw_tree  # noqa: E402
from minimax_lessons.pictures.raster import svg_to_png  # noqa: E402
from minimax_lessons.pictures.render import dot_to_svg  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("RUNS", "5"))
TREES = {"Figure 5.2 (13 nodes)": (FIGURE_5_2, 40),
         "3^6 tree (1,093 nodes)": (GameTree.random(3, 6, seed=7), 250)}


def timed(fn, runs=RUNS):
    """Medians of ``runs`` runs of ``fn()`` in milliseconds, wall clock and this process's
    CPU, and the last result."""
    wall, cpu, out = [], [], None
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu), out


def png_pixels(bundle) -> str:
    png = base64.b64decode(bundle["image/png"])
    return "{:,} x {:,} px".format(*struct.unpack(">II", png[16:24]))


def bundles():
    dot_to_svg("digraph { a -> b }")  # start the embedded Graphviz outside the timings
    print(f"Display bundles (median of {RUNS} runs; wall clock, and CPU of this process)")
    for name, (tree, target) in TREES.items():
        whole, whole_cpu, bundle = timed(lambda: draw_tree(tree)._repr_mimebundle_())
        drawing = draw_tree(tree)
        dot, _, _ = timed(lambda: draw_tree(tree).source)
        svg, _, _ = timed(lambda: dot_to_svg(drawing.source))
        png, _, _ = timed(lambda: svg_to_png(drawing.svg()))
        text, _, _ = timed(lambda: draw_tree(tree)._repr_mimebundle_(include=["text/plain"]))
        moving, moving_cpu, _ = timed(lambda: animate(alphabeta, tree)._repr_mimebundle_(),
                                      runs=3)
        print(f"  {name}: bundle {whole:.1f} ms, CPU {whole_cpu:.1f} ms (target < {target} ms: "
              f"{whole / target:.2f}x the target, CPU {whole_cpu / target:.2f}x)")
        print(f"      parts: DOT {dot:.1f} + SVG {svg:.1f} + PNG {png:.1f} ms; "
              f"PNG {png_pixels(bundle)}")
        print(f"      text only: {text:.1f} ms;  animation bundle: {moving:.0f} ms, "
              f"CPU {moving_cpu:.0f} ms (median of 3)")


def import_time():
    code = ("import time; start, cpu = time.perf_counter(), time.process_time(); "
            "import minimax_lessons; "
            "print(time.perf_counter() - start, time.process_time() - cpu)")
    runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
            for _ in range(RUNS)]
    wall = statistics.median(float(w) for w, _ in runs)
    cpu = statistics.median(float(c) for _, c in runs)
    print(f"import minimax_lessons in a fresh process: {wall * 1000:.0f} ms, "
          f"CPU {cpu * 1000:.0f} ms (median of {RUNS}; target < 200 ms: "
          f"{wall / 0.2:.2f}x the target, CPU {cpu / 0.2:.2f}x)")


if __name__ == "__main__":
    bundles()
    print()
    import_time()
