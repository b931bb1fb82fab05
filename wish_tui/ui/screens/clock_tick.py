"""The once-a-second tick of a table's screen, only while the table's clock runs.

The status line counts a running clock down; at a table without a clock, or whose clock is
stopped (the game over, the clock not started), the screen's app sleeps until something happens:
at a server of hundreds of sessions every idle wake-up takes a share of the cores.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer


class ClockTick:
    """Calls `show` once a second while `table`'s clock runs, and not at all otherwise."""

    def __init__(self, table, show: Callable[[], None]) -> None:
        self.table = table
        self.show = show
        self._timer: Timer | None = None

    def start(self, pump: MessagePump) -> None:
        """Begin on `pump`'s loop (the screen, once mounted)."""
        self._timer = pump.set_interval(1.0, self.tick, pause=not self.runs())

    def runs(self) -> bool:
        """True while the table's clock counts a seat's time down."""
        clock = self.table.clock
        return bool(clock) and clock.get("running") is not None and not self.table.is_over

    def follow(self) -> None:
        """The table changed: tick while its clock runs, sleep while it does not."""
        if self._timer is None:
            return
        if self.runs():
            self._timer.resume()
        else:
            self._timer.pause()

    def tick(self) -> None:
        if self.runs():
            self.show()
