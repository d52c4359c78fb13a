"""Notice a function answer that gets its result from the package instead of computing it.

A student asked to write minimax could answer with one line that calls the course's own
search (``return pkg_minimax(GameTree.from_nested(node)).value``). Such an answer earns
nothing for that question and the diagnosis ``uses-package-search``. It is found in two
layers:

- **Static** (:func:`static_findings`, in the notebook's process): the shipped function
  and its helpers are read as code (AST). Flagged: a reference to anything of the package
  beyond the game data a student may use (:data:`ALLOWED_MODULES`: trees, games,
  tic-tac-toe, Nim, the example trees, ``estimate``), an import of such a part inside the
  function, ``importlib.import_module`` / ``__import__`` / ``sys.modules`` / ``getattr``
  aimed at the package, and reading its source (``inspect.getsource``, ``__file__``).
- **At run time** (:func:`watch`, in the checker's worker): while the student's function
  runs, the package is absent from ``sys.modules`` (only the allowed modules stay, behind
  stand-ins for ``minimax_lessons`` and ``minimax_lessons.exercises`` that list only
  allowed names), an import finder refuses the rest, an audit hook records any import of
  the package, any file of it being opened, and ways around the watch (``sys.setprofile``,
  ``gc.get_objects``), and a profile hook records any code of the package outside the
  allowed modules being *executed*, however it was reached. When anything was recorded
  the call ends in :class:`UsesPackageSearch`, which the checker reports as the diagnosis.

An answer may not start processes or programs either (``os.fork``, ``subprocess``,
``os.system``, ``os.exec*``): that is no package search, so it has its own error,
:class:`StartsProcess`, and its own diagnosis ``starts-a-process`` (no credit either).

This stops the shortcut, not a determined attack on the checker's own memory: that is
the worker's job (see "Threat model" in ``docs/exercises.md``).

>>> uses_package_in_code("from minimax_lessons import minimax\\nminimax(tree)")
['imports minimax from minimax_lessons']
>>> uses_package_in_code("def f(node):\\n    return max(node)")
[]
"""

from __future__ import annotations

import ast
import functools
import importlib.abc
import linecache
import os
import re
import sys
import threading
import types
import unicodedata

from .boundary import ALLOWED_NAMES, PACKAGE, allowed_modules, held_by_worker, runnable_files
from .lockdown import REPORT_EVENT, locked

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The parts of the package a function answer may use (:mod:`.boundary`): the games and
#: trees it is given, also by the paths they had before the package was laid out in layers.
ALLOWED_MODULES = allowed_modules()
#: Package files whose code may run during a student's call (:mod:`.boundary`).
RUNNABLE_FILES = frozenset(os.path.join(PACKAGE_DIR, *name.split("/"))
                           for name in runnable_files())
#: Of those, the ones the look for a copy of the package's own code reads all the same:
#: those the worker does not hold (the checker's own buggy variants, which it runs when it
#: checks itself; a student's code cannot name them).
_COPYABLE = frozenset(os.path.join(PACKAGE_DIR, *name.split("/")) for name in runnable_files()
                      if not held_by_worker(name))
#: Audit events that get around the watch or look through the checker's memory.
EVASIONS = {
    "sys.setprofile": "switched off the checker's watch (sys.setprofile)",
    "sys.settrace": "switched off the checker's watch (sys.settrace)",
    "gc.get_objects": "searched the checker's memory (gc.get_objects)",
    "gc.get_referrers": "searched the checker's memory (gc.get_referrers)",
    "gc.get_referents": "searched the checker's memory (gc.get_referents)",
}
#: Audit events that start a process or a program: refused, with their own error.
PROCESS_STARTS = {
    "subprocess.Popen": "started another program (subprocess)",
    "os.system": "started another program (os.system)",
    "os.posix_spawn": "started another program (os.posix_spawn)",
    "os.exec": "started another program (os.exec*)",
    "os.fork": "started another process (os.fork)",
    "os.forkpty": "started another process (os.forkpty)",
}
EXPLANATION = (
    "The function gets its answer from the course's own search (minimax_lessons) instead "
    "of computing it: it calls, imports or reads the package's searches. The exercise is "
    "to write the search yourself, so this answer earns no points. Use only the tree or "
    "game you are given (and estimate, where the question allows it).")
PROCESS_EXPLANATION = (
    "The function starts another process or program (os.fork, subprocess, os.system, ...). "
    "An answer computes its result within its own call and may not start processes, so this "
    "answer earns no points.")


class UsesPackageSearch(Exception):
    """Raised after a student's call that used the package's searches (the message says how)."""


class StartsProcess(Exception):
    """Raised after a student's call that started a process or a program (the message says how)."""


class RunsCarriedCode(Exception):
    """An answer that runs code other than its own functions' (exec, compile, marshal, a code
    object, an import from a file, a pickle of anything but data), carries more than a little
    data, or reaches outside its call (files, native code, signals): the message says what."""


#: The guard's errors, by their name as the checker's worker reports it, and the diagnosis.
DIAGNOSES = {UsesPackageSearch.__name__: "uses-package-search",
             StartsProcess.__name__: "starts-a-process",
             RunsCarriedCode.__name__: "runs-carried-code"}
CARRIED_EXPLANATION = (
    "The function runs code that is not its own: it builds or loads code from data (exec, "
    "eval, compile, marshal, a code object, a module from a file it wrote or from a zip, a "
    "pickle of anything but plain data), carries more than a little data, or reaches outside "
    "its own call (files, native code, other processes). Only the function's own code, and "
    "the standard library it imports, may run when it is checked, so this answer earns no "
    "points.")
#: The most parts (the function, its helpers, modules and values) an answer may have.
MAX_PARTS = 200
#: The most bytes all the values a function carries (its globals, pickled) may take.
MAX_CARRIED_BYTES = 256 << 10
#: The most characters of source one part of an answer may have.
MAX_PART_SOURCE = 200_000


# -- the static look ---------------------------------------------------------------------------
def is_package(module_name) -> bool:
    """True for ``minimax_lessons`` and its submodules.

    >>> is_package("minimax_lessons.search"), is_package("minimax_lessons_extra")
    (True, False)
    """
    return isinstance(module_name, str) and (
        module_name == PACKAGE or module_name.startswith(PACKAGE + "."))


def allowed_reference(module, qualname="") -> bool:
    """May an answer use ``module.qualname`` (a game or tree class, ``estimate``)?

    >>> allowed_reference("minimax_lessons.games.tree", "GameTree")
    True
    >>> allowed_reference("minimax_lessons.search", "minimax")
    False
    """
    if not is_package(module):
        return True
    if module in ALLOWED_MODULES:
        return True
    if module in (PACKAGE, PACKAGE + ".exercises") and qualname:
        return _allowed_name(module, qualname.split(".")[0])
    return False


def _allowed_name(package, name) -> bool:
    """Is ``package.name`` one of the allowed modules or something defined in one?"""
    module = sys.modules.get(package)
    if module is None:
        return False
    value = getattr(module, name, None)
    if isinstance(value, types.ModuleType):
        return value.__name__ in ALLOWED_MODULES
    return getattr(value, "__module__", None) in ALLOWED_MODULES


def static_findings(shipped) -> list:
    """Why a shipped function (:class:`~minimax_lessons.runner.shipping.Shipped`) uses
    the package's searches, as short phrases ([] when it does not)."""
    found, package_names = [], set()
    for name, how, payload in shipped.parts:
        if how == "attr" and not allowed_reference(*payload):
            found.append(f"uses {payload[0]}.{payload[1]} (as {name})")
        elif how == "module" and is_package(payload):
            if payload in ALLOWED_MODULES:
                continue
            package_names.add(name)
        elif how == "pickle":
            found += [f"uses a value from {module} (as {name})"
                      for module in _modules_in_pickle(payload)
                      if is_package(module) and module not in ALLOWED_MODULES]
    for name, how, payload in shipped.parts:
        if how == "code":
            found += uses_package_in_code(payload[0], package_names)
            if _is_package_code(payload[0]):
                found.append(f"is a copy of the package's own code ({name})")
    return list(dict.fromkeys(found))


def carried_findings(shipped) -> list:
    """Why a shipped function carries more than its own code, as short phrases ([] when
    it does not): a part of its code that holds other statements than definitions,
    assignments and imports, too many parts or too much source, more pickled data than
    :data:`MAX_CARRIED_BYTES`. Read as data, in the trusted process (the values
    themselves are checked in the locked worker: :func:`~.shipping.check_carried`).

    >>> from minimax_lessons.runner.shipping import Shipped
    >>> carried_findings(Shipped("f", (("f", "code", ("exec('1')\\ndef f(): pass", 1, "")),)))
    ['f holds expr, not only definitions']
    """
    found, pickled = [], 0
    if len(shipped.parts) > MAX_PARTS:
        found.append(f"it has {len(shipped.parts):,} parts (at most {MAX_PARTS})")
    for name, how, payload in shipped.parts:
        if how == "pickle":
            pickled += len(payload) if isinstance(payload, (bytes, bytearray)) else 0
        elif how == "code":
            source = payload[0] if isinstance(payload, (tuple, list)) and payload else ""
            if not isinstance(source, str) or len(source) > MAX_PART_SOURCE:
                found.append(f"{name} has more than {MAX_PART_SOURCE:,} characters of source")
                continue
            try:
                body = ast.parse(source).body
            except (SyntaxError, ValueError, RecursionError):
                continue  # the worker reports the error where it is
            others = sorted({type(node).__name__.lower() for node in body
                             if not _definition(node)})
            if others:
                found.append(f"{name} holds {', '.join(others)}, not only definitions")
    if pickled > MAX_CARRIED_BYTES:
        found.append(f"it carries {pickled:,} bytes of values (at most {MAX_CARRIED_BYTES:,})")
    return found


def _definition(node) -> bool:
    """Is this top-level statement one a shipped part is made of: a def, a class, an
    assignment (``name = lambda ...``, a constant of lines put in order), an import, a
    docstring? (Whatever it is, it runs in the locked worker; a statement of another kind
    is no part of what :func:`~.shipping.ship` or :func:`~.shipping.from_source` sends.)"""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import,
                         ast.ImportFrom, ast.Assign, ast.AnnAssign)):
        return True
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)


def _modules_in_pickle(data) -> set:
    """Module names a pickle refers to (its GLOBAL and STACK_GLOBAL look-ups)."""
    import pickletools

    modules, strings = set(), []
    try:
        for op, arg, _ in pickletools.genops(data):
            if op.name == "GLOBAL" and isinstance(arg, str):
                modules.add(arg.split(" ")[0])
            elif op.name == "STACK_GLOBAL" and len(strings) >= 2:
                modules.add(strings[-2])
            if isinstance(arg, str):
                strings.append(arg)
    except Exception:  # not a pickle we can read: the run-time watch still applies
        pass
    return modules


#: ``{name: {ast.dump of each function of the package so named}}``, for the names asked.
_PACKAGE_CODE: dict = {}


def _is_package_code(source) -> bool:
    """Is this function's code (formatting and comments aside) one of the package's own?"""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    mine = {(n.name, ast.dump(n)) for n in tree.body if isinstance(n, ast.FunctionDef)}
    return any(dump in _package_functions(name) for name, dump in mine)


def _package_functions(name) -> set:
    """``ast.dump`` of every function called ``name`` in the package outside the allowed
    modules (cached). A function's dump holds its name, so only the files that define that
    name are parsed (:func:`_definers`): a lesson's first check parses no other."""
    if name not in _PACKAGE_CODE:
        found = set()
        for path in _definers().get(name, ()):
            try:
                with open(path, encoding="utf-8") as f:
                    tree = ast.parse(f.read())
            except (OSError, SyntaxError, ValueError):
                continue
            found.update(ast.dump(n) for n in ast.walk(tree)
                         if isinstance(n, ast.FunctionDef) and n.name == name)
        _PACKAGE_CODE[name] = found
    return _PACKAGE_CODE[name]


#: ``def``, then (across line breaks too) the name: what follows up to its parameters.
_DEFINED = re.compile(r"\bdef[\s\\]+([^\s(\[\\]+)")


@functools.lru_cache(maxsize=1)
def _definers() -> dict:
    """``{name: [path, ...]}``: the package's files (outside the allowed modules) whose text
    holds ``def name``, read as Python reads names (NFKC); every file that defines a
    function of that name is among them."""
    found = {}
    for folder, _, files in os.walk(PACKAGE_DIR):
        for file in files:
            path = os.path.join(folder, file)
            if not file.endswith(".py") or path in RUNNABLE_FILES - _COPYABLE:
                continue
            try:
                with open(path, encoding="utf-8") as f:
                    text = unicodedata.normalize("NFKC", f.read())
            except (OSError, ValueError):
                continue
            for name in set(_DEFINED.findall(text)):
                found.setdefault(name, []).append(path)
    return found


def is_package_function(fn) -> bool:
    """A function defined in the package's own files (the checker checking itself)."""
    code = getattr(fn, "__code__", None)
    return (code is not None and is_package(getattr(fn, "__module__", None))
            and os.path.abspath(code.co_filename).startswith(PACKAGE_DIR + os.sep))


def uses_package_in_code(source, package_names=()) -> list:
    """How a piece of source reaches the package (imports, dynamic imports, its source)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        found += _node_findings(node, set(package_names))
    return found


def _node_findings(node, package_names):
    if isinstance(node, ast.Import):
        return [f"imports {a.name}" for a in node.names
                if is_package(a.name) and a.name not in ALLOWED_MODULES]
    if isinstance(node, ast.ImportFrom) and node.level == 0 and is_package(node.module):
        return [f"imports {a.name} from {node.module}" for a in node.names
                if not allowed_reference(node.module, a.name)]
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and PACKAGE in node.value:
        return [f"names the package in a string ({node.value[:40]!r})"]
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id in package_names and \
                not allowed_reference(PACKAGE, node.attr):
            return [f"uses {node.value.id}.{node.attr}"]
        if node.attr in ("getsource", "getsourcelines", "getfile", "__file__", "__loader__",
                         "__spec__", "__globals__"):
            return [f"reaches into code it did not write ({node.attr})"]
    if isinstance(node, ast.Name) and node.id in package_names and \
            not isinstance(getattr(node, "ctx", None), ast.Store):
        return []  # plain attribute uses are judged above; a bare name alone is harmless
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == "getattr" and node.args and isinstance(node.args[0], ast.Name) and \
            node.args[0].id in package_names:
        return [f"looks up a name in the package with getattr({node.args[0].id}, ...)"]
    return []


# -- the run-time watch ----------------------------------------------------------------------
class _State:
    active = None  # the list of findings of the call being watched, or None
    processes = None  # the processes and programs it started, or None
    installed = False
    depth = 0


def _audit(event, args):
    found, processes = _State.active, _State.processes
    if found is None or processes is None:
        return
    if event == "import" and args and is_package(args[0]) and args[0] not in ALLOWED_MODULES:
        found.append(f"imports {args[0]}")
    elif event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.fsdecode(args[0])
        if os.path.abspath(path).startswith(PACKAGE_DIR + os.sep):
            found.append(f"opens the package's file {os.path.relpath(path, PACKAGE_DIR)}")
    elif event == "sys.setprofile" and _near_recursion_limit():
        pass  # Python drops a profile hook that hits the recursion limit: not the student
    elif event in EVASIONS:
        found.append(EVASIONS[event])
    elif event in PROCESS_STARTS or event.startswith(("os.exec", "os.spawn", "os.posix_spawn")):
        processes.append(PROCESS_STARTS.get(event, f"started another program ({event})"))


def _near_recursion_limit(margin=60) -> bool:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth >= sys.getrecursionlimit() - margin


_KNOWN: dict = {}


def _profile(frame, event, arg):
    if event != "call":
        return
    filename = frame.f_code.co_filename
    bad = _KNOWN.get(filename)
    if bad is None:
        path = os.path.abspath(filename) if not filename.startswith("<") else filename
        bad = _KNOWN[filename] = (path.startswith(PACKAGE_DIR + os.sep)
                                  and path not in RUNNABLE_FILES)
    if bad and _State.active is not None:
        where = os.path.relpath(filename, PACKAGE_DIR)
        _State.active.append(f"runs the package's {frame.f_code.co_name} ({where})")


class _Refuse(importlib.abc.MetaPathFinder):
    """An import finder that refuses the package while a student's call runs."""

    def find_spec(self, name, path=None, target=None, _audit=sys.audit):
        if locked() and is_package(name) and name not in ALLOWED_MODULES:
            _audit(REPORT_EVENT, "package", f"imports {name}")  # the lock ends the call
        if _State.active is not None and is_package(name):
            _State.active.append(f"looks for {name}")
            raise ImportError(f"{name} is not available to your function: write the search "
                              "yourself", name=name)
        return None


_REFUSE = _Refuse()


def _stand_in(package) -> types.ModuleType:
    """A module that lists only the allowed names of ``package`` and records other lookups."""
    real = sys.modules[package]
    module = types.ModuleType(package, f"{package}, as a student's function sees it")
    for name, value in vars(real).items():
        if name.startswith("_"):
            continue
        origin = value.__name__ if isinstance(value, types.ModuleType) else \
            getattr(value, "__module__", None)
        if origin in ALLOWED_MODULES:
            setattr(module, name, value)

    module.__getattr__ = _refused_name(package)
    return module


def _hide_package():
    """Take the package out of ``sys.modules`` (allowed modules stay); returns what to restore."""
    saved = {name: mod for name, mod in sys.modules.items() if is_package(name)}
    for name in saved:
        if name not in ALLOWED_MODULES:
            del sys.modules[name]
    for package in (PACKAGE, PACKAGE + ".exercises"):
        if package in saved:
            sys.modules[package] = _STAND_INS.get(package) or _STAND_INS.setdefault(
                package, _stand_in_from(saved, package))
    for name in [n for n in linecache.cache if isinstance(n, str)
                 and os.path.abspath(n).startswith(PACKAGE_DIR + os.sep)]:
        del linecache.cache[name]
    return saved


_STAND_INS: dict = {}


def _stand_in_from(saved, package):
    current = sys.modules.get(package)
    sys.modules[package] = saved[package]
    try:
        return _stand_in(package)
    finally:
        if current is not None:
            sys.modules[package] = current


def _restore(saved):
    for name in [n for n in sys.modules if is_package(n)]:
        del sys.modules[name]
    sys.modules.update(saved)


def furnish_stand_ins():
    """Give the bare ``minimax_lessons`` stand-ins of the checker's worker the names of
    :data:`ALLOWED_NAMES` (nothing when the package itself was imported)."""
    import importlib

    for package, names in ALLOWED_NAMES.items():
        module = sys.modules.get(package)
        if module is None or getattr(module, "__file__", None) is not None:
            continue
        for name, origin in names.items():
            found = importlib.import_module(origin)
            setattr(module, name, found if found.__name__.endswith("." + name)
                    else getattr(found, name))
        module.__getattr__ = _refused_name(package)


def _refused_name(package):
    """The ``__getattr__`` of a stand-in for ``package``: any name it lacks is refused, and
    recorded (a watched call) or reported to the lock (a locked child)."""

    def __getattr__(name, _audit=sys.audit):
        if _State.active is not None:
            _State.active.append(f"looks up {package}.{name}")
        if locked() and not name.startswith("__"):  # the lock ends the call at once
            _audit(REPORT_EVENT, "package", f"looks up {package}.{name}")
        raise AttributeError(f"{package}.{name} is not available to your function")

    return __getattr__


def install():
    """Add the audit hook and the import finder (once per process; audit hooks stay)."""
    if not _State.installed:
        sys.addaudithook(_audit)
        sys.meta_path.insert(0, _REFUSE)
        _State.installed = True


def watch(fn):
    """``fn`` wrapped so that each call is watched; a call that used the package's searches
    ends in :class:`UsesPackageSearch`, one that started a process in :class:`StartsProcess`
    (whatever it returned or raised)."""
    install()

    def watched(*args, **kwargs):
        if _State.depth or locked():  # nested, or a locked child: the lock holds instead
            return fn(*args, **kwargs)
        found, processes = [], []
        saved = _hide_package()
        _State.depth += 1
        old_profile, old_thread_profile = sys.getprofile(), threading.getprofile()
        threading.setprofile(_profile)
        sys.setprofile(_profile)
        _State.active, _State.processes = found, processes
        try:
            result = fn(*args, **kwargs)
            if sys.getprofile() is not _profile:  # dropped, and the call still went on
                found.append("switched off the checker's watch")
            return result
        finally:
            _State.active = _State.processes = None
            sys.setprofile(old_profile)
            threading.setprofile(old_thread_profile)
            _State.depth -= 1
            _restore(saved)
            if processes:
                raise StartsProcess("your function " + "; ".join(dict.fromkeys(processes)) +
                                    ": an answer may not start processes or programs")
            if found:
                raise UsesPackageSearch("; ".join(dict.fromkeys(found)))

    watched.__wrapped_student__ = fn
    return watched


def diagnosis_of(error) -> str | None:
    """The guard's diagnosis for an :class:`ErrorInfo` (None when the guard did not raise it).

    >>> from types import SimpleNamespace as Error
    >>> diagnosis_of(Error(type="StartsProcess", message="your function started ..."))
    'starts-a-process'
    >>> diagnosis_of(Error(type="TypeError", message="..."))
    """
    return DIAGNOSES.get(getattr(error, "type", None)) if error is not None else None


__all__ = ["watch", "install", "furnish_stand_ins", "ALLOWED_NAMES", "static_findings",
           "is_package_function", "uses_package_in_code",
           "diagnosis_of", "UsesPackageSearch", "StartsProcess", "RunsCarriedCode",
           "ALLOWED_MODULES", "EXPLANATION", "PROCESS_EXPLANATION", "CARRIED_EXPLANATION",
           "allowed_reference", "carried_findings", "MAX_CARRIED_BYTES"]
