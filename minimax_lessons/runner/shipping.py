"""Turn a student's function into data another Python process can rebuild.

A function defined in a notebook cell lives in ``__main__``; a fresh process
cannot import it by name (that is why ``multiprocessing`` with "spawn" fails on
it). So we send what a reader would need: the function's **source text** and
the **names it uses**:

- modules by name (``math``, ``random``), re-imported on the other side;
- functions and classes from importable modules by reference
  (``minimax_lessons.exercises.estimate``), except functions of the user's own files (a
  ``.py`` beside the notebook), which the worker does not import;
- helper functions from the notebook (or the user's own files) by their own source,
  recursively;
- plain values (numbers, lists, ...) pickled in the sending process; only the
  worker unpickles them.

:class:`Shipped` is that description: plain data, picklable and convertible to
JSON (the grader stores it with the answers). :func:`rebuild` turns it back into
a function. Line numbers are kept: line 4 of the cell is line 4 in a traceback.

>>> def double(x):
...     return 2 * x
>>> code = ship(double)
>>> rebuild(code)[0](21)
42
"""

from __future__ import annotations

import ast
import base64
import builtins
import importlib
import inspect
import os
import pickle
import sys
import textwrap
import types
from dataclasses import dataclass

#: Values bigger than this (pickled) are not copied to the worker (an answer carries data,
#: not a library); all the values of one function together may take as much
#: (``guard.MAX_CARRIED_BYTES``, checked by :func:`~.guard.carried_findings`).
MAX_VALUE_BYTES = 256 << 10


class ShippingError(ValueError):
    """A function cannot be sent to the checker (the message says what to change)."""


@dataclass(frozen=True)
class Shipped:
    """A function as data: its name, and the parts that rebuild its namespace.

    Each part is ``(name, how, payload)`` with ``how`` one of ``"code"``
    (payload: source, first line, label), ``"module"`` (module name),
    ``"attr"`` (module, qualified name), ``"pickle"`` (bytes), ``"alias"`` (the
    name of another part) or ``"missing"`` (why it could not be copied).
    """

    name: str
    parts: tuple
    label: str = ""

    @property
    def source(self) -> str | None:
        """The function's own source text (None when sent by reference)."""
        for name, how, payload in self.parts:
            if name == self.name and how == "code":
                return payload[0]
        return None

    @property
    def missing(self) -> dict:
        """Names the function uses that could not be copied, with the reason."""
        return {name: payload for name, how, payload in self.parts if how == "missing"}

    def to_data(self) -> dict:
        """JSON-compatible form (pickled values in base64)."""
        parts = []
        for name, how, payload in self.parts:
            if how == "pickle":
                payload = base64.b64encode(payload).decode("ascii")
            elif how == "code":
                payload = list(payload)
            elif how == "attr":
                payload = list(payload)
            parts.append([name, how, payload])
        return {"name": self.name, "label": self.label, "parts": parts}

    @classmethod
    def from_data(cls, data) -> "Shipped":
        """Read back :meth:`to_data` (raises ShippingError on a malformed record)."""
        try:
            parts = []
            for name, how, payload in data["parts"]:
                if how == "pickle":
                    payload = base64.b64decode(payload)
                elif how in ("code", "attr"):
                    payload = tuple(payload)
                elif how not in ("module", "alias", "missing"):
                    raise ValueError(f"unknown part kind {how!r}")
                parts.append((str(name), how, payload))
            return cls(str(data["name"]), tuple(parts), str(data.get("label", "")))
        except (KeyError, TypeError, ValueError) as exc:
            raise ShippingError(f"malformed function record: {exc}") from None


#: How deeply a shipped function's syntax may nest: the checker's looks at the code
#: (copies of the course, the package's search) walk its syntax tree recursively, and a
#: sum of 600 terms in one expression ended them on a RecursionError. The course's own
#: functions nest at most 21 levels.
MAX_NESTING = 100


def ship(fn) -> Shipped:
    """Describe ``fn`` (and what it uses) as :class:`Shipped` data.

    Raises :class:`ShippingError` when ``fn`` is not a function, its source cannot be
    found, or its code nests deeper than :data:`MAX_NESTING` levels.
    """
    if isinstance(fn, Shipped):
        return _readable(fn)
    if not callable(fn):
        raise ShippingError(f"expected a function, got {type(fn).__name__} {fn!r:.60}")
    parts: dict = {}
    inner = inspect.unwrap(fn) if hasattr(fn, "__wrapped__") else fn
    if isinstance(inner, types.FunctionType):  # decorated too: the source has the decorator
        top = _function_name(inner)
        _ship_function(inner, top, parts, {id(fn): top, id(inner): top})
    else:
        top = getattr(fn, "__name__", "function")
        ref = _reference(fn)
        if ref is None:
            raise ShippingError(
                f"cannot send {fn!r:.60} to the checker: pass a function defined with def"
            )
        parts[top] = (top, "attr", ref)
    label = _label(fn)
    ordered = [p for n, p in parts.items() if n != top] + [parts[top]]
    return _readable(Shipped(top, tuple(ordered), label))


def _readable(shipped: Shipped) -> Shipped:
    """``shipped``, when no code of it nests deeper than :data:`MAX_NESTING` levels.

    >>> deep = "def f(node):\\n    return " + "+".join(["node"] * 150) + "\\n"
    >>> _readable(from_source(deep, "f"))
    Traceback (most recent call last):
    ...
    minimax_lessons.runner.shipping.ShippingError: f's code nests 154 levels deep, more than the checker reads (100): write its longest expression in steps
    """
    for name, how, payload in shipped.parts:
        if how != "code" or not isinstance(payload, (tuple, list)) or not payload \
                or not isinstance(payload[0], str):
            continue
        try:
            depth = nesting(ast.parse(payload[0]))
        except (SyntaxError, ValueError):
            continue  # what cannot be parsed fails where it runs, with Python's own error
        except (RecursionError, MemoryError):
            depth = None
        if depth is None or depth > MAX_NESTING:
            raise ShippingError(
                f"{name}'s code nests {depth or 'too many'} levels deep, more than the checker "
                f"reads ({MAX_NESTING}): write its longest expression in steps")
    return shipped


def nesting(tree) -> int:
    """How many levels the syntax tree ``tree`` has (counted without recursion).

    >>> nesting(ast.parse("x = 1 + 2"))  # Module, Assign, BinOp, Constant
    4
    """
    deepest, waiting = 0, [(tree, 1)]
    while waiting:
        node, depth = waiting.pop()
        deepest = max(deepest, depth)
        waiting.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def from_source(source: str, name: str, label: str = "your code") -> Shipped:
    """Ship a function given as source text (e.g. lines a student put in order)."""
    return Shipped(name, ((name, "code", (source, 1, label)),), label)


def _function_name(fn) -> str:
    name = fn.__name__
    return name if name.isidentifier() else "student_function"


def _label(fn) -> str:
    code = getattr(fn, "__code__", None)
    if code is None:
        return getattr(fn, "__name__", "your function")
    filename = code.co_filename
    if "ipykernel" in filename or filename.startswith("<ipython"):
        return f"the cell defining {fn.__name__}"
    return f"{fn.__name__} ({filename.rsplit('/', 1)[-1]})"


def _ship_function(fn, name, parts, seen):
    """Add ``fn``'s source under ``name``, then everything its code refers to."""
    source, first, node = _source_of(fn)
    parts[name] = (name, "code", (source, first, _label(fn)))
    globals_ = getattr(fn, "__globals__", {})
    wanted = _global_names(fn.__code__) | _names_in_signature(node)
    closure = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    for var, cell in closure.items():
        try:
            value = cell.cell_contents
        except ValueError:
            continue
        _ship_value(var, value, parts, seen)
    for var in sorted(wanted):
        if var in parts or var in closure:
            continue
        if var in globals_:
            _ship_value(var, globals_[var], parts, seen)
        elif not hasattr(builtins, var) and isinstance(sys.modules.get(var), types.ModuleType):
            parts[var] = (var, "module", var)  # e.g. a decorator's module imported locally


def _source_of(fn):
    """(source text, first line number, the def/lambda AST node) of ``fn``."""
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        raise ShippingError(
            f"cannot find the source of {fn.__name__}: define it with def in a notebook "
            "cell or a .py file (functions typed at a plain Python prompt have no source)"
        ) from None
    source = textwrap.dedent("".join(lines))
    if fn.__name__ == "<lambda>":
        return _lambda_source(fn, source, first)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        raise ShippingError(f"cannot read the source of {fn.__name__}") from None
    node = tree.body[0] if tree.body else None
    return source, max(first, 1), node


def _lambda_source(fn, source, first):
    """A lambda's source as ``name = lambda ...`` (the one whose arguments match)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = None
    args = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    found = []
    for node in ast.walk(tree) if tree else ():
        if isinstance(node, ast.Lambda) and [a.arg for a in node.args.args] == args:
            found.append(node)
    if len(found) != 1:
        raise ShippingError("cannot tell which lambda to check: define the function with def")
    segment = ast.get_source_segment(source, found[0])
    line = first + found[0].lineno - 1
    return f"{_function_name(fn)} = {segment}\n", line, found[0]


def _global_names(code) -> set:
    """Names a code object (and the code nested in it) may look up as globals."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def _names_in_signature(node) -> set:
    """Names used by decorators and default values (evaluated when def runs)."""
    if node is None or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return set()
    exprs = list(getattr(node, "decorator_list", []))
    exprs += [d for d in node.args.defaults + node.args.kw_defaults if d is not None]
    return {n.id for e in exprs for n in ast.walk(e) if isinstance(n, ast.Name)}


def _ship_value(name, value, parts, seen):
    """Add one name the function uses, the cheapest way that works."""
    if id(value) in seen:
        if seen[id(value)] != name:
            parts[name] = (name, "alias", seen[id(value)])
        return
    if isinstance(value, types.ModuleType):
        parts[name] = (name, "module", value.__name__)
        return
    if getattr(builtins, name, None) is value:
        return
    ref = _reference(value) if isinstance(value, (type, types.FunctionType,
                                                  types.BuiltinFunctionType)) else None
    if ref is not None and isinstance(value, types.FunctionType) and _user_module(ref[0]):
        ref = None  # a helper of the student's own .py file travels as its source, like theirs
    if ref is not None:
        parts[name] = (name, "attr", ref)
        return
    if hasattr(value, "__wrapped__") and isinstance(inspect.unwrap(value), types.FunctionType) \
            and not isinstance(value, types.FunctionType):
        seen[id(value)] = name
        value = inspect.unwrap(value)
    if isinstance(value, types.FunctionType):
        seen[id(value)] = name
        try:
            _ship_function(value, name, parts, seen)
        except ShippingError as exc:
            parts[name] = (name, "missing", str(exc))
        return
    if isinstance(value, type) and value.__module__ == "__main__":
        _ship_class(name, value, parts)
        return
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        ref = _found_in_package(value)
        parts[name] = (name, "attr", ref) if ref else (
            name, "missing", f"{name} is a {type(value).__name__} that cannot be copied")
        return
    if len(data) > MAX_VALUE_BYTES:
        parts[name] = (name, "missing", f"{name} is too big to copy ({len(data):,} bytes)")
    else:
        parts[name] = (name, "pickle", data)


def _ship_class(name, cls, parts):
    try:
        source = textwrap.dedent(inspect.getsource(cls))
        parts[name] = (name, "code", (source, 1, f"class {name}"))
    except (OSError, TypeError):
        parts[name] = (name, "missing",
                       f"the class {name} was defined in the notebook; the checker cannot copy it "
                       "(move it into the function, or into a .py file you import)")


def _reference(obj):
    """``(module, qualname)`` if ``obj`` can be imported by name, else None."""
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if not module or not qualname or module == "__main__" or "<locals>" in qualname:
        return None
    if module not in sys.modules and module != "builtins":
        return None
    try:
        found = _resolve(module, qualname)
    except Exception:
        return None
    return (module, qualname) if found is obj else None


def _user_module(name) -> bool:
    """Is module ``name`` a file of the user's (beside a notebook, a test), not the package,
    the standard library or an installed library? The checker's worker does not import
    those (it imports as little as it can), so their functions are sent as source.

    >>> _user_module("math"), _user_module("minimax_lessons.games.tree"), _user_module("json")
    (False, False, False)
    """
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    if path is None or name.split(".")[0] == "minimax_lessons":
        return False
    path = os.path.realpath(path)
    installed = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    return not any(path.startswith(place + os.sep) for place in installed)


def _found_in_package(value):
    """Where an unpicklable value lives in an imported minimax_lessons module, if it does."""
    for modname, module in list(sys.modules.items()):
        if not modname.startswith("minimax_lessons") or module is None:
            continue
        for attr, obj in list(vars(module).items()):
            if obj is value and not attr.startswith("_"):
                return (modname, attr)
    return None


def _resolve(module, qualname):
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def rebuild(shipped: Shipped, filename_prefix: str = "<student:"):
    """Rebuild a shipped function: returns ``(function, namespace, sources)``.

    ``sources`` maps each code filename used to ``(label, {line: text})`` so
    tracebacks can quote the student's own lines. The same as :func:`build` of
    :func:`prepare`, which the checker's worker calls apart: it compiles the code first,
    then locks its process (:mod:`.lockdown`), then builds.
    """
    return build(prepare(shipped, filename_prefix))


@dataclass(frozen=True)
class Prepared:
    """A shipped function with its code compiled (nothing of it has run yet)."""

    name: str
    parts: tuple  # (name, how, payload): "code" parts carry their code object
    sources: dict
    failed: dict  # helper name -> why its code could not be compiled


def prepare(shipped: Shipped, filename_prefix: str = "<student:") -> Prepared:
    """Compile the code parts of ``shipped`` (the function's own, raising a SyntaxError,
    and its helpers'): compiling runs nothing."""
    parts, sources, failed = [], {}, {}
    for name, how, payload in shipped.parts:
        if how != "code":
            parts.append((name, how, payload))
            continue
        try:
            source, first, label = payload
            filename = f"{filename_prefix}{name}>"
            tree = ast.parse(source, filename)
            ast.increment_lineno(tree, first - 1)
            parts.append((name, how, compile(tree, filename, "exec")))
            sources[filename] = (label, {first + i: line for i, line in
                                         enumerate(source.splitlines())})
        except Exception as exc:
            if name == shipped.name:
                raise
            failed[name] = f"{type(exc).__name__}: {exc}"
    return Prepared(shipped.name, tuple(parts), sources, failed)


def build(prepared: Prepared):
    """Run the definitions of a :class:`Prepared` function: ``(function, namespace,
    sources)``. A helper that cannot be rebuilt is noted in ``namespace["__missing__"]``;
    a value the function carries that is not plain data, or too much of it, raises
    :class:`~.guard.RunsCarriedCode` (:func:`check_carried`)."""
    from .guard import RunsCarriedCode
    from .lockdown import locked

    namespace = {"__name__": "__student__", "__builtins__": builtins}
    budget = _Budget()
    for name, why in prepared.failed.items():
        _note_missing(namespace, name, why)
    for name, how, payload in prepared.parts:
        try:
            if how in ("module", "attr") and locked():
                module = payload if how == "module" else payload[0]
                if str(module) not in sys.modules:  # nothing is imported in a locked child
                    raise ImportError(f"{module} is not available to a function answer (the "
                                      "checker offers only some of the standard library)")
            if how == "module":
                namespace[name] = importlib.import_module(payload)
            elif how == "attr":
                namespace[name] = _resolve(*payload)
            elif how == "pickle":
                namespace[name] = check_carried(name, pickle.loads(payload), budget)
            elif how == "alias":
                namespace[name] = namespace[payload]
            elif how == "code":
                exec(payload, namespace)
        except RunsCarriedCode:
            raise
        except Exception as exc:
            if name == prepared.name:
                raise
            namespace.pop(name, None)
            _note_missing(namespace, name, f"{type(exc).__name__}: {exc}")
    for name, how, payload in prepared.parts:
        if how == "missing":
            _note_missing(namespace, name, payload)
    return namespace[prepared.name], namespace, prepared.sources


#: What the values a function carries (its globals, sent pickled) may hold, in all: text
#: (characters of its strings and bytes) and items (numbers, strings, containers, ...).
MAX_CARRIED_TEXT = 20_000
MAX_CARRIED_ITEMS = 200_000
#: The plain data types a carried value may be made of (exactly these types).
PLAIN_TYPES = (type(None), bool, int, float, complex, str, bytes, bytearray, range)
_CONTAINERS = (list, tuple, set, frozenset, dict)


class _Budget:
    def __init__(self):
        self.text, self.items = 0, 0


def check_carried(name, value, budget=None):
    """``value`` when it is plain data (numbers, text, lists, tuples, sets, dicts, ranges,
    the collections' variants, fractions and decimals) or the games' objects, within
    :data:`MAX_CARRIED_TEXT` and :data:`MAX_CARRIED_ITEMS`; else
    :class:`~.guard.RunsCarriedCode` saying what ``name`` carries.

    >>> check_carried("WEIGHTS", {"corner": 3, "centre": (4, 1.5)})
    {'corner': 3, 'centre': (4, 1.5)}
    >>> check_carried("SOURCE", "x" * 30_000)
    Traceback (most recent call last):
    ...
    minimax_lessons.runner.guard.RunsCarriedCode: SOURCE carries 30,000 characters of text (an answer may carry at most 20,000: data, not code)
    """
    import collections
    import decimal
    import fractions

    from .guard import ALLOWED_MODULES, RunsCarriedCode

    budget = budget or _Budget()
    extra = (collections.OrderedDict, collections.defaultdict, collections.deque,
             collections.Counter, fractions.Fraction, decimal.Decimal, types.MappingProxyType)
    todo, seen = [value], set()
    while todo:
        item = todo.pop()
        kind = type(item)
        budget.items += 1
        if budget.items > MAX_CARRIED_ITEMS:
            raise RunsCarriedCode(f"{name} carries more than {MAX_CARRIED_ITEMS:,} values "
                                  "(an answer may carry only small data)")
        if kind in (str, bytes, bytearray):
            budget.text += len(item)
            if budget.text > MAX_CARRIED_TEXT:
                raise RunsCarriedCode(f"{name} carries {budget.text:,} characters of text (an "
                                      f"answer may carry at most {MAX_CARRIED_TEXT:,}: data, "
                                      "not code)")
            continue
        if kind in PLAIN_TYPES or kind in (fractions.Fraction, decimal.Decimal):
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        if kind in _CONTAINERS or kind in extra:
            if isinstance(item, (dict, types.MappingProxyType)):
                todo += [part for pair in item.items() for part in pair]
                if kind is collections.defaultdict and item.default_factory is not None \
                        and item.default_factory not in PLAIN_TYPES + _CONTAINERS:
                    raise RunsCarriedCode(f"{name} carries a defaultdict that makes its values "
                                          "with a function")
            else:
                todo += list(item)
            continue
        module = getattr(kind, "__module__", None)
        if module in ALLOWED_MODULES or (isinstance(module, str) and module.startswith(
                "minimax_lessons.games.")):  # a game, a tree, a node
            state = getattr(item, "__dict__", None)
            if type(state) is dict:
                todo += list(state.values())
            for slot in getattr(kind, "__slots__", ()):
                if isinstance(slot, str) and hasattr(item, slot):
                    todo.append(getattr(item, slot))
            continue
        raise RunsCarriedCode(f"{name} carries a {kind.__name__}: an answer may carry only "
                              "plain data (numbers, text, lists, tuples, sets, dicts) and "
                              "games, never code")
    return value


def _note_missing(namespace, name, reason):
    missing = namespace.setdefault("__missing__", {})
    missing[name] = reason


__all__ = ["Shipped", "ShippingError", "Prepared", "ship", "rebuild", "prepare", "build",
           "from_source", "check_carried", "MAX_VALUE_BYTES", "MAX_CARRIED_TEXT", "MAX_CARRIED_ITEMS"]
