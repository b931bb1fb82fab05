"""The players of a table are told each change at once; those who watch it are told a burst of
changes once, the table as it stands after it, within a few tenths of a second."""

from __future__ import annotations

import asyncio

import pytest

from .test_hub import new_wish_table, people

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
