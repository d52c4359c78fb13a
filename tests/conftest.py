"""How the test suite shares the machine's cores (pytest-xdist), for every test it collects.

``make test`` runs ``pytest -n auto --dist loadgroup``: one worker process per core,
each taking whole *groups* of tests, in the order this file puts them.

Vocabulary:

- *group*: tests that must run in one process, one after the other: every test of one
  file (so its module fixtures are made once), every cell of one notebook (nbval runs
  them in order in one kernel), and every browser test (they live in ``tests/browser``,
  whose fixtures start one JupyterLab and one Chromium for all of them).
- *first*: the groups that take longest start first, so that no core is left with a
  long group at the end while the other has nothing to do: the browser tests, then the
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
'browser'
"""

import pytest

BROWSER = "browser"


def group_of(nodeid: str) -> str:
    """The group of the test ``nodeid``: its file, or "browser" for every browser test."""
    path = nodeid.split("::")[0]
    return BROWSER if path.startswith("tests/browser/") else path


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
    order = sorted(groups, key=lambda g: (g != BROWSER, g not in slow))  # a stable sort
    items[:] = [item for group in order for item in groups[group]]
