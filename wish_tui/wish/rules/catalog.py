"""Wish's printed facts as frozen dataclasses, parsed from the raw TOML data (pure: no I/O)."""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("red", "blue", "green", "yellow", "white", "purple")
"""Crystal and Wishing Person colours, in the order every per-colour list uses."""
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
LETTERS = "RBGYWP"
"""One letter per colour, so that colour never carries meaning alone."""
GEMS = ("Ruby", "Sapphire", "Emerald", "Citrine", "Diamond", "Amethyst")
WISH_TYPES = ("love", "power", "revenge", "wealth", "health", "happiness")
TYPE_COLOUR = {
    "love": "red",
    "power": "blue",
    "revenge": "purple",
    "wealth": "white",
    "health": "green",
    "happiness": "yellow",
}
"""The Wishing Person colour each Wish type needs (rulebook, "Cards")."""
DJINNS = ("air", "water", "fire", "earth")
SYMBOLS = ("travel", "empower", "manifest", "fulfill", "special")
SOLO_LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Area:
    """One of the twelve Areas of the map."""

    index: int
    name: str
    ability: str
    crystals: tuple[int, int]
    people: int
    meeples: int
    row: int
    col: int
    neighbours: tuple[int, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Monument:
    """A Monument Badge and what it costs to build."""

    name: str
    area: int
    cost: tuple[int, ...]
    """Wishing Person meeples needed, counted per colour."""
    vp: int
    source: str


@dataclass(frozen=True, slots=True)
class Wish:
    """A Wish card."""

    name: str
    type: str
    colour: int
    timing: str
    cost: tuple[int, ...]
    """Crystals to pay, counted per colour."""
    vp: int
    effect: str
    text: str
    source: str

    @property
    def cost_letters(self) -> str:
        """The cost as letters, e.g. 'RRWB'."""
        return "".join(LETTERS[c] * n for c, n in enumerate(self.cost))


@dataclass(frozen=True, slots=True)
class Destiny:
    """A Destiny card: a way to score at the end."""

    name: str
    kind: str
    params: tuple[tuple[str, object], ...]
    text: str
    source: str

    def param(self, key: str):
        """Return the parameter `key`."""
        return dict(self.params)[key]


@dataclass(frozen=True, slots=True)
class CaravanCard:
    """A Caravan card: how far the Caravan moves and the trade it offers this round."""

    number: int
    move: int
    give: tuple[int, ...]
    get_crystals: tuple[int, ...]
    get_vp: int
    get_potions: int
    get_trickery: int
    source: str

    @property
    def give_colours(self) -> list[str]:
        """What the Caravan asks, one colour name per crystal."""
        return [COLOURS[c] for c in range(6) for _ in range(self.give[c])]

    @property
    def get_colours(self) -> list[str]:
        """The crystals the Caravan gives, one colour name per crystal."""
        return [COLOURS[c] for c in range(6) for _ in range(self.get_crystals[c])]

    def describe_trade(self) -> str:
        """Describe the trade in words, e.g. 'Amethyst, Emerald, Diamond -> 4 VP'."""
        give = ", ".join(GEMS[c] for c in range(6) for _ in range(self.give[c]))
        gets = [GEMS[c] for c in range(6) for _ in range(self.get_crystals[c])]
        if self.get_vp:
            gets.append(f"{self.get_vp} VP")
        if self.get_potions:
            gets.append("Potion" if self.get_potions == 1 else f"{self.get_potions} Potions")
        if self.get_trickery:
            gets.append("Trickery" if self.get_trickery == 1 else f"{self.get_trickery} Trickery")
        return f"{give} -> {', '.join(gets)}"


@dataclass(frozen=True, slots=True)
class DjinnBoard:
    """A Djinn's player board: action columns and hand size."""

    id: str
    name: str
    colour: str
    special: str
    hand_size: int
    columns: tuple[tuple[str, ...], ...]
    source: str


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every printed fact the rules need."""

    areas: tuple[Area, ...]
    area_index: dict[str, int]
    """Each Area's index by name."""
    monuments: tuple[Monument, ...]
    monument_by_area: dict[int, Monument]
    monument_by_name: dict[str, Monument]
    wishes: dict[str, Wish]
    destinies: dict[str, Destiny]
    caravan_cards: tuple[CaravanCard, ...]
    route: tuple[int, ...]
    """The Caravan's path as Area indexes, from its start to the Dock."""
    starts: dict[str, int]
    """Each Djinn's starting Area, by Djinn."""
    djinns: dict[str, DjinnBoard]
    challenge: tuple[str, ...]
    challenge_effects: dict[str, str]
    """What a Challenge card's effect does to the solo player, in words, by effect id."""
    solo_destinies: dict[str, tuple[str, ...]]
    """The Destinies a solo game may deal, by difficulty."""


def _counts(colours) -> tuple[int, ...]:
    counts = [0] * 6
    for c in colours:
        counts[COLOUR_INDEX[c]] += 1
    return tuple(counts)


def _letter_counts(letters: str) -> tuple[int, ...]:
    counts = [0] * 6
    for ch in letters:
        counts[LETTERS.index(ch)] += 1
    return tuple(counts)


def _parse_map(map_: dict) -> tuple[tuple[Area, ...], dict[str, int]]:
    """The twelve Areas with their borders, and each Area's index by name."""
    names = [a["name"] for a in map_["area"]]
    if len(names) != 12 or len(set(names)) != 12:
        raise ValueError("the map must have twelve distinct Areas")
    index = {n: i for i, n in enumerate(names)}
    neighbours: list[set[int]] = [set() for _ in names]
    for border in map_["border"]:
        a, b = (index[n] for n in border["areas"])
        neighbours[a].add(b)
        neighbours[b].add(a)
    areas = tuple(
        Area(
            index=i,
            name=a["name"],
            ability=a["ability"],
            crystals=tuple(COLOUR_INDEX[c] for c in a["crystals"]),
            people=COLOUR_INDEX[a["people"]],
            meeples=a["meeples"],
            row=a["row"],
            col=a["col"],
            neighbours=tuple(sorted(neighbours[i])),
            source=a["source"],
        )
        for i, a in enumerate(map_["area"])
    )
    return areas, index


def _parse_cards(cards: dict) -> tuple[dict[str, Wish], dict[str, Destiny]]:
    """The 42 Wish cards and the Destiny cards, by name."""
    wishes = {}
    for w in cards["wish"]:
        wishes[w["name"]] = Wish(
            name=w["name"],
            type=w["type"],
            colour=COLOUR_INDEX[TYPE_COLOUR[w["type"]]],
            timing=w["timing"],
            cost=_letter_counts(w["cost"]),
            vp=w["vp"],
            effect=w["effect"],
            text=w["text"],
            source=w["source"],
        )
    if len(wishes) != 42:
        raise ValueError("there must be 42 Wish cards")
    destinies = {}
    for d in cards["destiny"]:
        params = tuple(
            (k, tuple(v) if isinstance(v, list) else v)
            for k, v in d.items()
            if k not in ("name", "kind", "text", "source")
        )
        destinies[d["name"]] = Destiny(d["name"], d["kind"], params, d["text"], d["source"])
    return wishes, destinies


def parse_catalog(raw: dict[str, dict]) -> Catalog:
    """Build the Catalog from the raw TOML tables; raise ValueError on inconsistent data."""
    map_ = raw["map"]
    areas, index = _parse_map(map_)
    route = tuple(index[n] for n in map_["caravan"]["route"])
    for a, b in zip(route, route[1:], strict=False):
        if b not in areas[a].neighbours:
            raise ValueError(f"the Caravan route jumps from {areas[a].name} to {areas[b].name}")
    monuments = tuple(
        Monument(m["name"], index[m["area"]], _counts(m["cost"]), m["vp"], m["source"])
        for m in raw["monuments"]["monument"]
    )
    wishes, destinies = _parse_cards(raw["cards"])
    caravan_cards = tuple(
        CaravanCard(
            number=c["number"],
            move=c["move"],
            give=_counts(c["give"]),
            get_crystals=_counts(c["get_crystals"]),
            get_vp=c["get_vp"],
            get_potions=c["get_potions"],
            get_trickery=c["get_trickery"],
            source=c["source"],
        )
        for c in raw["caravan"]["caravan_card"]
    )
    djinns = {
        d["id"]: DjinnBoard(
            d["id"],
            d["name"],
            d["colour"],
            d["special"],
            d["hand_size"],
            tuple(tuple(col) for col in d["columns"]),
            d["source"],
        )
        for d in raw["djinns"]["djinn"]
    }
    starts = {k: index[v] for k, v in map_["starts"].items() if k != "source"}
    solo = raw["solo"]
    return Catalog(
        areas=areas,
        area_index=index,
        monuments=monuments,
        monument_by_area={m.area: m for m in monuments},
        monument_by_name={m.name: m for m in monuments},
        wishes=wishes,
        destinies=destinies,
        caravan_cards=caravan_cards,
        route=route,
        starts=starts,
        djinns=djinns,
        challenge=tuple(solo["challenge"]),
        challenge_effects={k: v for k, v in solo["challenge_effect"].items() if k != "source"},
        solo_destinies={k: tuple(v) for k, v in solo["difficulty"].items()},
    )
