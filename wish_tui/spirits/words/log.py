"""Spirits of the Forest's log in words: the opening lines and what each action did.

Free of Textual, so the table server can write each person's log from its own point of view (a
found Favor token and a kept card only in the finder's or keeper's own log) and the game screen
and the replay can show it.
"""

from __future__ import annotations

from .marks import SEAT_TITLE
from .words import log_lines as _action_lines


def opening_lines(record, state) -> list[str]:
    """The log's first lines: the seats, the modules or the solo level, who plays first."""
    seats = ", ".join(f"{SEAT_TITLE[s['djinn']]} ({s['who']})" for s in record.seats)
    lines = [f"A game of Spirits of the Forest: {seats}."]
    if state.solo:
        lines.append(
            f"Solo, {state.solo}: each turn take a face-up row end; the forest takes the "
            "other end of that row. The game ends when three rows are empty."
        )
        return lines
    if state.modules:
        lines.append(f"Modules: {' and '.join(m.capitalize() for m in state.modules)}.")
    lines.append(f"{SEAT_TITLE[state.seats[state.first]]} plays first.")
    return lines


def log_lines(record, before, action, after, seat: int, private: bool) -> list[str]:
    """What `seat`'s action was and what the game did after it; `private` shows the seat's own
    secrets (the token it found, the card it kept)."""
    return _action_lines(before, action, after, seat, private)
