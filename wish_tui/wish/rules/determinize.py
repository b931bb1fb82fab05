"""`determinize(view, seed)`: a full State consistent with what one seat has seen.

Bots look ahead on such states. What the seat cannot see is sampled: the other hands and the Wish
deck from the Wishes not in sight, the order of the Caravan and Challenge decks from the cards not
yet revealed, and the other Destinies from the Destinies the seat does not hold.
"""

from __future__ import annotations

from wish_tui.core import rng as rngmod

from .catalog import COLOURS
from .serial import FORMAT
from .state import State


def _counts(colour_dict: dict) -> list[int]:
    return [colour_dict[c] for c in COLOURS]


def determinize(view: dict, seed: int):
    """Build a State that `view` could have come from, sampling what the seat cannot see.

    The same view and seed always give the same State, and its `view(seat)` equals `view`.

    Raises:
        ValueError: the view is not a view of a game of Wish.
    """
    cat = State.DEFAULT_CATALOG
    if view.get("game") != "wish" or "pending" not in view:
        raise ValueError("not a view of a game of Wish")
    solo = view["solo"]
    rng = rngmod.seed_state(seed)
    area_index = cat.area_index
    players = view["players"]
    challenge = set(cat.challenge) if solo else set()
    rng, hands, deck, unseen = _deal_wishes(view, cat, rng, challenge)
    pending = [_frost_card(list(step), unseen, cat) for step in view["pending"]]
    rng, destinies = _deal_destinies(view, cat, rng)

    caravan = view["caravan"]
    caravan_deck = sorted(set(range(len(cat.caravan_cards))) - set(caravan["revealed"]))
    rng = rngmod.shuffle(rng, caravan_deck)
    challenge_view = view.get("challenge") or {}
    challenge_deck = sorted(challenge - set(challenge_view.get("revealed", ())))
    rng = rngmod.shuffle(rng, challenge_deck)

    monuments = []
    area_meeples: list[int] = []
    for area in view["areas"]:
        area_meeples.extend(_counts(area["meeples"]))
        built = area["monument"]
        monuments.append(None if built is None else [built["builder"], _counts(built["meeples"])])
    areas = view["areas"]
    data = {
        "format": FORMAT,
        "djinns": list(view["djinns"]),
        "solo": solo,
        "order": list(view["order"]),
        "seed": seed,
        "phase": view["phase"],
        "round": view["round"],
        "turn_idx": view["turn_idx"],
        "turn_done": view["turn_done"],
        "final_round": view["final_round"],
        "caravan_pos": caravan["position"],
        "caravan_card": caravan["index"],
        "challenge_card": challenge_view.get("card", ""),
        "solo_hatred": challenge_view.get("hatred", False),
        "rng": rngmod.seed_state(seed ^ 0x5DEECE66D),
        "area_meeples": area_meeples,
        "offer": list(view["offer"]),
        "frost": list(view["frostflakes"]),
        "deck": deck,
        "discard": list(view["discard"]),
        "caravan_deck": caravan_deck,
        "challenge_deck": challenge_deck,
        "monuments": monuments,
        "wind": [i for i, a in enumerate(areas) if a["wind_blast"]],
        "clones": [i for i, a in enumerate(areas) if a["fiery_clone"]],
        "clones_discarded": view["clones_discarded"],
        "pending": pending,
        "players": [
            {
                "djinn": p["djinn"],
                "area": area_index[p["area"]],
                "crystals": _counts(p["crystals"]),
                "nest": _counts(p["nest"]),
                "hand": hands[s],
                "fulfilled": list(p["fulfilled"]),
                "meeples": _counts(p["meeples"]),
                "badges": list(p["badges"]),
                "vp_tokens": p["vp_tokens"],
                "potions": p["potions"],
                "trickery": p["trickery"],
                "markers": list(p["markers"]),
                "potion_used": p["potion_used"],
                "trickery_used": p["trickery_used"],
                "unlocked": p["unlocked"],
                "destiny": destinies[s][0],
                "destiny_options": destinies[s][1],
            }
            for s, p in enumerate(players)
        ],
    }
    return State.from_dict(data)


def _deal_wishes(view: dict, cat, rng: int, challenge: set) -> tuple[int, list, list, set]:
    """The hands the seat does not see and the deck, from the Wishes not in sight: every card
    of the game is in sight, or in another hand, or in the deck. Returns (rng, hands, deck,
    the unseen Wishes)."""
    seat = view["seat"]
    players = view["players"]
    decision = view.get("decision") or {}
    known_hands: dict[int, list[str]] = {seat: list(players[seat]["hand"])}
    if decision.get("kind") == "palace_swap" and "their_hand" in decision:
        known_hands[view["djinns"].index(decision["their_djinn"])] = list(decision["their_hand"])
    seen = [c for c in view["offer"] if c] + list(view["discard"])
    for p in players:
        seen.extend(p["fulfilled"])
    for hand in known_hands.values():
        seen.extend(hand)
    unseen = set(cat.wishes) - challenge - set(seen)
    pool = sorted(unseen)
    hands: list[list[str]] = []
    for s, p in enumerate(players):
        if s in known_hands:
            hands.append(known_hands[s])
            continue
        if p["hand_count"] > len(pool):
            raise ValueError("the view shows more hidden cards than the game has")
        rng, hand = rngmod.take(rng, pool, p["hand_count"])
        hands.append(hand)
    if len(pool) != view["deck_count"]:
        raise ValueError("the view's card counts do not add up")
    rng = rngmod.shuffle(rng, pool)
    return rng, hands, pool, unseen


def _deal_destinies(view: dict, cat, rng: int) -> tuple[int, list[tuple[str, list[str]]]]:
    """Per seat (destiny, options): the seat knows only its own (both options during setup)."""
    seat = view["seat"]
    mine = view["players"][seat]
    known_destinies = {mine.get("destiny", "")} | set(mine.get("destiny_options", ()))
    destiny_pool = sorted(set(cat.destinies) - known_destinies)
    deciding_destiny = {step[1] for step in view["pending"] if step[0] == "destiny"}
    destinies: list[tuple[str, list[str]]] = []
    for s, p in enumerate(view["players"]):
        if s == seat:
            destinies.append((mine.get("destiny", ""), list(mine.get("destiny_options", ()))))
        elif "destiny" in p and (p["destiny"] or view["solo"]):
            destinies.append((p["destiny"], []))
        elif s in deciding_destiny:
            rng, options = rngmod.take(rng, destiny_pool, 2)
            destinies.append(("", options))
        else:
            rng, (destiny,) = rngmod.take(rng, destiny_pool, 1)
            destinies.append((destiny, []))
    return rng, destinies


def _frost_card(step: list, unseen: set, cat) -> list:
    """A step with the Wish a hidden Frostflake step names filled in.

    The Water Djinn alone is told which Wish left the Offer with a Frostflake on it; another
    seat sees its cost (the crystals Water may gain), so any unseen Wish of that cost stands in.
    """
    if step[0] != "frost" or step[2]:
        return step
    letters = step[4] if len(step) > 4 else ""
    same = sorted(c for c in unseen if cat.wishes[c].cost_letters == letters)
    stand_in = same[0] if same else min(unseen, default="")
    return [step[0], step[1], stand_in, *step[3:]]
