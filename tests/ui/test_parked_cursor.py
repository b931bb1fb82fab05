"""A screen shown parks the terminal's hidden cursor in the corner, where the screen diff sends no
move for it: a text field of a screen left behind would otherwise have the cursor moved back to
its place after every frame (six bytes a frame, at a table a few a game action)."""

from __future__ import annotations

from textual.geometry import Offset

from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.line_input import LineInput

from .helpers import settle


async def test_the_cursor_a_closed_line_to_type_placed_goes_back_to_the_corner():
    app = WishApp(Launch("title"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(LineInput("Say to the table:", 200))
        await settle(pilot)
        await pilot.press("h", "i")
        await settle(pilot)
        assert app.cursor_position != Offset(0, 0)  # the field has it (an input method's place)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen.__class__.__name__ == "TitleScreen"
        assert app.cursor_position == Offset(0, 0)
