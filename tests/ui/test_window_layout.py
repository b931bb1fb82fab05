"""The table's window opens and closes laid out alone, and the lines of the table's texts are
handed over plainly: in both, what the screen shows is what Textual's own layout and styles
cache make of it."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from wish_tui.spirits.ui.forest_view import ForestView
from wish_tui.ui.app import WishApp
from wish_tui.ui.terminal import textual_layout
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.game_log import GameLog
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.part_tabs import PartTabs
from wish_tui.widgets.view_text import ViewText
from wish_tui.wish.ui.map_view import MapView

from .helpers import app_of, layouts_counted, lift_curtain, settle
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


PLAIN_KINDS = (ViewText, GameLog, KeyBar, ChoicePanel, DetailLine, MapView, ForestView, PartTabs)
"""The widgets whose lines are handed over plainly: the texts, the log, the key bar, the window,
the detail line, Wish's map, Spirits' forest and the part tabs (a phone's screen)."""


def assert_handed_over_as_textual_makes_them(game, kinds: set) -> None:
    """Every widget on the screen handing its lines over plainly gives Textual's lines, and
    widgets of each of `kinds` are among them."""
    texts = [
        widget for widget in game._compositor.visible_widgets if isinstance(widget, PLAIN_KINDS)
    ]
    assert kinds <= set(map(type, texts))
    for widget in texts:
        assert type(widget).render_lines is textual_layout._render_lines_plainly
        crop = widget.region.reset_offset
        plain = widget.render_lines(crop)
        assert [list(strip) for strip in plain] == [
            list(strip) for strip in Widget.render_lines(widget, crop)
        ], widget


async def test_the_tables_texts_are_handed_over_as_textuals_styles_cache_makes_them():
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        await pilot.press("n")
        await settle(pilot, 5)
        assert_handed_over_as_textual_makes_them(
            game, {GameLog, ChoicePanel, DetailLine, KeyBar, MapView}
        )


async def test_the_forest_and_the_part_tabs_are_handed_over_as_textuals_styles_cache_makes_them():
    """Spirits' forest at a table, and the part tabs of a phone's screen (Wish's, the map
    shown)."""
    from .test_narrow_table import PHONE_SIZES, SOLO, opened
    from .test_spirits_flow import game_of as spirits_game_of
    from .test_spirits_flow import record_of

    record, history = record_of()
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        assert_handed_over_as_textual_makes_them(spirits_game_of(app), {ForestView, ChoicePanel})
    app = WishApp(SOLO)
    async with app.run_test(size=PHONE_SIZES[0]) as pilot:
        game = await opened(app, pilot)
        assert_handed_over_as_textual_makes_them(game, {PartTabs, MapView})
