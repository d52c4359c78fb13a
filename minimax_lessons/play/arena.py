"""Play games between bots that each run in a process of their own, with a clock.

A :class:`BotProcess` is one running bot (:mod:`minimax_lessons.play.bot_process`), started
inside a :class:`~minimax_lessons.instructor.grading.isolation.Jail` when one is given (the
tournament's students); :meth:`BotProcess.ask` sends a board and waits at most the
time limit for the move. A :class:`BotPool` keeps a
player's processes between games (one per game played at the same time) and
replaces one that misbehaved or no longer answers. :func:`play_game` plays one game
and says who won and why.

What loses a game, whatever the board: no answer within the time limit
(``timeout``), an exception in the bot (``crash``), a process that died
(``died``), an answer that is not ``<id> <move>`` (``garbage``: also a line that is not
UTF-8, longer than :data:`MAX_LINE`, not the codec's JSON or not a plain value; no
answer ever raises here, :func:`read_answer`), a move not among the legal ones
(``illegal``), a bot that could not start (``no-start``); a player whose notebook did
not give a bot loses every game (``not-loaded``). After a timeout, a death or garbage
the process is killed and a new one starts for the bot's next game.
"""

from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

from .._process import launch, with_package_path
from ..runner.codec import decode, encode

#: Seconds a bot may take to start (Python, the package, the student's functions).
START_TIMEOUT = 20.0
#: Longest answer line read from a bot, in bytes; a longer one is garbage.
MAX_LINE = 10_000
#: Seconds an idle bot may take to answer a sign of life before a game; one that does not
#: is replaced by a fresh process (it loses nothing by it).
ALIVE_TIMEOUT = 10.0
_LAUNCH = launch("minimax_lessons.play.bot_process")


@dataclass
class Player:
    """A tournament entrant: a reference bot (``builtin``) or a student's functions."""

    name: str
    kind: str  # "reference" or "student"
    builtin: str | None = None
    evaluate: dict | None = None  # shipped function data
    choose_move: dict | None = None
    problem: str | None = None  # why it has no bot (then it loses every game)
    max_depth: int | None = None

    @property
    def loaded(self) -> bool:
        return self.problem is None


class BotProcess:
    """One running bot; ``jail(folder)`` gives its
    :class:`~minimax_lessons.instructor.grading.isolation.Jail`, or None."""

    def __init__(self, player: Player, game_spec: dict, *, jail=None, env=None, work_root=None):
        self.player, self.game_spec = player, game_spec
        self.jail, self.env, self.work_root = jail, env, work_root
        self.proc = None
        self.buffer = b""
        self.requests = 0
        self.folder = None
        self.refused = False  # the bot itself said it cannot load (not a slow start)
        self.last_seconds = 0.0  # how long the last answer took

    def start(self) -> str | None:
        """Start the process and load the bot; None when ready, else why not."""
        self.folder = tempfile.mkdtemp(prefix="bot-", dir=self.work_root)
        env = with_package_path(self.env if self.env is not None else os.environ)
        cmd = [sys.executable, "-c", _LAUNCH]
        if self.jail is not None:
            cmd = self.jail(self.folder).prefix() + cmd
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env, cwd=self.folder,
                                     start_new_session=True)
        job = {"game": self.game_spec, "builtin": self.player.builtin,
               "evaluate": self.player.evaluate, "choose_move": self.player.choose_move,
               "max_depth": self.player.max_depth}
        if not self._send(json.dumps(job)):
            return self._gone("it stopped while starting")
        raw, problem = self._read_line(START_TIMEOUT)
        if problem is not None:
            return problem[1].replace("no answer", "not ready")
        line = raw.decode("utf-8", "replace").strip()
        if line == "ready":
            return None
        self.kill()
        self.refused = True
        return line[len("error "):] if line.startswith("error ") else f"it said {line[:80]!r}"

    def ask(self, board, game_number, seconds, limit):
        """(move, None), or (None, (kind, why)) when the bot loses the game by answering."""
        return self._request({"game": game_number, "board": encode(board), "time": seconds},
                             limit)

    def estimate(self, board, limit):
        """The student's ``evaluate(board)`` (a board view), as :meth:`ask` answers."""
        return self._request({"evaluate": encode(board)}, limit)

    def _request(self, request, limit):
        self.requests += 1
        number = self.requests
        request = {"id": number, **request}
        began = time.monotonic()
        if not self._send(json.dumps(request)):
            return None, ("died", self._gone("its process had died"))
        line, problem = self._read_line(limit)
        if problem is not None:
            return None, problem
        move, problem = read_answer(line, number)
        if problem is not None:
            if problem[0] == "garbage":
                self.kill()
            return None, problem
        self.last_seconds = time.monotonic() - began
        return move, None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def answers(self, limit=ALIVE_TIMEOUT) -> bool:
        """Whether the process answers a sign of life (no student code runs for it). A bot
        that ends itself after a game's last answer may not have exited yet when the next
        game wants it: :attr:`alive` still says yes, this says no, whatever the timing."""
        self.requests += 1
        token = secrets.token_hex(8)  # a line the bot wrote beforehand cannot answer it
        if not self._send(json.dumps({"id": self.requests, "alive": token})):
            return False
        line, problem = self._read_line(limit)
        return problem is None and line.strip() == f"{self.requests} alive {token}".encode()

    def kill(self):
        """Stop the process (and everything it started)."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _send(self, text) -> bool:
        try:
            self.proc.stdin.write(text.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def _gone(self, why) -> str:
        """Why the bot is gone, with its exit code (it closed its pipe: it is exiting)."""
        code = None
        if self.proc is not None:
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                code = None
        self.kill()
        return why + (f" (exit code {code})" if code is not None else "")

    def _read_line(self, limit):
        """(line, None) or (None, (kind, why)); no line within ``limit`` seconds kills the bot."""
        deadline = time.monotonic() + limit
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                self.kill()
                return None, ("garbage", f"answered more than {MAX_LINE:,} bytes without a "
                                         "line break")
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                return None, ("timeout", f"no answer within {limit:g} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return None, ("died", self._gone("its process died"))
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        if len(line) > MAX_LINE:
            self.kill()
            return None, ("garbage", f"answered a line of more than {MAX_LINE:,} bytes")
        return line, None


class KernelBot:
    """A bot that plays in this process: the browser's way (Pyodide has no processes).

    It answers as a :class:`BotProcess` does, through the same protocol lines
    (:class:`~minimax_lessons.play.bot_process.Bot`, :func:`read_answer`), so a game is
    won, lost and explained the same; a move slower than its limit is stopped inside
    the student's code (:class:`~minimax_lessons.runner.in_kernel.Deadline`) and loses
    the game as a ``timeout``; what the bot prints is dropped, as the tournament drops it.
    """

    def __init__(self, player: Player, game_spec: dict, **options):
        self.player, self.game_spec = player, game_spec
        self.bot, self.codes, self.requests = None, [], 0
        self.buffer = b""
        self.refused = False
        self.last_seconds = 0.0

    def start(self) -> str | None:
        from .bot_process import load
        from ..runner.in_kernel import student_codes

        job = {"game": self.game_spec, "builtin": self.player.builtin,
               "evaluate": self.player.evaluate, "choose_move": self.player.choose_move,
               "max_depth": self.player.max_depth}
        namespaces = []
        self.bot, line = load(json.dumps(job), namespaces)
        if self.bot is None:
            self.refused = True
            return line[len("error "):]
        self.codes = [c for namespace in namespaces for c in student_codes(namespace, "<")]
        return None

    def ask(self, board, game_number, seconds, limit):
        return self._request({"game": game_number, "board": encode(board), "time": seconds},
                             limit)

    def estimate(self, board, limit):
        return self._request({"evaluate": encode(board)}, limit)

    def _request(self, request, limit):
        from ..runner.in_kernel import Deadline, depth

        self.requests += 1
        number = self.requests
        began = time.monotonic()
        saved = sys.stdout, sys.stderr, sys.getrecursionlimit()
        sys.stdout = sys.stderr = _Dropped()
        sys.setrecursionlimit(depth() + 10_000)  # as bot_process allows
        clock = Deadline(began + limit, self.codes)
        try:
            with clock:
                line = self.bot.answer(json.dumps({"id": number, **request}))
        finally:
            sys.stdout, sys.stderr = saved[0], saved[1]
            sys.setrecursionlimit(saved[2])
        if clock.fired:
            self.bot = None
            return None, ("timeout", f"no answer within {limit:g} s")
        move, problem = read_answer(line.encode("utf-8"), number)
        if problem is not None:
            return None, problem
        self.last_seconds = time.monotonic() - began
        return move, None

    @property
    def alive(self) -> bool:
        return self.bot is not None

    def answers(self, limit=ALIVE_TIMEOUT) -> bool:
        return self.alive

    def kill(self):
        self.bot = None


class _Dropped:
    """A stream that drops what is written (a bot's prints)."""

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def new_bot(player: Player, game_spec: dict, **options):
    """A :class:`BotProcess`, or in the browser (no processes there) a :class:`KernelBot`."""
    kind = KernelBot if sys.platform == "emscripten" else BotProcess
    return kind(player, game_spec, **options)


#: The plain types a move may have (a column, a cell, a pair for Nim): anything else a
#: bot answers, a list or a dict or an object, is garbage rather than an illegal move.
MOVE_TYPES = (type(None), bool, int, float, str, tuple)


def read_answer(line: bytes, number: int):
    """A bot's answer line to request ``number``: ``(move, None)``, or ``(None, (kind,
    why))`` when it loses by it: ``garbage`` for anything but ``<number> <move as JSON>``
    in UTF-8 (whatever the bytes: this never raises), ``crash`` for ``<number> error <why>``.

    >>> read_answer(b"3 4", 3), read_answer(b"3 error ValueError: no", 3)[1]
    ((4, None), ('crash', 'raised ValueError: no'))
    >>> read_answer(b'3 {"$float": "zz"}', 3)[1][0], read_answer(b"\\xff", 3)[1][0]
    ('garbage', 'garbage')
    """
    try:
        text = line.decode("utf-8").strip()
    except UnicodeDecodeError:
        return None, ("garbage", f"answered {_shown(line)}, bytes that are not UTF-8 text")
    head, _, rest = text.partition(" ")
    if head != str(number):
        return None, ("garbage", f"answered {_shown(text)}, not '<id> <move>'")
    if rest.startswith("error "):  # the bot's own words: printable characters only
        said = "".join(c if c.isprintable() else " " for c in rest[len("error "):][:300])
        return None, ("crash", "raised " + said)
    try:
        move = decode(json.loads(rest))
    except (ValueError, RecursionError, MemoryError) as exc:
        return None, ("garbage", f"answered {_shown(text)}, not '<id> <move>' "
                                 f"({type(exc).__name__})")
    if not _plain_move(move):
        return None, ("garbage", f"answered {_shown(text)}: a {type(move).__name__}, not a move")
    return move, None


def _plain_move(move, depth=0) -> bool:
    if isinstance(move, tuple):
        return depth < 3 and all(_plain_move(m, depth + 1) for m in move)
    return isinstance(move, MOVE_TYPES)


def _shown(text) -> str:
    return repr(text[:60])


class BotPool:
    """The idle processes of one player, reused from game to game.

    A bot that once refused to load (its functions cannot be rebuilt) is not started
    again: its later games are lost at once, for the same reason.
    """

    def __init__(self, player, game_spec, **options):
        self.player, self.game_spec, self.options = player, game_spec, options
        self.idle = []
        self.lock = threading.Lock()
        self.starts = 0
        self.broken = None  # why the bot could not start, once it could not

    def acquire(self):
        """(a ready :class:`BotProcess`, None) or (None, why it could not start).

        An idle process is given the game only if it answers a sign of life
        (:meth:`BotProcess.answers`); one that has died or is ending is dropped (reaped, its
        pipes closed, its folder removed) and a fresh one starts: a bot that ends itself
        between games never loses the next one as dead, however fast the machine."""
        while True:
            with self.lock:
                if self.broken is not None:
                    return None, self.broken
                proc = self.idle.pop() if self.idle else None
                if proc is None:
                    self.starts += 1
                    break
            if proc.alive and proc.answers():
                return proc, None
            proc.kill()
        proc = new_bot(self.player, self.game_spec, **self.options)
        why = proc.start()
        if why is None:
            return proc, None
        if proc.refused:
            with self.lock:
                self.broken = why
        return None, why

    def release(self, proc):
        """Keep a healthy process for the next game; a killed or dead one is dropped."""
        if proc is None:
            return
        if proc.alive:
            proc.buffer = b""
            with self.lock:
                self.idle.append(proc)
        else:
            proc.kill()

    def close(self):
        with self.lock:
            procs, self.idle = self.idle, []
        for proc in procs:
            proc.kill()


@dataclass
class GameRecord:
    """One game: who played first (MAX), the moves, the outcome and why."""

    number: int
    first: str
    second: str
    moves: list = field(default_factory=list)
    winner: str | None = None  # a player's name; None for a draw
    reason: str = ""
    fault: str | None = None  # the kind of misbehaviour that lost it, if any
    final: str = ""  # the last board, as text
    slowest: dict = field(default_factory=dict)  # player -> their slowest answer (seconds)

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first

    def points(self, name) -> float:
        """1 for a win, 0.5 for a draw, 0 for a loss.

        >>> game = GameRecord(1, "ann", "random", [2, 2, 3], winner="ann")
        >>> game.points("ann"), game.points("random"), game.loser
        (1.0, 0.0, 'random')
        """
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == name else 0.0


def play_game(game, number, first, second, pools, *, move_time, limits=None) -> GameRecord:
    """Play one game, ``first`` (MAX) against ``second``; every failure loses it.

    ``pools`` maps a loaded player's name to its :class:`BotPool`; ``limits`` a
    name to the seconds it is allowed per move (default ``move_time``).
    """
    from ..games.game import MAX

    record = GameRecord(number, first.name, second.name)
    players = {MAX: first, "min": second}
    limits = limits or {}
    for side, player in players.items():
        if not player.loaded:
            other = players["min" if side == MAX else MAX]
            if not other.loaded:
                record.reason = "not played: neither player has a bot"
                return record
            return _lost(record, player, "not-loaded", player.problem)
    procs, state = {}, game.initial_state()
    try:
        for side, player in players.items():
            procs[side], why = pools[player.name].acquire()
            if why is not None:
                return _lost(record, player, "no-start", f"could not start: {why}")
        while not game.is_terminal(state):
            side = game.to_move(state)
            player = players[side]
            limit = limits.get(player.name, move_time)
            move, problem = procs[side].ask(state, number, move_time, limit)
            ply = len(record.moves) + 1
            if problem is not None:
                kind, why = problem
                if kind == "timeout":
                    why = f"took longer than {limit:g} s"
                return _lost(record, player, kind, f"{why} on move {ply}", game, state)
            legal = [a for a in game.actions(state) if a == move and type(a) is type(move)]
            if not legal:
                choices = ", ".join(map(str, game.actions(state)))
                return _lost(record, player, "illegal",
                             f"played {move!r} on move {ply}, not one of {choices}", game, state)
            record.slowest[player.name] = max(record.slowest.get(player.name, 0.0),
                                              procs[side].last_seconds)
            record.moves.append(legal[0])
            state = game.result(state, legal[0])
        utility = game.utility(state)
        record.final = game.text(state)
        if utility == 0:
            record.reason = "draw"
        else:
            record.winner = first.name if utility > 0 else second.name
            record.reason = f"{record.winner} won on the board in {len(record.moves)} moves"
        return record
    finally:
        for side, proc in procs.items():
            if proc is not None:
                pools[players[side].name].release(proc)


def _lost(record, player, kind, why, game=None, state=None):
    record.winner = record.second if player.name == record.first else record.first
    record.fault = kind
    record.reason = f"{player.name} lost ({kind}): {why}"
    if game is not None:
        record.final = game.text(state)
    return record


__all__ = ["Player", "BotProcess", "KernelBot", "new_bot", "BotPool", "GameRecord", "play_game", "read_answer",
           "START_TIMEOUT"]
