"""The kernels the tests start themselves listen on Unix sockets (:mod:`tests.kernels`)."""

import glob
import os

from nbval.kernel import CURRENT_ENV_KERNEL_NAME, RunningKernel


def test_nbval_s_kernel_listens_on_unix_sockets_runs_code_and_leaves_no_folder(tmp_path):
    kernel = RunningKernel(CURRENT_ENV_KERNEL_NAME, cwd=str(tmp_path))
    folder = os.path.dirname(kernel.km.ip)
    try:
        assert kernel.km.transport == "ipc"
        assert glob.glob(kernel.km.ip + "-*"), "the kernel's sockets are in its folder"
        results = []

        def keep(msg):
            if msg["msg_type"] == "execute_result":
                results.append(msg["content"]["data"]["text/plain"])

        reply = kernel.kc.execute_interactive("import os\n6 * 7", output_hook=keep, timeout=60)
        assert reply["content"]["status"] == "ok" and results == ["42"]
    finally:
        kernel.stop()
    assert not os.path.exists(folder)


def test_a_notebook_client_s_own_kernel_listens_on_unix_sockets_and_is_shut_down(tmp_path):
    import nbformat
    from nbclient import NotebookClient

    from tests.kernels import AsyncUnixSocketKernelManager

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import ipykernel, json, os\nconnection = ipykernel.get_connection_file()\n"
        "info = json.load(open(connection))\nprint(os.getpid(), info['transport'], info['ip'])")])
    client = NotebookClient(nb, kernel_name="python3",
                            kernel_manager_class=AsyncUnixSocketKernelManager, timeout=60)
    client.execute()
    pid, transport, ip = nb.cells[0].outputs[0]["text"].split()
    assert transport == "ipc" and not os.path.exists(os.path.dirname(ip))
    assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().rsplit(
        ")", 1)[1].split()[0] == "Z", "the kernel still runs"
