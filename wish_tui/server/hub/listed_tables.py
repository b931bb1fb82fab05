"""Which tables the lobby lists: the open and running ones, and the few latest finished ones for a
short while (their players, back from the end screen, find them there); every other finished table
is in the club's history, where it is replayed, and the hub lets it go once no one looks at it.
Of the live tables of tournaments, the latest few only (the tournament's page lists them all).

As Board Game Arena and lichess do: the lobby is for the games one may join, watch or play on. A
finished table stays in the hub while anyone may still look at it, but the lobby's lists (sent to
every session in the lobby, each as one message of at most `protocol.MAX_MESSAGE` bytes) no
longer grow with every game the club has played: an arena of 1,087 tables made them too long to
send, 5,199 times in ten minutes.
"""

from __future__ import annotations

from .table import Table

FINISHED_LISTED_FOR = 60.0
"""Seconds a finished table stays in the lobby's list after it ended."""
FINISHED_LISTED_MOST = 20
"""The most finished tables the lobby lists at once (the latest to end)."""
TOURNAMENT_LISTED_MOST = 20
"""The most live tables of tournaments still playing that the lobby lists (the latest made): an
arena of 200 keeps 100 playing; their players are taken to them, and the tournament's page lists
them all. Turn-based ones are all listed: a member finds their move there."""
TOURNAMENT_OWNER = "tournament:"
"""How a tournament's table names its owner (`tournament_runner.OWNER_PREFIX`)."""


class ListedTables:
    """The tables of a `Hub` its lobby lists, and when each finished one was first seen ended."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._ended_at: dict[str, float] = {}
        """When each finished table still in the hub was first seen ended (the hub's clock)."""
        self.quiet_until = 0.0
        """Until when (the hub's clock) the tables listed stay those of the last `tables()`
        while no table is made, ends or goes (the first finished one to leave the list then)."""

    def tables(self) -> list[Table]:
        """The tables listed now, in the hub's order."""
        now = self.hub.clock()
        ended_at: dict[str, float] = {}
        recent: list[Table] = []
        for table in self.hub.tables.values():
            if table.is_over or table.finished:
                at = ended_at[table.id] = self._ended_at.get(table.id, now)
                if now - at <= FINISHED_LISTED_FOR:
                    recent.append(table)
        self._ended_at = ended_at
        self.quiet_until = min(
            (
                at + FINISHED_LISTED_FOR
                for at in ended_at.values()
                if now - at <= FINISHED_LISTED_FOR
            ),
            default=float("inf"),
        )
        recent.sort(key=lambda table: ended_at[table.id])
        shown = {table.id for table in recent[-FINISHED_LISTED_MOST:]}
        live_tournaments = [
            table.id
            for table in self.hub.tables.values()
            if table.id not in ended_at
            and table.kind == "live"
            and table.owner.startswith(TOURNAMENT_OWNER)
        ]
        unlisted = set(live_tournaments[:-TOURNAMENT_LISTED_MOST])
        return [
            table
            for table in self.hub.tables.values()
            if (table.id not in ended_at or table.id in shown) and table.id not in unlisted
        ]

    def past(self) -> list[Table]:
        """The finished tables no longer listed for their time (their end kept in the club) that
        no session here looks at: the hub may let them go (they are in the history)."""
        now = self.hub.clock()
        looked_at = self.hub.lookers.tables()
        return [
            table
            for table in self.hub.tables.values()
            if table.finished
            and table.id not in looked_at
            and now - self._ended_at.get(table.id, now) > FINISHED_LISTED_FOR
        ]
