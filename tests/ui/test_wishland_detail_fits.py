"""Wishland's detail line at 80 columns says what a player needs of a card whole: a longer
sentence leaves out first what the board or a window says anyway (that extra Workers take up to
3$ off, who stacked Workers on the row, a printed price), then puts the Category before the
effect, whose end alone may be cut (the card's whole text is one `i` away).

Seen: late in a game, '▸ Taco Truck (R13), a Restaurant · 4$ for you, extra Workers take up to
3$ off, 1 Worker · Now: +1 Visitor. Income +1 Credit every round · Category:…'.
"""

from __future__ import annotations

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


async def test_every_marketplace_card_reads_whole_on_the_detail_line_at_80_columns():
    app = WishApp(Launch("load"), saves.load_game(str(SCENARIO), games=GAMES))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = screen_of(app, GameScreen)
        if game.query_one(ChoicePanel).is_open:
            await pilot.press("u")  # the save waits on a price to pay: back to the Marketplace
            await settle(pilot)
        line = game.query_one(DetailLine)
        cards = game._cards(game.view())
        assert len(cards) >= 10
        cut = 0
        for place, card in cards.items():
            game.cursor = place
            game.refresh_view()
            await settle(pilot, 1)
            said = " ".join(line.lines)
            assert card["name"] in said and f"Category: {card['category']}" in said, said
            cut += said.endswith("…")
        assert cut <= 1, cut  # Hotel #12's long sentence, cut at its end


async def test_every_seats_row_reads_whole_on_the_detail_line_at_80_columns():
    """Seen: '▸ Red (you) · End 42?: VP if the game ended now (? part unknown) · rsv 0: Workers
    in the Reserve, out 0 on the board · inc 5: Income · lim 7: Card…'."""
    from wish_tui.wishland.ui import cursor as places

    app = WishApp(Launch("load"), saves.load_game(str(SCENARIO), games=GAMES))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = screen_of(app, GameScreen)
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
