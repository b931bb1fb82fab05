"""Seeks at a real table server: a seek waits in every lobby until someone accepts it (the game
starts, both taken to the table), two matching seeks are paired at once, bots take a seek's
seats after the wait its member chose, a rating outside its range or a block keeps one out, and
a seek goes with its member."""

from __future__ import annotations

import asyncio

import pytest

from .test_club_tables import FakeTime, at_club
from .test_hub import Client
from .waiting_tables import until_gone

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test

LIVE = {"type": "live", "minutes": 10, "increment": 5}


@pytest.fixture(autouse=True)
def looked_at_by_the_test(monkeypatch):
    """The server's own looks wait: the test looks when it means to."""
    monkeypatch.setattr("wish_tui.server.hub.seeks.SEEK_EVERY", 3600.0)


async def _lobby(client: Client) -> dict:
    await client.send({"type": "lobby"})
    return await client.until(lambda m: m["type"] == "lobby")


async def test_a_seek_waits_in_the_lobby_until_someone_accepts_it():
    async with at_club(FakeTime(), "alice", "bob") as (hub, alice, bob):
        await alice.send({"type": "seek", "game": "wish", "kind": "live", "clock": LIVE})
        told = await alice.until(lambda m: m["type"] == "notice")
        assert told["text"] == (
            "Your seek 1: Wish, 2 seats, live, 10 minutes and 5 seconds a move. "
            "It waits in the lobby."
        )
        (seek,) = (await _lobby(bob))["seeks"]
        assert (seek["by"], seek["game"], seek["clock"], seek["yours"]) == (
            "alice",
            "wish",
            LIVE,
            False,
        )
        await bob.send({"type": "accept_seek", "id": seek["id"]})
        table = await bob.until(lambda m: m["type"] == "table")
        mine = await alice.until(lambda m: m["type"] == "table")
        assert table["table"] == mine["table"]
        served = hub.tables[table["table"]]
        assert [s.person_name for s in served.seats] == ["alice", "bob"]
        assert served.clock.setting == LIVE and served.kind == "live"
        assert hub.seeks.waiting == {}


async def test_two_matching_seeks_are_paired_at_once_and_a_range_keeps_one_out():
    async with at_club(FakeTime(), "alice", "bob", "carol") as (hub, alice, bob, carol):
        await alice.send({"type": "seek", "game": "wish", "range": [5, 50]})
        await alice.until(lambda m: m["type"] == "notice")
        await carol.send({"type": "accept_seek", "id": 1})
        refused = await carol.until(lambda m: m["type"] == "error")
        assert refused["error"] == (
            "That seek is for ratings from 5 to 50; yours in Wish is 0.0. Seek a game of your "
            "own instead (k in the lobby, 'seek wish' in the plain client) or open a table (n, "
            "'new')."
        )
        await bob.send({"type": "seek", "game": "wish"})  # bob is rated 0: out of alice's range
        await bob.until(lambda m: m["type"] == "notice")
        assert len(hub.seeks.waiting) == 2
        await carol.send({"type": "seek", "game": "wish"})  # matches bob's: paired at once
        table = await carol.until(lambda m: m["type"] == "table")
        assert [s.person_name for s in hub.tables[table["table"]].seats] == ["bob", "carol"]
        assert [s.player.name for s in hub.seeks.waiting.values()] == ["alice"]
        alice.close()
        for _ in range(500):  # until the server has heard alice go
            if not hub.connected(alice.person):
                break
            await asyncio.sleep(0.01)
        await hub.seeks.look()  # alice left: her seek goes
        assert hub.seeks.waiting == {}


async def test_bots_take_a_seek_after_its_wait_and_a_blocked_member_cannot():
    time = FakeTime()
    async with at_club(time, "alice", "bob") as (hub, alice, bob):
        await alice.send({"type": "follow", "name": "bob", "kind": "block"})
        await alice.until(lambda m: m["type"] == "notice")
        await alice.send({"type": "seek", "game": "wish", "bots_after": 30})
        await alice.until(lambda m: m["type"] == "notice")
        await bob.send({"type": "accept_seek", "id": 1})
        refused = await bob.until(lambda m: m["type"] == "error")
        assert refused["error"] == "You cannot take that seek."
        await hub.seeks.look()
        assert len(hub.seeks.waiting) == 1  # not yet: 30 seconds
        time.now += 30
        await hub.seeks.look()
        table = await alice.until(lambda m: m["type"] == "table")
        seats = hub.tables[table["table"]].seats
        assert seats[0].person_name == "alice" and seats[1].who in ("easy", "medium", "hard")
        await alice.send({"type": "seek", "game": "wish", "seats": 9})
        refused = await alice.until(lambda m: m["type"] == "error")
        assert refused["error"] == "A seek of Wish is for 2 to 4 seats."
        await alice.send({"type": "seek", "game": "wish", "bots_after": 5})
        refused = await alice.until(lambda m: m["type"] == "error")
        assert refused["error"] == "Bots may answer a seek after 10 to 600 seconds, or never."
        await alice.send({"type": "cancel_seek"})
        refused = await alice.until(lambda m: m["type"] == "error")
        assert refused["error"] == "You have no seek waiting."


async def test_a_taker_who_leaves_gives_their_seat_of_a_seek_back():
    async with at_club(FakeTime(), "alice", "bob") as (hub, alice, bob):
        await alice.send({"type": "seek", "game": "wish", "seats": 3})
        await alice.until(lambda m: m["type"] == "notice")
        await bob.send({"type": "accept_seek", "id": 1})
        told = await bob.until(lambda m: m["type"] == "notice")
        assert told["text"] == "You took a seat of that seek; the game starts when it is full."
        assert [p.name for p in hub.seeks.waiting[1].takers] == ["bob"]
        await until_gone(hub, bob)
        await hub.seeks.look()
        assert hub.seeks.waiting[1].takers == []


async def test_with_no_seek_on_a_node_of_its_own_the_looks_are_seldom_and_a_seek_wakes_them(
    monkeypatch,
):
    """Each look reads the seeks three times in line with the club's writes: every second for
    nothing, at a club where no one seeks. A seek posted brings the looks back at once."""
    from wish_tui.server.hub import seeks

    monkeypatch.setattr(seeks, "SEEK_EVERY", 0.02)
    monkeypatch.setattr(seeks, "SEEK_IDLE_EVERY", 3600.0)
    reads = []
    read_waiting = seeks._read_waiting

    def counted(club):
        reads.append(len(read_waiting(club)))
        return read_waiting(club)

    monkeypatch.setattr(seeks, "_read_waiting", counted)
    async with at_club(FakeTime(), "alice", "bob") as (hub, alice, bob):
        await asyncio.sleep(0.5)
        assert reads == [0, 0]  # the first look (it reads before and after): the next in an hour
        await alice.send({"type": "seek", "game": "wish", "kind": "live", "clock": LIVE})
        await alice.until(lambda m: m["type"] == "notice")
        await asyncio.sleep(0.5)
        assert reads.count(1) > 4  # looked at every SEEK_EVERY while it waits
