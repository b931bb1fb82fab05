"""Under the final scoring window, the table's status line says that the window shows the final
scoring, not that Enter shows it (stale: a newcomer read it under the window and pressed Enter
for nothing); back at the table, Enter shows it again and the status line says so."""

from __future__ import annotations

import random

from wish_tui import saves
from wish_tui.cli import Launch
from wish_tui.games import GAMES
from wish_tui.ui.app import WishApp
from wish_tui.ui.screens.final_scoring import FinalScoringScreen
from wish_tui.ui.screens.table_screen import TableScreen

from .helpers import screen_of, settle, wait_until


def status_of(app) -> str:
    return screen_of(app, TableScreen).query_one("#status").text.plain


async def test_the_status_line_under_the_final_scoring_is_not_stale():
    seats = [{"colour": "red", "who": "human"}, {"colour": "blue", "who": "human"}]
    rng = random.Random(3)
    record, state = saves.GameRecord.new(seats, 3, None, "wishland", {}, games=GAMES)
    while not state.is_over:
        record, state = record.play(state, rng.choice(state.legal_actions()))
    app = WishApp(Launch("load"), (record, state, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScoringScreen))
        await settle(pilot)
        assert "Enter shows the final scoring" not in status_of(app), status_of(app)
        assert "final scoring" in status_of(app) and "Esc" in status_of(app), status_of(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot)
        assert "Enter shows the final scoring" in status_of(app), status_of(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScoringScreen))
        await settle(pilot)
        assert "Enter shows the final scoring" not in status_of(app), status_of(app)
