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
from collections.abc import Callable

from textual.message_pump import MessagePump

from wish_tui.core.clock_words import seconds_to_change


class ClockTick:
    """Calls `show` when the words of `table`'s running clock change (`counts`: the counts
    going down now, in seconds), and not at all while it does not run."""

    def __init__(self, table, show: Callable[[], None], counts: Callable[[], list[float]]) -> None:
        self.table = table
        self.show = show
        self.counts = counts
        self._pump: MessagePump | None = None
        self._due: asyncio.TimerHandle | None = None

    def start(self, pump: MessagePump) -> None:
        """Begin on `pump`'s loop (the screen, once mounted)."""
        self._pump = pump
        self.follow()

    def stop(self) -> None:
        """The screen is gone: no more wake-ups."""
        self._pump = None
        self._wake_at(None)

    def runs(self) -> bool:
        """True while the table's clock counts a seat's time down."""
        clock = self.table.clock
        return bool(clock) and clock.get("running") is not None and not self.table.is_over

    def follow(self) -> None:
        """The table changed, or the clock was shown: wake when its words change next while it
        runs, sleep while it does not."""
        if self._pump is None or not self.runs():
            self._wake_at(None)
            return
        waits = [wait for wait in map(seconds_to_change, self.counts()) if wait is not None]
        self._wake_at(min(waits) if waits else None)

    def _wake_at(self, delay: float | None) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None
        if delay is not None and self._pump is not None:
            # The loop's own timer (Textual's is a task stepped at each tick), the screen asked
            # to call back as Textual's timer asks it.
            loop = asyncio.get_running_loop()
            self._due = loop.call_later(delay, self._pump.call_next, self.tick)

    def tick(self) -> None:
        self._due = None
        if self._pump is None:
            return
        if self.runs():
            self.show()
        self.follow()
