"""`State.to_dict` / `State.from_dict`: the whole state as JSON-safe data, validated on the way in."""

from __future__ import annotations

from . import consistency
from .catalog import DJINNS, SOLO_LEVELS
from .player import ALL_SEATS, Player

FORMAT = "wish.state/2"
"""Version 2 adds `clones_discarded`; a version 1 state is read with none discarded."""
_FORMAT_1 = "wish.state/1"
_SCALARS = {
    "seed": int,
    "phase": str,
    "round": int,
    "turn_idx": int,
    "turn_done": bool,
    "final_round": bool,
    "caravan_pos": int,
    "caravan_card": int,
    "challenge_card": str,
    "solo_hatred": bool,
    "rng": int,
    "clones_discarded": int,
}
_LISTS = ("area_meeples", "offer", "frost", "deck", "discard", "caravan_deck", "challenge_deck")


def to_dict(st) -> dict:
    """Return the whole state as JSON-safe data."""
    d = {"format": FORMAT, "djinns": list(st.djinns), "solo": st.solo, "order": list(st.order)}
    for name in _SCALARS:
        d[name] = getattr(st, name)
    for name in _LISTS:
        d[name] = list(getattr(st, name))
    d["monuments"] = [None if m is None else [m[0], list(m[1])] for m in st.monuments]
    d["wind"] = list(st.wind)
    d["clones"] = list(st.clones)
    d["players"] = [p.to_dict() for p in st.players]
    d["pending"] = [step_to_list(step) for step in st.pending]
    return d


def step_to_list(step) -> list:
    """A pending step as a fresh JSON-safe list (lists inside it copied, never shared)."""
    return [x[:] if isinstance(x, list) else x for x in step]


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise consistency.Inconsistent(message)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _counts(value, what: str) -> None:
    _need(
        isinstance(value, list)
        and len(value) == 6
        and all(_is_int(x) and 0 <= x <= consistency.MAX_TOKENS for x in value),
        f"{what} must be six non-negative whole numbers",
    )


def from_dict(cls, d: dict, catalog=None):
    """Rebuild and validate a state written by `to_dict`.

    Raises:
        ValueError: the data is not a consistent state of Wish (one clause says what is wrong);
            no other exception escapes, whatever the data.
    """
    catalog = catalog or cls.DEFAULT_CATALOG
    if isinstance(d, dict) and d.get("format") == _FORMAT_1:
        d = {**d, "format": FORMAT, "clones_discarded": 0}
    try:
        _check_types(d, catalog)
        consistency.check(d, catalog)
    except consistency.Inconsistent as exc:
        raise ValueError(f"not a Wish state: {exc}") from None
    except (TypeError, KeyError, IndexError, AttributeError, RecursionError):
        raise ValueError("not a Wish state: a field has the wrong shape") from None
    st = cls.made(catalog=catalog, djinns=tuple(d["djinns"]), solo=d["solo"])
    st.order = tuple(d["order"])
    for name in _SCALARS:
        setattr(st, name, d[name])
    for name in _LISTS:
        setattr(st, name, list(d[name]))
    st.monuments = [None if m is None else (m[0], tuple(m[1])) for m in d["monuments"]]
    st.wind = list(d["wind"])
    st.clones = list(d["clones"])
    st.players = [Player.from_dict(p) for p in d["players"]]
    st.pending = [tuple(step_to_list(step)) for step in d["pending"]]
    st._legal = None
    st._buf = ()
    st._shared = 0
    st._own_seats = ALL_SEATS
    st._supply = None
    try:
        st.legal_actions()
    except Exception:  # a step the shape checks let through but the rules cannot answer
        raise ValueError("not a Wish state: its pending decision is malformed") from None
    return st


def _is_str_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _check_types(d, catalog) -> None:
    """Check every field's type and range (consistency between fields is `consistency.check`)."""
    n = _check_seating(d)
    _check_cards(d, catalog)
    _check_board(d, catalog, n)
    players = d.get("players")
    _need(isinstance(players, list) and len(players) == n, "one player entry per Djinn")
    for seat, p in enumerate(players):
        _check_player(p, seat, d["djinns"][seat], catalog)
    pending = d.get("pending")
    _need(isinstance(pending, list) and len(pending) <= 64, "'pending' must be a short list")
    for step in pending:
        _need(isinstance(step, list) and len(step) >= 2 and isinstance(step[0], str), "bad step")
        _need(_is_int(step[1]) and -1 <= step[1] < n, "a step names an unknown seat")


def _check_seating(d) -> int:
    """Check the format, the scalars, the Djinns, the solo level and the order; return the
    number of seats."""
    _need(isinstance(d, dict), "expected an object")
    _need(d.get("format") == FORMAT, f"format must be '{FORMAT}'")
    for name, kind in _SCALARS.items():
        value = d.get(name)
        ok = _is_int(value) if kind is int else isinstance(value, kind)
        _need(ok, f"'{name}' must be a {kind.__name__}")
    djinns = d.get("djinns")
    _need(
        _is_str_list(djinns) and 1 <= len(djinns) <= 4 and all(x in DJINNS for x in djinns),
        "'djinns' must list 1 to 4 Djinns",
    )
    _need(len(set(djinns)) == len(djinns), "a Djinn appears twice")
    _need(d.get("solo") in ("", *SOLO_LEVELS), "'solo' must be '', easy, medium or hard")
    _need((d["solo"] != "") == (len(djinns) == 1), "'solo' does not fit the number of Djinns")
    n = len(djinns)
    order = d.get("order")
    _need(
        isinstance(order, list)
        and all(_is_int(x) for x in order)
        and sorted(order) == list(range(n)),
        "'order' must list every seat once",
    )
    _need(d["phase"] in ("setup", "play", "over"), "'phase' must be setup, play or over")
    _need(0 <= d["turn_idx"] < n, "'turn_idx' is not a seat's turn")
    return n


def _check_cards(d, catalog) -> None:
    """Check the Area meeples, the Offer and the Wish decks."""
    for name in _LISTS:
        _need(isinstance(d.get(name), list), f"'{name}' must be a list")
    _need(len(d["area_meeples"]) == 72, "'area_meeples' must hold 72 counts")
    _need(all(_is_int(x) and x >= 0 for x in d["area_meeples"]), "meeple counts must be >= 0")
    wishes = catalog.wishes
    _need(len(d["offer"]) == 3, "the Offer has three slots")
    offer = [c for c in d["offer"] if c is not None]
    for name, cards in (
        ("offer", offer),
        ("deck", d["deck"]),
        ("discard", d["discard"]),
        ("challenge_deck", d["challenge_deck"]),
        ("frost", d["frost"]),
    ):
        _need(
            _is_str_list(cards) and all(c in wishes for c in cards),
            f"'{name}' holds an unknown Wish",
        )
    _need(all(c in offer for c in d["frost"]), "a Frostflake lies outside the Offer")


def _check_board(d, catalog, n: int) -> None:
    """Check the Caravan, the Wind Blast and Fiery Clone tokens, and the Monuments."""
    _need(0 <= d["caravan_pos"] < len(catalog.route), "the Caravan is off its route")
    n_caravan = len(catalog.caravan_cards)
    _need(-1 <= d["caravan_card"] < n_caravan, "unknown Caravan card")
    _need(all(_is_int(c) and 0 <= c < n_caravan for c in d["caravan_deck"]), "bad Caravan deck")
    for name in ("wind", "clones"):
        _need(
            isinstance(d.get(name), list) and all(_is_int(a) and 0 <= a < 12 for a in d[name]),
            f"'{name}' must list Areas",
        )
    monuments = d.get("monuments")
    _need(isinstance(monuments, list) and len(monuments) == 12, "'monuments' needs 12 entries")
    for m in monuments:
        if m is not None:
            _need(
                isinstance(m, list) and len(m) == 2 and _is_int(m[0]) and 0 <= m[0] < n,
                "bad Monument",
            )
            _counts(m[1], "Monument meeples")


def _check_player(p, seat: int, djinn: str, catalog) -> None:
    wishes = catalog.wishes
    _need(isinstance(p, dict) and set(p) == set(Player.__slots__), f"seat {seat} is malformed")
    _need(p["djinn"] == djinn, f"seat {seat} plays the wrong Djinn")
    _need(_is_int(p["area"]) and 0 <= p["area"] < 12, f"seat {seat} stands off the map")
    for name in ("crystals", "nest", "meeples"):
        _counts(p[name], f"seat {seat} {name}")
    for name in ("hand", "fulfilled"):
        _need(
            _is_str_list(p[name]) and all(c in wishes for c in p[name]),
            f"seat {seat} {name} holds an unknown Wish",
        )
    _need(
        _is_str_list(p["badges"]) and all(b in catalog.monument_by_name for b in p["badges"]),
        f"seat {seat}: bad badge",
    )
    for name in ("vp_tokens", "potions", "trickery"):
        _need(_is_int(p[name]) and p[name] >= 0, f"seat {seat} {name} must be >= 0")
    _need(_is_str_list(p["markers"]) and len(p["markers"]) == 4, f"seat {seat} markers malformed")
    _need(isinstance(p["potion_used"], str), f"seat {seat} potion record malformed")
    for name in ("trickery_used", "unlocked"):
        _need(isinstance(p[name], bool), f"seat {seat} {name} must be true or false")
    _need(isinstance(p["destiny"], str), f"seat {seat} has an unknown Destiny")
    _need(p["destiny"] in ("", *catalog.destinies), f"seat {seat} has an unknown Destiny")
    _need(
        _is_str_list(p["destiny_options"])
        and all(x in catalog.destinies for x in p["destiny_options"]),
        "unknown Destiny option",
    )
