"""Reading what a learning platform hands over (a zip, or the folder it was unpacked to)
without trusting it.

Nothing is ever extracted by the names an archive gives: :func:`read_source` reads the
entries it is asked for into memory, as :class:`Entry` objects (a name and the bytes),
and the caller decides where they go. Before reading anything, the whole archive is
checked, and refused with an :class:`ArchiveError` that names the archive and the entry
when any entry

- has an absolute name, a drive letter, a ``..`` part or a NUL (a path that climbs out);
- is a symbolic link, or anything else that is not a file or a folder;
- is encrypted;
- has a name that is not UTF-8 (zip names without the UTF-8 flag are taken as UTF-8
  when they are, since many tools write them so; anything else is refused, never guessed);
- would unpack to more than :data:`MAX_ENTRY` bytes, or packs more than
  :data:`MAX_RATIO` times smaller than it unpacks (past 1 MiB), or when the archive
  unpacks to more than :data:`MAX_TOTAL` bytes or has more than :data:`MAX_ENTRIES`
  entries (zip bombs); sizes are counted while reading too, since a header may lie;
- appears twice, or when the file is not a zip, or is truncated or damaged (a bad CRC).

An archive inside the archive (a student who zipped their notebook) is read the same
way, one level deep; the limits on bytes and entries hold for the whole download, the
archives inside it included (a 30 MB download of zips inside the zip once unpacked to
2.28 GB in memory). In a folder, symbolic links are never followed: they are listed as
skipped, with everything else :func:`read_source` does not read.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as z:
...     z.writestr("../../etc/cron.d/x", "boom")
>>> read_zip(buffer, "download.zip")
Traceback (most recent call last):
...
minimax_lessons.instructor.lms.archives.ArchiveError: download.zip: the entry '../../etc/cron.d/x' climbs out of the archive (..); refused, nothing was unpacked
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..assignment.release import ReleaseError

#: Largest size one entry may unpack to (bytes).
MAX_ENTRY = 200 << 20
#: Largest size a whole archive may unpack to (bytes).
MAX_TOTAL = 2 << 30
#: Most entries an archive may hold.
MAX_ENTRIES = 50_000
#: Largest ratio of unpacked to packed size, for entries over 1 MiB.
MAX_RATIO = 200
#: Entries every zip tool adds that are nobody's submission.
NOISE = ("__MACOSX/", ".DS_Store", "Thumbs.db", "desktop.ini")


class ArchiveError(ReleaseError):
    """An archive refused (the message names it, the entry and why)."""


@dataclass
class Entry:
    """One file read from a source: its path inside it (``/`` between parts) and bytes."""

    name: str
    data: bytes
    inside: str = ""  # the archive inside the source that held it, if any

    @property
    def path(self) -> PurePosixPath:
        return PurePosixPath(self.name)


@dataclass
class Source:
    """What was read from a source: the entries wanted, and what was skipped and why."""

    entries: list = field(default_factory=list)
    skipped: list = field(default_factory=list)  # [(name, why)]


class Budget:
    """What a whole download may unpack to, the archives inside it included: bytes (what is
    read into memory) and entries."""

    def __init__(self, where, total=None, entries=None):
        self.where = where
        self.total = MAX_TOTAL if total is None else total
        self.entries = MAX_ENTRIES if entries is None else entries
        self.used, self.count = 0, 0

    def charge(self, size=0, entries=0):
        self.used += size
        self.count += entries
        if self.used > self.total:
            raise ArchiveError(f"{self.where} unpacks to more than {self.total:,} bytes, the "
                               "archives inside it included; refused as a zip bomb")
        if self.count > self.entries:
            raise ArchiveError(f"{self.where} holds more than {self.entries:,} entries, the "
                               "archives inside it included; refused as a likely zip bomb")


def read_source(path, wanted) -> Source:
    """The entries of a zip file or a folder whose names ``wanted(name)`` accepts.

    Entries named ``*.zip`` are opened too (one level deep) and their entries offered
    to ``wanted`` under ``outer.zip/inner/name``.
    """
    path = Path(path)
    budget = Budget(str(path))
    if path.is_dir():
        return _read_folder(path, wanted, budget)
    try:
        with open(path, "rb") as f:
            return _read_zip(f, str(path), wanted, depth=0, budget=budget)
    except OSError as exc:
        raise ArchiveError(f"cannot read {path}: {exc}") from None


def read_zip(file, where="the archive", wanted=lambda name: True) -> list:
    """The wanted entries of a zip (a path or a binary file object), checked as above."""
    return _read_zip(file, where, wanted, depth=0, budget=Budget(where)).entries


def _is_noise(name) -> bool:
    return name.startswith(NOISE[0]) or PurePosixPath(name).name in NOISE[1:] or \
        PurePosixPath(name).name.startswith("._")


def _read_zip(file, where, wanted, depth, budget) -> Source:
    try:
        archive = zipfile.ZipFile(file)
    except zipfile.BadZipFile:
        raise ArchiveError(f"{where} is not a zip file, or it is truncated (no directory "
                           "at its end); download it again") from None
    except (OSError, ValueError, EOFError) as exc:
        raise ArchiveError(f"{where} cannot be read as a zip file ({exc})") from None
    with archive:
        infos = archive.infolist()
        names = [_check(info, where) for info in infos]
        _check_sizes(infos, names, where)
        budget.charge(entries=len(infos))
        found = Source()
        for info, name in zip(infos, names):
            if info.is_dir() or _is_noise(name):
                continue
            is_zip = name.lower().endswith(".zip") and depth == 0
            if not (is_zip or wanted(name)):
                found.skipped.append((name, "not a file collect reads"))
                continue
            budget.charge(size=info.file_size)
            data = _read_entry(archive, info, name, where)
            if is_zip:
                inner = _read_zip(io.BytesIO(data), f"{where}: {name}",
                                  lambda n: wanted(f"{name}/{n}"), depth + 1, budget)
                found.entries += [Entry(f"{name}/{e.name}", e.data, inside=name)
                                  for e in inner.entries]
                found.skipped += [(f"{name}/{n}", why) for n, why in inner.skipped]
            else:
                found.entries.append(Entry(name, data))
    return found


def _check(info, where) -> str:
    """The entry's name, checked (an :class:`ArchiveError` for anything refused)."""
    name = _utf8_name(info, where)
    refuse = f"{where}: the entry {name!r}"
    if "\x00" in name:
        raise ArchiveError(f"{refuse} has a NUL in its name; refused, nothing was unpacked")
    parts = name.replace("\\", "/").split("/")
    if name.startswith(("/", "\\")) or (len(parts[0]) == 2 and parts[0][1] == ":"):
        raise ArchiveError(f"{refuse} has an absolute path; refused, nothing was unpacked")
    if ".." in parts:
        raise ArchiveError(f"{refuse} climbs out of the archive (..); refused, nothing was "
                           "unpacked")
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)  # made on Unix: the mode tells links from files (0: unknown)
    if info.create_system == 3 and kind:
        if kind == stat.S_IFLNK:
            raise ArchiveError(f"{refuse} is a symbolic link; refused, nothing was unpacked")
        if kind not in (stat.S_IFREG, stat.S_IFDIR):
            raise ArchiveError(f"{refuse} is not a file (mode {oct(mode)}); refused, nothing "
                               "was unpacked")
    if info.flag_bits & 0x1:
        raise ArchiveError(f"{refuse} is encrypted; download the submissions again without "
                           "a password")
    return name


def _utf8_name(info, where) -> str:
    if info.flag_bits & 0x800:  # the UTF-8 flag: zipfile decoded the name as UTF-8
        return info.filename
    raw = info.filename.encode("cp437")  # zipfile's own decoding, undone
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ArchiveError(f"{where}: the name of entry {info.filename!r} is not UTF-8 (bytes "
                           f"{raw!r}); refused rather than guessed: ask for the archive "
                           "again, made with UTF-8 names") from None


def _check_sizes(infos, names, where):
    if len(infos) > MAX_ENTRIES:
        raise ArchiveError(f"{where} holds {len(infos):,} entries (more than {MAX_ENTRIES:,}); "
                           "refused as a likely zip bomb")
    total, seen = 0, set()
    for info, name in zip(infos, names):
        if name in seen:
            raise ArchiveError(f"{where}: the entry {name!r} appears twice; refused")
        seen.add(name)
        total += info.file_size
        if info.file_size > MAX_ENTRY:
            raise ArchiveError(f"{where}: the entry {name!r} unpacks to {info.file_size:,} "
                               f"bytes (more than {MAX_ENTRY:,}); refused")
        if info.file_size > 1 << 20 and info.file_size > MAX_RATIO * max(1, info.compress_size):
            raise ArchiveError(f"{where}: the entry {name!r} unpacks {info.file_size:,} bytes "
                               f"from {info.compress_size:,} (more than {MAX_RATIO} times); "
                               "refused as a zip bomb")
        if total > MAX_TOTAL:
            raise ArchiveError(f"{where} unpacks to more than {MAX_TOTAL:,} bytes; refused as "
                               "a zip bomb")


def _read_entry(archive, info, name, where) -> bytes:
    try:
        with archive.open(info) as f:
            data = f.read(min(info.file_size, MAX_ENTRY) + 1)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError,
            NotImplementedError) as exc:
        raise ArchiveError(f"{where}: the entry {name!r} is truncated or damaged ({exc}); "
                           "download the archive again") from None
    if len(data) > info.file_size:
        raise ArchiveError(f"{where}: the entry {name!r} unpacks to more than its header says "
                           f"({info.file_size:,} bytes); refused as a zip bomb")
    return data


def _read_folder(root: Path, wanted, budget) -> Source:
    found = Source()
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        for d in list(dirs):
            if (here / d).is_symlink():
                dirs.remove(d)
                found.skipped.append((_rel(here / d, root), "a symbolic link, not followed"))
        dirs.sort()
        for f in sorted(files):
            path = here / f
            name = _rel(path, root)
            if _is_noise(name):
                continue
            budget.charge(entries=1)
            if path.is_symlink():
                found.skipped.append((name, "a symbolic link, not followed"))
            elif not path.is_file():
                found.skipped.append((name, "not a file"))
            elif name.lower().endswith(".zip"):
                inner = _read_zip(str(path), f"{root}: {name}",
                                  lambda n, name=name: wanted(f"{name}/{n}"), 1, budget)
                found.entries += [Entry(f"{name}/{e.name}", e.data, inside=name)
                                  for e in inner.entries]
                found.skipped += [(f"{name}/{n}", why) for n, why in inner.skipped]
            elif not wanted(name):
                found.skipped.append((name, "not a file collect reads"))
            elif path.stat().st_size > MAX_ENTRY:
                found.skipped.append((name, f"larger than {MAX_ENTRY:,} bytes"))
            else:
                budget.charge(size=path.stat().st_size)
                found.entries.append(Entry(name, path.read_bytes()))
    return found


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


__all__ = ["read_source", "read_zip", "Entry", "Source", "ArchiveError", "Budget", "MAX_ENTRY",
           "MAX_TOTAL", "MAX_RATIO", "MAX_ENTRIES"]
