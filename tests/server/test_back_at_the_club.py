"""A person waited for who connects to the club again, without opening the table, is no longer
someone a bot may play for at once (the table server waits the seat timeout again from their
return): the others' waiting line stops offering z when they come back, and offers it again
only once the server would accept it."""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import Person
from tests.server.test_remote_screens import alices_hub, table_screen, until
from tests.server.test_table_people_screens import BOB, alice_with_bob
from tests.ui.test_news_in_sight import screen_rows

SEAT_TIMEOUT = 2.0
"""Long enough for the app to hear that bob is back before he may be played for again."""


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 11, seat_timeout=SEAT_TIMEOUT)
    yield hub
    await hub.close()


async def test_z_is_offered_no_more_once_the_person_waited_for_connects_again(hub):
    async with alice_with_bob(hub) as (pilot, app, bob, table_id):
        screen = table_screen(app)
        for _ in range(20):  # alice answers her first decisions: then bob is to decide
            if screen.table.deciding == 1:
                break
            await pilot.press("1")
            await pilot.pause(0.05)
        await until(pilot, lambda: screen.table.deciding == 1, "bob to decide")
        assert await bob.leave() == 0  # bob's client goes: he is gone from the server
        await until(
            pilot,
            lambda: "z lets a bot play for them" in "".join(screen_rows(app)),
            "the waiting line offers z",
        )
        again = await Person(hub, BOB, "bob").arrive(returning=True)
        await until(
            pilot,
            lambda: "z lets a bot" not in "".join(screen_rows(app)),
            "z no longer offered once bob is connected again",
        )
        assert 1 not in screen.table.away_long
        await until(
            pilot,
            lambda: any("bob is connected again" in str(n.message) for n in app._notifications),
            "alice told in words",
        )
        await until(
            pilot,
            lambda: "z lets a bot play for them" in "".join(screen_rows(app)),
            "z offered again after the seat timeout",
        )
        assert await again.leave() == 0
