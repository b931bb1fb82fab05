"""Wish's table in sentences, for the plain-text client (screen readers, braille, pipes).

Each section reads one part of a seat's view in words, one sentence a line, with no drawing and
no colour: crystals and Wishing Persons by name ('2 Rubies', '1 yellow Wishing Person'), Wishes
with their cost, VP and text, the map with each Area's neighbours (what a picture would show).
It renders a view and holds nothing; free of Textual.
"""

from __future__ import annotations

import re

from wish_tui.core.ranking import places_of
from wish_tui.core.seat_words import seat_label
from wish_tui.core.view_sections import section_reader
from wish_tui.wish.rules import CATALOG, COLOURS, GEMS, LETTERS

from .marks import DJINN_TITLE
from .words import ACTION_NAME, decision_prompt, symbol_word

SECTIONS = ("round", "map", "offer", "hand", "board", "seats")
"""What `look` reads, in this order."""
ALIASES = {
    "caravan": "round",
    "areas": "map",
    "cards": "hand",
    "destiny": "hand",
    "me": "board",
    "crystals": "board",
    "players": "seats",
    "scores": "seats",
}
SECTION_HELP = {
    "round": "the round, the Caravan and its trade, the Challenge (solo)",
    "map": "the twelve Areas: crystals, Wishing Persons, Djinns, tokens, neighbours",
    "offer": "the three Wishes of the Offer, the deck and the discard pile",
    "hand": "your Wishes (and whether each can be fulfilled now) and your Destiny",
    "board": "your action columns, crystals, tokens, Wishing Persons and Badges",
    "seats": "every Djinn: VP, hand, crystals, tokens, Wishes fulfilled",
}
PLURAL_GEMS = {"Ruby": "Rubies"}
KEY_NOTE = re.compile(r" \([fkp]\)(?=\.)")
"""The game screen's key after a sentence of the rules ('You can fulfill it now (f).')."""
STEPS = (
    ("wishes", "Wishes"),
    ("tokens", "VP tokens"),
    ("ongoing", "Ongoing Wishes"),
    ("badges", "Badges"),
    ("destiny", "Destiny"),
)
"""The five steps of the End Game Scoring, in the rulebook's order."""
REPEATS = {"gain": 2, "lose": 2, "frost": 3, "pay_trade": 3, "remove": 3, "forgive": 3}
"""Decisions asked again and again, and where their step holds how many are still to come."""
TOKENS_OWNED = {"water": ("Frostflakes", 3), "fire": ("Fiery Clones", 2), "air": ("Wind Blasts", 5)}


def tokens_on_map(view: dict, djinn: str) -> int:
    """How many of its Frostflakes, Fiery Clones or Wind Blasts a Djinn has on the table."""
    if djinn == "water":
        return len(view["frostflakes"])
    key = "fiery_clone" if djinn == "fire" else "wind_blast"
    return sum(a[key] for a in view["areas"])


def tokens_left(view: dict, djinn: str) -> int:
    """How many Frostflakes, Fiery Clones or Wind Blasts a Djinn may still place: those it owns
    (setup steps 9-11) but those on the table and, for Fire, the clones used up (Example 8)."""
    spent = view["clones_discarded"] if djinn == "fire" else 0
    return TOKENS_OWNED[djinn][1] - tokens_on_map(view, djinn) - spent


def gem_count(n: int, colour: str) -> str:
    """'1 Ruby', '2 Rubies', '3 Citrines'."""
    name = GEMS[COLOURS.index(colour)]
    return f"{n} {name if n == 1 else PLURAL_GEMS.get(name, name + 's')}"


def crystals_words(counts: dict[str, int], empty: str = "no crystals") -> str:
    """'2 Rubies, 1 Diamond', or `empty`."""
    parts = [gem_count(n, c) for c, n in counts.items() if n]
    return ", ".join(parts) if parts else empty


def people_words(counts: dict[str, int], empty: str = "none") -> str:
    """'2 yellow, 1 red' Wishing Persons, or `empty`."""
    parts = [f"{n} {c}" for c, n in counts.items() if n]
    return ", ".join(parts) if parts else empty


def cost_words(letters: str) -> str:
    """A cost in letters ('RRG') as crystals: '2 Rubies, 1 Emerald'."""
    counts = {c: letters.count(LETTERS[i]) for i, c in enumerate(COLOURS)}
    return crystals_words(counts, "nothing")


def wish_words(name: str) -> str:
    """A Wish card: 'True Love (love, Ongoing, costs 2 Rubies, 1 Emerald; 2 VP): At the end…'."""
    wish = CATALOG.wishes[name]
    timing = "Ongoing" if wish.timing == "ongoing" else "Instant"
    return f"{name} ({wish.type}, {timing}, costs {cost_words(wish.cost_letters)}; {wish.vp} VP): {wish.text}"


def choice_path(notation: str) -> tuple[str, ...]:
    """The groups a long decision puts a choice in, broadest first: the action by its name
    (Travel, Wind Blast, Swap), then for a Wind Blast whether it is placed or moved, and for a
    swap the card given."""
    verb, _, rest = notation.partition(" ")
    if verb == "blast":
        moved = re.search(r" from (.+?)(?: #\d+)?$", rest)
        return ("Wind Blast", f"move the one in {moved.group(1)}" if moved else "place a new one")
    if verb == "swap" and " with " in rest:
        return ("Swap", f"give {rest.split(' with ')[0]}")
    if verb in ACTION_NAME:
        return (ACTION_NAME[verb],)
    if verb == "trade":
        return ("Trade crystals",)
    return ()


def title(djinn: str) -> str:
    return DJINN_TITLE.get(djinn, djinn.capitalize())


def _name(view: dict, seat: int, viewer: int | None) -> str:
    return seat_label(title(view["djinns"][seat]), seat, viewer, len(view["djinns"]))


def _round(view: dict, seat: int | None) -> list[str]:
    lines = [progress(view)[:1].upper() + progress(view)[1:] + "."]
    caravan = view["caravan"]
    steps = len(caravan["route"]) - 1
    left = steps - caravan["position"]
    to_dock = (
        "it has reached the Dock"
        if left <= 0
        else f"{left} step{'s' if left > 1 else ''} from the Dock"
    )
    lines.append(f"The Caravan is in {caravan['area']}, {to_dock}.")
    lines.append(f"The Caravan's route: {', '.join(caravan['route'])}.")
    card = caravan["card"]
    if card:
        lines.append(
            f"This round's Caravan card moved it {card['move']}; its trade: {card['trade']}."
        )
    lines.append(f"{caravan['deck_count']} Caravan cards are left.")
    challenge = view.get("challenge")
    if challenge:
        shown = challenge["card"] or "none yet"
        hatred = " Hatred is in play." if challenge["hatred"] else ""
        lines.append(f"Challenge card: {shown}; {challenge['deck_count']} left.{hatred}")
    return lines


def _area_line(area: dict, index: int, view: dict) -> str:
    info = CATALOG.areas[index]
    parts = [f"{area['name']}: gives {', '.join(GEMS[c] for c in info.crystals)}"]
    people = people_words(area["meeples"], "")
    parts.append(f"Wishing Persons {people}" if people else "no Wishing Person")
    if area["djinns"]:
        names = [title(view["djinns"][s]) for s in area["djinns"]]
        parts.append(f"{' and '.join(names)} here")
    if area["caravan"]:
        parts.append("the Caravan is here")
    if area["badge"]:
        parts.append(f"Monument {area['badge']} to build")
    monument = area["monument"]
    if monument:
        builder = title(view["djinns"][monument["builder"]])
        on = people_words(monument["meeples"], "")
        parts.append(
            f"Monument {monument['name']} built by {builder}"
            + (f", with Wishing Persons {on}" if on else "")
        )
    if area["wind_blast"]:
        parts.append("a Wind Blast")
    if area["fiery_clone"]:
        parts.append("a Fiery Clone")
    neighbours = ", ".join(CATALOG.areas[n].name for n in info.neighbours)
    parts.append(f"next to {neighbours}")
    return "; ".join(parts) + "."


def _map(view: dict, seat: int | None) -> list[str]:
    return [_area_line(area, i, view) for i, area in enumerate(view["areas"])]


def _offer(view: dict, seat: int | None) -> list[str]:
    lines = []
    frost = set(view["frostflakes"])
    for slot, name in enumerate(view["offer"], 1):
        if name is None:
            lines.append(f"Offer {slot}: empty.")
            continue
        mark = " A Frostflake lies on it." if name in frost else ""
        lines.append(f"Offer {slot}: {wish_words(name)}{mark}")
    discard = view["discard"]
    top = f", the last one {discard[-1]}" if discard else ""
    lines.append(
        f"The deck holds {view['deck_count']} Wishes; the discard pile {len(discard)}{top}."
    )
    return lines


def _hand(view: dict, seat: int | None) -> list[str]:
    if seat is None:
        return ["A spectator sees no hand."]
    me = view["players"][seat]
    lines = []
    hand = me.get("hand", [])
    status = me.get("hand_status", {})
    if not hand:
        lines.append("Your hand is empty.")
    for name in hand:
        why = KEY_NOTE.sub("", status.get(name, {}).get("why", ""))
        lines.append(f"{wish_words(name)}{' ' + why if why else ''}")
    destiny = me.get("destiny")
    if destiny:
        lines.append(f"Your Destiny: {destiny}: {CATALOG.destinies[destiny].text}")
    for option in me.get("destiny_options", []):
        lines.append(f"A Destiny you may keep: {option}: {CATALOG.destinies[option].text}")
    if me["fulfilled"]:
        lines.append(f"Wishes you fulfilled: {', '.join(me['fulfilled'])}.")
    return lines


def _column_words(board, index: int, me: dict) -> str:
    symbols = board.columns[index]
    words = " or ".join(symbol_word(board, s) for s in symbols)
    text = f"column {index + 1}: {words}"
    if index == 1 and not me["unlocked"]:
        return text + " (locked until your third Wish)"
    marker = me["markers"][index]
    if marker:
        return text + f" (used: {symbol_word(board, marker)})"
    if me["potion_used"].startswith(f"{index + 1}:"):
        return text + " (used with a Potion)"
    return text + " (free)"


def _board(view: dict, seat: int | None) -> list[str]:
    if seat is None:
        return ["A spectator holds no board; 'look seats' reads every Djinn."]
    me = view["players"][seat]
    board = CATALOG.djinns[me["djinn"]]
    columns = "; ".join(_column_words(board, i, me) for i in range(len(board.columns)))
    lines = [
        f"You are the {title(me['djinn'])} Djinn ({board.special}), in {me['area']}.",
        f"Your action columns: {columns}.",
        f"Your crystals: {crystals_words(me['crystals'])}.",
    ]
    if me["djinn"] == "earth":
        lines.append(f"Your Nest: {crystals_words(me['nest'], 'empty')}.")
    tokens = (
        f"Potions {me['potions']}, Trickery tokens {me['trickery']}, VP tokens {me['vp_tokens']}"
    )
    if me["djinn"] in TOKENS_OWNED:
        what, _ = TOKENS_OWNED[me["djinn"]]
        tokens += f", {what} left {tokens_left(view, me['djinn'])}"
    lines.append(tokens + ".")
    lines.append(f"Your Wishing Persons: {people_words(me['meeples'])}.")
    if me["badges"]:
        lines.append(f"Your Badges: {', '.join(me['badges'])}.")
    return lines


def _seats(view: dict, seat: int | None) -> list[str]:
    lines = []
    projection = view.get("projection") or {}
    ends = {e["seat"]: e for e in projection.get("seats", [])}
    for p in view["players"]:
        s = p["seat"]
        parts = [f"{_name(view, s, seat)}: {p['visible_score']} VP"]
        entry = ends.get(s)
        if entry is not None and view["phase"] != "over":
            unknown = " (its Destiny unknown to you)" if entry.get("unknown") else ""
            parts[0] += f", {entry['total']} if the game ended now{unknown}"
        parts.append(f"in {p['area']}")
        parts.append(f"{p['hand_count']} Wish{'es' if p['hand_count'] != 1 else ''} in hand")
        parts.append(f"crystals {crystals_words(p['crystals'], 'none')}")
        people = people_words(p["meeples"], "")
        if people:
            parts.append(f"Wishing Persons {people}")
        if p["potions"] or p["trickery"]:
            parts.append(f"{p['potions']} Potions, {p['trickery']} Trickery tokens")
        lock = "open" if p["unlocked"] else "closed"
        parts.append(f"{len(p['fulfilled'])} Wishes fulfilled (Lock {lock})")
        if view["phase"] == "play" and s == view["turn_seat"]:
            parts.append("its turn")
        lines.append("; ".join(parts) + ".")
    return lines


def progress(view: dict) -> str:
    """Where the game stands, in a few words: 'round 4', 'round 9, the last round'."""
    if view["phase"] == "over":
        return f"over after round {view['round']}"
    if view["round"] == 0:
        return "the setup"
    last = ", the last round" if view["final_round"] else ""
    return f"round {view['round']}{last}"


def prompt(view: dict, seat: int, notations: list[str]) -> str:
    """What `seat` is asked now: the decision's sentence, or where it is and its markers left."""
    decision = view.get("decision") or {}
    if decision.get("seat") == seat and decision.get("prompt"):
        text = decision_prompt(decision)
        step = view["pending"][0] if view.get("pending") else None
        at = REPEATS.get(step[0]) if step else None
        if at is not None and len(step) > at and isinstance(step[at], int) and step[at] > 1:
            text = f"{text.rstrip('.')} ({step[at]} still to choose, this one included)."
        if decision.get("their_hand"):
            text += f" Their hand: {', '.join(decision['their_hand'])}."
        if decision.get("wish"):
            wish = decision["wish"]
            text += f" ({wish} costs {cost_words(CATALOG.wishes[wish].cost_letters)}.)"
        return text
    me = view["players"][seat]
    left = 3 - sum(1 for m in me["markers"] if m)
    markers = f"{left or 'no'} marker{'' if left == 1 else 's'} left"
    return f"In {me['area']}, {progress(view)}, {markers}."


def scoring(view: dict, scores: dict, seat: int | None, projected: bool) -> list[str]:
    """The End Game Scoring in sentences: each Djinn's five steps and total, the ranking."""
    lines = []
    lead = "If the game ended now: " if projected else ""
    seats = scores["seats"]
    if view["solo"]:
        me = seats[0]
        if "destiny" in me.get("unknown", ()):
            lines.append(f"{lead}you would score {me['total']} VP.")
        else:
            done = "fulfilled" if me["destiny_fulfilled"] else "not fulfilled"
            if projected:
                done = "would be fulfilled" if me["destiny_fulfilled"] else "would not be fulfilled"
            else:
                done = "is " + done
            score = "would score" if projected else "score"
            lines.append(
                f"{lead}you {score} {me['total']} VP; your Destiny {me['destiny']} {done}."
            )
    elif not scores["winners"]:
        lines.append("No one wins: the game was aborted.")
    else:
        winners = [title(seats[s]["djinn"]) for s in scores["winners"]]
        total = seats[scores["winners"][0]]["total"]
        verb = "would win" if projected else "wins"
        if len(winners) > 1:
            verb = "would share the victory" if projected else "share the victory"
        lines.append(f"{lead}{' and '.join(winners)} {verb} with {total} VP.")
    place = places_of(scores)
    for entry in seats:
        steps = ", ".join(f"{label} {entry['steps'][key]}" for key, label in STEPS)
        if "destiny" in entry.get("unknown", ()):
            # one's own Destiny is unknown only while none is chosen (a game ended in its setup)
            destiny = "no Destiny chosen" if entry["seat"] == seat else "Destiny unknown to you"
        else:
            done = "fulfilled" if entry["destiny_fulfilled"] else "not fulfilled"
            destiny = f"Destiny {entry['destiny']} {done}"
        lines.append(
            f"{_name(view, entry['seat'], seat)}: {entry['total']} VP ({steps}); {destiny}; "
            f"place {place.get(entry['seat'], '-')}; ties: {entry['badges_count']} Badges, "
            f"{entry['crystals']} crystals, {entry['wishes_count']} Wishes."
        )
    return [lines[0][:1].upper() + lines[0][1:], *lines[1:]] if lines else lines


section = section_reader(SECTIONS, (_round, _map, _offer, _hand, _board, _seats))
"""section(view, seat, name): the sentences of one section of SECTIONS as `seat` sees it."""
