"""Wishland in sentences, for the plain-text client (screen readers, braille, pipes).

Each section reads one part of a seat's view in words, one sentence a line: the round and the
Turn Order Track, the Marketplace row by row with each card's id (what `buy Y3` names), its price
for this seat and its reward, the seat's park, every seat's tracks, the Achievements. It renders
a view and holds nothing; free of Textual.
"""

from __future__ import annotations

from wish_tui.core.projected import projected_clause
from wish_tui.core.ranking import places_of
from wish_tui.core.seat_words import seat_label
from wish_tui.core.view_sections import section_reader

from .marks import ROW_TITLE, seat_title
from .words import ENTREPRENEUR_GIST

SECTIONS = ("round", "market", "park", "seats", "achievements")
"""What `look` reads, in this order."""
ALIASES = {
    "order": "round",
    "turn": "round",
    "marketplace": "market",
    "offer": "market",
    "map": "market",
    "hand": "market",
    "cards": "park",
    "me": "park",
    "players": "seats",
    "scores": "seats",
    "goals": "achievements",
}
SECTION_HELP = {
    "round": "the round and turn, the Turn Order Track, the Advertisement Space",
    "market": "the Marketplace rows (solo: the deck and your hand), prices for you, Workers",
    "park": "your park: cards by colour, Card Limit, symbols, Income, Workers, Entrepreneur",
    "seats": "every seat's VP, tracks, Credits, Workers, Income and cards",
    "achievements": "the Achievements in play and who claimed each",
}
ROW_KINDS = ("ride", "restaurant", "actor", "hotel", "mascot")


def plural(n: int, word: str) -> str:
    """'1 Credit', '3 Credits', '2 VP'."""
    if word == "VP" or n in (1, -1) or word.endswith("s"):
        return f"{n} {word}"
    return f"{n} {word}s"


def _name(view: dict, seat: int, viewer: int | None) -> str:
    return seat_label(seat_title(view["seats"][seat]), seat, viewer, len(view["seats"]))


def card_words(card: dict) -> str:
    """A card: 'Y13 Swing Tower, 5 Credits (4 for you), roller coaster: Immediate Reward: 3 VP.'"""
    symbols = card["category"]
    if card.get("entertainment"):
        symbols += f", entertainment {card['entertainment']}"
    cost = plural(card["cost"], "Credit")
    price = card.get("price")
    if price is not None and price != card["cost"]:
        cost += f" ({price} for you)"
    hold = "" if card.get("may_hold", True) else " Over your Card Limit."
    return f"{card['id']} {card['name']}, {cost}, {symbols}: {card['reward']}{hold}"


def _stacks(stacks: list[dict], view: dict) -> str:
    if not stacks:
        return "no Workers"
    return ", ".join(f"{seat_title(s['colour'])} {plural(s['workers'], 'Worker')}" for s in stacks)


def _round(view: dict, seat: int | None) -> list[str]:
    where = progress(view)
    lines = [where[:1].upper() + where[1:] + "."]
    spaces = []
    for space in view["turn_order_track"]:
        taker = space["seat"]
        if taker is None:
            spaces.append(f"space {space['space']} free ({space['reward']})")
        else:
            spaces.append(f"space {space['space']} {_name(view, taker, seat)}")
    lines.append(f"Turn Order Track: {'; '.join(spaces)}.")
    if len(view["seats"]) > 1:
        order = ", ".join(seat_title(view["seats"][s]) for s in view["order"])
        lines.append(f"This round's turn order: {order}.")
    ad = view["advertisement"]
    lines.append(
        f"Advertisement Space: {ad['reward']}; it needs {plural(ad['workers_needed'], 'Worker')}; "
        f"on it {_stacks(ad['stacks'], view)}."
    )
    lines.append(f"{plural(view['tickets_left'], 'Ticket Office Card')} are left.")
    return lines


def _market(view: dict, seat: int | None) -> list[str]:
    if view["solo"]:
        return _solo_market(view, seat)
    lines = []
    for row, title in zip(view["marketplace"], ROW_TITLE, strict=False):
        cards = [c for c in row["cards"] if c is not None]
        lines.append(
            f"{title}: {plural(len(cards), 'card')}; buying needs "
            f"{plural(row['workers_needed'], 'Worker')}; on it {_stacks(row['stacks'], view)}; "
            f"deck {row['deck_count']}, discard {len(row['discard'])}."
        )
        lines += [card_words(c) for c in cards]
    return lines


def _solo_market(view: dict, seat: int | None) -> list[str]:
    deck = view["marketplace"][4]
    lines = [
        f"The Marketplace Deck holds {plural(deck['deck_count'], 'card')}, its discard pile "
        f"{len(deck['discard'])}; on it {_stacks(deck['stacks'], view)}; a draw needs "
        f"{plural(deck['workers_needed'], 'Worker')}."
    ]
    me = view["players"][seat if seat is not None else 0]
    hand = me.get("hand", [])
    if not hand:
        lines.append("Your hand is empty.")
    for card in hand:
        lines.append(f"In your hand: {card_words(card)}")
    return lines


def _park(view: dict, seat: int | None) -> list[str]:
    if seat is None:
        return ["A spectator has no park; 'look seats' reads every seat."]
    p = view["players"][seat]
    free = p["ignores_card_limit"]
    limit = f"Your Card Limit is {p['card_limit']}"
    if free:
        limit += f" ({', '.join(k.capitalize() + 's' for k in free)} not counted)"
    lines = [limit + "."]
    for kind, title in zip(ROW_KINDS, ROW_TITLE, strict=True):
        cards = p["park"][kind]
        lines.append(f"{title}: {len(cards) or 'none'}.")
        lines += [card_words(c) for c in cards]
    lines.append(f"Ticket Office Cards: {p['tickets']}.")
    symbols = [f"{name} {n}" for name, n in p["category_symbols"].items() if n]
    lines.append(f"Category Symbols: {', '.join(symbols) or 'none'}.")
    if p["entertainment_symbols"]:
        lines.append(f"Entertainment Symbols: {', '.join(p['entertainment_symbols'])}.")
    w = p["workers"]
    reserve = (
        "your Reserve is empty: extra Workers cut prices"
        if p["unlocked"]
        else f"{w['reserve']} in your Reserve"
    )
    lines.append(
        f"Workers: {w['hand']} at hand, {w['on_board']} on the board, {reserve}. "
        f"Income {plural(p['income'], 'Credit')}; you have {plural(p['credits'], 'Credit')}."
    )
    ent = p.get("entrepreneur")
    if ent:
        lines.append(f"Your Entrepreneur {ent['id']}: {ent['text']}")
    for option in p.get("entrepreneur_options", []):
        gist = ENTREPRENEUR_GIST.get(option["number"], "")
        lines.append(f"An Entrepreneur you may keep: {option['id']} ({gist}): {option['text']}")
    return lines


def _projected(view: dict, seat: int) -> str:
    return projected_clause(view, seat, " at the end")


def _seats(view: dict, seat: int | None) -> list[str]:
    lines = []
    deciding = view["current_player"]
    for p in view["players"]:
        s = p["seat"]
        w = p["workers"]
        counts = p["counts"]
        cards = ", ".join(
            f"{title} {counts[colour]}"
            for title, colour in zip(
                ROW_TITLE, ("yellow", "red", "blue", "green", "black"), strict=True
            )
            if counts[colour]
        )
        parts = [
            f"{_name(view, s, seat)}: {p['vp']} VP{_projected(view, s)}",
            f"Happiness {p['happiness']}, Visitors {p['visitors']}",
            f"{plural(p['credits'], 'Credit')}, Income {p['income']}",
            f"Workers {w['hand']} at hand, {w['reserve']} in reserve, {w['on_board']} out",
            f"cards {cards or 'none'}, Ticket Offices {counts['purple']}",
            f"Card Limit {p['card_limit']}",
        ]
        if p.get("entrepreneur"):
            parts.append(f"Entrepreneur {p['entrepreneur']['id']}")
        elif p.get("entrepreneur_chosen"):
            parts.append("an Entrepreneur kept, not yet shown")
        if view["solo"]:
            parts.append(f"{plural(p['hand_count'], 'card')} in hand")
        if s == deciding:
            parts.append("deciding now")
        lines.append("; ".join(parts) + ".")
    return lines


def _achievements(view: dict, seat: int | None) -> list[str]:
    lines = []
    for a in view["achievements"]:
        owner = a["claimed_by"]
        who = f"claimed by {_name(view, owner, seat)}" if owner is not None else "unclaimed"
        lines.append(f"Achievement {a['id']} ({who}, 1 VP): {a['text']}")
    if seat is not None:
        tile = view["players"][seat].get("tile")
        if tile:
            state = "claimed" if tile["claimed"] else "not claimed yet"
            lines.append(f"Your own Achievement {tile['id']} ({state}): {tile.get('text', '')}")
    return lines or ["No Achievements are in play."]


_OUTSIDE_ROUNDS = {
    "setup": "the setup: choosing Entrepreneurs",
    "final": "the Final Scoring",
    "over": "over",
}
"""Where the game stands in a phase outside the rounds."""


def progress(view: dict) -> str:
    """Where the game stands: 'round 3 of 7, turn 2 of 4'."""
    phase = view["phase"]
    if phase in _OUTSIDE_ROUNDS:
        return _OUTSIDE_ROUNDS[phase]
    where = f"round {view['round']} of {view['rounds']}"
    if phase == "turns":
        return f"{where}, turn {view['turn']} of {view['turns']}"
    if phase == "order":
        return f"{where}, choosing Turn Order"
    return where


ROW_LETTERS = "YRBGK"
"""The Marketplace rows' letters, in `ROW_TITLE`'s order."""


def choice_path(notation: str) -> tuple[str, ...]:
    """The groups a long decision puts a choice in, broadest first: a card bought goes by its
    Marketplace row (Rides, Restaurants, Actors, Hotels, Mascots), as does one Hotel 8 lets a
    seat buy and play in Final Scoring."""
    verb, _, card = notation.partition(" ")
    if verb in ("buy", "bonus") and card[:1] in ROW_LETTERS:
        name = "Buy a card" if verb == "buy" else "Buy and play a card (Hotel 8)"
        return (name, ROW_TITLE[ROW_LETTERS.index(card[:1])])
    return ()


def prompt(view: dict, seat: int, notations: list[str]) -> str:
    """What `seat` is asked now, in few words (the choices that follow say what each does), with
    what it has to pay with."""
    decision = view.get("decision") or {}
    me = view["players"][seat]
    text = decision.get("prompt") or "Choose."
    kind = decision.get("kind")
    if kind == "order":
        return "Take a free Turn Order space: the leftmost plays first; each pays its reward now."
    if kind == "turn" and ": " in text:
        text = text.split(": ", 1)[0] + "."  # 'Your turn.': the choices say what it may do
    if kind in ("extra", "boost") and decision.get("card"):
        card = decision["card"]
        cost = f" It costs {decision['cost']} Credits." if "cost" in decision else ""
        text = f"{text} ({card.get('id', '')} {card.get('name', '')}.){cost}"
    workers = me["workers"]["hand"]
    return f"{text} You have {plural(me['credits'], 'Credit')}, {plural(workers, 'Worker')}."


def scoring(view: dict, scores: dict, seat: int | None, projected: bool) -> list[str]:
    """The Final Scoring in sentences: each seat's steps, total, place and tie-break."""
    lead = "If the game ended now: " if projected else ""
    seats = scores["seats"]
    lines = []
    if view["solo"]:
        would = "would score" if projected else "scored"
        lines.append(f"{lead}you {would} {seats[0]['total']} VP.")
    elif scores.get("winners"):
        winner = seats[scores["winners"][0]]
        verb = "would win" if projected else "wins"
        lines.append(f"{lead}{seat_title(winner['colour'])} {verb} with {winner['total']} VP.")
    place = places_of(scores)
    options = view.get("options") or {}
    labels = (
        ("victory_track", "Victory Track"),
        ("entrepreneur", "Entrepreneur"),
        ("hotels", "Hotels"),
        ("mascots", "Mascots"),
        ("entertainment", "Entertainment"),
        ("happiness", "Happiness"),
        ("visitors", "Visitors"),
        ("restaurants", "Restaurants"),
    )
    for entry in seats:
        steps = ", ".join(
            f"{label} {entry['steps'][key]}"
            for key, label in labels
            if key in entry["steps"] and (key != "entrepreneur" or options.get("entrepreneurs"))
        )
        where = (
            ""
            if view["solo"]
            else (
                f"; place {place.get(entry['seat'], '-')}, Turn Order space "
                f"{entry['turn_order_space']}"
            )
        )
        lines.append(f"{_name(view, entry['seat'], seat)}: {entry['total']} VP ({steps}){where}.")
    if not view["solo"]:
        lines.append("A tie goes to the seat on the rightmost Turn Order space.")
    return [lines[0][:1].upper() + lines[0][1:], *lines[1:]] if lines else lines


section = section_reader(SECTIONS, (_round, _market, _park, _seats, _achievements))
"""section(view, seat, name): the sentences of one section of SECTIONS as `seat` sees it."""
