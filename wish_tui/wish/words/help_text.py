"""Wish's help texts: its keys, and the rules reference in our own words with every card and Area."""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG, COLOURS, GEMS, LETTERS

from .words import symbol_word

_TURN_KEYS = """\
t Travel        e Empower       m Manifest (or the Caravan's trade)
f Fulfill (or build a Monument)  s the Djinn's Special action
p Potion: a fourth action        k Trickery: Fulfill, person recoloured
r Trade 3:1 (Air 2:1)            n End the turn
u Undo    h Hint    i Text of a card or Area    F1 Rules reference
←→↑↓ look: the line under the log says what the highlight is on
ctrl+s Save    q Quit    PageUp/PageDown scroll the log
"""
MARKS = """\
Marks: R B G Y W P crystals, r b g y w p Wishing Persons (their colours)
♥♛⚔◆✚☀ Love Power Revenge Wealth Health Happiness · I/O Instant/Ongoing
△/▲ Monument to build/built · ~ Wind Blast · * Fiery Clone · ⚗ Potion
✧ Trickery · ❄ Water's Frostflake on an Offer card · h3 Wishes in hand
18VP→22 VP on the table → if it ended now (? a secret Destiny)
2w🔒 Wishes fulfilled, column 2 locked till 3 · ✓/✗ can fulfill or not"""
"""The board's marks, as a player reads them."""
KEYS = _TURN_KEYS + MARKS
WATCH_MARKS = MARKS.removesuffix(" · ✓/✗ can fulfill or not")
"""The board's marks, as a watcher reads them (the seat marked is the one shown)."""

ABILITIES = {
    "dark_temple": "Draw the top Wish of the discard pile, then discard a Wish.",
    "cataracts": "Gain 2 Crystals of any colours; each other player gains 1 of any colour.",
    "palace_gardens": "Draw a Wish from the deck, then discard a Wish.",
    "palace": "Look at an opponent's hand; you may swap one of your Wishes for one of theirs.",
    "forest": "Gain 1 Crystal of any colour.",
    "ruins": "Teleport anywhere on the map.",
    "oasis": "Trade with the Caravan as if you were in its Area.",
    "sandhills": "Discard the Offer, reveal 3 new cards; draw a Wish from the deck, discard a Wish.",
    "mountain_caves": "Gain 1 Potion token.",
    "volcano": "Gain 1 VP token.",
    "trade_market": "Spend 1 Crystal; gain 2 Crystals of other colours.",
    "dock": "Gain 1 Trickery token.",
}
"""Each Area's Manifest ability in our words."""


def board_text(djinn: str) -> str:
    """A Djinn's action columns, as its board shows them (column 2 locked at the start)."""
    info = CATALOG.djinns[djinn]
    columns = " · ".join(
        f"{n}{' (locked)' if n == 2 else ''} "
        + "/".join(symbol_word(info, symbol) for symbol in column)
        for n, column in enumerate(info.columns, start=1)
    )
    return f" Board: {columns}."


RULES = [
    ("Goal", "Score the most VP: fulfill Wishes, build Monuments, fulfill your secret Destiny."),
    (
        "Rounds",
        "Each round a Caravan card moves the Caravan 0-2 Areas towards the Dock and sets its trade. When it reaches the Dock (X), that round is the last.",
    ),
    (
        "Your turn",
        "Place up to 3 action markers, one per column, on one symbol each. Column 2 is locked until your third fulfilled Wish.",
    ),
    ("Travel", "Move to an adjacent Area."),
    ("Empower", "Gain the Area's two Crystals."),
    ("Manifest", "Use the Area's ability, or trade with the Caravan in its Area."),
    (
        "Fulfill",
        "Pay a Wish's cost in an Area with a Wishing Person of its colour; take the person, draw a card from the Offer, then the Wish's effect. Or build the Area's Monument with people you collected.",
    ),
    (
        "Monuments",
        "People on a Monument can still be used to fulfill Wishes; the builder gains 1 VP each time someone else does.",
    ),
    ("Trade", "Any time on your turn: 3 Crystals for 1 of another colour (Air: 2 for 1)."),
    ("Potion", "After your 3 markers, one more action on a symbol without a marker. One per turn."),
    ("Trickery", "Just before a Fulfill, treat a Wishing Person here as any colour. One per turn."),
    (
        "Air",
        "Sky's Blessing: trade 2:1. Cloudbearer: place or move a Wind Blast; entering or starting on one lets you travel on for free."
        + board_text("air"),
    ),
    (
        "Water",
        "Hand of 4 Wishes. Ice Dibs: put a Frostflake on an Offer card; when it leaves the Offer gain 1 Crystal of its cost (2 if an opponent drew it)."
        + board_text("water"),
    ),
    (
        "Fire",
        "Fiery Clone: place or move a clone anywhere; Empower, Manifest or Fulfill from a clone's Area (the clone is used up)."
        + board_text("fire"),
    ),
    (
        "Earth",
        "Providence: after every Manifest put a Crystal on your Nest. Harvest: take all Nest Crystals (safe from spending and theft)."
        + board_text("earth"),
    ),
    (
        "Scoring",
        "Wishes' VP, VP tokens, Ongoing Wishes, Badges, Destiny. Ties: Badges, Crystals, Wishes fulfilled.",
    ),
    (
        "Solo",
        "A Challenge card each turn acts as an opponent; the Offer slides right each round; fulfill your Destiny.",
    ),
]


def area_text(area) -> str:
    """Everything about an Area: Manifest, Empower, people, borders and its Monument."""
    gems = " and ".join(f"{GEMS[c]} ({LETTERS[c]})" for c in area.crystals)
    people = f"{area.meeples} {COLOURS[area.people]} ({LETTERS[area.people]})"
    borders = ", ".join(CATALOG.areas[n].name for n in area.neighbours)
    lines = [
        f"Manifest: {ABILITIES[area.ability]}",
        f"Empower: gain {gems}.",
        f"Wishing Persons at the start: {people}.",
        f"Borders: {borders}.",
    ]
    monument = CATALOG.monument_by_area.get(area.index)
    if monument is not None:
        lines.append(f"Monument: {monument_text(monument)}")
    return "\n".join(lines)


def monument_text(monument) -> str:
    """A Monument's cost in Wishing Persons and its VP."""
    cost = ", ".join(f"{n} {COLOURS[c]} ({LETTERS[c]})" for c, n in enumerate(monument.cost) if n)
    return f"{monument.name}: build it here with {cost}; {monument.vp} VP and its Badge."


MAP_LEGEND = (
    "Map legend",
    "Each box is an Area: its name, its two Crystals (capitals, e.g. YW), the Wishing Persons "
    "standing there (small letters, e.g. y), then the Djinns (reversed capitals A W F E), the "
    "Caravan, Wind Blasts (~) and Fiery Clones (*). ▲ a built Monument (its people follow a +), "
    "△ a Monument still to build. Numbers on the top rules are the Caravan's route, X the Dock. "
    "Areas that share a side are adjacent; a ╱ or ╲ on a grid corner is a diagonal border, so "
    "the two Areas it joins are adjacent too: "
    + ", ".join(
        f"{a.name}–{CATALOG.areas[n].name}"
        for a in CATALOG.areas
        for n in a.neighbours
        if n > a.index and CATALOG.areas[n].row != a.row and CATALOG.areas[n].col != a.col
    )
    + ". Seat lines: VP on the table, h hand size, Crystals, Wishing Persons, ⚗ Potions, "
    "✧ Trickery tokens, Wishes fulfilled and the Lock.",
)


def reference_entries() -> list[tuple[str, str]]:
    """Every rule, the map legend, each Area, Wish, Destiny and Monument as (title, text)."""
    entries = [*RULES, MAP_LEGEND]
    for area in CATALOG.areas:
        entries.append((f"Area: {area.name}", area_text(area)))
    for wish in CATALOG.wishes.values():
        entries.append(
            (
                f"Wish: {wish.name}",
                f"{wish.type.capitalize()}, {wish.timing}, cost {wish.cost_letters}, {wish.vp} VP. {wish.text}",
            )
        )
    for destiny in CATALOG.destinies.values():
        entries.append((f"Destiny: {destiny.name}", destiny.text))
    for monument in CATALOG.monuments:
        entries.append(
            (
                f"Monument: {monument.name}",
                f"In {CATALOG.areas[monument.area].name}. {monument_text(monument)}",
            )
        )
    return entries
