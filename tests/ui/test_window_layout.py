"""The table's window opens and closes laid out alone, and the lines of the table's texts are
handed over plainly: in both, what the screen shows is what Textual's own layout and styles
cache make of it."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from wish_tui.ui.terminal import textual_layout
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.game_log import GameLog
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.view_text import ViewText

from .helpers import layouts_counted, settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of


def textuals_screen(screen) -> str:
    """The whole screen as Textual's own layout of it draws it."""
    compositor = type(screen._compositor)()
    compositor.reflow(screen, screen._compositor.size)
    return compositor.render_full_update().render_segments(screen.app.console)


def assert_as_textual_makes_it(screen) -> None:
    compositor = screen._compositor
    screen._clear_arrangement_cache()
    assert compositor._full_map == compositor._arrange_root(screen, compositor.size, False)[0]
    shown = compositor.render_full_update().render_segments(screen.app.console)
    assert shown == textuals_screen(screen)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_window_opens_and_closes_without_a_layout_of_the_table(size):
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        panel = game.query_one("ChoicePanel")
        layouts = layouts_counted(game)
        await pilot.press("n")  # End turn: 'End the turn with 3 action markers unused?'
        await settle(pilot, 5)
        assert panel.is_open and panel.region.height > 0
        assert_as_textual_makes_it(game)
        await pilot.press("2")  # No, go back
        await settle(pilot, 5)
        assert not panel.shown and panel.region.height == 0
        assert_as_textual_makes_it(game)
        assert layouts == []


async def test_the_tables_texts_are_handed_over_as_textuals_styles_cache_makes_them():
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        await pilot.press("n")
        await settle(pilot, 5)
        texts = [
            widget
            for widget in game._compositor.visible_widgets
            if isinstance(widget, ViewText | GameLog | KeyBar | ChoicePanel | DetailLine)
        ]
        assert len(texts) > 5 and {GameLog, ChoicePanel, DetailLine} <= set(map(type, texts))
        for widget in texts:
            assert type(widget).render_lines is textual_layout._render_lines_plainly
            crop = widget.region.reset_offset
            plain = widget.render_lines(crop)
            assert [list(strip) for strip in plain] == [
                list(strip) for strip in Widget.render_lines(widget, crop)
            ], widget
