"""Plots of the experiments' rows (matplotlib); each function returns a :class:`Chart`.

A chart shows itself as a PNG when it ends a notebook cell (made without pyplot,
so it is shown exactly once), and keeps its matplotlib ``figure`` for anyone who
wants to change it or ``save`` it for slides.

>>> from minimax_lessons.experiments import nodes_by_depth
>>> from minimax_lessons import TicTacToe
>>> chart = plot_growth(nodes_by_depth(TicTacToe(), range(4)), title="tic-tac-toe")
>>> chart.figure.axes[0].get_yscale(), chart._repr_png_()[:4]
('log', b'\x89PNG')
"""

import io


class Chart:
    """A matplotlib figure that displays itself as a PNG in a notebook, with its data in
    words as the picture's alt text (:attr:`description`)."""

    def __init__(self, figure, title):
        self.figure = figure
        self.title = title

    def _repr_png_(self):
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    @property
    def description(self) -> str:
        """The chart in words: its title and axes, then each line's (or bar series') points,
        read off the figure itself.

        >>> chart = plot_ordering([{"depth": 1, "minimax": 3, "alpha-beta": 3},
        ...                        {"depth": 2, "minimax": 9, "alpha-beta": 7}])
        >>> print(chart.description)  # doctest: +NORMALIZE_WHITESPACE
        Chart: Leaves evaluated: minimax against alpha-beta. leaves evaluated (log scale)
        against depth (plies). minimax: 1: 3, 2: 9. alpha-beta: 1: 3, 2: 7.
        """
        ax = self.figure.axes[0]
        parts = [f"Chart: {ax.get_title()}. {ax.get_ylabel()} against {ax.get_xlabel()}."]
        for line in ax.lines:
            xs, ys = line.get_xdata(), line.get_ydata()
            name = line.get_label() if not line.get_label().startswith("_") else "values"
            if len(set(ys)) == 1 and len(xs) == 2 and tuple(xs) == (0, 1):  # a level line
                parts.append(f"{name}.")
                continue
            parts.append(f"{name}: " + ", ".join(f"{_number(x)}: {_number(y)}"
                                                 for x, y in zip(xs, ys)) + ".")
        for bars in ax.containers:
            parts.append(f"{bars.get_label()}: " + ", ".join(
                _number(bar.get_height()) for bar in bars) + ".")
        return " ".join(parts)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The PNG, and the same PNG in an ``<img>`` whose alt text says the chart in words."""
        import base64
        import html

        png = base64.b64encode(self._repr_png_()).decode("ascii")
        bundle = {"text/html": f'<img class="mml-chart" alt="{html.escape(self.description)}" '
                               f'src="data:image/png;base64,{png}" style="max-width: 100%;">',
                  "image/png": png, "text/plain": repr(self)}
        return {k: v for k, v in bundle.items()
                if (not include or k in include) and not (exclude and k in exclude)}

    def save(self, path, **options):
        """Write the chart to ``path`` (PNG, SVG or PDF, by the file's ending)."""
        self.figure.savefig(path, **options)
        return path

    def __repr__(self):
        return f"<Chart: {self.title}>"




def _figure(title, xlabel, ylabel):
    """A new Figure, not registered with pyplot (so a notebook shows it once)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4.2), dpi=100)
    ax = fig.subplots()
    ax.set_title(title, fontsize=14)
    ax.set_xlabel(xlabel, fontsize=12)
    ax.set_ylabel(ylabel, fontsize=12)
    ax.set_yscale("log")
    ax.grid(True, which="major", alpha=0.3)
    return fig, ax


def plot_growth(rows, *, title="Nodes visited against depth", key="nodes"):
    """Nodes (log scale) against depth, one point per row of ``nodes_by_depth``."""
    fig, ax = _figure(title, "depth limit (plies)", key + " (log scale)")
    ax.plot([r["depth"] for r in rows], [r[key] for r in rows], "o-", lw=2, color="#1f77b4")
    for r in rows:
        ax.annotate(f"{r[key]:,}", (r["depth"], r[key]), textcoords="offset points",
                    xytext=(-4, 8), ha="right", fontsize=9)
    fig.tight_layout()
    return Chart(fig, title)


def plot_ordering(rows, *, title="Leaves evaluated: minimax against alpha-beta"):
    """One line per column of ``ordering_experiment`` rows (all but depth)."""
    fig, ax = _figure(title, "depth (plies)", "leaves evaluated (log scale)")
    styles = ["o-", "s-", "^-", "D-", "k--"]
    for style, name in zip(styles, [k for k in rows[0] if k != "depth"]):
        ax.plot([r["depth"] for r in rows], [r[name] for r in rows], style, lw=2, label=name)
    ax.legend(fontsize=10)
    fig.tight_layout()
    return Chart(fig, title)


def plot_accuracy(rows, *, title="How often UCT plays a best move"):
    """The share of positions where UCT's move is exactly best, against play-outs (log)."""
    fig, ax = _figure(title, "play-outs per move (log scale)", "share of positions")
    ax.set_yscale("linear")
    ax.set_xscale("log")
    ax.set_ylim(0, 1.05)
    xs, ys = [r["playouts"] for r in rows], [r["share"] for r in rows]
    ax.plot(xs, ys, "o-", lw=2, color="#1f77b4")
    for x, y in zip(xs, ys):
        ax.annotate(f"{y:.0%}", (x, y), textcoords="offset points", xytext=(0, -16),
                    ha="center", fontsize=9)
    fig.tight_layout()
    return Chart(fig, title)


def plot_bounds(rows, *, title="Expectiminimax with bounds: nodes left"):
    """The share of expectiminimax's nodes a search with bounds visits, against how far the
    promised bounds lie outside the real scores (rows of ``chance_pruning_by_bounds``)."""
    import math

    fig, ax = _figure(title, "slack: how far the promised bounds lie outside the scores",
                      "nodes, as a share of no bounds")
    ax.set_yscale("linear")
    finite = [r for r in rows if not math.isinf(r["slack"])]
    xs, ys = [r["slack"] for r in finite], [r["share"] for r in finite]
    ax.plot(xs, ys, "o-", lw=2, color="#1f77b4", label="bounds (low - slack, high + slack)")
    for r in rows:
        if math.isinf(r["slack"]):
            ax.axhline(r["share"], color="#555555", ls="--", lw=1.5,
                       label=f"no bounds at all (-inf, +inf): {r['share']:.0%}")
    for x, y in zip(xs, ys):
        ax.annotate(f"{y:.0%}", (x, y), textcoords="offset points", xytext=(0, 8),
                    ha="center", fontsize=9)
    ax.set_ylim(min(ys + [1]) - 0.08, 1.04)
    ax.legend(fontsize=10, loc="lower right")
    fig.tight_layout()
    return Chart(fig, title)


def plot_positions(rows, *, title="Alpha-beta's nodes, position by position"):
    """One group of bars per position (rows of ``ordering_by_position``), one bar per order,
    positions sorted by the first order's nodes."""
    fig, ax = _figure(title, "position (sorted by the first column's nodes)",
                      "nodes visited (log scale)")
    names = list(rows[0])
    ranked = sorted(rows, key=lambda r: r[names[0]])
    width = 0.8 / len(names)
    colours = ["#1f77b4", "#e6550d", "#31a354", "#756bb1"]
    for k, name in enumerate(names):
        ax.bar([i + (k - (len(names) - 1) / 2) * width for i in range(len(ranked))],
               [r[name] for r in ranked], width, label=name, color=colours[k % len(colours)],
               hatch=["", "//", "..", "xx"][k % 4], edgecolor="white")
    ax.set_xticks(range(len(ranked)), [str(i + 1) for i in range(len(ranked))])
    ax.legend(fontsize=10)
    fig.tight_layout()
    return Chart(fig, title)


def _number(x) -> str:
    """A chart's number in words: 1,234 or 0.5."""
    x = float(x)
    return f"{x:,.0f}" if x == int(x) else f"{x:.3g}"
