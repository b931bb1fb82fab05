"""A table's clock: what each seat has left, charged as its decisions take time.

Plain logic with the time passed in (the hub reads the clock; tests inject theirs):

- ``{"type": "none"}``: no clock.
- ``{"type": "live", "minutes": M, "increment": S}``: each seat has M minutes for the whole game,
  running while it decides; every decision it takes adds S seconds (Fischer).
- ``{"type": "turn", "hours": H, "total_days": D}``: a turn-based table: each decision may take
  up to H hours, and each seat has D days in all.

A seat whose time runs out (its whole time, or a turn-based decision's hours) has timed out: the
hub gives it to a bot for good and the game counts as lost for its person.
"""

from __future__ import annotations

from dataclasses import dataclass

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass
class SeatClock:
    """One seat's time: what is left of its whole time, in seconds."""

    left: float


class TableClock:
    """The clock of one table, running for the seat deciding now."""

    def __init__(self, setting: dict, seats: int, left: list[float | None] | None = None) -> None:
        self.setting = dict(setting or {"type": "none"})
        self.kind = self.setting.get("type", "none")
        start = self._whole()
        self.seats = [
            SeatClock(start if left is None or left[i] is None else float(left[i]))
            for i in range(seats)
        ]
        self.running: int | None = None
        """The seat whose time runs now (None: no one's)."""
        self.since = 0.0
        """When the running seat's decision became its own."""

    @property
    def is_on(self) -> bool:
        return self.kind in ("live", "turn")

    def _whole(self) -> float:
        if self.kind == "live":
            return self.setting["minutes"] * 60.0
        if self.kind == "turn":
            return self.setting["total_days"] * DAY
        return 0.0

    def _increment(self) -> float:
        return float(self.setting.get("increment", 0)) if self.kind == "live" else 0.0

    def _per_move(self) -> float | None:
        return self.setting["hours"] * HOUR if self.kind == "turn" else None

    def switch(self, seat: int | None, now: float, decided: bool = True) -> None:
        """The decision passes to `seat` (None: to no one, e.g. a bot or the game's end).

        Args:
            decided: the running seat took a decision (it earns its increment); False when the
                decision was taken from it (an undo, a seat handed to a bot).
        """
        if not self.is_on:
            return
        if self.running is not None:
            clock = self.seats[self.running]
            clock.left = max(0.0, clock.left - (now - self.since))
            if decided:
                clock.left += self._increment()
        self.running, self.since = seat, now

    def left(self, seat: int, now: float) -> float:
        """Seconds `seat` has left now (of its whole time)."""
        clock = self.seats[seat]
        if seat == self.running:
            return max(0.0, clock.left - (now - self.since))
        return clock.left

    def deadline(self, now: float) -> float | None:
        """When the running seat times out (None: no clock runs)."""
        if not self.is_on or self.running is None:
            return None
        whole = self.since + self.seats[self.running].left
        per_move = self._per_move()
        return whole if per_move is None else min(whole, self.since + per_move)

    def timed_out(self, now: float) -> int | None:
        """The running seat, when its time is up now; else None."""
        deadline = self.deadline(now)
        return self.running if deadline is not None and now >= deadline else None

    def stored(self, now: float) -> list[int | None]:
        """Each seat's time left in milliseconds, as the club keeps it."""
        if not self.is_on:
            return [None] * len(self.seats)
        return [int(self.left(i, now) * 1000) for i in range(len(self.seats))]

    def to_json(self, now: float) -> dict | None:
        """What a client shows: the setting, each seat's seconds left, whose time runs and how
        long its decision may still take (None when the table has no clock)."""
        if not self.is_on:
            return None
        deadline = self.deadline(now)
        return {
            "setting": dict(self.setting),
            "left": [round(self.left(i, now), 1) for i in range(len(self.seats))],
            "running": self.running,
            "move_left": None if deadline is None else round(max(0.0, deadline - now), 1),
        }
