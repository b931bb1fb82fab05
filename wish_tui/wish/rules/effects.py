"""What the Areas, Wishes, the Caravan and the Challenge deck do."""

from __future__ import annotations

from wish_tui.core import rng as rngmod

from .catalog import COLOUR_INDEX
from .supply import (
    crystal_supply,
    crystals_changed,
    crystals_left,
    gain_crystals,
    gain_potions,
    gain_trickery,
    potions_left,
    trickery_left,
)

GREEN = COLOUR_INDEX["green"]
BLUE = COLOUR_INDEX["blue"]


# -- cards moving between deck, Offer, hands and discard ---------------------------------------
def deck_pop(st) -> str | None:
    """Take the top card of the Wish deck, shuffling the discard pile in when it is empty."""
    if not st.deck and st.discard:
        deck, discard = st.own("deck"), st.own("discard")
        deck.extend(discard)
        discard.clear()
        st.rng = rngmod.shuffle(st.rng, deck)
    return st.own("deck").pop() if st.deck else None


def draw_then_discard(st, seat: int) -> None:
    """Draw the top card of the Wish deck, then discard a Wish; with no card left to draw, the
    hand keeps its size and nothing is discarded (rulebook, Cards: the hand size never changes)."""
    card = deck_pop(st)
    if card:
        st.pieces(seat).own("hand").append(card)
        st.push(("discard", seat))


def refill(st, slot: int) -> None:
    """Reveal the top card of the deck into an empty Offer slot."""
    card = deck_pop(st)
    st.own("offer")[slot] = card


def leave_offer(st, slot: int, drawer: int | None) -> str:
    """Take the card out of an Offer slot; pay its Frostflake to the Water Djinn.

    Args:
        drawer: the seat that drew the card into its hand, or None when it was discarded.
    """
    offer = st.own("offer")
    card = offer[slot]
    offer[slot] = None
    if card in st.frost:
        st.own("frost").remove(card)
        water = st.seat_of("water")
        n = 2 if drawer is not None and drawer != water else 1
        st.push(("frost", water, card, n, st.catalog.wishes[card].cost_letters))
    return card


def move_djinn(st, seat: int, area: int, chain: tuple[int, ...] = ()) -> None:
    """Move a Djinn into an Area; the Air Djinn may blow on from a Wind Blast.

    Args:
        chain: the Areas this run of free Wind Blast travels has already passed through; it
            never re-enters one of them (that would only repeat a position), so a turn stays finite.
    """
    p = st.pieces(seat)
    p.area = area
    if p.djinn == "air" and area in st.wind:
        st.push(("wind", seat, [*chain, area]))


# -- Manifest --------------------------------------------------------------------------------
def caravan_affordable(st, p, supply=None) -> bool:
    """True when the player can pay what this round's Caravan asks and the supply holds what it
    gives (the crystals paid go back to the supply first). `supply`: `crystal_supply(st)`, when
    the caller has it."""
    if st.caravan_card < 0:
        return False
    card = st.catalog.caravan_cards[st.caravan_card]
    give, get = card.give, card.get_crystals
    crystals = p.crystals
    if any([crystals[c] < give[c] for c in range(6)]):
        return False
    if any(get):
        supply = supply or crystal_supply(st)
        if any([supply[c] + give[c] < get[c] for c in range(6)]):
            return False
    if card.get_potions and potions_left(st) < card.get_potions:
        return False
    return not card.get_trickery or trickery_left(st) >= card.get_trickery


def caravan_trade(st, p) -> None:
    """Trade with this round's Caravan."""
    card = st.catalog.caravan_cards[st.caravan_card]
    for c in range(6):
        p.crystals[c] += card.get_crystals[c] - card.give[c]
    crystals_changed(st)
    p.vp_tokens += card.get_vp
    p.potions += card.get_potions
    p.trickery += card.get_trickery


def ability_usable(st, seat: int, place: int, supply=None) -> bool:
    """True when the Manifest ability of an Area can be carried out now (`supply`: see
    `caravan_affordable`)."""
    ability = st.catalog.areas[place].ability
    if ability == "dark_temple":
        return bool(st.discard)
    if ability in ("forest", "cataracts"):
        return any(supply or crystal_supply(st))
    if ability == "mountain_caves":
        return potions_left(st) > 0
    if ability == "dock":
        return trickery_left(st) > 0
    if ability == "palace_gardens":
        return bool(st.deck or st.discard)
    if ability == "palace":
        if st.solo:
            return any(st.offer)
        return any(q.hand for other, q in enumerate(st.players) if other != seat)
    if ability == "oasis":
        return caravan_affordable(st, st.players[seat], supply)
    if ability == "trade_market":
        return any(st.players[seat].crystals)
    return True


def manifest(st, seat: int, place: int) -> None:
    """Use the Manifest ability of an Area (rulebook, "Map Areas")."""
    p = st.pieces(seat)
    ability = st.catalog.areas[place].ability
    if ability == "dark_temple":
        p.own("hand").append(st.own("discard").pop())
        st.push(("discard", seat))
    elif ability == "cataracts":
        st.push(("gain", seat, 2, -1))
        st.push(*(("gain", o, 1, -1) for o in st.opponents(seat)))
    elif ability == "palace_gardens":
        draw_then_discard(st, seat)
    elif ability == "palace":
        st.push(("palace_swap", seat, -1) if st.solo else ("palace_look", seat))
    elif ability == "forest":
        st.push(("gain", seat, 1, -1))
    elif ability == "ruins":
        st.push(("teleport", seat, -1))
    elif ability == "oasis":
        caravan_trade(st, p)
    elif ability == "sandhills":
        for slot in range(3):
            if st.offer[slot]:
                card = leave_offer(st, slot, None)
                st.own("discard").append(card)
        for slot in range(3):
            refill(st, slot)
        draw_then_discard(st, seat)
    elif ability == "mountain_caves":
        gain_potions(st, p)
    elif ability == "volcano":
        p.vp_tokens += 1
    elif ability == "trade_market":
        st.push(("market_pay", seat))
    elif ability == "dock":
        gain_trickery(st, p)
    st.push(("after_manifest", seat))


def after_manifest(st, seat: int) -> None:
    """After any Manifest: Long Life's Emerald, then Earth's Providence."""
    p = st.players[seat]
    if "Long Life" in p.fulfilled:
        gain_crystals(st, st.pieces(seat), GREEN)
    if p.djinn == "earth":
        st.push(("nest", seat))


# -- Fulfill ---------------------------------------------------------------------------------
def fulfil(st, seat: int, card: str, place: int, source: str, trick: str) -> None:
    """Play a Wish card: pay, take the Wishing Person, then draw, Instant and Ongoing effects."""
    p = st.pieces(seat)
    wish = st.catalog.wishes[card]
    for c in range(6):
        p.crystals[c] -= wish.cost[c]
    crystals_changed(st)
    colour = COLOUR_INDEX[trick] if trick else wish.colour
    if source == "monument":
        builder, counts = st.monuments[place]
        counts = list(counts)
        counts[colour] -= 1
        st.own("monuments")[place] = (builder, tuple(counts))
        if builder != seat:
            st.pieces(builder).vp_tokens += 1
    else:
        st.own("area_meeples")[place * 6 + colour] -= 1
    p.own("meeples")[colour] += 1
    if trick:
        p.trickery -= 1
        p.trickery_used = True
    p.own("hand").remove(card)
    p.own("fulfilled").append(card)
    if len(p.fulfilled) >= 3:
        p.unlocked = True
    st.push(("draw_offer", seat), ("instant", seat, card), ("after_fulfil", seat, card, place))


def build(st, seat: int, name: str) -> None:
    """Build a Monument with collected Wishing Persons and take its Badge."""
    p = st.pieces(seat)
    monument = st.catalog.monument_by_name[name]
    meeples = p.own("meeples")
    for c in range(6):
        meeples[c] -= monument.cost[c]
    st.own("monuments")[monument.area] = (seat, monument.cost)
    p.own("badges").append(name)


def instant(st, seat: int, card: str) -> None:
    """Resolve the Instant effect of a Wish just fulfilled (Ongoing Wishes do nothing now)."""
    p = st.pieces(seat)
    wish = st.catalog.wishes[card]
    effect = wish.effect
    if effect.startswith("gain_any_"):
        st.push(("gain", seat, int(effect[-1]), -1))
        return
    resolve = _INSTANT.get(effect)
    if resolve is not None:
        resolve(st, seat, p, wish, st.opponents(seat))


def _share(st, seat, p, wish, opponents) -> None:
    gain_crystals(st, p, wish.colour, 2)
    if opponents and crystals_left(st, wish.colour):
        st.push(("choose", seat, "share", wish.colour))


def _soulmates(st, seat, p, wish, opponents) -> None:
    caravan_area = st.catalog.route[st.caravan_pos]
    if caravan_area != p.area:
        st.push(("teleport", seat, caravan_area))


def _authority(st, seat, p, wish, opponents) -> None:
    wishes = st.catalog.wishes
    power = sum(1 for q in st.players for name in q.fulfilled if wishes[name].type == "power")
    gain_crystals(st, p, BLUE, power)


def _kingdom(st, seat, p, wish, opponents) -> None:
    gain_potions(st, p)
    gain_trickery(st, p)


def _vp(n: int):
    def gain_vp(st, seat, p, wish, opponents) -> None:
        p.vp_tokens += n

    return gain_vp


def _fortune(st, seat, p, wish, opponents) -> None:
    p.vp_tokens += 1
    gain_trickery(st, p)


def _heal_them(st, seat, p, wish, opponents) -> None:
    for s in [seat, *opponents]:
        gain_crystals(st, st.pieces(s), GREEN)
    p.vp_tokens += 1


def _forgiveness(st, seat, p, wish, opponents) -> None:
    st.push(("choose", seat, "forgive", -1) if opponents else ("forgive", seat, -1, 2))


def _celebration(st, seat, p, wish, opponents) -> None:
    gain_potions(st, p)
    st.push(("gain", seat, 1, -1))


_INSTANT = {
    "share": _share,
    "charm": lambda st, seat, p, wish, opponents: st.push(*(("give", o, seat) for o in opponents)),
    "soulmates": _soulmates,
    "authority": _authority,
    "kingdom": _kingdom,
    "teleport": lambda st, seat, p, wish, opponents: st.push(("teleport", seat, -1)),
    "draw_discard": lambda st, seat, p, wish, opponents: draw_then_discard(st, seat),
    "broken_heart": lambda st, seat, p, wish, opponents: st.push(
        *(("take", seat, o) for o in opponents)
    ),
    "hurt": lambda st, seat, p, wish, opponents: st.push(("choose", seat, "hurt", -1)),
    "vp_2": _vp(2),
    "potion": lambda st, seat, p, wish, opponents: gain_potions(st, p),
    "fortune": _fortune,
    "trickery": lambda st, seat, p, wish, opponents: gain_trickery(st, p),
    "heal_them": _heal_them,
    "forgiveness": _forgiveness,
    "fresh_start": lambda st, seat, p, wish, opponents: st.push(("fresh_discard", seat, 0)),
    "celebration": _celebration,
}
"""Per Instant effect: (state, seat, its pieces, the Wish, the opponents) -> its resolution."""


def after_fulfil(st, seat: int, card: str, place: int) -> None:
    """Ongoing Wishes that trigger after a Fulfill, in the rulebook's order."""
    p = st.pieces(seat)
    wishes = st.catalog.wishes
    others = [wishes[name] for name in p.fulfilled if name != card]
    for wish in others:
        if wish.effect == "fulfil_crystal":
            gain_crystals(st, p, wish.colour)
    if any(w.effect == "jewelry" for w in others) and sum(p.crystals) >= 6:
        p.vp_tokens += 1
    if wishes[card].type == "revenge" and any(w.effect == "eye_for_an_eye" for w in others):
        st.push(("choose", seat, "eye", -1))
    caravan_area = st.catalog.route[st.caravan_pos]
    if place == caravan_area or place in st.catalog.areas[caravan_area].neighbours:
        haters = sum(1 for o in st.opponents(seat) if "Hatred" in st.players[o].fulfilled)
        haters += 1 if st.solo_hatred else 0
        st.push(*(("lose", seat, 1) for _ in range(haters)))
    if any(w.effect == "a_child" for w in others):
        st.push(("a_child", seat))  # "after resolving everything": last of all


# -- Solo: the Challenge deck ------------------------------------------------------------------
def challenge(st, seat: int, card: str) -> None:
    """Resolve a Challenge card as if an opponent had just played it (the player decides)."""
    p = st.pieces(seat)
    wish = st.catalog.wishes[card]
    effect = wish.effect
    if effect == "share":
        gain_crystals(st, p, wish.colour)
    elif effect == "charm":
        st.push(("give", seat, -1))
    elif effect == "hatred":
        st.solo_hatred = True
    elif effect == "broken_heart":
        st.push(("lose", seat, 1))
    elif effect == "hurt":
        st.push(("lose", seat, 2))
    elif effect == "heal_them":
        gain_crystals(st, p, GREEN)
