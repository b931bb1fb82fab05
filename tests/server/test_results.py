"""Results people can trust: a game that ended before every person at the table took a decision
of their own is aborted (unrated, counted for no one); a resignation ends a two-seat game at once
and sends the resigner last at any table; the table's end, the history (`wish-tui club history
--json`), the ratings and the player page all say the same ranking; a live clock survives a
restart of the server as it stood.

The hub runs with an injected clock, so no test waits for real minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json

import pytest

from wish_tui.cli import main
from wish_tui.server.hub import clock_keeper

from .test_club_tables import FakeTime, _hub
from .test_hub import Client, play_until

TWO = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
LIVE = {"type": "live", "minutes": 5, "increment": 0}


pytestmark = pytest.mark.usefixtures("data_dir")


@contextlib.asynccontextmanager
async def _table(game: str = "wish", seats=TWO, clock=None):
    """A hub on a clock the test moves, and alice's table with bob at its open seat: yields
    the hub, its clock, the two clients and the table; all closed afterwards."""
    time = FakeTime()
    hub = await _hub(time)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    try:
        extra = {"clock": clock} if clock else {}
        await alice.send({"type": "new_table", "game": game, "seats": seats, **extra})
        table = await alice.until(lambda m: m["type"] == "table")
        await bob.send({"type": "join", "table": table["table"], "seat": 1})
        await bob.until(lambda m: m["type"] == "table")
        yield hub, time, alice, bob, hub.tables[table["table"]]
    finally:
        for client in (alice, bob):
            client.close()
        await hub.close()


async def _finished(served) -> None:
    for _ in range(400):
        if served.finished and served.result is not None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the club never kept the game's end")


def _history_json(capsys) -> list[dict]:
    capsys.readouterr()
    assert main(["club", "history", "--json"]) == 0
    return json.loads(capsys.readouterr().out)["games"]


def _ratings_json(capsys) -> dict:
    capsys.readouterr()
    assert main(["club", "ratings", "--json", "--game", "wish"]) == 0
    return {row["name"]: row for row in json.loads(capsys.readouterr().out)["games"]["wish"]}


async def test_clocks_run_out_during_setup_the_game_is_aborted_unrated_and_counted_for_no_one(
    capsys,
):
    async with _table(clock={"type": "live", "minutes": 1, "increment": 0}) as (
        hub,
        time,
        alice,
        bob,
        served,
    ):
        for _ in range(2):  # the first seat's minute goes, then (if the game goes on) the other's
            if served.finished:
                break
            time.now += 61
            hub.clocks.run(served, decided=False)
            await asyncio.sleep(0.3)
        await _finished(served)
        told = await alice.until(lambda m: m["type"] == "table" and m["ended"])
        assert told["clock"]["running"] is None  # an ended game's clock stops
        assert told["view"]["scores"]["aborted"] is True
        assert told["view"]["scores"]["ranking"] == [] and told["view"]["scores"]["winners"] == []
        [game] = _history_json(capsys)
        assert game["aborted"] is True and game["rated"] is False
        assert [s["place"] for s in game["seats"]] == [0, 0]
        assert _ratings_json(capsys) == {}
        for name in ("alice", "bob"):
            page = hub.club.standings.player_page(hub.club.players.by_name(name).id)
            assert [s.game for s in page.games] == []  # "0 played, 0 won": nothing to count


async def test_a_game_is_aborted_when_one_person_never_decided_even_if_the_other_did(capsys):
    async with _table() as (hub, time, alice, bob, served):
        clients = {0: alice, 1: bob}
        first = served.deciding()
        await play_until(served, {first: clients[first]}, lambda: served.deciding() != first)
        other = 1 - first
        await clients[other].send({"type": "resign", "table": served.id})
        await _finished(served)
        [game] = _history_json(capsys)
        assert game["aborted"] is True and not game["rated"]
        assert game["seats"][other]["outcome"] == "resigned"


async def test_resigning_a_two_seat_game_ends_it_at_once_with_the_resigner_last(capsys):
    async with _table(clock=LIVE) as (hub, time, alice, bob, served):
        ready = lambda: served.actions >= 4 and served.deciding() == 0  # noqa: E731
        await play_until(served, {0: alice, 1: bob}, ready)
        assert len(served.decided) == 2 and served.clock.running == 0
        played = served.actions
        await bob.send({"type": "resign", "table": served.id})
        await _finished(served)
        assert served.actions == played  # no bot played on for bob
        told = await alice.until(lambda m: m["type"] == "table" and m["ended"])
        assert told["clock"]["running"] is None  # alice's clock stops with the game
        scores = told["view"]["scores"]
        assert scores["ranking"] == [[0], [1]] and scores["winners"] == [0]
        assert scores["outcomes"] == ["", "resigned"] and scores["aborted"] is False
        [game] = _history_json(capsys)
        assert not game["aborted"] and game["rated"]
        assert [(s["player"], s["place"], s["outcome"]) for s in game["seats"]] == [
            ("alice", 1, ""),
            ("bob", 2, "resigned"),
        ]
        ratings = _ratings_json(capsys)
        assert ratings["alice"]["ordinal"] > 0 > ratings["bob"]["ordinal"]


async def test_running_out_of_time_in_a_two_seat_game_ends_it_with_that_person_last(capsys):
    async with _table(clock=LIVE) as (hub, time, alice, bob, served):
        await play_until(served, {0: alice, 1: bob}, lambda: len(served.decided) == 2)
        late = served.deciding()
        time.now += 301
        hub.clocks.run(served, decided=False)
        await _finished(served)
        [game] = _history_json(capsys)
        assert game["rated"] and not game["aborted"]
        assert game["seats"][late]["outcome"] == "timeout" and game["seats"][late]["place"] == 2
        assert game["seats"][1 - late]["place"] == 1


async def test_resigning_one_of_four_seats_leaves_it_to_a_bot_and_the_resigner_is_last(capsys):
    seats = [
        {"name": "air", "who": "me"},
        {"name": "water", "who": "open"},
        {"name": "fire", "who": "easy"},
        {"name": "earth", "who": "easy"},
    ]
    async with _table("spirits", seats) as (hub, time, alice, bob, served):
        await play_until(served, {0: alice, 1: bob}, lambda: len(served.decided) == 2)
        await bob.send({"type": "resign", "table": served.id})
        await alice.until(lambda m: m["type"] == "table" and m["seats"][1]["by_bot"])
        assert not served.finished  # a bot plays bob's seat to the end
        await play_until(served, {0: alice}, lambda: False)
        await _finished(served)
        told = await alice.until(lambda m: m["type"] == "table" and m["ended"])
        scores = told["view"]["scores"]
        assert scores["ranking"][-1] == [1] and scores["outcomes"][1] == "resigned"
        [game] = _history_json(capsys)
        places = {s["seat"]: s["place"] for s in game["seats"]}
        assert places[1] == 4
        assert [places[s] for group in scores["ranking"] for s in group] == sorted(places.values())
        bob_id = hub.club.players.by_name("bob").id
        [stats] = hub.club.standings.player_page(bob_id).games
        assert (stats.played, stats.won) == (1, 0)
        assert stats.average is None and stats.best is None  # the bot's points are not bob's


async def test_a_live_clock_survives_a_restart_as_it_stood():
    async with _table(clock=LIVE) as (hub, time, alice, bob, served):
        seat = served.deciding()
        assert served.clock.running == seat
        time.now += 29  # 29 s of thinking, then the server stops
        left = served.clock.left(seat, time.now)
    time.now += 600  # ten minutes down: nobody's time
    again = await _hub(time)
    try:
        restored = next(iter(again.tables.values()))
        assert restored.clock.running == seat
        assert restored.clock.left(seat, time.now) == pytest.approx(left, abs=0.01)
        assert restored.clock.left(1 - seat, time.now) == pytest.approx(300)
    finally:
        await again.close()


async def test_a_running_clock_is_kept_every_few_seconds_for_a_server_killed_without_warning(
    monkeypatch,
):
    monkeypatch.setattr(clock_keeper, "CLOCK_KEEP_S", 0.05)
    async with _table(clock=LIVE) as (hub, time, alice, bob, served):
        seat = served.deciding()
        time.now += 40
        await asyncio.sleep(0.3)
        stored = hub.club.tables.get(served.club_id).seats[seat].clock_ms
        assert stored == pytest.approx(260_000, abs=50)


async def test_the_clocks_are_not_looked_at_while_none_runs(monkeypatch):
    """The keeper of the running clocks woke every few seconds for the server's life; with no
    clock running it sleeps until one runs (the test above: one that starts later is kept)."""
    monkeypatch.setattr(clock_keeper, "CLOCK_KEEP_S", 0.02)
    looks: list[int] = []
    keep = clock_keeper.ClockKeeper.keep

    async def counted(self):
        looks.append(1)
        return await keep(self)

    monkeypatch.setattr(clock_keeper.ClockKeeper, "keep", counted)
    async with _table() as (hub, time, alice, bob, served):
        await asyncio.sleep(0.3)
        assert served.clock.running is None
        assert len(looks) <= 1


async def test_a_game_of_bots_alone_says_why_it_was_not_rated():
    """A table of bots alone is not rated: its log said 'a guest or an open seat played', which
    neither did."""
    from wish_tui.tables.seat import SPECTATOR

    from .test_hub import people

    bots = [{"name": "air", "who": "random"}, {"name": "water", "who": "random"}]
    async with people("alice") as (hub, alice):
        opened = await alice.ask({"type": "new_table", "game": "spirits", "seats": bots})
        table = hub.tables[opened["table"]]
        for _ in range(600):
            if table.finished:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        log = "\n".join(table.log_since(SPECTATOR, 0)[0])
        assert "This game was not rated (no person played: bots alone)." in log
        assert "guest" not in log
