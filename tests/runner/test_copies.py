"""The cache of the course's own functions (runner/copies.py): one per checkout.

Two checkouts on one machine (a lecturer's course and a fresh CI clone, or two courses)
used to drop each other's cache, so each grading process of the other read every file of
the course again (about 1.5 s).
"""

import os
import time

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
