"""The table server's line to the club's database: every write and read off the event loop, in
the order asked, on one worker thread.

The hub awaits each write before it tells anyone of what it writes (an action is in the database
before any screen shows it), and a write that fails is one sentence for the person while the hub
takes its change back, so nothing anyone saw can be lost in a crash. Reads for screens (the
leaderboard, the history, a player's page) go the same way: bounded, indexed queries.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .club import Club, ClubError

T = TypeVar("T")


class RecordFailed(Exception):
    """The database could not keep a change; the message is one sentence for the person."""


class Recorder:
    """Runs the club's calls on one worker thread, in order."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="club")

    async def call(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """Run `fn(*args, **kwargs)` on the worker thread and return its result.

        Raises:
            ClubError: the club refused (its one sentence).
            RecordFailed: the database itself failed (disk full, locked too long).
        """
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._worker, lambda: fn(*args, **kwargs))
        except ClubError:
            raise
        except (sqlite3.Error, OSError) as exc:
            raise RecordFailed(
                "The server could not keep that in its database "
                f"({str(exc).rstrip('.')[:80]}); nothing changed, try again."
            ) from None

    async def close(self) -> None:
        """Finish every write asked, then close the database."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._worker, self.club.close)
        self._worker.shutdown(wait=True)
