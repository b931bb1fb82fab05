"""What `ui/terminal/textual_marks.py` takes from below Textual's public API (a screen's layout
makes its compositor's maps anew) still holds: this fails on a Textual release that edits its
map in place on a layout, or lays out without a new map."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from wish_tui.ui.terminal.textual_marks import layout_mark

from .helpers import layouts_counted, settle


class Marked(App):
    def compose(self):
        yield Static("one", id="one")
        yield Static("two", id="two")


async def test_a_layout_mark_tells_whether_the_screen_was_laid_out_since():
    """A frame that lays nothing out leaves the mark standing; one that lays the screen out
    (a widget grown, the terminal resized) or a map to be made again does not."""
    app = Marked()
    async with app.run_test(size=(40, 10)) as pilot:
        await settle(pilot)
        screen = app.screen
        layouts = layouts_counted(screen)
        mark = layout_mark(screen)
        assert mark.still(screen)
        app.query_one("#one", Static).refresh()  # a repaint, no layout
        await settle(pilot)
        assert not layouts and mark.still(screen)
        app.query_one("#one", Static).styles.height = 3  # "two" moves down
        await settle(pilot)
        assert layouts and not mark.still(screen)
        assert app.query_one("#two", Static).region.y == 3
        mark = layout_mark(screen)
        assert mark.still(screen)
        await pilot.resize_terminal(30, 8)
        await settle(pilot)
        assert not mark.still(screen)
        mark = layout_mark(screen)
        screen._compositor._full_map_invalidated = True  # as a scroll leaves it
        assert not mark.still(screen)
