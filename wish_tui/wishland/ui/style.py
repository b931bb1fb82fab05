"""The colours of Wishland's screens: rich styles for the letters and codes of `words.marks`.

Colour only helps the eye (every row, seat and symbol also shows its letter or code). The styles
use the 16 basic colours, so they read the same on any terminal, and NO_COLOR leaves the letters.
"""

from __future__ import annotations

from rich.style import Style

from wish_tui.core import environment

ROW_COLOUR = ("yellow", "red", "bright_blue", "green", "bright_white")
"""Black Mascot cards show in white: black text vanishes on a dark terminal."""
TICKET_COLOUR = "magenta"
SEAT_COLOUR = {
    "red": "bright_red",
    "blue": "bright_blue",
    "green": "bright_green",
    "yellow": "bright_yellow",
}
PLAIN = Style()
"""Every segment carries a style: Textual's NO_COLOR filter needs one."""
DIM = Style(dim=True)
BOLD = Style(bold=True)


def colour_on() -> bool:
    """False when NO_COLOR is set (https://no-color.org, read as Textual reads it)."""
    return not environment.has("NO_COLOR")


def ink(colour: str, bold: bool = True) -> Style:
    """A coloured style, or only its weight without colour (NO_COLOR)."""
    return Style(color=colour, bold=bold) if colour_on() else Style(bold=bold)


def row_style(row: int) -> Style:
    """The style of a Marketplace row's letter and its cards' ids."""
    return ink(ROW_COLOUR[row])


def seat_style(colour: str) -> Style:
    """The style of a seat's name or letter."""
    return ink(SEAT_COLOUR[colour])
