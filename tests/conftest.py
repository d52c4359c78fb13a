"""How the test suite shares the machine's cores (pytest-xdist), for every test it collects,
and which examples its property tests (Hypothesis) try.

``make test`` runs ``pytest -n <cores + 1> --dist loadgroup``: one worker process per core
and one more to fill the gaps while tests wait (the Makefile's ``WORKERS``),
each taking whole *groups* of tests, in the order this file puts them.

Vocabulary:

- *group*: tests that must run in one process, one after the other: every test of one
  file (so its module fixtures are made once) and every cell of one notebook (nbval runs
  them in order in one kernel). A browser test file is a group like any other: the
  JupyterLab server, the Chromium and the JupyterLab page of ``tests/browser/conftest.py``
  are made once per worker, so each worker that takes a browser file starts one of each
  (about 8 s) and the browser files, about half of the suite's time, share the cores
  instead of queueing on one.
- *split*: a browser file whose tests each run a whole lesson (:data:`SPLIT`) is not one
  group but one per test: its lessons, about two minutes of the suite each on 2 cores,
  share the cores instead of queueing on the one that took the file (the file's module
  fixtures are then made once on each worker that takes one of its tests).
- *first*: the groups that take longest start first, so that no core is left with a
  long group at the end while the other has nothing to do: the site's test (every
  lesson in the browser's Pyodide, :data:`LONGEST`), the other browser files, then the
  files with a test marked ``slow``, then the rest in the order pytest found them.

The groups are given to pytest-xdist as a scheduler of its own (the hook
``pytest_xdist_make_scheduler``), not as ``xdist_group`` marks: pytest-xdist 3.8 reads
those by rewriting each test's id, which pytest 9.2 no longer lets it do, so the marks
are silently ignored and a notebook's cells land on two workers
(https://github.com/pytest-dev/pytest-xdist/issues/1386).

>>> group_of("tests/search/test_search.py::test_x")
'tests/search/test_search.py'
>>> group_of("notebooks/01-game-trees.ipynb::Cell 3")
'notebooks/01-game-trees.ipynb'
>>> group_of("tests/browser/test_lab_smoke.py::test_lab")
'tests/browser/test_lab_smoke.py'
>>> group_of("tests/browser/test_pictures_fit.py::test_every_picture[01-game-trees.ipynb]")
'tests/browser/test_pictures_fit.py::test_every_picture[01-game-trees.ipynb]'
"""

import pytest
from hypothesis import settings

# The property tests try the same examples every run (chosen from a hash of each test, for
# this version of Hypothesis): a run fails only for a change, never for a draw, and a
# failure seen once is seen again. New examples, for hunting bugs: `make test-explore` (the
# profile "explore": fresh random examples each run; a failure prints the example and the
# blob that replays it, `@reproduce_failure`). pytest's `--hypothesis-profile` overrides this.
settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, database=None, print_blob=True)
settings.load_profile("repeatable")

BROWSER = "tests/browser/"
#: The longest group of all (every lesson run in the browser's Pyodide): it starts first.
LONGEST = "tests/browser/test_site.py"
#: Browser files whose tests are groups of their own (each runs a whole lesson).
SPLIT = {"tests/browser/test_pictures_fit.py"}


def group_of(nodeid: str) -> str:
    """The group of the test ``nodeid``: its file (a notebook's cells: the notebook), or
    the test itself in a file of :data:`SPLIT`."""
    path = nodeid.split("::")[0]
    return nodeid if path in SPLIT else path


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: ignored without it
def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup``: hand out whole groups, in the order of the tests."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return group_of(nodeid)

    config.option.loadscopereorder = False  # keep the order pytest_collection_modifyitems made
    return GroupScheduling(config, log)


def pytest_collection_modifyitems(config, items):
    """The groups that take longest first (each group's tests keep their order)."""
    groups = {}
    for item in items:
        groups.setdefault(group_of(item.nodeid), []).append(item)
    slow = {g for g, members in groups.items()
            if any(i.get_closest_marker("slow") for i in members)}
    order = sorted(groups, key=lambda g: (not g.startswith(BROWSER), g != LONGEST,
                                          g not in slow))  # stable
    items[:] = [item for group in order for item in groups[group]]
