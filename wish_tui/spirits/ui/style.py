"""Letters, glyphs and colours shared by the Spirits widgets.

Colour never carries meaning alone: every spirit has a two-letter code, every power source a glyph
and a letter, every seat's gemstone a letter; colour only helps the eye. The styles use the 16
basic colours, so they read the same on any terminal, and NO_COLOR leaves the letters.
"""

from __future__ import annotations

from rich.style import Style

from wish_tui.core import environment
from wish_tui.spirits.rules import CATALOG, CATEGORIES, POWERS, SPIRITS

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
SPIRIT_COLOUR = {
    "moss": "green",
    "flowers": "bright_magenta",
    "fruits": "red",
    "mushrooms": "bright_red",
    "dewdrops": "bright_cyan",
    "vines": "bright_green",
    "branches": "yellow",
    "leaves": "bright_yellow",
    "spiders": "bright_white",
}
POWER_GLYPH = {"moon": "☾", "sun": "☼", "fire": "▲"}
"""The power sources' icons (the upward triangle is the old sign of fire)."""
POWER_LETTER = {"moon": "M", "sun": "S", "fire": "F"}
POWER_COLOUR = {"moon": "bright_cyan", "sun": "bright_yellow", "fire": "bright_red"}
CATEGORY_CODE = {**SPIRIT_CODE, **{p: POWER_GLYPH[p] + POWER_LETTER[p] for p in POWERS}}
"""Two cells per scoring category: the spirits' letters, the power sources' glyph and letter."""
SEAT_LETTER = {"air": "A", "water": "W", "fire": "F", "earth": "E"}
SEAT_TITLE = {"air": "Air", "water": "Water", "fire": "Fire", "earth": "Earth"}
SEAT_COLOUR = {"air": "bright_white", "water": "bright_blue", "fire": "red", "earth": "green"}
GEM = "◆"
"""A gemstone (followed by its seat's letter)."""
TOKEN = "?"
"""A face-down Favor token lying on a tile."""
FACE_DOWN = "░"
"""A face-down tile of the solo game."""
PLAIN = Style()
"""Every segment carries a style: Textual's NO_COLOR filter needs one."""
DIM = Style(dim=True)


def colour_on() -> bool:
    """False when NO_COLOR is set (https://no-color.org, read as Textual reads it)."""
    return not environment.has("NO_COLOR")


def ink(colour: str, bold: bool = True) -> Style:
    """A coloured style, or only its weight without colour: Textual turns colours into greys
    under NO_COLOR, and a dark red on a dark background would be hard to read."""
    return Style(color=colour, bold=bold) if colour_on() else Style(bold=bold)


def spirit_style(spirit: str) -> Style:
    """The style of a spirit's letters."""
    return ink(SPIRIT_COLOUR[spirit])


def power_style(power: str) -> Style:
    """The style of a power source's icon."""
    return ink(POWER_COLOUR[power])


def category_style(category: str) -> Style:
    """The style of a scoring category's code."""
    return spirit_style(category) if category in SPIRIT_CODE else power_style(category)


def seat_style(seat: str) -> Style:
    """The style of a seat's name or gemstone letter."""
    return ink(SEAT_COLOUR[seat])


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
