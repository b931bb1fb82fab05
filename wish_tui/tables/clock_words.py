"""A table's clock as a person types it after 'live' or 'turn': 'live 10+5' (minutes a seat +
seconds a move), 'turn 24h' (hours a move; 'turn 72h 30d': 30 days in all). Read alike by the
plain client's new tables and both clients' seeks."""

from __future__ import annotations

TURN_DAYS = {24: 14}
"""Days in all a turn-based clock gives when the line names only its hours (more hours a move:
`TURN_DAYS_LONG`), as the new-table form's choices do."""
TURN_DAYS_LONG = 30
CLOCK_EXAMPLE = "'live 10+5' (minutes a seat + seconds a move) or 'turn 24h' (hours a move)"


def clock_words(kind: str, rest: list[str], i: int) -> tuple[dict | None, int]:
    """The clock after 'live' or 'turn' at `rest[i]` (None when no clock follows), and the next
    word's index.

    Raises:
        ValueError: a live clock's seconds are not a number (one sentence).
    """
    if kind == "live":
        word = rest[i] if i < len(rest) else ""
        minutes, plus, increment = word.partition("+")
        if not minutes.isdigit():
            return None, i
        if plus and not increment.isdigit():
            raise ValueError(f"A live clock is minutes + seconds, e.g. {CLOCK_EXAMPLE}.")
        return {"type": "live", "minutes": int(minutes), "increment": int(increment or 0)}, i + 1
    word = rest[i] if i < len(rest) else ""
    hours = word[:-1] if word.endswith("h") else word
    if not hours.isdigit():
        return None, i
    i += 1
    days = TURN_DAYS.get(int(hours), TURN_DAYS_LONG)
    if i < len(rest) and rest[i].endswith("d") and rest[i][:-1].isdigit():
        days = int(rest[i][:-1])
        i += 1
    return {"type": "turn", "hours": int(hours), "total_days": days}, i
