"""The driver of an app that shares its process (`ui.terminal.hosted_driver`): the app on a terminal of its
own, in this test's event loop, read and written without a thread; ended by its terminal, and
then freed, as a host that runs app after app needs."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import fcntl
import gc
import os
import re
import struct
import termios
import tty
import weakref

from rich.console import Console

from wish_tui.core import environment
from wish_tui.launch import Launch
from wish_tui.tables.remote import SOCKET_ENV, TOKEN_ENV
from wish_tui.ui.app import WishApp
from wish_tui.ui.terminal.hosted_driver import HostedDriver

ANSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]")
TIMEOUT = 20


def set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class Terminal:
    """The other end of the app's pseudo-terminal, read as the server reads it."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.seen = b""
        os.set_blocking(master, False)

    async def until(self, text: bytes, raw: bool = False) -> bytes:
        """Read until `text` shows (escape sequences left out unless `raw`); return what came
        since the last call."""
        start = len(self.seen)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TIMEOUT
        while text not in (self.seen[start:] if raw else ANSI.sub(b"", self.seen[start:])):
            assert loop.time() < deadline, ANSI.sub(b"", self.seen[-800:])
            try:
                chunk = os.read(self.master, 65536)
            except BlockingIOError:
                await asyncio.sleep(0.02)
                continue
            except OSError:
                chunk = b""
            assert chunk, "the terminal closed"
            self.seen += chunk
        return self.seen[start:]

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)


async def _start(tmp_path, env: dict[str, str], size=(100, 30), launch=None):
    master, slave = os.openpty()
    set_size(slave, *size)
    context = contextvars.Context()  # as a host gives each app
    context.run(environment.use, {**env, "WISH_TUI_DATA_DIR": str(tmp_path)})
    app = context.run(WishApp, launch or Launch("title"), None, slave)
    task = asyncio.get_running_loop().create_task(app.run_async(), context=context)
    return Terminal(master), slave, app, task


def recorded(driver, kind) -> list:
    """The input events of `kind` the driver hands the app from now on, as they come."""
    seen: list = []
    handle = driver.process_message

    def recording(message) -> None:
        if isinstance(message, kind):
            seen.append(message)
        handle(message)

    driver.process_message = recording
    return seen


async def send_all(terminal: Terminal, data: bytes) -> None:
    """Write `data` to the app's terminal as fast as it takes it (its frames are not kept)."""
    while data:
        try:
            data = data[os.write(terminal.master, data) :]
        except BlockingIOError:
            await asyncio.sleep(0.01)
        terminal.seen = b""


async def quit_by_q(terminal: Terminal, task) -> None:
    """Press q on the title screen: the app gives the screen back and ends."""
    terminal.press(b"q")
    await terminal.until(b"\x1b[?1049l", raw=True)
    await asyncio.wait_for(task, TIMEOUT)


async def test_the_app_runs_on_its_terminal_and_its_own_no_color(tmp_path):
    terminal, slave, app, task = await _start(tmp_path, {"NO_COLOR": "1", "TERM": "xterm-256color"})
    try:
        frame = await terminal.until(b"New game")
        assert b"\x1b[?1049h" in frame  # the alternate screen, on this terminal only
        assert b"\x1b[38;" not in frame and b"\x1b[48;" not in frame  # no colour, as asked
        assert "NO_COLOR" not in os.environ  # lent to Textual only while the app was made
        set_size(slave, 36, 18)  # below the 40x20 a phone needs
        assert isinstance(app.hosted_driver, HostedDriver)
        app.hosted_driver.resized()  # its host was told the size changed
        await terminal.until(b"too small")
        set_size(slave, 100, 30)
        app.hosted_driver.resized()
        await terminal.until(b"New game")
        terminal.press(b"q")
        await asyncio.wait_for(task, TIMEOUT)
        assert app.return_code == 0
        await terminal.until(b"\x1b[?1049l", raw=True)  # the screen given back
    finally:
        os.close(terminal.master)
        os.close(slave)


async def test_a_frame_reaches_the_terminal_as_written_and_its_modes_are_given_back(tmp_path):
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        output = termios.tcgetattr(slave)[tty.OFLAG]
        frame = await terminal.until(b"New game")
        # No carriage return added to a line break (the screen diff writes both where needed).
        assert b"\r\n" in frame and b"\r\r\n" not in frame
        terminal.press(b"q")
        await asyncio.wait_for(task, TIMEOUT)
        assert termios.tcgetattr(slave)[tty.OFLAG] == output
        assert output & termios.OPOST
    finally:
        os.close(terminal.master)
        os.close(slave)


async def test_a_frame_drawn_at_once_goes_to_the_terminal_in_one_write(tmp_path, monkeypatch):
    # A terminal that draws a frame at once (synchronised output): the frame's start, the frame
    # and its end reach it in one write, not three.
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    writes: list[bytes] = []
    write = os.write

    def recorded_write(fd: int, data) -> int:
        if fd == slave:
            writes.append(bytes(data))
        return write(fd, data)

    try:
        await terminal.until(b"\x1b[?2026$p", raw=True)
        terminal.press(b"\x1b[?2026;2$y")  # (it has it, and it is off)
        await terminal.until(b"New game")
        terminal.press(b"\x1b[B")  # (down: another item of the menu lit)
        await terminal.until(b"\x1b[?2026l", raw=True)
        monkeypatch.setattr(os, "write", recorded_write)
        terminal.press(b"\x1b[A")
        await terminal.until(b"\x1b[?2026l", raw=True)
        assert writes and all(
            data.startswith(b"\x1b[?2026h") and data.endswith(b"\x1b[?2026l") for data in writes
        )
        monkeypatch.undo()
        terminal.press(b"q")
        await asyncio.wait_for(task, TIMEOUT)
    finally:
        monkeypatch.undo()
        os.close(terminal.master)
        os.close(slave)


async def test_a_closed_terminal_ends_the_app(tmp_path):
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        frame = await terminal.until(b"New game")
        assert b"\x1b[38;" in frame or b"\x1b[48;" in frame  # colour, where NO_COLOR is not set
        os.close(terminal.master)
        await asyncio.wait_for(task, TIMEOUT)  # as a process ends on SIGHUP
        assert app.hosted_driver is not None and app.hosted_driver.sent.is_set()
    finally:
        os.close(slave)


def _is_freed(app_ref: weakref.ref) -> bool:
    gc.collect()
    return app_ref() is None


async def test_an_app_that_ended_after_keys_is_freed(tmp_path):
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        await terminal.until(b"New game")
        terminal.press(b"\x1b[B\x1b[A")  # keys the parser turns into events, then the quit
        await asyncio.sleep(0.2)
        terminal.press(b"q")
        await asyncio.wait_for(task, TIMEOUT)
        app_ref = weakref.ref(app)
        del app, task
        assert _is_freed(app_ref)  # nothing of the process holds it (Textual's key cache)
    finally:
        os.close(terminal.master)
        os.close(slave)


async def test_a_session_app_closes_its_line_to_the_table_server_and_is_freed(tmp_path):
    """A session's app (`pool_app.run_hosted_client`) ends: its line to the table server is
    closed, which the server sees, and the app is freed with its reading task."""
    from wish_tui.pool_app import run_hosted_client
    from wish_tui.server.pool.host import HostedSession

    lines: list[bytes] = []
    closed = asyncio.Event()

    async def table_server(reader, writer):
        while line := await reader.readline():
            lines.append(line)
        closed.set()
        writer.close()

    path = str(tmp_path / "serve.sock")
    server = await asyncio.start_unix_server(table_server, path)
    master, slave = os.openpty()
    set_size(slave, 100, 30)
    env = {"TERM": "xterm-256color", SOCKET_ENV: path, TOKEN_ENV: "secret"}
    env["WISH_TUI_DATA_DIR"] = str(tmp_path)
    session = HostedSession(slave)
    context = contextvars.Context()
    context.run(environment.use, env)
    task = asyncio.get_running_loop().create_task(run_hosted_client(session), context=context)
    terminal = Terminal(master)
    try:
        await terminal.until(b"\x1b[?1049h", raw=True)  # the app is up on its terminal
        assert lines and b"secret" in lines[0]  # its hello reached the server
        apps = [a for a in gc.get_objects() if isinstance(a, WishApp)]
        app_ref = weakref.ref(next(a for a in apps if a.terminal_fd == slave))
        del apps
        session.end()  # as its host is told when the server ends the session
        await asyncio.wait_for(task, TIMEOUT)
        await asyncio.wait_for(closed.wait(), TIMEOUT)
        del task, session, context
        assert _is_freed(app_ref)
    finally:
        server.close()
        os.close(master)
        os.close(slave)


async def test_a_paste_is_cut_at_its_limit_and_keys_after_it_still_count(tmp_path):
    """A client's bracketed paste of 100,000 characters reaches the app as its first
    `MAX_PASTE`: the process that the app shares holds no more of it."""
    from textual import events

    from wish_tui.ui.terminal.paste_limit import MAX_PASTE, PASTE_END, PASTE_START

    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        await terminal.until(b"New game")
        pastes = recorded(app.hosted_driver, events.Paste)
        await send_all(terminal, f"{PASTE_START}{'x' * 100_000}{PASTE_END}".encode())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + TIMEOUT
        while not pastes:
            assert loop.time() < deadline, "no paste arrived"
            await asyncio.sleep(0.05)
        assert [paste.text for paste in pastes] == ["x" * MAX_PASTE]
        await quit_by_q(terminal, task)  # a key after the paste: the app's own again
    finally:
        os.close(terminal.master)
        os.close(slave)


async def test_a_key_read_is_posted_to_the_app_before_the_read_ends(tmp_path):
    """The driver reads on the app's loop: a key it reads is in the app's queue at once, with
    no task made and no wake-up of the loop from another thread to carry it there."""
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        await terminal.until(b"New game")
        driver = app.hosted_driver
        loop = asyncio.get_running_loop()
        loop.remove_reader(driver.fileno)
        terminal.press(b"x")
        await asyncio.sleep(0.1)
        tasks = len(asyncio.all_tasks())
        driver._readable()
        queued = [message for message in app._message_queue.values if message is not None]
        assert [(type(m).__name__, m.key) for m in queued if hasattr(m, "key")] == [("Key", "x")]
        assert len(asyncio.all_tasks()) == tasks
        loop.add_reader(driver.fileno, driver._readable)
        await quit_by_q(terminal, task)
    finally:
        os.close(terminal.master)
        os.close(slave)


async def test_a_character_split_between_two_reads_loses_no_key(tmp_path):
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        await terminal.until(b"New game")
        terminal.press("é".encode()[:1])  # the first byte of two: nothing to decode yet
        await asyncio.sleep(0.2)
        terminal.press("é".encode()[1:])
        await asyncio.sleep(0.2)
        await quit_by_q(terminal, task)
    finally:
        os.close(terminal.master)
        os.close(slave)


async def test_a_flood_of_keys_is_read_at_the_allowed_rate_and_none_is_lost(tmp_path, monkeypatch):
    """A client that sends keys far faster than a person is read more slowly, so that it cannot
    hold the event loop the apps of its process share; every key still arrives."""
    from textual import events

    from wish_tui.ui.terminal import hosted_driver

    monkeypatch.setattr(hosted_driver, "EVENTS_PER_SECOND", 1000)
    monkeypatch.setattr(hosted_driver, "EVENT_BURST", 100)
    terminal, slave, app, task = await _start(tmp_path, {"TERM": "xterm-256color"})
    try:
        await terminal.until(b"New game")
        keys = recorded(app.hosted_driver, events.Key)
        loop = asyncio.get_running_loop()
        started = loop.time()
        await send_all(terminal, b"\x1b[B\x1b[A" * 600)  # 1,200 keys at once
        await asyncio.sleep(0.3 - (loop.time() - started))
        # The burst, the rate over 0.3 s, and what one read can hold more.
        assert len(keys) <= 100 + 300 + hosted_driver.READ_CHUNK // 3
        deadline = started + TIMEOUT
        while len(keys) < 1200:
            assert loop.time() < deadline, f"{len(keys)} keys of 1200"
            await asyncio.sleep(0.05)
        assert [key.key for key in keys] == ["down", "up"] * 600
        await quit_by_q(terminal, task)
    finally:
        os.close(terminal.master)
        os.close(slave)


class _Shown:
    """What a hosted driver needs of an app: its terminal, and a place for the size it posts."""

    def __init__(self, fd: int) -> None:
        self.terminal_fd = fd
        self.console = Console()
        self.posted: list = []

    def post_message(self, message) -> bool:
        self.posted.append(message)
        return True


async def test_a_new_size_is_read_when_the_host_is_told_and_the_next_frame_goes_whole():
    master, slave = os.openpty()
    try:
        set_size(slave, 40, 10)
        app = _Shown(slave)
        driver = HostedDriver(app)
        driver.resized()
        assert [event.size for event in app.posted] == [(40, 10)]
        frame = "\x1b[2;3H\x1b[1mRound 4\x1b[0m\x1b[1;1H"
        terminal = Terminal(master)
        driver.write(frame)
        await terminal.until(b"Round 4")
        driver.write(frame)  # shown already: nothing goes
        set_size(slave, 50, 12)  # the server sets a size and tells the host after
        driver.write(frame)  # (a frame between: the app draws at the size it was told)
        await asyncio.sleep(0.05)
        with contextlib.suppress(BlockingIOError):
            assert os.read(master, 65536) == b""
        driver.resized()  # the host is told: what the terminal showed is forgotten
        assert [event.size for event in app.posted] == [(40, 10), (50, 12)]
        terminal.seen = b""
        driver.write(frame)
        await terminal.until(b"Round 4")
    finally:
        os.close(master)
        os.close(slave)
