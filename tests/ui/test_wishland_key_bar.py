"""Wishland's key bar shows every key its status line names, at 80 columns too: the rarely
usable ones (v claims, e ends the turn, m draws for free in solo) come last and were cut off the
line's end, and Enter, which buys the highlighted card, showed only as b."""

from __future__ import annotations

import re

from wish_tui.widgets.key_bar import KeyBar
from wish_tui.wishland.ui.game_screen import GameScreen

from . import helpers
from .helpers import app_of, lift_curtain, screen_of, settle

# Seed 5, solo: after these the turn's action is done, an Achievement may be claimed and the
# Player Token may move for a free card: v, e and m are all named in the status line.
SOLO_CLAIM_MOVE_END = [
    *("order 1", "move", "collect", "move", "move", "move", "draw", "advertise", "gain worker"),
    *("draw", "advertise", "gain worker", "draw", "draw", "play B20", "order 1", "draw", "move"),
    *("move", "draw", "advertise", "gain worker", "move", "end", "collect", "draw", "advertise"),
    "gain worker",
]
NAMED_KEY = re.compile(
    r"(?:^|[·:] )([a-z]|Enter) (?:claims?|ends|free draw|draws|collects?|advertises?|buys|plays|pays)"
)
"""A key the status line names before what it does: 'v claims', 'e ends your turn'."""
BAR_LABEL = {"Enter": "⏎"}


def bar_text(game: GameScreen) -> str:
    return "".join(segment.text for segment in game.query_one(KeyBar).render_line(0))


async def _named_keys_on_the_bar(record, history) -> set[str]:
    app = app_of(record, history)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, GameScreen)
        await settle(pilot)
        status = game.status_line.line(game.view())
        named = set(NAMED_KEY.findall(status))
        bar = bar_text(game)
        for key in named:
            label = re.escape(BAR_LABEL.get(key, key))
            assert re.search(rf"(^| |/){label}[ /]", bar), (key, status, bar)
        return named


async def test_every_key_the_solo_status_line_names_is_on_the_key_bar_at_80_columns():
    record, history = _solo(SOLO_CLAIM_MOVE_END)
    assert {"v", "e", "m"} <= await _named_keys_on_the_bar(record, history)


async def test_enter_which_buys_the_highlighted_card_is_on_the_key_bar():
    # Seed 11: Blue plays first and collects; Red's turn starts with Enter buying.
    turns = ["order 4", "gain worker", "order 1", "collect"]
    record, history = helpers.record_of("wishland", ("red", "blue"), ("human",) * 2, 11, {}, turns)
    assert {"Enter", "a", "c"} <= await _named_keys_on_the_bar(record, history)


def _solo(actions):
    from wish_tui import saves
    from wish_tui.games import GAMES

    record, state = saves.GameRecord.new(
        [{"colour": "red", "who": "human"}], 5, "standard", "wishland", {}, games=GAMES
    )
    history = [state]
    for text in actions:
        record, state = record.play(state, text)
        history.append(state)
    return record, history
