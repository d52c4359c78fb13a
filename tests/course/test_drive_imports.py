"""The site's kernel imports without asking the drive about every module
(lite/drive_imports.py): the same modules found as with Python's own finder, the drive asked
once while a folder's listing is fresh, and asked again whenever the folder may have
changed. Run here in CPython with a temporary folder standing for the drive; the browser's
side is tests/browser/test_site.py (every lesson, and a module a cell writes, imported)."""

import doctest
import importlib
import importlib.util
import os
import subprocess
import sys
from importlib import _bootstrap_external
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def drive_imports():
    spec = importlib.util.spec_from_file_location("drive_imports_under_test",
                                                  ROOT / "lite" / "drive_imports.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def drive(drive_imports, tmp_path, monkeypatch):
    """A folder standing for the drive, the current folder, first on sys.path (as ''),
    found by the site's finder with a clock of the test's own; every question about the
    folder (a stat, a listing) counted in ``drive.asked``."""
    folder = tmp_path / "drive"
    folder.mkdir()
    monkeypatch.setattr(drive_imports, "DRIVE", str(folder))
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    monkeypatch.setattr(sys, "path", ["", *sys.path])
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    monkeypatch.chdir(folder)
    drive_imports.install()
    asked = []
    stat = _bootstrap_external._path_stat

    def counted(path):
        if path == str(folder):
            asked.append(path)
        return stat(path)

    monkeypatch.setattr(_bootstrap_external, "_path_stat", counted)
    listdir = os.listdir

    def listed(path="."):
        if str(path) == str(folder):
            asked.append(path)
        return listdir(path)

    monkeypatch.setattr(os, "listdir", listed)
    clock = Clock()
    importlib.invalidate_caches()
    assert importlib.util.find_spec("drive_imports_absent_0") is None  # the finder is made
    finder = sys.path_importer_cache[str(folder)]
    assert type(finder).__name__ == "DriveFinder"
    finder.clock = clock
    finder.stale()
    asked.clear()
    yield type("Drive", (), {"folder": folder, "asked": asked, "clock": clock, "finder": finder})
    drive_imports.DriveFinder.made.remove(finder)
    for name in [n for n, m in sys.modules.items()
                 if str(getattr(m, "__file__", None) or "").startswith(str(tmp_path))]:
        del sys.modules[name]  # the modules the test made, not left to later tests


def absent(name) -> bool:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        return error.name == name
    return False


def test_modules_not_in_the_folder_ask_the_drive_once_while_its_listing_is_fresh(drive, drive_imports):
    assert all(absent(f"drive_imports_absent_{k}") for k in range(1, 6))
    assert len(drive.asked) == 1  # Python's own finder asks five times
    drive.clock.now += drive_imports.FRESH_FOR
    assert absent("drive_imports_absent_6") and len(drive.asked) == 2


def test_pythons_own_finder_asks_at_every_lookup(drive):
    own = importlib.machinery.FileFinder.path_hook(*_bootstrap_external._get_supported_file_loaders())(
        str(drive.folder))
    drive.asked.clear()  # the hook asked whether it is a folder
    for k in range(5):
        assert own.find_spec(f"drive_imports_absent_{k}") is None
    assert len(drive.asked) == 5


def test_a_module_the_kernel_writes_or_moves_in_is_found_at_once(drive, tmp_path):
    assert absent("written_here")
    (drive.folder / "written_here.py").write_text("WHERE = 'written'\n")
    assert importlib.import_module("written_here").WHERE == "written"
    (tmp_path / "moved_here.py").write_text("WHERE = 'moved'\n")
    assert absent("moved_here")  # the listing is fresh again, without it
    (tmp_path / "moved_here.py").rename(drive.folder / "moved_here.py")
    assert importlib.import_module("moved_here").WHERE == "moved"
    assert drive.clock.now == 100.0  # no time passed


def outside(folder, name):
    """Make ``name``.py in ``folder`` from another process (no audit event here)."""
    subprocess.run([sys.executable, "-c", f"open({name + '.py'!r}, 'w').write('WHERE = 1')"],
                   cwd=folder, check=True, timeout=60)


def test_a_module_made_outside_the_kernel_is_found_a_second_later_or_after_invalidate_caches(
        drive, drive_imports):
    assert absent("made_outside")
    outside(drive.folder, "made_outside")
    assert absent("made_outside")  # the trade: its listing is fresh for a second
    importlib.invalidate_caches()  # as Python's documentation asks
    assert importlib.import_module("made_outside").WHERE == 1
    outside(drive.folder, "made_outside_too")
    drive.clock.now += drive_imports.FRESH_FOR
    assert importlib.import_module("made_outside_too").WHERE == 1


def test_where_a_folder_s_time_stamp_never_changes_as_on_the_drive_a_new_module_is_found(
        drive, drive_imports):
    """The drive answers 0 for its folders' time stamps: Python's own finder then never sees
    a module made after its first look; the site's sees it once its listing is stale."""
    os.utime(drive.folder, (0, 0))
    own = importlib.machinery.FileFinder.path_hook(*_bootstrap_external._get_supported_file_loaders())(
        str(drive.folder))
    assert own.find_spec("late_module") is None and absent("late_module")
    outside(drive.folder, "late_module")
    os.utime(drive.folder, (0, 0))
    assert own.find_spec("late_module") is None  # Python's own: never
    drive.clock.now += drive_imports.FRESH_FOR
    assert importlib.import_module("late_module").WHERE == 1  # the site's: a second later
    with open(drive.folder / "written_late.py", "w") as out:
        out.write("WHERE = 2")
    os.utime(drive.folder, (0, 0))
    assert importlib.import_module("written_late").WHERE == 2  # and at once when written here


def test_a_cell_that_starts_finds_what_was_made_before_it(drive):
    assert absent("before_the_cell")
    outside(drive.folder, "before_the_cell")
    cell = compile("import before_the_cell\nWHERE = before_the_cell.WHERE", "<ipython-input-1>", "exec")
    names = {}
    exec(cell, names)
    assert names["WHERE"] == 1


def test_a_module_in_the_folder_still_comes_before_an_installed_one(drive, tmp_path, monkeypatch):
    installed = tmp_path / "installed"
    installed.mkdir()
    (installed / "both_places.py").write_text("WHERE = 'installed'\n")
    (drive.folder / "both_places.py").write_text("WHERE = 'drive'\n")
    monkeypatch.setattr(sys, "path", [*sys.path, str(installed)])
    assert importlib.import_module("both_places").WHERE == "drive"


def test_folders_outside_the_drive_keep_pythons_own_finder_and_the_drive_s_its_loaders(
        drive_imports):
    assert [(loader, list(suffixes)) for loader, suffixes in drive_imports.LOADERS] == \
        [(loader, list(suffixes)) for loader, suffixes in _bootstrap_external._get_supported_file_loaders()]
    with pytest.raises(ImportError):
        drive_imports.path_hook("/lib/python3.14/site-packages")
    with pytest.raises(ImportError):
        drive_imports.path_hook(drive_imports.DRIVE + "-not")


def test_the_events_that_may_change_a_folder_of_the_drive(drive, drive_imports, tmp_path):
    changes = drive_imports.changes_a_folder
    here, there = str(drive.folder / "a.py"), str(tmp_path / "a.py")
    assert changes("open", (here, "a", 0)) and changes("open", (here, "r+", 0))
    assert changes("open", ("a.py", "w", 0))  # relative: in the current folder, the drive's
    assert changes("open", (here.encode(), None, os.O_WRONLY | os.O_CREAT))
    assert not changes("open", (here, None, 0)) and not changes("open", (here, "rb", 0))
    assert not changes("open", (there, "w", 0)) and not changes("open", (3, "w", 0))
    assert changes("os.rename", (there, here, -1, -1)) and changes("os.remove", (here, -1))
    assert not changes("os.rename", (there, there + "c", -1, -1))
    assert changes("os.mkdir", (str(tmp_path / "x"), 0o777, 5))  # in a folder opened earlier
    assert not changes("os.mkdir", (str(tmp_path / "x"), 0o777, -1))
    assert not changes("os.listdir", (".",)) and not changes("os.chdir", ("/",))
    module_code = compile("", "/lib/python3.14/site-packages/x.py", "exec")
    made_class = compile("", "<string>", "exec")  # as dataclasses and namedtuple do
    assert not changes("exec", (module_code,)) and not changes("exec", (made_class,))
    assert changes("exec", (compile("", "<ipython-input-2>", "exec"),))


def test_an_event_it_cannot_read_makes_the_listing_stale_and_never_fails_what_it_audits(
        drive, drive_imports, tmp_path):
    assert absent("after_odd_events")
    outside(drive.folder, "after_odd_events")
    drive_imports._audit("open", ("only a path",))  # another shape of arguments
    assert importlib.import_module("after_odd_events").WHERE == 1
    gone = tmp_path / "gone"
    gone.mkdir()
    os.chdir(gone)
    gone.rmdir()  # the current folder is gone: os.path.abspath fails
    with pytest.raises(FileNotFoundError):
        drive_imports.changes_a_folder("open", ("relative.py", "w", 0))
    drive_imports._audit("open", ("relative.py", "w", 0))
    assert drive.finder.listing is None
    os.chdir(drive.folder)


def test_the_examples_of_the_modules_docstring(drive_imports, monkeypatch):
    monkeypatch.setattr(drive_imports, "DRIVE", "/drive")
    assert doctest.testmod(drive_imports).failed == 0
