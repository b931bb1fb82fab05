"""Colours of Wish's widgets. Colour never carries meaning alone: every crystal and Wishing
Person also shows a letter, every Wish type a symbol (`words.marks`)."""

from __future__ import annotations

from rich.text import Text

from wish_tui.wish.rules import COLOURS, LETTERS
from wish_tui.wish.rules.catalog import TYPE_COLOUR
from wish_tui.wish.words.marks import LETTER, TYPE_SYMBOL

CRYSTAL_HEX = {
    "red": "#E0303A",
    "blue": "#2F6FE0",
    "green": "#22A050",
    "yellow": "#C89600",
    "white": "#5EB8C8",
    "purple": "#B04FD0",
}
"""One colour per crystal, chosen to be told apart everywhere: mid-tones that read on dark and
light backgrounds, that fall on six different entries of the 256-colour palette (167, 26, 35,
172, 74, 134) and of the 16 ANSI colours (bright red, bright blue, green, yellow, white, bright
magenta) when a terminal has fewer colours. Diamond is an icy blue-grey, since white text
vanishes on a light background. `tests/ui/test_style.py` checks all of this."""
COLOUR_STYLE = {colour: f"bold {hex_}" for colour, hex_ in CRYSTAL_HEX.items()}
"""Rich style of each crystal / Wishing Person colour."""
DJINN_STYLE = {
    "air": f"bold {CRYSTAL_HEX['white']}",
    "water": f"bold {CRYSTAL_HEX['blue']}",
    "fire": f"bold {CRYSTAL_HEX['red']}",
    "earth": f"bold {CRYSTAL_HEX['green']}",
}


def _counts_text(counts: dict[str, int], empty: str, sep: str, lower: bool) -> Text:
    """Counts by colour as coloured letters, e.g. 'R2 B1' (or 'r2 b1' when `lower`)."""
    text = Text()
    for colour in COLOURS:
        n = counts.get(colour, 0)
        if n:
            if text:
                text.append(sep)
            letter = LETTER[colour].lower() if lower else LETTER[colour]
            text.append(f"{letter}{n}", COLOUR_STYLE[colour])
    return text if text else Text(empty, "dim")


def crystals_text(counts: dict[str, int], empty: str = "none", sep: str = " ") -> Text:
    """Crystals as coloured letters with counts, e.g. 'R2 B1'."""
    return _counts_text(counts, empty, sep, lower=False)


def people_text(counts: dict[str, int], empty: str = "none", sep: str = " ") -> Text:
    """Wishing Persons as coloured small letters with counts, e.g. 'r2 b1'."""
    return _counts_text(counts, empty, sep, lower=True)


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


def highlight_line(text: Text, line: int | None) -> Text:
    """`text` with its line number `line` in reverse video (the look cursor); None: as it is."""
    if line is None:
        return text
    lines = text.split("\n", allow_blank=True)
    if not 0 <= line < len(lines):
        return text
    lines[line].stylize("reverse")
    joined = Text("\n").join(lines)
    joined.no_wrap, joined.overflow = text.no_wrap, text.overflow
    return joined
