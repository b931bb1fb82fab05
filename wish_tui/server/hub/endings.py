"""Each game's end at the server: its result, record and ratings kept in the club and told at
the table; and a rematch, the same table again with its players invited back.

A service the hub composes (`Hub.endings`). Only the node that runs a table keeps its end.
"""

from __future__ import annotations

from .table import Table, TableError


class TableEndings:
    """The ends of a `Hub`'s games, and their rematches."""

    def __init__(self, hub) -> None:
        self.hub = hub

    async def finish(self, table: Table, early: bool = False) -> None:
        """Keep the game's end in the club: results, its record, the ratings; tell the table."""
        hub = self.hub
        if table.finished or table.club_id is None:
            return
        table.finished = True
        hub.clocks.run(table, decided=False)  # an ended game's clock stops
        state = table.state
        scores = (
            state.final_scores()
            if state.is_over
            else table.spec.rules.projected_scores(state, None)
        )
        aborted = bool(table.undecided())
        try:
            finished = await hub.record(
                hub.club.finish,
                table.club_id,
                scores,
                outcomes=table.outcomes(),
                aborted=aborted,
            )
        except TableError as exc:
            table.finished = False
            hub.clocks.run(table, decided=False)
            hub.problems.append(f"Table {table.id}: its end could not be kept ({exc}).")
            return
        table.result = finished.settled(scores)
        hub.tournaments.pages_changed()  # its standings, its players' ratings
        hub.tournaments.table_ended(table)  # its players are free: a look pairs them at once
        log_line = hub.seating.log_line
        if aborted:
            log_line(table, "This game was aborted: it is not rated and counts for no one.")
            hub.changed(table)
            return
        names = {r.player_id: r.player for r in finished.seats}
        moves = [
            f"{names.get(c.player_id, '?')} {c.before:.1f} → {c.after:.1f}"
            for c in finished.changes
            if names.get(c.player_id)
        ]
        if moves:
            log_line(table, "Ratings: " + ", ".join(moves) + ".")
        elif not finished.rated and not table.record.solo:
            why = "a guest or an open seat played"
            if all(place.who != "human" for place in table.seats):
                why = "no person played: bots alone"
            log_line(table, f"This game was not rated ({why}).")
        hub.changed(table)

    async def rematch(self, session, message: dict) -> None:
        """A new table with the same game, seats and options; the others are invited to it
        (told at once, on their end screen). A player asking for the rematch another asked for
        first sits down at it."""
        hub = self.hub
        old = hub.table(message)
        if not (old.is_over or old.finished):  # finished: ended early, everyone resigned
            raise TableError("A rematch is offered once the game is over.")
        mine = old.seat_of(session.person)
        if mine is None:
            raise TableError("Only a player of this table can ask for a rematch.")
        again = hub.tables.get(old.rematch)
        if again is not None and not again.is_over:
            await self._sit_at_rematch(session, again, mine)
            return
        seats = [
            {"name": s.name, "who": "me" if i == mine else ("open" if s.who == "human" else s.who)}
            for i, s in enumerate(old.seats)
        ]
        others = [s.person_name for i, s in enumerate(old.seats) if s.person and i != mine]
        await hub.seating.new_table(
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
        table = hub.tables[session.table]
        old.rematch = table.id
        invited = []
        for name in others:
            try:
                invitation = await hub.record(
                    hub.club.invitations.invite, table.club_id, session.player.id, name
                )
            except TableError:
                continue
            invited.append(name)
            self._tell_rematch(old, invitation)
        hub.notice(table, f"A rematch: {', '.join(invited) or 'no one'} invited to sit down again.")
        hub.tell_lobby()

    def _tell_rematch(self, old: Table, invitation) -> None:
        """Tell the invited person's sessions of a rematch: on the end screen of the game just
        played, or where they are."""
        text = f"{invitation.from_name} asks for a rematch at table {invitation.code}."
        offer = {"table": invitation.code, "invitation": invitation.id}
        for other in self.hub.sessions:
            if other.player is not None and other.player.id == invitation.to_id:
                where = old.id if other.table == old.id else None
                other.send({"type": "notice", "table": where, "text": text, "rematch": offer})

    async def _sit_at_rematch(self, session, table: Table, old_seat: int) -> None:
        """Sit down at the rematch another player opened: at the seat held in the game before
        when it is open, else at the first open one (the invitation is accepted)."""
        hub = self.hub
        if table.seat_of(session.person) is not None:
            hub.open_table(session, table)
            return
        seats = table.open_seats()
        if not seats:
            raise TableError(f"The rematch at table {table.id} has no open seat left.")
        seat = old_seat if old_seat in seats else seats[0]
        invitations = hub.club.invitations
        for invitation in await hub.record(invitations.waiting, session.player.id):
            if invitation.code == table.id:
                await hub.record(invitations.answer, invitation.id, session.player.id, True)
        await hub.seating.join(session, table.id, seat)
