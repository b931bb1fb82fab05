"""The acting seat's own turn: action markers, the Potion, free trades and ending the turn."""

from __future__ import annotations

from . import effects
from .actions import Action
from .catalog import COLOUR_INDEX, COLOURS
from .supply import crystal_supply, gain_crystals

END = Action("end")
SYMBOL_OF = {
    "travel": "travel",
    "empower": "empower",
    "manifest": "manifest",
    "caravan": "manifest",
    "fulfill": "fulfill",
    "build": "fulfill",
    "icedibs": "special",
    "clone": "special",
    "blast": "special",
    "harvest": "special",
}
"""The action symbol each kind of marker action uses."""
TOKEN_SUPPLY = {"water": 3, "fire": 2, "air": 5}
CLONE_SYMBOLS = frozenset(("empower", "manifest", "fulfill"))
"""The actions that use up a Fiery Clone standing where they are taken."""
"""Frostflake, Fiery Clone and Wind Blast tokens each Djinn owns (setup steps 9-11)."""


def trade_ratio(djinn: str) -> int:
    """Crystals given per crystal gained in a free trade (Air's Sky's Blessing: 2)."""
    return 2 if djinn == "air" else 3


def potion_allows(p, ci: int, symbol: str) -> bool:
    """True when a Potion may take `symbol` on column index `ci` this turn, all three markers placed.

    Manifest Abilities, Potion tokens: "on an action column that has already been activated but
    not an action that was performed by an action marker": any unlocked column, but never an
    action (Travel, Empower, Manifest, Fulfill, Special) an action marker performed this turn
    (docs/rules-decisions.md, Potion).
    """
    return (ci != 1 or p.unlocked) and symbol not in p.markers


def places(st, p) -> list[tuple[int, str]]:
    """Where the Djinn may Empower, Manifest or Fulfill from: its Area ('' for `Action.at`), and
    the Areas of Fire's clones elsewhere (by name)."""
    result = [(p.area, "")]
    if p.djinn == "fire":
        names = st.catalog.areas
        result.extend((a, names[a].name) for a in st.clones if a != p.area)
    return result


def turn_actions(st) -> list[Action]:
    """Every legal action of the seat whose turn it is, when nothing else is pending."""
    seat = st.order[st.turn_idx]
    p = st.players[seat]
    columns = st.catalog.djinns[p.djinn].columns
    acts: list[Action] = []
    if p.markers_placed < 3:
        for ci, symbols in enumerate(columns):
            if (ci == 1 and not p.unlocked) or p.markers[ci]:
                continue
            for symbol in symbols:
                _symbol_actions(st, seat, p, symbol, ci + 1, False, acts)
    elif p.potions and not p.potion_used:
        for ci, symbols in enumerate(columns):
            for symbol in symbols:
                if potion_allows(p, ci, symbol):
                    _symbol_actions(st, seat, p, symbol, ci + 1, True, acts)
    ratio = trade_ratio(p.djinn)
    total = sum(p.crystals)
    supply = None
    for c in range(6):
        if total - p.crystals[c] >= ratio:
            supply = supply or crystal_supply(st)
            if supply[c]:
                acts.append(Action("trade", COLOURS[c]))
    acts.append(END)
    return acts


def _symbol_actions(st, seat, p, symbol, col, potion, acts) -> None:
    cat = st.catalog
    areas = cat.areas
    if symbol == "travel":
        for nb in areas[p.area].neighbours:
            acts.append(Action("travel", areas[nb].name, col, potion=potion))
    elif symbol == "empower":
        supply = crystal_supply(st)
        for place, at in places(st, p):
            if any(supply[c] for c in areas[place].crystals):
                acts.append(Action("empower", "", col, at, potion=potion))
    elif symbol == "manifest":
        for place, at in places(st, p):
            if effects.ability_usable(st, seat, place):
                acts.append(Action("manifest", "", col, at, potion=potion))
            if cat.route[st.caravan_pos] == place and effects.caravan_affordable(st, p):
                acts.append(Action("caravan", "", col, at, potion=potion))
    elif symbol == "fulfill":
        for place, at in places(st, p):
            _fulfill_actions(st, p, place, at, col, potion, acts)
    elif p.djinn == "water":
        if len(st.frost) < TOKEN_SUPPLY["water"]:
            for card in st.offer:
                if card and card not in st.frost:
                    acts.append(Action("icedibs", card, col, potion=potion))
    elif p.djinn in ("fire", "air"):
        kind, tokens = ("clone", st.clones) if p.djinn == "fire" else ("blast", st.wind)
        spent = st.clones_discarded if p.djinn == "fire" else 0
        spare = len(tokens) + spent < TOKEN_SUPPLY[p.djinn]
        for area in areas:
            if area.index in tokens:
                continue
            if spare:
                acts.append(Action(kind, area.name, col, potion=potion))
            for src in tokens:
                acts.append(Action(kind, area.name, col, potion=potion, arg2=areas[src].name))
    elif p.djinn == "earth" and any(p.nest):
        acts.append(Action("harvest", "", col, potion=potion))


def _fulfill_actions(st, p, place, at, col, potion, acts) -> None:
    cat = st.catalog
    here = st.area_meeples[place * 6 : place * 6 + 6]
    built = st.monuments[place]
    on_monument = built[1] if built else (0, 0, 0, 0, 0, 0)
    can_trick = p.trickery > 0 and not p.trickery_used
    crystals = p.crystals
    for card in p.hand:
        wish = cat.wishes[card]
        cost = wish.cost
        if any(crystals[c] < cost[c] for c in range(6)):
            continue
        colour = wish.colour
        if here[colour]:
            acts.append(Action("fulfill", card, col, at, potion=potion))
        if on_monument[colour]:
            acts.append(Action("fulfill", card, col, at, "monument", potion=potion))
        if can_trick:
            for c in range(6):
                if c == colour:
                    continue
                if here[c]:
                    acts.append(Action("fulfill", card, col, at, trick=COLOURS[c], potion=potion))
                if on_monument[c]:
                    acts.append(
                        Action("fulfill", card, col, at, "monument", COLOURS[c], potion=potion)
                    )
    monument = cat.monument_by_area.get(place)
    if monument and built is None and all(p.meeples[c] >= monument.cost[c] for c in range(6)):
        acts.append(Action("build", monument.name, col, at, potion=potion))


def resolve(st, action: Action) -> None:
    """Carry out a legal turn action on the (already copied) state."""
    seat = st.order[st.turn_idx]
    p = st.players[seat]
    kind = action.kind
    if kind == "end":
        st.turn_done = True
        return
    if kind == "trade":
        st.push(("pay_trade", seat, COLOUR_INDEX[action.arg], trade_ratio(p.djinn)))
        return
    symbol = SYMBOL_OF[kind]
    if action.potion:
        p.potions -= 1
        p.potion_used = f"{action.col}:{symbol}"
    else:
        p.markers[action.col - 1] = symbol
    index = st.catalog.area_index
    place = index[action.at] if action.at else p.area
    if p.djinn == "fire" and symbol in CLONE_SYMBOLS and place in st.clones:
        # Fiery Clone token: "Whenever you Empower, Manifest, or Fulfill from an Area with a
        # Fiery Clone token, remove the token" -- its own Area included; Example 8 discards it.
        st.clones.remove(place)
        st.clones_discarded += 1
    if kind == "travel":
        effects.move_djinn(st, seat, index[action.arg])
    elif kind == "empower":
        for c in st.catalog.areas[place].crystals:
            gain_crystals(st, p, c)
    elif kind == "manifest":
        effects.manifest(st, seat, place)
    elif kind == "caravan":
        effects.caravan_trade(st, p)
        st.push(("after_manifest", seat))
    elif kind == "fulfill":
        effects.fulfil(st, seat, action.arg, place, action.source, action.trick)
    elif kind == "build":
        effects.build(st, seat, action.arg)
    elif kind == "icedibs":
        st.frost.append(action.arg)
    elif kind in ("clone", "blast"):
        tokens = st.clones if kind == "clone" else st.wind
        if action.arg2:
            tokens.remove(index[action.arg2])
        tokens.append(index[action.arg])
    elif kind == "harvest":
        for c in range(6):
            p.crystals[c] += p.nest[c]
            p.nest[c] = 0
