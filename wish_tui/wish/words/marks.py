"""The letters and symbols of Wish's pieces, for its words and its screens."""

from __future__ import annotations

from wish_tui.wish.rules import COLOURS, LETTERS

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
DJINN_LETTER = {"air": "A", "water": "W", "fire": "F", "earth": "E"}
DJINN_TITLE = {"air": "Air", "water": "Water", "fire": "Fire", "earth": "Earth"}
