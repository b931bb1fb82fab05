"""Reads for the pages members ask for (a tournament's standings), the tournaments' looks and
the keeper's mute and ban, on a read-only connection and a thread of their own.

The hub's one line to the database (`club.recorder`) takes every write and read in order, so a
page asked for while a busy club's moves are queued waited behind all of them: a Swiss of 64
members played by quick bots answered its standings in 40 to 400 ms instead of a few
(benchmarks/tournament.py --server). A page reads only what is committed, and everything a
session was told was committed first, so it never shows less than the member saw.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from wish_tui.club import Club, ClubError, open_club

from .table import TableError


class PageReader:
    """A `Hub`'s reads for pages, beside its recorder."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._club: Club | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="pages")

    async def read(self, fn, *args):
        """`fn(club, *args)` on the read-only connection (opened at the first read).

        Raises:
            TableError: the club refused, or the database could not be read (one sentence).
        """
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._thread, self._call, fn, args)
        except ClubError as exc:
            raise TableError(str(exc)) from None

    def _call(self, fn, args):
        if self._club is None:
            hub = self.hub
            self._club = open_club(hub.data_dir, database=hub.database, read_only=True)
        return fn(self._club, *args)

    def close(self) -> None:
        """Close the connection (in its thread) and let the thread go."""
        club, self._club = self._club, None
        if club is not None:
            self._thread.submit(club.close)
        self._thread.shutdown(wait=False)
