"""Time left on a clock, in the few characters a person reads at a glance."""

from __future__ import annotations


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
