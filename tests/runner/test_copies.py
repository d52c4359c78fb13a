"""The cache of the course's own functions (runner/copies.py): one per checkout.

Two checkouts on one machine (a lecturer's course and a fresh CI clone, or two courses)
used to drop each other's cache, so each grading process of the other read every file of
the course again (about 1.5 s).
"""

import ast
import builtins
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from minimax_lessons.runner import copies


def caches(folder):
    return sorted(p.name for p in folder.glob("course-code-*.json"))


def test_a_checkout_keeps_its_cache_beside_another_checkouts_and_drops_its_own_old_ones(tmp_path):
    here, there = copies.cache_prefix("/home/me/course"), copies.cache_prefix("/tmp/ci-clone")
    assert here != there
    (tmp_path / f"{there}aaaa.json").write_text("{}")  # the other checkout's, in use
    (tmp_path / f"{here}old1.json").write_text("{}")  # this checkout's, an older course
    copies._store(tmp_path / f"{here}new2.json", {"k": "minimax in notebooks/03.ipynb"})
    assert caches(tmp_path) == sorted([f"{there}aaaa.json", f"{here}new2.json"])
    assert not list(tmp_path.glob(".*.tmp"))


def test_another_checkouts_cache_unused_for_a_month_is_dropped(tmp_path):
    here, gone = copies.cache_prefix("/home/me/course"), copies.cache_prefix("/tmp/deleted")
    stale = tmp_path / f"{gone}aaaa.json"
    stale.write_text("{}")
    month_ago = time.time() - copies.STALE_SECONDS - 60
    os.utime(stale, (month_ago, month_ago))
    fresh = tmp_path / f"{copies.cache_prefix('/srv/other')}bbbb.json"
    fresh.write_text("{}")
    copies._store(tmp_path / f"{here}cccc.json", {})
    assert caches(tmp_path) == sorted([fresh.name, f"{here}cccc.json"])


def test_the_course_code_is_cached_under_this_checkouts_name_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    # two of the course's files, not all of them: reading every one takes seconds
    few = [copies.PACKAGE_ROOT / "notebooks" / "03-minimax-in-code.ipynb", Path(copies.__file__)]
    monkeypatch.setattr(copies, "course_files", lambda: few)
    copies.course_code.cache_clear()
    try:
        found = copies.course_code()
        (written,) = (tmp_path / "minimax-lessons").glob("course-code-*.json")
        assert written.name.startswith(copies.cache_prefix())
        assert any(place.startswith("minimax in ") for place in found.values())
        long_ago = time.time() - 3600
        os.utime(written, (long_ago, long_ago))
        copies.course_code.cache_clear()
        assert copies.course_code() == found  # read back from the cache...
        assert written.stat().st_mtime > long_ago + 60  # ...which is marked as used
    finally:
        copies.course_code.cache_clear()


# -- the fingerprints: one pass each, as the plain definition makes them ----------------------
#: Python's own builtins, as a fresh interpreter has them (IPython, or a test, adds more).
PYTHONS_BUILTINS = set(json.loads(subprocess.run(
    [sys.executable, "-S", "-c", "import builtins, json; print(json.dumps(dir(builtins)))"],
    capture_output=True, text=True, check=True).stdout)) | {
    "exit", "quit", "help", "copyright", "credits", "license"}  # which site adds


def plain_functions_in(source, where):
    """The module's definition written plainly (the package's is quicker): every ``def``
    that ``ast.walk`` meets, each written out and parsed again to number its names."""
    found = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                sum(1 for _ in ast.walk(node)) >= copies.MIN_NODES:
            bound = {node.name} | {n.arg for n in ast.walk(node) if isinstance(n, ast.arg)} | {
                n.id for n in ast.walk(node)
                if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))} | {
                n.name for n in ast.walk(node)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
            copy = ast.parse(ast.unparse(node)).body[0]
            tree = copies._Numbered(bound - PYTHONS_BUILTINS).visit(copy)
            found.setdefault(copies._digest(ast.dump(tree, annotate_fields=False)),
                             f"{node.name} in {where}")
    return found


NESTED = '''
class Player:
    def choose(self, node, depth: int = 2) -> int:
        """Docstring."""
        best: int = -10**9
        for child in node:
            try:
                def inner(a, *rest, key=None, **more):
                    total = 0
                    for b in rest:
                        total += a * b if key is None else key(b)
                    del a
                    return total + len(more)
            except (ValueError, TypeError) as error:
                def handler(e=error):
                    seen = [str(e).strip().lower() for _ in range(3) if e and not _ % 2]
                    return seen or {"e": e, "n": None, "kind": type(e).__name__.upper()}
            else:
                with open(child) as f:
                    async def reads(x, y):
                        async for line in f:
                            x = await y(line.strip(), x, size=len(line) * 2)
                        return x if x is not None else await y(None, None)
            finally:
                match child:
                    case [first, *_] if first > 0:
                        def matched(q):
                            return lambda r: (q, r, first, max(q, r), (w := q + r), w)
                    case _:
                        pass
        return best
'''


@pytest.mark.parametrize("source", [NESTED, "copies", "notebooks/03-minimax-in-code.ipynb"])
def test_every_function_gets_the_fingerprint_the_plain_definition_gives(source):
    if source == "copies":
        source = Path(copies.__file__).read_text(encoding="utf-8")
    elif source.endswith(".ipynb"):
        source = "\n".join(copies._notebook_code(copies.PACKAGE_ROOT / source))
    found = copies.functions_in(source, "here")
    assert found == plain_functions_in(source, "here")
    if source == NESTED:  # in a class, a try (its body, except, else, finally) and a match
        assert sorted(place.split()[0] for place in found.values()) == [
            "choose", "handler", "inner", "matched", "reads"]
    assert len(found) >= 5


def test_a_fingerprint_does_not_change_with_what_a_process_adds_to_builtins(monkeypatch):
    source = NESTED.replace("total = 0", "display = total = 0")  # a name IPython adds
    before = copies.functions_in(source, "here")
    monkeypatch.setattr(builtins, "display", print, raising=False)
    monkeypatch.setattr(builtins, "carried_minimax", max, raising=False)
    assert copies.functions_in(source, "here") == before
    assert {n for n in copies._BUILTINS if not n.startswith("__")} == {
        n for n in PYTHONS_BUILTINS if not n.startswith("__")}


def test_an_answer_nested_too_deep_to_compare_is_no_copy_and_no_crash():
    """600 terms added in one expression parse, but their syntax tree is too deep to copy
    or write out: the grader's check once ended on a RecursionError there."""
    from types import SimpleNamespace

    deep = "def minimax_line(node, is_maximizing):\n    return (" + \
        "+".join(["0"] * 600) + ", [])\n"
    ast.parse(deep)  # Python reads it
    copied = SimpleNamespace(parts=[("minimax_line", "code", (deep,)),
                                    ("helper", "code", (NESTED,))])
    assert copies.course_match(copied) is None
