"""JupyterLab in a real browser runs a notebook and its ipywidgets talk to the kernel."""

import nbformat
import pytest

pytestmark = pytest.mark.browser

WIDGETS = """\
import ipywidgets as widgets

depth = widgets.IntSlider(value=3, min=0, max=9, description="depth")
status = widgets.HTML(value="<b class='smoke-status'>waiting</b>")
button = widgets.Button(description="Search")

def on_click(_):
    status.value = f"<b class='smoke-status'>searched to depth {depth.value}</b>"

button.on_click(on_click)
widgets.VBox([depth, button, status])"""


def widget_notebook():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Smoke test"), nbformat.v4.new_code_cell(WIDGETS)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def test_run_all_shows_widgets_and_a_button_click_reaches_the_kernel(jupyter_server, lab):
    lab.open(jupyter_server.add_notebook(widget_notebook(), "smoke.ipynb"))
    lab.run_all()
    page = lab.page

    slider = page.locator(".widget-slider", has_text="depth")
    slider.wait_for(state="visible")
    assert page.locator(".smoke-status").inner_text() == "waiting"

    page.get_by_role("button", name="Search").click()
    page.locator(".smoke-status", has_text="searched to depth 3").wait_for(state="visible")
    lab.assert_no_console_errors()
