"""Spirits of the Forest and Wishland from a phone (issue 35): the solo openings played at 40x30
and 90x20, one part of the board at a time, switched by Tab and by a tap on a part's name; the
part where a decision is taken shows what it needs, and Enter never acts on a part out of sight.
"""

from __future__ import annotations

from importlib import import_module

import pytest

from wish_tui.launch import Launch, Seat
from wish_tui.spirits.ui.game_screen import GameScreen as SpiritsScreen
from wish_tui.spirits.words.marks import SEAT_TITLE as SPIRITS_TITLE
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.curtain import CurtainScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.part_tabs import PartTabs
from wish_tui.wishland.ui.game_screen import GameScreen as WishlandScreen
from wish_tui.wishland.words.marks import SEAT_TITLE as WISHLAND_TITLE

from .helpers import screen_of, settle, wait_until
from .wishland_screen import screen_lines

PHONES = ((40, 30), (90, 20))
SPIRITS = Launch("game", (Seat("air", "human"),), seed=3, solo="standard", game="spirits")
WISHLAND = Launch("game", (Seat("green", "human"),), seed=3, solo="standard", game="wishland")


def shown_parts(game) -> list[str]:
    """The ids of the board's parts on the screen now."""
    board = game.query_one("#board-root")
    return [
        part_id
        for part_id, _ in game.BOARD.PARTS
        if board.query_one(f"#{part_id}").display and board.query_one(f"#{part_id}").region
    ]


def in_sight(game, widget) -> bool:
    """True when `widget` lies whole on the screen."""
    return bool(widget.region.height) and game.region.contains_region(widget.region)


async def opened(app, pilot, kind):
    """The game's screen once its first turn is the person's (a window before it answered
    with its first option)."""
    await settle(pilot, 6)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)
    game = screen_of(app, kind)
    await wait_until(pilot, lambda: game.table.deciding == game.viewer)
    await settle(pilot)
    while game.query_one(ChoicePanel).is_open:
        await pilot.press("1")
        await wait_until(pilot, lambda: game.table.deciding == game.viewer)
        await settle(pilot)
    return game


async def tap(pilot, game, part_id: str) -> None:
    """Tap the name of part `part_id` on the part tabs."""
    tabs = game.query_one(PartTabs)
    index = [p for p, _ in game.BOARD.PARTS].index(part_id)
    x, width = tabs.slots()[index]
    await pilot.click(PartTabs, offset=(x + width // 2, 0))
    await settle(pilot)


@pytest.mark.parametrize("size", PHONES)
async def test_spirits_solo_opening_on_a_phone(size):
    app = WishApp(SPIRITS)
    async with app.run_test(size=size) as pilot:
        game = await opened(app, pilot, SpiritsScreen)
        assert game.has_class("narrow") and shown_parts(game) == ["forest"]
        forest = game.query_one("#forest")
        assert in_sight(game, forest) and in_sight(game, game.query_one(KeyBar))
        # The take is decided on the forest: all four rows' ends and the highlight in sight.
        lines = screen_lines(app)
        for row in "1234":
            ends = [line for line in lines if line.startswith(f"{row} ") and "›" in line]
            assert ends or any(line.startswith(f"{row} ▶") for line in lines)
        assert "▶" in "\n".join(lines)
        status = game.query_one("#status").text.plain
        assert status.startswith("Air: Enter") and "(row 1 left)" in status and "…" not in status
        # Tab goes round the parts; a tap on a name shows its part.
        for part in ("seats", "cards", "log"):
            await pilot.press("tab")
            await settle(pilot)
            assert shown_parts(game) == [part]
        await tap(pilot, game, "seats")
        assert shown_parts(game) == ["seats"]
        assert "Forest" in "\n".join(screen_lines(app))  # the solo table: you and the forest
        # Enter from another part first brings the forest into sight; it takes nothing.
        version = game.table.version
        await pilot.press("enter")
        await settle(pilot)
        assert shown_parts(game) == ["forest"] and game.table.version == version
        await pilot.press("enter")
        await wait_until(pilot, lambda: game.table.version > version)
        await wait_until(pilot, lambda: not game.busy and game.table.deciding == game.viewer)
        # An arrow key from the log moves the highlight and shows where it is.
        await tap(pilot, game, "log")
        await settle(pilot, 4)
        assert "Air takes" in "\n".join(screen_lines(app))
        await pilot.press("right")
        await settle(pilot)
        assert shown_parts(game) == ["forest"]


@pytest.mark.parametrize("size", PHONES)
async def test_wishland_solo_opening_on_a_phone(size):
    app = WishApp(WISHLAND)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 6)
        game = screen_of(app, WishlandScreen)
        # The first decision, a Turn Order space, is asked where the track is in sight.
        assert game.query_one(ChoicePanel).is_open and shown_parts(game) == ["marketplace"]
        text = "\n".join(screen_lines(app))
        assert "Order 1:first" in text and "3:+1★" in text and "5:+1T" in text
        game = await opened(app, pilot, WishlandScreen)
        assert game.has_class("narrow") and shown_parts(game) == ["marketplace"]
        await pilot.press("d")
        await wait_until(pilot, lambda: game.view()["players"][0].get("hand"))
        await settle(pilot)
        me = game.view()["players"][0]
        # The card to play is chosen on the Marketplace part: your hand, Credits and Workers.
        lines = screen_lines(app)
        text = "\n".join(lines)
        for i, card in enumerate(me["hand"][:3]):
            assert f"{i + 1}:" in text and card["name"][:4] in text
        assert f"You: {me['credits']}$, {me['workers']['hand']} Worker" in text
        assert in_sight(game, game.query_one("#detail"))
        # Tab and taps switch parts; the seats and Achievements, then your park.
        await pilot.press("tab")
        await settle(pilot)
        assert shown_parts(game) == ["table"]
        await tap(pilot, game, "yours")
        assert shown_parts(game) == ["yours"]
        assert "Your park" in "\n".join(screen_lines(app))
        # Enter on the park's part brings your hand back into sight and plays nothing.
        version = game.table.version
        await pilot.press("enter")
        await settle(pilot)
        assert shown_parts(game) == ["marketplace"] and game.table.version == version
        # The highlight moved down off your hand shows the part it lands in.
        for _ in range(3):
            await pilot.press("down")
            await settle(pilot)
            if game.cursor[0] >= 10:
                break
        assert shown_parts(game) == ["table"]
        assert not game.query_one(ChoicePanel).is_open


@pytest.mark.parametrize("game", ["spirits", "wishland"])
async def test_the_final_scoring_shows_every_seat_at_40_columns(game):
    from .test_snapshots import finished_spirits_app, finished_wishland_app

    app = finished_spirits_app() if game == "spirits" else finished_wishland_app()
    kind = import_module(f"wish_tui.{game}.ui.game_over").GameOverScreen
    async with app.run_test(size=(40, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, kind))
        await settle(pilot)
        view = app.screen.view
        seats = view["seats"]
        names = [(SPIRITS_TITLE if game == "spirits" else WISHLAND_TITLE)[s] for s in seats]
        lines = screen_lines(app)
        header = next(line for line in lines if all(name in line for name in names))
        assert "…" not in header
        keys = " ".join(lines[-3:])
        assert "q Leave" in keys and "r Review" in keys  # every key of the window in sight
        total = next(line for line in lines if "Total" in line).split()
        first = total.index("Total") + 1
        assert total[first : first + len(seats)] == [
            str(e["total"]) for e in view["scores"]["seats"]
        ]
