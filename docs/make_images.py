"""Make the README's pictures in docs/img/ from the package itself.

Run from the repository root:  .venv/bin/python docs/make_images.py

The trees are rendered by the embedded Graphviz (``renderer="embedded"``), whose SVG
is byte-identical on every machine, the plot is a PNG written without a date or
software stamp, and the dashboard's SVG is rasterised by resvg with the fonts the
package ships, so running this twice changes nothing. Each picture is the
one a lesson shows; the lesson and cell are named beside it.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from minimax_lessons import FIGURE_5_2, TicTacToe, alphabeta, draw_tree, minimax  # noqa: E402
from minimax_lessons.experiments import ordering_experiment  # noqa: E402
from minimax_lessons.plots import plot_ordering  # noqa: E402

OUT = ROOT / "docs" / "img"


def figure_5_2_minimax():
    """Lesson 2: Figure 5.2 with every minimax value backed up and the move in blue."""
    return draw_tree(FIGURE_5_2, result=minimax(FIGURE_5_2, trace=True), renderer="embedded")


def figure_5_2_alphabeta():
    """Lesson 6: alpha-beta's windows beside each node, C2 and C3 pruned, with the key."""
    result = alphabeta(FIGURE_5_2, trace=True)
    assert result.pruned == ("C2", "C3")
    return draw_tree(FIGURE_5_2, result=result, legend=True, renderer="embedded")


def tictactoe_subtree():
    """Lesson 4: a mid-game board, the first ply of minimax with boards in the nodes."""
    game = TicTacToe()
    state = game.parse("X.O\n.XO\n...")
    result = minimax(game, state, trace=True)
    return draw_tree(game, state=state, depth=1, result=result, renderer="embedded")


def knuth_moore_plot(path):
    """Lesson 6: leaves evaluated by minimax and alpha-beta against the Knuth-Moore bound."""
    rows = ordering_experiment(3, range(1, 8), seeds=range(5))
    chart = plot_ordering(rows, title="Leaves evaluated, branching 3 (means of 5 random trees)")
    figure = getattr(chart, "figure", chart)  # a Chart, or a bare matplotlib Figure
    figure.savefig(path, format="png", metadata={"Software": None})
    return path


def a_students_fortnight():
    """The logbook of a made-up student over twelve days: lessons 1 to 6, a lesson a day or
    two, with practice and reviews between. The maximum at every level, made on day 2,
    comes back right in reviews and fades; counting leaves (day 7) is answered right once
    since; the strict tie rule and the window after (days 10-11) are still there."""
    from minimax_lessons.exercises import get_question
    from minimax_lessons.logbook import answer, level
    from minimax_lessons.progress.places import plan

    day, course, book = 86400.0, plan(), []
    wrong = {"p2.1": "max-at-every-level", "p2.4": "max-at-every-level",
             "q2.2": "max-at-every-level", "p3.5": "players-swapped", "p5.1": "counts-leaves",
             "q5.1": "counts-leaves", "p6.2": "prune-strict", "p6.3": "window-after",
             "q6.1": "prune-strict"}
    starts = {1: 0, 2: 2, 3: 4, 4: 5, 5: 7, 6: 10}
    for lesson, first_day in starts.items():
        t = first_day * day + 9 * 3600
        for qid in course.predictions[lesson] + course.exercises[lesson]:
            t += 240
            book.append(answer(qid, 0, qid not in wrong, [wrong[qid]] if qid in wrong else [],
                               kind=get_question(qid).kind, time=t))

    def practise(kind, on, answers, mistake, misses):
        for k in range(answers):
            t = on * day + 15 * 3600 + 40 * k
            book.append(answer(f"practice:{kind}", f"{on}:{k}", k not in misses,
                               [mistake] if k in misses else [], kind=f"practice-{kind}",
                               level=1, time=t))

    practise("values", 2, 10, "max-at-every-level", {0, 2})
    book.append(level("values", 2, time=2 * day + 16 * 3600))
    for on, seed in ((3, 5), (4, 6), (6, 7), (9, 8)):   # reviews: right each time it is due
        book.append(answer("q2.2", seed, True, kind="value", time=on * day + 20 * 3600,
                           aim=["max-at-every-level", "value"]))
    book.append(answer("q5.1", 9, True, kind="value", time=8 * day + 20 * 3600))
    practise("pruning", 11, 8, "prune-strict", {1, 4, 6})
    return book, 11 * day + 18 * 3600


def progress_picture(path):
    """The dashboard's picture of :func:`a_students_fortnight` (progress(), self-study): its
    SVG as the package's rasteriser makes it a PNG (resvg, with the fonts it ships)."""
    from minimax_lessons.pictures.raster import svg_to_png
    from minimax_lessons.progress import Progress

    book, now = a_students_fortnight()
    png = svg_to_png(Progress(book, now=now).picture())
    if png is None:
        raise SystemExit("the README's progress.png needs resvg-py (make setup installs it)")
    Path(path).write_bytes(png)
    return path


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    written = [
        figure_5_2_minimax().save(OUT / "figure-5-2-minimax.svg"),
        figure_5_2_alphabeta().save(OUT / "figure-5-2-alphabeta.svg"),
        tictactoe_subtree().save(OUT / "tictactoe-subtree.svg"),
        knuth_moore_plot(OUT / "knuth-moore.png"),
        progress_picture(OUT / "progress.png"),
    ]
    for path in written:
        print(f"wrote {Path(path).relative_to(ROOT)} ({Path(path).stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
