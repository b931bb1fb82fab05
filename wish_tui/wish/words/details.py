"""What a thing on Wish's table is, in words, for the detail line: a Wish, an Area, a Monument,
a seat, the Caravan, a part of one's own board.

Each sentence says what a player of the physical game reads off the card or the board: the full
name, the type, the cost in crystals, the Wishing Person it needs, the effect, and where such a
person stands now. Pure text from a seat's view and the catalog; free of Textual.
"""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG, COLOURS, GEMS

from .fit import Fits, fits_in, fitted, with_tail
from .help_text import ABILITIES
from .marks import DJINN_TITLE, LETTER
from .text import crystals_words, people_words, tokens_left, tokens_on_map
from .words import symbol_word

SPECIALS = {
    "water": "Ice Dibs: a Frostflake on an Offer card; as it leaves the Offer you gain a Crystal "
    "of its cost (2 if an opponent drew it)",
    "fire": "Fiery Clone: place or move a clone anywhere, then Empower, Manifest or Fulfill from "
    "its Area (that uses it up)",
    "air": "Cloudbearer: place or move a Wind Blast; moving into or starting on one, you may "
    "travel on for free",
    "earth": "Harvest: take every Crystal on your Nest (Providence puts one there after each "
    "Manifest)",
}
"""Each Djinn's Special action, as its aid card says it."""
PASSIVES = {
    "water": "Ocean's Plenty: a hand of 4 Wishes",
    "fire": "Omnipotent: act from your Fiery Clones' Areas",
    "air": "Sky's Blessing: trade 2 Crystals for 1",
    "earth": "Providence: a Crystal on your Nest after each Manifest",
}
"""Each Djinn's passive ability, in a few words."""
TOKENS_OWNED = {"water": "Frostflakes", "fire": "Fiery Clones", "air": "Wind Blasts"}


def person_words(colour: str, n: int = 1) -> str:
    """'a green Wishing Person (g)', '2 green Wishing Persons (gg)'."""
    letters = LETTER[colour].lower() * n
    if n == 1:
        return f"a {colour} Wishing Person ({letters})"
    return f"{n} {colour} Wishing Persons ({letters})"


def gem_words(colour: str) -> str:
    """'Sapphire (B)'."""
    return f"{GEMS[COLOURS.index(colour)]} ({LETTER[colour]})"


def distances(start: int) -> dict[int, int]:
    """How many Travels each Area is from Area `start`."""
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for n in CATALOG.areas[here].neighbours:
                if n not in seen:
                    seen[n] = seen[here] + 1
                    nxt.append(n)
        frontier = nxt
    return seen


def where_people(view: dict, colour: str, start: int | None = None, most: int = 3) -> list[str]:
    """The Areas where a Wishing Person of `colour` stands (on the Area or on its Monument),
    nearest to Area `start` first: ['Forest', 'Cataracts (Monument)']."""
    far = distances(start) if start is not None else {}
    found = []
    for index, area in enumerate(view["areas"]):
        on_monument = (area["monument"] or {}).get("meeples", {}).get(colour, 0)
        if area["meeples"][colour]:
            found.append((far.get(index, 0), index, area["name"]))
        elif on_monument:
            found.append((far.get(index, 0), index, f"{area['name']} (on its Monument)"))
    return [name for _, _, name in sorted(found)[:most]]


def area_index(name: str) -> int:
    return CATALOG.area_index[name]


def cost_named(letters: str) -> str:
    """A cost in crystals' names, a count only where it is more than one: 'Ruby, 2 Citrines'."""
    parts = []
    for colour in COLOURS:
        n = letters.count(LETTER[colour])
        if n:
            gem = GEMS[COLOURS.index(colour)]
            parts.append(gem if n == 1 else f"{n} {PLURAL.get(gem, gem + 's')}")
    return ", ".join(parts)


PLURAL = {"Ruby": "Rubies"}


def wish_head(name: str) -> str:
    """A Wish card but its name and effect: 'Health Wish: needs a green Wishing Person (g);
    costs Sapphire, Emerald (BG); 2 VP, Instant'."""
    wish = CATALOG.wishes[name]
    timing = "Ongoing" if wish.timing == "ongoing" else "Instant"
    colour = COLOURS[wish.colour]
    return (
        f"{wish.type.capitalize()} Wish: needs {person_words(colour)}; costs "
        f"{cost_named(wish.cost_letters)} ({wish.cost_letters}); {wish.vp} VP, {timing}"
    )


def wish_words(name: str, fits: Fits = None, lead: str = "") -> str:
    """A Wish card in full: 'Cure Me, Health Wish: needs a green Wishing Person (g); costs
    Sapphire, Emerald (BG); 2 VP, Instant. Gain 2 Emeralds…' (its effect cut to fit)."""
    return with_tail(f"{lead}{name}, {wish_head(name)}.", CATALOG.wishes[name].text, fits)


def needs_sentence(view: dict, seat: int | None, name: str) -> str:
    """Where the Wishing Person a Wish needs stands, seen from the seat's Area."""
    wish = CATALOG.wishes[name]
    colour = COLOURS[wish.colour]
    start = None
    if seat is not None:
        start = area_index(view["players"][seat]["area"])
    places = where_people(view, colour, start)
    if not places:
        return f"No {colour} Wishing Person is left on the map (a Trickery token recolours one)."
    return f"{colour.capitalize()} Wishing Persons stand in {_listed(places)}."


def _listed(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def hand_card_words(view: dict, seat: int, name: str, fits: Fits = None) -> str:
    """A Wish in the seat's hand: whether it can be fulfilled now (and why not), then the
    card."""
    status = view["players"][seat].get("hand_status", {}).get(name, {})
    why = status.get("why", "").rstrip(".").replace(f" to afford {name}", "")
    head = f"{name} (hand): {why}. {wish_head(name)}."
    if not fits_in(fits, head):
        return f"{name} (hand): {why}."
    return with_tail(head, CATALOG.wishes[name].text, fits)


def offer_card_words(
    view: dict, seat: int | None, slot: int, name: str | None, fits: Fits = None
) -> str:
    """A Wish of the Offer (slot 1-3)."""
    if name is None:
        return f"Offer {slot}: empty."
    frost = " ❄ (Water's Frostflake)" if name in view["frostflakes"] else ""
    return wish_words(name, fits, f"Offer {slot}{frost}: ")


def monument_words(monument, view: dict | None = None, seat: int | None = None) -> str:
    """A Monument: where, its cost in Wishing Persons (not crystals), its VP, and who can."""
    cost = ", ".join(
        f"{n} {COLOURS[c]} ({LETTER[COLOURS[c]].lower() * n})"
        for c, n in enumerate(monument.cost)
        if n
    )
    area = CATALOG.areas[monument.area].name
    text = (
        f"Monument {monument.name} ({monument.vp} VP and its Badge), built in {area} with "
        f"Wishing Persons you collected: {cost}; no crystals."
    )
    if view is not None and seat is not None:
        mine = people_words(view["players"][seat]["meeples"], "none")
        text += f" You have: {mine}."
    return text


def area_words(view: dict, index: int, seat: int | None = None, fits: Fits = None) -> str:
    """An Area in full: Empower, Wishing Persons, Manifest, who is there, Monument, borders
    (what does not fit left out, the least first)."""
    info = CATALOG.areas[index]
    area = view["areas"][index]
    gems = ", ".join(GEMS[c] for c in info.crystals)
    letters = "".join(LETTER[COLOURS[c]] for c in info.crystals)
    people = people_words(area["meeples"], "")
    monument = area["monument"]
    if monument:
        builder = DJINN_TITLE[view["djinns"][monument["builder"]]]
        on = people_words(monument["meeples"], "none")
        built = f"{on} on {builder}'s Monument {monument['name']} ▲"
        people = f"Wishing Persons: {people}; {built}" if people else f"Wishing Persons: {built}"
    else:
        people = f"Wishing Persons: {people}" if people else "no Wishing Person left"
    parts = [
        f"{info.name}: Empower gains {gems} ({letters})",
        people,
        f"Manifest: {ABILITIES[info.ability].rstrip('.')}",
    ]
    if area["badge"]:
        badge = CATALOG.monument_by_name[area["badge"]]
        cost = people_words(dict(zip(COLOURS, badge.cost, strict=True)))
        parts.append(f"Monument {badge.name} △ ({badge.vp} VP): {cost} Wishing Persons")
    here = [DJINN_TITLE[view["djinns"][s]] for s in area["djinns"]]
    if area["caravan"]:
        here.append("the Caravan")
    if area["wind_blast"]:
        here.append("a Wind Blast (~)")
    if area["fiery_clone"]:
        here.append("a Fiery Clone (*)")
    if here:
        parts.append(_listed(here) + " here")
    parts.append("next to " + ", ".join(CATALOG.areas[n].name for n in info.neighbours))
    return fitted(parts, fits)


def seat_words(view: dict, seat: int, viewer: int | None, fits: Fits = None) -> str:
    """A seat's line of the tracks in words."""
    p = view["players"][seat]
    # One who watches (a view of no seat) is not the seat shown.
    you = seat == viewer and view.get("seat", viewer) is not None
    name = DJINN_TITLE[p["djinn"]] + (" (you)" if you else "")
    parts = [f"{name}: {p['visible_score']} VP on the table"]
    projection = view.get("projection") or {}
    entry = next((e for e in projection.get("seats", []) if e["seat"] == seat), None)
    if entry is not None and view["phase"] != "over":
        secret = ", its Destiny unknown to you (?)" if entry.get("unknown") else ""
        parts[0] += f", {entry['total']} if the game ended now (→){secret}"
    parts.append(f"in {p['area']}")
    parts.append(f"{p['hand_count']} Wishes in hand (h{p['hand_count']})")
    parts.append(f"crystals {crystals_words(p['crystals'], 'none')}")
    parts.append(f"Wishing Persons {people_words(p['meeples'], 'none')}")
    if p["potions"]:
        parts.append(
            f"{p['potions']} Potion (⚗)" if p["potions"] == 1 else f"{p['potions']} Potions (⚗)"
        )
    if p["trickery"]:
        parts.append(f"{p['trickery']} Trickery (✧)")
    done = len(p["fulfilled"])
    lock = "column 2 open (🔓)" if p["unlocked"] else "column 2 locked until the third (🔒)"
    parts.append(f"{done} Wishes fulfilled ({done}w), {lock}")
    return fitted(parts, fits)


def caravan_words(view: dict, fits: Fits = None) -> str:
    """The Caravan: where it is, how far from the Dock, this round's trade."""
    caravan = view["caravan"]
    left = len(caravan["route"]) - 1 - caravan["position"]
    if left <= 0:
        parts = [f"The Caravan reached the Dock ({caravan['area']}): this round is the last"]
    else:
        parts = [
            f"The Caravan is in {caravan['area']}, {left} steps from the Dock (X); the round it "
            "reaches the Dock is the last"
        ]
    card = caravan["card"]
    if card:
        give, _, get = card["trade"].partition(" -> ")
        parts.append(f"this round it trades: give {give}, get {get}")
        parts.append("Manifest in its Area, or from the Oasis, to trade")
    return fitted(parts, fits)


def round_words(view: dict) -> str:
    """The round line."""
    if view["phase"] == "over":
        return f"The game is over after round {view['round']}."
    if view["round"] == 0:
        return "The setup: each Djinn keeps a Destiny and discards a Wish."
    last = " This is the last round." if view["final_round"] else ""
    return (
        f"Round {view['round']}: each Djinn takes one turn of up to 3 actions; no one knows how "
        f"many rounds there will be.{last}"
    )


def challenge_words(view: dict) -> str:
    """The solo Challenge card."""
    challenge = view["challenge"]
    card = challenge["card"]
    if not card:
        return f"The Challenge deck: {challenge['deck_count']} cards; one is revealed each turn."
    effect = CATALOG.challenge_effects.get(CATALOG.wishes[card].effect, "")
    hatred = " Hatred is in play." if challenge["hatred"] else ""
    return f"Challenge {card}: {effect}; {challenge['deck_count']} left.{hatred}"


def board_words(view: dict, seat: int, part: str, fits: Fits = None) -> str:
    """One line of the seat's own board: 'djinn', 'columns', 'crystals', 'tokens', 'people'."""
    p = view["players"][seat]
    djinn = p["djinn"]
    board = CATALOG.djinns[djinn]
    if part == "djinn":
        parts = [f"You are the {board.name}, in {p['area']}", f"Special: {SPECIALS[djinn]}"]
        destiny = p.get("destiny")
        if destiny:
            parts.append(f"Your secret Destiny {destiny}: {CATALOG.destinies[destiny].text}")
        parts.append(PASSIVES[djinn])
        return fitted(parts, fits, ". ")
    if part == "columns":
        columns = []
        for i, symbols in enumerate(board.columns):
            words = " or ".join(symbol_word(board, s) for s in symbols)
            if i == 1 and not p["unlocked"]:
                words += " (🔒 until your 3rd Wish)"
            elif p["markers"][i]:
                words += f" (● {symbol_word(board, p['markers'][i])} used)"
            columns.append(f"{i + 1} {words}")
        lead = "Your columns (each turn 3 markers, one per column, each on one symbol): "
        text = lead + " · ".join(columns) + "."
        if fits_in(fits, text):
            return text
        return "Your columns: " + " · ".join(columns).replace(" or ", "/") + "."
    if part == "crystals":
        ratio = 2 if djinn == "air" else 3
        parts = [f"Your crystals: {crystals_words(p['crystals'], 'none')}"]
        if djinn == "earth":
            parts.append(
                f"on your Nest (safe till you Harvest): {crystals_words(p['nest'], 'none')}"
            )
        parts.append(f"Wishing Persons you collected: {people_words(p['meeples'], 'none')}")
        parts.append("they build Monuments (f in a Monument's Area)")
        parts.append(f"r trades {ratio} crystals for 1")
        return fitted(parts, fits)
    if part == "tokens":
        parts = [
            f"Potions {p['potions']}: a 4th action after your 3 markers, one a turn (Mountain "
            "Caves' Manifest gives one)",
            f"Trickery {p['trickery']}: for one Fulfill, a Wishing Person here counts as any "
            "colour (the Dock's Manifest gives one)",
        ]
        if djinn in TOKENS_OWNED:
            what = TOKENS_OWNED[djinn]
            spent = f", {view['clones_discarded']} used up" if djinn == "fire" else ""
            parts.append(
                f"{what}: {tokens_left(view, djinn)} left to place, "
                f"{tokens_on_map(view, djinn)} on the table{spent}"
            )
        if p["badges"]:
            parts.append(f"your Badges: {', '.join(p['badges'])}")
        return fitted(parts, fits)
    return ""
