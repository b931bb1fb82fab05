"""What happens: track steps, Workers, Ticket Offices, playing a card and its triggers, claims,
the Income Phase and collecting Workers.

Every function changes a State that `apply` has already copied; a seat's pieces are changed only
through `st.mut(seat)`. A choice a reward asks for is queued as a ``("gain", seat, source)``
decision with `st.push`.
"""

from __future__ import annotations

from . import economy
from .catalog import ACTOR, HOTEL, MASCOT, RESTAURANT, RIDE, TICKET
from .tables import CARDS, CAT, CATEGORY, KIND, ent_factor, ent_param, hotel_card, hotel_param

TOP = CAT.track_top
_HAPPY_VP = CAT.happiness_odd_vp
_VISITOR_CREDITS = CAT.visitors_odd_credits
_E1_CREDITS = ent_param(1, "credits")
_E1_VP = ent_param(1, "vp")
_E3_CREDITS = ent_param(3, "credits")
_E10_CREDITS = ent_param(10, "credits")
_E12 = ent_param(12, "thresholds")
_H14_CREDITS = hotel_param(14, "credits")
_H21_VP = hotel_param(21, "vp")
_H22_COST = hotel_param(22, "min_cost")
_H19 = hotel_card(19)
_H19_CREDITS = hotel_param(19, "credits")
_H22 = hotel_card(22)
_MASCOT_BONUS = CAT.mascot_bonus
_ACHIEVEMENT_VP = CAT.achievement_vp
E9 = CAT.entrepreneurs[8].params
"""Entrepreneur #9's first-Income rewards."""


# -- the tracks, Workers and Ticket Offices --------------------------------------------------
def happiness_odd_vp(p) -> int:
    """The VP an odd space of the Happiness Track pays this seat (Entrepreneur #4 doubles it)."""
    return _HAPPY_VP * ent_factor(p, 4)


def visitors_odd_credits(p) -> int:
    """The Credits an odd space of the Visitor Track pays this seat (Entrepreneur #5 doubles)."""
    return _VISITOR_CREDITS * ent_factor(p, 5)


def _climb(space: int, n: int) -> tuple[int, int]:
    """Return (the space reached `n` spaces up a track from `space`, odd spaces passed)."""
    reached = min(space + n, TOP) if n > 0 else space
    return reached, (reached + 1) // 2 - (space + 1) // 2


def happiness(st, seat: int, n: int) -> None:
    """Move `n` spaces up the Happiness Track; each odd space reached pays 1 VP."""
    p = st.mut(seat)
    p.happiness, odd = _climb(p.happiness, n)
    p.vp += odd * happiness_odd_vp(p)


def visitors(st, seat: int, n: int) -> None:
    """Move `n` spaces up the Visitor Track; each odd space reached pays 2 Credits."""
    p = st.mut(seat)
    p.visitors, odd = _climb(p.visitors, n)
    p.credits += odd * visitors_odd_credits(p)


def workers(st, seat: int, n: int) -> None:
    """Take up to `n` Workers from the Reserve into the hand."""
    p = st.mut(seat)
    taken = n if n < p.reserve else p.reserve
    p.reserve -= taken
    p.workers += taken


GAINERS = (happiness, visitors, workers)
"""By RESOURCES index: what 1 Happiness, 1 Visitor or 1 Worker does."""


def useful(p) -> list[int]:
    """The resources (RESOURCES indices) that would still change something for the seat."""
    found = []
    if p.happiness < TOP:
        found.append(0)
    if p.visitors < TOP:
        found.append(1)
    if p.reserve:
        found.append(2)
    return found


def fixed(st, seat: int, resource: int, n: int) -> None:
    """A printed reward of `n` Happiness, Visitors or Workers (Hotel #15 lets each be chosen)."""
    if n <= 0:
        return
    if st.players[seat].hotels >> 15 & 1:
        st.push(*(("gain", seat, "hotel15"),) * n)
    else:
        GAINERS[resource](st, seat, n)


def choose(st, seat: int, source: str, n: int = 1) -> None:
    """Queue `n` choices of 1 Happiness, 1 Visitor or 1 Worker, named by their `source`."""
    st.push(*(("gain", seat, source),) * n)


def tickets(st, seat: int, n: int) -> None:
    """Take `n` Ticket Office Cards from the face-down pile (none when it is empty)."""
    for _ in range(n):
        if st.tickets <= 0:
            return
        st.tickets -= 1
        p = st.mut(seat)
        counts = list(p.counts)
        counts[TICKET] += 1
        p.counts = tuple(counts)
        _colour_steps(st, seat, TICKET)


def reward(st, seat: int, table: dict, source: str, times: int = 1) -> None:
    """Give a printed reward table (vp, credits, tickets, choice) `times` over."""
    p = st.mut(seat)
    p.vp += table.get("vp", 0) * times
    p.credits += table.get("credits", 0) * times
    if table.get("tickets"):
        tickets(st, seat, table["tickets"] * times)
    if table.get("choice"):
        choose(st, seat, source, table["choice"] * times)


def _colour_steps(st, seat: int, kind: int) -> None:
    """Entrepreneur #1: 1 Credit for the 1st card of a colour, a choice for the 3rd, 1 VP 5th."""
    p = st.players[seat]
    if p.ent != 1:
        return
    count = p.counts[kind]
    if count == 1:
        st.mut(seat).credits += _E1_CREDITS
    elif count == 3:
        choose(st, seat, "ent1")
    elif count == 5:
        st.mut(seat).vp += _E1_VP


# -- purchasing and playing a card -------------------------------------------------------------
def purchase(st, seat: int, card: int, space: int) -> None:
    """Take `card` into the play area and queue paying for it and playing it.

    The payment is a decision only when the seat may add extra Workers (all six bonus Workers
    claimed), and Hotel #19's offer only when the seat has it; otherwise the card is paid at
    once.

    Args:
        space: the Worker space the purchase used (extra Workers join its stack), or -1.
    """
    p = st.mut(seat)
    cost = economy.price(p, card)
    p.add_card(card)
    if space >= 0 and not p.reserve and p.workers and cost:
        st.push(("extra", seat, card, space, cost))
    else:
        p.credits -= cost
    if p.hotels >> 19 & 1 and card != _H19:
        st.push(("boost", seat, card))
    st.push(("play", seat, card))


def play(st, seat: int, card: int) -> None:
    """Claim the Immediate Rewards of a card just played, and the Ongoing Rewards it triggers."""
    p = st.mut(seat)
    c = CARDS[card]
    kind = c.kind
    hotels = p.hotels
    if kind == RIDE:
        p.vp += c.vp
    elif kind == RESTAURANT:
        p.credits += c.credits
        if hotels >> 14 & 1:
            p.credits += _H14_CREDITS
        fixed(st, seat, 1, c.visitors)
        if p.ent == 6:
            choose(st, seat, "ent6")
    elif kind == ACTOR:
        fixed(st, seat, 0, c.happiness)
        fixed(st, seat, 1, c.visitors)
        fixed(st, seat, 2, c.workers)
        if hotels >> 18 & 1:
            choose(st, seat, "hotel18")
    elif kind == HOTEL:
        p.vp += c.vp
        p.credits += c.credits
        fixed(st, seat, 0, c.happiness)
        fixed(st, seat, 1, c.visitors)
        fixed(st, seat, 2, c.workers)
        if c.tickets:
            tickets(st, seat, c.tickets)
        if hotels >> 21 & 1 and c.number != 21:
            st.mut(seat).vp += _H21_VP
        if p.ent == 7:
            choose(st, seat, "ent7")
    else:
        nth = p.counts[MASCOT]
        if nth <= len(_MASCOT_BONUS):
            times = ent_factor(p, 8)
            reward(st, seat, _MASCOT_BONUS[nth - 1], "mascot", times)
    if hotels >> 22 & 1 and c.cost >= _H22_COST and card != _H22:
        choose(st, seat, "hotel22")
    _colour_steps(st, seat, kind)
    if p.ent == 10:
        _new_symbol(st, seat, card)


def boost_applies(p, card: int) -> bool:
    """Hotel #19: may the seat pay 2 more Credits for 1 VP on this purchase?"""
    return bool(p.hotels >> 19 & 1) and card != _H19 and p.credits >= _H19_CREDITS


def _new_symbol(st, seat: int, card: int) -> None:
    """Entrepreneur #10: 1 Credit for a Category Symbol not yet in the play area."""
    p = st.players[seat]
    with_mascots = bool(p.hotels >> 10 & 1)
    if KIND[card] == MASCOT and not with_mascots:
        return
    symbol = CATEGORY[card]
    for other in p.park:
        if other != card and CATEGORY[other] == symbol and (with_mascots or KIND[other] != MASCOT):
            return
    st.mut(seat).credits += _E10_CREDITS


# -- Workers, Achievements, Income ------------------------------------------------------------
def place(st, seat: int, space: int, n: int) -> None:
    """Put a new stack of `n` Workers of `seat` on a space."""
    st.mut(seat).workers -= n
    st.stacks[space] = (*st.stacks[space], (seat, n))


def add_to_stack(st, seat: int, space: int, n: int) -> None:
    """Add `n` Workers to the seat's newest stack on a space (extra Workers; solo draws)."""
    st.mut(seat).workers -= n
    stacks = st.stacks[space]
    if stacks and stacks[-1][0] == seat:
        st.stacks[space] = (*stacks[:-1], (seat, stacks[-1][1] + n))
    else:
        st.stacks[space] = (*stacks, (seat, n))


def collect(st, seat: int) -> int:
    """Take every Worker of `seat` back from the board; return how many."""
    got = 0
    stacks = st.stacks
    for i, space in enumerate(stacks):
        mine = 0
        for owner, n in space:
            if owner == seat:
                mine += n
        if mine:
            got += mine
            stacks[i] = tuple(s for s in space if s[0] != seat)
    if got:
        st.mut(seat).workers += got
    return got


def on_board(st, seat: int) -> int:
    """Workers of `seat` standing on the board."""
    return sum(n for space in st.stacks for owner, n in space if owner == seat)


def claim(st, seat: int, aid: str) -> None:
    """Claim an Achievement: 1 VP, and the rewards of Hotel #20 and Entrepreneur #3."""
    p = st.mut(seat)
    p.vp += _ACHIEVEMENT_VP
    if aid == p.tile:
        p.tile_claimed = True
    else:
        st.claimed[st.ach.index(aid)] = seat
    if p.hotels >> 20 & 1:
        choose(st, seat, "hotel20")
    for other, q in enumerate(st.players):
        if q.ent == 3:
            st.mut(other).credits += _E3_CREDITS
    if p.ent == 3:
        choose(st, seat, "ent3")


def income(st, seat: int) -> None:
    """The Income Phase of one seat: 5 Credits and every Income Reward."""
    p = st.mut(seat)
    p.credits += economy.income(p)
    if p.ent == 12:
        restaurants = p.counts[RESTAURANT]
        if restaurants >= _E12[1]:
            choose(st, seat, "ent12")
        if restaurants >= _E12[2]:
            p.vp += 1
    elif p.ent == 9 and st.round == 1:
        fixed(st, seat, 2, E9["workers"])
        p.credits += E9["credits"]
        p.vp += E9["vp"]
        tickets(st, seat, E9["tickets"])
