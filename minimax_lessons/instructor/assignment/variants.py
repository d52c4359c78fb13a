"""Variants assigned by the instructor: a roster of student ids and a secret in the key.

Without a roster, a student's ``me = "..."`` picks their trees (self-study: any
seed will do). With one, each student's variant is fixed by an HMAC of their id
under the key's secret, so two students never choose the same trees, nobody can
shop for an easy variant, and the grader judges the variant it assigned whatever
seed the notebook used. :func:`assign` writes each student their own copy of the
released notebooks with that seed filled in (``me = "v-..."``).

>>> key = {"secret": "s3cret"}
>>> assigned_seed(key, "alice") == assigned_seed(key, "alice") != assigned_seed(key, "bob")
True
>>> assigned_seed(key, "alice").startswith("v-")
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path

import nbformat

from ..common.files import csv_text, safe_name, write_atomic
from .release import ReleaseError, notebooks_in
from .class_list import read_class

ME_LINE = re.compile(r"^me\s*=\s*.*$", re.M)


def key_secret(key: dict) -> bytes:
    """The key's secret (its ``secret`` field; else a digest of the whole key, which
    holds the hidden tests and so is as secret as the key itself)."""
    secret = key.get("secret")
    if isinstance(secret, str) and secret:
        return secret.encode()
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).digest()


def sign(key: dict, text: str, purpose: str = "result") -> str:
    """HMAC-SHA256 of ``text`` under the key's secret, for one ``purpose``."""
    return hmac.new(key_secret(key), f"{purpose}\n{text}".encode(), hashlib.sha256).hexdigest()


def verify(key: dict, text: str, signature, purpose: str = "result") -> bool:
    return isinstance(signature, str) and hmac.compare_digest(sign(key, text, purpose), signature)


def assigned_seed(key: dict, student: str) -> str:
    """The variant seed the instructor assigns to ``student`` (stable, unguessable)."""
    return "v-" + sign(key, str(student), "variant")[:12]


def read_roster(path) -> list:
    """Student ids from a class list: a Canvas gradebook export, a Moodle participants
    download or a plain CSV (:func:`~.class_list.read_class`)."""
    return read_class(path).ids


def roster_seeds(key: dict, roster) -> dict:
    """student id -> assigned seed, for every student of a roster (a path or a list)."""
    ids = read_roster(roster) if isinstance(roster, (str, Path)) else list(roster)
    return {sid: assigned_seed(key, sid) for sid in ids}


def with_seed(nb, seed: str):
    """The notebook with its ``me = ...`` line set to ``seed`` (a new object)."""
    nb = nbformat.from_dict(json.loads(json.dumps(nb)))
    found = False
    for cell in nb.cells:
        if cell.cell_type == "code" and ME_LINE.search(cell.source):
            cell.source = ME_LINE.sub(f'me = "{seed}"  # assigned by your instructor: keep it',
                                      cell.source, count=1)
            found = True
            break
    if not found:
        nb.cells.insert(0, nbformat.v4.new_code_cell(
            f'me = "{seed}"  # assigned by your instructor: keep it'))
    return nb


def assign(release_dir, roster, key: dict, dest) -> dict:
    """Write ``dest/<student>/<notebook>`` with each student's assigned seed, and
    ``dest/seeds.csv``; returns student -> seed."""
    seeds = roster_seeds(key, roster)
    found = notebooks_in(Path(release_dir))
    if not found:
        raise ReleaseError(f"no notebooks found in {release_dir}")
    dest = Path(dest)
    for sid, seed in seeds.items():
        for path in found:
            nb = with_seed(nbformat.read(str(path), as_version=4), seed)
            rel = path.relative_to(release_dir) if Path(release_dir).is_dir() else path.name
            target = dest / safe_name(sid) / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, nbformat.writes(nb))
    dest.mkdir(parents=True, exist_ok=True)  # ids a spreadsheet would run are neutral
    write_atomic(dest / "seeds.csv", csv_text(["student", "seed"], seeds.items()))
    return seeds


__all__ = ["key_secret", "sign", "verify", "assigned_seed", "read_roster", "roster_seeds",
           "with_seed", "assign"]
