"""A table's clock, as chosen at New table and stored with it (the hub runs it).

    {"type": "none"}
    {"type": "live", "minutes": 10, "increment": 5}     minutes per seat, + seconds per decision
    {"type": "turn", "hours": 24, "total_days": 14}     hours per move, with a limit on the game

A live table takes no clock or a live one; a turn-based table no clock or a turn-based one.
"""

from __future__ import annotations

from .errors import InputRefused

KINDS = ("live", "turn")
RANGES = {
    "live": {"minutes": (1, 180), "increment": (0, 120)},
    "turn": {"hours": (1, 336), "total_days": (1, 365)},
}
"""Each clock type's fields and their bounds (whole numbers)."""
NONE = {"type": "none"}


def check_clock(kind: str, clock: dict | None) -> dict:
    """The clock of a table of `kind` in its normal form.

    Raises:
        InputRefused: an unknown kind, a clock of the other kind, a missing field or one out of
            its bounds (one sentence).
    """
    if kind not in KINDS:
        raise InputRefused(f"A table is 'live' or 'turn' (turn-based), not '{str(kind)[:20]}'.")
    if clock is not None and not isinstance(clock, dict):
        raise InputRefused("A clock is given as an object with its 'type'.")
    if not clock or clock.get("type", "none") == "none":
        return dict(NONE)
    kind_of_clock = clock.get("type")
    if kind_of_clock != kind:
        raise InputRefused(
            f"A {'turn-based' if kind == 'turn' else 'live'} table takes no clock or a "
            f"'{kind}' clock."
        )
    fields = RANGES[kind]
    unknown = [k for k in clock if k != "type" and k not in fields]
    if unknown:
        raise InputRefused(f"A {kind} clock has no '{str(unknown[0])[:20]}'.")
    normal = {"type": kind}
    for key, (low, high) in fields.items():
        value = clock.get(key)
        if type(value) is not int or not low <= value <= high:
            raise InputRefused(f"A {kind} clock's '{key}' is a whole number from {low} to {high}.")
        normal[key] = value
    return normal
