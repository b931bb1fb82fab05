"""Every part of every game's board is reachable at 40x20, the smallest terminal that works: a
part taller than its room scrolls with the board, by PageDown and PageUp (issue 35)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wish_tui.launch import Launch, Seat
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.curtain import CurtainScreen

from .helpers import settle

SAVES = Path(__file__).parents[2] / "saves"

SOLOS = {
    "wish": Launch("game", (Seat("water", "human"),), seed=3, solo="easy"),
    "spirits": Launch("game", (Seat("air", "human"),), seed=3, solo="standard", game="spirits"),
}
"""The games whose first part is taller than 40x20 leaves room for: Wish's map (13 rows),
Spirits of the Forest's forest (19)."""


async def first_part(pilot, app):
    """The table screen of a solo past its curtain, its board, and the board's first part."""
    await settle(pilot, 8)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)
    screen = app.screen
    board = screen.query_one("#board-root")
    return screen, board, board.query_one(f"#{screen.BOARD.PARTS[0][0]}")


@pytest.mark.parametrize("game", SOLOS)
async def test_a_part_taller_than_its_room_scrolls_by_page_keys(game):
    app = WishApp(SOLOS[game])
    async with app.run_test(size=(40, 20)) as pilot:
        screen, board, part = await first_part(pilot, app)
        needed = part.get_content_height(part.size, part.size, part.size.width)
        assert part.region.height == needed > board.region.height  # drawn whole, not cut
        assert part.region.bottom > board.region.bottom  # its last rows out of sight
        await pilot.press("pagedown")
        await settle(pilot)
        assert board.scroll_y == board.max_scroll_y > 0
        assert part.region.bottom == board.region.bottom
        await pilot.press("pageup")
        await settle(pilot)
        assert board.scroll_y == 0


async def test_page_keys_page_the_log_where_no_part_scrolls(monkeypatch):
    """At 80x24 the board shows whole, and at 40x20 the log is a part that pages itself."""
    from wish_tui.widgets.game_log import GameLog

    paged = []
    monkeypatch.setattr(GameLog, "scroll_page", lambda log, pages: paged.append(pages))
    for size in ((80, 24), (40, 20)):
        app = WishApp(SOLOS["wish"])
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 8)
            screen = app.screen
            if size == (40, 20):
                screen.parts.show_part(len(screen.BOARD.PARTS) - 1)  # the log
                await settle(pilot)
            await pilot.press("pageup", "pagedown")
            await settle(pilot)
            assert paged == [-1, 1], size
            assert screen.query_one("#board-root").scroll_y == 0
            paged.clear()


LAST_ROW_KEYS = {
    # From the hand up onto the map's middle row, then down onto its last row (Areas 8-11).
    "wish": ("up", "down"),
    # Down to the forest's last row, then right to its far end: the last row of the half 7-12.
    "spirits": ("down", "down", "down", "right"),
}
LAST_ROW = {"wish": {("area", i) for i in range(8, 12)}, "spirits": {47}}
"""The places of that last row: Areas 8 to 11, the forest's place 12 of row 4."""
PLACE_ROWS = {"wish": 3, "spirits": 2}
"""The rows a highlighted place takes: an Area of the map, a tile of the forest."""


def rows_showing(screen, board, place) -> list[int]:
    """The rows of the board in sight where `place` is drawn (read off the screen)."""
    region = board.region
    return [
        y
        for y in range(region.y, region.bottom)
        if any(
            screen.get_style_at(x, y).meta.get("place") == place
            for x in range(region.x, region.right)
        )
    ]


@pytest.mark.parametrize("game", SOLOS)
async def test_the_highlight_moved_by_arrows_scrolls_into_sight(game):
    """The highlight moved to the last row of the map (an Area, with the frame around it) or
    of the forest's second half at 40x20 brings that row into sight."""
    app = WishApp(SOLOS[game])
    async with app.run_test(size=(40, 20)) as pilot:
        screen, board, part = await first_part(pilot, app)
        assert board.scroll_y == 0
        for key in LAST_ROW_KEYS[game]:
            await pilot.press(key)
            await settle(pilot)
        place = screen.taps.board.pointed()
        assert screen.parts.shown == 0 and place in LAST_ROW[game]
        assert board.scroll_y == board.max_scroll_y > 0
        assert part.region.bottom == board.region.bottom  # the last row and the frame under it
        shown = rows_showing(screen, board, place)
        assert len(shown) == PLACE_ROWS[game], shown  # the whole place is in sight


def turn_rows(screen, board) -> list[int]:
    """The rows of the board in sight where the seat deciding's `▶` is drawn."""
    from textual.geometry import Region

    rows = []
    for drawn in board.query("*"):
        region = drawn.region
        if not drawn.display or not region:
            continue
        for y, strip in enumerate(drawn.render_lines(Region(0, 0, region.width, region.height))):
            if "▶" in strip.text and board.region.y <= region.y + y < board.region.bottom:
                rows.append(region.y + y)
    return rows


async def test_a_replays_arrows_keep_the_seat_decidings_row_in_sight():
    """At 40x20 a replay's Seats part of Spirits of the Forest is taller than its room: paged
    down by hand, then stepped on by the arrows, it brings the row of the seat deciding (its
    ▶) back into sight, as the table screen follows its highlight."""
    from wish_tui.ui.app import _load_for

    launch = Launch("replay", path=str(SAVES / "spirits-four-endgame.json"))
    app = WishApp(launch, _load_for(launch))
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        screen.parts.show_part(1)  # the seats
        screen.part_switched()
        await settle(pilot)
        board = screen.query_one("#board-root")
        seen = set()
        for _ in range(4):  # each seat decides once in four steps
            await pilot.press("pagedown")
            await pilot.press("right")
            await settle(pilot)
            assert board.max_scroll_y > 0
            assert len(turn_rows(screen, board)) == 1, screen.index
            seen.add(screen.states[screen.index].current_player)
        assert 0 in seen  # Earth's row, the first, was out of sight after paging down
