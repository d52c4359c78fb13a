"""What a saved notebook keeps of a widget: its still picture, not a view of a model gone.

Vocabulary
----------
- A widget's output holds its *view* (``application/vnd.jupyter.widget-view+json``: the
  id of a model that lives in the kernel) beside a *still picture* (SVG and PNG, with a
  hint to run the cell: :func:`~minimax_lessons.pictures.jupyter.widget_makers`; or HTML,
  as a review of one's mistakes shows its first question).
- JupyterLab prefers the view whenever the output is trusted, and a notebook it saved is
  trusted. Reopened after its kernel is gone, the view's model is nowhere (JupyterLab does
  not save widget state by default), and JupyterLab shows "Error displaying widget: model
  not found" instead of the picture beside it: it never falls back to another type.
- :func:`keep_still_pictures` drops such a view when the notebook is saved, from every
  output that has a picture to show instead, unless the notebook saved that model's
  state (then JupyterLab can rebuild the widget). The notebook open in the browser keeps
  its live widgets; the file keeps the pictures.
- It runs as a *pre-save hook* of the Jupyter server, installed by the server extension
  this module is (``jupyter-config/`` in the repository enables it with the package).

>>> cell = {"cell_type": "code", "outputs": [{"output_type": "display_data", "data": {
...     "application/vnd.jupyter.widget-view+json": {"model_id": "m1"},
...     "image/png": "iVBOR...", "text/plain": "<Animation ...>"}}]}
>>> keep_still_pictures({"cells": [cell], "metadata": {}})
1
>>> sorted(cell["outputs"][0]["data"])
['image/png', 'text/plain']
"""

from __future__ import annotations

from .jupyter import HTML, PNG, SVG, WIDGET

__all__ = ["keep_still_pictures", "pre_save_hook", "WIDGET_STATE"]

#: Where a notebook keeps widget state, when JupyterLab is set to save it.
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def saved_models(notebook) -> set:
    """The ids of the widget models whose state the notebook itself holds."""
    state = (notebook.get("metadata") or {}).get("widgets", {}).get(WIDGET_STATE, {})
    return set((state.get("state") or {}).keys())


def keep_still_pictures(notebook) -> int:
    """Drop the widget view from each output of ``notebook`` (a dict, changed in place) that
    has a still picture beside it and no saved state; return how many outputs changed."""
    kept = saved_models(notebook)
    changed = 0
    for cell in notebook.get("cells", ()):
        for output in cell.get("outputs", ()) if cell.get("cell_type") == "code" else ():
            data = output.get("data") or {}
            view = data.get(WIDGET)
            if view is None or not (PNG in data or SVG in data or HTML in data):
                continue
            if isinstance(view, dict) and view.get("model_id") in kept:
                continue
            del data[WIDGET]
            changed += 1
    return changed


def pre_save_hook(model, path=None, contents_manager=None, **kwargs):
    """The Jupyter server's pre-save hook: notebooks keep still pictures (see the module)."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        keep_still_pictures(model["content"])


def _jupyter_server_extension_points():
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp):
    serverapp.contents_manager.register_pre_save_hook(pre_save_hook)
    serverapp.log.info("minimax_lessons: saved notebooks keep each widget's still picture")
