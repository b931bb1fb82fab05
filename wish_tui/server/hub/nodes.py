"""The table server as one node of a club that several `serve` processes share (PostgreSQL).

A service the hub composes (`Hub.node`), not a part mixed into it. With the SQLite file there is one node: it
runs every table, and nothing here does anything (`runs` is true of every table). On PostgreSQL:

- **Every node keeps a copy of every unfinished table** of the club: loaded from the rows at
  start, and when another node makes one. So each lobby lists the whole club, and a person
  connected to any node can sit, play, chat and watch at any table.
- **One node at a time runs a table**: the one holding its lease (`club.cluster`). It alone plays
  the table's bots, runs its clocks and timeouts, ends a game whose last person left, and keeps
  the game's end in the club. A node takes the lease of each table it makes as it stores it, and, every tick,
  of each table no live node holds (`claimable`: its node stopped or died), after bringing its
  copy up to date from the rows. It beats every `lease_ms / 3`; a table missing from what a beat
  returns was lost (the node paused longer than its lease): it stops running it.
- **Every node keeps its copy of every table up to date** with every node's changes, from the
  rows that each notice points at (`copies.py`).
- **Who is online** anywhere: each node keeps which players have a session on it
  (`cluster.connected`), and reads every tick who has one on another live node.
"""

from __future__ import annotations

import asyncio
import time

from wish_tui.club import ClubError, Notice
from wish_tui.club.identity import person_of

from .table import Table

TICK_S = 1.0
"""Seconds between two looks at the tables no live node runs (less with a short lease)."""
WAIT_LISTENING_S = 10.0
"""How long a starting node waits for its listener before it reads the tables anyway (the
listener catches up from the rows once it connects)."""


class NodeDuties:
    """The node's side of a `Hub` on a club several nodes share."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self.running: set[str] = set()
        """The tables (by code) this node runs: it holds their leases."""
        self.listener = None
        self.early: list[Notice] | None = []
        """Notices heard before the tables were loaded (None once they are)."""
        self._beat_ok = time.monotonic()
        self._connections = 0
        self.elsewhere: dict[str, str] = {}
        """The people with a session on another live node (person to name)."""

    @property
    def is_shared(self) -> bool:
        """True when the club is shared with other nodes (PostgreSQL)."""
        hub = self.hub
        return hub.club is not None and hub.club.cluster.is_shared

    def runs(self, table: Table) -> bool:
        """True when this node runs `table` (its bots, clocks and end): always on SQLite."""
        return not self.is_shared or table.id in self.running

    # -- start and stop ------------------------------------------------------------------------
    async def listen(self) -> None:
        """Before the tables are read: hear every node's changes (kept until they are read)."""
        hub = self.hub
        if not self.is_shared:
            return
        loop = asyncio.get_running_loop()

        def heard(notice: Notice) -> None:
            loop.call_soon_threadsafe(self._heard, notice)

        # A node starting under the id of one that died lets that one's leases and sessions go.
        await hub.recorder.call(hub.club.cluster.leave)
        self.listener = hub.club.cluster.listen(heard)
        await loop.run_in_executor(None, self.listener.wait_connected, WAIT_LISTENING_S)

    async def start(self) -> None:
        """Once the tables are read: watch them, read what was heard meanwhile, and start
        beating and taking over the tables no live node runs."""
        hub = self.hub
        if not self.is_shared:
            return
        for table in hub.tables.values():
            self.listener.watch(table.club_id, table.seq)
        early, self.early = self.early or [], None
        for notice in early:
            self._heard(notice)
        await self._beat()
        hub.spawn(self._beat_loop())
        hub.spawn(self._tick_loop())

    def _heard(self, notice: Notice) -> None:
        """A committed change of the club (on the event loop): kept while the tables are being
        read, else read into this node's copies."""
        if self.early is not None:
            self.early.append(notice)
        elif self.listener is not None:  # (None: stopping)
            self.hub.copies.heard(notice)

    async def stop_listening(self) -> None:
        listener, self.listener = self.listener, None
        self.early = None
        if listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, listener.close)

    async def leave(self) -> None:
        """A clean stop: every lease let go at once, so the other nodes take over."""
        hub = self.hub
        if not self.is_shared or hub.recorder is None:
            return
        self.running.clear()
        try:
            await hub.recorder.call(hub.club.cluster.leave)
        except Exception as exc:  # noqa: BLE001  (the leases run out by themselves anyway)
            hub.problems.append(f"The node could not let its tables go ({exc}).")

    # -- leases ----------------------------------------------------------------------------------
    def _node_info(self) -> str:
        hub = self.hub
        return f"{len(hub.sessions)} sessions, {len(self.running)} tables run"

    async def _beat(self) -> None:
        """This node is alive; a table it ran that the beat did not renew is no longer its."""
        hub = self.hub
        started = time.monotonic()
        try:
            held = await hub.recorder.call(hub.club.cluster.beat, self._node_info())
        except Exception as exc:  # noqa: BLE001  (the database is away: try at the next beat)
            hub.problem("beat", f"The node's heartbeat failed ({exc}).")
            if started - self._beat_ok > hub.club.cluster.lease_ms / 1000:
                for code in list(self.running):
                    self.stop_running(code)
            return
        hub.solved("beat")
        self._beat_ok = started
        for code in list(self.running):
            table = hub.tables.get(code)
            if table is None or table.club_id not in held:
                self.stop_running(code)

    async def _beat_loop(self) -> None:
        hub = self.hub
        every = hub.club.cluster.lease_ms / 3000
        while True:
            await asyncio.sleep(every)
            await self._beat()

    async def _tick_loop(self) -> None:
        hub = self.hub
        tick = min(TICK_S, hub.club.cluster.lease_ms / 3000)
        while True:
            try:
                await self._catch_up_listener()
                await self._take_over()
                await self._look_who_is_online()
                hub.solved("tick")
            except Exception as exc:  # noqa: BLE001  (the database is away: next tick)
                hub.problem("tick", f"The node could not look at the club's tables ({exc}).")
            for code in list(self.running):
                table = hub.tables.get(code)
                if table is not None:
                    hub.bots.wake(table)  # a bot stopped by a failed write moves again
            await asyncio.sleep(tick)

    async def _catch_up_listener(self) -> None:
        """Once the listener has connected again: read the tables made while it was away (it
        catches up by itself on the tables it watches)."""
        hub = self.hub
        connections = self.listener.connections
        if connections <= self._connections:
            return
        self._connections = connections
        for club_id in await hub.recorder.call(hub.club.tables.unfinished_ids):
            if hub.copies.by_club_id(club_id) is None:
                await hub.copies.load_missing(club_id)

    def stop_running(self, code: str) -> None:
        """This node no longer runs the table: its bots and clock stop here."""
        self.running.discard(code)
        self.hub.bots.stop(code)
        self.hub.clocks.stop(code)

    def took(self, table: Table, lease) -> None:
        """A table this node just made, with the lease taken as it was stored: watch it and
        run it."""
        if not self.is_shared:
            return
        self.listener.watch(table.club_id, table.seq)
        if lease is not None:
            self.running.add(table.id)

    async def _take_over(self) -> None:
        """Take and run each table no live node runs (its node stopped or died)."""
        hub = self.hub
        cluster = hub.club.cluster
        for club_id in await hub.recorder.call(cluster.claimable):
            if club_id in hub.copies.broken:
                continue
            try:
                lease = await hub.recorder.call(cluster.take, club_id)
            except ClubError:
                continue  # it finished or was dropped meanwhile
            if lease is not None:
                await self._run_taken(club_id)

    async def _run_taken(self, club_id: int) -> None:
        """A table whose lease this node just took: bring its copy up to date, then run it."""
        hub = self.hub
        table = hub.copies.by_club_id(club_id)
        if table is None:
            await hub.copies.load_missing(club_id)
            table = hub.copies.by_club_id(club_id)
            if table is None:
                await hub.recorder.call(hub.club.cluster.release, club_id)
                return
        else:
            async with hub.lock_of(table):
                await hub.copies.catch_up(table)
                table = hub.tables.get(table.id, table)
                await hub.copies.sync_seats(table)
                await hub.copies.sync_chat(table)
        self.running.add(table.id)
        hub.clocks.run(table, decided=False)
        if table.is_over and not table.finished:
            hub.spawn(hub.endings.finish(table))
        elif self._given_up(table):
            # As on the node that ran it when the seat was given up: the game ends if no
            # person plays on, if it has two seats, or if it is aborted (`seating.early_end`);
            # that node may have lost its lease before it could end it.
            hub.seating.leaving_seat(table)
            return
        hub.changed(table)

    @staticmethod
    def _given_up(table: Table) -> bool:
        """A person gave their seat to a bot for good in a game not over."""
        return any(s.for_good for s in table.seats) and not table.is_over and not table.finished

    # -- who is online on the other nodes --------------------------------------------------------
    def here(self, session, here: bool) -> None:
        """The session's person has (or, once their last session here left, no longer has) a
        session on this node: the other nodes show it within a tick."""
        hub = self.hub
        if self.is_shared and self.listener is not None and session.player is not None:
            hub.spawn(self._keep_here(session.player.id, here))  # (None: the node stops)

    async def _keep_here(self, player_id: int, here: bool) -> None:
        hub = self.hub
        try:
            await hub.recorder.call(hub.club.cluster.connected, player_id, here)
        except Exception as exc:  # noqa: BLE001  (shown as away elsewhere until the next login)
            hub.problems.append(f"Who is online here could not be kept ({exc}).")

    async def _look_who_is_online(self) -> None:
        """Read who is connected to the other nodes; tell the tables and lobby of changes."""
        hub = self.hub
        online = await hub.recorder.call(hub.club.cluster.online_elsewhere)
        now = {person_of(pid): name for pid, name in online.items()}
        before, self.elsewhere = self.elsewhere, now
        changed = set(now) ^ set(before)
        if not changed:
            return
        for person in changed:
            if person in now:
                hub.away_since.pop(person, None)
            elif not hub.connected(person):
                hub.away(person, before[person])
        for table in hub.tables.values():
            if any(table.seat_of(person) is not None for person in changed):
                hub.tell_table(table)
        hub.tell_lobby()

    def unwatch(self, table: Table) -> None:
        self.stop_running(table.id)
        if self.listener is not None and table.club_id is not None:
            self.listener.unwatch(table.club_id)
