"""Tables the server opens with their people already seated: a tournament's round, an accepted
seek. Stored in the club, started, told to each of their people (those in the lobby are taken
to them). A round's tables are all stored before anyone is told of one: the first table's moves
would otherwise queue ahead of the next table's making, and a round of sixteen tables took
seconds to open (benchmarks/tournament.py --server)."""

from __future__ import annotations

from collections.abc import Callable

from wish_tui import games
from wish_tui.club import Club, SeatSpec
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
    (table,) = await open_seated_all(hub, game, [members], owner, owner_name, how, text)
    return table


async def open_seated_all(
    hub,
    game: str,
    groups: list[list],
    owner: str,
    owner_name: str,
    how: dict,
    text: str,
    noted: Callable[[Club, list], None] | None = None,
) -> list[Table]:
    """Open a table of `game` for each group of `groups` as `open_seated` does: every one stored
    (in one write) and started before the members of any are told. `noted(club, stored)`, when
    given, writes in the same transaction what the tables were made for (their stored rows)."""
    spec = games.get(game)
    tables = [_seated(hub, spec, members, owner, owner_name, how) for members in groups]
    stored = await hub.record(_store_all, hub.club, spec, tables, groups, how, noted)
    for table, (row, lease) in zip(tables, stored, strict=True):
        start_stored(hub, table, row, lease)
    for table, members in zip(tables, groups, strict=True):
        tell_seated(hub, table, members, text)
        hub.changed(table)
    return tables


def _seated(hub, spec, members: list, owner: str, owner_name: str, how: dict) -> Table:
    """The table (not yet stored) seating `members` in order."""
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
            seat.bot_member = member.is_bot_member
    table.note_bot_members()
    return table


def _store_all(club, spec, tables: list[Table], groups: list[list], how: dict, noted) -> list:
    """Store every table, with this node's lease on it, and what `noted` writes, in one
    transaction (in the recorder's thread: one call); the stored rows with their leases, in
    order."""
    with club.db.transaction():
        stored = _created(club, spec, tables, groups, how)
        if noted is not None:
            noted(club, [row for row, _ in stored])
    return stored


def _created(club, spec, tables: list[Table], groups: list[list], how: dict) -> list:
    return [
        club.create_table(
            spec.name,
            table.record.seed,
            [
                SeatSpec(seat.name, m.name if m.is_bot else "human", None if m.is_bot else m.id)
                for seat, m in zip(table.seats, members, strict=True)
            ],
            None,
            options=how.get("options") or {},
            kind=how.get("kind", "live"),
            clock=how.get("clock"),
        )
        for table, members in zip(tables, groups, strict=True)
    ]


def tell_seated(hub, table: Table, members: list, text: str) -> None:
    """Tell the sessions here of `members` that `table` is theirs (`text`, with '{table}' for
    its code); those not in the middle of another table are taken to it (lichess's arena)."""
    ids = {m.id for m in members}
    told = {"type": "notice", "table": None, "text": text.replace("{table}", table.id)}
    for session in list(hub.sessions):
        if session.player is None or session.player.id not in ids:
            continue
        session.send(told)
        if not _playing_elsewhere(hub, session):
            hub.open_table(session, table)
    hub.tell_lobby()


def _playing_elsewhere(hub, session) -> bool:
    """True while `session` shows a table whose game goes on with its person seated there (a
    finished table, one watched, or the lobby is left for the new table)."""
    shown = None if session.in_lobby else hub.tables.get(session.table)
    if shown is None or shown.finished or shown.is_over:
        return False
    return shown.seat_of(session.person) is not None
