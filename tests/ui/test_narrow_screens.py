"""The app's screens on a phone's terminal (issue 35): at 40x30 and 90x20 nothing needed is cut
off, every key is in sight, and what is longer than the screen scrolls."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from textual.widgets._footer import FooterKey

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.spirits.rules import SPIRITS
from wish_tui.ui.app import WishApp, _load_for
from wish_tui.ui.new_game import NewGameScreen
from wish_tui.ui.replay import ReplayScreen
from wish_tui.ui.screens.help_screens import KeysScreen
from wish_tui.ui.title_menu import TitleMenu
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.row_list import RowList
from wish_tui.wish.ui.game_over import GameOverScreen
from wish_tui.wish.words.help_text import KEYS

from .helpers import settle, wait_until
from .test_club_pages import HISTORY, PagesApp
from .test_lobby_screen import LobbyApp, lobby

PHONE_SIZES = ((40, 30), (90, 20), (40, 20))
SAVES = Path(__file__).parents[2] / "saves"


def outside(screen) -> list:
    """The widgets shown on `screen` that reach past its right edge, and those of its own
    (not scrolled inside another) that reach past its last row."""
    edge = screen.region
    return [
        widget
        for widget in screen.query("*")
        if widget.display
        and widget.region.area
        and (
            widget.region.right > edge.right
            or (widget.parent is screen and widget.region.bottom > edge.bottom)
        )
    ]


async def test_the_title_menu_shows_every_item_and_key_whole():
    for width, height in PHONE_SIZES:
        app = WishApp(Launch("title"))
        async with app.run_test(size=(width, height)) as pilot:
            await settle(pilot)
            menu = app.screen.query_one(TitleMenu)
            lines = [menu.render_line(y).text.rstrip() for y in range(height)]
            text = "\n".join(lines)
            for item in ("New game", "Continue", "Load", "Learn to play", "Quit"):
                assert item in text, (width, height, lines)
            assert "f1 Rules" in text and "q Quit" in text, lines
            assert "…" not in text, lines
            assert all(len(line) <= width for line in lines)


async def test_a_click_on_the_help_lines_second_row_opens_the_rules():
    app = WishApp(Launch("title"))
    async with app.run_test(size=(40, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one(TitleMenu)
        assert menu.render_line(29).text.startswith(" f1 Rules")
        await pilot.click(TitleMenu, offset=(2, 29))
        await settle(pilot)
        assert "Rules" in type(app.screen).__name__ or "Choice" in type(app.screen).__name__


async def test_the_new_game_form_fits_a_phone():
    for size in PHONE_SIZES[:2]:
        app = WishApp(Launch("new-game"))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            assert outside(app.screen) == [], size


async def test_the_seed_hint_and_a_new_tables_clock_read_whole_on_a_phone():
    from wish_tui.ui.new_game import CLOCKS

    app = WishApp(Launch("title"))
    async with app.run_test(size=(40, 30)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        for size in ((40, 30), (90, 20)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            seed = app.screen.query_one("#seed")
            assert seed.placeholder.startswith("empty: a random seed"), size
            assert len(seed.placeholder) <= seed.content_region.width, size
        assert "kept secret until the end" in seed.placeholder
        await pilot.resize_terminal(40, 30)
        await app.push_screen(NewGameScreen(game="wish", online=True))
        await settle(pilot)
        shown = app.screen.query_one("#clock SelectCurrent #label")
        assert all(len(label) <= shown.content_region.width for label, _ in CLOCKS)


async def test_a_replays_keys_are_all_in_sight_on_a_phone():
    launch = Launch("replay", path=str(SAVES / "four-seat-monuments.json"))
    for size in PHONE_SIZES:
        app = WishApp(launch, _load_for(launch))
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 6)
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            keys = list(screen.query(FooterKey))
            assert len(keys) >= 8
            assert all(screen.region.contains_region(key.region) for key in keys), size
            labels = " ".join(str(key.render()) for key in keys)
            assert "Play from here" in labels and "Part" in labels


async def test_the_keys_window_shows_one_key_a_line_and_scrolls():
    app = WishApp(Launch("title"))
    async with app.run_test(size=(40, 30)) as pilot:
        await settle(pilot)
        app.push_screen(KeysScreen(KEYS, "Keys of Wish"))
        await settle(pilot)
        box = app.screen.query_one("Vertical")
        assert box.max_scroll_y > 0
        await pilot.press("pagedown")
        await settle(pilot)
        assert box.scroll_y > 0
        shown = str(app.screen.query_one("#keys-text").render())
        assert "\nm Manifest" in shown or "\nm Manifest" in shown.replace("  ", "\n")


async def test_the_lobbys_keys_keep_their_words_on_a_phone():
    app = LobbyApp()
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause()
        app.screen.show(lobby(["round 1"]))
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        text = " ".join(bar.render_line(y).text for y in range(bar.rows))
        for words in ("n New table", "h History", "l Leaderboard", "q Quit"):
            assert words in text, text
        assert app.screen.region.contains_region(bar.region)


async def test_the_lobbys_tables_fit_a_phone_without_scrolling_sideways():
    """At a phone's 48 columns (390 px upright) the list of tables was wider than its window and
    scrolled sideways; now the Seats column goes (or is cut) and the columns before it are cut,
    each cut marked '…', to fit, and the detail line still names every seat; at 100 columns
    nothing is cut."""
    message = lobby(["round 1"])
    message["tables"][0]["seats"] = ["Air (bob)", "Water (carol)", "Fire (hard bot)"]
    message["tables"][0]["connected"] = [True, True, True]
    message["tables"][0]["your_move"] = True
    message["tables"][0]["since"] = 1
    for width in (48, 40, 100):
        app = LobbyApp()
        async with app.run_test(size=(width, 30)) as pilot:
            await pilot.pause()
            app.screen.show(message)
            await settle(pilot)
            rows = app.screen.query_one(RowList)
            assert rows.virtual_size.width <= rows.scrollable_content_region.width, width
            assert rows.max_scroll_x == 0 and not rows.show_horizontal_scrollbar
            line = rows.render_line(1).text
            assert line.startswith("› 1 ") and "YOUR MO" in line
            if width >= 48:  # the status whole, the columns after it cut first
                assert "YOUR MOVE (1 s)" in line
            whole = "Air (bob), Water (carol), Fire (hard bot)" in line
            assert whole == (width == 100), line  # the seats cut or gone on a phone
            detail = str(app.screen.query_one("#detail", Static).render())
            assert "Fire (hard bot)" in detail


async def test_a_club_page_says_its_highlighted_row_whole_on_a_phone():
    for size, shown in (((40, 30), True), ((100, 30), False)):
        app = PagesApp(HISTORY)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            row = app.screen.query_one("#club-row", Static)
            assert row.display == shown
            if shown:
                words = str(row.render())
                assert "Seats and scores: 1. alice 0 (resigned), 1. bob 0" in words, words
                assert "Rated: " in words and app.screen.region.contains_region(row.region)


async def test_the_final_scoring_shows_every_column_at_forty_columns():
    path = SAVES / "tie-by-badges.json"
    app = WishApp(Launch("load", path=str(path)), saves.load_game(str(path), games=GAMES))
    async with app.run_test(size=(40, 30)) as pilot:
        await settle(pilot, 6)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        table = screen.query_one("#scores")
        assert table.region.right <= 40 and table.virtual_size.width <= table.size.width
        assert outside(screen) == []


async def test_the_spirits_solo_final_scoring_shows_its_points_at_forty_columns(monkeypatch):
    """The solo sheet's Points column was cut off on a phone ('Total 2' for 23): names and
    counts give way to the codes, as in the seats' sheet."""
    from wish_tui.spirits.ui.game_over import GameOverScreen as SpiritsOver
    from wish_tui.tables import bot_turns

    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)
    loaded = saves.load_with_history("spirits-solo-last-row", games=GAMES)
    app = WishApp(Launch("load"), loaded)
    async with app.run_test(size=(40, 30)) as pilot:
        for _ in range(30):
            await settle(pilot, 3)
            if isinstance(app.screen, SpiritsOver):
                break
            await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, SpiritsOver)
        table = screen.query_one("#scores")
        assert table.region.right <= 40 and table.virtual_size.width <= table.size.width
        total = str(screen.view["scores"]["seats"][0]["total"])
        assert str(table.get_row_at(table.row_count - 1)[-1]).strip() == total


async def test_the_spirits_solo_final_scorings_points_do_not_repeat_your_counts(monkeypatch):
    """The solo sheet's You column holds each Spirit's count: its Points column said the count
    again after the points ('5 (2)' beside 'You 2'); it holds the points alone."""
    from wish_tui.spirits.ui.game_over import GameOverScreen as SpiritsOver
    from wish_tui.tables import bot_turns

    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)
    loaded = saves.load_with_history("spirits-solo-last-row", games=GAMES)
    app = WishApp(Launch("load"), loaded)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(30):
            await settle(pilot, 3)
            if isinstance(app.screen, SpiritsOver):
                break
            await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, SpiritsOver)
        table = screen.query_one("#scores")
        entry = screen.view["scores"]["seats"][0]
        for row in range(table.row_count - 1):  # each Spirit's row, then the total
            _, you, _, points = (str(c).strip() for c in table.get_row_at(row))
            assert "(" not in points, points
            assert points == str(entry["steps"][SPIRITS[row]]) and you.isdigit()
