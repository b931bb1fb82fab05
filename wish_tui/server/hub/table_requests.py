"""What the table server does at its tables: new tables, seats, actions, undo, chat, hints, hands
to bots and resigning.

A service the hub composes (`Hub.seating`), not a part mixed into it. Every change of a table is
made under that table's lock (`Hub.lock_of`): it is checked first, written to the club's database
next (`Hub.record`), and only then applied and told (`Hub.changed`), so a crash never loses an
action someone saw and a failed write changes nothing. An action is stored after the last event
this node's copy of the table has (`TableCopies.append`), so on a club several nodes share it is
refused when another node was first; only the node that runs a table (`Hub.runs`) plays its bots
(`table_bots.py`), runs its clock (`clock_keeper.py`) and keeps its end (`endings.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from wish_tui.club import SeatSpec
from wish_tui.club.identity import player_id_of
from wish_tui.tables.protocol import ProtocolError, int_field, text_field
from wish_tui.tables.seat import Refused

from . import seating as tablemod
from .clocks import TableClock
from .table import Table, TableError

MAX_TABLES = 400
"""Unfinished tables the server holds at once."""
MAX_TABLES_PER_PERSON = 20
"""Unfinished tables one person may own at once (turn-based ones run for days)."""


def start_stored(hub, table, stored, lease) -> None:
    """A table the club has just stored (`stored`, with this node's `lease` on it, taken in the
    same transaction: `Club.create_table`) takes its code and clock, joins the hub's tables, is
    this node's, and its clock runs."""
    table.id, table.club_id = stored.code, stored.id
    table.clock = TableClock(stored.clock, len(table.seats))
    table.record.id = stored.code
    table.since = hub.clock()
    hub.tables[table.id] = table
    hub.node.took(table, lease)
    hub.clocks.run(table, decided=False)


class TableRequests:
    """The requests a session makes at a `Hub`'s tables, and what they change."""

    def __init__(self, hub) -> None:
        self.hub = hub

    async def store_seat(self, table: Table, seat: int) -> None:
        """Keep a seat's holder, bot and outcome in the database (after it changed)."""
        hub = self.hub
        place = table.seats[seat]
        if table.club_id is None or table.finished:
            return
        try:
            await hub.record(
                hub.club.tables.set_seat,
                table.club_id,
                seat,
                player_id=player_id_of(place.person) if place.who == "human" else None,
                zombie=place.zombie,
                outcome=place.outcome,
            )
        except TableError as exc:
            hub.problems.append(f"Table {table.id}: a seat could not be kept ({exc}).")

    # -- tables ----------------------------------------------------------------------------------
    async def new_table(self, session, message: dict) -> None:
        hub = self.hub
        game = text_field(message, "game", "a game's name", limit=30)
        playing = [t for t in hub.tables.values() if not (t.is_over or t.finished)]
        owned = sum(1 for t in playing if t.owner == session.person)
        if owned >= MAX_TABLES_PER_PERSON:
            raise TableError(f"You already own {owned} tables; close one first.")
        if len(playing) >= MAX_TABLES:
            raise TableError("The server holds as many tables as it can; try again later.")
        hub.limiter.check(session.person, "table")
        solo = text_field(message, "solo", "a solo level", limit=20, required=False)
        options = message.get("options") or {}
        if not isinstance(options, dict):
            raise ProtocolError('"options" must be an object.')
        kind = message.get("kind", "live")
        clock = message.get("clock")
        if kind not in ("live", "turn"):
            raise ProtocolError('"kind" is "live" or "turn".')
        if clock is not None and not isinstance(clock, dict):
            raise ProtocolError('"clock" must be an object.')
        table = tablemod.create(
            "",
            game,
            message.get("seats"),
            session.person,
            session.name,
            hub.seed_source(),
            solo,
            options,
            kind,
            clock,
        )
        for place in table.seats:
            place.bot_member = bool(place.person) and _is_bot_member(session)
        table.note_bot_members()
        specs = [
            SeatSpec(s.name, s.who, player_id_of(s.person) if s.person else None)
            for s in table.seats
        ]
        stored, lease = await hub.record(
            hub.club.create_table,
            table.spec.name,
            table.record.seed,
            specs,
            session.player.id,
            solo=solo,
            options=table.spec.options_to_json(table.record.options),
            kind=kind,
            clock=clock,
        )
        start_stored(hub, table, stored, lease)
        hub.open_table(session, table)
        hub.changed(table)

    async def join_request(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        seat = int_field(message, "seat", "a seat number", 0, 3)
        await hub.friends.refuse_join(session, table)
        async with hub.lock_of(table):
            tablemod.join(table, seat, session.person, session.name, _is_bot_member(session))
            try:
                await self._store_seat_strict(table, seat)
            except TableError:
                tablemod.vacate(table.seats[seat])
                table.note_bot_members()
                raise
        hub.clocks.run(table, decided=False)
        hub.open_table(session, table)
        hub.changed(table)

    async def join(self, session, table_id: str, seat: int) -> None:
        """Sit the session's person at an open seat of a table."""
        await self.join_request(session, {"table": table_id, "seat": seat})

    async def _store_seat_strict(self, table: Table, seat: int) -> None:
        """Keep a person taking an open seat (refused when someone, on any node, was first)."""
        hub = self.hub
        place = table.seats[seat]
        await hub.record(
            hub.club.tables.claim_seat, table.club_id, seat, player_id_of(place.person)
        )

    async def leave(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        async with hub.lock_of(table):
            seat = table.seat_of(session.person)
            tablemod.leave(table, session.person)
            if seat is not None:
                await self.store_seat(table, seat)
        hub.changed(table)

    async def watch(self, session, message: dict) -> None:
        hub = self.hub
        table = await self._live_table(message)
        if table.record.solo:
            raise TableError("A solo game is played alone: it cannot be watched.")
        hub.open_table(session, table)
        hub.tell_lobby()  # who is online says whom they watch

    async def open(self, session, message: dict) -> None:
        self.hub.open_table(session, await self._live_table(message))

    async def _live_table(self, message: dict) -> Table:
        """The table a request to open or watch names; one over and let go is pointed to in
        the history.

        Raises:
            TableError: there is no such table now (one sentence saying where to look).
        """
        hub = self.hub
        try:
            return hub.table(message)
        except TableError:
            code = str(message["table"])
            stored = None
            if hub.club is not None:
                with contextlib.suppress(TableError):
                    stored = await hub.record(hub.club.tables.by_code, code)
            if stored is None or stored.finished_at is None:
                raise
            raise TableError(
                f"Table '{code}' is over: its game is number {stored.id} in the history "
                f"(h in the lobby; 'replay {stored.id}' in plain text)."
            ) from None

    def resend(self, session, message: dict) -> None:
        """A client missed a table message (a diff came from one it lacks): the table whole."""
        hub = self.hub
        table = hub.table(message)
        if session.table != table.id:
            raise TableError("You have not opened that table.")
        if session.teller is not None:
            session.teller.forget()
        hub.send_table(session, table)

    async def close_table(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        if table.owner != session.person:
            raise TableError("Only the table's owner can close it.")
        others = [p for p in table.people() if p != session.person]
        if table.actions and not table.is_over and others:
            raise TableError("Others play at this table: it can be closed once the game is over.")
        if not table.finished and table.club_id is not None:
            await hub.record(hub.club.tables.drop, table.club_id)
        self.closed(table)

    def closed(self, table: Table) -> None:
        """The table is gone: forget it and tell everyone looking at it."""
        hub = self.hub
        self.forget(table)
        for other in hub.lookers.of(table.id):
            other.table = ""
            other.send({"type": "closed", "table": table.id})
        hub.tell_lobby()

    def forget(self, table: Table) -> None:
        hub = self.hub
        hub.node.unwatch(table)
        hub.tables.pop(table.id, None)
        hub.let_go_lock(table.id)
        hub.table_news.shared.forget(table.id)
        hub.bots.stop(table.id)
        hub.clocks.stop(table.id)

    # -- actions ---------------------------------------------------------------------------------
    async def play(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        text = text_field(message, "action", "an action in notation", limit=120)
        expect = int_field(message, "expect", "the number of actions your screen saw", 0, 10**6)
        hub.limiter.check(session.person, "move")
        async with hub.lock_of(table):
            seat, action = tablemod.check_play(table, session.person, text, expect)
            await self.commit(table, seat, action, session.person)
        self.after_action(table)

    async def commit(self, table: Table, seat: int, action, person: str) -> None:
        """Write an action to the table's record, then apply it (the caller holds the lock).

        Raises:
            TableMovedOn: another seat or node acted first (the table has caught up).
            TableError: the database refused or failed.
        """
        hub = self.hub
        if table.club_id is not None:
            await hub.copies.append(
                table, hub.club.tables.append, seat, player_id_of(person), str(action)
            )
        table.master.play(seat, action)
        if person:
            table.decided.add(seat)
        if table.seats[seat].zombie and not table.seats[seat].for_good and person:
            table.seats[seat].zombie = ""

    def after_action(self, table: Table) -> None:
        """An action was played: run the clock, tell everyone, see whether the game ended."""
        hub = self.hub
        hub.clocks.run(table, decided=True)
        hub.changed(table, action=True)
        if table.is_over and not table.finished and hub.runs(table):
            hub.spawn(hub.endings.finish(table))

    async def undo(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        async with hub.lock_of(table):
            seat = table.seat_of(session.person)
            if seat is None:
                raise TableError("You hold no seat at this table.")
            can, why = table.master.undo_status(seat)
            if not can:
                raise TableError(why)
            target = table.spec.rules.undo_target(table.history)
            steps = len(table.history) - 1 - target
            if table.club_id is not None:
                await hub.copies.append(
                    table, hub.club.tables.append_undo, seat, session.player.id, steps
                )
            tablemod.undo(table, session.person)
        hub.clocks.run(table, decided=False)
        hub.changed(table)

    def hint(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        seat = table.seat_of(session.person)
        if seat is None or table.deciding() != seat or table.seats[seat].zombie:
            raise TableError("A hint is given when you are to decide.")
        if session.hinting:
            raise TableError("A hint is being thought out already.")
        session.hinting = True
        hub.spawn(self._hint(session, table, seat))

    async def _hint(self, session, table: Table, seat: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            hint = await loop.run_in_executor(None, table.master.hint, seat, table.state)
        except Refused as exc:
            session.send({"type": "error", "table": table.id, "error": str(exc)})
            return
        finally:
            session.hinting = False
        session.send({"type": "hint", "table": table.id, **hint.to_json()})

    def why(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        text = text_field(message, "action", "an action in notation", limit=120)
        reason = table.master.why(table.seat_of(session.person), text)
        session.send({"type": "why", "table": table.id, "action": text, "text": reason})

    async def chat(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        text = text_field(message, "text", "a line of text", limit=400)
        hub.limiter.check(session.person, "chat")
        line = tablemod.chat_line(session.name, text)
        await hub.club_service.may_chat(session, table)
        if table.club_id is not None and not table.finished:
            await hub.record(
                hub.club.tables.chat, table.club_id, session.player.id, line[1], table.actions
            )
            if hub.is_shared:  # the lines of every node, in the club's order
                async with hub.lock_of(table):
                    await hub.copies.sync_chat(table)
                hub.changed(table)
                return
        table.add_chat(session.person, f"{line[0]}: {line[1]}")
        hub.changed(table)

    async def hand_to_bot(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        seat = int_field(message, "seat", "a seat number", 0, 3)
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        place = table.seats[seat] if seat < len(table.seats) else None
        if on and place is not None and place.person and not place.zombie:
            away = hub.presence.absent_since(table, place.person)
            if away is None:
                raise TableError(
                    f"{table.seat_label(seat)} is here at the table: only the seat of a person "
                    "who left it can go to a bot."
                )
            waited = time.monotonic() - away
            if waited < hub.seat_timeout:
                raise TableError(
                    f"{place.person_name} left the table {int(waited)} s ago; wait "
                    f"{int(hub.seat_timeout - waited) + 1} s more before a bot takes the seat."
                )
        async with hub.lock_of(table):
            tablemod.hand_to_bot(table, session.person, seat, on)
            await self.store_seat(table, seat)
        hub.clocks.run(table, decided=False)
        hub.changed(table)

    async def resign(self, session, message: dict) -> None:
        hub = self.hub
        table = hub.table(message)
        async with hub.lock_of(table):
            seat = tablemod.resign(table, session.person)
            await self.store_seat(table, seat)
        self.log_line(table, tablemod.outcome_line(table, seat))
        self.leaving_seat(table)

    def leaving_seat(self, table: Table) -> None:
        """A person left a game for good: it goes on with a bot, or ends at once (no person is
        left, two seats, or aborted: `tables.early_end`), ended by the node that runs it."""
        hub = self.hub
        hub.clocks.run(table, decided=False)
        why = tablemod.early_end(table)
        if why and not table.finished and hub.runs(table):
            self.log_line(table, why)
            hub.spawn(hub.endings.finish(table, early=True))
        hub.changed(table)

    def log_line(self, table: Table, line: str) -> None:
        table.master.write_log(lambda pov: [line])


def _is_bot_member(session) -> bool:
    """True when the session's member is a bot member of the club."""
    return session.player is not None and session.player.is_bot_member
