"""Function answers that are code the course ships, found by their normalised syntax tree.

A graded function question asks for something no code the course ships contains, yet a
student may still hand in one of the course's functions: lesson 3's ``minimax`` cell,
the solutions notebook's alpha-beta, the checker's reference (``variants.py``), the
textbook's search. Such an answer is *copied from the course* (diagnosis
``copied-from-course``: no points, and the grader names it to the instructor) when its
syntax tree, normalised, is that of one of those functions (:func:`course_match`):

- docstrings, comments, layout and annotations do not count;
- the names a function binds (its own, its arguments, its variables, the functions it
  defines) are numbered in the order they appear, so renaming them changes nothing;
- the names it does not bind (builtins, modules, globals) and attributes count as written.

The course's code (:func:`course_code`): every function of the package's own files and
of the notebooks students receive (the lessons, the exercise notebooks, the solutions),
when they lie beside the package (a checkout); functions of fewer than
:data:`MIN_NODES` syntax nodes (a one-line helper anyone writes alike) are left out.

>>> fingerprint("def f(a):\\n    return max(a, 1)\\n") == \\
...     fingerprint("def g(x):\\n    'Doc.'\\n    return max(x, 1)  # same\\n")
True
>>> fingerprint("def f(a):\\n    return max(a, 1)\\n") == fingerprint("def f(a):\\n    return min(a, 1)\\n")
False
"""

from __future__ import annotations

import ast
import builtins
import collections
import functools
import hashlib
import itertools
import json
import os
import time

from .._process import PACKAGE_ROOT
from .boundary import COURSE

#: Syntax nodes a function of the course must have to count (smaller ones are common).
MIN_NODES = 30
COPY_EXPLANATION = (
    "The function is, but for its names, a function the course ships (a lesson, the "
    "solutions or the package's own code). The exercise asks for a function no lesson "
    "shows: write it yourself, so this answer earns no points.")


class _Numbered(ast.NodeTransformer):
    """Names a function binds become ``v0``, ``v1``, ... in the order they appear."""

    def __init__(self, bound):
        self.bound, self.numbers = bound, {}

    def _number(self, name):
        if name not in self.bound:
            return name
        return self.numbers.setdefault(name, f"v{len(self.numbers)}")

    def visit_Name(self, node):
        node.id = self._number(node.id)
        return node

    def visit_arg(self, node):
        node.arg, node.annotation = self._number(node.arg), None
        return node

    def _function(self, node):
        node.name = self._number(node.name)
        node.returns = None
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
        self.generic_visit(node)
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_AnnAssign(self, node):
        self.generic_visit(node)
        return ast.Assign(targets=[node.target], value=node.value or ast.Constant(None))


#: Names a function's own names never count as: Python's own builtins, not those a process
#: adds (IPython's ``display``, a test's), so that a fingerprint is the same in every
#: process (the grader's, a kernel's, the one that wrote the cache).
_BUILTINS = frozenset(name for name, value in vars(builtins).items() if getattr(
    value, "__module__", "builtins") in ("builtins", "_sitebuiltins", "io"))  # io: open


def normalised(function) -> str:
    """The normalised syntax tree of one ``def`` (an AST node), as text; ``function`` is
    left as it was."""
    bound = set()
    tree = _copy(function, bound)
    return ast.dump(_Numbered(bound - _BUILTINS).visit(tree), annotate_fields=False)


def _copy(node, bound):
    """A copy of the syntax tree below ``node`` to number (its fields only: ``ast.dump``
    shows no positions), adding to ``bound`` the names it binds: functions' (its own and
    nested ones), arguments', and those assigned or deleted. One pass, about twice as fast
    as writing the function out, parsing it and looking for its names again."""
    if isinstance(node, ast.arg):
        bound.add(node.arg)
    elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
        bound.add(node.id)
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        bound.add(node.name)
    new = node.__class__.__new__(node.__class__)
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, ast.AST):
            value = _copy(value, bound)
        elif isinstance(value, list):
            value = [_copy(v, bound) if isinstance(v, ast.AST) else v for v in value]
        setattr(new, name, value)
    return new


def _functions(tree):
    """Every ``def`` in ``tree``, nested ones too, in the order ``ast.walk`` meets them; it
    looks only at statements (a ``def`` is one), not inside expressions."""
    waiting = collections.deque([tree])
    while waiting:
        node = waiting.popleft()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node
        for field in _STATEMENT_FIELDS:
            waiting.extend(getattr(node, field, ()))


#: The fields that hold statements, or the handlers and cases that hold them, in the order
#: of every node's fields that has them (``try``: body, handlers, orelse, finalbody).
_STATEMENT_FIELDS = ("body", "handlers", "cases", "orelse", "finalbody")


def fingerprint(source) -> str | None:
    """The fingerprint of the first function defined in ``source`` (None: there is none)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    found = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return _digest(normalised(found[0])) if found else None


def _digest(text) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def functions_in(source, where) -> dict:
    """``{fingerprint: where}`` for every function of ``source`` big enough to count."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found = {}
    for node in _functions(tree):
        if _at_least(node, MIN_NODES):
            found.setdefault(_digest(normalised(node)), f"{node.name} in {where}")
    return found


def _at_least(node, count) -> bool:
    """Whether the syntax tree below ``node`` has ``count`` nodes or more (it stops there)."""
    return sum(1 for _ in itertools.islice(ast.walk(node), count)) >= count


def _notebook_code(path) -> list:
    """A notebook's code cells (IPython's magics and shell lines left out), one text each."""
    try:
        with open(path, encoding="utf-8") as f:
            cells = json.load(f).get("cells", [])
    except (OSError, ValueError):
        return ""
    parts = []
    for cell in cells:
        if cell.get("cell_type") == "code":
            text = cell.get("source", "")
            text = "".join(text) if isinstance(text, list) else str(text)
            parts.append("\n".join(line for line in text.splitlines()
                                   if not line.lstrip().startswith(("%", "!"))))
    return parts


def course_files() -> list:
    """The course's code (:data:`~.boundary.COURSE`): in a checkout the notebooks beside
    the package (named first where a function is in both: students meet it there), then
    the package's own ``.py`` files; no copy a tool left (checkpoints, bytecode)."""
    found = []
    for folder, ending in COURSE:
        place = PACKAGE_ROOT / folder
        found += sorted(p for p in place.rglob(f"*{ending}") if not _LEFT_BY_TOOLS & set(
            p.parts)) if place.is_dir() else []
    return found


#: Folders of copies that tools leave beside the course's files (Jupyter, Python).
_LEFT_BY_TOOLS = {".ipynb_checkpoints", "__pycache__"}


def _fingerprints(path) -> dict:
    where = str(path.relative_to(PACKAGE_ROOT))
    if path.suffix == ".ipynb":
        found = {}
        for cell in _notebook_code(path):
            found.update({k: v for k, v in functions_in(cell, where).items() if k not in found})
        return found
    try:
        return functions_in(path.read_text(encoding="utf-8"), where)
    except (OSError, UnicodeDecodeError):
        return {}


@functools.lru_cache(maxsize=1)
def course_code() -> dict:
    """``{fingerprint: "name in place"}`` of every function the course ships.

    Reading them all takes seconds, so the result is kept in the user's cache folder
    (``~/.cache/minimax-lessons``), named by the checkout and by its files' sizes and
    times: a grader reads it in milliseconds until a file of the course changes.
    """
    files = course_files()
    stamp = hashlib.sha256("\n".join(
        f"{p}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in files).encode()).hexdigest()
    cache = _cache_folder() / f"{cache_prefix()}{stamp[:20]}.json"
    try:
        with open(cache, encoding="utf-8") as f:
            found = json.load(f)
        if isinstance(found, dict):
            _used(cache)
            return found
    except (OSError, ValueError):
        pass
    found = {}
    for path in files:
        found.update({k: v for k, v in _fingerprints(path).items() if k not in found})
    _store(cache, found)
    return found


def _cache_folder():
    from pathlib import Path

    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "minimax-lessons"


def _used(cache):
    """Mark the cache as used now (its time is what keeps another checkout from dropping it)."""
    try:
        os.utime(cache)
    except OSError:  # a cache folder that cannot be written (a jail) keeps its times
        pass


def cache_prefix(root=PACKAGE_ROOT) -> str:
    """The start of the names of the caches of the checkout (or install) at ``root``: two
    checkouts on one machine (a lecturer's and a CI clone) keep a cache each.

    >>> cache_prefix("/srv/course").startswith("course-code-")
    True
    >>> cache_prefix("/srv/course") != cache_prefix("/tmp/ci-clone")
    True
    """
    return f"course-code-{hashlib.sha256(str(root).encode()).hexdigest()[:8]}-"


#: Another checkout's cache unused for this long is dropped (that checkout is likely gone).
STALE_SECONDS = 30 * 24 * 3600


def _store(cache, found):
    """Write the fingerprints atomically; drop those of older versions of this checkout's
    course, and other checkouts' caches unused for :data:`STALE_SECONDS`."""
    now = time.time()
    prefix = cache.name[:cache.name.rindex("-") + 1]
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(found, sort_keys=True), encoding="utf-8")
        os.replace(tmp, cache)
        for old in cache.parent.glob("course-code-*.json"):
            if old != cache and (old.name.startswith(prefix)
                                 or now - old.stat().st_mtime > STALE_SECONDS):
                old.unlink()
    except OSError:  # a cache is a nicety
        pass


def course_match(shipped) -> str | None:
    """Where the course ships a function the answer ``shipped`` (a
    :class:`~.shipping.Shipped`) is made of, e.g. ``"minimax in
    notebooks/03-minimax-in-code.ipynb"``; None when it is the student's own. Every
    function of the answer counts, its helpers and the functions defined inside them too:
    a copy of the course's search called from a wrapper of the student's is a copy."""
    known = None
    for name, how, payload in shipped.parts:
        if how != "code" or not isinstance(payload, (tuple, list)) or not payload:
            continue
        try:
            tree = ast.parse(payload[0]) if isinstance(payload[0], str) else None
        except (SyntaxError, ValueError, RecursionError):
            continue
        for node in _functions(tree) if tree is not None else ():
            known = course_code() if known is None else known
            try:
                found = known.get(_digest(normalised(node)))
            except RecursionError:  # nested deeper than any function of the course
                continue
            if found:
                return found
    return None


__all__ = ["fingerprint", "normalised", "functions_in", "course_code", "course_match",
           "cache_prefix", "COPY_EXPLANATION", "MIN_NODES"]
