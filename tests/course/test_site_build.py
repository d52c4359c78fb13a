"""The site's build (lite/build.py) compiles the kernel's bytecode in Pyodide, under Node.js,
while it writes the notebooks and the practice pages: a compile that fails stops the build
with its exit code, and a failure of the work meanwhile leaves no compile running. (The
whole build, the site it makes, is what tests/browser/test_site.py opens.)"""

import subprocess
import sys

import pytest


def compiling(build, tmp_path, code):
    """A stand-in for the compile: a Python process running ``code``."""
    return build.Compiling(subprocess.Popen([sys.executable, "-c", code]), tmp_path, tmp_path)


def test_a_compile_that_fails_stops_the_build_with_its_exit_code(build, tmp_path):
    with pytest.raises(SystemExit, match=r"bytecode in Pyodide failed \(exit code 3"):
        build.add_bytecode(compiling(build, tmp_path, "raise SystemExit(3)"), [])


def test_a_failure_meanwhile_stops_the_compile(build, tmp_path):
    running = compiling(build, tmp_path, "import time; time.sleep(600)")
    with pytest.raises(ZeroDivisionError):
        with build.stopped_on_failure(running):
            1 / 0
    assert running.process.wait(timeout=60) != 0  # killed, not left to run its ten minutes


def test_work_that_succeeds_leaves_the_compile_running(build, tmp_path):
    running = compiling(build, tmp_path, "import time; time.sleep(600)")
    with build.stopped_on_failure(running):
        pass
    assert running.process.poll() is None
    running.process.kill()
    running.process.wait(timeout=60)
