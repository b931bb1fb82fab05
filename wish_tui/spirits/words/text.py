"""Spirits of the Forest in sentences, for the plain-text client (screen readers, braille, pipes).

Each section reads one part of a seat's view in words, one sentence a line: the forest row by row
with each tile's place as the notation writes it (r2c7), every seat's collection, who leads each
category and who would lose 3, the cards and Favor tokens. It renders a view and holds nothing;
free of Textual.
"""

from __future__ import annotations

import re

from wish_tui.core.projected import projected_clause
from wish_tui.core.ranking import places_of
from wish_tui.core.seat_words import seat_label
from wish_tui.core.view_sections import section_reader
from wish_tui.spirits.rules import CATALOG, CATEGORIES, SPIRITS

from .marks import SEAT_TITLE, category_name, kind_name, tile_words
from .words import hex_short, wish_short

SECTIONS = ("forest", "seats", "majorities", "cards")
"""What `look` reads, in this order."""
ALIASES = {
    "map": "forest",
    "rows": "forest",
    "offer": "forest",
    "players": "seats",
    "scores": "seats",
    "categories": "majorities",
    "hand": "cards",
    "tokens": "cards",
    "wish": "cards",
    "hex": "cards",
}
SECTION_HELP = {
    "forest": "the four rows: each tile by its place (r1c5), the row ends, gemstones, tokens",
    "seats": "every seat's tiles, symbols, gemstones, Favor tokens and points if it ended now",
    "majorities": "each category: who leads it and who would lose 3 points",
    "cards": "your Wish, Hex and Favor tokens, and the others' cards once shown",
}


def _tiles(count: int) -> str:
    """'1 tile', '3 tiles'."""
    return f"{count} tile{'' if count == 1 else 's'}"


def title(seat_name: str) -> str:
    return SEAT_TITLE.get(seat_name, seat_name.capitalize())


def _name(view: dict, seat: int, viewer: int | None) -> str:
    return seat_label(title(view["seats"][seat]), seat, viewer, len(view["seats"]))


def _tile_text(entry: dict, view: dict) -> str:
    text = tile_words(entry["spirit"], entry["symbols"], entry["power"])
    marks = []
    if entry["gem"] is not None:
        marks.append(f"{title(view['seats'][entry['gem']])}'s gemstone")
    if entry["token"]:
        marks.append("a Favor token")
    return text + (f" ({', '.join(marks)})" if marks else "")


def _forest(view: dict, seat: int | None) -> list[str]:
    lines = []
    for r, row in enumerate(view["forest"], 1):
        places = [e for e in row if e is not None]
        if not places:
            lines.append(f"Row {r} is empty.")
            continue
        if view["solo"]:
            left, right = places[0], places[-1]
            hidden = len(places) - (2 if len(places) > 1 else 1)
            text = (
                f"Row {r}, {_tiles(len(places))}: left end {left['place']} {_tile_text(left, view)}"
            )
            if len(places) > 1:
                text += (
                    f"; {hidden} face down; right end {right['place']} {_tile_text(right, view)}"
                )
            lines.append(text + ".")
            continue
        tiles = []
        for i, entry in enumerate(places):
            end = " (left end)" if i == 0 else " (right end)" if i == len(places) - 1 else ""
            if len(places) == 1:
                end = " (the only tile)"
            tiles.append(f"{entry['place']} {_tile_text(entry, view)}{end}")
        lines.append(f"Row {r}, {_tiles(len(places))}: {'; '.join(tiles)}.")
    if not view["solo"]:
        lines.append(f"{view['tiles_left']} tiles are left in the forest.")
    return lines


def _counts_words(counts: dict, categories) -> str:
    parts = [f"{category_name(c)} {counts[c]}" for c in categories if counts[c]]
    return ", ".join(parts) if parts else "no symbol yet"


def _projected(view: dict, seat: int) -> str:
    return projected_clause(view, seat, " points")


def _seats(view: dict, seat: int | None) -> list[str]:
    if view["solo"]:
        return _solo_seats(view)
    lines = []
    deciding = view["current_player"]
    for p in view["players"]:
        s = p["seat"]
        gems = p["gems"]
        parts = [
            f"{_name(view, s, seat)}: {_tiles(p['tile_count'])}{_projected(view, s)}",
            f"symbols {_counts_words(p['counts'], CATEGORIES)}",
            f"gemstones {gems['supply']} in supply, {gems['forest']} in the forest, "
            f"{gems['lost']} lost",
            f"{p['token_count']} Favor token{'s' if p['token_count'] != 1 else ''}",
        ]
        if s == deciding:
            parts.append("deciding now")
        lines.append("; ".join(parts) + ".")
    return lines


def _solo_seats(view: dict) -> list[str]:
    solo = view["solo_game"]
    me = view["players"][0]
    shown = ", ".join(kind_name(k) for k in solo["opponent_tokens"]) or "none yet"
    return [
        f"You: {_tiles(me['tile_count'])}{_projected(view, 0)}; symbols "
        f"{_counts_words(me['counts'], SPIRITS)}.",
        f"The forest: {_tiles(len(solo['opponent_tiles']))}; spirits "
        f"{_counts_words(solo['opponent_counts'], SPIRITS)}; its Favor tokens shown: {shown}, "
        f"{solo['opponent_hidden_tokens']} face down.",
        f"{solo['empty_rows']} of 3 rows are empty (the game ends at 3).",
    ]


def _majorities(view: dict, seat: int | None) -> list[str]:
    if view["solo"]:
        solo = view["solo_game"]
        me = view["players"][0]["counts"]
        lines = []
        for spirit in SPIRITS:
            mine, theirs = me[spirit], solo["opponent_counts"][spirit]
            state = "the forest leads" if theirs > mine else "you lead" if mine else "nobody yet"
            minus = (
                "; without a tile you lose 3" if view["players"][0]["symbols"][spirit] == 0 else ""
            )
            lines.append(
                f"{category_name(spirit)}: you {mine}, the forest {theirs}: {state}{minus}."
            )
        return lines
    lines = []
    names = view["seats"]
    for category in CATEGORIES:
        leaders = view["majorities"][category]
        minus = view["penalties"][category]
        counts = ", ".join(
            f"{title(names[p['seat']])} {p['counts'][category]}" for p in view["players"]
        )
        if not leaders:
            lead = "nobody leads"
        elif len(leaders) == 1:
            lead = f"{title(names[leaders[0]])} leads"
        else:
            lead = f"{' and '.join(title(names[s]) for s in leaders)} tie"
        loss = ""
        if minus:
            loss = f"; {' and '.join(title(names[s]) for s in minus)} would lose 3"
        lines.append(f"{category_name(category)}: {counts}: {lead}{loss}.")
    return lines


def _card_state(kind: str, entry: dict, over: bool) -> str:
    now = "" if over else " now"
    if kind == "wish":
        return ("met" if entry["met"] else "not met") + now
    if entry["met"]:
        return "avoided: you do not have the least" + now
    least = "you tie for the least" if entry.get("tied") else "you have the least"
    return f"not avoided: {least}{now}"


def _cards(view: dict, seat: int | None) -> list[str]:
    lines = []
    over = view["phase"] == "over"
    me = view["players"][seat] if seat is not None else None
    if me is not None:
        for kind, short in (("wish", wish_short), ("hex", hex_short)):
            entry = me.get(kind)
            if entry is not None:
                lines.append(
                    f"Your {kind.capitalize()}: {entry['name']} ({short(entry['name'])}): "
                    f"{entry['text']} It is {_card_state(kind, entry, over)}."
                )
        for kind, key in (("Wish", "wish_options"), ("Hex", "hex_options")):
            for name in me.get(key, []):
                deck = CATALOG.wishes if kind == "Wish" else CATALOG.hexes
                lines.append(f"A {kind} you may keep: {name}: {deck[name].text}")
        tokens = me.get("tokens", [])
        held = ", ".join(kind_name(k) for k in tokens) if tokens else "none"
        lines.append(f"Your Favor tokens: {held}.")
    for p in view["players"]:
        if me is not None and p["seat"] == seat:
            continue
        cards = [
            f"{kind.capitalize()} {p[kind]['name']} ({_card_state(kind, p[kind], over)})"
            for kind in ("wish", "hex")
            if kind in p
        ]
        if cards:
            lines.append(f"{title(p['djinn'])}: {'; '.join(cards)}.")
    if view["spent"]:
        lines.append(f"Favor tokens spent: {', '.join(kind_name(k) for k in view['spent'])}.")
    return lines or ["No cards are in play in this game."]


def progress(view: dict) -> str:
    """Where the game stands: 'turn 12', 'the setup', 'over'."""
    if view["phase"] == "setup":
        return "the setup"
    if view["phase"] == "over":
        return "over"
    if view["solo"]:
        return f"turn {view['turn_no'] + 1}, {view['solo_game']['empty_rows']} of 3 rows empty"
    return f"turn {view['turn_no'] + 1}, {view['tiles_left']} tiles left"


_TILE = re.compile(r"r(\d+)c(\d+)$")


def choice_path(notation: str) -> tuple[str, ...]:
    """The groups a long decision puts a choice in, broadest first: a gemstone put on a tile
    goes by its row; a gemstone moved, by the tile it leaves, then the row it goes to."""
    words = notation.split()
    if words[:1] == ["gem"] and _TILE.match(words[-1]):
        return ("Put a gemstone", f"on row {_TILE.match(words[-1]).group(1)}")
    if words[:2] == ["move", "gem"] and len(words) == 4:
        start, end = _TILE.match(words[2]), _TILE.match(words[3])
        if start and end:
            leaves = f"from row {start.group(1)}, column {start.group(2)}"
            return ("Move a gemstone", leaves, f"to row {end.group(1)}")
    if words[:1] == ["take"]:
        return ("Take a tile",)
    return ()


def prompt(view: dict, seat: int, notations: list[str]) -> str:
    """What `seat` is asked now, in the rules' words."""
    decision = view.get("decision") or {}
    text = decision.get("prompt") or "Choose."
    if decision.get("kind") == "take" and view["turn_no"] == 0 and not view["solo"]:
        text += " On the first turn, one tile only."
    return text


def may_lead(forgiven: int) -> str:
    """How many spirits the forest may lead in at a solo level and you still win: 'none',
    'at most 1' (the level's `forgiven`)."""
    return f"at most {forgiven}" if forgiven else "none"


def _verdict(view: dict, scores: dict, lead: str, projected: bool) -> list[str]:
    """The scoring's first line: who wins (or how a solo game ends), if anyone yet."""
    seats = scores["seats"]
    lines = []
    if view["solo"] and "solo" in scores:
        solo = scores["solo"]
        if solo["verdict"] == "win":
            lines.append(f"{lead}you win with {solo['points']} points: {solo['title']}.")
        else:
            lost = ", ".join(category_name(s) for s in solo["lost_spirits"])
            spared = f"you win only if it leads in {may_lead(solo['forgiven'])}"
            lines.append(
                f"{lead}the forest wins: it has more {lost} ({spared}); you score "
                f"{solo['points']} points: {solo['title']}."
            )
    elif view["solo"]:
        lines.append(f"{lead}you would score {seats[0]['total']} points.")
    elif scores.get("winners"):
        winners = [title(seats[s]["djinn"]) for s in scores["winners"]]
        total = seats[scores["winners"][0]]["total"]
        verb = (
            ("would share the victory" if projected else "share the victory")
            if len(winners) > 1
            else ("would win" if projected else "wins")
        )
        lines.append(f"{lead}{' and '.join(winners)} {verb} with {total} points.")
    return lines


def _seat_line(view: dict, entry: dict, seat: int | None, place: dict) -> str:
    """One seat's points by category, its cards, its tiles and its place."""
    steps = entry["steps"]
    cats = ", ".join(f"{category_name(c)} {steps[c]}" for c in CATEGORIES if c in steps)
    cards = []
    if entry.get("wish"):
        cards.append(f"Wish {entry['wish']} {steps.get('wish', 0)}")
    if entry.get("hex"):
        cards.append(f"Hex {entry['hex']} {steps.get('hex', 0)}")
    extra = f"; {', '.join(cards)}" if cards else ""
    where = "" if view["solo"] else f"; place {place.get(entry['seat'], '-')}"
    return (
        f"{_name(view, entry['seat'], seat)}: {entry['total']} points ({cats}{extra}); "
        f"{entry['tiles']} tiles{where}."
    )


def scoring(view: dict, scores: dict, seat: int | None, projected: bool) -> list[str]:
    """The final scoring in sentences: each seat's categories, Wish and Hex, total and place."""
    lead = "If the game ended now: " if projected else ""
    seats = scores["seats"]
    lines = _verdict(view, scores, lead, projected)
    place = places_of(scores)
    lines.extend(_seat_line(view, entry, seat, place) for entry in seats)
    if not view["solo"]:
        lines.append("A tie on points goes to the seat with fewer tiles.")
    return [lines[0][:1].upper() + lines[0][1:], *lines[1:]] if lines else lines


section = section_reader(SECTIONS, (_forest, _seats, _majorities, _cards))
"""section(view, seat, name): the sentences of one section of SECTIONS as `seat` sees it."""
