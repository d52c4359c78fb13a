"""Slide metadata: every lesson's cells carry the slide types the rules give.

The rules live in minimax_lessons/instructor/teaching/slides.py (a heading starts a slide,
import-only cells are skipped, a slide that would grow past a 720-pixel projector
continues on a subslide). A lesson added or changed without re-applying them fails
here, with the command that fixes it.
"""

from pathlib import Path

import nbformat
import pytest

from minimax_lessons.instructor.teaching import slides

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def md(text):
    return nbformat.v4.new_markdown_cell(text)


def code(text, outputs=()):
    cell = nbformat.v4.new_code_cell(text)
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=t) for t in outputs]
    return cell


def notebook(*cells):
    return nbformat.v4.new_notebook(cells=list(cells))


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_has_the_slide_types_the_rules_give(path):
    nb = nbformat.read(path, as_version=4)
    stale = slides.stale_cells(nb)
    where = [f"cell {i + 1} ({nb.cells[i].source[:40]!r}): has {have!r}, the rules give {want!r}"
             for i, have, want in stale]
    assert not stale, (f"{path.name}: slide metadata out of date; run `{slides.COMMAND}` "
                       "(python -m minimax_lessons.instructor.teaching.slides notebooks/[0-9][0-9]-*.ipynb)\n"
                       + "\n".join(where[:10]))


def test_a_new_lesson_without_metadata_is_reported_cell_by_cell():
    nb = notebook(md("# Lesson 9: Try"), md("Prose."), md("## Next"))
    assert slides.stale_cells(nb) == [(0, None, "slide"), (1, None, "-"), (2, None, "slide")]


def test_headings_of_level_one_and_two_start_slides_and_deeper_ones_do_not():
    nb = notebook(md("# Title"), md("### Detail"), md("## Section"), md("text"))
    assert slides.slide_types(nb) == ["slide", "-", "slide", "-"]


def test_import_only_cells_without_output_are_skipped_but_code_that_shows_is_not():
    nb = notebook(md("# T"), code("import math"), code("import math", outputs=["x\n"]),
                  code("import math\nx = 1"))
    assert slides.slide_types(nb) == ["slide", "skip", "-", "-"]


def test_a_section_too_tall_for_one_screen_continues_on_subslides_that_each_fit():
    lines = "\n".join(f"line {i}" for i in range(12))  # 12 lines of output: 230 px or so
    cells = [md("## Long section")] + [code("print(lines)", outputs=[lines]) for _ in range(6)]
    nb = notebook(*cells)
    types = slides.slide_types(nb)
    assert types[0] == "slide" and "subslide" in types
    heights, current = [], 0
    for kind, cell in zip(types, nb.cells):
        if kind in ("slide", "subslide") and current:
            heights.append(current)
            current = 0
        current += slides.cell_height(cell)
    heights.append(current)
    assert all(h <= slides.SLIDE_HEIGHT for h in heights)
    assert len(heights) == types.count("slide") + types.count("subslide")


def test_applying_the_rules_twice_changes_nothing_the_second_time(tmp_path):
    path = tmp_path / "09-new.ipynb"
    nbformat.write(notebook(md("# Lesson 9: Try"), code("import math"), md("## A")), path)
    assert slides.apply_slide_metadata(path) == 3
    first = path.read_text()
    assert slides.apply_slide_metadata(path) == 0
    assert path.read_text() == first
    assert slides.stale_cells(nbformat.read(path, as_version=4)) == []


def test_the_command_line_names_a_missing_notebook(capsys, tmp_path):
    assert slides.main([str(tmp_path / "nope.ipynb")]) == 2
    assert "no notebook at" in capsys.readouterr().err


def test_a_cell_too_tall_for_any_slide_is_named_when_the_rules_are_applied(capsys, tmp_path):
    long_output = "\n".join(f"row {i}" for i in range(60))  # 60 lines of 18 px: over 720
    path = tmp_path / "09-new.ipynb"
    nbformat.write(notebook(md("# Lesson 9: Try"), code("print(rows)", outputs=[long_output])), path)
    assert [i for i, _ in slides.too_tall_cells(nbformat.read(path, as_version=4))] == [1]
    assert slides.main([str(path)]) == 0
    assert "cell 2 is about" in capsys.readouterr().err


def test_a_collapsed_source_takes_one_line_of_a_slide():
    code = "\n".join(f"assert {k} == {k}" for k in range(20))
    shown = nbformat.v4.new_code_cell(code)
    collapsed = nbformat.v4.new_code_cell(code, metadata={"jupyter": {"source_hidden": True}})
    assert slides.cell_height(collapsed) == slides.cell_height(nbformat.v4.new_code_cell("x"))
    assert slides.cell_height(shown) > slides.cell_height(collapsed) + 18 * 18
