"""The colours of Spirits of the Forest's screens: rich styles for the letters of `words.marks`.

Colour only helps the eye (every piece also shows its letters). The styles use the 16 basic
colours, so they read the same on any terminal, and NO_COLOR leaves the letters.
"""

from __future__ import annotations

from rich.style import Style

from wish_tui.core import environment
from wish_tui.spirits.words.marks import SPIRIT_CODE

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
POWER_COLOUR = {"moon": "bright_cyan", "sun": "bright_yellow", "fire": "bright_red"}
SEAT_COLOUR = {"air": "bright_white", "water": "bright_blue", "fire": "red", "earth": "green"}
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
