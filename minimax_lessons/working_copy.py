"""The student's own copy of the lessons: theirs to change, while the course stays as shipped.

Vocabulary
----------
- The *course* is the folder of notebooks as shipped (``notebooks/`` of a checkout); the
  *working copy* is a folder of the same files the student opens, runs, answers in and
  saves (``my-lessons/`` beside it: ``make lab`` serves it). The course's files are never
  written, so a ``git pull`` of course fixes never meets the student's answers.
- The copy's *manifest* (``.course-copy.json`` in it) records, for each file, the
  *fingerprint* of the course's version it was copied from: for a notebook, its cells'
  kinds and sources (what a student changes by answering; outputs, execution counts and
  metadata are left out, so a lesson merely run is not changed), for any other file its
  bytes.
- :func:`update` brings the copy up to date with the course: a file missing from the copy
  (a new lesson, or one the student deleted) is copied; a file the student has not
  changed since it was copied gets the course's new version; a file the student changed
  is kept as it is (the report names it when the course changed it too).
- :func:`fresh` gets a lesson back as shipped: the student's version is kept beside it,
  renamed (``06-alpha-beta (yours 2026-12-01 1042).ipynb``), never deleted.

From a shell (what ``make lab`` and ``make fresh LESSON=06`` run)::

    python -m minimax_lessons.working_copy --course notebooks --copy my-lessons
    python -m minimax_lessons.working_copy --course notebooks --copy my-lessons --fresh 06

>>> import tempfile
>>> from pathlib import Path
>>> course, copy = (Path(tempfile.mkdtemp()) / name for name in ("course", "copy"))
>>> course.mkdir(); _ = (course / "rise.css").write_text("a {}")
>>> update(course, copy).copied
['rise.css']
>>> update(course, copy).copied, (copy / "rise.css").read_text()
([], 'a {}')
>>> import shutil; shutil.rmtree(course.parent); shutil.rmtree(copy.parent)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["update", "fresh", "fingerprint", "Report", "MANIFEST", "COPY_NAME", "main"]

#: The manifest's name in the working copy.
MANIFEST = ".course-copy.json"
#: The working copy's folder, beside the course's ``notebooks/`` in a checkout.
COPY_NAME = "my-lessons"
#: What is never copied: checkpoints, caches, the test sanitiser.
SKIPPED = {".ipynb_checkpoints", "__pycache__", "sanitize.cfg"}


def fingerprint(path: Path) -> str:
    """What a student can change in a file: a notebook's cell kinds and sources, else the
    bytes (a notebook that is not valid JSON counts by its bytes)."""
    data = path.read_bytes()
    if path.suffix == ".ipynb":
        try:
            cells = json.loads(data.decode("utf-8")).get("cells", [])
            data = json.dumps([[c.get("cell_type"), "".join(c.get("source", ""))]
                               for c in cells], ensure_ascii=False).encode("utf-8")
        except (ValueError, AttributeError, TypeError):
            pass
    return hashlib.sha256(data).hexdigest()


@dataclass
class Report:
    """What :func:`update` did, file by file (paths relative to the copy)."""

    copy: Path
    copied: list = field(default_factory=list)       # new in the copy
    updated: list = field(default_factory=list)      # course update, the student's untouched
    kept: list = field(default_factory=list)         # the student's changes, course unchanged
    behind: list = field(default_factory=list)       # the student's changes, course changed

    def __str__(self):
        lines = [f"Your own copy of the lessons: {self.copy} (open and change these; the "
                 "course's files stay as shipped)."]
        for names, what in ((self.copied, "copied"), (self.updated, "updated from the course "
                            "(you had not changed them)")):
            if names:
                lines.append(f"  {what}: {', '.join(names)}")
        if self.behind:
            lines.append("  changed by you, and since changed in the course too (yours kept; "
                         "`make fresh LESSON=<name>` gets the course's, keeping yours beside "
                         f"it): {', '.join(self.behind)}")
        return "\n".join(lines)


def _course_files(course: Path):
    for path in sorted(course.rglob("*")):
        relative = path.relative_to(course)
        if path.is_file() and not SKIPPED & set(relative.parts):
            yield relative


def _manifest(copy: Path) -> dict:
    try:
        found = json.loads((copy / MANIFEST).read_text(encoding="utf-8"))
        return found if isinstance(found, dict) else {}
    except (OSError, ValueError):
        return {}


def _write_manifest(copy: Path, manifest: dict):
    (copy / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                                 encoding="utf-8")


def _put(course: Path, copy: Path, relative: Path, manifest: dict):
    target = copy / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(course / relative, target)
    manifest[relative.as_posix()] = fingerprint(course / relative)


def update(course, copy) -> Report:
    """Make or bring up to date the working copy ``copy`` of the ``course`` folder."""
    course, copy = Path(course), Path(copy)
    if not course.is_dir():
        raise FileNotFoundError(f"no course folder {course} to copy the lessons from")
    copy.mkdir(parents=True, exist_ok=True)
    manifest, report = _manifest(copy), Report(copy)
    for relative in _course_files(course):
        name, target = relative.as_posix(), copy / relative
        if not target.exists():
            _put(course, copy, relative, manifest)
            report.copied.append(name)
            continue
        shipped, now = fingerprint(course / relative), fingerprint(target)
        was = manifest.get(name)
        if now == shipped:  # the same as the course's (a lesson merely run counts as same)
            manifest[name] = shipped
        elif now == was:  # the student's untouched, the course changed: the new version
            _put(course, copy, relative, manifest)
            report.updated.append(name)
        elif was is not None and was != shipped:
            report.behind.append(name)
        else:
            report.kept.append(name)
    _write_manifest(copy, manifest)
    return report


def fresh(course, copy, lesson) -> tuple:
    """Put the course's version of ``lesson`` (a file name, or its start: ``"06"``) back
    in the copy; the student's version is renamed beside it. Returns (fresh file, the
    student's renamed file or None)."""
    course, copy = Path(course), Path(copy)
    if not str(lesson).strip():
        raise ValueError("name the lesson to get back as shipped: make fresh LESSON=06")
    names = [r for r in _course_files(course)
             if r.as_posix() == lesson or (r.name.startswith(str(lesson)) and r.suffix == ".ipynb"
                                           and len(r.parts) == 1)]
    if len(names) != 1:
        known = ", ".join(r.name for r in _course_files(course) if r.suffix == ".ipynb"
                          and len(r.parts) == 1)
        raise ValueError(f"{lesson!r} names {'no' if not names else 'more than one'} lesson; "
                         f"the lessons are {known}")
    relative = names[0]
    target, kept = copy / relative, None
    if target.exists():
        stamp = time.strftime("%Y-%m-%d %H%M%S")
        kept = target.with_name(f"{target.stem} (yours {stamp}){target.suffix}")
        target.rename(kept)
    manifest = _manifest(copy)
    _put(course, copy, relative, manifest)
    _write_manifest(copy, manifest)
    return target, kept


def main(argv=None) -> int:
    checkout = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(prog="python -m minimax_lessons.working_copy",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--course", default=str(checkout / "notebooks"),
                        help="the course's notebooks, as shipped (default: %(default)s)")
    parser.add_argument("--copy", default=str(checkout / COPY_NAME),
                        help="the student's working copy (default: %(default)s)")
    parser.add_argument("--fresh", metavar="LESSON",
                        help="get this lesson back as shipped (yours is kept, renamed)")
    args = parser.parse_args(argv)
    try:
        if args.fresh:
            target, kept = fresh(args.course, args.copy, args.fresh)
            print(f"{target}: as the course ships it." + (f" Yours is kept as {kept}."
                                                          if kept else ""))
        else:
            print(update(args.course, args.copy))
    except (OSError, ValueError) as error:
        print(f"working copy: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
