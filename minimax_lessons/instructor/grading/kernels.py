"""The kernel manager every graded notebook's kernel starts from: its stdout and stderr go
to a pipe that keeps only their tail.

A kernel that writes without end (1 GiB to its stderr once filled an inherited, deleted
temporary file of the host's) fills no disk and no memory here.

It also loses no time between a kernel's steps. jupyter_client waits a fixed 0.2 s after a
kernel is ready (to let messages of the start pass) and looks every 0.1 s whether a killed
kernel has ended: with a kernel per student, half a second of every graded notebook went
to waiting. Here the kernel is ready when it has answered on both its channels
(:class:`QuickReadyClient`), and its end is seen within a hundredth of a second.
"""

from __future__ import annotations

import asyncio
import math
import time
from queue import Empty

import zmq
import zmq.asyncio
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.utils import ensure_async
from traitlets import DottedObjectName, Type, default

from ..._process import TailPipe

#: Seconds between two looks at a killed kernel, until it has ended.
END_POLL = 0.01
#: Seconds to wait for a message on IOPub once the kernel has replied, before asking again:
#: until the client's subscription has reached the kernel, what it publishes is lost.
IOPUB_WAIT = 0.05
#: Milliseconds between a client's attempts to connect to a kernel that has not yet opened
#: its sockets (ZeroMQ's default is 100: a kernel ready in 0.3 s was answering 0.1 s later).
RECONNECT_MS = 10


class QuickReadyClient(AsyncKernelClient):
    """A kernel client that is ready once the kernel has answered a ``kernel_info_request``
    on the shell channel and IOPub carries a message (the request's status): both channels
    connected, as jupyter_client's own check asks, without its wait for IOPub to fall
    silent afterwards (at least 0.2 s). What is left on IOPub cannot be taken for a cell's
    output: nbclient reads only the messages of the request it waits for. Its sockets try
    to reach a kernel not yet listening every :data:`RECONNECT_MS` milliseconds."""

    @default("context")
    def _context_default(self):
        self._created_context = True
        context = zmq.asyncio.Context()
        context.setsockopt(zmq.RECONNECT_IVL, RECONNECT_MS)
        return context

    async def wait_for_ready(self, timeout=None):
        deadline = time.monotonic() + (math.inf if timeout is None else timeout)
        while True:
            self.kernel_info()
            reply = await self._message(self.shell_channel,
                                        min(1.0, max(0.0, deadline - time.monotonic())))
            if reply is not None and reply["msg_type"] == "kernel_info_reply" \
                    and await self._message(self.iopub_channel, IOPUB_WAIT) is not None:
                self._handle_kernel_info_reply(reply)
                return
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout:g} seconds")

    @staticmethod
    async def _message(channel, seconds):
        """The next message ``channel`` carries within ``seconds``, else None."""
        try:
            return await ensure_async(channel.get_msg(timeout=seconds))
        except Empty:
            return None


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
    Its kernel starts without a debugger (:func:`without_debugger`), its client is ready
    as soon as the kernel answers (:class:`QuickReadyClient`), and a killed kernel's end is
    seen at once (:data:`END_POLL`)."""

    output = None
    client_class = DottedObjectName(f"{__name__}.QuickReadyClient")
    client_factory = Type(QuickReadyClient, klass=AsyncKernelClient)

    def format_kernel_cmd(self, extra_arguments=None):
        return without_debugger(super().format_kernel_cmd(extra_arguments))

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        self.output = TailPipe()
        kw["stdout"] = kw["stderr"] = self.output.write_fd
        try:
            await super()._async_launch_kernel(kernel_cmd, **kw)
        finally:
            self.output.started()

    async def _async_wait(self, pollinterval=0.1):
        while await self._async_is_alive():
            await asyncio.sleep(min(pollinterval, END_POLL))


__all__ = ["CappedKernelManager", "QuickReadyClient", "without_debugger", "LAUNCHER"]
