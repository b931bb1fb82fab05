""" "Thinking about a hint…" stays until the hint comes: a hint under load takes several seconds,
and a note gone after two of them made `h` look dead."""

from __future__ import annotations

import pytest

from wish_tui.tables import bot_turns

from .helpers import app_of, record_of, settle, wait_until

THINKING = "Thinking about a hint…"
SLOWEST_HINT = 9
"""Seconds a hint has been seen to take on a busy server."""


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


def notes(app) -> list:
    return list(app._notifications)


async def test_the_thinking_note_stays_until_the_hint_comes_then_goes():
    record, history = record_of("spirits", ["water", "fire"], ["human", "easy"], 11, {})
    app = app_of(record, history)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        await wait_until(pilot, lambda: screen.table.deciding == screen.viewer and not screen.busy)
        asked = screen.seat.hint
        screen.seat.hint = lambda: None  # the hint is slow to come
        await pilot.press("h")
        await settle(pilot)
        thinking = [note for note in notes(app) if note.message == THINKING]
        assert thinking and thinking[0].timeout > SLOWEST_HINT
        asked()  # it comes
        await wait_until(pilot, lambda: any("Hint:" in str(n.message) for n in notes(app)))
        await settle(pilot)
        assert not [note for note in notes(app) if note.message == THINKING]
