"""Who is connected: a person with two sessions is connected until the last of them goes, and
their seat shows it."""

from __future__ import annotations

import asyncio

import pytest

from .test_hub import Client, started_hub

pytestmark = pytest.mark.usefixtures("data_dir")


async def until(done, tries: int = 500) -> bool:
    for _ in range(tries):
        if done():
            return True
        await asyncio.sleep(0.01)
    return done()


async def test_a_person_is_connected_until_their_last_session_goes():
    hub = await started_hub()
    try:
        first = await Client.connect(hub, "SHA256:alice-key", "alice")
        second = await Client.connect(hub, "SHA256:alice-key", "alice")
        bob = await Client.connect(hub, "SHA256:bob-key", "bob")
        assert first.person == second.person != bob.person
        assert hub.connected(first.person) and hub.connected(bob.person)
        assert not hub.connected("P999")
        first.close()
        await until(lambda: len(hub.sessions) == 2)
        assert len(hub.sessions) == 2
        assert hub.connected(second.person)
        assert hub.people.sessions_of(second.person) == {
            s for s in hub.sessions if s.person == second.person
        }
        second.close()
        assert await until(lambda: not hub.connected(second.person))
        assert hub.connected(bob.person)
        assert first.person in hub.away_since
        bob.close()
        assert await until(lambda: not hub.connected(bob.person))
    finally:
        await hub.close()
