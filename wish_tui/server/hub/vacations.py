"""Vacations at the server: while a member is on vacation no clock of a turn-based table runs
for them, and they hear of no move waiting (`club.vacation`: the days allowed and counted).

A service the hub composes (`Hub.vacations`). It keeps who is on vacation and until when, read
from the club as the server starts and again every `VACATION_EVERY` seconds (a vacation the
keeper set, or one that ended on its own or on another node), and runs again the clocks of a
member's turn-based tables whenever their vacation begins or ends.
"""

from __future__ import annotations

from wish_tui.club.identity import person_of, player_id_of
from wish_tui.tables.protocol import ProtocolError
from wish_tui.tables.vacation_words import vacation_sentence

from .periodic import every_while
from .table import TableError

VACATION_EVERY = 30.0
"""Seconds between two readings of who is on vacation."""


class Vacations:
    """Who is on vacation, for a `Hub`'s clocks and alerts."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self.until: dict[int, int] = {}
        """Per member on vacation, when it ends (milliseconds)."""

    def handlers(self) -> dict:
        return {"vacation": self.set_vacation}

    def is_away(self, person: str) -> bool:
        """True while the member seated as `person` is on vacation."""
        player = player_id_of(person)
        until = self.until.get(player) if player is not None else None
        return until is not None and until > self.hub.club.db.clock()  # the club's time

    async def load(self) -> None:
        """Read who is on vacation, and run again the clocks of whoever began or ended one."""
        hub = self.hub
        found = await hub.record(hub.club.vacations.on_vacation)
        changed = {p for p in set(found) | set(self.until) if found.get(p) != self.until.get(p)}
        self.until = found
        for player in changed:
            self.rerun_clocks(player)

    async def set_vacation(self, session, message: dict) -> None:
        """Begin a vacation of `days` whole days (0: end the one under way)."""
        if session.player is None or session.player.is_guest:
            raise TableError("Only the club's members take a vacation: connect with a key.")
        days = message.get("days")
        if not isinstance(days, int) or isinstance(days, bool):
            raise ProtocolError('"days" must be a whole number of days (0 ends a vacation).')
        vacations = self.hub.club.vacations
        player = session.player.id
        if days == 0:
            state = await self.hub.record(vacations.end, player)
        else:
            state = await self.hub.record(vacations.start, player, days)
        if state.until is None:
            self.until.pop(player, None)
        else:
            self.until[player] = state.until
        self.rerun_clocks(player)
        session.send({"type": "notice", "table": None, "text": vacation_sentence(state.to_json())})

    def rerun_clocks(self, player: int) -> None:
        """The member's vacation began or ended: the clocks of their turn-based tables stop or
        run again (the hours of a decision start afresh after a vacation)."""
        hub = self.hub
        person = person_of(player)
        for table in list(hub.tables.values()):
            if table.kind == "turn" and not table.finished and table.seat_of(person) is not None:
                hub.clocks.run(table, decided=False)
                hub.tell_table(table)

    async def look_every_while(self) -> None:
        """Read who is on vacation every `VACATION_EVERY` seconds, for the server's life."""
        await every_while(VACATION_EVERY, self.load, "vacations could not be read")
