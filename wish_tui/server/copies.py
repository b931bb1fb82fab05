"""This node's copy of every table of a shared club, kept up to date from the club's rows.

A part of `Hub` kept in its own file (mixed into it; `nodes.py` says how the nodes share a club).
A person's action, on whichever node the person is connected to, is checked against that node's
copy and appended after the copy's last event (`Tables.append(…, after=seq)`); when another seat
or node was first (`SeqTaken`), the copy catches up from the rows and the person is told the table
moved on. A listener hears every committed change of every node (`Notice`: kind, table, seq); the
node reads what the notice points at from the rows (the events after its copy's last, the seats,
the new chat lines, a finished game's record), applies it to its copy, and tells its sessions at
that table and its lobby. The notices of one table are read a batch at a time (a burst costs one
read), and a listener that lost its connection catches up from the rows (`pg_listener`), so a
lost NOTIFY loses nothing. With the SQLite file no notice comes, and an append after the copy's
last event is never refused (one node writes).
"""

from __future__ import annotations

import asyncio

from wish_tui.records import SaveError
from wish_tui.tables.seat import Refused

from . import tables as tablemod
from .club import ClubError, NotFound, Notice, SeqTaken
from .club.table_store import EVENTS_PAGE
from .recorder import RecordFailed
from .tables import NotKept, Table, TableError

RETRY_S = 1.0
"""Seconds before a change another node made is read again, when the database failed."""
MOVED_ON = "The table moved on since your screen last changed; look again."


class TableMovedOn(TableError):
    """Another seat or node acted first: this node's copy has caught up; look again."""


class TableCopies:
    """Keeping a `Hub`'s copies of the club's tables up to date with every node's changes."""

    def _by_club_id(self, club_id: int) -> Table | None:
        for table in self.tables.values():
            if table.club_id == club_id:
                return table
        return None

    async def _read(self, fn, *args):
        """Read through the club; None when what is read is gone (a dropped table).

        Raises:
            TableError: the database failed (one sentence).
        """
        try:
            return await self.recorder.call(fn, *args)
        except NotFound:
            return None
        except RecordFailed as exc:
            raise NotKept(str(exc)) from None
        except ClubError as exc:
            raise TableError(str(exc)) from None

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
        except RecordFailed as exc:
            raise NotKept(str(exc)) from None
        except ClubError as exc:
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
                    await asyncio.sleep(RETRY_S)
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
                if event.player_id is not None and tablemod.person_of(event.player_id) == (
                    place.person
                ):
                    table.decided.add(event.seat)
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
            table.add_chat(tablemod.person_of(line.player_id), line.line)
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
            table.result = archived.game.settled(archived.scores)
        table.finished = True
        self._run_clock(table, decided=False)  # an ended game's clock stops
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
