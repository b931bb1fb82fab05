"""A board screen's own widgets are found once (`BoardScreen.composed`), as `query_one` finds
them, and found again once removed."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.css.query import NoMatches

from wish_tui.ui.screens.board_screen import BoardScreen
from wish_tui.ui.screens.table_board import TableBoard
from wish_tui.widgets.view_text import ViewText


class Shown(App):
    def on_mount(self) -> None:
        self.push_screen(BoardScreen(TableBoard))


async def test_a_composed_widget_is_asked_of_textual_once_and_again_once_removed(monkeypatch):
    app = Shown()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        asked = []
        query_one = BoardScreen.query_one

        def counted(self, selector, expect_type=None):
            asked.append(selector)
            return query_one(self, selector, expect_type)

        monkeypatch.setattr(BoardScreen, "query_one", counted)
        status = screen.composed("#status", ViewText)
        assert status is query_one(screen, "#status", ViewText)
        assert screen.composed("#status", ViewText) is status
        assert asked == ["#status"]
        await status.remove()
        with pytest.raises(NoMatches):
            screen.composed("#status", ViewText)
        assert asked == ["#status", "#status"]
