"""At one's own turn the key bar keeps `?` (every key) and `q` (leave) in sight at 80 columns,
in every game: a newcomer always finds how to get help and how to leave. They were keys the bar
showed only when a sentence named them, and at one's turn none did."""

from __future__ import annotations

import pytest

from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.widgets.key_bar import KeyBar

from . import helpers
from .helpers import app_of, lift_curtain, screen_of, settle
from .test_wishland_key_bar import SOLO_CLAIM_MOVE_END, _solo

TURNS = {
    "wish": (("air", "water"), ["setup"]),
    "spirits": (("air", "water"), ["setup"]),
    "wishland": (("red", "blue"), ["order 4", "gain worker", "order 1", "collect"]),
}


async def _labels(record, history, size=(80, 24)) -> list[str]:
    app = app_of(record, history)
    async with app.run_test(size=size) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        game = screen_of(app, TableScreen)
        assert game.router.human_main_turn()
        return game.query_one(KeyBar).labels_in_sight()


@pytest.mark.parametrize("game", sorted(TURNS))
async def test_help_and_leave_keys_are_on_the_key_bar_at_ones_turn(game):
    seats, actions = TURNS[game]
    record, history = helpers.record_of(game, seats, ("human",) * 2, 11, {}, actions)
    labels = await _labels(record, history)
    assert "?" in labels and "q" in labels, labels


async def test_they_stay_when_the_bar_is_at_its_fullest():
    # Wishland solo with v, e and m named in the status line: the fullest bar of the games.
    record, history = _solo(SOLO_CLAIM_MOVE_END)
    labels = await _labels(record, history)
    assert {"?", "q", "v", "e", "m"} <= set(labels), labels
