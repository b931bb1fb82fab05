"""`State.to_dict` / `State.from_dict`: the whole state as JSON-safe data, validated on the way in.

The forest, the gemstones and the Favor tokens on it are written as 4 rows of 12 places (a tile,
gem owner or token number, or null). Tiles are numbered 0-47 and tokens 0-13 as in the catalog.
Nothing derived is written: the row ends are read back from the forest.
"""

from __future__ import annotations

from . import validate
from .catalog import COLUMNS, ROWS
from .turn import PLAY_FIELDS

FORMAT = "spirits.state/1"
PLAYER_KEYS = (
    "tiles",
    "tokens",
    "supply",
    "lost",
    "wish_options",
    "hex_options",
    "wish",
    "hex",
    "met",
    "bonus",
    "reward_token",
)
NAMED_FIELDS = (
    "seats",
    "solo",
    "modules",
    "seed",
    "rng",
    *PLAY_FIELDS,
    "spirit",
    "forest",
    "gems",
    "marks",
)
"""The State's fields that a save writes under their own names, in this order."""
TOP_KEYS = (
    "format",
    *NAMED_FIELDS,
    "players",
    "spent",
    "aside",
    "box",
    "discards",
    "opponent",
    "pending",
)


def _grid(values: list[int]) -> list[list[int | None]]:
    return [
        [None if v < 0 else v for v in values[r * COLUMNS : (r + 1) * COLUMNS]] for r in range(ROWS)
    ]


def to_dict(st) -> dict:
    """Return the whole state as JSON-safe data."""
    players = [
        {
            "tiles": list(st.tiles[s]),
            "tokens": list(st.held[s]),
            "supply": st.supply[s],
            "lost": st.lost[s],
            "wish_options": list(st.wish_options[s]),
            "hex_options": list(st.hex_options[s]),
            "wish": st.wish[s],
            "hex": st.hex[s],
            "met": st.met[s],
            "bonus": list(st.bonus[s]),
            "reward_token": st.reward_token[s],
        }
        for s in range(len(st.seats))
    ]
    return {
        "format": FORMAT,
        "seats": list(st.seats),
        "solo": st.solo,
        "modules": list(st.modules),
        "seed": st.seed,
        "rng": st.rng,
        **{name: getattr(st, name) for name in PLAY_FIELDS},
        "spirit": st.spirit,
        "forest": _grid(st.forest),
        "gems": _grid(st.gems),
        "marks": _grid(st.marks),
        "players": players,
        "spent": list(st.spent),
        "aside": list(st.aside),
        "box": list(st.box),
        "discards": list(st.discards),
        "opponent": {"tiles": list(st.opp_tiles), "tokens": list(st.opp_tokens)},
        "pending": [[kind, seat] for kind, seat in st.pending],
    }


def _flat(grid) -> list[int]:
    return [-1 if v is None else v for row in grid for v in row]


def from_dict(cls, d, catalog=None):
    """Rebuild and validate a state written by `to_dict`.

    Raises:
        ValueError: one short sentence on the first thing that is not a consistent game.
    """
    catalog = catalog or cls.DEFAULT_CATALOG
    validate.shape(d, catalog, FORMAT, TOP_KEYS, PLAYER_KEYS)
    st = cls.made(catalog=catalog, seats=tuple(d["seats"]), solo=d["solo"])
    st.modules = tuple(d["modules"])
    for name in ("seed", "rng", *PLAY_FIELDS, "spirit"):
        setattr(st, name, d[name])
    st.forest = _flat(d["forest"])
    st.gems = _flat(d["gems"])
    st.marks = _flat(d["marks"])
    st.lo, st.hi = validate.row_bounds(st.forest)
    players = d["players"]
    st.tiles = [tuple(p["tiles"]) for p in players]
    st.held = [tuple(p["tokens"]) for p in players]
    st.supply = [p["supply"] for p in players]
    st.lost = [p["lost"] for p in players]
    st.wish_options = [tuple(p["wish_options"]) for p in players]
    st.hex_options = [tuple(p["hex_options"]) for p in players]
    st.wish = [p["wish"] for p in players]
    st.hex = [p["hex"] for p in players]
    st.met = [p["met"] for p in players]
    st.bonus = [tuple(p["bonus"]) for p in players]
    st.reward_token = [p["reward_token"] for p in players]
    st.spent = tuple(d["spent"])
    st.aside = tuple(d["aside"])
    st.box = tuple(d["box"])
    st.discards = tuple(d["discards"])
    st.opp_tiles = tuple(d["opponent"]["tiles"])
    st.opp_tokens = tuple(d["opponent"]["tokens"])
    st.pending = [(kind, seat) for kind, seat in d["pending"]]
    st._legal = None
    validate.consistent(st)
    return st
