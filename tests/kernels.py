"""The kernels the tests start themselves (nbval's, a test's own ``NotebookClient``) listen
on Unix sockets in a folder of their own, never on TCP ports.

jupyter_client gives a kernel TCP ports by binding each to port 0 and letting it go; the
kernel binds them a moment later, and in that moment the port is anyone's: an outgoing
connection of the browser tests, or a client's own connection retried to a port nobody
listens on yet (a TCP connection to itself). Under load the moment is long. Once, beside
two CPU-bound processes, nbval's kernel for a notebook died before it answered (``Kernel
died before replying to kernel_info``, every cell of the notebook in error; nbval sends the
kernel's stderr to ``/dev/null``, so this cause is the likely one, not one seen). A Unix
socket has no such moment. The grader's kernels use them too
(:mod:`minimax_lessons.instructor.grading.notebook_runner`); JupyterLab's kernels in the
browser tests are its server's, which starts a kernel again on new ports when it died
before it ever answered.

>>> km = UnixSocketKernelManager(kernel_name="python3")
>>> km.transport, os.path.isdir(os.path.dirname(km.ip))
('ipc', True)
>>> km.cleanup_resources(); os.path.isdir(os.path.dirname(km.ip))
False
"""

import os
import shutil
import tempfile

from jupyter_client.manager import AsyncKernelManager, KernelManager
from jupyter_core.utils import run_sync


class _UnixSockets:
    """The kernel's sockets in a new folder (``ip`` is their path less their ``-N``),
    removed with them when the kernel is shut down for good."""

    def __init__(self, **kwargs):
        folder = tempfile.mkdtemp(prefix="kernel-")
        super().__init__(transport="ipc", ip=os.path.join(folder, "k"), **kwargs)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart:  # a kernel started again uses the same folder
            shutil.rmtree(os.path.dirname(self.ip), ignore_errors=True)


class UnixSocketKernelManager(_UnixSockets, KernelManager):
    """A :class:`~jupyter_client.manager.KernelManager` on Unix sockets (nbval's)."""

    cleanup_resources = run_sync(_UnixSockets._async_cleanup_resources)


class AsyncUnixSocketKernelManager(_UnixSockets, AsyncKernelManager):
    """An :class:`~jupyter_client.manager.AsyncKernelManager` on Unix sockets: for
    ``NotebookClient(nb, kernel_manager_class=AsyncUnixSocketKernelManager)``, which then
    shuts its kernel down when it is done (it leaves alone a manager it is handed)."""

    cleanup_resources = _UnixSockets._async_cleanup_resources


def use_for_nbval():
    """Make nbval start its kernels with :class:`UnixSocketKernelManager`."""
    import nbval.kernel

    nbval.kernel.KernelManager = UnixSocketKernelManager
