"""What the table server's nodes cost, without SSH or screens: an action to the other person's
table message, on one node (SQLite, or PostgreSQL) and across two nodes sharing the club.

Run: python benchmarks/nodes.py [--tables 4] [--actions 60] [--database postgresql://…]

Starts table servers (`Hub`) in this process and connects scripted sessions to their Unix
sockets, as the session apps do. At each table two people play Wish, first legal action each
time: the time from a person's `play` to the table message reaching the *other* person's session
is measured (median and 95th percentile). Without --database: one node on the SQLite file. With
it (an empty database): one node on it, then two nodes on it (the first person of each table on
node A, which runs the table, the second on node B).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wish_tui.server.hub import Hub  # noqa: E402

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]


class Session:
    """A scripted session: JSON lines over the hub's socket; each table message, with the time."""

    def __init__(self, reader, writer) -> None:
        self.reader, self.writer = reader, writer
        self.tables: list[tuple[float, dict]] = []
        self.others: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, hub: Hub, name: str) -> Session:
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
        session = cls(reader, writer)
        session.send({"type": "hello", "token": hub.register_session(f"SHA256:{name}", name)})
        welcome = await session.others.get()
        if welcome.get("needs_name"):
            session.send({"type": "register", "name": name})
            welcome = await session.others.get()
        return session

    async def _read(self) -> None:
        while line := await self.reader.readline():
            message = json.loads(line)
            if message["type"] == "table":
                self.tables.append((time.perf_counter(), message))
            else:
                await self.others.put(message)

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def table_at(self, actions: int, table_id: str) -> dict:
        while True:
            for _, message in reversed(self.tables):
                if message["table"] == table_id and message["actions"] == actions:
                    return message
            await asyncio.sleep(0.001)

    def told_at(self, table_id: str, actions: int) -> float | None:
        for when, message in self.tables:
            if message["table"] == table_id and message["actions"] >= actions:
                return when
        return None


async def play_table(hubs, people, table_id: str, actions: int, latencies: list) -> None:
    """Play `actions` actions; each one's time to the other person's table message."""
    for _ in range(actions):
        copies = [hub.tables[table_id] for hub in hubs]
        seat = copies[0].deciding()
        if seat is None:
            return
        home = hubs[seat % len(hubs)].tables[table_id]
        while home.deciding() != seat or home.actions != copies[0].actions:
            await asyncio.sleep(0.001)
        me, other = people[seat], people[1 - seat]
        view = await me.table_at(home.actions, table_id)
        sent = time.perf_counter()
        me.send(
            {
                "type": "play",
                "table": table_id,
                "action": view["choices"]["actions"][0][0],
                "expect": view["actions"],
            }
        )
        while (seen := other.told_at(table_id, view["actions"] + 1)) is None:
            await asyncio.sleep(0.001)
        latencies.append((seen - sent) * 1000)


async def run(database: str | None, nodes: int, tables: int, actions: int) -> list[float]:
    hubs = []
    for name in "ab"[:nodes]:
        folder = Path(tempfile.mkdtemp())
        hub = Hub(folder, bot_pace=0.0, rate_limits={}, database=database, node_id=f"bench-{name}")
        await hub.start()
        hubs.append(hub)
    latencies: list[float] = []
    games = []
    for n in range(tables):
        first = await Session.connect(hubs[0], f"first{n}")
        second = await Session.connect(hubs[-1], f"second{n}")
        first.send({"type": "new_table", "game": "wish", "seats": SEATS})
        while not first.tables:
            await asyncio.sleep(0.001)
        table_id = first.tables[-1][1]["table"]
        while table_id not in hubs[-1].tables:
            await asyncio.sleep(0.001)
        second.send({"type": "join", "table": table_id, "seat": 1})
        while not all(h.tables[table_id].seats[1].person for h in hubs):
            await asyncio.sleep(0.001)
        games.append((table_id, [first, second]))
    await asyncio.gather(*(play_table(hubs, people, t, actions, latencies) for t, people in games))
    for _, people in games:
        for session in people:
            session.writer.close()
    for hub in hubs:
        await hub.close()
    return latencies


def line(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"{label}: median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms "
        f"over {len(ordered)} actions"
    )


async def main(database: str | None, tables: int, actions: int) -> None:
    print(f"{tables} tables of two people, {actions} actions each; play to the other's message")
    if database is None:
        print(line("one node, SQLite", await run(None, 1, tables, actions)))
        return
    print(line("one node, PostgreSQL", await run(database, 1, tables, actions)))
    print(
        line("two nodes, PostgreSQL (A to B and B to A)", await run(database, 2, tables, actions))
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4, help="tables played at once (4)")
    parser.add_argument("--actions", type=int, default=60, help="actions at each table (60)")
    parser.add_argument("--database", metavar="URL", help="an empty PostgreSQL database")
    options = parser.parse_args()
    asyncio.run(main(options.database, options.tables, options.actions))
