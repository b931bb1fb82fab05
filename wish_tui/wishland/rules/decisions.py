"""Pending decisions: the choices a seat makes inside a turn or a phase, and what each option does.

A step is a tuple ``(kind, seat, *details)``; the decisions are

- ``("keep", seat)``: keep one of the two Entrepreneurs dealt (setup);
- ``("gain", seat, source)``: take 1 Happiness, 1 Visitor or 1 Worker; `source` names the
  reward that gives the choice (see SOURCES);
- ``("extra", seat, card, space, cost)``: pay for a purchased card, placing 0-3 extra Workers
  on `space` to lower `cost` once all six bonus Workers are claimed;
- ``("boost", seat, card)``: Hotel #19, pay 2 more Credits for 1 VP, or pass;
- ``("bonus", seat)``: Hotel #8 in Final Scoring, purchase and play one more card, or pass.

A decision with no option is skipped and one with a single option resolves by itself (see
`flow.advance`); the automatic steps between decisions live in `flow.AUTO`.
"""

from __future__ import annotations

from . import economy, effects
from .catalog import RESOURCES
from .moves import BONUS, EXTRA, GAIN, KEEP, PASS, PAY_VP
from .tables import CARD_INDEX, hotel_param

_RESOURCE_INDEX = {r: i for i, r in enumerate(RESOURCES)}
_H19_CREDITS = hotel_param(19, "credits")
_H19_VP = hotel_param(19, "vp")

DECISIONS = ("keep", "gain", "extra", "boost", "bonus")

PROMPTS = {
    "keep": "Keep one of your two Entrepreneur cards; the other is discarded unseen.",
    "gain": "Choose 1 Happiness, 1 Visitor or 1 Worker.",
    "extra": "Place extra Workers to lower the cost by 1 Credit each, or none.",
    "boost": "Hotel #19: pay 2 more Credits for 1 VP, or pass.",
    "bonus": "Hotel #8: pay for and play 1 card from a Deck, a Discard Pile or the Marketplace, "
    "or pass.",
}
"""One sentence per decision, telling the deciding seat what to do."""

SOURCES = {
    "advertise": "the Advertisement Space",
    "order": "Turn Order space 4",
    "mascot": "your 2nd Mascot Card",
    "hotel15": "Hotel #15 (receive any of the three instead of the printed reward)",
    "hotel18": "Hotel #18 (you played an Actor Card)",
    "hotel20": "Hotel #20 (you claimed an Achievement)",
    "hotel22": "Hotel #22 (you played a card costing 5 or more)",
    "ent1": "Entrepreneur #1 (your 3rd card of a colour)",
    "ent3": "Entrepreneur #3 (you claimed an Achievement)",
    "ent6": "Entrepreneur #6 (you played a Restaurant Card)",
    "ent7": "Entrepreneur #7 (you played a Hotel Card)",
    "ent12": "Entrepreneur #12 (4 or more Restaurant Cards at Income)",
}
"""What gives each choice of 1 Happiness, 1 Visitor or 1 Worker."""


def prompt(step: tuple) -> str:
    """The sentence that asks for a decision step."""
    text = PROMPTS[step[0]]
    if step[0] == "gain" and step[2] in SOURCES:
        text = f"{text[:-1]}: {SOURCES[step[2]]}."
    return text


def extra_range(p, step: tuple) -> tuple[int, int]:
    """The fewest and the most extra Workers a payment step allows."""
    _, _, _, space, cost = step
    low = cost - p.credits
    low = low if low > 0 else 0
    high = economy.max_extra(p, p.workers) if space >= 0 else 0
    return low, high if high < cost else cost


def bonus_pool(st) -> list[int]:
    """Hotel #8's supply: the Marketplace, every Deck and every Discard Pile."""
    pool = [c for c in st.market if c >= 0]
    for deck in st.decks:
        pool.extend(deck)
    for pile in st.discards:
        pool.extend(pile)
    return pool


def bonus_cards(st, seat: int) -> list[int]:
    """Hotel #8: the cards of the supply the seat may pay for and hold, in card order."""
    p = st.players[seat]
    return sorted(
        c for c in bonus_pool(st) if economy.can_hold(p, c) and economy.price(p, c) <= p.credits
    )


def options(st, step: tuple) -> list:
    """The legal actions for a decision step (empty when there is nothing to decide)."""
    kind = step[0]
    p = st.players[step[1]]
    if kind == "gain":
        return [GAIN[r] for r in effects.useful(p)]
    if kind == "extra":
        low, high = extra_range(p, step)
        return list(EXTRA[low : high + 1])
    if kind == "boost":
        return [PAY_VP, PASS] if effects.boost_applies(p, step[2]) else []
    if kind == "keep":
        return [KEEP[e] for e in p.ent_options]
    if kind == "bonus":
        return [*(BONUS[c] for c in bonus_cards(st, step[1])), PASS]
    raise ValueError(f"unknown decision '{kind}'")


def _take_from_supply(st, card: int) -> None:
    """Remove a card from the Marketplace, a Deck or a Discard Pile (Hotel #8)."""
    if card in st.market:
        st.market[st.market.index(card)] = -1
        return
    for name in ("decks", "discards"):
        piles = getattr(st, name)
        for i, pile in enumerate(piles):
            if card in pile:
                rest = tuple(c for c in pile if c != card)
                setattr(st, name, (*piles[:i], rest, *piles[i + 1 :]))
                return
    raise ValueError("the card is not in the supply")


def resolve(st, step: tuple, action) -> None:
    """Carry out the chosen option of a decision step on the (already copied) state."""
    kind, seat = step[0], step[1]
    if kind == "gain":
        effects.GAINERS[_RESOURCE_INDEX[action.arg]](st, seat, 1)
    elif kind == "extra":
        n = int(action.arg)
        p = st.mut(seat)
        p.credits -= step[4] - n
        if n:
            effects.add_to_stack(st, seat, step[3], n)
    elif kind == "boost":
        if action == PAY_VP:
            p = st.mut(seat)
            p.credits -= _H19_CREDITS
            p.vp += _H19_VP
    elif kind == "keep":
        p = st.mut(seat)
        kept = int(action.arg[1:])
        p.ent = kept
        p.ent_discard = next(e for e in p.ent_options if e != kept)
        p.ent_options = ()
    elif kind == "bonus":
        if action.kind == "bonus":
            card = CARD_INDEX[action.arg]
            _take_from_supply(st, card)
            effects.purchase(st, seat, card, -1)
    else:
        raise ValueError(f"unknown decision '{kind}'")
