"""What the course's tests share: ``lite/build.py`` loaded as a module (``build``)."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    """``lite/build.py``, the site's builder, as a module."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
