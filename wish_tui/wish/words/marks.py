"""The letters and symbols of Wish's pieces, for its words and its screens."""

from __future__ import annotations

from wish_tui.core.seat_words import seat_letters, seat_titles
from wish_tui.wish.rules import COLOURS, DJINNS, LETTERS

LETTER = dict(zip(COLOURS, LETTERS, strict=True))
"""Each crystal colour's letter (a Wishing Person's is the same, in lower case)."""
TYPE_SYMBOL = {
    "love": "♥",
    "power": "♛",
    "revenge": "⚔",
    "wealth": "◆",
    "health": "✚",
    "happiness": "☀",
}
"""One symbol per Wish type."""
DJINN_LETTER = seat_letters(DJINNS)
DJINN_TITLE = seat_titles(DJINNS)
AREA_SHORT = {
    "Palace Gardens": "Pal.Gardens",
    "Mountain Caves": "Mtn.Caves",
    "Trade Market": "Trade Mkt.",
}
"""Short names of the Areas whose name is longer than a map box of 11 columns (the map at 80
columns): abbreviated by design, never cut; the detail line says the whole name."""


def area_label(name: str, room: int) -> str:
    """An Area's name as a box `room` columns wide shows it: whole, else its short name."""
    if len(name) <= room:
        return name
    return AREA_SHORT.get(name, name)[:room]
