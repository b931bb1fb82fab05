"""Tournaments at a real table server: each round's tables made and played, results counted once
as tables end, a no-show forfeiting after their first clock ran out, the pages a member reads.

The hub runs with an injected clock, so no test waits for real minutes; the tests call the
pairing's look (`TournamentRunner.tick`) themselves, as its loop does every half second.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from wish_tui.cli import main
from wish_tui.server.hub import tournament_runner

from .test_club_tables import FakeTime, _hub
from .test_hub import Client, play_until

pytestmark = pytest.mark.usefixtures("data_dir")


def started_with_two_bots(club, name: str, system: str, **settings):
    """A two-seat Wish tournament of `system` that the random and easy bots entered, started."""
    tid = club.tournaments.create(name, system, "wish", 2, bots=True, **settings).id
    for level in ("random", "easy"):
        club.tournaments.join(tid, club.players.bot(level).id)
    return club.tournaments.start(tid)


async def _until(test, what: str, hub, tries: int = 3000) -> None:
    for _ in range(tries):
        await hub.tournaments.tick()
        if test():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(what)


async def blitz_of_two_bots():
    """A hub on a fake clock set at the start of a 5-minute arena of the random and easy bots;
    the hub, its clock and the arena as started."""
    time = FakeTime()
    hub = await _hub(time)
    started = started_with_two_bots(hub.club, "Blitz", "arena", minutes=5)
    time.now = started.started_at / 1000
    return hub, time, started


async def test_a_swiss_of_bots_plays_every_round_and_counts_each_table_once(capsys):
    """Two quick bots (the others think too long for a test), two rounds: they meet twice."""
    hub = await _hub(FakeTime())
    try:
        club = hub.club
        tid = started_with_two_bots(club, "Bots' Swiss", "swiss", rounds=2).id
        await _until(
            lambda: club.tournaments.get(tid).status == "finished", "the Swiss never ended", hub
        )
        capsys.readouterr()
        assert main(["club", "tournament", "show", str(tid), "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert [r["round"] for r in shown["rounds"]] == [1, 2]
        assert all(len(r["tables"]) == 1 and r["tables"][0]["finished"] for r in shown["rounds"])
        assert sum(line["score"] for line in shown["standings"]) == 2
        assert all(line["games"] == 2 for line in shown["standings"])
        assert main(["club", "history", "--json"]) == 0
        history = json.loads(capsys.readouterr().out)["games"]
        ids = {t["table_id"] for r in shown["rounds"] for t in r["tables"]}
        assert sorted(g["table_id"] for g in history) == sorted(ids)
    finally:
        await hub.close()


async def test_a_no_show_forfeits_when_their_first_clock_runs_out_and_members_read_the_page():
    """Bob never decides: his clock runs out, he forfeits and is withdrawn, and the Swiss ends."""
    time = FakeTime()
    hub = await _hub(time)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    try:
        await alice.send({"type": "lobby"})
        await bob.send({"type": "lobby"})
        club = hub.club
        tid = club.tournaments.create(
            "Cup",
            "swiss",
            "wish",
            2,
            rounds=3,
            clock={"type": "live", "minutes": 1, "increment": 0},
        ).id
        await alice.send({"type": "tournament_join", "id": tid})
        joined = await alice.until(lambda m: m["type"] == "page")
        assert joined["page"] == "tournament" and joined["standings"][0]["name"] == "alice"
        await bob.send({"type": "tournament_join", "id": tid})
        await bob.until(lambda m: m["type"] == "page")
        club.tournaments.start(tid)
        await hub.tournaments.tick()
        told = await alice.until(lambda m: m["type"] == "table")
        await bob.until(lambda m: m["type"] == "table" and m["table"] == told["table"])
        served = hub.tables[told["table"]]
        mine = served.seat_of(alice.person)
        await play_until(served, {mine: alice}, lambda: served.deciding() != mine)
        for _ in range(3):
            if served.finished:
                break
            time.now += 61
            hub.clocks.run(served, decided=False)
            await asyncio.sleep(0.3)
        await _until(
            lambda: club.tournaments.get(tid).status == "finished", "the Swiss never ended", hub
        )
        await bob.send({"type": "tournament", "id": tid})
        shown = await bob.until(lambda m: m["type"] == "page")
        lines = {line["name"]: line for line in shown["standings"]}
        assert lines["alice"]["score"] == 1 and lines["alice"]["results"] == ["1"]
        assert lines["bob"]["results"] == ["forfeit"] and lines["bob"]["withdrawn"]
        # alone in it, alice is not given byes: the Swiss ends
        assert [r["round"] for r in shown["rounds"]] == [1]
        await alice.send({"type": "tournaments"})
        listed = await alice.until(lambda m: m["type"] == "page")
        assert [(t["name"], t["status"]) for t in listed["tournaments"]] == [("Cup", "finished")]
    finally:
        for client in (alice, bob):
            client.close()
        await hub.close()


async def test_two_looks_at_once_pair_a_round_once():
    hub = await _hub(FakeTime())
    try:
        club = hub.club
        tid = started_with_two_bots(club, "Cup", "swiss", rounds=2).id
        await asyncio.gather(hub.tournaments.tick(), hub.tournaments.tick())
        assert len(club.tournaments.tables(tid)) == 1
    finally:
        await hub.close()


async def test_an_arena_of_bots_pairs_again_at_once_and_ends_with_its_window(capsys):
    hub, time, started = await blitz_of_two_bots()
    try:
        club = hub.club
        tid = started.id

        def ended_tables() -> int:
            return sum(1 for t in club.tournaments.tables(tid) if t.ended_at is not None)

        await _until(lambda: ended_tables() >= 3, "the arena paired no third table", hub)
        time.now = started.ends_at / 1000 + 1  # the window closes
        await _until(
            lambda: club.tournaments.get(tid).status == "finished", "the arena never ended", hub
        )
        tables = club.tournaments.tables(tid)
        assert all(t.round == 0 and t.ended_at is not None for t in tables)
        capsys.readouterr()
        assert main(["club", "tournament", "show", str(tid), "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert all(line["games"] == len(tables) for line in shown["standings"])
        # 2 a table between them, 4 while one of them is on fire: never less than 2 a table
        assert sum(line["score"] for line in shown["standings"]) >= 2 * len(tables)
        assert main(["club", "history", "--json"]) == 0
        history = json.loads(capsys.readouterr().out)["games"]
        assert sorted(g["table_id"] for g in history) == sorted(t.table_id for t in tables)
    finally:
        await hub.close()


async def test_an_arena_table_that_ends_pairs_its_players_again_without_waiting_for_a_look(
    monkeypatch,
):
    """The runner's own looks are an hour apart here: only a table's end can pair again."""
    monkeypatch.setattr(tournament_runner, "PAIR_EVERY", 3600.0)
    hub, _, started = await blitz_of_two_bots()
    try:
        club = hub.club
        tid = started.id
        await hub.tournaments.tick()  # the first pairing
        for _ in range(1500):
            if len(club.tournaments.tables(tid)) >= 3:
                break
            await asyncio.sleep(0.02)
        assert len(club.tournaments.tables(tid)) >= 3
    finally:
        await hub.close()


async def test_a_look_reads_beside_the_writes_and_pairs_while_they_wait(monkeypatch):
    """The look that pairs an arena's free players is not held behind the club's queued writes
    (every table's moves): its read goes beside them, on the pages' connection."""
    monkeypatch.setattr(tournament_runner, "PAIR_EVERY", 3600.0)
    hub, _, started = await blitz_of_two_bots()
    paired = threading.Event()
    pair_free = tournament_runner.arena.pair_free

    def noted_pair_free(*args, **kwargs):
        paired.set()
        return pair_free(*args, **kwargs)

    monkeypatch.setattr(tournament_runner.arena, "pair_free", noted_pair_free)
    gate = threading.Event()
    try:
        slow_write = asyncio.ensure_future(hub.recorder.call(gate.wait, 30))
        look = asyncio.ensure_future(hub.tournaments.tick())
        for _ in range(250):
            if paired.is_set():
                break
            await asyncio.sleep(0.02)
        assert paired.is_set(), "the look waited behind the writes"
        gate.set()
        await slow_write
        await look
        for _ in range(250):  # its tables are opened beside the looks
            if hub.club.tournaments.tables(started.id):
                break
            await asyncio.sleep(0.02)
        assert len(hub.club.tournaments.tables(started.id)) == 1
    finally:
        gate.set()
        await hub.close()


async def test_players_freed_while_an_arenas_tables_open_are_paired_at_once(monkeypatch):
    """A pairing's tables are opened outside the pairing lock: the next look pairs whoever is
    free meanwhile, and never seats again a player whose table is still being opened."""
    monkeypatch.setattr(tournament_runner, "PAIR_EVERY", 3600.0)
    hub, _, started = await blitz_of_two_bots()
    gate = asyncio.Event()
    open_all = tournament_runner.open_seated_all
    calls = []

    async def slow_first_opening(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            await gate.wait()
        return await open_all(*args, **kwargs)

    monkeypatch.setattr(tournament_runner, "open_seated_all", slow_first_opening)
    club = hub.club
    try:
        first = asyncio.ensure_future(hub.tournaments.tick())  # random and easy: held opening
        for _ in range(250):
            if calls:
                break
            await asyncio.sleep(0.02)
        for level in ("medium", "hard"):
            club.tournaments.join(started.id, club.players.bot(level).id)
        await asyncio.wait_for(hub.tournaments.tick(), 10)
        for _ in range(250):  # its tables are opened beside the looks
            if club.tournaments.tables(started.id):
                break
            await asyncio.sleep(0.02)
        seated = [set(t.players) for t in club.tournaments.tables(started.id)]
        names = {club.players.bot(level).id: level for level in ("medium", "hard")}
        assert [{names[p] for p in players} for players in seated] == [{"medium", "hard"}]
        gate.set()
        await first
        for _ in range(250):
            if len(club.tournaments.tables(started.id)) == 2:
                break
            await asyncio.sleep(0.02)
        tables = club.tournaments.tables(started.id)
        assert len(tables) == 2
        assert len({p for t in tables for p in t.players}) == 4  # no one seated twice
    finally:
        gate.set()
        await hub.close()


async def test_with_no_tournament_running_the_looks_are_seldom_and_a_start_looks_at_once(
    monkeypatch,
):
    """Each look is a read on the pages' thread: twice a second for nothing, at a club with no
    tournament; a tournament its creator starts is looked at (and paired) at once."""
    monkeypatch.setattr(tournament_runner, "PAIR_EVERY", 0.02)
    monkeypatch.setattr(tournament_runner, "IDLE_LOOK_EVERY", 3600.0)
    looks = []
    read_looks = tournament_runner._looks

    def counted(club, now_ms):
        looked = read_looks(club, now_ms)
        looks.append(len(looked))
        return looked

    monkeypatch.setattr(tournament_runner, "_looks", counted)
    hub = await _hub(FakeTime())
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    try:
        await asyncio.sleep(0.5)
        assert looks == [0]  # the first look found none: the next in an hour
        await alice.send(
            {"type": "tournament_create", "name": "Cup", "system": "swiss", "game": "wish"}
            | {"rounds": 1}
        )
        page = await alice.until(lambda m: m["type"] == "page")
        tid = page["tournament"]["id"]
        club = hub.club
        for member in (alice, bob):
            await member.send({"type": "tournament_join", "id": tid})
            await member.until(lambda m: m["type"] == "page")
        await alice.send({"type": "tournament_start", "id": tid})
        for _ in range(250):
            if club.tournaments.tables(tid):
                break
            await asyncio.sleep(0.02)
        assert looks[:2] == [0, 1] and club.tournaments.tables(tid)
    finally:
        alice.close()
        bob.close()
        await hub.close()
