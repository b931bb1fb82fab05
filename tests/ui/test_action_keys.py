"""Each action key plays its kind of action, from positions built for it (rulebook, Actions)."""

from __future__ import annotations

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.wish.rules import CATALOG

from ..wish.rules.helpers import crystals, patch, started
from .helpers import settle
from .test_game_flow import choice_open, game_of


def app_for(state) -> WishApp:
    """The app on `state`, the seat to move played by a person and the other by a bot."""
    seats = [
        {"djinn": d, "who": "human" if s == state.current_player else "random"}
        for s, d in enumerate(state.djinns)
    ]
    record, _ = saves.GameRecord.new(seats, 3, games=GAMES)
    record.state = state.to_dict()
    return WishApp(Launch("load"), (record, state, None))


def turn_position(**player):
    """Seat to move's turn (Fire or Water), its pieces patched."""
    state = started(("fire", "water"), seed=3)
    seat = state.current_player
    return patch(state, players={seat: player}), seat


async def answer_all(app, pilot, limit: int = 12) -> None:
    """Take the first option of every choice until the turn's own decisions are done."""
    for _ in range(limit):
        await settle(pilot)
        if not choice_open(app):
            return
        await pilot.press("1")


async def played_with_key(state, key: str):
    """The game's state once the person to move at `state` has pressed `key` and taken the first
    option of every choice it asked."""
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await answer_all(app, pilot)
        return game_of(app).table.state


def fulfil_position(trickery: bool):
    """The seat to move can pay its first Wish; its Area holds one Wishing Person: of the Wish's
    colour, or (with a Trickery token) of another colour."""
    state = started(("fire", "water"), seed=3)
    seat = state.current_player
    card = state.players[seat].hand[0]
    wish = CATALOG.wishes[card]
    here = state.players[seat].area
    meeples = state.to_dict()["area_meeples"]
    meeples[here * 6 : here * 6 + 6] = [0] * 6
    meeples[here * 6 + ((wish.colour + 1) % 6 if trickery else wish.colour)] = 1
    pieces = {"crystals": list(wish.cost), "trickery": 1 if trickery else 0}
    return patch(state, players={seat: pieces}, area_meeples=meeples), seat, card


async def test_fulfill_key_fulfils_a_wish():
    state, seat, card = fulfil_position(trickery=False)
    after = await played_with_key(state, "f")
    assert card in after.players[seat].fulfilled


async def test_manifest_key_uses_the_area():
    state, seat = turn_position()
    after = await played_with_key(state, "m")
    assert "manifest" in after.players[seat].markers


async def test_special_key_uses_the_djinns_action():
    state, seat = turn_position()
    after = await played_with_key(state, "s")
    assert "special" in after.players[seat].markers


async def test_trade_key_trades_three_for_one():
    state, seat = turn_position(crystals=crystals(red=3))
    after = await played_with_key(state, "r")
    assert sum(after.players[seat].crystals) == 1


async def test_potion_key_gives_a_fourth_action():
    state, seat = turn_position(potions=1)
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_of(app)
        for key in ("e", "t", "s"):
            await pilot.press(key)
            await answer_all(app, pilot)
        assert game.table.state.players[seat].markers_placed == 3
        n_before = len(game.table.record.actions)
        await pilot.press("p")
        await answer_all(app, pilot)
        assert game.table.state.players[seat].potion_used
        assert game.table.record.actions[n_before].startswith("potion ")


async def test_trickery_key_recolours_a_wishing_person():
    state, seat, card = fulfil_position(trickery=True)
    after = await played_with_key(state, "k")
    assert card in after.players[seat].fulfilled
    assert after.players[seat].trickery == 0


async def test_info_key_opens_the_reference_on_a_card():
    from wish_tui.ui.screens.help_screens import RulesScreen

    state, _ = turn_position()
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert choice_open(app)
        await pilot.press("2", "enter")  # 2, or 20 and more: Enter says 2
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.shown and app.screen.shown[0][0].startswith("Wish: ")


async def test_info_on_an_area_shows_that_area_first():
    """Issue: 'i' on Oasis showed Sandhills, whose text names Oasis as a neighbour."""
    from wish_tui.ui.screens.help_screens import RulesScreen

    state, _ = turn_position()
    app = app_for(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        game = game_of(app)
        targets = game.info_targets(game.view())
        number = next(i for i, (label, _) in enumerate(targets, 1) if label.endswith("Oasis"))
        await pilot.press(*str(number), "enter")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.shown[0][0] == "Area: Oasis"
