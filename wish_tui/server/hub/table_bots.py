"""The bots at the server's tables: each plays its seat (or an absent person's) at a pace people
can follow, its move kept in the club before anyone is told of it.

A service the hub composes (`Hub.bots`). Only the node that runs a table (`Hub.runs`) plays its
bots. A move the database could not keep (a full disk) waits, said once in the table's log, and
is tried again every BOT_RETRY seconds.
"""

from __future__ import annotations

import asyncio

from wish_tui.tables.bot_turns import BotTurns

from .copies import TableMovedOn
from .per_table import PerTable
from .table import NotKept, Table

BOT_RETRY = 5.0
"""Seconds before a bot tries again a move the database could not keep (a full disk)."""


class TableBots:
    """The bots' turns at every table a `Hub` runs."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._turns: PerTable[BotTurns] = PerTable()
        self._waiting: set[str] = set()
        """Tables whose bot waits for room on the disk to keep its move."""

    def wake(self, table: Table) -> None:
        """Let the table's bot play, when a bot decides now (at a pace people can follow) and
        this node runs the table."""
        hub = self.hub
        if table.is_over or table.finished or not hub.runs(table):
            return
        turns = self._turns.get(table.id)
        if turns is None:
            turns = BotTurns(
                table.master,
                table.bot_for,
                lambda seat, action, t=table: self._play(t, seat, action),
                pace=hub.bot_pace,
                on_failure=lambda exc, t=table: self._failed(t, exc),
            )
            self._turns.put(table.id, turns)
        turns.wake()

    def stop(self, table_id: str) -> None:
        """The table's bots stop here (this node no longer runs it, or it is gone)."""
        self._turns.stop(table_id)

    def stop_all(self) -> None:
        self._turns.stop_all()

    def _failed(self, table: Table, exc: BaseException) -> None:
        """A bot's move failed: tried again in a while when the database could not keep it
        (a full disk), else noted."""
        hub = self.hub
        if isinstance(exc, NotKept):
            if table.id not in self._waiting:
                self._waiting.add(table.id)
                seat = table.deciding()
                who = table.spec.seat_title(table.seats[seat].name) if seat is not None else "A bot"
                hub.seating.log_line(table, f"{who}'s move waits: {exc}")
                hub.tell_table(table)
            hub.spawn(self._again(table))
            return
        hub.problems.append(f"Table {table.id}: a bot could not move ({exc!r}).")

    async def _again(self, table: Table) -> None:
        await asyncio.sleep(BOT_RETRY)
        if self.hub.tables.get(table.id) is table:
            self.wake(table)

    async def _play(self, table: Table, seat: int, action) -> None:
        hub = self.hub
        if hub.tables.get(table.id) is not table:
            return
        async with hub.lock_of(table):
            if table.deciding() != seat or not table.bot_for(seat) or table.finished:
                return  # (finished: a game that ended early, its last person gone)
            try:
                await hub.seating.commit(table, seat, action, "")
            except TableMovedOn:
                return  # caught up: the bots were woken for the new position
        self._waiting.discard(table.id)
        hub.seating.after_action(table)
