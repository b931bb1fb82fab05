"""Time in words for the plain client: a table's kind and clock, a seat's time left, a wait.

    setting_words({"type": "live", "minutes": 10, "increment": 5})  'live, 10 min + 5 s a move'
    seat_clock(table, seat)        '9:41 on the clock; this move 23:59:00' (a turn-based table)
    waited_words(200)              '3 minutes'

`seat_clock` reads what a table of the server last said of its clock (the ``clock`` of its
``table`` message, kept as `RemoteTable.clock` or `WatchedTable.clock` with the moment it was read,
`clock_at`: the setting, seconds left per seat, whose time runs and how long its move may still
take); the server's clock is the one that counts.
"""

from __future__ import annotations

import time

from wish_tui.core.clock_words import clock_words


def setting_words(kind: str, setting: dict | None) -> str:
    """A table's kind and clock in a few words ('' for a live table without a clock)."""
    setting = setting or {}
    if setting.get("type") == "live":
        return f"live, {setting.get('minutes')} min + {setting.get('increment')} s a move"
    if setting.get("type") == "turn":
        return (
            f"turn-based, {setting.get('hours')} h a move, {setting.get('total_days')} days in all"
        )
    return "turn-based, no clock" if kind == "turn" else ""


def seat_clock(table, seat: int | None) -> str:
    """What `seat` has left on the clock of a server's table, in words ('' without a clock)."""
    clock = table.clock
    if not clock or seat is None or not 0 <= seat < len(clock.get("left", [])):
        return ""
    running = clock.get("running") == seat
    passed = time.monotonic() - table.clock_at if running else 0.0
    words = f"{clock_words(clock['left'][seat] - passed)} on the clock"
    move_left = clock.get("move_left")
    if running and move_left is not None and clock.get("setting", {}).get("type") == "turn":
        words += f", {clock_words(move_left - passed)} for this move"
    return words


def every_clock(table) -> str:
    """Every seat's time left, in one sentence (or that the table has no clock)."""
    if not table.clock:
        return "This table has no clock."
    parts = [f"{info.title} {seat_clock(table, i)}" for i, info in enumerate(table.seats)]
    return "Time left: " + "; ".join(parts) + "."


def waited_words(seconds: float) -> str:
    """How long a move has waited: '40 seconds', '12 minutes', '3 hours', '2 days'."""
    seconds = max(0, int(seconds))
    if not seconds:
        return "less than a second"
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute"), (1, "second")):
        if seconds >= size or size == 1:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return ""


def away(label: str) -> str:
    """A seat's label saying its person is away: 'Fire (alice)' → 'Fire (alice, away)'."""
    if label.endswith(")"):
        return f"{label[:-1]}, away)"
    return f"{label} (away)"
