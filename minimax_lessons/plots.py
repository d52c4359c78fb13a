"""Plots of the experiments' rows; each function returns a :class:`Chart`.

Each plot is defined once, as data (:class:`Plot`: title, axes and their scales, lines,
bars, labels on points); a chart draws that data with matplotlib where it loads
(CPython: a PNG when it ends a notebook cell, made without pyplot, so it is shown exactly
once, and its matplotlib ``figure`` for anyone who wants to change it or ``save`` it for
slides), and in the browser (Pyodide, which has no matplotlib) as a Vega-Lite chart that
JupyterLab draws itself (:meth:`Chart.vegalite`).

>>> from minimax_lessons.experiments import nodes_by_depth
>>> from minimax_lessons import TicTacToe
>>> chart = plot_growth(nodes_by_depth(TicTacToe(), range(4)), title="tic-tac-toe")
>>> chart.figure.axes[0].get_yscale(), chart._repr_png_()[:4]
('log', b'\\x89PNG')
>>> chart.vegalite()["layer"][0]["encoding"]["y"]["scale"]
{'type': 'log'}
"""

import io
import math
import sys
from dataclasses import dataclass, field

#: The MIME type JupyterLab (and JupyterLite) draw with their built-in Vega renderer.
VEGALITE = "application/vnd.vegalite.v5+json"
IN_BROWSER = sys.platform == "emscripten"
#: The colours of the lines or bars, in order (matplotlib's first four).
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"]
#: matplotlib marker -> Vega-Lite point shape.
SHAPES = {"o": "circle", "s": "square", "^": "triangle-up", "D": "diamond"}


@dataclass
class Series:
    """One line (``style`` as matplotlib writes it: "o-", "k--") or one set of bars."""

    name: str
    xs: list
    ys: list
    style: str = "o-"
    colour: str = ""
    bars: bool = False
    hatch: str = ""


@dataclass
class Label:
    """A text beside a point, ``offset`` points away (matplotlib's offset points)."""

    x: float
    y: float
    text: str
    offset: tuple = (0, 8)
    align: str = "center"


@dataclass
class Plot:
    """Everything a chart shows, as data: the one definition both renderers draw."""

    title: str
    xlabel: str
    ylabel: str
    series: list = field(default_factory=list)
    labels: list = field(default_factory=list)
    levels: list = field(default_factory=list)  # (y, text): dashed horizontal lines
    xscale: str = "linear"
    yscale: str = "log"
    ylim: tuple = None
    xticks: tuple = None  # (positions, texts)
    legend: str = ""  # "" none, else where ("best", "lower right")


class Chart:
    """A plot that displays itself: a PNG by matplotlib (CPython), a Vega-Lite chart in
    the browser, each with its data in words (:attr:`description`) for a screen reader."""

    def __init__(self, plot, title=None):
        self.plot = plot
        self.title = plot.title if title is None else title
        self._figure = None

    @property
    def figure(self):
        """The matplotlib Figure (made on first use)."""
        if self._figure is None:
            self._figure = matplotlib_figure(self.plot)
        return self._figure

    def _repr_png_(self):
        if IN_BROWSER:
            return None
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    @property
    def description(self) -> str:
        """The chart in words: its title and axes, then each line's (or bar series') points,
        from the plot's data.

        >>> chart = plot_ordering([{"depth": 1, "minimax": 3, "alpha-beta": 3},
        ...                        {"depth": 2, "minimax": 9, "alpha-beta": 7}])
        >>> print(chart.description)  # doctest: +NORMALIZE_WHITESPACE
        Chart: Leaves evaluated: minimax against alpha-beta. leaves evaluated (log scale)
        against depth (plies). minimax: 1: 3, 2: 9. alpha-beta: 1: 3, 2: 7.
        """
        return describe(self.plot, self.title)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """In the browser the Vega-Lite chart (its description as its ARIA label); else the
        PNG, and the same PNG in an ``<img>`` whose alt text says the chart in words."""
        import base64
        import html

        if IN_BROWSER:
            return {VEGALITE: self.vegalite(), "text/plain": repr(self)}
        png = base64.b64encode(self._repr_png_()).decode("ascii")
        bundle = {"text/html": f'<img class="mml-chart" alt="{html.escape(self.description)}" '
                               f'src="data:image/png;base64,{png}" style="max-width: 100%;">',
                  "image/png": png, "text/plain": repr(self)}
        return {k: v for k, v in bundle.items()
                if (not include or k in include) and not (exclude and k in exclude)}

    def vegalite(self) -> dict:
        """The chart as a Vega-Lite spec."""
        return {**vegalite_spec(self.plot), "description": self.description}

    def save(self, path, **options):
        """Write the chart to ``path`` (PNG, SVG or PDF, by the file's ending)."""
        self.figure.savefig(path, **options)
        return path

    def __repr__(self):
        return f"<Chart: {self.title}>"


# -- the plots ---------------------------------------------------------------------------------

def plot_growth(rows, *, title="Nodes visited against depth", key="nodes"):
    """Nodes (log scale) against depth, one point per row of ``nodes_by_depth``."""
    xs, ys = [r["depth"] for r in rows], [r[key] for r in rows]
    return Chart(Plot(title, "depth limit (plies)", key + " (log scale)",
                      series=[Series(key, xs, ys, "o-", "#1f77b4")],
                      labels=[Label(x, y, f"{y:,}", (-4, 8), "right") for x, y in zip(xs, ys)]))


def plot_ordering(rows, *, title="Leaves evaluated: minimax against alpha-beta"):
    """One line per column of ``ordering_experiment`` rows (all but depth)."""
    styles = ["o-", "s-", "^-", "D-", "k--"]
    names = [k for k in rows[0] if k != "depth"]
    series = [Series(name, [r["depth"] for r in rows], [r[name] for r in rows], style)
              for style, name in zip(styles, names)]
    return Chart(Plot(title, "depth (plies)", "leaves evaluated (log scale)", series=series,
                      legend="best"))


def plot_accuracy(rows, *, title="How often UCT plays a best move"):
    """The share of positions where UCT's move is exactly best, against play-outs (log)."""
    xs, ys = [r["playouts"] for r in rows], [r["share"] for r in rows]
    return Chart(Plot(title, "play-outs per move (log scale)", "share of positions",
                      series=[Series("share", xs, ys, "o-", "#1f77b4")],
                      labels=[Label(x, y, f"{y:.0%}", (0, -16)) for x, y in zip(xs, ys)],
                      xscale="log", yscale="linear", ylim=(0, 1.05)))


def plot_bounds(rows, *, title="Expectiminimax with bounds: nodes left"):
    """The share of expectiminimax's nodes a search with bounds visits, against how far the
    promised bounds lie outside the real scores (rows of ``chance_pruning_by_bounds``)."""
    finite = [r for r in rows if not math.isinf(r["slack"])]
    xs, ys = [r["slack"] for r in finite], [r["share"] for r in finite]
    levels = [(r["share"], f"no bounds at all (-inf, +inf): {r['share']:.0%}")
              for r in rows if math.isinf(r["slack"])]
    return Chart(Plot(title, "slack: how far the promised bounds lie outside the scores",
                      "nodes, as a share of no bounds",
                      series=[Series("bounds (low - slack, high + slack)", xs, ys, "o-",
                                     "#1f77b4")],
                      labels=[Label(x, y, f"{y:.0%}") for x, y in zip(xs, ys)],
                      levels=levels, yscale="linear", ylim=(min(ys + [1]) - 0.08, 1.04),
                      legend="lower right"))


def plot_positions(rows, *, title="Alpha-beta's nodes, position by position"):
    """One group of bars per position (rows of ``ordering_by_position``), one bar per order,
    positions sorted by the first order's nodes."""
    names = list(rows[0])
    ranked = sorted(rows, key=lambda r: r[names[0]])
    colours = ["#1f77b4", "#e6550d", "#31a354", "#756bb1"]
    series = [Series(name, list(range(len(ranked))), [r[name] for r in ranked],
                     colour=colours[k % len(colours)], bars=True,
                     hatch=["", "//", "..", "xx"][k % 4]) for k, name in enumerate(names)]
    return Chart(Plot(title, "position (sorted by the first column's nodes)",
                      "nodes visited (log scale)", series=series, legend="best",
                      xticks=(list(range(len(ranked))),
                              [str(i + 1) for i in range(len(ranked))])))


def describe(plot: Plot, title=None) -> str:
    """``plot`` in words: title and axes, each line's points, each level, each bar series'
    heights (what the chart's alt text says)."""
    parts = [f"Chart: {plot.title if title is None else title}. {plot.ylabel} against "
             f"{plot.xlabel}."]
    for s in plot.series:
        if not s.bars:
            parts.append(f"{s.name}: " + ", ".join(f"{_number(x)}: {_number(y)}"
                                                   for x, y in zip(s.xs, s.ys)) + ".")
    parts += [f"{text}." for _, text in plot.levels]
    for s in plot.series:
        if s.bars:
            parts.append(f"{s.name}: " + ", ".join(_number(y) for y in s.ys) + ".")
    return " ".join(parts)


def _number(x) -> str:
    """A chart's number in words: 1,234 or 0.5."""
    x = float(x)
    return f"{x:,.0f}" if x == int(x) else f"{x:.3g}"


# -- matplotlib (CPython) ------------------------------------------------------------------------

def matplotlib_figure(plot: Plot):
    """``plot`` drawn by matplotlib: a Figure not registered with pyplot (shown once)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 4.2), dpi=100)
    ax = fig.subplots()
    ax.set_title(plot.title, fontsize=14)
    ax.set_xlabel(plot.xlabel, fontsize=12)
    ax.set_ylabel(plot.ylabel, fontsize=12)
    ax.set_yscale("log")
    ax.grid(True, which="major", alpha=0.3)
    if plot.yscale != "log":
        ax.set_yscale(plot.yscale)
    if plot.xscale != "linear":
        ax.set_xscale(plot.xscale)
    if plot.ylim and not plot.levels:
        ax.set_ylim(*plot.ylim)
    bars = [s for s in plot.series if s.bars]
    width = 0.8 / len(bars) if bars else 0
    for s in plot.series:
        options = {"label": s.name} if plot.legend else {}
        if s.colour:
            options["color"] = s.colour
        if s.bars:
            k = bars.index(s)
            ax.bar([x + (k - (len(bars) - 1) / 2) * width for x in s.xs], s.ys, width,
                   hatch=s.hatch, edgecolor="white", **options)
        else:
            ax.plot(s.xs, s.ys, s.style, lw=2, **options)
    for y, text in plot.levels:
        ax.axhline(y, color="#555555", ls="--", lw=1.5, label=text)
    for label in plot.labels:
        ax.annotate(label.text, (label.x, label.y), textcoords="offset points",
                    xytext=label.offset, ha=label.align, fontsize=9)
    if plot.ylim and plot.levels:
        ax.set_ylim(*plot.ylim)
    if plot.xticks:
        ax.set_xticks(*plot.xticks)
    if plot.legend:
        ax.legend(fontsize=10, **({} if plot.legend == "best" else {"loc": plot.legend}))
    fig.tight_layout()
    return fig


# -- Vega-Lite (the browser) ------------------------------------------------------------------------

def vegalite_spec(plot: Plot) -> dict:
    """``plot`` as a Vega-Lite v5 spec: the same lines, bars, labels and scales."""
    def scale(kind, limits=None):
        out = {"type": kind}
        if limits:
            out.update(domain=list(limits), clip=True)
        return out

    x = {"field": "x", "type": "quantitative", "title": plot.xlabel, "scale": scale(plot.xscale)}
    y = {"field": "y", "type": "quantitative", "title": plot.ylabel,
         "scale": scale(plot.yscale, plot.ylim)}
    names = [s.name for s in plot.series] + [text for _, text in plot.levels]
    colours = [s.colour or ("#000000" if s.style.startswith("k") else COLOURS[i % 5])
               for i, s in enumerate(plot.series)] + ["#555555"] * len(plot.levels)
    colour = {"field": "series", "type": "nominal", "title": None,
              "scale": {"domain": names, "range": colours},
              "legend": ({"orient": "bottom-right" if plot.legend == "lower right"
                          else "top-left", "title": None} if plot.legend else None)}
    layers = []
    for s in plot.series:
        values = [{"x": a, "y": b, "series": s.name} for a, b in zip(s.xs, s.ys)]
        if s.bars:
            continue  # drawn below, grouped
        mark = {"type": "line", "strokeWidth": 2,
                "point": {"shape": SHAPES.get(s.style[:1], "circle"), "filled": True}
                if s.style[:1] in SHAPES else False}
        if "--" in s.style:
            mark["strokeDash"] = [6, 4]
        layers.append({"data": {"values": values}, "mark": mark,
                       "encoding": {"x": x, "y": y, "color": colour}})
    for level, text in plot.levels:
        layers.append({"data": {"values": [{"y": level, "series": text}]},
                       "mark": {"type": "rule", "strokeDash": [6, 4], "strokeWidth": 1.5},
                       "encoding": {"y": y, "color": colour}})
    if plot.labels:
        values = [{"x": lab.x, "y": lab.y, "text": lab.text} for lab in plot.labels]
        align = plot.labels[0].align
        layers.append({"data": {"values": values},
                       "mark": {"type": "text", "fontSize": 10, "align": align,
                                "dx": plot.labels[0].offset[0],
                                "dy": -plot.labels[0].offset[1]},
                       "encoding": {"x": x, "y": y, "text": {"field": "text"}}})
    bars = [s for s in plot.series if s.bars]
    if bars:  # grouped bars: one column per position, the orders side by side
        values = [{"x": a, "y": b, "series": s.name, "position": str(a + 1)}
                  for s in bars for a, b in zip(s.xs, s.ys)]
        return {"$schema": "https://vega.github.io/schema/vega-lite/v5.json",
                "title": plot.title, "width": 560, "height": 300,
                "data": {"values": values}, "mark": "bar",
                "encoding": {"x": {"field": "position", "type": "ordinal", "sort": None,
                                   "title": plot.xlabel, "axis": {"labelAngle": 0}},
                             "xOffset": {"field": "series", "sort": [s.name for s in bars]},
                             "y": {"field": "y", "type": "quantitative", "title": plot.ylabel,
                                   "scale": {"type": plot.yscale}},
                             "color": {**colour, "scale": {"domain": [s.name for s in bars],
                                                           "range": [s.colour for s in bars]}}}}
    return {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "title": plot.title,
            "width": 560, "height": 300, "layer": layers}
