"""The tables of the club: their setting and seats, their append-only events, their chat.

A table is its record: every action is a row of ``table_events`` with the table's next sequence
number, written and committed before the hub tells anyone of it (`append`); an undo is an event
that takes back N actions (`append_undo`), so no row is deleted while the table is played. After
a restart, `load_unfinished` rebuilds each table's game from its events and checks it by replaying
it through the rules (`wish_tui.records.settle`). Finishing a table is `finish.py`.

Several nodes may write one table (PostgreSQL): each change holds the table's row until it
commits, (table, seq) is the events' primary key so no two nodes can both store action N, and an
append that names the action it follows (``after=N``) is refused with `SeqTaken` when the table
has moved on, so a node whose copy of the game is behind never stores an action on top of a
position it has not seen. Each change sends its notice (`rows.Notice`) in its transaction.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence

from wish_tui import games, records
from wish_tui.records import GameRecord

from ..clock_settings import check_clock
from ..errors import ClubError, Conflict, DatabaseDamaged, InputRefused, NotFound, SeqTaken
from ..limits import BOT_NAMES, check_chat
from ..part import ClubPart
from ..rows import ChatLine, Event, LoadedTable, Notice, SeatSpec, StoredSeat, StoredTable
from .record_codec import RecordDamaged, resolve
from .table_rows import OUTCOMES, RowsDamaged, TableDamaged, replay, stored_table

CHAT_KEEP = 50
"""Chat lines a table keeps (the oldest go)."""
EVENTS_PAGE = 2000
"""The most events `events_since` returns at once."""
SEAT_FIELDS = ("player_id", "zombie", "outcome", "clock_ms", "seen_seq")
"""What `set_seat` may change."""
TABLE_COLUMNS = (
    "id, code, game, seed, solo, options, kind, clock, owner_id, created_at, finished_at"
)


def decided_seats(table: StoredTable, events: Sequence[Event]) -> frozenset[int]:
    """The seats whose person has taken a decision of their own: an action stored under that
    person (a bot playing for them stores none), even one taken back since."""
    people = {s.seat: s.player_id for s in table.seats if s.who == "human"}
    return frozenset(
        e.seat
        for e in events
        if not e.undo and e.player_id is not None and people.get(e.seat) == e.player_id
    )


class Tables(ClubPart):
    """The tables of one club database."""

    # -- making and reading ----------------------------------------------------------------------
    def create(
        self,
        game: str,
        seed: int,
        seats: Sequence[SeatSpec],
        owner_id: int | None,
        *,
        solo: str = "",
        options: dict | None = None,
        kind: str = "live",
        clock: dict | None = None,
        code: str | None = None,
    ) -> StoredTable:
        """Store a new table (the hub has checked it is a game, through `tables.create`).

        Raises:
            InputRefused: an unknown game, seats that are not 1 to 4 of the game, bad options,
                an unknown kind or a bad clock (one sentence).
            ClubError: `code` is taken.
        """
        try:
            spec = games.get(game)
            options_json = spec.options_to_json(spec.parse_options(options))
        except (KeyError, ValueError) as exc:
            raise InputRefused(str(exc.args[0])) from None
        if not 1 <= len(seats) <= spec.max_seats:
            raise InputRefused(f"A table of {spec.title} has 1 to {spec.max_seats} seats.")
        for seat in seats:
            if seat.name not in spec.seats or seat.who not in ("human", *BOT_NAMES):
                raise InputRefused(f"'{str(seat.name)[:20]}' is not a seat of {spec.title}.")
        clock_json = check_clock(kind, clock)
        if not (-(1 << 63) <= seed < 1 << 64):
            raise InputRefused("A seed is a whole number of at most 64 bits.")
        bots = {s.who: self.players.bot(s.who).id for s in seats if s.who != "human"}
        now = self.db.clock()
        with self.db.transaction():
            if code is None:
                code = self._free_code()
            elif self.db.one("SELECT 1 FROM tables WHERE code = ?", (code,)):
                raise ClubError(f"There is a table {code} already.")
            table_id = self.db.one(
                "INSERT INTO tables (code, game, seed, solo, options, kind, clock, owner_id, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    code,
                    spec.name,
                    str(seed),
                    solo or "",
                    json.dumps(options_json, sort_keys=True),
                    kind,
                    json.dumps(clock_json, sort_keys=True),
                    owner_id,
                    now,
                ),
            )[0]
            for index, seat in enumerate(seats):
                player = seat.player_id if seat.who == "human" else bots[seat.who]
                self.db.execute(
                    "INSERT INTO table_seats (table_id, seat, name, who, player_id) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (table_id, index, seat.name, seat.who, player),
                )
            self.db.notify(Notice("created", table_id, 0))
        return self.get(table_id)

    def _free_code(self) -> str:
        while True:
            code = secrets.token_hex(3)
            if self.db.one("SELECT 1 FROM tables WHERE code = ?", (code,)) is None:
                return code

    def get(self, table_id: int) -> StoredTable:
        """A table's setting and seats (finished tables too; their seats are in `results`).

        Raises:
            NotFound: no such table.
        """
        return self._table_where("id", table_id, f"There is no table {table_id}.")

    def by_code(self, code: str) -> StoredTable:
        """The table people know as `code`.

        Raises:
            NotFound: no such table.
        """
        return self._table_where("code", code, f"There is no table '{str(code)[:20]}'.")

    def _table_where(self, column: str, value, missing: str) -> StoredTable:
        """The one table whose `column` (id or code) is `value`; NotFound(`missing`) if none."""
        query = f"SELECT {TABLE_COLUMNS} FROM tables WHERE {column} = ?"
        row = self.db.found(query, (value,), missing)
        try:
            return self._table(row)
        except TableDamaged:
            # Its row and its seats are two reads: another node may have finished the table
            # in between, its seats gone to its results. Read as it is now, it is finished.
            again = self.db.found(query, (value,), missing)
            if row[-1] is not None or again[-1] is None:
                raise
            return self._table(again)

    def _table(self, row: tuple) -> StoredTable:
        """The table of a row of TABLE_COLUMNS, with its seats.

        Raises:
            TableDamaged: its rows are not what the club writes (one sentence naming it).
        """
        seats = self.db.rows(
            "SELECT s.seat, s.name, s.who, s.player_id, p.name, s.zombie, s.outcome, s.clock_ms, "
            "s.seen_seq, p.is_bot_member FROM table_seats s LEFT JOIN players p "
            "ON p.id = s.player_id "
            "WHERE s.table_id = ? ORDER BY s.seat",
            (row[0],),
        )
        try:
            return stored_table(row, seats)
        except RowsDamaged as exc:
            raise TableDamaged(row[0], row[1], row[2], str(exc)) from None

    def playing(self, player_id: int) -> list[StoredTable]:
        """The unfinished tables where a player holds a seat, the newest first."""
        rows = self.db.rows(
            f"SELECT {', '.join('t.' + c.strip() for c in TABLE_COLUMNS.split(','))} "
            "FROM table_seats s JOIN tables t ON t.id = s.table_id "
            "WHERE s.player_id = ? AND t.finished_at IS NULL ORDER BY t.id DESC LIMIT 200",
            (player_id,),
        )
        return [self._table(r) for r in rows]

    # -- seats -----------------------------------------------------------------------------------
    def set_seat(self, table_id: int, seat: int, **changes) -> StoredSeat:
        """Change a seat of an unfinished table: who holds it, the bot playing for an absent
        person, its outcome, its clock, the last event its person saw.

        Raises:
            ClubError: an unknown field, a bad outcome, no such seat, a finished table.
        """
        unknown = [k for k in changes if k not in SEAT_FIELDS]
        if unknown:
            raise ClubError(f"A seat has no '{unknown[0]}' to change.")
        if changes.get("outcome", "") not in OUTCOMES:
            raise ClubError(f"A seat's outcome is one of {', '.join(o for o in OUTCOMES if o)}.")
        zombie = changes.get("zombie", "")
        if zombie not in ("", *BOT_NAMES):
            raise ClubError(f"'{str(zombie)[:20]}' is not a bot level.")
        with self.db.transaction():
            self._unfinished(table_id)
            if changes:
                sets = ", ".join(f"{k} = ?" for k in changes)
                cursor = self.db.execute(
                    f"UPDATE table_seats SET {sets} WHERE table_id = ? AND seat = ?",
                    (*changes.values(), table_id, seat),
                )
                if cursor.rowcount != 1:
                    raise NotFound(f"The table {table_id} has no seat {seat}.")
                self.db.notify(Notice("seats", table_id, self._last_seq(table_id)))
            # Read back while the table's row is held: once committed, the node running the
            # table may finish it at once (a resign ends a two-seat game), its seats then gone.
            seats = self.get(table_id).seats
        if not 0 <= seat < len(seats):
            raise NotFound(f"The table {table_id} has no seat {seat}.")
        return seats[seat]

    def set_clocks(self, table_id: int, lefts: Sequence[int | None]) -> None:
        """Keep every seat's time left (milliseconds, in seat order) of an unfinished table in
        one transaction, with one notice: what `set_seat(…, clock_ms=…)` of each seat keeps.

        Raises:
            ClubError: no such table, or a finished one.
        """
        with self.db.transaction():
            self._unfinished(table_id)
            for seat, left in enumerate(lefts):
                self.db.execute(
                    "UPDATE table_seats SET clock_ms = ? WHERE table_id = ? AND seat = ?",
                    (left, table_id, seat),
                )
            self.db.notify(Notice("seats", table_id, self._last_seq(table_id)))

    def keep_clocks(self, clocks: Sequence[tuple[int, int, int]]) -> None:
        """Keep the time left of running clocks, each (table, seat, milliseconds), in one
        transaction and without a notice: what a stop (or a crash, since the last time it was
        kept) leaves the seat after a restart. A finished table (its seats gone) is passed over."""
        with self.db.transaction():
            for table_id, seat, left in clocks:
                self.db.execute(
                    "UPDATE table_seats SET clock_ms = ? WHERE table_id = ? AND seat = ?",
                    (left, table_id, seat),
                )

    def claim_seat(self, table_id: int, seat: int, player_id: int) -> StoredSeat:
        """Seat a player at an open person's seat of an unfinished table: the one of two people
        taking the same seat at once (on two nodes) who comes second is refused.

        Raises:
            Conflict: the seat is not open (any more).
            ClubError: no such seat, a finished table.
        """
        with self.db.transaction():
            self._unfinished(table_id)
            cursor = self.db.execute(
                "UPDATE table_seats SET player_id = ? WHERE table_id = ? AND seat = ? "
                "AND who = 'human' AND player_id IS NULL",
                (player_id, table_id, seat),
            )
            if cursor.rowcount != 1:
                if self.db.one(
                    "SELECT 1 FROM table_seats WHERE table_id = ? AND seat = ?", (table_id, seat)
                ):
                    raise Conflict("That seat was taken a moment ago; choose another.")
                raise NotFound(f"The table {table_id} has no seat {seat}.")
            self.db.notify(Notice("seats", table_id, self._last_seq(table_id)))
        return self.get(table_id).seats[seat]

    def _unfinished(self, table_id: int) -> None:
        """Refuse a missing or finished table; inside a transaction, hold its row until the
        commit (so no other node finishes or changes it meanwhile)."""
        row = self.db.found(
            f"SELECT finished_at FROM tables WHERE id = ?{self.db.dialect.for_update}",
            (table_id,),
            f"There is no table {table_id}.",
        )
        if row[0] is not None:
            raise ClubError(f"The table {table_id} is finished: its record is closed.")

    # -- events ----------------------------------------------------------------------------------
    def append(
        self,
        table_id: int,
        seat: int,
        player_id: int | None,
        notation: str,
        *,
        after: int | None = None,
    ) -> int:
        """Add an action to a table's record; return its sequence number once it is committed
        (tell the table's people only then).

        Args:
            after: the number of the last event the caller's game has seen; the action is
                stored only if it is still the table's last (None: after whatever is last).

        Raises:
            InputRefused: not short printable notation.
            SeqTaken: the table has moved on past `after`, or another node stored the same
                number at the same moment; nothing was stored.
            ClubError: no such table, or it is finished.
        """
        if not (
            isinstance(notation, str)
            and 0 < len(notation) <= records.MAX_NOTATION
            and records.is_plain_text(notation)
        ):
            raise InputRefused("An action is short printable notation.")
        return self._append(table_id, seat, player_id, notation, 0, after)

    def append_undo(
        self,
        table_id: int,
        seat: int,
        player_id: int | None,
        steps: int,
        *,
        after: int | None = None,
    ) -> int:
        """Record that `seat` took back its last `steps` actions; return the event's number.

        Raises:
            SeqTaken: as for `append`.
            ClubError: fewer actions than `steps`, no such table, or it is finished.
        """
        if type(steps) is not int or steps < 1:
            raise ClubError("An undo takes back one action or more.")
        with self.db.transaction():
            self._unfinished(table_id)
            kept = self.db.scalar(
                "SELECT SUM(CASE WHEN undo > 0 THEN -undo ELSE 1 END) FROM table_events "
                "WHERE table_id = ?",
                (table_id,),
                default=0,
            )
            if steps > kept:
                raise ClubError(
                    f"The table {table_id} has {kept} actions to take back, not {steps}."
                )
            return self._append(table_id, seat, player_id, None, steps, after)

    def _last_seq(self, table_id: int) -> int:
        return self.db.scalar(
            "SELECT MAX(seq) FROM table_events WHERE table_id = ?", (table_id,), default=0
        )

    def _append(self, table_id, seat, player_id, notation, undo, after) -> int:
        seq = (after or 0) + 1
        try:
            with self.db.transaction():
                self._unfinished(table_id)
                last = self._last_seq(table_id)
                if after is not None and after != last:
                    raise SeqTaken(
                        f"The table {table_id} has moved on to action {last}, past {after}; "
                        "catch up on its events and try again."
                    )
                seq = last + 1
                event = Event(seq, seat, player_id, notation, undo, self.db.clock())
                self.db.execute(
                    "INSERT INTO table_events (table_id, seq, seat, player_id, notation, undo, "
                    "at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (table_id, seq, seat, player_id, notation, undo, event.at),
                )
                self.db.notify(Notice("action", table_id, seq, event))
        except SeqTaken:
            raise
        except Conflict:
            raise SeqTaken(
                f"Another node stored action {seq} of the table {table_id} at the same moment; "
                "catch up on its events and try again."
            ) from None
        return seq

    def events_since(self, table_id: int, seq: int = 0, limit: int = EVENTS_PAGE) -> list[Event]:
        """The events of an unfinished table after number `seq`, oldest first (at most `limit`):
        what a node that missed a notification must catch up on."""
        return self._events(
            "AND seq > ? ORDER BY seq LIMIT ?", (table_id, seq, max(1, min(limit, EVENTS_PAGE)))
        )

    def action_times(self, table_id: int) -> tuple[list[int], int]:
        """When each action the table keeps was stored (ms; those undone left out), and when the
        table was made: what says when a decision began, the same on every node and restart."""
        try:
            times = resolve(self._all_events(table_id))[1]
        except RecordDamaged:
            times = []
        return times, self.get(table_id).created_at

    def _all_events(self, table_id: int) -> list[Event]:
        return self._events("ORDER BY seq", (table_id,))

    def _events(self, rest: str, params: tuple) -> list[Event]:
        """The table's events, `rest` of the query after `WHERE table_id = ?`."""
        rows = self.db.rows(
            "SELECT seq, seat, player_id, notation, undo, at FROM table_events "
            f"WHERE table_id = ? {rest}",
            params,
        )
        return [Event(*r) for r in rows]

    # -- chat ------------------------------------------------------------------------------------
    def chat(
        self, table_id: int, player_id: int | None, text: str, actions: int | None = None
    ) -> ChatLine:
        """Add a line to a table's chat (the oldest beyond CHAT_KEEP go), said after the table's
        first `actions` actions (None: not known); return it.

        Raises:
            InputRefused: empty or too long (`limits.check_chat`).
            ClubError: no such table, or it is finished.
        """
        clean = check_chat(text)
        return self._chat(table_id, player_id, clean, actions)

    def _chat(
        self, table_id: int, player_id: int | None, text: str, actions: int | None = None
    ) -> ChatLine:
        with self.db.transaction():
            self._unfinished(table_id)
            n = (
                self.db.scalar(
                    "SELECT MAX(n) FROM table_chat WHERE table_id = ?", (table_id,), default=0
                )
                + 1
            )
            self.db.execute(
                "INSERT INTO table_chat (table_id, n, player_id, text, at, actions) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, n, player_id, text, self.db.clock(), actions),
            )
            self.db.execute(
                "DELETE FROM table_chat WHERE table_id = ? AND n <= ?", (table_id, n - CHAT_KEEP)
            )
            self.db.notify(Notice("chat", table_id, n))
        return self.chat_lines(table_id, 1)[-1]

    def chat_lines(self, table_id: int, limit: int = CHAT_KEEP) -> list[ChatLine]:
        """The last `limit` chat lines of a table, oldest first."""
        rows = self.db.rows(
            "SELECT c.n, c.player_id, p.name, p.is_removed, c.text, c.at, c.actions "
            "FROM table_chat c "
            "LEFT JOIN players p ON p.id = c.player_id WHERE c.table_id = ? "
            "ORDER BY c.n DESC LIMIT ?",
            (table_id, max(1, min(limit, CHAT_KEEP))),
        )
        return [
            ChatLine(n, pid, ("removed player" if removed else name or ""), text, at, actions)
            for n, pid, name, removed, text, at, actions in reversed(rows)
        ]

    # -- after a restart -------------------------------------------------------------------------
    def load(self, table_id: int) -> LoadedTable:
        """An unfinished table with its game rebuilt from its events.

        Raises:
            TableDamaged: its rows are damaged, or its events do not replay (one sentence
                naming the table; nothing is changed).
            ClubError: no such table, or it is finished.
        """
        self._unfinished(table_id)
        table = self.get(table_id)
        events = self._all_events(table_id)
        try:
            actions, times = resolve(events)
            record = record_of(table, actions)
            history = replay(record)
        except (RecordDamaged, RowsDamaged) as exc:
            raise TableDamaged(table.id, table.code, table.game, str(exc)) from None
        record.state = history[-1].to_dict()
        return LoadedTable(
            table,
            record,
            history,
            self.chat_lines(table_id),
            events[-1].seq if events else 0,
            decided_seats(table, events),
            tuple(times),
        )

    def unfinished_ids(self) -> list[int]:
        """The ids of every unfinished table, the oldest first."""
        return [
            r[0]
            for r in self.db.rows("SELECT id FROM tables WHERE finished_at IS NULL ORDER BY id")
        ]

    def load_unfinished(self) -> tuple[list[LoadedTable], list[str]]:
        """Every unfinished table, its game rebuilt from its events (to resume after a
        restart); and one sentence for each table that could not be (left as it is)."""
        loaded, problems = [], []
        for table_id in self.unfinished_ids():
            try:
                loaded.append(self._loaded_or_damage(table_id))
            except ClubError as exc:
                problems.append(str(exc))
        return loaded, problems

    def _loaded_or_damage(self, table_id: int) -> LoadedTable:
        """`load`, a table whose rows cannot even be read said as `TableDamaged` too."""
        try:
            return self.load(table_id)
        except DatabaseDamaged as exc:
            raise TableDamaged(
                table_id, "", "", f"its rows cannot be read ({exc.reason})"
            ) from None

    def damaged(self) -> list[TableDamaged]:
        """Each unfinished table that cannot be resumed from its rows, the oldest first (what
        the keeper's `wish-tui club problems` lists)."""
        found = []
        for table_id in self.unfinished_ids():
            try:
                self._loaded_or_damage(table_id)
            except TableDamaged as exc:
                found.append(exc)
        return found

    def drop(self, table_id: int) -> None:
        """Delete an unfinished table (closed by its owner before its end: not a game to keep).

        Raises:
            ClubError: no such table, or it is finished.
        """
        with self.db.transaction():
            self._unfinished(table_id)
            last = self._last_seq(table_id)
            self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
            self.db.notify(Notice("dropped", table_id, last))


def record_of(table: StoredTable, actions: list[str]) -> GameRecord:
    """The game record of a stored table and the actions of its events (the state is '' until
    replayed: `records.settle` fills it)."""
    spec = games.get(table.game)
    return GameRecord(
        seed=table.seed,
        seats=[{spec.seat_key: s.name, "who": s.who} for s in table.seats],
        solo=table.solo,
        actions=list(actions),
        state={},
        spec=spec,
        id=table.code,
        options=spec.parse_options(table.options),
    )
