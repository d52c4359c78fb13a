"""``make bytecode`` (a step of ``make test``, ``make test-fast`` and ``make lab``) leaves no
stale bytecode in the virtual environment's libraries: a .venv copied or restored with new
time stamps keeps ``.pyc`` files that Python finds stale and, where
``PYTHONDONTWRITEBYTECODE`` is set, never rewrites, so every kernel and worker compiled
hundreds of modules again at its start."""
import importlib.util
import os
import struct
import subprocess
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def recorded(pyc: Path) -> tuple:
    """(source time stamp, source size) a timestamp-checked ``.pyc`` was compiled for."""
    header = pyc.read_bytes()[:16]
    assert struct.unpack("<I", header[4:8])[0] == 0, "not a timestamp-checked .pyc"
    return struct.unpack("<II", header[8:16])


def test_make_bytecode_rewrites_a_librarys_stale_bytecode(tmp_path):
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    purelib = Path(subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip())
    module = purelib / "restored_library.py"
    module.write_text("ANSWER = 3\n")
    pyc = Path(importlib.util.cache_from_source(str(module)))
    subprocess.run([python, "-m", "py_compile", module], check=True)
    os.utime(module, (1_600_000_000, 1_600_000_000))  # as a copy with new time stamps
    assert recorded(pyc) != (1_600_000_000, module.stat().st_size)  # stale now
    stamp = tmp_path / "installed.stamp"
    stamp.touch()  # newer than pyproject.toml: make installs nothing
    done = subprocess.run(
        ["make", "-s", "-C", ROOT, "bytecode", f"PY={python}", f"STAMP={stamp}"],
        capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    assert recorded(pyc) == (1_600_000_000, module.stat().st_size)
