"""`determinize(view, seed)`: a full State consistent with what one seat has seen.

Bots look ahead on such states. What the seat cannot see is sampled: the order and contents of
every Deck from the cards not in sight, and the other seats' hidden Entrepreneurs (the options
before the choice, the kept card before the reveal, the discarded one always) from the
Entrepreneurs the seat has not seen.
"""

from __future__ import annotations

from wish_tui.core import rng as rngmod

from .catalog import DECK_SIZE, KINDS, MASCOT
from .serial import FORMAT
from .state import State
from .tables import CARD_ID, CAT, ENTREPRENEUR_IDS


def _take(rng: int, pool: list, n: int) -> tuple[int, list]:
    """Draw `n` items from `pool` at random (removing them); return (rng, items)."""
    if n > len(pool):
        raise ValueError("the view shows more hidden cards than the game has")
    return rngmod.take(rng, pool, n)


def _ids(cards) -> list[str]:
    return [c["id"] for c in cards if c is not None]


def _park(entry: dict) -> list[str]:
    return [card["id"] for kind in KINDS for card in entry["park"][kind]]


def _eid(info) -> str:
    return info["id"] if info else ""


def _entrepreneurs(view: dict, rng: int) -> tuple[int, list[dict], list[str]]:
    """Sample the Entrepreneurs the seat cannot see; return (rng, per seat, the box)."""
    seat = view["seat"]
    players = view["players"]
    mine = players[seat]
    per_seat = [{"kept": "", "options": [], "discarded": ""} for _ in players]
    if not view["options"]["entrepreneurs"]:
        return rng, per_seat, list(ENTREPRENEUR_IDS)
    known = {_eid(mine["entrepreneur"]), _eid(mine["entrepreneur_discarded"])}
    known |= {e["id"] for e in mine["entrepreneur_options"]}
    for p in players:
        known.add(_eid(p["entrepreneur"]))
    pool = sorted(e for e in ENTREPRENEUR_IDS if e not in known)
    for s, p in enumerate(players):
        if s == seat:
            per_seat[s] = {
                "kept": _eid(mine["entrepreneur"]),
                "options": [e["id"] for e in mine["entrepreneur_options"]],
                "discarded": _eid(mine["entrepreneur_discarded"]),
            }
        elif p["entrepreneur"]:
            rng, (discarded,) = _take(rng, pool, 1)
            per_seat[s] = {"kept": p["entrepreneur"]["id"], "options": [], "discarded": discarded}
        elif p["entrepreneur_chosen"]:
            rng, (kept, discarded) = _take(rng, pool, 2)
            per_seat[s] = {"kept": kept, "options": [], "discarded": discarded}
        else:
            rng, options = _take(rng, pool, 2)
            per_seat[s] = {"kept": "", "options": options, "discarded": ""}
    return rng, per_seat, pool


def _decks(view: dict, rng: int) -> tuple[int, list[list[str]]]:
    """Sample every Deck from the cards not in sight of the seat."""
    seen = set()
    for row in view["marketplace"]:
        seen.update(_ids(row["cards"]))
        seen.update(row["discard"])
    for p in view["players"]:
        seen.update(_park(p))
    seen.update(_ids(view["players"][view["seat"]].get("hand", [])))
    decks: list[list[str]] = []
    for kind, row in enumerate(view["marketplace"]):
        if view["solo"]:
            cards = CARD_ID if kind == MASCOT else ()
        else:
            cards = CARD_ID[kind * DECK_SIZE : (kind + 1) * DECK_SIZE]
        deck = sorted(c for c in cards if c not in seen)
        if len(deck) != row["deck_count"]:
            raise ValueError("the view's card counts do not add up")
        rng = rngmod.shuffle(rng, deck)
        decks.append(deck)
    return rng, decks


def determinize(view: dict, seed: int) -> State:
    """Build a State that `view` could have come from, sampling what the seat cannot see.

    The same view and seed always give the same State, and its `view(seat)` equals `view`.

    Raises:
        ValueError: the view is not a view of a game of Wishland.
    """
    if not isinstance(view, dict) or view.get("game") != "wishland" or "pending" not in view:
        raise ValueError("not a view of a game of Wishland")
    if type(seed) is not int:
        raise ValueError("The seed must be a whole number.")
    try:
        return _determinize(view, seed)
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a complete view of a game of Wishland ({exc!r:.40})") from None


def _turn_index(view: dict, track: list[int]) -> int:
    """The state's `idx`: the tokens placed while choosing Turn Order, or the turn's place."""
    if view["phase"] == "order":
        return sum(1 for s in track if s >= 0)
    if view["phase"] == "turns":
        return view["order"].index(view["turn_seat"])
    return 0


def _player(p: dict, mine: bool, ents: dict) -> dict:
    """A seat's pieces as the view shows them (the hand only for the seat's own)."""
    return {
        "credits": p["credits"],
        "vp": p["vp"],
        "happiness": p["happiness"],
        "visitors": p["visitors"],
        "workers": p["workers"]["hand"],
        "reserve": p["workers"]["reserve"],
        "tickets": p["tickets"],
        "park": _park(p),
        "hand": _ids(p.get("hand", [])) if mine else [],
        "entrepreneur": ents["kept"],
        "entrepreneur_options": ents["options"],
        "entrepreneur_discarded": ents["discarded"],
        "tile": p["tile"]["id"] if p["tile"] else "",
        "tile_claimed": p["tile"]["claimed"] if p["tile"] else False,
    }


def _determinize(view: dict, seed: int) -> State:
    seat = view["seat"]
    rng = rngmod.seed_state(seed)
    rng, ents, ent_box = _entrepreneurs(view, rng)
    rng, decks = _decks(view, rng)
    players = view["players"]
    board = [a["id"] for a in view["achievements"]]
    private = [p["tile"]["id"] for p in players if p["tile"]]
    tile_box = [t for t in CAT.tiles if t not in board and t not in private]
    phase = view["phase"]
    track = [-1 if e["seat"] is None else e["seat"] for e in view["turn_order_track"]]
    idx = _turn_index(view, track)
    data = {
        "format": FORMAT,
        "seats": list(view["seats"]),
        "solo": view["solo"],
        "entrepreneurs": view["options"]["entrepreneurs"],
        "achievement_tiles": view["options"]["achievement_tiles"],
        "seed": seed,
        "rng": rngmod.seed_state(seed ^ 0x5DEECE66D),
        "phase": phase,
        "round": view["round"],
        "turn": view["turn"],
        "idx": idx,
        "first": view["first_player"],
        "track": track,
        "stage": view["stage"],
        "paid": view["paid_collect_used"],
        "advertised": view["advertised"],
        "market": [
            [c["id"] if c is not None else None for c in row["cards"]]
            for row in view["marketplace"]
        ],
        "decks": decks,
        "discards": [list(row["discard"]) for row in view["marketplace"]],
        "stacks": [
            [[s["seat"], s["workers"]] for s in space]
            for space in [row["stacks"] for row in view["marketplace"]]
            + [view["advertisement"]["stacks"]]
        ],
        "tickets": view["tickets_left"],
        "achievements": board,
        "claimed": [
            -1 if a["claimed_by"] is None else a["claimed_by"] for a in view["achievements"]
        ],
        "tile_box": tile_box,
        "entrepreneur_box": sorted(ent_box, key=ENTREPRENEUR_IDS.index),
        "players": [_player(p, s == seat, ents[s]) for s, p in enumerate(players)],
        "pending": [list(step) for step in view["pending"]],
    }
    return State.from_dict(data)
