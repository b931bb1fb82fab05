"""The client app as the session pool runs it: its entry, and its rehearsal before any fork.

`run_client` is `wish-tui client` without the command line's parser (which imports what every
other command needs): the same launch, the same app, the same sentence when the process was not
started by `wish-tui serve`.

`rehearse` runs the app once, headless, on an empty data directory of its own, to its lobby: what
its first frames make lazily (Textual's parsed selectors and styles, the modules it imports on
the way, the interpreter's specialised bytecode of the code they run) is then made once in the
pool and shared by every app forked from it, instead of being made again, and copied page by
page, in each. Nothing of it is kept but those caches: the app has exited and its loop is closed
before the pool forks.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import tempfile

from wish_tui.saves import DATA_DIR_ENV
from wish_tui.server.pool.host import HostedSession

LAST_FRAME_TIME = 1.0
"""Seconds a hosted app's last frames have to reach its terminal before it is closed."""
REHEARSAL_SIZE = (100, 30)
"""The terminal size of the rehearsal (the games' own size, 80x24, and more)."""


async def _to_the_lobby() -> None:
    from wish_tui.launch import Launch
    from wish_tui.ui.app import WishApp

    app = WishApp(Launch("title"))
    async with app.run_test(size=REHEARSAL_SIZE) as pilot:
        await pilot.pause()
        app.show_lobby()
        await pilot.pause()
        await pilot.press("down", "up")
        await pilot.pause()


def run_client() -> int:
    """Run the app of one SSH session of `wish-tui serve`; return its exit status."""
    from wish_tui.cli import UsageError, fail_usage, launch_for_client
    from wish_tui.ui.app import run_app

    try:
        launch = launch_for_client()
    except UsageError as exc:
        fail_usage(str(exc), "client")
    from wish_tui import plain

    if plain.wanted():
        from wish_tui.plain.remote import run as run_plain_client

        return run_plain_client()
    return run_app(launch)


async def run_hosted_client(session: HostedSession) -> int:
    """Run the app of one SSH session on its terminal in a host of the pool; return its status."""
    from wish_tui.cli import UsageError, launch_for_client
    from wish_tui.ui.app import WishApp
    from wish_tui.ui.terminal.textual_cycles import keep_prints_in_the_process, let_go_of_ended_app

    try:
        launch = launch_for_client()
    except UsageError as exc:
        _tell(session.terminal, f"wish-tui client: {exc}.")
        return 2
    app = WishApp(launch, terminal_fd=session.terminal)
    keep_prints_in_the_process(app)
    session.end = app.exit
    session.resized = lambda: app.hosted_driver is not None and app.hosted_driver.resized()
    try:
        await app.run_async()
    finally:
        app.disconnect()
        driver = app.hosted_driver
        if driver is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(driver.sent.wait(), LAST_FRAME_TIME)
            driver.abandon()
    words = app.closing.words(app.return_code, served=True)
    if words:
        _tell(session.terminal, words)
    status = app.return_code or 0
    session.end = session.resized = _nothing
    let_go_of_ended_app(app)  # freed by its counts as it ends: nothing of it left for the collector
    return status


def _nothing() -> None:
    """What an ended app's session can still be asked."""


def _tell(terminal: int, sentence: str) -> None:
    """Write one line on the terminal after the app has given it back (best effort)."""
    with contextlib.suppress(OSError):
        os.write(terminal, f"{sentence}\r\n".encode())


def rehearse() -> None:
    """Run the app headless to its lobby and back out, leaving nothing behind on disk."""
    folder = tempfile.mkdtemp(prefix="wish-tui-rehearsal-")
    before = os.environ.get(DATA_DIR_ENV)
    os.environ[DATA_DIR_ENV] = folder
    try:
        asyncio.run(_to_the_lobby())
    finally:
        if before is None:
            os.environ.pop(DATA_DIR_ENV, None)
        else:
            os.environ[DATA_DIR_ENV] = before
        shutil.rmtree(folder, ignore_errors=True)
