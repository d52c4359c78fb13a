"""Function answers that reach for the package's own search, in the grader's jailed worker (issue 19).

The grader runs a student's function in a checker worker jailed as the grader jails it
(bubblewrap, ``package="games"``): the worker never imports a search (it starts without
the package's ``__init__``), and of the package's files it sees only the games and the
runner. Each attack below is a function answer, checked on q3.14's hidden tests in that
worker; before issue 19 each got "All 27 hidden tests passed". None may pass now, and
the honest answer still does. Where bubblewrap cannot isolate, the tests skip and say why.
"""

import inspect

import pytest

from minimax_lessons.exercises.functions import check_function
from minimax_lessons.instructor.grading.isolation import Jail, find_bwrap, why_no_bwrap
from minimax_lessons.runner.sandbox import Sandbox
from minimax_lessons.runner.shipping import Shipped

from .test_grader_attacks import always_zero, honest_minimax

#: Checks function answers in a jailed worker, one process per hidden test.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def jailed(tmp_path_factory):
    """The checker's worker as the grader starts it: in bubblewrap, seeing only the games."""
    if find_bwrap() is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    folder = tmp_path_factory.mktemp("checker")
    box = Sandbox(time_limit=2.0, isolate="item",
                  wrapper=Jail(str(folder), bwrap=find_bwrap(), package="games").prefix())
    yield box
    box.stop()


def switch_off_the_watch():
    """What each attack does first: switch the guard off through sys.getprofile() (no more
    findings), and put back the modules it hid, from the local of its own frame that keeps
    them. Returns the guard's hook, put back before the attack returns (so that the watch
    seems untouched)."""
    import sys

    hook = sys.getprofile()
    if hook is not None:
        getattr(hook, "__glob" + "als__")["_State"].active = None
    sys.setprofile(None)
    frame = sys._getframe()
    while frame is not None:
        if isinstance(frame.f_locals.get("saved"), dict):
            sys.modules.update(frame.f_locals["saved"])
        frame = frame.f_back
    return hook


def shipped(attack) -> Shipped:
    """The attack as the checker receives a notebook's function: its source, and the source
    of the helper it calls (this module is not importable in the worker)."""
    return Shipped(attack.__name__, tuple(
        (fn.__name__, "code", (inspect.getsource(fn), 1, f"the cell defining {fn.__name__}"))
        for fn in (switch_off_the_watch, attack)), f"the cell defining {attack.__name__}")


def walks_the_frames_to_the_guards_modules(node, is_maximizing):
    """Use the package's own search, from the modules the guard keeps in its frame."""
    import sys

    hook = switch_off_the_watch()
    try:
        found = [m for m in list(sys.modules.values()) if hasattr(m, "alphabeta")]
        trees = [m for m in list(sys.modules.values()) if hasattr(m, "to_game")]
        return found[0].minimax(trees[0].to_game(node, is_maximizing)).value
    finally:
        sys.setprofile(hook)


def switches_off_the_watch_and_imports_the_search(node, is_maximizing):
    """Import the search by name, with the watch off."""
    import importlib
    import sys

    hook = switch_off_the_watch()
    try:
        search = importlib.import_module("minimax" + "_lessons.search.adversarial")
        nested = importlib.import_module("minimax" + "_lessons.exercises.nested")
        return search.minimax(nested.to_game(node, is_maximizing)).value
    finally:
        sys.setprofile(hook)


def searches_the_heap_for_a_search(node, is_maximizing):
    """Look through every object the worker holds for the package's minimax."""
    import gc
    import sys

    hook = switch_off_the_watch()
    try:
        for thing in gc.get_objects():
            code = getattr(thing, "__code__", None)
            if code is not None and thing.__name__ == "minimax" and "search" in code.co_filename:
                tree = [m for m in list(sys.modules.values()) if hasattr(m, "to_game")][0]
                return thing(tree.to_game(node, is_maximizing)).value
        return 0
    finally:
        sys.setprofile(hook)


def reads_the_search_from_disk(node, is_maximizing):
    """Read the checker's reference and the textbook's search from their files, run them."""
    import os
    import sys

    hook = switch_off_the_watch()
    try:
        package = os.path.dirname(os.path.dirname(getattr(sys.modules[
            "minimax" + "_lessons.games.tree"], "__fi" + "le__")))
        for name in ("exercises/variants.py", "search/textbook.py"):
            try:
                source = open("/proc/self/root" + os.path.join(package, name)).read()
            except OSError:
                continue
            space = {"__name__": "minimax" + "_lessons.exercises.copied",
                     "__package__": "minimax" + "_lessons.exercises"}
            exec(compile(source, name, "exec"), space)
            if "minimax" in space:
                return space["minimax"](node, is_maximizing)
        return 0
    finally:
        sys.setprofile(hook)


def forges_a_passed_report_and_exits(node, is_maximizing):
    """Write "passed" and an ok outcome (with the value of the package's search, if it can
    get one) on the private pipe the input reports on, then end before the harness does."""
    import json
    import os
    import sys

    switch_off_the_watch()
    found = [m for m in list(sys.modules.values()) if hasattr(m, "alphabeta")]
    trees = [m for m in list(sys.modules.values()) if hasattr(m, "to_game")]
    value = found[0].minimax(trees[0].to_game(node, is_maximizing)).value if found else 0
    frame = sys._getframe()
    while frame is not None and "report" not in frame.f_locals:
        frame = frame.f_back
    report = frame.f_locals["report"]
    report.write(json.dumps({"type": "outcome", "status": "ok", "value": value, "passed": True,
                             "verdict": "All 27 hidden tests passed"}) + "\n")
    report.flush()
    os._exit(0)


ATTACKS = [walks_the_frames_to_the_guards_modules, switches_off_the_watch_and_imports_the_search,
           searches_the_heap_for_a_search, reads_the_search_from_disk,
           forges_a_passed_report_and_exits]


@pytest.mark.parametrize("attack", ATTACKS, ids=[a.__name__ for a in ATTACKS])
def test_no_way_to_the_package_search_passes_a_hidden_test_in_the_graders_worker(jailed, attack):
    verdict = check_function("minimax", shipped(attack), hidden=True, sandbox=jailed)
    nothing = check_function("minimax", always_zero, hidden=True, sandbox=jailed)
    assert not verdict.passed
    assert verdict.run.failed >= nothing.run.failed, "no better than an answer that returns 0"


def test_the_honest_answer_still_passes_in_the_graders_worker(jailed):
    assert check_function("minimax", honest_minimax, hidden=True, sandbox=jailed).passed


def test_the_graders_worker_sees_only_the_games_and_the_runner_of_the_package(tmp_path):
    """What the jail of the checker's worker mounts (a function answer may list no folder:
    the listing is made by Python started in the same jail)."""
    import subprocess
    import sys

    from minimax_lessons.runner.guard import PACKAGE_DIR

    if find_bwrap() is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    prefix = Jail(str(tmp_path), bwrap=find_bwrap(), package="games").prefix()
    listing = ("import os, sys; p = sys.argv[1]; print(sorted([n for n in os.listdir(p) "
               "if n != 'exercises'] + ['exercises/' + n for n in "
               "os.listdir(os.path.join(p, 'exercises')) if n != '__pycache__']))")
    done = subprocess.run([*prefix, sys.executable, "-c", listing, PACKAGE_DIR],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(["exercises/harness.py", "exercises/nested.py", "games",
                                       "runner"])


def test_a_function_answer_can_list_no_folder_in_the_graders_worker(jailed):
    from minimax_lessons.exercises.harness import call_args, ref

    (outcome,) = jailed.run(lists_the_package, [()], harness=ref(call_args)).outcomes
    assert outcome.status == "raised" and outcome.error.type == "PermissionError"


def lists_the_package():
    import os
    import sys

    games = sys.modules["minimax" + "_lessons.games.tree"]  # allowed: the trees it is given
    package = os.path.dirname(os.path.dirname(getattr(games, "__fi" + "le__")))
    return sorted(os.listdir(package))
