"""minimax_lessons.runner.sandbox: student code runs apart, within limits, and reports clearly.

Also covers what the sandbox is made of: shipping functions as source
(``shipping``), the JSON codec for results (``codec``) and the worker.
"""

import math
import os
import random
import signal
import sys
import threading
import time

import pytest

from minimax_lessons.runner import codec, shipping
from minimax_lessons.runner.codec import Opaque, Raises, decode, encode
from minimax_lessons.exercises.harness import call_args, nested_alphabeta, ref
from minimax_lessons.runner.sandbox import Sandbox
from minimax_lessons.runner.shipping import ShippingError, rebuild, ship

CALL = ref(call_args)
SCALE = 10


@pytest.fixture(scope="module")
def sandbox():
    box = Sandbox(time_limit=2.0, flood_limit=50_000)
    yield box
    box.stop()


def outcomes(box, fn, *items, **options):
    result = box.run(fn, list(items), harness=CALL, **options)
    assert result.setup_error is None, result.setup_error
    return result.outcomes


# -- functions written as students write them (module level, like notebook cells) -------
def helper(x):
    return x * SCALE


def uses_helper_and_module(x):
    return helper(x) + math.floor(0.5)


def recursive_sum(node):
    if not isinstance(node, list):
        return node
    return sum(recursive_sum(child) for child in node)


def loops_forever(x):
    while True:
        x += 1


def recurses_forever(x):
    return recurses_forever(x)


def loops_on_two(x):
    while x == 2:
        pass
    return x


def raises_on_leaf(node):
    total = 0
    for child in node:
        total += child
    return total


def prints_a_flood(x):
    while True:
        print("spam " * 20)


def prints_a_little(x):
    print("hello", x)
    return x


def sorts_its_input(node):
    node.sort()
    return node[0]


def returns_an_object(x):
    return object()


def exits_python(x):
    os._exit(3)


def calls_exit(x):
    raise SystemExit("bye")


def asks_for_input(x):
    return input("your move? ")


# -- running -------------------------------------------------------------------------------
def test_a_correct_function_returns_its_values(sandbox):
    found = outcomes(sandbox, recursive_sum, ([[1, 2], [3]],), (7,))
    assert [o.status for o in found] == ["ok", "ok"]
    assert [o.value for o in found] == [6, 7]


def test_helpers_modules_and_global_values_travel_with_the_function(sandbox):
    (found,) = outcomes(sandbox, uses_helper_and_module, (4,))
    assert found.value == 40


def test_a_closure_and_a_lambda_can_be_checked(sandbox):
    offset = 5

    def add_offset(x):
        return x + offset

    triple = lambda x: 3 * x  # noqa: E731
    assert outcomes(sandbox, add_offset, (1,))[0].value == 6
    assert outcomes(sandbox, triple, (2,))[0].value == 6


def test_a_decorated_function_is_sent_with_its_decorator(sandbox):
    import functools

    @functools.lru_cache(maxsize=None)
    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    assert outcomes(sandbox, fib, (60,))[0].value == 1548008755920


def test_an_endless_loop_times_out_and_only_its_child_process_is_killed(sandbox):
    starts = sandbox.starts
    found = outcomes(sandbox, loops_forever, (1,), (2,), time_limit=0.5)
    assert [o.status for o in found] == ["timeout"]
    assert outcomes(sandbox, recursive_sum, ([1, 2],))[0].value == 3
    assert sandbox.starts == starts, "the worker itself survives: only the input's child died"


def children_of(pid) -> list:
    """The processes whose parent is ``pid`` (Linux: read from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
def test_a_worker_that_dies_takes_its_looping_child_with_it():
    """A worker killed from outside (its kernel restarted or killed, a test run stopped) must
    not leave an answer that loops forever running on as an orphan."""
    box = Sandbox(time_limit=60.0)
    worker = threading.Thread(target=lambda: box.run(loops_forever, [(1,)], harness=CALL),
                              daemon=True)
    worker.start()
    deadline, child = time.monotonic() + 30, None
    while child is None and time.monotonic() < deadline:
        time.sleep(0.1)
        proc = box._proc
        kids = children_of(proc.pid) if proc is not None else []
        child = kids[0] if kids else None
    assert child is not None, "the worker never forked a child for the input"
    os.kill(proc.pid, signal.SIGKILL)
    deadline = time.monotonic() + 30  # the child loops: it dies as soon as it is told to
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    orphaned = alive(child)
    if orphaned:
        os.kill(child, signal.SIGKILL)  # not left burning a core after the test
    box.stop()
    assert not orphaned, "the looping child outlived its worker"


def test_without_fork_an_endless_loop_costs_the_worker_and_a_fresh_one_starts():
    box = Sandbox(time_limit=0.5, fork=False)
    try:
        found = outcomes(box, loops_forever, (1,), (2,))
        assert [o.status for o in found] == ["timeout"]
        assert outcomes(box, recursive_sum, ([1, 2],))[0].value == 3
        assert box.starts == 2
    finally:
        box.stop()


@pytest.mark.parametrize("fork", [True, False])
def test_with_inputs_isolated_a_timeout_costs_only_its_input_and_the_rest_still_run(fork):
    box = Sandbox(time_limit=0.3, fork=fork, isolate="item")
    try:
        run = box.run(loops_on_two, [(1,), (2,), (3,)], harness=CALL)
        assert [o.status for o in run.outcomes] == ["ok", "timeout", "ok"]
        assert run.outcomes[2].value == 3 and run.stopped == ""
        assert box.starts == (1 if fork else 2), "without fork the stuck worker is replaced"
    finally:
        box.stop()


@pytest.mark.slow
def test_a_function_slow_on_every_input_stops_after_the_first_few_timeouts():
    box = Sandbox(time_limit=0.3, isolate="item")
    try:
        run = box.run(loops_forever, [(n,) for n in range(8)], harness=CALL)
        assert [o.status for o in run.outcomes] == ["timeout"] * 3
        assert run.stopped == "the first 3 inputs all took too long"
        capped = box.run(loops_on_two, [(1,), (2,), (2,), (4,)], harness=CALL, max_timeouts=2)
        assert [o.status for o in capped.outcomes] == ["ok", "timeout", "timeout"]
        assert capped.stopped == "2 inputs took too long"
    finally:
        box.stop()


def test_endless_recursion_is_reported_at_the_students_line(sandbox):
    (found,) = outcomes(sandbox, recurses_forever, (1,))
    assert found.status == "raised"
    assert found.error.type == "RecursionError" and found.error.recursion
    assert found.error.line == "return recurses_forever(x)"
    assert found.error.function == "recurses_forever"


def test_an_exception_names_the_type_the_line_and_its_text(sandbox):
    (found,) = outcomes(sandbox, raises_on_leaf, ([1, [2]],))
    assert found.error.type == "TypeError"
    assert found.error.line == "total += child"
    source_line = raises_on_leaf.__code__.co_firstlineno + 3
    assert found.error.lineno == source_line
    assert "line" in found.error.sentence() and "total += child" in found.error.sentence()


def test_a_print_flood_is_stopped_and_only_the_start_is_kept(sandbox):
    (found,) = outcomes(sandbox, prints_a_flood, (1,), output_keep=300)
    assert found.status == "flood"
    assert found.output_chars > 50_000
    assert len(found.output) == 300 and found.output.startswith("spam")


def test_printed_output_is_captured_not_shown(sandbox, capsys):
    (found,) = outcomes(sandbox, prints_a_little, (5,))
    assert found.value == 5 and found.output == "hello 5\n"
    assert "hello" not in capsys.readouterr().out


def test_changing_an_argument_is_noticed(sandbox):
    (found,) = outcomes(sandbox, sorts_its_input, ([3, 1, 2],))
    assert found.value == 1 and found.mutated
    (clean,) = outcomes(sandbox, recursive_sum, ([3, 1, 2],))
    assert not clean.mutated


def test_a_value_that_cannot_be_sent_back_arrives_as_an_opaque_description(sandbox):
    (found,) = outcomes(sandbox, returns_an_object, (1,))
    assert found.status == "ok"
    assert isinstance(found.value, Opaque) and found.value.type == "object"


def test_a_process_killed_by_student_code_is_a_crash_and_the_next_input_still_runs(sandbox):
    (found,) = outcomes(sandbox, exits_python, (1,))
    assert found.status == "crash" and "exit code 3" in found.detail
    assert outcomes(sandbox, recursive_sum, ([5],))[0].value == 5


def test_exit_and_input_are_errors_not_hangs(sandbox):
    assert outcomes(sandbox, calls_exit, (1,))[0].error.type == "SystemExit"
    assert outcomes(sandbox, asks_for_input, (1,))[0].error.type == "EOFError"


def test_a_syntax_error_in_shipped_source_is_a_setup_error(sandbox):
    broken = shipping.from_source("def f(x)\n    return x\n", "f")
    result = sandbox.run(broken, [(1,)], harness=CALL)
    assert result.setup_error is not None and result.setup_error.type == "SyntaxError"


def test_a_name_that_could_not_be_copied_is_listed_as_missing(sandbox):
    stream = (i for i in range(3))  # generators cannot be pickled

    def uses_stream(x):
        return next(stream) + x

    result = sandbox.run(uses_stream, [(1,)], harness=CALL)
    assert "stream" in result.missing
    assert result.outcomes[0].error.type == "NameError"


def test_alpha_beta_leaf_order_is_observed_through_the_loop(sandbox):
    def first_leaves_only(node, alpha, beta, is_maximizing):
        for child in node:
            return child if not isinstance(child, list) else \
                first_leaves_only(child, alpha, beta, not is_maximizing)

    result = sandbox.run(first_leaves_only, [([[3, 12], [2, 4]], -math.inf, math.inf, True)],
                         harness=ref(nested_alphabeta))
    assert result.outcomes[0].value == 3
    assert result.outcomes[0].extra == ((0, 0),)


# -- shipping and the codec ----------------------------------------------------------------
def test_shipped_code_is_plain_data_that_survives_json():
    code = ship(uses_helper_and_module)
    again = decode(encode(code))
    fn, namespace, _ = rebuild(again)
    assert fn(2) == 20
    assert "def uses_helper_and_module" in again.source


def test_shipping_something_that_is_not_a_function_is_a_clear_error():
    with pytest.raises(ShippingError, match="expected a function"):
        ship(42)


def test_the_codec_round_trips_the_values_answers_are_made_of():
    rng = random.Random(1)
    values = [None, True, 3, -2.5, math.inf, -math.inf, "x", [1, [2]], (1, 2), {3, 4},
              {"a": (1,)}, frozenset({1})]
    for _ in range(20):
        values.append([rng.randint(-9, 9) for _ in range(rng.randint(0, 4))])
    for value in values:
        back = decode(encode(value))
        assert back == value or (isinstance(value, frozenset) and back == set(value))
    assert math.isnan(decode(encode(math.nan)))


def test_the_codec_turns_exception_classes_into_raises_and_never_runs_code():
    assert decode(encode(ValueError)) == Raises("ValueError")
    assert codec.exception_name("IndexError: list index out of range") == "IndexError"
    assert codec.exception_name("not an error") is None
    assert isinstance(decode({"$opaque": ["x", "y"]}), Opaque)


def stop_within(box, seconds=20.0) -> float | None:
    """Seconds ``box.stop()`` took, or None when it had not returned after ``seconds``
    (it is then left blocked in a daemon thread: the test fails instead of hanging)."""
    took = []

    def stop():
        began = time.monotonic()
        box.stop()
        took.append(time.monotonic() - began)

    stopper = threading.Thread(target=stop, daemon=True)
    stopper.start()
    stopper.join(seconds)
    return took[0] if took else None


def pids_holding(marker) -> list:
    """Processes whose command line holds ``marker`` (Linux: read from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if marker.encode() in f.read() and alive(int(entry)):
                        found.append(int(entry))
            except OSError:
                continue
    return found


def pids_sleeping(argument) -> list:
    """Processes running ``sleep ARGUMENT`` (Linux: read from /proc)."""
    found = []
    for pid in pids_holding(argument):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                words = f.read().split(b"\0")
        except OSError:
            continue
        if words[:2] and words[0].endswith(b"sleep") and words[1:2] == [argument.encode()]:
            found.append(pid)
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
def test_stop_ends_what_the_worker_started_even_in_a_session_of_its_own_and_never_blocks():
    """A wrapper whose process outlives the worker and keeps its output pipe open (as
    bwrap's inner process does when it is killed in its first milliseconds, before
    ``--die-with-parent`` holds) must not make stop() wait on the pipe forever."""
    marker = f"600.{os.getpid()}"  # sleep's argument, unique to this test run
    wrapper = ["/bin/sh", "-c", f'setsid sleep {marker} & exec "$@"', "sh"]
    box = Sandbox(wrapper=wrapper)
    box.start()
    # the state needed: sleep itself running. The wrapper's own shell holds the marker in
    # its command line too until it becomes the worker, and a process in the middle of an
    # exec shows no command line at all: waiting for "any process with the marker" once
    # saw the shell, then nothing (failed in 1 run of 30, idle).
    deadline = time.monotonic() + 30  # at a load of 6-9 on 2 cores, 10 s once was not enough
    while not (sleeping := pids_sleeping(marker)) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert sleeping, "the wrapper never started its lingering process"
    took = stop_within(box)
    # SIGKILL is sent by stop(); a loaded machine may take a while to run the dying process
    # to its end, so wait for that (a process stop() left alive sleeps for 600 s)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in sleeping) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in sleeping if alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert took is not None, "stop() blocked on the pipe the lingering process holds open"
    assert left == [], "stop() left a process the worker started"


def test_a_worker_stopped_the_moment_it_starts_is_reaped_with_its_reader_every_time():
    """stop() in a worker's first moments returns with the worker reaped and the thread that
    reads its output ended: it gave up on neither after its STOP_WAIT (no clock is read
    here; stop_within only keeps a stop() that blocks from hanging the test)."""
    for _ in range(20):
        box = Sandbox()
        box.start()
        worker, reader = box._proc, box._reader
        assert stop_within(box) is not None, "stop() blocked"
        assert worker.poll() is not None, "stop() left the worker unreaped"
        assert reader is None or not reader.is_alive(), "stop() gave up on the worker's reader"
        assert not box.alive


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
def test_a_worker_terminated_from_outside_is_reaped_not_left_a_zombie():
    """ipykernel, shutting down or restarting a kernel, terminates the kernel's children and
    waits until it has none: a worker left a zombie kept the kernel from stopping until the
    kernel was itself terminated."""
    box = Sandbox()
    try:
        (found,) = outcomes(box, helper, (1,))
        assert found.value == SCALE
        pid = box._proc.pid
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 30
        while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not os.path.exists(f"/proc/{pid}"), "the terminated worker is left a zombie"
    finally:
        box.stop()
