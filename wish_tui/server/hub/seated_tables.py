"""A table the server opens with its people already seated: a tournament's pairing, an accepted
seek. Stored in the club, started, told to each of its people (those in the lobby are taken
to it)."""

from __future__ import annotations

from wish_tui import games
from wish_tui.club import SeatSpec
from wish_tui.club.identity import person_of

from . import seating as tablemod
from .table import Table
from .table_requests import start_stored


async def open_seated(
    hub, game: str, members: list, owner: str, owner_name: str, how: dict, text: str
) -> Table:
    """Open and start a table of `game` seating `members` (the club's players, bots at their
    level) in order; `how`: its 'options', 'kind' and 'clock'; `text`: what each member is told,
    with '{table}' for its code."""
    spec = games.get(game)
    levels = [m.name if m.is_bot else "" for m in members]
    seat_names = spec.seats[: len(members)]
    table = tablemod.create(
        "",
        spec.name,
        [{"name": n, "who": level or "open"} for n, level in zip(seat_names, levels, strict=True)],
        owner,
        owner_name,
        hub.seed_source(),
        "",
        how.get("options") or {},
        how.get("kind", "live"),
        how.get("clock"),
    )
    for seat, member in zip(table.seats, members, strict=True):
        if not member.is_bot:
            seat.person, seat.person_name = person_of(member.id), member.name
    stored = await hub.record(
        hub.club.tables.create,
        spec.name,
        table.record.seed,
        [
            SeatSpec(n, level or "human", None if level else member.id)
            for n, level, member in zip(seat_names, levels, members, strict=True)
        ],
        None,
        options=how.get("options") or {},
        kind=how.get("kind", "live"),
        clock=how.get("clock"),
    )
    await start_stored(hub, table, stored)
    tell_seated(hub, table, members, text)
    hub.changed(table)
    hub.bots.wake(table)
    return table


def tell_seated(hub, table: Table, members: list, text: str) -> None:
    """Tell the sessions here of `members` that `table` is theirs (`text`, with '{table}' for
    its code); those in the lobby are taken to it."""
    ids = {m.id for m in members}
    told = {"type": "notice", "table": None, "text": text.replace("{table}", table.id)}
    for session in list(hub.sessions):
        if session.player is None or session.player.id not in ids:
            continue
        session.send(told)
        if session.in_lobby or not session.table:
            hub.open_table(session, table)
    hub.tell_lobby()
