"""No answer from a bot raises past the arena: whatever its bytes, it is a move or a lost game.

Issue 19: a bot that answered ``<id> {"$float": "zz"}`` raised ``KeyError`` in the codec,
which nobody caught, and stopped the class tournament. Here random bytes and random
JSON go to :func:`read_answer` (the arena's reading of an answer line), and then to a
real bot process that writes them on its own pipe, through :class:`BotPool` and
:meth:`BotProcess.ask` as a tournament asks: every answer is a move, or a lost game
(``garbage``, ``crash``, ``died``), never an exception.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minimax_lessons.play.arena import MAX_LINE, BotPool, Player, read_answer
from minimax_lessons.runner.shipping import ship

KINDS = {"garbage", "crash"}
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["$float", "$tuple", "$set", "$dict", "$code", "$opaque", "x"]),
        inner, max_size=2),
    max_leaves=12)


def answered(result) -> bool:
    move, problem = result
    return (problem is None) or (move is None and problem[0] in KINDS and problem[1])


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_a_move_or_a_lost_game(raw):
    assert answered(read_answer(raw, 7))
    assert answered(read_answer(b"7 " + raw, 7))


@settings(max_examples=500, deadline=None)
@given(JSON)
def test_any_json_after_the_id_is_a_move_or_garbage(data):
    move, problem = read_answer(b"7 " + json.dumps(data).encode(), 7)
    assert answered((move, problem))
    if problem is None:
        assert isinstance(move, (type(None), bool, int, float, str, tuple))


def test_the_answers_of_issue_19_and_friends_are_garbage():
    for line in (b'7 {"$float": "zz"}', b'7 {"$tuple": 5}', b'7 [1, 2]', b"7 \xff\xfe",
                 b'7 {"$code": 1}', b"7 " + b"[" * 5000 + b"]" * 5000, b"8 3", b"7"):
        move, problem = read_answer(line, 7)
        assert move is None and problem[0] == "garbage", line
    assert read_answer(b"7 3", 7) == (3, None)
    assert read_answer(b'7 {"$tuple": [1, 2]}', 7) == ((1, 2), None)
    assert read_answer(b"7 error ValueError: no", 7) == (None, ("crash", "raised ValueError: no"))


def writes_what_it_is_given(board, time_left):
    """A bot that writes the bytes it is given (as the board) on its own pipe, and ends."""
    import os
    import sys

    frame = sys._getframe(1)  # the bot's answer to the request, in the bot process's loop
    request = frame.f_locals["request"]
    while "out" not in frame.f_locals:  # up to the loop that holds the pipe
        frame = frame.f_back
    out = frame.f_locals["out"]
    out.flush()
    os.write(out.fileno(), f"{request['id']} ".encode() + bytes(board) + b"\n")
    os._exit(0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=300).filter(lambda b: b"\n" not in b),
                 JSON.map(lambda d: json.dumps(d).encode())))
def test_a_real_bot_that_writes_anything_on_its_pipe_loses_or_moves_never_raises(pool, raw):
    move, problem = ask_once(pool, raw)
    assert problem is None or (move is None and problem[0] in KINDS | {"died"})


def test_a_bot_that_answers_a_line_longer_than_the_limit_loses_by_garbage(pool):
    move, problem = ask_once(pool, b"1" * (MAX_LINE + 10))
    assert move is None and problem[0] == "garbage"


def ask_once(pool, raw):
    """Ask a bot of the pool with the bytes ``raw`` as the board: it writes them back and
    ends (:func:`writes_what_it_is_given`). It goes back to the pool at once, still ending
    maybe: the pool's next ``acquire`` must not hand it to the next test (it asks an idle
    bot for a sign of life first; before it did, a bot still ending answered 'died')."""
    proc, why = pool.acquire()
    assert why is None, why
    try:
        return proc.ask(list(raw), 1, 5.0, 20.0)
    finally:
        pool.release(proc)


import pytest  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    player = Player("echo", "student", choose_move=ship(writes_what_it_is_given).to_data())
    bots = BotPool(player, {"kind": "connectfour", "rows": 4, "cols": 5})
    yield bots
    bots.close()


def test_a_bot_that_dies_while_idle_is_reaped_and_its_folder_removed_when_the_pool_moves_on(
        pool):
    """A process that died between games (its last answer given) is dropped by the next
    ``acquire``: reaped, its pipes closed and its folder removed, not left in the grader's
    temporary folder for good."""
    import os
    import signal

    first, why = pool.acquire()
    assert why is None, why
    pool.release(first)
    os.killpg(first.proc.pid, signal.SIGKILL)  # it dies while idle in the pool
    os.waitid(os.P_PID, first.proc.pid, os.WEXITED | os.WNOWAIT)  # dead, not yet reaped
    second, why = pool.acquire()
    try:
        assert why is None and second is not first and second.alive
        assert first.proc.returncode is not None, "the dead process is reaped"
        assert first.proc.stdin.closed and first.proc.stdout.closed
        assert not os.path.exists(first.folder), f"{first.folder} is left behind"
    finally:
        pool.release(second)


def ends_slowly_after_answering(board, time_left):
    """A bot that answers column 2 on its own pipe, then takes half a second to end (as a
    loaded machine may take), inside the game's last answer."""
    import os
    import sys
    import time

    frame = sys._getframe(1)
    request = frame.f_locals["request"]
    while "out" not in frame.f_locals:
        frame = frame.f_back
    out = frame.f_locals["out"]
    out.flush()
    os.write(out.fileno(), f"{request['id']} 2\n".encode())
    time.sleep(0.5)
    os._exit(0)


def forges_a_sign_of_life(board, time_left):
    """A bot that answers column 2, then writes the sign of life it expects next (the next
    id, as the pool numbers its requests), and ends."""
    import os
    import sys
    import time

    frame = sys._getframe(1)
    request = frame.f_locals["request"]
    while "out" not in frame.f_locals:
        frame = frame.f_back
    out = frame.f_locals["out"]
    out.flush()
    os.write(out.fileno(), f"{request['id']} 2\n".encode())
    time.sleep(0.3)  # after the pool has read the move: left in the pipe for the next read
    os.write(out.fileno(), f"{request['id'] + 1} alive\n".encode())
    os._exit(0)


def counts_its_calls(board, time_left):
    """A bot whose move is how many times it has been asked in its process."""
    calls = globals()["CALLS"] = globals().get("CALLS", 0) + 1
    return calls


def three_games(name, choose_move):
    """The moves a student's bot ``choose_move`` answers in three games from one pool, one
    after another, and how many processes the pool started for them."""
    player = Player(name, "student", choose_move=ship(choose_move).to_data())
    bots = BotPool(player, {"kind": "connectfour", "rows": 4, "cols": 5})
    try:
        moves = []
        for game in (1, 2, 3):
            proc, why = bots.acquire()
            assert why is None, why
            moves.append(proc.ask(list(b"3"), game, 5.0, 20.0))
            bots.release(proc)
        return moves, bots.starts
    finally:
        bots.close()


def test_a_bot_that_ends_itself_after_a_game_gets_a_fresh_process_for_the_next_one():
    """Each game's bot answers and ends, slowly: given back to the pool still alive to the
    operating system, it is not handed to the next game (where it would lose as 'died',
    or not, depending on the machine's speed); a fresh process plays it."""
    assert three_games("leaver", ends_slowly_after_answering) == ([(2, None)] * 3, 3)


def test_an_idle_bot_that_answers_is_reused_and_its_sign_of_life_runs_no_student_code():
    assert three_games("counter", counts_its_calls) == ([(1, None), (2, None), (3, None)], 1)


def test_a_sign_of_life_written_beforehand_does_not_keep_an_ending_bot_in_the_pool():
    """Each sign of life carries a random token: a line the bot wrote ahead of the question
    does not answer it, so the ending process is replaced and every game is answered (with
    the id alone the forged line passed and the next game was lost as 'died')."""
    assert three_games("forger", forges_a_sign_of_life) == ([(2, None)] * 3, 3)
