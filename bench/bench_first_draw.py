"""How long does the first picture take in a new kernel, with and without the cache?

The embedded Graphviz is WebAssembly that wasmtime compiles to machine code before
the first drawing of a process. minimax_lessons.pictures.render keeps the compiled module in
the user's cache directory, so only the first kernel on a machine pays for it.

Each run is a fresh Python process (as a new kernel is) that imports the package,
then draws Figure 5.2 with its alpha-beta search and legend, timed from just
before the drawing to its SVG in hand (``first draw``); ``first display`` adds
what Jupyter asks for at the end of a cell (the SVG again and its PNG).

- cold: an empty cache directory every run (the first kernel on a machine);
- warm: the cache directory the first cold run filled (every later kernel).

Prints the median of RUNS runs of each and the ratio cold / warm. Target: a warm
first draw under 150 ms. Nothing here is asserted: the figures are for a person.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("RUNS", "5"))

ONE_RUN = """
import json, time
start = time.perf_counter()
from minimax_lessons import FIGURE_5_2, alphabeta, draw_tree, render
imported = time.perf_counter()
drawing = draw_tree(FIGURE_5_2, result=alphabeta(FIGURE_5_2, trace=True), legend=True)
drawing.svg()
drawn = time.perf_counter()
drawing._repr_mimebundle_()
shown = time.perf_counter()
print(json.dumps({"import": imported - start, "draw": drawn - imported,
                  "display": shown - imported, "origin": render.embedded_origin}))
"""


def one_run(cache_home) -> dict:
    """Times (seconds) of one fresh process whose cache lives under ``cache_home``."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    done = subprocess.run([sys.executable, "-c", ONE_RUN], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def median(runs, key) -> float:
    return statistics.median(run[key] for run in runs)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        cold, warm_home = [], Path(tmp) / "warm"
        for i in range(RUNS):
            home = warm_home if i == 0 else Path(tmp) / f"cold-{i}"
            cold.append(one_run(home))   # the first one fills the warm cache
        warm = [one_run(warm_home) for _ in range(RUNS)]
    for name, runs in (("cold", cold), ("warm", warm)):
        origins = sorted({run["origin"] for run in runs})
        print(f"{name}: import {median(runs, 'import') * 1000:6.0f} ms   "
              f"first draw {median(runs, 'draw') * 1000:6.0f} ms   "
              f"first display {median(runs, 'display') * 1000:6.0f} ms   "
              f"(median of {len(runs)}; Graphviz module: {', '.join(origins)})")
    print(f"ratio cold / warm, first draw: {median(cold, 'draw') / median(warm, 'draw'):.1f}x; "
          f"first display: {median(cold, 'display') / median(warm, 'display'):.1f}x")


if __name__ == "__main__":
    main()
