"""The lobby lists the latest live tables of tournaments only (an arena of 200 keeps 100 tables
playing): their players are taken to them and the tournament's page lists them all; turn-based
ones are all listed (a member finds their move there), as are every other open and running
table."""

from __future__ import annotations

import pytest

from tests.clocks import FakeTime
from wish_tui.server.hub.listed_tables import TOURNAMENT_LISTED_MOST
from wish_tui.server.hub.seated_tables import open_seated_all
from wish_tui.tables.protocol import encode

from .test_hub import people

pytestmark = pytest.mark.usefixtures("data_dir")

AGAINST_A_BOT = [{"name": "air", "who": "me"}, {"name": "water", "who": "easy"}]


async def _tournament_tables(hub, count: int, kind: str, tid: int) -> list[str]:
    players = [
        hub.club.players.register(f"SHA256:{kind}-{tid}-{i:03d}", f"{kind[0]}{tid}x{i:03d}")
        for i in range(2 * count)
    ]
    groups = [players[i : i + 2] for i in range(0, len(players), 2)]
    clock = (
        {"type": "live", "minutes": 10, "increment": 5}
        if kind == "live"
        else {"type": "turn", "hours": 24, "total_days": 14}
    )
    how = {"options": {}, "kind": kind, "clock": clock}
    made = await open_seated_all(hub, "wish", groups, f"tournament:{tid}", "Cup", how, "{table}")
    return [table.id for table in made]


async def test_the_lobby_lists_the_latest_live_tournament_tables_and_every_other_table():
    async with people("alice", clock=FakeTime()) as (hub, alice):
        own = await alice.ask({"type": "new_table", "game": "wish", "seats": AGAINST_A_BOT})
        live = await _tournament_tables(hub, TOURNAMENT_LISTED_MOST + 30, "live", 1)
        turn = await _tournament_tables(hub, 3, "turn", 2)
        session = next(s for s in hub.sessions if s.person == alice.person)
        lobby = hub.lobby(session)
        listed = {row["table"] for row in lobby["tables"]}
        assert listed == {own["table"], *live[-TOURNAMENT_LISTED_MOST:], *turn}
        assert len(encode(lobby)) < 40_000
