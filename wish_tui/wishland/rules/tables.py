"""The catalog, read once, and flat per-card tuples for the hot paths (indexed by card number)."""

from __future__ import annotations

from wish_tui.wishland.data import load_raw

from .catalog import HOTEL, Catalog, parse_catalog

CAT: Catalog = parse_catalog(load_raw())
"""Every printed and designed fact, from `wish_tui/wishland/data/`."""

CARDS = CAT.cards
N_CARDS = len(CARDS)
COST = tuple(c.cost for c in CARDS)
KIND = tuple(c.kind for c in CARDS)
CATEGORY = tuple(c.category for c in CARDS)
ENTERTAINMENT = tuple(c.entertainment for c in CARDS)
INCOME = tuple(c.income for c in CARDS)
PENALTY = tuple(c.penalty for c in CARDS)
CARD_ID = tuple(c.id for c in CARDS)
CARD_INDEX = {c.id: c.index for c in CARDS}
"""Card id ('G8') -> card number inside the engine."""
HOTEL_NUMBER = tuple(c.number if c.kind == HOTEL else 0 for c in CARDS)
"""Hotel number (1-24) of each card, 0 for the other kinds."""
ENTREPRENEUR_IDS = tuple(e.id for e in CAT.entrepreneurs)


def hotel_card(number: int) -> int:
    """The card number of Hotel #`number`."""
    return HOTEL * 24 + number - 1


def hotel_param(number: int, key: str):
    """An amount printed on Hotel #`number`."""
    return CAT.hotel_params[number][key]


def ent_param(number: int, key: str):
    """An amount printed on Entrepreneur #`number`."""
    return CAT.entrepreneurs[number - 1].params[key]


_FACTOR = {number: ent_param(number, "factor") for number in (4, 5, 8)}
"""The factors Entrepreneurs #4 (Happiness), #5 (Visitors) and #8 (Mascots) multiply by."""


def ent_factor(p, number: int) -> int:
    """The factor Entrepreneur #`number` (4, 5 or 8) multiplies by when the seat keeps it, else 1."""
    return _FACTOR[number] if p.ent == number else 1
