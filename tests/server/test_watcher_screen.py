"""A table watched from the rail, in the terminal app: a clocked table's clock shows on the
watcher's status line as on the players', and `?` shows the keys a watcher has.

Seen: a watcher of a live table with a clock never saw it; `?` did nothing on the watch screen.
"""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import Person
from tests.server.test_remote_screens import alices_hub, until
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.watch import WatchScreen

BOB = "SHA256:bob-key-00001"


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    """A table server in this process, and alice's session on it for the app made next."""
    hub = await alices_hub(tmp_path, monkeypatch, seed_source=lambda: 11, seat_timeout=0.2)
    yield hub
    await hub.close()


async def watching(pilot, app, hub, setup: str) -> tuple[WatchScreen, Person]:
    """Bob (plain) opens a table (`setup`: the plain client's words after 'new'); alice's app
    watches it: its watch screen, and bob."""
    bob = await Person(hub, BOB, "bob").arrive()
    bob.type(f"new {setup}")
    table_id = (await bob.see("You sit at table ")).split("table ", 1)[1].split(":")[0]
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    app.server_send({"type": "watch", "table": table_id})
    await until(
        pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.is_mounted, "watch"
    )
    return app.screen, bob


async def test_a_watcher_of_a_clocked_table_sees_its_clock_on_the_status_line(hub):
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(80, 24)) as pilot:
        watch, bob = await watching(pilot, app, hub, "wish air water:easy live 5+3")
        await until(pilot, lambda: "◷" in watch.query_one("#status").text.plain, "the clock")
        status = watch.query_one("#status").text.plain
        assert status.startswith("◷ ▶Air ") and "Water 5:00 │ Watching" in status, status
        # It counts down between the server's messages, as the players' does.
        await until(
            pilot, lambda: watch.query_one("#status").text.plain != status, "a second gone", 200
        )
        assert watch.query_one("#status").text.plain.startswith("◷ ▶Air 4:")
        assert await bob.leave() == 0


async def test_a_watcher_of_a_table_without_a_clock_sees_no_clock(hub):
    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(80, 24)) as pilot:
        watch, bob = await watching(pilot, app, hub, "wish air water:easy")
        await pilot.pause()
        assert "◷" not in watch.query_one("#status").text.plain
        assert await bob.leave() == 0


@pytest.mark.parametrize(
    "setup", ["wish air water:easy", "spirits air water:easy", "wishland red blue:easy"]
)
async def test_question_mark_shows_a_watchers_keys_and_the_boards_marks(hub, setup):
    """A watcher's keys window names the keys a watcher has, none of a player's turn, and reads
    the seat mark as the seat shown ('◀ your seat' and '◀ you' were a player's words)."""
    from wish_tui.ui.screens.help_screens import KeysScreen

    app = WishApp(Launch(screen="client"))
    async with app.run_test(size=(80, 24)) as pilot:
        _watch, bob = await watching(pilot, app, hub, setup)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys window")
        text = app.screen.text
        for words in ("/ ", "chat", "v ", "another seat", "q ", "PageUp/PageDown"):
            assert words in text, text
        for words in ("your seat", "◀ you", "Undo", "undo", "Hint", "ctrl+s"):
            assert words not in text, text
        if not setup.startswith("wish "):
            assert "◀ the seat shown" in text, text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen), "the board again")
        assert await bob.leave() == 0
