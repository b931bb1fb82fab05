"""The letters, glyphs and names of Spirits of the Forest's pieces, for its words and its screens.

Colour never carries meaning alone: every spirit has a two-letter code, every power source a glyph
and a letter, every seat's gemstone a letter (the colours are the screens', in `ui.style`).
"""

from __future__ import annotations

from wish_tui.core.seat_words import seat_letters, seat_titles
from wish_tui.spirits.rules import CATALOG, CATEGORIES, POWERS, SEATS, SPIRITS

SPIRIT_CODE = {
    "moss": "Mo",
    "flowers": "Fl",
    "fruits": "Fr",
    "mushrooms": "Mu",
    "dewdrops": "De",
    "vines": "Vi",
    "branches": "Br",
    "leaves": "Le",
    "spiders": "Sp",
}
"""Two letters per spirit, all different."""
POWER_GLYPH = {"moon": "☾", "sun": "☼", "fire": "▲"}
"""The power sources' icons (the upward triangle is the old sign of fire)."""
POWER_LETTER = {"moon": "M", "sun": "S", "fire": "F"}
CATEGORY_CODE = {**SPIRIT_CODE, **{p: POWER_GLYPH[p] + POWER_LETTER[p] for p in POWERS}}
"""Two cells per scoring category: the spirits' letters, the power sources' glyph and letter."""
SEAT_LETTER = seat_letters(SEATS)
SEAT_TITLE = seat_titles(SEATS)
GEM = "◆"
"""A gemstone (followed by its seat's letter)."""
TOKEN = "?"
"""A face-down Favor token lying on a tile."""
FACE_DOWN = "░"
"""A face-down tile of the solo game."""


def category_name(category: str) -> str:
    """The printed name of a category: 'Dew Drops', 'Moon'."""
    return CATALOG.category_name(CATEGORIES.index(category))


def kind_name(kind: str) -> str:
    """The printed name of a Favor token's kind: 'Dew Drops', 'Moon', '+'."""
    return CATALOG.kind_name(kind)


def tile_words(spirit: str, symbols: int, power: str | None) -> str:
    """A tile in words: 'Web Spiders ×2', 'Moss + Moon', 'Vines'."""
    text = category_name(spirit) + (" ×2" if symbols == 2 else "")
    return text + (f" + {category_name(power)}" if power else "")


def tile_words_of(tile: int) -> str:
    """A tile, by its number, in words."""
    t = CATALOG.tiles[tile]
    return tile_words(SPIRITS[t.spirit], t.symbols, POWERS[t.power] if t.power >= 0 else None)


def place_words(place: str | int) -> str:
    """A forest place in words: 'row 2, column 7' (from 'r2c7' or a place number)."""
    if isinstance(place, int):
        return f"row {place // 12 + 1}, column {place % 12 + 1}"
    row, _, col = place[1:].partition("c")
    return f"row {row}, column {col}"
