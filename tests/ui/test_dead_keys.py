"""A key that does nothing says so, once, in the status line (issue 34: z, x, o, 5 or Esc in a
turn changed nothing and said nothing, and a newcomer could not tell a dead key from a slow one)."""

from __future__ import annotations

import pytest

from wish_tui.tables import bot_turns

from .helpers import app_of, record_of, refusals_of, settle, wait_until


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(bot_turns, "BOT_PACE", 0.0)


async def test_a_key_that_does_nothing_is_said_once_in_the_status_line():
    record, history = record_of("spirits", ["water", "fire"], ["human", "easy"], 11, {})
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        await wait_until(pilot, lambda: screen.table.deciding == screen.viewer and not screen.busy)
        refusals = refusals_of(screen)
        view = screen.view()
        for key in ("z", "5", "escape", "x"):
            await pilot.press(key)
            await settle(pilot)
        await pilot.press("z")
        await settle(pilot)
        assert refusals == [
            "z does nothing here; ? shows the keys.",
            "5 does nothing here; ? shows the keys.",
            "esc does nothing here; ? shows the keys.",
            "x does nothing here; ? shows the keys.",
            "z does nothing here; ? shows the keys.",
        ]
        status = screen.query_one("#status").text.plain
        assert status.count("does nothing") == 1 and status.startswith("✗ z does nothing")
        assert screen.view() == view
        await pilot.press("3")  # a key that does something says nothing of the kind
        await settle(pilot)
        assert len(refusals) == 5
