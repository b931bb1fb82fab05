"""An app that ended in a host of the session pool leaves nothing for the cyclic collector: it
and all it held are freed by their reference counts as it ends. A host may then freeze what
its settled apps keep (`gc.freeze`): an app frozen that left cycles at its end would never be
freed (benchmarks/serve.md, "Twelfth round: the cyclic collector")."""

from __future__ import annotations

import asyncio
import contextvars
import fcntl
import gc
import os
import struct
import sys
import termios
import time
import weakref

from wish_tui.core import environment
from wish_tui.pool_app import run_hosted_client
from wish_tui.server.hub import Hub
from wish_tui.server.pool.host import HostedSession
from wish_tui.tables.remote import SOCKET_ENV, TOKEN_ENV
from wish_tui.ui.app import WishApp

TIMEOUT = 30
APP_MODULES = ("textual.", "rich.", "wish_tui.")
"""Where the types of an app's objects come from (the table server's, `wish_tui.server.`, are
this test's own)."""


async def _until(ready, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        assert time.monotonic() < deadline, f"{what} never happened"
        await asyncio.sleep(0.02)


def _an_apps(found: object) -> bool:
    module = type(found).__module__ or ""
    return module.startswith(APP_MODULES) and not module.startswith("wish_tui.server.")


async def _session(hub: Hub, name: str, slave: int, tmp_path) -> tuple[HostedSession, asyncio.Task]:
    env = {"TERM": "xterm-256color", SOCKET_ENV: str(hub.socket_path)}
    env[TOKEN_ENV] = hub.register_session(f"open:{name}", name)
    env["WISH_TUI_DATA_DIR"] = str(tmp_path)
    session = HostedSession(slave)
    context = contextvars.Context()  # as a host gives each app
    context.run(environment.use, env)
    task = asyncio.get_running_loop().create_task(run_hosted_client(session), context=context)
    return session, task


async def test_two_apps_ended_in_a_host_leave_nothing_for_the_cyclic_collector(tmp_path):
    hub = Hub(tmp_path, bot_pace=0.0, rate_limits={})
    await hub.start()
    loop = asyncio.get_running_loop()
    terminals = [os.openpty() for _ in range(2)]
    streams = sys.stdout, sys.stderr
    try:
        for master, slave in terminals:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.set_blocking(master, False)
            loop.add_reader(master, os.read, master, 65536)  # what the apps draw, dropped
        sessions = [
            await _session(hub, name, slave, tmp_path)
            for name, (_, slave) in zip(("ann", "bob"), terminals, strict=True)
        ]
        await _until(
            lambda: len(hub.sessions) == 2 and all(s.in_lobby for s in hub.sessions), "the lobbies"
        )
        await asyncio.sleep(0.5)  # (the lobbies drawn)
        gc.collect()
        slaves = [slave for _, slave in terminals]
        apps = [
            weakref.ref(found)
            for found in gc.get_objects()
            if isinstance(found, WishApp) and found.terminal_fd in slaves
        ]
        assert len(apps) == 2
        gc.disable()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            # Ended in the order they began: each app's print capture was the other's stream.
            for session, task in sessions:
                session.end()
                assert await asyncio.wait_for(task, TIMEOUT) == 0
            del sessions, session, task
            for _ in range(5):
                await asyncio.sleep(0.02)
            alive = [app() is not None for app in apps]
            gc.collect()
            left = sorted({type(found).__qualname__ for found in gc.garbage if _an_apps(found)})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        assert alive == [False, False]
        assert left == []
        assert (sys.stdout, sys.stderr) == streams
    finally:
        sys.stdout, sys.stderr = streams
        for master, slave in terminals:
            loop.remove_reader(master)
            os.close(master)
            os.close(slave)
        await hub.close()
