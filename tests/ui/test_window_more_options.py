"""A window with more options than rows says so in every colour mode: its last row marks how many
options lie below out of sight ('▼ 64 more'), its first how many above once it has scrolled, and
the highlight scrolls to the options out of sight.

Seen: Wishland's Hotel #8 window (74 cards to buy, 10 rows at 80x24) said only '1-74' in its
title; with NO_COLOR=1 nothing showed that more options were below.
"""

from __future__ import annotations

from pathlib import Path

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel

from .helpers import screen_of, settle
from .wishland_screen import screen_lines

SCENARIOS = Path(__file__).parents[2] / "saves"


def panel_rows(panel: ChoicePanel) -> list[str]:
    return [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]


def hotel_8s_app() -> WishApp:
    """Wishland's last turn with Hotel #8 to be bought (74 cards)."""
    loaded = saves.load_game(str(SCENARIOS / "wishland-last-turn-hotels.json"), games=GAMES)
    return WishApp(Launch("load"), loaded)


async def open_hotel_8s_window(app: WishApp, pilot) -> ChoicePanel:
    """Pass the turn (collect, then 'Do it?') and wait for the final phase's window to open."""
    await settle(pilot)
    game = screen_of(app, TableScreen)
    panel = game.query_one(ChoicePanel)
    await pilot.press("c")  # collect: only passes the turn, 'Do it?'
    await settle(pilot)
    await pilot.press("1")
    for _ in range(40):
        if game.table.state.phase == "final" and panel.is_open:
            break
        await pilot.pause(0.1)
    return panel


async def test_hotel_8s_long_window_marks_the_options_out_of_sight_and_scrolls_to_them():
    app = hotel_8s_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_hotel_8s_window(app, pilot)
        assert "Hotel #8" in panel.title_text
        rows = panel_rows(panel)
        titles = sum(1 for option, _ in panel._rows if option < 0)
        in_sight = [option for option, _ in panel._rows[titles : len(rows)]]
        shown = in_sight[-1] + 1  # the options in sight, the last perhaps in part
        assert shown < panel.count
        below = panel.count - shown
        assert rows[-1].endswith(f"▼ {below} more"), rows
        assert "▲" not in "\n".join(rows)
        assert any(row.endswith(f"▼ {below} more") for row in screen_lines(app))
        for _ in range(shown + 2):  # past the last option in sight
            await pilot.press("down")
        await settle(pilot)
        rows = panel_rows(panel)
        chosen = panel.highlighted
        assert chosen == shown + 2
        assert any(row.startswith(f" {chosen + 1}. ") for row in rows), rows  # scrolled to it
        assert rows[titles].endswith(" more") and "▲ " in rows[titles], rows
        above = int(rows[titles].split("▲ ")[1].split()[0])
        first_in_sight = panel._rows[titles + panel._first_row()][0]  # perhaps its end alone
        assert 0 < above < chosen and first_in_sight == above, rows
        assert f" {above}. " not in "\n".join(rows), rows
        assert rows[-1].endswith(f"▼ {panel.count - 1 - chosen} more"), rows
        await pilot.press(*["down"] * panel.count)
        await settle(pilot)
        rows = panel_rows(panel)
        assert f" {panel.count}. " in "\n".join(rows) and "▼" not in "\n".join(rows), rows


async def test_the_marks_of_options_out_of_sight_leave_their_rows_whole():
    """Seen: '[Rides ▲ 7 more' (the mark covered the row's ']') and '... Final Sc ▼ 64 more'."""
    app = hotel_8s_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_hotel_8s_window(app, pilot)
        for downs in (0, 7, 12, 30):
            await pilot.press(*["down"] * downs)
            await settle(pilot)
            titles = sum(1 for option, _ in panel._rows if option < 0)
            options = [text for option, text in panel._rows if option >= 0]
            first = panel._first_row()
            rows = panel_rows(panel)
            marked = [y for y in range(titles, len(rows)) if rows[y].endswith(" more")]
            assert marked, rows
            for y in marked:
                whole = " " + options[first + y - titles]
                assert rows[y].startswith(whole + " "), (rows[y], whole)


async def test_an_option_numbered_10_or_more_goes_on_under_its_own_words():
    """Seen in Hotel #8's window: ' 10. 0$ · R1 Fizz Kiosk ... Final' went on under the space
    after its number ('    Scoring: -1 VP.'), a column left of its words."""
    app = hotel_8s_app()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await open_hotel_8s_window(app, pilot)
        begun: set[int] = set()
        went_on = 0
        for option, text in panel._rows:
            if option < 0:
                continue
            number = f"{option + 1}. "
            if option not in begun:
                begun.add(option)
                assert text.startswith(number), text
                continue
            went_on += option >= 9
            indent = len(text) - len(text.lstrip(" "))
            assert indent == len(number), (option + 1, text)
            assert len(text) <= panel.size.width - 1, text  # nothing past the window's edge
        assert went_on
