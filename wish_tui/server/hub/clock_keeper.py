"""The tables' clocks as the hub runs them: charged and switched as the decision passes, a seat
timed out when its time runs out, the time left kept in the club.

A service the hub composes (`Hub.clocks`). Only the node that runs a table (`Hub.runs`) times it
out and keeps its clock; every node charges its own copy, so each shows the time left alike.
"""

from __future__ import annotations

import asyncio
import contextlib

from . import seating as tablemod
from .per_table import PerTable
from .table import Table, TableError

CLOCK_KEEP_S = 2.0
"""Seconds between two keepings of the running clocks' time in the club: a server killed without
warning gives back at most this much to the seat deciding (a stop keeps it exactly)."""


class ClockKeeper:
    """Runs every table's clock for a `Hub`."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._timers: PerTable[asyncio.TimerHandle] = PerTable()
        """Per table this node runs: the wake-up when the seat deciding runs out of time."""
        self._ticking = asyncio.Event()
        """Set when a clock may have begun to run: the keeping wakes (it sleeps while none
        runs)."""

    def run(self, table: Table, decided: bool) -> None:
        """The decision may have passed to another seat: charge and switch the table's clock,
        and wake when the seat deciding now runs out of time. No one's time runs while a seat
        is open (the game is not fully under way until everyone has sat down), nor a turn-based
        table's while the member deciding is on vacation."""
        hub = self.hub
        deciding = None if table.finished else table.deciding()
        now = hub.clock()
        place = table.seats[deciding] if deciding is not None else None
        runs = (
            deciding
            if place is not None
            and place.who == "human"
            and place.person
            and not place.zombie
            and not table.open_seats()
            and not (table.kind == "turn" and hub.vacations.is_away(place.person))
            else None
        )
        if runs != table.clock.running or decided:
            if deciding != table.last_deciding:
                table.since = now
            table.clock.switch(runs, now, decided=decided)
        table.last_deciding = deciding
        if table.clock.running is not None:
            self._ticking.set()
        self.stop(table.id)
        if not hub.runs(table):
            return  # the node that runs the table times it out and keeps its clock
        deadline = table.clock.deadline(now)
        if deadline is not None and not table.is_over:
            delay = max(0.0, deadline - now)
            self._timers.put(
                table.id,
                asyncio.get_running_loop().call_later(
                    delay + 0.05, lambda: hub.spawn(self._check_time(table))
                ),
            )
        if table.clock.is_on and table.club_id is not None and not table.finished:
            hub.spawn(self._store(table, now))

    def stop(self, table_id: str) -> None:
        """This node no longer times the table out (it stops running it, or it is gone)."""
        self._timers.stop(table_id)

    def stop_all(self) -> None:
        self._timers.stop_all()

    async def keep(self) -> bool:
        """Keep the time left of every running clock of the tables this node runs, as it
        stands now, so that a restart resumes each clock where it stood (the time the server is
        down is nobody's). False when no clock runs here."""
        hub = self.hub
        if hub.recorder is None:
            return False
        now = hub.clock()
        kept = [
            (t.club_id, t.clock.running, int(t.clock.left(t.clock.running, now) * 1000))
            for t in hub.tables.values()
            if t.clock.running is not None
            and t.club_id is not None
            and not t.finished
            and hub.runs(t)
        ]
        if not kept:
            return False
        try:
            await hub.record(hub.club.tables.keep_clocks, kept)
        except TableError as exc:
            hub.problem("clocks", f"The running clocks could not be kept ({exc}).")
            return True
        hub.solved("clocks")
        return True

    async def keep_every_while(self) -> None:
        """Keep the running clocks every CLOCK_KEEP_S seconds, for as long as the hub runs;
        while none runs, sleep until one may (no wake-up every few seconds for nothing)."""
        while True:
            await asyncio.sleep(CLOCK_KEEP_S)
            if not await self.keep():
                self._ticking.clear()
                await self._ticking.wait()

    async def _store(self, table: Table, now: float) -> None:
        hub = self.hub
        with contextlib.suppress(TableError):
            await hub.record(hub.club.tables.set_clocks, table.club_id, table.clock.stored(now))

    async def _check_time(self, table: Table) -> None:
        hub = self.hub
        if hub.tables.get(table.id) is not table or table.is_over:
            return
        async with hub.lock_of(table):
            seat = table.clock.timed_out(hub.clock())
            if seat is None:
                return
            tablemod.give_up(table, seat, "timeout")
            await hub.seating.store_seat(table, seat)
        hub.seating.log_line(table, tablemod.outcome_line(table, seat))
        hub.seating.leaving_seat(table)
