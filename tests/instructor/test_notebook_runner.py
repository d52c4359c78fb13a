"""minimax_lessons.instructor.grading.notebook_runner: where a kernel's folder is made.

A Unix socket's path holds at most 107 bytes; a jailed kernel's sockets are reached
through the jail's root (``/proc/<pid>/root``) and its folder (``<root>/nb-*/work``). A
batch system's deep ``TMPDIR`` once made them overflow: the folder kernels run in now
comes from ``kernels_folder``, and ``run_recorded`` refuses a folder too deep at once.
"""

import json
import os
import shutil
import tempfile
from queue import Empty

import nbformat
import pytest
import zmq
from jupyter_client.utils import run_sync

from minimax_lessons.instructor.common.environment import student_environment
from minimax_lessons.instructor.grading.isolation import Jail, find_bwrap, why_no_bwrap
from minimax_lessons.instructor.grading.kernels import (RECONNECT_MS, CappedKernelManager,
                                                        QuickReadyClient)
from minimax_lessons.instructor.grading.notebook_runner import (SOCKET_PATH_MAX, kernels_folder,
                                                                run_notebook,
                                                                run_recorded, sockets_fit)


@pytest.fixture
def deep_tmpdir(tmp_path, monkeypatch):
    """A temporary folder as deep as a batch system's (``TMPDIR``), as Python sees it."""
    deep = tmp_path / ("scratch-" + "x" * 40) / ("job-" + "1234567890" * 4) / "tmp"
    deep.mkdir(parents=True)
    monkeypatch.setattr(tempfile, "tempdir", str(deep))
    assert not sockets_fit(tempfile.mkdtemp(prefix="mml-grading-"))
    return deep


def test_a_kernels_socket_path_counts_the_jails_root_and_the_kernels_folder():
    assert sockets_fit("/tmp/mml-grading-abcdefgh")
    # the longest folder that still fits, and one byte more
    room = SOCKET_PATH_MAX - len("/proc/4194304/root/nb-abcdefgh/work/.ipc-99")
    assert sockets_fit("/" + "a" * (room - 1)) and not sockets_fit("/" + "a" * room)


def test_kernels_get_a_folder_where_their_sockets_fit_however_deep_the_temporary_folder(
        deep_tmpdir):
    folder = kernels_folder("mml-grading-")
    try:
        assert sockets_fit(folder) and os.path.isdir(folder)
        assert not folder.startswith(str(deep_tmpdir)), "not in the deep folder"
    finally:
        shutil.rmtree(folder)


def test_with_a_short_temporary_folder_kernels_run_in_it(monkeypatch):
    short = tempfile.mkdtemp(prefix="t", dir="/tmp")
    monkeypatch.setattr(tempfile, "tempdir", short)
    try:
        assert os.path.dirname(kernels_folder("mml-grading-")) == short
    finally:
        shutil.rmtree(short)


NOTEBOOK = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
    "from minimax_lessons.exercises import check\nprint('ran')\ncheck('q3.1', 3)")])


def test_a_jailed_kernel_runs_under_a_deep_temporary_folder_and_a_folder_too_deep_is_refused(
        deep_tmpdir):
    bwrap = find_bwrap()
    if bwrap is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    root = kernels_folder("mml-grading-")
    try:
        nb = nbformat.from_dict(NOTEBOOK)
        run, records = run_recorded(
            nb, root, env=student_environment(), cell_timeout=60,
            jail=lambda folder, **kw: Jail(str(folder), hide=[root], bwrap=bwrap, **kw))
        assert run.problems == [] and nb.cells[0].outputs[0]["text"] == "ran\n"
        assert [(r["question"], r["answer"]) for r in records] == [("q3.1", 3)]
    finally:
        shutil.rmtree(root)
    with pytest.raises(ValueError, match="too deep for a kernel's sockets"):
        run_recorded(nbformat.from_dict(NOTEBOOK), str(deep_tmpdir), env=student_environment(),
                     jail=lambda folder, **kw: Jail(str(folder), bwrap=bwrap, **kw))


# -- issue 31: everything the kernel sends is counted; its stdout and stderr are pipes -------
#: A notebook that floods in every way that is not plain output: a display updated with
#: big data, a widget's comm messages (whose state nbclient stores), its kernel's own
#: stdout and stderr; and one that says what its stdout and stderr are.
FLOODS = [
    "import os, stat\n"
    "print('fds', [stat.S_ISFIFO(os.fstat(fd).st_mode) for fd in (1, 2)])",
    "from IPython.display import display, update_display\n"
    "display('small', display_id='d')\n"
    "for _ in range(6):\n"
    "    update_display('x' * (4 << 20), display_id='d')",
    "from ipykernel.comm import Comm\n"
    "c = Comm(target_name='jupyter.widget', data={'state': {'_model_name': 'X'}})\n"
    "for _ in range(4):\n"
    "    c.send({'method': 'update', 'state': {'value': 'y' * (4 << 20)}})",
    "os.write(1, b'z' * (8 << 20)); os.write(2, b'z' * (8 << 20)); print('wrote')",
]


@pytest.mark.slow  # two kernels
@pytest.mark.parametrize("jailed", [False, True], ids=["plain", "bwrap"])
def test_display_updates_comm_messages_and_the_kernels_own_output_count_against_the_limit(
        jailed, tmp_path):
    bwrap = find_bwrap() if jailed else None
    if jailed and bwrap is None:
        pytest.skip("bubblewrap cannot isolate here: " + why_no_bwrap())
    root = kernels_folder("mml-grading-")
    try:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in FLOODS])
        run, _ = run_recorded(
            nb, root, env=student_environment(), cell_timeout=120, output_limit=100_000,
            jail=(lambda folder, **kw: Jail(str(folder), hide=[root], bwrap=bwrap, **kw))
            if jailed else None)
    finally:
        shutil.rmtree(root)
    text = nbformat.writes(nb)
    assert len(text) < 1_000_000, f"the executed notebook holds {len(text):,} characters"
    assert "fds [True, True]" in text, "the kernel's stdout and stderr are pipes, not files"
    flooded = " ".join(run.problems)
    assert "cell 2 printed more than 100,000 characters" in flooded
    assert "cell 3 printed more than 100,000 characters" in flooded
    widgets = nb.metadata.get("widgets", {})
    assert len(json.dumps(widgets)) < 1_000_000


#: A cell that keeps its own reply from being sent, as a kernel interrupted while it sends
#: it does (ipykernel: "KeyboardInterrupt caught in kernel"); the kernel goes idle anyway.
NO_REPLY = (
    "k = get_ipython().kernel\n"
    "send = k.session.send\n"
    "def quiet(stream, kind, content=None, parent=None, **kw):\n"
    "    if kind != 'execute_reply':\n"
    "        return send(stream, kind, content, parent, **kw)\n"
    "    k.session.send = send\n"
    "    return k.session.msg(kind, content, parent)\n"
    "k.session.send = quiet\n"
    "print('no reply')")


@pytest.mark.slow  # a kernel, and the few seconds a reply is given after the kernel is idle
def test_a_cell_whose_reply_never_comes_ends_when_its_kernel_is_idle_not_at_its_time_limit(
        tmp_path, monkeypatch):
    from minimax_lessons.instructor.grading import notebook_runner

    monkeypatch.setattr(notebook_runner, "REPLY_AFTER_IDLE", 0.5)  # the grader's 5 s, shorter
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(NO_REPLY),
                                         nbformat.v4.new_code_cell("print('next')")])
    run = run_notebook(nb, cwd=tmp_path, env=student_environment(), cell_timeout=60)
    assert run.problems == []  # not "cell 1 ran longer than 60 s and was interrupted"
    assert [o["text"] for c in nb.cells for o in c.outputs] == ["no reply\n", "next\n"]


# -- a run leaves nothing behind ----------------------------------------------------------------
#: A first cell that says which process the kernel is and where its connection file is.
WHO = "import os, ipykernel\nprint(os.getpid(), ipykernel.get_connection_file())"


@pytest.mark.parametrize("last", ["print('done')", "os._exit(3)"], ids=["ends", "dies"])
def test_a_run_leaves_no_kernel_running_and_no_connection_file_whether_it_ends_or_dies(
        last, tmp_path):
    """nbclient leaves a kernel alone when it is handed its manager: the run kills it and
    removes the connection file (in the grader's temporary folder), instead of leaving a
    kernel idle until the grading process exits and a key behind for good."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(WHO),
                                         nbformat.v4.new_code_cell(last)])
    run = run_notebook(nb, cwd=tmp_path, env=student_environment(), cell_timeout=60)
    pid, connection = nb.cells[0].outputs[0]["text"].split()
    assert os.path.isabs(connection) and (run.problems == []) == (last == "print('done')")
    assert not os.path.exists(connection), "the kernel's connection file is left behind"
    try:
        with open(f"/proc/{pid}/stat") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        state = None
    assert state in (None, "Z"), f"the kernel (process {pid}) still runs after the run: {state}"


# -- the kernel a graded notebook runs in ---------------------------------------------------------
#: Whether the kernel has a debugger, and a module of the student's beside the notebook.
DEBUGGER_AND_HELPER = ("import sys\n"
                       "print(sys.modules.get('debugpy', 'absent'), "
                       "'debugger' in get_ipython().kernel.kernel_info['supported_features'])\n"
                       "import helper\nprint(helper.ANSWER)")


def test_a_graded_kernel_starts_without_a_debugger_and_reads_the_students_folder_only_in_cells(
        tmp_path):
    """No debugpy (a fifth of a kernel's start, and nothing a graded run uses); the
    student's own module imports from a cell, but a file of the student's named as a
    module the kernel loads is not what it loads."""
    (tmp_path / "helper.py").write_text("ANSWER = 42\n")
    (tmp_path / "traitlets.py").write_text("raise SystemExit('the kernel loaded my file')\n")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(DEBUGGER_AND_HELPER)])
    run = run_notebook(nb, cwd=tmp_path, env=student_environment(), cell_timeout=60)
    assert run.problems == []
    assert [o.get("text") for o in nb.cells[0].outputs] == ["None False\n42\n"]


class Channel:
    """A channel of a kernel client as the tests script it: the messages it will carry, in
    order; a wait with none left times out (``queue.Empty``)."""

    def __init__(self, *messages):
        self.messages = list(messages)

    def get_msg(self, timeout=None):
        if not self.messages:
            raise Empty
        return self.messages.pop(0)


def about(msg_id, msg_type="kernel_info_reply"):
    """A message of the kernel's about the request ``msg_id`` (a reply or an IOPub status)."""
    return {"parent_header": {"msg_id": msg_id}, "msg_type": msg_type,
            "content": {"protocol_version": "5.3", "execution_state": "idle"}}


def scripted_client(shell, iopub, alive=True):
    """A QuickReadyClient whose channels carry, after each ``kernel_info_request``, the
    messages listed for it in ``shell`` and ``iopub``; it records its requests."""
    client = QuickReadyClient()
    client.asked = []

    def kernel_info():
        client.asked.append(f"ask{len(client.asked) + 1}")
        client._shell_channel = Channel(*shell[len(client.asked) - 1])
        client._iopub_channel = Channel(*iopub[len(client.asked) - 1])
        return client.asked[-1]

    async def is_alive():
        return alive

    client.kernel_info, client._async_is_alive = kernel_info, is_alive
    return client


def test_a_graded_kernel_is_ready_once_it_answered_on_both_channels_and_no_later():
    """An answer on the shell channel while IOPub carries nothing (the client's
    subscription has not reached the kernel yet: what it published is lost) is not
    enough, nor is another kind of reply; the next request answered on both channels is,
    at once: no wait for IOPub to fall silent (what is left there stays for nbclient,
    which reads only its own request's messages)."""
    client = scripted_client(
        shell=[[about("ask1")], [about("ask2", "execute_reply")], [about("ask3")]],
        iopub=[[], [about("ask2", "status")], [about("ask3", "status")] * 2])
    run_sync(client.wait_for_ready)(timeout=5)
    assert client.asked == ["ask1", "ask2", "ask3"]
    assert client.iopub_channel.messages == [about("ask3", "status")]


def test_a_graded_kernel_that_died_or_never_answers_is_said_so():
    dead = scripted_client(shell=[[]], iopub=[[]], alive=False)
    with pytest.raises(RuntimeError, match="Kernel died before replying to kernel_info"):
        run_sync(dead.wait_for_ready)(timeout=5)
    silent = scripted_client(shell=[[]] * 1000, iopub=[[]] * 1000)
    with pytest.raises(RuntimeError, match="Kernel didn't respond in 0 seconds"):
        run_sync(silent.wait_for_ready)(timeout=0)


def test_a_graded_kernels_client_tries_to_connect_every_few_milliseconds(tmp_path):
    """ZeroMQ tries again every 100 ms to reach a socket not yet open: the kernel, ready,
    waited that long for the grader. The client's channels try every RECONNECT_MS."""
    client = CappedKernelManager(transport="ipc", ip=str(tmp_path / "k")).client()
    assert isinstance(client, QuickReadyClient)
    client.start_channels(hb=False)
    try:
        for channel in (client.shell_channel, client.iopub_channel, client.stdin_channel):
            assert channel.socket.getsockopt(zmq.RECONNECT_IVL) == RECONNECT_MS
    finally:
        client.stop_channels()


def test_the_answer_pipe_keeps_every_record_to_its_limit_and_closes_what_it_opened(tmp_path):
    """The named pipe a graded notebook writes its answers to: records written while it is
    open (the last one just before it closes) all come back from ``close``, in order; past
    its limit the rest is dropped and said; it leaves no descriptor open and no thread."""
    import threading

    from minimax_lessons.instructor.grading.untrusted import AnswerPipe

    def descriptors():
        return len(os.listdir("/proc/self/fd"))

    before, threads = descriptors(), threading.active_count()
    pipe = AnswerPipe(tmp_path, limit=1000)
    records = [{"question": f"q{k}", "answer": k} for k in range(5)]
    with open(pipe.path, "w") as writer:  # as the notebook's kernel writes them
        for record in records:
            writer.write(json.dumps(record) + "\n")
            writer.flush()
    assert pipe.close() == records and pipe.problem() is None
    assert descriptors() == before and threading.active_count() == threads

    (tmp_path / "full").mkdir()
    full = AnswerPipe(tmp_path / "full", limit=100)
    with open(full.path, "w") as writer:
        writer.write((json.dumps({"question": "q", "answer": "x" * 40}) + "\n") * 10)
    kept = full.close()
    assert 1 <= len(kept) <= 2 and full.dropped > 0
    assert "more than 100 bytes of answers" in full.problem()
    assert descriptors() == before
