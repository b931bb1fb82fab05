"""Friends and blocks at a real table server: a member one follows is listed online with their
tables, and their open tables come first; a member one blocks cannot join one's tables, invite
one, or be read in one's chat; refusals are one sentence."""

from __future__ import annotations

import pytest

from .test_club_tables import FakeTime, at_club
from .test_hub import Client

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test

OPEN = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]


async def _table(client: Client, seen: set) -> str:
    await client.send({"type": "new_table", "game": "wish", "seats": OPEN})
    table = await client.until(lambda m: m["type"] == "table" and m["table"] not in seen)
    seen.add(table["table"])
    return table["table"]


async def test_a_followed_member_is_online_and_their_open_table_comes_first():
    async with at_club(FakeTime(), "alice", "bob", "carol") as (hub, alice, bob, carol):
        seen: set = set()
        bobs = await _table(bob, seen)
        carols = await _table(carol, seen)
        await alice.send({"type": "follow", "name": "Bob", "kind": "follow"})
        told = await alice.until(lambda m: m["type"] == "notice")
        assert told["text"] == (
            "You follow bob: you see when they are online, and their open tables first."
        )
        await alice.send({"type": "lobby"})
        lobby = await alice.until(lambda m: m["type"] == "lobby")
        assert lobby["friends"] == [{"name": "bob", "tables": [bobs]}]
        order = [entry["table"] for entry in lobby["tables"]]
        assert order.index(bobs) < order.index(carols)
        await alice.send({"type": "friends"})
        page = await alice.until(lambda m: m["type"] == "page")
        assert page["page"] == "friends"
        (friend,) = page["follows"]
        assert (friend["name"], friend["online"], friend["tables"]) == ("bob", True, [bobs])


async def test_a_blocked_member_cannot_join_invite_or_be_read():
    async with at_club(FakeTime(), "alice", "bob") as (hub, alice, bob):
        seen: set = set()
        alices = await _table(alice, seen)
        await bob.send({"type": "join", "table": alices, "seat": 1})
        await bob.until(lambda m: m["type"] == "table")
        await bob.send({"type": "follow", "name": "alice", "kind": "block"})
        told = await bob.until(lambda m: m["type"] == "notice")
        assert told["text"] == (
            "You block alice: they cannot invite you, join your tables or chat to you."
        )
        await alice.send({"type": "chat", "table": alices, "text": "can you read me"})
        await alice.until(
            lambda m: m["type"] == "table" and any("can you read me" in c for c in m["chat"])
        )
        await bob.send({"type": "chat", "table": alices, "text": "only mine"})
        heard: list[str] = []

        def hears(message: dict) -> bool:
            heard.extend(message.get("chat", []) if message["type"] == "table" else [])
            return any("only mine" in line for line in heard)

        await bob.until(hears)  # every chat line bob was sent since he blocked alice
        assert not any("can you read me" in line for line in heard), heard
        bobs = await _table(bob, seen)
        await alice.send({"type": "join", "table": bobs, "seat": 1})
        refused = await alice.until(lambda m: m["type"] == "error")
        assert refused["error"] == (
            "You cannot sit at this table: one of its players has blocked you."
        )
        assert hub.tables[bobs].open_seats() == [1]
        third = await _table(alice, seen)
        await alice.send({"type": "invite", "table": third, "name": "bob"})
        refused = await alice.until(lambda m: m["type"] == "error")
        assert refused["error"] == "bob does not take invitations from you."
        await bob.send({"type": "follow", "name": "alice", "kind": None})
        await bob.until(lambda m: m["type"] == "notice")
        await alice.send({"type": "join", "table": bobs, "seat": 1})
        await alice.until(lambda m: m["type"] == "table" and m["table"] == bobs)
        await bob.send({"type": "follow", "name": "bob", "kind": "block"})
        refused = await bob.until(lambda m: m["type"] == "error")
        assert refused["error"] == "You cannot follow or block yourself."
