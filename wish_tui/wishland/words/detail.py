"""The detail line's words: what the highlighted card or a window's option is, in a sentence.

A card reads as a person at the table would read it off the card and the board: its whole name
and id, its type, what it costs this seat (after discounts, with the Workers its row needs), what
it gives and when, its Category Symbol (and an Actor's Entertainment Symbol) named, and why it
cannot be bought now. Built from a seat's view and the printed catalog only; no Textual.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from wish_tui.wishland.rules import CATALOG
from wish_tui.wishland.rules.catalog import CATEGORY_SYMBOLS
from wish_tui.wishland.rules.tables import hotel_param

from .marks import ACHIEVEMENT_WORDS, KIND_WORDS, SEAT_TITLE
from .words import (
    RESOURCE_WORDS,
    SPACE_NOTES,
    TRACK_WORDS,
    entrepreneur_gist,
    entrepreneur_text,
    plural,
)

ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
CHOICE = "1 Happiness, Visitor or Worker"


def _table(number: int, what: str) -> str:
    """A Hotel's printed table: '2/3/4/5/6 Ticket Office Cards: 1/2/3/5/7 VP'."""
    rows = hotel_param(number, "table")
    counts = "/".join(str(count) for count, _ in rows)
    points = "/".join(str(vp) for _, vp in rows)
    return f"{counts} {what}: {points} VP"


HOTEL_EFFECT = {
    1: "Now: +6 VP.",
    2: "Now: +3 Credits.",
    3: "Now: +1 Happiness, +1 Visitor and +1 Worker.",
    4: "Now: +2 Ticket Office Cards (Card Limit +2).",
    5: f"At the end: {_table(5, 'Ticket Office Cards')}.",
    6: "Now: +1 VP. At the end: +1 VP each for Happiness 10, Visitors 10 and all 6 Reserve "
    "Workers out.",
    7: "At the end: +1 VP for each colour whose cards show 3 different Category Symbols.",
    8: "At the end: buy and play 1 more card from any Deck, Discard Pile or the Marketplace.",
    9: "At the end: counts as 1 more unique Entertainment Symbol.",
    10: "At the end: the Category Symbols on your Mascots count for your Mascots too.",
    11: f"At the end: {_table(11, 'Category Symbols on your cards')}.",
    12: "At the end: +1 VP for each Entertainment Symbol you hold twice or more (the extra "
    "copies).",
    13: "Ongoing: a turn you place Workers on the Advertisement Space, all your Workers come "
    "back at its end.",
    14: "Ongoing: +1 Credit when you play a Restaurant; at the end your Restaurants lose no VP.",
    15: "Ongoing: whenever you gain Happiness, Visitors or Workers, take any mix of the three.",
    16: "Ongoing: pay 3 Credits to collect your Workers and still take your turn's action.",
    17: "At the end: +1 VP for each set of 1 Ride, Restaurant, Actor, Hotel and Mascot.",
    18: f"Ongoing: each Actor you play also gives {CHOICE}.",
    19: "Ongoing: when you buy a card, you may pay 2 more Credits for 1 VP.",
    20: f"Ongoing: each Achievement you claim also gives {CHOICE}.",
    21: "Income 2 Credits less. Ongoing: +1 VP for each other Hotel you play.",
    22: f"Ongoing: each card costing 5 or more that you play gives {CHOICE}.",
    23: "Income: +1 Credit for each Restaurant you have.",
    24: "Ongoing: the Card Limit no longer holds you.",
}
"""What each Hotel does, in a sentence (the card's whole text is one `i` away)."""


def _gains(card) -> str:
    """An Actor's Immediate Reward: '+2 Happiness, +1 Visitor'."""
    parts = []
    for amount, word in ((card.happiness, "Happiness"), (card.visitors, "Visitor")):
        if amount:
            parts.append(f"+{plural(amount, word)}")
    if card.workers:
        parts.append(f"+{plural(card.workers, 'Worker')}")
    return ", ".join(parts)


def effect_words(card_id: str, me: dict | None = None, view: dict | None = None) -> str:
    """What a card does, when: 'Now: +2 VP and Card Limit +1.' With a seat's pieces `me` (and
    the view), a Mascot names the bonus it would give that seat and an Actor whether its
    Entertainment Symbol is new to it."""
    card = CATALOG.by_id[card_id]
    if card.kind == 0:
        return f"Now: +{card.vp} VP and your Card Limit +1."
    if card.kind == 1:
        income = f"Income +{plural(card.income, 'Credit')} every round."
        if card.subtype == "credits":
            return f"Now: +{card.credits} Credits. At the end: −{card.penalty} VP."
        if card.subtype == "visitors":
            return f"Now: +{plural(card.visitors, 'Visitor')}. {income}"
        return income
    if card.kind == 2:
        symbol = CATALOG.entertainment[card.entertainment]
        words = f"Now: {_gains(card)}. Entertainment Symbol: {symbol}"
        if me is not None:
            held = me["entertainment_symbols"]
            words += " (you have it)" if symbol in held else " (new to you)"
        return words + "."
    if card.kind == 3:
        return HOTEL_EFFECT[card.number]
    return _mascot_words(card, me, view)


def _mascot_words(card, me: dict | None, view: dict | None) -> str:
    if me is None or view is None:
        return "The board's bonus for your 1st-5th Mascot."
    owned = me["counts"]["black"]
    bonuses = view["mascot_bonuses"]
    if owned >= len(bonuses):
        return "No bonus: the board pays for 5 Mascots."
    when = "at the end" if owned == len(bonuses) - 1 else "now"
    return f"Your {ORDINAL[owned]} Mascot: {bonuses[owned]} {when}."


SHORTER = ("extra workers", "stacks", "mascot note", "category first", "short refusal", "kind")
"""What a card's detail leaves out, in this order, where the line is too short for all of it:
that extra Workers take up to 3$ off (the price window says it), who stacked Workers on its
row and the printed price (the board shows the stacks), a Mascot's ½ VP at the end; then the
Category comes before the effect, so that a line still too short cuts the effect's end (the
card's whole text is one `i` away), not the Category; last, the rules' refusal is said by its
first clause ('Your Card Limit is 4'), and the kind of card goes (its row's letter says it)."""


def card_detail(
    card: dict,
    view: dict,
    seat: int | None,
    place: str = "market",
    refusal: str = "",
    fits: Callable[[str], bool] | None = None,
) -> str:
    """The detail line of a card of the view: on the Marketplace (`place` 'market'), in a solo
    hand ('hand'), in the seat's park ('park') or offered by Hotel #8 ('bonus'); `refusal` is
    the rules' sentence on why it cannot be had now. With `fits` (the line's test of a whole
    text), the fullest wording that fits: `SHORTER` says what goes first."""
    for count in range(len(SHORTER) + 1):
        words = _card_words(card, view, seat, place, refusal, SHORTER[:count])
        if fits is None or fits(words):
            break
    return words


def _card_words(
    card: dict, view: dict, seat: int | None, place: str, refusal: str, left_out: tuple
) -> str:
    me = view["players"][seat] if seat is not None else None
    info = CATALOG.by_id[card["id"]]
    title = f"{card['name']} ({card['id']})"
    plain = info.kind == 3 or "kind" in left_out  # a Hotel's name says its kind
    parts = [title if plain else f"{title}, {KIND_WORDS[info.kind]}"]
    park = place == "park"
    parts.append("in your park" if park else _price_words(card, view, seat, place, left_out))
    if refusal:
        if "short refusal" in left_out:
            refusal = re.split(r"[:;]", refusal, maxsplit=1)[0]
        parts.append(f"✗ {refusal.rstrip('.')}")
    category = f"Category: {card['category']}"
    if info.kind == 4 and "mascot note" not in left_out:
        category += " (at the end ½ VP per other card of yours with it)"
    effect = effect_words(card["id"], me, view).rstrip(".")
    parts += [category, effect] if "category first" in left_out else [effect, category]
    return " · ".join(parts) + "."


def _price_words(card: dict, view: dict, seat: int, place: str, left_out: tuple = ()) -> str:
    """What the card costs this seat: its price after discounts, the Workers its row needs."""
    price = card.get("price", card["cost"])
    words = f"{price}$ for you" if "price" in card else f"{price}$"
    if price != card["cost"] and "stacks" not in left_out:
        words += f" (printed {card['cost']}$)"
    me = view["players"][seat] if seat is not None else None
    extra = me is not None and me["unlocked"] and price and place != "bonus"
    if extra and "extra workers" not in left_out:
        words += ", extra Workers take up to 3$ off"
    if place == "market" and not view["solo"]:
        row = view["marketplace"][CATALOG.by_id[card["id"]].kind]
        words += f", {plural(row['workers_needed'], 'Worker')}"
        if row["stacks"] and "stacks" not in left_out:  # said beside the Workers it explains
            words += f" (1 + 1 per Stack: {stacks_words(row['stacks'])})"
    if place == "hand":
        words += ", the rest of your hand is discarded"
    return words


def stacks_words(stacks: list[dict]) -> str:
    """The Worker Stacks on a space, as the Marketplace's 'R1 G3' reads: 'Red's 1, Green's 3'."""
    return ", ".join(f"{SEAT_TITLE[st['colour']]}'s {st['workers']}" for st in stacks)


def option_words(action, view: dict, seat: int, fits: Callable[[str], bool] | None = None) -> str:
    """The detail line of a window's option (a legal action of the seat); a card's in the
    fullest wording that `fits`."""
    kind, arg = action.kind, action.arg
    me = view["players"][seat]
    if kind == "order":
        if arg == "1":
            return "Turn Order space 1: no reward, but you play first this round."
        return (
            f"Turn Order space {arg}: {SPACE_NOTES[int(arg)]} now; the seats on spaces left "
            "of it play before you this round."
        )
    if kind == "gain":
        return _gain_words(arg, me)
    if kind == "extra":
        return _extra_words(int(arg), view, me)
    if kind == "pay":
        return f"Hotel #19: pay 2 more Credits for 1 VP now; you have {me['credits']} Credits."
    if kind == "pass":
        return "Pass: keep your Credits."
    if kind == "bonus":
        card = next(
            (c for row in view["marketplace"] for c in row["cards"] if c and c["id"] == arg),
            None,
        )
        info = CATALOG.by_id[arg]
        card = card or {
            "id": arg,
            "name": info.name,
            "cost": info.cost,
            "category": CATEGORY_SYMBOLS[info.category],
        }
        return card_detail(card, view, seat, "bonus", fits=fits)
    if kind in ("buy", "play"):
        return _card_option(kind, arg, view, seat, fits)
    if kind == "keep":  # the window shows the whole text: a line too short says the gist
        whole = entrepreneur_text(arg)
        return whole if fits is None or fits(whole) else entrepreneur_gist(arg)
    if kind == "claim":
        return f"Achievement {arg}: {ACHIEVEMENT_WORDS.get(arg, arg)}; +1 VP now, once a game."
    if kind == "collect":
        if arg:
            return "Hotel #16: pay 3 Credits, all your Workers come back, and you still act."
        return "All your Workers come back to your hand; it is your turn's action."
    return ""


def _card_option(kind: str, card_id: str, view: dict, seat: int, fits=None) -> str:
    """A card a window offers to buy (solo: to play), as the board's highlight on it says."""
    if kind == "play":
        place, cards = "hand", view["players"][seat].get("hand") or []
    else:
        place, cards = "market", [c for row in view["marketplace"] for c in row["cards"] if c]
    card = next((c for c in cards if c["id"] == card_id), None)
    return card_detail(card, view, seat, place, fits=fits) if card else ""


def _gain_words(arg: str, me: dict) -> str:
    if arg == "worker":
        left = me["workers"]["reserve"]
        return (
            f"{RESOURCE_WORDS[arg]} from your Reserve ({left} left); with all 6 out, extra "
            "Workers cut prices."
        )
    now = me["happiness"] if arg == "happiness" else me["visitors"]
    odd = "1 VP" if arg == "happiness" else "2 Credits"
    track = TRACK_WORDS[arg]
    return (
        f"{RESOURCE_WORDS[arg]}: {track} {now} → {now + 1}. Each odd space pays {odd}; 7 is an "
        f"Achievement; 10 scores at the end."
    )


def _extra_words(n: int, view: dict, me: dict) -> str:
    decision = view.get("decision") or {}
    cost = decision.get("cost", 0)
    card = decision.get("card") or {}
    title = f"{card.get('id', '')} {card.get('name', '')}".strip()
    kept = me["workers"]["hand"] - n
    join = "joins" if n == 1 else "join"
    stay = "stays" if kept == 1 else "stay"
    return (
        f"Pay {plural(cost - n, 'Credit')} for {title}; {plural(n, 'extra Worker')} {join} the "
        f"stack, {plural(kept, 'Worker')} {stay} at hand."
    )
