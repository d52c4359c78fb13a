"""The kernel manager every graded notebook's kernel starts from: its stdout and stderr go
to a pipe that keeps only their tail.

A kernel that writes without end (1 GiB to its stderr once filled an inherited, deleted
temporary file of the host's) fills no disk and no memory here.
"""

from __future__ import annotations

from jupyter_client.manager import AsyncKernelManager

from ..._process import TailPipe


#: What ``python -m ipykernel_launcher`` runs, less the debugger: a graded notebook is never
#: debugged, and importing debugpy (ipykernel does it to offer one) is about a fifth of a
#: kernel's start, 0.1 of 0.45 CPU s here. With ``debugpy`` None in ``sys.modules`` its
#: import fails and ipykernel starts without a debugger, as where it is not installed. The
#: first line is ipykernel_launcher's own: nothing in the folder the kernel starts in (the
#: student's) is imported while the kernel loads; the kernel puts it back for the cells.
LAUNCHER = ("import sys\n"
            "if sys.path[0] == '': del sys.path[0]\n"
            "sys.modules['debugpy'] = None\n"
            "from ipykernel import kernelapp\n"
            "kernelapp.launch_new_instance()")


def without_debugger(cmd: list) -> list:
    """The kernel command ``cmd`` with ``-m ipykernel_launcher`` run as :data:`LAUNCHER`
    (any other command as it is).

    >>> without_debugger(["python", "-m", "ipykernel_launcher", "-f", "k.json"])[1:3] == [
    ...     "-c", LAUNCHER]
    True
    >>> without_debugger(["julia", "kernel.jl", "k.json"])
    ['julia', 'kernel.jl', 'k.json']
    """
    for i in range(len(cmd) - 1):
        if cmd[i] == "-m" and cmd[i + 1] == "ipykernel_launcher":
            return [*cmd[:i], "-c", LAUNCHER, *cmd[i + 2:]]
    return list(cmd)


class CappedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel writes its stdout and stderr to a pipe that keeps
    only its tail (:class:`~minimax_lessons._process.TailPipe`), never to a file of the
    grader's: a kernel that writes 1 GiB there fills no disk (``output`` holds the pipe).
    Its kernel starts without a debugger (:func:`without_debugger`)."""

    output = None

    def format_kernel_cmd(self, extra_arguments=None):
        return without_debugger(super().format_kernel_cmd(extra_arguments))

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        self.output = TailPipe()
        kw["stdout"] = kw["stderr"] = self.output.write_fd
        try:
            await super()._async_launch_kernel(kernel_cmd, **kw)
        finally:
            self.output.started()


__all__ = ["CappedKernelManager", "without_debugger", "LAUNCHER"]
