"""Wishland's key bar names each key with the verb its status line uses: the bar read 'a Advert'
while the line said 'a advertise'; and at 80 columns the bar cuts no word."""

from __future__ import annotations

import re

from wish_tui.wishland.ui.game_screen import GameScreen

from . import helpers
from .helpers import app_of, lift_curtain, screen_of, settle
from .test_wishland_key_bar import BAR_LABEL, SOLO_CLAIM_MOVE_END, _solo, bar_text

NAMED_VERB = re.compile(
    r"(?:^|[·:] )([a-z]|Enter) (claims?|ends|free draw|draws|collects?|advertises?|buys|plays)\b"
)
"""A key the status line names and its verb: 'a advertise', 'v claims', 'e ends your turn'."""


def _singular(verb: str) -> str:
    return verb[:-1] if verb.endswith("s") else verb


async def _verbs_on_the_bar(record, history) -> set[str]:
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, GameScreen)
        await settle(pilot)
        status = game.status_line.line(game.view())
        bar = bar_text(game)
        named = NAMED_VERB.findall(status)
        for key, verb in named:
            label = re.escape(BAR_LABEL.get(key, key))
            word = re.escape(_singular(verb).capitalize())
            assert re.search(rf"(^| |/){label}(/[a-z])? {word}( |$)", bar), (key, verb, bar)
        return {key for key, _ in named}


async def test_the_key_bar_says_the_verbs_of_the_status_line_at_80_columns():
    # Seed 11: Blue plays first and collects; Red's turn starts with Enter buying.
    turns = ["order 4", "gain worker", "order 1", "collect"]
    record, history = helpers.record_of("wishland", ("red", "blue"), ("human",) * 2, 11, {}, turns)
    assert {"Enter", "a", "c"} <= await _verbs_on_the_bar(record, history)


async def test_the_solo_key_bar_says_the_verbs_of_the_status_line_at_80_columns():
    record, history = _solo(SOLO_CLAIM_MOVE_END)
    assert {"v", "e"} <= await _verbs_on_the_bar(record, history)
