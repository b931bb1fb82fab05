"""A client that asks for lobby diffs is sent each lobby list as what changed since the one
before, and makes it whole again: the same list the hub would send it whole, for fewer bytes; a
gap is mended by asking for the whole list, which only a session in the lobby is sent."""

from __future__ import annotations

import asyncio
import json

import pytest

from wish_tui.tables.lobby_diff import LobbyFollower, LobbyTeller, keyed, unkeyed

from .test_hub import Client, new_wish_table, people

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


def _lobby(online: list[str], tables: list[tuple[str, str]]) -> dict:
    return {
        "type": "lobby",
        "tables": [{"table": t, "game": "wish", "progress": p, "open": [1]} for t, p in tables],
        "you": "ann",
        "online": [{"name": name, "tables": []} for name in sorted(online)],  # as the hub has it
        "invitations": [],
    }


def test_a_list_keyed_and_unkeyed_is_the_same_list():
    lobby = _lobby(["ann", "bob", "cy"], [("t2", "Round 1"), ("t1", "Round 3")])
    assert unkeyed(keyed(lobby)) == lobby


def test_each_list_told_in_diffs_is_made_whole_and_one_name_more_is_a_few_bytes():
    teller, follower = LobbyTeller(), LobbyFollower()
    names = [f"person{i:04d}" for i in range(1000)]
    tables = [(f"t{i}", "Round 1") for i in range(80)]
    lists = [
        _lobby(names, tables),
        _lobby([*names, "zoe"], tables),
        _lobby([*names[1:], "zoe"], [*tables[:5], ("t5", "Round 2"), *tables[6:]]),
        _lobby([*names[1:], "aaron", "zoe"], [*tables[1:], ("t80", "Round 1")]),
    ]
    sizes = []
    for lobby in lists:
        sent = json.loads(json.dumps(teller.message(lobby)))
        sizes.append(len(json.dumps(sent)))
        made = follower.whole(sent)
        assert {**made, "n": None} == {**lobby, "n": None}
    assert sizes[1] < 200 and sizes[2] < 300 and sizes[0] > 30_000


def test_what_a_diff_left_as_it_was_is_the_same_row_and_name_as_in_the_list_before():
    teller, follower = LobbyTeller(), LobbyFollower()
    names = [f"person{i:04d}" for i in range(1000)]
    tables = [(f"t{i}", "Round 1") for i in range(80)]
    lists = [
        _lobby(names, tables),
        _lobby(names, [*tables, ("t80", "Round 1")]),
        _lobby([*names, "zoe"], [*tables[:5], ("t5", "Round 2"), *tables[6:], ("t80", "Round 1")]),
    ]
    made = [follower.whole(json.loads(json.dumps(teller.message(lobby)))) for lobby in lists]
    assert [{**m, "n": None} for m in made] == [{**lobby, "n": None} for lobby in lists]
    second, third = made[1:]
    kept = [a is b for a, b in zip(second["tables"], third["tables"], strict=True)]
    assert kept == [i != 5 for i in range(81)]  # all but the row that changed
    assert all(a is b for a, b in zip(second["online"], third["online"][:1000], strict=True))


def test_a_diff_from_a_list_the_client_lacks_is_not_made_whole():
    teller, follower = LobbyTeller(), LobbyFollower()
    teller.message(_lobby(["ann"], []))
    assert follower.whole(teller.message(_lobby(["ann", "bob"], []))) is None


class LobbyDiffClient(Client):
    """A session app that asked for lobby diffs: each list made whole as it comes."""

    follower = LobbyFollower()
    diffs = 0

    @classmethod
    async def with_lobby_diffs(cls, hub, name: str) -> LobbyDiffClient:
        client = await cls.connect(hub, f"SHA256:{name}-key", name, lobby_diffs=True, lobby=True)
        client.follower = LobbyFollower()
        client.follower.whole(client.welcome["lobby"])
        client.session = next(s for s in hub.sessions if s.person == client.person)
        return client

    async def receive(self, timeout: float = 10.0) -> dict:
        message = await super().receive(timeout)
        if message["type"] in ("lobby", "lobby_diff"):
            self.diffs += message["type"] == "lobby_diff"
            whole = self.follower.whole(message)
            assert whole is not None, message
            return whole
        return message


async def test_the_lobby_told_in_diffs_is_the_list_the_hub_would_send_whole():
    async with people("bob") as (hub, bob):
        ann = await LobbyDiffClient.with_lobby_diffs(hub, "ann")
        try:
            await new_wish_table(bob)
            for _ in range(3):
                lobby = await ann.until(lambda m: m["type"] == "lobby" and m["tables"])
                if lobby["tables"] == hub.lobby(ann.session)["tables"]:
                    break
            expected = hub.lobby(ann.session)
            assert {**lobby, "n": 0} == {**expected, "n": 0}
            assert ann.diffs >= 1
        finally:
            ann.close()


async def test_a_gap_is_mended_by_the_whole_list_sent_to_a_session_in_the_lobby_only():
    async with people() as (hub,):
        ann = await LobbyDiffClient.with_lobby_diffs(hub, "ann")
        try:
            ann.follower = LobbyFollower()  # the list before is lost
            await ann.send({"type": "lobby_resend"})
            message = json.loads(await asyncio.wait_for(ann.reader.readline(), 10))
            assert message["type"] == "lobby" and ann.follower.whole(message) is message
            ann.session.in_lobby = False  # at a table: a resend does not bring it back
            await ann.send({"type": "lobby_resend"})
            await asyncio.sleep(0.3)
            assert not ann.session.in_lobby
            assert not ann.reader._buffer  # nothing was sent
        finally:
            ann.close()
