"""The printed data in `wish/data/*.toml` agrees with the rulebook ("Components", "Setup")."""

from __future__ import annotations

from collections import Counter

import pytest

from wish_tui.wish import rules
from wish_tui.wish.data import DATA_FILES, load_raw
from wish_tui.wish.rules import COLOURS, DJINNS

from .rulebook import AREA_NAMES, CHALLENGE, DESTINY_NAMES

RAW = load_raw()
CAT = rules.CATALOG
SOURCES = {"rulebook", "designed"}
MONUMENT_AREAS = {
    "Djinn Wonder": "Cataracts",
    "Merchant's Tent": "Oasis",
    "Talking Tree": "Forest",
    "King's Statue": "Palace",
    "Magic Tower": "Ruins",
    "Hidden Cave": "Volcano",
}
"""Setup step 3."""


def _entries_without_source(table: dict, where: str, inherited: bool) -> list[str]:
    """Every array-of-tables item needs its own source; other tables may inherit one."""
    missing = []
    has = "source" in table
    if has:
        assert table["source"] in SOURCES, f"{where}: source = {table['source']!r}"
    elif not inherited:
        missing.append(where)
    for key, value in table.items():
        if isinstance(value, dict):
            missing += _entries_without_source(value, f"{where}.{key}", inherited or has)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, item in enumerate(value):
                missing += _entries_without_source(item, f"{where}.{key}[{i}]", False)
    return missing


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_entry_says_where_it_comes_from(name: str) -> None:
    raw = RAW[name]
    top_has_scalars = any(not isinstance(v, dict | list) for v in raw.values())
    # A file of tables only is not an entry itself; a file with top-level values is one.
    missing = _entries_without_source(raw, name, inherited=not top_has_scalars)
    assert not missing, f"no source: {missing}"


def test_the_source_check_can_fail() -> None:
    assert _entries_without_source({"x": [{"a": 1}]}, "f", True) == ["f.x[0]"]
    assert _entries_without_source({"t": {"a": 1}}, "f", False) == ["f", "f.t"]
    with pytest.raises(AssertionError):
        _entries_without_source({"source": "guessed"}, "f", False)


def test_42_wishes_seven_of_each_type() -> None:
    assert len(RAW["cards"]["wish"]) == 42 == len(CAT.wishes)
    types = Counter(w.type for w in CAT.wishes.values())
    assert types == dict.fromkeys(("love", "power", "revenge", "wealth", "health", "happiness"), 7)
    for wish in CAT.wishes.values():
        assert wish.timing in ("instant", "ongoing")
        assert sum(wish.cost) >= 1 and wish.vp >= 1


def test_wish_types_need_their_colour() -> None:
    # Rulebook, "Cards": Love red, Power blue, Revenge purple, Wealth white, Health green,
    # Happiness yellow.
    need = {
        "love": "red",
        "power": "blue",
        "revenge": "purple",
        "wealth": "white",
        "health": "green",
        "happiness": "yellow",
    }
    for wish in CAT.wishes.values():
        assert COLOURS[wish.colour] == need[wish.type], wish.name


def test_twelve_destinies_named_by_the_rulebook() -> None:
    assert len(RAW["cards"]["destiny"]) == 12
    assert set(CAT.destinies) == DESTINY_NAMES


def test_sixteen_caravan_cards_moving_zero_to_two() -> None:
    cards = CAT.caravan_cards
    assert len(cards) == 16
    assert sorted(c.number for c in cards) == list(range(1, 17))
    assert {c.move for c in cards} <= {0, 1, 2}
    for card in cards:
        assert sum(card.give) >= 1, card.number


def test_example_3_caravan_trade() -> None:
    wanted = (Counter({"purple": 1, "green": 1, "white": 1}), 4)
    trades = [
        (Counter({COLOURS[c]: n for c, n in enumerate(card.give) if n}), card.get_vp)
        for card in CAT.caravan_cards
    ]
    assert wanted in trades


def test_twelve_areas_with_24_meeples_four_of_each_colour() -> None:
    assert len(CAT.areas) == 12
    assert {a.name for a in CAT.areas} == AREA_NAMES
    per_colour = Counter()
    for area in CAT.areas:
        per_colour[COLOURS[area.people]] += area.meeples
        assert len(area.crystals) == 2
    assert per_colour == dict.fromkeys(COLOURS, 4)
    assert sum(per_colour.values()) == 24


def test_area_crystals_from_the_examples() -> None:
    # Example 2: the Dock gives a Sapphire and a Citrine; Example 8: the Volcano a Sapphire and
    # a Ruby.
    crystals = {a.name: sorted(COLOURS[c] for c in a.crystals) for a in CAT.areas}
    assert crystals["Dock"] == ["blue", "yellow"]
    assert crystals["Volcano"] == ["blue", "red"]


def _adjacent(a: str, b: str) -> bool:
    i, j = CAT.area_index[a], CAT.area_index[b]
    return j in CAT.areas[i].neighbours and i in CAT.areas[j].neighbours


@pytest.mark.parametrize(
    "a, b",
    [("Volcano", "Dock"), ("Mountain Caves", "Trade Market"), ("Trade Market", "Dock")],
)
def test_adjacencies_stated_by_the_rulebook(a: str, b: str) -> None:
    # Example 1 (Volcano to Dock) and Example 9 (Mountain Caves, Trade Market, Dock).
    assert _adjacent(a, b)


def test_the_map_is_connected_and_borders_are_symmetric() -> None:
    for area in CAT.areas:
        assert area.index not in area.neighbours
        for nb in area.neighbours:
            assert area.index in CAT.areas[nb].neighbours
    seen, todo = {0}, [0]
    while todo:
        for nb in CAT.areas[todo.pop()].neighbours:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    assert len(seen) == 12


def test_the_grid_places_every_area_once() -> None:
    cells = {(a.row, a.col) for a in CAT.areas}
    assert len(cells) == 12


def _corner(row: str, col: str) -> str:
    rows = [a.row for a in CAT.areas]
    cols = [a.col for a in CAT.areas]
    r = min(rows) if row == "top" else max(rows)
    c = min(cols) if col == "left" else max(cols)
    (area,) = [a.name for a in CAT.areas if (a.row, a.col) == (r, c)]
    return area


def test_caravan_route_runs_from_top_left_to_the_dock_along_borders() -> None:
    names = [CAT.areas[i].name for i in CAT.route]
    assert names[0] == _corner("top", "left")
    assert names[-1] == "Dock"
    assert names.count("Dock") == 1
    for a, b in zip(names, names[1:], strict=False):
        assert _adjacent(a, b), f"the Caravan jumps from {a} to {b}"


def test_monument_badges_stand_in_their_areas() -> None:
    assert {m.name: CAT.areas[m.area].name for m in CAT.monuments} == MONUMENT_AREAS
    hidden_cave = CAT.monument_by_name["Hidden Cave"]
    # Example 5: 2 red and 1 yellow Wishing Person.
    assert Counter({COLOURS[c]: n for c, n in enumerate(hidden_cave.cost) if n}) == {
        "red": 2,
        "yellow": 1,
    }
    # Example 15: the Talking Tree Badge is worth 6 VP.
    assert CAT.monument_by_name["Talking Tree"].vp == 6


@pytest.mark.parametrize(
    "djinn, row, col",
    [
        ("air", "top", "left"),
        ("water", "bottom", "right"),
        ("fire", "bottom", "left"),
        ("earth", "top", "right"),
    ],
)
def test_djinns_start_in_their_corners(djinn: str, row: str, col: str) -> None:
    # Setup steps 9-12.
    assert CAT.areas[CAT.starts[djinn]].name == _corner(row, col)
    state = rules.new_game(list(DJINNS), seed=3)
    assert state.view(0)["players"][DJINNS.index(djinn)]["area"] == _corner(row, col)


def test_djinn_boards() -> None:
    assert set(CAT.djinns) == set(DJINNS)
    for board in CAT.djinns.values():
        assert len(board.columns) == 4
        assert board.hand_size == (4 if board.id == "water" else 3)
        assert sum(1 for col in board.columns for s in col if s == "special") >= 1
    # "Player Board": Water may Empower or Manifest, Travel or Fulfill, Fulfill or Ice Dibs,
    # and its locked middle column holds Empower.
    water = CAT.djinns["water"].columns
    assert water[1] == ("empower",)
    assert {frozenset(c) for i, c in enumerate(water) if i != 1} == {
        frozenset({"empower", "manifest"}),
        frozenset({"travel", "fulfill"}),
        frozenset({"fulfill", "special"}),
    }


@pytest.mark.parametrize("djinns", [("air", "water"), ("fire", "earth", "water"), DJINNS])
def test_setup_hands_offer_and_destinies(djinns) -> None:
    state = rules.new_game(list(djinns), seed=9)
    assert state.phase == "setup"
    assert [len(p.hand) for p in state.players] == [4] * len(djinns)
    assert len([c for c in state.offer if c]) == 3
    assert all(len(p.destiny_options) == 2 and not p.destiny for p in state.players)
    dealt = [d for p in state.players for d in p.destiny_options]
    assert len(set(dealt)) == len(dealt)
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    for p in state.players:
        assert len(p.hand) == CAT.djinns[p.djinn].hand_size
        assert p.destiny and not p.destiny_options
        assert not p.unlocked
    assert len(state.discard) == sum(1 for d in djinns if d != "water")
    assert state.round == 1


def test_solo_mode_data() -> None:
    challenge = set(CHALLENGE)
    assert set(CAT.challenge) == challenge and len(CAT.challenge) == 10
    assert challenge <= set(CAT.wishes)
    assert CAT.solo_destinies == {
        "easy": ("Arcanist",),
        "medium": ("Shaman", "Stolen Goods", "Open Sesame", "Wishmaster"),
        "hard": ("Royalty",),
    }
    state = rules.new_game(["earth"], seed=2, solo="medium")
    assert not challenge & set(state.deck + state.offer + state.players[0].hand)
    assert sorted(state.players[0].destiny_options) == sorted(CAT.solo_destinies["medium"])


def test_every_challenge_card_says_what_it_does_to_the_solo_player() -> None:
    """Solo Mode: each Challenge card resolves "as if another player has just played it"; the app
    tells the player what that means, from solo.toml."""
    effects = {rules.CATALOG.wishes[name].effect for name in rules.CATALOG.challenge}
    assert effects <= set(rules.CATALOG.challenge_effects)
    assert all(text.strip() for text in rules.CATALOG.challenge_effects.values())
