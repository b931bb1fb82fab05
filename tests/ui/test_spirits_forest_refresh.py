"""Spirits' forest tells Textual the lines that changed in one refresh (each call of Textual's
refresh costs its own), and none when nothing changed."""

from __future__ import annotations

from textual.app import App

from tests.spirits.rules.helpers import started
from wish_tui.spirits.ui.forest_view import COLUMNS, ForestView


class ForestApp(App):
    def compose(self):
        yield ForestView(id="forest")


async def test_the_lines_of_the_forest_that_changed_are_told_in_one_refresh(monkeypatch):
    view = started().view(0)
    app = ForestApp()
    async with app.run_test(size=(100, 30)) as pilot:
        forest = app.query_one(ForestView)
        forest.update_view(view, cursor=0)
        await pilot.pause()
        asked: list[tuple] = []
        monkeypatch.setattr(forest, "refresh", lambda *regions, **k: asked.append(regions))
        forest.update_view(view, cursor=COLUMNS)  # the cursor from the first row to the second
        assert len(asked) == 1 and len(asked[0]) >= 2, asked
        forest.update_view(view, cursor=COLUMNS)
        assert len(asked) == 1  # nothing changed: no refresh
