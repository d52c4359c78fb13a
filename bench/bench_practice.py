"""How heavy is practice on the tree? Building keys, the widget's data, saved pages.

Prints:
- the time to build one practice tree and its answer key (PracticeTree.key()), per kind,
  averaged over 200 seeded trees across the five levels (no drawing);
- the time to make the widget's data for practice(kind) (5 trees per level, drawn) and
  its size in KB, which is what travels to the browser when the cell runs;
- the time to save the offline page with 20 trees per level and its size in KB.

Nothing here is asserted: the figures are for a person to read.
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from minimax_lessons.exercises.practising import KINDS, LEVELS, practice, practice_tree  # noqa: E402

TREES = 200


def main():
    practice_tree("values").svg  # start the embedded Graphviz once, outside the timings
    print(f"{'kind':<10} {'key ms/tree':>12} {'widget s':>9} {'widget KB':>10} "
          f"{'page s':>7} {'page KB':>8}")
    for kind in KINDS:
        start = time.perf_counter()
        for i in range(TREES):
            practice_tree(kind, level=1 + i % len(LEVELS), seed=f"bench{i}").key()
        per_tree = (time.perf_counter() - start) / TREES * 1000
        start = time.perf_counter()
        widget = practice(kind).data_json
        widget_s = time.perf_counter() - start
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            path = practice(kind).save(Path(folder) / "p.html")
            page_s = time.perf_counter() - start
            page_kb = path.stat().st_size / 1024
        print(f"{kind:<10} {per_tree:>12.1f} {widget_s:>9.2f} "
              f"{len(widget.encode()) / 1024:>10.0f} {page_s:>7.2f} {page_kb:>8.0f}")


if __name__ == "__main__":
    main()
