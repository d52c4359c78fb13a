"""minimax_lessons.pictures.saving: a saved notebook keeps each widget's still picture.

JupyterLab shows a widget's view whenever a trusted output has one, and once the kernel is
gone that view is "Error displaying widget: model not found", never the picture beside it.
"""

import importlib
import json
import subprocess
from pathlib import Path

import nbformat
import pytest

from minimax_lessons import FIGURE_5_2, animate, minimax
from minimax_lessons.pictures.jupyter import HTML, PNG, SVG, TEXT, WIDGET
from minimax_lessons.pictures.saving import WIDGET_STATE, keep_still_pictures, pre_save_hook

ROOT = Path(__file__).resolve().parents[2]


def output(data):
    return nbformat.v4.new_output("display_data", data=data)


def notebook_with(*outputs, state=None):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("A lesson."),
                nbformat.v4.new_code_cell("x", outputs=list(outputs))]
    if state is not None:
        nb.metadata["widgets"] = {WIDGET_STATE: {"state": state, "version_major": 2,
                                                 "version_minor": 0}}
    return nb


def a_player_output():
    """The output a player leaves in a notebook: its view, its still picture, its text."""
    bundle = animate(minimax, FIGURE_5_2)._repr_mimebundle_()
    assert {WIDGET, SVG, PNG, TEXT} <= set(bundle)
    return output(bundle)


def test_the_view_goes_and_the_still_picture_with_its_hint_stays():
    nb = notebook_with(a_player_output())
    assert keep_still_pictures(nb) == 1
    data = nb.cells[1].outputs[0]["data"]
    assert set(data) == {HTML, SVG, PNG, TEXT}
    assert "Run this cell to play it step by step." in data[SVG]
    nbformat.validate(nb)


def test_a_view_with_no_picture_beside_it_or_with_saved_state_stays():
    slider = output({WIDGET: {"model_id": "s1", "version_major": 2, "version_minor": 0},
                     TEXT: "IntSlider(value=3)"})
    saved = output({WIDGET: {"model_id": "p1", "version_major": 2, "version_minor": 0},
                    PNG: "iVBORw0KGgo=", TEXT: "<Animation>"})
    nb = notebook_with(slider, saved, state={"p1": {"model_name": "AnyModel", "state": {}}})
    assert keep_still_pictures(nb) == 0
    assert WIDGET in nb.cells[1].outputs[0]["data"] and WIDGET in nb.cells[1].outputs[1]["data"]


def test_the_hook_changes_notebooks_only():
    nb = notebook_with(a_player_output())
    text_file = {"type": "file", "content": "x", "format": "text"}
    pre_save_hook(model=text_file, path="notes.txt", contents_manager=None)
    assert text_file["content"] == "x"
    model = {"type": "notebook", "content": json.loads(nbformat.writes(nb))}
    pre_save_hook(model=model, path="lesson.ipynb", contents_manager=None)
    assert WIDGET not in model["content"]["cells"][1]["outputs"][0]["data"]


class FakeServer:
    def __init__(self, contents_manager):
        self.contents_manager = contents_manager
        self.log = contents_manager.log


def test_a_server_with_the_extension_saves_the_picture_not_the_view(tmp_path):
    # The file a notebook is saved to, through the Jupyter server's own contents manager.
    from jupyter_server.services.contents.filemanager import FileContentsManager

    config = json.loads((ROOT / "lab" / "jupyter_server_config.d" /
                         "minimax_lessons.json").read_text())
    (name, enabled), = config["ServerApp"]["jpserver_extensions"].items()
    extension = importlib.import_module(name)
    assert enabled and extension._jupyter_server_extension_points() == [{"module": name}]
    manager = FileContentsManager(root_dir=str(tmp_path))
    extension._load_jupyter_server_extension(FakeServer(manager))
    nb = notebook_with(a_player_output())
    manager.save({"type": "notebook", "content": json.loads(nbformat.writes(nb))}, "lesson.ipynb")
    saved = nbformat.read(tmp_path / "lesson.ipynb", as_version=4)
    assert set(saved.cells[1].outputs[0]["data"]) == {HTML, SVG, PNG, TEXT}


@pytest.mark.parametrize("target", ["setup", "lab", "test", "test-fast"])
def test_make_puts_the_extension_s_config_in_place(target, tmp_path):
    # An editable install (pip install -e) installs no data files: the Makefile copies it.
    # Asked of make itself (-n: what it would run), the config's place moved to a folder
    # where it is missing; `make test` sets up through a make of its own, which is asked too.
    place = tmp_path / "jupyter_server_config.d" / "minimax_lessons.json"
    would = subprocess.run(["make", "-n", "-C", str(ROOT), f"SERVER_EXTENSION={place}", target],
                           capture_output=True, text=True, timeout=60)
    assert would.returncode == 0, would.stderr
    assert f"cp lab/jupyter_server_config.d/minimax_lessons.json {place}" in would.stdout
    assert "lab/jupyter_server_config.d/minimax_lessons.json" in (ROOT / "pyproject.toml").read_text()
