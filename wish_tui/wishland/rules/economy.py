"""Prices, the Card Limit, Worker stacks and Income: the arithmetic of a purchase."""

from __future__ import annotations

from .catalog import HOTEL, MASCOT, RESTAURANT, RIDE, TICKET
from .tables import CAT, COST, KIND, ent_param, hotel_param

ADVERTISEMENT = 5
"""Index of the Advertisement Space among the Worker spaces (0-4 are the Marketplace rows)."""
EXTRA_MAX = CAT.extra_max
BASE_INCOME = CAT.income
_E2_DISCOUNT = ent_param(2, "discount")
_KIND_DISCOUNT = {
    6: (RESTAURANT, ent_param(6, "discount")),
    7: (HOTEL, ent_param(7, "discount")),
    8: (MASCOT, ent_param(8, "discount")),
}
"""Entrepreneurs #6-#8: the kind they make cheaper, and by how much."""
_H21_INCOME = hotel_param(21, "income")
_H23_INCOME = hotel_param(23, "income")
_E12_FIRST = ent_param(12, "thresholds")[0]


def discount(p, card: int) -> int:
    """Credits the seat's Entrepreneur takes off the printed cost of `card`."""
    ent = p.ent
    if ent == 2:
        owned = p.counts[KIND[card]]
        # Entrepreneur #2: the 1st and the 5th card of each colour.
        return _E2_DISCOUNT if owned == 0 or owned == 4 else 0
    rule = _KIND_DISCOUNT.get(ent)
    if rule and rule[0] == KIND[card]:
        return rule[1]
    return 0


def price(p, card: int) -> int:
    """What `card` costs this seat before extra Workers (never below 0)."""
    value = COST[card] - discount(p, card)
    return value if value > 0 else 0


def card_limit(p) -> int:
    """Cards of each limited colour the seat may have: 1 per Ticket Office and per Ride."""
    return p.counts[TICKET] + p.counts[RIDE]


def ignores_limit(p, kind: int) -> bool:
    """True when the Card Limit does not apply to `kind` for this seat."""
    if kind == RIDE or p.hotels >> 24 & 1:
        return True
    return (kind == RESTAURANT and p.ent == 6) or (kind == HOTEL and p.ent == 7)


def can_hold(p, card: int) -> bool:
    """True when the Card Limit lets the seat take `card` into its play area."""
    kind = KIND[card]
    return ignores_limit(p, kind) or p.counts[kind] < p.counts[TICKET] + p.counts[RIDE]


def unlocked(p) -> bool:
    """True once all six bonus Workers left the Reserve (the extra-Workers ability)."""
    return p.reserve == 0


def max_extra(p, spare: int) -> int:
    """Extra Workers the seat may add to a purchase with `spare` Workers left at hand."""
    if p.reserve:
        return 0
    return EXTRA_MAX if spare > EXTRA_MAX else spare


def workers_needed(stacks) -> int:
    """Workers to place on a space: 1, plus 1 for each stack already there."""
    return 1 + len(stacks)


def can_buy(p, card: int, spare: int) -> bool:
    """True when the seat may hold `card` and pay for it (extra Workers included)."""
    if not can_hold(p, card):
        return False
    return price(p, card) - max_extra(p, spare) <= p.credits


def income(p) -> int:
    """Credits the seat would earn in an Income Phase (the 5 standard Credits included)."""
    total = BASE_INCOME + p.income
    hotels = p.hotels
    if hotels >> 23 & 1:
        total += _H23_INCOME * p.counts[RESTAURANT]
    if hotels >> 21 & 1:
        total += _H21_INCOME
    if p.ent == 12 and p.counts[RESTAURANT] >= _E12_FIRST:
        total += 1
    return total if total > 0 else 0


def budget(p, kind: int, spare: int) -> int:
    """The highest printed cost of a `kind` card the seat can pay now, or -1 if it may hold
    none (Card Limit); `spare` Workers are left at hand after placing."""
    if not ignores_limit(p, kind) and p.counts[kind] >= p.counts[TICKET] + p.counts[RIDE]:
        return -1
    total = p.credits
    ent = p.ent
    if ent == 2:
        owned = p.counts[kind]
        if owned == 0 or owned == 4:
            total += _E2_DISCOUNT
    else:
        rule = _KIND_DISCOUNT.get(ent)
        if rule and rule[0] == kind:
            total += rule[1]
    if not p.reserve:
        total += EXTRA_MAX if spare > EXTRA_MAX else spare
    return total


def cost_of(card: int) -> int:
    """The printed cost of `card`."""
    return COST[card]
