"""Wishland's detail line says in words what is highlighted: a Marketplace card (whole name and
id, its type, the price for this seat, its reward, its Category and Entertainment Symbols named,
and why it cannot be bought now), a card of your park, a card of a solo hand, and the option
highlighted in a window. It follows the highlight."""

from __future__ import annotations

from contextlib import asynccontextmanager

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.wishland.rules import CATALOG
from wish_tui.wishland.rules.catalog import CATEGORY_SYMBOLS
from wish_tui.wishland.ui.game_screen import GameScreen
from wish_tui.wishland.words.detail import KIND_WORDS
from wish_tui.wishland.words.marks import ACHIEVEMENT_SHORT, ACHIEVEMENT_WORDS

from .helpers import app_of, lift_curtain, screen_of, settle
from .wishland_screen import detail_of, screen_lines, wishland_record

# Seed 11, two people: Blue plays first this round and collects; then it is Red's turn.
RED_TURN = ["order 4", "gain worker", "order 1", "collect"]


@asynccontextmanager
async def two_people(actions, size: tuple[int, int]):
    """Red and Blue at one keyboard, seed 11, after `actions`: the app, its pilot and the game
    screen of the seat to play, its curtain lifted."""
    app = app_of(*wishland_record(("red", "blue"), ("human", "human"), 11, actions))
    async with app.run_test(size=size) as pilot:
        await lift_curtain(app, pilot)
        yield app, pilot, screen_of(app, GameScreen)


def _expected(card: dict) -> list[str]:
    info = CATALOG.by_id[card["id"]]
    words = [card["name"], f"({card['id']})", f"{card['price']}$ for you"]
    words.append(f"Category: {CATEGORY_SYMBOLS[info.category]}")
    if info.kind != 3:
        words.append(KIND_WORDS[info.kind])
    if info.entertainment >= 0:
        words.append(f"Entertainment Symbol: {CATALOG.entertainment[info.entertainment]}")
    return words


async def test_the_detail_line_reads_every_marketplace_card_the_highlight_rests_on():
    async with two_people(RED_TURN, (80, 24)) as (app, pilot, game):
        view = game.view()
        seen = 0
        for r, row in enumerate(view["marketplace"]):
            for c, card in enumerate(row["cards"]):
                if card is None:
                    continue
                game.cursor = (r, c)
                game.refresh_view()
                await settle(pilot)
                words = detail_of(game)
                for expected in _expected(card):
                    assert expected in words, (expected, words)
                # The highlighted card's whole name is on the screen at 80 columns.
                assert any(card["name"] in line for line in screen_lines(app)), card["name"]
                seen += 1
        assert seen >= 15


async def test_a_card_that_cannot_be_bought_says_why_on_the_detail_line():
    async with two_people(RED_TURN, (100, 30)) as (app, pilot, game):
        refusals = game.choices().refusals
        place, card = next(
            (p, c) for p, c in game._cards(game.view()).items() if f"buy {c['id']}" in refusals
        )
        game.cursor = place
        game.refresh_view()
        await settle(pilot)
        assert f"✗ {refusals['buy ' + card['id']].rstrip('.')}" in detail_of(game)


async def test_the_highlight_goes_down_into_your_park_and_the_detail_line_follows():
    actions = [*RED_TURN, "buy Y3", "collect"]
    async with two_people(actions, (80, 24)) as (app, pilot, game):
        # Down from the Marketplace: the two seats' rows, the Achievements, then your park.
        await pilot.press("5", "down", "down", "down", "down")
        await settle(pilot)
        assert game.cursor == (30, 0)
        words = detail_of(game)
        assert words.startswith("Mirror Maze (Y3), a Ride · in your park"), words
        await pilot.press("b")
        await settle(pilot)
        assert "Y3 Mirror Maze is in your park" in game.status_line.refusal
        await pilot.press("down")
        await settle(pilot)
        assert game.cursor[0] == 0 and "in your park" not in detail_of(game)


async def test_the_highlight_reads_each_seats_row_and_each_achievement_in_words():
    """The seats' short columns (End, rsv, out, inc, lim, Ent) and the Achievements' short
    requirements ('15cards', 'Inc12') read in words on the detail line under the highlight."""
    async with two_people(RED_TURN, (80, 24)) as (app, pilot, game):
        view = game.view()
        await pilot.press("5", "down")
        await settle(pilot)
        red = view["players"][0]
        words = detail_of(game)
        assert words.startswith("Red (you) · End "), words
        for said in (
            "VP if the game ended now",
            f"rsv {red['workers']['reserve']}: Workers in the Reserve",
            f"out {red['workers']['on_board']} on the board",
            f"inc {red['income']}: Income",
            f"lim {red['card_limit']}: Card Limit",
        ):
            assert said in words, (said, words)
        await pilot.press("down")
        await settle(pilot)
        assert detail_of(game).startswith("Blue · End ")
        await pilot.press("down")
        await settle(pilot)
        first = view["achievements"][0]["id"]
        words = detail_of(game)
        assert words.startswith(f"Achievement {ACHIEVEMENT_SHORT[first]} ({first}): "), words
        assert ACHIEVEMENT_WORDS[first] in words and "+1 VP" in words
        await pilot.press("right")
        await settle(pilot)
        second = view["achievements"][1]["id"]
        assert ACHIEVEMENT_WORDS[second] in detail_of(game)
        await pilot.press("b")
        await settle(pilot)
        assert "↑ goes back to the Marketplace" in game.status_line.refusal


async def test_the_detail_line_follows_the_highlighted_option_of_a_window():
    async with two_people((), (80, 24)) as (app, pilot, game):
        panel = game.query_one(ChoicePanel)
        assert panel.is_open
        assert detail_of(game).startswith("Turn Order space 1: no reward, but you play first")
        await pilot.press("down", "down", "down")
        await settle(pilot)
        assert detail_of(game).startswith("Turn Order space 4: 1 Happiness, Visitor or Worker")
        await pilot.press("enter")
        await settle(pilot)
        assert panel.is_open and "1 Happiness" in detail_of(game), detail_of(game)
        assert "Each odd space pays 1 VP" in detail_of(game)


async def test_a_solo_hand_card_is_read_on_the_detail_line():
    actions = ["order 1", "draw", "draw"]
    app = app_of(*wishland_record(("green",), ("human",), 26, actions, solo=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = screen_of(app, GameScreen)
        hand = game.view()["players"][0]["hand"]
        for index, card in enumerate(hand):
            await pilot.press("right" if index else "left")
            await settle(pilot)
            game.cursor = (0, index)
            game.refresh_view()
            await settle(pilot)
            words = detail_of(game)
            assert card["name"] in words and "the rest of your hand is discarded" in words


async def test_a_rows_worker_stacks_read_in_words_on_the_detail_line():
    """Rules, Placing Workers: "1 standard Worker, plus 1 additional Worker for each Stack of
    Workers of any colour on that Space"; the 'R1' beside a row reads as Red's Stack."""
    actions = [*RED_TURN, "buy Y3"]
    async with two_people(actions, (80, 24)) as (app, pilot, game):
        await pilot.press("1")
        await settle(pilot)
        assert game.cursor[0] == 0
        words = detail_of(game)
        assert "2 Workers (1 + 1 per Stack: Red's 1) ·" in words, words
        # Said beside the Workers it explains, not last: there it was cut off at 80 columns.
        drawn = game.query_one(DetailLine).lines
        assert not drawn[-1].endswith("…"), drawn


async def test_a_claimed_achievement_shows_its_claimer_in_brackets():
    """'9W(R)': the claimer's letter apart from the requirement, not '9WR'."""
    from wish_tui.wishland.ui.achievements_view import AchievementsView

    async with two_people(RED_TURN, (80, 24)) as (app, pilot, game):
        view = game.view()
        first = {**view["achievements"][0], "claimed_by": 1}
        view = {**view, "achievements": [first, *view["achievements"][1:]]}
        widget = game.query_one(AchievementsView)
        widget.update_view(view, game.viewer)
        assert f"{ACHIEVEMENT_SHORT[first['id']]}(B) " in widget.text.plain


def test_the_pay_window_counts_one_worker_in_the_singular():
    from wish_tui.wishland.words.detail import _extra_words

    view = {"decision": {"cost": 5, "card": {"id": "B17", "name": "Escape Artist"}}}
    words = _extra_words(1, view, {"workers": {"hand": 2}})
    assert words == (
        "Pay 4 Credits for B17 Escape Artist; 1 extra Worker joins the stack, 1 Worker stays "
        "at hand."
    )


async def test_the_pay_windows_title_counts_one_worker_in_the_singular():
    async with two_people(RED_TURN, (80, 24)) as (app, pilot, game):
        view = game.view()
        me = view["players"][game.viewer]
        players = list(view["players"])
        players[game.viewer] = {**me, "credits": 1, "workers": {**me["workers"], "hand": 1}}
        card = {"id": "Y9", "name": "Bobsleigh"}
        decision = {"kind": "extra", "seat": game.viewer, "card": card, "cost": 4}
        title = game.decision_title({**view, "players": players, "decision": decision})
        assert title.endswith("You have 1 Credit and 1 Worker at hand:"), title


async def test_a_buy_windows_options_are_read_on_the_detail_line():
    """A b kept for the turn opens a window of every card that can be bought: the detail line
    said nothing of the highlighted one, where the board's highlight says all of it."""
    from wish_tui.widgets.choice_panel import ChoicePanel

    async with two_people(RED_TURN, (80, 24)) as (app, pilot, game):
        game.turns.kept = "b"
        game.turns._take_kept()
        await settle(pilot)
        panel = game.query_one(ChoicePanel)
        assert panel.is_open and panel.title_text.startswith("Buy")
        for _ in range(2):
            action = game._options[panel.highlighted]
            words = detail_of(game)
            card = CATALOG.by_id[action.arg]
            assert card.name in words and f"({action.arg})" in words, words
            await pilot.press("down")
            await settle(pilot)
