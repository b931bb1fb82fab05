"""The letters, glyphs and compact codes of Wishland's cards and seats, for its words and screens.

Colour never carries meaning alone: every Marketplace row has a letter (Y Rides, R Restaurants,
B Actors, G Hotels, K Mascots), every seat a letter, every symbol a code, every reward a glyph
with its number; colour only helps the eye (the colours are the screens', in `ui.style`).
"""

from __future__ import annotations

from wish_tui.wishland.rules import CATALOG, CATEGORY_SYMBOLS

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
ENT_MARK = "♪"
"""Before an Entertainment Symbol's letter on an Actor card."""

ROW_LETTER = ("Y", "R", "B", "G", "K")
"""The Marketplace rows, top to bottom (the letter of their cards' ids)."""
ROW_TITLE = ("Rides", "Restaurants", "Actors", "Hotels", "Mascots")

SEAT_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
SEAT_TITLE = {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow"}

CATEGORY_CODE = {
    "ferris wheel": "Fw",
    "roller coaster": "Rc",
    "castle": "Ca",
    "drink": "Dr",
    "hamburger": "Hb",
    "cotton candy": "Cc",
    "top hat": "Th",
    "camera": "Cm",
    "balloon": "Bl",
    "vase": "Va",
    "newspaper": "Np",
    "cocktail": "Ck",
}
"""Two letters per Category Symbol, all different."""
ENT_LETTER = {
    "mask": "M",
    "magic wand": "W",
    "top hat": "T",
    "cowboy hat": "C",
    "dagger": "D",
    "gun": "G",
    "veiled headdress": "V",
    "gem": "J",
    "balloon": "B",
    "palm tree": "P",
    "column": "L",
}
"""One letter per Entertainment Symbol (shown after ♪)."""

HOTEL_SHORT = {
    1: "6★",
    2: "3$",
    3: "HVW",
    4: "2T",
    5: "e:T",
    6: "1★e",
    7: "e:3s",
    8: "e:buy",
    9: "e:♪",
    10: "e:K",
    11: "e:sym",
    12: "e:♪♪",
    13: "ad:c",
    14: "R+1$",
    15: "HVW*",
    16: "3$:c",
    17: "e:set",
    18: "B:HVW",
    19: "2$→★",
    20: "A:HVW",
    21: "i-2G★",  # the Income Penalty first: it costs before it pays
    22: "5$HVW",
    23: "i+R",
    24: "nolim",
}
"""A Hotel's reward in at most 5 cells (`e:` scores at the end; the full text is one `i` away)."""

MASCOT_BONUS_SHORT = ("1T", "HVW", "2$", "1★", "e:♪")
"""The board's bonus for a seat's 1st-5th Mascot Card (a Mascot card shows the next one)."""

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


def _units(card) -> str:
    """An Actor's reward: 'HV' (1 each), '2V', 'H2V'."""
    parts = []
    for amount, glyph in (
        (card.happiness, HAPPY),
        (card.visitors, VISIT),
        (card.workers, WORKER),
    ):
        if amount:
            parts.append(f"{amount if amount > 1 else ''}{glyph}")
    return "".join(parts)


def reward_code(card_id: str) -> str:
    """A card's reward in at most 5 cells: '+3★', '4$-1★', '1Vi+1', 'HV', 'e:buy'."""
    card = CATALOG.by_id[card_id]
    kind = card.kind
    if kind == 0:
        return f"+{card.vp}{VP}"
    if kind == 1:
        if card.subtype == "credits":
            return f"{card.credits}{CREDIT}-{card.penalty}{VP}"
        if card.subtype == "visitors":
            return f"{card.visitors}{VISIT}{INCOME}+{card.income}"
        return f"{INCOME}+{card.income}"
    if kind == 2:
        return _units(card)
    if kind == 3:
        return HOTEL_SHORT.get(card.number, "")
    return "K+"


def symbols_code(card_id: str) -> str:
    """A card's Category Symbol (and an Actor's Entertainment Symbol): 'Rc', 'Bl♪G'."""
    card = CATALOG.by_id[card_id]
    code = CATEGORY_CODE[CATEGORY_SYMBOLS[card.category]]
    if card.entertainment >= 0:
        code += ENT_MARK + ENT_LETTER[CATALOG.entertainment[card.entertainment]]
    return code


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


LEGEND = (
    "★ VP  $ Credits  H Happiness  V Visitors  W Workers  T Ticket Office  i Income  "
    "♪ Entertainment"
)
"""What the glyphs mean (the keys window repeats it)."""
