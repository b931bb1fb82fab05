"""The terminal app at a table whose game has ended (its final scoring, or the board of an
aborted game) is taken to the table a seek seats its person at, without a key pressed (as
lichess's arena takes its players on)."""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import ALICE
from wish_tui.launch import Launch
from wish_tui.tables.remote import TOKEN_ENV
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen

from .test_hub import Client
from .test_remote_screens import alices_hub, table_screen, until


@pytest.fixture(autouse=True)
def looked_at_by_the_test(monkeypatch):
    """The server's own looks at the seeks wait: the seeks here are taken at once."""
    monkeypatch.setattr("wish_tui.server.hub.seeks.SEEK_EVERY", 3600.0)


async def test_the_app_at_an_ended_table_is_taken_to_the_next_one(tmp_path, monkeypatch):
    hub = await alices_hub(tmp_path, monkeypatch)
    hub.club.players.register(ALICE, "alice")  # a member (a guest takes no seek)
    monkeypatch.setenv(TOKEN_ENV, hub.register_session(ALICE, "alice"))
    bob = await Client.connect(hub, "SHA256:bob-key", "bob")
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await bob.send({"type": "seek", "game": "wish"})
            await bob.until(lambda m: m["type"] == "notice")
            app.server_send({"type": "accept_seek", "id": 1})
            await until(pilot, lambda: table_screen(app) is not None, "the first table")
            first = table_screen(app).table.id
            await bob.send({"type": "resign", "table": first})  # two seats: the game ends
            await until(pilot, lambda: hub.tables[first].finished, "the first game's end")
            await until(pilot, lambda: app.remote_table.ended, "the game's end shown")
            await bob.send({"type": "seek", "game": "wish"})
            await bob.until(lambda m: m["type"] == "notice" and "seek 2" in m["text"])
            app.server_send({"type": "accept_seek", "id": 2})
            await until(
                pilot,
                lambda: table_screen(app) is not None and table_screen(app).table.id != first,
                "the next table shown",
            )
            assert app.screen is table_screen(app)  # nothing of the ended table left on top
    finally:
        bob.close()
        await hub.close()
