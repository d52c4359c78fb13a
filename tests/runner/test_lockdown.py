"""Issue 31: the checker's worker runs the answer and nothing the student carried.

Each function below is an answer to the "minimax" kind (nested lists) that gets its values
from code other than its own: the package's own textbook search carried as text, as a
zip, as a compressed blob, as a pickle that runs code while it is read, as a code object;
a module loaded from a file it wrote, from a zip or a ``.pth`` beside it, or from the
package's own files; native code, signals to its parent, the private pipe. Before issue 31
each of those earned the marks of the search it ran (or, for the last ones, reached
outside its call); now each earns 0 with a diagnosis that says what it did, the same in
the notebook's worker and in bubblewrap's (here), as a user of its own
(``tests/instructor/test_unprivileged.py``); the first, handed in as a notebook, is graded
in all three and in the Gradescope autograder (``test_grader_attacks``,
``test_unprivileged``, ``test_gradescope``). They are checked as graded answers are (hidden
tests, one process per input): a violation ends the check at its first input, so each
costs one process.
"""

import json
import os
import pickle
import zipfile
import zlib
from pathlib import Path

import pytest

import minimax_lessons
from minimax_lessons.exercises.functions import check_function
from minimax_lessons.runner import lockdown
from minimax_lessons.runner.sandbox import Sandbox
from minimax_lessons.runner.shipping import Shipped, check_carried, ship

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")

PACKAGE = Path(minimax_lessons.__file__).parent
#: What a cell reads from the package: the game interface and the textbook's searches,
#: laid out as a package of another name (``carried``), which imports as the original does.
SOURCES = {"carried/__init__.py": "", "carried/games/__init__.py": "",
           "carried/search/__init__.py": "",
           "carried/games/game.py": (PACKAGE / "games" / "game.py").read_text(),
           "carried/search/textbook.py": (PACKAGE / "search" / "textbook.py").read_text()}
#: The same, compressed (about a third of the characters a carried text may have).
PACKED = zlib.compress(json.dumps(SOURCES).encode(), 9)


@pytest.fixture(scope="module", params=["plain", "bwrap"])
def box(request, tmp_path_factory):
    """The checker's worker as a notebook runs it, and as the grader does: in bubblewrap,
    seeing of the package only the games and the runner (as a user of its own and in the
    autograder: tests/instructor/test_unprivileged.py)."""
    wrapper = None
    if request.param == "bwrap":
        from minimax_lessons.instructor.grading.isolation import Jail, find_bwrap, why_no_bwrap

        if find_bwrap() is None:
            pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
        wrapper = Jail(str(tmp_path_factory.mktemp("checker")), bwrap=find_bwrap(),
                       package="games").prefix()
    sandbox = Sandbox(time_limit=5.0, isolate="item", wrapper=wrapper)
    sandbox.mode = request.param
    yield sandbox
    sandbox.stop()


def verdict(answer, box):
    return check_function("minimax", answer, hidden=True, sandbox=box)


def assert_refused(result, diagnosis, words):
    assert not result.passed and result.score == 0, result.message
    assert result.diagnosis == diagnosis, result.message
    assert words in result.message, result.message


# -- the attacks: each answers minimax(node, is_maximizing) with code it did not write -------
def carries_the_package_and_imports_it(node, is_maximizing):
    """The issue's attack: the sources travel as a global, are written to $HOME and
    imported under another name; the value comes from the package's own textbook."""
    import importlib
    import os
    import sys

    home = os.environ.get("HOME") or os.getcwd()
    for name, text in SOURCES.items():
        os.makedirs(os.path.join(home, os.path.dirname(name)), exist_ok=True)
        with open(os.path.join(home, name), "w") as out:
            out.write(text)
    sys.path.insert(0, home)
    textbook = importlib.import_module("carried.search.textbook")
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return textbook.minimax(game, game.root)


def carries_it_compressed(node, is_maximizing):
    """The same under the size of a carried text: compressed, written out, imported."""
    import importlib
    import json
    import os
    import sys
    import zlib

    home = os.environ.get("HOME") or os.getcwd()
    for name, text in json.loads(zlib.decompress(PACKED)).items():
        os.makedirs(os.path.join(home, os.path.dirname(name)), exist_ok=True)
        with open(os.path.join(home, name), "w") as out:
            out.write(text)
    sys.path.insert(0, home)
    textbook = importlib.import_module("carried.search.textbook")
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return textbook.minimax(game, game.root)


def runs_it_from_text(node, is_maximizing):
    """No file at all: the textbook's source run with exec, in a namespace of its own."""
    import json
    import sys
    import zlib

    sources = json.loads(zlib.decompress(PACKED))
    space = {"__name__": "carried_textbook"}
    game_space = {"__name__": "carried_game"}
    exec(sources["carried/games/game.py"], game_space)
    text = sources["carried/search/textbook.py"].replace(
        "from ..games.game import CHANCE, MAX", "CHANCE, MAX = 'chance', 'max'")
    exec(text, space)
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return space["minimax"](game, game.root)


def loads_a_code_object(node, is_maximizing):
    """The textbook's minimax carried as a marshal dump, renamed (so that no watch of the
    package's files sees it run) and made a function again (types.FunctionType)."""
    import marshal
    import sys
    import types

    code = marshal.loads(CODE).replace(co_filename="<my own>")
    space = {"MAX": "max"}
    space["minimax"] = types.FunctionType(code, space)
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return space["minimax"](game, game.root)


def swaps_its_own_bytecode(node, is_maximizing):
    """Its own function, its code object rebuilt (code.replace) and swapped in."""
    def shell(game, state):
        return 0

    shell.__code__ = shell.__code__.replace(co_name="carried")
    return shell(None, None)


def imports_from_a_zip(node, is_maximizing):
    """A zip of the sources that lies where every user may read it, imported (zipimport)."""
    import sys
    import zipimport

    finder = zipimport.zipimporter(ZIP_PATH)
    sys.path.insert(0, ZIP_PATH)
    sys.path_importer_cache[ZIP_PATH] = finder
    textbook = __import__("carried.search.textbook", fromlist=["minimax"])
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return textbook.minimax(game, game.root)


def imports_through_a_pth(node, is_maximizing):
    """A folder with a .pth whose import line loads the carried sources (site.addsitedir)."""
    import site
    import sys

    site.addsitedir(PTH_FOLDER)
    textbook = sys.modules["carried.search.textbook"]
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return textbook.minimax(game, game.root)


def loads_the_package_file(node, is_maximizing):
    """importlib.util.spec_from_file_location on the package's own textbook."""
    import importlib.util
    import os
    import sys

    tree = sys.modules["minimax" + "_lessons.games.tree"]
    package = os.path.dirname(os.path.dirname(getattr(tree, "__fi" + "le__")))
    spec = importlib.util.spec_from_file_location(  # a name that makes its imports work
        "minimax" + "_lessons.search.textbook",
        os.path.join("/proc/self/root" + package, "search", "textbook.py"))
    textbook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(textbook)
    game = tree.GameTree.from_nested(node, root="max" if is_maximizing else "min")
    return textbook.minimax(game, game.root)


def imports_in_a_default(node, is_maximizing,
                         textbook=__import__("importlib").import_module(
                             "minimax" + "_lessons.search.textbook")):
    """The search imported while the definition runs (its default), not in the call."""
    import sys

    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return textbook.minimax(game, game.root)


def unpickles_a_function(node, is_maximizing):
    """The package's textbook minimax, pickled in the notebook (by reference), read back."""
    import pickle
    import sys

    minimax = pickle.loads(PICKLED)
    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return minimax(game, game.root)


def uses_what_its_pickle_ran(node, is_maximizing):
    """Its global RUNNER is a pickle that ran the carried textbook while it was read (before
    the call, outside any watch), leaving the search where the call finds it."""
    import builtins
    import sys

    tree = sys.modules["minimax" + "_lessons.games.tree"].GameTree
    game = tree.from_nested(node, root="max" if is_maximizing else "min")
    return builtins.carried_minimax(game, game.root)


def calls_native_code(node, is_maximizing):
    """ctypes, to call into libc (anything from memory patching to a fork)."""
    import ctypes

    return ctypes.CDLL(None).abs(-3)


def kills_its_parent(node, is_maximizing):
    import os
    import signal

    os.kill(os.getppid(), signal.SIGKILL)
    return 0


def reads_its_own_memory(node, is_maximizing):
    """/proc/self: the worker's memory and descriptors (where the job and the pipe are)."""
    with open("/proc/self/mem", "rb") as memory:
        memory.read(1)
    return 0


def writes_its_outcome_on_the_pipe(node, is_maximizing):
    """An outcome of its own on every descriptor, then the real return."""
    import json
    import os

    for fd in range(3, 64):
        try:
            os.write(fd, (json.dumps({"type": "outcome", "status": "ok", "value": 7}) +
                          "\n").encode())
        except OSError:
            pass
    return 0


class RunsWhenRead:
    """Unpickled in the worker, this runs the carried textbook (exec) and keeps its minimax."""

    def __reduce__(self):
        book = SOURCES["carried/search/textbook.py"].replace(
            "from ..games.game import CHANCE, MAX", "CHANCE, MAX = 'chance', 'max'")
        return (exec, ("import builtins\nspace = {}\nexec(BOOK, space)\n"
                       "builtins.carried_minimax = space['minimax']", {"BOOK": book}))


#: The globals the attacks carry (set up by the fixture ``carriers``).
CODE = ZIP_PATH = PTH_FOLDER = PICKLED = None
RUNNER = RunsWhenRead()


def set_carriers(folder: Path):
    """Make the files the attacks load from in ``folder`` (a zip, a folder with a .pth,
    readable by all) and the globals that name them."""
    global CODE, ZIP_PATH, PTH_FOLDER, PICKLED
    from minimax_lessons.search import textbook

    CODE = __import__("marshal").dumps(textbook.minimax.__code__)
    PICKLED = pickle.dumps(textbook.minimax)
    ZIP_PATH = str(folder / "carried.zip")
    with zipfile.ZipFile(ZIP_PATH, "w") as z:
        for name, text in SOURCES.items():
            z.writestr(name, text)
    PTH_FOLDER = str(folder / "site")
    os.mkdir(PTH_FOLDER)
    for name, text in SOURCES.items():
        path = Path(PTH_FOLDER) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    Path(PTH_FOLDER, "carried.pth").write_text("import carried.search.textbook\n")
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.fixture(scope="module")
def carriers(tmp_path_factory):
    set_carriers(tmp_path_factory.mktemp("carried"))


#: Every attack of this module, checked by name (tests/instructor/test_unprivileged.py runs
#: them as a user of its own): (function's name, diagnosis, words of its message).
ATTACKS = [
    ("carries_the_package_and_imports_it", "runs-carried-code", "SOURCES carries"),
    ("carries_it_compressed", "runs-carried-code", "changes files (os.mkdir)"),
    ("runs_it_from_text", "runs-carried-code", "builds code from text"),
    ("loads_a_code_object", "runs-carried-code", "loads code from data (marshal)"),
    ("swaps_its_own_bytecode", "runs-carried-code", "builds a code object from data"),
    ("imports_from_a_zip", "runs-carried-code", "loads code from the file"),
    ("imports_through_a_pth", "runs-carried-code", "looks for code to load"),
    ("calls_native_code", "runs-carried-code", "calls native code (ctypes"),
    ("kills_its_parent", "runs-carried-code", "signals another process (os.kill)"),
    ("loads_the_package_file", "uses-package-search", "opens the package's file"),
    ("imports_in_a_default", "uses-package-search", "imports minimax_lessons.search"),
    ("unpickles_a_function", "uses-package-search",
     "unpickles minimax_lessons.search.textbook.minimax"),
]


def with_runner(attack) -> Shipped:
    """The attack as a notebook ships it, its global RUNNER pickled by hand (a class of
    the notebook would not unpickle in the worker; its reduction does)."""
    code = ship(attack)
    parts = [p for p in code.parts if p[0] != "RUNNER"]
    parts.insert(0, ("RUNNER", "pickle", pickle.dumps(RUNNER, protocol=4)))
    return Shipped(code.name, tuple(parts), code.label)


# -- the tests ------------------------------------------------------------------------------
@pytest.mark.parametrize("name, diagnosis, words", ATTACKS, ids=[a[0] for a in ATTACKS])
def test_code_carried_any_other_way_or_the_packages_own_earns_nothing_and_is_named(
        box, carriers, name, diagnosis, words):
    if box.mode == "bwrap" and name == "imports_from_a_zip":  # the jail hides the zip
        diagnosis, words = "raises", "raised ZipImportError"
    assert_refused(verdict(globals()[name], box), diagnosis, words)


def test_a_pickle_that_runs_code_while_it_is_read_is_refused(box, carriers):
    assert_refused(verdict(with_runner(uses_what_its_pickle_ran), box), "runs-carried-code",
                   "unpickles builtins.exec")


def test_reading_the_workers_memory_is_refused_and_earns_nothing(box):
    result = verdict(reads_its_own_memory, box)
    assert not result.passed and result.score == 0
    assert "raised PermissionError" in result.message


def test_an_outcome_written_on_the_private_pipe_is_a_crash_not_an_answer(box):
    result = verdict(writes_its_outcome_on_the_pipe, box)
    assert not result.passed and result.diagnosis == "crash", result.message


def test_an_honest_answer_still_passes_with_the_modules_offered(box):
    def honest(node, is_maximizing):
        import functools
        import math

        @functools.lru_cache(maxsize=None)
        def value(key, maxing):
            tree = eval_tree[key]
            if not isinstance(tree, list):
                return tree
            found = [value(child_key, not maxing) for child_key in keys[key]]
            return max(found) if maxing else min(found)

        keys, eval_tree = {}, {}

        def index(tree):
            key = len(eval_tree)
            eval_tree[key] = tree
            if isinstance(tree, list):
                keys[key] = [index(child) for child in tree]
            return key

        return value(index(node), is_maximizing) + 0 * math.pi

    assert verdict(honest, box).passed


# -- what travels with an answer -------------------------------------------------------------
def test_values_an_answer_carries_are_checked_for_type_and_size():
    from minimax_lessons.games.tree import GameTree
    from minimax_lessons.runner.guard import RunsCarriedCode

    tree = GameTree.from_nested([[3, 12], [8]])
    assert check_carried("TREE", tree) is tree
    assert check_carried("W", {"a": [1, 2.5, (3, None)], "b": frozenset({4})})
    for value, words in ((object(), "carries a object"), ("x" * 30_000, "30,000 characters"),
                         ([[f"{i:03}" + "y" * 100 for i in range(150)], ["z" * 6_000]],
                          "characters of text"),
                         (list(range(300_000)), "more than 200,000 values")):
        with pytest.raises(RunsCarriedCode, match=words):
            check_carried("G", value)


def test_a_record_whose_parts_are_not_definitions_is_refused_before_it_runs(box):
    from minimax_lessons.runner.guard import carried_findings

    forged = Shipped("minimax", (("minimax", "code", (
        "import os\nos.system('id')\ndef minimax(node, is_maximizing):\n    return 0\n", 1,
        "")),))
    assert carried_findings(forged) == ["minimax holds expr, not only definitions"]
    assert_refused(verdict(forged, box), "runs-carried-code", "not only definitions")
    big = Shipped("minimax", (("DATA", "pickle", pickle.dumps(b"x" * 300_000)),
                              ("minimax", "code", ("def minimax(n, m):\n    return 0\n", 1, ""))))
    assert any("bytes of values" in f for f in carried_findings(big))


def test_the_lock_is_one_way_and_keeps_no_state_an_answer_can_change(box):
    """Switching the module's flag off, or trying to reach the hook's defaults, changes
    nothing: the next forbidden operation still ends the call."""
    def flips_the_flag(node, is_maximizing):
        import sys

        lock = sys.modules["minimax" + "_lessons.runner.lockdown"]
        lock._locked = False
        return eval("1")

    assert_refused(verdict(flips_the_flag, box), "runs-carried-code", "builds code from text")


def test_violation_lines_are_read_back_as_what_was_refused():
    line = {"type": "violation", "kind": "package", "hex": "imports x".encode().hex()}
    assert lockdown.violation_line(line) == ("package", "imports x")
    assert lockdown.violation_line({"type": "outcome"}) is None
    assert lockdown.violation_line({"type": "violation", "kind": "?", "hex": "zz"})[0] == "code"
