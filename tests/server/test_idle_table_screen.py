"""A table's screen wakes only while a clock runs at its table, and only when the clock's words
change (each second; each hour while they count days, as a turn-based table's do): an app at a
table without a clock, or whose clock is stopped, sleeps until something happens (at a server of
hundreds of sessions every idle wake-up takes a share of the two cores)."""

from __future__ import annotations

import pytest

from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.screens.clock_tick import ClockTick

from .test_remote_screens import alices_hub, table_screen, until

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "random"}]


@pytest.mark.parametrize(
    ("clock", "ticking"),
    [
        (None, False),
        ({"type": "live", "minutes": 5, "increment": 0}, True),
        ({"type": "turn", "hours": 72, "total_days": 30}, False),
    ],
)
async def test_the_table_screen_ticks_only_when_a_running_clock_says_otherwise(
    clock, ticking, tmp_path, monkeypatch
):
    ticks: list[float] = []
    monkeypatch.setattr(ClockTick, "tick", lambda self: ticks.append(1.0))
    hub = await alices_hub(tmp_path, monkeypatch)
    app = WishApp(Launch(screen="client"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            request = {"type": "new_table", "game": "wish", "seats": SEATS}
            if clock is not None:
                request["clock"] = clock
                request["kind"] = "live" if clock["type"] == "live" else "turn"
            app.server_send(request)
            await until(pilot, lambda: table_screen(app) is not None, "the table")
            await pilot.pause(2.5)
            assert bool(ticks) == ticking
    finally:
        await hub.close()
