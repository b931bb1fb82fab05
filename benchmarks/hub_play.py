"""The table server alone while tables play: no SSH, no apps, no screens.

Run: nice -n 10 python benchmarks/hub_play.py [--tables 8] [--actions 40] [--idle 184] [--think 0.01]
     PYTHONPATH=OTHER_TREE python benchmarks/hub_play.py ...   (another checkout, to compare)

Starts a hub (SQLite, in a temporary directory) in this process, connects `--idle` sessions that
stay in the lobby and two for each of `--tables` two-seat tables of Wish (each saying hello as
`wish-tui client` does: table messages and lobby lists as diffs, the lobby in parts), then has
each table's people play random legal actions, one at a time, until each table has had
`--actions`. Prints the processor time per action of the hub's thread (its loop, with the
sessions' own reading of what they are sent: JSON and the diffs patched, as an app does) and of
its database thread; the table messages per action and their mean size; the messages of every
other kind the sessions were sent while playing; and the lobby's rounds of news.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from wish_tui.server.hub import Hub
from wish_tui.server.hub import lobby as lobby_module
from wish_tui.tables.table_diff import Follower

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]


def thread_seconds(prefix: str) -> float:
    """The processor time of this process's threads whose names start with `prefix`."""
    total = 0.0
    for thread in threading.enumerate():
        if thread.name.startswith(prefix) and thread.native_id is not None:
            stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
            fields = stat.rpartition(")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class Line:
    """One session: what it is sent, read as an app reads it."""

    kinds: Counter = Counter()

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.follower = Follower()
        self.table: dict | None = None
        self.table_bytes = self.table_messages = 0

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def receive(self) -> dict | None:
        line = await self.reader.readline()
        if not line:
            return None
        message = json.loads(line)
        Line.kinds[message["type"]] += 1
        if message["type"] in ("table", "table_diff"):
            self.table_bytes += len(line)
            self.table_messages += 1
            self.table = self.follower.whole(message)
        return message

    async def until_table(self) -> dict:
        while True:
            message = await self.receive()
            if message is None or message["type"] == "table":
                return message

    async def read_on(self) -> None:
        while await self.receive() is not None:
            pass


async def connect(hub: Hub, person: str, name: str) -> Line:
    reader, writer = await asyncio.open_unix_connection(str(hub.socket_path), limit=1 << 22)
    line = Line(reader, writer)
    token = hub.register_session(person, name)
    hello = {"type": "hello", "token": token, "diffs": True, "list_diffs": True}
    line.send({**hello, "lobby_diffs": True, "lobby_shared": True})
    welcome = await line.receive()
    if welcome.get("needs_name"):
        line.send({"type": "register", "name": name})
        await line.receive()
    return line


async def play_table(table_id: str, people: list[Line], actions: int, rng, think: float) -> int:
    """Each person plays a random legal action when the table is theirs to decide."""
    played = 0
    pace = random.Random(table_id)
    while played < actions:
        for seat, person in enumerate(people):
            shown = person.table
            if shown["over"]:
                return played
            if shown["seat"] == seat and shown["deciding"] == seat:
                count = shown["actions"]
                choice = rng.choice(shown["choices"]["actions"])[0]
                person.send({"type": "play", "table": table_id, "action": choice, "expect": count})
                while person.table["actions"] == count:
                    await asyncio.sleep(0.001)
                played += 1
                await asyncio.sleep(pace.uniform(0.5, 1.5) * think)  # (not all in one burst)
                break
        else:
            await asyncio.sleep(0.005)
    return played


class RoundTimer:
    """The lobby's rounds of news and the processor time they took."""

    def __init__(self) -> None:
        self.count, self.seconds, self.whole = 0, 0.0, 0
        self._round = lobby_module.LobbyLists._round
        self._tell_round = lobby_module.LobbyLists._tell_round
        timer = self

        def whole(lists, loop):
            timer.whole += 1
            return timer._tell_round(lists, loop)

        def timed(lists, loop):
            started = time.thread_time()
            try:
                return timer._round(lists, loop)
            finally:
                timer.count += 1
                timer.seconds += time.thread_time() - started

        lobby_module.LobbyLists._round = timed
        lobby_module.LobbyLists._tell_round = whole


async def main(tables: int, actions: int, idle: int, think: float) -> None:
    rounds = RoundTimer()
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Path(folder), bot_pace=0.0, rate_limits={})
        await hub.start()
        lines = [await connect(hub, f"SHA256:idle{k}", f"idle{k}") for k in range(idle)]
        pairs = []
        for k in range(tables):
            ann = await connect(hub, f"SHA256:ann{k}", f"ann{k}")
            bob = await connect(hub, f"SHA256:bob{k}", f"bob{k}")
            ann.send({"type": "new_table", "game": "wish", "seats": SEATS})
            table_id = (await ann.until_table())["table"]
            bob.send({"type": "join", "table": table_id, "seat": 1})
            await bob.until_table()
            pairs.append((table_id, [ann, bob]))
            lines += [ann, bob]
        readers = [asyncio.create_task(line.read_on()) for line in lines]
        await asyncio.sleep(1.0)  # what the seating said is told
        for line in lines:
            line.table_bytes = line.table_messages = 0
        Line.kinds.clear()
        rounds.count, rounds.seconds, rounds.whole = 0, 0.0, 0
        rng = random.Random(1)
        loop_before, club_before = time.thread_time(), thread_seconds("club")
        played = sum(
            await asyncio.gather(
                *(play_table(t, people, actions, rng, think) for t, people in pairs)
            )
        )
        loop_s, club_s = time.thread_time() - loop_before, thread_seconds("club") - club_before
        messages = sum(line.table_messages for line in lines)
        print(
            f"{played} actions at {tables} tables, {idle} sessions in the lobby: the hub's "
            f"thread {loop_s / played * 1e3:.2f} ms an action (with the sessions' reading), its "
            f"database thread {club_s / played * 1e3:.2f} ms"
        )
        print(
            f"table messages: {messages / played:.2f} an action, "
            f"{sum(line.table_bytes for line in lines) / max(1, messages):.0f} B each; "
            f"all sent while playing: {dict(Line.kinds)}"
        )
        print(
            f"the lobby's rounds: {rounds.count} ({rounds.whole} of them looking at every table "
            f"and session), {rounds.seconds / max(1, rounds.count) * 1e3:.2f} ms each"
        )
        for task in readers:
            task.cancel()
        for line in lines:
            line.writer.close()
        await hub.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="tables of two playing (8)")
    parser.add_argument("--actions", type=int, default=40, help="actions at each table (40)")
    parser.add_argument("--idle", type=int, default=184, help="sessions in the lobby (184)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.01,
        help="seconds between a table's actions (0.01; 2.7 is the pace of serve.py's 32 playing)",
    )
    options = parser.parse_args()
    asyncio.run(main(options.tables, options.actions, options.idle, options.think))
