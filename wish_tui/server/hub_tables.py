"""What the table server does at its tables: new tables, seats, actions, undo, chat, hints,
bots, clocks, resigning, a rematch, and each game's end with its ratings.

A part of `Hub` kept in its own file (mixed into it). Every change of a table is made under that
table's lock: it is checked first, written to the club's database next (`Hub.record`), and only
then applied and told (`Hub._changed`), so a crash never loses an action someone saw and a failed
write changes nothing. An action is stored after the last event this node's copy of the table has
(`after=`), so on a club several nodes share it is refused when another node was first
(`copies.py`); only the node that runs a table (`Hub.runs`) plays its bots, runs its clock and
keeps its end.
"""

from __future__ import annotations

import asyncio
import time

from wish_tui.core.clock_words import clock_words
from wish_tui.tables.bot_turns import BotTurns
from wish_tui.tables.protocol import ProtocolError, int_field, text_field
from wish_tui.tables.seat import Refused

from . import tables as tablemod
from .clocks import TableClock
from .club import SeatSpec
from .copies import TableMovedOn
from .tables import NotKept, Table, TableError, person_of

MAX_TABLES = 400
BOT_RETRY = 5.0
"""Seconds before a bot tries again a move the database could not keep (a full disk)."""
"""Tables the server holds at once."""
MAX_TABLES_PER_PERSON = 20
"""Unfinished tables one person may own at once (turn-based ones run for days)."""
CLOCK_KEEP_S = 2.0
"""Seconds between two keepings of the running clocks' time in the club: a server killed without
warning gives back at most this much to the seat deciding (a stop keeps it exactly)."""


def _player_id(person: str) -> int | None:
    return int(person[1:]) if person.startswith("P") and person[1:].isdigit() else None


class TableRequests:
    """The table requests of a `Hub`."""

    def _table(self, message: dict) -> Table:
        table_id = text_field(message, "table", "a table's id", limit=20)
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"There is no table {table_id!r} (it may have been closed).")
        return table

    def _lock_of(self, table: Table) -> asyncio.Lock:
        locks = self.__dict__.setdefault("_table_locks", {})
        if table.id not in locks:
            locks[table.id] = asyncio.Lock()
        return locks[table.id]

    async def _store_seat(self, table: Table, seat: int) -> None:
        """Keep a seat's holder, bot and outcome in the database (after it changed)."""
        place = table.seats[seat]
        if table.club_id is None or table.finished:
            return
        try:
            await self.record(
                self.club.tables.set_seat,
                table.club_id,
                seat,
                player_id=_player_id(place.person) if place.who == "human" else None,
                zombie=place.zombie,
                outcome=place.outcome,
            )
        except TableError as exc:
            self.problems.append(f"Table {table.id}: a seat could not be kept ({exc}).")

    # -- tables ----------------------------------------------------------------------------------
    async def _on_new_table(self, session, message: dict) -> None:
        game = text_field(message, "game", "a game's name", limit=30)
        owned = sum(1 for t in self.tables.values() if t.owner == session.person and not t.is_over)
        if owned >= MAX_TABLES_PER_PERSON:
            raise TableError(f"You already own {owned} tables; close one first.")
        if len(self.tables) >= MAX_TABLES:
            raise TableError("The server holds as many tables as it can; try again later.")
        self.limiter.check(session.person, "table")
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
            self.seed_source(),
            solo,
            options,
            kind,
            clock,
        )
        specs = [
            SeatSpec(s.name, s.who, _player_id(s.person) if s.person else None) for s in table.seats
        ]
        stored = await self.record(
            self.club.tables.create,
            table.spec.name,
            table.record.seed,
            specs,
            session.player.id,
            solo=solo,
            options=table.spec.options_to_json(table.record.options),
            kind=kind,
            clock=clock,
        )
        table.id, table.club_id = stored.code, stored.id
        table.clock = TableClock(stored.clock, len(table.seats))
        table.record.id = stored.code
        table.since = self.clock()
        self.tables[table.id] = table
        await self._took(table)
        self._run_clock(table, decided=False)
        self._open(session, table)
        self._changed(table)

    async def _on_join(self, session, message: dict) -> None:
        table = self._table(message)
        seat = int_field(message, "seat", "a seat number", 0, 3)
        async with self._lock_of(table):
            tablemod.join(table, seat, session.person, session.name)
            try:
                await self._store_seat_strict(table, seat)
            except TableError:
                table.seats[seat].person = table.seats[seat].person_name = ""
                raise
        self._run_clock(table, decided=False)
        self._open(session, table)
        self._changed(table)

    async def _store_seat_strict(self, table: Table, seat: int) -> None:
        """Keep a person taking an open seat (refused when someone, on any node, was first)."""
        place = table.seats[seat]
        await self.record(
            self.club.tables.claim_seat, table.club_id, seat, _player_id(place.person)
        )

    async def _on_leave(self, session, message: dict) -> None:
        table = self._table(message)
        async with self._lock_of(table):
            seat = table.seat_of(session.person)
            tablemod.leave(table, session.person)
            if seat is not None:
                await self._store_seat(table, seat)
        self._changed(table)

    def _on_watch(self, session, message: dict) -> None:
        table = self._table(message)
        if table.record.solo:
            raise TableError("A solo game is played alone: it cannot be watched.")
        self._open(session, table)

    def _on_open(self, session, message: dict) -> None:
        self._open(session, self._table(message))

    async def _on_close_table(self, session, message: dict) -> None:
        table = self._table(message)
        if table.owner != session.person:
            raise TableError("Only the table's owner can close it.")
        others = [p for p in table.people() if p != session.person]
        if table.actions and not table.is_over and others:
            raise TableError("Others play at this table: it can be closed once the game is over.")
        if not table.finished and table.club_id is not None:
            await self.record(self.club.tables.drop, table.club_id)
        self._closed(table)

    def _closed(self, table: Table) -> None:
        """The table is gone: forget it and tell everyone looking at it."""
        self._forget(table)
        for other in self.sessions:
            if other.table == table.id:
                other.table = ""
                other.send({"type": "closed", "table": table.id})
        self._tell_lobby()

    def _forget(self, table: Table) -> None:
        self._unwatch(table)
        self.tables.pop(table.id, None)
        bots = self._bots.pop(table.id, None)
        if bots is not None:
            bots.cancel()
        timer = self._timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()

    # -- actions ---------------------------------------------------------------------------------
    async def _on_play(self, session, message: dict) -> None:
        table = self._table(message)
        text = text_field(message, "action", "an action in notation", limit=120)
        expect = int_field(message, "expect", "the number of actions your screen saw", 0, 10**6)
        self.limiter.check(session.person, "move")
        async with self._lock_of(table):
            seat, action = tablemod.check_play(table, session.person, text, expect)
            await self._commit(table, seat, action, session.person)
        self._after_action(table)

    async def _commit(self, table: Table, seat: int, action, person: str) -> None:
        """Write an action to the table's record, then apply it (the caller holds the lock).

        Raises:
            TableMovedOn: another seat or node acted first (the table has caught up).
            TableError: the database refused or failed.
        """
        if table.club_id is not None:
            await self._append(
                table, self.club.tables.append, seat, _player_id(person), str(action)
            )
        table.master.play(seat, action)
        if person:
            table.decided.add(seat)
        if table.seats[seat].zombie and not table.seats[seat].for_good and person:
            table.seats[seat].zombie = ""

    def _after_action(self, table: Table) -> None:
        """An action was played: run the clock, tell everyone, see whether the game ended."""
        self._run_clock(table, decided=True)
        self._changed(table)
        if table.is_over and not table.finished and self.runs(table):
            self.spawn(self._finish(table))

    async def _on_undo(self, session, message: dict) -> None:
        table = self._table(message)
        async with self._lock_of(table):
            seat = table.seat_of(session.person)
            if seat is None:
                raise TableError("You hold no seat at this table.")
            can, why = table.master.undo_status(seat)
            if not can:
                raise TableError(why)
            target = table.spec.rules.undo_target(table.history)
            steps = len(table.history) - 1 - target
            if table.club_id is not None:
                await self._append(
                    table, self.club.tables.append_undo, seat, session.player.id, steps
                )
            tablemod.undo(table, session.person)
        self._run_clock(table, decided=False)
        self._changed(table)

    def _on_hint(self, session, message: dict) -> None:
        table = self._table(message)
        seat = table.seat_of(session.person)
        if seat is None or table.deciding() != seat or table.seats[seat].zombie:
            raise TableError("A hint is given when you are to decide.")
        if session.hinting:
            raise TableError("A hint is being thought out already.")
        session.hinting = True
        self.spawn(self._hint(session, table, seat))

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

    def _on_why(self, session, message: dict) -> None:
        table = self._table(message)
        text = text_field(message, "action", "an action in notation", limit=120)
        reason = table.master.why(table.seat_of(session.person), text)
        session.send({"type": "why", "table": table.id, "action": text, "text": reason})

    async def _on_chat(self, session, message: dict) -> None:
        table = self._table(message)
        text = text_field(message, "text", "a line of text", limit=400)
        self.limiter.check(session.person, "chat")
        line = tablemod.chat_line(session.name, text)
        await self._may_chat(session, table)
        if table.club_id is not None and not table.finished:
            await self.record(self.club.tables.chat, table.club_id, session.player.id, line[1])
            if self.is_shared:  # the lines of every node, in the club's order
                async with self._lock_of(table):
                    await self._sync_chat(table)
                self._changed(table)
                return
        table.add_chat(session.person, f"{line[0]}: {line[1]}")
        self._changed(table)

    async def _on_hand_to_bot(self, session, message: dict) -> None:
        table = self._table(message)
        seat = int_field(message, "seat", "a seat number", 0, 3)
        on = message.get("on")
        if not isinstance(on, bool):
            raise ProtocolError('"on" must be true or false.')
        place = table.seats[seat] if seat < len(table.seats) else None
        if on and place is not None and place.person and not place.zombie:
            away = self.presence.absent_since(table, place.person)
            if away is None:
                raise TableError(
                    f"{table.seat_label(seat)} is here at the table: only the seat of a person "
                    "who left it can go to a bot."
                )
            waited = time.monotonic() - away
            if waited < self.seat_timeout:
                raise TableError(
                    f"{place.person_name} left the table {int(waited)} s ago; wait "
                    f"{int(self.seat_timeout - waited) + 1} s more before a bot takes the seat."
                )
        async with self._lock_of(table):
            tablemod.hand_to_bot(table, session.person, seat, on)
            await self._store_seat(table, seat)
        self._run_clock(table, decided=False)
        self._changed(table)

    async def _on_resign(self, session, message: dict) -> None:
        table = self._table(message)
        async with self._lock_of(table):
            seat = tablemod.resign(table, session.person)
            await self._store_seat(table, seat)
        self._log_line(table, tablemod.outcome_line(table, seat))
        self._leaving_seat(table)

    def _leaving_seat(self, table: Table) -> None:
        """A person left a game for good: it goes on with a bot, or ends at once (no person is
        left, two seats, or aborted: `tables.early_end`), ended by the node that runs it."""
        self._run_clock(table, decided=False)
        why = tablemod.early_end(table)
        if why and not table.finished and self.runs(table):
            self._log_line(table, why)
            self.spawn(self._finish(table, early=True))
        self._changed(table)

    def _log_line(self, table: Table, line: str) -> None:
        table.master.write_log(lambda pov: [line])

    # -- the end ---------------------------------------------------------------------------------
    async def _finish(self, table: Table, early: bool = False) -> None:
        """Keep the game's end in the club: results, its record, the ratings; tell the table."""
        if table.finished or table.club_id is None:
            return
        table.finished = True
        self._run_clock(table, decided=False)  # an ended game's clock stops
        state = table.state
        scores = (
            state.final_scores()
            if state.is_over
            else table.spec.rules.projected_scores(state, None)
        )
        aborted = bool(table.undecided())
        try:
            finished = await self.record(
                self.club.finish,
                table.club_id,
                scores,
                outcomes=table.outcomes(),
                aborted=aborted,
            )
        except TableError as exc:
            table.finished = False
            self._run_clock(table, decided=False)
            self.problems.append(f"Table {table.id}: its end could not be kept ({exc}).")
            return
        table.result = finished.settled(scores)
        if aborted:
            self._log_line(table, "This game was aborted: it is not rated and counts for no one.")
            self._changed(table)
            return
        names = {r.player_id: r.player for r in finished.seats}
        moves = [
            f"{names.get(c.player_id, '?')} {c.before:.1f} → {c.after:.1f}"
            for c in finished.changes
            if names.get(c.player_id)
        ]
        if moves:
            self._log_line(table, "Ratings: " + ", ".join(moves) + ".")
        elif not finished.rated and not table.record.solo:
            self._log_line(table, "This game was not rated (a guest or an open seat played).")
        self._changed(table)

    async def _on_rematch(self, session, message: dict) -> None:
        """A new table with the same game, seats and options; the others are invited to it
        (told at once, on their end screen). A player asking for the rematch another asked for
        first sits down at it."""
        old = self._table(message)
        if not (old.is_over or old.finished):  # finished: ended early, everyone resigned
            raise TableError("A rematch is offered once the game is over.")
        mine = old.seat_of(session.person)
        if mine is None:
            raise TableError("Only a player of this table can ask for a rematch.")
        again = self.tables.get(old.rematch)
        if again is not None and not again.is_over:
            await self._sit_at_rematch(session, again, mine)
            return
        seats = [
            {"name": s.name, "who": "me" if i == mine else ("open" if s.who == "human" else s.who)}
            for i, s in enumerate(old.seats)
        ]
        others = [s.person_name for i, s in enumerate(old.seats) if s.person and i != mine]
        await self._on_new_table(
            session,
            {
                "game": old.spec.name,
                "seats": seats,
                "solo": old.record.solo,
                "options": old.spec.options_to_json(old.record.options),
                "kind": old.kind,
                "clock": old.clock.setting,
            },
        )
        table = self.tables[session.table]
        old.rematch = table.id
        invited = []
        for name in others:
            try:
                invitation = await self.record(
                    self.club.invitations.invite, table.club_id, session.player.id, name
                )
            except TableError:
                continue
            invited.append(name)
            self._tell_rematch(old, invitation)
        self.notice(
            table, f"A rematch: {', '.join(invited) or 'no one'} invited to sit down again."
        )
        self._tell_lobby()

    def _tell_rematch(self, old: Table, invitation) -> None:
        """Tell the invited person's sessions of a rematch: on the end screen of the game just
        played, or where they are."""
        text = f"{invitation.from_name} asks for a rematch at table {invitation.code}."
        offer = {"table": invitation.code, "invitation": invitation.id}
        for other in self.sessions:
            if other.player is not None and other.player.id == invitation.to_id:
                where = old.id if other.table == old.id else None
                other.send({"type": "notice", "table": where, "text": text, "rematch": offer})

    async def _sit_at_rematch(self, session, table: Table, old_seat: int) -> None:
        """Sit down at the rematch another player opened: at the seat held in the game before
        when it is open, else at the first open one (the invitation is accepted)."""
        if table.seat_of(session.person) is not None:
            self._open(session, table)
            return
        seats = table.open_seats()
        if not seats:
            raise TableError(f"The rematch at table {table.id} has no open seat left.")
        seat = old_seat if old_seat in seats else seats[0]
        for invitation in await self.record(self.club.invitations.waiting, session.player.id):
            if invitation.code == table.id:
                await self.record(
                    self.club.invitations.answer, invitation.id, session.player.id, True
                )
        await self._on_join(session, {"table": table.id, "seat": seat})

    # -- clocks ----------------------------------------------------------------------------------
    def _run_clock(self, table: Table, decided: bool) -> None:
        """The decision may have passed to another seat: charge and switch the table's clock,
        and wake when the seat deciding now runs out of time. No one's time runs while a seat
        is open: the game is not fully under way until everyone has sat down."""
        deciding = None if table.finished else table.deciding()
        now = self.clock()
        place = table.seats[deciding] if deciding is not None else None
        runs = (
            deciding
            if place is not None
            and place.who == "human"
            and place.person
            and not place.zombie
            and not table.open_seats()
            else None
        )
        if runs != table.clock.running or decided:
            if deciding != table.last_deciding:
                table.since = now
            table.clock.switch(runs, now, decided=decided)
        table.last_deciding = deciding
        timer = self._timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        if not self.runs(table):
            return  # the node that runs the table times it out and keeps its clock
        deadline = table.clock.deadline(now)
        if deadline is not None and not table.is_over:
            delay = max(0.0, deadline - now)
            self._timers[table.id] = asyncio.get_running_loop().call_later(
                delay + 0.05, lambda: self.spawn(self._check_time(table))
            )
        if table.clock.is_on and table.club_id is not None and not table.finished:
            self.spawn(self._store_clock(table, now))

    async def _keep_clocks(self) -> None:
        """Keep the time left of every running clock of the tables this node runs, as it
        stands now, so that a restart resumes each clock where it stood (the time the server is
        down is nobody's)."""
        if self.recorder is None:
            return
        now = self.clock()
        kept = [
            (t.club_id, t.clock.running, int(t.clock.left(t.clock.running, now) * 1000))
            for t in self.tables.values()
            if t.clock.running is not None
            and t.club_id is not None
            and not t.finished
            and self.runs(t)
        ]
        if not kept:
            return
        try:
            await self.record(self.club.tables.keep_clocks, kept)
        except TableError as exc:
            self._problem("clocks", f"The running clocks could not be kept ({exc}).")
            return
        self._solved("clocks")

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_KEEP_S)
            await self._keep_clocks()

    async def _store_clock(self, table: Table, now: float) -> None:
        for seat, left in enumerate(table.clock.stored(now)):
            try:
                await self.record(self.club.tables.set_seat, table.club_id, seat, clock_ms=left)
            except TableError:
                return

    async def _check_time(self, table: Table) -> None:
        if self.tables.get(table.id) is not table or table.is_over:
            return
        async with self._lock_of(table):
            seat = table.clock.timed_out(self.clock())
            if seat is None:
                return
            tablemod.give_up(table, seat, "timeout")
            await self._store_seat(table, seat)
        self._log_line(table, tablemod.outcome_line(table, seat))
        self._leaving_seat(table)

    def clock_text(self, table: Table) -> str:
        """Every seat's time left, in a line (for the log and the plain client)."""
        now = self.clock()
        return " · ".join(
            f"{table.spec.seat_title(s.name)} {clock_words(table.clock.left(i, now))}"
            for i, s in enumerate(table.seats)
        )

    # -- bots ------------------------------------------------------------------------------------
    def _schedule_bot(self, table: Table) -> None:
        """Let the table's bot play, when a bot decides now (at a pace people can follow) and
        this node runs the table."""
        if table.is_over or table.finished or not self.runs(table):
            return
        bots = self._bots.get(table.id)
        if bots is None:
            bots = BotTurns(
                table.master,
                table.bot_for,
                lambda seat, action, t=table: self._bot_play(t, seat, action),
                pace=self.bot_pace,
                on_failure=lambda exc, t=table: self._bot_failed(t, exc),
            )
            self._bots[table.id] = bots
        bots.wake()

    def _bot_failed(self, table: Table, exc: BaseException) -> None:
        """A bot's move failed: tried again in a while when the database could not keep it
        (a full disk), else noted."""
        if isinstance(exc, NotKept):
            if table.id not in self._bots_waiting:
                self._bots_waiting.add(table.id)
                seat = table.deciding()
                who = table.spec.seat_title(table.seats[seat].name) if seat is not None else "A bot"
                self._log_line(table, f"{who}'s move waits: {exc}")
                for session in self.sessions:
                    if session.table == table.id:
                        self._send_table(session, table)
            self.spawn(self._bot_again(table))
            return
        self.problems.append(f"Table {table.id}: a bot could not move ({exc!r}).")

    async def _bot_again(self, table: Table) -> None:
        await asyncio.sleep(BOT_RETRY)
        if self.tables.get(table.id) is table:
            self._schedule_bot(table)

    async def _bot_play(self, table: Table, seat: int, action) -> None:
        if self.tables.get(table.id) is not table:
            return
        async with self._lock_of(table):
            if table.deciding() != seat or not table.bot_for(seat) or table.finished:
                return  # (finished: a game that ended early, its last person gone)
            try:
                await self._commit(table, seat, action, "")
            except TableMovedOn:
                return  # caught up: the bots were woken for the new position
        self._bots_waiting.discard(table.id)
        self._after_action(table)


__all__ = ["TableRequests", "person_of"]
