"""Is a state a game of Wish? Every card, person and badge accounted for, every step well formed.

`serial.from_dict` checks the types of each field; this module checks that the fields fit
together as a position the rules can reach: each Wish card in exactly one place, the 24 Wishing
Persons all on the map, on Monuments or with the Djinns, each built Monument's Badge with its
builder, the Caravan's cards each once, and each pending step shaped as the rules
write it. A state that fails is refused with one sentence, so a damaged or foreign save can never
reach a screen or a bot.
"""

from __future__ import annotations

from collections import Counter

from .catalog import SYMBOLS
from .supply import CRYSTALS_PER_COLOUR, POTIONS, TRICKERY

MEEPLES_PER_COLOUR = 4
"""Wishing Persons of each colour in the box (Components: 24 meeples, four of each colour)."""
MAX_TOKENS = 1000
"""A sane upper bound for crystals and tokens of one kind: no real game comes near it."""
MAX_HAND = 12
FIERY_CLONES = 2
"""Fiery Clone tokens in the box (Components), all the Fire Djinn's (Setup 11)."""


class Inconsistent(ValueError):
    """A state whose parts do not fit together; the message is a clause."""


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise Inconsistent(message)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _int_in(x, low: int, high: int) -> bool:
    return _is_int(x) and low <= x <= high


def check(d: dict, catalog) -> None:
    """Raise Inconsistent unless the type-checked state data `d` is a reachable game of Wish."""
    n = len(d["djinns"])
    _check_bounds(d, n)
    _check_cards(d, catalog)
    _check_people(d, catalog)
    _check_caravan(d, catalog)
    _check_players(d, catalog)
    _check_tokens(d)
    _check_pending(d, catalog, n)


def _check_bounds(d: dict, n: int) -> None:
    _need(0 <= d["rng"] < 1 << 64, "its generator state is out of range")
    _need(-(1 << 63) <= d["seed"] < 1 << 64, "its seed is out of range")
    _need(0 <= d["round"] <= 16, "its round is out of range")
    _need((d["round"] == 0) == (d["phase"] == "setup"), "its round does not fit its phase")
    _need(len(set(d["order"])) == n, "its turn order repeats a seat")


def _check_cards(d: dict, catalog) -> None:
    wishes = catalog.wishes
    challenge = set(catalog.challenge) if d["solo"] else set()
    places = [c for c in d["offer"] if c is not None] + d["deck"] + d["discard"]
    for p in d["players"]:
        places += p["hand"] + p["fulfilled"]
    seen = Counter(places)
    twice = [c for c, k in seen.items() if k > 1]
    _need(not twice, f"the Wish card {twice[0] if twice else ''} is in two places")
    expected = {w for w in wishes if w not in challenge}
    _need(set(seen) == expected, "some Wish cards are missing or do not belong to this game")
    if d["solo"]:
        deck = d["challenge_deck"]
        _need(len(set(deck)) == len(deck), "a Challenge card is in the deck twice")
        _need(set(deck) <= challenge, "the Challenge deck holds a card that is not a Challenge")
        card = d["challenge_card"]
        _need(card == "" or (card in challenge and card not in deck), "bad Challenge card")
    else:
        _need(not d["challenge_deck"] and not d["challenge_card"], "Challenge cards outside solo")
    frost = d["frost"]
    _need(len(set(frost)) == len(frost), "an Offer card carries two Frostflakes")
    _need(not frost or "water" in d["djinns"], "Frostflakes without the Water Djinn")


def _check_people(d: dict, catalog) -> None:
    totals = [0] * 6
    for i, k in enumerate(d["area_meeples"]):
        totals[i % 6] += k
    monuments = d["monuments"]
    for p in d["players"]:
        for c in range(6):
            totals[c] += p["meeples"][c]
    for area, built in enumerate(monuments):
        if built is None:
            continue
        monument = catalog.monument_by_area.get(area)
        _need(monument is not None, "a Monument stands in an Area that has none")
        for c in range(6):
            totals[c] += built[1][c]
            _need(built[1][c] <= monument.cost[c], "a Monument holds people it was not built with")
        builder = d["players"][built[0]]
        _need(monument.name in builder["badges"], "a Monument's builder lacks its Badge")
    _need(
        totals == [MEEPLES_PER_COLOUR] * 6,
        "its Wishing Persons do not add up to four of each colour",
    )
    badges = [b for p in d["players"] for b in p["badges"]]
    _need(len(set(badges)) == len(badges), "two seats hold the same Badge")


def _check_caravan(d: dict, catalog) -> None:
    deck = d["caravan_deck"]
    _need(len(set(deck)) == len(deck), "a Caravan card is in its deck twice")
    card = d["caravan_card"]
    _need((card == -1) == (d["round"] == 0), "this round's Caravan card does not fit the round")


def _check_players(d: dict, catalog) -> None:
    dealt = []
    for p in d["players"]:
        board = catalog.djinns[p["djinn"]]
        _need(len(p["hand"]) <= MAX_HAND, "a hand holds too many Wishes")
        for col, marker in enumerate(p["markers"]):
            _need(
                marker == "" or (col < len(board.columns) and marker in board.columns[col]),
                "an action marker is on a symbol its column does not have",
            )
        used = p["potion_used"]
        if used:
            col, _, symbol = used.partition(":")
            _need(col in ("1", "2", "3", "4") and symbol in SYMBOLS, "bad Potion record")
        dealt += [x for x in (p["destiny"],) if x] + p["destiny_options"]
        if d["solo"]:
            allowed = set(catalog.solo_destinies[d["solo"]])
            _need(set(dealt) <= allowed, "a solo Destiny that this difficulty does not deal")
    _need(len(set(dealt)) == len(dealt), "two seats hold the same Destiny")


def _check_tokens(d: dict) -> None:
    players = d["players"]
    for p in players:
        for name in ("crystals", "nest"):
            _need(
                all(x <= MAX_TOKENS for x in p[name]), "a seat holds an absurd number of crystals"
            )
        for name in ("vp_tokens", "potions", "trickery"):
            _need(p[name] <= MAX_TOKENS, "a seat holds an absurd number of tokens")
    for c in range(6):
        held = sum(p["crystals"][c] + p["nest"][c] for p in players)
        _need(
            held <= CRYSTALS_PER_COLOUR,
            "more crystals of one colour are in play than the box holds",
        )
    _need(
        sum(p["potions"] for p in players) <= POTIONS, "more Potions are in play than the box holds"
    )
    _need(
        sum(p["trickery"] for p in players) <= TRICKERY,
        "more Trickery tokens are in play than the box holds",
    )
    for name, djinn in (("wind", "air"), ("clones", "fire")):
        areas = d[name]
        _need(len(set(areas)) == len(areas), f"two {name} tokens share an Area")
        _need(not areas or djinn in d["djinns"], f"{name} tokens without their Djinn")
    discarded = d["clones_discarded"]
    _need(
        discarded >= 0 and len(d["clones"]) + discarded <= FIERY_CLONES,
        "it has more Fiery Clone tokens than the Fire Djinn's two",
    )
    _need(not discarded or "fire" in d["djinns"], "Fiery Clones discarded without the Fire Djinn")


_SEAT = "seat"
_OTHER = "other"
_TARGET = "target"
_CARD = "card"
_AREA = "area"
_AREA_OR_NONE = "area?"
_COLOUR = "colour"
_COLOUR_OR_ANY = "colour?"
_COUNT = "count"
_LETTERS = "letters"
_AREAS = "areas"
_PURPOSE = "purpose"

STEP_SHAPES: dict[str, tuple[str, ...]] = {
    "begin": (),
    "destiny": (),
    "setup_discard": (),
    "discard": (),
    "draw_offer": (),
    "market_pay": (),
    "a_child": (),
    "nest": (),
    "palace_look": (),
    "after_manifest": (),
    "gain": (_COUNT, _COLOUR_OR_ANY),
    "frost": (_CARD, _COUNT, _LETTERS),
    "pay_trade": (_COLOUR, _COUNT),
    "teleport": (_AREA_OR_NONE,),
    "wind": (_AREAS,),
    "palace_swap": (_TARGET,),
    "give": (_TARGET,),
    "take": (_OTHER,),
    "remove": (_OTHER, _COUNT),
    "lose": (_COUNT,),
    "choose": (_PURPOSE, _COLOUR_OR_ANY),
    "forgive": (_TARGET, _COUNT),
    "fresh_discard": (_COUNT,),
    "instant": (_CARD,),
    "after_fulfil": (_CARD, _AREA),
}
"""Each pending step's details after (kind, seat), as the rules write them."""


def _detail_ok(kind: str, value, seat: int, n: int, catalog) -> bool:
    if kind == _COUNT:
        return _int_in(value, 0, 12)
    if kind == _COLOUR:
        return _int_in(value, 0, 5)
    if kind == _COLOUR_OR_ANY:
        return _int_in(value, -1, 5)
    if kind == _AREA:
        return _int_in(value, 0, 11)
    if kind == _AREA_OR_NONE:
        return _int_in(value, -1, 11)
    if kind == _AREAS:
        return isinstance(value, list) and all(_int_in(a, 0, 11) for a in value)
    if kind == _CARD:
        return isinstance(value, str) and value in catalog.wishes
    if kind == _LETTERS:
        return isinstance(value, str) and len(value) <= 12 and set(value) <= set("RBGYWP")
    if kind == _PURPOSE:
        return value in ("share", "eye", "hurt", "forgive")
    if kind == _TARGET:
        return _int_in(value, -1, n - 1) and value != seat
    if kind == _OTHER:
        return _int_in(value, 0, n - 1) and value != seat
    return False


def _check_pending(d: dict, catalog, n: int) -> None:
    for step in d["pending"]:
        kind, seat = step[0], step[1]
        shape = STEP_SHAPES.get(kind)
        _need(shape is not None, "a pending step of an unknown kind")
        _need((seat == -1) == (kind == "begin"), "a pending step names no seat")
        details = step[2:]
        if kind == "wind" and not details:
            continue
        _need(len(details) == len(shape), f"a pending '{kind}' step is malformed")
        _need(
            all(_detail_ok(k, v, seat, n, catalog) for k, v in zip(shape, details, strict=True)),
            f"a pending '{kind}' step is malformed",
        )
        if kind == "begin":
            _need(d["phase"] == "setup", "setup is pending in the middle of the game")
