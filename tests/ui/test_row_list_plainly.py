"""The lobby's list hands its lines to the compositor as they are (`render_lines_plainly`), not
through Textual's styles cache: segment for segment what that cache would have made of them, in
every state a person meets (focused or not, the cursor moved, scrolled down under a scroll bar,
a narrow window cutting the columns, a dark and a light theme), whole and in part; and a frame
of the lobby renders the rows it sends, no others."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget

from tests.ui.lobby_app import LobbyApp
from tests.ui.test_lobby_screen import lobby
from wish_tui.ui.terminal import textual_layout
from wish_tui.widgets import row_list
from wish_tui.widgets.row_list import RowList


def same_as_textuals(rows: RowList) -> list:
    """The crops of `rows` whose lines handed over plainly are not those Textual renders, and
    what its lines are drawn with that is not what Textual would give them."""
    width, height = rows.outer_size
    crops = [
        Region(0, 0, width, height),
        Region(0, 0, width, 1),
        Region(0, 3, width, 2),
        Region(5, 1, width - 10, height - 2),
        Region(0, height - 1, width, 1),
    ]
    wrong = []
    # What its lines are drawn with: the widths and the style Textual looks up for the window.
    if rows._drawn_widths(width) != tuple(rows._shown_widths()):
        wrong.append("the columns' widths")
    if textual_layout.own_rich_style(rows) != rows.rich_style:
        wrong.append("the style")
    for part in ("row-list--header", "row-list--even", "row-list--cursor"):
        if rows._style_of(part) != rows.rich_style + rows.get_component_rich_style(part):
            wrong.append(part)
    for crop in crops:
        plain = textual_layout._render_lines_plainly(rows, crop)
        rows._styles_cache.clear()  # (Textual's, drawn anew)
        textuals = Widget.render_lines(rows, crop)
        if [list(strip) for strip in plain] != [list(strip) for strip in textuals]:
            wrong.append(crop)
    return wrong


@pytest.mark.parametrize("size", [(100, 30), (52, 14)])
async def test_the_lobbys_rows_handed_over_plainly_are_textuals(size):
    app = LobbyApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        progress = [f"round {i % 7}" for i in range(40)]
        app.screen.show(lobby(progress, online=30))
        await pilot.pause()
        rows = app.screen.query_one(RowList)
        assert rows.show_vertical_scrollbar and rows.has_focus
        assert row_list._render_lines_plainly is textual_layout._render_lines_plainly
        assert textual_layout.plain_looks(rows) is not None, "drawn plainly, not by Textual"
        states = []
        assert not same_as_textuals(rows)
        states.append("focused")
        for key in ("down", "down", "pagedown", "end"):
            await pilot.press(key)
        await pilot.pause()
        assert rows.scroll_y > 0
        assert not same_as_textuals(rows), "scrolled, the cursor at the end"
        app.screen.show(lobby([f"round {i % 5 + 1}" for i in range(40)], online=30))
        await pilot.pause()
        assert not same_as_textuals(rows), "the progress changed"
        app.screen.set_focus(None)
        await pilot.pause()
        assert not rows.has_focus
        assert not same_as_textuals(rows), "blurred"
        app.theme = "textual-light"
        await pilot.pause()
        assert not same_as_textuals(rows), "a light theme"


async def test_a_progress_changed_renders_its_row_alone_not_the_screen_beneath(monkeypatch):
    """The lobby's frames render the rows they send, no others: a row whose progress changed
    rendered the screen and its container beneath the whole list, and every row of it."""
    from textual.screen import Screen

    app = LobbyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        progress = [f"round {i}" for i in range(10)]
        app.screen.show(lobby(progress))
        await pilot.pause()
        rendered: list[tuple[str, int]] = []

        def counted(real):
            def render_lines(widget, crop):
                rendered.append((type(widget).__name__, crop.height))
                return real(widget, crop)

            return render_lines

        monkeypatch.setattr(Widget, "render_lines", counted(Widget.render_lines))
        monkeypatch.setattr(Screen, "render_lines", counted(Screen.render_lines), raising=False)
        monkeypatch.setattr(RowList, "render_lines", counted(RowList.render_lines))
        progress[4] = "round 40"
        app.screen.show(lobby(progress))
        await pilot.pause()
        await pilot.pause()
        assert rendered == [("RowList", 1)]
