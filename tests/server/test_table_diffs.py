"""A client that asks for diffs is sent each table message as what changed since the one before,
and makes it whole again: the same view and choices as the table's, for fewer bytes; a gap
(a diff from a message it lacks) is mended by asking for the whole table."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from wish_tui.tables.table_diff import Follower

from .test_hub import Client, legal_of, new_wish_table, people

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


class DiffClient(Client):
    """A session app that asked for diffs: each table message made whole as it comes."""

    follower: Follower
    received_bytes = 0
    whole_bytes = 0

    @classmethod
    async def with_diffs(cls, hub, name: str, lists: bool = False) -> DiffClient:
        reader, writer = await asyncio.open_unix_connection(str(hub.socket_path))
        client = cls(reader, writer)
        client.follower = Follower()
        client.diffs = client.list_diffs = 0
        token = hub.register_session(f"SHA256:{name}-key", name)
        hello = {"type": "hello", "token": token, "diffs": True}
        if lists:
            hello["list_diffs"] = True
        welcome = await client.ask(hello)
        if welcome.get("needs_name"):
            welcome = await client.ask({"type": "register", "name": name})
        client.person = welcome["person"]
        return client

    async def receive(self, timeout: float = 10.0) -> dict:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        message = json.loads(line)
        if message["type"] in ("table", "table_diff"):
            self.received_bytes += len(line)
            self.diffs += message["type"] == "table_diff"
            self.list_diffs += '"len":' in line.decode()
            whole = self.follower.whole(message)
            assert whole is not None, message
            message = self.last_table = whole
            self.whole_bytes += (
                len(json.dumps(whole, separators=(",", ":"), ensure_ascii=False)) + 1
            )
        return message


@pytest.mark.parametrize("lists", [False, True])
async def test_a_game_told_in_diffs_shows_the_tables_view_and_choices_for_fewer_bytes(lists):
    """A client that says `"list_diffs": true` is sent a list changed in a few items as those
    items (a list's diff: its "len"); one that does not (made before) only diffs it can read."""
    async with people("bob") as (hub, bob):
        alice = await DiffClient.with_diffs(hub, "alice", lists)
        try:
            table_id = await new_wish_table(alice)
            await bob.ask({"type": "join", "table": table_id, "seat": 1})
            table = hub.tables[table_id]
            rng = random.Random(3)
            compared = 0
            for _ in range(60):
                if table.is_over:
                    break
                deciding = table.deciding()
                if deciding == 2:
                    await asyncio.sleep(0.01)  # the bot's move, run by the hub
                    continue
                me = alice if deciding == 0 else bob
                view = await me.table_at(table.actions)
                seen = await alice.table_at(table.actions)  # a person's turn: nothing moves
                assert seen["view"] == table.view_for(0)
                assert seen["choices"] == table.choices_for(0).to_json()
                compared += 1
                action = rng.choice(legal_of(view))
                await me.send(
                    {"type": "play", "table": table_id, "action": action, "expect": view["actions"]}
                )
                await me.until(
                    lambda m, a=view["actions"]: m["type"] != "table" or m["actions"] > a
                )
            assert compared > 20
            assert alice.diffs > 10
            assert alice.received_bytes < alice.whole_bytes * (0.3 if lists else 0.7), (
                alice.received_bytes,
                alice.whole_bytes,
            )
            assert (alice.list_diffs > 10) if lists else alice.list_diffs == 0
        finally:
            alice.close()


async def test_a_gap_is_mended_by_the_whole_table_and_resend_is_for_an_open_table_only():
    async with people("bob") as (hub, bob):
        alice = await DiffClient.with_diffs(hub, "alice")
        try:
            table_id = await new_wish_table(alice)
            alice.follower = Follower()  # as if the first message had been lost
            await bob.send({"type": "join", "table": table_id, "seat": 1})
            line = await alice.reader.readline()
            assert json.loads(line)["type"] == "table_diff"
            answer = await alice.ask({"type": "resend", "table": table_id})
            assert answer["type"] == "table" and answer["n"] == 3 and answer["view"]
            await bob.send({"type": "resend", "table": table_id + "9"})
            refused = await bob.until(lambda m: m["type"] == "error")
            assert "table" in refused["error"]
        finally:
            alice.close()
