"""Old paths and names keep working until their end date, each warning where it is used.

Students keep their copies of the notebooks for a term, and those import the package by
the paths and names it had before (``minimax_lessons.tictactoe``, ``Feedback``,
``verdict.correct``, ...); lecturers run ``python -m minimax_lessons.teaching``. Every
one of them is in ``minimax_lessons/_aliases.py`` and nowhere else: each still works, warns
with its new path or name and the release that removes it, and nothing of the course (the
package, its tests, notebooks and docs) uses one.
"""

import importlib
import json
import operator
import re
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

from minimax_lessons import _aliases
from minimax_lessons._aliases import (OLD_ATTRIBUTES, OLD_MODULES, OLD_NAMES, OLD_PATHS,
                                      REMOVED_IN, message)
from minimax_lessons.exercises.verdict import FunctionRun, Picture, Verdict
from minimax_lessons.games.examples import FIGURE_5_2

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "minimax_lessons"


def full(path):
    """``minimax_lessons.path`` (the package itself for ``""``)."""
    return f"{PACKAGE}.{path}" if path else PACKAGE


def new_object(path):
    """The object at a new dotted path, found without the aliases."""
    module, _, name = path.rpartition(".")
    try:
        return getattr(importlib.import_module(full(module)), name)
    except (AttributeError, ModuleNotFoundError):
        return importlib.import_module(full(path))


def the_warning(caught, old, new):
    """The one warning in ``caught`` about ``old``, checked: it names the new path and the
    release, and points at this file (the line that used the old name)."""
    said = [w for w in caught if str(w.message).startswith(full(old) + " ")]
    assert len(said) == 1, [str(w.message) for w in caught]
    warning = said[0]
    assert warning.category is DeprecationWarning
    assert str(warning.message) == message(old, new)
    assert f"use {full(new)}" in str(warning.message) and REMOVED_IN in str(warning.message)
    assert Path(warning.filename).resolve() == Path(__file__).resolve(), warning.filename
    return warning


@pytest.fixture
def fresh():
    """Forget an old path (and what is below it) for one test, as in a fresh Python."""
    forgotten = {}

    def forget(old):
        for name in [n for n in sys.modules if n == full(old) or n.startswith(full(old) + ".")]:
            forgotten[name] = sys.modules.pop(name)

    yield forget
    sys.modules.update(forgotten)


def test_the_end_release_is_the_next_major_after_the_packages_version():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert REMOVED_IN == f"{int(version.split('.')[0]) + 1}.0.0", (
        f"minimax-lessons {version}: remove minimax_lessons/_aliases.py's old names, or give "
        "them a later end")


def test_a_warning_says_what_to_use_instead_and_when_the_old_name_goes():
    assert message("tictactoe", "games.tictactoe") == (
        f"minimax_lessons.tictactoe is deprecated and will be removed in minimax-lessons "
        f"{REMOVED_IN}: use minimax_lessons.games.tictactoe")


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_module_path_imports_its_new_module_and_warns(old, fresh):
    fresh(old)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(full(old))
    new = importlib.import_module(full(OLD_PATHS[old]))
    assert module is new
    assert module.__name__ == module.__spec__.name == full(OLD_PATHS[old])  # its own spec
    the_warning(caught, old, OLD_PATHS[old])


@pytest.mark.parametrize("old", sorted(OLD_MODULES))
def test_an_old_module_that_is_gone_imports_with_every_old_name(old, fresh):
    fresh(old)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(full(old))
    the_warning(caught, old, OLD_MODULES[old])
    assert sorted(module.__all__) == sorted(OLD_NAMES[old])
    for name, new in OLD_NAMES[old].items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = getattr(module, name)
        assert value is new_object(new)
        the_warning(caught, f"{old}.{name}", new)


@pytest.mark.parametrize("module, name", sorted((m, n) for m, names in OLD_NAMES.items()
                                                for n in names))
def test_an_old_name_is_the_new_object_and_warns(module, name):
    new = OLD_NAMES[module][name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # an old module warns on import
        holder = importlib.import_module(full(module))
    assert name not in vars(holder), "an old name is served by _aliases, not defined here"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(holder, name)
    assert value is new_object(new)
    the_warning(caught, f"{module}.{name}" if module else name, new)


@pytest.mark.parametrize("cls, old", sorted((c, o) for c, olds in OLD_ATTRIBUTES.items()
                                            for o in olds))
def test_an_old_attribute_reads_the_new_one_and_warns(cls, old):
    assert cls == "exercises.verdict.Verdict"
    verdict = Verdict("q3.1", False, "max-at-every-level", "Not right.", score=0.25,
                      picture=Picture(FIGURE_5_2, {"B": "you"}, key=(("you", "yours"),)),
                      run=FunctionRun("minimax", tests=4, failed=3, call="minimax([1], True)",
                                      output="hi", seconds=0.5))
    new = OLD_ATTRIBUTES[cls][old]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(verdict, old)
    assert value == operator.attrgetter(new)(verdict)
    the_warning(caught, f"{cls}.{old}", f"{cls}.{new}")


def test_an_old_attribute_of_a_function_run_reads_none_on_a_verdict_given_by_hand():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert Verdict("q3.1", True).tests is None
    assert "use minimax_lessons.exercises.verdict.Verdict.run.tests" in str(caught[0].message)


def test_from_an_old_name_import_warns_once_on_the_line_that_imports():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from minimax_lessons.instructor.common import safe_name  # noqa: F401
        from minimax_lessons import Feedback  # noqa: F401
    assert [str(w.message) for w in caught] == [
        message("instructor.common.safe_name", "instructor.common.files.safe_name"),
        message("Feedback", "exercises.verdict.Verdict")]
    assert {w.lineno for w in caught} != {caught[0].lineno}  # each on its own line


def test_an_old_path_reached_as_an_attribute_warns_and_keeps_the_name_it_shadows():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import minimax_lessons.animate  # noqa: F401  (the module, under its old path)
        import minimax_lessons.mcts  # noqa: F401
        from minimax_lessons.instructor import release  # the function, as before
        old_release = importlib.import_module("minimax_lessons.instructor.release")
        tictactoe = minimax_lessons.tictactoe
        kinds = minimax_lessons.exercises.kinds  # a module cut into rooms, as an attribute
        symmetric = kinds.symmetries("X........")[1]
    assert callable(minimax_lessons.animate) and callable(minimax_lessons.mcts)
    assert symmetric == "..X......"
    assert minimax_lessons.animate.__module__ == "minimax_lessons.animation.player"
    assert callable(release) and old_release.release is release
    assert tictactoe.TicTacToe is minimax_lessons.TicTacToe
    assert all(w.category is DeprecationWarning for w in caught)


@pytest.mark.parametrize("old", ["slides", "decks"])
def test_python_m_on_an_old_instructor_path_runs_the_lecturers_tool_and_says_so(old, tmp_path):
    """``python -m minimax_lessons.instructor.slides`` and ``.decks`` (the Makefile's paths
    before the instructor's folder was cut into parts) still run, here without a notebook,
    and say what to type instead."""
    done = subprocess.run([sys.executable, "-m", f"minimax_lessons.instructor.{old}"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"minimax_lessons.instructor.teaching.{old}" in done.stderr  # its usage line
    assert message(f"instructor.{old}", f"instructor.teaching.{old}") in done.stderr


@pytest.mark.slow  # writes the whole misconception guide
def test_python_m_on_an_old_module_path_runs_the_new_module(tmp_path):
    """``python -m minimax_lessons.teaching`` writes the guide, as it always did."""
    env = {**__import__("os").environ, "PYTHONWARNINGS": "error::RuntimeWarning"}
    done = subprocess.run([sys.executable, "-m", "minimax_lessons.teaching"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "RuntimeWarning" not in done.stderr
    assert message("teaching", "instructor.teaching.guide") in done.stderr
    guide = tmp_path / "docs" / "teaching" / "misconceptions.md"
    assert guide.read_text().startswith("# ")


#: A fresh Python that imports every module of the package with the package's own
#: deprecation warnings as errors: a module that used an old path or name would raise.
EVERY_MODULE_STRICTLY = """\
import pkgutil, sys, warnings
warnings.filterwarnings("error", category=DeprecationWarning, module=r"minimax_lessons(\\.|$)")
import minimax_lessons
names = sorted(m.name for m in pkgutil.walk_packages(minimax_lessons.__path__, "minimax_lessons.")
               if not m.name.endswith("__main__"))
for name in names:
    __import__(name)
print(len(names))
"""


def test_the_package_imports_every_module_of_its_own_with_no_old_name():
    done = subprocess.run([sys.executable, "-c", EVERY_MODULE_STRICTLY], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 100  # every module, not a few


def course_texts():
    """Every text of the repository people read or run (of a notebook, its cells), less the
    vendored scripts and pictures in ``minimax_lessons/static``."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    for name in files:
        path = ROOT / name
        if path in (Path(_aliases.__file__), Path(__file__).resolve()) or not path.exists() \
                or name.startswith("minimax_lessons/static/"):
            continue
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            yield name, "\n".join("".join(cell["source"]) for cell in cells)
            continue
        try:
            yield name, path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a picture, a font


#: The one place besides ``_aliases.py`` that knows old paths: the student-code boundary
#: (plain data the checker's worker reads, where ``_aliases`` is not), which lets an answer
#: from an old copy import the games by their old paths; ``tests/test_layers.py`` checks
#: that it agrees with ``_aliases.OLD_PATHS``.
BOUNDARY = "minimax_lessons/runner/boundary.py"


def test_nothing_of_the_course_names_an_old_path():
    olds = sorted((*OLD_PATHS, *OLD_MODULES), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w.])minimax_lessons\.(" + "|".join(map(re.escape, olds))
                         + r")(?![\w])")
    found = [f"{name}: {m.group(0)}" for name, text in course_texts() if name != BOUNDARY
             for m in pattern.finditer(text)]
    assert found == []


#: ``from minimax_lessons.MODULE import NAMES``, in code, docs and notebooks alike.
FROM_IMPORT = re.compile(r"from\s+minimax_lessons((?:\.\w+)*)\s+import\s+(\([^)]*\)|[\w, \t]+)")


def test_nothing_of_the_course_imports_an_old_name():
    found = []
    for name, text in course_texts():
        for m in FROM_IMPORT.finditer(text):
            module = m.group(1).lstrip(".")
            for imported in re.findall(r"(\w+)(?:\s+as\s+\w+)?", m.group(2).strip("()")):
                if imported in OLD_NAMES.get(module, ()):
                    found.append(f"{name}: {m.group(0)}")
    assert found == []


def test_the_package_imports_when_a_bank_was_imported_while_it_was_importing():
    """A module that the package imports midway (``progress``) may import the question banks
    first, as a module of a layer above ``exercises`` may do at its top; the old package
    ``exercises.predictions`` and its modules still import after that (it raised KeyError)."""
    done = subprocess.run([sys.executable, "-c", BANKS_WHILE_THE_PACKAGE_IMPORTS],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported"


BANKS_WHILE_THE_PACKAGE_IMPORTS = """\
import importlib, importlib.abc, sys, warnings

class BanksFirst(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "minimax_lessons.progress":
            sys.meta_path.remove(self)
            importlib.import_module("minimax_lessons.exercises.banks")
        return None

sys.meta_path.insert(0, BanksFirst())
import minimax_lessons
assert "minimax_lessons.exercises.banks.lesson2" in sys.modules
warnings.simplefilter("ignore", DeprecationWarning)
import minimax_lessons.exercises.predictions.lesson2 as old
from minimax_lessons.exercises.banks import lesson2
assert old is lesson2 and minimax_lessons.exercises.predictions.lesson2 is lesson2
import minimax_lessons.exercises.bank as bank
assert bank is sys.modules["minimax_lessons.exercises.banks.lesson3"]
print("imported")
"""
