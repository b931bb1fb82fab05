"""A table opened with its members seated (an accepted seek, a tournament's pairing) takes each
member there by itself from the lobby or a finished table, as lichess's arena does; a member in
the middle of another game is only told, in a notice."""

from __future__ import annotations

import pytest

from .test_club_tables import FakeTime, at_club
from .test_hub import Client

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture(autouse=True)
def looked_at_by_the_test(monkeypatch):
    """The server's own looks at the seeks wait: the seeks here are taken at once."""
    monkeypatch.setattr("wish_tui.server.hub.seeks.SEEK_EVERY", 3600.0)


async def _seated_by_seek(seeker: Client, taker: Client) -> str:
    """`seeker` posts a seek, `taker` takes it; the new table's code (from the notice)."""
    await seeker.send({"type": "seek", "game": "wish"})
    posted = await seeker.until(lambda m: m["type"] == "notice")
    await taker.send({"type": "accept_seek", "id": int(posted["text"].split()[2].rstrip(":"))})
    told = await seeker.until(lambda m: m["type"] == "notice" and "is full" in m["text"])
    return told["text"].split("your table is ")[1].split()[0]


async def test_members_at_a_finished_table_are_taken_to_their_new_one():
    async with at_club(FakeTime(), "alice", "bob") as (hub, alice, bob):
        first = await _seated_by_seek(alice, bob)
        await bob.until(lambda m: m["type"] == "table" and m["table"] == first)
        await bob.send({"type": "resign", "table": first})  # two seats: the game ends
        await alice.until(lambda m: m["type"] == "table" and m.get("ended"))
        assert hub.tables[first].finished
        second = await _seated_by_seek(alice, bob)
        assert second != first
        for client in (alice, bob):  # no 'open' typed: the new table is shown them
            shown = await client.until(lambda m: m["type"] == "table" and m["table"] == second)
            assert shown["seat"] is not None


async def test_a_member_in_the_middle_of_a_game_is_only_told():
    async with at_club(FakeTime(), "alice", "bob", "carol") as (hub, alice, bob, carol):
        first = await _seated_by_seek(alice, bob)
        await alice.until(lambda m: m["type"] == "table" and m["table"] == first)
        second = await _seated_by_seek(alice, carol)
        await carol.until(lambda m: m["type"] == "table" and m["table"] == second)
        (alice_session,) = [s for s in hub.sessions if s.person == alice.person]
        assert alice_session.table == first and not hub.tables[first].is_over
        await alice.send({"type": "lobby"})  # a round trip: whatever was sent her came first
        await alice.until(lambda m: m["type"] == "lobby")
        assert alice.last_table["table"] == first
