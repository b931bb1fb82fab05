"""Lobby apps as a host of the session pool runs them: `WishApp`s side by side in one process
(a host runs up to 20), each on a pseudo-terminal of its own written by the hosted driver, each
reading the table server's lines through its own `Connection` (no socket: the lines are handed
to it as its line reader would hand them), so that what the process's apps share (a shared
part's line decoded once, its changes made once) is shared as in a host.

Used by `benchmarks/lobby_apps.py --apps N` (the processor time of a report per app) and
`--apps N --stream FILE` (what each terminal is sent, to compare two versions' bytes).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import struct
import sys
import termios
import time
from pathlib import Path

from wish_tui.core import environment
from wish_tui.launch import Launch
from wish_tui.tables.protocol import encode
from wish_tui.tables.remote import Connection
from wish_tui.ui import app as app_module
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.terminal.hosted_driver import HostedDriver
from wish_tui.widgets.row_list import RowList

DRAWN = 0.05
"""Seconds after a message by which the apps have drawn it."""
SETTLED = 0.1
"""Seconds let pass after each step of `streamed` (a key, a message), for the same frames each
run."""


class Terminal:
    """The far end of an app's pseudo-terminal: everything it was sent."""

    def __init__(self, width: int, height: int) -> None:
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        os.set_blocking(self.master, False)
        self.sent = bytearray()
        asyncio.get_running_loop().add_reader(self.master, self._read)

    def _read(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            self.sent += os.read(self.master, 65536)

    def resize(self, width: int, height: int) -> None:
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        for fd in (self.master, self.slave):
            os.close(fd)


class HostedLobby(WishApp):
    """A served session's app in the lobby, told the server's lines by hand."""

    CSS_PATH = str(Path(app_module.__file__).parent / WishApp.CSS_PATH)

    def __init__(self, terminal: Terminal, welcome: bytes) -> None:
        super().__init__(Launch(screen="client"), terminal_fd=terminal.slave)
        self.welcome = welcome

    async def _connect(self) -> None:
        self.connection = Connection("", "", self.on_server_message, self._crash_on)
        self.connection._line(self.welcome)

    def told(self, line: bytes) -> None:
        """`line` of the table server, as the app's line reader hands it on."""
        self.connection._line(line)


def lines_of(told: list[dict], you: str) -> tuple[bytes, list[bytes]]:
    """The welcome (the lobby whole, as the server sends it with it) and the lines after it."""
    from wish_tui.tables.lobby_shared import SharedFollower

    follower = SharedFollower()
    follower.take(told[0])
    lobby = follower.take(told[1])
    welcome = encode({"type": "welcome", "name": you, "lobby": lobby}).rstrip(b"\n")
    return welcome, [encode(message).rstrip(b"\n") for message in told]


async def _running(apps: list[HostedLobby], sizes: list[tuple[int, int]], done: asyncio.Event):
    """Run `apps` until `done`; their tasks, once every app shows its lobby."""
    pilots: dict[int, object] = {}

    async def session(index: int, app: HostedLobby) -> None:
        environment.use(dict(os.environ))
        async with app.run_test(headless=False, size=sizes[index]) as pilot:
            pilots[index] = pilot
            await done.wait()

    tasks = [asyncio.create_task(session(i, app)) for i, app in enumerate(apps)]
    deadline = time.monotonic() + 60
    while len(pilots) < len(apps) or not all(
        a.screen_stack and isinstance(a.screen, LobbyScreen) for a in apps
    ):
        failed = next((t for t in tasks if t.done()), None)
        if failed is not None:
            failed.result()
        if time.monotonic() > deadline:
            raise TimeoutError("the lobbies did not come up")
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    return tasks


async def _stopped(done: asyncio.Event, tasks: list[asyncio.Task], terminals: list[Terminal]):
    """End the apps `_running` runs (`done`, their `tasks`) and close their `terminals`."""
    done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(0.2)  # (what each app wrote as it ended, read)
    for terminal in terminals:
        terminal.close()
    # (Each app running redirects them, and puts back another's on its way out.)
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__


def tell_all(apps: list[HostedLobby], line: bytes) -> None:
    """Hand `line` to every app, each in a callback of its own (as their readers do)."""
    loop = asyncio.get_running_loop()
    for app in apps:
        loop.call_soon(app.told, line)


async def measured(told: list[dict], count: int, profile: str = "") -> None:
    """The processor time a report costs each of `count` apps of one process, at 100x30."""
    you = f"p{len(told[0].get('whole', {}).get('online', {})) - 1:04d}"
    welcome, lines = lines_of(told, you)
    terminals = [Terminal(100, 30) for _ in range(count)]
    apps = [HostedLobby(terminal, welcome) for terminal in terminals]
    done = asyncio.Event()
    tasks = await _running(apps, [(100, 30)] * count, done)
    try:
        for line in lines[:2]:
            tell_all(apps, line)
        await asyncio.sleep(0.3)
        idle = time.process_time()
        for _ in range(10):
            await asyncio.sleep(DRAWN)
        idle = (time.process_time() - idle) / 10
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        spent, written = [], [0.0]
        write = HostedDriver.write

        def timed_write(driver, data: str, clock=time.process_time) -> None:
            started = clock()
            write(driver, data)
            written[0] += clock() - started

        HostedDriver.write = timed_write
        for line in lines[2:]:
            before = time.process_time()
            tell_all(apps, line)
            await asyncio.sleep(DRAWN)
            spent.append(time.process_time() - before - idle)
        HostedDriver.write = write
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        shown = apps[0].screen.query_one(RowList).rows
        sent = sum(len(t.sent) for t in terminals)
    finally:
        await _stopped(done, tasks, terminals)
    per_app = sum(spent) / len(spent) / count * 1000
    print(
        f"{count} lobby apps in one process (hosted drivers, 100x30), {len(shown)} tables, told "
        f"{len(spent)} times how far seven in eight of them have got: {per_app:.2f} ms of "
        f"processor time per report and app, read, shown, drawn and written "
        f"({written[0] / len(spent) / count * 1000:.2f} ms of it in the drivers' write: the "
        f"screen diff and the write), less the {idle / count * 1000:.2f} ms an idle app spends "
        "in the same wait "
        f"({sent} bytes written in all)",
    )


STREAMED = [((100, 30), "", ()), ((100, 30), "", ("down", "down")), ((80, 24), "textual-light", ())]
STREAMED += [((52, 20), "", ("end",)), ((100, 30), "", ("tab",)), ((100, 30), "", ())]
"""The apps of `streamed`: each one's size, theme ('': the app's own) and the keys typed first
(the cursor moved, the list's focus left)."""
TYPED = {
    "down": b"\x1b[B",
    "up": b"\x1b[A",
    "pagedown": b"\x1b[6~",
    "end": b"\x1b[F",
    "home": b"\x1b[H",
    "tab": b"\t",
}
"""What a terminal sends for each key typed."""


async def streamed(told: list[dict], path: str) -> None:
    """Write to `path` what each terminal of several apps of one process (at different sizes,
    themes and cursors) is sent while they are told `told`, then moved, scrolled, narrowed and
    told again."""
    you = f"p{len(told[0].get('whole', {}).get('online', {})) - 1:04d}"
    welcome, lines = lines_of(told, you)
    sizes = [size for size, _, _ in STREAMED]
    terminals = [Terminal(*size) for size in sizes]
    apps = [HostedLobby(terminal, welcome) for terminal in terminals]
    done = asyncio.Event()
    tasks = await _running(apps, sizes, done)
    try:
        for (_, theme, keys), app, terminal in zip(STREAMED, apps, terminals, strict=True):
            if theme:
                app.call_later(setattr, app, "theme", theme)
            for key in keys:
                os.write(terminal.master, TYPED[key])
                await asyncio.sleep(SETTLED)
        await asyncio.sleep(SETTLED)
        for line in lines:
            tell_all(apps, line)
            await asyncio.sleep(SETTLED)
        for key in ("down", "down", "pagedown", "end", "up", "home", "pagedown"):
            for terminal in terminals[:2]:
                os.write(terminal.master, TYPED[key])
                await asyncio.sleep(SETTLED)
        terminals[0].resize(60, 20)
        apps[0].hosted_driver.resized()
        await asyncio.sleep(SETTLED)
        apps[3].call_later(setattr, apps[3], "theme", "textual-light")
        await asyncio.sleep(SETTLED)
        for line in lines[-8:]:
            tell_all(apps, line)
            await asyncio.sleep(SETTLED)
        await asyncio.sleep(0.2)
    finally:
        await _stopped(done, tasks, terminals)
    parts = [f"== app {i}: {STREAMED[i]}\n".encode() + t.sent for i, t in enumerate(terminals)]
    Path(path).write_bytes(b"\n".join(parts))
    sent = ", ".join(str(len(t.sent)) for t in terminals)
    print(f"{len(apps)} apps' terminals ({sent} bytes) written to {path}")
