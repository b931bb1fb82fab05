"""A tournament's page is kept once read and sent again at once, until what it shows changes:
a table's end, an entry, a round; what the keeper changes from the shell shows once the kept
page is older than `PAGE_FRESH`."""

from __future__ import annotations

import asyncio
import threading

import pytest

from wish_tui.server.hub import page_cache, tournament_runner
from wish_tui.server.hub.page_cache import PAGE_FRESH, PageCache

from .test_club_tables import FakeTime, _hub
from .test_hub import Client
from .test_tournaments import blitz_of_two_bots

pytestmark = pytest.mark.usefixtures("data_dir")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_kept_page_is_sent_until_a_change_or_until_it_is_old():
    clock = Clock()
    kept = PageCache(clock)
    kept.keep(7, kept.generation, b"page", kept.now())
    assert kept.get(7) == b"page"
    clock.now += PAGE_FRESH
    assert kept.get(7) is None
    kept.keep(7, kept.generation, b"page", kept.now())
    kept.changed()
    assert kept.get(7) is None


def test_a_read_begun_before_a_change_is_not_kept():
    kept = PageCache(Clock())
    generation = kept.generation
    kept.changed()  # a table's end was kept while the page was being read
    kept.keep(7, generation, b"old page", kept.now())
    assert kept.get(7) is None


def finished_tables(page: dict) -> int:
    return sum(t["finished"] for r in page["rounds"] for t in r["tables"])


async def test_the_standings_a_member_reads_change_as_soon_as_a_table_ends(monkeypatch):
    monkeypatch.setattr(page_cache, "PAGE_FRESH", 3600.0)  # only a change drops a kept page
    hub, _, started = await blitz_of_two_bots()
    watcher = await Client.connect(hub, "SHA256:watcher-key", "watcher")
    try:
        club = hub.club
        await hub.tournaments.tick()
        first = await watcher.ask({"type": "tournament", "id": started.id})
        for _ in range(1500):
            ended = sum(t.ended_at is not None for t in club.tournaments.tables(started.id))
            if ended > finished_tables(first):
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # the end's answer reaches the hub after its commit
        again = await watcher.ask({"type": "tournament", "id": started.id})
        assert finished_tables(again) > finished_tables(first)
        assert sum(line["games"] for line in again["standings"]) > sum(
            line["games"] for line in first["standings"]
        )
    finally:
        watcher.close()
        await hub.close()


async def test_an_entry_from_a_session_shows_at_once_and_the_keepers_once_the_page_is_old(
    monkeypatch,
):
    monkeypatch.setattr(tournament_runner, "PAIR_EVERY", 3600.0)  # no round is paired
    hub = await _hub(FakeTime())
    clock = Clock()
    hub.tournaments.shown = PageCache(clock)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    carol = await Client.connect(hub, "SHA256:carol-key", "carol")
    try:
        club = hub.club
        tid = club.tournaments.create("Cup", "swiss", "wish", 2, rounds=3, bots=True).id
        for member in (alice, bob):
            await member.send({"type": "tournament_join", "id": tid})
            await member.until(lambda m: m["type"] == "page")
        club.tournaments.start(tid)  # the keeper, from the shell
        shown = await alice.ask({"type": "tournament", "id": tid})
        assert shown["tournament"]["status"] == "running"
        assert sorted(line["name"] for line in shown["standings"]) == ["alice", "bob"]
        await carol.send({"type": "tournament_join", "id": tid})
        await carol.until(lambda m: m["type"] == "page")
        shown = await alice.ask({"type": "tournament", "id": tid})
        assert sorted(line["name"] for line in shown["standings"]) == ["alice", "bob", "carol"]
        club.tournaments.join(tid, club.players.bot("easy").id)  # the keeper, from the shell
        shown = await alice.ask({"type": "tournament", "id": tid})
        assert len(shown["standings"]) == 3
        clock.now += PAGE_FRESH
        shown = await alice.ask({"type": "tournament", "id": tid})
        assert len(shown["standings"]) == 4
    finally:
        for member in (alice, bob, carol):
            member.close()
        await hub.close()


async def test_the_runner_reads_again_a_page_asked_for_lately_once_it_changed():
    hub, _, started = await blitz_of_two_bots()
    watcher = await Client.connect(hub, "SHA256:watcher-key", "watcher")
    try:
        await watcher.ask({"type": "tournament", "id": started.id})
        assert hub.tournaments.shown.get(started.id) is not None
        hub.tournaments.pages_changed()
        assert hub.tournaments.shown.get(started.id) is None
        for _ in range(20):  # (a table that ends while it reads makes it read once more)
            await hub.tournaments.tick()
            if hub.tournaments.shown.get(started.id) is not None:
                break
        assert hub.tournaments.shown.get(started.id) is not None
    finally:
        watcher.close()
        await hub.close()


async def test_a_page_is_answered_while_the_club_writes_wait_behind_a_slow_one():
    """The keeper's mute and ban, read again now and then before a member's request, are read
    beside the writes: a page asked for is not held behind every table's queued moves."""
    hub = await _hub(FakeTime())
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    gate = threading.Event()
    try:
        tid = hub.club.tournaments.create("Cup", "swiss", "wish", 2, rounds=3).id
        slow_write = asyncio.ensure_future(hub.recorder.call(gate.wait, 30))
        hub.club_service._sanctioned_at = None  # read long ago: read again before the request
        shown = await asyncio.wait_for(alice.ask({"type": "tournament", "id": tid}), 10)
        assert shown["tournament"]["name"] == "Cup"
        gate.set()
        await slow_write
    finally:
        gate.set()
        alice.close()
        await hub.close()
