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
    kind = step[0]
    choose = _OPTIONS.get(kind)
    if choose is None:
        raise AssertionError(f"unknown step {kind}")
    return choose(st, step, st.players[step[1]])


def _frost_options(st, step, p) -> list[Action]:
    # Example 6: Water "may gain" the crystals, so it may also decline the rest (pass).
    remaining = step[4]
    supply = crystal_supply(st)
    gains = (Action("gain", COLOURS[c]) for c in range(6) if LETTERS[c] in remaining and supply[c])
    return [*gains, PASS]


def _teleport_options(st, step, p) -> list[Action]:
    only = step[2]
    targets = [only] if only >= 0 else range(12)
    areas = st.catalog.areas
    return [Action("teleport", areas[a].name) for a in targets if a != p.area] + [PASS]


def _wind_options(st, step, p) -> list[Action]:
    areas = st.catalog.areas
    passed = step[2] if len(step) > 2 else ()
    onward = [a for a in areas[p.area].neighbours if a not in passed]
    return [Action("wind", areas[a].name) for a in onward] + [PASS]


def _palace_swap_options(st, step, p) -> list[Action]:
    theirs = st.offer if step[2] < 0 else st.players[step[2]].hand
    swaps = [Action("swap", mine, arg2=other) for mine in p.hand for other in theirs if other]
    return [*swaps, PASS]


def _choose_options(st, step, p) -> list[Action]:
    targets = st.opponents(step[1])
    if step[2] in ("eye", "hurt"):
        targets = [o for o in targets if any(st.players[o].crystals)]
    return [Action("choose", st.djinns[o]) for o in targets]


def _or_pass(kind: str):
    """Options of a step that pays or gives a crystal of one's own, or passes (none: nothing)."""
    return lambda st, step, p: [*_colours(kind, p.crystals), PASS] if any(p.crystals) else []


_OPTIONS = {
    "pay_trade": lambda st, step, p: _colours("pay", p.crystals, step[2]),
    "gain": lambda st, step, p: _colours("gain", crystal_supply(st), step[3]),
    "destiny": lambda st, step, p: [Action("keep", name) for name in p.destiny_options],
    "setup_discard": lambda st, step, p: [Action("discard", card) for card in p.hand],
    "discard": lambda st, step, p: [Action("discard", card) for card in p.hand],
    "draw_offer": lambda st, step, p: [Action("draw", card) for card in st.offer if card],
    "frost": _frost_options,
    "market_pay": lambda st, step, p: _colours("pay", p.crystals),
    "a_child": _or_pass("pay"),
    "nest": lambda st, step, p: _colours("nest", crystal_supply(st)),
    "teleport": _teleport_options,
    "wind": _wind_options,
    "palace_look": lambda st, step, p: [
        Action("look", st.djinns[o]) for o in st.opponents(step[1]) if st.players[o].hand
    ],
    "palace_swap": _palace_swap_options,
    "give": lambda st, step, p: _colours("give", p.crystals),
    "take": lambda st, step, p: _colours("take", st.players[step[2]].crystals),
    "remove": lambda st, step, p: _colours("remove", st.players[step[2]].crystals),
    "lose": lambda st, step, p: _colours("lose", p.crystals),
    "choose": _choose_options,
    "forgive": _or_pass("give"),
    "fresh_discard": lambda st, step, p: [*(Action("discard", card) for card in p.hand), PASS],
}
"""Per decision step: its legal actions, from (state, step, the deciding seat's pieces)."""


def resolve(st, step: tuple, action: Action) -> None:
    """Carry out the chosen option of a decision step on the (already copied) state."""
    _RESOLVE[step[0]](st, step, st.pieces(step[1]), action)


def _pay_trade(st, step, p, action) -> None:
    move_crystals(st, p, COLOUR_INDEX[action.arg], -1)
    if step[3] > 1:
        st.push(("pay_trade", step[1], step[2], step[3] - 1))
    else:
        gain_crystals(st, p, step[2])


def _gain(st, step, p, action) -> None:
    move_crystals(st, p, COLOUR_INDEX[action.arg], 1)
    if step[2] > 1:
        st.push(("gain", step[1], step[2] - 1, step[3]))


def _keep_destiny(st, step, p, action) -> None:
    p.destiny = action.arg
    p.destiny_options = []


def _discard(st, step, p, action) -> None:
    p.own("hand").remove(action.arg)
    st.own("discard").append(action.arg)


def _draw_offer(st, step, p, action) -> None:
    slot = st.offer.index(action.arg)
    p.own("hand").append(effects.leave_offer(st, slot, step[1]))
    effects.refill(st, slot)


def _frost(st, step, p, action) -> None:
    if action.kind == "pass":
        return
    c = COLOUR_INDEX[action.arg]
    move_crystals(st, p, c, 1)
    remaining = step[4].replace(LETTERS[c], "", 1)
    if step[3] > 1 and remaining:
        st.push(("frost", step[1], step[2], step[3] - 1, remaining))


def _market_pay(st, step, p, action) -> None:
    c = COLOUR_INDEX[action.arg]
    move_crystals(st, p, c, -1)
    st.push(("gain", step[1], 2, c))


def _a_child(st, step, p, action) -> None:
    if action.kind == "pay":
        c = COLOUR_INDEX[action.arg]
        move_crystals(st, p, c, -1)
        st.push(("gain", step[1], 1, c))


def _nest(st, step, p, action) -> None:
    p.own("nest")[COLOUR_INDEX[action.arg]] += 1
    crystals_changed(st)


def _teleport(st, step, p, action) -> None:
    if action.kind != "pass":
        effects.move_djinn(st, step[1], st.catalog.area_index[action.arg])


def _wind(st, step, p, action) -> None:
    if action.kind != "pass":
        passed = tuple(step[2]) if len(step) > 2 else ()
        effects.move_djinn(st, step[1], st.catalog.area_index[action.arg], passed)


def _palace_swap(st, step, p, action) -> None:
    if action.kind == "swap":
        _swap(st, step[1], step[2], action.arg, action.arg2)


def _take(st, step, p, action) -> None:
    c = COLOUR_INDEX[action.arg]
    st.pieces(step[2]).crystals[c] -= 1
    p.crystals[c] += 1


def _remove(st, step, p, action) -> None:
    move_crystals(st, st.pieces(step[2]), COLOUR_INDEX[action.arg], -1)
    if step[3] > 1:
        st.push(("remove", step[1], step[2], step[3] - 1))


def _lose(st, step, p, action) -> None:
    move_crystals(st, p, COLOUR_INDEX[action.arg], -1)
    if step[2] > 1:
        st.push(("lose", step[1], step[2] - 1))


def _forgive(st, step, p, action) -> None:
    if action.kind == "give":
        _give(st, p, COLOUR_INDEX[action.arg], step[2])
        p.vp_tokens += 2
        if step[3] > 1:
            st.push(("forgive", step[1], step[2], step[3] - 1))


def _fresh_discard(st, step, p, action) -> None:
    if action.kind == "discard":
        _discard(st, step, p, action)
        st.push(("fresh_discard", step[1], step[2] + 1))
    else:
        st.push(*(("draw_offer", step[1]) for _ in range(step[2])))


_RESOLVE = {
    "pay_trade": _pay_trade,
    "gain": _gain,
    "destiny": _keep_destiny,
    "setup_discard": _discard,
    "discard": _discard,
    "draw_offer": _draw_offer,
    "frost": _frost,
    "market_pay": _market_pay,
    "a_child": _a_child,
    "nest": _nest,
    "teleport": _teleport,
    "wind": _wind,
    "palace_look": lambda st, step, p, action: st.push(
        ("palace_swap", step[1], st.seat_of(action.arg))
    ),
    "palace_swap": _palace_swap,
    "give": lambda st, step, p, action: _give(st, p, COLOUR_INDEX[action.arg], step[2]),
    "take": _take,
    "remove": _remove,
    "lose": _lose,
    "choose": lambda st, step, p, action: _chosen(st, step[1], step, st.seat_of(action.arg)),
    "forgive": _forgive,
    "fresh_discard": _fresh_discard,
}
"""Per decision step: carry out the chosen action on (state, step, the deciding seat's pieces)."""


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
