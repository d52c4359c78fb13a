"""Reading what a student made: never through a link, never blocking, never more than a limit.

Everything a student's code could have written, and every file a student submitted, is
read here as data, with limits:

- :func:`read_file`: a submitted file, opened without following a symbolic link
  (``O_NOFOLLOW``) and without waiting for a writer (``O_NONBLOCK``), then checked to be
  a regular file (``fstat``) of at most ``limit`` bytes; anything else raises
  :class:`NotAFile`, whose message says what it is ("a named pipe (FIFO)", "a symbolic
  link", ...) and never names a host path;
- :class:`AnswerPipe`: the answers a notebook records (``MINIMAX_LESSONS_RECORD``) travel
  on a named pipe the grader made in a folder the student cannot write to, and that the
  grader keeps open and drains from the start, so that no symbolic link, no second pipe
  and no huge file can take its place; what comes past :data:`MAX_RECORDS` bytes is
  dropped (and said);
- :func:`parse_records`: those bytes as answer records (a line that is not one is skipped).

>>> parse_records(b'{"question": "q1", "answer": 3}\\nnot json\\n[1]\\n')
[{'question': 'q1', 'answer': 3}]
"""

from __future__ import annotations

import errno
import json
import os
import select
import stat
import threading
from pathlib import Path

#: Bytes of recorded answers the grader reads from one notebook (more is dropped).
MAX_RECORDS = 16 << 20
#: Bytes of one submitted notebook the grader reads (a bigger one is not graded).
MAX_NOTEBOOK = 50 << 20
#: Bytes of a plain file submitted beside a notebook that is copied into its folder.
MAX_DATA_FILE = 10 << 20


class NotAFile(OSError):
    """A submitted path that is not a regular file of a readable size (the message says
    what it is instead, without naming where it lies)."""


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISLNK, "a symbolic link"))


def kind_of(mode) -> str:
    """What a file of ``mode`` (``st_mode``) is, in words.

    >>> kind_of(stat.S_IFIFO | 0o644), kind_of(stat.S_IFREG | 0o644)
    ('a named pipe (FIFO)', 'a regular file')
    """
    return next((word for test, word in _KINDS if test(mode)), "a regular file")


def read_file(path, limit=MAX_NOTEBOOK) -> bytes:
    """The bytes of the regular file at ``path``; :class:`NotAFile` for anything else.

    Never follows a symbolic link, never waits for a writer (a FIFO), never reads more
    than ``limit`` bytes.
    """
    try:
        kind = os.lstat(path).st_mode
    except OSError as exc:
        raise NotAFile(exc.errno, _reason(exc)) from None
    if not stat.S_ISREG(kind):
        raise NotAFile(errno.EINVAL, f"{kind_of(kind)}, not a file")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:  # replaced between the two looks, or unreadable
        raise NotAFile(exc.errno, _reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(errno.EINVAL, f"{kind_of(info.st_mode)}, not a file")
        if info.st_size > limit:
            raise NotAFile(errno.EFBIG, f"{info.st_size:,} bytes, more than the "
                                        f"{limit:,} read")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while read
            raise NotAFile(errno.EFBIG, f"more than the {limit:,} bytes read")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _reason(exc) -> str:
    """An OSError in words, without the path it names."""
    if exc.errno == errno.ELOOP:
        return "a symbolic link, not a file"
    return os.strerror(exc.errno) if exc.errno else type(exc).__name__


def parse_records(data: bytes) -> list:
    """The answer records in ``data`` (JSON lines with a string ``question``)."""
    out = []
    for line in data.decode("utf-8", "replace").splitlines():
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(entry, dict) and isinstance(entry.get("question"), str):
            out.append(entry)
    return out


class AnswerPipe:
    """A named pipe ``folder/answers`` that a notebook writes its answer records to.

    The grader opens it for reading (and keeps a spare writing end, so that a read never
    sees its end while the notebook runs) before the notebook starts, drains it in a
    thread, and keeps at most ``limit`` bytes. :meth:`close` stops and gives the records:
    at once (a pipe of its own wakes the thread), not at the thread's next look.
    """

    def __init__(self, folder, limit=MAX_RECORDS):
        self.path = Path(folder) / "answers"
        os.mkfifo(self.path, 0o600)
        os.chmod(self.path, 0o622)  # whatever the umask: the jail's user writes to it
        self.limit, self.data, self.dropped = limit, bytearray(), 0
        self._read = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
        self._spare = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
        self._wake, self._waker = os.pipe()  # the grader's own: no child inherits it
        self._thread = threading.Thread(target=self._drain, daemon=True, name="answers")
        self._thread.start()

    def _drain(self):
        while True:
            ready = select.select([self._read, self._wake], [], [])[0]
            if self._read in ready:
                self._take()
            if self._wake in ready:  # close() asks: it takes what is left itself
                return

    def _take(self):
        while True:
            try:
                chunk = os.read(self._read, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                return
            room = self.limit - len(self.data)
            self.data += chunk[:max(room, 0)]
            self.dropped += max(len(chunk) - max(room, 0), 0)

    def close(self) -> list:
        """Stop reading (after taking what is left) and return the records."""
        os.write(self._waker, b"x")
        self._thread.join()
        self._take()
        for fd in (self._read, self._spare, self._wake, self._waker):
            os.close(fd)
        return parse_records(bytes(self.data))

    def problem(self) -> str | None:
        """What to tell the student when answers were dropped, else None."""
        if not self.dropped:
            return None
        return (f"the notebook recorded more than {self.limit:,} bytes of answers; "
                f"the last {self.dropped:,} were not read")


__all__ = ["read_file", "NotAFile", "kind_of", "AnswerPipe", "parse_records", "MAX_RECORDS",
           "MAX_NOTEBOOK", "MAX_DATA_FILE"]
