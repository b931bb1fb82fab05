"""Why a move helps, in the words of the game, for the hint: each reason true of the position.

Issue 34: the hint said "Travel to Mountain Caves … to reach the Wishing Persons your hand
needs" when Mountain Caves held only a white person and the hand needed yellow and green. A
reason here names only what the position shows: the Wishing Person there that a Wish in hand
needs, the crystals there that a Wish in hand still lacks, the Monument, the Caravan, or the
Area's own ability.
"""

from __future__ import annotations

from wish_tui.wish.rules import COLOURS, GEMS
from wish_tui.wish.rules.people import colours_at, nearest_with, travels_from

ABILITY_WORDS = {
    "dark_temple": "draw the top Wish of the discard pile",
    "cataracts": "gain 2 Crystals of any colours",
    "palace_gardens": "draw a Wish from the deck",
    "palace": "look at an opponent's hand and swap a Wish",
    "forest": "gain a Crystal of any colour",
    "ruins": "teleport anywhere",
    "oasis": "trade with the Caravan from afar",
    "sandhills": "renew the Offer and draw a Wish",
    "mountain_caves": "gain a Potion token",
    "volcano": "gain a VP token",
    "trade_market": "turn 1 Crystal into 2",
    "dock": "gain a Trickery token",
}
"""What each Area's Manifest gives, in a few words."""


def lacking(state, seat: int) -> dict[int, list[str]]:
    """Per crystal colour: the Wishes in `seat`'s hand that still lack one of it."""
    p = state.players[seat]
    found: dict[int, list[str]] = {}
    for name in p.hand:
        wish = state.catalog.wishes[name]
        for c in range(6):
            if wish.cost[c] > p.crystals[c]:
                found.setdefault(c, []).append(name)
    return found


def travel_reason(state, seat: int, target_name: str) -> str:
    """Why travelling to `target_name` helps `seat`, in a phrase true of the position."""
    cat = state.catalog
    p = state.players[seat]
    target = cat.area_index[target_name]
    area = cat.areas[target]
    people = colours_at(state, target)
    for name in p.hand:
        wish = cat.wishes[name]
        if wish.colour in people:
            return (
                f"travel to {target_name}: its {COLOURS[wish.colour]} Wishing Person lets you "
                f"fulfill {name}"
            )
    short = lacking(state, seat)
    gems = [c for c in area.crystals if c in short]
    if gems:
        needed = short[gems[0]][0]
        names = " and ".join(GEMS[c] for c in area.crystals)
        return f"travel to {target_name} to Empower {names} there ({needed} needs {GEMS[gems[0]]})"
    monument = cat.monument_by_area.get(target)
    buildable = monument is not None and state.monuments[target] is None
    if buildable and all(have >= need for have, need in zip(p.meeples, monument.cost, strict=True)):
        return f"travel to {target_name} to build the {monument.name} there"
    closer = _closer_to_people(state, seat, target)
    if closer:
        return f"travel to {target_name}, {closer}"
    return f"travel to {target_name} to {ABILITY_WORDS[area.ability]} there (its Manifest)"


def _closer_to_people(state, seat: int, target: int) -> str:
    """'a step nearer the green Wishing Person in Forest' when the move brings the Djinn nearer
    a Wishing Person a Wish in hand needs ('' when it does not)."""
    cat = state.catalog
    p = state.players[seat]
    here, there = travels_from(state, p.area), travels_from(state, target)
    for name in p.hand:
        colour = cat.wishes[name].colour
        for area in nearest_with(state, colour, target)[:1]:
            if there[area] < here[area]:
                return (
                    f"a step nearer the {COLOURS[colour]} Wishing Person in "
                    f"{cat.areas[area].name} ({name})"
                )
    return ""


def empower_reason(state, seat: int, place: int) -> str:
    """Why an Empower in Area `place` helps."""
    area = state.catalog.areas[place]
    short = lacking(state, seat)
    gems = " and ".join(GEMS[c] for c in area.crystals)
    useful = [c for c in area.crystals if c in short]
    if useful:
        return f"empower: {gems}, and {short[useful[0]][0]} needs {GEMS[useful[0]]}"
    return f"empower: {gems} to trade with (no Wish in your hand needs them)"


def trade_reason(state, seat: int, colour: str) -> str:
    """Why trading for a crystal of `colour` helps."""
    short = lacking(state, seat).get(COLOURS.index(colour))
    gem = GEMS[COLOURS.index(colour)]
    if short:
        return f"trade for a {gem}, which {short[0]} still needs"
    return f"trade for a {gem}"
