"""A table's screen wakes once a second only while a clock runs at its table (to count it down):
an app at a table without a clock, or whose clock is stopped, sleeps until something happens
(at a server of hundreds of sessions every idle wake-up takes a share of the two cores)."""

from __future__ import annotations

import pytest

from wish_tui.launch import Launch
from wish_tui.ui.app import WishApp
from wish_tui.ui.lobby import LobbyScreen
from wish_tui.ui.screens.clock_tick import ClockTick

from .test_remote_screens import alices_hub, table_screen, until

SEATS = [{"name": "air", "who": "me"}, {"name": "water", "who": "random"}]


@pytest.mark.parametrize("clock", [None, {"type": "live", "minutes": 5, "increment": 0}])
async def test_the_table_screen_ticks_only_while_a_clock_runs(clock, tmp_path, monkeypatch):
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
            app.server_send(request)
            await until(pilot, lambda: table_screen(app) is not None, "the table")
            await pilot.pause(2.5)
            assert bool(ticks) == (clock is not None)
    finally:
        await hub.close()
