"""The club at the table server: clocks (live with a Fischer increment, turn-based), timeouts
and resignations giving a seat to a bot for good, a rated end, a turn-based table played over
several connections, a killed server losing no action, rematch and invitations.

The hub runs with an injected clock, so no test waits for real minutes.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal

import pytest

from tests.clocks import FakeTime
from wish_tui.club import open_club
from wish_tui.server.hub import Hub
from wish_tui.server.hub.clocks import TableClock

from .test_hub import Client, legal_of, new_wish_table, people, play_until, sit, started_hub

pytestmark = pytest.mark.usefixtures("data_dir")


def test_a_live_clock_charges_the_decider_and_adds_the_increment():
    clock = TableClock({"type": "live", "minutes": 5, "increment": 3}, 2)
    clock.switch(0, 100.0, decided=False)
    assert clock.left(0, 130.0) == 270.0 and clock.left(1, 130.0) == 300.0
    clock.switch(1, 130.0)  # seat 0 decided after 30 s: 300 - 30 + 3
    assert clock.left(0, 200.0) == 273.0
    assert clock.deadline(130.0) == 430.0
    assert clock.timed_out(429.0) is None and clock.timed_out(430.0) == 1


def test_a_turn_based_clock_limits_each_move_and_the_whole_game():
    clock = TableClock({"type": "turn", "hours": 24, "total_days": 2}, 2)
    clock.switch(0, 0.0, decided=False)
    assert clock.deadline(0.0) == 24 * 3600
    clock.switch(1, 20 * 3600.0)
    clock.switch(0, 21 * 3600.0)
    # Seat 0 has 2 days less 20 h: a move may take 24 h, its whole time runs out after 28 h.
    assert clock.deadline(21 * 3600.0) == 21 * 3600.0 + 24 * 3600
    clock.seats[0].left = 3600.0
    assert clock.deadline(21 * 3600.0) == 22 * 3600.0


SEAT_TIMEOUT = 0.05
"""Seconds before a seat left by its person may be given to a bot, in these tests."""


async def _hub(time: FakeTime) -> Hub:
    return await started_hub(clock=time, seat_timeout=SEAT_TIMEOUT)


def at_club(time: FakeTime, *names: str):
    """`people` at a hub of these tests (on the clock `time`): the hub and a session for each
    of `names`, all closed afterwards."""
    return people(*names, clock=time, seat_timeout=SEAT_TIMEOUT)


async def _new(client: Client, seats, **extra) -> dict:
    await client.send({"type": "new_table", "game": "wish", "seats": seats, **extra})
    return await client.until(lambda m: m["type"] == "table")


async def _decide(served, clients: dict, seats: set[int]) -> None:
    """The people at `clients` (seat to client) play until every seat of `seats` has taken a
    decision of its own, and a person decides now."""
    await play_until(
        served, clients, lambda: seats <= served.decided and served.deciding() in clients
    )


async def test_a_live_timeout_gives_the_seat_to_a_bot_and_the_game_is_lost_for_that_person():
    time = FakeTime()
    async with people("alice", "bob", clock=time, seat_timeout=SEAT_TIMEOUT) as (hub, alice, bob):
        clock = {"type": "live", "minutes": 1, "increment": 0}
        seats = [
            {"name": "air", "who": "me"},
            {"name": "water", "who": "open"},
            {"name": "fire", "who": "easy"},
        ]
        table = await _new(alice, seats, clock=clock)
        table_id = table["table"]
        await bob.send({"type": "join", "table": table_id, "seat": 1})
        await bob.until(lambda m: m["type"] == "table")
        served = hub.tables[table_id]
        # Three seats, and each person has taken a decision: the game goes on with a bot.
        await _decide(served, {0: alice, 1: bob}, {0, 1})
        seat = served.deciding()
        late = (alice, bob)[seat]
        told = await late.table_at(served.actions)
        assert told["clock"]["running"] == seat
        time.now += 61  # the deciding person's minute is gone
        hub.clocks.run(served, decided=False)
        await asyncio.sleep(0.2)
        assert served.seats[seat].outcome == "timeout" and served.seats[seat].zombie
        assert not served.finished
        told = await late.until(lambda m: m["type"] == "table" and m["seats"][seat]["by_bot"])
        assert not told["seats"][seat]["mine"]
        await late.send({"type": "play", "table": table_id, "action": "end", "expect": 0})
        refused = await late.until(lambda m: m["type"] == "error")
        assert "a bot plays your seat" in refused["error"]
        stored = hub.club.tables.by_code(table_id)
        assert stored.seats[seat].outcome == "timeout"


async def test_no_clock_runs_until_every_seat_is_taken():
    time = FakeTime()
    async with people("alice", "bob", clock=time, seat_timeout=SEAT_TIMEOUT) as (hub, alice, bob):
        clock = {"type": "live", "minutes": 1, "increment": 0}
        seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
        for _ in range(20):  # a table at which alice decides first
            table = await _new(alice, seats, clock=clock)
            table_id = table["table"]
            served = hub.tables[table_id]
            if served.deciding() == 0:
                break
        assert served.deciding() == 0
        assert table["clock"]["running"] is None  # alice may decide, but bob is not there yet
        time.now += 600  # ten minutes of waiting for a friend
        hub.clocks.run(served, decided=False)
        await asyncio.sleep(0.1)
        assert not any(s.outcome for s in served.seats)
        await bob.send({"type": "join", "table": table_id, "seat": 1})
        joined = await bob.until(lambda m: m["type"] == "table")
        assert joined["clock"]["running"] == served.deciding()
        assert [round(left) for left in joined["clock"]["left"]] == [60, 60]


async def test_resigning_asks_nothing_of_the_hub_twice_and_a_lone_person_ends_the_game():
    time = FakeTime()
    hub = await _hub(time)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    table = await _new(alice, [{"name": "air", "who": "me"}, {"name": "water", "who": "easy"}])
    table_id = table["table"]
    served = hub.tables[table_id]
    await _decide(served, {0: alice}, {0})  # else the game would be aborted, not lost
    await alice.send({"type": "resign", "table": table_id})
    await asyncio.sleep(0.3)
    assert served.seats[0].outcome == "resigned"
    assert served.finished  # no person was left: the game ended, and the club has its end
    (game,) = hub.club.history.page(player_id=hub.club.players.by_name("alice").id)
    mine = next(s for s in game.seats if s.player == "alice")
    assert mine.outcome == "resigned" and mine.place == len(game.seats)
    await alice.send({"type": "resign", "table": table_id})
    again = await alice.until(lambda m: m["type"] == "error")
    assert "no seat at this table to resign" in again["error"]
    alice.close()
    await hub.close()


async def test_a_rated_game_between_two_people_moves_their_ratings_and_is_in_the_history():
    time = FakeTime()
    async with people("alice", "bob", clock=time, seat_timeout=SEAT_TIMEOUT) as (hub, alice, bob):
        spirits = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
        await alice.send({"type": "new_table", "game": "spirits", "seats": spirits})
        table = await alice.until(lambda m: m["type"] == "table")
        table_id = table["table"]
        await bob.send({"type": "join", "table": table_id, "seat": 1})
        served = hub.tables[table_id]
        clients = {0: alice, 1: bob}
        for _ in range(400):
            if served.is_over:
                break
            seat = served.deciding()
            view = await clients[seat].table_at(served.actions)
            await clients[seat].send(
                {
                    "type": "play",
                    "table": table_id,
                    "action": legal_of(view)[0],
                    "expect": view["actions"],
                }
            )
            await clients[seat].table_at(served.actions + 1) if not served.is_over else None
        assert served.is_over
        await asyncio.sleep(0.3)
        assert served.finished
        board = hub.club.standings.leaderboard("spirits")
        assert {row.name for row in board} == {"alice", "bob"}
        assert all(row.games == 1 for row in board)
        await alice.send({"type": "history", "mine": True})
        page = await alice.until(lambda m: m["type"] == "page")
        assert page["rows"][0]["game"] == "spirits"
        await alice.send({"type": "archive", "game_id": page["rows"][0]["table_id"]})
        archive = await alice.until(lambda m: m["type"] == "archive")
        assert len(archive["record"]["actions"]) == served.actions


async def test_a_turn_based_table_is_played_over_several_connections():
    time = FakeTime()
    hub = await _hub(time)
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    clock = {"type": "turn", "hours": 24, "total_days": 14}
    table = await _new(alice, seats, kind="turn", clock=clock)
    table_id = table["table"]
    alice.close()
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    await bob.send({"type": "join", "table": table_id, "seat": 1})
    await bob.until(lambda m: m["type"] == "table")
    bob.close()
    served = hub.tables[table_id]
    moves = 0
    for _ in range(6):  # each person comes back, finds their move first in the lobby, plays it
        seat = served.deciding()
        time.now += 3 * 3600
        name = ("alice", "bob")[seat]
        person = await Client.connect(hub, f"SHA256:{name}-key", name)
        await person.send({"type": "lobby"})
        lobby = await person.until(lambda m: m["type"] == "lobby")
        first = lobby["tables"][0]
        assert first["table"] == table_id and first["your_move"] and first["since"] >= 3 * 3600
        await person.send({"type": "open", "table": table_id})
        view = await person.until(lambda m: m["type"] == "table")
        await person.send(
            {
                "type": "play",
                "table": table_id,
                "action": legal_of(view)[0],
                "expect": view["actions"],
            }
        )
        await person.table_at(view["actions"] + 1)
        moves += 1
        person.close()
        await asyncio.sleep(0.05)
    assert served.actions == moves and not served.seats[0].outcome and not served.seats[1].outcome
    await hub.close()


def _serve_and_play(data_dir: str, ready, played) -> None:
    """A server process that plays actions of a solo table, then waits to be killed."""

    async def main() -> None:
        hub = Hub(data_dir=__import__("pathlib").Path(data_dir), bot_pace=0.0, rate_limits={})
        await hub.start()
        alice = await Client.connect(hub, "SHA256:alice-key", "alice")
        await alice.send(
            {
                "type": "new_table",
                "game": "wish",
                "seats": [{"name": "air", "who": "me"}],
                "solo": "easy",
            }
        )
        table = await alice.until(lambda m: m["type"] == "table")
        served = hub.tables[table["table"]]
        done = served.actions
        for _ in range(5):
            action = legal_of(await alice.table_at(done))[0]
            await alice.send({"type": "play", "table": served.id, "action": action, "expect": done})
            told = await alice.until(
                lambda m, done=done: m["type"] == "table" and m["actions"] > done
            )
            done = told["actions"]  # told: so it is in the database
        played.value = done
        ready.set()
        await asyncio.sleep(60)

    asyncio.run(main())


def test_a_killed_server_loses_no_action_anyone_was_told_of(data_dir):
    context = multiprocessing.get_context("spawn")
    ready, played = context.Event(), context.Value("i", 0)
    process = context.Process(target=_serve_and_play, args=(str(data_dir), ready, played))
    process.start()
    assert ready.wait(60), "the server never played"
    os.kill(process.pid, signal.SIGKILL)
    process.join(10)
    club = open_club(data_dir)
    try:
        loaded, problems = club.tables.load_unfinished()
        assert not problems and len(loaded) == 1
        assert len(loaded[0].record.actions) == played.value
    finally:
        club.close()


async def test_your_move_counts_from_when_the_decision_began_across_a_restart():
    """The lobby's 'YOUR MOVE (3 h)' is read from the stored table: a restart of the server
    started it again from nothing."""
    import time as real

    time = FakeTime()
    time.now = real.time()  # the club's rows keep the real time of each action
    hub = await _hub(time)
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    table = await _new(
        alice, seats, kind="turn", clock={"type": "turn", "hours": 24, "total_days": 14}
    )
    await bob.send({"type": "join", "table": table["table"], "seat": 1})
    await bob.until(lambda m: m["type"] == "table")
    served = hub.tables[table["table"]]
    await play_until(served, {0: alice, 1: bob}, lambda: served.actions >= 2)
    seat = served.deciding()
    person = ("alice", "bob")[seat]
    for client in (alice, bob):
        client.close()
    time.now += 3600  # an hour after the decision became theirs, the server stops
    await hub.close()
    time.now += 2 * 3600  # two hours later it starts again
    hub = await _hub(time)
    try:
        client = await Client.connect(hub, f"SHA256:{person}-key", person)
        await client.send({"type": "lobby"})
        lobby = await client.until(lambda m: m["type"] == "lobby")
        [mine] = [t for t in lobby["tables"] if t["table"] == table["table"]]
        assert mine["your_move"] and 3 * 3600 - 60 <= mine["since"] <= 3 * 3600 + 60
        client.close()
    finally:
        await hub.close()


async def test_a_hub_closed_before_a_seat_timeout_tells_no_one_after_it(monkeypatch):
    from wish_tui.server.hub.presence import TablePresence

    told: list[str] = []
    monkeypatch.setattr(TablePresence, "tell_absent", lambda self, person, *_: told.append(person))
    hub = await started_hub(seat_timeout=0.3)
    alice = await Client.connect(hub, "SHA256:alice-key", "alice")
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    try:
        table_id = await new_wish_table(alice)
        await sit(bob, table_id, 1)
        bob.close()
        await asyncio.sleep(0.1)  # bob is away: the table's players told after the seat timeout
    finally:
        alice.close()
        await hub.close()
    await asyncio.sleep(0.5)
    assert told == []
