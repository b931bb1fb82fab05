"""The players of a table are told each change at once; those who watch it are told a burst of
changes once, the table as it stands after it, within a few tenths of a second."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.waiting import eventually
from wish_tui.server.hub.session import Lookers, Session
from wish_tui.tables.table_diff import Follower

from .test_hub import Client, new_wish_table, people, play_until

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


async def test_a_burst_of_chat_is_one_message_to_a_spectator_and_each_to_a_player():
    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        await carol.ask({"type": "watch", "table": table_id})
        await asyncio.sleep(0.5)  # what the join said is told
        for client in (bob, carol):
            while True:
                try:
                    await client.receive(0.2)
                except TimeoutError:
                    break
        for n in range(4):
            await alice.send({"type": "chat", "table": table_id, "text": f"line {n}"})
        heard: dict[str, list[dict]] = {"bob": [], "carol": []}
        for name, client in (("bob", bob), ("carol", carol)):
            while True:
                try:
                    message = await client.receive(1.0)
                except TimeoutError:
                    break
                if message["type"] == "table":
                    heard[name].append(message)
        assert len(heard["bob"]) == 4
        (once,) = heard["carol"]
        assert [line.rpartition(": ")[2] for line in once["chat"]] == [
            f"line {n}" for n in range(4)
        ]


async def test_the_spectators_are_written_one_shared_message_each_makes_whole(written_bytes):
    written = written_bytes
    async with people("alice", "bob") as (hub, alice, bob):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "join", "table": table_id, "seat": 1})
        names = ("ann", "cy", "dee")
        watchers = [await Client.connect(hub, f"SHA256:{n}-key", n, diffs=True) for n in names]
        whole_reader = await Client.connect(hub, "SHA256:eve-key", "eve")
        followers = {name: Follower() for name in names}
        try:
            for name, client in zip(names, watchers, strict=True):
                assert followers[name].whole(await client.ask({"type": "watch", "table": table_id}))
            await whole_reader.ask({"type": "watch", "table": table_id})
            served = hub.tables[table_id]
            for _ in range(3):  # a round of the spectators' news after each
                await play_until(
                    served, {0: alice, 1: bob}, lambda a=served.actions: served.actions > a
                )
                await asyncio.sleep(0.5)
            made = {}
            for name, client in zip(names, watchers, strict=True):
                while True:
                    try:
                        message = await client.receive(0.2)
                    except TimeoutError:
                        break
                    if message["type"] in ("table", "table_diff"):
                        made[name] = followers[name].whole(message)
                        assert made[name] is not None, message
            last = None
            while True:
                try:
                    last = await whole_reader.receive(0.2)
                except TimeoutError:
                    break
            rounds = [data for who, data in written if who in names]
            assert rounds and len(rounds) % 3 == 0
            for at in range(0, len(rounds), 3):
                assert rounds[at] is rounds[at + 1] is rounds[at + 2]
            assert any(json.loads(data)["type"] == "table_diff" for data in rounds)
            for name in names:
                assert made[name]["actions"] == served.actions
                assert {**made[name], "n": 0, "log": [], "chat": []} == {
                    **whole_reader.last_table,
                    "n": 0,
                    "log": [],
                    "chat": [],
                }
            assert last is not None
        finally:
            for client in (*watchers, whole_reader):
                client.close()


async def test_a_tables_news_goes_to_the_sessions_showing_it_and_none_gone():
    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        table_id = await new_wish_table(alice)
        await bob.ask({"type": "watch", "table": table_id})
        await carol.ask({"type": "watch", "table": table_id})
        names = lambda: sorted(s.name for s in hub.lookers.of(table_id))  # noqa: E731
        assert names() == ["alice", "bob", "carol"]
        await carol.ask({"type": "lobby"})
        assert names() == ["alice", "bob"]
        bob.close()
        await eventually(lambda: names() == ["alice"], "bob's session is gone")
        assert hub.lookers.tables() == {table_id}


def test_a_session_is_a_looker_of_the_table_it_shows_and_of_none_once_gone():
    lookers = Lookers()
    ann, bob = Session(None, lookers), Session(None, lookers)
    ann.table = bob.table = "t1"
    assert lookers.of("t1") == [ann, bob]
    ann.table = "t2"
    assert lookers.of("t1") == [bob] and lookers.of("t2") == [ann]
    bob.table = ""
    assert lookers.of("t1") == [] and lookers.tables() == {"t2"}
    ann.gone()
    ann.table = "t1"  # (a gone session's table may still be set: it is no looker)
    assert lookers.tables() == set() and ann.table == "t1"
