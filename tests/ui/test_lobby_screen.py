"""The lobby's screen as the table server's lists reach it: a list that changed in one cell is
redrawn in that cell, with the cursor where the person left it, and a club of hundreds online is
counted, not listed whole (issue 23)."""

from __future__ import annotations

from textual.app import App
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from wish_tui.ui.lobby import ONLINE_NAMED, LobbyScreen


class LobbyApp(App):
    """Just the lobby; what it would send to the table server is dropped."""

    def server_send(self, message: dict) -> None:
        pass

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen("alice"))


def entry(number: int, progress: str) -> dict:
    return {
        "table": str(number),
        "game": "wish",
        "title": "Wish",
        "seats": ["Air (bob)", "Water (carol)"],
        "open": [],
        "connected": [True, True],
        "mine": False,
        "owner": False,
        "progress": progress,
        "solo": "",
        "over": False,
        "ended": "",
        "kind": "live",
        "clock": None,
        "your_move": False,
        "since": None,
        "new": False,
    }


def lobby(progress: list[str], online: int = 2) -> dict:
    return {
        "type": "lobby",
        "tables": [entry(i + 1, p) for i, p in enumerate(progress)],
        "you": "alice",
        "online": [{"name": f"p{i:03d}", "tables": []} for i in range(online)],
        "invitations": [],
    }


async def test_a_changed_progress_is_redrawn_in_its_cell_and_the_cursor_stays():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1", "round 1", "round 1"]))
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        await pilot.press("down", "down")
        row_keys = [row.key for row in grid.ordered_rows]
        app.screen.show(lobby(["round 2", "round 1", "round 1"]))
        await pilot.pause()
        assert grid.get_cell_at(Coordinate(0, 3)) == "round 2"
        assert [row.key for row in grid.ordered_rows] == row_keys  # not cleared and filled again
        assert grid.cursor_row == 2
        app.screen.show(lobby(["round 2", "round 1"]))  # a table went: the list is new
        await pilot.pause()
        assert grid.row_count == 2 and grid.cursor_row == 1


async def test_hundreds_online_are_counted_and_a_few_named():
    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"], online=200))
        await pilot.pause()
        text = str(app.screen.query_one("#people", Static).content)
        assert text.startswith("Online (200): p000, p001")
        assert text.endswith(f"and {200 - ONLINE_NAMED} more")
        assert f"p{ONLINE_NAMED:03d}" not in text
