"""The lobby lists the open and running tables: a finished one stays a short while (its players,
back from its end screen, find it), the latest few only, then leaves the list for the history,
where it is replayed; so no lobby list grows with the games a club has played (an arena of
1,087 tables made lists too long to send)."""

from __future__ import annotations

import asyncio

import pytest

from tests.clocks import FakeTime
from wish_tui.server.hub import table_requests
from wish_tui.server.hub.listed_tables import FINISHED_LISTED_FOR, FINISHED_LISTED_MOST
from wish_tui.tables.protocol import encode

from .test_club_tables import _decide
from .test_hub import Client, people

pytestmark = pytest.mark.usefixtures("data_dir")

AGAINST_A_BOT = [{"name": "air", "who": "me"}, {"name": "water", "who": "easy"}]


async def _ended_at_once(client: Client) -> str:
    """A table `client` opens against a bot and leaves at once (it ends, aborted)."""
    opened = await client.ask({"type": "new_table", "game": "spirits", "seats": AGAINST_A_BOT})
    assert opened["type"] == "table", opened
    await client.send({"type": "resign", "table": opened["table"]})
    await client.until(lambda m: m["type"] == "table" and m["ended"])
    return opened["table"]


def _session(hub, client: Client):
    return next(s for s in hub.sessions if s.person == client.person)


async def test_finished_tables_leave_the_lobby_list_and_the_list_stays_short():
    time = FakeTime()
    async with people("alice", "bob", "cy", clock=time) as (hub, alice, bob, cy):
        ended = [await _ended_at_once(client) for client in (alice, bob) * 12]
        running = await cy.ask({"type": "new_table", "game": "spirits", "seats": AGAINST_A_BOT})
        assert all(hub.tables[table].finished for table in ended)
        lobby = hub.lobby(_session(hub, cy))
        listed = [row["table"] for row in lobby["tables"]]
        assert running["table"] in listed
        # The latest finished tables only, while they are new.
        assert [t for t in listed if t in ended] == ended[-FINISHED_LISTED_MOST:]
        time.now += FINISHED_LISTED_FOR + 1
        lobby = hub.lobby(_session(hub, cy))
        assert [row["table"] for row in lobby["tables"]] == [running["table"]]
        assert {t for person in lobby["online"] for t in person["tables"]} == {running["table"]}
        assert len(encode(lobby)) < 4000


async def test_a_finished_game_gone_from_the_lobby_is_in_the_history_and_replayed():
    time = FakeTime()
    async with people("alice", clock=time) as (hub, alice):
        opened = await alice.ask({"type": "new_table", "game": "wish", "seats": AGAINST_A_BOT})
        served = hub.tables[opened["table"]]
        await _decide(served, {0: alice}, {0})  # a decided game: rated, in the history
        await alice.send({"type": "resign", "table": served.id})
        await alice.until(lambda m: m["type"] == "table" and m["ended"])
        await asyncio.sleep(0.2)
        assert served.finished
        (row,) = hub.lobby(_session(hub, alice))["tables"]  # for a while, back from the end
        assert row["table"] == served.id and row["ended"] and row["mine"]
        time.now += FINISHED_LISTED_FOR + 1
        assert hub.lobby(_session(hub, alice))["tables"] == []
        await alice.send({"type": "history", "mine": True})
        page = await alice.until(lambda m: m["type"] == "page")
        assert [row["table_id"] for row in page["rows"]] == [served.club_id]
        await alice.send({"type": "archive", "game_id": page["rows"][0]["table_id"]})
        archive = await alice.until(lambda m: m["type"] == "archive")
        assert len(archive["record"]["actions"]) == served.actions


async def test_finished_tables_count_for_no_limit_on_tables(monkeypatch):
    """The server's and a person's limits on tables count the unfinished ones only: else, once
    as many games had ended since the server started, no one could open a table."""
    monkeypatch.setattr(table_requests, "MAX_TABLES", 3)
    monkeypatch.setattr(table_requests, "MAX_TABLES_PER_PERSON", 2)
    async with people("alice") as (hub, alice):
        for _ in range(4):
            await _ended_at_once(alice)
        opened = await alice.ask({"type": "new_table", "game": "spirits", "seats": AGAINST_A_BOT})
        assert opened["type"] == "table", opened


async def test_the_hub_lets_a_finished_table_go_once_unlisted_and_no_one_looks_at_it():
    time = FakeTime()
    async with people("alice", "bob", clock=time) as (hub, alice, bob):
        left = await _ended_at_once(alice)
        await alice.ask({"type": "lobby"})  # alice leaves the end screen
        looked_at = await _ended_at_once(bob)  # bob stays at his
        hub.lobby(_session(hub, alice))  # seen ended
        time.now += FINISHED_LISTED_FOR + 1
        hub.tell_lobby()
        await alice.until(lambda m: m["type"] == "lobby" and not m["tables"])
        assert left not in hub.tables and looked_at in hub.tables
        again = await alice.ask({"type": "open", "table": left})
        club_id = hub.club.tables.by_code(left).id
        assert again == {
            "type": "error",
            "error": f"Table '{left}' is over: its game is number {club_id} in the history (h "
            f"in the lobby; 'replay {club_id}' in plain text).",
        }
        await alice.send({"type": "archive", "game_id": club_id})  # where it points: there
        assert (await alice.until(lambda m: m["type"] in ("archive", "error")))["type"] == "archive"
        watched = await alice.ask({"type": "watch", "table": left})
        assert "in the history" in watched["error"]
        missing = await alice.ask({"type": "open", "table": "zzzz"})
        assert missing["error"].endswith(": the lobby lists the open ones.")
