"""While a window is open, Enter, which the turn's status line names, shows on the key bar as the
window's key: ⏎ Choose (the window's title says Esc goes back). A game key that the window holds
(Spirits' Enter takes a row end) gives way to it; Wishland's two-player bar showed '⏎ Play', a key
of the solo game, beside 'b Buy'."""

from __future__ import annotations

from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.key_bar import KeyBar

from . import helpers
from .helpers import app_of, lift_curtain, screen_of, settle


def bar_text(game) -> str:
    bar = game.query_one(KeyBar)
    return " ".join(
        "".join(segment.text for segment in bar.render_line(row)) for row in range(bar.rows)
    )


def live_labels(game) -> list[str]:
    bar = game.query_one(KeyBar)
    return [label for label, state in zip(bar._labels, bar.states, strict=True) if state]


async def test_wishland_two_players_window_shows_the_windows_keys():
    turns = ["order 4", "gain worker", "order 1", "collect"]
    record, history = helpers.record_of("wishland", ("red", "blue"), ("human",) * 2, 11, {}, turns)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        assert "Play" not in bar_text(game)
        for open_window in ("c", "kept b"):
            if open_window == "c":
                await pilot.press("c")
            else:
                game.turns.kept = "b"
                game.turns._take_kept()
            await settle(pilot)
            assert game.query_one(ChoicePanel).is_open
            text = bar_text(game)
            assert "Play" not in text, text
            assert "⏎ Choose" in text, text
            assert "⏎" in live_labels(game)
            await pilot.press("escape")
            await settle(pilot)
            assert "Choose" not in bar_text(game)


async def test_spirits_window_shows_enter_as_the_windows_key():
    record, history = helpers.record_of("spirits", ("air", "water"), ("human", "human"), 3, {})
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        panel = game.query_one(ChoicePanel)
        await helpers.past_the_setup(app, pilot, "take")
        assert "⏎ Take" in bar_text(game)
        game.turns.kept = "enter"
        game.turns._take_kept()
        await settle(pilot)
        assert panel.is_open
        text = bar_text(game)
        assert "⏎ Take" not in text and "⏎ Choose" in text, text
