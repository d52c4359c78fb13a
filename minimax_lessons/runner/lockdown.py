"""Lock the process that is about to run a student's function: from then on, only the code
it brought (compiled beforehand) and the code already loaded can run.

The checker's worker forks a child for each job (or each input) and locks the child
(:func:`lock`) before any student code runs there, the definitions of the student's
functions included. Locking is one way: nothing in the child can undo it, and the child is
thrown away after its inputs.

Vocabulary
----------
- *carried code*: code an answer brings along as data rather than as its own functions:
  source text in a string, a pickle, a code object, a ``marshal`` dump, a file it writes
  and imports, a ``.pth`` or a zip to import from. Nothing of it can run in a locked child.
- *violation*: an operation a locked child never performs (see :data:`VIOLATIONS`). The
  audit hook writes what it was on the child's report pipe and ends the child at once
  (exit code :data:`VIOLATION_EXIT`), so no ``try``/``except`` in the student's code can
  hide it; the worker turns it into the diagnosis (``runs-carried-code``,
  ``uses-package-search`` or ``starts-a-process``).
- *refusal*: an operation refused with an ordinary exception (``PermissionError``,
  ``ImportError``), for things an honest function may try by mistake: reading a file,
  importing a module the checker does not offer (:data:`OFFERED_MODULES` are imported before
  the lock and stay usable).

What a locked child cannot do (each refused by the audit hook, whatever the route):

- make code: ``compile``, ``exec``/``eval`` of text, ``marshal.loads``, ``types.CodeType``
  and ``code.replace``, swapping a function's ``__code__`` or defaults (``exec`` of a code
  object that already exists runs code that was loaded anyway, and is let through);
- import anything not already imported (so no module from a file it wrote, from
  ``importlib.util.spec_from_file_location``, ``zipimport`` or a ``.pth``), nor unpickle any
  global but plain data types and the games' classes;
- open any file (writing one is a violation, and so is reading the package's own files
  outside the worker's), list folders, change the file system;
- start a process or a program, signal another process (its parent included), call native
  code (``ctypes``), open a socket, switch off or look behind the checker
  (``sys.settrace``, ``sys.setprofile``, ``sys.addaudithook``, ``gc.get_objects``).

The hook keeps no state a student's code could change: everything it uses was bound to
its defaults when the child was locked, and changing a function's defaults or code is
itself refused; it calls no function of a Python module (only built-in functions and the
methods of built-in types), and it is registered nowhere else (an audit hook cannot be
removed). Where Linux offers Landlock (5.13 and later, :func:`restrict_kernel`), the kernel
adds the same for files, and, from its version 4 and 6, for TCP and for signals to
processes outside the child: a second wall that no Python trick reaches.

This is no protection for a process that is not locked: the worker itself, the notebook's
kernel and the grader never run a locked child's code.

>>> "math" in OFFERED_MODULES and "importlib.util" not in OFFERED_MODULES
True
"""

from __future__ import annotations

import os
import sys

from .boundary import OFFERED_MODULES, PACKAGE

#: Exit code of a child ended by a violation.
VIOLATION_EXIT = 86
#: Kinds of violation, and the error name the worker reports for each (the guard's errors).
KINDS = {"code": "RunsCarriedCode", "package": "UsesPackageSearch",
         "process": "StartsProcess"}
#: Audit events that are violations, and how each is described ("code" unless said).
VIOLATIONS = {
    "compile": "builds code from text (compile, exec or eval of a string)",
    "code.__new__": "builds a code object from data",
    "marshal.loads": "loads code from data (marshal)",
    "marshal.load": "loads code from a file (marshal)",
    "ctypes": "calls native code (ctypes)",
    "sys.settrace": "switches off the checker's watch (sys.settrace)",
    "sys.setprofile": "switches off the checker's watch (sys.setprofile)",
    "sys.addaudithook": "adds an audit hook",
    "sys._current_frames": "looks through the checker's threads",
    "gc": "searches the checker's memory (gc)",
    "socket": "opens a network connection",
    "signal": "signals another process",
    "process": "starts another process or program",
    "files": "changes files",
    "other": "does something an answer may not do",
}
#: The audit event the package raises for a violation only it sees (a stand-in's name looked
#: up): ``(kind, what)``.
REPORT_EVENT = "minimax_lessons.violation"
#: Audit events let through: reading, timing and errors.
PASSED = frozenset({"builtins.id", "object.__getattr__", "sys._getframe", "time.sleep",
                    "array.__new__", "builtins.input", "builtins.input/result",
                    "sys.excepthook", "sys.unraisablehook", "marshal.dumps",
                    "sys.set_asyncgen_hooks_firstiter", "sys.set_asyncgen_hooks_finalizer",
                    "os.putenv", "os.unsetenv", "exec", "function.__new__",
                    "locale.setlocale", "builtins.breakpoint/result"})
#: Audit events refused with an ordinary ``PermissionError``: looking around the file system.
REFUSED = frozenset({"os.listdir", "os.scandir", "os.walk", "os.fwalk", "glob.glob",
                     "glob.glob/2", "os.getxattr", "os.listxattr", "os.chdir",
                     "builtins.breakpoint", "pdb.Pdb"})
#: Event prefixes and the violation each is.
_BY_PREFIX = (("ctypes.", "ctypes"), ("gc.", "gc"), ("socket.", "socket"),
              ("os.exec", "process"), ("os.spawn", "process"), ("os.posix_spawn", "process"),
              ("os.fork", "process"), ("os.system", "process"), ("subprocess.", "process"),
              ("os.kill", "signal"), ("signal.", "signal"), ("os.", "files"),
              ("shutil.", "files"), ("tempfile.", "files"), ("fcntl.", "files"),
              ("mmap.", "files"), ("sqlite3.", "files"), ("resource.", "other"))
#: Modules whose import is a violation: the ways to load carried code, native code and
#: processes (any other module not already imported is only refused, ``ImportError``).
ESCAPES = frozenset({"importlib.util", "importlib.machinery", "importlib.abc",
                     "importlib.resources", "zipimport", "marshal", "runpy", "code", "codeop",
                     "pkgutil", "py_compile", "compileall", "modulefinder", "ctypes", "_ctypes",
                     "cffi", "_cffi_backend", "subprocess", "_posixsubprocess",
                     "multiprocessing", "_multiprocessing", "_posixshmem", "sqlite3", "_sqlite3",
                     "pickle", "_pickle", "shelve", "dbm", "site", "sitecustomize",
                     "usercustomize", "pty", "socket", "_socket", "mmap", "gc", "_thread",
                     "threading", "signal", "_signal", "resource", "fcntl", "faulthandler",
                     "tracemalloc", "_testcapi", "_testinternalcapi", "_xxsubinterpreters",
                     "_xxinterpchannels", "zipfile", "tarfile", "shutil", "tempfile", "io",
                     "_io", "builtins", "posix", "nt"})
#: What ``pickle`` may look up while a locked child reads the data an answer carries.
PICKLE_GLOBALS = frozenset({
    *(f"builtins {name}" for name in ("set", "frozenset", "complex", "bytearray", "range",
                                      "slice", "list", "dict", "tuple", "int", "float", "str",
                                      "bytes", "bool", "object", "getattr")),
    *(f"collections {name}" for name in ("OrderedDict", "defaultdict", "deque", "Counter")),
    "fractions Fraction", "decimal Decimal", "copyreg _reconstructor", "copyreg __newobj__",
    "copyreg __newobj_ex__"})

#: The names of the standard library's modules (the import of another is a violation).
STANDARD_LIBRARY = frozenset(getattr(sys, "stdlib_module_names", ()))
#: How the frames that load code from a file are named (their files).
LOADERS = ("<frozen importlib", "<frozen zipimport", "<frozen site", "<frozen runpy")
_LOADER_FILES = ("/site.py", "/zipimport.py", "/runpy.py", "/pkgutil.py")

_locked = False


def locked() -> bool:
    """Is this process locked? (A student's code can set this flag; the lock ignores it.)"""
    return _locked


def offer_modules(names=OFFERED_MODULES):
    """Import the modules a function answer may use (before any lock: in the worker)."""
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except ImportError:
            pass


def pickle_globals(allowed_modules) -> frozenset:
    """:data:`PICKLE_GLOBALS` and every class of ``allowed_modules`` already imported, as
    ``"module name"`` (``"module Class.method"`` for class methods a pickle names)."""
    found = set(PICKLE_GLOBALS)
    for module_name in allowed_modules:
        module = sys.modules.get(module_name)
        for name, value in list(vars(module).items()) if module is not None else ():
            if isinstance(value, type) and getattr(value, "__module__", None) in allowed_modules:
                found.add(f"{value.__module__} {value.__qualname__}")
                found.add(f"{module_name} {name}")
                for attribute in ("from_dict", "from_nested"):
                    if hasattr(value, attribute):
                        found.add(f"{value.__module__} {value.__qualname__}.{attribute}")
    return frozenset(found)


def lock(report_fd, *, package_dir, worker_dirs=(), pickles=PICKLE_GLOBALS,
         namedtuple=None):
    """Lock this process (see the module's docstring). ``report_fd``: where a violation is
    written (a JSON line, :func:`violation_line`) before the process ends;
    ``package_dir``: the package's folder, whose files (but those in ``worker_dirs``) count
    as the package's when opened; ``pickles``: the globals a pickle may name
    (:func:`pickle_globals`); ``namedtuple``: ``collections.namedtuple``, whose own
    ``eval`` of the names it checked is let through."""
    global _locked
    import posix

    package = package_dir if isinstance(package_dir, tuple) else _folders(package_dir)
    worker = worker_dirs if isinstance(worker_dirs, tuple) and all(
        w.endswith("/") for w in worker_dirs) else tuple(
        p for d in worker_dirs for p in _folders(d))
    sys.addaudithook(_hook_for(report_fd, package, worker, frozenset(pickles),
                               getattr(namedtuple, "__code__", None), posix))
    _locked = True


def folders(paths) -> tuple:
    """Each of ``paths`` as written and as resolved, ending in a slash: how :func:`lock`
    takes its folders (worked out once, before any child is locked)."""
    return tuple(f for path in paths for f in _folders(path))


def _folders(path) -> tuple:
    """``path`` as written and as resolved, each ending in a slash."""
    forms = {os.path.abspath(path), os.path.realpath(path)}
    return tuple(sorted(f.rstrip("/") + "/" for f in forms))


def _hook_for(report_fd, package, worker, pickles, namedtuple_code, posix):
    """The audit hook of a locked process. It uses nothing but its own defaults: built-in
    functions and immutable values bound here."""

    def hook(event, args, *, _fd=report_fd, _write=posix.write, _exit=posix._exit,
             _getcwd=posix.getcwd, _getframe=sys._getframe, _type=type, _str=str,
             _bytes=bytes, _int=int, _len=len, _tuple=tuple, _function=type(lambda: 0),
             _passed=PASSED, _refused=REFUSED, _violations=VIOLATIONS, _prefixes=_BY_PREFIX,
             _escapes=ESCAPES, _pickles=pickles, _package=package, _worker=worker,
             _namedtuple=namedtuple_code, _code_exit=VIOLATION_EXIT,
             _PermissionError=PermissionError, _ImportError=ImportError,
             _write_flags=os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND,
             _prefix=PACKAGE, _report=REPORT_EVENT, _stdlib=STANDARD_LIBRARY, _loaders=LOADERS, _loader_files=_LOADER_FILES):
        if event in _passed:
            return
        kind, what = "code", None
        if event == "object.__setattr__" or event == "object.__delattr__":
            if _len(args) > 1 and _type(args[0]) is _function and _type(args[1]) is _str \
                    and args[1] in ("__code__", "__defaults__", "__kwdefaults__"):
                what = "swaps a function's " + args[1]
            else:
                return
        elif event == "open":
            path = args[0] if _len(args) else None
            mode = args[1] if _len(args) > 1 else None
            flags = args[2] if _len(args) > 2 else 0
            writes = ((_type(mode) is _str and ("w" in mode or "a" in mode or "x" in mode
                                               or "+" in mode))
                      or (_type(flags) is _int and flags & _write_flags))
            if _type(path) is _bytes:
                path = path.decode("utf-8", "surrogateescape")
            if _type(path) is not _str:
                what = "opens a file it names by a " + _type(path).__name__
            elif writes:
                what = "writes the file " + path
            else:
                if path[:1] != "/":
                    path = _getcwd() + "/" + path
                parts = []
                for part in path.split("/"):
                    if part == "..":
                        parts = parts[:-1]
                    elif part and part != ".":
                        parts.append(part)
                if _len(parts) > 2 and parts[0] == "proc" and parts[2] == "root":
                    parts = parts[3:]  # /proc/self/root/...: the same file
                full = "/" + "/".join(parts) + "/"
                ours = False
                for folder in _package:
                    if full.startswith(folder):
                        ours = True
                for folder in _worker:
                    if full.startswith(folder):
                        ours = False
                if ours:
                    kind, what = "package", "opens the package's file " + full[:-1]
                elif _getframe(1).f_code.co_filename.startswith(_loaders) \
                        or _getframe(1).f_code.co_filename.endswith(_loader_files):
                    what = "loads code from the file " + full[:-1]
                else:
                    raise _PermissionError(13, "a function answer may not open files",
                                           args[0])
        elif event == "import":
            name = args[0] if _len(args) else None
            if _type(name) is not _str:
                what = "imports a module named by a " + _type(name).__name__
            elif name == _prefix or name.startswith(_prefix + "."):
                kind, what = "package", "imports " + name
            elif name in _escapes or name.split(".")[0] in _escapes:
                what = "imports " + name + ", a way to load code or to reach outside its call"
            elif name.split(".")[0] not in _stdlib:
                what = "imports " + name + ", a module from outside the standard library"
            else:
                raise _ImportError(name + " is not available to a function answer (the "
                                   "checker offers only some of the standard library: math, "
                                   "random, functools, itertools, collections, heapq, ...)",
                                   name=name)
        elif event == "pickle.find_class":
            key = (args[0] if _type(args[0]) is _str else "?") + " " + \
                  (args[1] if _len(args) > 1 and _type(args[1]) is _str else "?")
            if key in _pickles:
                return
            if key.startswith("__main__ "):  # a notebook's own class: not here, not sent
                raise _PermissionError(13, "a value of a class defined in the notebook cannot "
                                           "be sent to the checker (" + key + ")")
            if key.startswith(_prefix + ".") or key.startswith(_prefix + " "):
                kind = "package"
            what = "unpickles " + key.replace(" ", ".") + ", which is not plain data"
        elif event == _report:
            kind = args[0] if _len(args) > 1 and _type(args[0]) is _str \
                and args[0] in ("code", "package", "process") else "code"
            what = args[1] if _len(args) > 1 and _type(args[1]) is _str else "was refused"
        elif event == "compile" and _namedtuple is not None \
                and _getframe(1).f_code is _namedtuple:
            return  # collections.namedtuple's own eval of the field names it checked
        elif event in _refused:
            caller = _getframe(1).f_code.co_filename
            if caller.startswith(_loaders) or caller.endswith(_loader_files):
                what = "looks for code to load (" + event + ")"
            else:
                raise _PermissionError(13, "a function answer may not look around the file "
                                           "system (" + event + ")")
        elif event in _violations:
            what = _violations[event]
        else:
            what = _violations["other"] + " (" + event + ")"
            for start, named in _prefixes:
                if event.startswith(start):
                    what = _violations[named] + " (" + event + ")"
                    if named == "process":
                        kind = "process"
                        what = ("started another process (" if event.startswith("os.fork")
                                else "started another program (") + event + ")"
                    break
        line = ('\n{"type": "violation", "kind": "' + kind + '", "hex": "'
                + what[:500].encode("utf-8", "replace").hex() + '"}\n').encode("ascii")
        try:
            _write(_fd, line)
        finally:
            _exit(_code_exit)

    return hook


def violation_line(message) -> tuple | None:
    """``(kind, what)`` from a violation message a locked child wrote, or None.

    >>> violation_line({"type": "violation", "kind": "code", "hex": "6869"})
    ('code', 'hi')
    """
    if not isinstance(message, dict) or message.get("type") != "violation":
        return None
    kind = message.get("kind") if message.get("kind") in KINDS else "code"
    try:
        what = bytes.fromhex(str(message.get("hex", ""))).decode("utf-8", "replace")
    except ValueError:
        what = "did something an answer may not do"
    return kind, what[:500]


# -- Landlock: the same wall, kept by the kernel ------------------------------------------------
_SYSCALLS = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}
_PR_SET_NO_NEW_PRIVS = 38


def landlock_version() -> int:
    """The version of Landlock this Linux offers (0: none, or a seccomp filter refuses it)."""
    if not sys.platform.startswith("linux") or os.uname().machine not in _SYSCALLS:
        return 0
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        return max(0, libc.syscall(ctypes.c_long(_SYSCALLS[os.uname().machine][0]), None,
                                   ctypes.c_size_t(0), ctypes.c_uint32(1)))
    except (OSError, AttributeError, ValueError):
        return 0


def restrict_kernel() -> int:
    """Ask Linux (Landlock) to refuse this process and its children every file access from
    now on, and, where the kernel can, TCP and signals to processes outside it. Returns the
    Landlock version used (0: none here; the audit hook still holds)."""
    if not sys.platform.startswith("linux") or os.uname().machine not in _SYSCALLS:
        return 0
    try:
        import ctypes

        create, _, restrict = _SYSCALLS[os.uname().machine]
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        version = libc.syscall(ctypes.c_long(create), None, ctypes.c_size_t(0),
                               ctypes.c_uint32(1))
        if version < 1:
            return 0
        fs = (1 << 13) - 1  # execute, read, write, make and remove anything (version 1)
        fs |= (1 << 13) if version >= 2 else 0  # refer (link or rename across folders)
        fs |= (1 << 14) if version >= 3 else 0  # truncate
        fields = [fs]
        if version >= 4:
            fields.append(0b11)  # bind and connect TCP
        if version >= 6:
            fields.append(0b11)  # abstract Unix sockets and signals outside the domain
        attr = (ctypes.c_uint64 * len(fields))(*fields)
        ruleset = libc.syscall(ctypes.c_long(create), ctypes.byref(attr),
                               ctypes.c_size_t(ctypes.sizeof(attr)), ctypes.c_uint32(0))
        if ruleset < 0:
            return 0
        try:
            if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
                return 0
            if libc.syscall(ctypes.c_long(restrict), ctypes.c_int(ruleset),
                            ctypes.c_uint32(0)) != 0:
                return 0
        finally:
            os.close(ruleset)
        return version
    except (OSError, AttributeError, ValueError):
        return 0


__all__ = ["lock", "locked", "restrict_kernel", "landlock_version", "offer_modules", "pickle_globals",
           "violation_line", "OFFERED_MODULES", "VIOLATION_EXIT", "KINDS", "REPORT_EVENT"]
