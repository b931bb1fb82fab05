"""Time left on a clock, in the few characters a person reads at a glance."""

from __future__ import annotations

import math

PAST_THE_CHANGE = 0.01
"""Seconds past the moment the words change that `seconds_to_change` says (a timer that fires
right on it would find the words as they were)."""


def clock_words(seconds: float) -> str:
    """Time left as a person reads it: '9:41', '1:02:05', '3 d 4 h'."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def seconds_to_change(seconds: float | None) -> float | None:
    """Seconds until `clock_words` says otherwise of a count going down from `seconds` now: the
    next second, or the next hour while it says days; None when it says 0:00 for good."""
    if seconds is None or seconds < 1:
        return None
    step = 3600 if seconds >= 86400 else 1
    return seconds - math.floor(seconds / step) * step + PAST_THE_CHANGE
