"""A tap (a click) on a card, a tile or a place of the board, in every game (issue 35): the first
highlights the choice it is about, a second takes it as Enter would, a tap on anything else says
what it is and changes nothing; in the wide layout and on a phone's narrow one."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from wish_tui import saves
from wish_tui.cli import Launch, Seat
from wish_tui.games import GAMES
from wish_tui.spirits.ui.forest_view import ForestView
from wish_tui.spirits.ui.game_screen import GameScreen as SpiritsScreen
from wish_tui.ui.app import WishApp
from wish_tui.widgets.board_place import PLACE
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.ui.game_screen import GameScreen as WishScreen
from wish_tui.wish.ui.hand_view import HandView
from wish_tui.wish.ui.map_view import MapView
from wish_tui.wishland.ui.cursor import ORDER_ROW, PARK_ROW
from wish_tui.wishland.ui.game_screen import GameScreen as WishlandScreen
from wish_tui.wishland.ui.market_view import MarketView
from wish_tui.wishland.ui.park_view import ParkView
from wish_tui.wishland.ui.round_view import RoundView

from . import helpers
from .helpers import app_of, lift_curtain, screen_of, settle
from .test_news_in_sight import screen_rows

SCENARIOS = Path(__file__).parents[2] / "saves"
WISH_SOLO = Launch("game", (Seat("water", "human"),), seed=3, solo="easy")
SIZES = ((80, 24), (40, 30))
"""The wide layout and a phone's upright one."""


def spot(widget, place) -> tuple[int, int] | None:
    """Where on `widget` (from its region's corner) a tap lands on `place`: its first cell drawn
    as that place, past the widget's padding."""
    left, top = widget.styles.gutter.left, widget.styles.gutter.top
    for y in range(widget.size.height):
        x = left
        for segment in widget.render_line(y):
            style = segment.style
            if style is not None and style.meta.get(PLACE) == place:
                return x, top + y
            x += segment.cell_length
    return None


async def tap(pilot, widget, place) -> None:
    """A click on `place` of the board's `widget`."""
    at = spot(widget, place)
    assert at is not None, f"{place} is not drawn on {widget}"
    await pilot.click(widget, offset=at)
    await settle(pilot)


@asynccontextmanager
async def at_the_table(app, kind, size):
    """`app` run at `size`, its game screen (of type `kind`) up past any curtain."""
    async with app.run_test(size=size) as pilot:
        await lift_curtain(app, pilot)
        yield pilot, screen_of(app, kind)


async def taken_by_two_taps(pilot, game, widget, place, action, highlighted) -> None:
    """The first tap on `place` highlights it (`highlighted()`) and changes nothing; the second
    plays `action`: the table's state is then the one `action` leads to."""
    table = game.table
    before = table.state
    await tap(pilot, widget, place)
    assert highlighted() and table.state is before
    await tap(pilot, widget, place)
    assert table.record.actions[-1] == str(action)
    assert table.state == before.apply(action)


async def travel_window(pilot, game: WishScreen):
    """Press t: Travel's window opens; (the table, the map, the window)."""
    await pilot.press("t")
    await settle(pilot)
    panel = game.query_one(ChoicePanel)
    assert panel.is_open
    return game.table, game.query_one(MapView), panel


def area(name: str) -> tuple[str, int]:
    return ("area", CATALOG.area_index[name])


# -- Wish ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
async def test_wish_a_tap_on_an_area_highlights_it_and_a_second_travels_there(size):
    async with at_the_table(WishApp(WISH_SOLO), WishScreen, size) as (pilot, game):
        travel = next(a for a in game.legal() if a.kind == "travel")

        def highlighted() -> bool:
            # The detail line says what the Area is, and what a tap again does.
            words = game.query_one(DetailLine).words
            shown = words.startswith(f"Tap again: {game.label(travel)}.") and travel.arg in words
            return game.look_at == area(travel.arg) and shown and not game.taps.offer[1]

        await taken_by_two_taps(
            pilot, game, game.query_one(MapView), area(travel.arg), travel, highlighted
        )


async def test_wish_a_tap_on_an_area_no_action_is_about_only_says_what_it_is():
    async with at_the_table(WishApp(WISH_SOLO), WishScreen, (80, 24)) as (pilot, game):
        table, board = game.table, game.query_one(MapView)
        named = {a.arg for a in game.legal()} | {game.view()["players"][0]["area"]}
        far = next(a.name for a in CATALOG.areas if a.name not in named)
        before = table.state
        for _ in range(2):
            await tap(pilot, board, area(far))
            assert game.look_at == area(far)
            assert far in game.query_one(DetailLine).words
        assert table.state is before and not game.query_one(ChoicePanel).is_open


async def test_wish_a_second_tap_on_a_place_of_several_actions_asks_which_of_them():
    async with at_the_table(WishApp(WISH_SOLO), WishScreen, (80, 24)) as (pilot, game):
        table, board, panel = game.table, game.query_one(MapView), game.query_one(ChoicePanel)
        here = game.view()["players"][0]["area"]
        about = [a for a in game.legal() if a.kind in ("empower", "manifest")]
        assert len(about) >= 2
        before = table.state
        await tap(pilot, board, area(here))
        assert "Tap again to choose among its" in game.query_one(DetailLine).words
        await tap(pilot, board, area(here))
        assert panel.is_open and table.state is before
        assert game._options == about and panel.title_text.startswith(f"{here}: choose")
        await pilot.press("2")
        await settle(pilot)
        assert table.state == before.apply(about[1])


async def test_wish_a_tap_in_an_open_window_highlights_the_option_then_takes_it():
    async with at_the_table(WishApp(WISH_SOLO), WishScreen, (80, 24)) as (pilot, game):
        table, board, panel = await travel_window(pilot, game)
        travels = [a for a in game.legal() if a.kind == "travel"]
        assert len(travels) >= 2 and panel.highlighted == 0
        before = table.state
        await tap(pilot, board, area(travels[1].arg))
        assert panel.is_open and panel.highlighted == 1 and table.state is before
        words = game.query_one(DetailLine).words
        assert words.startswith("Tap it again to choose it.") and travels[1].arg in words
        await tap(pilot, board, area(travels[1].arg))
        assert table.record.actions[-1] == str(travels[1])
        assert table.state == before.apply(travels[1])


async def test_wish_a_tap_about_none_of_a_keys_window_closes_it_and_counts_in_the_turn():
    async with at_the_table(WishApp(WISH_SOLO), WishScreen, (80, 24)) as (pilot, game):
        table, board, panel = await travel_window(pilot, game)
        here = area(game.view()["players"][0]["area"])
        before = table.state
        await tap(pilot, board, here)  # no Travel goes to one's own Area
        assert not panel.is_open and game.look_at == here and table.state is before
        assert game.query_one(DetailLine).words.startswith("Tap again to choose among its")


async def test_wish_a_tap_on_a_card_of_the_hand_answers_the_discard_asked_in_the_window():
    loaded = saves.load_game(str(SCENARIOS / "hard-solo-start.json"), games=GAMES)
    app = WishApp(Launch("load", path="hard-solo-start"), loaded)
    # At 120x40 the window leaves the hand in sight (at 80x24 it lies over it: its rows are
    # tapped instead).
    async with at_the_table(app, WishScreen, (120, 40)) as (pilot, game):
        panel, hand = game.query_one(ChoicePanel), game.view()["players"][0]["hand"]
        assert panel.is_open and all(a.kind == "discard" for a in game._options)
        last = len(hand) - 1
        option = next(i for i, a in enumerate(game._options) if a.arg == hand[last])
        assert panel.highlighted != option

        def highlighted() -> bool:
            return panel.is_open and panel.highlighted == option

        await taken_by_two_taps(
            pilot,
            game,
            game.query_one(HandView),
            ("hand", last),
            game._options[option],
            highlighted,
        )


# -- Spirits of the Forest -----------------------------------------------------------------------
def spirits_app():
    record, history = helpers.record_of(
        "spirits", ("air", "water"), ("human", "human"), 7, {"modules": []}, ["setup"]
    )
    return app_of(record, history)


@pytest.mark.parametrize("size", SIZES)
async def test_spirits_a_tap_on_a_row_end_highlights_it_and_a_second_takes_it(size):
    async with at_the_table(spirits_app(), SpiritsScreen, size) as (pilot, game):
        take = next(a for a in game.legal() if a.kind == "take" and a.a == 2 and a.b == 1)
        place = 2 * 12 + 11  # row 3's right end
        assert game.cursor != place
        forest = game.query_one(ForestView)
        await taken_by_two_taps(pilot, game, forest, place, take, lambda: game.cursor == place)


async def test_spirits_a_tap_on_a_free_tile_in_the_gemstone_step_reserves_it():
    record, history = helpers.record_of(
        "spirits", ("air", "water"), ("human", "human"), 7, {}, ["setup", "take 1 left"]
    )
    async with at_the_table(app_of(record, history), SpiritsScreen, (80, 24)) as (pilot, game):
        gem = next(a for a in game.legal() if a.kind == "gem" and a.a == 30)
        assert not game.gem_mode

        def highlighted() -> bool:
            return game.gem_mode and game.cursor == 30

        forest = game.query_one(ForestView)
        await taken_by_two_taps(pilot, game, forest, 30, gem, highlighted)


async def test_spirits_a_tap_on_an_inner_tile_only_says_what_it_is():
    async with at_the_table(spirits_app(), SpiritsScreen, (80, 24)) as (pilot, game):
        table, forest = game.table, game.query_one(ForestView)
        cursor, before = game.cursor, table.state
        for _ in range(2):
            await tap(pilot, forest, 5)  # row 1, column 6: an inner tile
            assert game.cursor == cursor and table.state is before
        assert "row 1, column 6" in game.status_line.refusal
        assert not game.query_one(ChoicePanel).is_open


# -- Wishland --------------------------------------------------------------------------------------
OPENING = ("order 4", "gain worker", "order 1", "collect")
"""Seed 11, two seats: the Turn Order, then Red's turn (see test_wishland_flow)."""


def wishland_app(*actions: str, opening=OPENING):
    record, history = helpers.record_of(
        "wishland", ("red", "blue"), ("human", "human"), 11, {}, [*opening, *actions]
    )
    return app_of(record, history)


async def test_wishland_a_tap_on_a_turn_order_space_highlights_its_option_then_takes_it():
    async with at_the_table(wishland_app(opening=()), WishlandScreen, (80, 24)) as (pilot, game):
        panel = game.query_one(ChoicePanel)
        third = next(i for i, a in enumerate(game._options) if str(a) == "order 3")
        assert panel.is_open and panel.highlighted != third

        def highlighted() -> bool:
            return panel.is_open and panel.highlighted == third

        spaces = game.query_one(RoundView)
        await taken_by_two_taps(
            pilot, game, spaces, (ORDER_ROW, 3), game._options[third], highlighted
        )


@pytest.mark.parametrize("size", SIZES)
async def test_wishland_a_tap_on_a_card_highlights_it_and_a_second_buys_it(size):
    async with at_the_table(wishland_app(), WishlandScreen, size) as (pilot, game):
        buy = next(a for a in game.legal() if a.kind == "buy" and a.arg == "Y3")

        def highlighted() -> bool:
            return game.cursor == (0, 1) and "Mirror Maze" in game.query_one(DetailLine).words

        # Row 1's second card: Y3 Mirror Maze.
        market = game.query_one(MarketView)
        await taken_by_two_taps(pilot, game, market, (0, 1), buy, highlighted)


async def test_wishland_a_tap_on_a_card_that_cannot_be_bought_changes_nothing():
    async with at_the_table(wishland_app(), WishlandScreen, (80, 24)) as (pilot, game):
        table, market = game.table, game.query_one(MarketView)
        view = game.view()
        buyable = {a.arg for a in game.legal() if a.kind == "buy"}
        place = next(
            (r, c)
            for r, row in enumerate(view["marketplace"])
            for c, card in enumerate(row["cards"])
            if card is not None and card["id"] not in buyable
        )
        before = table.state
        for _ in range(2):
            await tap(pilot, market, place)
            assert game.cursor == place and table.state is before
        assert not game.query_one(ChoicePanel).is_open


async def test_wishland_a_tap_on_a_card_of_ones_park_reads_it_and_changes_nothing():
    app = wishland_app("buy Y3", "buy R9")  # Red's park holds Y3 Mirror Maze
    async with at_the_table(app, WishlandScreen, (80, 24)) as (pilot, game):
        before = game.table.state
        for _ in range(2):
            await tap(pilot, game.query_one(ParkView), (PARK_ROW, 0))
            assert game.cursor == (PARK_ROW, 0) and game.table.state is before
            assert "Mirror Maze" in game.query_one(DetailLine).words
        assert not game.query_one(ChoicePanel).is_open


@pytest.mark.parametrize("size", SIZES)
async def test_spirits_a_first_tap_says_in_the_status_line_what_a_second_takes(size):
    """Spirits has no detail line: the status line says "Tap again: …" as the README promises."""
    async with at_the_table(spirits_app(), SpiritsScreen, size) as (pilot, game):
        take = next(a for a in game.legal() if a.kind == "take" and a.a == 2 and a.b == 1)
        await tap(pilot, game.query_one(ForestView), 2 * 12 + 11)  # row 3's right end
        shown = " ".join(" ".join(row.split()) for row in screen_rows(game.app))
        assert f"Tap again: {game.label(take)}." in shown, shown
