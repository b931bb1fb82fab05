"""Wishland reads at a glance: a Marketplace card names itself first (no name cut at 100 columns
and more), every glyph on the table has its legend on the screen, and the two-letter Category
codes ('Rc', 'Cc', 'Bl', 'Np', 'Va', 'Ck', 'Hb'), the Restaurant's '4$-1★' and the final
scoring's '÷' are words now."""

from __future__ import annotations

import random
import re

import pytest

from wish_tui.wishland.ui.game_screen import GameScreen
from wish_tui.wishland.ui.market_view import MarketView

from .helpers import app_of, lift_curtain, screen_of, settle
from .wishland_screen import screen_lines, wishland_record

CODES = re.compile(r"\b(Fw|Rc|Ca|Dr|Hb|Cc|Th|Cm|Bl|Va|Np|Ck)\d*\b|\d\$-\d★|÷")
"""The codes a newcomer could not read: Category Symbols in two letters, a Restaurant's
'4$-1★', the final scoring's 'n÷2'."""


def _midgame(seats, seed: int, buys: int = 14):
    """Seats' actions from a new game until `buys` cards are bought and it is the first seat's
    turn again: random legal actions, buying whenever one can."""
    record, history = wishland_record(seats, ("human",) * len(seats), seed)
    state = history[-1]
    rng = random.Random(seed)
    actions, bought = [], 0
    while bought < buys or state.current_player != 0 or state.stage != "start":
        legal = state.legal_actions()
        buy = [a for a in legal if a.kind == "buy"]
        action = rng.choice(buy) if buy and rng.random() < 0.8 else rng.choice(legal)
        bought += action.kind == "buy"
        actions.append(str(action))
        state = state.apply(action)
    return wishland_record(seats, ("human",) * len(seats), seed, actions)


SIZES = [(80, 24), (100, 30), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
async def test_no_code_a_newcomer_cannot_read_is_on_the_screen(size, monkeypatch):
    if size == (80, 24):
        monkeypatch.setenv("NO_COLOR", "1")
    app = app_of(*_midgame(("red", "blue", "green"), 4))
    async with app.run_test(size=size) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        lines = screen_lines(app)
        found = [(line, m.group(0)) for line in lines for m in CODES.finditer(line)]
        assert not found, found


@pytest.mark.parametrize("size", SIZES)
async def test_the_glyphs_of_the_table_have_their_legend_on_the_screen(size):
    app = app_of(*_midgame(("red", "blue"), 9))
    async with app.run_test(size=size) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        screen = "\n".join(screen_lines(app))
        for glyph, word in (
            ("★", "VP"),
            ("$", "Credit"),
            ("H", "Happiness"),
            ("V", "Visitor"),
            ("W", "Worker"),
            ("T", "Ticket"),
            ("i", "Income"),
            ("!", "at"),
            ("Y", "Ride"),
            ("R", "Restaurant"),
            ("B", "Actor"),
            ("G", "Hotel"),
            ("K", "Mascot"),
        ):
            assert f"{glyph} {word}" in screen, (glyph, word)
        if "♪" in screen:
            assert "♪ Entertainment" in screen


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_no_marketplace_card_name_is_cut_at_100_columns_and_more(size):
    app = app_of(*_midgame(("red", "blue", "green", "yellow"), 6, buys=6))
    async with app.run_test(size=size) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        game = screen_of(app, GameScreen)
        market = game.query_one(MarketView).text.plain
        screen = "\n".join(screen_lines(app))
        names = [c["name"] for row in game.view()["marketplace"] for c in row["cards"] if c]
        assert len(names) >= 12
        for name in names:
            assert name in market and name in screen, name
        # Name first: each card's line begins with its name, then its price and reward.
        first = market.splitlines()[0]
        assert re.match(r"1Y \w", first), first


def test_the_final_scoring_says_what_each_step_counted_in_words():
    """Mascot Cards: "After players calculate their total, they halve it, rounding down" — the
    table's row reads 'Mascots (matches, halved)' and a cell '2 (4)', not '9÷2'; Entertainment
    Symbols count the unique ones, Visitors the Income they were scored on."""
    from wish_tui.wishland import rules
    from wish_tui.wishland.ui.game_over import STEP_LABELS, step_cell

    labels = dict(STEP_LABELS)
    assert labels["mascots"] == "Mascots (matches, halved)"
    assert labels["entertainment"] == "Entertainment (unique)"
    assert labels["visitors"] == "Visitors 10 (by Income)"
    state = rules.new_game(["red", "blue"], seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    for entry in state.final_scores()["seats"]:
        cells = {step: step_cell(entry, step).plain for step in entry["steps"]}
        assert not any("÷" in cell or "♪" in cell for cell in cells.values()), cells
        assert cells["mascots"].endswith(f"({entry['mascot_matches']})")
        assert f"({entry['unique_entertainment']}" in cells["entertainment"]
        if entry["steps"]["visitors"]:
            assert cells["visitors"].endswith(f"({entry['income']})")


async def test_three_seats_final_scoring_fits_80_columns():
    """Each seat's column of the final scoring is on the screen at 80x24, with every cell whole."""
    from wish_tui.wishland import rules
    from wish_tui.wishland.ui.game_over import GameOverScreen

    state = rules.new_game(["red", "blue", "green"], seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    view = {**state.view(0), "scores": state.final_scores()}
    screen = GameOverScreen(view, 5, 0)

    from textual.app import App

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        table = screen.query_one("DataTable")
        assert table.virtual_size.width <= table.size.width, (
            table.virtual_size.width,
            table.size.width,
        )
