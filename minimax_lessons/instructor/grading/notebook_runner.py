"""Run one notebook in a fresh kernel, with time limits and an output cap.

Every code cell gets ``cell_timeout`` seconds (then the kernel is interrupted
and the run goes on with the next cell); the whole notebook gets
``notebook_timeout`` seconds. A cell's output beyond ``output_limit``
characters is dropped (with a note), and a cell printing ten times that much is
interrupted. A kernel that dies, or still does not answer after an interrupt,
ends the run; what was recorded until then still counts.

No run writes in the learner's logbook (:mod:`minimax_lessons.logbook`): the kernel starts
with ``MINIMAX_LESSONS_PROGRESS=off``.

With ``jail`` (a :class:`~.isolation.Jail`) the kernel runs inside bubblewrap,
talking to this process over Unix sockets in the jail's folder (the jail has no
network); without one, the notebook runs with the grader's rights.

A Unix socket's path holds at most :data:`SOCKET_PATH_MAX` bytes, and a jailed kernel's
is long: the grader reaches it through the jail's root, ``/proc/<pid>/root`` and the
kernel's folder, ``<root>/nb-*/work/.ipc-N``. So the folder kernels' folders are made in
comes from :func:`kernels_folder` (short enough, whatever ``TMPDIR`` says), and
:func:`run_recorded` refuses, with a clear error, one where the sockets would not fit.

>>> sockets_fit("/tmp/mml-grading-abcdefgh"), sockets_fit("/scratch/" + "deep/" * 20)
(True, False)
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionComplete, CellTimeoutError, DeadKernelError
from jupyter_core.utils import ensure_async, run_sync

from ..._process import with_package_path
from .kernels import CappedKernelManager

TIMEOUT_NAME = "CellTimeoutError"
#: The bytes a Unix socket's path may hold (``sun_path``, less its closing NUL).
SOCKET_PATH_MAX = 107
#: The longest path a kernel's socket can have under a folder ``F``, for ``F`` in between:
#: reached through the jail's root (pid_max is at most 2**22), in the kernel's folder made
#: by :func:`run_recorded`, on its highest port.
_SOCKET_PATH = "/proc/4194304/root{folder}/nb-abcdefgh/work/.ipc-99"
#: Where to make kernels' folders when the temporary folder is too deep for their sockets.
SHORT_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")
#: The switch of the learner's logbook (minimax_lessons.logbook.SWITCH_ENV), off in every run.
PROGRESS_SWITCH = "MINIMAX_LESSONS_PROGRESS"


@dataclass
class NotebookRun:
    """What happened: the executed notebook, each code cell's time window, problems."""

    notebook: object
    windows: dict = field(default_factory=dict)  # cell index -> (start, end) wall times
    problems: list = field(default_factory=list)
    stopped_at: int | None = None  # the cell where the run ended early
    seconds: float = 0.0


class _CappedClient(NotebookClient):
    """An nbclient that keeps at most ``output_limit`` characters of output per cell.

    Everything the kernel sends for a cell counts: outputs, updates of a display
    (``update_display_data``), ``clear_output``, comm messages (widgets, whose state is
    stored in the notebook) and their binary buffers. Past the limit the cell's messages are
    dropped (with one note); past ten times the limit the kernel is interrupted.
    """

    def __init__(self, nb, *, output_limit, **kw):
        super().__init__(nb, **kw)
        self.output_limit = output_limit
        self.used = {}
        self.flooded = set()
        self.malformed = set()
        self._stopped = set()

    async def _async_poll_for_reply(self, msg_id, cell, timeout, task_poll_output_msg,
                                    task_poll_kernel_alive):
        """nbclient's wait for the cell's reply, which ends :data:`REPLY_AFTER_IDLE` seconds
        after the kernel said it is idle again for the cell, reply or not. A kernel that
        takes an interrupt (ours, for a flood) as it sends its reply, or a cell that stops
        its own reply, sends none: nbclient would wait out the cell's whole time limit."""
        reply = asyncio.ensure_future(super()._async_poll_for_reply(
            msg_id, cell, timeout, task_poll_output_msg, task_poll_kernel_alive))
        await asyncio.wait({reply, task_poll_output_msg}, return_when=asyncio.FIRST_COMPLETED)
        if not reply.done() and not task_poll_output_msg.cancelled() \
                and task_poll_output_msg.exception() is None:  # idle came, the reply not
            await asyncio.wait({reply}, timeout=REPLY_AFTER_IDLE)
            if not reply.done():
                reply.cancel()
                task_poll_kernel_alive.cancel()
                return None
        return await reply

    def process_message(self, msg, cell, cell_index):
        if msg.get("msg_type") in UNCOUNTED:  # (idle ends the cell: never dropped)
            return super().process_message(msg, cell, cell_index)
        used = self.used.get(cell_index, 0) + message_size(msg)
        self.used[cell_index] = used
        if used <= self.output_limit:
            try:
                return super().process_message(msg, cell, cell_index)
            except CellExecutionComplete:
                raise
            except Exception:  # a message nbclient cannot handle (a widget's without its
                self.malformed.add(cell_index)  # module): dropped, that cell's only
                return None
        if cell_index not in self.flooded:
            self.flooded.add(cell_index)
            cell.outputs.append(nbformat.v4.new_output(
                "stream", name="stderr",
                text=f"\n[grader: output beyond {self.output_limit:,} characters dropped]\n"))
        if used > 10 * self.output_limit and cell_index not in self._stopped:
            self._stopped.add(cell_index)
            asyncio.ensure_future(ensure_async(self.km.interrupt_kernel()))
        return None


#: Seconds to wait for a cell's reply once the kernel has said it is idle again (the
#: kernel sends the reply first, on another channel).
REPLY_AFTER_IDLE = 5.0

#: Kernel messages that carry no output: never counted, never dropped.
UNCOUNTED = frozenset({"status", "execute_input"})


def message_size(msg) -> int:
    """What a kernel message costs against the output limit: its content as JSON, and its
    binary buffers.

    >>> message_size({"msg_type": "stream", "content": {"text": "hi"}, "buffers": [b"xyz"]})
    17
    """
    size = len(json.dumps(msg.get("content", {}), default=str))
    for buffer in msg.get("buffers") or ():
        try:
            size += memoryview(buffer).nbytes
        except TypeError:
            size += len(str(buffer))
    return size


def run_notebook(nb, *, cwd, env=None, cell_timeout=30, notebook_timeout=600,
                 output_limit=100_000, kernel_name="python3", startup_timeout=60,
                 jail=None, channel=None) -> NotebookRun:
    """Execute ``nb`` (modified in place) and report on the run (in ``jail`` if given).

    The kernel's connection file is written in ``channel`` (a folder) if given, else in the
    temporary folder, and removed as the run ends; a jailed kernel's is in its jail's
    channel folder."""
    start = time.monotonic()
    environment = with_package_path(os.environ if env is None else env)
    environment[PROGRESS_SWITCH] = "off"  # a graded run writes nothing in a learner's logbook
    km = (_jailed_manager(jail, kernel_name, cwd) if jail is not None
          else CappedKernelManager(kernel_name=kernel_name, **(
              {"connection_file": os.path.join(channel, "connection.json")} if channel else {})))
    client = _CappedClient(
        nb, output_limit=output_limit, kernel_name=kernel_name, timeout=cell_timeout,
        allow_errors=True, interrupt_on_timeout=True, startup_timeout=startup_timeout,
        error_on_timeout={"ename": TIMEOUT_NAME,
                          "evalue": f"the cell ran longer than {cell_timeout} s",
                          "traceback": [f"{TIMEOUT_NAME}: the cell ran longer than "
                                        f"{cell_timeout} s and was interrupted"]},
        record_timing=False, resources={"metadata": {"path": str(cwd)}},
        # the answers are on disk once the last cell has run (check fsyncs each record):
        # the kernel is killed, not asked to shut down and waited for (a quarter second)
        shutdown_kernel="immediate", km=km)
    run = NotebookRun(nb)
    try:
        # cleanup_kc: the kernel is killed and its connection file removed as the run ends
        # (nbclient leaves alone a kernel whose manager it was handed)
        with client.setup_kernel(env=environment, cwd=str(cwd), cleanup_kc=True):
            _run_cells(client, nb, run, start, cell_timeout, notebook_timeout)
    except DeadKernelError:
        _stop(run, run.stopped_at, "the kernel died (the notebook crashed Python, e.g. "
                                   "os._exit, or ran out of memory)")
    except (RuntimeError, TimeoutError, CellTimeoutError) as exc:
        _stop(run, run.stopped_at, f"the kernel stopped responding ({type(exc).__name__})")
    finally:
        if km.output is not None:
            km.output.close(wait=1.0)
    for index in sorted(client.flooded):
        run.problems.append(f"cell {index + 1} printed more than {output_limit:,} characters "
                            "(the rest was dropped)")
    for index in sorted(client.malformed):
        run.problems.append(f"cell {index + 1} sent messages the grader could not read (they "
                            "were dropped)")
    run.seconds = time.monotonic() - start
    return run


def _jailed_manager(jail, kernel_name, cwd):
    """A kernel manager whose kernel starts in ``jail``, on Unix sockets in its folder
    (``cwd``, a tmpfs of the jail), its connection file in the jail's channel folder."""
    from .isolation import JailedKernelManager

    if jail.channel is None:
        jail.channel = tempfile.mkdtemp(prefix="channel-", dir=os.path.dirname(str(cwd)))
    jail.share(jail.channel)  # the jail's user reads the connection file
    km = JailedKernelManager(kernel_name=kernel_name, transport="ipc",
                             ip=os.path.join(str(cwd), ".ipc"),
                             connection_file=os.path.join(jail.channel, "connection.json"))
    km.jail = jail
    return km


def sockets_fit(folder) -> bool:
    """Do the sockets of a kernel whose folder :func:`run_recorded` makes in ``folder``
    fit in a Unix socket's path?"""
    path = _SOCKET_PATH.format(folder=os.path.abspath(folder))
    return len(path.encode()) <= SOCKET_PATH_MAX


def kernels_folder(prefix) -> str:
    """A fresh temporary folder to run kernels in (``work_root`` of :func:`run_recorded`):
    in the temporary folder, or, when that is too deep for a kernel's sockets (a batch
    system's ``TMPDIR``), in the first of :data:`SHORT_FOLDERS` where they fit."""
    for base in (tempfile.gettempdir(), *SHORT_FOLDERS):
        if os.path.isdir(base) and os.access(base, os.W_OK | os.X_OK) \
                and sockets_fit(os.path.join(base, prefix + "abcdefgh")):
            return tempfile.mkdtemp(prefix=prefix, dir=base)
    raise OSError(f"no temporary folder is short enough for a kernel's sockets (a path of "
                  f"at most {SOCKET_PATH_MAX} bytes): set TMPDIR to a short folder")


def run_recorded(nb, work_root, *, env, data=None, jail=None, **limits):
    """Run a submitted notebook in a fresh folder of its own under ``work_root`` with its
    answers recorded on an :class:`~.untrusted.AnswerPipe`: ``(NotebookRun, records)``.

    ``data`` ({name: bytes}) is put in the folder first (the plain files submitted beside
    the notebook); ``jail(folder, seed=, channel=)`` gives the
    :class:`~.isolation.Jail` for the folder (or None: no jail), and ``work_root`` must
    then leave room for the kernel's sockets (:func:`kernels_folder` makes one that does).
    The run's problems say when answers were dropped.
    """
    from ...exercises.check import RECORD_ENV
    from .untrusted import AnswerPipe

    if jail is not None and not sockets_fit(work_root):
        raise ValueError(f"{work_root} is too deep for a kernel's sockets (a path of at most "
                         f"{SOCKET_PATH_MAX} bytes): make it with kernels_folder()")
    folder = Path(tempfile.mkdtemp(prefix="nb-", dir=work_root))
    work, seed, channel = folder / "work", folder / "seed", folder / "channel"
    for place in (work, seed, channel):
        place.mkdir()
        os.chmod(place, 0o755)
    for name, content in (data or {}).items():
        (seed if jail else work).joinpath(name).write_bytes(content)
    pipe = AnswerPipe(channel)
    try:
        env = dict(env, **{RECORD_ENV: str(pipe.path), "MPLBACKEND": "Agg"})
        # the connection file in the run's folder: removed with ``work_root`` even when the
        # notebook kills the process that runs it (its kernel's manager then never cleans up)
        run = run_notebook(nb, cwd=work, env=env,
                           jail=jail(work, seed=seed, channel=channel) if jail else None,
                           channel=None if jail else channel, **limits)
    finally:
        records = pipe.close()
    if pipe.problem():
        run.problems.append(pipe.problem())
    return run, records


def _run_cells(client, nb, run, start, cell_timeout, notebook_timeout):
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        if time.monotonic() - start > notebook_timeout:
            _stop(run, index, f"the notebook ran longer than {notebook_timeout} s; cells from "
                              f"{index + 1} on were not run")
            return
        run.stopped_at = index
        began, clock = time.time(), time.monotonic()
        try:
            client.execute_cell(cell, index, execution_count=None)
        finally:
            run.windows[index] = (began, time.time())
        if time.monotonic() - clock >= cell_timeout or _timed_out(cell):
            run.problems.append(f"cell {index + 1} ran longer than {cell_timeout} s and was "
                                "interrupted")
            if not _responsive(client):
                _stop(run, index, "the kernel did not stop after the interrupt; the remaining "
                                  "cells were not run")
                return
    run.stopped_at = None


def _timed_out(cell) -> bool:
    return any(o.get("output_type") == "error" and o.get("ename") == TIMEOUT_NAME
               for o in cell.get("outputs", []))


def _responsive(client, seconds=5.0) -> bool:
    """Does the kernel answer a trivial request within a few seconds?"""

    async def probe():
        msg_id = client.kc.execute("pass", store_history=False)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                reply = await ensure_async(client.kc.shell_channel.get_msg(
                    timeout=max(0.1, deadline - time.monotonic())))
            except Exception:
                return False
            if reply.get("parent_header", {}).get("msg_id") == msg_id:
                return True
        return False

    try:
        return run_sync(probe)()
    except Exception:
        return False


def _stop(run, index, why):
    run.stopped_at = index
    where = f" (at cell {index + 1})" if index is not None else ""
    run.problems.append(why + where)


__all__ = ["run_notebook", "run_recorded", "NotebookRun", "kernels_folder", "sockets_fit",
           "SOCKET_PATH_MAX"]
