"""A table opened again shows each chat line where it was said among the moves of its log, not
all of them after the log: each chat line is sent with how many of the message's log lines came
before it (``chat_after``), and a client of the server (`tables.remote.ServerTable`, the
terminal app's and the plain client's alike) puts it there."""

from __future__ import annotations

import pytest

from wish_tui.tables.remote import ServerTable

from .test_hub import Client, people, play_until, sit, started_hub

pytestmark = pytest.mark.usefixtures("data_dir")

TWO_PEOPLE = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
"""No bot: nothing is played but what the test plays."""


async def wish_table_of_two(hub, alice, bob):
    """A Wish table alice opens and bob sits at: its id, the hub's table, the clients by seat."""
    answer = await alice.ask({"type": "new_table", "game": "wish", "seats": TWO_PEOPLE})
    table_id = answer["table"]
    await sit(bob, table_id, 1)
    return table_id, hub.tables[table_id], {0: alice, 1: bob}


async def test_a_table_opened_again_shows_the_chat_among_the_moves_where_it_was_said():
    async with people("alice", "bob") as (hub, alice, bob):
        table_id, served, clients = await wish_table_of_two(hub, alice, bob)
        said_at = {}
        for text in ("good luck", "nice move", "well played"):
            await alice.send({"type": "chat", "table": table_id, "text": text})
            await bob.until(
                lambda m, t=text: m["type"] == "table" and any(t in c for c in m["chat"])
            )
            said_at[text] = served.master.log_counts[1]
            await play_until(served, clients, lambda a=served.actions: served.actions > a + 2)
        assert served.master.log_counts[1] > said_at["well played"] > said_at["nice move"]
        await bob.send({"type": "lobby"})
        await bob.send({"type": "open", "table": table_id})
        log = list(served.master.logs[1])
        opened = await bob.until(lambda m: m["type"] == "table" and len(m["log"]) == len(log))
        assert len(opened["chat_after"]) == len(opened["chat"]) == 3
        expected, start = [], 0
        for text, at in said_at.items():
            expected += log[start:at] + [f"💬 alice: {text}"]
            start = at
        expected += log[start:]
        assert ServerTable(opened).news() == expected


async def test_a_message_without_chat_places_still_shows_its_chat_after_its_log():
    """A server that does not say where its chat lines were said (an older one) is read as
    before: the chat after the log."""
    message = {
        "table": "T1",
        "game": "wish",
        "seats": [],
        "view": {},
        "actions": 0,
        "over": False,
        "deciding": None,
        "log": ["one", "two"],
        "chat": ["alice: hi"],
    }
    assert ServerTable(message).news() == ["one", "two", "💬 alice: hi"]


async def test_a_restarted_server_shows_the_chat_among_the_moves_where_it_was_said():
    """The chat reloaded from the club after a restart is placed where it was said among the
    actions, as the server placed it before the restart: the club keeps with each line how many
    actions came before it, so a line said in the millisecond of an action (the club's times
    are whole milliseconds) is not placed after it."""
    async with people("alice", "bob") as (hub, alice, bob):
        hub.club.db.clock = lambda: 1_700_000_000_000  # every row in the same millisecond
        table_id, served, clients = await wish_table_of_two(hub, alice, bob)
        for text in ("good luck", "nice move", "well played"):
            await alice.send({"type": "chat", "table": table_id, "text": text})
            await bob.until(
                lambda m, t=text: m["type"] == "table" and any(t in c for c in m["chat"])
            )
            await play_until(served, clients, lambda a=served.actions: served.actions > a + 2)
        await bob.send({"type": "lobby"})
        await bob.send({"type": "open", "table": table_id})
        log = list(served.master.logs[1])
        before = await bob.until(lambda m: m["type"] == "table" and len(m["log"]) == len(log))

    again = await started_hub()
    try:
        assert again.tables[table_id].actions == served.actions
        bob = await Client.connect(again, "SHA256:bob-key", "bob")
        opened = await bob.ask({"type": "open", "table": table_id})
        assert opened["log"] == before["log"]
        assert opened["chat_after"] == before["chat_after"]
        assert ServerTable(opened).news() == ServerTable(before).news()
        bob.close()
    finally:
        await again.close()
