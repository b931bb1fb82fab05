"""Who is at which table of the table server: a person away from a table (gone from the server,
or only in the lobby or at another table) may have a bot play their seat, and is told on their
return what it chose for them.

A service the hub holds (`Hub.presence`), not a part mixed into it. A person is *at* a table
while a session of theirs shows it; from the moment their last one leaves it (to the lobby, to
another table, or off the server) they are away from it, and after the seat timeout the table's
other players are told that `z` lets a bot play for them. When they open the table again the bot
steps aside, they are told in words what it chose for them, and the others that they are back.
On a club several nodes share, a person connected to another node counts as at the table (that
node alone knows which table they show).
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from . import seating as tablemod
from .table import Table

MOVES_TOLD = 12
"""The most moves a bot chose for an absent person that are told on their return (the last)."""


class TablePresence:
    """When each person left each table of a `Hub`, and what is told of it."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self.left: dict[tuple[str, str], float] = {}
        """When each (person, table) was last left: its person's last session there went to the
        lobby, to another table or away (monotonic seconds)."""
        self.started_at = time.monotonic()
        """A person not seen at a table since the server started is away from it since then."""
        self._due: set[asyncio.TimerHandle] = set()
        """The sentences "away for N minutes" waiting for the seat timeout."""
        self._closed = False

    # -- where sessions are ----------------------------------------------------------------------
    def show_table(self, session, table_id: str) -> None:
        """The session shows `table_id` now ('' the lobby): the table it showed before may have
        lost its person."""
        before, session.table = session.table, table_id
        if before != table_id:
            self.hub.lobby_lists.shown_changed()
        if before and before != table_id and session.person:
            self.left_table(session.person, session.name, before)

    def arrived(self, person: str, table_id: str) -> float | None:
        """`person` opens `table_id`: when they had left it (None: not known to have)."""
        return self.left.pop((person, table_id), None)

    def left_table(self, person: str, name: str, table_id: str) -> None:
        """A session of `person` left `table_id`: unless another of theirs shows it, they are
        away from it from now on, and its players are told after the seat timeout."""
        table = self.hub.tables.get(table_id)
        if table is None or table.seat_of(person) is None or self.at_table(person, table_id):
            return
        since = self.left[(person, table_id)] = time.monotonic()
        with contextlib.suppress(RuntimeError):  # (no loop: the hub is closing)
            self._tell_absent_later(person, name, [(table_id, since)])

    def back_at_server(self, session, table: Table) -> None:
        """A person away from `table` connected again (to the lobby): its seat timeout starts
        again from now, and the others, if they were told a bot may play for them, are told
        that it may not yet (``back``: z is no longer offered)."""
        left = self.left.get((session.person, table.id))
        if left is None:
            return
        self.left_table(session.person, session.name, table.id)
        seat = table.seat_of(session.person)
        told = time.monotonic() - left >= self.hub.seat_timeout
        if told and seat is not None and not table.is_over and not table.seats[seat].zombie:
            self.hub.notice(
                table,
                f"{session.name} is connected again, not yet at this table.",
                others(table, session.person),
                back=seat,
            )

    def away(self, person: str, name: str) -> None:
        """`person` has no session left anywhere: every table they sit at is told after the
        seat timeout, unless they came back to it."""
        absent = [
            (table.id, self.absent_since(table, person))
            for table in self.hub.tables.values()
            if table.seat_of(person) is not None
        ]
        self._tell_absent_later(person, name, absent)

    def _tell_absent_later(self, person: str, name: str, tables: list) -> None:
        """Have `tell_absent` run after the seat timeout, unless the hub closes first."""
        if self._closed:
            return
        loop = asyncio.get_running_loop()
        self._due = {handle for handle in self._due if handle.when() > loop.time()}
        self._due.add(
            loop.call_later(self.hub.seat_timeout, self.tell_absent, person, name, tables)
        )

    def close(self) -> None:
        """Tell no one any more that a person is away: the hub is closing."""
        self._closed = True
        for handle in self._due:
            handle.cancel()
        self._due.clear()

    def at_table(self, person: str, table_id: str) -> bool:
        return any(s.person == person for s in self.hub.lookers.of(table_id))

    def absent_since(self, table: Table, person: str) -> float | None:
        """Since when `person` is away from `table` (monotonic seconds: they went to the lobby,
        to another table, or left the server), or None while a session of theirs shows it (on a
        shared club, while they are connected to another node, which may show it)."""
        if self.at_table(person, table.id) or person in self.hub.node.elsewhere:
            return None
        return self.left.get((person, table.id), self.started_at)

    def _left_or_gone(self, table: Table, person: str) -> float | None:
        """Since when `person` is known away from `table`: they left it, or have no session
        (None while they show it, or are connected without having left it: seated from the
        lobby, by a seek or a pairing, they are on their way there)."""
        if self.absent_since(table, person) is None:
            return None
        left = self.left.get((person, table.id))
        if left is not None or self.hub.connected(person):
            return left
        return self.hub.away_since.get(person, self.started_at)

    # -- what is told ----------------------------------------------------------------------------
    def tell_absent(self, person: str, name: str, tables: list[tuple[str, float | None]]) -> None:
        """A person has been away from these tables (each with the time they left it) for the
        seat timeout: tell each table's other players that a bot may play for them, unless they
        came back since."""
        now = time.monotonic()
        for table_id, since in tables:
            table = self.hub.tables.get(table_id)
            if table is None or since is None or self.absent_since(table, person) != since:
                continue
            seat = table.seat_of(person)
            if seat is None or table.is_over or table.seats[seat].zombie:
                continue
            text = away_words(table, seat, name, now - since)
            self.hub.notice(table, text, others(table, person), away=seat)

    def tell_arrival(self, session, table: Table) -> None:
        """`session` opens `table`: tell its person of each other person there away for the
        seat timeout already (they were told while elsewhere, or not at all), as those at the
        table were, so that `z` is offered to them too."""
        if table.is_over or session.person not in others(table, ""):
            return
        now = time.monotonic()
        for seat, place in enumerate(table.seats):
            if not place.person or place.person == session.person or place.zombie:
                continue
            since = self._left_or_gone(table, place.person)
            if since is None or now - since < self.hub.seat_timeout:
                continue
            text = away_words(table, seat, place.person_name or place.person, now - since)
            session.send({"type": "notice", "table": table.id, "text": text, "away": seat})

    def bot_steps_aside(self, table: Table, seat: int) -> bool:
        """A person opens the table of their seat: a bot playing for them while they were away
        steps aside (True when one did)."""
        place = table.seats[seat]
        if not place.zombie or place.for_good:
            return False
        place.zombie = ""
        self.hub.spawn(self.hub.seating.store_seat(table, seat))
        return True

    def back_at_table(
        self, session, table: Table, seat: int, left: float | None, stepped_aside: bool
    ) -> None:
        """A person opened the table of their seat (and a bot that played for them stepped
        aside): they are told what it chose for them, and the others that they are back."""
        place = table.seats[seat]
        if place.bot_since is not None and not place.for_good:
            self.tell_bot_moves(session, table, seat)
        away_long = left is not None and time.monotonic() - left >= self.hub.seat_timeout
        if stepped_aside or away_long:
            title = table.spec.seat_title(place.name)
            again = f" and plays {title} again" if stepped_aside else f" ({title})"
            self.hub.notice(
                table,
                f"{session.name} is back at the table{again}.",
                others(table, session.person),
                back=seat,
            )
        if stepped_aside:
            self.hub.changed(table)

    def tell_bot_moves(self, session, table: Table, seat: int) -> None:
        """Tell a person back at their seat what the bot that played for them chose."""
        place = table.seats[seat]
        moves = tablemod.bot_moves(table, seat, place.bot_since)
        place.bot_since = None
        if not moves:
            text = "While you were away, a bot held your seat; it made no move."
        else:
            shown = moves[-MOVES_TOLD:]
            earlier = f" (after {len(moves) - len(shown)} more)" if len(moves) > len(shown) else ""
            text = f"While you were away, a bot played for you{earlier}: {'; '.join(shown)}."
        session.send({"type": "notice", "table": table.id, "text": text})


def away_words(table: Table, seat: int, name: str, seconds: float) -> str:
    """The sentence that a person has been away long enough for a bot to play their seat."""
    minutes = max(1, int(seconds // 60))
    return (
        f"{name} has been away from the table for {minutes} minute"
        f"{'s' if minutes > 1 else ''}: z lets a bot play "
        f"{table.spec.seat_title(table.seats[seat].name)} until they are back."
    )


def others(table: Table, person: str) -> list[str]:
    """The people of a table (its owner and its players) but `person`."""
    return [p for p in {table.owner, *table.people()} if p and p != person]
