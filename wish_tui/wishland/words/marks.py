"""The letters and glyphs of Wishland's cards and seats, for its words and screens.

Colour never carries meaning alone: every Marketplace row has a letter (Y Rides, R Restaurants,
B Actors, G Hotels, K Mascots), every seat a letter, every reward a glyph with its number, each
explained by the legend on the screen; colour only helps the eye (the colours are the screens',
in `ui.style`). Symbols are named in words.
"""

from __future__ import annotations

from wish_tui.core.seat_words import seat_letters, seat_titles
from wish_tui.wishland.rules import CATALOG, CATEGORY_SYMBOLS, SEATS

VP = "★"
"""A Victory Point."""
CREDIT = "$"
HAPPY = "H"
VISIT = "V"
WORKER = "W"
TICKET = "T"
INCOME = "i"
"""Income: 'i+2' is 2 more Credits in every Income Phase."""
YOU = "◀"
"""The mark after your seat's name (▶ marks the seat deciding)."""

ROW_LETTER = ("Y", "R", "B", "G", "K")
"""The Marketplace rows, top to bottom (the letter of their cards' ids)."""
ROW_TITLE = ("Rides", "Restaurants", "Actors", "Hotels", "Mascots")
KIND_WORDS = ("a Ride", "a Restaurant", "an Actor", "a Hotel", "a Mascot")
"""Each kind of card with its article, in Marketplace row order."""

SEAT_LETTER = seat_letters(SEATS)
SEAT_TITLE = seat_titles(SEATS)

ACHIEVEMENT_SHORT = {
    "A1": "H7",
    "A2": "V7",
    "A3": "9W",
    "A4": "15★",
    "A5": "5Y",
    "A6": "5B",
    "A7": "5R",
    "A8": "5G",
    "A9": "5K",
    "T1": "H5+V5",
    "T2": "7ofcol",
    "T3": "H/V10",
    "T4": "3ofeach",
    "T5": "5symb",
    "T6": "10symb",
    "T7": "15cards",
    "T8": "Inc12",
    "T9": "20$",
    "T10": "3×6$+",
}
"""An Achievement's requirement in a few cells, in the screen's own letters (H Happiness,
V Visitors, W Workers, ★ VP, Y R B G K the Marketplace rows, $ Credits)."""
ACHIEVEMENT_WORDS = {
    "A1": "7 on the Happiness Track",
    "A2": "7 on the Visitor Track",
    "A3": "9 Workers",
    "A4": "15 VP",
    "A5": "5 Ride cards",
    "A6": "5 Actor cards",
    "A7": "5 Restaurant cards",
    "A8": "5 Hotel cards",
    "A9": "5 Mascot cards",
    "T1": "5 Happiness and 5 Visitors",
    "T2": "7 cards of one colour",
    "T3": "10 Happiness or 10 Visitors",
    "T4": "3 cards of each colour",
    "T5": "5 copies of one Category Symbol",
    "T6": "10 different Category Symbols",
    "T7": "15 cards played",
    "T8": "an Income of 12",
    "T9": "20 Credits",
    "T10": "3 cards of cost 6 or more",
}
"""An Achievement's requirement in a few words (for sentences on the screen)."""


def seat_title(colour: str) -> str:
    """A seat's colour as a name: 'Red'."""
    return SEAT_TITLE.get(colour, colour.capitalize())


def card_row(card_id: str) -> int:
    """The Marketplace row of a card id (Y3 is 0, K20 is 4)."""
    return ROW_LETTER.index(card_id[0])


def card_title(card_id: str) -> str:
    """A card's id and name: 'Y13 Swing Tower', 'G8 Hotel #8'."""
    return f"{card_id} {CATALOG.by_id[card_id].name}"


def card_words(card_id: str, cost: bool = True) -> str:
    """A card in a few words: 'Y13 Swing Tower (5$, roller coaster): Immediate Reward: 3 VP.'"""
    card = CATALOG.by_id[card_id]
    symbols = CATEGORY_SYMBOLS[card.category]
    if card.entertainment >= 0:
        symbols += f", ♪ {CATALOG.entertainment[card.entertainment]}"
    if cost:
        symbols = f"{card.cost}$, {symbols}"
    return f"{card_title(card_id)} ({symbols}): {card.text}"
