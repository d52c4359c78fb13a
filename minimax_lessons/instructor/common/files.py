"""The files the instructor's tools write and read: file names, atomic writes and CSV.

Vocabulary:

- *safe name*: a student id turned into a file name (:func:`safe_name`); distinct ids
  give distinct names.
- *readable name*: a file name a person reads, in any script (:func:`readable_name`):
  ``李伟`` and ``émile-dupont`` stay as they are; only characters no file system takes
  (``/``, ``:``, control characters, ...) are replaced, and then a short hash keeps
  distinct ids distinct.
- *atomic write*: readers of the file see the old or the new text, never half of it
  (:func:`write_atomic`).
- *neutral cell*: a CSV cell a spreadsheet cannot take for a formula, whether it splits
  cells at ``,`` or at ``;``: text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return, at the start of the cell or after a ``,`` or ``;`` in it, gets a ``'``
  before it (numbers such as ``-2`` stay numbers), and a cell that holds a ``,`` or ``;``
  is written in quotes; the package's own readers take the ``'`` off again
  (:func:`csv_text`, :func:`read_csv`).

>>> safe_name("alice"), safe_name("a b") != safe_name("a_b")
('alice', True)
>>> print(csv_text(["student", "points"], [{"student": "=cmd|' /C calc'!A0", "points": "-2"}]))
student,points
'=cmd|' /C calc'!A0,-2
<BLANKLINE>
"""

from __future__ import annotations

import csv
import hashlib
import os
import re
import unicodedata
from pathlib import Path

#: How a cell starts when a spreadsheet would read it as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def _formula_like(text: str) -> bool:
    """Does ``text``, past any leading quotes, start like a formula (and is no number)?"""
    bare = text.lstrip("'")
    return bare.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(bare)


#: Where a spreadsheet may split a line into cells (by locale: "," or ";").
_SEPARATORS = re.compile(r"([,;])")


def neutral_cell(value) -> str:
    """``value`` as CSV text no spreadsheet runs as a formula (numbers stay numbers),
    whichever separator it splits at.

    >>> neutral_cell("=1+1"), neutral_cell("-3.5"), neutral_cell("@SUM(A1)"), neutral_cell(7)
    ("'=1+1", '-3.5', "'@SUM(A1)", '7')
    >>> neutral_cell("x;=1+1"), neutral_cell("1,-2"), neutral_cell("a, b")
    ("x;'=1+1", '1,-2', 'a, b')
    """
    text = "" if value is None else str(value)
    parts = _SEPARATORS.split(text)
    for i in range(0, len(parts), 2):
        if _formula_like(parts[i]):
            parts[i] = "'" + parts[i]
    return "".join(parts)


def plain_cell(text: str) -> str:
    """The text :func:`neutral_cell` was given (one ``'`` taken off where it put one).

    >>> plain_cell("'=1+1"), plain_cell("''=1"), plain_cell("'quoted"), plain_cell("-3")
    ('=1+1', "'=1", "'quoted", '-3')
    >>> plain_cell("x;'=1+1")
    'x;=1+1'
    """
    parts = _SEPARATORS.split(text)
    for i in range(0, len(parts), 2):
        if parts[i].startswith("'") and _formula_like(parts[i]):
            parts[i] = parts[i][1:]
    return "".join(parts)


#: A cell holding any of these is written in quotes (a separator of either kind, a quote,
#: a line end: a lone carriage return ends a row for many readers).
_QUOTED = re.compile(r'[,;"\r\n]')


def csv_text(fields, rows) -> str:
    """CSV text with a header: ``rows`` are dicts (keys beyond ``fields`` ignored) or
    sequences in the order of ``fields``; every cell neutral (:func:`neutral_cell`), and
    in quotes when it holds a ``,`` or ``;`` (so that it stays one cell for a spreadsheet
    that splits at either), a quote or a line end."""
    lines = []
    for row in [fields, *rows]:
        cells = [row.get(f, "") for f in fields] if isinstance(row, dict) else list(row)
        cells = [neutral_cell(c) for c in cells]
        lines.append(",".join('"' + c.replace('"', '""') + '"' if _QUOTED.search(c) else c
                              for c in cells) + "\n")
    return "".join(lines)


def read_csv(path) -> list:
    """The rows of a CSV file the package wrote, as dicts of plain text (:func:`plain_cell`)."""
    with open(path, newline="", encoding="utf-8") as f:
        return [{plain_cell(k): plain_cell(v or "") for k, v in row.items() if k is not None}
                for row in csv.DictReader(f)]


def safe_name(text: str) -> str:
    """A student id usable as a file name (distinct ids give distinct names).

    >>> safe_name("zoë")
    'zo-2752b8'
    """
    name = re.sub(r"[^A-Za-z0-9._@-]+", "_", text).strip("._") or "student"
    if name != text:
        name += "-" + hashlib.sha256(text.encode()).hexdigest()[:6]
    return name


#: Characters no file name may hold on Linux, macOS or Windows (and the path separators).
_UNSAFE_IN_NAMES = re.compile(r'[/\\:*?"<>|]')
#: Names Windows keeps for devices, whatever the extension.
_DEVICE_NAMES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                 *(f"LPT{i}" for i in range(1, 10))}


def readable_name(text: str, limit: int = 80) -> str:
    """A file name that keeps ``text`` readable in any script (no extension added).

    The text in Unicode's composed form (NFC), with each character no file system takes
    (``/ \\ : * ? " < > |``, control and invisible formatting characters such as a
    right-to-left override) replaced by ``_``, no leading or trailing dots or spaces,
    at most ``limit`` characters. When anything had to change, a short hash of the
    original is added, so distinct ids still give distinct names.

    >>> readable_name("李伟"), readable_name("émile-dupont"), readable_name("Jane Doe")
    ('李伟', 'émile-dupont', 'Jane Doe')
    >>> readable_name("a/b") != readable_name("a:b"), readable_name("a/b").startswith("a_b-")
    (True, True)
    """
    text = str(text)
    name = unicodedata.normalize("NFC", text)
    name = "".join("_" if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c
                   for c in _UNSAFE_IN_NAMES.sub("_", name))
    name = name.strip(" .")[:limit].strip(" .")
    if not name or name.split(".")[0].upper() in _DEVICE_NAMES:
        name = "_" + name
    if name != text:
        name += "-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]
    return name


def write_atomic(path: Path, text: str, mode: int | None = None):
    """Write a file so that readers see the old or the new content, never half of it;
    ``mode`` (e.g. 0o600): its permissions from the start (none of its bytes is ever
    readable with others)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags, 0o666 if mode is None else mode)
    if mode is not None:
        os.chmod(tmp, mode)  # whatever the umask, or a file left there by a crash
    with open(fd, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


__all__ = ["safe_name", "readable_name", "write_atomic", "csv_text", "read_csv", "neutral_cell",
           "plain_cell", "FORMULA_STARTS"]
