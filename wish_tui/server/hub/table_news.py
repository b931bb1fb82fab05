"""News of a table to the sessions looking at it: its players at once, its spectators a few
times a second at most.

A service the hub composes (`Hub.table_news`). The players of a table are told each change at
once; its spectators (at a club event, hundreds of them at one table) are told at most every
WATCH_EVERY seconds, the table as it stands then (a burst of moves is one message and one
frame for each of them), in messages shared by those who would be sent the same
(`spectator_news.py`).
"""

from __future__ import annotations

import asyncio

from .spectator_news import SpectatorNews
from .table import Table

WATCH_EVERY = 0.3
"""The shortest time between two messages of a table to one who watches it, in seconds."""


class TableNews:
    """Who is told of a table's change, and when its spectators are told next."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._due: dict[str, asyncio.TimerHandle] = {}
        self._muted: dict[str, dict] = {}
        """Per table whose spectators' news waits, whom each of them had muted when it began to
        wait: chat said meanwhile by one they muted stays hidden, though they unmute before it
        is told (as when it was told at once)."""
        self.shared = SpectatorNews()

    def tell(self, table: Table) -> None:
        """Send `table` again to every session looking at it: its players now, its spectators
        within WATCH_EVERY seconds (once for a burst)."""
        watched = False
        for session in self.hub.lookers.of(table.id):
            if table.seat_of(session.person) is None:
                watched = True
                muted = self._muted.setdefault(table.id, {})
                muted[session] = muted.get(session, frozenset()) | session.muted
            else:
                self.hub.send_table(session, table)
        if watched and table.id not in self._due:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                self._tell_spectators(table.id)
                return
            self._due[table.id] = loop.call_later(WATCH_EVERY, self._tell_spectators, table.id)

    def held_mutes(self, session, table_id: str) -> frozenset:
        """Whom `session` had muted when news of the table began to wait for it (none waits:
        nobody); what it is sent now is the news that waited."""
        return self._muted.get(table_id, {}).pop(session, frozenset())

    def _tell_spectators(self, table_id: str) -> None:
        self._due.pop(table_id, None)
        muted = self._muted.pop(table_id, {})
        table = self.hub.tables.get(table_id)
        if table is None:
            self.shared.forget(table_id)
            return
        spectators = [
            session
            for session in self.hub.lookers.of(table_id)
            if table.seat_of(session.person) is None
        ]
        self.shared.tell(self.hub, table, spectators, muted)

    def close(self) -> None:
        for handle in self._due.values():
            handle.cancel()
        self._due.clear()
        self._muted.clear()
