"""A table on a narrow terminal (issue 35): a phone's 40x30 or 90x20 shows one part of the board
at a time, switched by Tab or a tap on the part tabs, and never hides what a decision needs."""

from __future__ import annotations

from wish_tui.cli import Launch, Seat
from wish_tui.ui.app import TooSmallScreen, WishApp
from wish_tui.ui.screens.curtain import CurtainScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.part_tabs import PartTabs
from wish_tui.wish.ui.game_screen import GameScreen

from .helpers import screen_of, settle

SOLO = Launch("game", (Seat("water", "human"),), seed=3, solo="easy")
PHONE_SIZES = ((40, 30), (90, 20))
KEYS = {"e": "empower", "m": "manifest", "t": "travel", "n": "end_turn"}


def shown_parts(game: GameScreen) -> list[str]:
    """The ids of the board's parts on the screen now."""
    board = game.query_one("#board-root")
    return [
        part_id
        for part_id, _ in game.BOARD.PARTS
        if board.query_one(f"#{part_id}").display and board.query_one(f"#{part_id}").region
    ]


def in_sight(game: GameScreen, widget) -> bool:
    """True when `widget` lies on the screen, whole, with rows of its own."""
    region = widget.region
    screen = game.region
    return bool(region.height) and screen.contains_region(region) and widget.visible


def decision_in_sight(game: GameScreen) -> None:
    """The choice panel, the status line, the detail line and the key bar are all on screen."""
    assert game.query_one(ChoicePanel).is_open
    for widget in (
        game.query_one(ChoicePanel),
        game.query_one("#status"),
        game.query_one(DetailLine),
        game.query_one(KeyBar),
    ):
        assert in_sight(game, widget), widget
    keys = game.query_one(KeyBar)
    panel = game.query_one(ChoicePanel)
    assert panel.region.bottom <= game.query_one("#status").region.y
    assert game.query_one("#status").region.bottom <= keys.region.y


async def opened(app, pilot) -> GameScreen:
    """The solo game's screen, its first turn's Travel window open."""
    await settle(pilot, 6)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)
    await pilot.press("t")
    await settle(pilot)
    return screen_of(app, GameScreen)


async def test_a_phone_sized_terminal_shows_one_part_at_a_time_switched_by_tab():
    for size in PHONE_SIZES:
        app = WishApp(SOLO)
        async with app.run_test(size=size) as pilot:
            game = await opened(app, pilot)
            assert not isinstance(app.screen, TooSmallScreen)
            assert game.has_class("narrow")
            assert game.query_one(PartTabs).display
            assert shown_parts(game) == ["map"]
            seen = []
            for _ in game.BOARD.PARTS:
                seen += shown_parts(game)
                decision_in_sight(game)
                await pilot.press("tab")
                await settle(pilot)
            assert seen == ["map", "side", "bottom", "log"]
            assert shown_parts(game) == ["map"]
            await pilot.press("shift+tab")
            await settle(pilot)
            assert shown_parts(game) == ["log"]


async def test_a_tap_on_a_part_name_shows_that_part():
    app = WishApp(SOLO)
    async with app.run_test(size=(40, 30)) as pilot:
        game = await opened(app, pilot)
        tabs = game.query_one(PartTabs)
        for index, (part_id, _) in reversed(list(enumerate(game.BOARD.PARTS))):
            x, width = tabs.slots()[index]
            await pilot.click(PartTabs, offset=(x + width // 2, 0))
            await settle(pilot)
            assert shown_parts(game) == [part_id]
            assert tabs.shown == index
            decision_in_sight(game)


async def test_the_key_bar_names_tab_and_wraps_rather_than_cut_its_words():
    app = WishApp(SOLO)
    async with app.run_test(size=(40, 30)) as pilot:
        game = await opened(app, pilot)
        keys = game.query_one(KeyBar)
        assert keys.rows > 1
        lines = [keys.render_line(y).text for y in range(keys.rows)]
        text = " ".join(lines)
        for words in ("t Travel", "e Empower", "n End turn", "tab Part"):
            assert words in text, lines


async def test_eighty_by_twenty_four_keeps_the_whole_board():
    app = WishApp(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await opened(app, pilot)
        assert not game.has_class("narrow")
        assert not game.query_one(PartTabs).display
        assert game.query_one(KeyBar).rows == 1
        assert shown_parts(game) == ["map", "side", "bottom", "log"]
        await pilot.press("tab")
        await settle(pilot)
        assert shown_parts(game) == ["map", "side", "bottom", "log"]


async def test_below_the_smallest_size_that_works_the_sentence_says_it():
    for size in ((39, 30), (60, 19)):
        app = WishApp(SOLO)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 6)
            assert isinstance(app.screen, TooSmallScreen)
            assert "40×20" in str(app.screen.query_one("Label").render())


async def test_a_solo_game_plays_its_opening_turns_through_the_parts():
    """Keys and windows work as at 80x24 whichever part is in sight: a turn's keys, its
    windows' digits, then the solo opponent's turn, into the second round."""
    for size in PHONE_SIZES:
        app = WishApp(SOLO)
        async with app.run_test(size=size) as pilot:
            game = await opened(app, pilot)
            await pilot.press("escape")
            windows = 0
            for _ in range(120):
                await settle(pilot)
                if game.table.state.round > 1:
                    break
                if isinstance(app.screen, CurtainScreen):
                    await pilot.press("enter")
                elif game.query_one(ChoicePanel).is_open:
                    decision_in_sight(game)
                    windows += 1
                    await pilot.press("tab", "1")
                elif game.router.human_main_turn():
                    live = [g for g in ("e", "m", "t", "n") if game.check_action(KEYS[g], ())]
                    await pilot.press(live[0])
                else:
                    await pilot.pause(0.05)
            assert game.table.state.round > 1, size
            assert windows


async def test_the_players_board_and_the_map_read_whole_at_forty_columns():
    app = WishApp(SOLO)
    async with app.run_test(size=(40, 30)) as pilot:
        game = await opened(app, pilot)
        for _ in range(2):
            await pilot.press("tab")
        await settle(pilot)
        board = game.query_one("#board")
        lines = board.text.plain.splitlines()
        assert "…" not in lines[1] and lines[1].startswith("1[") and "4[" in lines[1], lines
        assert all(len(line) <= board.size.width for line in lines[1:3]), lines
        await pilot.press("tab", "tab")
        await settle(pilot)
        map_rows = [game.query_one("#map").render_line(y).text for y in range(13)]
        assert "M.Cave" in map_rows[5] and "Catar." in map_rows[9], map_rows
        assert all(len(row.rstrip()) <= 40 for row in map_rows)


async def test_at_ninety_columns_the_offer_and_the_board_say_their_words_whole():
    """At 90x20 a part takes the whole width: the Offer says Instant or Ongoing, the player
    board its actions whole, where 40 columns needs 'I', 'O' and 'Trav|Empo'."""
    app = WishApp(SOLO)
    async with app.run_test(size=(90, 20)) as pilot:
        game = await opened(app, pilot)
        await pilot.press("tab")
        await settle(pilot)
        offer = game.query_one("#offer").text.plain.splitlines()
        cards = [line for line in offer[1:] if line[:1].isdigit()]
        assert cards and all(
            line.rstrip(" ❄").endswith(("Instant", "Ongoing")) for line in cards
        ), offer
        await pilot.press("tab")
        await settle(pilot)
        board = game.query_one("#board").text.plain.splitlines()
        assert "Travel" in board[1] and "…" not in board[1], board


async def test_the_detail_line_takes_twice_its_rows_at_forty_columns():
    for size, rows in (((40, 30), 4), ((40, 20), 2), ((90, 20), 2), ((80, 24), 2)):
        app = WishApp(SOLO)
        async with app.run_test(size=size) as pilot:
            game = await opened(app, pilot)
            detail = game.query_one(DetailLine)
            assert detail.rows == rows and detail.region.height == rows, size
            if size != (80, 24):
                decision_in_sight(game)


async def test_every_part_draws_without_colour(monkeypatch):
    """NO_COLOR's filter needs a style on every cell: the map's rows below its last one too."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = WishApp(SOLO)
    async with app.run_test(size=(40, 30)) as pilot:
        game = await opened(app, pilot)
        for _ in game.BOARD.PARTS:
            await pilot.press("tab")
            await settle(pilot)
        assert app.no_color
        assert shown_parts(game) == ["map"]


async def test_the_look_cursor_brings_its_part_in_sight():
    app = WishApp(SOLO)
    async with app.run_test(size=(40, 30)) as pilot:
        game = await opened(app, pilot)
        await pilot.press("escape")
        await settle(pilot)
        for _ in range(5):
            await pilot.press("right")
            await settle(pilot)
            if game.look_at and game.look_at[0] != "area":
                break
        assert game.look_at[0] != "area"
        assert shown_parts(game) == ["side"]
        for _ in range(5):
            await pilot.press("left")
            await settle(pilot)
        assert game.look_at[0] == "area" and shown_parts(game) == ["map"]


def test_a_cut_action_word_on_the_player_board_keeps_no_trailing_space():
    """'Ice Dibs' cut to four letters read 'Ice ]' on Water's board at 80 columns."""
    from wish_tui.wish import rules
    from wish_tui.wish.ui.player_board import columns_text

    view = rules.new_game(["water", "air"], seed=1).view(0)
    water = next(p for p in view["players"] if p["djinn"] == "water")
    for cut in (4, 3, 2):
        columns = columns_text(water, cut).plain
        assert " ]" not in columns and " |" not in columns, columns
