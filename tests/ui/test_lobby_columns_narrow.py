"""A lobby column narrows again once its longest cell is shorter: the Status column kept the
width of 'YOUR MOVE (3 s)' after the move had gone, trailing blanks after 'you play'."""

from __future__ import annotations

from tests.ui.lobby_app import LobbyApp
from tests.ui.test_lobby_screen import lobby
from wish_tui.widgets.row_list import RowList


def gap(header: str, left: str, right: str) -> int:
    """The cells from the start of column `left` to the start of `right` in the header."""
    return header.index(right) - header.index(left)


async def test_the_status_column_narrows_once_your_move_has_gone():
    app = LobbyApp()
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        yours = lobby(["round 1", "round 1"])
        yours["tables"][0].update(mine=True, your_move=True, since=3)
        app.screen.show(yours)
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        assert gap(rows.render_line(0).text, "Status", "Game") == len("YOUR MOVE (3 s)") + 2
        played = lobby(["round 1", "round 1"])
        played["tables"][0].update(mine=True)
        app.screen.show(played)  # the move is the other seat's now
        await pilot.pause()
        assert "you play" in rows.render_line(1).text
        assert gap(rows.render_line(0).text, "Status", "Game") == len("you play") + 2
