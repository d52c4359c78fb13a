"""A two-question graded assignment cut from the course's minimax notebook, for grading tests.

q3.13 (which nodes alpha-beta skips: its answer depends on the student's seed)
and q3.14 (write minimax with its line of best play, judged on hidden tests). ``submit``
writes one student's notebook with honest answers, optional extra cells and edits.
"""

import copy
import inspect
import textwrap
from pathlib import Path

import nbformat

from minimax_lessons import alphabeta
from minimax_lessons.exercises import get_question
from minimax_lessons.exercises.nested import to_game
from minimax_lessons.instructor import release

from ..exercises.graded_answers import minimax_line, minimax_line_max_everywhere

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course" / "source" / "03-minimax-exercises.ipynb"
NAME = "tiny.ipynb"
KEEP = ("q3_11_question", "q3_11_answer", "q3_11", "q3_12_answer", "q3_12")
LIMITS = {"cell_timeout": 60, "notebook_timeout": 300}
#: The honest answer to q3.14 (its source, as a cell holds it).
HONEST_MINIMAX = inspect.getsource(minimax_line)
#: q3.14 answered with MAX's choice at every level (diagnosis max-at-every-level).
ALWAYS_MAX = (inspect.getsource(minimax_line_max_everywhere)
              + "\n\nminimax_line = minimax_line_max_everywhere\n")


def make_assignment(base: Path):
    """Release the tiny assignment under ``base``: (key path, blank student notebook)."""
    source = nbformat.read(COURSE, as_version=4)
    cells = [source.cells[0], source.cells[1], source.cells[2]]
    cells += [c for c in source.cells if c.metadata.get("nbgrader", {}).get("grade_id") in KEEP]
    source.cells = cells
    (base / "source").mkdir(parents=True, exist_ok=True)
    nbformat.write(source, base / "source" / NAME)
    key = base / "instructor" / "key.json"
    release(base / "source" / NAME, base / "release", key)
    return key, nbformat.read(base / "release" / NAME, as_version=4)


def right_pruned(seed):
    """The right answer to q3.13 for a seed."""
    tree = get_question("q3.13").data(seed)["tree"]
    return set(alphabeta(to_game(tree)).pruned)


def as_cell(text):
    """Cell source from a triple-quoted string whose first line starts right after the quotes."""
    first, newline, rest = text.partition("\n")
    if not first.strip() or first[:1].isspace():
        return textwrap.dedent(text).strip("\n")
    return first + newline + textwrap.dedent(rest)


def cell(nb, grade_id):
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def submit(folder: Path, blank, student, *, me="student", pruned=None, minimax=HONEST_MINIMAX,
           before=(), after=(), edit=None) -> Path:
    """Write ``folder/student/tiny.ipynb``: answers (honest unless given) and extra cells."""
    nb = copy.deepcopy(blank)
    for c in nb.cells:
        if c.cell_type == "code" and c.source.startswith("me ="):
            c.source = f"me = {me!r}"
    cell(nb, "q3_11_answer").source = \
        f"answer_3_11 = {sorted(right_pruned(me) if pruned is None else pruned)!r}"
    cell(nb, "q3_11_answer").source = "answer_3_11 = set(" + \
        cell(nb, "q3_11_answer").source.split("= ", 1)[1] + ")"
    cell(nb, "q3_12_answer").source = minimax
    at = 3  # after the imports and the me cell
    nb.cells[at:at] = [nbformat.v4.new_code_cell(as_cell(s)) for s in before]
    nb.cells += [nbformat.v4.new_code_cell(as_cell(s)) for s in after]
    if edit:
        edit(nb)
    path = folder / student / NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


#: Issue 31's attack on q3.14: a cell reads the package's textbook search (and the game
#: interface it imports) into a global; the answer writes them to $HOME as a package of
#: another name, imports it and returns the package's own values. Before issue 31 it
#: earned full marks in bubblewrap, as a user of its own and in the Gradescope autograder.
CARRIED_MINIMAX = '''\
import os
import minimax_lessons

_ROOT = os.path.dirname(minimax_lessons.__file__)
SOURCES = {"carried/" + name: open(os.path.join(_ROOT, name)).read()
           for name in ("games/game.py", "search/textbook.py")}
SOURCES.update({"carried/__init__.py": "", "carried/games/__init__.py": "",
                "carried/search/__init__.py": ""})


def minimax_line(node, is_maximizing):
    import importlib
    import os
    import sys

    home = os.environ.get("HOME") or os.getcwd()
    for name, text in SOURCES.items():
        os.makedirs(os.path.join(home, os.path.dirname(name)), exist_ok=True)
        with open(os.path.join(home, name), "w") as out:
            out.write(text)
    if home not in sys.path:
        sys.path.insert(0, home)
    textbook = importlib.import_module("carried.search.textbook")
    trees = sys.modules["minimax" + "_lessons.games.tree"]

    def value(here, maxing):
        if not isinstance(here, list):
            return here
        tree = trees.GameTree.from_nested(here, root="max" if maxing else "min")
        return textbook.minimax(tree, tree.root)

    line, here, maxing = [], node, is_maximizing
    while isinstance(here, list):
        values = [value(child, not maxing) for child in here]
        best = values.index(max(values) if maxing else min(values))
        line.append(best)
        here, maxing = here[best], not maxing
    return value(node, is_maximizing), line
'''
