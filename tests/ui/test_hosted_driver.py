"""The driver of an app that shares its process (`ui.hosted_driver`): the app on a terminal of its
own, in this test's event loop, read and written without a thread; ended by its terminal."""

from __future__ import annotations

import asyncio
import contextvars
import fcntl
import os
import re
import struct
import termios

from wish_tui.core import environment
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.hosted_driver import HostedDriver

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


async def _start(tmp_path, env: dict[str, str], size=(100, 30)):
    master, slave = os.openpty()
    set_size(slave, *size)
    context = contextvars.Context()  # as a host gives each app
    context.run(environment.use, {**env, "WISH_TUI_DATA_DIR": str(tmp_path)})
    app = context.run(WishApp, Launch("title"), None, slave)
    task = asyncio.get_running_loop().create_task(app.run_async(), context=context)
    return Terminal(master), slave, app, task


async def test_the_app_runs_on_its_terminal_and_its_own_no_color(tmp_path):
    terminal, slave, app, task = await _start(tmp_path, {"NO_COLOR": "1", "TERM": "xterm-256color"})
    try:
        frame = await terminal.until(b"New game")
        assert b"\x1b[?1049h" in frame  # the alternate screen, on this terminal only
        assert b"\x1b[38;" not in frame and b"\x1b[48;" not in frame  # no colour, as asked
        assert "NO_COLOR" not in os.environ  # lent to Textual only while the app was made
        set_size(slave, 60, 20)
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
