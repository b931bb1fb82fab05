"""A table opened with a seat left open for a friend says its number at the table: the lobby
tells a newcomer to "tell your friends its number", and the app takes them to the table at
once, where the number was said nowhere. The way back to the tables is still said beside it."""

from __future__ import annotations

from tests.server.test_remote_screens import alices_hub, table_screen, until
from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen


def status_of(screen) -> str:
    return screen.query_one("#status").text.plain


async def test_the_wait_for_an_open_seat_names_the_table_a_friend_joins(tmp_path, monkeypatch):
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    seats = [{"name": "air", "who": "me"}, {"name": "water", "who": "open"}]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            app.server_send({"type": "new_table", "game": "wish", "seats": seats})
            await until(pilot, lambda: table_screen(app) is not None, "the table")
            screen = table_screen(app)
            for _ in range(40):  # alice answers her setup windows: then the open seat decides
                if screen.table.deciding == 1:
                    break
                await pilot.press("1")
                await pilot.pause(0.05)
            await until(pilot, lambda: screen.table.deciding == 1, "the open seat to decide")
            await until(pilot, lambda: "Waiting for" in status_of(screen), "the wait")
            status = status_of(screen)
            assert f"Waiting for Water (open seat) at table {screen.table.id}." in status, status
            assert "q back to the tables" in status, status  # still said at 80 columns
    finally:
        await hub.close()
