"""The table server as one node of a club that several `serve` processes share (PostgreSQL).

A part of `Hub` kept in its own file (mixed into it). With the SQLite file there is one node: it
runs every table, and nothing here does anything (`runs` is true of every table). On PostgreSQL:

- **Every node keeps a copy of every unfinished table** of the club: loaded from the rows at
  start, and when another node makes one. So each lobby lists the whole club, and a person
  connected to any node can sit, play, chat and watch at any table.
- **One node at a time runs a table**: the one holding its lease (`club.cluster`). It alone plays
  the table's bots, runs its clocks and timeouts, ends a game whose last person left, and keeps
  the game's end in the club. A node takes the lease of each table it makes, and, every tick,
  of each table no live node holds (`claimable`: its node stopped or died), after bringing its
  copy up to date from the rows. It beats every `lease_ms / 3`; a table missing from what a beat
  returns was lost (the node paused longer than its lease): it stops running it.
- **A person's action**, on whichever node the person is connected to, is checked against that
  node's copy and appended after the copy's last event (`Tables.append(…, after=seq)`); when
  another seat or node was first (`SeqTaken`), the copy catches up from the rows and the person
  is told the table moved on.
- **A listener** hears every committed change of every node (`Notice`: kind, table, seq) in its
  own thread; the node reads what the notice points at from the rows (the events after its copy's
  last, the seats, the new chat lines, a finished game's record), applies it to its copy, and
  tells its sessions at that table and its lobby. Notices of one table are read one batch at a
  time (a burst costs one read), and a listener that lost its connection catches up from the
  rows (`pg_listener`), so a lost NOTIFY loses nothing.
"""

from __future__ import annotations

import asyncio
import time

from wish_tui.records import SaveError
from wish_tui.seat import Refused

from . import tables as tablemod
from .club import ClubError, NotFound, Notice, SeqTaken
from .club.table_store import EVENTS_PAGE
from .recorder import RecordFailed
from .tables import Table, TableError

TICK_S = 1.0
"""Seconds between two looks at the tables no live node runs (less with a short lease)."""
WAIT_LISTENING_S = 10.0
"""How long a starting node waits for its listener before it reads the tables anyway (the
listener catches up from the rows once it connects)."""
MOVED_ON = "The table moved on since your screen last changed; look again."


class TableMovedOn(TableError):
    """Another seat or node acted first: this node's copy has caught up; look again."""


class NodeDuties:
    """The node's side of a `Hub` on a club several nodes share."""

    def _node_setup(self) -> None:
        self._running: set[str] = set()
        """The tables (by code) this node runs: it holds their leases."""
        self._listener = None
        self._early: list[Notice] | None = []
        """Notices heard before the tables were loaded (None once they are)."""
        self._pending: dict[int, set[str]] = {}
        """Per table (club id): the kinds of notices heard and not yet read."""
        self._syncing: set[int] = set()
        self._loading: set[int] = set()
        self._broken: set[int] = set()
        """Tables whose rows do not replay (reported once, never run)."""
        self._beat_ok = time.monotonic()
        self._connections = 0
        self._failing: set[str] = set()
        self._elsewhere: dict[str, str] = {}
        """The people with a session on another live node (person to name)."""

    @property
    def is_shared(self) -> bool:
        """True when the club is shared with other nodes (PostgreSQL)."""
        return self.club is not None and self.club.cluster.is_shared

    def runs(self, table: Table) -> bool:
        """True when this node runs `table` (its bots, clocks and end): always on SQLite."""
        return not self.is_shared or table.id in self._running

    def _by_club_id(self, club_id: int) -> Table | None:
        for table in self.tables.values():
            if table.club_id == club_id:
                return table
        return None

    def _problem(self, key: str, text: str) -> None:
        """Note a problem once while it lasts (`_solved(key)` ends it)."""
        if key not in self._failing:
            self._failing.add(key)
            self.problems.append(text)

    def _solved(self, key: str) -> None:
        self._failing.discard(key)

    async def _read(self, fn, *args):
        """Read through the club; None when what is read is gone (a dropped table).

        Raises:
            TableError: the database failed (one sentence).
        """
        try:
            return await self.recorder.call(fn, *args)
        except NotFound:
            return None
        except (ClubError, RecordFailed) as exc:
            raise TableError(str(exc)) from None

    # -- start and stop ------------------------------------------------------------------------
    async def _listen(self) -> None:
        """Before the tables are read: hear every node's changes (kept until they are read)."""
        if not self.is_shared:
            return
        loop = asyncio.get_running_loop()

        def heard(notice: Notice) -> None:
            loop.call_soon_threadsafe(self._heard, notice)

        # A node starting under the id of one that died lets that one's leases and sessions go.
        await self.recorder.call(self.club.cluster.leave)
        self._listener = self.club.cluster.listen(heard)
        await loop.run_in_executor(None, self._listener.wait_connected, WAIT_LISTENING_S)

    async def _start_node(self) -> None:
        """Once the tables are read: watch them, read what was heard meanwhile, and start
        beating and taking over the tables no live node runs."""
        if not self.is_shared:
            return
        for table in self.tables.values():
            self._listener.watch(table.club_id, table.seq)
        early, self._early = self._early or [], None
        for notice in early:
            self._heard(notice)
        await self._beat()
        self.spawn(self._beat_loop())
        self.spawn(self._tick_loop())

    async def _stop_listening(self) -> None:
        listener, self._listener = self._listener, None
        self._early = None
        if listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, listener.close)

    async def _leave(self) -> None:
        """A clean stop: every lease let go at once, so the other nodes take over."""
        if not self.is_shared or self.recorder is None:
            return
        self._running.clear()
        try:
            await self.recorder.call(self.club.cluster.leave)
        except Exception as exc:  # noqa: BLE001  (the leases run out by themselves anyway)
            self.problems.append(f"The node could not let its tables go ({exc}).")

    # -- leases ----------------------------------------------------------------------------------
    def _node_info(self) -> str:
        return f"{len(self.sessions)} sessions, {len(self._running)} tables run"

    async def _beat(self) -> None:
        """This node is alive; a table it ran that the beat did not renew is no longer its."""
        started = time.monotonic()
        try:
            held = await self.recorder.call(self.club.cluster.beat, self._node_info())
        except Exception as exc:  # noqa: BLE001  (the database is away: try at the next beat)
            self._problem("beat", f"The node's heartbeat failed ({exc}).")
            if started - self._beat_ok > self.club.cluster.lease_ms / 1000:
                for code in list(self._running):
                    self._stop_running(code)
            return
        self._solved("beat")
        self._beat_ok = started
        for code in list(self._running):
            table = self.tables.get(code)
            if table is None or table.club_id not in held:
                self._stop_running(code)

    async def _beat_loop(self) -> None:
        every = self.club.cluster.lease_ms / 3000
        while True:
            await asyncio.sleep(every)
            await self._beat()

    async def _tick_loop(self) -> None:
        tick = min(TICK_S, self.club.cluster.lease_ms / 3000)
        while True:
            try:
                await self._catch_up_listener()
                await self._take_over()
                await self._look_who_is_online()
                self._solved("tick")
            except Exception as exc:  # noqa: BLE001  (the database is away: next tick)
                self._problem("tick", f"The node could not look at the club's tables ({exc}).")
            for code in list(self._running):
                table = self.tables.get(code)
                if table is not None:
                    self._schedule_bot(table)  # a bot stopped by a failed write moves again
            await asyncio.sleep(tick)

    async def _catch_up_listener(self) -> None:
        """Once the listener has connected again: read the tables made while it was away (it
        catches up by itself on the tables it watches)."""
        connections = getattr(self._listener, "connections", 0)
        if connections <= self._connections:
            return
        self._connections = connections
        for club_id in await self.recorder.call(self.club.tables.unfinished_ids):
            if self._by_club_id(club_id) is None:
                await self._load_missing(club_id)

    def _stop_running(self, code: str) -> None:
        """This node no longer runs the table: its bots and clock stop here."""
        self._running.discard(code)
        bots = self._bots.pop(code, None)
        if bots is not None:
            bots.cancel()
        timer = self._timers.pop(code, None)
        if timer is not None:
            timer.cancel()

    async def _took(self, table: Table) -> None:
        """A table this node just made: watch it and run it."""
        if not self.is_shared:
            return
        self._listener.watch(table.club_id, table.seq)
        try:
            lease = await self.recorder.call(self.club.cluster.take, table.club_id)
        except Exception as exc:  # noqa: BLE001  (another node takes it over at its next tick)
            self.problems.append(f"Table {table.id}: its lease could not be taken ({exc}).")
            return
        if lease is not None:
            self._running.add(table.id)

    async def _take_over(self) -> None:
        """Take and run each table no live node runs (its node stopped or died)."""
        cluster = self.club.cluster
        for club_id in await self.recorder.call(cluster.claimable):
            if club_id in self._broken:
                continue
            try:
                lease = await self.recorder.call(cluster.take, club_id)
            except ClubError:
                continue  # it finished or was dropped meanwhile
            if lease is not None:
                await self._run_taken(club_id)

    async def _run_taken(self, club_id: int) -> None:
        """A table whose lease this node just took: bring its copy up to date, then run it."""
        table = self._by_club_id(club_id)
        if table is None:
            await self._load_missing(club_id)
            table = self._by_club_id(club_id)
            if table is None:
                await self.recorder.call(self.club.cluster.release, club_id)
                return
        else:
            async with self._lock_of(table):
                await self._catch_up(table)
                table = self.tables.get(table.id, table)
                await self._sync_seats(table)
                await self._sync_chat(table)
        self._running.add(table.id)
        self._run_clock(table, decided=False)
        if table.is_over and not table.finished:
            self.spawn(self._finish(table))
        elif self._abandoned(table):
            self._leaving_seat(table)
            return
        self._changed(table)

    @staticmethod
    def _abandoned(table: Table) -> bool:
        """No person plays on, and one gave their seat to a bot for good: the game ends."""
        return (
            not table.people()
            and any(s.for_good for s in table.seats)
            and not table.is_over
            and not table.finished
        )

    # -- who is online on the other nodes --------------------------------------------------------
    def _here(self, session, here: bool) -> None:
        """The session's person has (or, once their last session here left, no longer has) a
        session on this node: the other nodes show it within a tick."""
        if self.is_shared and session.player is not None:
            self.spawn(self._keep_here(session.player.id, here))

    async def _keep_here(self, player_id: int, here: bool) -> None:
        try:
            await self.recorder.call(self.club.cluster.connected, player_id, here)
        except Exception as exc:  # noqa: BLE001  (shown as away elsewhere until the next login)
            self.problems.append(f"Who is online here could not be kept ({exc}).")

    async def _look_who_is_online(self) -> None:
        """Read who is connected to the other nodes; tell the tables and lobby of changes."""
        online = await self.recorder.call(self.club.cluster.online_elsewhere)
        now = {tablemod.person_of(pid): name for pid, name in online.items()}
        before, self._elsewhere = self._elsewhere, now
        changed = set(now) ^ set(before)
        if not changed:
            return
        for person in changed:
            if person in now:
                self.away_since.pop(person, None)
            elif not self._connected(person):
                self._away(person, before[person])
        for table in self.tables.values():
            if any(table.seat_of(person) is not None for person in changed):
                for session in self.sessions:
                    if session.table == table.id:
                        self._send_table(session, table)
        self._tell_lobby()

    # -- appending after the copy's last event --------------------------------------------------
    async def _append(self, table: Table, fn, *args) -> int:
        """Store an event of `table` after its copy's last one (the table's lock held).

        Raises:
            TableMovedOn: another seat or node stored one first (the copy has caught up).
            TableError: the club refused, or the database failed.
        """
        try:
            seq = await self.recorder.call(fn, table.club_id, *args, after=table.seq)
        except SeqTaken:
            applied = await self._catch_up(table)
            self._caught_up(self.tables.get(table.id, table), applied)
            raise TableMovedOn(MOVED_ON) from None
        except (ClubError, RecordFailed) as exc:
            raise TableError(str(exc)) from None
        table.seq = seq
        return seq

    # -- what other nodes did ----------------------------------------------------------------------
    def _heard(self, notice: Notice) -> None:
        """A committed change of the club (on the event loop): read it when it is news here."""
        if self._early is not None:
            self._early.append(notice)
            return
        if self._listener is None:
            return  # stopping
        if notice.kind == "invited":
            self.spawn(self._invited(notice.seq))
            return
        table = self._by_club_id(notice.table_id)
        if table is None:
            if notice.kind not in ("finished", "dropped"):
                self.spawn(self._load_missing(notice.table_id))
            return
        kind, seq = notice.kind, notice.seq
        if (
            kind == "created"
            or (kind == "action" and seq <= table.seq)
            or (kind == "chat" and seq <= table.chat_seq)
            or (kind == "finished" and table.finished)
        ):
            return
        self._read_later(notice.table_id, {kind})

    def _read_later(self, club_id: int, kinds: set[str]) -> None:
        self._pending.setdefault(club_id, set()).update(kinds)
        if club_id not in self._syncing:
            self._syncing.add(club_id)
            self.spawn(self._sync(club_id))

    async def _sync(self, club_id: int) -> None:
        """Read what was heard of a table, a batch at a time, until nothing more is heard."""
        key = f"sync {club_id}"
        try:
            while self._pending.get(club_id):
                kinds = self._pending.pop(club_id)
                table = self._by_club_id(club_id)
                if table is None:
                    return
                try:
                    await self._sync_table(table, kinds)
                    self._solved(key)
                except TableError as exc:
                    self._problem(
                        key, f"Table {table.id}: another node's change is unread ({exc})."
                    )
                    self._pending.setdefault(club_id, set()).update(kinds)
                    await asyncio.sleep(TICK_S)
        finally:
            self._syncing.discard(club_id)

    async def _sync_table(self, table: Table, kinds: set[str]) -> None:
        if "dropped" in kinds:
            self._closed(table)
            return
        async with self._lock_of(table):
            if self.tables.get(table.id) is not table:
                return
            applied = 0
            if kinds & {"action", "finished"}:
                applied = await self._catch_up(table)
                table = self.tables.get(table.id, table)
            seats, gave_up = await self._sync_seats(table) if "seats" in kinds else (False, False)
            chat = await self._sync_chat(table) if "chat" in kinds else False
            ended = False
            if "finished" in kinds and not table.finished:
                ended = await self._finished_elsewhere(table)
        if seats:
            self._run_clock(table, decided=False)
        if gave_up:
            self._leaving_seat(table)
        elif applied or seats or chat or ended:
            self._caught_up(table, applied)

    def _caught_up(self, table: Table, applied: int) -> None:
        """After reading other nodes' changes: end the game if it is over (the node that runs
        it), and tell everyone looking at the table."""
        if applied and self.runs(table) and table.is_over and not table.finished:
            self.spawn(self._finish(table))
        self._changed(table)

    async def _catch_up(self, table: Table) -> int:
        """Apply to the copy every event the rows hold after its last (the lock held); returns
        how many. A copy the events do not fit is rebuilt from the rows."""
        applied = 0
        while True:
            events = await self._read(self.club.tables.events_since, table.club_id, table.seq)
            for event in events or ():
                if not self._apply_event(table, event):
                    await self._reload(table)
                    return applied + 1
                applied += 1
            if not events or len(events) < EVENTS_PAGE:
                return applied

    def _apply_event(self, table: Table, event) -> bool:
        """Play one event of the rows on the copy, as the node that stored it did; False when
        it does not fit the copy."""
        try:
            if event.undo:
                if table.master.undo(event.seat) != event.undo:
                    return False
                self._run_clock(table, decided=False)
            else:
                table.master.play(event.seat, event.notation)
                place = table.seats[event.seat]
                if event.player_id is not None and place.zombie and not place.for_good:
                    place.zombie = ""  # its person played: the bot steps aside
                self._run_clock(table, decided=True)
        except Refused:
            return False
        table.seq = event.seq
        return True

    async def _reload(self, table: Table) -> None:
        """Rebuild a copy from the table's rows (it missed something it cannot catch up on)."""
        try:
            loaded = await self.recorder.call(self.club.tables.load, table.club_id)
        except (ClubError, RecordFailed, SaveError, ValueError) as exc:
            self.problems.append(f"Table {table.id}: its copy could not be rebuilt ({exc}).")
            return
        fresh = tablemod.restore(loaded)
        fresh.since = self.clock()
        running = table.id in self._running
        self._stop_running(table.id)
        self.tables[table.id] = fresh
        if running:
            self._running.add(fresh.id)
        self._run_clock(fresh, decided=False)

    async def _sync_seats(self, table: Table) -> tuple[bool, bool]:
        """Read the table's seats (who holds each, the bot playing for an absent person, who
        gave up); returns whether any changed, and whether a person gave up."""
        stored = await self._read(self.club.tables.get, table.club_id)
        if stored is None:
            return False, False
        changed = gave_up = False
        for index, (place, row) in enumerate(zip(table.seats, stored.seats, strict=False)):
            person = tablemod.person_of(row.player_id) if place.who == "human" else ""
            outcome = row.outcome if row.outcome in ("resigned", "timeout") else ""
            now = (person, row.player_name if person else "", row.zombie, outcome)
            if now == (place.person, place.person_name, place.zombie, place.outcome):
                continue
            newly_gone = bool(outcome) and not place.outcome
            place.person, place.person_name, place.zombie, place.outcome = now
            changed = True
            if newly_gone:
                gave_up = True
                self._log_line(table, tablemod.outcome_line(table, index))
        return changed, gave_up

    async def _sync_chat(self, table: Table) -> bool:
        """Add the chat lines the rows hold after the copy's last; True when there were any."""
        lines = await self._read(self.club.tables.chat_lines, table.club_id)
        new = [line for line in lines or () if line.n > table.chat_seq]
        for line in new:
            table.chat.append(line.line)
        if new:
            table.chat_seq = new[-1].n
        return bool(new)

    async def _finished_elsewhere(self, table: Table) -> bool:
        """The node running the table kept its end: play the record's last actions on the copy
        (its events are gone from the rows once it is finished), and close it."""
        archived = await self._read(self.club.history.archived, table.club_id)
        if archived is not None:
            actions, have = list(archived.record.actions), list(table.record.actions)
            if actions[: len(have)] == have:
                for notation in actions[len(have) :]:
                    seat = table.deciding()
                    try:
                        table.master.play(seat, notation)
                    except Refused:
                        break
                    self._run_clock(table, decided=True)
        table.finished = True
        self._stop_running(table.id)
        return True

    async def _load_missing(self, club_id: int) -> None:
        """A table this node has no copy of (made on another node): read it from the rows."""
        if club_id in self._loading or club_id in self._broken:
            return
        self._loading.add(club_id)
        try:
            loaded = await self.recorder.call(self.club.tables.load, club_id)
        except (ClubError, RecordFailed):
            return  # finished or dropped meanwhile, or the database is away (next tick)
        except (SaveError, ValueError) as exc:
            self._broken.add(club_id)
            self.problems.append(str(exc))
            return
        finally:
            self._loading.discard(club_id)
        if self._by_club_id(club_id) is None:
            table = tablemod.restore(loaded)
            table.since = self.clock()
            self.tables[table.id] = table
            if self._listener is not None:
                self._listener.watch(club_id, table.seq)
            self._run_clock(table, decided=False)
            self._tell_lobby()
        self._read_later(club_id, {"action", "seats", "chat"})  # what came while it was read

    async def _invited(self, invitation_id: int) -> None:
        """An invitation sent on any node: tell the invited person, if they are here."""
        try:
            invitation = await self._read(self.club.invitations.get, invitation_id)
        except TableError:
            return
        if invitation is not None and invitation.status == "open":
            self._tell_invited(invitation)
            self._tell_lobby()

    def _unwatch(self, table: Table) -> None:
        self._stop_running(table.id)
        if self._listener is not None and table.club_id is not None:
            self._listener.unwatch(table.club_id)
