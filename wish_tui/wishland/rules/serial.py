"""`State.to_dict` / `State.from_dict`: the whole state as JSON-safe data, validated on the way in.

Cards, Achievements and Entrepreneurs appear by id (``G8``, ``T5``, ``E3``); an empty
Marketplace slot is null. `from_dict` reads the shape here, then `validate.check` makes sure the
pieces add up; anything wrong raises ValueError with one short sentence.
"""

from __future__ import annotations

from .catalog import KINDS, SEATS
from .player import Player
from .tables import CARD_ID, CARD_INDEX, CAT, ENTREPRENEUR_IDS
from .validate import check, need

FORMAT = "wishland.state/1"
PHASES = ("setup", "order", "income", "turns", "final", "over")
STAGES = ("start", "more", "after")
_CARD_STEPS = {"extra", "boost", "play"}
"""Pending steps whose third item is a card."""
_SCALARS = {
    "solo": bool,
    "entrepreneurs": bool,
    "achievement_tiles": bool,
    "seed": int,
    "rng": int,
    "phase": str,
    "round": int,
    "turn": int,
    "idx": int,
    "first": int,
    "stage": str,
    "paid": bool,
    "advertised": bool,
    "tickets": int,
}
_PLAYER_INTS = ("credits", "vp", "happiness", "visitors", "workers", "reserve", "tickets")
_PLAYER_KEYS = {
    *_PLAYER_INTS,
    "park",
    "hand",
    "entrepreneur",
    "entrepreneur_options",
    "entrepreneur_discarded",
    "tile",
    "tile_claimed",
}
_ENT_INDEX = {eid: i for i, eid in enumerate(ENTREPRENEUR_IDS, 1)}


def _ent_id(number: int) -> str:
    return ENTREPRENEUR_IDS[number - 1] if number else ""


def step_to_list(step: tuple) -> list:
    """A pending step as JSON-safe data (cards by id)."""
    if step[0] in _CARD_STEPS:
        return [step[0], step[1], CARD_ID[step[2]], *step[3:]]
    return list(step)


def _player_to_dict(p) -> dict:
    return {
        **{key: getattr(p, key) for key in _PLAYER_INTS},
        "park": [CARD_ID[c] for c in p.park],
        "hand": [CARD_ID[c] for c in p.hand],
        "entrepreneur": _ent_id(p.ent),
        "entrepreneur_options": [_ent_id(e) for e in p.ent_options],
        "entrepreneur_discarded": _ent_id(p.ent_discard),
        "tile": p.tile,
        "tile_claimed": p.tile_claimed,
    }


def to_dict(st) -> dict:
    """Return the whole state as JSON-safe data."""
    cols = CAT.columns
    return {
        "format": FORMAT,
        "seats": list(st.seats),
        "solo": st.solo,
        "entrepreneurs": st.ent_opt,
        "achievement_tiles": st.tiles_opt,
        "seed": st.seed,
        "rng": st.rng,
        "phase": st.phase,
        "round": st.round,
        "turn": st.turn,
        "idx": st.idx,
        "first": st.first,
        "track": list(st.track),
        "stage": st.stage,
        "paid": st.paid,
        "advertised": st.adv,
        "market": [
            [CARD_ID[c] if c >= 0 else None for c in st.market[r * cols : (r + 1) * cols]]
            for r in range(len(KINDS))
        ],
        "decks": [[CARD_ID[c] for c in deck] for deck in st.decks],
        "discards": [[CARD_ID[c] for c in pile] for pile in st.discards],
        "stacks": [[[seat, n] for seat, n in space] for space in st.stacks],
        "tickets": st.tickets,
        "achievements": list(st.ach),
        "claimed": list(st.claimed),
        "tile_box": list(st.tile_box),
        "entrepreneur_box": [_ent_id(e) for e in st.ent_box],
        "players": [_player_to_dict(p) for p in st.players],
        "pending": [step_to_list(step) for step in st.pending],
    }


# -- reading -----------------------------------------------------------------------------------
def is_int(x) -> bool:
    """True for a JSON whole number (not a bool)."""
    return type(x) is int


def _list(value, what: str, length: int | None = None) -> list:
    need(isinstance(value, list), f"'{what}' must be a list")
    if length is not None:
        need(len(value) == length, f"'{what}' must have {length} entries")
    return value


def _cards(value, what: str) -> tuple[int, ...]:
    items = _list(value, what)
    need(all(isinstance(c, str) and c in CARD_INDEX for c in items), f"'{what}': unknown card")
    return tuple(CARD_INDEX[c] for c in items)


def _seat(value, n: int, what: str, allow_none: bool = False) -> int:
    low = -1 if allow_none else 0
    need(is_int(value) and low <= value < n, f"'{what}' is not a seat")
    return value


def _ent(value, what: str) -> int:
    need(value == "" or (isinstance(value, str) and value in _ENT_INDEX), f"'{what}' unknown")
    return _ENT_INDEX.get(value, 0)


def _player(d, seat: int) -> Player:
    need(isinstance(d, dict) and set(d) == _PLAYER_KEYS, f"player {seat} is malformed")
    for key in _PLAYER_INTS:
        need(is_int(d[key]) and d[key] >= 0, f"player {seat} '{key}' must be a whole number >= 0")
    need(isinstance(d["tile_claimed"], bool), f"player {seat} 'tile_claimed' must be a bool")
    tile = d["tile"]
    need(tile == "" or tile in CAT.tiles, f"player {seat} holds an unknown tile")
    p = Player.__new__(Player)
    for key in ("credits", "vp", "happiness", "visitors", "workers", "reserve"):
        setattr(p, key, d[key])
    p.set_park(_cards(d["park"], "park"), d["tickets"])
    p.hand = _cards(d["hand"], "hand")
    p.ent = _ent(d["entrepreneur"], "entrepreneur")
    options = _list(d["entrepreneur_options"], "entrepreneur_options")
    p.ent_options = tuple(_ent(e, "entrepreneur_options") for e in options)
    need(all(p.ent_options), "an empty Entrepreneur option")
    p.ent_discard = _ent(d["entrepreneur_discarded"], "entrepreneur_discarded")
    p.tile = tile
    p.tile_claimed = d["tile_claimed"]
    return p


def _step(raw, n: int) -> tuple:
    need(isinstance(raw, list) and 2 <= len(raw) <= 5, "a pending step is malformed")
    kind = raw[0]
    need(isinstance(kind, str), "a pending step has no kind")
    _seat(raw[1], n, "pending seat", allow_none=True)
    shape = _STEP_SHAPES.get(kind)
    need(shape is not None, "a pending step of unknown kind")
    need(len(raw) == len(shape), f"a '{kind}' step has the wrong length")
    out = [kind, raw[1]]
    for value, what in zip(raw[2:], shape[2:], strict=True):
        if what == "card":
            need(isinstance(value, str) and value in CARD_INDEX, f"'{kind}' names no card")
            out.append(CARD_INDEX[value])
        elif what == "int":
            need(is_int(value) and -1 <= value <= 99, f"'{kind}' has a bad number")
            out.append(value)
        else:
            need(isinstance(value, str) and len(value) <= 20, f"'{kind}' has a bad name")
            out.append(value)
    return tuple(out)


_STEP_SHAPES = {
    "keep": ("kind", "seat"),
    "gain": ("kind", "seat", "str"),
    "extra": ("kind", "seat", "card", "int", "int"),
    "boost": ("kind", "seat", "card"),
    "bonus": ("kind", "seat"),
    "play": ("kind", "seat", "card"),
    "reveal": ("kind", "seat"),
    "income": ("kind", "seat"),
    "turns": ("kind", "seat"),
    "over": ("kind", "seat"),
    "acted": ("kind", "seat"),
}


def _check_header(d) -> list:
    """Check the format, the scalars and the seats; return the seats."""
    need(isinstance(d, dict), "expected an object")
    need(d.get("format") == FORMAT, f"'format' must be '{FORMAT}'")
    for key, kind in _SCALARS.items():
        value = d.get(key)
        need(type(value) is kind, f"'{key}' must be a {kind.__name__}")
    seats = _list(d.get("seats"), "seats")
    need(1 <= len(seats) <= 4 and all(s in SEATS for s in seats), "'seats' must list colours")
    need(len(set(seats)) == len(seats), "a colour plays twice")
    need(d["phase"] in PHASES, "unknown 'phase'")
    need(d["stage"] in STAGES, "unknown 'stage'")
    need(0 <= d["rng"] < 1 << 64, "'rng' is out of range")
    return seats


def _read_board(st, d: dict, n: int) -> None:
    """Read the Marketplace, the Decks, the Discard Piles and the Worker stacks into `st`."""
    market: list[int] = []
    for row in _list(d.get("market"), "market", len(KINDS)):
        for card in _list(row, "market row", CAT.columns):
            market.append(-1 if card is None else _cards([card], "market")[0])
    st.market = market
    st.decks = tuple(_cards(x, "decks") for x in _list(d.get("decks"), "decks", len(KINDS)))
    piles = _list(d.get("discards"), "discards", len(KINDS))
    st.discards = tuple(_cards(x, "discards") for x in piles)
    stacks = []
    for space in _list(d.get("stacks"), "stacks", len(KINDS) + 1):
        entries = []
        for entry in _list(space, "stacks"):
            need(isinstance(entry, list) and len(entry) == 2, "a stack is [seat, workers]")
            need(is_int(entry[1]) and 1 <= entry[1] <= 10, "a stack holds 1 to 10 Workers")
            entries.append((_seat(entry[0], n, "stack"), entry[1]))
        stacks.append(tuple(entries))
    st.stacks = stacks


def _read_boxes(st, d: dict, n: int) -> None:
    """Read the Achievements, their claims, the tile box and the Entrepreneur box into `st`."""
    ach = _list(d.get("achievements"), "achievements", 9)
    need(all(isinstance(a, str) and a in CAT.achievements for a in ach), "unknown Achievement")
    st.ach = tuple(ach)
    st.claimed = [_seat(s, n, "claimed", True) for s in _list(d.get("claimed"), "claimed", 9)]
    box = _list(d.get("tile_box"), "tile_box")
    need(all(isinstance(t, str) and t in CAT.tiles for t in box), "unknown tile in the box")
    st.tile_box = tuple(box)
    ents = _list(d.get("entrepreneur_box"), "entrepreneur_box")
    st.ent_box = tuple(_ent(e, "entrepreneur_box") for e in ents)
    need(all(st.ent_box), "an empty Entrepreneur in the box")


def from_dict(cls, d) -> object:
    """Rebuild and validate a state written by `to_dict`."""
    seats = _check_header(d)
    n = len(seats)
    st = cls.made(seats=tuple(seats), solo=d["solo"])
    st.ent_opt = d["entrepreneurs"]
    st.tiles_opt = d["achievement_tiles"]
    st.seed = d["seed"]
    st.rng = d["rng"]
    st.phase = d["phase"]
    st.round = d["round"]
    st.turn = d["turn"]
    st.idx = d["idx"]
    st.first = _seat(d["first"], n, "first")
    st.track = [_seat(s, n, "track", True) for s in _list(d.get("track"), "track", 5)]
    st.stage = d["stage"]
    st.paid = d["paid"]
    st.adv = d["advertised"]
    _read_board(st, d, n)
    st.tickets = d["tickets"]
    _read_boxes(st, d, n)
    players = _list(d.get("players"), "players", n)
    st.players = [_player(p, seat) for seat, p in enumerate(players)]
    st.pending = [_step(step, n) for step in _list(d.get("pending"), "pending")]
    in_play = st.phase in ("income", "turns", "final", "over")
    st.order = tuple(s for s in st.track if s >= 0) if in_play else ()
    st._legal = None
    st._buf = ()
    st._owned = (1 << n) - 1
    check(st)
    return st
