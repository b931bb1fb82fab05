"""A hint goes as soon as the position it spoke of has changed (issue 34: Spirits' "Hint: Spend a
+ token…" stayed on the screen for several turns)."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from wish_tui.tables import bot_turns
from wish_tui.widgets.choice_panel import ChoicePanel

from .helpers import app_of, notes_of, record_of, settle, wait_until
from .test_news_in_sight import screen_rows


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


def hint_on_screen(app) -> bool:
    return any("Hint:" in row for row in screen_rows(app))


@asynccontextmanager
async def at_ones_turn():
    """Spirits, seed 11, against the easy bot, run to the person's turn: (pilot, app, screen)."""
    record, history = record_of("spirits", ["water", "fire"], ["human", "easy"], 11, {})
    app = app_of(record, history)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        await wait_until(pilot, lambda: screen.table.deciding == screen.viewer and not screen.busy)
        yield pilot, app, screen


async def test_a_hint_goes_when_its_position_changes_under_an_open_window():
    """The position moves on while a window the person opened (a card's text, `i`) is open:
    the seat was played from elsewhere (another terminal of the same seat, a timeout)."""
    async with at_ones_turn() as (pilot, app, screen):
        await pilot.press("h")
        await wait_until(pilot, lambda: hint_on_screen(app))
        hinted = str(screen._hinted)
        await pilot.press("i")
        await settle(pilot)
        screen.table.play_as(screen.viewer, hinted)
        await settle(pilot)
        await pilot.pause(0.2)
        assert not hint_on_screen(app), screen_rows(app)


@pytest.mark.parametrize("key", ["f1", "question_mark"])
async def test_a_hint_is_not_drawn_over_the_rules_or_the_keys_and_is_back_after_them(key):
    """Seen: 'Hint: Take row 1, …' stayed drawn over the rules window's search box (F1)."""
    async with at_ones_turn() as (pilot, app, screen):
        await pilot.press("h")
        await wait_until(pilot, lambda: hint_on_screen(app))
        await pilot.press(key)
        await settle(pilot)
        await pilot.pause(0.1)
        assert app.screen is not screen
        assert not hint_on_screen(app), screen_rows(app)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.pause(0.1)
        assert app.screen is screen and hint_on_screen(app), screen_rows(app)


GIVE_WITH_A_PLUS = [
    *("take 4 left", "gem r3c3", "take 1 left", "take 4 right", "gem r3c11", "take 4 right"),
    *("gem r3c4", "take 3 left", "stop", "gem r2c12", "take 2 right", "give r3c4", "gem r1c10"),
    *("take 3 left", "take 3 left", "give supply", "gem r2c7", "take 2 left", "gem r3c4"),
    *("take 1 right", "move gem r2c7 r2c2", "take 3 right", "move gem r3c4 r4c5", "take 1 right"),
    *("stop", "move gem r3c11 r3c10", "take 3 right", "move gem r4c5 r2c3", "take 2 right"),
    *("plus", "stop", "gem r2c10", "take 3 left", "take 1 right", "gem r4c8", "take 1 left"),
    *("move gem r2c2 r2c8", "take 4 left", "move gem r4c8 r4c5", "take 1 left"),
    *("move gem r3c10 r3c8", "take 3 right", "move gem r2c3 r3c9", "take 3 right", "give r3c8"),
    *("move gem r2c8 r1c8", "take 2 right"),
]
"""Spirits, seed 0: Water took Fire's reserved tile holding a + token and a lost gemstone; the
window asks which gemstone to give up, and offers spending the + token."""


async def test_a_hint_answered_in_a_window_names_the_window_not_a_key():
    """The + token's key p does nothing while the window asks: the hint must not name it."""
    record, history = record_of(
        "spirits", ["water", "fire"], ["human", "easy"], 0, {}, GIVE_WITH_A_PLUS
    )
    app = app_of(record, [history[-1]])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        notes = notes_of(screen)
        await wait_until(pilot, lambda: screen.query_one(ChoicePanel).is_open)
        await pilot.press("h")
        await wait_until(pilot, lambda: any(n.startswith("Hint:") for n in notes))
        hint = next(n for n in notes if n.startswith("Hint:"))
        assert hint.startswith("Hint: Spend a + token") and "(in the window)" in hint, hint
        assert "(p)" not in hint


THINKING = "Thinking about a hint…"
SLOWEST_HINT = 9
"""Seconds a hint has been seen to take on a busy server."""


async def test_the_thinking_note_stays_until_the_hint_comes_then_goes():
    """A hint under load takes several seconds: a note gone after two made `h` look dead."""
    async with at_ones_turn() as (pilot, app, screen):
        asked = screen.seat.hint
        screen.seat.hint = lambda: None  # the hint is slow to come
        await pilot.press("h")
        await settle(pilot)
        thinking = [note for note in app._notifications if note.message == THINKING]
        assert thinking and thinking[0].timeout > SLOWEST_HINT
        asked()  # it comes
        await wait_until(pilot, lambda: hint_on_screen(app))
        await settle(pilot)
        assert not [note for note in app._notifications if note.message == THINKING]
