"""A client that asks for the lobby in parts is sent what every session in the lobby shares as one
message, built and encoded once for all of them, and what is its own alone; it makes the same list
the hub would send it whole."""

from __future__ import annotations

import json
import random

import pytest

from wish_tui.server.hub.shared_news import SharedNews
from wish_tui.tables.lobby_diff import LobbyFollower
from wish_tui.tables.lobby_shared import MadeBefore, SharedFollower

from .test_hub import Client, new_wish_table, people

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test


class PartsClient(Client):
    """A session app that asked for the lobby in parts: each list made whole as it comes."""

    def __init__(self, reader, writer) -> None:
        super().__init__(reader, writer)
        self.lists, self.parts = LobbyFollower(), SharedFollower()
        self.kinds: list[str] = []

    @classmethod
    async def in_parts(cls, hub, name: str) -> PartsClient:
        client = await cls.connect(
            hub, f"SHA256:{name}-key", name, lobby_diffs=True, lobby_shared=True, lobby=True
        )
        client.parts.take(client.lists.whole(client.welcome["lobby"]))
        client.session = next(s for s in hub.sessions if s.person == client.person)
        return client

    async def receive(self, timeout: float = 10.0) -> dict:
        while True:
            message = await super().receive(timeout)
            self.kinds.append(message["type"])
            if message["type"] in ("lobby", "lobby_diff"):
                message = self.lists.whole(message)
            elif message["type"] not in ("lobby_shared", "lobby_yours"):
                return message
            made = self.parts.take(message)
            assert made is not None, message
            if made is not SharedFollower.WAIT:
                return made


def _same(lobby: dict, expected: dict) -> bool:
    return {**lobby, "n": 0} == {**expected, "n": 0}


async def test_the_lobby_told_in_parts_is_the_list_the_hub_would_send_whole():
    async with people("bob") as (hub, bob):
        ann = await PartsClient.in_parts(hub, "ann")
        cy = await PartsClient.in_parts(hub, "cy")
        try:
            mine = await new_wish_table(ann)
            await ann.ask({"type": "lobby"})
            await new_wish_table(bob)
            for _ in range(4):
                lobby = await ann.until(lambda m: m["type"] == "lobby")
                if _same(lobby, hub.lobby(ann.session)) and len(lobby["tables"]) == 2:
                    break
            assert _same(lobby, hub.lobby(ann.session))
            assert [row["table"] for row in lobby["tables"] if row["mine"]] == [mine]
            assert "lobby_shared" in ann.kinds and "lobby_yours" in ann.kinds
            while True:
                lobby = await cy.until(lambda m: m["type"] == "lobby")
                if len(lobby["tables"]) == 2:
                    break
            assert _same(lobby, hub.lobby(cy.session))
        finally:
            ann.close()
            cy.close()


async def test_one_shared_message_is_encoded_once_and_written_to_every_session(written_bytes):
    written = written_bytes
    async with people("bob") as (hub, bob):
        watchers = [await PartsClient.in_parts(hub, name) for name in ("ann", "cy", "dee")]
        try:
            await new_wish_table(bob)
            for watcher in watchers:
                await watcher.until(lambda m: m["type"] == "lobby" and m["tables"])
            told = [data for name, data in written if name in ("ann", "cy", "dee")]
            assert len(told) == 3 and told[0] is told[1] is told[2]
            assert json.loads(told[0])["type"] == "lobby_shared"
        finally:
            for watcher in watchers:
                watcher.close()


def test_its_own_part_waits_for_the_shared_part_it_goes_with():
    follower = SharedFollower()
    part = {"tables": {}, "online": {"ann": []}}
    follower.take({"type": "lobby"})
    assert follower.take({"type": "lobby_shared", "n": 1, "whole": part}) is SharedFollower.WAIT
    yours = {"type": "lobby_yours", "shared": 2, "you": "ann", "rows": {}, "seeks": []}
    assert follower.take(yours) is SharedFollower.WAIT
    row = {"table": "t1", "kind": "live", "open": [1]}
    changes = {"sub": {"tables": {"set": {"t1": row}}}}
    lobby = follower.take({"type": "lobby_shared", "n": 2, "base": 1, "changes": changes})
    assert lobby["you"] == "ann" and [t["table"] for t in lobby["tables"]] == ["t1"]
    assert lobby["tables"][0]["mine"] is False and lobby["online"] == [
        {"name": "ann", "tables": []}
    ]
    # A diff from a shared part this client lacks: none is made (it asks for the whole list).
    assert follower.take({"type": "lobby_shared", "n": 4, "base": 3, "changes": {}}) is None


async def test_a_session_told_in_parts_is_sent_whole_lists_no_one_keeps_as_a_base():
    """Its welcome's list and the list it asks for back from a table are sent whole and
    unnumbered: no base of a diff is kept for it, in the hub or in its app."""
    async with people("bob") as (hub, bob):
        ann = await PartsClient.in_parts(hub, "ann")
        try:
            assert ann.welcome["lobby"]["type"] == "lobby" and "n" not in ann.welcome["lobby"]
            table_id = await new_wish_table(bob)
            await ann.ask({"type": "watch", "table": table_id})
            await ann.send({"type": "lobby"})
            back = await ann.until(lambda m: m["type"] == "lobby" and m["tables"])
            assert "lobby_diff" not in ann.kinds and "n" not in back
            assert [row["table"] for row in back["tables"]] == [table_id]
            assert ann.session.lobby_teller is None
        finally:
            ann.close()


def _row(number: int, progress: str = "waiting") -> dict:
    return {"table": str(number), "kind": "live", "open": [1], "progress": progress}


def test_a_table_opened_makes_its_row_alone_and_the_list_is_the_same_as_made_whole():
    news, follower = SharedNews(), SharedFollower()
    people_online = [{"name": f"p{i:03d}", "tables": []} for i in range(300)]
    rows = [_row(1), _row(2)]
    news.update(rows, people_online)
    follower.take(json.loads(news.message(None)))
    yours = {"type": "lobby_yours", "shared": 1, "you": "p000", "rows": {"2": {"mine": True}}}
    before = follower.take(yours)
    seated = [*people_online[:-1], {"name": "p299", "tables": ["3"]}]
    news.update([_row(1), _row(2, "round 2"), _row(3)], seated)
    after = follower.take(json.loads(news.message(1)))
    whole = SharedFollower()
    whole.take(json.loads(news.message(None)))
    assert after == whole.take({**yours, "shared": 2})  # what a person sees: the same list
    kept = {id(entry) for entry in before["tables"]}
    assert [id(entry) in kept for entry in after["tables"]] == [False, True, False]  # 2, 1, 3
    assert after["online"][:299] == before["online"][:299]
    assert all(a is b for a, b in zip(after["online"][:299], before["online"], strict=False))
    assert after["online"][299] == {"name": "p299", "tables": ["3"]}


def test_who_is_online_is_made_again_only_where_the_parts_changes_touched_it(monkeypatch):
    """At a club of a thousand, a table opened changes one person's tables: the list of who is
    online is the one before with that person made again, whatever parts came between."""
    rng = random.Random(7)
    news, follower = SharedNews(), SharedFollower()
    tables: dict[str, list[str]] = {f"p{i:04d}": [] for i in range(1000)}
    rows: list[dict] = []

    def opened(step: int) -> str:
        """A table opened by someone online; now and then, someone left and someone came."""
        if step % 10 == 0:
            del tables[rng.choice(sorted(tables))]
            tables[f"q{step:04d}"] = []
        opener = rng.choice(sorted(tables))
        tables[opener] = [*tables[opener], str(step)]
        rows.append(_row(step))
        news.update(list(rows), [{"name": n, "tables": t} for n, t in sorted(tables.items())])
        return opener

    news.update([], [{"name": n, "tables": t} for n, t in tables.items()])
    follower.take(json.loads(news.message(None)))
    yours = {"type": "lobby_yours", "shared": 1, "you": "p0000", "rows": {}}
    follower.take(yours)
    made: list[str] = []
    person = MadeBefore.person
    monkeypatch.setattr(
        MadeBefore, "person", lambda self, n, t: (made.append(n), person(self, n, t))[1]
    )
    for step in range(1, 60):
        made.clear()
        openers = set()
        if step % 7 == 0:  # its own part first, then two shared parts: the first waits
            assert follower.take({**yours, "shared": news.number + 2}) is SharedFollower.WAIT
            base = news.number
            openers.add(opened(step))
            assert follower.take(json.loads(news.message(base))) is SharedFollower.WAIT
        base = news.number
        openers.add(opened(step + 1000))
        lobby = follower.take(json.loads(news.message(base)))
        if step % 10:  # no one came or went
            assert sorted(made) == sorted(openers), step
        whole = SharedFollower()
        whole.take(json.loads(news.message(None)))
        assert lobby == whole.take({**yours, "shared": news.number}), step


def test_apps_told_a_part_from_different_bases_share_the_part_and_its_list():
    """The hub tells each session the changes from the part it holds, and the sessions of one
    process were told at different moments: the part numbered n is the same whatever it was
    made from, and so the list, its rows and their lines are made once for the process."""
    news, people_online = SharedNews(), [{"name": f"p{i:03d}", "tables": []} for i in range(30)]
    news.update([_row(1), _row(2)], people_online)
    first = [json.loads(news.message(None)) for _ in range(2)]
    early, late = SharedFollower(), SharedFollower()
    for follower, whole in zip((early, late), first, strict=True):
        follower.take(whole)
        follower.take({"type": "lobby_yours", "shared": 1, "you": "p000"})
    news.update([_row(1, "round 2"), _row(2)], people_online)
    late.take(json.loads(news.message(1)))  # told at once; the other not yet
    news.update([_row(1, "round 3"), _row(2, "round 3")], people_online)
    lists = [early.take(json.loads(news.message(1))), late.take(json.loads(news.message(2)))]
    assert early._shared[1] is late._shared[1]
    assert lists[0]["tables"] is lists[1]["tables"]
    assert [t["progress"] for t in lists[0]["tables"]] == ["round 3", "round 3"]
    # Another part numbered alike but not the same (a server started again): its own.
    other = SharedNews()
    other.update([_row(1, "round 9")], people_online)
    again = SharedFollower()
    again.take(json.loads(other.message(None)))
    changed = json.loads(other.message(None))
    again.take({"type": "lobby_yours", "shared": 1, "you": "p000"})
    assert again.take(changed)["tables"][0]["progress"] == "round 9"
