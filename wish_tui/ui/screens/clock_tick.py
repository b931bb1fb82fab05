"""The table's clock counted down on its screen: shown again when its words change, only while
the table's clock runs.

The status line shows a running clock's time left in seconds, or in days and hours while it is
more than a day (a turn-based table's); the screen is woken when those words change (each
second, or each hour), and not at all at a table without a clock, or whose clock is stopped (the
game over, the clock not started): at a server of hundreds of sessions every idle wake-up takes
a share of the cores.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any

from wish_tui.core.clock_words import seconds_to_change

from .table_people import running_counts


def show_status_line(screen) -> None:
    """Show a table screen's status line again (its clock first)."""
    screen.status_line.show()


class ClockTick:
    """Shows a table screen's status line again when the words of its table's running clock
    change, and not at all while the clock does not run. It holds the screen weakly: a screen
    closed is not kept for the next wake-up (an hour away, at a turn-based table).

    Args:
        screen: a screen whose `table` is a server's table (its clock, `clock_left`).
        show: shows `screen`'s clock again (called with the screen: it holds none); a table
            screen's status line by default.
    """

    def __init__(self, screen, show: Callable[[Any], None] = show_status_line) -> None:
        self._screen = weakref.ref(screen)
        self._show = show
        self._due: asyncio.TimerHandle | None = None
        self._started = False

    def start(self) -> None:
        """Begin on the screen's loop (once it is mounted)."""
        self._started = True
        self.follow()

    def runs(self) -> bool:
        """True while the table's clock counts a seat's time down."""
        screen = self._screen()
        if screen is None:
            return False
        clock = screen.table.clock
        return bool(clock) and clock.get("running") is not None and not screen.table.is_over

    def follow(self) -> None:
        """The table changed, or the clock was shown: wake when its words change next while it
        runs, sleep while it does not."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
        screen = self._screen()
        if not self._started or screen is None or not self.runs():
            return
        counts = running_counts(screen.table)
        waits = [wait for wait in map(seconds_to_change, counts) if wait is not None]
        if waits:
            # The loop's own timer (Textual's is a task stepped at each tick); the screen is
            # asked to call back as Textual's timer asks it.
            self._due = asyncio.get_running_loop().call_later(min(waits), self._wake)

    def _wake(self) -> None:
        self._due = None
        screen = self._screen()
        if screen is not None and screen.is_running:
            screen.call_next(self.tick)

    def tick(self) -> None:
        screen = self._screen()
        if screen is None:
            return
        if self.runs():
            self._show(screen)
        self.follow()
