"""Make the README's pictures in docs/img/ from the package itself.

Run from the repository root:  .venv/bin/python docs/make_images.py

The trees are rendered by the embedded Graphviz (``renderer="embedded"``), whose SVG
is byte-identical on every machine, and the plot is a PNG written without a
date or software stamp, so running this twice changes nothing. Each picture is the
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


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    written = [
        figure_5_2_minimax().save(OUT / "figure-5-2-minimax.svg"),
        figure_5_2_alphabeta().save(OUT / "figure-5-2-alphabeta.svg"),
        tictactoe_subtree().save(OUT / "tictactoe-subtree.svg"),
        knuth_moore_plot(OUT / "knuth-moore.png"),
    ]
    for path in written:
        print(f"wrote {Path(path).relative_to(ROOT)} ({Path(path).stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
