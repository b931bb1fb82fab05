"""Spirits of the Forest's printed and designed facts, parsed from the raw TOML data (pure: no I/O).

Tiles, Favor tokens and forest places are numbered once here, and every other module speaks in
those numbers: a tile is 0-47, a token 0-13, a forest place 0-47 (row * 12 + column, from 0).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

SEATS = ("air", "water", "fire", "earth")
"""The four elements, one per seat."""
SEAT_NAMES = {"air": "Air", "water": "Water", "fire": "Fire", "earth": "Earth"}
SPIRITS = (
    "moss",
    "flowers",
    "fruits",
    "mushrooms",
    "dewdrops",
    "vines",
    "branches",
    "leaves",
    "spiders",
)
"""The nine spirits, in the order every per-category list uses."""
POWERS = ("moon", "sun", "fire")
"""The three power sources, after the spirits in every per-category list."""
CATEGORIES = SPIRITS + POWERS
"""The twelve scoring categories."""
CATEGORY_INDEX = {c: i for i, c in enumerate(CATEGORIES)}
TOKEN_KINDS = CATEGORIES + ("plus",)
PLUS = "plus"
MODULES = ("wishes", "hexes")
SOLO_LEVELS = ("easy", "standard", "hard")
ROWS = 4
COLUMNS = 12
PLACES = ROWS * COLUMNS
N_TILES = 48
N_TOKENS = 14


def place_name(place: int) -> str:
    """The notation of a forest place, e.g. 'r1c5' (row and column counted from 1)."""
    return f"r{place // COLUMNS + 1}c{place % COLUMNS + 1}"


@dataclass(frozen=True, slots=True)
class Tile:
    """A Spirit tile."""

    id: int
    spirit: int
    """Index into SPIRITS."""
    symbols: int
    """1 or 2 spirit symbols."""
    power: int
    """Index into POWERS of its power source icon, or -1."""
    source: str

    @property
    def label(self) -> str:
        """A short description, e.g. 'Moss x2' or 'Vines + Moon'."""
        text = self.spirit_id + (" x2" if self.symbols == 2 else "")
        return text + (f" + {POWERS[self.power]}" if self.power >= 0 else "")

    @property
    def spirit_id(self) -> str:
        """The spirit's id."""
        return SPIRITS[self.spirit]


@dataclass(frozen=True, slots=True)
class WishCard:
    """A Wish card: a request checked before scoring and its reward."""

    name: str
    request: str
    """'spirit', 'favor', 'gems' or 'doubles'."""
    spirit: int
    """For a 'spirit' request: the index of the spirit; else -1."""
    reward: str
    """'spirit' or 'favor'."""
    reward_spirit: int
    """For a 'spirit' reward: the index of the spirit gained; else -1."""
    count: int
    """For a 'spirit' reward: how many symbols are gained."""
    text: str
    why: str
    source: str


@dataclass(frozen=True, slots=True)
class HexCard:
    """A Hex card: a request checked after scoring, and its penalty."""

    name: str
    request: str
    """'spirits', 'favor' or 'power'."""
    spirits: tuple[int, ...]
    """For a 'spirits' request: the two spirit indexes counted together."""
    penalty: int
    text: str
    why: str
    source: str


@dataclass(frozen=True, slots=True)
class SoloLevel:
    """How many tokens each side of a solo game gets."""

    id: str
    opponent_tokens: int
    player_tokens: int
    forgiven: int
    """Spirits the forest may lead in before you lose."""
    why: str
    source: str


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything printed (or designed) for the game."""

    spirit_names: tuple[str, ...]
    power_names: tuple[str, ...]
    tiles: tuple[Tile, ...]
    tokens: tuple[str, ...]
    """The kind of each Favor token, by token number."""
    token_places: tuple[int, ...]
    """The eight forest places that get a Favor token at setup."""
    gems: dict[int, int]
    """Gemstones per seat, by number of seats."""
    wishes: dict[str, WishCard]
    hexes: dict[str, HexCard]
    solo_levels: dict[str, SoloLevel]
    solo_results: tuple[tuple[int, str], ...]
    """(minimum points, title) of a won solo game, best first."""
    solo_loss: str
    tile_spirit: tuple[int, ...] = ()
    """Per tile: its spirit (tables for the hot paths)."""
    tile_symbols: tuple[int, ...] = ()
    tile_power: tuple[int, ...] = ()
    token_category: tuple[int, ...] = ()
    """Per token: the category it counts for, or -1 for a '+' token."""
    plus_tokens: frozenset[int] = frozenset()
    spirit_tokens: tuple[int, ...] = ()
    """The nine spirit tokens (the only ones a solo game uses)."""

    def category_name(self, index: int) -> str:
        """The printed name of a category ('Dew Drops', 'Moon')."""
        names = self.spirit_names + self.power_names
        return names[index]

    def kind_name(self, kind: str) -> str:
        """The printed name of a token kind ('Dew Drops', 'Moon', '+')."""
        return "+" if kind == PLUS else self.category_name(CATEGORY_INDEX[kind])


def _fail(message: str) -> None:
    raise ValueError(f"bad Spirits of the Forest data: {message}")


def _source(entry: dict, what: str) -> str:
    source = entry.get("source")
    if source not in ("rulebook", "designed"):
        _fail(f"{what} must say source = 'rulebook' or 'designed'")
    return source


def _tiles(raw: dict) -> tuple[tuple[str, ...], tuple[str, ...], tuple[Tile, ...]]:
    spirits = raw["spirit"]
    powers = raw["power"]
    if tuple(s["id"] for s in spirits) != SPIRITS or tuple(p["id"] for p in powers) != POWERS:
        _fail("the spirits or power sources are not the nine and three of the game")
    for entry in spirits + powers:
        _source(entry, f"spirit {entry['id']}")
    tiles = _tile_list(raw["tile"], spirits)
    names = tuple(s["name"] for s in spirits), tuple(p["name"] for p in powers)
    return names[0], names[1], tuple(tiles)


def _tile_list(entries: list[dict], spirits: list[dict]) -> list[Tile]:
    """The 48 tiles, checked against the symbols and power icons the game prints."""
    tiles: list[Tile] = []
    for entry in entries:
        spirit = SPIRITS.index(entry["spirit"])
        symbols = entry.get("symbols", 1)
        power = POWERS.index(entry["power"]) if entry.get("power") else -1
        if symbols not in (1, 2) or (symbols == 2 and power >= 0):
            _fail(f"a {entry['spirit']} tile has {symbols} symbols and a power icon")
        source = _source(entry, f"a {entry['spirit']} tile")
        for _ in range(entry["count"]):
            tiles.append(Tile(len(tiles), spirit, symbols, power, source))
    if len(tiles) != N_TILES:
        _fail(f"{len(tiles)} tiles instead of {N_TILES}")
    for i, spirit in enumerate(spirits):
        total = sum(t.symbols for t in tiles if t.spirit == i)
        if total != spirit["symbols"]:
            _fail(f"{spirit['id']} has {total} symbols, its tiles print {spirit['symbols']}")
    for i, power in enumerate(POWERS):
        if sum(1 for t in tiles if t.power == i) != 9:
            _fail(f"there must be nine {power} icons")
    return tiles


def _tokens(raw: dict) -> tuple[str, ...]:
    tokens: list[str] = []
    for entry in raw["token"]:
        if entry["kind"] not in TOKEN_KINDS:
            _fail(f"unknown token kind {entry['kind']!r}")
        _source(entry, f"the {entry['kind']} token")
        tokens.extend([entry["kind"]] * entry["count"])
    if len(tokens) != N_TOKENS or sorted(set(tokens)) != sorted(TOKEN_KINDS):
        _fail("the Favor tokens are not one per category and two '+'")
    return tuple(tokens)


def _places(raw: dict) -> tuple[tuple[int, ...], dict[int, int]]:
    if raw["rows"] != ROWS or raw["columns"] != COLUMNS:
        _fail("the forest is 4 rows of 12")
    places = []
    for entry in raw["token_place"]:
        _source(entry, "a token place")
        row, col = entry["row"], entry["column"]
        if not (1 <= row <= ROWS and 1 <= col <= COLUMNS):
            _fail(f"token place ({row}, {col}) is outside the forest")
        places.append((row - 1) * COLUMNS + col - 1)
    if len(places) != 8 or len(set(places)) != 8:
        _fail("there are eight distinct token places")
    gems = raw["gems"]
    _source(gems, "the gemstone counts")
    return tuple(places), {int(k): v for k, v in gems.items() if k != "source"}


def _wishes(raw: dict, spirit_names: tuple[str, ...]) -> dict[str, WishCard]:
    wishes: dict[str, WishCard] = {}
    for entry in raw["wish"]:
        name = entry["name"]
        request = entry["request"]
        if request not in ("spirit", "favor", "gems", "doubles"):
            _fail(f"Wish {name}: unknown request {request!r}")
        spirit = SPIRITS.index(entry["spirit"]) if request == "spirit" else -1
        reward = entry["reward"]
        if reward not in ("spirit", "favor"):
            _fail(f"Wish {name}: unknown reward {reward!r}")
        reward_spirit = SPIRITS.index(entry["reward_spirit"]) if reward == "spirit" else -1
        count = entry.get("count", 0) if reward == "spirit" else 0
        if reward == "spirit" and count < 1:
            _fail(f"Wish {name}: a spirit reward gains at least one symbol")
        wishes[name] = WishCard(
            name=name,
            request=request,
            spirit=spirit,
            reward=reward,
            reward_spirit=reward_spirit,
            count=count,
            text="",
            why=entry.get("why", ""),
            source=_source(entry, f"Wish {name}"),
        )
    if len(wishes) != 12:
        _fail("there are 12 Wish cards with distinct names")
    return {
        name: replace(card, text=describe_wish(card, spirit_names)) for name, card in wishes.items()
    }


def wish_request(card: WishCard, spirit_names: tuple[str, ...]) -> str:
    """What a Wish card asks for, in a few words: 'most Dew Drops', 'most gemstones'."""
    if card.request == "spirit":
        return f"most {spirit_names[card.spirit]}" if card.spirit >= 0 else ""
    return _WISH_REQUESTS[card.request]


_WISH_REQUESTS = {
    "favor": "most Favor tokens",
    "gems": "most gemstones",
    "doubles": "most two-symbol tiles",
}


def describe_wish(card: WishCard, spirit_names: tuple[str, ...]) -> str:
    """The card's request and reward in one sentence."""
    request = wish_request(card, spirit_names)
    request = f"the {request}" if request else ""
    if card.reward == "favor":
        reward = "choose one Favor token from those set aside"
    else:
        plural = "s" if card.count > 1 else ""
        reward = f"gain {card.count} {spirit_names[card.reward_spirit]} symbol{plural}"
    return f"Have {request} (ties included): {reward}."


def _hexes(raw: dict, spirit_names: tuple[str, ...]) -> dict[str, HexCard]:
    hexes: dict[str, HexCard] = {}
    for entry in raw["hex"]:
        name = entry["name"]
        request = entry["request"]
        if request not in ("spirits", "favor", "power"):
            _fail(f"Hex {name}: unknown request {request!r}")
        spirits = tuple(SPIRITS.index(s) for s in entry.get("spirits", ()))
        if (request == "spirits") != (len(spirits) == 2) or len(set(spirits)) != len(spirits):
            _fail(f"Hex {name}: a spirits Hex names two different spirits")
        if request == "spirits":
            pair = f"{spirit_names[spirits[0]]} and {spirit_names[spirits[1]]}"
            text = f"Avoid the least {pair} counted together"
        elif request == "favor":
            text = "Avoid the least Favor tokens"
        else:
            text = "Avoid the least power source icons"
        penalty = entry["penalty"]
        hexes[name] = HexCard(
            name=name,
            request=request,
            spirits=spirits,
            penalty=penalty,
            text=f"{text} (ties included), or lose {penalty} points.",
            why=entry.get("why", ""),
            source=_source(entry, f"Hex {name}"),
        )
    if len(hexes) != 8:
        _fail("there are 8 Hex cards with distinct names")
    covered = {s for h in hexes.values() for s in h.spirits}
    if covered != set(range(len(SPIRITS))):
        _fail("the spirit Hexes must cover all nine spirits")
    return hexes


def _solo(raw: dict):
    levels = {}
    for entry in raw["level"]:
        level = SoloLevel(
            id=entry["id"],
            opponent_tokens=entry["opponent_tokens"],
            player_tokens=entry["player_tokens"],
            forgiven=entry["forgiven"],
            why=entry.get("why", ""),
            source=_source(entry, f"solo level {entry['id']}"),
        )
        if level.opponent_tokens + level.player_tokens > len(SPIRITS):
            _fail(f"solo level {level.id} deals more than the nine spirit tokens")
        levels[level.id] = level
    if tuple(levels) != SOLO_LEVELS:
        _fail(f"the solo levels are {', '.join(SOLO_LEVELS)}")
    results = []
    for entry in raw["result"]:
        _source(entry, "a solo result")
        results.append((entry["min"], entry["title"]))
    if [r[0] for r in results] != sorted((r[0] for r in results), reverse=True):
        _fail("solo results are listed best first")
    _source(raw["loss"], "the solo loss")
    return levels, tuple(results), raw["loss"]["title"]


def parse_catalog(raw: dict[str, dict]) -> Catalog:
    """Build the catalog from the raw TOML tables.

    Raises:
        ValueError: the data contradicts the rulebook (counts, names, references).
    """
    try:
        spirit_names, power_names, tiles = _tiles(raw["tiles"])
        tokens = _tokens(raw["tokens"])
        places, gems = _places(raw["places"])
        wishes = _wishes(raw["wishes"], spirit_names)
        hexes = _hexes(raw["hexes"], spirit_names)
        levels, results, loss = _solo(raw["solo"])
    except (KeyError, TypeError) as exc:
        raise ValueError(f"bad Spirits of the Forest data: missing or malformed {exc}") from None
    if set(wishes) & set(hexes):
        raise ValueError("bad Spirits of the Forest data: a Wish and a Hex share a name")
    return Catalog(
        tile_spirit=tuple(t.spirit for t in tiles),
        tile_symbols=tuple(t.symbols for t in tiles),
        tile_power=tuple(t.power for t in tiles),
        token_category=tuple(CATEGORY_INDEX.get(k, -1) for k in tokens),
        plus_tokens=frozenset(i for i, k in enumerate(tokens) if k == PLUS),
        spirit_tokens=tuple(i for i, k in enumerate(tokens) if k in SPIRITS),
        spirit_names=spirit_names,
        power_names=power_names,
        tiles=tiles,
        tokens=tokens,
        token_places=places,
        gems=gems,
        wishes=wishes,
        hexes=hexes,
        solo_levels=levels,
        solo_results=results,
        solo_loss=loss,
    )
