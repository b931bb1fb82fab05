"""At one's own turn the key bar keeps `?` (every key) and `q` (leave) in sight at 80 columns,
in every game: a newcomer always finds how to get help and how to leave. They were keys the bar
showed only when a sentence named them, and at one's turn none did. They give way only where
they alone would cut the words of a key the status line names."""

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


async def test_they_give_way_where_they_alone_would_cut_a_named_keys_words():
    # Wishland solo with v, e and m named in the status line, the fullest bar of the games:
    # '? q' would cut 'm Free draw' to 'm Free'; the status line's keys keep their words.
    record, history = _solo(SOLO_CLAIM_MOVE_END)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        _assert_free_draw_keeps_its_words(app)


async def test_they_give_way_again_after_the_terminal_is_resized():
    # Widened then narrowed back, the bar laid its keys out at the new width with `?` and `q`
    # as the last update left them (decided at the width before): 'm Free' again, and in Wish
    # at 100 columns '? Keys f1 q' where it read '? Keys f1 Rules'.
    record, history = _solo(SOLO_CLAIM_MOVE_END)
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        await settle(pilot)
        for size in ((120, 24), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
        _assert_free_draw_keeps_its_words(app)


def _assert_free_draw_keeps_its_words(app) -> None:
    """The key bar names v, e and m and keeps 'm Free draw' whole beside '?' and 'q'."""
    bar = screen_of(app, TableScreen).query_one(KeyBar)
    text = bar.render_line(0).text
    assert "m Free draw" in text and {"v", "e", "m"} <= set(bar.labels_in_sight()), text
