"""Imports from the drive in the site's kernel: fewer questions, and new modules seen.

In the site's kernel (Pyodide in the browser) the notebook's folder is JupyterLite's
drive, mounted at ``/drive``: every question about it (an ``os.stat``) is a synchronous
request from the kernel's worker to the page, 4 to 9 ms on a 2-core machine. The current
folder comes first on ``sys.path``, and Python's finder for a folder asks for the folder's
time stamp at *every* lookup, to know whether the listing it keeps is stale: about 60
questions as lesson 0 starts, a quarter to half a second of every page load. And the drive
answers 0 for a folder's time stamp, always: Python's own finder never sees a module made
there after its first look (a student's ``helper.py`` written by a cell, then imported:
"No module named 'helper'", where CPython finds it).

:class:`DriveFinder` asks less and sees more. It keeps its own listing of the folder (one
request to read): a module not in it is reported missing at once; any other goes to
Python's own finder for the folder, told to read the folder again. The listing is stale,
and the next lookup reads it again, when

- :data:`FRESH_FOR` seconds have passed since it was read (a file made from the file
  browser, outside the kernel);
- the kernel may have changed a folder of the drive: a file there opened for writing, a
  rename, a removal, a folder made or removed (:func:`changes_a_folder`, from Python's
  audit events);
- a cell starts to run (IPython runs its code by ``exec``);
- ``importlib.invalidate_caches()`` is called (what Python's documentation asks for after
  making a module while a program runs).

lite/load_pyodide.mjs installs it as the kernel's Python boots (``install()``); it is not
part of the course's package, and CPython never runs it but in tests
(tests/course/test_drive_imports.py):

>>> changes_a_folder("open", ("/drive/notes.py", "w", 0))
True
>>> changes_a_folder("open", ("/drive/notes.py", "r", 0))
False
>>> changes_a_folder("os.mkdir", ("/tmp/elsewhere", 0o777, -1))
False
"""

import os
import sys
import time
from importlib.machinery import (BYTECODE_SUFFIXES, EXTENSION_SUFFIXES, SOURCE_SUFFIXES,
                                 ExtensionFileLoader, FileFinder, SourceFileLoader,
                                 SourcelessFileLoader)

#: Where the kernel mounts the drive (jupyterlite-pyodide-kernel's worker).
DRIVE = "/drive"
#: How long (seconds) a listing of a drive folder is trusted without asking the drive.
FRESH_FOR = 1.0
#: The audit events that may make, move or remove a file or folder: where their paths are,
#: and where their folder descriptors are (a path relative to one may be anywhere).
PATHS = {"os.rename": (0, 1), "os.remove": (0,), "os.rmdir": (0,), "os.mkdir": (0,),
         "os.symlink": (1,), "os.link": (1,)}
FOLDER_FDS = {"os.rename": (2, 3), "os.remove": (1,), "os.rmdir": (1,), "os.mkdir": (2,),
              "os.symlink": (2,), "os.link": (2, 3)}
#: How the file names of the code of IPython's cells begin.
CELLS = "<ipython-input-"
#: ``os.open`` flags that may make or change a file.
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def in_the_drive(path) -> bool:
    """Whether ``path`` (relative ones from the current folder) is in the drive."""
    try:
        path = os.fsdecode(path)
    except TypeError:  # a file descriptor: what it opens exists already
        return False
    path = os.path.abspath(path)
    return path == DRIVE or path.startswith(DRIVE + "/")


def changes_a_folder(event: str, args: tuple) -> bool:
    """Whether the audit event ``event`` may have made, moved or removed a file of the
    drive, or is a cell starting."""
    if event == "open":
        path, mode, flags = args
        if isinstance(mode, str):
            writes = any(c in mode for c in "wax+")
        else:
            writes = isinstance(flags, int) and bool(flags & WRITE_FLAGS)
        return writes and in_the_drive(path)
    if event == "exec":  # a cell, not a module being imported nor a class made from a string
        return str(getattr(args[0], "co_filename", "")).startswith(CELLS)
    if event in PATHS:
        return (any(in_the_drive(args[k]) for k in PATHS[event])
                or any(args[k] not in (None, -1) for k in FOLDER_FDS[event] if k < len(args)))
    return False


class DriveFinder:
    """The finder of one folder of the drive: its own listing of the folder, read again
    when stale, says which modules cannot be there; for any other, Python's own
    ``FileFinder`` of the folder, told to read the folder again (see the module's docstring)."""

    #: Every finder made, so that an audit event makes them all stale.
    made = []

    def __init__(self, path, clock=time.monotonic):
        self.path = path
        self.finder = FileFinder(path, *LOADERS)
        self.clock = clock
        self.listing = None  # the names in the folder, None: stale
        self.read_at = None  # when the listing was read
        DriveFinder.made.append(self)

    def stale(self):
        self.listing = None

    def invalidate_caches(self):
        self.stale()
        self.finder.invalidate_caches()

    def find_spec(self, fullname, target=None):
        now = self.clock()
        if self.listing is None or now - self.read_at >= FRESH_FOR:
            try:
                self.listing = frozenset(os.listdir(self.path))  # one request to the drive
            except OSError:
                self.listing = frozenset()
            self.read_at = now
        tail = fullname.rpartition(".")[2]
        if tail not in self.listing and not any(tail + s in self.listing for s in SUFFIXES):
            return None  # not in the folder (the drive's names are case-sensitive)
        self.finder.invalidate_caches()  # the drive's time stamp says nothing: read it again
        return self.finder.find_spec(fullname, target)

    def __repr__(self):
        return f"DriveFinder({self.path!r})"


#: The loaders Python's own path hook for folders uses, in its order, and their suffixes.
LOADERS = ((ExtensionFileLoader, EXTENSION_SUFFIXES), (SourceFileLoader, SOURCE_SUFFIXES),
           (SourcelessFileLoader, BYTECODE_SUFFIXES))
SUFFIXES = tuple(suffix for _, suffixes in LOADERS for suffix in suffixes)


def _audit(event, args):
    """Every finder stale after an event that may change a folder of the drive. Never
    raises (an audit hook that raises fails what it audits: every ``open``): an event it
    cannot read (another shape of arguments, a current folder that is gone) counts as one."""
    if not DriveFinder.made:
        return
    try:
        changed = changes_a_folder(event, args)
    except Exception:
        changed = True
    if changed:
        for finder in DriveFinder.made:
            finder.listing = None


def path_hook(path):
    """A :class:`DriveFinder` for a folder of the drive; any other path is left to the
    next hook (``ImportError``, as ``sys.path_hooks`` asks)."""
    if path != DRIVE and not path.startswith(DRIVE + "/"):
        raise ImportError("not a folder of the drive")
    return DriveFinder(path)


def install():
    """Put :func:`path_hook` first in ``sys.path_hooks`` (the drive's folders found from now
    on) and watch for changes (once per process: an audit hook stays)."""
    if path_hook not in sys.path_hooks:
        sys.path_hooks.insert(0, path_hook)
        for path in [p for p in sys.path_importer_cache if p == DRIVE or p.startswith(DRIVE + "/")]:
            del sys.path_importer_cache[path]
    if _audit not in _watching:
        sys.addaudithook(_audit)
        _watching.append(_audit)


_watching = []
