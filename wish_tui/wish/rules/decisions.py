"""Pending decisions: the choices a seat must make inside a turn, and the steps between them.

A step is a tuple ``(kind, seat, *details)``. Decision steps wait for an action of `seat`;
automatic steps (`flow.AUTO`) resolve as soon as they reach the front of the queue.
"""

from __future__ import annotations

from . import effects
from .actions import Action
from .catalog import COLOUR_INDEX, COLOURS, LETTERS
from .supply import crystal_supply, crystals_changed, gain_crystals, move_crystals

PASS = Action("pass")


_BY_COLOUR = {
    kind: tuple(Action(kind, colour) for colour in COLOURS)
    for kind in ("gain", "pay", "nest", "give", "take", "remove", "lose")
}
"""`KIND COLOUR` per colour, for the decisions that choose a colour (made once)."""


def _colours(kind: str, counts, exclude: int = -1) -> list[Action]:
    """`kind COLOUR` for each colour with a count, but `exclude`."""
    # Unrolled over the six colours: most decisions are these.
    made = _BY_COLOUR[kind]
    n0, n1, n2, n3, n4, n5 = counts
    found = []
    if n0 and exclude != 0:
        found.append(made[0])
    if n1 and exclude != 1:
        found.append(made[1])
    if n2 and exclude != 2:
        found.append(made[2])
    if n3 and exclude != 3:
        found.append(made[3])
    if n4 and exclude != 4:
        found.append(made[4])
    if n5 and exclude != 5:
        found.append(made[5])
    return found


def options(st, step: tuple) -> list[Action]:
    """The legal actions for a decision step (empty when there is nothing to decide)."""
    kind, seat = step[0], step[1]
    p = st.players[seat]
    # The most frequent steps first.
    if kind == "pay_trade":
        return _colours("pay", p.crystals, step[2])
    if kind == "gain":
        return _colours("gain", crystal_supply(st), step[3])
    if kind == "destiny":
        return [Action("keep", name) for name in p.destiny_options]
    if kind in ("setup_discard", "discard"):
        return [Action("discard", card) for card in p.hand]
    if kind == "draw_offer":
        return [Action("draw", card) for card in st.offer if card]
    if kind == "frost":
        # Example 6: Water "may gain" the crystals, so it may also decline the rest (pass).
        remaining = step[4]
        supply = crystal_supply(st)
        return [
            *(
                Action("gain", COLOURS[c])
                for c in range(6)
                if LETTERS[c] in remaining and supply[c]
            ),
            PASS,
        ]
    if kind in ("market_pay",):
        return _colours("pay", p.crystals)
    if kind == "a_child":
        return [*_colours("pay", p.crystals), PASS] if any(p.crystals) else []
    if kind == "nest":
        return _colours("nest", crystal_supply(st))
    if kind == "teleport":
        only = step[2]
        targets = [only] if only >= 0 else range(12)
        areas = st.catalog.areas
        return [Action("teleport", areas[a].name) for a in targets if a != p.area] + [PASS]
    if kind == "wind":
        areas = st.catalog.areas
        passed = step[2] if len(step) > 2 else ()
        onward = [a for a in areas[p.area].neighbours if a not in passed]
        return [Action("wind", areas[a].name) for a in onward] + [PASS]
    if kind == "palace_look":
        return [Action("look", st.djinns[o]) for o in st.opponents(seat) if st.players[o].hand]
    if kind == "palace_swap":
        theirs = st.offer if step[2] < 0 else st.players[step[2]].hand
        swaps = [Action("swap", mine, arg2=other) for mine in p.hand for other in theirs if other]
        return [*swaps, PASS]
    if kind == "give":
        return _colours("give", p.crystals)
    if kind == "take":
        return _colours("take", st.players[step[2]].crystals)
    if kind == "remove":
        return _colours("remove", st.players[step[2]].crystals)
    if kind == "lose":
        return _colours("lose", p.crystals)
    if kind == "choose":
        purpose = step[2]
        targets = st.opponents(seat)
        if purpose in ("eye", "hurt"):
            targets = [o for o in targets if any(st.players[o].crystals)]
        return [Action("choose", st.djinns[o]) for o in targets]
    if kind == "forgive":
        return [*_colours("give", p.crystals), PASS] if any(p.crystals) else []
    if kind == "fresh_discard":
        return [*(Action("discard", card) for card in p.hand), PASS]
    raise AssertionError(f"unknown step {kind}")


def resolve(st, step: tuple, action: Action) -> None:
    """Carry out the chosen option of a decision step on the (already copied) state."""
    kind, seat = step[0], step[1]
    p = st.pieces(seat)
    arg = action.arg
    # The most frequent steps first.
    if kind == "pay_trade":
        move_crystals(st, p, COLOUR_INDEX[arg], -1)
        if step[3] > 1:
            st.push(("pay_trade", seat, step[2], step[3] - 1))
        else:
            gain_crystals(st, p, step[2])
    elif kind == "gain":
        move_crystals(st, p, COLOUR_INDEX[arg], 1)
        if step[2] > 1:
            st.push(("gain", seat, step[2] - 1, step[3]))
    elif kind == "destiny":
        p.destiny = arg
        p.destiny_options = []
    elif kind in ("setup_discard", "discard"):
        p.own("hand").remove(arg)
        st.own("discard").append(arg)
    elif kind == "draw_offer":
        slot = st.offer.index(arg)
        p.own("hand").append(effects.leave_offer(st, slot, seat))
        effects.refill(st, slot)
    elif kind == "frost":
        if action.kind == "pass":
            return
        move_crystals(st, p, COLOUR_INDEX[arg], 1)
        remaining = step[4].replace(LETTERS[COLOUR_INDEX[arg]], "", 1)
        if step[3] > 1 and remaining:
            st.push(("frost", seat, step[2], step[3] - 1, remaining))
    elif kind == "market_pay":
        c = COLOUR_INDEX[arg]
        move_crystals(st, p, c, -1)
        st.push(("gain", seat, 2, c))
    elif kind == "a_child":
        if action.kind == "pay":
            c = COLOUR_INDEX[arg]
            move_crystals(st, p, c, -1)
            st.push(("gain", seat, 1, c))
    elif kind == "nest":
        p.own("nest")[COLOUR_INDEX[arg]] += 1
        crystals_changed(st)
    elif kind == "teleport":
        if action.kind != "pass":
            effects.move_djinn(st, seat, st.catalog.area_index[arg])
    elif kind == "wind":
        if action.kind != "pass":
            passed = tuple(step[2]) if len(step) > 2 else ()
            effects.move_djinn(st, seat, st.catalog.area_index[arg], passed)
    elif kind == "palace_look":
        st.push(("palace_swap", seat, st.seat_of(arg)))
    elif kind == "palace_swap":
        if action.kind == "swap":
            _swap(st, seat, step[2], arg, action.arg2)
    elif kind == "give":
        _give(st, p, COLOUR_INDEX[arg], step[2])
    elif kind == "take":
        c = COLOUR_INDEX[arg]
        st.pieces(step[2]).crystals[c] -= 1
        p.crystals[c] += 1
    elif kind == "remove":
        move_crystals(st, st.pieces(step[2]), COLOUR_INDEX[arg], -1)
        if step[3] > 1:
            st.push(("remove", seat, step[2], step[3] - 1))
    elif kind == "lose":
        move_crystals(st, p, COLOUR_INDEX[arg], -1)
        if step[2] > 1:
            st.push(("lose", seat, step[2] - 1))
    elif kind == "choose":
        _chosen(st, seat, step, st.seat_of(arg))
    elif kind == "forgive":
        if action.kind == "give":
            _give(st, p, COLOUR_INDEX[arg], step[2])
            p.vp_tokens += 2
            if step[3] > 1:
                st.push(("forgive", seat, step[2], step[3] - 1))
    elif kind == "fresh_discard":
        if action.kind == "discard":
            p.own("hand").remove(arg)
            st.own("discard").append(arg)
            st.push(("fresh_discard", seat, step[2] + 1))
        else:
            st.push(*(("draw_offer", seat) for _ in range(step[2])))


def _give(st, p, colour: int, to: int) -> None:
    """`p` gives a crystal of `colour` to seat `to`, or back to the supply when `to` is -1."""
    if to >= 0:
        p.crystals[colour] -= 1
        st.pieces(to).crystals[colour] += 1
    else:
        move_crystals(st, p, colour, -1)


def _swap(st, seat: int, other: int, mine: str, theirs: str) -> None:
    p = st.pieces(seat)
    hand = p.own("hand")
    hand.remove(mine)
    if other < 0:
        slot = st.offer.index(theirs)
        hand.append(effects.leave_offer(st, slot, seat))
        st.own("offer")[slot] = mine
    else:
        q = st.pieces(other)
        their_hand = q.own("hand")
        their_hand[their_hand.index(theirs)] = mine
        hand.append(theirs)


def _chosen(st, seat: int, step: tuple, target: int) -> None:
    purpose = step[2]
    if purpose == "share":
        gain_crystals(st, st.pieces(target), step[3])
    elif purpose == "eye":
        st.push(("take", seat, target))
    elif purpose == "hurt":
        st.push(("remove", seat, target, 2))
    elif purpose == "forgive":
        st.push(("forgive", seat, target, 2))


DECISION_PROMPTS = {
    "destiny": "Keep one of your two Destiny cards (the other leaves the game unseen).",
    "setup_discard": "Discard one Wish card from your hand.",
    "discard": "Discard a Wish card.",
    "draw_offer": "Draw a Wish card from the Offer.",
    "gain": "Gain a Crystal of any colour.",
    "frost": "Frostflake: you may gain a Crystal shown on the Wish's cost (or pass).",
    "pay_trade": "Trade: pay a Crystal.",
    "market_pay": "Trade Market: spend a Crystal (you gain 2 of other colours).",
    "a_child": "A Child: you may spend a Crystal to gain one of another colour.",
    "nest": "Providence: place a Crystal of any colour on your Nest.",
    "teleport": "Teleport: choose an Area (or pass to stay).",
    "wind": "Wind Blast: you may travel on for free (or pass to stay).",
    "palace_look": "Palace: choose whose hand to look at.",
    "palace_swap": "Palace: you may swap one of your Wishes for one of theirs.",
    "give": "Give a Crystal of your choice.",
    "take": "Take a Crystal of your choice from them.",
    "remove": "Choose a Crystal they lose.",
    "lose": "Lose a Crystal of your choice.",
    "choose": "Choose an opponent.",
    "forgive": "Forgiveness: give a Crystal for 2 VP, or pass.",
    "fresh_discard": "Fresh Start: discard a Wish to draw from the Offer, or pass when done.",
}
"""One sentence per decision, telling the deciding seat what to do."""
