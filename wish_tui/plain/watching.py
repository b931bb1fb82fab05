"""A table watched from the rail, as the table server sends it to a spectator, for `PlainTable`.

A spectator holds no seat: the server's ``table`` messages carry the view every seat sees alike
and the log for anyone at the table. `WatchedTable` reads those messages (`ServerTable`, as the
game screens' watcher reads them) and answers what `PlainTable` asks of a table with no seat of
its own: who sits where, whose decision it is, the view, the news. It holds nothing else.
"""

from __future__ import annotations

from wish_tui.tables.remote import ServerTable
from wish_tui.tables.seat import Refused


class WatchedTable(ServerTable):
    """A server's table as its spectators see it."""

    def view(self) -> dict:
        """What anyone at the table may see."""
        return self._view

    def seat(self, index: int):
        raise Refused("You are watching: you hold no seat at this table.")
