"""A Gradescope autograder that grades one submission the way ``grade`` does.

Gradescope reads grades only from its own autograder: a zip with ``setup.sh`` (run once,
when Gradescope builds the image) and ``run_autograder`` (run for every submission, in
``/autograder``, with the student's files in ``/autograder/submission`` and
``/autograder/submission_metadata.json`` beside them), which must write
``/autograder/results/results.json`` (Gradescope's "Autograder Specifications").
:func:`build_autograder` writes that zip:

- ``setup.sh``: installs Python (3.11 or later), bubblewrap, util-linux and this package,
  from the copy in the zip, into ``/autograder/venv``, readable by every user, and
  compiles the embedded Graphviz once, into ``/autograder/graphviz-cache``;
- ``run_autograder``: runs ``python -m minimax_lessons.instructor.gradescope
  /autograder`` (:func:`run`);
- ``key.json`` (Gradescope keeps the autograder from students), ``config.json`` (the
  grading options and late policy), ``package/`` (this package's source).

:func:`run` finds the assignment's notebooks among the submitted files by content (as
``collect`` does), grades them with ``grade`` (a fresh kernel per notebook), applies the
late policy to Gradescope's own ``created_at`` and writes ``results.json``: one test per
question (its points, ``passed`` or ``failed``, and the grader's feedback, diagnosis
included, as output), the final score, what went wrong with the submission and how the
student's code was isolated as the top output (and ``extra_data.isolation``).

*Visibility* (Gradescope's own words: ``hidden``, ``after_due_date``, ``after_published``,
``visible``): the tests, one per graded question, get the visibility chosen when the
autograder is built, by default ``after_due_date``, so that resubmitting cannot turn the
graded questions (which ``check`` keeps silent in the notebook) into an oracle before the
due date; the top output, with the total, stays visible.

*A student's own dates*: Gradescope writes each submitter's own due date and late due date
in ``submission_metadata.json`` (``users[].assignment``, after an extension, beside the
assignment's ``assignment.due_date``). When they are there, the late policy counts from
the student's due date: the policy's ``--due`` moved by the student's extension (their due
date less the assignment's), or the student's due date itself when the assignment's is not
given; a notebook handed in after the student's late due date loses what the cap allows.

Gradescope runs ``run_autograder`` as root, in a Docker container whose default seccomp
profile refuses the namespaces bubblewrap needs. So the autograder grades in bubblewrap
when the image allows it, and else (:func:`isolation_here`) as an unprivileged user of
its own (``grade --isolation user``: :mod:`.grading.unprivileged`), never as root; before
any student code runs it closes its own folders to other users (:func:`close_autograder`):
the key and the autograder's source, the results, the submission and its metadata.
"""

from __future__ import annotations

import io
import os
import json
import sys
import tempfile
import time
import zipfile
from dataclasses import replace
from pathlib import Path, PurePosixPath

from .._process import PACKAGE_ROOT
from .assignment.release import ReleaseError, load_key
from .common.files import csv_text, readable_name, safe_name
from .grading.isolation import Isolation, strongest_kind
from .lms.archives import read_source
from .lms.collect import COLLECTION_FIELDS, STUDENT_FIELDS, match_notebook

#: Where Gradescope mounts everything.
ROOT = "/autograder"
#: The submission's metadata fields that may name the student, in the order tried.
STUDENT_FIELDS_GS = ("sid", "email", "id")
#: A fixed time for the zip's entries, so the same autograder gives the same bytes.
ZIP_TIME = (2024, 1, 1, 0, 0, 0)
#: Gradescope's visibilities of a test (its "Autograder Specifications").
VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")
#: The tests' visibility unless the instructor chooses another: a graded verdict shows once
#: the due date has passed.
DEFAULT_VISIBILITY = "after_due_date"

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image (as root).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update
# bubblewrap when the container allows namespaces; else setpriv and prlimit (util-linux)
# run student code as an unprivileged user of its own
apt-get install -y --no-install-recommends bubblewrap util-linux python3 python3-venv python3-pip
PY=""
for candidate in python3.13 python3.12 python3.11; do
  if command -v "$candidate" >/dev/null; then PY="$candidate"; break; fi
done
if [ -z "$PY" ]; then  # Ubuntu 22.04 ships 3.10: the package needs 3.11 or later
  apt-get install -y --no-install-recommends python3.11 python3.11-venv
  PY=python3.11
fi
apt-get install -y --no-install-recommends "$PY-venv" || true
"$PY" -m venv /autograder/venv
/autograder/venv/bin/pip install --upgrade pip
/autograder/venv/bin/pip install /autograder/source/package
# compile the embedded Graphviz once, here, so that no submission waits for it, where the
# user student code runs as may read it
export MINIMAX_LESSONS_GRAPHVIZ_CACHE=/autograder/graphviz-cache
/autograder/venv/bin/python -c "from minimax_lessons.pictures.render import dot_to_svg; \\
dot_to_svg('digraph { a -> b }')"
chmod -R a+rX /autograder/venv /autograder/graphviz-cache
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this in /autograder for every submission: it grades the notebooks in
# submission/ as `python -m minimax_lessons.instructor grade` would, and writes
# results/results.json.
set -u
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE"
[ -d "$ROOT/submission" ] || ROOT="$(dirname "$HERE")"  # when run from source/
PYTHON="${MINIMAX_LESSONS_PYTHON:-$ROOT/venv/bin/python}"
[ -x "$PYTHON" ] || PYTHON=python3
[ -d "$ROOT/graphviz-cache" ] && export MINIMAX_LESSONS_GRAPHVIZ_CACHE="$ROOT/graphviz-cache"
exec "$PYTHON" -m minimax_lessons.instructor.gradescope "$ROOT"
"""


def build_autograder(path, key, *, late=None, options=None, roster=None,
                     visibility=DEFAULT_VISIBILITY, student_field=None) -> Path:
    """Write the autograder zip to ``path`` for the assignment of ``key``.

    ``late``: a :class:`~.gradebook.late.LatePolicy` (its due date, or Gradescope's when None is
    wanted: ``late.due`` is used as given); ``options``: grading options as for ``grade``
    (cell_timeout, notebook_timeout, output_limit, isolation); ``roster``: a class list
    whose assigned variants are judged (the student is then named by
    ``student_field``, one of sid, email, id); ``visibility``: Gradescope's visibility of
    the tests, one per graded question (:data:`VISIBILITIES`; the total stays visible).
    """
    if visibility not in VISIBILITIES:
        raise ReleaseError(f"visibility {visibility!r}: expected one of "
                           f"{', '.join(VISIBILITIES)}")
    key_data = load_key(key) if not isinstance(key, dict) else key
    config = {"options": dict(options or {}), "visibility": visibility,
              "student_field": student_field or "sid", "roster": bool(roster),
              "late": None if late is None else {"due": late.due.isoformat(),
                                                 "rate": late.rate, "unit": late.unit,
                                                 "cap": late.cap}}
    files = {"setup.sh": SETUP, "run_autograder": RUN,
             "key.json": json.dumps(key_data, indent=1, sort_keys=True),
             "config.json": json.dumps(config, indent=1, sort_keys=True)}
    if roster:
        files["roster.csv"] = Path(roster).read_text(encoding="utf-8-sig")
    files.update(_package_files())
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in sorted(files.items()):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            executable = name in ("setup.sh", "run_autograder")
            mode = 0o100755 if executable else 0o100600 if name == "key.json" else 0o100644
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text)
    return path


def _package_files() -> dict:
    """``package/...``: this package's source and a pyproject.toml that installs it."""
    files = {}
    root = PACKAGE_ROOT / "minimax_lessons"
    for item in sorted(root.rglob("*")):
        if item.is_file() and "__pycache__" not in item.parts and item.suffix != ".pyc":
            rel = item.relative_to(PACKAGE_ROOT).as_posix()
            data = item.read_bytes()
            files[f"package/{rel}"] = data
    files["package/pyproject.toml"] = _pyproject()
    return files


def _pyproject() -> str:
    """A pyproject.toml with the package's own name, version and dependencies."""
    import tomllib

    checkout = PACKAGE_ROOT / "pyproject.toml"
    if checkout.exists():
        project = tomllib.loads(checkout.read_text(encoding="utf-8"))["project"]
        name, version = project["name"], project["version"]
        python, needs = project.get("requires-python", ">=3.11"), project["dependencies"]
    else:
        from importlib.metadata import metadata, requires

        meta = metadata("minimax-lessons")
        name, version = meta["Name"], meta["Version"]
        python = meta.get("Requires-Python") or ">=3.11"
        needs = [r for r in requires("minimax-lessons") or [] if "extra ==" not in r]
    listed = "".join(f"    {json.dumps(n)},\n" for n in needs)
    return ("[build-system]\nrequires = [\"setuptools>=61\"]\n"
            "build-backend = \"setuptools.build_meta\"\n\n"
            f"[project]\nname = {json.dumps(name)}\nversion = {json.dumps(version)}\n"
            f"requires-python = {json.dumps(python)}\ndependencies = [\n{listed}]\n\n"
            "[tool.setuptools.packages.find]\ninclude = [\"minimax_lessons*\"]\n\n"
            "[tool.setuptools.package-data]\nminimax_lessons = [\"static/**/*\", "
            "\"instructor/templates/*\"]\n")


# -- in Gradescope's container ----------------------------------------------------------------
def _student(metadata, field) -> str:
    users = metadata.get("users") or [{}]
    person = users[0] if isinstance(users[0], dict) else {}
    for name in (field, *STUDENT_FIELDS_GS):
        if person.get(name):
            return str(person[name])
    return "student"


def _date(value, what):
    """A time of the metadata (ISO 8601 with its offset), or None when absent."""
    from .gradebook.late import parse_time

    return parse_time(value, what=f"submission_metadata.json's {what}") \
        if isinstance(value, str) and value.strip() else None


def own_policy(late, metadata) -> tuple:
    """(the late policy for this submission's student, a line for the top output or "").

    The student's own dates (``users[0].assignment``: ``due_date``, ``late_due_date``),
    when Gradescope gives them, replace the policy's (see the module docstring).

    >>> from .gradebook.late import LatePolicy
    >>> policy = LatePolicy.parse("2025-03-01T23:59+00:00", "10%/day")
    >>> meta = {"assignment": {"due_date": "2025-03-01T23:59:00+00:00"},
    ...         "users": [{"assignment": {"due_date": "2025-03-04T23:59:00+00:00"}}]}
    >>> mine, said = own_policy(policy, meta)
    >>> print(mine.due.isoformat()); print(said)
    2025-03-04T23:59:00+00:00
    Your due date on Gradescope: 2025-03-04 23:59 +00:00 (3 days after the assignment's).
    """
    from datetime import timedelta

    from .gradebook.late import show_time, time_span

    if late is None:
        return None, ""
    users = metadata.get("users") if isinstance(metadata, dict) else None
    person = users[0] if isinstance(users, list) and users and isinstance(users[0], dict) \
        else {}
    mine = person.get("assignment") if isinstance(person.get("assignment"), dict) else {}
    everyone = metadata.get("assignment") if isinstance(metadata.get("assignment"), dict) \
        else {}
    own_due, own_last = _date(mine.get("due_date"), "due_date"), \
        _date(mine.get("late_due_date"), "late_due_date")
    assignment_due = _date(everyone.get("due_date"), "due_date")
    due = late.due
    said = ""
    if own_due is not None:
        shift = own_due - assignment_due if assignment_due is not None else None
        due = late.due + shift if shift is not None else own_due
        due = due.astimezone(late.due.tzinfo)
        if shift is None or shift:
            after = "" if not shift else (f" ({time_span(abs(shift))} "
                                          f"{'after' if shift > timedelta(0) else 'before'} "
                                          "the assignment's)")
            said = f"Your due date on Gradescope: {show_time(due)}{after}."
    return replace(late, due=due, last=own_last), said


def _submitted(root: Path, key) -> tuple:
    """(notebook name -> bytes, notes) from the files in ``root/submission``."""
    found = read_source(root / "submission", lambda n: n.lower().endswith(".ipynb"))
    chosen, notes = {}, []
    for entry in sorted(found.entries, key=lambda e: e.name):
        try:
            nb = json.loads(entry.data.decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError):
            notes.append(f"{entry.name} is not a readable notebook (not JSON)")
            continue
        name, why = match_notebook(nb, key)
        if name is None:
            notes.append(f"{entry.name}: {why}")
        elif name in chosen:
            notes.append(f"{entry.name} is a second copy of {name}; {chosen[name][0]} was "
                         "graded")
        else:
            chosen[name] = (entry.name, entry.data)
    return {n: data for n, (_, data) in chosen.items()}, notes


def isolation_here(asked="auto") -> str:
    """The isolation to grade with in this container: ``asked``, but for "auto" (and
    "strongest"), the strongest this machine allows (:func:`~.grading.isolation.
    strongest_kind`): bubblewrap when it works, else, as root (Gradescope's case), a user
    of its own.

    >>> isolation_here("none")
    'none'
    """
    if asked not in ("auto", "strongest"):
        return asked
    kind = strongest_kind()
    return "auto" if kind == "none" else kind  # "auto" says why it is none


def close_autograder(root):
    """Take every other user's rights away from the autograder's own files in ``root``:
    the key and the source, the results, the submission and its metadata (``root`` itself
    stays passable: the Python environment is in it)."""
    root = Path(root)
    (root / "results").mkdir(parents=True, exist_ok=True)
    for name in ("source", "results", "submission", "submission_metadata.json"):
        path = root / name
        if path.exists() and not path.is_symlink():
            os.chmod(path, 0o700 if path.is_dir() else 0o600)
    os.chmod(root, (os.stat(root).st_mode & 0o7700) | 0o711)


def run(root=ROOT) -> dict:
    """Grade the submission in ``root`` (Gradescope's ``/autograder``); write and return
    ``results/results.json`` (which says what went wrong when it could not grade)."""
    start = time.monotonic()
    root = Path(root)
    try:
        results = _grade_submission(root, start)
    except ReleaseError as exc:
        results = {"score": 0, "execution_time": round(time.monotonic() - start),
                   "output": f"The autograder could not grade this submission: {exc} "
                             "Please tell your instructor.",
                   "output_format": "text", "stdout_visibility": "hidden",
                   "extra_data": {"error": str(exc)}}
    (root / "results").mkdir(parents=True, exist_ok=True)
    (root / "results" / "results.json").write_text(json.dumps(results, indent=1),
                                                   encoding="utf-8")
    return results


def _grade_submission(root: Path, start) -> dict:
    from .grading.batch import grade
    from .gradebook.late import LatePolicy, parse_time

    source = root / "source"
    key = load_key(source / "key.json")
    config = json.loads((source / "config.json").read_text(encoding="utf-8"))
    meta_path = root / "submission_metadata.json"
    metadata = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.exists() else {}
    student = _student(metadata, config.get("student_field", "sid"))
    notebooks, notes = _submitted(root, key)
    late = None
    if config.get("late"):
        rule = config["late"]
        late = LatePolicy(parse_time(rule["due"]), rule["rate"], rule["unit"], rule["cap"])
    late, own_due = own_policy(late, metadata)
    options = dict(config.get("options", {}))
    options["isolation"] = isolation_here(options.get("isolation", "auto"))
    close_autograder(root)
    with tempfile.TemporaryDirectory(prefix="mml-gradescope-") as tmp:
        sub, out = Path(tmp) / "submitted", Path(tmp) / "graded"
        folder = sub / readable_name(student)
        folder.mkdir(parents=True)
        for name, data in notebooks.items():
            (folder / name).write_bytes(data)
        created = metadata.get("created_at") or ""
        (sub / "collection.csv").write_text(csv_text(COLLECTION_FIELDS, [
            {"student": readable_name(student), "notebook": name, "status": "collected",
             "lms": "gradescope", "submitted_at": created} for name in notebooks]))
        (sub / "students.csv").write_text(csv_text(STUDENT_FIELDS, [
            {"student": readable_name(student), "submitted_at": created,
             "notebooks": len(notebooks)}]))
        roster = [readable_name(student)] if config.get("roster") else None
        log = io.StringIO()
        [result] = grade(sub, key, out, progress=False, stream=log, jobs=1, roster=roster,
                         late=late, **options)
        final = json.loads((out / "final" / f"{safe_name(result.student)}.json").read_text())
        kind = options["isolation"] if options["isolation"] != "auto" else "none"
        return results_json(result, final["final"], notes, config,
                            round(time.monotonic() - start), isolation=kind,
                            dates=[own_due] if own_due else [])


def results_json(result, final, notes, config, seconds, isolation="bwrap", dates=()) -> dict:
    """Gradescope's results.json for one graded student: the tests (one per question) with
    the autograder's visibility, the top output (total, lateness, problems; ``dates``: what
    it says of the student's own due date) always visible."""
    from ..words import counted

    visibility = config.get("visibility", DEFAULT_VISIBILITY)
    tests = []
    for g in result.grades:
        output = g.feedback + (f"\n\nDiagnosis: {g.diagnosis}" if g.diagnosis else "")
        tests.append({"name": f"{PurePosixPath(g.notebook).stem}: {g.question}",
                      "number": g.question, "score": g.points, "max_score": g.max_points,
                      "status": "passed" if g.points >= g.max_points else "failed",
                      "output": output, "visibility": visibility})
    lines = [f"{final['points']:g} / {result.max_points:g} points."]
    if visibility != "visible":
        lines.append("Each question's result shows "
                     + {"hidden": "to your instructor only",
                        "after_due_date": "once the due date has passed",
                        "after_published": "once your instructor publishes the grades"}[
                         visibility] + ".")
    lines += list(dates)
    for n in final["notebooks"]:
        if n["late_reason"]:
            lines.append(f"Late, {n['notebook']}: {n['late_reason']}: "
                         f"-{counted(n['late_penalty'], 'point')}.")
    lines += [f"Adjustment ({a['question']}): {a['points']:+g} {a['comment']}".rstrip()
              for a in final["adjustments"]]
    lines += [f"Problem: {p}" for p in result.problems] + [f"Note: {n}" for n in notes]
    lines.append(f"Your code ran {Isolation(isolation).words}.")
    return {"score": final["points"], "execution_time": seconds, "output": "\n".join(lines),
            "output_format": "text", "test_output_format": "text", "visibility": "visible",
            "stdout_visibility": "hidden", "tests": tests,
            "extra_data": {"isolation": isolation,
                           "diagnoses": {g.question: g.diagnosis for g in result.grades
                                         if g.diagnosis}}}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        results = run(argv[0] if argv else ROOT)
    except ReleaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"score {results['score']:g}; {len(results['tests'])} test(s)")
    return 0


__all__ = ["build_autograder", "run", "results_json", "isolation_here", "close_autograder",
           "own_policy", "VISIBILITIES", "DEFAULT_VISIBILITY"]

if __name__ == "__main__":
    sys.exit(main())
