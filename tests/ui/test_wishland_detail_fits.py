"""Wishland's detail line at 80 columns says what a player needs of a card whole: a longer
sentence leaves out first what the board or a window says anyway (that extra Workers take up to
3$ off, who stacked Workers on the row, a printed price), then puts the Category before the
effect, whose end alone may be cut (the card's whole text is one `i` away).

Seen: late in a game, '▸ Taco Truck (R13), a Restaurant · 4$ for you, extra Workers take up to
3$ off, 1 Worker · Now: +1 Visitor. Income +1 Credit every round · Category:…'.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.wishland.ui.game_screen import GameScreen

from .helpers import screen_of, settle

SCENARIO = Path(__file__).parents[2] / "saves" / "wishland-last-turn-hotels.json"


@asynccontextmanager
async def the_scenario_at_80_columns():
    """The app with SCENARIO loaded, at 80 columns by 24 rows, once it has settled: its pilot
    and the game's screen."""
    app = WishApp(Launch("load"), saves.load_game(str(SCENARIO), games=GAMES))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        yield pilot, screen_of(app, GameScreen)


async def test_every_marketplace_card_reads_whole_on_the_detail_line_at_80_columns():
    async with the_scenario_at_80_columns() as (pilot, game):
        if game.query_one(ChoicePanel).is_open:
            await pilot.press("u")  # the save waits on a price to pay: back to the Marketplace
            await settle(pilot)
        line = game.query_one(DetailLine)
        cards = game._cards(game.view())
        assert len(cards) >= 10
        for place, card in cards.items():
            game.cursor = place
            game.refresh_view()
            await settle(pilot, 1)
            said = " ".join(line.lines)
            assert card["name"] in said and f"Category: {card['category']}" in said, said
            assert not said.endswith("…"), said


async def test_every_seats_row_reads_whole_on_the_detail_line_at_80_columns():
    """Seen: '▸ Red (you) · End 42?: VP if the game ended now (? part unknown) · rsv 0: Workers
    in the Reserve, out 0 on the board · inc 5: Income · lim 7: Card…'."""
    from wish_tui.wishland.ui import cursor as places

    async with the_scenario_at_80_columns() as (pilot, game):
        if game.query_one(ChoicePanel).is_open:
            await pilot.press("u")
            await settle(pilot)
        line = game.query_one(DetailLine)
        view = game.view()
        for seat, p in enumerate(view["players"]):
            game.cursor = (places.SEATS_ROW + seat, 0)
            game.refresh_view()
            await settle(pilot, 1)
            said = " ".join(line.lines)
            assert not said.endswith("…"), said
            assert f"lim {p['card_limit']}: Card Limit" in said and "End " in said, said


async def test_a_seats_row_with_any_entrepreneur_reads_whole_at_80_columns():
    """Seen: '▸ Red (you) · End 5: VP if it ended now · rsv 0: Reserve Workers, out 0 placed ·
    inc 5: Income · lim 7: Card Limit · Ent E7: Hotels: 1$ less, H/V/W each, no Card…' (and
    E12's): with an Entrepreneur the short wording was still too long; the Workers and the
    Income (their columns are on the row) go before the Entrepreneur is cut."""
    from wish_tui.wishland.words.board_detail import seat_detail

    async with the_scenario_at_80_columns() as (pilot, game):
        line = game.query_one(DetailLine)
        view = game.view()
        players = view["players"]
        for number in range(1, 13):
            ent = {"id": f"E{number}"}
            for end, full in (("5", ""), ("42?", "G")):
                shown = {**view, "players": [{**players[0], "entrepreneur": ent}, *players[1:]]}
                words = seat_detail(shown, 0, 0, end, full, line.fits)
                assert line.fits(words), words
                assert f"Ent E{number}: " in words and f"End {end}" in words, words
                assert "Card Limit" in words, words


async def test_a_marketplace_card_the_rules_refuse_keeps_its_category_in_sight_at_80_columns():
    """A refusal of the rules ('✗ Your Card Limit is 4: you may not have another Hotel Card
    until …') is said by its first clause where the whole sentence leaves no room, and the kind
    of card goes (its row's letter says it): the refusal and the Category stay in sight, only
    the effect's end may be cut (the card's whole text is one `i` away)."""
    from wish_tui.wishland.words.detail import card_detail

    async with the_scenario_at_80_columns() as (pilot, game):
        line = game.query_one(DetailLine)
        view = game.view()
        refusals = (
            "Your Card Limit is 4: you may not have another Hotel Card until you add a Ride or "
            "Ticket Office Card.",
            "{id} costs 9 Credits; you have 3.",
        )
        for card in game._cards(view).values():
            for refusal in refusals:
                line.say(
                    card_detail(card, view, 0, "market", refusal.format(id=card["id"]), line.fits)
                )
                await pilot.pause()
                said = " ".join(line.lines)
                assert "✗ " in said and f"Category: {card['category']}" in said, said


async def test_each_entrepreneur_offered_at_the_setup_reads_whole_on_the_detail_line():
    """The window keeping one of two Entrepreneurs shows each card's whole text; the detail
    line under it said it again, cut ('▸ E10: Ongoing Reward: You gain 1 Credit each time you
    play a non-Mascot Card … (with…'): where the whole text does not fit, it says the card's
    gist."""
    from wish_tui.wishland.rules.moves import KEEP
    from wish_tui.wishland.words.detail import option_words

    async with the_scenario_at_80_columns() as (pilot, game):
        line = game.query_one(DetailLine)
        view = game.view()
        for action in KEEP.values():
            words = option_words(action, view, 0, line.fits)
            assert line.fits(words) and words.startswith(f"{action.arg}: "), words
