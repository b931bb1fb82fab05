"""How long a move has waited, in the lobby: the server sends each wait as of the moment it
sends the list, and nothing while nothing changes; the lobby ages what it shows from when the
list came, redrawn only when a shown number changes, with no timer while no wait is shown.

Seen: 'YOUR MOVE (2 s)' stayed for an hour beside tables that read '(6 min)'.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.ui.lobby_app import LobbyApp
from tests.ui.test_lobby_screen import lobby
from wish_tui.ui import lobby as lobby_module
from wish_tui.ui.lobby import next_change
from wish_tui.widgets.row_list import RowList


def waiting(since: float) -> dict:
    message = lobby(["round 2", "round 1"])
    message["tables"][0].update(mine=True, your_move=True, since=since)
    return message


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("seconds", "due"),
    [(2.25, 0.75), (59.5, 0.5), (130, 50), (3599, 1), (3600 * 5 + 10, 3590), (86400 * 3, 86400)],
)
def test_the_next_redraw_is_due_when_the_number_shown_changes(seconds, due):
    assert next_change(seconds) == pytest.approx(due)


async def test_a_wait_shown_ages_from_when_the_list_came(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(lobby_module, "now", clock)
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.show(waiting(2))
        await pilot.pause()
        rows = screen.query_one(RowList)
        assert "YOUR MOVE (2 s)" in rows.render_line(1).text
        clock.now += 400
        screen.age_waits()
        await pilot.pause()
        assert "YOUR MOVE (6 min)" in rows.render_line(1).text
        assert "your move for 6 min" in str(screen.query_one("#detail").content)
        # A list sent again carries the wait as of its sending.
        screen.show(waiting(30))
        await pilot.pause()
        assert "YOUR MOVE (30 s)" in rows.render_line(1).text


async def test_a_redraw_is_due_only_while_a_wait_is_shown_and_the_lobby_is_in_sight(monkeypatch):
    monkeypatch.setattr(lobby_module, "now", Clock())
    app = LobbyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.show(lobby(["round 1"]))
        await pilot.pause()
        assert screen.waits_due is None
        screen.show(waiting(130))
        await pilot.pause()
        due = screen.waits_due
        assert due is not None
        assert due.when() - asyncio.get_running_loop().time() == pytest.approx(50, abs=1)
        screen.show(lobby(["round 1"]))
        await pilot.pause()
        assert screen.waits_due is None and due.cancelled()
        screen.show(waiting(130))
        await pilot.pause()
        from textual.screen import Screen

        await app.push_screen(Screen())
        await pilot.pause()
        assert screen.waits_due is None  # a table in front: nothing ticks behind it
        app.pop_screen()
        await pilot.pause()
        assert screen.waits_due is not None
