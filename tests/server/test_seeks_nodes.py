"""Seeks on a club two nodes share (PostgreSQL): a seek posted on node A is listed in node B's
lobby and taken there, the table opening on B with its seeker on A taken to it; a seek whose
member leaves node A goes from B's lobby too."""

from __future__ import annotations

import asyncio

import pytest

from tests.waiting import eventually

from .test_hub import Client
from .test_nodes import nodes
from .test_seeks import LIVE, _lobby, looked_at_by_the_test  # noqa: F401 (a fixture)
from .waiting_tables import until_gone

pytestmark = pytest.mark.usefixtures("looked_at_by_the_test")


async def test_a_seek_posted_on_one_node_is_taken_on_the_other(postgres_url, tmp_path):
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice = await Client.connect(a, "SHA256:alice-key", "alice")
        bob = await Client.connect(b, "SHA256:bob-key", "bob")
        await _lobby(alice)
        await alice.send({"type": "seek", "game": "wish", "kind": "live", "clock": LIVE})
        await alice.until(lambda m: m["type"] == "notice")
        await b.seeks.look()
        (seek,) = (await _lobby(bob))["seeks"]
        assert (seek["by"], seek["clock"], seek["yours"]) == ("alice", LIVE, False)
        await bob.send({"type": "accept_seek", "id": seek["id"]})
        table = await bob.until(lambda m: m["type"] == "table")
        assert [s.person_name for s in b.tables[table["table"]].seats] == ["alice", "bob"]
        await eventually(lambda: table["table"] in a.tables, "node a hears of the new table")
        for _ in range(100):  # until node a reads that the seek became that table
            await a.seeks.look()
            if a.seeks.told:
                break
            await asyncio.sleep(0.02)
        mine = await alice.until(lambda m: m["type"] == "table")
        assert mine["table"] == table["table"] and mine["seat"] == 0
        assert a.seeks.waiting == {} and b.seeks.waiting == {}
        alice.close()
        bob.close()


async def test_a_seek_goes_from_every_lobby_when_its_member_leaves(postgres_url, tmp_path):
    async with nodes(postgres_url, tmp_path, "a", "b") as (a, b):
        alice = await Client.connect(a, "SHA256:alice-key", "alice")
        await alice.send({"type": "seek", "game": "wish", "seats": 3})
        await alice.until(lambda m: m["type"] == "notice")
        await b.seeks.look()
        assert [s.player.name for s in b.seeks.waiting.values()] == ["alice"]
        await until_gone(a, alice)
        await a.seeks.look()  # her node drops it
        await b.seeks.look()
        assert b.seeks.waiting == {}
