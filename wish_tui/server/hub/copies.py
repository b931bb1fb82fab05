"""This node's copy of every table of a shared club, kept up to date from the club's rows.

A service the hub composes (`Hub.copies`; `nodes.py` says how the nodes share a club).
A person's action, on whichever node the person is connected to, is checked against that node's
copy and appended after the copy's last event (`Tables.append(…, after=seq)`); when another seat
or node was first (`SeqTaken`), the copy catches up from the rows and the person is told the table
moved on. A listener hears every committed change of every node (`Notice`: kind, table, seq); an
action's notice carries its event, which the node applies to its copy as it comes (no read: a
move reaches the other node's screens without waiting for its database thread); for the rest the
node reads what the notice points at from the rows (the events after its copy's last, the seats,
the new chat lines, a finished game's record), applies it to its copy, and tells its sessions at
that table and its lobby. The notices of one table are read a batch at a time (a burst costs one
read), and a listener that lost its connection catches up from the rows (`pg_listener`), so a
lost NOTIFY loses nothing. With the SQLite file no notice comes, and an append after the copy's
last event is never refused (one node writes).
"""

from __future__ import annotations

import asyncio

from wish_tui.club import ClubError, Event, NotFound, Notice, SeqTaken
from wish_tui.club.identity import person_of
from wish_tui.club.recorder import RecordFailed
from wish_tui.club.store.table_store import EVENTS_PAGE
from wish_tui.records import SaveError
from wish_tui.tables.seat import Refused

from . import seating as tablemod
from .table import NotKept, Table, TableError

RETRY_S = 1.0
"""Seconds before a change another node made is read again, when the database failed."""
MOVED_ON = "The table moved on since your screen last changed; look again."


class TableMovedOn(TableError):
    """Another seat or node acted first: this node's copy has caught up; look again."""


class TableCopies:
    """Keeping a `Hub`'s copies of the club's tables up to date with every node's changes."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._pending: dict[int, set[str]] = {}
        """Per table (club id): the kinds of notices heard and not yet read."""
        self._carried: dict[int, dict[int, Event]] = {}
        """Per table (club id): the events its action notices carried, by seq, not yet applied."""
        self._unread: set[int] = set()
        """Tables (club ids) with an action heard of whose event its notice did not carry."""
        self._syncing: set[int] = set()
        self._loading: set[int] = set()
        self.broken: set[int] = set()
        """Tables whose rows do not replay (reported once, never run)."""

    def by_club_id(self, club_id: int) -> Table | None:
        hub = self.hub
        for table in hub.tables.values():
            if table.club_id == club_id:
                return table
        return None

    async def _read(self, fn, *args):
        """Read through the club; None when what is read is gone (a dropped table).

        Raises:
            TableError: the database failed (one sentence).
        """
        hub = self.hub
        try:
            return await hub.recorder.call(fn, *args)
        except NotFound:
            return None
        except RecordFailed as exc:
            raise NotKept(str(exc)) from None
        except ClubError as exc:
            raise TableError(str(exc)) from None

    # -- appending after the copy's last event --------------------------------------------------
    async def append(self, table: Table, fn, *args) -> int:
        """Store an event of `table` after its copy's last one (the table's lock held).

        Raises:
            TableMovedOn: another seat or node stored one first (the copy has caught up).
            TableError: the club refused, or the database failed.
        """
        hub = self.hub
        try:
            seq = await hub.recorder.call(fn, table.club_id, *args, after=table.seq)
        except SeqTaken:
            applied = await self.catch_up(table)
            self._caught_up(hub.tables.get(table.id, table), applied)
            raise TableMovedOn(MOVED_ON) from None
        except RecordFailed as exc:
            raise NotKept(str(exc)) from None
        except ClubError as exc:
            raise TableError(str(exc)) from None
        table.seq = seq
        return seq

    # -- what other nodes did ----------------------------------------------------------------------
    def heard(self, notice: Notice) -> None:
        """A committed change of the club (on the event loop): read it when it is news here."""
        hub = self.hub
        if notice.kind == "invited":
            hub.spawn(self._invited(notice.seq))
            return
        table = self.by_club_id(notice.table_id)
        if table is None:
            if notice.kind not in ("finished", "dropped"):
                hub.spawn(self.load_missing(notice.table_id))
            return
        kind, seq = notice.kind, notice.seq
        if (
            kind == "created"
            or (kind == "action" and seq <= table.seq)
            or (kind == "chat" and seq <= table.chat_seq)
            or (kind == "finished" and table.finished)
        ):
            return
        if kind == "action" and notice.event is not None:
            self._carried.setdefault(notice.table_id, {})[seq] = notice.event
        elif kind == "action":
            self._unread.add(notice.table_id)
        self._read_later(notice.table_id, {kind})

    def _read_later(self, club_id: int, kinds: set[str]) -> None:
        hub = self.hub
        self._pending.setdefault(club_id, set()).update(kinds)
        if club_id not in self._syncing:
            self._syncing.add(club_id)
            hub.spawn(self._sync(club_id))

    async def _sync(self, club_id: int) -> None:
        """Read what was heard of a table, a batch at a time, until nothing more is heard."""
        hub = self.hub
        key = f"sync {club_id}"
        try:
            while self._pending.get(club_id):
                kinds = self._pending.pop(club_id)
                table = self.by_club_id(club_id)
                if table is None:
                    self._carried.pop(club_id, None)
                    self._unread.discard(club_id)
                    return
                try:
                    await self._sync_table(table, kinds)
                    hub.solved(key)
                except TableError as exc:
                    hub.problem(key, f"Table {table.id}: another node's change is unread ({exc}).")
                    self._pending.setdefault(club_id, set()).update(kinds)
                    self._unread.add(club_id)  # what the notices carried may be taken already
                    await asyncio.sleep(RETRY_S)
        finally:
            self._syncing.discard(club_id)

    async def _sync_table(self, table: Table, kinds: set[str]) -> None:
        hub = self.hub
        if "dropped" in kinds:
            hub.seating.closed(table)
            return
        async with hub.lock_of(table):
            if hub.tables.get(table.id) is not table:
                return
            applied = 0
            if kinds & {"action", "finished"}:
                applied = await self._carried_or_read(table, "finished" in kinds)
                table = hub.tables.get(table.id, table)
            seats, gave_up = await self.sync_seats(table) if "seats" in kinds else (False, False)
            chat = await self.sync_chat(table) if "chat" in kinds else False
            ended = False
            if "finished" in kinds and not table.finished:
                ended = await self._finished_elsewhere(table)
        if seats:
            hub.clocks.run(table, decided=False)
        if gave_up:
            hub.seating.leaving_seat(table)
        elif applied or seats or chat or ended:
            self._caught_up(table, applied)

    def _caught_up(self, table: Table, applied: int) -> None:
        """After reading other nodes' changes: end the game if it is over (the node that runs
        it), and tell everyone looking at the table."""
        hub = self.hub
        if applied and hub.runs(table) and table.is_over and not table.finished:
            hub.spawn(hub.endings.finish(table))
        hub.changed(table)

    async def _carried_or_read(self, table: Table, finished: bool) -> int:
        """Apply the events the notices carried, in order from the copy's last (the lock held);
        read the rows only for what they did not carry (a notice without its event, one lost, a
        game's end, an event that does not fit the copy). Returns how many were applied."""
        carried = self._carried.pop(table.club_id, {})
        unread = table.club_id in self._unread
        self._unread.discard(table.club_id)
        applied = 0
        while (event := carried.pop(table.seq + 1, None)) is not None:
            if not self._apply_event(table, event):
                await self._reload(table)
                return applied + 1
            applied += 1
        if finished or unread or any(seq > table.seq for seq in carried):
            applied += await self.catch_up(table)
        return applied

    async def catch_up(self, table: Table) -> int:
        """Apply to the copy every event the rows hold after its last (the lock held); returns
        how many. A copy the events do not fit is rebuilt from the rows."""
        hub = self.hub
        applied = 0
        while True:
            events = await self._read(hub.club.tables.events_since, table.club_id, table.seq)
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
        hub = self.hub
        try:
            if event.undo:
                if table.master.undo(event.seat) != event.undo:
                    return False
                hub.clocks.run(table, decided=False)
            else:
                table.master.play(event.seat, event.notation)
                place = table.seats[event.seat]
                if event.player_id is not None and person_of(event.player_id) == (place.person):
                    table.decided.add(event.seat)
                if event.player_id is not None and place.zombie and not place.for_good:
                    place.zombie = ""  # its person played: the bot steps aside
                hub.clocks.run(table, decided=True)
        except Refused:
            return False
        table.seq = event.seq
        return True

    async def _reload(self, table: Table) -> None:
        """Rebuild a copy from the table's rows (it missed something it cannot catch up on)."""
        hub = self.hub
        try:
            loaded = await hub.recorder.call(hub.club.tables.load, table.club_id)
        except (ClubError, RecordFailed, SaveError, ValueError) as exc:
            hub.problems.append(f"Table {table.id}: its copy could not be rebuilt ({exc}).")
            return
        fresh = tablemod.restore(loaded)
        running = table.id in hub.node.running
        hub.node.stop_running(table.id)
        hub.tables[table.id] = fresh
        if running:
            hub.node.running.add(fresh.id)
        hub.clocks.run(fresh, decided=False)

    async def sync_seats(self, table: Table) -> tuple[bool, bool]:
        """Read the table's seats (who holds each, the bot playing for an absent person, who
        gave up); returns whether any changed, and whether a person gave up."""
        hub = self.hub
        stored = await self._read(hub.club.tables.get, table.club_id)
        if stored is None:
            return False, False
        changed = gave_up = False
        for index, (place, row) in enumerate(zip(table.seats, stored.seats, strict=False)):
            person = person_of(row.player_id) if place.who == "human" else ""
            outcome = row.outcome if row.outcome in ("resigned", "timeout") else ""
            now = (person, row.player_name if person else "", row.zombie, outcome)
            if now == (place.person, place.person_name, place.zombie, place.outcome):
                continue
            newly_gone = bool(outcome) and not place.outcome
            place.person, place.person_name, place.zombie, place.outcome = now
            place.bot_member = row.bot_member
            changed = True
            if newly_gone:
                gave_up = True
                hub.seating.log_line(table, tablemod.outcome_line(table, index))
        table.note_bot_members()
        return changed, gave_up

    async def sync_chat(self, table: Table) -> bool:
        """Add the chat lines the rows hold after the copy's last; True when there were any."""
        hub = self.hub
        lines = await self._read(hub.club.tables.chat_lines, table.club_id)
        new = [line for line in lines or () if line.n > table.chat_seq]
        for line in new:
            at = None if line.actions is None else table.master.log_counts_at(line.actions)
            table.add_chat(person_of(line.player_id), line.line, at)
        if new:
            table.chat_seq = new[-1].n
        return bool(new)

    async def _finished_elsewhere(self, table: Table) -> bool:
        """The node running the table kept its end: play the record's last actions on the copy
        (its events are gone from the rows once it is finished), and close it."""
        hub = self.hub
        archived = await self._read(hub.club.history.archived, table.club_id)
        if archived is not None:
            actions, have = list(archived.record.actions), list(table.record.actions)
            if actions[: len(have)] == have:
                for notation in actions[len(have) :]:
                    seat = table.deciding()
                    try:
                        table.master.play(seat, notation)
                    except Refused:
                        break
                    hub.clocks.run(table, decided=True)
            table.result = archived.game.settled(archived.scores)
        table.finished = True
        hub.clocks.run(table, decided=False)  # an ended game's clock stops
        hub.node.stop_running(table.id)
        return True

    async def load_missing(self, club_id: int) -> None:
        """A table this node has no copy of (made on another node): read it from the rows."""
        hub = self.hub
        if club_id in self._loading or club_id in self.broken:
            return
        self._loading.add(club_id)
        try:
            loaded = await hub.recorder.call(hub.club.tables.load, club_id)
        except (ClubError, RecordFailed):
            return  # finished or dropped meanwhile, or the database is away (next tick)
        except (SaveError, ValueError) as exc:
            self.broken.add(club_id)
            hub.problems.append(str(exc))
            return
        finally:
            self._loading.discard(club_id)
        if self.by_club_id(club_id) is None:
            table = tablemod.restore(loaded)
            hub.tables[table.id] = table
            if hub.node.listener is not None:
                hub.node.listener.watch(club_id, table.seq)
            hub.clocks.run(table, decided=False)
            hub.tell_lobby()
        self._read_later(club_id, {"action", "seats", "chat"})  # what came while it was read

    async def _invited(self, invitation_id: int) -> None:
        """An invitation sent on any node: tell the invited person, if they are here."""
        hub = self.hub
        try:
            invitation = await self._read(hub.club.invitations.get, invitation_id)
        except TableError:
            return
        if invitation is not None and invitation.status == "open":
            hub.club_service.tell_invited(invitation)
            hub.tell_lobby()
