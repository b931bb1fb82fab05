"""Wishland's printed and designed facts as frozen dataclasses, parsed from the raw TOML (pure).

Cards are numbered 0-119 inside the engine: ``kind * 24 + number - 1`` with the kinds in the
order of the Marketplace rows (Ride, Restaurant, Actor, Hotel, Mascot), so Hotel #8 is card 79.
Outside the engine a card is named by its colour letter and number: ``Y3`` (yellow Ride 3),
``R12`` (red Restaurant), ``B5`` (blue Actor), ``G8`` (green Hotel #8), ``K20`` (black Mascot).
"""

from __future__ import annotations

from dataclasses import dataclass

SEATS = ("red", "blue", "green", "yellow")
"""The four player colours; a game's seats are some of them, in clockwise order."""
KINDS = ("ride", "restaurant", "actor", "hotel", "mascot")
"""Card kinds in the order of the Marketplace rows, top to bottom."""
RIDE, RESTAURANT, ACTOR, HOTEL, MASCOT, TICKET = range(6)
"""Indices of the kinds; TICKET (purple Ticket Office Cards) is the sixth colour count."""
COLOURS = ("yellow", "red", "blue", "green", "black", "purple")
"""Card colours, one per kind, in the order every per-colour count uses."""
KIND_NAMES = ("Ride", "Restaurant", "Actor", "Hotel", "Mascot", "Ticket Office")
LETTERS = "YRBGK"
"""The colour letter that starts a card's id, per kind."""
DECK_SIZE = 24
CATEGORY_SYMBOLS = (
    "ferris wheel",
    "roller coaster",
    "castle",
    "drink",
    "hamburger",
    "cotton candy",
    "top hat",
    "camera",
    "balloon",
    "vase",
    "newspaper",
    "cocktail",
)
"""The twelve Category Symbols (Symbols Reference), three per Ride, Restaurant, Actor, Hotel."""
RESOURCES = ("happiness", "visitor", "worker")
"""What a choice reward gives: 1 Happiness, 1 Visitor or 1 Worker."""
REWARD_KEYS = ("vp", "credits", "tickets", "choice", "symbols")


@dataclass(frozen=True, slots=True)
class Card:
    """A Ride, Restaurant, Actor, Hotel or Mascot card, with its immediate reward."""

    index: int
    id: str
    kind: int
    number: int
    name: str
    cost: int
    category: int
    """Index into CATEGORY_SYMBOLS."""
    entertainment: int
    """Index into Catalog.entertainment (Actor Cards), else -1."""
    vp: int
    credits: int
    happiness: int
    visitors: int
    workers: int
    tickets: int
    income: int
    """Credits added to every Income Phase (Restaurant Cards)."""
    penalty: int
    """VP lost in Final Scoring (Restaurant Cards that give 4 Credits)."""
    subtype: str
    """A Restaurant Card's kind: income, visitors or credits ('' for the other kinds)."""
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Entrepreneur:
    """An optional Entrepreneur card."""

    number: int
    id: str
    text: str
    params: dict
    source: str


@dataclass(frozen=True, slots=True)
class Achievement:
    """A board Achievement (A1-A9) or an Achievement Tile (T1-T15)."""

    id: str
    test: str
    """The requirement checked: happiness, visitors, workers, vp, colour, ... or blank."""
    n: int
    arg: int
    """A second number: the colour of a colour test, the minimum cost of 'expensive'."""
    text: str
    source: str

    @property
    def is_blank(self) -> bool:
        """True for the tiles that have no effect (#11-#15)."""
        return self.test == "blank"


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every fact the rules need."""

    cards: tuple[Card, ...]
    by_id: dict[str, Card]
    hotel_params: dict[int, dict[str, object]]
    """Hotel number -> the amounts its text names (tables of #5 and #11 included)."""
    entrepreneurs: tuple[Entrepreneur, ...]
    achievements: dict[str, Achievement]
    board_achievements: tuple[str, ...]
    tiles: tuple[str, ...]
    achievement_vp: int
    entertainment: tuple[str, ...]
    """The eleven unique Entertainment Symbols: eight on Actors, two for Mascots, one Hotel #9."""
    entertainment_bonus: tuple[int, ...]
    """VP for 0, 1, 2, ... unique Entertainment Symbols."""
    rounds: int
    turns: int
    columns: int
    reshuffle_after: int
    start_workers: int
    reserve_workers: int
    extra_max: int
    income: int
    tickets: int
    ticket_text: str
    turn_order: tuple[dict[str, int], ...]
    """The five Turn Order spaces' rewards."""
    mascot_bonus: tuple[dict[str, int], ...]
    """The rewards for the 1st-5th Mascot Card."""
    advertisement: dict[str, int]
    """The reward of the Advertisement space, by REWARD_KEYS."""
    track_top: int
    happiness_odd_vp: int
    visitors_odd_credits: int
    happiness_final_set: int
    visitors_final_per: int
    solo: dict[str, object]
    """The solo mode's facts, as the data gives them."""


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(f"bad Wishland data: {message}")


def _reward(table: dict, where: str) -> dict:
    _need(isinstance(table, dict) and set(table) <= set(REWARD_KEYS), f"{where}: bad reward")
    return {k: int(v) for k, v in table.items()}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_designed(kind: int, entry: dict) -> str:
    """The reward text of a designed card, as a player reads it."""
    if kind == RIDE:
        return f"Immediate Reward: {entry['vp']} VP."
    if kind == RESTAURANT:
        income = entry.get("income", 0)
        if entry["kind"] == "credits":
            return (
                f"Immediate Reward: {entry['credits']} Credits. "
                f"Final Scoring: -{entry['penalty']} VP."
            )
        if entry["kind"] == "visitors":
            visitors = _plural(entry["visitors"], "Visitor")
            return f"Immediate Reward: {visitors}. Income Reward: +{income} Credit."
        return f"Income Reward: +{income} Credit{'s' if income > 1 else ''}."
    if kind == ACTOR:
        parts = []
        if entry.get("happiness"):
            parts.append(f"{entry['happiness']} Happiness")
        if entry.get("visitors"):
            parts.append(_plural(entry["visitors"], "Visitor"))
        if entry.get("workers"):
            parts.append(_plural(entry["workers"], "Worker"))
        return f"Immediate Reward: {', '.join(parts)}."
    return "Mascot Card Bonus for your 1st-5th Mascot; its Category Symbol scores at the end."


_IMMEDIATE_HOTELS = {1, 2, 3, 4, 6}
"""Hotels whose amounts are an Immediate Reward (the others' amounts are ongoing or final)."""


def _cards(raw: dict[str, dict], symbols: dict, ent: dict) -> tuple[list[Card], dict]:
    cards: list[Card] = []
    hotel_params: dict[int, dict[str, object]] = {}
    tables = (("rides", "ride"), ("restaurants", "restaurant"), ("actors", "actor"))
    tables += (("hotels", "hotel"), ("mascots", "mascot"))
    for kind, (file, key) in enumerate(tables):
        entries = raw[file][key]
        _need(len(entries) == DECK_SIZE, f"{file} must hold {DECK_SIZE} cards")
        _need(
            [e["number"] for e in entries] == list(range(1, DECK_SIZE + 1)),
            f"{file} must be numbered 1-{DECK_SIZE} in order",
        )
        for e in entries:
            category = symbols.get(e["category"])
            _need(category is not None, f"{file} #{e['number']}: unknown Category Symbol")
            if kind != MASCOT:
                _need(category // 3 == kind, f"{file} #{e['number']}: a symbol of another kind")
            _need(isinstance(e["cost"], int) and 0 <= e["cost"] <= 12, f"{file}: bad cost")
            _need(e["source"] in ("rulebook", "designed"), f"{file}: bad source")
            number = e["number"]
            amounts = e
            if kind == HOTEL:
                params = {
                    k: (tuple(tuple(row) for row in v) if k == "table" else v)
                    for k, v in e.items()
                    if k not in ("number", "name", "cost", "category", "text", "designed", "source")
                }
                hotel_params[number] = params
                amounts = params if number in _IMMEDIATE_HOTELS else {}
                text = e["text"]
            else:
                text = describe_designed(kind, e)
            entertainment = -1
            if kind == ACTOR:
                entertainment = ent.get(e.get("entertainment", ""), -1)
                _need(0 <= entertainment < 8, f"actors #{number}: unknown Entertainment Symbol")
            if kind == RESTAURANT:
                _need(e["kind"] in ("income", "visitors", "credits"), "bad Restaurant kind")
            cards.append(
                Card(
                    index=len(cards),
                    id=f"{LETTERS[kind]}{number}",
                    kind=kind,
                    number=number,
                    name=e["name"],
                    cost=e["cost"],
                    category=category,
                    entertainment=entertainment,
                    vp=int(amounts.get("vp", 0)),
                    credits=int(amounts.get("credits", 0)),
                    happiness=int(amounts.get("happiness", 0)),
                    visitors=int(amounts.get("visitors", 0)),
                    workers=int(amounts.get("workers", 0)),
                    tickets=int(amounts.get("tickets", 0)),
                    income=int(e.get("income", 0)) if kind == RESTAURANT else 0,
                    penalty=int(e.get("penalty", 0)) if kind == RESTAURANT else 0,
                    subtype=e["kind"] if kind == RESTAURANT else "",
                    text=text,
                    source=e["source"],
                )
            )
    return cards, hotel_params


def _achievements(raw: dict) -> tuple[dict, tuple[str, ...], tuple[str, ...]]:
    data = raw["achievements"]
    achievements = {}
    for group, prefix, count in (("board", "A", 9), ("tile", "T", 15)):
        entries = data[group]
        ids = [e["id"] for e in entries]
        _need(ids == [f"{prefix}{i}" for i in range(1, count + 1)], f"{group} ids out of order")
        for e in entries:
            arg = 0
            if e["test"] == "colour":
                arg = COLOURS.index(e["colour"])
            elif e["test"] == "expensive":
                arg = e["cost"]
            achievements[e["id"]] = Achievement(
                e["id"], e["test"], e.get("n", 0), arg, e["text"], e["source"]
            )
    board = tuple(f"A{i}" for i in range(1, 10))
    tiles = tuple(f"T{i}" for i in range(1, 16))
    _need(sum(not achievements[t].is_blank for t in tiles) == 10, "ten tiles have an effect")
    return achievements, board, tiles


def parse_catalog(raw: dict[str, dict]) -> Catalog:
    """Build the Catalog from the raw TOML tables; raise ValueError on inconsistent data."""
    symbols = {name: i for i, name in enumerate(CATEGORY_SYMBOLS)}
    ent_raw = raw["entertainment"]
    entertainment = (*ent_raw["actors"], *ent_raw["mascots"], ent_raw["hotel"])
    _need(len(entertainment) == 11 and len(set(entertainment)) == 11, "eleven Entertainment")
    ent = {name: i for i, name in enumerate(entertainment)}
    cards, hotel_params = _cards(raw, symbols, ent)
    by_id = {c.id: c for c in cards}
    bonus = tuple(ent_raw["bonus"]["table"])
    _need(len(bonus) == 12 and bonus[0] == bonus[1] == 0, "the bonus table covers 0-11 symbols")
    _need(all(a <= b for a, b in zip(bonus, bonus[1:], strict=False)), "the bonus table rises")
    entrepreneurs = tuple(
        Entrepreneur(
            e["number"],
            f"E{e['number']}",
            e["text"],
            {k: v for k, v in e.items() if k not in ("number", "text", "source")},
            e["source"],
        )
        for e in raw["entrepreneurs"]["entrepreneur"]
    )
    _need([e.number for e in entrepreneurs] == list(range(1, 13)), "twelve Entrepreneurs")
    achievements, board_ids, tile_ids = _achievements(raw)
    board = raw["board"]
    market = board["marketplace"]
    _need(tuple(market["rows"]) == KINDS, "the Marketplace rows are the five kinds")
    turn_order = tuple(_reward(s["reward"], "turn order") for s in board["turn_order"])
    _need(len(turn_order) == 5, "five Turn Order spaces")
    mascot_bonus = tuple(_reward(s["reward"], "mascot bonus") for s in board["mascot_bonus"])
    _need(len(mascot_bonus) == 5, "five Mascot Card Bonuses")
    tickets = raw["tickets"]
    return Catalog(
        cards=tuple(cards),
        by_id=by_id,
        hotel_params=hotel_params,
        entrepreneurs=entrepreneurs,
        achievements=achievements,
        board_achievements=board_ids,
        tiles=tile_ids,
        achievement_vp=raw["achievements"]["vp"],
        entertainment=entertainment,
        entertainment_bonus=bonus,
        rounds=board["rounds"],
        turns=board["turns"],
        columns=market["columns"],
        reshuffle_after=market["reshuffle_after_round"],
        start_workers=board["workers"]["start"],
        reserve_workers=board["workers"]["reserve"],
        extra_max=board["workers"]["extra_max"],
        income=board["income"]["credits"],
        tickets=tickets["count"],
        ticket_text=tickets["text"],
        turn_order=turn_order,
        mascot_bonus=mascot_bonus,
        advertisement=_reward(board["advertisement"]["reward"], "advertisement"),
        track_top=board["happiness"]["top"],
        happiness_odd_vp=board["happiness"]["odd_reward"]["vp"],
        visitors_odd_credits=board["visitors"]["odd_reward"]["credits"],
        happiness_final_set=board["happiness"]["final_set"],
        visitors_final_per=board["visitors"]["final_per"],
        solo=dict(raw["solo"]),
    )
