"""Turn-based tables where a move waits for bob, who has left: what the tests of turn alerts and
vacations start from."""

from __future__ import annotations

import asyncio

from .test_club_tables import FakeTime
from .test_hub import Client, play_until


async def until_gone(hub, client: Client) -> None:
    """Close `client`, and wait until the server has heard its person go."""
    client.close()
    for _ in range(500):
        if not hub.connected(client.person):
            return
        await asyncio.sleep(0.01)


async def tables_waiting_for_bob(hub, alerts: dict, count: int = 1, time: FakeTime | None = None):
    """bob asks for `alerts`, sits at `count` turn-based tables of alice's and leaves; alice plays
    each until bob decides (half an hour apart when `time` is given). Returns alice, bob's notice,
    the tables."""
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    await bob.send({"type": "alerts", **alerts})
    told = await bob.until(lambda m: m["type"] in ("notice", "error"))
    tables = []
    for n in range(count):
        if time is not None and n:
            time.now += 1800
        seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
        await alice.send({"type": "new_table", "game": "wish", "seats": seats, "kind": "turn"})
        known = {t.id for t in tables}
        table = await alice.until(lambda m, k=known: m["type"] == "table" and m["table"] not in k)
        await bob.send({"type": "join", "table": table["table"], "seat": 1})
        await bob.until(lambda m, t=table["table"]: m["type"] == "table" and m["table"] == t)
        served = hub.tables[table["table"]]
        await play_until(served, {0: alice}, lambda s=served: s.deciding() == 1)
        assert served.deciding() == 1
        tables.append(served)
    await until_gone(hub, bob)
    return alice, told, tables
