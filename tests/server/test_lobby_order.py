"""The lobby's order (Yucata's rule): the tables where it is your move first, a live one before
any turn-based one (its clock runs in minutes), then your turn-based tables by how long they have
waited for you, the longest first, whatever order they were opened in; the plain client says
them in that order."""

from __future__ import annotations

import asyncio

import pytest

from wish_tui.plain.lobby import table_line

from .test_club_tables import FakeTime, _hub
from .test_hub import Client, play_until

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test

BOT = [{"name": "air", "who": "me"}, {"name": "water", "who": "random"}]


async def _new(hub, alice, seats, **extra) -> dict:
    """A new table of alice's (not news of one she has), once its decision is hers (the bot
    may begin)."""
    await alice.send({"type": "new_table", "game": "wish", "seats": seats, **extra})
    known = set(alice.tables_seen)
    table = await alice.until(lambda m: m["type"] == "table" and m["table"] not in known)
    alice.tables_seen.add(table["table"])
    served = hub.tables[table["table"]]
    for _ in range(1000):
        if served.deciding() == 0:
            break
        await asyncio.sleep(0.01)
    return table


async def _play_once(hub, alice, table_id: str, now: float) -> None:
    """alice takes her decisions until the bot has moved and it is hers again (since `now`)."""
    served = hub.tables[table_id]
    before = served.actions
    await alice.send({"type": "open", "table": table_id})
    await alice.until(lambda m: m["type"] == "table" and m["table"] == table_id)
    await play_until(
        served,
        {0: alice},
        lambda: served.actions > before and served.deciding() == 0 and served.since == now,
    )


async def test_your_turn_based_tables_come_the_longest_waiting_first():
    time = FakeTime()
    hub = await _hub(time)
    try:
        alice = await Client.connect(hub, "SHA256:alice-key", "alice")
        alice.tables_seen = set()
        first = await _new(hub, alice, BOT, kind="turn")
        second = await _new(hub, alice, BOT, kind="turn")
        third = await _new(hub, alice, BOT, kind="turn")
        time.now += 3600
        await _play_once(hub, alice, first["table"], time.now)  # waits since now
        time.now += 3600
        await _play_once(hub, alice, second["table"], time.now)  # waits since now, the newest
        time.now += 60
        live = await _new(hub, alice, BOT)  # live: first of all, though it waited a minute least
        time.now += 60
        await alice.send({"type": "lobby"})
        lobby = await alice.until(lambda m: m["type"] == "lobby")
        order = [entry["table"] for entry in lobby["tables"] if entry["your_move"]]
        assert order == [live["table"], third["table"], first["table"], second["table"]]
        lines = [table_line(entry) for entry in lobby["tables"]]
        assert "your move for 2 hours" in lines[1] and "your move for 1 hour" in lines[2]
        alice.close()
    finally:
        await hub.close()
