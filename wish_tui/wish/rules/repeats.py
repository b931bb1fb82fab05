"""A decision asked again and again in a row (three Crystals to gain, a trade's two to pay),
counted from the table's states: which of how many the decision asked now is.

The count is read from the states since the run began, not kept by a screen: a screen opened
again mid-run (a game continued, a club's table opened again) counts as the first did, and an
undo counts back.
"""

from __future__ import annotations

from collections.abc import Sequence

REPEATS = {"gain": 2, "lose": 2, "frost": 3, "pay_trade": 3, "remove": 3, "forgive": 3}
"""Decisions asked again and again, and where their step holds how many are still to come."""


def _left(state) -> tuple[tuple, int] | None:
    """(kind and seat, how many are still to come) of `state`'s repeated decision, if any."""
    step = state.pending[0] if state.pending else None
    if not step or step[0] not in REPEATS or len(step) <= REPEATS[step[0]]:
        return None
    return (step[0], step[1]), step[REPEATS[step[0]]]


def repeat_count(history: Sequence) -> tuple[int, int] | None:
    """(which, of how many) of the repeated decision of the last of `history` (the states
    oldest first); None when the decision now is not one of several."""
    now = _left(history[-1]) if history else None
    if now is None:
        return None
    key, left = now
    asked = 1
    for before in reversed(history[:-1]):
        if _left(before) != (key, left + asked):
            break
        asked += 1
    total = left + asked - 1
    return (asked, total) if total > 1 else None
