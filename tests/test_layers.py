"""The package is a house in layers: every module imports only from the layers below it.

The table :data:`LAYERS` is the one place that says which layer each part of the package
is in. The test reads every import of every module (at module level and inside
functions, relative or absolute) and fails on an import that goes up or sideways, on any
chain of imports that comes back to where it started, and on a module that takes another
module's private name.
"""

import ast
import functools
from pathlib import Path

import pytest

import minimax_lessons

PACKAGE = Path(minimax_lessons.__file__).parent
NAME = PACKAGE.name

#: From the bottom up. A part is a subpackage, or a module at the top of the package
#: ("" is the package's ``__init__``). A module may import from its own part and from the
#: parts of lower layers; two parts in one layer know nothing of each other.
LAYERS = (
    ("words", "_process", "_aliases", "logbook", "working_copy"),  # how things read; child
                                  # Pythons; the old module paths; the learner's logbook
                                  # (answers, on this machine); the student's copy of the lessons
    ("games", "runner"),          # the Game interface and games; running code not ours
    ("search", "mistakes"),       # minimax, alpha-beta, ..., traces, engine, MCTS, textbook;
                                  # the known mistakes (ids, sentences, what each gives)
    ("pictures",),                # layout, frames, DOT, SVG, PNG: still pictures
    ("animation", "play"),        # players and quizzes; boards, bots and the arena
    ("exercises",),               # checked answers, diagnoses, practice, the capstone
    ("instructor", "progress"),   # release, grading, tournament, slides, the guide; the
                                  # learner's dashboard and review (the grader never reads it)
    ("experiments", "plots", ""),  # the lessons' measurements; the public names
)
LAYER_OF = {part: level for level, parts in enumerate(LAYERS) for part in parts}

#: The instructor's folder is a house of its own, in the same table's terms: its parts (a
#: subpackage, or a module at its top; "" is its ``__init__``) from the bottom up.
INSTRUCTOR_LAYERS = (
    ("common",),                    # files and CSV, host paths, the students' environment,
                                    # child Pythons, pages: what all share
    ("assignment", "teaching"),     # the release, the class list, the variants; the
                                    # lecturer's kit: slides, decks, the misconception guide
    ("lms",),                       # what learning platforms hand over and take back
    ("gradebook",),                 # the results kept, late policy, adjustments, final
                                    # grades; the tables and pages, each written once; the report
    ("grading",),                   # running and judging a submission in a jail; the batch:
                                    # signed results, then the gradebook writes them
    ("tournament", "gradescope"),   # the Connect Four tournament and its standings; the
                                    # autograder, grading in Gradescope's container
    ("__main__", ""),               # the commands (python -m minimax_lessons.instructor ...)
)
INSTRUCTOR_LAYER_OF = {part: level for level, parts in enumerate(INSTRUCTOR_LAYERS)
                       for part in parts}
INSTRUCTOR = f"{NAME}.instructor"


# -- reading the imports -------------------------------------------------------------

def parsed(path):
    """The module at ``path``, parsed once for every test of this file that reads it (a
    file written again is parsed again)."""
    stat = path.stat()
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=None)
def _parsed(path, mtime_ns, size):
    return ast.parse(path.read_text(encoding="utf-8"))


def module_name(path, root):
    """``minimax_lessons.exercises.check`` for ``<root>/exercises/check.py``."""
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((root.name,) + parts)


def imports_of(path, root, known):
    """``[(module imported, names taken from it, line)]`` for every package import in ``path``.

    ``from .draw import x`` takes ``x`` from the module ``draw``; ``from . import draw``
    imports the module ``draw`` itself (no names taken); ``from minimax_lessons import
    draw_tree`` takes ``draw_tree`` from the package.
    """
    me = module_name(path, root)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            targets = [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            targets = [(f"{base}.{alias.name}", alias.name) for alias in node.names]
        else:
            continue
        for target, name in targets:
            if target in known:  # a module (``from . import draw``): no name taken
                name = None
            while target and target not in known:  # a name defined in a module: that module
                target = target.rpartition(".")[0]
            if target and target != me:
                found.append((target, name, node.lineno))
    return found


def package_files(root):
    root = Path(root)
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def import_graph(root):
    """{module: set of package modules it imports}, for the package in directory ``root``."""
    files = package_files(root)
    return {name: {target for target, _, _ in imports_of(path, Path(root), set(files))}
            for name, path in files.items()}


def cycle_through(graph, start):
    """One chain of imports from ``start`` back to itself, or None."""
    paths, todo = {start: [start]}, [start]
    while todo:
        name = todo.pop()
        for nxt in sorted(graph.get(name, ())):
            if nxt == start:
                return paths[name] + [start]
            if nxt not in paths:
                paths[nxt] = paths[name] + [nxt]
                todo.append(nxt)
    return None


def part_of(module, house=None):
    """The part a module belongs to: ``pictures`` for ``minimax_lessons.pictures.draw``,
    ``words`` for ``minimax_lessons.words``, "" for the package itself; within ``house``
    (a subpackage), the part of the house: ``grading`` for
    ``minimax_lessons.instructor.grading.batch`` in ``minimax_lessons.instructor``."""
    house = house or module.split(".")[0]
    rest = module[len(house) + 1:] if module != house else ""
    return rest.split(".")[0]


def within(graph, house):
    """The import graph of the modules in ``house`` (a subpackage), among themselves."""
    inside = lambda m: m == house or m.startswith(house + ".")  # noqa: E731
    return {m: {t for t in targets if inside(t)} for m, targets in graph.items() if inside(m)}


def wrong_way(graph, layer_of, house=None):
    """Every import that goes up a layer or sideways to another part of the same layer."""
    found = []
    for module, targets in sorted(graph.items()):
        mine = part_of(module, house)
        for target in sorted(targets):
            theirs = part_of(target, house)
            if theirs == mine:
                continue
            if layer_of[theirs] >= layer_of[mine]:
                way = "up" if layer_of[theirs] > layer_of[mine] else "sideways"
                found.append(f"{module} ({mine or 'package'}, layer {layer_of[mine]}) imports "
                             f"{target} ({theirs or 'package'}, layer {layer_of[theirs]}): {way}")
    return found


def base_of(module, path, node):
    """The package a relative ``from`` import in ``module`` (file ``path``) starts from:
    ``from .. import x`` in ``pkg.a.b.c`` names ``pkg.a``."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    parts = package.split(".")
    return ".".join(parts[:len(parts) - node.level + 1])


def private_names_taken(root):
    """Every ``from other import _name`` between modules of the package, and every
    ``other._name`` read from a package module imported as ``other`` (at any depth:
    ``from .. import other``, ``from ..sub import other``, ``import pkg.sub.other as other``)."""
    root = Path(root)
    files = package_files(root)
    found = []
    for module, path in files.items():
        tree = parsed(path)
        modules_bound = set()
        for target, name, line in imports_of(path, root, set(files)):
            if name and name.startswith("_") and not name.startswith("__"):
                found.append(f"{module}:{line} takes {name} from {target}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = base_of(module, path, node) if node.level else ""
                base = ".".join(p for p in (base, node.module) if p)
                for alias in node.names:
                    if f"{base}.{alias.name}" in files:
                        modules_bound.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in files:
                        modules_bound.add(alias.asname)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id in modules_bound and node.attr.startswith("_") and \
                    not node.attr.startswith("__"):
                found.append(f"{module}:{node.lineno} reads {node.value.id}.{node.attr}")
    return found


@pytest.fixture(scope="module")
def graph():
    return import_graph(PACKAGE)


@pytest.fixture(scope="module")
def taken():
    """:func:`private_names_taken` of the package (read once: every module parsed)."""
    return private_names_taken(PACKAGE)


# -- the package ---------------------------------------------------------------------

def test_every_part_of_the_package_is_in_the_layer_table(graph):
    parts = {part_of(module) for module in graph}
    assert parts - set(LAYER_OF) == set(), "add the new part to LAYERS"
    assert set(LAYER_OF) - parts == set(), "LAYERS names a part the package no longer has"


def test_the_top_of_the_package_holds_at_most_six_public_modules():
    public = sorted(p.stem for p in PACKAGE.glob("*.py") if not p.stem.startswith("_"))
    assert len(public) <= 6, public


def test_no_module_imports_from_a_layer_above_it_or_beside_it(graph):
    assert wrong_way(graph, LAYER_OF) == []


def test_no_chain_of_imports_comes_back_to_where_it_started(graph):
    cycles = {module: cycle_through(graph, module) for module in graph}
    assert {m: " -> ".join(c) for m, c in cycles.items() if c} == {}


def test_no_module_takes_another_modules_private_name(taken):
    assert taken == []


# -- the instructor's folder ---------------------------------------------------------------

def test_every_part_of_the_instructors_folder_is_in_its_layer_table(graph):
    parts = {part_of(module, INSTRUCTOR) for module in within(graph, INSTRUCTOR)}
    assert parts - set(INSTRUCTOR_LAYER_OF) == set(), "add the new part to INSTRUCTOR_LAYERS"
    assert set(INSTRUCTOR_LAYER_OF) - parts == set(), "INSTRUCTOR_LAYERS names a part no more"


def test_the_top_of_the_instructors_folder_holds_only_the_commands_and_the_autograder():
    top = sorted(p.stem for p in (PACKAGE / "instructor").glob("*.py"))  # the rest: folders
    assert top == ["__init__", "__main__", "gradescope"]


def test_in_the_instructors_folder_no_module_imports_from_a_part_above_it_or_beside_it(graph):
    assert wrong_way(within(graph, INSTRUCTOR), INSTRUCTOR_LAYER_OF, INSTRUCTOR) == []


def test_no_instructor_module_takes_another_modules_private_name(taken):
    """``from ..grading.judging import _grade_notebook`` or ``batch._store`` anywhere in the
    instructor's folders (the check reads relative imports at every depth)."""
    assert [f for f in taken if f.startswith(INSTRUCTOR)] == []


def test_within_pictures_the_layout_knows_no_drawing_and_the_tree_model_no_pictures(graph):
    below = set()
    todo = [f"{NAME}.pictures.layout"]
    while todo:
        for nxt in graph[todo.pop()] - below:
            below.add(nxt)
            todo.append(nxt)
    assert f"{NAME}.games.game" in below  # it reads games (trees too) through their interface
    assert not below & {f"{NAME}.pictures.{m}" for m in ("draw", "frames", "render", "raster",
                                                         "style", "labels", "dot", "legend",
                                                         "scene")}
    assert f"{NAME}.pictures.layout" in graph[f"{NAME}.pictures.draw"]


# -- the student-code boundary -------------------------------------------------------------
#: The one table of what student code may use of the package, what may run while it runs
#: and what the checker's worker holds: ``minimax_lessons.runner.boundary``, beside
#: :data:`LAYERS` in spirit (a part of the package a layer below ``exercises`` knows by path).
BOUNDARY = PACKAGE / "runner" / "boundary.py"


def boundary_words():
    """What only the boundary may spell: a file's path and name (``harness.py``, which
    ``os.path.join("exercises", "harness.py")`` spells too), each part's module name, and the
    old paths of the allowed modules (a folder's name, such as ``games``, is a common word)."""
    from minimax_lessons.runner import boundary

    words = set()
    for part, *_ in boundary.PARTS:
        words.add(boundary.module_name(part))
        if part.endswith(".py"):
            words |= {part, part.rpartition("/")[2]}
    return words | {f"{NAME}.{old}" for old in boundary.OLD_PATHS}


def test_the_student_code_boundary_is_spelled_in_one_table_only():
    """The guard, the lock, the worker's jail and the copy check read the table; no other
    module of the package names a part of it (by path, file name or module name)."""
    words = boundary_words()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == BOUNDARY:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in words:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value!r}")
    assert found == []


def test_the_boundary_names_parts_that_exist_and_names_they_hold():
    import importlib

    from minimax_lessons._aliases import OLD_PATHS
    from minimax_lessons.runner import boundary

    for part, *_ in boundary.PARTS:
        assert (PACKAGE / part).exists(), part
        assert importlib.import_module(boundary.module_name(part))
    allowed = boundary.allowed_modules()
    assert {old: new for old, new in OLD_PATHS.items() if f"{NAME}.{new}" in allowed} == {
        old: boundary.module_name(new)[len(NAME) + 1:] for old, new in boundary.OLD_PATHS.items()
    }, "the old paths of the allowed modules, as _aliases maps them"
    for package, names in boundary.ALLOWED_NAMES.items():
        for name, module in names.items():
            assert module in allowed, module
            held = importlib.import_module(module)
            value = getattr(importlib.import_module(package), name)
            assert value is held or value is getattr(held, name), f"{package}.{name}"


def test_the_guard_the_lock_the_jail_and_the_copy_check_read_the_table():
    from minimax_lessons.instructor.grading.isolation import WORKER_FILES
    from minimax_lessons.runner import boundary, copies, guard, lockdown

    assert guard.ALLOWED_MODULES == boundary.allowed_modules()
    assert guard.RUNNABLE_FILES == {str(PACKAGE / f) for f in boundary.runnable_files()}
    assert [Path(f).as_posix() for f in WORKER_FILES] == list(boundary.worker_parts())
    assert lockdown.OFFERED_MODULES is boundary.OFFERED_MODULES
    read = {p.relative_to(PACKAGE.parent).parts[0] for p in copies.course_files()}
    assert read <= {folder for folder, _ in boundary.COURSE} and NAME in read


# -- the checks themselves, on made-up packages ---------------------------------------

def write_package(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_check_sees_a_cycle_made_by_an_import_inside_a_function(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "",
        "tree.py": "def show():\n    from .draw import draw\n    return draw\n",
        "draw.py": "from .tree import Tree\n",
        "sub/__init__.py": "",
        "sub/deep.py": "from ..tree import Tree\nimport pkg.draw\n",
    })
    graph = import_graph(pkg)
    assert graph["pkg.tree"] == {"pkg.draw"} and graph["pkg.draw"] == {"pkg.tree"}
    assert graph["pkg.sub.deep"] == {"pkg.tree", "pkg.draw"}
    assert cycle_through(graph, "pkg.tree") == ["pkg.tree", "pkg.draw", "pkg.tree"]
    assert cycle_through(graph, "pkg.sub.deep") is None


def test_the_check_sees_a_cycle_through_the_package_itself(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "from .draw import draw\n",
        "draw.py": "def draw():\n    from . import layout\n",
        "layout.py": "def plan():\n    from pkg import draw\n    from pkg import draw_it\n",
    })
    graph = import_graph(pkg)
    assert graph["pkg.draw"] == {"pkg.layout"}
    assert graph["pkg.layout"] == {"pkg.draw", "pkg"}
    assert cycle_through(graph, "pkg.layout") is not None


def test_the_check_sees_an_import_up_a_layer_and_one_sideways(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "from .low.a import a\n",
        "low/__init__.py": "", "low/a.py": "def a():\n    from ..high.b import b\n",
        "side/__init__.py": "", "side/c.py": "from ..low.a import a\nfrom ..other.d import d\n",
        "other/__init__.py": "", "other/d.py": "d = 1\n",
        "high/__init__.py": "", "high/b.py": "from ..low import a\n",
    })
    layers = {"low": 0, "side": 1, "other": 1, "high": 2, "": 3}
    found = wrong_way(import_graph(pkg), layers)
    assert found == ["pkg.low.a (low, layer 0) imports pkg.high.b (high, layer 2): up",
                     "pkg.side.c (side, layer 1) imports pkg.other.d (other, layer 1): sideways"]


def test_the_check_sees_private_names_taken_from_folders_above_and_beside(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "", "common.py": "_secret = 1\n",
        "house/__init__.py": "",
        "house/low/__init__.py": "", "house/low/judge.py": "def _grade():\n    pass\n",
        "house/high/__init__.py": "",
        "house/high/batch.py": "from ...common import _secret\nfrom ..low import judge\n"
                               "from ..low.judge import _grade\nimport pkg.common as c\n"
                               "def f():\n    return judge._grade(), c._secret\n",
    })
    assert sorted(private_names_taken(pkg)) == [
        "pkg.house.high.batch:1 takes _secret from pkg.common",
        "pkg.house.high.batch:3 takes _grade from pkg.house.low.judge",
        "pkg.house.high.batch:6 reads c._secret", "pkg.house.high.batch:6 reads judge._grade"]
    layers = {"low": 0, "high": 1}
    graph = within(import_graph(pkg), "pkg.house")
    assert graph["pkg.house.high.batch"] == {"pkg.house.low.judge"}  # not pkg.common
    assert wrong_way(graph, {**layers, "": 2}, "pkg.house") == []
    assert wrong_way(graph, {"low": 1, "high": 0, "": 2}, "pkg.house") == [
        "pkg.house.high.batch (high, layer 0) imports pkg.house.low.judge (low, layer 1): up"]


def test_the_check_sees_private_names_taken_by_import_and_by_attribute(tmp_path):
    pkg = write_package(tmp_path / "pkg", {
        "__init__.py": "",
        "draw.py": "_style = 1\ndef _parts():\n    pass\n__all__ = []\n",
        "animate.py": "from .draw import _style, __all__\nfrom . import draw\n"
                      "def f():\n    return draw._parts(), draw.__name__\n",
        "ok.py": "from ._hidden import helper\n",
        "_hidden.py": "def helper():\n    pass\n",
    })
    assert private_names_taken(pkg) == ["pkg.animate:1 takes _style from pkg.draw",
                                        "pkg.animate:4 reads draw._parts"]
