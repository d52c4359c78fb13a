"""The kernel manager every graded notebook's kernel starts from: its stdout and stderr go
to a pipe that keeps only their tail.

A kernel that writes without end (1 GiB to its stderr once filled an inherited, deleted
temporary file of the host's) fills no disk and no memory here.
"""

from __future__ import annotations

from jupyter_client.manager import AsyncKernelManager

from ..._process import TailPipe


class CappedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel writes its stdout and stderr to a pipe that keeps
    only its tail (:class:`~minimax_lessons._process.TailPipe`), never to a file of the
    grader's: a kernel that writes 1 GiB there fills no disk (``output`` holds the pipe)."""

    output = None

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        self.output = TailPipe()
        kw["stdout"] = kw["stderr"] = self.output.write_fd
        try:
            await super()._async_launch_kernel(kernel_cmd, **kw)
        finally:
            self.output.started()


__all__ = ["CappedKernelManager"]
