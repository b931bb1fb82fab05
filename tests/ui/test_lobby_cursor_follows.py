"""The lobby's highlight follows its table, not its place in the list: the list is sorted anew
as turns change (the tables where it is your move first), and a cursor left on a place landed
Enter or a tap on another table than the one aimed at."""

from __future__ import annotations

from textual.widgets import Static

from tests.ui.lobby_app import LobbyApp
from tests.ui.test_lobby_screen import entry
from wish_tui.widgets.row_list import RowList


def tables(*numbers: int) -> dict:
    return {
        "type": "lobby",
        "tables": [entry(n, "round 1") for n in numbers],
        "you": "alice",
        "online": [],
        "invitations": [],
    }


async def test_the_highlight_stays_on_its_table_when_the_rows_are_reordered_added_or_removed():
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.show(tables(1, 2, 3, 4))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        await pilot.press("down", "down")  # on table 3
        await pilot.pause()
        app.screen.show(tables(3, 1, 2, 4))  # table 3 now your move: it comes first
        await pilot.pause()
        assert rows.rows[rows.cursor_row][0] == "3"
        detail = app.screen.query_one("#detail", Static).content
        assert detail.startswith("Table 3:")
        app.screen.show(tables(5, 6, 1, 2, 3, 4))  # two tables opened above it
        await pilot.pause()
        assert rows.rows[rows.cursor_row][0] == "3"
        await pilot.press("enter")
        await pilot.pause()
        assert app.sent[-1] == {"type": "watch", "table": "3"}


async def test_a_highlighted_table_that_leaves_gives_the_highlight_to_its_nearest_neighbour():
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.show(tables(1, 2, 3, 4))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        await pilot.press("down")  # on table 2
        await pilot.pause()
        app.screen.show(tables(4, 3, 1))  # table 2 closed, the rest reordered
        await pilot.pause()
        assert rows.rows[rows.cursor_row][0] == "3"  # the row after it, as it was listed
        app.screen.show(tables(4, 1))  # table 3 closed too: the one after it, then
        await pilot.pause()
        assert rows.rows[rows.cursor_row][0] == "1"
        app.screen.show(tables(4))  # the last row gone: the one before it
        await pilot.pause()
        assert rows.rows[rows.cursor_row][0] == "4"
        assert app.screen.query_one("#detail", Static).content.startswith("Table 4:")
