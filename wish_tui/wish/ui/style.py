"""Colours and glyphs shared by Wish's widgets. Colour never carries meaning alone: every
crystal and Wishing Person also shows a letter, every Wish type a symbol."""

from __future__ import annotations

from rich.text import Text

from wish_tui.wish.rules import COLOURS, LETTERS
from wish_tui.wish.rules.catalog import TYPE_COLOUR

COLOUR_STYLE = {
    "red": "bold red",
    "blue": "bold bright_blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "white": "bold bright_white",
    "purple": "bold magenta",
}
"""Rich style of each crystal / Wishing Person colour (16-colour safe)."""
LETTER = dict(zip(COLOURS, LETTERS, strict=True))
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
DJINN_STYLE = {
    "air": "bold bright_white",
    "water": "bold bright_blue",
    "fire": "bold red",
    "earth": "bold green",
}


def crystals_text(counts: dict[str, int], empty: str = "none") -> Text:
    """Crystals as coloured letters with counts, e.g. 'R2 B1'."""
    text = Text()
    for colour in COLOURS:
        n = counts.get(colour, 0)
        if n:
            if text:
                text.append(" ")
            text.append(f"{LETTER[colour]}{n}", COLOUR_STYLE[colour])
    return text if text else Text(empty, "dim")


def letters_text(colours: list[str], lower: bool = False) -> Text:
    """A run of coloured letters, one per item (crystals upper case, people lower case)."""
    text = Text()
    for colour in colours:
        letter = LETTER[colour].lower() if lower else LETTER[colour]
        text.append(letter, COLOUR_STYLE[colour])
    return text


def cost_text(cost_letters: str) -> Text:
    """A Wish's cost as coloured letters."""
    return letters_text([COLOURS[LETTERS.index(ch)] for ch in cost_letters])


def wish_type_text(wish_type: str) -> Text:
    """The symbol of a Wish type in its colour."""
    return Text(TYPE_SYMBOL[wish_type], COLOUR_STYLE[TYPE_COLOUR[wish_type]])
