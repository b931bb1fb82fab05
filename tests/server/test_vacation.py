"""Vacation at a real table server: a member's turn-based clock stops while they are on
vacation (their time left stays, no alert is sent them) and runs again when it ends; the
profile page says it; a guest and a bad number are refused in one sentence."""

from __future__ import annotations

import pytest

from .test_club_tables import FakeTime, at_club
from .test_hub import play_until
from .waiting_tables import tables_waiting_for_bob

pytestmark = pytest.mark.usefixtures("data_dir")  # its own data directory for each test

CLOCK = {"type": "turn", "hours": 72, "total_days": 14}


@pytest.fixture(autouse=True)
def looked_at_by_the_test(monkeypatch):
    """The server's own looks wait: the test looks when it means to."""
    monkeypatch.setattr("wish_tui.server.hub.turn_alerts.ALERT_EVERY", 3600.0)
    monkeypatch.setattr("wish_tui.server.hub.vacations.VACATION_EVERY", 3600.0)


async def test_a_vacation_stops_the_turn_based_clock_and_ending_it_runs_it_again():
    time = FakeTime()
    async with at_club(time, "alice", "bob") as (hub, alice, bob):
        seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
        await alice.send(
            {"type": "new_table", "game": "wish", "seats": seats, "kind": "turn", "clock": CLOCK}
        )
        table = await alice.until(lambda m: m["type"] == "table")
        await bob.send({"type": "join", "table": table["table"], "seat": 1})
        await bob.until(lambda m: m["type"] == "table")
        served = hub.tables[table["table"]]
        await play_until(served, {0: alice}, lambda: served.deciding() == 1)
        time.now += 3600
        await bob.send({"type": "vacation", "days": 3})
        told = await bob.until(lambda m: m["type"] == "notice")
        assert told["text"].startswith("You are on vacation until ")
        assert "the clocks of your turn-based tables wait (27 of 30 days left in" in told["text"]
        left = served.clock.left(1, time.now)
        assert served.clock.running is None and left == 14 * 86400 - 3600
        time.now += 2 * 86400
        assert served.clock.left(1, time.now) == left and served.clock.timed_out(time.now) is None
        await bob.send({"type": "profile"})
        page = await bob.until(lambda m: m["type"] == "page" and m["page"] == "profile")
        assert page["vacation"]["until"] and page["vacation"]["days_used"] == 3
        await bob.send({"type": "vacation", "days": 0})  # its first day is begun: counted
        told = await bob.until(lambda m: m["type"] == "notice")
        assert told["text"].startswith("You are not on vacation (29 of 30 days left")
        assert served.clock.running == 1
        time.now += 60
        assert served.clock.left(1, time.now) == left - 60


async def test_a_member_on_vacation_hears_of_no_move():
    async with at_club(FakeTime()) as (hub,):
        bob_id = hub.club.players.register("SHA256:bob-key", "bob").id
        await hub.record(hub.club.vacations.start, bob_id, 2)
        await hub.vacations.load()
        alerts = {"webhook": "http://127.0.0.1:9/hook"}
        alice, _, (served,) = await tables_waiting_for_bob(hub, alerts)
        assert served.deciding() == 1 and hub.vacations.is_away(served.seats[1].person)
        await hub.alerts.look()
        assert hub.club.alerts.queue_counts()["waiting"] == 0
        alice.close()


@pytest.mark.parametrize(
    "days, error",
    [
        ("3", '"days" must be a whole number of days (0 ends a vacation).'),
        (31, "A vacation is 1 to 30 days: you have 30 of 30 left in "),
        (-2, "A vacation is 1 to 30 days"),
    ],
)
async def test_a_bad_vacation_is_one_sentence(days, error):
    async with at_club(FakeTime(), "bob") as (hub, bob):
        await bob.send({"type": "vacation", "days": days})
        refused = await bob.until(lambda m: m["type"] == "error")
        assert refused["error"].startswith(error)
        assert hub.vacations.until == {}
