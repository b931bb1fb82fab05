"""A seat's own moves: choosing a Turn Order space, and the actions of its turn (multi-seat and
solo), with the free actions (Achievements, Hotel #16, the solo free draw) and ending the turn.

A turn goes through stages: ``start`` (the standard action is still to take), ``more`` (solo:
after the first card drawn, one of the three additional actions is still to take), ``after``
(the standard action is done; free actions or ``end``) and ``done`` (the turn is over; the flow
passes it on).

When a turn ends (Achievements: "During their Turn, players may claim an Achievement ...
Claiming an Achievement does not cost an action"): the standard action queues an ``acted`` step
behind everything it brings about; when that step comes up, the turn ends at once if no free
action is possible (no Achievement to claim, no Hotel #16 collect, no solo free draw), and
otherwise waits for ``end``. A free action never ends the turn. Only the solo Collect ends the
turn at once ("your turn ends after collecting them").
"""

from __future__ import annotations

from . import achievements, economy, effects
from .catalog import MASCOT
from .economy import ADVERTISEMENT
from .moves import (
    ADVERTISE,
    BUY,
    CLAIM,
    COLLECT,
    DRAW,
    END,
    MOVE,
    ORDER,
    PAID_COLLECT,
    PLAY,
)
from .tables import CARD_INDEX, CAT, COST, KIND, hotel_param

_H16_CREDITS = hotel_param(16, "credits")
_ADVERTISEMENT = CAT.advertisement
_TURN_ORDER = CAT.turn_order
COLUMNS = CAT.columns
SOLO_ROW = MASCOT
"""Solo: the Mascot row is the whole Marketplace."""


# -- choosing Turn Order ---------------------------------------------------------------------------
def order_seat(st) -> int:
    """The seat placing its Player Token now: clockwise from the First Player."""
    return (st.first + st.idx) % len(st.seats)


def order_actions(st) -> list:
    """The free Turn Order spaces."""
    return [ORDER[k + 1] for k in range(5) if st.track[k] < 0]


def resolve_order(st, action) -> None:
    """Place the Player Token and claim the space's reward; after the last seat, Income."""
    seat = order_seat(st)
    space = int(action.arg)
    st.track[space - 1] = seat
    effects.reward(st, seat, _TURN_ORDER[space - 1], "order")
    st.idx += 1
    if st.idx == len(st.seats):
        st.order = tuple(s for s in st.track if s >= 0)
        st.phase = "income"
        st.idx = 0
        st.push(*(("income", s) for s in st.order), ("turns", -1))


# -- the actions of a turn -------------------------------------------------------------------------
def _free(st, seat: int, p, acts: list) -> None:
    """Free actions: Hotel #16's paid collect, the solo free draw, Achievements."""
    if (
        p.hotels >> 16 & 1
        and not st.paid
        and p.credits >= _H16_CREDITS
        and effects.on_board(st, seat)
    ):
        acts.append(PAID_COLLECT)
    if st.solo and st.decks[SOLO_ROW] and st.track[4] < 0:
        acts.append(MOVE)
    for aid in achievements.claimable(st, seat):
        acts.append(CLAIM[aid])


def turn_actions(st) -> list:
    """Every legal action of the seat whose turn it is, when nothing else is pending."""
    seat = st.order[st.idx]
    p = st.players[seat]
    stage = st.stage
    acts: list = []
    if st.solo:
        _solo_actions(st, p, stage, acts)
    elif stage == "start":
        hand = p.workers
        market = st.market
        stacks = st.stacks
        for row in range(5):
            need = 1 + len(stacks[row])
            if hand < need:
                continue
            budget = economy.budget(p, row, hand - need)
            if budget < 0:
                continue
            for card in market[row * COLUMNS : row * COLUMNS + COLUMNS]:
                if card >= 0 and COST[card] <= budget:
                    acts.append(BUY[card])
        if hand > len(stacks[ADVERTISEMENT]):
            acts.append(ADVERTISE)
        acts.append(COLLECT)
    _free(st, seat, p, acts)
    if stage == "after":
        acts.append(END)
    return acts


def _solo_actions(st, p, stage: str, acts: list) -> None:
    can_draw = p.workers > 0 and bool(st.decks[SOLO_ROW])
    if stage == "start":
        if can_draw:
            acts.append(DRAW)
        acts.append(COLLECT)
    elif stage == "more":
        if can_draw:
            acts.append(DRAW)
        spare = p.workers
        for card in p.hand:
            if economy.can_buy(p, card, spare):
                acts.append(PLAY[card])
        acts.append(ADVERTISE)


def _draw(st, seat: int) -> None:
    """Solo: the top card of the Marketplace Deck goes into the hand."""
    deck = st.decks[SOLO_ROW]
    p = st.mut(seat)
    p.hand += (deck[-1],)
    st.decks = (*st.decks[:SOLO_ROW], deck[:-1], *st.decks[SOLO_ROW + 1 :])


def _discard_hand(st, seat: int) -> None:
    """Solo: every card left in hand goes to the Mascot Discard Pile."""
    p = st.mut(seat)
    if p.hand:
        piles = st.discards
        st.discards = (*piles[:SOLO_ROW], piles[SOLO_ROW] + p.hand, *piles[SOLO_ROW + 1 :])
        p.hand = ()


def _acted(st, seat: int) -> None:
    """The standard action is taken: once all it brings about is resolved, see whether the turn
    waits for a free action (``ends_after_action``)."""
    st.stage = "after"
    st.push(("acted", seat))


def ends_after_action(st) -> bool:
    """True when the turn's standard action leaves no free action: the turn ends at once."""
    return st.stage == "after" and turn_actions(st) == [END]


def resolve(st, action) -> None:
    """Carry out a turn action of the seat whose turn it is (already checked legal)."""
    seat = st.order[st.idx]
    kind = action.kind
    if kind == "buy":
        card = CARD_INDEX[action.arg]
        row = KIND[card]
        effects.place(st, seat, row, 1 + len(st.stacks[row]))
        st.market[st.market.index(card)] = -1
        effects.purchase(st, seat, card, row)
        _acted(st, seat)
    elif kind == "advertise":
        if st.solo:
            _discard_hand(st, seat)
        else:
            effects.place(st, seat, ADVERTISEMENT, 1 + len(st.stacks[ADVERTISEMENT]))
        effects.reward(st, seat, _ADVERTISEMENT, "advertise")
        st.adv = True
        _acted(st, seat)
    elif kind == "collect":
        if action.arg == "paid":
            st.mut(seat).credits -= _H16_CREDITS
            st.paid = True
            effects.collect(st, seat)
        elif st.solo:
            # Solo Mode: "If you choose to collect your Workers, your turn ends after collecting
            # them."
            effects.collect(st, seat)
            st.stage = "done"
        else:
            effects.collect(st, seat)
            _acted(st, seat)
    elif kind == "claim":
        effects.claim(st, seat, action.arg)
    elif kind == "end":
        st.stage = "done"
    elif kind == "draw":
        effects.add_to_stack(st, seat, SOLO_ROW, 1)
        _draw(st, seat)
        st.stage = "more"
    elif kind == "move":
        at = st.track.index(seat)
        st.track[at] = -1
        st.track[at + 1] = seat
        _draw(st, seat)
    elif kind == "play":
        card = CARD_INDEX[action.arg]
        p = st.mut(seat)
        hand = list(p.hand)
        hand.remove(card)
        p.hand = tuple(hand)
        _discard_hand(st, seat)
        effects.purchase(st, seat, card, SOLO_ROW)
        _acted(st, seat)
    else:
        raise ValueError(f"unknown turn action '{kind}'")
