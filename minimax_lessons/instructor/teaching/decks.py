"""Offline slide decks: each lesson as a reveal.js page that plays its animations, no network.

Vocabulary
----------
- A *deck* is ``SLIDES/NN-name.slides.html``, written by nbconvert's
  ``SlidesExporter`` (``jupyter nbconvert --to slides``) from a fresh run of the
  lesson, cut into slides by its slide metadata
  (:mod:`minimax_lessons.instructor.teaching.slides`).
- *Offline*: the deck loads reveal.js from ``SLIDES/reveal.js/``, a copy of the
  reveal.js 5.2.0 files shipped in ``minimax_lessons/static/reveal.js/`` (MIT,
  see its LICENSE), through the template ``minimax_lessons/static/offline_slides``
  that drops nbconvert's CDN scripts (jQuery, RequireJS, Mermaid, MathJax, the
  widget manager). Formulas (``$...$``, ``$$...$$``) are typeset by KaTeX 0.19.1
  from ``SLIDES/katex/``, a copy of ``minimax_lessons/static/katex/`` (MIT, about
  600 KB, see its README), instead of MathJax from a CDN.
- *Collapsed cells*: a cell a lesson collapses (``metadata.jupyter.source_hidden``, the
  asserts that check a prediction's answer) shows only its output in the deck, as in
  JupyterLab (:class:`KeepCollapsed`).
- *Players*: the lesson runs with its widget state stored; every animation's
  widget output is swapped by :class:`EmbedPlayers` for an ``<iframe srcdoc>``
  holding the same self-contained page ``Animation.save("x.html")`` writes, so it
  plays inside the slide.

From a shell (``make slides`` does this for every lesson)::

    python -m minimax_lessons.instructor.teaching.decks --out slides notebooks/06-alpha-beta.ipynb
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import nbformat
from nbconvert.exporters import SlidesExporter
from nbconvert.preprocessors import ExecutePreprocessor, Preprocessor

from ...animation.player import STATIC, player_page
from ...animation.iframe import FRAME_CSS, iframe

__all__ = ["EmbedPlayers", "KeepCollapsed", "player_iframe", "export_deck", "export_decks"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
REVEAL = STATIC / "reveal.js"
KATEX = STATIC / "katex"
TEMPLATE = "offline_slides"
def player_iframe(state: dict, title: str) -> str:
    """An ``<iframe>`` whose ``srcdoc`` is the self-contained player of one animation widget.

    ``state`` is the widget's stored state (``svg``, ``frames``, ``speed``).

    >>> from minimax_lessons import FIGURE_5_2, alphabeta, animate
    >>> w = animate(alphabeta, FIGURE_5_2).widget
    >>> frame = player_iframe({"svg": w.svg, "frames": w.frames, "speed": w.speed}, "A")
    >>> frame.startswith('<iframe class="mm-player"'), "srcdoc=" in frame
    (True, True)
    """
    page = player_page(state["svg"], state["frames"], state.get("speed", 2.0), title,
                       extra_css=FRAME_CSS)
    return iframe(page, state["svg"], title)


class EmbedPlayers(Preprocessor):
    """Swap each animation widget's output for its self-contained player, then drop widget state.

    Needs the notebook's widget state (run it with
    ``ExecutePreprocessor.store_widget_state=True``). Other widgets keep their
    still fallback (their picture or text).
    """

    def preprocess(self, nb, resources):
        states = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                view = data.get(WIDGET_VIEW)
                if view is None:
                    continue
                state = states.get(view.get("model_id"), {}).get("state", {})
                if "svg" in state and "frames" in state:
                    title = data.get("text/plain", "animation").strip("<>")
                    output["data"] = {"text/html": player_iframe(state, title),
                                      "text/plain": data.get("text/plain", "")}
                else:
                    del data[WIDGET_VIEW]
        nb.metadata.pop("widgets", None)
        return nb, resources


class KeepCollapsed(Preprocessor):
    """Leave out of the deck what a lesson collapses in JupyterLab: the source of a cell
    with ``metadata.jupyter.source_hidden`` (the asserts that would give a prediction's
    answer away) and the outputs of one with ``outputs_hidden``."""

    def preprocess(self, nb, resources):
        for cell in nb.cells:
            jupyter = cell.get("metadata", {}).get("jupyter", {})
            if jupyter.get("source_hidden"):
                cell.metadata.setdefault("transient", {})["remove_source"] = True
            if jupyter.get("outputs_hidden") and cell.get("outputs"):
                cell.outputs = []
        return nb, resources


def exporter() -> SlidesExporter:
    """nbconvert's SlidesExporter, offline: the local template and reveal.js, players embedded."""
    deck = SlidesExporter(template_name=TEMPLATE, extra_template_basedirs=[str(STATIC)],
                          reveal_url_prefix="reveal.js", reveal_theme="white",
                          reveal_transition="none")
    deck.register_preprocessor(EmbedPlayers(), enabled=True)
    deck.register_preprocessor(KeepCollapsed(), enabled=True)
    return deck


def export_deck(notebook, out_dir, *, timeout=120) -> Path:
    """Run ``notebook`` fresh and write its offline deck into ``out_dir``; its path.

    ``out_dir/reveal.js/`` and ``out_dir/katex/`` get the files the deck loads.
    """
    notebook, out_dir = Path(notebook), Path(out_dir)
    if not notebook.is_file():
        raise FileNotFoundError(f"decks: no notebook at {notebook}")
    nb = nbformat.read(notebook, as_version=4)
    run = ExecutePreprocessor(timeout=timeout, store_widget_state=True, record_timing=False)
    run.preprocess(nb, {"metadata": {"path": str(notebook.parent.resolve())}})
    body, _ = exporter().from_notebook_node(nb, resources={"metadata": {"name": notebook.stem}})
    out_dir.mkdir(parents=True, exist_ok=True)
    shutil.copytree(REVEAL, out_dir / "reveal.js", dirs_exist_ok=True)
    shutil.copytree(KATEX, out_dir / "katex", dirs_exist_ok=True)
    path = out_dir / f"{notebook.stem}.slides.html"
    path.write_text(body, encoding="utf-8")
    return path


def export_decks(notebooks, out_dir) -> list[Path]:
    """:func:`export_deck` for each notebook."""
    return [export_deck(nb, out_dir) for nb in notebooks]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m minimax_lessons.instructor.teaching.decks",
                                     description="Write offline reveal.js decks of lessons.")
    parser.add_argument("notebooks", nargs="+", help="lesson notebooks (.ipynb)")
    parser.add_argument("--out", default="slides", help="output folder (default: slides)")
    args = parser.parse_args(argv)
    missing = [p for p in args.notebooks if not Path(p).is_file()]
    if missing:
        print(f"decks: no notebook at {', '.join(missing)}", file=sys.stderr)
        return 2
    for path in args.notebooks:
        print(export_deck(path, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
