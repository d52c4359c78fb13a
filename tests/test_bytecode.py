"""The compiled bytecode of ``.venv`` and of the package is bytecode Python can use.

Python runs a module from its ``__pycache__`` only when the time and size the bytecode
records are the source's; else it compiles the source again, in every process, and
where ``PYTHONDONTWRITEBYTECODE`` is set (as on this project's CI machines) never writes
the result back. ``make test`` starts hundreds of Python processes (kernels, graders,
checkers, bots): a fresh clone whose site build had set the time of every file in the
checkout (``lite/build.py``) compiled 3,917 of ``.venv``'s 5,120 modules again in each of
them, about 30 CPU s of the suite. ``make bytecode`` (part of ``make test``) writes what is
stale; this test says when something left it so.
"""

import importlib.util
import os
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def stale_bytecode(folder: Path) -> tuple:
    """(modules, [sources]) under ``folder``: how many ``.py`` files have bytecode, and those
    whose bytecode records another time or size than the source's (checked-hash bytecode
    and sources without bytecode are not counted)."""
    count, stale = 0, []
    for path in folder.rglob("*.py"):
        try:
            with open(importlib.util.cache_from_source(str(path)), "rb") as pyc:
                header = pyc.read(16)
        except OSError:
            continue
        if len(header) < 16 or int.from_bytes(header[4:8], "little") != 0:
            continue  # not bytecode Python checks by time
        count += 1
        source = path.stat()
        if (int.from_bytes(header[8:12], "little") != int(source.st_mtime) & 0xFFFFFFFF
                or int.from_bytes(header[12:16], "little") != source.st_size & 0xFFFFFFFF):
            stale.append(path)
    return count, stale


def test_stale_bytecode_is_found_by_the_time_the_source_records(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("ANSWER = 42\n")
    import py_compile
    py_compile.compile(str(module), invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)
    assert stale_bytecode(tmp_path) == (1, [])
    later = module.stat().st_mtime + 60
    os.utime(module, (later, later))  # what a build's SOURCE_DATE_EPOCH did to every file
    assert stale_bytecode(tmp_path) == (1, [module])


@pytest.mark.skipif(Path(sys.prefix).resolve() != (ROOT / ".venv").resolve(),
                    reason="runs in the project's .venv, which make test sets up")
def test_the_environment_and_the_package_have_bytecode_python_can_use():
    for folder in (Path(sysconfig.get_paths()["purelib"]), ROOT / "minimax_lessons"):
        count, stale = stale_bytecode(folder)
        assert count > 50, f"{folder}: no bytecode at all ({count} modules)"
        assert not stale, (
            f"{len(stale)} of {count} modules in {folder} have bytecode Python cannot use "
            f"(run `make bytecode`), e.g. {[str(p) for p in stale[:5]]}")
