"""The Wishland final scoring has a key under its table that says what its figures are.

The rulebook, "Final Scoring": Happiness — "If players have reached 10 on the Happiness Track,
they unlock the following bonus: … 1 Victory Point for each set of 5 or more cards of the same
colour"; Visitors — "If players have reached 10 on the Visitor Track, … 1 Victory Point for every
5 Credits you would earn in a new Income Phase"; Hotel Cards — "They resolve each card's effect,
individually"; Mascots — "they halve it, rounding down".

So the table's 'Happiness 10' and 'Visitors 10 (by Income)' score only at 10 on their track, a
Hotels cell '7 6+1' adds each Hotel's own VP, and a cell's '(n)' is the count its row names in
brackets: none of which the table said.
"""

from __future__ import annotations

import random

from textual.app import App

from wish_tui.wishland import rules
from wish_tui.wishland.ui.game_over import GameOverScreen

from .helpers import settle
from .test_news_in_sight import screen_rows

SEED = 13984593964578569084


class Host(App):
    def __init__(self, screen) -> None:
        super().__init__()
        self.over = screen

    def on_mount(self) -> None:
        self.push_screen(self.over)


def finished(seats, seed: int, **options):
    state = rules.new_game(list(seats), seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


async def _rows(state, size=(80, 24)) -> list[str]:
    view = {**state.view(0), "scores": state.final_scores()}
    app = Host(GameOverScreen(view, SEED, 0))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen.query_one("DataTable")
        assert table.virtual_size.width <= table.size.width
        return screen_rows(app)


async def test_a_key_under_the_final_scoring_says_what_its_figures_are_at_80x24():
    state = finished(("red", "blue", "green", "yellow"), 5, entrepreneurs=True)
    rows = await _rows(state)
    (key,) = [row for row in rows if "(n)" in row]  # one line
    assert "10: its track reached 10" in key, key
    assert "(n) count its row names" in key, key
    assert "n+n each Hotel's VP" in key, key
    shown = "\n".join(rows)
    assert "Ties go to the rightmost Turn Order space" in shown, shown
    assert f"--seed {SEED}" in shown, shown


async def test_the_solo_final_scoring_has_the_key_too():
    state = finished(("red",), 5, solo=True)
    rows = await _rows(state)
    assert [row for row in rows if "10: its track reached 10" in row and "(n)" in row], rows
