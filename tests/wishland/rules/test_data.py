"""The data in `wishland/data/*.toml` agrees with the rulebook ("Box Contents", "Card Types",
"Card Descriptions", "Game Board"), and every entry says whether the rulebook or we fixed it."""

from __future__ import annotations

from collections import Counter

import pytest

from wish_tui.wishland import rules
from wish_tui.wishland.data import DATA_FILES, load_raw
from wish_tui.wishland.rules.catalog import parse_catalog

RAW = load_raw()
CAT = rules.CATALOG
SOURCES = {"rulebook", "designed"}


def _missing_sources(table: dict, where: str, inherited: bool) -> list[str]:
    missing = []
    has = "source" in table
    facts = [
        k
        for k, v in table.items()
        if not isinstance(v, dict | list)
        or (isinstance(v, list) and not all(isinstance(x, dict) for x in v))
    ]
    if has:
        assert table["source"] in SOURCES, f"{where}: source = {table['source']!r}"
    elif not inherited and facts:
        missing.append(where)
    for key, value in table.items():
        if isinstance(value, dict):
            missing += _missing_sources(value, f"{where}.{key}", inherited or has)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, item in enumerate(value):
                # Every card, Achievement and track row carries its own source.
                missing += _missing_sources(item, f"{where}.{key}[{i}]", False)
    return missing


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_entry_names_its_source(name):
    assert _missing_sources(RAW[name], name, False) == []


def test_box_contents():
    """ "24 Ride Cards, 24 Restaurant Cards, 24 Hotel Cards, 24 Actor Cards, 24 Mascot Cards, 20
    Ticket Office Cards, 12 Entrepreneur Cards ... 15 Achievement Tiles"."""
    kinds = Counter(rules.KINDS[c.kind] for c in CAT.cards)
    assert kinds == {k: 24 for k in rules.KINDS}
    assert CAT.tickets == 20 and len(CAT.entrepreneurs) == 12
    assert len(CAT.tiles) == 15 and len(CAT.board_achievements) == 9
    assert sum(CAT.achievements[t].is_blank for t in CAT.tiles) == 5, "#11 to #15 are blank"


def test_category_symbols_three_per_kind():
    """Symbols Reference: Ride (ferris wheel, roller coaster, castle), Restaurant (drink,
    hamburger, cotton candy), Actor (top hat, camera, balloon), Hotel (vase, newspaper,
    cocktail); Mascots carry any of the twelve."""
    assert rules.CATEGORY_SYMBOLS[:3] == ("ferris wheel", "roller coaster", "castle")
    assert rules.CATEGORY_SYMBOLS[3:6] == ("drink", "hamburger", "cotton candy")
    assert rules.CATEGORY_SYMBOLS[6:9] == ("top hat", "camera", "balloon")
    assert rules.CATEGORY_SYMBOLS[9:] == ("vase", "newspaper", "cocktail")
    for kind in range(4):
        counts = Counter(c.category for c in CAT.cards if c.kind == kind)
        assert counts == {kind * 3 + i: 8 for i in range(3)}
    mascots = Counter(c.category for c in CAT.cards if c.kind == 4)
    assert mascots == {s: 2 for s in range(12)}


def test_entertainment_symbols():
    """ "There is a total of 11 unique Entertainment Symbols in the game, 8 of which are found in
    the bottom right corner of Actor Cards"; the example names mask, magic wand and top hat."""
    assert len(CAT.entertainment) == 11
    assert {"mask", "magic wand", "top hat"} <= set(CAT.entertainment[:8])
    actors = [c for c in CAT.cards if c.kind == 2]
    assert all(0 <= c.entertainment < 8 for c in actors)
    assert Counter(c.entertainment for c in actors) == {e: 3 for e in range(8)}
    assert all(c.entertainment == -1 for c in CAT.cards if c.kind != 2)


PRINTED_ENTERTAINMENT = (
    "mask",
    "balloon",
    "cowboy hat",
    "magic wand",
    "top hat",
    "gun",
    "dagger",
    "veiled headdress",
    "gem",
    "palm tree",
    "column",
)


def test_the_eleven_entertainment_symbols_are_the_printed_ones():
    """Symbols Reference: "Entertainment Symbols (mask, balloon, cowboy hat, magic wand, top hat,
    gun, dagger, veiled headdress, gem, palm tree, column)"."""
    assert sorted(CAT.entertainment) == sorted(PRINTED_ENTERTAINMENT)
    on_actors = {CAT.entertainment[c.entertainment] for c in CAT.cards if c.kind == 2}
    assert on_actors == set(CAT.entertainment[:8])
    assert len(on_actors) == 8 and on_actors < set(PRINTED_ENTERTAINMENT)


def test_entertainment_bonus_table_agrees_with_the_example():
    """The example: 3 symbols 2 VP, 4 symbols 3 VP, 5 symbols 5 VP, 6 symbols 7 VP; the bonus
    starts at "2 or more unique Entertainment Symbols"."""
    bonus = CAT.entertainment_bonus
    assert bonus[0] == bonus[1] == 0 and bonus[2] > 0
    assert (bonus[3], bonus[4], bonus[5], bonus[6]) == (2, 3, 5, 7)
    assert list(bonus) == sorted(bonus) and len(bonus) == 12


def test_restaurants_are_of_the_three_kinds():
    """ "Cards that increase a player's Income ... Cards that immediately earn Visitors and
    Increase player Income ... Cards that earn 4 extra Credits when played, but also deduct 1
    Victory Point during Final Scoring." """
    restaurants = [c for c in CAT.cards if c.kind == 1]
    kinds = Counter(c.subtype for c in restaurants)
    assert set(kinds) == {"income", "visitors", "credits"}
    for c in restaurants:
        if c.subtype == "income":
            assert c.income > 0 and not (c.visitors or c.credits or c.penalty)
        elif c.subtype == "visitors":
            assert c.income > 0 and c.visitors > 0 and not (c.credits or c.penalty)
        else:
            assert (c.credits, c.penalty, c.income, c.visitors) == (4, 1, 0, 0)


def test_rides_give_vp_actors_give_happiness_visitors_or_workers():
    for c in CAT.cards:
        if c.kind == 0:
            assert c.vp > 0 and not (c.credits or c.happiness or c.visitors or c.workers)
        elif c.kind == 2:
            assert c.happiness + c.visitors + c.workers > 0 and not (c.vp or c.credits)
        elif c.kind == 4:
            assert not (c.vp or c.credits or c.happiness or c.visitors or c.workers)


def test_designed_cards_say_what_they_do():
    for c in CAT.cards:
        if c.kind == 0:
            assert f"{c.vp} VP" in c.text
        if c.kind == 2:
            for amount, word in (
                (c.happiness, "Happiness"),
                (c.visitors, "Visitor"),
                (c.workers, "Worker"),
            ):
                assert (f"{amount} {word}" in c.text) == bool(amount), c.text


@pytest.mark.parametrize(
    ("number", "words"),
    [
        (1, "6 Victory Points"),
        (2, "3 Credits"),
        (4, "2 Ticket Office"),
        (8, "Deck or Discard"),
        (13, "Advertisement Space"),
        (16, "pay 3 Credits"),
        (19, "2 additional Credits"),
        (21, "2 Credits less"),
        (24, "ignore the Card Limit"),
    ],
)
def test_hotel_texts_are_the_rulebooks(number, words):
    hotel = CAT.cards[3 * 24 + number - 1]
    assert hotel.name == f"Hotel #{number}" and words in hotel.text
    assert hotel.source == "rulebook"


def test_board_facts():
    """Income 5; 4 Workers kept and 6 on the Reserve; up to 3 extra Workers; the five Turn Order
    rewards and the five Mascot Card Bonuses; odd track spaces pay 1 VP and 2 Credits."""
    assert CAT.income == 5 and (CAT.start_workers, CAT.reserve_workers, CAT.extra_max) == (4, 6, 3)
    assert CAT.turn_order == ({}, {"credits": 1}, {"vp": 1}, {"choice": 1}, {"tickets": 1})
    assert CAT.mascot_bonus == (
        {"tickets": 1},
        {"choice": 1},
        {"credits": 2},
        {"vp": 1},
        {"symbols": 1},
    )
    assert (CAT.happiness_odd_vp, CAT.visitors_odd_credits, CAT.track_top) == (1, 2, 10)
    assert CAT.advertisement == {"credits": 1, "choice": 1}
    assert (CAT.rounds, CAT.turns, CAT.columns) == (7, 4, 4)


def test_broken_data_is_refused():
    broken = {k: dict(v) for k, v in RAW.items()}
    broken["rides"] = {"ride": RAW["rides"]["ride"][:23]}
    with pytest.raises(ValueError, match="24 cards"):
        parse_catalog(broken)
    broken = {k: dict(v) for k, v in RAW.items()}
    broken["entertainment"] = {**RAW["entertainment"], "bonus": {"table": [0, 0, 3, 2] + [9] * 8}}
    with pytest.raises(ValueError, match="rises"):
        parse_catalog(broken)
