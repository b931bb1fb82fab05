"""One child app on its own pseudo-terminal: started, fed keys, resized, drained and stopped.

The child is started (as a fresh process by `start_fresh`, or forked by the session pool through
a `Launch` given) as the leader of a new session whose controlling terminal is its
pseudo-terminal, as a login would be: a resize of the terminal then reaches it as SIGWINCH from
the kernel, and closing the terminal hangs it up. Only the environment given is passed on, never
the server's own. Bytes are relayed both ways with bounded buffers: when the SSH client reads no
more, the child's output is no longer read (and the child waits on its writes); when the child
reads no more keys, the SSH channel is paused. Stopping sends SIGTERM to the child's process
group, then SIGKILL to what is left after a grace time.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import sys
import termios
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Protocol

from wish_tui.files import read_ready

READ_CHUNK = 64 * 1024
"""The most bytes of output read from the terminal at once."""
INPUT_HIGH_WATER = 64 * 1024
"""Keys waiting for the child above which the SSH channel is paused."""
DRAIN_TIME = 1.0
"""Seconds to read what the child wrote before it exited (a process it left may hold the terminal)."""
STOP_GRACE = 3.0
"""Seconds between SIGTERM and SIGKILL when a session ends before its child."""

# The child's first step: make its terminal (fd 0) the controlling terminal of the new session that
# start_new_session made, then become the command. Python's subprocess cannot do this itself
# without preexec_fn, which is unsafe in a process with threads. A command that cannot be run
# exits 127, as in a shell, without a traceback that would show the server's paths.
_CONTROLLING_TERMINAL = """\
import fcntl, os, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
try:
    os.execvp(sys.argv[1], sys.argv[1:])
except OSError:
    os._exit(127)
"""


class AppProcess(Protocol):
    """What a session needs of its app's process: asyncio's, or one the session pool forked."""

    pid: int
    returncode: int | None
    """None while it runs; then its exit status (negative: killed by that signal)."""

    async def wait(self) -> int: ...


Launch = Callable[[int, dict[str, str]], Awaitable[AppProcess]]
"""Starts the app with the terminal `fd` (the slave side) as its own, and this environment, as the
leader of a new session; raises `AppRefused` or OSError."""


class AppRefused(Exception):
    """The app was not started, by a limit; the message is the sentence for the person."""


async def start_fresh(command: Sequence[str], terminal: int, env: Mapping[str, str]) -> AppProcess:
    """Start `command` as a fresh process on `terminal`, its controlling terminal.

    Raises:
        OSError: no process could be started (a command that cannot be run exits with 127).
    """
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-I",
        "-S",
        "-c",
        _CONTROLLING_TERMINAL,
        *command,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=dict(env),
        start_new_session=True,
    )


def set_size(fd: int, columns: int, rows: int) -> None:
    """Set the size of the terminal `fd` (the kernel tells its foreground processes)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def signal_group(proc, signum: int) -> None:
    """Send `signum` to the process group a child leads (it also holds whatever it started);
    a process object that signals in its own way (`pool.link.PooledProcess`) is asked to."""
    if proc is None:
        return
    own_way = getattr(proc, "signal", None)
    if own_way is not None:
        own_way(signum)
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signum)


class GroupStopper:
    """Ends a child's process group: SIGTERM, then SIGKILL once `grace` seconds have passed."""

    def __init__(self, grace: float) -> None:
        self.grace = grace
        self._kill_timer: asyncio.TimerHandle | None = None

    def terminate(self, proc) -> None:
        """Ask the child to end (SIGTERM to its group); SIGKILL follows after the grace time."""
        if proc is not None and proc.returncode is None and self._kill_timer is None:
            signal_group(proc, signal.SIGTERM)
            self._kill_timer = asyncio.get_running_loop().call_later(
                self.grace, signal_group, proc, signal.SIGKILL
            )

    async def stop(self, proc) -> None:
        """End the child (see `terminate`), wait for it, and kill whatever it left in its group;
        cancelled while waiting, the group is killed at once."""
        if proc.returncode is None:
            self.terminate(proc)
            try:
                await proc.wait()
            except asyncio.CancelledError:
                signal_group(proc, signal.SIGKILL)  # no time is left to wait for the grace
                raise
        if self._kill_timer is not None:
            self._kill_timer.cancel()
            self._kill_timer = None
        signal_group(proc, signal.SIGKILL)


def pipe_like(fd: int) -> None:
    """Make the terminal `fd` pass lines as a pipe would: no echo, output unchanged (its line
    editing stays, so the end of input is still Ctrl-D)."""
    attributes = termios.tcgetattr(fd)
    attributes[1] &= ~termios.OPOST
    attributes[3] &= ~(termios.ECHO | termios.ECHOE | termios.ECHOK | termios.ECHONL)
    termios.tcsetattr(fd, termios.TCSANOW, attributes)


def describe_status(status: int) -> str:
    """A clause for an exit status as asyncio reports it (negative: killed by that signal)."""
    if status >= 0:
        return f"with status {status}"
    try:
        name = signal.Signals(-status).name
    except ValueError:
        name = f"signal {-status}"
    return f"by {name}"


class PtyChild:
    """A command on a new pseudo-terminal, relayed to `on_output`.

    Args:
        command: the program and its arguments.
        env: the whole environment of the child.
        size: columns and rows of the terminal at start.
        on_output: called with each chunk of bytes the child writes.
        on_input_full: called with True when keys pile up unread, False when they are read again.
        launch: how the process starts (`start_fresh` of `command` when None).
        like_pipe: the terminal passes lines as a pipe would: it echoes nothing and writes the
            child's output unchanged (for a client without a terminal of its own).
    """

    def __init__(
        self,
        command: Sequence[str],
        env: Mapping[str, str],
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_input_full: Callable[[bool], None],
        stop_grace: float = STOP_GRACE,
        launch: Launch | None = None,
        like_pipe: bool = False,
    ) -> None:
        self._command = list(command)
        self._like_pipe = like_pipe
        self._launch = launch
        self._env = dict(env)
        self._size = size
        self._on_output = on_output
        self._on_input_full = on_input_full
        self._stopper = GroupStopper(stop_grace)
        self._loop = asyncio.get_running_loop()
        self._master: int | None = None
        self._proc: AppProcess | None = None
        self._pending = bytearray()
        self._input_full = False
        self._reading = False
        self._output_paused = False
        self._writing = False
        self._output_ended = asyncio.Event()

    @property
    def is_running(self) -> bool:
        """True from the start until the child has exited."""
        return self._proc is not None and self._proc.returncode is None

    @property
    def pid(self) -> int | None:
        """The child's process id once started."""
        return self._proc.pid if self._proc else None

    async def start(self) -> None:
        """Open the terminal and start the command on it.

        Raises:
            OSError: no terminal could be opened or no process started (a command that cannot
                be run exits with status 127).
            AppRefused: a limit of the session pool refused it.
        """
        master, slave = os.openpty()
        try:
            set_size(slave, *self._size)
            if self._like_pipe:
                pipe_like(slave)
            os.set_blocking(master, False)
            if self._launch is not None:
                self._proc = await self._launch(slave, self._env)
            else:
                self._proc = await start_fresh(self._command, slave, self._env)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self._master = master
        self._start_reading()

    # Output: terminal -> client

    def _start_reading(self) -> None:
        if self._master is not None and not self._reading and not self._output_ended.is_set():
            self._loop.add_reader(self._master, self._read)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading and self._master is not None:
            self._loop.remove_reader(self._master)
        self._reading = False

    def _read(self) -> None:
        data = read_ready(self._master, READ_CHUNK)
        if data:
            self._on_output(data)
        elif data is not None:
            self._stop_reading()
            self._output_ended.set()

    def pause_output(self) -> None:
        """Stop reading the child's output until `resume_output` (the client reads no more)."""
        self._output_paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        """Read the child's output again."""
        self._output_paused = False
        self._start_reading()

    # Input: client -> terminal

    def write(self, data: bytes) -> None:
        """Pass keys to the child; they wait in a buffer while the child reads none."""
        if self._master is None or not data:
            return
        self._pending += data
        if self._writing:
            self._check_input_full()  # the writer waits for the child to read
        else:
            self._flush()

    def _flush(self) -> None:
        while self._pending and self._master is not None:
            try:
                sent = os.write(self._master, self._pending[:READ_CHUNK])
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self._pending.clear()  # the child is gone; its keys go nowhere
                break
            del self._pending[:sent]
        wants_writer = bool(self._pending) and self._master is not None
        if wants_writer != self._writing:
            if wants_writer:
                self._loop.add_writer(self._master, self._flush)
            elif self._master is not None:
                self._loop.remove_writer(self._master)
            self._writing = wants_writer
        self._check_input_full()

    def _check_input_full(self) -> None:
        full = len(self._pending) > INPUT_HIGH_WATER
        if full != self._input_full:
            self._input_full = full
            self._on_input_full(full)

    def resize(self, columns: int, rows: int) -> None:
        """Give the terminal a new size; the child gets SIGWINCH (an app sharing a process with
        others is told by its host)."""
        if self._master is not None and (columns, rows) != self._size:
            self._size = (columns, rows)
            with contextlib.suppress(OSError):
                set_size(self._master, columns, rows)
            told = getattr(self._proc, "resized", None)
            if told is not None:
                told()

    # The end

    async def wait(self) -> int:
        """Wait for the child to exit and its last output to be read; return its exit status."""
        assert self._proc is not None
        status = await self._proc.wait()
        if self._output_paused:
            self.resume_output()  # what the client did not take is dropped rather than waited for
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._output_ended.wait(), DRAIN_TIME)
        return status

    def terminate(self) -> None:
        """Ask the child to end (SIGTERM to its group); SIGKILL follows after the grace time."""
        self._stopper.terminate(self._proc)

    async def stop(self) -> None:
        """End the child (see `terminate`) and whatever it left in its group; close the terminal."""
        try:
            if self._proc is not None:
                await self._stopper.stop(self._proc)
        finally:
            self._close_terminal()

    def _close_terminal(self) -> None:
        master, self._master = self._master, None
        if master is None:
            return
        if self._reading:
            self._loop.remove_reader(master)
        if self._writing:
            self._loop.remove_writer(master)
        self._reading = self._writing = False
        self._pending.clear()
        self._output_ended.set()
        os.close(master)
